/*
 * Declared results (formats/log_status.c) against gcaudit(1) LOG FORMAT,
 * "Declared results": Result: values, Status: phrases and the players
 * named in them, the two together, and the normalised game name used to
 * find a variant.
 */
#include "formats/formats.h"
#include "tests/support/parse.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    for (size_t i = 0; i < TS_NCASES(cases); i++) {
        char *text = ts_fmt("Game: Chess\nResult: %s\n", cases[i].value);
        struct fmt_game g = ts_one_game(text);
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
        struct fmt_game g = ts_one_game(text);
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
    check_status_cases(cases, TS_NCASES(cases));
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
    check_status_cases(cases, TS_NCASES(cases));
}

Test(formats_log, status_and_result_together)
{
    struct fmt_game g = ts_one_game("Game: Chess\nWhite: Ada\nBlack: Bob\nResult: 1/2-1/2\n"
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
    for (size_t i = 0; i < TS_NCASES(cases); i++) {
        char *text = ts_fmt("Game: Chess\nWhite: Ada\nBlack: Bob\nStatus: %s\n", cases[i].status);
        struct fmt_game g = ts_one_game(text);
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
    for (size_t i = 0; i < TS_NCASES(cases); i++) {
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
