/*
 * parse: see parse.h.
 */
#include "tests/support/parse.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

void ts_parse_len(const char *text, size_t len, struct ts_parsed *out)
{
    fmt_parser *p = fmt_parser_new(text, len);
    cr_assert_not_null(p);
    int rc;
    out->n = 0;
    while ((rc = fmt_parser_next(p, &out->g[out->n])) == FMT_OK) {
        out->n++;
        cr_assert_lt(out->n, TS_MAXG, "too many games for the test buffer");
    }
    cr_assert_eq(rc, FMT_EOF);
    fmt_parser_free(p);
}

void ts_parse(const char *text, struct ts_parsed *out)
{
    ts_parse_len(text, strlen(text), out);
}

void ts_parsed_release(struct ts_parsed *ps)
{
    for (size_t i = 0; i < ps->n; i++)
        fmt_game_release(&ps->g[i]);
}

/* The one game of text. */
struct fmt_game ts_one_game(const char *text)
{
    struct ts_parsed ps;
    ts_parse(text, &ps);
    cr_assert_eq(ps.n, 1, "expected one game, got %zu", ps.n);
    return ps.g[0];
}

/* The game of "Game: Chess", a blank line, then moves. */
struct fmt_game ts_game_of_moves(const char *moves_text)
{
    char *text = ts_fmt("Game: Chess\n\n%s\n", moves_text);
    struct fmt_game g = ts_one_game(text);
    free(text);
    return g;
}

void ts_assert_comp(const struct fmt_component *c, enum fmt_comp_kind kind,
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
