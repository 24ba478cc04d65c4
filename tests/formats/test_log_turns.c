/*
 * Game Courier's own move lists (log_turns.c, fmt_log_plies): a moves
 * section without turn markers, one ply per line or plies separated by
 * commas, read as turns whose number and side the replay gives; and the
 * keyword `dest` in a placement, the target of the move before it.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "tests/support/support.h"

static struct fmt_game parse_one(const char *text)
{
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    struct fmt_game next;
    cr_assert_eq(fmt_parser_next(p, &next), FMT_EOF, "one game expected");
    fmt_parser_free(p);
    return g;
}

/* The texts of g's turns, "|"-joined, each as "line:text" ("u" when
 * unmarked), and its comments. */
static char *turns_of(const struct fmt_game *g)
{
    char *all = ts_fmt("%s", "");
    for (size_t i = 0; i < g->nturns; i++) {
        const struct fmt_turn *t = &g->turns[i];
        char *next = ts_fmt("%s%s%d:%s%s%s%s%s", all, i ? "|" : "", t->line,
                            t->unmarked ? "u " : t->marker, t->unmarked ? "" : " ", t->text,
                            t->comment ? " //" : "", t->comment ? t->comment : "");
        free(all);
        all = next;
    }
    return all;
}

Test(log_turns, one_ply_per_line)
{
    struct fmt_game g = parse_one("Game: Chess\n\nP e2-e4\np e7-e5\n\n// a comment line\n"
                                  "N g1-f3 // develops\nresign\n");
    cr_assert_not(g.malformed);
    char *t = turns_of(&g);
    cr_expect_str_eq(t, "3:u P e2-e4|4:u p e7-e5|7:u N g1-f3 //develops|8:u resign");
    cr_expect_eq(g.turns[0].marker[0], '\0', "an unmarked ply has an empty marker");
    cr_expect_eq(g.turns[3].comps[0].kind, FMT_COMP_RESIGN);
    free(t);
    fmt_game_release(&g);
}

Test(log_turns, plies_separated_by_commas_over_lines)
{
    struct fmt_game g = parse_one("Game: Chess\n\ne2-e4, e7-e5,g1-f3 ,\n, b8-c6, "
                                  "K e1-g1; R h1-f1 // castles\n");
    char *t = turns_of(&g);
    cr_expect_str_eq(t, "3:u e2-e4|3:u e7-e5|3:u g1-f3|4:u b8-c6|4:u K e1-g1; R h1-f1 //castles");
    cr_expect_eq(g.turns[4].ncomps, 2);
    free(t);
    fmt_game_release(&g);
}

Test(log_turns, a_list_ends_at_the_next_game)
{
    const char text[] = "Game: Chess\n\ne2-e4, e7-e5\nGame: Chess\n\n1. d2-d4\n";
    fmt_parser *p = fmt_parser_new(text, sizeof text - 1);
    struct fmt_game a, b;
    cr_assert_eq(fmt_parser_next(p, &a), FMT_OK);
    cr_assert_eq(fmt_parser_next(p, &b), FMT_OK);
    cr_expect_eq(a.nturns, 2);
    cr_expect_eq(b.nturns, 1);
    cr_expect_not(b.turns[0].unmarked);
    fmt_game_release(&a);
    fmt_game_release(&b);
    fmt_parser_free(p);
}

Test(log_turns, prose_does_not_open_a_list_and_markers_do_not_mix)
{
    struct fmt_game g = parse_one("Game: Chess\n\nGood game, thanks\ne2-e4\n");
    cr_expect(g.malformed);
    cr_expect_str_eq(g.malformed_reason,
                     "line does not start with a turn marker: \"Good game, thanks\"");
    fmt_game_release(&g);
    g = parse_one("Game: Chess\n\ne2-e4\n1... e7-e5\n");
    cr_expect(g.malformed);
    cr_expect_eq(g.malformed_line, 4);
    cr_expect_str_eq(g.malformed_reason, "turn marker in a list of moves without turn markers: "
                                         "\"1... e7-e5\"");
    fmt_game_release(&g);
    /* A ply that does not read, after the first line, is the replay's
     * syntax error at its turn, as in a marked turn. */
    g = parse_one("Game: Chess\n\ne2-e4\ne7e5\n");
    cr_expect_not(g.malformed);
    cr_expect_eq(g.nturns, 2);
    cr_expect_eq(g.turns[1].comps[0].kind, FMT_COMP_BAD);
    fmt_game_release(&g);
}

Test(log_turns, a_last_line_without_newline)
{
    struct fmt_game g = parse_one("Game: Chess\n\ne2-e4, e7-e5");
    char *t = turns_of(&g);
    cr_expect_str_eq(t, "3:u e2-e4|3:u e7-e5");
    free(t);
    fmt_game_release(&g);
}

Test(log_turns, dest_is_the_target_of_the_move_before)
{
    struct fmt_game g = parse_one("Game: Chess\n\n1. P e7-e8; Q-dest\n1... p b2-b1; n*dest\n"
                                  "2. Q-dest\n2... P e7-e8; Q-DEST\n3. P a7-a8; Q-desk\n");
    cr_assert_eq(g.nturns, 5);
    const struct fmt_component *c = &g.turns[0].comps[1];
    cr_expect_eq(c->kind, FMT_COMP_PLACE);
    cr_expect_str_eq(c->label, "Q");
    cr_expect_str_eq(c->to, "e8");
    cr_expect_str_eq(c->text, "Q-dest", "the text stays as written");
    c = &g.turns[1].comps[1];
    cr_expect_eq(c->kind, FMT_COMP_PLACE);
    cr_expect_eq(c->op, '*');
    cr_expect_str_eq(c->to, "b1");
    cr_expect_eq(g.turns[2].comps[0].kind, FMT_COMP_BAD, "no move before it: nothing to name");
    cr_expect_str_eq(g.turns[3].comps[1].to, "e8", "any case, as the commands");
    cr_expect_eq(g.turns[4].comps[1].kind, FMT_COMP_BAD);
    fmt_game_release(&g);
}
