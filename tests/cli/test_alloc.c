/*
 * Out of memory in one entry (issue 15, item 3): running out of memory
 * while one entry was parsed or replayed stopped the whole run with exit
 * status 3 and no report at all.  Now that entry is a failed row, "out of
 * memory", and every other entry is read and reported as if it had never
 * been there: its games count nowhere, its rows and its -v lines are
 * taken back.
 *
 * Memory runs out on purpose through the test hook of cli/alloc.c:
 * GCAUDIT_TEST_OOM=big.log@N fails every allocation of gcaudit's own code
 * after the first N while a replay thread is in big.log.  N is swept from
 * 0 past the entry's last allocation, so the failure lands at every point
 * of it (the parser's first block, a game in the middle, the rows, the
 * statistics), with one thread and with two.  This works under the
 * sanitizers (RLIMIT_AS does not), and the time is bounded: a few small
 * runs per N.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/support.h"

TestSuite(alloc, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 300);

/* Three games a log: a win by mate, an illegal one, a declared one. */
static void write_log(const char *name, const char *p)
{
    char *text = ts_fmt("Game: Chess\nWhite: %s1\nBlack: %s2\nResult: 1-0\n\n"
                        "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                        "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n\n"
                        "Game: Chess\nWhite: %s3\nBlack: %s1\n\n"
                        "1. P e2-e4 1... p e7-e5\n2. K e1-e3\n\n"
                        "Game: Chess\nWhite: %s2\nBlack: %s3\nResult: 0-1\n\n"
                        "1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n",
                        p, p, p, p, p, p);
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path), free(text);
}

static const char *const same[] = {"games.csv", "violations.csv", "variants.csv",
                                   "terminations.csv", "players.csv", "headtohead.csv"};

static char *report(const char *out, const char *name)
{
    char *p = ts_fmt("%s/%s", out, name);
    char *text = ts_slurp(ts_scratch, p);
    free(p);
    return text;
}

/* The reports of a run without big.log, and its -v lines. */
static void reference(const char *jobs)
{
    char *args = ts_fmt("analyze -q -v %s a.log c.log -o ref", jobs);
    cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
    free(args);
}

static long size_of(const char *name)
{
    char *p = ts_fmt("%s/%s", ts_scratch, name);
    struct stat st;
    cr_assert_eq(stat(p, &st), 0);
    free(p);
    return (long)st.st_size;
}

static void sweep(const char *jobs)
{
    write_log("a.log", "Ann");
    write_log("big.log", "Bob");
    write_log("c.log", "Cy");
    reference(jobs);
    char *whole = ts_fmt("big.log,,%ld,3,ok,", size_of("big.log"));
    char *want = ts_fmt("source,entry,bytes,games,status,message\n"
                        "a.log,,%ld,3,ok,\n"
                        "big.log,,%ld,0,failed,out of memory\n"
                        "c.log,,%ld,3,ok,\n",
                        size_of("a.log"), size_of("big.log"), size_of("c.log"));
    char *ref_err = ts_slurp(ts_scratch, "stderr.txt");
    int failed_seen = 0, ok_seen = 0;
    for (int n = 0; n <= 60 && !ok_seen; n++) {
        char *cmd = ts_fmt("cd '%s' && GCAUDIT_TEST_OOM=big.log@%d '%s' analyze -q -v %s a.log "
                           "big.log c.log -o out >stdout.txt 2>stderr.txt",
                           ts_scratch, n, GC_BINARY, jobs);
        int rc = ts_run(cmd);
        free(cmd);
        char *inputs = report("out", "inputs.csv");
        if (strstr(inputs, whole)) {
            /* N past the entry's last allocation: nothing failed. */
            cr_assert_eq(rc, 0, "@%d", n);
            ok_seen = 1;
            free(inputs);
            continue;
        }
        failed_seen++;
        cr_assert_eq(rc, 1, "@%d: exit status %d", n, rc);
        cr_assert_str_eq(inputs, want, "@%d", n);
        /* Every other report as if big.log had not been given. */
        for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
            char *a = report("ref", same[i]), *b = report("out", same[i]);
            cr_assert_str_eq(b, a, "@%d: %s", n, same[i]);
            free(a), free(b);
        }
        /* -v: the other logs' lines in order, big.log named once. */
        char *err = ts_slurp(ts_scratch, "stderr.txt");
        cr_assert(strstr(err, "gcaudit: big.log: out of memory\n"), "@%d: %s", n, err);
        cr_assert(strncmp(err, "big.log:", 8) != 0 && !strstr(err, "\nbig.log:"),
                  "@%d: a -v line of big.log: %s", n, err);
        free(err);
        free(inputs);
    }
    cr_assert_gt(failed_seen, 3, "the sweep never ran out of memory in big.log");
    cr_assert(ok_seen, "big.log was never read whole: sweep further");
    free(ref_err), free(whole), free(want);
}

/* An entry of 105 games, whose rows, records and counts grow the batch's
 * buffers many times over: running out of memory at any of those points
 * fails it alone too, and none of its games counts. */
Test(alloc, running_out_of_memory_in_an_entry_of_many_games)
{
    write_log("a.log", "Ann");
    write_log("c.log", "Cy");
    /* 35 copies of three games: 105 games, players of their own. */
    size_t cap = 35 * 1024, n = 0;
    char *text = malloc(cap);
    for (int k = 0; k < 35; k++)
        n += (size_t)snprintf(text + n, cap - n,
                              "Game: Chess\nWhite: P%d\nBlack: Q%d\nResult: 1-0\n\n"
                              "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                              "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n\n"
                              "Game: Chess\nWhite: P%d\nBlack: R%d\n\n1. P e2-e4\n\n"
                              "Game: Chess\nWhite: Q%d\nBlack: R%d\nResult: 1/2-1/2\n\n"
                              "1. P d2-d4\n\n", k, k, k, k, k, k);
    char *path = ts_fmt("%s/big.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, text, n), 0);
    free(path), free(text);
    reference("-j1");
    int failed_seen = 0, ok_seen = 0;
    /* Every fifth allocation: the sweeps below hit every point of a small
     * entry; here the points are the same few kinds many times over. */
    for (int at = 0; at <= 4000 && !ok_seen; at += 5) {
        char *cmd = ts_fmt("cd '%s' && GCAUDIT_TEST_OOM=big.log@%d '%s' analyze -q -j1 a.log "
                           "big.log c.log -o out >stdout.txt 2>stderr.txt",
                           ts_scratch, at, GC_BINARY);
        int rc = ts_run(cmd);
        free(cmd);
        char *inputs = report("out", "inputs.csv");
        if (strstr(inputs, "big.log,,") && strstr(inputs, ",105,ok,")) {
            cr_assert_eq(rc, 0, "@%d", at);
            ok_seen = 1;
        } else {
            failed_seen++;
            cr_assert_eq(rc, 1, "@%d: exit status %d", at, rc);
            cr_assert(strstr(inputs, ",0,failed,out of memory\n"), "@%d: %s", at, inputs);
            for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
                char *a = report("ref", same[i]), *b = report("out", same[i]);
                cr_assert_str_eq(b, a, "@%d: %s", at, same[i]);
                free(a), free(b);
            }
        }
        free(inputs);
    }
    cr_assert_gt(failed_seen, 3, "the sweep never ran out of memory in the entry");
    cr_assert(ok_seen, "big.log was never read whole: sweep further");
}

Test(alloc, running_out_of_memory_fails_the_entry_alone_one_thread)
{
    sweep("-j1");
}

Test(alloc, running_out_of_memory_fails_the_entry_alone_two_threads)
{
    sweep("-j2");
}
