/*
 * The input walker's archives (formats/input_archive.c): every archive
 * format and compressed file gcaudit(1) INPUTS lists, read by content;
 * archives nested in archives, and the depth limit; members that are not
 * logs, links, special files, too large or encrypted; and the plain
 * members read without a nested reader (fmt_input_only_raw) against
 * libarchive's own choice.  The rows' messages are listed in
 * tests/support/inputs.h.
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/inputs.h"
#include "tests/support/support.h"
#include "tests/support/tar.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TestSuite(formats_input, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const unsigned char PNG[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                    0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 1, 0};

static char *single_compressed(const char *name, ts_set_fn filter, const char *text)
{
    struct ts_member m = {"data", text, strlen(text), 0, NULL};
    return ts_write_archive(name, archive_write_set_format_raw, filter, &m, 1);
}

/* ------------------------------------------------------------- archives */

/* The same members in every archive format: directories are not rows,
 * logs are read in archive order, a README is skipped. */
static void check_archive(const char *name, ts_set_fn format, ts_set_fn filter)
{
    struct ts_member m[] = {
        {"logs/", NULL, 0, AE_IFDIR, NULL},
        TS_MEMBER("logs/a.log", TS_LOG_A),
        TS_MEMBER("logs/b.log", TS_LOG_B),
        TS_MEMBER("README", TS_README),
    };
    char *p = ts_write_archive(name, format, filter, m, 4);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 3, "%s: %zu rows", name, r.n);
    for (size_t i = 0; i < 3; i++)
        cr_assert_str_eq(r.v[i].source, p);
    ts_expect_row(&r, 0, "logs/a.log", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 0, TS_LOG_A);
    ts_expect_row(&r, 1, "logs/b.log", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 1, TS_LOG_B);
    ts_expect_row(&r, 2, "README", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    cr_assert_eq(r.v[2].bytes, strlen(TS_README));
    ts_rows_free(&r);
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
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1, "%s", p);
    cr_assert_str_eq(r.v[0].source, p);
    ts_expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 0, text);
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, single_gz_written_by_zlib)
{
    check_single(ts_write_gz("g.log.gz", TS_LOG_A, strlen(TS_LOG_A)), TS_LOG_A);
}

Test(formats_input, single_bz2)
{
    check_single(single_compressed("g.log.bz2", archive_write_add_filter_bzip2, TS_LOG_A), TS_LOG_A);
}

Test(formats_input, single_xz)
{
    check_single(single_compressed("g.log.xz", archive_write_add_filter_xz, TS_LOG_B), TS_LOG_B);
}

Test(formats_input, single_zst)
{
    check_single(single_compressed("g.log.zst", archive_write_add_filter_zstd, TS_LOG_B), TS_LOG_B);
}

Test(formats_input, gz_of_a_non_log_is_skipped)
{
    char *p = ts_write_gz("readme.gz", TS_README, strlen(TS_README));
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    ts_rows_free(&r);
    free(p);
}

/* zip { nov.tar.gz { backlash/game-17.log, g2.log }, top.log, one.log.gz } */
Test(formats_input, nested_archives_join_names_with_bang)
{
    struct ts_member inner[] = {
        {"backlash/", NULL, 0, AE_IFDIR, NULL},
        TS_MEMBER("backlash/game-17.log", TS_LOG_B),
        TS_MEMBER("g2.log", TS_LOG_A),
    };
    char *tgz = ts_write_archive("nov.tar.gz", archive_write_set_format_pax_restricted,
                                 archive_write_add_filter_gzip, inner, 3);
    char *gz = ts_write_gz("one.log.gz", TS_LOG_A, strlen(TS_LOG_A));
    size_t tgz_len, gz_len;
    void *tgz_data = ts_slurp_path(tgz, &tgz_len), *gz_data = ts_slurp_path(gz, &gz_len);
    struct ts_member outer[] = {
        {"november.tar.gz", tgz_data, tgz_len, 0, NULL},
        TS_MEMBER("top.log", TS_LOG_B),
        {"one.log.gz", gz_data, gz_len, 0, NULL},
    };
    char *zip = ts_write_archive("2024.zip", archive_write_set_format_zip, NULL, outer, 3);
    struct ts_rows r = ts_walk(zip);
    cr_assert_eq(r.n, 4);
    ts_expect_row(&r, 0, "november.tar.gz!backlash/game-17.log", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 0, TS_LOG_B);
    ts_expect_row(&r, 1, "november.tar.gz!g2.log", FMT_ENTRY_OK, "");
    ts_expect_row(&r, 2, "top.log", FMT_ENTRY_OK, "");
    ts_expect_row(&r, 3, "one.log.gz", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 3, TS_LOG_A);
    cr_assert_str_eq(r.v[0].source, zip);
    ts_rows_free(&r);
    free(tgz), free(gz), free(zip), free(tgz_data), free(gz_data);
}

Test(formats_input, nesting_deeper_than_the_limit_fails_that_entry_only)
{
    struct ts_member m[] = {TS_MEMBER("deep.log", TS_LOG_A)};
    char *l3 = ts_write_archive("l3.tar", archive_write_set_format_pax_restricted, NULL, m, 1);
    char *l2 = ts_wrap_archive("l2.tgz", "l3.tar", l3, archive_write_set_format_pax_restricted,
                               archive_write_add_filter_gzip);
    char *l1 = ts_wrap_archive("l1.zip", "l2.tgz", l2, archive_write_set_format_zip, NULL);
    struct fmt_walk_options opt = {.max_depth = 2};
    struct ts_rows r = ts_walk_opt(l1, &opt);
    cr_assert_eq(r.n, 3);
    ts_expect_row(&r, 0, "l2.tgz!l3.tar", FMT_ENTRY_FAILED, "archive nested deeper than 2 levels");
    ts_expect_row(&r, 1, "l2.tgz!after.log", FMT_ENTRY_OK, "");
    ts_expect_row(&r, 2, "after.log", FMT_ENTRY_OK, "");
    ts_rows_free(&r);

    r = ts_walk(l1);   /* the default, 4, reaches the log */
    ts_expect_row(&r, 0, "l2.tgz!l3.tar!deep.log", FMT_ENTRY_OK, "");
    ts_rows_free(&r);
    free(l1), free(l2), free(l3);
}

Test(formats_input, default_depth_is_four)
{
    struct ts_member m[] = {TS_MEMBER("deep.log", TS_LOG_A)};
    char *p = ts_write_archive("d5.tar", archive_write_set_format_pax_restricted, NULL, m, 1);
    for (int level = 4; level >= 1; level--) {
        char *name = ts_fmt("d%d.tar", level), *inner = ts_fmt("d%d.tar", level + 1);
        char *q = ts_wrap_archive(name, inner, p, archive_write_set_format_pax_restricted, NULL);
        free(p), free(name), free(inner);
        p = q;
    }
    struct ts_rows r = ts_walk(p);
    ts_expect_row(&r, 0, "d2.tar!d3.tar!d4.tar!d5.tar", FMT_ENTRY_FAILED,
                  "archive nested deeper than 4 levels");
    ts_expect_row(&r, 1, "d2.tar!d3.tar!d4.tar!after.log", FMT_ENTRY_OK, "");
    cr_assert_eq(r.n, 5);
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, seven_zip_nested_in_an_archive_fails_with_a_reason)
{
    struct ts_member m[] = {TS_MEMBER("in7.log", TS_LOG_A)};
    char *s7 = ts_write_archive("x.7z", archive_write_set_format_7zip, NULL, m, 1);
    char *tar = ts_wrap_archive("has7z.tar", "x.7z", s7, archive_write_set_format_pax_restricted, NULL);
    struct ts_rows r = ts_walk(tar);
    /* 7-Zip keeps its directory at the end and must seek back to the
     * data, which a stream inside an archive cannot do. */
    cr_assert_eq(r.n, 2);
    ts_expect_row(&r, 0, "x.7z!in7.log", FMT_ENTRY_FAILED, NULL);
    cr_assert(strstr(r.v[0].message, "archive cannot be read as a stream: ") == r.v[0].message,
              "%s", r.v[0].message);
    ts_expect_row(&r, 1, "after.log", FMT_ENTRY_OK, "");
    ts_rows_free(&r);
    free(s7), free(tar);
}

/* ------------------------------------------------ not logs, links, limits */

Test(formats_input, empty_archive_is_one_skipped_row)
{
    char *p = ts_write_archive("none.tar", archive_write_set_format_pax_restricted, NULL, NULL, 0);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, "archive holds no files");
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, non_logs_in_an_archive_are_skipped)
{
    char *late = calloc(1, 6000);
    memset(late, 'x', 5000);
    memcpy(late + 5000, "\nGame: Chess\n", 13);   /* a header, but after 4 KiB */
    struct ts_member m[] = {
        TS_MEMBER("README", TS_README),
        {"board.png", PNG, sizeof PNG, 0, NULL},
        {"empty.log", "", 0, 0, NULL},
        {"late.log", late, strlen(late), 0, NULL},
        TS_MEMBER("g.log", TS_LOG_A),
    };
    char *p = ts_write_archive("mixed.tar.gz", archive_write_set_format_pax_restricted,
                               archive_write_add_filter_gzip, m, 5);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 5);
    for (size_t i = 0; i < 4; i++)
        ts_expect_row(&r, i, m[i].name, FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    cr_assert_eq(r.v[3].bytes, strlen(late), "size of the member, not what was read");
    ts_expect_text(&r, 4, TS_LOG_A);
    ts_rows_free(&r);
    free(p), free(late);
}

Test(formats_input, links_and_special_files_in_a_tar_are_skipped)
{
    struct ts_member m[] = {
        TS_MEMBER("g.log", TS_LOG_A),
        {"link.log", NULL, 0, AE_IFLNK, "g.log"},
        {"hard.log", NULL, 0, 0, "g.log"},
        {"pipe", NULL, 0, AE_IFIFO, NULL},
        {"tty", NULL, 0, AE_IFCHR, NULL},
    };
    char *p = ts_write_archive("links.tar", archive_write_set_format_pax_restricted, NULL, m, 5);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 5);
    ts_expect_row(&r, 0, "g.log", FMT_ENTRY_OK, "");
    ts_expect_row(&r, 1, "link.log", FMT_ENTRY_SKIPPED, "symbolic link, not followed");
    ts_expect_row(&r, 2, "hard.log", FMT_ENTRY_SKIPPED, "hard link, not followed");
    ts_expect_row(&r, 3, "pipe", FMT_ENTRY_SKIPPED, "not a regular file");
    ts_expect_row(&r, 4, "tty", FMT_ENTRY_SKIPPED, "not a regular file");
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, entry_over_the_size_limit_fails)
{
    char *log = ts_big_log(5, 200);   /* about 9 KiB */
    struct ts_member m[] = {
        {"big.log", log, strlen(log), 0, NULL},
        TS_MEMBER("small.log", TS_LOG_A),
    };
    char *p = ts_write_archive("sized.tar.gz", archive_write_set_format_pax_restricted,
                               archive_write_add_filter_gzip, m, 2);
    struct fmt_walk_options opt = {.max_entry_bytes = 2048};
    struct ts_rows r = ts_walk_opt(p, &opt);
    cr_assert_eq(r.n, 2);
    ts_expect_row(&r, 0, "big.log", FMT_ENTRY_FAILED, "entry larger than 2 KiB");
    ts_expect_text(&r, 1, TS_LOG_A);
    ts_rows_free(&r);

    opt.max_entry_bytes = 1000;
    r = ts_walk_opt(p, &opt);
    ts_expect_row(&r, 0, "big.log", FMT_ENTRY_FAILED, "entry larger than 1000 bytes");
    ts_rows_free(&r);
    free(p), free(log);
}

Test(formats_input, encrypted_zip_entries_fail)
{
    char *p = ts_scratch_path("secret.zip");
    struct ts_member m[] = {TS_MEMBER("a.log", TS_LOG_A), TS_MEMBER("b.log", TS_LOG_B)};
    ts_write_archive_opt(p, archive_write_set_format_zip, NULL, "hunter2", m, 2);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 2);
    ts_expect_row(&r, 0, "a.log", FMT_ENTRY_FAILED, "encrypted entry");
    ts_expect_row(&r, 1, "b.log", FMT_ENTRY_FAILED, "encrypted entry");
    ts_rows_free(&r);

    /* The same zip inside a tar, read as a stream without its directory. */
    char *tar = ts_wrap_archive("outer.tar", "secret.zip", p, archive_write_set_format_pax_restricted, NULL);
    r = ts_walk(tar);
    ts_expect_row(&r, 0, "secret.zip!a.log", FMT_ENTRY_FAILED, "encrypted entry");
    ts_expect_row(&r, r.n - 1, "after.log", FMT_ENTRY_OK, "");
    ts_rows_free(&r);
    free(p), free(tar);
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
