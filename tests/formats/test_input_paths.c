/*
 * The input walker (formats/input_walk.c, input_entry.c) on what a path
 * names: a plain file, a directory walked in strcmp order, standard input
 * ("-", a pipe among them), and a file that is empty, missing or
 * unreadable; and the walk itself: seq numbered on across walks, a
 * callback that stops it, how far the file is read (file_read).  The
 * rows' messages are listed in tests/support/inputs.h.
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/inputs.h"
#include "tests/support/support.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

TestSuite(formats_input, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* ---------------------------------------------------------- plain input */

Test(formats_input, plain_file_is_one_entry_named_by_its_path)
{
    char *p = ts_put_file("game.log", TS_LOG_A, strlen(TS_LOG_A));
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    cr_assert_str_eq(r.v[0].source, p);
    ts_expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 0, TS_LOG_A);
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, large_log_crosses_read_blocks_intact)
{
    char *log = ts_big_log(1, 5000);   /* about 230 KiB: several 64 KiB blocks */
    char *p = ts_put_file("big.log", log, strlen(log));
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_text(&r, 0, log);
    ts_rows_free(&r);
    free(p);
    free(log);
}

Test(formats_input, directory_walked_recursively_in_strcmp_order)
{
    char *sub = ts_scratch_path("logs");
    char *a = ts_scratch_path("logs/a");
    char *ab = ts_scratch_path("logs/a/b");
    cr_assert_eq(mkdir(sub, 0755), 0);
    cr_assert_eq(mkdir(a, 0755), 0);
    cr_assert_eq(mkdir(ab, 0755), 0);
    free(ts_put_file("logs/b.log", TS_LOG_B, strlen(TS_LOG_B)));
    free(ts_put_file("logs/a/z.log", TS_LOG_A, strlen(TS_LOG_A)));
    free(ts_put_file("logs/a/b/c.log", TS_LOG_A, strlen(TS_LOG_A)));
    free(ts_put_file("logs/A.log", TS_LOG_A, strlen(TS_LOG_A)));
    free(ts_put_file("logs/README", TS_README, strlen(TS_README)));
    char *target = ts_scratch_path("logs/b.log");
    char *flink = ts_scratch_path("logs/d-link.log");
    char *dlink = ts_scratch_path("logs/c-link");
    cr_assert_eq(symlink(target, flink), 0);
    cr_assert_eq(symlink(a, dlink), 0);

    struct ts_rows r = ts_walk(sub);
    const char *want[] = {"A.log", "README", "a/b/c.log", "a/z.log",
                          "b.log", "c-link", "d-link.log"};
    cr_assert_eq(r.n, 7);
    for (size_t i = 0; i < 7; i++) {
        char *src = ts_fmt("%s/%s", sub, want[i]);
        cr_assert_str_eq(r.v[i].source, src);
        cr_assert_str_eq(r.v[i].entry, "");
        free(src);
    }
    ts_expect_text(&r, 0, TS_LOG_A);
    ts_expect_row(&r, 1, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    ts_expect_text(&r, 4, TS_LOG_B);
    ts_expect_row(&r, 5, "", FMT_ENTRY_SKIPPED, "symbolic link, not followed");
    ts_expect_text(&r, 6, TS_LOG_B);
    ts_rows_free(&r);
    free(sub), free(a), free(ab), free(target), free(flink), free(dlink);
}

Test(formats_input, directory_path_with_trailing_slash_joins_once)
{
    free(ts_put_file("x.log", TS_LOG_A, strlen(TS_LOG_A)));
    char *slash = ts_fmt("%s/", ts_scratch);
    struct ts_rows r = ts_walk(slash);
    cr_assert_eq(r.n, 1);
    char *want = ts_fmt("%s/x.log", ts_scratch);
    cr_assert_str_eq(r.v[0].source, want);
    ts_rows_free(&r);
    free(slash), free(want);
}

Test(formats_input, stdin_is_read_as_dash)
{
    char *p = ts_put_file("in.log", TS_LOG_B, strlen(TS_LOG_B));
    struct ts_rows r = ts_walk_stdin(p);
    cr_assert_eq(r.n, 1);
    cr_assert_str_eq(r.v[0].source, "-");
    ts_expect_row(&r, 0, "", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 0, TS_LOG_B);
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, stdin_archive_is_walked)
{
    struct ts_member m[] = {TS_MEMBER("g1.log", TS_LOG_A), TS_MEMBER("g2.log", TS_LOG_B)};
    char *p = ts_write_archive("in.tgz", archive_write_set_format_pax_restricted,
                               archive_write_add_filter_gzip, m, 2);
    struct ts_rows r = ts_walk_stdin(p);
    cr_assert_eq(r.n, 2);
    cr_assert_str_eq(r.v[1].source, "-");
    ts_expect_row(&r, 0, "g1.log", FMT_ENTRY_OK, "");
    ts_expect_text(&r, 1, TS_LOG_B);
    ts_rows_free(&r);
    free(p);
}

/* A pipe cannot seek: a zip on it is read front to back, without the
 * central directory at its end. */
Test(formats_input, stdin_pipe_reads_a_zip_as_a_stream)
{
    struct ts_member m[] = {TS_MEMBER("g1.log", TS_LOG_A), TS_MEMBER("notes.txt", TS_README)};
    char *p = ts_write_archive("in.zip", archive_write_set_format_zip, NULL, m, 2);
    size_t len;
    char *data = ts_slurp_path(p, &len);
    cr_assert_lt(len, 4096, "fits in the pipe's buffer");
    int fds[2], saved = dup(0);
    cr_assert_eq(pipe(fds), 0);
    cr_assert_eq(write(fds[1], data, len), (ssize_t)len);
    close(fds[1]);
    cr_assert_eq(dup2(fds[0], 0), 0);
    close(fds[0]);
    struct ts_rows r = {0};
    uint64_t seq = 0;
    int rc = fmt_walk("-", NULL, &seq, ts_collect, &r);
    cr_assert_eq(dup2(saved, 0), 0);
    close(saved);
    cr_assert_eq(rc, 0);
    cr_assert_eq(r.n, 2);
    ts_expect_text(&r, 0, TS_LOG_A);
    ts_expect_row(&r, 1, "notes.txt", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    ts_rows_free(&r);
    free(p), free(data);
}

/* ---------------------------------- empty, missing and unreadable files */

Test(formats_input, empty_file_is_skipped)
{
    char *p = ts_put_file("empty.log", "", 0);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_SKIPPED, FMT_INPUT_NOT_A_LOG);
    cr_assert_eq(r.v[0].bytes, 0);
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, missing_path_is_one_failed_row)
{
    char *p = ts_scratch_path("no-such.log");
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    cr_assert_str_eq(r.v[0].source, p);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, "cannot open: No such file or directory");
    ts_rows_free(&r);
    free(p);
}

Test(formats_input, unreadable_file_is_one_failed_row)
{
    if (geteuid() == 0) {
        ts_rmtree(ts_scratch);   /* a skipped test gets no .fini */
        cr_skip_test("root reads everything");
    }
    char *p = ts_put_file("locked.log", TS_LOG_A, strlen(TS_LOG_A));
    cr_assert_eq(chmod(p, 0), 0);
    struct ts_rows r = ts_walk(p);
    cr_assert_eq(r.n, 1);
    ts_expect_row(&r, 0, "", FMT_ENTRY_FAILED, "cannot open: Permission denied");
    ts_rows_free(&r);
    free(p);
}

/* ------------------------------------------------------------- the walk */

Test(formats_input, seq_runs_on_across_walks)
{
    struct ts_member m[] = {TS_MEMBER("a.log", TS_LOG_A), TS_MEMBER("b.log", TS_LOG_B)};
    char *tar = ts_write_archive("two.tar", archive_write_set_format_pax_restricted, NULL, m, 2);
    char *log = ts_put_file("one.log", TS_LOG_A, strlen(TS_LOG_A));
    struct ts_rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(tar, NULL, &seq, ts_collect, &r), 0);
    cr_assert_eq(fmt_walk(log, NULL, &seq, ts_collect, &r), 0);
    cr_assert_eq(fmt_walk(tar, NULL, &seq, ts_collect, &r), 0);
    cr_assert_eq(r.n, 5);
    cr_assert_eq(seq, 5);
    for (size_t i = 0; i < r.n; i++)
        cr_assert_eq(r.v[i].seq, i);
    cr_assert_str_eq(r.v[2].source, log);
    ts_rows_free(&r);
    free(tar), free(log);
}

Test(formats_input, callback_result_stops_the_walk)
{
    struct ts_member inner[] = {TS_MEMBER("x.log", TS_LOG_A), TS_MEMBER("y.log", TS_LOG_B)};
    char *tgz = ts_write_archive("in.tgz", archive_write_set_format_pax_restricted,
                                 archive_write_add_filter_gzip, inner, 2);
    char *zip = ts_wrap_archive("out.zip", "in.tgz", tgz, archive_write_set_format_zip, NULL);
    struct ts_rows r = {.stop_at = 1};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(zip, NULL, &seq, ts_collect, &r), FMT_STOPPED);
    cr_assert_eq(r.n, 1);
    cr_assert_eq(seq, 1);
    ts_rows_free(&r);
    free(tgz), free(zip);
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
