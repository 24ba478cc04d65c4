/*
 * The input walker (formats/input_*.c): every kind of input gcaudit(1)
 * INPUTS lists, read by content, each entry reported once with its status
 * and reason.  Archives and compressed files are made at run time with
 * libarchive's write API and zlib, so no binary fixture is committed and
 * each test shows exactly what its input holds.
 *
 * The messages are the contract with the inputs report:
 *   ok, warning  "N invalid UTF-8 sequences replaced by U+FFFD"
 *                ("1 invalid UTF-8 sequence replaced by U+FFFD")
 *   skipped      "not a log: no Game: header in the first 4 KiB",
 *                "symbolic link, not followed", "hard link, not followed",
 *                "not a regular file", "archive holds no files"
 *   failed       "NUL byte at line N", "line N is longer than 64 KiB",
 *                "entry larger than 256 MiB" (KiB, or bytes, for odd limits),
 *                "encrypted entry", "archive nested deeper than N levels",
 *                "cannot open: <strerror>", "cannot read directory: <strerror>",
 *                "<kind> archive: <libarchive>" when an archive breaks,
 *                "<kind> compressed data: <libarchive>" when a .gz/.xz/... does,
 *                "<kind> input: <libarchive>" when it breaks before libarchive
 *                knows what it is, with <kind> truncated, corrupt or encrypted;
 *                "corrupt or truncated archive" when libarchive gives no reason,
 *                "archive cannot be read as a stream: <libarchive>" (7-Zip
 *                inside another archive or on a pipe), "read error: <libarchive>"
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/support.h"
#include "tests/support/tar.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

/* ------------------------------------------------------------ collecting */

struct row {
    char *source, *entry, *message, *text;
    size_t len;
    uint64_t bytes, seq;
    enum fmt_entry_status status;
};

struct rows {
    struct row *v;
    size_t n;
    size_t stop_at;   /* nonzero: stop the walk from this row on */
};

static enum fmt_rc collect(void *ctx, const struct fmt_entry *e)
{
    struct rows *r = ctx;
    r->v = realloc(r->v, (r->n + 1) * sizeof *r->v);
    cr_assert_not_null(r->v);
    struct row *w = &r->v[r->n++];
    cr_assert_not_null(e->source);
    cr_assert_not_null(e->entry);
    cr_assert_not_null(e->message);
    w->source = strdup(e->source);
    w->entry = strdup(e->entry);
    w->message = strdup(e->message);
    w->text = NULL;
    if (e->status == FMT_ENTRY_OK) {
        cr_assert_not_null(e->text);
        cr_assert_eq(e->text[e->len], '\0', "text is NUL-terminated");
        cr_assert_eq(strlen(e->text), e->len);
        w->text = malloc(e->len + 1);
        memcpy(w->text, e->text, e->len + 1);
    }
    w->len = e->len;
    w->bytes = e->bytes;
    w->seq = e->seq;
    w->status = e->status;
    return r->stop_at && r->n >= r->stop_at ? FMT_STOPPED : FMT_OK;
}

static void rows_free(struct rows *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->v[i].source);
        free(r->v[i].entry);
        free(r->v[i].message);
        free(r->v[i].text);
    }
    free(r->v);
    r->v = NULL;
    r->n = 0;
}

static struct rows walk_opt(const char *path, const struct fmt_walk_options *opt)
{
    struct rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(path, opt, &seq, collect, &r), 0);
    cr_assert_eq(seq, r.n, "seq advanced once per row");
    for (size_t i = 0; i < r.n; i++)
        cr_assert_eq(r.v[i].seq, i);
    return r;
}

static struct rows walk(const char *path)
{
    return walk_opt(path, NULL);
}

static void expect_row(const struct rows *r, size_t i, const char *entry,
                       enum fmt_entry_status status, const char *message)
{
    cr_assert_lt(i, r->n, "row %zu missing (only %zu rows)", i, r->n);
    if (entry)
        cr_assert_str_eq(r->v[i].entry, entry, "row %zu", i);
    cr_assert_eq(r->v[i].status, status, "row %zu '%s': status %d, message '%s'",
                 i, r->v[i].entry, r->v[i].status, r->v[i].message);
    if (message)
        cr_assert_str_eq(r->v[i].message, message, "row %zu", i);
}

static void expect_text(const struct rows *r, size_t i, const char *text)
{
    expect_row(r, i, NULL, FMT_ENTRY_OK, "");
    cr_assert_str_eq(r->v[i].text, text, "row %zu '%s'", i, r->v[i].entry);
    cr_assert_eq(r->v[i].bytes, strlen(text));
}

/* ------------------------------------------------------------- fixtures */

TestSuite(formats_input, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const char LOG_A[] = "Game: Chess\nWhite: Ann\nBlack: Bob\n\n1. P e2-e4 1... p e7-e5\n";
static const char LOG_B[] = "Game: Backlash\nWhite: Cy\nBlack: Di\n\n1. P d2-d4\n";
static const char README[] = "This archive holds the November games.\n";
static const unsigned char PNG[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                    0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 1, 0};

static char *path_of(const char *name)
{
    char *p = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_not_null(p);
    return p;
}

static char *put_file(const char *name, const void *data, size_t len)
{
    char *p = path_of(name);
    cr_assert_eq(ts_write_file(p, data, len), 0);
    return p;
}

struct member {
    const char *name;
    const void *data;
    size_t len;
    mode_t type;        /* 0: a regular file */
    const char *link;   /* symbolic or hard link target */
};

#define MEMBER(n, s) {n, s, sizeof s - 1, 0, NULL}

typedef int (*set_fn)(struct archive *);

static void add_member(struct archive *a, const struct member *m)
{
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, m->name);
    archive_entry_set_mtime(e, 1700000000, 0);
    archive_entry_set_filetype(e, m->type ? m->type : AE_IFREG);
    archive_entry_set_perm(e, m->type == AE_IFDIR ? 0755 : 0644);
    if (m->type == AE_IFLNK)
        archive_entry_set_symlink(e, m->link);
    else if (m->link)
        archive_entry_set_hardlink(e, m->link);
    archive_entry_set_size(e, m->type || m->link ? 0 : (la_int64_t)m->len);
    cr_assert_geq(archive_write_header(a, e), ARCHIVE_WARN, "%s", archive_error_string(a));
    if (!m->type && !m->link && m->len > 0)
        cr_assert_eq(archive_write_data(a, m->data, m->len), (la_ssize_t)m->len,
                     "%s", archive_error_string(a));
    archive_entry_free(e);
}

/* An archive (or, with the raw format, one compressed file) at path. */
static void write_archive_opt(const char *path, set_fn format, set_fn filter,
                              const char *passphrase,
                              const struct member *m, size_t n)
{
    struct archive *a = archive_write_new();
    cr_assert_eq(format(a), ARCHIVE_OK, "%s", archive_error_string(a));
    if (filter)
        cr_assert_eq(filter(a), ARCHIVE_OK, "%s", archive_error_string(a));
    if (passphrase) {
        cr_assert_eq(archive_write_set_options(a, "zip:encryption=zipcrypt"), ARCHIVE_OK,
                     "%s", archive_error_string(a));
        cr_assert_eq(archive_write_set_passphrase(a, passphrase), ARCHIVE_OK);
    }
    cr_assert_eq(archive_write_open_filename(a, path), ARCHIVE_OK);
    for (size_t i = 0; i < n; i++)
        add_member(a, &m[i]);
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK, "%s", archive_error_string(a));
    archive_write_free(a);
}

static char *write_archive(const char *name, set_fn format, set_fn filter,
                           const struct member *m, size_t n)
{
    char *p = path_of(name);
    write_archive_opt(p, format, filter, NULL, m, n);
    return p;
}

/* A single .gz through zlib, as gzip(1) would write it. */
static char *write_gz(const char *name, const void *data, size_t len)
{
    char *p = path_of(name);
    gzFile gz = gzopen(p, "wb9");
    cr_assert_not_null(gz);
    cr_assert_eq(gzwrite(gz, data, (unsigned)len), (int)len);
    cr_assert_eq(gzclose(gz), Z_OK);
    return p;
}

static char *single_compressed(const char *name, set_fn filter, const char *text)
{
    struct member m = {"data", text, strlen(text), 0, NULL};
    return write_archive(name, archive_write_set_format_raw, filter, &m, 1);
}

/* Distinct, poorly compressible log text, so that compressed streams are
 * long enough to damage in the middle. */
static char *big_log(unsigned seed, size_t lines)
{
    char *s = malloc(lines * 64 + 64);
    cr_assert_not_null(s);
    size_t n = (size_t)sprintf(s, "Game: Chess\nLog: %u\n\n", seed);
    for (size_t i = 0; i < lines; i++) {
        n += (size_t)sprintf(s + n, "%zu. ", i + 1);
        for (int k = 0; k < 40; k++) {
            seed = seed * 1103515245u + 12345u;
            s[n++] = (char)('a' + (seed >> 16) % 26);
        }
        s[n++] = '\n';
    }
    s[n] = '\0';
    return s;
}

/* memmem is a GNU extension. */
static char *find_bytes(char *data, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= len; i++) {
        if (memcmp(data + i, needle, n) == 0)
            return data + i;
    }
    return NULL;
}

static void *slurp(const char *path, size_t *len)
{
    void *data = ts_read_file(path, len);
    cr_assert_not_null(data, "%s", path);
    return data;
}

/* ---------------------------------------------------------- plain input */

Test(formats_input, plain_file_is_one_entry_named_by_its_path)
{
    char *p = put_file("game.log", LOG_A, strlen(LOG_A));
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    cr_assert_str_eq(r.v[0].source, p);
    expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    expect_text(&r, 0, LOG_A);
    rows_free(&r);
    free(p);
}

Test(formats_input, large_log_crosses_read_blocks_intact)
{
    char *log = big_log(1, 5000);   /* about 230 KiB: several 64 KiB blocks */
    char *p = put_file("big.log", log, strlen(log));
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_text(&r, 0, log);
    rows_free(&r);
    free(p);
    free(log);
}

Test(formats_input, directory_walked_recursively_in_strcmp_order)
{
    char *sub = path_of("logs");
    char *a = path_of("logs/a");
    char *ab = path_of("logs/a/b");
    cr_assert_eq(mkdir(sub, 0755), 0);
    cr_assert_eq(mkdir(a, 0755), 0);
    cr_assert_eq(mkdir(ab, 0755), 0);
    free(put_file("logs/b.log", LOG_B, strlen(LOG_B)));
    free(put_file("logs/a/z.log", LOG_A, strlen(LOG_A)));
    free(put_file("logs/a/b/c.log", LOG_A, strlen(LOG_A)));
    free(put_file("logs/A.log", LOG_A, strlen(LOG_A)));
    free(put_file("logs/README", README, strlen(README)));
    char *target = path_of("logs/b.log");
    char *flink = path_of("logs/d-link.log");
    char *dlink = path_of("logs/c-link");
    cr_assert_eq(symlink(target, flink), 0);
    cr_assert_eq(symlink(a, dlink), 0);

    struct rows r = walk(sub);
    const char *want[] = {"A.log", "README", "a/b/c.log", "a/z.log",
                          "b.log", "c-link", "d-link.log"};
    cr_assert_eq(r.n, 7);
    for (size_t i = 0; i < 7; i++) {
        char *src = ts_fmt("%s/%s", sub, want[i]);
        cr_assert_str_eq(r.v[i].source, src);
        cr_assert_str_eq(r.v[i].entry, "");
        free(src);
    }
    expect_text(&r, 0, LOG_A);
    expect_row(&r, 1, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    expect_text(&r, 4, LOG_B);
    expect_row(&r, 5, "", FMT_ENTRY_SKIPPED, "symbolic link, not followed");
    expect_text(&r, 6, LOG_B);
    rows_free(&r);
    free(sub), free(a), free(ab), free(target), free(flink), free(dlink);
}

Test(formats_input, directory_path_with_trailing_slash_joins_once)
{
    free(put_file("x.log", LOG_A, strlen(LOG_A)));
    char *slash = ts_fmt("%s/", ts_scratch);
    struct rows r = walk(slash);
    cr_assert_eq(r.n, 1);
    char *want = ts_fmt("%s/x.log", ts_scratch);
    cr_assert_str_eq(r.v[0].source, want);
    rows_free(&r);
    free(slash), free(want);
}

/* Reads fmt_walk("-") with path's contents on fd 0. */
static struct rows walk_stdin(const char *path)
{
    int saved = dup(0);
    int fd = open(path, O_RDONLY);
    cr_assert(saved >= 0 && fd >= 0);
    cr_assert_eq(dup2(fd, 0), 0);
    close(fd);
    struct rows r = {0};
    uint64_t seq = 0;
    int rc = fmt_walk("-", NULL, &seq, collect, &r);
    cr_assert_eq(dup2(saved, 0), 0);
    close(saved);
    cr_assert_eq(rc, 0);
    return r;
}

Test(formats_input, stdin_is_read_as_dash)
{
    char *p = put_file("in.log", LOG_B, strlen(LOG_B));
    struct rows r = walk_stdin(p);
    cr_assert_eq(r.n, 1);
    cr_assert_str_eq(r.v[0].source, "-");
    expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    expect_text(&r, 0, LOG_B);
    rows_free(&r);
    free(p);
}

Test(formats_input, stdin_archive_is_walked)
{
    struct member m[] = {MEMBER("g1.log", LOG_A), MEMBER("g2.log", LOG_B)};
    char *p = write_archive("in.tgz", archive_write_set_format_pax_restricted,
                            archive_write_add_filter_gzip, m, 2);
    struct rows r = walk_stdin(p);
    cr_assert_eq(r.n, 2);
    cr_assert_str_eq(r.v[1].source, "-");
    expect_row(&r, 0, "g1.log", FMT_ENTRY_OK, "");
    expect_text(&r, 1, LOG_B);
    rows_free(&r);
    free(p);
}

/* A pipe cannot seek: a zip on it is read front to back, without the
 * central directory at its end. */
Test(formats_input, stdin_pipe_reads_a_zip_as_a_stream)
{
    struct member m[] = {MEMBER("g1.log", LOG_A), MEMBER("notes.txt", README)};
    char *p = write_archive("in.zip", archive_write_set_format_zip, NULL, m, 2);
    size_t len;
    char *data = slurp(p, &len);
    cr_assert_lt(len, 4096, "fits in the pipe's buffer");
    int fds[2], saved = dup(0);
    cr_assert_eq(pipe(fds), 0);
    cr_assert_eq(write(fds[1], data, len), (ssize_t)len);
    close(fds[1]);
    cr_assert_eq(dup2(fds[0], 0), 0);
    close(fds[0]);
    struct rows r = {0};
    uint64_t seq = 0;
    int rc = fmt_walk("-", NULL, &seq, collect, &r);
    cr_assert_eq(dup2(saved, 0), 0);
    close(saved);
    cr_assert_eq(rc, 0);
    cr_assert_eq(r.n, 2);
    expect_text(&r, 0, LOG_A);
    expect_row(&r, 1, "notes.txt", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    rows_free(&r);
    free(p), free(data);
}

/* ------------------------------------------------------------- archives */

/* The same members in every archive format: directories are not rows,
 * logs are read in archive order, a README is skipped. */
static void check_archive(const char *name, set_fn format, set_fn filter)
{
    struct member m[] = {
        {"logs/", NULL, 0, AE_IFDIR, NULL},
        MEMBER("logs/a.log", LOG_A),
        MEMBER("logs/b.log", LOG_B),
        MEMBER("README", README),
    };
    char *p = write_archive(name, format, filter, m, 4);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 3, "%s: %zu rows", name, r.n);
    for (size_t i = 0; i < 3; i++)
        cr_assert_str_eq(r.v[i].source, p);
    expect_row(&r, 0, "logs/a.log", FMT_ENTRY_OK, "");
    expect_text(&r, 0, LOG_A);
    expect_row(&r, 1, "logs/b.log", FMT_ENTRY_OK, "");
    expect_text(&r, 1, LOG_B);
    expect_row(&r, 2, "README", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    cr_assert_eq(r.v[2].bytes, strlen(README));
    rows_free(&r);
    free(p);
}

Test(formats_input, tar)
{
    check_archive("x.tar", archive_write_set_format_pax_restricted, NULL);
}

Test(formats_input, tar_gz)
{
    check_archive("x.tar.gz", archive_write_set_format_pax_restricted,
                  archive_write_add_filter_gzip);
}

Test(formats_input, tar_bz2)
{
    check_archive("x.tar.bz2", archive_write_set_format_pax_restricted,
                  archive_write_add_filter_bzip2);
}

Test(formats_input, tar_xz)
{
    check_archive("x.tar.xz", archive_write_set_format_pax_restricted,
                  archive_write_add_filter_xz);
}

Test(formats_input, tar_zst)
{
    check_archive("x.tar.zst", archive_write_set_format_pax_restricted,
                  archive_write_add_filter_zstd);
}

Test(formats_input, zip)
{
    check_archive("x.zip", archive_write_set_format_zip, NULL);
}

Test(formats_input, seven_zip)
{
    check_archive("x.7z", archive_write_set_format_7zip, NULL);
}

Test(formats_input, cpio)
{
    check_archive("x.cpio", archive_write_set_format_cpio_newc, NULL);
}

Test(formats_input, detection_is_by_content_not_name)
{
    check_archive("misnamed.log", archive_write_set_format_pax_restricted,
                  archive_write_add_filter_xz);
}

/* One compressed log: a single entry named "", its text the log's. */
static void check_single(char *p, const char *text)
{
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1, "%s", p);
    cr_assert_str_eq(r.v[0].source, p);
    expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    expect_text(&r, 0, text);
    rows_free(&r);
    free(p);
}

Test(formats_input, single_gz_written_by_zlib)
{
    check_single(write_gz("g.log.gz", LOG_A, strlen(LOG_A)), LOG_A);
}

Test(formats_input, single_bz2)
{
    check_single(single_compressed("g.log.bz2", archive_write_add_filter_bzip2, LOG_A), LOG_A);
}

Test(formats_input, single_xz)
{
    check_single(single_compressed("g.log.xz", archive_write_add_filter_xz, LOG_B), LOG_B);
}

Test(formats_input, single_zst)
{
    check_single(single_compressed("g.log.zst", archive_write_add_filter_zstd, LOG_B), LOG_B);
}

Test(formats_input, gz_of_a_non_log_is_skipped)
{
    char *p = write_gz("readme.gz", README, strlen(README));
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    rows_free(&r);
    free(p);
}

/* zip { nov.tar.gz { backlash/game-17.log, g2.log }, top.log, one.log.gz } */
Test(formats_input, nested_archives_join_names_with_bang)
{
    struct member inner[] = {
        {"backlash/", NULL, 0, AE_IFDIR, NULL},
        MEMBER("backlash/game-17.log", LOG_B),
        MEMBER("g2.log", LOG_A),
    };
    char *tgz = write_archive("nov.tar.gz", archive_write_set_format_pax_restricted,
                              archive_write_add_filter_gzip, inner, 3);
    char *gz = write_gz("one.log.gz", LOG_A, strlen(LOG_A));
    size_t tgz_len, gz_len;
    void *tgz_data = slurp(tgz, &tgz_len), *gz_data = slurp(gz, &gz_len);
    struct member outer[] = {
        {"november.tar.gz", tgz_data, tgz_len, 0, NULL},
        MEMBER("top.log", LOG_B),
        {"one.log.gz", gz_data, gz_len, 0, NULL},
    };
    char *zip = write_archive("2024.zip", archive_write_set_format_zip, NULL, outer, 3);
    struct rows r = walk(zip);
    cr_assert_eq(r.n, 4);
    expect_row(&r, 0, "november.tar.gz!backlash/game-17.log", FMT_ENTRY_OK, "");
    expect_text(&r, 0, LOG_B);
    expect_row(&r, 1, "november.tar.gz!g2.log", FMT_ENTRY_OK, "");
    expect_row(&r, 2, "top.log", FMT_ENTRY_OK, "");
    expect_row(&r, 3, "one.log.gz", FMT_ENTRY_OK, "");
    expect_text(&r, 3, LOG_A);
    cr_assert_str_eq(r.v[0].source, zip);
    rows_free(&r);
    free(tgz), free(gz), free(zip), free(tgz_data), free(gz_data);
}

/* Wrap path's file as the only member of a new archive, plus a log after it. */
static char *wrap(const char *name, const char *inner_name, const char *inner_path,
                  set_fn format, set_fn filter)
{
    size_t len;
    void *data = slurp(inner_path, &len);
    struct member m[] = {{inner_name, data, len, 0, NULL}, MEMBER("after.log", LOG_A)};
    char *p = write_archive(name, format, filter, m, 2);
    free(data);
    return p;
}

Test(formats_input, nesting_deeper_than_the_limit_fails_that_entry_only)
{
    struct member m[] = {MEMBER("deep.log", LOG_A)};
    char *l3 = write_archive("l3.tar", archive_write_set_format_pax_restricted, NULL, m, 1);
    char *l2 = wrap("l2.tgz", "l3.tar", l3, archive_write_set_format_pax_restricted,
                    archive_write_add_filter_gzip);
    char *l1 = wrap("l1.zip", "l2.tgz", l2, archive_write_set_format_zip, NULL);
    struct fmt_walk_options opt = {.max_depth = 2};
    struct rows r = walk_opt(l1, &opt);
    cr_assert_eq(r.n, 3);
    expect_row(&r, 0, "l2.tgz!l3.tar", FMT_ENTRY_FAILED, "archive nested deeper than 2 levels");
    expect_row(&r, 1, "l2.tgz!after.log", FMT_ENTRY_OK, "");
    expect_row(&r, 2, "after.log", FMT_ENTRY_OK, "");
    rows_free(&r);

    r = walk(l1);   /* the default, 4, reaches the log */
    expect_row(&r, 0, "l2.tgz!l3.tar!deep.log", FMT_ENTRY_OK, "");
    rows_free(&r);
    free(l1), free(l2), free(l3);
}

Test(formats_input, default_depth_is_four)
{
    struct member m[] = {MEMBER("deep.log", LOG_A)};
    char *p = write_archive("d5.tar", archive_write_set_format_pax_restricted, NULL, m, 1);
    for (int level = 4; level >= 1; level--) {
        char *name = ts_fmt("d%d.tar", level), *inner = ts_fmt("d%d.tar", level + 1);
        char *q = wrap(name, inner, p, archive_write_set_format_pax_restricted, NULL);
        free(p), free(name), free(inner);
        p = q;
    }
    struct rows r = walk(p);
    expect_row(&r, 0, "d2.tar!d3.tar!d4.tar!d5.tar", FMT_ENTRY_FAILED,
               "archive nested deeper than 4 levels");
    expect_row(&r, 1, "d2.tar!d3.tar!d4.tar!after.log", FMT_ENTRY_OK, "");
    cr_assert_eq(r.n, 5);
    rows_free(&r);
    free(p);
}

Test(formats_input, seven_zip_nested_in_an_archive_fails_with_a_reason)
{
    struct member m[] = {MEMBER("in7.log", LOG_A)};
    char *s7 = write_archive("x.7z", archive_write_set_format_7zip, NULL, m, 1);
    char *tar = wrap("has7z.tar", "x.7z", s7, archive_write_set_format_pax_restricted, NULL);
    struct rows r = walk(tar);
    /* 7-Zip keeps its directory at the end and must seek back to the
     * data, which a stream inside an archive cannot do. */
    cr_assert_eq(r.n, 2);
    expect_row(&r, 0, "x.7z!in7.log", FMT_ENTRY_FAILED, NULL);
    cr_assert(strstr(r.v[0].message, "archive cannot be read as a stream: ") == r.v[0].message,
              "%s", r.v[0].message);
    expect_row(&r, 1, "after.log", FMT_ENTRY_OK, "");
    rows_free(&r);
    free(s7), free(tar);
}

/* ------------------------------------------------------- broken archives */

/* Logs of about 66 KiB each: libarchive's gzip filter hands out 64 KiB
 * blocks and drops the partial block at a cut, so entries must outsize a
 * block for some of them to survive a cut in half. */
static char *many_logs_archive(const char *name, set_fn format, set_fn filter,
                               size_t count, char **logs)
{
    struct member m[8];
    char names[8][32];
    cr_assert_leq(count, 8);
    for (size_t i = 0; i < count; i++) {
        logs[i] = big_log((unsigned)i + 7, 1500);
        snprintf(names[i], sizeof names[i], "g%zu.log", i);
        m[i] = (struct member){names[i], logs[i], strlen(logs[i]), 0, NULL};
    }
    return write_archive(name, format, filter, m, count);
}

static void free_logs(char **logs, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(logs[i]);
}

/* Rows come in order, the first ones intact, and the damage is one or more
 * failed rows whose reason quotes libarchive. */
static size_t check_damage(const struct rows *r, char **logs, const char *kind)
{
    size_t ok = 0;
    while (ok < r->n && r->v[ok].status == FMT_ENTRY_OK) {
        char want[32];
        snprintf(want, sizeof want, "g%zu.log", ok);
        cr_assert_str_eq(r->v[ok].entry, want);
        cr_assert_str_eq(r->v[ok].text, logs[ok]);
        ok++;
    }
    cr_assert_lt(ok, r->n, "the damage is reported");
    size_t failed = 0;
    for (size_t i = ok; i < r->n; i++) {
        if (r->v[i].status != FMT_ENTRY_FAILED)
            continue;
        failed++;
        cr_assert(strstr(r->v[i].message, kind) == r->v[i].message,
                  "'%s' starts with '%s'", r->v[i].message, kind);
        cr_assert_gt(strlen(r->v[i].message), strlen(kind) + 2, "libarchive's reason quoted");
    }
    cr_assert_geq(failed, 1);
    return ok;
}

Test(formats_input, truncated_tar_gz_keeps_the_entries_before_the_cut)
{
    char *logs[6];
    char *p = many_logs_archive("cut.tar.gz", archive_write_set_format_pax_restricted,
                                archive_write_add_filter_gzip, 6, logs);
    size_t len;
    char *data = slurp(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct rows r = walk(p);
    size_t ok = check_damage(&r, logs, "truncated archive: ");
    cr_assert_geq(ok, 2);
    cr_assert_eq(r.n, ok + 1, "one row for the cut, then the walk ends");
    rows_free(&r);
    free(data), free(p);
    free_logs(logs, 6);
}

Test(formats_input, truncated_zip_keeps_the_entries_before_the_cut)
{
    char *logs[6];
    char *p = many_logs_archive("cut.zip", archive_write_set_format_zip, NULL, 6, logs);
    size_t len;
    char *data = slurp(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct rows r = walk(p);
    /* The directory at the end is gone, so zip is read as a stream; zlib
     * reports the cut as a failed inflate, hence not "truncated". */
    size_t ok = check_damage(&r, logs, "corrupt archive: ");
    cr_assert_geq(ok, 2);
    rows_free(&r);
    free(data), free(p);
    free_logs(logs, 6);
}

Test(formats_input, corrupt_tar_gz_reports_a_failed_row)
{
    char *logs[6];
    char *p = many_logs_archive("bad.tar.gz", archive_write_set_format_pax_restricted,
                                archive_write_add_filter_gzip, 6, logs);
    size_t len;
    unsigned char *data = slurp(p, &len);
    for (size_t i = len / 2; i < len / 2 + 64; i++)
        data[i] ^= 0x5A;
    cr_assert_eq(ts_write_file(p, data, len), 0);
    struct rows r = walk(p);
    size_t ok = check_damage(&r, logs, "");
    cr_assert_geq(ok, 2);
    rows_free(&r);
    free(data), free(p);
    free_logs(logs, 6);
}

Test(formats_input, corrupt_zip_member_fails_alone)
{
    char *logs[4];
    char *p = many_logs_archive("bad.zip", archive_write_set_format_zip, NULL, 4, logs);
    size_t len;
    char *data = slurp(p, &len);
    /* Damage g1.log's compressed data, a little after its local header. */
    char *g1 = find_bytes(data, len, "g1.log");
    cr_assert_not_null(g1);
    for (char *q = g1 + 100; q < g1 + 160; q++)
        *q ^= 0x5A;
    cr_assert_eq(ts_write_file(p, data, len), 0);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 4);
    expect_text(&r, 0, logs[0]);
    expect_row(&r, 1, "g1.log", FMT_ENTRY_FAILED, NULL);
    cr_assert(strstr(r.v[1].message, "corrupt archive: ") == r.v[1].message, "%s", r.v[1].message);
    expect_text(&r, 2, logs[2]);
    expect_text(&r, 3, logs[3]);
    rows_free(&r);
    free(data), free(p);
    free_logs(logs, 4);
}

/* cpio's reader fails at a cut without saying why. */
Test(formats_input, truncated_cpio_fails_without_a_libarchive_reason)
{
    char *logs[3];
    char *p = many_logs_archive("cut.cpio", archive_write_set_format_cpio_newc, NULL, 3, logs);
    size_t len;
    char *data = slurp(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 2);
    expect_text(&r, 0, logs[0]);
    expect_row(&r, 1, "g1.log", FMT_ENTRY_FAILED, "corrupt or truncated archive");
    rows_free(&r);
    free(data), free(p);
    free_logs(logs, 3);
}

Test(formats_input, truncated_nested_archive_fails_inside_an_intact_one)
{
    char *logs[6];
    char *inner = many_logs_archive("in.tar.gz", archive_write_set_format_pax_restricted,
                                    archive_write_add_filter_gzip, 6, logs);
    size_t len;
    char *data = slurp(inner, &len);
    cr_assert_eq(ts_write_file(inner, data, len / 2), 0);
    char *outer = wrap("out.zip", "in.tar.gz", inner, archive_write_set_format_zip, NULL);
    struct rows r = walk(outer);
    cr_assert_geq(r.n, 3);
    expect_row(&r, 0, "in.tar.gz!g0.log", FMT_ENTRY_OK, "");
    expect_row(&r, r.n - 2, NULL, FMT_ENTRY_FAILED, NULL);
    cr_assert(strstr(r.v[r.n - 2].message, "truncated archive: ") == r.v[r.n - 2].message);
    expect_row(&r, r.n - 1, "after.log", FMT_ENTRY_OK, "");
    rows_free(&r);
    free(data), free(inner), free(outer);
    free_logs(logs, 6);
}

/* Cut late or early, the failure is the gzip stream's: gcaudit inflates
 * it (input_feed.c), so a cut before libarchive has identified the
 * stream is still known for a compressed one. */
Test(formats_input, truncated_single_gz_fails)
{
    char *log = big_log(3, 8000);   /* about 360 KiB */
    char *p = write_gz("cut.log.gz", log, strlen(log));
    size_t len;
    char *data = slurp(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, "truncated compressed data: truncated gzip input");
    rows_free(&r);

    cr_assert_eq(ts_write_file(p, data, 200), 0);
    r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, "truncated compressed data: truncated gzip input");
    rows_free(&r);
    free(data), free(p), free(log);
}

/* Flip each of many bytes of small archives in turn: whatever libarchive
 * makes of the damage, the walk ends, every row says what it is, and the
 * sanitizers see no fault or leak. */
static void sweep_damage(const char *path)
{
    size_t len;
    unsigned char *orig = slurp(path, &len);
    unsigned char *copy = malloc(len);
    size_t step = len / 150 + 1;
    for (size_t at = 0; at < len; at += step) {
        memcpy(copy, orig, len);
        copy[at] ^= 0xA5;
        cr_assert_eq(ts_write_file(path, copy, len), 0);
        struct rows r = walk(path);
        cr_assert_geq(r.n, 1, "byte %zu of %s", at, path);
        for (size_t i = 0; i < r.n; i++) {
            if (r.v[i].status != FMT_ENTRY_OK)
                cr_assert_neq(r.v[i].message[0], '\0', "byte %zu of %s", at, path);
        }
        rows_free(&r);
    }
    free(orig), free(copy);
}

Test(formats_input, damaged_archives_never_crash_or_hang)
{
    struct member inner[] = {MEMBER("i.log", LOG_A), MEMBER("j.log", LOG_B)};
    char *tgz = write_archive("in.tgz", archive_write_set_format_pax_restricted,
                              archive_write_add_filter_gzip, inner, 2);
    size_t tgz_len;
    void *tgz_data = slurp(tgz, &tgz_len);
    struct member m[] = {
        MEMBER("a.log", LOG_A),
        {"in.tgz", tgz_data, tgz_len, 0, NULL},
        MEMBER("b.log", LOG_B),
    };
    set_fn formats[] = {archive_write_set_format_pax_restricted, archive_write_set_format_zip,
                        archive_write_set_format_7zip, archive_write_set_format_cpio_newc};
    set_fn filters[] = {archive_write_add_filter_xz, NULL, NULL, archive_write_add_filter_bzip2};
    for (size_t f = 0; f < 4; f++) {
        char *p = write_archive("damaged", formats[f], filters[f], m, 3);
        sweep_damage(p);
        free(p);
    }
    char *gz = write_gz("damaged.gz", LOG_A, strlen(LOG_A));
    sweep_damage(gz);
    free(gz), free(tgz), free(tgz_data);
}

Test(formats_input, garbage_after_gzip_magic_fails)
{
    unsigned char junk[600];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (unsigned char)(i * 37 + 11);
    junk[0] = 0x1f, junk[1] = 0x8b, junk[2] = 8, junk[3] = 0;
    char *p = put_file("junk.gz", junk, sizeof junk);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    cr_assert_neq(r.v[0].status, FMT_ENTRY_OK);
    rows_free(&r);
    free(p);
}

/* ------------------------------------------------ not logs, links, limits */

Test(formats_input, empty_file_is_skipped)
{
    char *p = put_file("empty.log", "", 0);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    cr_assert_eq(r.v[0].bytes, 0);
    rows_free(&r);
    free(p);
}

Test(formats_input, empty_archive_is_one_skipped_row)
{
    char *p = write_archive("none.tar", archive_write_set_format_pax_restricted, NULL, NULL, 0);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, "archive holds no files");
    rows_free(&r);
    free(p);
}

Test(formats_input, non_logs_in_an_archive_are_skipped)
{
    char *late = calloc(1, 6000);
    memset(late, 'x', 5000);
    memcpy(late + 5000, "\nGame: Chess\n", 13);   /* a header, but after 4 KiB */
    struct member m[] = {
        MEMBER("README", README),
        {"board.png", PNG, sizeof PNG, 0, NULL},
        {"empty.log", "", 0, 0, NULL},
        {"late.log", late, strlen(late), 0, NULL},
        MEMBER("g.log", LOG_A),
    };
    char *p = write_archive("mixed.tar.gz", archive_write_set_format_pax_restricted,
                            archive_write_add_filter_gzip, m, 5);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 5);
    for (size_t i = 0; i < 4; i++)
        expect_row(&r, i, m[i].name, FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    cr_assert_eq(r.v[3].bytes, strlen(late), "size of the member, not what was read");
    expect_text(&r, 4, LOG_A);
    rows_free(&r);
    free(p), free(late);
}

Test(formats_input, links_and_special_files_in_a_tar_are_skipped)
{
    struct member m[] = {
        MEMBER("g.log", LOG_A),
        {"link.log", NULL, 0, AE_IFLNK, "g.log"},
        {"hard.log", NULL, 0, 0, "g.log"},
        {"pipe", NULL, 0, AE_IFIFO, NULL},
        {"tty", NULL, 0, AE_IFCHR, NULL},
    };
    char *p = write_archive("links.tar", archive_write_set_format_pax_restricted, NULL, m, 5);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 5);
    expect_row(&r, 0, "g.log", FMT_ENTRY_OK, "");
    expect_row(&r, 1, "link.log", FMT_ENTRY_SKIPPED, "symbolic link, not followed");
    expect_row(&r, 2, "hard.log", FMT_ENTRY_SKIPPED, "hard link, not followed");
    expect_row(&r, 3, "pipe", FMT_ENTRY_SKIPPED, "not a regular file");
    expect_row(&r, 4, "tty", FMT_ENTRY_SKIPPED, "not a regular file");
    rows_free(&r);
    free(p);
}

Test(formats_input, entry_over_the_size_limit_fails)
{
    char *log = big_log(5, 200);   /* about 9 KiB */
    struct member m[] = {
        {"big.log", log, strlen(log), 0, NULL},
        MEMBER("small.log", LOG_A),
    };
    char *p = write_archive("sized.tar.gz", archive_write_set_format_pax_restricted,
                            archive_write_add_filter_gzip, m, 2);
    struct fmt_walk_options opt = {.max_entry_bytes = 2048};
    struct rows r = walk_opt(p, &opt);
    cr_assert_eq(r.n, 2);
    expect_row(&r, 0, "big.log", FMT_ENTRY_FAILED, "entry larger than 2 KiB");
    expect_text(&r, 1, LOG_A);
    rows_free(&r);

    opt.max_entry_bytes = 1000;
    r = walk_opt(p, &opt);
    expect_row(&r, 0, "big.log", FMT_ENTRY_FAILED, "entry larger than 1000 bytes");
    rows_free(&r);
    free(p), free(log);
}

Test(formats_input, encrypted_zip_entries_fail)
{
    char *p = path_of("secret.zip");
    struct member m[] = {MEMBER("a.log", LOG_A), MEMBER("b.log", LOG_B)};
    write_archive_opt(p, archive_write_set_format_zip, NULL, "hunter2", m, 2);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 2);
    expect_row(&r, 0, "a.log", FMT_ENTRY_FAILED, "encrypted entry");
    expect_row(&r, 1, "b.log", FMT_ENTRY_FAILED, "encrypted entry");
    rows_free(&r);

    /* The same zip inside a tar, read as a stream without its directory. */
    char *tar = wrap("outer.tar", "secret.zip", p, archive_write_set_format_pax_restricted, NULL);
    r = walk(tar);
    expect_row(&r, 0, "secret.zip!a.log", FMT_ENTRY_FAILED, "encrypted entry");
    expect_row(&r, r.n - 1, "after.log", FMT_ENTRY_OK, "");
    rows_free(&r);
    free(p), free(tar);
}

Test(formats_input, missing_path_is_one_failed_row)
{
    char *p = path_of("no-such.log");
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    cr_assert_str_eq(r.v[0].source, p);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, "cannot open: No such file or directory");
    rows_free(&r);
    free(p);
}

Test(formats_input, unreadable_file_is_one_failed_row)
{
    if (geteuid() == 0) {
        ts_rmtree(ts_scratch);   /* a skipped test gets no .fini */
        cr_skip_test("root reads everything");
    }
    char *p = put_file("locked.log", LOG_A, strlen(LOG_A));
    cr_assert_eq(chmod(p, 0), 0);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, "cannot open: Permission denied");
    rows_free(&r);
    free(p);
}

Test(formats_input, seq_runs_on_across_walks)
{
    struct member m[] = {MEMBER("a.log", LOG_A), MEMBER("b.log", LOG_B)};
    char *tar = write_archive("two.tar", archive_write_set_format_pax_restricted, NULL, m, 2);
    char *log = put_file("one.log", LOG_A, strlen(LOG_A));
    struct rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(tar, NULL, &seq, collect, &r), 0);
    cr_assert_eq(fmt_walk(log, NULL, &seq, collect, &r), 0);
    cr_assert_eq(fmt_walk(tar, NULL, &seq, collect, &r), 0);
    cr_assert_eq(r.n, 5);
    cr_assert_eq(seq, 5);
    for (size_t i = 0; i < r.n; i++)
        cr_assert_eq(r.v[i].seq, i);
    cr_assert_str_eq(r.v[2].source, log);
    rows_free(&r);
    free(tar), free(log);
}

Test(formats_input, callback_result_stops_the_walk)
{
    struct member inner[] = {MEMBER("x.log", LOG_A), MEMBER("y.log", LOG_B)};
    char *tgz = write_archive("in.tgz", archive_write_set_format_pax_restricted,
                              archive_write_add_filter_gzip, inner, 2);
    char *zip = wrap("out.zip", "in.tgz", tgz, archive_write_set_format_zip, NULL);
    struct rows r = {.stop_at = 1};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(zip, NULL, &seq, collect, &r), FMT_STOPPED);
    cr_assert_eq(r.n, 1);
    cr_assert_eq(seq, 1);
    rows_free(&r);
    free(tgz), free(zip);
}

/* ------------------------------------------------------------------ text */

static struct rows walk_bytes(const char *bytes, size_t len)
{
    char *p = put_file("t.log", bytes, len);
    struct rows r = walk(p);
    free(p);
    cr_assert_eq(r.n, 1);
    return r;
}

Test(formats_input, nul_byte_fails_with_its_line)
{
    static const char t[] = "Game: Chess\n\n1. P e2-e4\0\n";
    struct rows r = walk_bytes(t, sizeof t - 1);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, "NUL byte at line 3");
    cr_assert_null(r.v[0].text);
    rows_free(&r);
}

Test(formats_input, line_over_64_kib_fails_and_64_kib_does_not)
{
    size_t n = 13 + 65536 + 1;
    char *t = malloc(n + 1);
    memcpy(t, "Game: Chess\n\n", 13);
    memset(t + 13, 'e', 65536);
    t[n - 1] = '\n';
    t[n] = '\0';
    struct rows r = walk_bytes(t, n);
    expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    rows_free(&r);

    t[n - 1] = 'e';   /* now 65537 bytes on line 3 */
    r = walk_bytes(t, n);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, "line 3 is longer than 64 KiB");
    rows_free(&r);
    free(t);
}

Test(formats_input, skip_check_comes_before_nul_check)
{
    static const char t[] = "\x89PNG\r\n\0\0\0";
    struct rows r = walk_bytes(t, sizeof t - 1);
    expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    rows_free(&r);
}

Test(formats_input, invalid_utf8_is_replaced_and_counted)
{
    static const char t[] = "Game: Caf\xC3\n\xFFWhite: \xC3\xA9t\xC3\xA9\n";
    struct rows r = walk_bytes(t, sizeof t - 1);
    expect_row(&r, 0, "", FMT_ENTRY_OK, "2 invalid UTF-8 sequences replaced by U+FFFD");
    cr_assert_str_eq(r.v[0].text, "Game: Caf\xEF\xBF\xBD\n\xEF\xBF\xBDWhite: \xC3\xA9t\xC3\xA9\n");
    cr_assert_eq(r.v[0].bytes, sizeof t - 1, "bytes as stored, before replacement");
    rows_free(&r);

    static const char one[] = "Game: \xE2\x82 Chess\n";
    r = walk_bytes(one, sizeof one - 1);
    expect_row(&r, 0, "", FMT_ENTRY_OK, "1 invalid UTF-8 sequence replaced by U+FFFD");
    cr_assert_str_eq(r.v[0].text, "Game: \xEF\xBF\xBD Chess\n");
    rows_free(&r);
}

Test(formats_input, bom_and_crlf_and_cr_are_normalised)
{
    static const char t[] = "\xEF\xBB\xBFGame: Chess\r\nWhite: A\rBlack: B\n\r\n1. P e2-e4\r";
    struct rows r = walk_bytes(t, sizeof t - 1);
    expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    cr_assert_str_eq(r.v[0].text, "Game: Chess\nWhite: A\nBlack: B\n\n1. P e2-e4\n");
    rows_free(&r);
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

/* ------------------------------------------------------ gzip checksums */

#define GZ_CRC_BAD "corrupt compressed data: gzip checksum mismatch"

/* A .gz whose data inflates fine but whose CRC-32 (the trailer's first
 * four bytes) is wrong: libarchive alone would pass it as text. */
static void *gz_with_bad_crc(size_t *len)
{
    char *p = write_gz("bad-crc.log.gz", LOG_A, strlen(LOG_A));
    unsigned char *data = slurp(p, len);
    data[*len - 8] ^= 0x55;
    free(p);
    return data;
}

Test(formats_input, gzip_checksum_mismatch_fails)
{
    size_t len;
    void *data = gz_with_bad_crc(&len);
    char *p = put_file("bad-crc.log.gz", data, len);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, GZ_CRC_BAD);
    rows_free(&r);
    free(p);
    free(data);
}

Test(formats_input, gzip_checksum_mismatch_inside_a_tar_fails_that_member)
{
    size_t len;
    void *data = gz_with_bad_crc(&len);
    struct member m[] = {{"a.log.gz", data, len, 0, NULL}, MEMBER("b.log", LOG_B)};
    char *p = write_archive("crc.tar", archive_write_set_format_pax_restricted, NULL, m, 2);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 2);
    expect_row(&r, 0, "a.log.gz", FMT_ENTRY_FAILED, GZ_CRC_BAD);
    expect_text(&r, 1, LOG_B);
    rows_free(&r);
    free(p);
    free(data);
}

Test(formats_input, gzip_checksum_ok_on_stdin)
{
    char *p = write_gz("ok.log.gz", LOG_A, strlen(LOG_A));
    struct rows r = walk_stdin(p);
    cr_assert_eq(r.n, 1);
    expect_text(&r, 0, LOG_A);
    rows_free(&r);
    free(p);
}

/* Two gzip members back to back (gzip -c a b): the end holds only the
 * second member's trailer, which is no reason to fail. */
Test(formats_input, concatenated_gzip_members_are_read_whole)
{
    char *a = write_gz("a.gz", LOG_A, strlen(LOG_A)), *b = write_gz("b.gz", LOG_B, strlen(LOG_B));
    size_t la, lb;
    char *da = slurp(a, &la), *db = slurp(b, &lb);
    char *both = malloc(la + lb);
    memcpy(both, da, la);
    memcpy(both + la, db, lb);
    char *p = put_file("both.log.gz", both, la + lb);
    struct rows r = walk(p);
    cr_assert_eq(r.n, 1);
    char *text = ts_fmt("%s%s", LOG_A, LOG_B);
    expect_text(&r, 0, text);
    rows_free(&r);
    free(text); free(p); free(both); free(da); free(db); free(a); free(b);
}

/* fmt_entry.file_read: how far the file holding an entry is read, for
 * the progress line. */
static uint64_t last_file_read;

static enum fmt_rc keep_file_read(void *ctx, const struct fmt_entry *e)
{
    (void)ctx;
    last_file_read = e->file_read;
    return 0;
}

Test(input, file_read_says_how_far_the_file_is_read)
{
    char *d = ts_tempdir();
    char *path = ts_fmt("%s/one.log", d);
    static const char log[] = "Game: Chess\n\n1. e2-e4\n";
    cr_assert_eq(ts_write_file(path, log, sizeof log - 1), 0);
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(path, NULL, &seq, keep_file_read, NULL), 0);
    /* All of it, at least: format detection may read a block twice. */
    cr_expect_geq(last_file_read, sizeof log - 1, "%llu", (unsigned long long)last_file_read);
    free(path);
    ts_rmtree(d);
    free(d);
}

/* ------------------------------------------- plain members: only raw */

/* input_archive.c reads a member as text without a nested reader when
 * fmt_input_only_raw says nothing but libarchive's raw format could claim
 * it.  That must never be wrong: wherever it says so, a reader with every
 * format gcaudit enables, reading the member as a nested one is read (a
 * stream without seeking), must pick raw with no filter.  Checked on
 * logs and on near misses of every format's and filter's signature. */

struct mem_src {
    const unsigned char *p;
    size_t n, at;
};

static la_ssize_t mem_read(struct archive *a, void *ctx, const void **buf)
{
    (void)a;
    struct mem_src *m = ctx;
    size_t k = m->n - m->at < 4096 ? m->n - m->at : 4096;  /* in pieces, as a stream */
    *buf = m->p + m->at;
    m->at += k;
    return (la_ssize_t)k;
}

/* Does libarchive read the n bytes at p as raw, with no filter? */
static int libarchive_picks_raw(const unsigned char *p, size_t n)
{
    struct archive *a = fmt_input_reader_new();
    struct archive_entry *e;
    struct mem_src m = {p, n, 0};
    cr_assert_not_null(a);
    int raw = archive_read_open(a, &m, NULL, mem_read, NULL) == ARCHIVE_OK &&
              archive_read_next_header(a, &e) == ARCHIVE_OK &&
              archive_format(a) == ARCHIVE_FORMAT_RAW && archive_filter_count(a) == 1;
    archive_read_free(a);
    return raw;
}

/* A tar header block: 512 bytes of text whose checksum field holds the
 * header's sum, in `form` ("%06o" plus what follows it). */
static void tar_like(unsigned char *b, const char *form)
{
    memset(b, 'x', 512);
    memcpy(b, "Game: Chess\n", 12);
    memset(b + 148, ' ', 8);
    unsigned sum = 0;
    for (int k = 0; k < 512; k++)
        sum += b[k];
    char field[16];
    snprintf(field, sizeof field, form, sum);
    memcpy(b + 148, field, 8);
}

Test(formats_input, only_raw_agrees_with_libarchive)
{
    static const struct {
        const char *head;
        size_t len;
    } heads[] = {
        {"Game: Chess\n", 12}, {"\xEF\xBB\xBFGame: Chess\n", 15}, {"PK\x03\x04", 4},
        {"PK00PK\x03\x04", 8}, {"7z\xBC\xAF\x27\x1C", 6}, {"MZ", 2}, {"\x7F" "ELF", 4},
        {"070707", 6}, {"070701", 6}, {"\xC7\x71", 2}, {"!<arch>\n", 8}, {"MSCF\0\0\0\0", 8},
        {"ab-lh5-", 7}, {"Rar!\x1A\x07\x00", 7}, {"Rar!\x1A\x07\x01\x00", 8}, {"xar!", 4},
        {"\x1F\x8B\x08", 3}, {"BZh91AY&SY", 10}, {"\xFD" "7zXZ\0", 6},
        {"]\0\0\x80\0\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF", 13}, {"LZIP\x01", 5},
        {"\x28\xB5\x2F\xFD", 4}, {"\x1F\x9D\x90", 3}, {"PK", 2}, {"Rar!", 4}, {"0707", 4},
        {"]", 1}, {"^", 1}, {"!<", 2}, {"BZh", 3}, {"LZIP", 4}, {"7z", 2},
    };
    static const size_t sizes[] = {16, 100, 511, 512, 4096, 30000, 49151, 49152};
    size_t said_raw = 0, checked = 0;
    for (size_t h = 0; h < sizeof heads / sizeof heads[0]; h++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            size_t n = sizes[s];
            unsigned char *b = malloc(n);
            cr_assert_not_null(b);
            for (size_t k = 0; k < n; k++)
                b[k] = "1. P e2-e4 1... p e7-e5\n"[k % 24];
            memcpy(b, heads[h].head, heads[h].len);
            int fast = fmt_input_only_raw(b, n);
            if (fast) {
                said_raw++;
                cr_expect(libarchive_picks_raw(b, n), "only_raw, but libarchive does not pick raw "
                          "for a member of %zu bytes starting %zu", n, h);
            }
            checked++;
            free(b);
        }
    /* A text block that could be a tar header (its checksum field holds
     * its sum) is no plain member; with any other byte in that field,
     * which libarchive refuses before it adds anything up, it may be. */
    static const char *const forms[] = {"%06o \0", "%07o", "  %05o\n", "%06o\n\n", "%06ox"};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        unsigned char b[1024];
        memset(b + 512, 'x', 512);
        tar_like(b, forms[f]);
        if (f < 2)
            cr_expect_not(fmt_input_only_raw(b, sizeof b), "a tar header, form '%s'", forms[f]);
        else if (fmt_input_only_raw(b, sizeof b))
            cr_expect(libarchive_picks_raw(b, sizeof b), "form '%s'", forms[f]);
    }
    /* ... and a real tar's first member header. */
    unsigned char tarbuf[10240];
    size_t used = 0;
    struct archive *w = archive_write_new();
    archive_write_set_format_pax_restricted(w);
    cr_assert_eq(archive_write_open_memory(w, tarbuf, sizeof tarbuf, &used), ARCHIVE_OK);
    struct archive_entry *e = archive_entry_new();
    ts_tar_file(e, "g.log", 12);
    archive_write_header(w, e);
    archive_write_data(w, "Game: Chess\n", 12);
    archive_entry_free(e);
    archive_write_close(w);
    archive_write_free(w);
    cr_expect_not(fmt_input_only_raw(tarbuf, used), "a tar archive");
    cr_expect_not(libarchive_picks_raw(tarbuf, used));
    /* The fast path is taken where it matters: plain logs of every size
     * up to the read-ahead, with or without a byte-order mark. */
    cr_expect_geq(said_raw, 12, "only %zu of %zu members read as plain", said_raw, checked);
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

/* ------------------------------------------------- streamed entries */

/* collect, for a walk with stream_after: a streamed entry is read in
 * pieces of 777 bytes (fmt_entry_read) and ended (fmt_entry_end), and
 * recorded as the whole entry would have been. */
static size_t streamed_seen;

static enum fmt_rc collect_streamed(void *ctx, const struct fmt_entry *e)
{
    if (!e->stream)
        return collect(ctx, e);
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
    int rc = collect(ctx, &whole);
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
    struct rows a = walk_opt(path, &whole_opt);
    struct rows b = {0};
    uint64_t seq = 0;
    streamed_seen = 0;
    cr_assert_eq(fmt_walk(path, &stream_opt, &seq, collect_streamed, &b), 0);
    cr_assert_geq(streamed_seen, want_streamed, "%s: nothing was streamed", path);
    cr_assert_eq(a.n, b.n, "%s: %zu rows, streamed %zu", path, a.n, b.n);
    size_t big = 0;
    for (size_t i = 0; i < a.n; i++) {
        const struct row *x = &a.v[i], *y = &b.v[i];
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
    rows_free(&a), rows_free(&b);
}

Test(formats_input, streamed_entries_are_the_entries_read_whole)
{
    char *log = big_log(3, 3000);
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
    paths[0] = put_file("plain.log", log, n);
    paths[1] = put_file("crlf.log", crlf, c);
    paths[2] = put_file("nul.log", odd, n);
    memcpy(odd, log, n);
    memset(odd + n, 'x', 70000);
    odd[n + 70000] = '\n';
    paths[3] = put_file("long.log", odd, n + 70001);
    paths[4] = write_gz("plain.log.gz", crlf, c);
    size_t glen;
    char *gz = slurp(paths[4], &glen);
    paths[5] = put_file("cut.log.gz", gz, glen / 2);
    char *logs[4];
    paths[6] = many_logs_archive("many.tar.gz", archive_write_set_format_pax_restricted,
                                 archive_write_add_filter_gzip, 4, logs);
    char *tgz = slurp(paths[6], &glen);
    paths[7] = put_file("cut.tar.gz", tgz, glen * 2 / 3);
    for (int i = 0; i < 8; i++) {
        same_streamed(paths[i], 0, 1);
        /* An entry limit passed while streaming: "entry larger than". */
        same_streamed(paths[i], 100000, 0);
    }
    free_logs(logs, 4);
    for (int i = 0; i < 8; i++)
        free(paths[i]);
    free(log), free(crlf), free(odd), free(gz), free(tgz);
}

/* A callback that stops reading half way: fmt_entry_end reads the rest,
 * and says what a whole read would have said. */
static enum fmt_rc read_a_little(void *ctx, const struct fmt_entry *e)
{
    if (!e->stream)
        return collect(ctx, e);
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
    return collect(ctx, &whole);
}

Test(formats_input, a_streamed_entry_left_half_read_ends_as_a_whole_one)
{
    char *log = big_log(5, 3000);
    size_t n = strlen(log);
    log[n - 5] = '\0';
    char *p = put_file("nul.log", log, n);
    struct fmt_walk_options opt = {.stream_after = 5000};
    struct rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(p, &opt, &seq, read_a_little, &r), 0);
    cr_assert_eq(r.n, 1);
    expect_row(&r, 0, "", FMT_ENTRY_FAILED, "NUL byte at line 3003");
    cr_assert_eq(r.v[0].bytes, n);
    rows_free(&r);
    free(p), free(log);
}
