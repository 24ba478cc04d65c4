/*
 * The log parser (formats/log_*.c) against gcaudit(1) LOG FORMAT: games
 * and headers, markers, components, comments, declared results,
 * malformed games with their exact reasons, robustness on arbitrary text,
 * and the oracle vectors of tests/fixtures/oracle.
 */
#include "formats/formats.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ helpers */

#define MAXG 16

struct parsed {
    struct fmt_game g[MAXG];
    size_t n;
};

static void parse_len(const char *text, size_t len, struct parsed *out)
{
    fmt_parser *p = fmt_parser_new(text, len);
    cr_assert_not_null(p);
    int rc;
    out->n = 0;
    while ((rc = fmt_parser_next(p, &out->g[out->n])) == FMT_OK) {
        out->n++;
        cr_assert_lt(out->n, MAXG, "too many games for the test buffer");
    }
    cr_assert_eq(rc, FMT_EOF);
    fmt_parser_free(p);
}

static void parse(const char *text, struct parsed *out)
{
    parse_len(text, strlen(text), out);
}

static void release(struct parsed *ps)
{
    for (size_t i = 0; i < ps->n; i++)
        fmt_game_release(&ps->g[i]);
}

/* The one game of text. */
static struct fmt_game one(const char *text)
{
    struct parsed ps;
    parse(text, &ps);
    cr_assert_eq(ps.n, 1, "expected one game, got %zu", ps.n);
    return ps.g[0];
}

/* The game of "Game: Chess", a blank line, then moves. */
static struct fmt_game moves(const char *moves_text)
{
    char *text = ts_fmt("Game: Chess\n\n%s\n", moves_text);
    struct fmt_game g = one(text);
    free(text);
    return g;
}

static void assert_comp(const struct fmt_component *c, enum fmt_comp_kind kind,
                        const char *label, const char *from, const char *to,
                        char op, const char *text)
{
    cr_assert_eq(c->kind, kind, "\"%s\": kind %d, expected %d", text, c->kind, kind);
    cr_assert_str_eq(c->label, label, "\"%s\": label", text);
    cr_assert_str_eq(c->from, from, "\"%s\": from", text);
    cr_assert_str_eq(c->to, to, "\"%s\": to", text);
    cr_assert_eq(c->op, op, "\"%s\": op", text);
    cr_assert_str_eq(c->text, text);
}

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
        struct fmt_game g = moves(line);
        free(line);
        cr_assert_eq(g.nturns, 1, "\"%s\"", cases[i].in);
        cr_assert_eq(g.turns[0].ncomps, 1, "\"%s\"", cases[i].in);
        cr_assert_not(g.turns[0].marker_bad, "\"%s\"", cases[i].in);
        assert_comp(&g.turns[0].comps[0], cases[i].kind, cases[i].label,
                    cases[i].from, cases[i].to, cases[i].op, cases[i].text);
        fmt_game_release(&g);
    }
}

#define NCASES(a) (sizeof(a) / sizeof((a)[0]))

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
    check_comp_cases(cases, NCASES(cases));
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
    check_comp_cases(cases, NCASES(cases));
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
    check_comp_cases(cases, NCASES(cases));
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
    check_comp_cases(cases, NCASES(cases));
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
    check_comp_cases(cases, NCASES(cases));
}

Test(formats_log, components_split_trimmed_and_empty_ones_ignored)
{
    struct fmt_game g = moves("5. P d2-d4; N G1-F3 6... ;; k e3-d3 ;  r-e6 ; ");
    cr_assert_eq(g.nturns, 2);
    cr_assert_str_eq(g.turns[0].text, "P d2-d4; N G1-F3");
    cr_assert_eq(g.turns[0].ncomps, 2);
    assert_comp(&g.turns[0].comps[0], FMT_COMP_MOVE, "P", "d2", "d4", 0, "P d2-d4");
    assert_comp(&g.turns[0].comps[1], FMT_COMP_MOVE, "N", "G1", "F3", 0, "N G1-F3");
    cr_assert_str_eq(g.turns[1].text, ";; k e3-d3 ;  r-e6 ;");
    cr_assert_eq(g.turns[1].ncomps, 2);
    assert_comp(&g.turns[1].comps[0], FMT_COMP_MOVE, "k", "e3", "d3", 0, "k e3-d3");
    assert_comp(&g.turns[1].comps[1], FMT_COMP_PLACE, "r", "", "e6", '-', "r-e6");
    cr_assert_not(g.turns[1].marker_bad);
    fmt_game_release(&g);
}

Test(formats_log, trailing_separator_is_harmless)
{
    struct fmt_game g = moves("3. N b1-c3; // a trailing separator is harmless");
    cr_assert_eq(g.nturns, 1);
    cr_assert_str_eq(g.turns[0].text, "N b1-c3;");
    cr_assert_eq(g.turns[0].ncomps, 1);
    cr_assert_not(g.turns[0].marker_bad);
    cr_assert_str_eq(g.turns[0].comment, "a trailing separator is harmless");
    fmt_game_release(&g);
}

/* ------------------------------------------------------------ markers */

Test(formats_log, markers_several_turns_per_line)
{
    struct fmt_game g = moves("1. P e2-e4 1... p e7-e5 2. N g1-f3\n2... n b8-c6");
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
    struct fmt_game g = moves("1. P e2-e4;1... p e7-e5");
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
    struct fmt_game g = moves("1. P e2-e4 x2. N g1-f3");
    cr_assert_eq(g.nturns, 1);
    cr_assert_str_eq(g.turns[0].text, "P e2-e4 x2. N g1-f3");
    cr_assert_eq(g.turns[0].comps[0].kind, FMT_COMP_BAD);
    fmt_game_release(&g);
}

Test(formats_log, marker_without_space_and_with_indent)
{
    struct fmt_game g = moves("   1.P e2-e4\n\t1...p e7-e5");
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
    for (size_t i = 0; i < NCASES(cases); i++) {
        struct fmt_game g = moves(cases[i].in);
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
    struct fmt_game g = moves("4. P e2-e4 4.. p e7-e5 5. 5... p d7-d5");
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
    struct fmt_game g = moves("99999999999999999999. P e2-e4");
    cr_assert_eq(g.nturns, 1);
    cr_assert_eq(g.turns[0].number, 2147483647);
    cr_assert_str_eq(g.turns[0].marker, "99999999999999999999.");
    fmt_game_release(&g);
}

/* ----------------------------------------------------------- comments */

Test(formats_log, comment_on_a_turn)
{
    struct fmt_game g = moves("2. P e4-d5 // the pawn takes ");
    cr_assert_eq(g.nturns, 1);
    cr_assert_str_eq(g.turns[0].text, "P e4-d5");
    cr_assert_str_eq(g.turns[0].comment, "the pawn takes");
    cr_assert_eq(g.turns[0].ncomps, 1);
    fmt_game_release(&g);
}

Test(formats_log, comment_goes_with_last_turn_of_its_line)
{
    struct fmt_game g = moves("1. e2-e4 1... e7-e5 // both played");
    cr_assert_eq(g.nturns, 2);
    cr_assert_null(g.turns[0].comment);
    cr_assert_str_eq(g.turns[0].text, "e2-e4");
    cr_assert_str_eq(g.turns[1].comment, "both played");
    cr_assert_str_eq(g.turns[1].text, "e7-e5");
    fmt_game_release(&g);
}

Test(formats_log, comment_lines_belong_to_no_turn)
{
    struct fmt_game g = moves("1. e2-e4\n// a note on the opening\n   // indented note\n1... e7-e5");
    cr_assert_eq(g.nturns, 2);
    cr_assert_null(g.turns[0].comment);
    cr_assert_null(g.turns[1].comment);
    cr_assert_not(g.malformed);
    fmt_game_release(&g);
}

Test(formats_log, comment_hides_markers_and_empty_comment_is_null)
{
    struct fmt_game g = moves("1. e2-e4 // 2. d2-d4\n1... e7-e5 //\n2. d2-d4 //   ");
    cr_assert_eq(g.nturns, 3);
    cr_assert_str_eq(g.turns[0].comment, "2. d2-d4");
    cr_assert_null(g.turns[1].comment);
    cr_assert_null(g.turns[2].comment);
    fmt_game_release(&g);
}

Test(formats_log, comment_line_right_after_header)
{
    struct fmt_game g = one("Game: Chess\n// from the server\n1. e2-e4\n");
    cr_assert_not(g.malformed);
    cr_assert_eq(g.nturns, 1);
    fmt_game_release(&g);
}

/* ------------------------------------------------------------- header */

Test(formats_log, every_known_header_key)
{
    struct fmt_game g = one(
        "Game: Extinction Chess\n"
        "Settings: alfaerie\n"
        "Log: quill-volkov-2024-310-17\n"
        "Event:   Extinction Chess Tournament 2024  \n"
        "Round: 3\n"
        "White: Ada Quill\n"
        "Black: Dmitri Volkov\n"
        "Started: 2024-11-05\n"
        "Ended: 2024-12-02\n"
        "Status: Dmitri Volkov has resigned.\n"
        "Result: 1-0\n"
        "\n"
        "1. P e2-e4\n");
    cr_assert_eq(g.index, 1);
    cr_assert_eq(g.line, 1);
    cr_assert_str_eq(g.game, "Extinction Chess");
    cr_assert_str_eq(g.settings, "alfaerie");
    cr_assert_str_eq(g.log, "quill-volkov-2024-310-17");
    cr_assert_str_eq(g.event, "Extinction Chess Tournament 2024");
    cr_assert_str_eq(g.round, "3");
    cr_assert_str_eq(g.white, "Ada Quill");
    cr_assert_str_eq(g.black, "Dmitri Volkov");
    cr_assert_str_eq(g.started, "2024-11-05");
    cr_assert_str_eq(g.ended, "2024-12-02");
    cr_assert_str_eq(g.status, "Dmitri Volkov has resigned.");
    cr_assert_str_eq(g.result, "1-0");
    cr_assert_eq(g.nextra, 0);
    cr_assert_eq(g.result_decl, FMT_DECL_WHITE);
    cr_assert_eq(g.status_decl, FMT_DECL_WHITE);
    cr_assert_eq(g.status_how, FMT_HOW_RESIGNATION);
    cr_assert_not(g.malformed);
    cr_assert_null(g.malformed_reason);
    cr_assert_eq(g.nturns, 1);
    fmt_game_release(&g);
}

Test(formats_log, absent_keys_are_null)
{
    struct fmt_game g = one("Game: Chess\n");
    cr_assert_str_eq(g.game, "Chess");
    cr_assert_null(g.settings);
    cr_assert_null(g.log);
    cr_assert_null(g.event);
    cr_assert_null(g.round);
    cr_assert_null(g.white);
    cr_assert_null(g.black);
    cr_assert_null(g.started);
    cr_assert_null(g.ended);
    cr_assert_null(g.status);
    cr_assert_null(g.result);
    cr_assert_eq(g.result_decl, FMT_DECL_NONE);
    cr_assert_eq(g.status_decl, FMT_DECL_NONE);
    cr_assert_eq(g.status_how, FMT_HOW_NONE);
    cr_assert_eq(g.nturns, 0);  /* a game without moves is fine */
    cr_assert_null(g.turns);
    cr_assert_not(g.malformed);
    fmt_game_release(&g);
}

Test(formats_log, keys_are_case_insensitive)
{
    struct fmt_game g = one("game: Chess\nLOG: g-1\nwHiTe: Ada\nblack: Bob\nRESULT: 0-1\n"
                            "status: Ada resigned\nsettings: s\nEVENT: e\nround: 2\n"
                            "started: 2024-01-01\nEnded: 2024-01-02\n\n1. e2-e4\n");
    cr_assert_str_eq(g.game, "Chess");
    cr_assert_str_eq(g.log, "g-1");
    cr_assert_str_eq(g.white, "Ada");
    cr_assert_str_eq(g.black, "Bob");
    cr_assert_str_eq(g.result, "0-1");
    cr_assert_str_eq(g.status, "Ada resigned");
    cr_assert_str_eq(g.settings, "s");
    cr_assert_str_eq(g.event, "e");
    cr_assert_str_eq(g.round, "2");
    cr_assert_str_eq(g.started, "2024-01-01");
    cr_assert_str_eq(g.ended, "2024-01-02");
    cr_assert_eq(g.nextra, 0);
    fmt_game_release(&g);
}

Test(formats_log, repeated_key_last_wins)
{
    struct fmt_game g = one("Game: Chess\nLog: first\nlog: second\nResult: 1-0\nResult: junk\n");
    cr_assert_str_eq(g.log, "second");
    cr_assert_str_eq(g.result, "junk");
    cr_assert_eq(g.result_decl, FMT_DECL_NONE);
    fmt_game_release(&g);
}

Test(formats_log, unknown_keys_kept_in_order_last_wins)
{
    struct fmt_game g = one("Game: Chess\nRated: yes\nX-Site_2: cvp\nrated: no\nTC:\n");
    cr_assert_eq(g.nextra, 3);
    /* a repeated unknown key keeps the place of its first line */
    cr_assert_str_eq(g.extra[0].key, "rated");
    cr_assert_str_eq(g.extra[0].value, "no");
    cr_assert_str_eq(g.extra[1].key, "X-Site_2");
    cr_assert_str_eq(g.extra[1].value, "cvp");
    cr_assert_str_eq(g.extra[2].key, "TC");
    cr_assert_str_eq(g.extra[2].value, "");
    fmt_game_release(&g);
}

Test(formats_log, header_lines_above_game_belong_to_it)
{
    struct parsed ps;
    parse("intro text, ignored\nTitle: ignored block\n\nLog: g-1\nWhite: Ada\nGame: Chess\n"
          "Black: Bob\n\n1. e2-e4\n",
          &ps);
    cr_assert_eq(ps.n, 1);
    struct fmt_game *g = &ps.g[0];
    cr_assert_eq(g->line, 4);
    cr_assert_str_eq(g->log, "g-1");
    cr_assert_str_eq(g->white, "Ada");
    cr_assert_str_eq(g->black, "Bob");
    cr_assert_eq(g->nextra, 0);  /* Title was in a block of its own */
    cr_assert_eq(g->nturns, 1);
    release(&ps);
}

Test(formats_log, text_before_the_first_game_is_ignored)
{
    struct parsed ps;
    parse("Some archive notes.\nAuthor: me\n\n1. e2-e4\nfoo\n\nGame: Chess\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_eq(ps.g[0].line, 7);
    cr_assert_not(ps.g[0].malformed);
    cr_assert_eq(ps.g[0].nturns, 1);
    release(&ps);
}

Test(formats_log, double_slash_in_header_is_not_a_comment)
{
    struct fmt_game g = one("Game: Chess\nEvent: Open // 2024\nSettings: http://example.org/x\n");
    cr_assert_str_eq(g.event, "Open // 2024");
    cr_assert_str_eq(g.settings, "http://example.org/x");
    fmt_game_release(&g);
}

Test(formats_log, empty_game_value_is_kept)
{
    struct parsed ps;
    parse("Game:\nLog: a\n\n1. e2-e4\nGame:   \nLog: b\n", &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_str_eq(ps.g[0].game, "");
    cr_assert_str_eq(ps.g[0].log, "a");
    cr_assert_not(ps.g[0].malformed);
    cr_assert_eq(ps.g[0].nturns, 1);
    cr_assert_str_eq(ps.g[1].game, "");
    cr_assert_str_eq(ps.g[1].log, "b");
    release(&ps);
}

Test(formats_log, header_line_shapes)
{
    /* no space after ':', spaces before it and indented keys are header
     * lines; a key of two words or starting with a digit is not */
    struct parsed ps;
    parse("Game:Chess\n  Log:\tg-1\nWhite : Ada\nBlack Player: Bob\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_str_eq(ps.g[0].game, "Chess");
    cr_assert_str_eq(ps.g[0].log, "g-1");
    cr_assert_str_eq(ps.g[0].white, "Ada");
    cr_assert_null(ps.g[0].black);
    cr_assert(ps.g[0].malformed);
    cr_assert_str_eq(ps.g[0].malformed_reason,
                     "line does not start with a turn marker: \"Black Player: Bob\"");
    cr_assert_eq(ps.g[0].malformed_line, 4);
    release(&ps);

    parse("Game: Chess\n\n1. e2-e4\n12: x\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert(ps.g[0].malformed);
    cr_assert_eq(ps.g[0].malformed_line, 4);
    cr_assert_str_eq(ps.g[0].malformed_reason,
                     "line does not start with a turn marker: \"12: x\"");
    release(&ps);

    /* "game :" starts a game, as the input walker's sniff expects */
    parse("notes\n\tgame\t: Chess\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_str_eq(ps.g[0].game, "Chess");
    cr_assert_eq(ps.g[0].line, 2);
    release(&ps);
}

/* -------------------------------------------------------------- games */

Test(formats_log, several_games_per_file)
{
    struct parsed ps;
    parse("Game: Chess\nLog: a\n\n1. e2-e4\n1... e7-e5\n\n"
          "Game: Backlash\nLog: b\n\n1. P E2-E4\n"
          "Game: Retro Chess\nLog: c\n",
          &ps);
    cr_assert_eq(ps.n, 3);
    const char *logs[] = {"a", "b", "c"};
    const int lines[] = {1, 7, 11};
    const size_t nturns[] = {2, 1, 0};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(ps.g[i].index, i + 1);
        cr_assert_str_eq(ps.g[i].log, logs[i]);
        cr_assert_eq(ps.g[i].line, lines[i]);
        cr_assert_eq(ps.g[i].nturns, nturns[i]);
        cr_assert_not(ps.g[i].malformed);
    }
    cr_assert_str_eq(ps.g[1].game, "Backlash");
    release(&ps);
}

Test(formats_log, header_line_after_moves_begins_a_new_game)
{
    struct parsed ps;
    parse("Game: Chess\n\n1. e2-e4\nLog: second\nWhite: Ada\nGame: Chess\n1. d2-d4\n", &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_eq(ps.g[0].nturns, 1);
    cr_assert_null(ps.g[0].log);
    cr_assert_eq(ps.g[1].line, 4);
    cr_assert_str_eq(ps.g[1].log, "second");
    cr_assert_str_eq(ps.g[1].white, "Ada");
    cr_assert_eq(ps.g[1].nturns, 1);  /* a marker line right after the header */
    cr_assert_eq(ps.g[1].turns[0].line, 7);
    cr_assert_not(ps.g[1].malformed);
    release(&ps);
}

Test(formats_log, second_game_line_in_one_block_starts_a_game)
{
    struct parsed ps;
    parse("Game: Chess\nLog: a\nGame: Backlash\nLog: b\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_str_eq(ps.g[0].game, "Chess");
    cr_assert_str_eq(ps.g[0].log, "a");
    cr_assert_eq(ps.g[0].nturns, 0);
    cr_assert_str_eq(ps.g[1].game, "Backlash");
    cr_assert_str_eq(ps.g[1].log, "b");
    cr_assert_eq(ps.g[1].line, 3);
    cr_assert_eq(ps.g[1].nturns, 1);
    release(&ps);
}

Test(formats_log, utf8_names_preserved)
{
    struct fmt_game g = one("Game: Chess\nWhite: Fran\xc3\xa7ois L\xc3\xa9vesque\n"
                            "Black: Elif \xc5\x9e\x61hin\nEvent: \xe2\x80\x9cOpen\xe2\x80\x9d\n");
    cr_assert_str_eq(g.white, "Fran\xc3\xa7ois L\xc3\xa9vesque");
    cr_assert_str_eq(g.black, "Elif \xc5\x9e\x61hin");
    cr_assert_str_eq(g.event, "\xe2\x80\x9cOpen\xe2\x80\x9d");
    fmt_game_release(&g);
}

Test(formats_log, no_trailing_newline_and_length_respected)
{
    const char *text = "Game: Chess\n\n1. e2-e4\nGame: Backlash\n\n1. P E2-E4";
    struct parsed ps;
    parse(text, &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_str_eq(ps.g[1].turns[0].text, "P E2-E4");
    release(&ps);
    /* only the first len bytes are read */
    parse_len(text, strlen("Game: Chess\n\n1. e2-e"), &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_str_eq(ps.g[0].turns[0].text, "e2-e");
    release(&ps);
}

Test(formats_log, empty_and_gameless_texts)
{
    struct parsed ps;
    parse("", &ps);
    cr_assert_eq(ps.n, 0);
    parse("just some text\nKey: value\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 0);
    parse_len(NULL, 0, &ps);
    cr_assert_eq(ps.n, 0);
    fmt_parser_free(NULL);
    fmt_game_release(NULL);
}

Test(formats_log, release_zeroes_the_game)
{
    struct fmt_game g = moves("1. e2-e4 // c");
    fmt_game_release(&g);
    struct fmt_game zero;
    memset(&zero, 0, sizeof zero);
    cr_assert_eq(memcmp(&g, &zero, sizeof g), 0);
    fmt_game_release(&g);  /* twice is harmless */
}

/* ---------------------------------------------------------- malformed */

Test(formats_log, malformed_header_block_without_game)
{
    struct parsed ps;
    parse("Game: Chess\nLog: a\n\n1. e2-e4\n\n"
          "Log: orphan\nWhite: Ada\nBlack: Bob\n\n1. d2-d4\nStatus: x\n\n"
          "Game: Chess\nLog: c\n\n1. c2-c4\n",
          &ps);
    cr_assert_eq(ps.n, 3);
    cr_assert_not(ps.g[0].malformed);
    struct fmt_game *m = &ps.g[1];
    cr_assert(m->malformed);
    cr_assert_eq(m->index, 2);
    cr_assert_eq(m->line, 6);
    cr_assert_eq(m->malformed_line, 6);
    cr_assert_str_eq(m->malformed_reason, "header block has no Game: key");
    cr_assert_str_eq(m->log, "orphan");
    cr_assert_str_eq(m->white, "Ada");
    cr_assert_str_eq(m->black, "Bob");
    cr_assert_null(m->game);
    cr_assert_eq(m->nturns, 0);
    /* gcaudit(1), Malformed games: "1. d2-d4" and the Status block are
     * skipped */
    cr_assert_eq(ps.g[2].index, 3);
    cr_assert_str_eq(ps.g[2].log, "c");
    cr_assert_null(ps.g[2].status);
    cr_assert_eq(ps.g[2].nturns, 1);
    cr_assert_str_eq(ps.g[2].turns[0].text, "c2-c4");
    release(&ps);
}

Test(formats_log, malformed_line_without_marker)
{
    struct parsed ps;
    parse("Game: Chess\nLog: a\nWhite: Ada\nBlack: Bob\n\n1. e2-e4\n  foo bar  \n2. d2-d4\n\n"
          "Event: skipped too\n\nLog: b\nGame: Chess\n\n1. c2-c4\n",
          &ps);
    cr_assert_eq(ps.n, 2);
    struct fmt_game *m = &ps.g[0];
    cr_assert(m->malformed);
    cr_assert_eq(m->malformed_line, 7);
    cr_assert_str_eq(m->malformed_reason, "line does not start with a turn marker: \"foo bar\"");
    cr_assert_str_eq(m->log, "a");
    cr_assert_str_eq(m->white, "Ada");
    cr_assert_str_eq(m->black, "Bob");
    cr_assert_eq(m->nturns, 1);  /* turns before the bad line are kept */
    /* the header line directly above Game: belongs to the next game */
    cr_assert_str_eq(ps.g[1].log, "b");
    cr_assert_null(ps.g[1].event);
    cr_assert_eq(ps.g[1].line, 12);
    cr_assert_not(ps.g[1].malformed);
    cr_assert_eq(ps.g[1].nturns, 1);
    release(&ps);
}

Test(formats_log, malformed_variants_of_non_marker_lines)
{
    static const struct {
        const char *moves;
        int line;
        const char *reason;
    } cases[] = {
        /* ("resign" alone is a move list without markers:
         * tests/formats/test_log_turns.c) */
        {"5 P e2-e4", 3, "line does not start with a turn marker: \"5 P e2-e4\""},
        {"1. e2-e4\n... e7-e5", 4, "line does not start with a turn marker: \"... e7-e5\""},
        {"1. e2-e4\nP e2-e4 // note", 4,
         "line does not start with a turn marker: \"P e2-e4 // note\""},
        {"/ not a comment", 3, "line does not start with a turn marker: \"/ not a comment\""},
        {"e2-e4 \"quoted\"", 3, "line does not start with a turn marker: \"e2-e4 \"quoted\"\""},
    };
    for (size_t i = 0; i < NCASES(cases); i++) {
        struct fmt_game g = moves(cases[i].moves);
        cr_assert(g.malformed, "\"%s\"", cases[i].moves);
        cr_assert_eq(g.malformed_line, cases[i].line, "\"%s\"", cases[i].moves);
        cr_assert_str_eq(g.malformed_reason, cases[i].reason);
        fmt_game_release(&g);
    }
}

Test(formats_log, malformed_right_after_header)
{
    struct fmt_game g = one("Game: Chess\nLog: a\nsome words\n1. e2-e4\n");
    cr_assert(g.malformed);
    cr_assert_eq(g.malformed_line, 3);
    cr_assert_str_eq(g.malformed_reason,
                     "line does not start with a turn marker: \"some words\"");
    cr_assert_str_eq(g.log, "a");
    cr_assert_eq(g.nturns, 0);
    fmt_game_release(&g);
}

Test(formats_log, malformed_quote_is_cut)
{
    char line[101];
    memset(line, 'x', 100);
    line[100] = '\0';
    struct fmt_game g = moves(line);
    char *want = ts_fmt("line does not start with a turn marker: \"%.60s...\"", line);
    cr_assert_str_eq(g.malformed_reason, want);
    free(want);
    fmt_game_release(&g);

    /* 59 bytes then a two-byte letter: the cut never splits it */
    char utf[80];
    memset(utf, 'y', 59);
    strcpy(utf + 59, "\xc3\xa9zzzzzzzzzz");
    g = moves(utf);
    want = ts_fmt("line does not start with a turn marker: \"%.59s...\"", utf);
    cr_assert_str_eq(g.malformed_reason, want);
    free(want);
    fmt_game_release(&g);
}

/* ------------------------------------------------------------- Result */

Test(formats_log, result_values)
{
    static const struct {
        const char *value;
        enum fmt_declared decl;
    } cases[] = {
        {"1-0", FMT_DECL_WHITE},
        {"0-1", FMT_DECL_BLACK},
        {"1/2-1/2", FMT_DECL_DRAW},
        {"*", FMT_DECL_UNFINISHED},
        {"   1-0   ", FMT_DECL_WHITE},
        {"1 - 0", FMT_DECL_NONE},
        {"\xc2\xbd-\xc2\xbd", FMT_DECL_NONE},
        {"white wins", FMT_DECL_NONE},
        {"", FMT_DECL_NONE},
    };
    for (size_t i = 0; i < NCASES(cases); i++) {
        char *text = ts_fmt("Game: Chess\nResult: %s\n", cases[i].value);
        struct fmt_game g = one(text);
        free(text);
        cr_assert_eq(g.result_decl, cases[i].decl, "Result: \"%s\"", cases[i].value);
        cr_assert_eq(g.status_decl, FMT_DECL_NONE);
        fmt_game_release(&g);
    }
}

/* ------------------------------------------------------------- Status */

struct status_case {
    const char *status, *white, *black; /* NULL: header absent */
    enum fmt_declared decl;
    enum fmt_how how;
};

static void check_status_cases(const struct status_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *w = cases[i].white ? ts_fmt("White: %s\n", cases[i].white) : strdup("");
        char *b = cases[i].black ? ts_fmt("Black: %s\n", cases[i].black) : strdup("");
        /* Status comes first: names are resolved after the whole header */
        char *text = ts_fmt("Game: Chess\nStatus: %s\n%s%s\n1. e2-e4\n", cases[i].status, w, b);
        struct fmt_game g = one(text);
        cr_assert_eq(g.status_decl, cases[i].decl, "Status: \"%s\" (%s / %s): decl %d",
                     cases[i].status, cases[i].white, cases[i].black, g.status_decl);
        cr_assert_eq(g.status_how, cases[i].how, "Status: \"%s\": how %d", cases[i].status,
                     g.status_how);
        cr_assert_eq(g.result_decl, FMT_DECL_NONE);
        fmt_game_release(&g);
        free(text);
        free(w);
        free(b);
    }
}

#define ADA "Ada Quill"
#define DMITRI "Dmitri Volkov"

Test(formats_log, status_phrases)
{
    static const struct status_case cases[] = {
        {"Ada Quill has resigned.", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_RESIGNATION},
        {"Dmitri Volkov has resigned.", ADA, DMITRI, FMT_DECL_WHITE, FMT_HOW_RESIGNATION},
        {"Dmitri Volkov resigned", ADA, DMITRI, FMT_DECL_WHITE, FMT_HOW_RESIGNATION},
        {"Ada Quill has won.", ADA, DMITRI, FMT_DECL_WHITE, FMT_HOW_WON},
        {"Dmitri Volkov has won!", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_WON},
        {"Dmitri Volkov wins", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_WON},
        {"Ada Quill ran out of time", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_TIMEOUT},
        {"Dmitri Volkov timed out.", ADA, DMITRI, FMT_DECL_WHITE, FMT_HOW_TIMEOUT},
        {"Draw", ADA, DMITRI, FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
        {"Drawn", ADA, DMITRI, FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
        {"Draw agreed", ADA, DMITRI, FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
        {"Drawn by agreement", ADA, DMITRI, FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
        {"DRAWN   BY AGREEMENT.", NULL, NULL, FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
        {"draw!", NULL, NULL, FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
        {"In progress", ADA, DMITRI, FMT_DECL_UNFINISHED, FMT_HOW_PROGRESS},
        {"in  PROGRESS", NULL, NULL, FMT_DECL_UNFINISHED, FMT_HOW_PROGRESS},
        {"Game over", ADA, DMITRI, FMT_DECL_NONE, FMT_HOW_NONE},
        {"Draw offered", ADA, DMITRI, FMT_DECL_NONE, FMT_HOW_NONE},
        {"has resigned", ADA, DMITRI, FMT_DECL_NONE, FMT_HOW_NONE},
        {"", ADA, DMITRI, FMT_DECL_NONE, FMT_HOW_NONE},
    };
    check_status_cases(cases, NCASES(cases));
}

Test(formats_log, status_name_matching)
{
    static const struct status_case cases[] = {
        /* case and white space */
        {"ada quill HAS RESIGNED", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_RESIGNATION},
        {"  Ada   Quill   has  resigned  ", "Ada  Quill ", DMITRI, FMT_DECL_BLACK,
         FMT_HOW_RESIGNATION},
        {"Ada\tQuill resigned", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_RESIGNATION},
        /* trailing '.' or '!' of the phrase and of the header value */
        {"Ada Quill resigned!", "Ada Quill.", DMITRI, FMT_DECL_BLACK, FMT_HOW_RESIGNATION},
        {"Tolkien Jr. has resigned.", "Tolkien Jr.", DMITRI, FMT_DECL_BLACK,
         FMT_HOW_RESIGNATION},
        /* the words White and Black, any case */
        {"White resigned", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_RESIGNATION},
        {"black WINS", ADA, DMITRI, FMT_DECL_BLACK, FMT_HOW_WON},
        {"BLACK timed out", NULL, NULL, FMT_DECL_WHITE, FMT_HOW_TIMEOUT},
        /* player names before the words */
        {"Black resigned", "Black", "Bob", FMT_DECL_BLACK, FMT_HOW_RESIGNATION},
        {"White wins", "Ann", "White", FMT_DECL_BLACK, FMT_HOW_WON},
        /* matching both or nobody: ignored */
        {"Sam resigned", "Sam", "sam", FMT_DECL_NONE, FMT_HOW_NONE},
        {"Zed resigned", ADA, DMITRI, FMT_DECL_NONE, FMT_HOW_NONE},
        {"Ada resigned", ADA, DMITRI, FMT_DECL_NONE, FMT_HOW_NONE},
        {"Ada Quill resigned", NULL, NULL, FMT_DECL_NONE, FMT_HOW_NONE},
        /* a player whose name ends with a phrase word */
        {"Tom has resigned", "Tom has", "Bob", FMT_DECL_BLACK, FMT_HOW_RESIGNATION},
        {"Gwen O'Hara has resigned.", "Gwen O'Hara", DMITRI, FMT_DECL_BLACK,
         FMT_HOW_RESIGNATION},
        /* UTF-8 names, folded beyond ASCII */
        {"Elif \xc5\x9e\x61hin resigned", ADA, "Elif \xc5\x9e\x61hin", FMT_DECL_WHITE,
         FMT_HOW_RESIGNATION},
        {"ELIF \xc5\x9e\x41HIN resigned", ADA, "Elif \xc5\x9f\x61hin", FMT_DECL_WHITE,
         FMT_HOW_RESIGNATION},
        {"FRAN\xc3\x87OIS L\xc3\x89VESQUE has won.", "Fran\xc3\xa7ois L\xc3\xa9vesque", ADA,
         FMT_DECL_WHITE, FMT_HOW_WON},
        {"\xd0\x98\xd0\x92\xd0\x90\xd0\x9d wins", "\xd0\xb8\xd0\xb2\xd0\xb0\xd0\xbd", ADA,
         FMT_DECL_WHITE, FMT_HOW_WON},
        {"Francois Levesque has won.", "Fran\xc3\xa7ois L\xc3\xa9vesque", ADA, FMT_DECL_NONE,
         FMT_HOW_NONE},
    };
    check_status_cases(cases, NCASES(cases));
}

Test(formats_log, status_and_result_together)
{
    struct fmt_game g = one("Game: Chess\nWhite: Ada\nBlack: Bob\nResult: 1/2-1/2\n"
                            "Status: Bob has won.\n");
    cr_assert_eq(g.result_decl, FMT_DECL_DRAW);
    cr_assert_eq(g.status_decl, FMT_DECL_BLACK);
    cr_assert_eq(g.status_how, FMT_HOW_WON);
    fmt_game_release(&g);
}

/* Retro Chess maps a person's declaration through the colour switch but
 * not the words White/Black (docs/rules.md, Retro Chess: Colours and
 * persons): the parser says which. */
Test(formats_log, status_says_whether_a_person_was_named)
{
    static const struct {
        const char *status;
        int person;
    } cases[] = {
        {"Bob has won.", 1}, {"Ada resigned", 0}, {"White has resigned", -1},
        {"black wins", -1},  {"Draw agreed", -1}, {"Nobody has won", -1},
    };
    for (size_t i = 0; i < NCASES(cases); i++) {
        char *text = ts_fmt("Game: Chess\nWhite: Ada\nBlack: Bob\nStatus: %s\n", cases[i].status);
        struct fmt_game g = one(text);
        cr_expect_eq(g.status_person, cases[i].person, "Status: %s", cases[i].status);
        fmt_game_release(&g);
        free(text);
    }
}

/* --------------------------------------------------------- game names */

Test(formats_log, normalise_game_name)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"Chess", "chess"},
        {"Orthodox Chess", "orthodoxchess"},
        {"FIDE-Chess", "fidechess"},
        {"Extinction Chess", "extinctionchess"},
        {"BACKLASH", "backlash"},
        {"Palindromic  Chess", "palindromicchess"},
        {"Retro's Chess", "retroschess"},
        {"Retro\xe2\x80\x99s Chess", "retroschess"},
        {"Caf\xc3\xa9 Chess", "caf\xc3\xa9\x63hess"},
        {"", ""},
    };
    char out[64];
    for (size_t i = 0; i < NCASES(cases); i++) {
        fmt_normalise_game_name(cases[i].in, out, sizeof out);
        cr_assert_str_eq(out, cases[i].out, "\"%s\"", cases[i].in);
    }
    fmt_normalise_game_name("Extinction", out, 5);
    cr_assert_str_eq(out, "exti");
    fmt_normalise_game_name("\xc3\xa9\xc3\xa9", out, 4);
    cr_assert_str_eq(out, "\xc3\xa9");  /* never half a letter */
    fmt_normalise_game_name("Chess", out, 1);
    cr_assert_str_eq(out, "");
    fmt_normalise_game_name(NULL, out, sizeof out);
    cr_assert_str_eq(out, "");
}

/* --------------------------------------------------------- robustness */

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The text of a game of `pairs` turn pairs: one a line with a comment,
 * or all on one line. */
static char *long_game(int pairs, int one_line)
{
    size_t cap = 64 + (size_t)pairs * 48;
    char *text = malloc(cap);
    cr_assert_not_null(text);
    size_t n = (size_t)snprintf(text, cap, "Game: Chess\n\n");
    for (int i = 1; i <= pairs; i++) {
        /* a small buffer: sanitizers check the whole destination of
         * snprintf, which would make building the text quadratic */
        char turn[64];
        int len = snprintf(turn, sizeof turn, "%d. P e2-e4 %d... p e7-e5%s", i, i,
                           one_line ? "; " : " // c\n");
        memcpy(text + n, turn, (size_t)len);
        n += (size_t)len;
    }
    text[n] = '\0';
    return text;
}

/* A game of so many header lines, half of them repeated keys. */
static char *long_header(int lines)
{
    size_t cap = 64 + (size_t)lines * 24;
    char *text = malloc(cap);
    cr_assert_not_null(text);
    size_t n = (size_t)snprintf(text, cap, "Game: Chess\n");
    for (int i = 0; i < lines; i++) {
        char line[32];
        int len = snprintf(line, sizeof line, "K%d: v%d\n", i % (lines / 2), i);
        memcpy(text + n, line, (size_t)len);
        n += (size_t)len;
    }
    text[n] = '\0';
    return text;
}

/* The fastest of three parses of text, in seconds (the best of three
 * already sheds a busy machine's outliers; more only cost the suite's
 * time). */
static double parse_seconds(const char *text)
{
    double best = 1e9;
    for (int k = 0; k < 3; k++) {
        double t0 = seconds();
        struct fmt_game g = one(text);
        double dt = seconds() - t0;
        fmt_game_release(&g);
        best = dt < best ? dt : best;
    }
    return best;
}

/* Eight times the input may take about eight times as long, not the 64
 * times of a quadratic parse, whatever the machine's speed or the
 * sanitizers' cost.  Both sizes are past the caches (a smaller one is
 * several times faster a byte), and the bound, 24, is three times the
 * linear ratio and under half the quadratic one: a busy machine (a
 * landing once saw 10.5 for 4x the input, with 10 the bound) does not
 * make it fail, a quadratic parse still does. */
#define LINEAR_SIZES 8
#define LINEAR_RATIO_MAX 24.0

static void expect_linear(char *(*make)(int, int), int small, int flag, const char *what)
{
    char *a = make(small, flag), *b = make(small * LINEAR_SIZES, flag);
    double ta = parse_seconds(a), tb = parse_seconds(b);
    cr_expect_lt(tb, LINEAR_RATIO_MAX * (ta > 1e-4 ? ta : 1e-4),
                 "%s: %d took %.4f s, %d took %.4f s (%.1f times)", what, small, ta,
                 small * LINEAR_SIZES, tb, tb / ta);
    free(a);
    free(b);
}

static char *long_header_2(int lines, int unused)
{
    (void)unused;
    return long_header(lines);
}

Test(formats_log, turns_in_linear_time)
{
    /* one turn per line, then all on one line: neither may be quadratic */
    for (int one_line = 0; one_line < 2; one_line++) {
        char *text = long_game(50000, one_line);
        struct fmt_game g = one(text);
        cr_assert_eq(g.nturns, 100000);
        cr_assert_eq(g.turns[99999].number, 50000);
        cr_assert_eq(g.turns[99999].side, FMT_BLACK);
        cr_assert_eq(g.turns[99999].comps[0].kind, FMT_COMP_MOVE);
        fmt_game_release(&g);
        free(text);
        expect_linear(long_game, 25000, one_line, one_line ? "turns on one line" : "turn lines");
    }
}

Test(formats_log, header_block_in_linear_time)
{
    char *text = long_header(100000);
    struct fmt_game g = one(text);
    cr_assert_eq(g.nextra, 50000);
    cr_assert_str_eq(g.extra[7].key, "K7");
    cr_assert_str_eq(g.extra[7].value, "v50007");
    fmt_game_release(&g);
    free(text);
    expect_linear(long_header_2, 50000, 0, "header lines");
}

static void check_invariants(const struct fmt_game *g, int index)
{
    cr_assert_eq(g->index, index);
    cr_assert(g->line >= 1);
    cr_assert_eq(!!g->malformed, g->malformed_reason != NULL);
    for (size_t i = 0; i < g->nturns; i++) {
        const struct fmt_turn *t = &g->turns[i];
        cr_assert_not_null(t->marker);
        cr_assert_not_null(t->text);
        cr_assert(t->line >= g->line);
        if (t->ncomps == 0)
            cr_assert(t->marker_bad);
        for (size_t j = 0; j < t->ncomps; j++) {
            cr_assert_not_null(t->comps[j].text);
            cr_assert_neq(t->comps[j].text[0], '\0');
            cr_assert_lt(strlen(t->comps[j].to), FMT_SQUARE_MAX);
        }
    }
}

Test(formats_log, arbitrary_bytes_never_crash)
{
    static const char *pieces[] = {
        "Game: Chess\n", "Game:", "Log: x\n", "\n", "\n\n", " ", ";", ":", "//", "/", ".",
        "...", "..", "\xe2\x80\xa6", "1", "12", "e4", "-", "*", "@", "P ", "resign", "\xff",
        "\xc3", "\x80", "\t", "\r", "Status: White resigned\n", "White: a\n", "ab", "E",
    };
    unsigned seed = 12345;
    for (int round = 0; round < 2000; round++) {
        char buf[4096];
        size_t n = 0;
        int count = (int)(seed % 200);
        for (int i = 0; i < count; i++) {
            seed = seed * 1103515245u + 12345u;
            const char *piece = pieces[(seed >> 16) % NCASES(pieces)];
            size_t len = strlen(piece);
            if (n + len >= sizeof buf)
                break;
            memcpy(buf + n, piece, len);
            n += len;
        }
        buf[n] = '\0';
        seed = seed * 1103515245u + 12345u;
        fmt_parser *p = fmt_parser_new(buf, n);
        cr_assert_not_null(p);
        struct fmt_game g;
        int rc, index = 0;
        while ((rc = fmt_parser_next(p, &g)) == FMT_OK) {
            check_invariants(&g, ++index);
            fmt_game_release(&g);
        }
        cr_assert_eq(rc, FMT_EOF);
        fmt_parser_free(p);
    }
}

Test(formats_log, random_bytes_and_nul_never_crash)
{
    unsigned seed = 777;
    char buf[2048];
    for (int round = 0; round < 2000; round++) {
        /* a Game: line first, so that the noise is read as a moves section */
        size_t n = (size_t)snprintf(buf, sizeof buf, "Game: X\n");
        for (; n < sizeof buf - 1 && n < 8 + (size_t)(round % 500); n++) {
            seed = seed * 1103515245u + 12345u;
            buf[n] = (char)(1 + (seed >> 16) % 255);
        }
        buf[n] = '\0';
        struct parsed ps;
        parse(buf, &ps);
        cr_assert_geq(ps.n, 1);
        for (size_t i = 0; i < ps.n; i++)
            check_invariants(&ps.g[i], (int)i + 1);
        release(&ps);
    }
    /* the walker never hands over a NUL, but a NUL must not hurt either */
    static const char nul[] = "Game: Ch\0ess\n\n1. P e2\0-e4 // a\0b\n2. e2-e4\0\n";
    struct parsed ps;
    parse_len(nul, sizeof nul - 1, &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_eq(ps.g[0].nturns, 2);
    cr_assert_eq(ps.g[0].turns[0].comps[0].kind, FMT_COMP_BAD);
    release(&ps);
}

/* ------------------------------------------------------------ oracle */

/* The log_id of each line of an .expect.jsonl file, in order. */
static size_t expected_ids(const char *path, char ids[][64], size_t max)
{
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "cannot read %s", path);
    size_t n = 0;
    for (char *line = text; *line && n < max;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        char *id = strstr(line, "\"log_id\": \"");
        if (id) {
            id += strlen("\"log_id\": \"");
            size_t len = strcspn(id, "\"");
            cr_assert_lt(len, 64);
            memcpy(ids[n], id, len);
            ids[n][len] = '\0';
            n++;
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    free(text);
    return n;
}

struct planted {
    const char *variant;
    int game, turn;
    enum fmt_side side;
    const char *text;
};

/* The oracle's `syntax` mutations, from the .expect.jsonl files. */
static const struct planted planted_bad[] = {
    {"chess", 1, 41, FMT_WHITE, "Nf3"},
    {"chess", 51, 43, FMT_WHITE, "x"},
    {"chess", 52, 80, FMT_WHITE, "P e2-e4 !!"},
    {"chess", 60, 81, FMT_BLACK, "x"},
    {"extinction", 5, 3, FMT_WHITE, "x"},
    {"extinction", 50, 5, FMT_WHITE, "P e2-e4 !!"},
    {"palindromic", 44, 14, FMT_WHITE, "x"},
    {"retro", 4, 88, FMT_WHITE, "P e2-e4 !!"},
    {"retro", 40, 5, FMT_BLACK, "O-O"},
};

static int is_planted(const char *variant, int game, const struct fmt_turn *t,
                      const struct fmt_component *c)
{
    for (size_t i = 0; i < NCASES(planted_bad); i++) {
        const struct planted *pl = &planted_bad[i];
        if (strcmp(pl->variant, variant) == 0 && pl->game == game && pl->turn == t->number &&
            pl->side == t->side && strcmp(pl->text, c->text) == 0)
            return 1;
    }
    return 0;
}

Test(formats_log, oracle_vectors)
{
    static const char *variants[] = {"backlash", "chess", "extinction", "palindromic", "retro"};
    size_t bad_seen = 0;
    for (size_t v = 0; v < NCASES(variants); v++) {
        char ids[64][64];
        char *jpath = ts_fmt("%s/oracle/%s.expect.jsonl", GC_FIXTURES, variants[v]);
        size_t nids = expected_ids(jpath, ids, 64);
        free(jpath);
        cr_assert_eq(nids, 60, "%s: %zu expected games", variants[v], nids);

        char *lpath = ts_fmt("%s/oracle/%s.log", GC_FIXTURES, variants[v]);
        size_t len;
        char *text = ts_read_file(lpath, &len);
        cr_assert_not_null(text, "cannot read %s", lpath);
        free(lpath);
        fmt_parser *p = fmt_parser_new(text, len);
        struct fmt_game g;
        size_t n = 0;
        int rc;
        while ((rc = fmt_parser_next(p, &g)) == FMT_OK) {
            cr_assert_lt(n, 60, "%s: more than 60 games", variants[v]);
            cr_assert_eq(g.index, (int)n + 1);
            cr_assert_not(g.malformed, "%s game %zu: %s", variants[v], n + 1,
                          g.malformed_reason);
            cr_assert_not_null(g.log, "%s game %zu has no Log", variants[v], n + 1);
            cr_assert_str_eq(g.log, ids[n], "%s game %zu", variants[v], n + 1);
            cr_assert_not_null(g.game);
            cr_assert_gt(g.nturns, 0);
            for (size_t i = 0; i < g.nturns; i++) {
                const struct fmt_turn *t = &g.turns[i];
                cr_assert_not(t->marker_bad, "%s game %zu turn %s", variants[v], n + 1,
                              t->marker);
                for (size_t j = 0; j < t->ncomps; j++) {
                    if (t->comps[j].kind != FMT_COMP_BAD)
                        continue;
                    cr_assert(is_planted(variants[v], (int)n + 1, t, &t->comps[j]),
                              "%s game %zu turn %s: unexpected bad component \"%s\"",
                              variants[v], n + 1, t->marker, t->comps[j].text);
                    bad_seen++;
                }
            }
            fmt_game_release(&g);
            n++;
        }
        cr_assert_eq(rc, FMT_EOF);
        cr_assert_eq(n, 60, "%s: %zu games", variants[v], n);
        fmt_parser_free(p);
        free(text);
    }
    /* every planted syntax error was found, and nothing else is bad */
    cr_assert_eq(bad_seen, NCASES(planted_bad));
}

Test(formats_log, oracle_chess_game_one_details)
{
    char *path = ts_fmt("%s/oracle/chess.log", GC_FIXTURES);
    size_t len;
    char *text = ts_read_file(path, &len);
    free(path);
    cr_assert_not_null(text);
    fmt_parser *p = fmt_parser_new(text, len);
    struct fmt_game g;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    cr_assert_str_eq(g.game, "Chess");
    cr_assert_str_eq(g.white, "Elif \xc5\x9e\x61hin");
    cr_assert_str_eq(g.black, "Gwen O'Hara");
    cr_assert_eq(g.line, 1);
    /* "1. N b1-a3 1... n g8-h6" shares line 10 */
    cr_assert_eq(g.turns[0].line, 10);
    cr_assert_eq(g.turns[1].line, 10);
    cr_assert_eq(g.turns[1].side, FMT_BLACK);
    /* turn 41 by White: "41. Nf3; 41... n c6-b8" */
    const struct fmt_turn *t = &g.turns[80];
    cr_assert_str_eq(t->marker, "41.");
    cr_assert_str_eq(t->text, "Nf3;");
    cr_assert_eq(t->ncomps, 1);
    assert_comp(&t->comps[0], FMT_COMP_BAD, "", "", "", 0, "Nf3");
    fmt_game_release(&g);
    fmt_parser_free(p);
    free(text);
}

/* ------------------------------------------------------- streamed text */

/* Everything a parser hands over, in words: every field of every game
 * and of every turn, and where each part of a long game ended. */
static void dump_str(struct fmt_buf *b, const char *name, const char *s)
{
    char head[64];
    int n = snprintf(head, sizeof head, " %s=", name);
    cr_assert_eq(fmt_buf_add(b, head, (size_t)n), FMT_OK);
    if (s)
        cr_assert_eq(fmt_buf_add(b, s, strlen(s)), FMT_OK);
    else
        cr_assert_eq(fmt_buf_add(b, "(null)", 6), FMT_OK);
}

static void dump_int(struct fmt_buf *b, const char *name, long long v)
{
    char t[96];
    int n = snprintf(t, sizeof t, " %s=%lld", name, v);
    cr_assert_eq(fmt_buf_add(b, t, (size_t)n), FMT_OK);
}

static void dump_turns(struct fmt_buf *b, const struct fmt_game *g)
{
    for (size_t i = 0; i < g->nturns; i++) {
        const struct fmt_turn *t = &g->turns[i];
        cr_assert_eq(fmt_buf_add(b, "\n  turn", 7), FMT_OK);
        dump_int(b, "number", t->number), dump_int(b, "side", t->side);
        dump_int(b, "line", t->line), dump_int(b, "bad", t->marker_bad);
        dump_int(b, "unmarked", t->unmarked);
        dump_str(b, "marker", t->marker), dump_str(b, "text", t->text);
        dump_str(b, "comment", t->comment);
        for (size_t k = 0; k < t->ncomps; k++) {
            const struct fmt_component *c = &t->comps[k];
            dump_int(b, "kind", c->kind), dump_str(b, "label", c->label);
            dump_str(b, "from", c->from), dump_str(b, "to", c->to);
            dump_int(b, "op", c->op), dump_str(b, "ctext", c->text);
        }
    }
}

static char *dump_parser(fmt_parser *p, size_t part)
{
    struct fmt_buf b = {0};
    struct fmt_game g;
    int rc;
    fmt_parser_in_parts(p, part);
    while ((rc = fmt_parser_next(p, &g)) == FMT_OK) {
        cr_assert_eq(fmt_buf_add(&b, "\ngame", 5), FMT_OK);
        dump_int(&b, "index", g.index), dump_int(&b, "line", g.line);
        dump_int(&b, "malformed", g.malformed), dump_int(&b, "at", g.malformed_line);
        dump_str(&b, "reason", g.malformed_reason);
        const char *known[] = {g.game,  g.settings, g.log,     g.event,  g.round, g.white,
                               g.black, g.started,  g.ended,   g.status, g.result};
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            dump_str(&b, "h", known[i]);
        for (size_t i = 0; i < g.nextra; i++)
            dump_str(&b, g.extra[i].key, g.extra[i].value);
        dump_int(&b, "rd", g.result_decl), dump_int(&b, "sd", g.status_decl);
        dump_int(&b, "how", g.status_how), dump_int(&b, "person", g.status_person);
        dump_turns(&b, &g);
        while (g.more) {
            cr_assert_eq(fmt_buf_add(&b, "\n  |part", 8), FMT_OK);
            cr_assert_eq(fmt_parser_more(p, &g), FMT_OK);
            dump_turns(&b, &g);
        }
        fmt_game_release(&g);
    }
    cr_assert_eq(rc, FMT_EOF);
    cr_assert_eq(fmt_buf_add(&b, "", 1), FMT_OK);
    return b.data;
}

/* A text handed over `step` bytes at a time. */
struct pieces {
    const char *text;
    size_t len, at, step;
};

static ptrdiff_t read_pieces(void *ctx, char *buf, size_t n)
{
    struct pieces *s = ctx;
    size_t k = s->len - s->at;
    if (k > s->step)
        k = s->step;
    if (k > n)
        k = n;
    memcpy(buf, s->text + s->at, k);
    s->at += k;
    return (ptrdiff_t)k;
}

/* The games of text read whole, and read in pieces of every size in
 * steps (each line, header and multi-byte character cut at every place
 * by the 1-byte pieces), with parts of `part` turns: the same. */
static void same_streamed(const char *what, const char *text, size_t len, size_t part)
{
    static const size_t steps[] = {1, 2, 3, 5, 13, 64, 4096, 1 << 20};
    fmt_parser *whole = fmt_parser_new(text, len);
    char *want = dump_parser(whole, part);
    fmt_parser_free(whole);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        if (steps[i] == 1 && len > 100000)
            continue;
        struct pieces src = {text, len, 0, steps[i]};
        fmt_parser *p = fmt_parser_new_stream(read_pieces, &src);
        char *got = dump_parser(p, part);
        cr_assert_str_eq(got, want, "%s: read %zu bytes at a time, parts of %zu", what, steps[i],
                         part);
        fmt_parser_free(p);
        free(got);
    }
    free(want);
}

static const char *const stream_texts[] = {
    "",
    "no game here\nat all",
    "Game: Chess\nWhite: A\nBlack: B\n\n1. P e2-e4 1... p e7-e5 // open\n2. N g1-f3",
    "junk\nEvent: E\nRound: 1\nGame: Chess\n\n1. P e2-e4\nhello\nEvent: F\nGame: Shogi\n\n"
    "1. P 7g-7f\nGame: Chess\nGame: Chess\n1. P d2-d4\n",
    "Game: Chess\nWhite: Ann\nBlack: Bob\nStatus: Bob has resigned\n\nP e2-e4\np e7-e5, N g1-f3\n"
    "// note\nn b8-c6\n3. P d2-d4\n",
    "Event: x\nGame: Chess\nWhite: Åsa Öberg\nBlack: 王\n\n1. P e2-e4 // é…\n1… p e7-e5\n"
    "Result: 1-0\n\n2. Q d1-h5\n",
    "Game: Chess\n\n\n\n// only comments\n\n",
    "Foo: 1\nBar: 2\nBaz: 3\nnot a header\nQux: 4\nGame: Chess\nFoo: 5\n\n1. P e2-e4",
};

Test(formats_log, streamed_text_gives_the_same_games_as_whole_text)
{
    for (size_t i = 0; i < sizeof stream_texts / sizeof stream_texts[0]; i++)
        for (size_t part = 1; part <= 3; part += 2) {
            char what[32];
            snprintf(what, sizeof what, "text %zu", i);
            same_streamed(what, stream_texts[i], strlen(stream_texts[i]), part);
            same_streamed(what, stream_texts[i], strlen(stream_texts[i]), 0);
        }
}

/* Every log of the sample archives' sources and of the fixtures. */
Test(formats_log, streamed_logs_give_the_same_games_as_whole_text, .timeout = 300)
{
    char *cmd = ts_fmt("find '%s/sample-data/src' '%s' -name '*.log' | sort", GC_SOURCE_DIR,
                       GC_FIXTURES);
    FILE *f = popen(cmd, "r");
    cr_assert_not_null(f);
    char path[4096];
    int n = 0;
    while (fgets(path, sizeof path, f)) {
        path[strcspn(path, "\n")] = '\0';
        size_t len;
        char *text = ts_read_file(path, &len);
        cr_assert_not_null(text, "%s", path);
        same_streamed(path, text, len, 0);
        same_streamed(path, text, len, 2);
        free(text);
        n++;
    }
    pclose(f);
    free(cmd);
    cr_assert_gt(n, 50, "the logs were not found");
}

/* A text of 8 MiB in one game and in 350,000 games: the window stays
 * at its first size (lines are short), whatever the text's size. */
Test(formats_log, a_streamed_parser_holds_a_window_not_the_text, .timeout = 120)
{
    const char *shapes[2] = {"1. N g1-f3 1... n g8-f6\n", "Game: Chess\n\n1. P e2-e4\n"};
    for (int k = 0; k < 2; k++) {
        size_t unit = strlen(shapes[k]), len = 0, cap = (size_t)8 << 20;
        char *text = malloc(cap + 64);
        len = (size_t)sprintf(text, "Game: Chess\n\n");
        while (len + unit < cap) {
            memcpy(text + len, shapes[k], unit);
            len += unit;
        }
        struct pieces src = {text, len, 0, 1 << 20};
        fmt_parser *p = fmt_parser_new_stream(read_pieces, &src);
        fmt_parser_in_parts(p, 4096);
        struct fmt_game g;
        size_t games = 0;
        while (fmt_parser_next(p, &g) == FMT_OK) {
            games++;
            while (g.more)
                cr_assert_eq(fmt_parser_more(p, &g), FMT_OK);
            fmt_game_release(&g);
        }
        cr_assert_eq(src.at, len, "the text was not read to its end");
        cr_assert_gt(games, 0);
        cr_assert_leq(fmt_parser_window(p), (size_t)FMT_PARSER_WINDOW, "window %zu",
                      fmt_parser_window(p));
        fmt_parser_free(p);
        free(text);
    }
}

/* A line longer than the window: it grows to hold it. */
Test(formats_log, a_streamed_line_longer_than_the_window_is_read_whole)
{
    size_t n = 3 * FMT_PARSER_WINDOW;
    char *text = malloc(n + 64);
    size_t len = (size_t)sprintf(text, "Game: Chess\nEvent: ");
    memset(text + len, 'x', n);
    len += n;
    len += (size_t)sprintf(text + len, "\n\n1. P e2-e4\n");
    same_streamed("long line", text, len, 0);
    free(text);
}

static ptrdiff_t read_fails(void *ctx, char *buf, size_t n)
{
    struct pieces *s = ctx;
    if (s->at >= s->len)
        return -1;
    return read_pieces(ctx, buf, n);
}

/* A text that cannot be read on: FMT_FATAL, not a short game list. */
Test(formats_log, a_streamed_text_that_fails_to_read_is_fatal)
{
    const char *text = "Game: Chess\n\n1. P e2-e4\nGame: Chess\n\n1. P d2-d4\n";
    struct pieces src = {text, 20, 0, 7};
    fmt_parser *p = fmt_parser_new_stream(read_fails, &src);
    struct fmt_game g;
    int rc;
    while ((rc = fmt_parser_next(p, &g)) == FMT_OK)
        fmt_game_release(&g);
    cr_assert_eq(rc, FMT_FATAL);
    fmt_parser_free(p);
}
