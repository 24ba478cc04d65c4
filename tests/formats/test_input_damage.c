/*
 * Damaged inputs (formats/input_archive.c, input_feed.c): archives and
 * compressed files cut short, corrupted, or damaged a byte at a time keep
 * the entries before the damage and say what broke in failed rows that
 * quote libarchive; and the gzip trailer's CRC-32, which libarchive does
 * not check.  The rows' messages are listed in tests/support/inputs.h.
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/inputs.h"
#include "tests/support/support.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TestSuite(formats_input, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

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

/* ------------------------------------------------------- broken archives */

/* Rows come in order, the first ones intact, and the damage is one or more
 * failed rows whose reason quotes libarchive. */
static size_t check_damage(const struct ts_rows *r, char **logs, const char *kind)
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
    char *p = ts_many_logs_archive("cut.tar.gz", archive_write_set_format_pax_restricted,
                                   archive_write_add_filter_gzip, 6, logs);
    size_t len;
    char *data = ts_slurp_path(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct ts_rows r = ts_walk(p);
    size_t ok = check_damage(&r, logs, "truncated archive: ");
    cr_assert_geq(ok, 2);
    cr_assert_eq(r.n, ok + 1, "one row for the cut, then the walk ends");
    ts_rows_free(&r);
    free(data), free(p);
    ts_free_logs(logs, 6);
}

Test(formats_input, truncated_zip_keeps_the_entries_before_the_cut)
{
    char *logs[6];
    char *p = ts_many_logs_archive("cut.zip", archive_write_set_format_zip, NULL, 6, logs);
    size_t len;
    char *data = ts_slurp_path(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct ts_rows r = ts_walk(p);
    /* The directory at the end is gone, so zip is read as a stream; zlib
     * reports the cut as a failed inflate, hence not "truncated". */
    size_t ok = check_damage(&r, logs, "corrupt archive: ");
    cr_assert_geq(ok, 2);
    ts_rows_free(&r);
    free(data), free(p);
    ts_free_logs(logs, 6);
}

Test(formats_input, corrupt_tar_gz_reports_a_failed_row)
{
    char *logs[6];
    char *p = ts_many_logs_archive("bad.tar.gz", archive_write_set_format_pax_restricted,
                                   archive_write_add_filter_gzip, 6, logs);
    size_t len;
    unsigned char *data = ts_slurp_path(p, &len);
    for (size_t i = len / 2; i < len / 2 + 64; i++)
        data[i] ^= 0x5A;
    cr_assert_eq(ts_write_file(p, data, len), 0);
    struct ts_rows r = ts_walk(p);
    size_t ok = check_damage(&r, logs, "");
    cr_assert_geq(ok, 2);
    ts_rows_free(&r);
    free(data), free(p);
    ts_free_logs(logs, 6);
}

Test(formats_input, corrupt_zip_member_fails_alone)
{
    char *logs[4];
    char *p = ts_many_logs_archive("bad.zip", archive_write_set_format_zip, NULL, 4, logs);
    size_t len;
    char *data = ts_slurp_path(p, &len);
    /* Damage g1.log's compressed data, a little after its local header. */
    char *g1 = find_bytes(data, len, "g1.log");
    cr_assert_not_null(g1);
    for (char *q = g1 + 100; q < g1 + 160; q++)
        *q ^= 0x5A;
    cr_assert_eq(ts_write_file(p, data, len), 0);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 4);
    ts_expect_text(&r, 0, logs[0]);
    ts_expect_row(&r, 1, "g1.log", FMT_ENTRY_FAILED, NULL);
    cr_assert(strstr(r.v[1].message, "corrupt archive: ") == r.v[1].message, "%s", r.v[1].message);
    ts_expect_text(&r, 2, logs[2]);
    ts_expect_text(&r, 3, logs[3]);
    ts_rows_free(&r);
    free(data), free(p);
    ts_free_logs(logs, 4);
}

/* cpio's reader fails at a cut without saying why. */
Test(formats_input, truncated_cpio_fails_without_a_libarchive_reason)
{
    char *logs[3];
    char *p = ts_many_logs_archive("cut.cpio", archive_write_set_format_cpio_newc, NULL, 3, logs);
    size_t len;
    char *data = ts_slurp_path(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 2);
    ts_expect_text(&r, 0, logs[0]);
    ts_expect_row(&r, 1, "g1.log", FMT_ENTRY_FAILED, "corrupt or truncated archive");
    ts_rows_free(&r);
    free(data), free(p);
    ts_free_logs(logs, 3);
}

Test(formats_input, truncated_nested_archive_fails_inside_an_intact_one)
{
    char *logs[6];
    char *inner = ts_many_logs_archive("in.tar.gz", archive_write_set_format_pax_restricted,
                                       archive_write_add_filter_gzip, 6, logs);
    size_t len;
    char *data = ts_slurp_path(inner, &len);
    cr_assert_eq(ts_write_file(inner, data, len / 2), 0);
    char *outer = ts_wrap_archive("out.zip", "in.tar.gz", inner, archive_write_set_format_zip, NULL);
    struct ts_rows r = ts_walk(outer);
    cr_assert_geq(r.n, 3);
    ts_expect_row(&r, 0, "in.tar.gz!g0.log", FMT_ENTRY_OK, "");
    ts_expect_row(&r, r.n - 2, NULL, FMT_ENTRY_FAILED, NULL);
    cr_assert(strstr(r.v[r.n - 2].message, "truncated archive: ") == r.v[r.n - 2].message);
    ts_expect_row(&r, r.n - 1, "after.log", FMT_ENTRY_OK, "");
    ts_rows_free(&r);
    free(data), free(inner), free(outer);
    ts_free_logs(logs, 6);
}

/* Cut late or early, the failure is the gzip stream's: gcaudit inflates
 * it (input_feed.c), so a cut before libarchive has identified the
 * stream is still known for a compressed one. */
Test(formats_input, truncated_single_gz_fails)
{
    char *log = ts_big_log(3, 8000);   /* about 360 KiB */
    char *p = ts_write_gz("cut.log.gz", log, strlen(log));
    size_t len;
    char *data = ts_slurp_path(p, &len);
    cr_assert_eq(ts_write_file(p, data, len / 2), 0);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, "truncated compressed data: truncated gzip input");
    ts_rows_free(&r);

    cr_assert_eq(ts_write_file(p, data, 200), 0);
    r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, "truncated compressed data: truncated gzip input");
    ts_rows_free(&r);
    free(data), free(p), free(log);
}

/* Flip each of many bytes of small archives in turn: whatever libarchive
 * makes of the damage, the walk ends, every row says what it is, and the
 * sanitizers see no fault or leak. */
static void sweep_damage(const char *path)
{
    size_t len;
    unsigned char *orig = ts_slurp_path(path, &len);
    unsigned char *copy = malloc(len);
    size_t step = len / 150 + 1;
    for (size_t at = 0; at < len; at += step) {
        memcpy(copy, orig, len);
        copy[at] ^= 0xA5;
        cr_assert_eq(ts_write_file(path, copy, len), 0);
        struct ts_rows r = ts_walk(path);
        cr_assert_geq(r.n, 1, "byte %zu of %s", at, path);
        for (size_t i = 0; i < r.n; i++) {
            if (r.v[i].status != FMT_ENTRY_OK)
                cr_assert_neq(r.v[i].message[0], '\0', "byte %zu of %s", at, path);
        }
        ts_rows_free(&r);
    }
    free(orig), free(copy);
}

Test(formats_input, damaged_archives_never_crash_or_hang)
{
    struct ts_member inner[] = {TS_MEMBER("i.log", TS_LOG_A), TS_MEMBER("j.log", TS_LOG_B)};
    char *tgz = ts_write_archive("in.tgz", archive_write_set_format_pax_restricted,
                                 archive_write_add_filter_gzip, inner, 2);
    size_t tgz_len;
    void *tgz_data = ts_slurp_path(tgz, &tgz_len);
    struct ts_member m[] = {
        TS_MEMBER("a.log", TS_LOG_A),
        {"in.tgz", tgz_data, tgz_len, 0, NULL},
        TS_MEMBER("b.log", TS_LOG_B),
    };
    ts_set_fn formats[] = {archive_write_set_format_pax_restricted, archive_write_set_format_zip,
                        archive_write_set_format_7zip, archive_write_set_format_cpio_newc};
    ts_set_fn filters[] = {archive_write_add_filter_xz, NULL, NULL, archive_write_add_filter_bzip2};
    for (size_t f = 0; f < 4; f++) {
        char *p = ts_write_archive("damaged", formats[f], filters[f], m, 3);
        sweep_damage(p);
        free(p);
    }
    char *gz = ts_write_gz("damaged.gz", TS_LOG_A, strlen(TS_LOG_A));
    sweep_damage(gz);
    free(gz), free(tgz), free(tgz_data);
}

Test(formats_input, garbage_after_gzip_magic_fails)
{
    unsigned char junk[600];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (unsigned char)(i * 37 + 11);
    junk[0] = 0x1f, junk[1] = 0x8b, junk[2] = 8, junk[3] = 0;
    char *p = ts_put_file("junk.gz", junk, sizeof junk);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    cr_assert_neq(r.v[0].status, FMT_ENTRY_OK);
    ts_rows_free(&r);
    free(p);
}

/* ------------------------------------------------------ gzip checksums */

#define GZ_CRC_BAD "corrupt compressed data: gzip checksum mismatch"

/* A .gz whose data inflates fine but whose CRC-32 (the trailer's first
 * four bytes) is wrong: libarchive alone would pass it as text. */
static void *gz_with_bad_crc(size_t *len)
{
    char *p = ts_write_gz("bad-crc.log.gz", TS_LOG_A, strlen(TS_LOG_A));
    unsigned char *data = ts_slurp_path(p, len);
    data[*len - 8] ^= 0x55;
    free(p);
    return data;
}

Test(formats_input, gzip_checksum_mismatch_fails)
{
    size_t len;
    void *data = gz_with_bad_crc(&len);
    char *p = ts_put_file("bad-crc.log.gz", data, len);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, GZ_CRC_BAD);
    ts_rows_free(&r);
    free(p);
    free(data);
}

Test(formats_input, gzip_checksum_mismatch_inside_a_tar_fails_that_member)
{
    size_t len;
    void *data = gz_with_bad_crc(&len);
    struct ts_member m[] = {{"a.log.gz", data, len, 0, NULL}, TS_MEMBER("b.log", TS_LOG_B)};
    char *p = ts_write_archive("crc.tar", archive_write_set_format_pax_restricted, NULL, m, 2);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 2);
    ts_expect_row(&r, 0, "a.log.gz", FMT_ENTRY_FAILED, GZ_CRC_BAD);
    ts_expect_text(&r, 1, TS_LOG_B);
    ts_rows_free(&r);
    free(p);
    free(data);
}

Test(formats_input, gzip_checksum_ok_on_stdin)
{
    char *p = ts_write_gz("ok.log.gz", TS_LOG_A, strlen(TS_LOG_A));
    struct ts_rows r = ts_walk_stdin(p);
    cr_assert_eq(r.n, 1);
    ts_expect_text(&r, 0, TS_LOG_A);
    ts_rows_free(&r);
    free(p);
}

/* Two gzip members back to back (gzip -c a b): the end holds only the
 * second member's trailer, which is no reason to fail. */
Test(formats_input, concatenated_gzip_members_are_read_whole)
{
    char *a = ts_write_gz("a.gz", TS_LOG_A, strlen(TS_LOG_A)), *b = ts_write_gz("b.gz", TS_LOG_B, strlen(TS_LOG_B));
    size_t la, lb;
    char *da = ts_slurp_path(a, &la), *db = ts_slurp_path(b, &lb);
    char *both = malloc(la + lb);
    memcpy(both, da, la);
    memcpy(both + la, db, lb);
    char *p = ts_put_file("both.log.gz", both, la + lb);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    char *text = ts_fmt("%s%s", TS_LOG_A, TS_LOG_B);
    ts_expect_text(&r, 0, text);
    ts_rows_free(&r);
    free(text); free(p); free(both); free(da); free(db); free(a); free(b);
}
