/*
 * Game Courier's own move lists (log_turns.c, fmt_log_plies): a moves
 * section without turn markers, one ply per line or plies separated by
 * commas, read as turns whose number and side the replay gives; and the
 * keyword `dest` in a placement, the target of the move before it.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "formats/log_internal.h"
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

/* A first line that is a list of moves written otherwise (algebraic
 * notation, a capture with "x") is no prose: the game is malformed with
 * the first move that does not read and how moves are written. */
Test(log_turns, a_list_with_a_move_that_does_not_read_names_it)
{
    static const struct {
        const char *moves, *token;
    } cases[] = {
        {"e2-e4, e7-e5, g1-f3, b8-c6, f1-b5, a7-a6, b5xc6, d7-c6", "b5xc6"},
        {"e4, e5, Nf3, Nc6", "e4"},
        {"Nf3", "Nf3"},
        {"e2-e4, exd5 // a capture", "exd5"},
        {"e2-e4, O-O-O", "O-O-O"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = ts_fmt("Game: Chess\n\n%s\n", cases[i].moves);
        struct fmt_game g = parse_one(text);
        cr_expect(g.malformed, "%s", cases[i].moves);
        cr_expect_eq(g.malformed_line, 3);
        char *want = ts_fmt("move list without turn markers: \"%s\" does not read as a move: "
                            "a move is written FROM-TO, a capture too (e4-d5, not exd5 or e4xd5), "
                            "its piece's letter before it if at all with a space (N g1-f3, not "
                            "Nf3)",
                            cases[i].token);
        cr_expect_str_eq(g.malformed_reason, want, "%s", cases[i].moves);
        free(want);
        free(text);
        fmt_game_release(&g);
    }
    /* Prose, even with a word that has a digit, is quoted whole. */
    struct fmt_game g = parse_one("Game: Chess\n\nGood game, see you in round 2\n");
    cr_expect_str_eq(g.malformed_reason, "line does not start with a turn marker: "
                                         "\"Good game, see you in round 2\"");
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

/* docs/defined-variants.md: a promoted piece's label is "+" and its base's,
 * as Shogi presets write it; "+" alone, "++P" or a space inside are no
 * label. */
Test(log_turns, promoted_labels)
{
    struct fmt_game g = parse_one("Game: Shogi\n\n1. +P c5-c4\n1... s c7-c8; +S-c8\n2. +r*e5\n"
                                  "2... + d4-d5\n3. ++P e2-e3\n3... + P e2-e3\n");
    cr_assert_eq(g.nturns, 6);
    const struct fmt_component *c = &g.turns[0].comps[0];
    cr_expect_eq(c->kind, FMT_COMP_MOVE);
    cr_expect_str_eq(c->label, "+P");
    cr_expect_str_eq(c->from, "c5");
    c = &g.turns[1].comps[1];
    cr_expect_eq(c->kind, FMT_COMP_PLACE);
    cr_expect_str_eq(c->label, "+S");
    cr_expect_str_eq(c->to, "c8");
    c = &g.turns[2].comps[0];
    cr_expect_eq(c->kind, FMT_COMP_PLACE);
    cr_expect_eq(c->op, '*');
    cr_expect_str_eq(c->label, "+r");
    for (size_t i = 3; i < 6; i++)
        cr_expect_eq(g.turns[i].comps[0].kind, FMT_COMP_BAD, "turn %zu", i);
    fmt_game_release(&g);
}

/* ------------------------------------- the plain readers and the grammar */

/* log_turns.c reads a turn that is one plain move by two fast readers
 * (usual_move_at, plain_move_at) and any other by the component grammar,
 * which must make the same of a plain move.  fmt_log_moves_general reads
 * every turn by the grammar: on each line below the two must agree on
 * every field of every turn, and on where and why they stopped.  The
 * lines are plain moves and their near misses, built from pieces chosen
 * for the bytes the fast readers test: spacing, label lengths, square
 * shapes, separators, what follows. */

static int same_turns(const struct fmt_game *a, const struct fmt_game *b, const char *line)
{
    cr_expect_eq(a->nturns, b->nturns, "turns of '%s'", line);
    if (a->nturns != b->nturns)
        return 0;
    int same = 1;
    for (size_t i = 0; i < a->nturns; i++) {
        const struct fmt_turn *s = &a->turns[i], *t = &b->turns[i];
        same &= s->number == t->number && s->side == t->side && s->line == t->line &&
                s->marker_bad == t->marker_bad && s->unmarked == t->unmarked &&
                strcmp(s->marker, t->marker) == 0 && strcmp(s->text, t->text) == 0 &&
                !s->comment == !t->comment && (!s->comment || !strcmp(s->comment, t->comment)) &&
                s->ncomps == t->ncomps;
        for (size_t j = 0; same && j < s->ncomps; j++) {
            const struct fmt_component *c = &s->comps[j], *d = &t->comps[j];
            same &= c->kind == d->kind && c->op == d->op && !strcmp(c->label, d->label) &&
                    !strcmp(c->from, d->from) && !strcmp(c->to, d->to) &&
                    !strcmp(c->text, d->text);
        }
    }
    cr_expect(same, "the plain readers and the grammar differ on '%s'", line);
    return same;
}

/* Read one moves line both ways; 1 when they agree. */
static int agree_on(const char *line)
{
    char text[256];
    size_t len = (size_t)snprintf(text, sizeof text, "%s\n", line);
    cr_assert_lt(len, sizeof text);
    struct fmt_game fast, slow;
    memset(&fast, 0, sizeof fast);
    memset(&slow, 0, sizeof slow);
    struct fmt_moves a = {.pos = text, .line = 1}, b = a;
    enum fmt_moves_stop sa = fmt_log_moves(&fast, &a, text + len, text + len);
    enum fmt_moves_stop sb = fmt_log_moves_general(&slow, &b, text + len, text + len);
    int same = sa == sb && a.pos == b.pos && a.line == b.line &&
               (sa != FMT_MOVES_OTHER || (a.first == b.first && a.eol == b.eol));
    cr_expect(same, "the plain readers and the grammar stop differently on '%s'", line);
    same = same_turns(&fast, &slow, line) && same;
    fmt_game_release(&fast);
    fmt_game_release(&slow);
    return same;
}

/* One turn after "1.", every combination of the pieces. */
Test(log_turns, plain_readers_agree_with_the_grammar_on_every_combination)
{
    static const char *const space[] = {" ", "", "  ", "\t", " \t "};
    static const char *const label[] = {"", "P ", "p ", "RR ", "Rr ", "Qqq ", "P", "N\t", "5 "};
    static const char *const square[] = {"e2", "e10", "E4", "a0", "e", "2", "e2e", "z99", "ee2",
                                         "e2.", "e23456789"};
    static const char *const sep[] = {"-", " - ", "*", "--", "", " ", "-\t"};
    static const char *const after[] = {"", " ", "  2. e2-e4", " 2... P e7-e5", " 2.", "2. e2-e4",
                                        " // c", "//", ";", "; Q-e8", " x", " 3", "\t4...",
                                        " 2… e2-e4", " 2.. e2-e4"};
    size_t n = 0, bad = 0;
    for (size_t a = 0; a < sizeof space / sizeof *space; a++)
        for (size_t l = 0; l < sizeof label / sizeof *label; l++)
            for (size_t f = 0; f < sizeof square / sizeof *square; f++)
                for (size_t s = 0; s < sizeof sep / sizeof *sep; s++)
                    for (size_t t = 0; t < sizeof square / sizeof *square; t++)
                        for (size_t z = 0; z < sizeof after / sizeof *after; z++) {
                            char line[160];
                            snprintf(line, sizeof line, "1.%s%s%s%s%s%s", space[a], label[l],
                                     square[f], sep[s], square[t], after[z]);
                            bad += !agree_on(line);
                            n++;
                            if (bad > 20)
                                cr_assert_fail("too many differences; the first are above");
                        }
    cr_expect_eq(bad, 0, "%zu of %zu lines differ", bad, n);
    cr_expect_gt(n, 100000);
}

/* Whole lines of several turns, drawn at random (fixed seed) from turns
 * both plain and not, markers good and bad, comments and separators. */
Test(log_turns, plain_readers_agree_with_the_grammar_on_random_lines)
{
    static const char *const marker[] = {"1.", "12...", "3..", "4....", "5…", "6.…", "7. ",
                                         "8...  ", "9"};
    static const char *const turn[] = {" P e2-e4", " e2-e4", "P e2-e4", " Pe2-e4", " P e2 - e4",
                                       " K e1-g1; R h1-f1", " P e7-e8; Q-e8", " @-e4", " e4-",
                                       " Q*d4", " resign", " P e2-e4; draw", " pass", " e2-e4 x",
                                       " P e2-e4 // mate", " //", " ;", " P  e2-e4 ", " p a7-a5",
                                       " N g1-f3\t", " B f1-b5;", " P e7-e8; Q-dest", ""};
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    size_t bad = 0;
    for (int i = 0; i < 20000 && bad <= 20; i++) {
        char line[200] = "";
        size_t at = 0;
        int turns = 1 + (int)((seed >> 60) % 4);
        for (int k = 0; k < turns; k++) {
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
            const char *m = marker[(seed >> 8) % (sizeof marker / sizeof *marker)];
            const char *t = turn[(seed >> 24) % (sizeof turn / sizeof *turn)];
            const char *gap = (seed >> 40) % 3 == 0 ? "" : " ";
            at += (size_t)snprintf(line + at, sizeof line - at, "%s%s%s", k ? gap : "", m, t);
        }
        bad += !agree_on(line);
    }
    cr_expect_eq(bad, 0);
}
