/*
 * The log parser on texts nobody writes by hand: long games and header
 * blocks parsed in linear time, and arbitrary bytes, NULs among them,
 * that never crash it and give games that keep their invariants.
 */
#include "formats/formats.h"
#include "tests/support/parse.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
        struct fmt_game g = ts_one_game(text);
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
        struct fmt_game g = ts_one_game(text);
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
    struct fmt_game g = ts_one_game(text);
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
            const char *piece = pieces[(seed >> 16) % TS_NCASES(pieces)];
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
        struct ts_parsed ps;
        ts_parse(buf, &ps);
        cr_assert_geq(ps.n, 1);
        for (size_t i = 0; i < ps.n; i++)
            check_invariants(&ps.g[i], (int)i + 1);
        ts_parsed_release(&ps);
    }
    /* the walker never hands over a NUL, but a NUL must not hurt either */
    static const char nul[] = "Game: Ch\0ess\n\n1. P e2\0-e4 // a\0b\n2. e2-e4\0\n";
    struct ts_parsed ps;
    ts_parse_len(nul, sizeof nul - 1, &ps);
    cr_assert_eq(ps.n, 1);
    cr_assert_eq(ps.g[0].nturns, 2);
    cr_assert_eq(ps.g[0].turns[0].comps[0].kind, FMT_COMP_BAD);
    ts_parsed_release(&ps);
}
