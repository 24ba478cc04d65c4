/*
 * Entries replayed as they are read (cli/cmd_analyze.c, replay_streamed;
 * issue 15 item 2): a log longer than 1 MiB is parsed and replayed on the
 * walker's thread while it is read, its text never held whole.  The
 * reports must be the bytes they are when every entry is read whole,
 * failures found late included (a NUL byte, a long line, a cut gzip
 * stream), with one thread or two, and out of memory in a streamed entry
 * still fails that entry alone.  GCAUDIT_TEST_STREAM=BYTES lowers the
 * threshold so that the logs here (a few KiB; a log is streamed only
 * once its first 4 KiB are in) take that path.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/reports.h"
#include "tests/support/support.h"

TestSuite(analyze_stream, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 300);

static void put(const char *name, const char *text, size_t len)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, len), 0);
    free(path);
}

static const char inputs[] = "a.log small.log crlf.log nul.log long.log b.log.gz cut.log.gz";

/* Logs that stream, a small one between them, and logs that fail late. */
static void write_logs(void)
{
    size_t n;
    char *text = ts_mixed_log(&n);
    put("a.log", text, n);
    put("small.log", "Game: Chess\n\n1. P e2-e4\n", 24);
    char *crlf = malloc(2 * n);
    size_t c = 0;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\n')
            crlf[c++] = '\r';
        crlf[c++] = text[i];
    }
    crlf[c - 100] = (char)0xE2;   /* a sequence cut short */
    put("crlf.log", crlf, c);
    text[n - 30] = '\0';
    put("nul.log", text, n);
    text[n - 30] = 'x';
    char *longer = malloc(n + 70001);
    memcpy(longer, text, n);
    memset(longer + n, 'z', 70000);
    longer[n + 70000] = '\n';
    put("long.log", longer, n + 70001);
    char *cmd = ts_fmt("cd '%s' && cat a.log a.log a.log | gzip -9 >b.log.gz && "
                       "head -c 300 b.log.gz >cut.log.gz",
                       ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd), free(text), free(crlf), free(longer);
}

/* The reports, --pgn's file and stderr of a run with env, against a run
 * without it. */
static void same_reports(const char *env, const char *args)
{
    const char *const name[2] = {"ref", "out"};
    for (int i = 0; i < 2; i++) {
        char *run = ts_fmt("cd '%s' && rm -f x.pgn && %s SOURCE_DATE_EPOCH=1700000000 '%s' "
                           "analyze -q %s --pgn x.pgn %s -o %s >/dev/null 2>%s.err; "
                           "echo $? >%s.rc; mv x.pgn %s.pgn 2>/dev/null || touch %s.pgn",
                           ts_scratch, i ? env : "", GC_BINARY, args, inputs, name[i], name[i],
                           name[i], name[i], name[i]);
        cr_assert_eq(ts_run(run), 0);
        free(run);
    }
    char *diff = ts_fmt("cd '%s' && diff -r ref out && cmp ref.pgn out.pgn && cmp ref.err out.err "
                        "&& cmp ref.rc out.rc",
                        ts_scratch);
    cr_assert_eq(ts_run(diff), 0, "%s %s: the reports differ", env, args);
    free(diff);
}

Test(analyze_stream, streamed_entries_give_the_reports_of_whole_ones)
{
    write_logs();
    same_reports("GCAUDIT_TEST_STREAM=1", "-j1 --viewer all");
    same_reports("GCAUDIT_TEST_STREAM=1", "-j2 --viewer all -v");
    same_reports("GCAUDIT_TEST_STREAM=1", "-j2 --excel --viewer illegal");
    same_reports("GCAUDIT_TEST_STREAM=1", "-j2 --shard 1/2 --viewer all");
    /* Streamed and spilled at once: a chunk after every game. */
    same_reports("GCAUDIT_TEST_STREAM=1 GCAUDIT_TEST_SPILL=1", "-j2 --viewer all");
    /* The late failures are the rows they are when read whole. */
    char *inputs_csv = ts_slurp(ts_scratch, "out/inputs.csv");
    cr_assert(strstr(inputs_csv, "nul.log,,"), "%s", inputs_csv);
    cr_assert(strstr(inputs_csv, ",0,failed,NUL byte at line "), "%s", inputs_csv);
    cr_assert(strstr(inputs_csv, ",0,failed,line 1161 is longer than 64 KiB\n"), "%s",
              inputs_csv);
    cr_assert(strstr(inputs_csv, ",ok,1 invalid UTF-8 sequence replaced by U+FFFD\n"), "%s",
              inputs_csv);
    cr_assert(strstr(inputs_csv, ",0,failed,truncated compressed data: "), "%s", inputs_csv);
    free(inputs_csv);
}

/* Out of memory anywhere in a streamed entry: it fails alone, its games
 * count nowhere, and the run goes on. */
Test(analyze_stream, running_out_of_memory_in_a_streamed_entry_fails_it_alone)
{
    write_logs();
    char *cmd = ts_fmt("cd '%s' && cp a.log big.log && '%s' analyze -q -j1 small.log b.log.gz "
                       "-o ref >/dev/null 2>&1",
                       ts_scratch, GC_BINARY);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    ts_oom_sweep_big_log("GCAUDIT_TEST_STREAM=1 GCAUDIT_TEST_SPILL=500",
                         "-j2 small.log big.log b.log.gz", 29);
}
