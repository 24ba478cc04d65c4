/*
 * Chess rules: the table-driven cases of tests/fixtures/chess/ (turn
 * resolution, every violation code, endings and declarations), plus the
 * endings that need a constructed position (insufficient material, the
 * 75-move rule, fifty-move claims).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "replay/ortho.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/casefile.h"
#include "tests/support/components.h"

Test(replay_chess, resolution_cases)
{
    int n;
    int failures = ts_run_casefile(GC_FIXTURES "/chess/resolution.txt", "Chess", &n);
    cr_expect_geq(n, 50, "only %d cases ran", n);
    cr_expect_eq(failures, 0, "%d of %d resolution cases failed", failures, n);
}

Test(replay_chess, ending_cases)
{
    int n;
    int failures = ts_run_casefile(GC_FIXTURES "/chess/endings.txt", "Chess", &n);
    cr_expect_geq(n, 25, "only %d cases ran", n);
    cr_expect_eq(failures, 0, "%d of %d ending cases failed", failures, n);
}

/* Play one move from a FEN; return whether the game ended and how. */
static int ends_after(const char *fen, struct fmt_component c, struct rp_ending *e)
{
    struct rp_ortho o;
    rp_ortho_setup(&o, &rp_chess_rules, fen, "Chess");
    struct rp_verdict v = {RP_OK, 0, ""};
    rp_variant_chess.play(&o, &c, 1, &v);
    cr_assert(v.accepted, "move rejected: %s", v.message);
    memset(e, 0, sizeof *e);
    return rp_variant_chess.ended(&o, e);
}

Test(replay_chess, insufficient_material)
{
    struct rp_ending e;
    /* K+B v K after the last pawn is taken */
    cr_assert(ends_after("8/8/4k3/8/3p4/4B3/8/4K3 w - - 0 1", ts_move("B", "e3", "d4"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "insufficient-material");
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    /* K v K */
    cr_assert(ends_after("8/8/4k3/8/3n4/4K3/8/8 w - - 0 1", ts_move("K", "e3", "d4"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "insufficient-material");
    /* K+N v K */
    cr_assert(ends_after("8/8/4k3/8/2r5/4N3/8/4K3 w - - 0 1", ts_move("N", "e3", "c4"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "insufficient-material");
    /* K+B v K+B, bishops on the same colour (b2 and f4 are both dark) */
    cr_assert(ends_after("8/8/4k3/8/5b2/8/1p6/2B1K3 w - - 0 1", ts_move("B", "c1", "b2"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "insufficient-material");
    /* ... on different colours: play goes on */
    cr_expect_eq(ends_after("8/8/4k3/8/4b3/8/1p6/2B1K3 w - - 0 1", ts_move("B", "c1", "b2"), &e), 0);
    /* K+N v K+N is not in docs/rules.md's list */
    cr_expect_eq(ends_after("8/8/4k3/8/4n3/8/1p6/3NK3 w - - 0 1", ts_move("N", "d1", "b2"), &e), 0);
}

/* docs/rules.md, Orthodox Chess: every position with only kings and
 * bishops, all the bishops on squares of one colour, however many and
 * whoever has them. */
Test(replay_chess, insufficient_material_any_bishops_on_one_colour)
{
    struct rp_ending e;
    /* K+B+B v K, both on dark squares (b2, d4): White promoted to a bishop */
    cr_assert(ends_after("8/8/4k3/8/3B4/8/1p6/2B1K3 w - - 0 1", ts_move("B", "c1", "b2"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "insufficient-material");
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    /* K+B+B v K+B, all three on light squares (a2, e2, g4) */
    cr_assert(ends_after("8/8/4k3/8/6b1/8/B3B3/7K w - - 0 1", ts_move("K", "h1", "g1"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "insufficient-material");
    /* K v K+B+B+B, all on dark squares (d6, c5, b2), Black's pawn taken */
    cr_assert(ends_after("8/8/3bk3/2b5/8/8/1b6/3pK3 w - - 0 1", ts_move("K", "e1", "d1"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "insufficient-material");
    /* Two bishops of one side on both colours play on ... */
    cr_expect_eq(ends_after("8/8/4k3/8/3B4/8/1p6/3BK3 w - - 0 1", ts_move("B", "d1", "c2"), &e), 0);
    /* ... and so do bishops with a knight, or two knights */
    cr_expect_eq(ends_after("8/8/4k3/8/4n3/8/1p6/2B1K3 w - - 0 1", ts_move("B", "c1", "b2"), &e), 0);
    cr_expect_eq(ends_after("8/8/4k3/8/8/8/1p6/1N1NK3 w - - 0 1", ts_move("N", "d1", "b2"), &e), 0);
}

Test(replay_chess, seventy_five_moves_and_mate_first)
{
    struct rp_ending e;
    cr_assert(ends_after("4k3/8/8/8/8/8/8/R3K3 w - - 149 90", ts_move("R", "a1", "a2"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "seventy-five-moves");
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    /* A pawn move resets the count */
    cr_expect_eq(ends_after("4k3/8/8/8/8/8/P7/R3K3 w - - 149 90", ts_move("P", "a2", "a3"), &e), 0);
    /* Checkmate on the 150th ply is checkmate (docs/rules.md, Orthodox Chess) */
    cr_assert(ends_after("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 90", ts_move("R", "a1", "a8"), &e));
    cr_expect_str_eq(ts_term_name(e.termination), "checkmate");
    cr_expect_eq(e.result, RP_RESULT_WHITE);
}

Test(replay_chess, fifty_moves_claimable)
{
    struct rp_ortho o;
    struct rp_end end;
    rp_ortho_setup(&o, &rp_chess_rules, "4k3/8/8/8/8/8/8/R3K3 w - - 100 90", "Chess");
    memset(&end, 0, sizeof end);
    rp_variant_chess.end(&o, RP_END_DECLARED_DRAW, &end);
    cr_expect_str_eq(end.detail, "claimable=fifty-moves");
    /* Only a declared draw says what could have been claimed. */
    memset(&end, 0, sizeof end);
    rp_variant_chess.end(&o, RP_END_DECLARED, &end);
    cr_expect_str_eq(end.detail, "");
    cr_expect_eq(end.adjudicated, 0);
    cr_expect_eq(end.colours_swapped, 0);
    rp_ortho_setup(&o, &rp_chess_rules, "4k3/8/8/8/8/8/8/R3K3 w - - 99 90", "Chess");
    memset(&end, 0, sizeof end);
    rp_variant_chess.end(&o, RP_END_DECLARED_DRAW, &end);
    cr_expect_str_eq(end.detail, "");
}

Test(replay_chess, registry_maps_game_names)
{
    cr_expect_eq(rp_variant_for_game("Chess"), &rp_variant_chess);
    cr_expect_eq(rp_variant_for_game("Orthodox Chess"), &rp_variant_chess);
    cr_expect_eq(rp_variant_for_game("FIDE-chess"), &rp_variant_chess);
    cr_expect_null(rp_variant_for_game("Shogi"));
    cr_expect_null(rp_variant_for_game(""));
}
