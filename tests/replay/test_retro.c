/*
 * Retro Chess: the table-driven cases of tests/fixtures/retro/ (every kind
 * of unmove, the reserve, the retro checks, phases, the colour switch and
 * the endings) and the positions that need constructing.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "replay/notation.h"
#include "replay/retro.h"
#include "replay/variants.h"
#include "tests/support/casefile.h"
#include "tests/support/components.h"

static void run_cases(const char *file, int at_least)
{
    int n;
    char path[512];
    snprintf(path, sizeof path, "%s/retro/%s", GC_FIXTURES, file);
    int failures = ts_run_casefile(path, "Retro Chess", &n);
    cr_expect_geq(n, at_least, "%s: only %d cases ran", file, n);
    cr_expect_eq(failures, 0, "%s: %d of %d cases failed", file, failures, n);
}

Test(replay_retro, unmoves) { run_cases("unmoves.txt", 50); }

Test(replay_retro, checks) { run_cases("checks.txt", 25); }

Test(replay_retro, endings) { run_cases("endings.txt", 30); }

/* ------------------------------------------------ constructed positions */

static void place(struct rp_retro *r, const char *sq, rp_piece p)
{
    rp_board_put(&r->b, (rp_sq)rp_parse_square(sq, 'a'), p);
    r->count[rp_colour_of(p)][rp_type_of(p)]++;
}

/* An empty Retro position, `side` to unmove, in `phase`. */
static void empty(struct rp_retro *r, int side, int phase)
{
    memset(r, 0, sizeof *r);
    rp_retro_setup(r);
    rp_board_remove(&r->b, (rp_sq)rp_parse_square("e6", 'a'));
    rp_board_remove(&r->b, (rp_sq)rp_parse_square("e3", 'a'));
    r->count[0][RP_KING] = r->count[1][RP_KING] = 0;
    if (r->b.side != side) {
        r->b.side = (uint8_t)side;
        r->b.key ^= rp_key_side();
    }
    r->phase = (uint8_t)phase;
}

static void setup_colour(struct rp_retro *r, int colour)
{
    static const int back[8] = {RP_ROOK, RP_KNIGHT, RP_BISHOP, RP_QUEEN,
                                RP_KING, RP_BISHOP, RP_KNIGHT, RP_ROOK};
    for (int f = 0; f < 8; f++) {
        char sq[3] = {(char)('a' + f), colour ? '8' : '1', 0};
        char pawn[3] = {(char)('a' + f), colour ? '7' : '2', 0};
        place(r, sq, rp_make_piece(back[f], colour));
        place(r, pawn, rp_make_piece(RP_PAWN, colour));
    }
}

/* docs/rules.md, Retro Chess: Endings.  One turn restoring both colours
 * wins for the mover's colour (no single unmove can, so the position is
 * built). */
Test(replay_retro, both_restored_the_mover_wins)
{
    struct rp_retro r;
    struct rp_ending e;
    empty(&r, 1, 2);          /* Black to move: White made the last turn */
    setup_colour(&r, 0);
    setup_colour(&r, 1);
    cr_assert_eq(rp_variant_retro.ended(&r, &e), 1);
    cr_expect_str_eq(ts_term_name(e.termination), "setup-restored");
    cr_expect_eq(e.result, RP_RESULT_WHITE);
    r.b.side = 0;             /* Black made it */
    cr_assert_eq(rp_variant_retro.ended(&r, &e), 1);
    cr_expect_eq(e.result, RP_RESULT_BLACK);
    struct rp_end end;
    memset(&end, 0, sizeof end);
    rp_variant_retro.end(&r, RP_END_BY_RULE, &end);
    cr_expect_str_eq(end.detail, "points=24-24");
    cr_expect_eq(end.adjudicated, 0, "only a declared draw is adjudicated");
}

/* Check 3's capture budget: White's a3 pawn came from b, which needs a
 * capture; with all 16 black pieces on the board there was none. */
Test(replay_retro, check_3_capture_budget)
{
    struct rp_retro r;
    char msg[RP_MESSAGE_MAX];
    empty(&r, 1, 1);
    setup_colour(&r, 1);
    place(&r, "e1", rp_make_piece(RP_KING, 0));
    place(&r, "a2", rp_make_piece(RP_PAWN, 0));
    place(&r, "a3", rp_make_piece(RP_PAWN, 0));
    cr_expect_eq(rp_retro_check(&r, 0, NULL, msg, sizeof msg), RP_RETRO_ILLEGAL);
    cr_expect_str_eq(msg, "check 3 (pawn structure): the white pawns need 1 capture but only 0 black "
                          "pieces are missing");
    rp_board_remove(&r.b, (rp_sq)rp_parse_square("b8", 'a'));
    r.count[1][RP_KNIGHT]--;
    cr_expect_eq(rp_retro_check(&r, 0, NULL, msg, sizeof msg), RP_OK);
}

/* Check 3's files: a3 can only have come from a or b, both taken by
 * pawns still on their second rank.  The message lists the pawns rank by
 * rank; doubled pawns are also the case the quick distinct-files answer
 * must not take. */
Test(replay_retro, check_3_no_distinct_files)
{
    struct rp_retro r;
    char msg[RP_MESSAGE_MAX];
    empty(&r, 1, 1);
    setup_colour(&r, 1);
    place(&r, "e1", rp_make_piece(RP_KING, 0));
    place(&r, "a3", rp_make_piece(RP_PAWN, 0));
    place(&r, "a2", rp_make_piece(RP_PAWN, 0));
    place(&r, "b2", rp_make_piece(RP_PAWN, 0));
    cr_expect_eq(rp_retro_check(&r, 0, NULL, msg, sizeof msg), RP_RETRO_ILLEGAL);
    cr_expect_str_eq(msg, "check 3 (pawn structure): the white pawns on a2, b2, a3 cannot come from "
                          "different files");
    rp_board_remove(&r.b, (rp_sq)rp_parse_square("b2", 'a'));
    r.count[0][RP_PAWN]--;
    cr_expect_eq(rp_retro_check(&r, 0, NULL, msg, sizeof msg), RP_RETRO_ILLEGAL,
                 "a2 and a3 still need a capture, and no black piece is missing");
}

/* Check 2 counts types too; the reserve keeps play from getting there, so
 * the position is built. */
Test(replay_retro, check_2_piece_counts)
{
    struct rp_retro r;
    char msg[RP_MESSAGE_MAX];
    empty(&r, 1, 1);
    place(&r, "e1", rp_make_piece(RP_KING, 0));
    place(&r, "e8", rp_make_piece(RP_KING, 1));
    place(&r, "a1", rp_make_piece(RP_KNIGHT, 0));
    place(&r, "b1", rp_make_piece(RP_KNIGHT, 0));
    place(&r, "c1", rp_make_piece(RP_KNIGHT, 0));
    cr_expect_eq(rp_retro_check(&r, 0, NULL, msg, sizeof msg), RP_RETRO_ILLEGAL);
    cr_expect_str_eq(msg, "check 2 (piece counts and pawn ranks): White has 3 knights");
}

/* An unpromotion takes a pawn from the reserve: with all eight on the
 * board there is none (docs/rules.md, Retro Chess: Unpromotion). */
Test(replay_retro, unpromotion_needs_a_pawn_in_reserve)
{
    struct rp_retro r;
    empty(&r, 0, 1);
    place(&r, "e1", rp_make_piece(RP_KING, 0));
    place(&r, "a5", rp_make_piece(RP_KING, 1));
    place(&r, "e8", rp_make_piece(RP_QUEEN, 0));
    for (int f = 0; f < 8; f++) {
        char sq[3] = {(char)('a' + f), '2', 0};
        place(&r, sq, rp_make_piece(RP_PAWN, 0));
    }
    struct fmt_component c[2] = {ts_move("Q", "e8", "e7"), ts_place("P", "e7")};
    struct rp_verdict v = {RP_OK, 0, ""};
    rp_variant_retro.play(&r, c, 2, &v);
    cr_expect_eq(v.code, RP_RESERVE_EMPTY);
    cr_expect_str_eq(v.message, "White has no pawn left in reserve");
    cr_expect_eq(v.accepted, 0);
    /* With one pawn in the reserve it is an unpromotion: queen back in, pawn out. */
    rp_board_remove(&r.b, (rp_sq)rp_parse_square("a2", 'a'));
    r.count[0][RP_PAWN]--;
    v = (struct rp_verdict){RP_OK, 0, ""};
    rp_variant_retro.play(&r, c, 2, &v);
    cr_expect_eq(v.code, RP_OK, "%s", v.message);
    cr_expect_eq(r.count[0][RP_QUEEN], 0);
    cr_expect_eq(r.count[0][RP_PAWN], 8);
}

/* docs/rules.md, Retro Chess: Endings.  Black's lone king caged on a8 has
 * no legal turn. */
Test(replay_retro, no_legal_turn)
{
    struct rp_retro r;
    empty(&r, 1, 1);
    place(&r, "e1", rp_make_piece(RP_KING, 0));
    place(&r, "a8", rp_make_piece(RP_KING, 1));
    place(&r, "a7", rp_make_piece(RP_PAWN, 0));
    place(&r, "b7", rp_make_piece(RP_ROOK, 0));
    place(&r, "b8", rp_make_piece(RP_KNIGHT, 0));
    cr_expect_eq(rp_retro_has_turn(&r, &r.memo), 0);
    struct rp_ending e;
    cr_assert_eq(rp_variant_retro.ended(&r, &e), 1);
    cr_expect_str_eq(ts_term_name(e.termination), "points");
    cr_expect_eq(e.undecided, 1);
    cr_expect_eq(e.result, RP_RESULT_WHITE);
    /* Without the knight the king may unmove to b8 (kcehc is allowed). */
    rp_board_remove(&r.b, (rp_sq)rp_parse_square("b8", 'a'));
    r.count[0][RP_KNIGHT]--;
    cr_expect_eq(rp_retro_has_turn(&r, &r.memo), 1);
}

Test(replay_retro, start_and_render)
{
    struct rp_retro r;
    char buf[2048];
    memset(&r, 0, sizeof r);
    char why[64];
    struct rp_end end;
    memset(&end, 0, sizeof end);
    cr_assert_eq(rp_variant_retro.setup(&r, &rp_variant_retro, NULL, why, sizeof why), 0);
    cr_expect_eq(rp_variant_retro.side_to_move(&r), FMT_BLACK);
    rp_variant_retro.end(&r, RP_END_DECLARED, &end);
    cr_expect_eq(end.colours_swapped, 0);
    cr_expect_str_eq(end.detail, "points=0-0");
    cr_expect_eq(rp_retro_has_turn(&r, &r.memo), 1);
    rp_variant_retro.render(&r, buf, sizeof buf);
    cr_expect(strstr(buf, "6  .  .  .  .  K  .  .  .") != NULL, "%s", buf);
    cr_expect(strstr(buf, "Phase I; Black to move; points 0-0") != NULL, "%s", buf);
    cr_expect(strstr(buf, "White reserve: Q R R B B N N P P P P P P P P") != NULL, "%s", buf);
}

Test(replay_retro, registry_names)
{
    cr_expect_eq(rp_variant_for_game("Retro Chess"), &rp_variant_retro);
    cr_expect_eq(rp_variant_for_game("retro-chess"), &rp_variant_retro);
    cr_expect_eq(rp_variant_for_game("Retro"), &rp_variant_retro);
}
