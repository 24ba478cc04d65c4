/*
 * Rows put out of memory (cli/spill.c, issue 15 item 2): a batch whose
 * rows and records pass a threshold puts them in a temporary file, in
 * chunks, at a game's end, and the writer reads them back in order.  The
 * reports must be the same bytes as when nothing spills, with one thread
 * or two, and an entry that runs out of memory after its batch spilled
 * must still fail alone.  The tests set the threshold through the hook
 * GCAUDIT_TEST_SPILL=BYTES (1: after every game), so the spill path runs
 * on small inputs.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "tests/support/reports.h"
#include "tests/support/support.h"

TestSuite(spill, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 300);

/* ------------------------------------------------------------ the file */

static void buf_set(struct fmt_buf *b, const char *s)
{
    b->len = 0;
    if (*s)
        cr_assert_eq(fmt_buf_add(b, s, strlen(s)), FMT_OK);
}

static void expect_chunk(cli_spill *s, struct fmt_buf *const *v, const char *a, const char *b)
{
    cr_assert_eq(cli_spill_get(s, v, 2), 1);
    cr_assert_eq(v[0]->len, strlen(a));
    cr_assert_eq(v[1]->len, strlen(b));
    cr_assert(memcmp(v[0]->data, a, v[0]->len) == 0);
    cr_assert(memcmp(v[1]->data, b, v[1]->len) == 0);
}

Test(spill, chunks_come_back_in_order_and_a_cut_drops_the_later_ones)
{
    struct fmt_buf x = {0}, y = {0};
    struct fmt_buf *v[2] = {&x, &y};
    cli_spill *s = cli_spill_new();
    cr_assert_eq(cli_spill_size(s), 0);
    buf_set(&x, "one"), buf_set(&y, "");
    cr_assert_eq(cli_spill_put(s, v, 2), 0);
    cr_assert_eq(x.len, 0, "a chunk put empties its buffers");
    uint64_t mark = cli_spill_size(s);
    buf_set(&x, "two"), buf_set(&y, "2");
    cr_assert_eq(cli_spill_put(s, v, 2), 0);
    buf_set(&x, "three"), buf_set(&y, "33");
    cr_assert_eq(cli_spill_put(s, v, 2), 0);
    cr_assert_eq(cli_spill_rewind(s), 0);
    expect_chunk(s, v, "one", "");
    expect_chunk(s, v, "two", "2");
    expect_chunk(s, v, "three", "33");
    cr_assert_eq(cli_spill_get(s, v, 2), 0);
    /* Back to the mark: the chunks after it are gone, and the next one
     * put follows the mark. */
    cr_assert_eq(cli_spill_cut(s, mark), 0);
    cr_assert_eq(cli_spill_size(s), mark);
    buf_set(&x, "four"), buf_set(&y, "4");
    cr_assert_eq(cli_spill_put(s, v, 2), 0);
    cr_assert_eq(cli_spill_rewind(s), 0);
    expect_chunk(s, v, "one", "");
    expect_chunk(s, v, "four", "4");
    cr_assert_eq(cli_spill_get(s, v, 2), 0);
    cli_spill_free(s);
    fmt_buf_release(&x), fmt_buf_release(&y);
}

/* A temporary folder that cannot be used, or no file descriptor left, is
 * said as such, with the folder and the reason: by cli_temp_file and by a
 * spill (the duplicate check's, through the command below), never as
 * running out of memory. */
Test(spill, an_unusable_temporary_folder_is_named_with_the_reason)
{
    char *nowhere = ts_fmt("%s/no/such/folder", ts_scratch);
    char *want = ts_fmt("cannot make a temporary file in '%s' (TMPDIR): No such file or directory", nowhere);
    cr_assert_eq(setenv("TMPDIR", nowhere, 1), 0);
    cr_expect_null(cli_temp_file());
    cr_expect_str_eq(cli_temp_file_why(), want);

    struct fmt_buf x = {0};
    struct fmt_buf *v[1] = {&x};
    buf_set(&x, "rows");
    cli_spill *s = cli_spill_new();
    cr_expect_eq(cli_spill_put(s, v, 1), -1);
    cr_expect_str_eq(cli_spill_why(s), want);
    cli_spill_free(s);

    fmt_buf_release(&x);
    cr_assert_eq(unsetenv("TMPDIR"), 0);
    free(want);
    free(nowhere);
}

Test(spill, no_file_descriptor_left_is_said_as_such)
{
    cr_assert_eq(unsetenv("TMPDIR"), 0);
    struct rlimit was, low;
    cr_assert_eq(getrlimit(RLIMIT_NOFILE, &was), 0);
    int next = dup(0);
    cr_assert_geq(next, 0);
    close(next);
    low = was;
    low.rlim_cur = (rlim_t)next; /* the next descriptor is over the limit */
    cr_assert_eq(setrlimit(RLIMIT_NOFILE, &low), 0);
    FILE *f = cli_temp_file();
    cr_assert_eq(setrlimit(RLIMIT_NOFILE, &was), 0);
    cr_expect_null(f);
    cr_expect_str_eq(cli_temp_file_why(), "cannot make a temporary file in '/tmp': Too many open files");
}

Test(spill, a_spill_never_put_reads_as_empty)
{
    struct fmt_buf x = {0};
    struct fmt_buf *v[1] = {&x};
    cli_spill *s = cli_spill_new();
    cr_assert_eq(cli_spill_rewind(s), 0);
    cr_assert_eq(cli_spill_get(s, v, 1), 0);
    cr_assert_eq(cli_spill_cut(s, 0), 0);
    cli_spill_free(s);
    cli_spill_free(NULL);
}

/* ------------------------------------------------------------ analyze */

/* Logs of many games: wins, illegal moves, copies of earlier games (the
 * duplicate check reads the records back across chunks), a malformed
 * game, in several entries. */
static void write_logs(void)
{
    for (int f = 0; f < 3; f++) {
        size_t n;
        char *text = ts_mixed_log(&n);
        char *path = ts_fmt("%s/log%d.log", ts_scratch, f);
        cr_assert_eq(ts_write_file(path, text, n), 0);
        free(path), free(text);
    }
}

/* The reports, --pgn's file and stderr of a run that spills as spill
 * says, against a run with the threshold left alone. */
static void same_reports(const char *spill, const char *jobs, const char *more)
{
    const char *const name[2] = {"ref", "out"};
    for (int i = 0; i < 2; i++) {
        char *run = ts_fmt("cd '%s' && rm -f x.pgn && %s%s SOURCE_DATE_EPOCH=1700000000 '%s' "
                           "analyze -q %s %s --pgn x.pgn log0.log log1.log log2.log -o %s "
                           ">/dev/null 2>%s.err; echo $? >%s.rc; mv x.pgn %s.pgn 2>/dev/null || "
                           "touch %s.pgn",
                           ts_scratch, i ? "GCAUDIT_TEST_SPILL=" : "", i ? spill : "",
                           GC_BINARY, jobs, more, name[i], name[i], name[i], name[i], name[i]);
        cr_assert_eq(ts_run(run), 0);
        free(run);
    }
    char *diff = ts_fmt("cd '%s' && diff -r ref out && cmp ref.pgn out.pgn && cmp ref.err out.err "
                        "&& cmp ref.rc out.rc",
                        ts_scratch);
    cr_assert_eq(ts_run(diff), 0, "GCAUDIT_TEST_SPILL=%s %s %s: the reports differ", spill, jobs,
                 more);
    free(diff);
}

Test(spill, the_reports_are_the_same_bytes_spilled_after_every_game)
{
    write_logs();
    same_reports("1", "-j1", "--viewer all");
    same_reports("1", "-j2", "--viewer all -v");
    same_reports("1", "-j1", "--excel --viewer illegal");
}

Test(spill, the_reports_are_the_same_bytes_spilled_now_and_then)
{
    write_logs();
    same_reports("700", "-j1", "--viewer all");
    same_reports("5000", "-j2", "");
    same_reports("700", "-j2", "--shard 2/3 --viewer all");
}

/* Out of memory in an entry whose batch spilled before it and in it:
 * the entry fails alone, and the file is cut back to where it began. */
Test(spill, running_out_of_memory_in_a_spilled_entry_fails_it_alone)
{
    write_logs();
    char *cmd = ts_fmt("cd '%s' && cat log1.log > big.log && '%s' analyze -q -j1 log0.log "
                       "log2.log -o ref >/dev/null 2>&1",
                       ts_scratch, GC_BINARY);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    ts_oom_sweep_big_log("GCAUDIT_TEST_SPILL=300", "-j1 log0.log big.log log2.log", 37);
}

/* Through the command: the run stops with exit 3 and the reason. */
Test(spill, an_unusable_temporary_folder_stops_the_run_with_the_reason)
{
    write_logs();
    char *run = ts_fmt("cd '%s' && TMPDIR=\"$PWD/none\" '%s' analyze -q log0.log -o out >/dev/null 2>err.txt",
                       ts_scratch, GC_BINARY);
    cr_expect_eq(ts_run(run), 3);
    free(run);
    char *err = ts_slurp(ts_scratch, "err.txt");
    char *want = ts_fmt("gcaudit: cannot make a temporary file in '%s/none' (TMPDIR): No such file or "
                        "directory while looking for duplicate games\n",
                        ts_scratch);
    cr_expect(strstr(err, want), "%s", err);
    free(want), free(err);
    run = ts_fmt("cd '%s' && TMPDIR=\"$PWD/none\" GCAUDIT_TEST_SPILL=1 '%s' analyze -q --keep-duplicates log0.log "
                 "-o out >/dev/null 2>err.txt",
                 ts_scratch, GC_BINARY);
    cr_expect_eq(ts_run(run), 3);
    free(run);
    err = ts_slurp(ts_scratch, "err.txt");
    want = ts_fmt("gcaudit: cannot make a temporary file in '%s/none' (TMPDIR): No such file or "
                  "directory while reading log0.log \n",
                  ts_scratch);
    cr_expect(strstr(err, want), "%s", err);
    free(want), free(err);
}
