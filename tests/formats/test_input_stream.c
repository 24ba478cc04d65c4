/*
 * Streamed entries (formats/input_file.c, fmt_walk_options.stream_after):
 * an entry past that size is handed over while it is read
 * (fmt_entry_read, fmt_entry_end), and its row is the row of the entry
 * read whole, texts, failures and byte counts included, also when the
 * callback stops reading half way.
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/inputs.h"
#include "tests/support/support.h"

#include <archive.h>
#include <criterion/criterion.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

TestSuite(formats_input, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* ------------------------------------------------- streamed entries */

/* ts_collect, for a walk with stream_after: a streamed entry is read in
 * pieces of 777 bytes (fmt_entry_read) and ended (fmt_entry_end), and
 * recorded as the whole entry would have been. */
static size_t streamed_seen;

static enum fmt_rc collect_streamed(void *ctx, const struct fmt_entry *e)
{
    if (!e->stream)
        return ts_collect(ctx, e);
    streamed_seen++;
    cr_assert_null(e->text);
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    ptrdiff_t got;
    do {
        if (cap - len < 778)
            text = realloc(text, cap *= 2);
        got = fmt_entry_read(e, text + len, 777);
        if (got > 0)
            len += (size_t)got;
    } while (got > 0);
    const char *message;
    uint64_t bytes;
    enum fmt_entry_status st = fmt_entry_end(e, &message, &bytes);
    cr_assert_eq(got < 0, st != FMT_ENTRY_OK, "fmt_entry_read's end agrees with fmt_entry_end");
    text[len] = '\0';
    struct fmt_entry whole = *e;
    whole.stream = NULL;
    whole.status = st;
    whole.message = message;
    whole.bytes = bytes;
    whole.text = st == FMT_ENTRY_OK ? text : NULL;
    whole.len = st == FMT_ENTRY_OK ? len : 0;
    int rc = ts_collect(ctx, &whole);
    free(text);
    return rc;
}

/* The rows of path walked whole and walked with every log past 5000
 * bytes streamed: the same, texts, failures and byte counts included. */
static void same_streamed(const char *path, uint64_t max_entry_bytes, size_t want_streamed)
{
    struct fmt_walk_options whole_opt = {.max_entry_bytes = max_entry_bytes};
    struct fmt_walk_options stream_opt = {.max_entry_bytes = max_entry_bytes,
                                          .stream_after = 5000};
    struct ts_rows a = ts_walk_opt(path, &whole_opt);
    struct ts_rows b = {0};
    uint64_t seq = 0;
    streamed_seen = 0;
    cr_assert_eq(fmt_walk(path, &stream_opt, &seq, collect_streamed, &b), 0);
    cr_assert_geq(streamed_seen, want_streamed, "%s: nothing was streamed", path);
    cr_assert_eq(a.n, b.n, "%s: %zu rows, streamed %zu", path, a.n, b.n);
    size_t big = 0;
    for (size_t i = 0; i < a.n; i++) {
        const struct ts_row *x = &a.v[i], *y = &b.v[i];
        cr_assert_str_eq(y->entry, x->entry, "%s row %zu", path, i);
        cr_assert_eq(y->status, x->status, "%s row %zu '%s': %s / %s", path, i, x->entry,
                     x->message, y->message);
        cr_assert_str_eq(y->message, x->message, "%s row %zu", path, i);
        cr_assert_eq(y->bytes, x->bytes, "%s row %zu", path, i);
        cr_assert_eq(y->seq, x->seq);
        cr_assert_eq(y->len, x->len, "%s row %zu", path, i);
        if (x->text)
            cr_assert(memcmp(y->text, x->text, x->len) == 0, "%s row %zu: text", path, i);
        big += x->bytes > 5000 && x->status != FMT_ENTRY_SKIPPED;
    }
    cr_assert_geq(big, want_streamed, "%s: the entries were not long enough to stream", path);
    ts_rows_free(&a), ts_rows_free(&b);
}

Test(formats_input, streamed_entries_are_the_entries_read_whole)
{
    char *log = ts_big_log(3, 3000);
    size_t n = strlen(log);
    /* CRLF line ends, a BOM, bad UTF-8, a NUL and a long line late. */
    char *crlf = malloc(2 * n + 4), *odd = malloc(n + 70000 + 16);
    size_t c = 0;
    memcpy(crlf, "\xEF\xBB\xBF", 3), c = 3;
    for (size_t i = 0; i < n; i++) {
        if (log[i] == '\n')
            crlf[c++] = '\r';
        crlf[c++] = log[i];
    }
    crlf[c / 2] = (char)0xC3, crlf[c / 2 + 7] = (char)0xFF;
    memcpy(odd, log, n);
    odd[n - 10] = '\0';
    char *paths[8];
    paths[0] = ts_put_file("plain.log", log, n);
    paths[1] = ts_put_file("crlf.log", crlf, c);
    paths[2] = ts_put_file("nul.log", odd, n);
    memcpy(odd, log, n);
    memset(odd + n, 'x', 70000);
    odd[n + 70000] = '\n';
    paths[3] = ts_put_file("long.log", odd, n + 70001);
    paths[4] = ts_write_gz("plain.log.gz", crlf, c);
    size_t glen;
    char *gz = ts_slurp_path(paths[4], &glen);
    paths[5] = ts_put_file("cut.log.gz", gz, glen / 2);
    char *logs[4];
    paths[6] = ts_many_logs_archive("many.tar.gz", archive_write_set_format_pax_restricted,
                                    archive_write_add_filter_gzip, 4, logs);
    char *tgz = ts_slurp_path(paths[6], &glen);
    paths[7] = ts_put_file("cut.tar.gz", tgz, glen * 2 / 3);
    for (int i = 0; i < 8; i++) {
        same_streamed(paths[i], 0, 1);
        /* An entry limit passed while streaming: "entry larger than". */
        same_streamed(paths[i], 100000, 0);
    }
    ts_free_logs(logs, 4);
    for (int i = 0; i < 8; i++)
        free(paths[i]);
    free(log), free(crlf), free(odd), free(gz), free(tgz);
}

/* A callback that stops reading half way: fmt_entry_end reads the rest,
 * and says what a whole read would have said. */
static enum fmt_rc read_a_little(void *ctx, const struct fmt_entry *e)
{
    if (!e->stream)
        return ts_collect(ctx, e);
    char buf[100];
    cr_assert_eq(fmt_entry_read(e, buf, sizeof buf), 100);
    const char *message;
    uint64_t bytes;
    struct fmt_entry whole = *e;
    whole.stream = NULL;
    whole.status = fmt_entry_end(e, &message, &bytes);
    whole.message = message;
    whole.bytes = bytes;
    whole.text = whole.status == FMT_ENTRY_OK ? "" : NULL;
    return ts_collect(ctx, &whole);
}

Test(formats_input, a_streamed_entry_left_half_read_ends_as_a_whole_one)
{
    char *log = ts_big_log(5, 3000);
    size_t n = strlen(log);
    log[n - 5] = '\0';
    char *p = ts_put_file("nul.log", log, n);
    struct fmt_walk_options opt = {.stream_after = 5000};
    struct ts_rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(p, &opt, &seq, read_a_little, &r), 0);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, "NUL byte at line 3003");
    cr_assert_eq(r.v[0].bytes, n);
    ts_rows_free(&r);
    free(p), free(log);
}
