/*
 * The feed (formats/input_feed.c) and the decompression budget (issue 15,
 * items 4 and 8).
 *
 * Item 4: a .tar.gz cut short lost its last whole entries (libarchive's
 * gzip filter drops the 64 KiB block a cut falls in): 42 of 60 logs came
 * back without the 8-byte trailer, none with 398 bytes cut, where
 * `gzip -dc | tar` gives every whole one.  The oracle here is
 * independent of libarchive: zlib inflates the cut stream as far as it
 * goes, and the tar headers of the whole stream, read by hand, say which
 * members' bytes all arrived.  Every one of those must be an ok row with
 * its exact text, and exactly one failed row must say where the damage
 * is: the member it cut into, or the archive when it fell after the last
 * member.  Cuts are swept over the whole stream.
 *
 * Item 8: a 6 KB zip of 8x8x8 nested .gz members cost 12 minutes, each
 * leaf inflating to the entry limit.  Every input now has a budget of
 * decoded bytes (fmt_walk_options.max_inflated, or 1024 times its own
 * size); members past it fail unread, with the reason, and a gzip stream
 * is never inflated past twice the budget even when only skipped.
 */
#include "formats/formats.h"
#include "tests/support/support.h"
#include "tests/support/tar.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

TestSuite(formats_feed, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 120);

/* ------------------------------------------------------------ rows */

struct row {
    char *entry, *message, *text;
    enum fmt_entry_status status;
};

struct rows {
    struct row *v;
    size_t n;
};

static enum fmt_rc collect(void *ctx, const struct fmt_entry *e)
{
    struct rows *r = ctx;
    r->v = realloc(r->v, (r->n + 1) * sizeof *r->v);
    cr_assert_not_null(r->v);
    struct row *w = &r->v[r->n++];
    w->entry = strdup(e->entry);
    w->message = strdup(e->message);
    w->text = e->text ? strdup(e->text) : NULL;
    w->status = e->status;
    return 0;
}

static void rows_free(struct rows *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->v[i].entry);
        free(r->v[i].message);
        free(r->v[i].text);
    }
    free(r->v);
    memset(r, 0, sizeof *r);
}

static struct rows walk(const char *path, const struct fmt_walk_options *opt)
{
    struct rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(path, opt, &seq, collect, &r), 0);
    return r;
}

/* ------------------------------------------------------ the archive */

#define NLOGS 60

/* Distinct logs of about 2 KiB, with a comment that compresses poorly. */
static char *make_log(int i)
{
    char *s = malloc(4096);
    size_t n = (size_t)sprintf(s, "Game: Chess\nWhite: A%d\nBlack: B%d\nResult: 1-0\n\n"
                                  "1. P e2-e4 1... p e7-e5\n", i, i);
    unsigned seed = (unsigned)i * 2654435761u;
    for (int line = 0; line < 30; line++) {
        n += (size_t)sprintf(s + n, "// ");
        for (int k = 0; k < 60; k++) {
            seed = seed * 1103515245u + 12345u;
            s[n++] = (char)('a' + (seed >> 16) % 26);
        }
        s[n++] = '\n';
    }
    s[n] = '\0';
    return s;
}

/* A tar of the logs in memory (pax, 512-byte blocks), then gzip. */
static unsigned char *make_tar(char **logs, size_t *len)
{
    size_t cap = NLOGS * 8192 + 65536, used = 0;
    unsigned char *buf = malloc(cap);
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    archive_write_set_bytes_per_block(a, 512);
    cr_assert_eq(archive_write_open_memory(a, buf, cap, &used), ARCHIVE_OK);
    for (int i = 0; i < NLOGS; i++) {
        char name[32];
        snprintf(name, sizeof name, "logs/g%02d.log", i);
        struct archive_entry *e = archive_entry_new();
        ts_tar_file(e, name, (int64_t)strlen(logs[i]));
        archive_entry_set_mtime(e, 1700000000, 0);
        cr_assert_eq(archive_write_header(a, e), ARCHIVE_OK);
        cr_assert_eq(archive_write_data(a, logs[i], strlen(logs[i])), (la_ssize_t)strlen(logs[i]));
        archive_entry_free(e);
    }
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    *len = used;
    return buf;
}

static unsigned char *gzip_bytes(const void *in, size_t n, size_t *len)
{
    size_t cap = n + n / 100 + 1024;
    unsigned char *out = malloc(cap);
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    z.next_in = (Bytef *)(uintptr_t)in, z.avail_in = (uInt)n;
    z.next_out = out, z.avail_out = (uInt)cap;
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    *len = cap - z.avail_out;
    deflateEnd(&z);
    return out;
}

/* How many bytes zlib inflates from a cut gzip stream before it fails
 * (gzip -dc's output). */
static size_t inflatable(const unsigned char *gz, size_t n)
{
    static unsigned char out[1 << 16];
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(inflateInit2(&z, 16 + MAX_WBITS), Z_OK);
    z.next_in = (Bytef *)(uintptr_t)gz, z.avail_in = (uInt)n;
    size_t total = 0;
    for (;;) {
        z.next_out = out, z.avail_out = sizeof out;
        int ret = inflate(&z, Z_NO_FLUSH);
        total += sizeof out - z.avail_out;
        if (ret != Z_OK)
            break;
    }
    inflateEnd(&z);
    return total;
}

/* Where each member's data starts and ends in the tar, from its ustar
 * headers: the size field (octal, bytes 124-135) of each 512-byte header,
 * pax extended headers ('x') stepped over like any member. */
static size_t member_spans(const unsigned char *tar, size_t len, size_t *start, size_t *end)
{
    size_t at = 0, n = 0;
    while (at + 512 <= len && tar[at] != '\0') {
        size_t size = (size_t)strtoul((const char *)tar + at + 124, NULL, 8);
        char type = (char)tar[at + 156];
        if (type == '0' || type == '\0') {
            start[n] = at + 512;
            end[n++] = at + 512 + size;
        }
        at += 512 + (size + 511) / 512 * 512;
    }
    return n;
}

struct fixture {
    char *logs[NLOGS];
    unsigned char *tar, *gz;
    size_t tar_len, gz_len;
    size_t starts[NLOGS], ends[NLOGS];
    char *path;
};

static void fixture_make(struct fixture *f)
{
    for (int i = 0; i < NLOGS; i++)
        f->logs[i] = make_log(i);
    f->tar = make_tar(f->logs, &f->tar_len);
    f->gz = gzip_bytes(f->tar, f->tar_len, &f->gz_len);
    cr_assert_eq(member_spans(f->tar, f->tar_len, f->starts, f->ends), NLOGS);
    f->path = ts_fmt("%s/logs.tar.gz", ts_scratch);
}

static void fixture_free(struct fixture *f)
{
    for (int i = 0; i < NLOGS; i++)
        free(f->logs[i]);
    free(f->tar);
    free(f->gz);
    free(f->path);
}

/* The stream cut to `keep` bytes: every member whose bytes all inflate is
 * an ok row with its text, then exactly one failed row, then nothing: the
 * member the cut fell in when its data had begun, else the archive's (a
 * header cut short names nothing). */
static void check_cut(const struct fixture *f, size_t keep)
{
    cr_assert_eq(ts_write_file(f->path, f->gz, keep), 0);
    size_t got = inflatable(f->gz, keep), whole = 0;
    while (whole < NLOGS && f->ends[whole] <= got)
        whole++;
    struct rows r = walk(f->path, NULL);
    cr_assert_eq(r.n, whole + 1, "cut to %zu of %zu bytes (%zu inflate): %zu whole logs, %zu rows",
                 keep, f->gz_len, got, whole, r.n);
    for (size_t i = 0; i < whole; i++) {
        char want[32];
        snprintf(want, sizeof want, "logs/g%02zu.log", i);
        cr_assert_str_eq(r.v[i].entry, want, "cut to %zu", keep);
        cr_assert_eq(r.v[i].status, FMT_ENTRY_OK, "cut to %zu: %s: %s", keep, want,
                     r.v[i].message);
        cr_assert_str_eq(r.v[i].text, f->logs[i], "cut to %zu", keep);
    }
    const struct row *last = &r.v[whole];
    cr_assert_eq(last->status, FMT_ENTRY_FAILED, "cut to %zu", keep);
    if (whole < NLOGS && got > f->starts[whole]) {
        char want[32];
        snprintf(want, sizeof want, "logs/g%02zu.log", whole);
        cr_assert_str_eq(last->entry, want, "cut to %zu", keep);
    } else {
        cr_assert_str_eq(last->entry, "", "cut to %zu: the archive's row", keep);
    }
    cr_assert(strstr(last->message, "truncated archive: truncated gzip input") ||
                  strstr(last->message, "truncated archive: "),
              "cut to %zu: %s", keep, last->message);
    rows_free(&r);
}

/* The two cases. */
Test(formats_feed, a_tar_gz_without_its_trailer_keeps_every_entry)
{
    struct fixture f;
    fixture_make(&f);
    check_cut(&f, f.gz_len - 8);
    struct rows r = walk(f.path, NULL);
    cr_assert_eq(r.n, NLOGS + 1);
    cr_assert_str_eq(r.v[NLOGS].message, "truncated archive: truncated gzip input");
    rows_free(&r);
    fixture_free(&f);
}

Test(formats_feed, a_tar_gz_cut_398_bytes_keeps_every_whole_entry)
{
    struct fixture f;
    fixture_make(&f);
    check_cut(&f, f.gz_len - 398);
    fixture_free(&f);
}

/* Every cut, from the first bytes to the trailer, in steps. */
Test(formats_feed, every_cut_keeps_every_whole_entry)
{
    struct fixture f;
    fixture_make(&f);
    size_t step = f.gz_len / 97 + 1;
    for (size_t keep = 1024; keep < f.gz_len; keep += step)
        check_cut(&f, keep);
    for (size_t keep = f.gz_len - 24; keep < f.gz_len; keep++)
        check_cut(&f, keep);
    fixture_free(&f);
}

Test(formats_feed, a_whole_tar_gz_has_no_failed_row)
{
    struct fixture f;
    fixture_make(&f);
    cr_assert_eq(ts_write_file(f.path, f.gz, f.gz_len), 0);
    struct rows r = walk(f.path, NULL);
    cr_assert_eq(r.n, NLOGS);
    for (size_t i = 0; i < r.n; i++)
        cr_assert_str_eq(r.v[i].text, f.logs[i]);
    rows_free(&r);
    fixture_free(&f);
}

/* libarchive never checked a .tar.gz's CRC-32; the archive's row says it,
 * its entries stand (their bytes arrived; which one is wrong no one can
 * tell). */
Test(formats_feed, a_bad_checksum_fails_the_archive_after_its_entries)
{
    struct fixture f;
    fixture_make(&f);
    f.gz[f.gz_len - 8] ^= 0x55;
    cr_assert_eq(ts_write_file(f.path, f.gz, f.gz_len), 0);
    struct rows r = walk(f.path, NULL);
    cr_assert_eq(r.n, NLOGS + 1);
    cr_assert_eq(r.v[NLOGS - 1].status, FMT_ENTRY_OK);
    cr_assert_str_eq(r.v[NLOGS].entry, "");
    cr_assert_str_eq(r.v[NLOGS].message, "corrupt archive: gzip checksum mismatch");
    rows_free(&r);
    fixture_free(&f);
}

/* Two members back to back (gzip -c a b > ab.gz) read as one stream, as
 * before; bytes after the last member that start no other are ignored,
 * as libarchive ignores them. */
Test(formats_feed, concatenated_members_and_trailing_garbage)
{
    static const char a[] = "Game: Chess\n\n1. P e2-e4\n", b[] = "Game: Chess\n\n1. P d2-d4\n";
    size_t la, lb;
    unsigned char *ga = gzip_bytes(a, sizeof a - 1, &la), *gb = gzip_bytes(b, sizeof b - 1, &lb);
    unsigned char *both = malloc(la + lb + 16);
    memcpy(both, ga, la);
    memcpy(both + la, gb, lb);
    memcpy(both + la + lb, "\0\0\0garbage!", 11);
    char *p = ts_fmt("%s/ab.log.gz", ts_scratch);
    cr_assert_eq(ts_write_file(p, both, la + lb + 11), 0);
    struct rows r = walk(p, NULL);
    cr_assert_eq(r.n, 1);
    cr_assert_eq(r.v[0].status, FMT_ENTRY_OK, "%s", r.v[0].message);
    char *want = ts_fmt("%s%s", a, b);
    cr_assert_str_eq(r.v[0].text, want);
    free(want);
    rows_free(&r);
    free(p), free(ga), free(gb), free(both);
}

/* ------------------------------------------------------------ budget */

/* gzip of a log of `lines` blank lines: about a thousandth of its size. */
static unsigned char *blank_log_gz(size_t lines, size_t *len)
{
    static const char head[] = "Game: Chess\nWhite: A\nBlack: B\n\n";
    size_t n = sizeof head - 1 + lines;
    char *text = malloc(n);
    memcpy(text, head, sizeof head - 1);
    memset(text + sizeof head - 1, '\n', lines);
    unsigned char *gz = gzip_bytes(text, n, len);
    free(text);
    return gz;
}

/* A zip of `count` members named member (a %d in it numbers them), each
 * the same bytes. */
static char *zip_of(const char *name, const char *member_name, const unsigned char *data,
                    size_t len, int count)
{
    char *p = ts_fmt("%s/%s", ts_scratch, name);
    struct archive *a = archive_write_new();
    archive_write_set_format_zip(a);
    cr_assert_eq(archive_write_open_filename(a, p), ARCHIVE_OK);
    for (int i = 0; i < count; i++) {
        char member[32];
        snprintf(member, sizeof member, member_name, i);
        struct archive_entry *e = archive_entry_new();
        ts_tar_file(e, member, (int64_t)len);
        cr_assert_eq(archive_write_header(a, e), ARCHIVE_OK);
        cr_assert_eq(archive_write_data(a, data, len), (la_ssize_t)len);
        archive_entry_free(e);
    }
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    return p;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The bomb, one level: a zip of .gz leaves that each inflate up
 * to the entry limit (4 MiB here, for speed).  With a budget of 16 MiB,
 * the first leaves are read up to the limit (three or four: the count
 * includes libarchive's read-ahead), and every later one fails unread
 * with the reason. */
Test(formats_feed, members_past_the_budget_fail_unread)
{
    size_t len;
    unsigned char *leaf = blank_log_gz((size_t)64 << 20, &len);
    char *zip = zip_of("bomb.zip", "c%d.log.gz", leaf, len, 8);
    struct fmt_walk_options opt = {.max_entry_bytes = 4 << 20, .max_inflated = 16 << 20};
    double t0 = now();
    struct rows r = walk(zip, &opt);
    double secs = now() - t0;
    cr_assert_eq(r.n, 8);
    size_t limited = 0;
    while (limited < r.n && strcmp(r.v[limited].message, "entry larger than 4 MiB") == 0)
        limited++;
    cr_assert(limited == 3 || limited == 4, "%zu leaves read to the entry limit", limited);
    for (size_t i = limited; i < r.n; i++) {
        char want[32];
        snprintf(want, sizeof want, "c%zu.log.gz", i);
        cr_assert_str_eq(r.v[i].entry, want);
        cr_assert_eq(r.v[i].status, FMT_ENTRY_FAILED);
        cr_assert_str_eq(r.v[i].message,
                         "input decompresses to more than its budget of 16 MiB (--max-inflated)");
    }
    /* 8 x 64 MiB would take many seconds under the sanitizers; twice the
     * budget takes a fraction of one. */
    cr_assert_lt(secs, 20.0, "%.1f s", secs);
    rows_free(&r);
    free(zip), free(leaf);
}

/* Skipping what is not read inflates it too: a .tar.gz whose first member
 * is 64 MiB of blank lines fails at the entry limit, and libarchive would
 * inflate the rest of it to reach the next header.  Inside a small zip
 * (so that the budget is its floor, 8 MiB), the feed stops at twice the
 * budget, and the inner archive's row says why. */
Test(formats_feed, skipping_is_bounded_by_twice_the_budget)
{
    static const char head[] = "Game: Chess\nWhite: A\nBlack: B\n\n";
    size_t big = (size_t)64 << 20, used = 0, cap = big + 65536;
    char *text = malloc(big);
    memcpy(text, head, sizeof head - 1);
    memset(text + sizeof head - 1, '\n', big - (sizeof head - 1));
    unsigned char *tar = malloc(cap);
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    cr_assert_eq(archive_write_open_memory(a, tar, cap, &used), ARCHIVE_OK);
    const char *names[2] = {"big.log", "after.log"};
    size_t sizes[2] = {big, sizeof head - 1};
    for (int i = 0; i < 2; i++) {
        struct archive_entry *e = archive_entry_new();
        ts_tar_file(e, names[i], (int64_t)sizes[i]);
        cr_assert_eq(archive_write_header(a, e), ARCHIVE_OK);
        cr_assert_eq(archive_write_data(a, text, sizes[i]), (la_ssize_t)sizes[i]);
        archive_entry_free(e);
    }
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    size_t gz_len;
    unsigned char *gz = gzip_bytes(tar, used, &gz_len);
    char *p = zip_of("skip.zip", "skip.tar.gz", gz, gz_len, 1);
    struct fmt_walk_options opt = {.max_entry_bytes = 1 << 20, .max_inflated = 8 << 20};
    struct rows r = walk(p, &opt);
    cr_assert_eq(r.n, 2);
    cr_assert_str_eq(r.v[0].entry, "skip.tar.gz!big.log");
    cr_assert_str_eq(r.v[0].message, "entry larger than 1 MiB");
    cr_assert_str_eq(r.v[1].entry, "skip.tar.gz");
    cr_assert_str_eq(r.v[1].message,
                     "input decompresses to more than its budget of 8 MiB (--max-inflated)");
    rows_free(&r);
    free(p), free(gz), free(tar), free(text);
}

/* The budget grows with the input: an ordinary archive that decodes to
 * far more than the floor is read whole (1024 times its own size). */
Test(formats_feed, the_budget_grows_with_the_input)
{
    struct fixture f;
    fixture_make(&f);
    cr_assert_eq(ts_write_file(f.path, f.gz, f.gz_len), 0);
    cr_assert_gt(f.tar_len, 64 * 1024);
    struct fmt_walk_options opt = {.max_inflated = 64 * 1024};
    struct rows r = walk(f.path, &opt);
    cr_assert_eq(r.n, NLOGS);
    for (size_t i = 0; i < r.n; i++)
        cr_assert_eq(r.v[i].status, FMT_ENTRY_OK, "%s: %s", r.v[i].entry, r.v[i].message);
    rows_free(&r);
    fixture_free(&f);
}
