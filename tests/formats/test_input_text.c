/*
 * An entry's bytes made the text the log parser reads
 * (formats/input_text.c): a NUL byte or a line over 64 KiB fails with its
 * line, invalid UTF-8 is replaced and counted, a BOM dropped, CRLF and CR
 * made LF; the fast scans against a byte-by-byte one; the Game: header
 * sniff; and a text normalised in pieces (fmt_text_stream_put) against
 * the whole.  The rows' messages are listed in tests/support/inputs.h.
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/inputs.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

TestSuite(formats_input, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* ------------------------------------------------------------------ text */

static struct ts_rows walk_bytes(const char *bytes, size_t len)
{
    char *p = ts_put_file("t.log", bytes, len);
    struct ts_rows r = ts_walk(p);
    free(p);
    cr_assert_eq(r.n, 1);
    return r;
}

Test(formats_input, nul_byte_fails_with_its_line)
{
    static const char t[] = "Game: Chess\n\n1. P e2-e4\0\n";
    struct ts_rows r = walk_bytes(t, sizeof t - 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, "NUL byte at line 3");
    cr_assert_null(r.v[0].text);
    ts_rows_free(&r);
}

Test(formats_input, line_over_64_kib_fails_and_64_kib_does_not)
{
    size_t n = 13 + 65536 + 1;
    char *t = malloc(n + 1);
    memcpy(t, "Game: Chess\n\n", 13);
    memset(t + 13, 'e', 65536);
    t[n - 1] = '\n';
    t[n] = '\0';
    struct ts_rows r = walk_bytes(t, n);
    ts_expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    ts_rows_free(&r);

    t[n - 1] = 'e';   /* now 65537 bytes on line 3 */
    r = walk_bytes(t, n);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, "line 3 is longer than 64 KiB");
    ts_rows_free(&r);
    free(t);
}

Test(formats_input, skip_check_comes_before_nul_check)
{
    static const char t[] = "\x89PNG\r\n\0\0\0";
    struct ts_rows r = walk_bytes(t, sizeof t - 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    ts_rows_free(&r);
}

Test(formats_input, invalid_utf8_is_replaced_and_counted)
{
    static const char t[] = "Game: Caf\xC3\n\xFFWhite: \xC3\xA9t\xC3\xA9\n";
    struct ts_rows r = walk_bytes(t, sizeof t - 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_OK, "2 invalid UTF-8 sequences replaced by U+FFFD");
    cr_assert_str_eq(r.v[0].text, "Game: Caf\xEF\xBF\xBD\n\xEF\xBF\xBDWhite: \xC3\xA9t\xC3\xA9\n");
    cr_assert_eq(r.v[0].bytes, sizeof t - 1, "bytes as stored, before replacement");
    ts_rows_free(&r);

    static const char one[] = "Game: \xE2\x82 Chess\n";
    r = walk_bytes(one, sizeof one - 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_OK, "1 invalid UTF-8 sequence replaced by U+FFFD");
    cr_assert_str_eq(r.v[0].text, "Game: \xEF\xBF\xBD Chess\n");
    ts_rows_free(&r);
}

Test(formats_input, bom_and_crlf_and_cr_are_normalised)
{
    static const char t[] = "\xEF\xBB\xBFGame: Chess\r\nWhite: A\rBlack: B\n\r\n1. P e2-e4\r";
    struct ts_rows r = walk_bytes(t, sizeof t - 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    cr_assert_str_eq(r.v[0].text, "Game: Chess\nWhite: A\nBlack: B\n\n1. P e2-e4\n");
    ts_rows_free(&r);
}

/* input_text.c reads 8 bytes at a time and skips to the first byte that
 * is not printable ASCII: each kind of byte at every offset of a line and
 * every alignment of that line must be found as a byte-by-byte scan
 * finds it, and lines must be measured to the byte. */
static enum fmt_entry_status normalise_copy(const char *in, size_t len, char **out, size_t *outlen,
                                            char *msg, size_t msgsz)
{
    char *buf = malloc(len + 1);
    cr_assert_not_null(buf);
    memcpy(buf, in, len);
    enum fmt_entry_status st = fmt_text_normalise(&buf, &len, msg, msgsz);
    *out = buf;
    *outlen = len;
    return st;
}

Test(formats_input, every_byte_offset_is_scanned)
{
    static const struct {
        const char *bytes, *becomes, *msg;
    } kinds[] = {
        {"\x01", "\x01", ""},                     /* a control byte is text */
        {"\xC3\xA9", "\xC3\xA9", ""},               /* é */
        {"\xFF", "\xEF\xBF\xBD", "1 invalid UTF-8 sequence replaced by U+FFFD"},
        {"\x7F", "\x7F", ""},
        {"\r", "\n", ""},
        {"\r\n", "\n", ""},
    };
    char in[64], want[64], msg[FMT_INPUT_MSG_MAX];
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (int first = 0; first < 16; first++)
            for (int at = 0; at < 20; at++) {
                /* Line 1: `first` bytes; line 2: `at` bytes, the byte, 5 more. */
                snprintf(in, sizeof in, "%.*s\n%.*s%s12345\n", first, "abcdefghijklmnop", at,
                         "ABCDEFGHIJKLMNOPQRST", kinds[k].bytes);
                snprintf(want, sizeof want, "%.*s\n%.*s%s12345\n", first, "abcdefghijklmnop", at,
                         "ABCDEFGHIJKLMNOPQRST", kinds[k].becomes);
                char *out;
                size_t len;
                cr_assert_eq(normalise_copy(in, strlen(in), &out, &len, msg, sizeof msg),
                             FMT_ENTRY_OK, "kind %zu, %d, %d: %s", k, first, at, msg);
                cr_assert_str_eq(out, want, "kind %zu, %d, %d", k, first, at);
                cr_assert_str_eq(msg, kinds[k].msg, "kind %zu, %d, %d", k, first, at);
                free(out);
                /* A NUL there instead fails, on line 2. */
                size_t n = strlen(in);
                in[first + 1 + at] = '\0';
                cr_assert_eq(normalise_copy(in, n, &out, &len, msg, sizeof msg), FMT_ENTRY_FAILED);
                cr_assert_str_eq(msg, "NUL byte at line 2", "%d, %d", first, at);
                free(out);
            }
}

/* A text of at most 64 KiB is scanned by input_text.c's scan_short,
 * which need not stop at line ends; a longer one by the general scan,
 * which measures every line.  The same text with 66,000 bytes of short
 * lines after it takes the general scan: its status and message must be
 * the short text's, and its text the short one's with the lines after
 * it, for texts of every kind of byte in random order (a NUL, '\r',
 * "\r\n", control bytes, valid and invalid UTF-8, a BOM). */
Test(formats_input, short_text_scan_agrees_with_the_general_scan)
{
    static const char *const pieces[] = {
        "a", "Game: Chess", " ", "\n", "\n", "1. P e2-e4\n", "\r", "\r\n", "\t", "\x01",
        "\x7F", "\xC3\xA9", "\xC3", "\xFF", "\xE2\x82", "\xEF\xBB\xBF", "\xF0\x9F\x98\x80",
        "\x80", "\0",
    };
    const size_t npieces = sizeof pieces / sizeof pieces[0];
    const size_t pad_lines = 22000;
    char *pad = malloc(pad_lines * 3 + 1);
    cr_assert_not_null(pad);
    for (size_t i = 0; i < pad_lines; i++)
        memcpy(pad + 3 * i, "ab\n", 3);
    char *in = malloc(400 + pad_lines * 3);
    cr_assert_not_null(in);
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (int k = 0; k < 120; k++) {
        size_t len = 0, parts = (size_t)(k % 40);
        for (size_t j = 0; j < parts; j++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t pick = (size_t)(seed >> 33) % npieces;
            /* NUL rarely, so that most texts get to their end. */
            if (pick == npieces - 1 && (seed >> 20) % 8 != 0)
                pick = 0;
            size_t n = pick == npieces - 1 ? 1 : strlen(pieces[pick]);
            memcpy(in + len, pieces[pick], n);
            len += n;
        }
        char *a, *b, amsg[FMT_INPUT_MSG_MAX], bmsg[FMT_INPUT_MSG_MAX];
        size_t alen, blen;
        enum fmt_entry_status as = normalise_copy(in, len, &a, &alen, amsg, sizeof amsg);
        memcpy(in + len, pad, pad_lines * 3);
        enum fmt_entry_status bs = normalise_copy(in, len + pad_lines * 3, &b, &blen, bmsg, sizeof bmsg);
        cr_assert_eq(as, bs, "text %d", k);
        cr_assert_str_eq(amsg, bmsg, "text %d", k);
        if (as == FMT_ENTRY_OK) {
            cr_assert_eq(blen, alen + pad_lines * 3, "text %d", k);
            cr_assert(memcmp(a, b, alen) == 0, "text %d", k);
            cr_assert(memcmp(b + alen, pad, pad_lines * 3) == 0, "text %d", k);
        }
        free(a);
        free(b);
    }
    free(in);
    free(pad);
}

Test(formats_input, line_length_is_exact_at_every_alignment)
{
    size_t max = 65536;
    char *in = malloc(16 + max + 16), msg[FMT_INPUT_MSG_MAX];
    for (size_t first = 0; first < 16; first++)
        for (size_t extra = 0; extra <= 1; extra++) {
            /* Line 1 of `first` bytes, line 2 of 65536 (+ 1), then line 3,
             * long enough that line 2 does not end among the last 8 bytes. */
            memset(in, 'a', first);
            in[first] = '\n';
            memset(in + first + 1, 'b', max + extra);
            size_t n = first + 1 + max + extra;
            memcpy(in + n, "\nxyzxyzxyzxyz\n", 14);
            n += 14;
            char *out;
            size_t len;
            enum fmt_entry_status st = normalise_copy(in, n, &out, &len, msg, sizeof msg);
            cr_assert_eq(st, extra ? FMT_ENTRY_FAILED : FMT_ENTRY_OK, "%zu, +%zu", first, extra);
            cr_assert_str_eq(msg, extra ? "line 2 is longer than 64 KiB" : "", "%zu", first);
            free(out);
            /* A NUL at the end of line 2: the length fails first, when
             * there is one byte too many before it. */
            in[first + 1 + max + extra] = '\0';
            st = normalise_copy(in, n, &out, &len, msg, sizeof msg);
            cr_assert_eq(st, FMT_ENTRY_FAILED);
            cr_assert_str_eq(msg, extra ? "line 2 is longer than 64 KiB" : "NUL byte at line 2",
                             "%zu, +%zu", first, extra);
            free(out);
        }
    free(in);
}

/* input_text.c on its own: one case per kind of ill-formed UTF-8. */
struct utf8_case {
    const char *in, *out;
    size_t invalid;
};

Test(formats_input, utf8_replacement_follows_maximal_subparts)
{
    static const struct utf8_case cases[] = {
        {"a\xC0\xAF" "b", "a\xEF\xBF\xBD\xEF\xBF\xBD" "b", 2},                  /* overlong '/' */
        {"a\xE0\x80\xAF" "b", "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "b", 3},  /* overlong, 3 bytes */
        {"a\xED\xA0\x80" "b", "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "b", 3},  /* surrogate D800 */
        {"a\xF4\x90\x80\x80" "b",
         "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "b", 4},            /* U+110000 */
        {"a\xF0\x9F\x98" "b", "a\xEF\xBF\xBD" "b", 1},                           /* truncated 4-byte */
        {"a\xF0\x9F\x98", "a\xEF\xBF\xBD", 1},                                   /* truncated at the end */
        {"a\x80\xBF" "b", "a\xEF\xBF\xBD\xEF\xBF\xBD" "b", 2},                  /* stray continuations */
        {"a\xF0\x9F\x98\x80\xEF\xBF\xBF\xF4\x8F\xBF\xBF", "a\xF0\x9F\x98\x80\xEF\xBF\xBF\xF4\x8F\xBF\xBF", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len = strlen(cases[i].in);
        char *buf = malloc(len + 1), msg[FMT_INPUT_MSG_MAX];
        memcpy(buf, cases[i].in, len);
        cr_assert_eq(fmt_text_normalise(&buf, &len, msg, sizeof msg), FMT_ENTRY_OK);
        cr_assert_str_eq(buf, cases[i].out, "case %zu", i);
        cr_assert_eq(len, strlen(cases[i].out), "case %zu", i);
        if (cases[i].invalid) {
            char want[80];
            snprintf(want, sizeof want, "%zu invalid UTF-8 sequence%s replaced by U+FFFD",
                     cases[i].invalid, cases[i].invalid == 1 ? "" : "s");
            cr_assert_str_eq(msg, want, "case %zu", i);
        } else {
            cr_assert_str_eq(msg, "", "case %zu", i);
        }
        free(buf);
    }
}

Test(formats_input, game_header_is_found_as_a_key_in_the_first_4_kib)
{
    cr_assert(fmt_text_has_game_header("Game: Chess\n", 12));
    cr_assert(fmt_text_has_game_header("  gAME :Chess", 13));
    cr_assert(fmt_text_has_game_header("\xEF\xBB\xBFGame:x", 9));
    cr_assert(fmt_text_has_game_header("Note: hi\r\nGame: x", 17));
    cr_assert_not(fmt_text_has_game_header("Games: x\n", 9));
    cr_assert_not(fmt_text_has_game_header("The Game: x\n", 12));
    cr_assert_not(fmt_text_has_game_header("Game", 4));
    char late[4200];
    memset(late, '\n', sizeof late);
    memcpy(late + 4092, "Game: x", 7);   /* the colon is past 4 KiB */
    cr_assert_not(fmt_text_has_game_header(late, sizeof late));
    memcpy(late + 4080, "Game: x", 7);
    cr_assert(fmt_text_has_game_header(late, sizeof late));
}

/* ------------------------------------------- normalising in pieces */

/* The text, status and message of an entry normalised in pieces of
 * `step` bytes (input_text.c, fmt_text_stream_put) against the whole
 * (fmt_text_normalise): the same, wherever a piece cuts a CRLF, a UTF-8
 * sequence, the BOM or a long line. */
static void same_in_pieces(const char *what, const char *in, size_t len, size_t step)
{
    char *whole, msg[FMT_INPUT_MSG_MAX];
    size_t wlen;
    enum fmt_entry_status want = normalise_copy(in, len, &whole, &wlen, msg, sizeof msg);
    struct fmt_text_stream s;
    fmt_text_stream_init(&s);
    char *out = malloc(3 * len + 16 + 3 * step), *piece = malloc(3 * step + 16);
    size_t olen = 0, at = 0;
    enum fmt_entry_status got = FMT_ENTRY_OK;
    do {
        size_t n = len - at < step ? len - at : step;
        size_t w = fmt_text_stream_put(&s, in + at, n, at + n == len, piece);
        if (w == (size_t)-1) {
            got = FMT_ENTRY_FAILED;
            break;
        }
        memcpy(out + olen, piece, w);
        olen += w;
        at += n;
    } while (at < len);
    cr_assert_eq(got, want, "%s, pieces of %zu: status", what, step);
    if (got == FMT_ENTRY_FAILED) {
        cr_assert_str_eq(s.msg, msg, "%s, pieces of %zu", what, step);
    } else {
        char warn[FMT_INPUT_MSG_MAX];
        fmt_text_stream_warning(&s, warn, sizeof warn);
        cr_assert_str_eq(warn, msg, "%s, pieces of %zu", what, step);
        cr_assert_eq(olen, wlen, "%s, pieces of %zu: %zu bytes, not %zu", what, step, olen, wlen);
        cr_assert(memcmp(out, whole, wlen) == 0, "%s, pieces of %zu: the text differs", what,
                  step);
    }
    free(out), free(piece), free(whole);
}

static void every_piece_size(const char *what, const char *in, size_t len)
{
    static const size_t steps[] = {1, 2, 3, 4, 5, 7, 64, 65536, 1 << 20};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] > 1 || len < 200000)
            same_in_pieces(what, in, len, steps[i]);
}

#define BYTES(s) {s, sizeof s - 1}

Test(formats_input, text_normalised_in_pieces_is_the_whole_normalised)
{
    static const struct {
        const char *s;
        size_t n;
    } texts[] = {
        BYTES(""),
        BYTES("\xEF\xBB\xBF"),
        BYTES("\xEF\xBB"),
        BYTES("\xEF\xBB\xBFGame: Chess\r\n\r\n1. P e2-e4\r\n"),
        BYTES("Game: Chess\r\rx\r\n\n\r"),
        BYTES("caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x98\x80 \xE4\xB8\xAD\n"),
        BYTES("bad \xC3 \xE2\x80 \xF0\x9F\x98 \xFF \x80\x80 \xED\xA0\x80 \xF4\x90\x80\x80 \xC0\xAF"),
        BYTES("ends cut \xF0\x9F"),
        BYTES("ends cut \xE2"),
        BYTES("\xC3"),
        BYTES("a\tb\x01\x7f\n"),
        BYTES("NUL \xC3\xA9\n\nhere:\x00 after"),
        BYTES("\r\n\r\n\x00"),
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char what[32];
        snprintf(what, sizeof what, "text %zu", i);
        every_piece_size(what, texts[i].s, texts[i].n);
    }
}

/* Lines at the limit and over it, a NUL early in a line and one past
 * the limit (the length fails first), the last line long, with a BOM and
 * CRLF around. */
Test(formats_input, long_lines_in_pieces_fail_as_the_whole_fails)
{
    size_t max = FMT_INPUT_LINE_MAX, cap = 3 * max + 64;
    char *t = malloc(cap);
    for (int shape = 0; shape < 8; shape++) {
        size_t n = 0;
        if (shape & 1)
            memcpy(t, "\xEF\xBB\xBF", 3), n = 3;
        n += (size_t)sprintf(t + n, "Game: x\r\n");
        size_t line = max - 1 + (size_t)(shape % 3);   /* max - 1, max, max + 1 */
        memset(t + n, 'a', line);
        if (shape == 7)
            line = max + 10;                            /* a NUL past the limit */
        if (shape == 3)
            t[n + 100] = '\0';                          /* a NUL early in the line */
        if (shape == 5)
            memcpy(t + n + line - 2, "\xC3\xA9", 2);    /* a character at its end */
        if (shape == 7) {
            memset(t + n, 'a', line);
            t[n + max + 5] = '\0';
        }
        n += line;
        if (shape != 6)
            n += (size_t)sprintf(t + n, "\r\nnext\n");  /* shape 6: the last line is long */
        char what[32];
        snprintf(what, sizeof what, "shape %d", shape);
        static const size_t steps[] = {2, 3, 4096, 65536, 1 << 20};
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
            same_in_pieces(what, t, n, steps[i]);
    }
    free(t);
}

/* Random bytes weighted towards what cuts: CR, LF, NUL, BOM, UTF-8
 * leads and continuations. */
Test(formats_input, random_bytes_in_pieces_are_the_whole_normalised)
{
    static const char *const atoms[] = {"\r", "\n", "\r\n", "a", " ", "\xC3", "\xA9", "\xE2",
                                        "\x80", "\xF0\x9F", "\x98\x80", "\xEF\xBB\xBF", "\xFF",
                                        "\xED\xA0", "\xC3\xA9", "\t"};
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    char buf[256];
    for (int round = 0; round < 3000; round++) {
        size_t n = 0, atomsn = sizeof atoms / sizeof atoms[0];
        size_t len = ts_rng_below(&rng, 40);
        while (n < len) {
            const char *a = atoms[ts_rng_below(&rng, (unsigned)atomsn)];
            memcpy(buf + n, a, strlen(a));
            n += strlen(a);
        }
        if (ts_rng_below(&rng, 20) == 0)
            buf[ts_rng_below(&rng, (unsigned)n + 1) % (n + 1)] = '\0';
        char what[32];
        snprintf(what, sizeof what, "round %d", round);
        for (size_t step = 1; step <= 5; step++)
            same_in_pieces(what, buf, n, step);
    }
}
