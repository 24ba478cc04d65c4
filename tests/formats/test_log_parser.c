/*
 * The log parser's outer layer (formats/log_parser.c) against gcaudit(1)
 * LOG FORMAT: header blocks and every key, the games a text is cut into,
 * and malformed games with their exact reasons.  Components, markers and
 * comments, declared results, robustness, the oracle vectors and streamed
 * text have suites of their own (tests/formats/test_log_*.c).
 */
#include "formats/formats.h"
#include "tests/support/parse.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- header */

Test(formats_log, every_known_header_key)
{
    struct fmt_game g = ts_one_game(
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
    struct fmt_game g = ts_one_game("Game: Chess\n");
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
    struct fmt_game g = ts_one_game("game: Chess\nLOG: g-1\nwHiTe: Ada\nblack: Bob\nRESULT: 0-1\n"
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
    struct fmt_game g = ts_one_game("Game: Chess\nLog: first\nlog: second\nResult: 1-0\nResult: junk\n");
    cr_assert_str_eq(g.log, "second");
    cr_assert_str_eq(g.result, "junk");
    cr_assert_eq(g.result_decl, FMT_DECL_NONE);
    fmt_game_release(&g);
}

Test(formats_log, unknown_keys_kept_in_order_last_wins)
{
    struct fmt_game g = ts_one_game("Game: Chess\nRated: yes\nX-Site_2: cvp\nrated: no\nTC:\n");
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
    struct ts_parsed ps;
    ts_parse("intro text, ignored\nTitle: ignored block\n\nLog: g-1\nWhite: Ada\nGame: Chess\n"
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
    ts_parsed_release(&ps);
}

Test(formats_log, text_before_the_first_game_is_ignored)
{
    struct ts_parsed ps;
    ts_parse("Some archive notes.\nAuthor: me\n\n1. e2-e4\nfoo\n\nGame: Chess\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_eq(ps.g[0].line, 7);
    cr_assert_not(ps.g[0].malformed);
    cr_assert_eq(ps.g[0].nturns, 1);
    ts_parsed_release(&ps);
}

Test(formats_log, double_slash_in_header_is_not_a_comment)
{
    struct fmt_game g = ts_one_game("Game: Chess\nEvent: Open // 2024\nSettings: http://example.org/x\n");
    cr_assert_str_eq(g.event, "Open // 2024");
    cr_assert_str_eq(g.settings, "http://example.org/x");
    fmt_game_release(&g);
}

Test(formats_log, empty_game_value_is_kept)
{
    struct ts_parsed ps;
    ts_parse("Game:\nLog: a\n\n1. e2-e4\nGame:   \nLog: b\n", &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_str_eq(ps.g[0].game, "");
    cr_assert_str_eq(ps.g[0].log, "a");
    cr_assert_not(ps.g[0].malformed);
    cr_assert_eq(ps.g[0].nturns, 1);
    cr_assert_str_eq(ps.g[1].game, "");
    cr_assert_str_eq(ps.g[1].log, "b");
    ts_parsed_release(&ps);
}

Test(formats_log, header_line_shapes)
{
    /* no space after ':', spaces before it and indented keys are header
     * lines; a key of two words or starting with a digit is not */
    struct ts_parsed ps;
    ts_parse("Game:Chess\n  Log:\tg-1\nWhite : Ada\nBlack Player: Bob\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_str_eq(ps.g[0].game, "Chess");
    cr_assert_str_eq(ps.g[0].log, "g-1");
    cr_assert_str_eq(ps.g[0].white, "Ada");
    cr_assert_null(ps.g[0].black);
    cr_assert(ps.g[0].malformed);
    cr_assert_str_eq(ps.g[0].malformed_reason,
                     "line does not start with a turn marker: \"Black Player: Bob\"");
    cr_assert_eq(ps.g[0].malformed_line, 4);
    ts_parsed_release(&ps);

    ts_parse("Game: Chess\n\n1. e2-e4\n12: x\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert(ps.g[0].malformed);
    cr_assert_eq(ps.g[0].malformed_line, 4);
    cr_assert_str_eq(ps.g[0].malformed_reason,
                     "line does not start with a turn marker: \"12: x\"");
    ts_parsed_release(&ps);

    /* "game :" starts a game, as the input walker's sniff expects */
    ts_parse("notes\n\tgame\t: Chess\n", &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_str_eq(ps.g[0].game, "Chess");
    cr_assert_eq(ps.g[0].line, 2);
    ts_parsed_release(&ps);
}

/* -------------------------------------------------------------- games */

Test(formats_log, several_games_per_file)
{
    struct ts_parsed ps;
    ts_parse("Game: Chess\nLog: a\n\n1. e2-e4\n1... e7-e5\n\n"
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
    ts_parsed_release(&ps);
}

Test(formats_log, header_line_after_moves_begins_a_new_game)
{
    struct ts_parsed ps;
    ts_parse("Game: Chess\n\n1. e2-e4\nLog: second\nWhite: Ada\nGame: Chess\n1. d2-d4\n", &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_eq(ps.g[0].nturns, 1);
    cr_assert_null(ps.g[0].log);
    cr_assert_eq(ps.g[1].line, 4);
    cr_assert_str_eq(ps.g[1].log, "second");
    cr_assert_str_eq(ps.g[1].white, "Ada");
    cr_assert_eq(ps.g[1].nturns, 1);  /* a marker line right after the header */
    cr_assert_eq(ps.g[1].turns[0].line, 7);
    cr_assert_not(ps.g[1].malformed);
    ts_parsed_release(&ps);
}

Test(formats_log, second_game_line_in_one_block_starts_a_game)
{
    struct ts_parsed ps;
    ts_parse("Game: Chess\nLog: a\nGame: Backlash\nLog: b\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_str_eq(ps.g[0].game, "Chess");
    cr_assert_str_eq(ps.g[0].log, "a");
    cr_assert_eq(ps.g[0].nturns, 0);
    cr_assert_str_eq(ps.g[1].game, "Backlash");
    cr_assert_str_eq(ps.g[1].log, "b");
    cr_assert_eq(ps.g[1].line, 3);
    cr_assert_eq(ps.g[1].nturns, 1);
    ts_parsed_release(&ps);
}

Test(formats_log, utf8_names_preserved)
{
    struct fmt_game g = ts_one_game("Game: Chess\nWhite: Fran\xc3\xa7ois L\xc3\xa9vesque\n"
                                    "Black: Elif \xc5\x9e\x61hin\nEvent: \xe2\x80\x9cOpen\xe2\x80\x9d\n");
    cr_assert_str_eq(g.white, "Fran\xc3\xa7ois L\xc3\xa9vesque");
    cr_assert_str_eq(g.black, "Elif \xc5\x9e\x61hin");
    cr_assert_str_eq(g.event, "\xe2\x80\x9cOpen\xe2\x80\x9d");
    fmt_game_release(&g);
}

Test(formats_log, no_trailing_newline_and_length_respected)
{
    const char *text = "Game: Chess\n\n1. e2-e4\nGame: Backlash\n\n1. P E2-E4";
    struct ts_parsed ps;
    ts_parse(text, &ps);
    cr_assert_eq(ps.n, 2);
    cr_assert_str_eq(ps.g[1].turns[0].text, "P E2-E4");
    ts_parsed_release(&ps);
    /* only the first len bytes are read */
    ts_parse_len(text, strlen("Game: Chess\n\n1. e2-e"), &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_str_eq(ps.g[0].turns[0].text, "e2-e");
    ts_parsed_release(&ps);
}

Test(formats_log, empty_and_gameless_texts)
{
    struct ts_parsed ps;
    ts_parse("", &ps);
    cr_assert_eq(ps.n, 0);
    ts_parse("just some text\nKey: value\n\n1. e2-e4\n", &ps);
    cr_assert_eq(ps.n, 0);
    ts_parse_len(NULL, 0, &ps);
    cr_assert_eq(ps.n, 0);
    fmt_parser_free(NULL);
    fmt_game_release(NULL);
}

Test(formats_log, release_zeroes_the_game)
{
    struct fmt_game g = ts_game_of_moves("1. e2-e4 // c");
    fmt_game_release(&g);
    struct fmt_game zero;
    memset(&zero, 0, sizeof zero);
    cr_assert_eq(memcmp(&g, &zero, sizeof g), 0);
    fmt_game_release(&g);  /* twice is harmless */
}

/* ---------------------------------------------------------- malformed */

Test(formats_log, malformed_header_block_without_game)
{
    struct ts_parsed ps;
    ts_parse("Game: Chess\nLog: a\n\n1. e2-e4\n\n"
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
    ts_parsed_release(&ps);
}

Test(formats_log, malformed_line_without_marker)
{
    struct ts_parsed ps;
    ts_parse("Game: Chess\nLog: a\nWhite: Ada\nBlack: Bob\n\n1. e2-e4\n  foo bar  \n2. d2-d4\n\n"
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
    ts_parsed_release(&ps);
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
    for (size_t i = 0; i < TS_NCASES(cases); i++) {
        struct fmt_game g = ts_game_of_moves(cases[i].moves);
        cr_assert(g.malformed, "\"%s\"", cases[i].moves);
        cr_assert_eq(g.malformed_line, cases[i].line, "\"%s\"", cases[i].moves);
        cr_assert_str_eq(g.malformed_reason, cases[i].reason);
        fmt_game_release(&g);
    }
}

Test(formats_log, malformed_right_after_header)
{
    struct fmt_game g = ts_one_game("Game: Chess\nLog: a\nsome words\n1. e2-e4\n");
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
    struct fmt_game g = ts_game_of_moves(line);
    char *want = ts_fmt("line does not start with a turn marker: \"%.60s...\"", line);
    cr_assert_str_eq(g.malformed_reason, want);
    free(want);
    fmt_game_release(&g);

    /* 59 bytes then a two-byte letter: the cut never splits it */
    char utf[80];
    memset(utf, 'y', 59);
    strcpy(utf + 59, "\xc3\xa9zzzzzzzzzz");
    g = ts_game_of_moves(utf);
    want = ts_fmt("line does not start with a turn marker: \"%.59s...\"", utf);
    cr_assert_str_eq(g.malformed_reason, want);
    free(want);
    fmt_game_release(&g);
}
