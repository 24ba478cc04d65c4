/*
 * No silent empty run (cli/run_guard.c; issue 26, item 3, and issue 29,
 * item 5).  An empty archive, an empty file, a file that holds no log, a
 * selection that matches nothing, or `analyze DIR -o DIR` (which never
 * reads its own output folder) replaced good reports with empty ones and
 * exited 0.  Now each keeps the earlier reports byte for byte, says why on
 * stderr and exits 4, unless --allow-empty asks for the empty set; and a
 * mistyped path among good inputs is refused before the run (exit 2).
 * merge keeps the same rule, and the message says why entries were
 * skipped.
 */
#define _DEFAULT_SOURCE /* DT_DIR */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/support.h"

TestSuite(run_guard, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 60);

static const char LOG[] = "Game: Chess\nEvent: Spring Cup\nWhite: Ann\nBlack: Bob\n"
                          "Ended: 2024-03-02\nResult: 1-0\n\n"
                          "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                          "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n";

static void write_in(const char *name, const char *text, size_t len)
{
    char *p = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(p, text, len), 0);
    free(p);
}

/* Every file of out/ (pages too), names and bytes, in one string. */
static char *snapshot(const char *sub)
{
    char *path = ts_fmt("%s/%s", ts_scratch, sub);
    struct dirent **names;
    int n = scandir(path, &names, NULL, alphasort);
    cr_assert_geq(n, 0, "%s is gone", sub);
    char *all = ts_fmt("%s", "");
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        char *rel = ts_fmt("%s/%s", sub, name);
        char *grown;
        if (name[0] == '.')
            grown = ts_fmt("%s", all);
        else if (names[i]->d_type == DT_DIR) {
            char *inner = snapshot(rel);
            grown = ts_fmt("%s== %s/\n%s", all, name, inner);
            free(inner);
        } else {
            char *text = ts_slurp(ts_scratch, rel);
            grown = ts_fmt("%s== %s\n%s", all, name, text);
            free(text);
        }
        free(all), free(rel), free(names[i]);
        all = grown;
    }
    free(names);
    free(path);
    return all;
}

static void expect_stderr(const char *want)
{
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, want);
    free(err);
}

/* gcaudit args exits with status and says want. */
static void expect_run(const char *args, int status, const char *want)
{
    cr_expect_eq(ts_gcaudit(ts_scratch, args), status, "%s", args);
    expect_stderr(want);
}

/* A good run's reports in out/; then `args` must keep them as they were,
 * exit 4 and say `message`. */
static void expect_kept(const char *args, const char *message)
{
    write_in("good.log", LOG, sizeof LOG - 1);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --xlsx out/stats.xlsx"), 0);
    char *before = snapshot("out");
    cr_assert(strstr(before, "== games.csv\n") && strstr(before, "== games/\n"), "%s", before);
    cr_expect_eq(ts_gcaudit(ts_scratch, args), 4, "%s", args);
    expect_stderr(message);
    char *after = snapshot("out");
    cr_expect_str_eq(after, before, "%s changed the reports", args);
    free(before), free(after);
}

Test(run_guard, an_empty_file_keeps_the_reports)
{
    write_in("empty.log", "", 0);
    expect_kept("analyze -q empty.log -o out",
                "gcaudit: analyze: the inputs hold no game (1 entry read: 0 ok, 1 skipped, 0 "
                "failed); skipped: 'not a log: no Game: header in the first 4 KiB' (1): the "
                "reports in 'out' are left as they were (give --allow-empty to write empty "
                "reports)\n");
}

Test(run_guard, a_file_that_holds_no_log_keeps_the_reports)
{
    expect_kept("analyze -q /bin/ls -o out",
                "gcaudit: analyze: the inputs hold no game (1 entry read: 0 ok, 1 skipped, 0 "
                "failed); skipped: 'not a log: no Game: header in the first 4 KiB' (1): the "
                "reports in 'out' are left as they were (give --allow-empty to write empty "
                "reports)\n");
}

Test(run_guard, an_empty_archive_keeps_the_reports)
{
    /* An empty tar: two zero blocks. */
    char *zeros = calloc(1, 1024);
    write_in("empty.tar", zeros, 1024);
    free(zeros);
    expect_kept("analyze -q empty.tar -o out",
                "gcaudit: analyze: the inputs hold no game (1 entry read: 0 ok, 1 skipped, 0 "
                "failed); skipped: 'archive holds no files' (1): the reports in 'out' are left "
                "as they were (give --allow-empty to write empty reports)\n");
}

Test(run_guard, a_selection_that_matches_nothing_keeps_the_reports)
{
    expect_kept("analyze -q good.log -o out --variant shogi",
                "gcaudit: analyze: the selection (variant shogi) matches none of the 1 games "
                "read: the reports in 'out' are left as they were (give --allow-empty to write "
                "empty reports)\n");
    expect_kept("analyze -q good.log -o out --event Autumn",
                "gcaudit: analyze: the selection (event Autumn) matches none of the 1 games "
                "read: the reports in 'out' are left as they were (give --allow-empty to write "
                "empty reports)\n");
    expect_kept("analyze -q good.log -o out --since 2025-01-01",
                "gcaudit: analyze: the selection (since 2025-01-01) matches none of the 1 games "
                "read: the reports in 'out' are left as they were (give --allow-empty to write "
                "empty reports)\n");
    expect_kept("analyze -q good.log -o out --until 2023-12-31",
                "gcaudit: analyze: the selection (until 2023-12-31) matches none of the 1 games "
                "read: the reports in 'out' are left as they were (give --allow-empty to write "
                "empty reports)\n");
}

/* Issue 29, item 5: the output folder named as the only input. */
Test(run_guard, the_output_folder_as_its_own_input_keeps_the_reports)
{
    expect_kept("analyze -q out -o out",
                "gcaudit: analyze: the inputs hold no game (1 entry read: 0 ok, 1 skipped, 0 "
                "failed); skipped: 'gcaudit's own output: not read' (1); 'out' is the output folder, whose files gcaudit never reads (give -o "
                "another folder to read the logs in it): the reports in 'out' are left as they "
                "were (give --allow-empty to write empty reports)\n");
}

Test(run_guard, a_run_without_games_makes_no_report_folder)
{
    write_in("empty.log", "", 0);
    expect_run("analyze -q empty.log -o new/out", 4,
               "gcaudit: analyze: the inputs hold no game (1 entry read: 0 ok, 1 skipped, 0 "
               "failed); skipped: 'not a log: no Game: header in the first 4 KiB' (1): no "
               "reports were written (give --allow-empty to write empty reports)\n");
    cr_expect(!ts_exists(ts_scratch, "new"), "the run left the folder it made");
}

Test(run_guard, allow_empty_writes_the_empty_set)
{
    write_in("empty.log", "", 0);
    expect_run("analyze -q empty.log -o out --allow-empty", 0, "");
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect_eq(strchr(games, '\n') - games + 1, (long)strlen(games), "rows: %s", games);
    free(games);
    char *inputs = ts_slurp(ts_scratch, "out/inputs.csv");
    cr_expect_str_eq(inputs, "source,entry,bytes,games,status,message\n"
                             "empty.log,,0,0,skipped,not a log: no Game: header in the first 4 "
                             "KiB\n");
    free(inputs);
}

/* The message says why each entry was skipped, reason by reason (it gave
 * only the count). */
Test(run_guard, the_message_says_why_entries_were_skipped)
{
    write_in("a.txt", "hello\n", 6);
    write_in("b.txt", "world\n", 6);
    char *zeros = calloc(1, 1024);
    write_in("empty.tar", zeros, 1024);
    free(zeros);
    expect_run("analyze -q a.txt empty.tar b.txt -o new", 4,
               "gcaudit: analyze: the inputs hold no game (3 entries read: 0 ok, 3 skipped, 0 "
               "failed); skipped: 'not a log: no Game: header in the first 4 KiB' (2), "
               "'archive holds no files' (1): no reports were written (give --allow-empty "
               "to write empty reports)\n");
}

/* merge of shards that hold no game wrote an empty set and exited 0: it
 * keeps the earlier reports, says why and exits 4, as analyze does. */
Test(run_guard, a_merge_without_games_keeps_the_reports)
{
    write_in("empty.log", "", 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q empty.log -o s1 --shard 1/2"), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q empty.log -o s2 --shard 2/2"), 0);
    expect_kept("merge -q s1 s2 -o out",
                "gcaudit: merge: the inputs hold no game (1 entry read: 0 ok, 1 skipped, 0 "
                "failed); skipped: 'not a log: no Game: header in the first 4 KiB' (1): the "
                "reports in 'out' are left as they were (give --allow-empty to write empty "
                "reports)\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o new/out"), 4);
    cr_expect(!ts_exists(ts_scratch, "new"), "merge left the folder it made");
    cr_expect_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o out --allow-empty"), 0);
    expect_stderr("");
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect_eq(strchr(games, '\n') - games + 1, (long)strlen(games), "rows: %s", games);
    free(games);
}

/* A selection shards hold no game of: said as analyze says it. */
Test(run_guard, a_merge_whose_selection_matches_nothing_says_so)
{
    write_in("good.log", LOG, sizeof LOG - 1);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o s1 --shard 1/2 --event Autumn"), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o s2 --shard 2/2 --event Autumn"), 0);
    cr_expect_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o out"), 4);
    expect_stderr("gcaudit: merge: the selection (event Autumn) matches none of the 1 games "
                  "read: no reports were written (give --allow-empty to write empty reports)\n");
}

/* A shard that owns no game is one of many: merge sees them all. */
Test(run_guard, a_shard_without_games_is_written)
{
    write_in("good.log", LOG, sizeof LOG - 1);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o s1 --shard 1/2"), 0);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o s2 --shard 2/2"), 0);
    cr_expect(ts_exists(ts_scratch, "s1/gcaudit-shard.txt") &&
              ts_exists(ts_scratch, "s2/gcaudit-shard.txt"));
}

/* Issue 26, item 3: a mistyped path among good inputs was a failed row. */
Test(run_guard, a_mistyped_path_among_good_inputs_is_refused_before_the_run)
{
    write_in("good.log", LOG, sizeof LOG - 1);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out"), 0);
    char *before = snapshot("out");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log goood.log gdoo.log -o out"), 2);
    expect_stderr("gcaudit: analyze: cannot read the input 'goood.log': No such file or "
                  "directory; nothing was read\n"
                  "gcaudit: analyze: cannot read the input 'gdoo.log': No such file or "
                  "directory; nothing was read\n");
    char *after = snapshot("out");
    cr_expect_str_eq(after, before);
    free(before), free(after);
    /* A path through a file is no input either. */
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log good.log/x -o out"), 2);
    expect_stderr("gcaudit: analyze: cannot read the input 'good.log/x': Not a directory; "
                  "nothing was read\n");
}
