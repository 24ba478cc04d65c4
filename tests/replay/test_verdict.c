/*
 * The sentences the engines share (replay/verdict.c): each written once,
 * word for word as the reports show them, whichever engine fills in the
 * names (the built-in engines say "king", a defined variant its own
 * name for the piece).
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>

#include "replay/verdict.h"

TestSuite(replay_verdict);

#define expect_verdict(v, want_code, want)                                                         \
    do {                                                                                           \
        cr_expect_eq((v).code, (want_code), "code %s", rp_code_name((v).code));                    \
        cr_expect_str_eq((v).message, (want));                                                     \
    } while (0)

Test(replay_verdict, a_move_that_cannot_reach_says_why_after_a_colon_only_when_there_is_a_why)
{
    struct rp_verdict v = {0};
    rp_verdict_unreachable(&v, "knight", "g1", "g4", "");
    expect_verdict(v, RP_ILLEGAL_MOVE, "the knight on g1 cannot reach g4");
    char own[80];
    snprintf(own, sizeof own, RP_WHY_OWN_PIECE, "e2", "pawn");
    rp_verdict_unreachable(&v, "bishop", "f1", "e2", own);
    expect_verdict(v, RP_ILLEGAL_MOVE, "the bishop on f1 cannot reach e2: e2 is occupied by its own pawn");
}

/* A reason filled in, as an engine fills it. */
static const char *why(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static const char *why(char *buf, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, 96, fmt, ap);
    va_end(ap);
    return buf;
}

Test(replay_verdict, the_reasons_read_the_same_in_every_engine)
{
    char b[96];
    cr_expect_str_eq(why(b, RP_WHY_BLOCKED, "e2"), "the path is blocked at e2");
    cr_expect_str_eq(why(b, RP_WHY_NO_VICTIM, "d5"), "there is nothing to capture on d5");
    cr_expect_str_eq(why(b, RP_WHY_NOT_ITS_MOVE, "an", "elephant"), "that is not an elephant move");
    cr_expect_str_eq(why(b, RP_WHY_KING_MOVED, "general"), "the general has already moved, so it cannot castle");
    cr_expect_str_eq(why(b, RP_WHY_ROOK_MOVED, "rook", "h1"), "the rook on h1 has already moved, so it cannot castle");
    cr_expect_str_eq(why(b, RP_WHY_CASTLE_PATH, "f1"), "castling needs f1 empty");
    cr_expect_str_eq(why(b, RP_WHY_CASTLE_CHECKED, "king"), "the king may not castle out of check");
    cr_expect_str_eq(why(b, RP_WHY_CASTLE_ATTACKED, "king", "f1"), "the king may not castle through f1, which is attacked");
    cr_expect_str_eq(RP_WHY_SAME_SQUARE, "a move must leave its square");
    cr_expect_str_eq(RP_WHY_PAWN_AHEAD, "a pawn cannot capture straight ahead");
    cr_expect_str_eq(RP_WHY_PAWN_DOUBLE, "a pawn moves two squares only from its starting rank");
}

Test(replay_verdict, king_in_check_names_the_attacker_and_keeps_the_note)
{
    struct rp_verdict v = {0};
    rp_verdict_king_attacked(&v, 1, "king", "e8", "bishop", "b5", "");
    expect_verdict(v, RP_KING_IN_CHECK, "the black king on e8 would be attacked by the bishop on b5");
    rp_verdict_king_attacked(&v, 0, "general", "e1", "chariot", "e9", " (a note)");
    expect_verdict(v, RP_KING_IN_CHECK, "the white general on e1 would be attacked by the chariot on e9 (a note)");
}

Test(replay_verdict, promotions_and_placements)
{
    struct rp_verdict v = {0};
    rp_verdict_unnamed_promotion(&v, "pawn", "e8", "Q");
    expect_verdict(v, RP_BAD_PROMOTION, "the pawn reaching e8 must be promoted: name the new piece (e.g. \"Q-e8\")");
    rp_verdict_placement_elsewhere(&v, "Q-d8", "e8");
    expect_verdict(v, RP_BAD_PROMOTION, "placement \"Q-d8\" is not on the promotion square e8");
    rp_verdict_placement_colour(&v, "q-e8", 1, "pawn", 0);
    expect_verdict(v, RP_BAD_PROMOTION, "placement \"q-e8\" is a black piece, but the promoting pawn is white");
    rp_verdict_stray_placement(&v, "Q-e4");
    expect_verdict(v, RP_BAD_PROMOTION, "placement \"Q-e4\" without a promotion");
}

Test(replay_verdict, a_stray_component_names_the_move_or_any_move)
{
    struct rp_verdict v = {0};
    rp_verdict_stray_component(&v, "h1-f1", "move", "e2", "e4");
    expect_verdict(v, RP_EXTRA_COMPONENT, "component \"h1-f1\" does not belong to the move e2-e4");
    rp_verdict_stray_component(&v, "e5-", "unmove", NULL, NULL);
    expect_verdict(v, RP_EXTRA_COMPONENT, "component \"e5-\" does not belong to any unmove");
    rp_verdict_no_pass(&v, "Chess");
    expect_verdict(v, RP_ILLEGAL_MOVE, "a player cannot pass in Chess");
}

Test(replay_verdict, every_termination_has_its_name_and_the_counted_ones_say_their_count)
{
    char buf[RP_TERM_NAME_MAX];
    static const struct {
        enum rp_termination kind;
        const char *name;
    } plain[] = {
        {RP_TERM_NONE, ""}, {RP_TERM_CHECKMATE, "checkmate"}, {RP_TERM_STALEMATE, "stalemate"},
        {RP_TERM_INSUFFICIENT_MATERIAL, "insufficient-material"}, {RP_TERM_EXTINCTION, "extinction"},
        {RP_TERM_BARE_KING, "bare-king"}, {RP_TERM_NO_PIECES, "no-pieces"},
        {RP_TERM_KING_CAPTURED, "king-captured"}, {RP_TERM_FLAG, "flag"}, {RP_TERM_CHECKS, "checks"},
        {RP_TERM_CONNECT, "connect"}, {RP_TERM_BIKJANG, "bikjang"}, {RP_TERM_PASSES, "passes"}, {RP_TERM_FULL_BOARD, "full-board"},
        {RP_TERM_PERPETUAL_CHECK, "perpetual-check"}, {RP_TERM_PERPETUAL_CHASE, "perpetual-chase"},
        {RP_TERM_MOVE_REPETITION, "move-repetition"}, {RP_TERM_COUNTING, "counting"},
        {RP_TERM_REVERSAL, "reversal"}, {RP_TERM_SETUP_RESTORED, "setup-restored"}, {RP_TERM_POINTS, "points"},
        {RP_TERM_RESIGNATION, "resignation"}, {RP_TERM_TIMEOUT, "timeout"}, {RP_TERM_AGREEMENT, "agreement"},
        {RP_TERM_UNFINISHED, "unfinished"}, {RP_TERM_DECLARED, "declared"}, {RP_TERM_ILLEGAL, "illegal"}};
    cr_expect_eq(sizeof plain / sizeof plain[0] + 2, RP_TERM_COUNT, "every kind but the two counted ones");
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        cr_expect_str_eq(rp_term_name((struct rp_term){plain[i].kind, 7}, buf), plain[i].name);

    cr_expect_str_eq(rp_term_name((struct rp_term){RP_TERM_REPETITION, 5}, buf), "fivefold-repetition");
    cr_expect_str_eq(rp_term_name((struct rp_term){RP_TERM_REPETITION, 3}, buf), "threefold-repetition");
    cr_expect_str_eq(rp_term_name((struct rp_term){RP_TERM_MOVE_RULE, 75}, buf), "seventy-five-moves");
    cr_expect_str_eq(rp_term_name((struct rp_term){RP_TERM_MOVE_RULE, 50}, buf), "fifty-moves");
    cr_expect_str_eq(rp_term_name((struct rp_term){RP_TERM_MOVE_RULE, 150}, buf), "150-moves");
    cr_expect_null(rp_term_name((struct rp_term){RP_TERM_COUNT, 0}, buf));
    for (int k = 0; k < RP_TERM_COUNT; k++) {
        const char *name = rp_term_name((struct rp_term){(enum rp_termination)k, 2}, buf);
        cr_expect_not_null(name, "kind %d has a name", k);
        cr_expect(k == RP_TERM_NONE || name[0], "kind %d has a name", k);
        for (int j = 0; j < k; j++) {
            char other[RP_TERM_NAME_MAX];
            cr_expect_str_neq(name, rp_term_name((struct rp_term){(enum rp_termination)j, 2}, other),
                              "kinds %d and %d", j, k);
        }
    }
}
