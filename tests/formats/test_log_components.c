/*
 * Components (formats/log_components.c) against gcaudit(1) LOG FORMAT,
 * "Moves": every form of a move, a placement, a removal and a command,
 * the forms that are bad, and a turn cut into its components.
 */
#include "formats/formats.h"
#include "tests/support/parse.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct comp_case {
    const char *in;         /* one component, as written in "1. IN" */
    enum fmt_comp_kind kind;
    const char *label, *from, *to;
    char op;
    const char *text;       /* expected text: IN trimmed */
};

static void check_comp_cases(const struct comp_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *line = ts_fmt("1. %s", cases[i].in);
        struct fmt_game g = ts_game_of_moves(line);
        free(line);
        cr_assert_eq(g.nturns, 1, "\"%s\"", cases[i].in);
        cr_assert_eq(g.turns[0].ncomps, 1, "\"%s\"", cases[i].in);
        cr_assert_not(g.turns[0].marker_bad, "\"%s\"", cases[i].in);
        ts_assert_comp(&g.turns[0].comps[0], cases[i].kind, cases[i].label,
                       cases[i].from, cases[i].to, cases[i].op, cases[i].text);
        fmt_game_release(&g);
    }
}

/* --------------------------------------------------------- components */

Test(formats_log, component_move_forms)
{
    static const struct comp_case cases[] = {
        {"P e2-e4", FMT_COMP_MOVE, "P", "e2", "e4", 0, "P e2-e4"},
        {"e2-e4", FMT_COMP_MOVE, "", "e2", "e4", 0, "e2-e4"},
        {"n g8-h6", FMT_COMP_MOVE, "n", "g8", "h6", 0, "n g8-h6"},
        {"P e2 - e4", FMT_COMP_MOVE, "P", "e2", "e4", 0, "P e2 - e4"},
        {"P e2 -e4", FMT_COMP_MOVE, "P", "e2", "e4", 0, "P e2 -e4"},
        {"P  e2-  e4", FMT_COMP_MOVE, "P", "e2", "e4", 0, "P  e2-  e4"},
        {"P\te2-e4", FMT_COMP_MOVE, "P", "e2", "e4", 0, "P\te2-e4"},
        {"e2 - e4", FMT_COMP_MOVE, "", "e2", "e4", 0, "e2 - e4"},
        {"k e8 - d8", FMT_COMP_MOVE, "k", "e8", "d8", 0, "k e8 - d8"},
        {"RR a1-a8", FMT_COMP_MOVE, "RR", "a1", "a8", 0, "RR a1-a8"},
        {"lr E1-E2", FMT_COMP_MOVE, "lr", "E1", "E2", 0, "lr E1-E2"},
        /* Backlash pockets: P8 is a square, b a label */
        {"P8-C5", FMT_COMP_MOVE, "", "P8", "C5", 0, "P8-C5"},
        {"b P8-C5", FMT_COMP_MOVE, "b", "P8", "C5", 0, "b P8-C5"},
        /* syntactically squares; the engine says no-such-square */
        {"e10-i4", FMT_COMP_MOVE, "", "e10", "i4", 0, "e10-i4"},
        {"E4-e5", FMT_COMP_MOVE, "", "E4", "e5", 0, "E4-e5"},
        /* absurd squares are cut to FMT_SQUARE_MAX - 1 characters */
        {"a123456789-b1", FMT_COMP_MOVE, "", "a123456", "b1", 0, "a123456789-b1"},
    };
    check_comp_cases(cases, TS_NCASES(cases));
}

Test(formats_log, component_place_forms)
{
    static const struct comp_case cases[] = {
        {"Q-e8", FMT_COMP_PLACE, "Q", "", "e8", '-', "Q-e8"},
        {"n*C4", FMT_COMP_PLACE, "n", "", "C4", '*', "n*C4"},
        {"B - e7", FMT_COMP_PLACE, "B", "", "e7", '-', "B - e7"},
        {"B -e7", FMT_COMP_PLACE, "B", "", "e7", '-', "B -e7"},
        {"q* d1", FMT_COMP_PLACE, "q", "", "d1", '*', "q* d1"},
        {"b*C5", FMT_COMP_PLACE, "b", "", "C5", '*', "b*C5"},
        {"b-C5", FMT_COMP_PLACE, "b", "", "C5", '-', "b-C5"},
        {"RR*a1", FMT_COMP_PLACE, "RR", "", "a1", '*', "RR*a1"},
        {"n-p8", FMT_COMP_PLACE, "n", "", "p8", '-', "n-p8"},
    };
    check_comp_cases(cases, TS_NCASES(cases));
}

Test(formats_log, component_remove_forms)
{
    static const struct comp_case cases[] = {
        {"@-e5", FMT_COMP_REMOVE, "", "", "e5", 0, "@-e5"},
        {"@ - e5", FMT_COMP_REMOVE, "", "", "e5", 0, "@ - e5"},
        {"@- E5", FMT_COMP_REMOVE, "", "", "E5", 0, "@- E5"},
        {"e5-", FMT_COMP_REMOVE, "", "", "e5", 0, "e5-"},
        {"e5 -", FMT_COMP_REMOVE, "", "", "e5", 0, "e5 -"},
        {"E5-", FMT_COMP_REMOVE, "", "", "E5", 0, "E5-"},
    };
    check_comp_cases(cases, TS_NCASES(cases));
}

Test(formats_log, component_commands_any_case)
{
    static const struct comp_case cases[] = {
        {"resign", FMT_COMP_RESIGN, "", "", "", 0, "resign"},
        {"RESIGN", FMT_COMP_RESIGN, "", "", "", 0, "RESIGN"},
        {"Resign", FMT_COMP_RESIGN, "", "", "", 0, "Resign"},
        {"draw", FMT_COMP_DRAW, "", "", "", 0, "draw"},
        {"Draw", FMT_COMP_DRAW, "", "", "", 0, "Draw"},
        {"timeout", FMT_COMP_TIMEOUT, "", "", "", 0, "timeout"},
        {"TimeOut", FMT_COMP_TIMEOUT, "", "", "", 0, "TimeOut"},
        {"pass", FMT_COMP_PASS, "", "", "", 0, "pass"},
        {"PASS", FMT_COMP_PASS, "", "", "", 0, "PASS"},
        {"  pass  ", FMT_COMP_PASS, "", "", "", 0, "pass"},
    };
    check_comp_cases(cases, TS_NCASES(cases));
}

Test(formats_log, component_bad_forms)
{
    static const struct comp_case cases[] = {
        {"Nf3", FMT_COMP_BAD, "", "", "", 0, "Nf3"},
        {"x", FMT_COMP_BAD, "", "", "", 0, "x"},
        {"P e2-e4 !!", FMT_COMP_BAD, "", "", "", 0, "P e2-e4 !!"},
        {"e2e4", FMT_COMP_BAD, "", "", "", 0, "e2e4"},
        {"P e2-", FMT_COMP_BAD, "", "", "", 0, "P e2-"},
        {"Pe2-e4", FMT_COMP_BAD, "", "", "", 0, "Pe2-e4"},  /* gcaudit(1): label, white space, square */
        {"O-O", FMT_COMP_BAD, "", "", "", 0, "O-O"},
        {"abc-e4", FMT_COMP_BAD, "", "", "", 0, "abc-e4"},  /* label of 3 letters */
        {"abc e2-e4", FMT_COMP_BAD, "", "", "", 0, "abc e2-e4"},
        {"e2*e4", FMT_COMP_BAD, "", "", "", 0, "e2*e4"},
        {"@e5", FMT_COMP_BAD, "", "", "", 0, "@e5"},
        {"@-", FMT_COMP_BAD, "", "", "", 0, "@-"},
        {"@-P", FMT_COMP_BAD, "", "", "", 0, "@-P"},
        {"@-e5-", FMT_COMP_BAD, "", "", "", 0, "@-e5-"},
        {"resign now", FMT_COMP_BAD, "", "", "", 0, "resign now"},
        {"resigns", FMT_COMP_BAD, "", "", "", 0, "resigns"},
        {"P e2-e4-e5", FMT_COMP_BAD, "", "", "", 0, "P e2-e4-e5"},
        {"-e4", FMT_COMP_BAD, "", "", "", 0, "-e4"},
        {"P*", FMT_COMP_BAD, "", "", "", 0, "P*"},
        {"Q-", FMT_COMP_BAD, "", "", "", 0, "Q-"},
        {"P e-e4", FMT_COMP_BAD, "", "", "", 0, "P e-e4"},
        {"P 5-e4", FMT_COMP_BAD, "", "", "", 0, "P 5-e4"},
        {"e2-e4 P", FMT_COMP_BAD, "", "", "", 0, "e2-e4 P"},
        {"P", FMT_COMP_BAD, "", "", "", 0, "P"},
        {"e4", FMT_COMP_BAD, "", "", "", 0, "e4"},
        {"\xc3\xa9\x32-e4", FMT_COMP_BAD, "", "", "", 0, "\xc3\xa9\x32-e4"},
        {"P e2\xe2\x80\x93\x65\x34", FMT_COMP_BAD, "", "", "", 0, "P e2\xe2\x80\x93\x65\x34"},
        {"1-0", FMT_COMP_BAD, "", "", "", 0, "1-0"},
    };
    check_comp_cases(cases, TS_NCASES(cases));
}

Test(formats_log, components_split_trimmed_and_empty_ones_ignored)
{
    struct fmt_game g = ts_game_of_moves("5. P d2-d4; N G1-F3 6... ;; k e3-d3 ;  r-e6 ; ");
    cr_assert_eq(g.nturns, 2);
    cr_assert_str_eq(g.turns[0].text, "P d2-d4; N G1-F3");
    cr_assert_eq(g.turns[0].ncomps, 2);
    ts_assert_comp(&g.turns[0].comps[0], FMT_COMP_MOVE, "P", "d2", "d4", 0, "P d2-d4");
    ts_assert_comp(&g.turns[0].comps[1], FMT_COMP_MOVE, "N", "G1", "F3", 0, "N G1-F3");
    cr_assert_str_eq(g.turns[1].text, ";; k e3-d3 ;  r-e6 ;");
    cr_assert_eq(g.turns[1].ncomps, 2);
    ts_assert_comp(&g.turns[1].comps[0], FMT_COMP_MOVE, "k", "e3", "d3", 0, "k e3-d3");
    ts_assert_comp(&g.turns[1].comps[1], FMT_COMP_PLACE, "r", "", "e6", '-', "r-e6");
    cr_assert_not(g.turns[1].marker_bad);
    fmt_game_release(&g);
}

Test(formats_log, trailing_separator_is_harmless)
{
    struct fmt_game g = ts_game_of_moves("3. N b1-c3; // a trailing separator is harmless");
    cr_assert_eq(g.nturns, 1);
    cr_assert_str_eq(g.turns[0].text, "N b1-c3;");
    cr_assert_eq(g.turns[0].ncomps, 1);
    cr_assert_not(g.turns[0].marker_bad);
    cr_assert_str_eq(g.turns[0].comment, "a trailing separator is harmless");
    fmt_game_release(&g);
}
