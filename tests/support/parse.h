/*
 * parse: a log text's games, for the log parser's suites
 * (tests/formats/test_log_*.c), and a check on one component.  What
 * fails is a Criterion assertion; the games are the caller's to release.
 */
#ifndef GC_TEST_PARSE_H
#define GC_TEST_PARSE_H

#include "formats/formats.h"

#include <stddef.h>

#define TS_MAXG 16   /* the most games a struct ts_parsed holds */

struct ts_parsed {
    struct fmt_game g[TS_MAXG];
    size_t n;
};

#define TS_NCASES(a) (sizeof(a) / sizeof((a)[0]))

/* Every game of the len bytes at text, parsed to FMT_EOF. */
void ts_parse_len(const char *text, size_t len, struct ts_parsed *out);
void ts_parse(const char *text, struct ts_parsed *out);

/* Every game of ps released. */
void ts_parsed_release(struct ts_parsed *ps);

/* The one game of text (asserted one). */
struct fmt_game ts_one_game(const char *text);

/* The game of "Game: Chess", a blank line, then moves_text. */
struct fmt_game ts_game_of_moves(const char *moves_text);

/* c is of kind, with label, from, to, op and text. */
void ts_assert_comp(const struct fmt_component *c, enum fmt_comp_kind kind,
                    const char *label, const char *from, const char *to,
                    char op, const char *text);

#endif
