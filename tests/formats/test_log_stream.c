/*
 * The log parser on a text read in pieces (fmt_parser_new_stream) against
 * the same text whole: every game and turn the same, whatever the pieces'
 * size, in parts of a few turns or whole; a window held, not the text; a
 * line longer than the window; a read that fails.
 */
#include "formats/formats.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
