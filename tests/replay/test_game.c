/*
 * The replay loop (game.c) on plies without turn markers: each takes the
 * side to move and the number the markers would give (White's first turn
 * 1., Retro Chess's first, Black's, 1...), in the reports as in the
 * replay; and a promotion written with `dest`.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"

static void replay_text(const char *text, struct rp_report *r, struct fmt_game *g)
{
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    cr_assert_eq(fmt_parser_next(p, g), FMT_OK);
    fmt_parser_free(p);
    cr_assert_eq(rp_replay(g, r, NULL, NULL), FMT_OK);
}

Test(game, unmarked_plies_alternate_from_white_and_violations_say_their_turn)
{
    struct rp_report r;
    struct fmt_game g;
    replay_text("Game: Chess\nWhite: A\nBlack: B\n\ne2-e4, e7-e5\nf1-c4, f8-c5\nd1-h5, b8-c6\n"
                "h5-f7, e8-e7\n",
                &r, &g);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL);
    cr_expect_str_eq(r.termination_name, "checkmate");
    cr_assert_eq(r.nviolations, 1);
    cr_expect_eq(r.violations[0].code, RP_AFTER_END);
    cr_expect_eq(r.violations[0].turn, 4);
    cr_expect_eq(r.violations[0].side, FMT_BLACK);
    cr_expect_eq(r.violations[0].line, 8);
    cr_expect_str_eq(r.violations[0].text, "e8-e7");
    cr_expect_eq(r.turns, 7);
    rp_report_release(&r);
    fmt_game_release(&g);
}

Test(game, unmarked_plies_start_with_the_side_the_variant_starts_with)
{
    struct rp_report r;
    struct fmt_game g;
    /* Retro Chess: Black unmoves first; the third ply is Black's 2... */
    replay_text("Game: Retro Chess\n\nk e3-d4\nK e6-f7\nk d4-d4\n", &r, &g);
    cr_assert_eq(r.nviolations, 1);
    cr_expect_eq(r.violations[0].turn, 2);
    cr_expect_eq(r.violations[0].side, FMT_BLACK);
    cr_expect_eq(r.violations[0].code, RP_ILLEGAL_MOVE);
    cr_expect_eq(r.turns, 2);
    rp_report_release(&r);
    fmt_game_release(&g);
}

Test(game, a_promotion_written_with_dest)
{
    struct rp_report r;
    struct fmt_game g;
    replay_text("Game: Chess\n\ne2-e4, d7-d5, e4-d5, c7-c6, d5-c6, d8-d7, c6-b7, e8-d8, "
                "P b7-a8; Q-dest, d7-d6, Q a8-b8\n",
                &r, &g);
    cr_expect_eq(r.status, RP_STATUS_OK, "%zu violations: %s", r.nviolations,
                 r.nviolations ? r.violations[0].message : "");
    cr_expect_eq(r.turns, 11);
    rp_report_release(&r);
    fmt_game_release(&g);
}
