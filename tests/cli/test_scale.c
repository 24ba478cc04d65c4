/*
 * Throughput and scale without changing a byte: `analyze -j N` writes the
 * reports `-j 1` writes, and `analyze --shard K/N` runs combined by
 * `gcaudit merge` write the reports of one run.  Checked file by file
 * (inputs.csv, games.csv, violations.csv, the statistics, standings and
 * rating lists, summary.html and the workbook) on the shared vectors (many
 * games in one entry, every variant), the sample archives (failed and
 * skipped entries), and a log of awkward names, with the options that
 * change the reports; then merge's refusals.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

static void setup(void)
{
    ts_scratch_setup();
    /* summary.html and the workbook carry the run's date: fixed here, so
     * that runs can be compared byte for byte (README, SOURCE_DATE_EPOCH). */
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
}
TestSuite(cli_scale, .init = setup, .fini = ts_scratch_teardown, .timeout = 300);

static const char *const reports[] = {"inputs.csv",     "games.csv",    "violations.csv",
                                      "variants.csv",   "terminations.csv", "players.csv",
                                      "headtohead.csv", "standings.csv", "rating_lists.csv",
                                      "summary.html",   "book.xlsx",    "gcaudit-files.txt"};
#define NREPORTS (sizeof reports / sizeof reports[0])

/* Names the state file must carry exactly: spaces, '%', a tab, '=' and
 * '-' at the start, UTF-8. */
static const char odd_log[] =
    "Game: Chess\nLog: odd-1\nWhite: 100% Pure\nBlack: =Tab\there\nResult: 1-0\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nLog: odd-2\nWhite: =Tab\there\nBlack: - Émile %41\nStatus: Draw agreed\n\n"
    "1. P d2-d4 1... p d7-d5\n2. N g1-f3 2... n g8-f6\n\n"
    "Game: Chess\nLog: odd-3\nWhite: - Émile %41\nBlack: 100% Pure\nResult: 0-1\n\n"
    "1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n";

/* The inputs of every run here: the vectors' directory, the samples, the log above. */
static char *inputs(void)
{
    char *odd = ts_fmt("%s/odd.log", ts_scratch);
    cr_assert_eq(ts_write_file(odd, odd_log, sizeof odd_log - 1), 0);
    char *in = ts_fmt("'%s/oracle' '%s'/sample-data/*.tar.gz '%s'", GC_FIXTURES, GC_SOURCE_DIR, odd);
    free(odd);
    return in;
}

/* analyze into dir/NAME with extra options; its exit status. */
static int analyze(const char *name, const char *opts)
{
    char *in = inputs();
    char *cmd = ts_fmt("'%s' analyze -q %s %s -o '%s/%s' >'%s/%s.out' 2>'%s/%s.err'", GC_BINARY,
                       opts, in, ts_scratch, name, ts_scratch, name, ts_scratch, name);
    int rc = ts_run(cmd);
    free(cmd);
    free(in);
    return rc;
}

static void assert_same(const char *a, const char *b)
{
    for (size_t i = 0; i < NREPORTS; i++) {
        char *pa = ts_fmt("%s/%s/%s", ts_scratch, a, reports[i]), *pb = ts_fmt("%s/%s/%s", ts_scratch, b, reports[i]);
        size_t la, lb;
        char *fa = ts_read_file(pa, &la), *fb = ts_read_file(pb, &lb);
        cr_assert(fa, "%s is missing", pa);
        cr_assert(fb, "%s is missing", pb);
        cr_assert(la == lb && memcmp(fa, fb, la) == 0, "%s and %s differ", pa, pb);
        free(fa);
        free(fb);
        free(pa);
        free(pb);
    }
}

/* The option sets: plain, and every option that changes what is written. */
static const char *const option_sets[] = {
    "",
    "--excel --results declared --min-games 2 --variant chess,retro,shogi",
    "--since 2024-01-01 --player-alias /dev/null --average 2300",
    "--illegal-games exclude --white-advantage --anchor 'Ada Quill' --anchor-rating 2000",
};

static char *with_book(const char *name, const char *opts)
{
    return ts_fmt("%s --xlsx '%s/%s/book.xlsx'", opts, ts_scratch, name);
}

Test(cli_scale, threads_write_the_bytes_one_thread_writes)
{
    for (size_t k = 0; k < sizeof option_sets / sizeof option_sets[0]; k++) {
        const char *names[3] = {"j1", "j2", "j8"};
        const char *jobs[3] = {"-j 1", "-j2", "--jobs=8"};
        for (int i = 0; i < 3; i++) {
            char *opts = with_book(names[i], option_sets[k]);
            char *all = ts_fmt("%s %s", jobs[i], opts);
            cr_assert_eq(analyze(names[i], all), 1, "%s %s", jobs[i], option_sets[k]);
            free(all);
            free(opts);
        }
        assert_same("j1", "j2");
        assert_same("j1", "j8");
    }
}

Test(cli_scale, verbose_messages_keep_their_order)
{
    cr_assert_eq(analyze("v1", "-v -j1"), 1);
    cr_assert_eq(analyze("v8", "-v -j8"), 1);
    char *a = ts_fmt("%s/v1.err", ts_scratch), *b = ts_fmt("%s/v8.err", ts_scratch);
    size_t la, lb;
    char *fa = ts_read_file(a, &la), *fb = ts_read_file(b, &lb);
    cr_assert(la > 1000 && la == lb && memcmp(fa, fb, la) == 0, "-v differs between -j1 and -j8");
    free(fa);
    free(fb);
    free(a);
    free(b);
}

/* Run shards 1..n of a run with opts, merge them (in reverse order) into
 * dir/merged; merge's exit status. */
static int shards_and_merge(int n, const char *opts, int threads)
{
    char *dirs = ts_fmt("%s", "");
    for (int k = n; k >= 1; k--) {
        char *name = ts_fmt("shard%d", k), *o = ts_fmt("-j%d --shard %d/%d %s", threads, k, n, opts);
        cr_assert_eq(analyze(name, o), 1, "shard %d/%d", k, n);
        char *more = ts_fmt("%s '%s/%s'", dirs, ts_scratch, name);
        free(dirs);
        dirs = more;
        free(name);
        free(o);
    }
    char *cmd = ts_fmt("'%s' merge %s -o '%s/merged' --xlsx '%s/merged/book.xlsx' >'%s/merge.out' "
                       "2>'%s/merge.err'", GC_BINARY, dirs, ts_scratch, ts_scratch, ts_scratch, ts_scratch);
    int rc = ts_run(cmd);
    free(cmd);
    free(dirs);
    return rc;
}

Test(cli_scale, shards_merge_into_the_reports_of_one_run)
{
    int counts[] = {1, 3, 7};
    for (size_t k = 0; k < sizeof option_sets / sizeof option_sets[0]; k++) {
        char *opts = with_book("single", option_sets[k]);
        cr_assert_eq(analyze("single", opts), 1);
        free(opts);
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            cr_assert_eq(shards_and_merge(counts[c], option_sets[k], 1 + (int)c), 1,
                         "merge of %d shards (%s)", counts[c], option_sets[k]);
            assert_same("single", "merged");
            char *cmd = ts_fmt("rm -rf '%s'/shard* '%s/merged'", ts_scratch, ts_scratch);
            ts_run(cmd);
            free(cmd);
        }
    }
}

Test(cli_scale, merge_prints_the_summary_of_one_run)
{
    char *in = inputs();
    char *cmd = ts_fmt("'%s' analyze %s -o '%s/single' >'%s/single.out'", GC_BINARY, in, ts_scratch, ts_scratch);
    cr_assert_eq(ts_run(cmd), 1);
    free(cmd);
    free(in);
    cr_assert_eq(shards_and_merge(2, "", 2), 1);
    char *a = ts_fmt("%s/single.out", ts_scratch), *b = ts_fmt("%s/merge.out", ts_scratch);
    char *fa = ts_read_file(a, NULL), *fb = ts_read_file(b, NULL);
    /* The same lines but for the time and the directory. */
    char *cut_a = strstr(fa, " games in "), *cut_b = strstr(fb, " games in ");
    cr_assert(cut_a && cut_b);
    *cut_a = *cut_b = '\0';
    cr_assert_str_eq(fa, fb);
    cr_assert(strstr(cut_b + 1, "  games: ") && strstr(cut_b + 1, "violations: "));
    free(fa);
    free(fb);
    free(a);
    free(b);
}

static char *merge_error(const char *args)
{
    char *cmd = ts_fmt("'%s' merge %s -o '%s/merged' 2>'%s/merge.err'", GC_BINARY, args, ts_scratch, ts_scratch);
    int rc = ts_run(cmd);
    free(cmd);
    cr_assert_eq(rc, 3, "merge %s exits %d", args, rc);
    char *p = ts_fmt("%s/merge.err", ts_scratch);
    char *err = ts_read_file(p, NULL);
    free(p);
    return err;
}

Test(cli_scale, merge_refuses_shards_that_do_not_fit)
{
    cr_assert_eq(analyze("a1", "--shard 1/2"), 1);
    cr_assert_eq(analyze("a2", "--shard 2/2"), 1);
    cr_assert_eq(analyze("d2", "--shard 2/2 --results declared"), 1);
    cr_assert_eq(analyze("single", ""), 1);
    char *args = ts_fmt("'%s/a1'", ts_scratch);
    char *err = merge_error(args);
    cr_assert(strstr(err, "1 directory given for 2 shards"), "%s", err);
    free(err);
    free(args);
    args = ts_fmt("'%s/a1' '%s/d2'", ts_scratch, ts_scratch);
    err = merge_error(args);
    cr_assert(strstr(err, "were made with different options"), "%s", err);
    free(err);
    free(args);
    args = ts_fmt("'%s/a2' '%s/a2'", ts_scratch, ts_scratch);
    err = merge_error(args);
    cr_assert(strstr(err, "are both shard 2/2"), "%s", err);
    free(err);
    free(args);
    args = ts_fmt("'%s/single'", ts_scratch);
    err = merge_error(args);
    cr_assert(strstr(err, "gcaudit-shard.txt: No such file"), "%s", err);
    free(err);
    free(args);
    /* Shards of other inputs: the same options, a different inputs.csv. */
    char *cmd = ts_fmt("'%s' analyze -q --shard 2/2 '%s/oracle' -o '%s/other'", GC_BINARY,
                       GC_FIXTURES, ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    args = ts_fmt("'%s/a1' '%s/other'", ts_scratch, ts_scratch);
    err = merge_error(args);
    cr_assert(strstr(err, "differ: the shards did not read the same inputs"), "%s", err);
    free(err);
    free(args);
    /* A state of another version. */
    char *state = ts_fmt("%s/a2/gcaudit-shard.txt", ts_scratch);
    cr_assert_eq(ts_write_file(state, "gcaudit-shard 1\n", 16), 0);
    args = ts_fmt("'%s/a1' '%s/a2'", ts_scratch, ts_scratch);
    err = merge_error(args);
    cr_assert(strstr(err, "not a gcaudit shard state of version 7"), "%s", err);
    free(err);
    free(args);
    free(state);
    /* Nothing was left that looks like a report. */
    char *games = ts_fmt("%s/merged/games.csv", ts_scratch);
    cr_assert_null(ts_read_file(games, NULL));
    free(games);
}

Test(cli_scale, bad_jobs_and_shards_are_usage_errors)
{
    const char *bad[] = {"-j 0", "-j x", "--jobs=2000", "--shard 0/3", "--shard 4/3",
                         "--shard 3", "--shard 1/2 --xlsx b.xlsx", "-j"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(analyze("bad", bad[i]), 2, "%s", bad[i]);
}
