/*
 * Extinction Chess rules: the table-driven cases of
 * tests/fixtures/extinction/ (turn resolution, every violation code that
 * applies, endings and declarations), plus the endings that need a
 * constructed position: stalemate, the 75-move rule, both sides extinct,
 * several extinct types, and extinction taking precedence.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "replay/ortho.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/casefile.h"
#include "tests/support/components.h"

Test(replay_extinction, resolution_cases)
{
    int n;
    int failures = ts_run_casefile(GC_FIXTURES "/extinction/resolution.txt", "Extinction Chess", &n);
    cr_expect_geq(n, 50, "only %d cases ran", n);
    cr_expect_eq(failures, 0, "%d of %d resolution cases failed", failures, n);
}

Test(replay_extinction, ending_cases)
{
    int n;
    int failures = ts_run_casefile(GC_FIXTURES "/extinction/endings.txt", "Extinction Chess", &n);
    cr_expect_geq(n, 25, "only %d cases ran", n);
    cr_expect_eq(failures, 0, "%d of %d ending cases failed", failures, n);
}

static void setup_fen(struct rp_ortho *o, const char *fen)
{
    rp_ortho_setup(o, &rp_extinction_rules, fen, "Extinction Chess");
}

/* Play the components from a FEN; return whether the game ended and how. */
static int ends_after(const char *fen, const struct fmt_component *c, size_t n, struct rp_ending *e)
{
    struct rp_ortho o;
    setup_fen(&o, fen);
    struct rp_verdict v = {RP_OK, 0, ""};
    rp_variant_extinction.play(&o, c, n, &v);
    cr_assert(v.accepted, "move rejected: %s", v.message);
    memset(e, 0, sizeof *e);
    return rp_variant_extinction.ended(&o, e);
}

/* Every white piece blocked by its own or by pawns it cannot take; both
 * sides keep all six types (the last rows of perft.tsv). */
#define FORTRESS "rnbqk3/8/8/8/1p1p1p1p/pPpPpPpP/PRPRPRPR/NKQBRBNR"

Test(replay_extinction, stalemate_is_a_draw)
{
    struct rp_ending e;
    struct fmt_component c = ts_move("k", "e8", "e7");
    cr_assert(ends_after(FORTRESS " b - - 0 1", &c, 1, &e));
    cr_expect_str_eq(ts_term_name(e.termination), "stalemate");
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    cr_expect_str_eq(e.detail, "");
}

Test(replay_extinction, extinction_before_stalemate)
{
    /* The rook takes White's only bishop and White has no move left: the
     * extinction is what ends the game (docs/rules.md, Extinction Chess:
     * extinction first). */
    struct rp_ending e;
    struct fmt_component c = ts_move("r", "a8", "a6");
    cr_assert(ends_after("rnbqk3/8/B7/8/1p1p1p1p/pPpPpPpP/PRPRPRPR/NKQRRRNR b - - 0 1", &c, 1, &e));
    cr_expect_str_eq(ts_term_name(e.termination), "extinction");
    cr_expect_str_eq(e.detail, "extinct=B");
    cr_expect_eq(e.result, RP_RESULT_BLACK);
}

Test(replay_extinction, checkmate_in_chess_is_no_ending_here)
{
    /* Back-rank mate in Chess; here the king may step into attack. */
    static const char fen[] = "6k1/5ppp/8/7b/8/4n1r1/1P5q/R1BQK1N1 w - - 0 1";
    struct rp_ending e;
    struct fmt_component c = ts_move("R", "a1", "a8");
    cr_expect_eq(ends_after(fen, &c, 1, &e), 0);

    struct rp_ortho o;
    rp_ortho_setup(&o, &rp_chess_rules, fen, "Chess");
    struct rp_verdict v = {RP_OK, 0, ""};
    rp_variant_chess.play(&o, &c, 1, &v);
    cr_assert(v.accepted, "move rejected: %s", v.message);
    cr_assert(rp_variant_chess.ended(&o, &e));
    cr_expect_str_eq(ts_term_name(e.termination), "checkmate");
}

Test(replay_extinction, seventy_five_moves_and_extinction_first)
{
    struct rp_ending e;
    struct fmt_component c = ts_move("R", "a1", "a2");
    cr_assert(ends_after("rnbqk3/p7/8/8/8/8/7P/RNBQK3 w - - 149 90", &c, 1, &e));
    cr_expect_str_eq(ts_term_name(e.termination), "seventy-five-moves");
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    /* A pawn move resets the count */
    c = ts_move("P", "h2", "h3");
    cr_expect_eq(ends_after("rnbqk3/p7/8/8/8/8/7P/RNBQK3 w - - 149 90", &c, 1, &e), 0);
    /* An extinction on the 150th ply is an extinction */
    c = ts_move("Q", "d1", "d8");
    cr_assert(ends_after("rnbqk3/p7/8/8/8/8/7P/RNBQK3 w - - 149 90", &c, 1, &e));
    cr_expect_str_eq(ts_term_name(e.termination), "extinction");
    cr_expect_str_eq(e.detail, "extinct=Q");
    cr_expect_eq(e.result, RP_RESULT_WHITE);
}

Test(replay_extinction, both_extinct_mover_wins_for_black_too)
{
    /* Black's last pawn takes White's last knight and promotes. */
    struct rp_ending e;
    struct fmt_component c[2] = {ts_move("p", "c2", "b1"), ts_place("q", "b1")};
    cr_assert(ends_after("rnbqkbnr/8/8/8/8/8/2p2PPP/RNBQKB1R b KQkq - 0 1", c, 2, &e));
    cr_expect_str_eq(ts_term_name(e.termination), "extinction");
    cr_expect_str_eq(e.detail, "extinct=N");
    cr_expect_eq(e.result, RP_RESULT_BLACK);
}

Test(replay_extinction, promoting_the_last_pawn_to_a_king)
{
    /* Promotion to a king is still the loss of the last pawn. */
    struct rp_ending e;
    struct fmt_component c[2] = {ts_move("P", "b7", "b8"), ts_place("K", "b8")};
    cr_assert(ends_after("r3kbnr/1P1qpppp/8/8/8/8/8/RNBQKBNR w KQk - 0 1", c, 2, &e));
    cr_expect_str_eq(ts_term_name(e.termination), "extinction");
    cr_expect_str_eq(e.detail, "extinct=P");
    cr_expect_eq(e.result, RP_RESULT_BLACK);
}

Test(replay_extinction, detail_names_every_extinct_type_in_order)
{
    /* A side already missing several types (only a constructed position
     * can do that: one move removes one piece) is named in K Q R B N P
     * order, the winner's types never. */
    struct rp_ending e;
    struct fmt_component c = ts_move("P", "a2", "a3");
    cr_assert(ends_after("4k3/4p3/8/8/8/8/P7/RNBQKBNR w - - 0 1", &c, 1, &e));
    cr_expect_str_eq(e.detail, "extinct=Q,R,B,N");
    cr_expect_eq(e.result, RP_RESULT_WHITE);
}

Test(replay_extinction, several_kings_are_counted_on_the_board)
{
    /* Two white kings: capturing either leaves the type alive, whichever
     * of them board.king[] follows (the one on h1, placed last). */
    struct rp_ending e;
    struct fmt_component c = ts_move("q", "d8", "d1");
    cr_expect_eq(ends_after("rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBKQBNK b - - 0 1", &c, 1, &e), 0);
    c = ts_move("q", "h4", "h1");
    cr_expect_eq(ends_after("rnb1kbnr/pppppppp/8/8/7q/8/PPPPPPP1/RNBKQBNK b - - 0 1", &c, 1, &e), 0);
    /* and the last one is the end */
    c = ts_move("q", "h4", "h1");
    cr_assert(ends_after("rnb1kbnr/pppppppp/8/8/7q/8/PPPPPPP1/RNBQ1BNK b - - 0 1", &c, 1, &e));
    cr_expect_str_eq(e.detail, "extinct=K");
}

Test(replay_extinction, fifty_moves_claimable)
{
    struct rp_ortho o;
    struct rp_end end;
    setup_fen(&o, "rnbqk3/p7/8/8/8/8/7P/RNBQK3 w - - 100 90");
    memset(&end, 0, sizeof end);
    rp_variant_extinction.end(&o, RP_END_DECLARED_DRAW, &end);
    cr_expect_str_eq(end.detail, "claimable=fifty-moves");
    setup_fen(&o, "rnbqk3/p7/8/8/8/8/7P/RNBQK3 w - - 99 90");
    memset(&end, 0, sizeof end);
    rp_variant_extinction.end(&o, RP_END_DECLARED_DRAW, &end);
    cr_expect_str_eq(end.detail, "");
}

Test(replay_extinction, registry_maps_game_names)
{
    cr_expect_eq(rp_variant_for_game("Extinction Chess"), &rp_variant_extinction);
    cr_expect_eq(rp_variant_for_game("extinction chess"), &rp_variant_extinction);
    cr_expect_eq(rp_variant_for_game("Extinction"), &rp_variant_extinction);
    cr_expect_eq(rp_variant_for_game("Extinction-Chess"), &rp_variant_extinction);
    cr_expect_eq(rp_variant_for_game("Chess"), &rp_variant_chess);
    cr_expect_null(rp_variant_for_game("Extinct"));
    cr_expect_str_eq(rp_variant_extinction.name, "extinction");
}

Test(replay_extinction, registered_right_after_chess)
{
    cr_expect_eq(rp_variant_at(0), &rp_variant_chess);
    cr_expect_eq(rp_variant_at(1), &rp_variant_extinction);
}
