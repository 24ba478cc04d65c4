/*
 * Turn markers and comments (formats/log_turns.c) against gcaudit(1) LOG
 * FORMAT, "Moves": several turns a line, markers after ';' or without a
 * space, bad markers and the side they keep, a huge turn number; a
 * comment on a turn or on a line of its own, and what it hides.
 */
#include "formats/formats.h"
#include "tests/support/parse.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ markers */

Test(formats_log, markers_several_turns_per_line)
{
    struct fmt_game g = ts_game_of_moves("1. P e2-e4 1... p e7-e5 2. N g1-f3\n2... n b8-c6");
    cr_assert_eq(g.nturns, 4);
    const char *markers[] = {"1.", "1...", "2.", "2..."};
    const char *texts[] = {"P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6"};
    const int numbers[] = {1, 1, 2, 2};
    const enum fmt_side sides[] = {FMT_WHITE, FMT_BLACK, FMT_WHITE, FMT_BLACK};
    const int lines[] = {3, 3, 3, 4};
    for (int i = 0; i < 4; i++) {
        cr_assert_str_eq(g.turns[i].marker, markers[i]);
        cr_assert_str_eq(g.turns[i].text, texts[i]);
        cr_assert_eq(g.turns[i].number, numbers[i]);
        cr_assert_eq(g.turns[i].side, sides[i]);
        cr_assert_eq(g.turns[i].line, lines[i]);
        cr_assert_not(g.turns[i].marker_bad);
        cr_assert_eq(g.turns[i].ncomps, 1);
        cr_assert_null(g.turns[i].comment);
    }
    fmt_game_release(&g);
}

Test(formats_log, marker_after_semicolon)
{
    struct fmt_game g = ts_game_of_moves("1. P e2-e4;1... p e7-e5");
    cr_assert_eq(g.nturns, 2);
    cr_assert_str_eq(g.turns[0].text, "P e2-e4;");
    cr_assert_eq(g.turns[0].ncomps, 1);
    cr_assert_str_eq(g.turns[1].marker, "1...");
    cr_assert_eq(g.turns[1].side, FMT_BLACK);
    cr_assert_str_eq(g.turns[1].text, "p e7-e5");
    fmt_game_release(&g);
}

Test(formats_log, digits_after_other_characters_are_not_markers)
{
    struct fmt_game g = ts_game_of_moves("1. P e2-e4 x2. N g1-f3");
    cr_assert_eq(g.nturns, 1);
    cr_assert_str_eq(g.turns[0].text, "P e2-e4 x2. N g1-f3");
    cr_assert_eq(g.turns[0].comps[0].kind, FMT_COMP_BAD);
    fmt_game_release(&g);
}

Test(formats_log, marker_without_space_and_with_indent)
{
    struct fmt_game g = ts_game_of_moves("   1.P e2-e4\n\t1...p e7-e5");
    cr_assert_eq(g.nturns, 2);
    cr_assert_str_eq(g.turns[0].text, "P e2-e4");
    cr_assert_eq(g.turns[0].comps[0].kind, FMT_COMP_MOVE);
    cr_assert_str_eq(g.turns[1].text, "p e7-e5");
    cr_assert_eq(g.turns[1].side, FMT_BLACK);
    fmt_game_release(&g);
}

struct marker_case {
    const char *in;
    const char *marker;
    enum fmt_side side;
    int bad;
    size_t ncomps;
    const char *text;
};

Test(formats_log, bad_markers)
{
    static const struct marker_case cases[] = {
        {"5.. p e7-e5", "5..", FMT_BLACK, 1, 1, "p e7-e5"},
        {"5.... p e7-e5", "5....", FMT_BLACK, 1, 1, "p e7-e5"},
        {"5\xe2\x80\xa6 p e7-e5", "5\xe2\x80\xa6", FMT_BLACK, 1, 1, "p e7-e5"},
        {"5.\xe2\x80\xa6 p e7-e5", "5.\xe2\x80\xa6", FMT_BLACK, 1, 1, "p e7-e5"},
        {"5.", "5.", FMT_WHITE, 1, 0, ""},
        {"5. ;", "5.", FMT_WHITE, 1, 0, ";"},
        {"5... ; ;", "5...", FMT_BLACK, 1, 0, "; ;"},
        {"5...", "5...", FMT_BLACK, 1, 0, ""},
        {"5. P e2-e4", "5.", FMT_WHITE, 0, 1, "P e2-e4"},
        {"5... p e7-e5", "5...", FMT_BLACK, 0, 1, "p e7-e5"},
        {"5. Nf3", "5.", FMT_WHITE, 0, 1, "Nf3"},  /* a bad component is not a bad marker */
    };
    for (size_t i = 0; i < TS_NCASES(cases); i++) {
        struct fmt_game g = ts_game_of_moves(cases[i].in);
        cr_assert_eq(g.nturns, 1, "\"%s\"", cases[i].in);
        const struct fmt_turn *t = &g.turns[0];
        cr_assert_str_eq(t->marker, cases[i].marker);
        cr_assert_eq(t->number, 5);
        cr_assert_eq(t->side, cases[i].side, "\"%s\": side", cases[i].in);
        cr_assert_eq(!!t->marker_bad, cases[i].bad, "\"%s\": marker_bad", cases[i].in);
        cr_assert_eq(t->ncomps, cases[i].ncomps, "\"%s\": ncomps", cases[i].in);
        cr_assert_str_eq(t->text, cases[i].text);
        fmt_game_release(&g);
    }
}

Test(formats_log, bad_marker_amid_good_ones)
{
    struct fmt_game g = ts_game_of_moves("4. P e2-e4 4.. p e7-e5 5. 5... p d7-d5");
    cr_assert_eq(g.nturns, 4);
    cr_assert_not(g.turns[0].marker_bad);
    cr_assert(g.turns[1].marker_bad);
    cr_assert(g.turns[2].marker_bad);  /* "5." with no component */
    cr_assert_eq(g.turns[2].ncomps, 0);
    cr_assert_not(g.turns[3].marker_bad);
    fmt_game_release(&g);
}

Test(formats_log, huge_turn_number_saturates)
{
    struct fmt_game g = ts_game_of_moves("99999999999999999999. P e2-e4");
    cr_assert_eq(g.nturns, 1);
    cr_assert_eq(g.turns[0].number, 2147483647);
    cr_assert_str_eq(g.turns[0].marker, "99999999999999999999.");
    fmt_game_release(&g);
}

/* ----------------------------------------------------------- comments */

Test(formats_log, comment_on_a_turn)
{
    struct fmt_game g = ts_game_of_moves("2. P e4-d5 // the pawn takes ");
    cr_assert_eq(g.nturns, 1);
    cr_assert_str_eq(g.turns[0].text, "P e4-d5");
    cr_assert_str_eq(g.turns[0].comment, "the pawn takes");
    cr_assert_eq(g.turns[0].ncomps, 1);
    fmt_game_release(&g);
}

Test(formats_log, comment_goes_with_last_turn_of_its_line)
{
    struct fmt_game g = ts_game_of_moves("1. e2-e4 1... e7-e5 // both played");
    cr_assert_eq(g.nturns, 2);
    cr_assert_null(g.turns[0].comment);
    cr_assert_str_eq(g.turns[0].text, "e2-e4");
    cr_assert_str_eq(g.turns[1].comment, "both played");
    cr_assert_str_eq(g.turns[1].text, "e7-e5");
    fmt_game_release(&g);
}

Test(formats_log, comment_lines_belong_to_no_turn)
{
    struct fmt_game g = ts_game_of_moves("1. e2-e4\n// a note on the opening\n   // indented note\n1... e7-e5");
    cr_assert_eq(g.nturns, 2);
    cr_assert_null(g.turns[0].comment);
    cr_assert_null(g.turns[1].comment);
    cr_assert_not(g.malformed);
    fmt_game_release(&g);
}

Test(formats_log, comment_hides_markers_and_empty_comment_is_null)
{
    struct fmt_game g = ts_game_of_moves("1. e2-e4 // 2. d2-d4\n1... e7-e5 //\n2. d2-d4 //   ");
    cr_assert_eq(g.nturns, 3);
    cr_assert_str_eq(g.turns[0].comment, "2. d2-d4");
    cr_assert_null(g.turns[1].comment);
    cr_assert_null(g.turns[2].comment);
    fmt_game_release(&g);
}

Test(formats_log, comment_line_right_after_header)
{
    struct fmt_game g = ts_one_game("Game: Chess\n// from the server\n1. e2-e4\n");
    cr_assert_not(g.malformed);
    cr_assert_eq(g.nturns, 1);
    fmt_game_release(&g);
}
