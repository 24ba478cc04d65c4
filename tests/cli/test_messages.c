/*
 * What the command says when something is off, word for word: an input
 * that is not there refused before the run; every input that cannot be
 * read named on stderr without -v; a run that read nothing, or found no
 * game, leaving an earlier report folder exactly as it was (and making
 * none); -o and --xlsx refused before anything is read; the warnings
 * (an empty date range, a --variant name that names nothing, a selection
 * that matches no game with --allow-empty, alias spellings no game has),
 * which leave the exit status alone unless --strict makes it 2.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/support.h"

TestSuite(messages, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const char chess_log[] =
    "Game: Chess\n"
    "Event: Spring Cup\n"
    "White: Ada Quill\n"
    "Black: Dmitri Volkov\n"
    "Started: 2024-03-01\n"
    "Ended: 2024-03-02\n"
    "Result: 0-1\n"
    "\n"
    "1. P f2-f3 1... p e7-e5\n"
    "2. P g2-g4 2... q d8-h4\n"
    "\n"
    "Game: Chu Shogi\n"
    "White: Dmitri Volkov\n"
    "Black: Ada Quill\n"
    "Result: 1-0\n";

static void write_in_dir(const char *name, const char *text)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path);
}

static void expect_stderr(const char *want)
{
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, want);
    free(err);
}

static int exists(const char *name)
{
    return ts_exists(ts_scratch, name);
}

/* ------------------------------------------------- unreadable inputs */

/* A cut gzip stream: an input that is there and cannot be read. */
static const char cut[] = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\x4c\x4a";

static void write_cut_gz(void)
{
    char *path = ts_fmt("%s/cut.gz", ts_scratch);
    cr_assert_eq(ts_write_file(path, cut, sizeof cut - 1), 0);
    free(path);
}

/* Issue 26, item 3: a mistyped path among good inputs was a failed row
 * of an otherwise good run (exit 1); it is refused before the run. */
Test(messages, an_input_that_is_not_there_is_refused_before_the_run)
{
    write_in_dir("good.log", chess_log);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log nope.log -o out"), 2);
    expect_stderr("gcaudit: analyze: cannot read the input 'nope.log': No such file or "
                  "directory; nothing was read\n");
    cr_expect(!exists("out"), "the refused run made its report folder");
}

Test(messages, a_failed_entry_is_named_with_its_archive)
{
    write_in_dir("good.log", chess_log);
    write_cut_gz();
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log cut.gz -o out"), 1);
    expect_stderr("gcaudit: cut.gz: truncated compressed data: truncated gzip input\n");
}

/* ------------------------------------------------ a run that read nothing */

Test(messages, nothing_read_makes_no_report_folder)
{
    write_cut_gz();
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze cut.gz -o new/deeper/out"), 3);
    expect_stderr("gcaudit: cut.gz: truncated compressed data: truncated gzip input\n"
                  "gcaudit: analyze: nothing could be read: no reports were written\n");
    cr_expect(!exists("new"), "the run left the directory it made");
}

/* Every file of dir/sub, name and bytes, in one string. */
static char *snapshot(const char *sub)
{
    char *path = ts_fmt("%s/%s", ts_scratch, sub);
    DIR *d = opendir(path);
    cr_assert_not_null(d, "%s is gone", sub);
    char *all = ts_fmt("%s", "");
    struct dirent **names;
    int n = scandir(path, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        if (names[i]->d_name[0] != '.') {
            char *name = ts_fmt("%s/%s", sub, names[i]->d_name);
            char *text = ts_slurp(ts_scratch, name);
            char *grown = ts_fmt("%s== %s\n%s", all, names[i]->d_name, text);
            free(all);
            all = grown;
            free(text);
            free(name);
        }
        free(names[i]);
    }
    free(names);
    closedir(d);
    free(path);
    return all;
}

Test(messages, nothing_read_leaves_the_reports_of_an_earlier_run_as_they_were)
{
    write_in_dir("good.log", chess_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --xlsx out/stats.xlsx"), 0);
    char *before = snapshot("out");
    cr_assert(strstr(before, "== games.csv\n") && strstr(before, "== stats.xlsx\n"));
    write_cut_gz();
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze cut.gz -o out --xlsx out/stats.xlsx"), 3);
    expect_stderr("gcaudit: cut.gz: truncated compressed data: truncated gzip input\n"
                  "gcaudit: analyze: nothing could be read: the reports in 'out' are left as "
                  "they were\n");
    char *after = snapshot("out");
    cr_expect_str_eq(after, before);
    free(before);
    free(after);
}

/* Without --allow-empty such a run keeps the reports (test_run_guard.c). */
Test(messages, skipped_entries_were_read_so_allow_empty_writes_the_reports)
{
    write_in_dir("notes.txt", "no game here\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q notes.txt -o out --allow-empty"), 0);
    expect_stderr("");
    char *inputs = ts_slurp(ts_scratch, "out/inputs.csv");
    cr_expect(strstr(inputs, "notes.txt,,13,0,skipped,"), "%s", inputs);
    free(inputs);
}

/* --------------------------------------- outputs checked before the run */

Test(messages, a_workbook_in_a_missing_directory_is_refused_before_the_run)
{
    write_in_dir("good.log", chess_log);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze good.log -o out --xlsx nodir/stats.xlsx"), 3);
    expect_stderr("gcaudit: analyze: cannot write the workbook 'nodir/stats.xlsx': the "
                  "directory 'nodir' does not exist\n");
    cr_expect(!exists("out"), "the refused run left its report folder");
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect_str_eq(out, "");
    free(out);
}

Test(messages, a_workbook_that_is_a_directory_or_under_a_file_is_refused)
{
    write_in_dir("good.log", chess_log);
    write_in_dir("afile", "x");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze good.log -o out --xlsx out"), 3);
    expect_stderr("gcaudit: analyze: cannot write the workbook 'out': it is a directory\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze good.log -o out --xlsx afile/s.xlsx"), 3);
    expect_stderr("gcaudit: analyze: cannot write the workbook 'afile/s.xlsx': 'afile' is not "
                  "a directory\n");
}

Test(messages, an_output_folder_under_a_file_is_refused)
{
    write_in_dir("good.log", chess_log);
    write_in_dir("afile", "x");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze good.log -o afile/out"), 3);
    expect_stderr("gcaudit: analyze: cannot write the reports in 'afile/out': Not a directory\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze good.log -o afile"), 3);
    expect_stderr("gcaudit: analyze: cannot write the reports in 'afile': Not a directory\n");
}

Test(messages, merge_checks_its_workbook_before_reading_the_shards)
{
    cr_expect_eq(ts_gcaudit(ts_scratch, "merge shard-1 -o out --xlsx nodir/s.xlsx"), 3);
    expect_stderr("gcaudit: merge: cannot write the workbook 'nodir/s.xlsx': the directory "
                  "'nodir' does not exist\n");
    cr_expect(!exists("out"));
}

/* ------------------------------------------------------------ warnings */

Test(messages, an_empty_date_range_warns_and_keeps_the_exit_status)
{
    write_in_dir("good.log", chess_log);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --since 2024-05-01 --until "
                                 "2024-04-01 --allow-empty"),
                 0);
    expect_stderr("gcaudit: warning: --since 2024-05-01 is after --until 2024-04-01: no game "
                  "can be selected\n"
                  "gcaudit: warning: the selection (since 2024-05-01, until 2024-04-01) "
                  "matches none of the 2 games read\n");
}

Test(messages, strict_makes_a_warning_exit_2_after_writing_the_reports)
{
    write_in_dir("good.log", chess_log);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q --strict good.log -o out --since 2025-01-01 "
                                 "--allow-empty"),
                 2);
    expect_stderr("gcaudit: warning: the selection (since 2025-01-01) matches none of the 2 "
                  "games read\n"
                  "gcaudit: --strict: 1 warning, exit status 2\n");
    cr_expect(exists("out/games.csv") && exists("out/summary.html"));
    /* Without a warning, --strict changes nothing. */
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q --strict good.log -o out"), 0);
    expect_stderr("");
}

Test(messages, strict_keeps_status_3_and_a_failed_entry_does_not_warn)
{
    write_in_dir("good.log", chess_log);
    write_cut_gz();
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q --strict cut.gz -o out"), 3);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q --strict cut.gz good.log -o out"), 1);
}

Test(messages, a_variant_name_that_names_nothing_warns)
{
    write_in_dir("good.log", chess_log);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --variant chess,bogus"), 0);
    expect_stderr("gcaudit: warning: --variant 'bogus' matches no variant: gcaudit replays none "
                  "of that name (see 'gcaudit variants') and no game's Game: value is 'bogus'\n");
    /* An unsupported game's name is a variant of the input: no warning. */
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --variant \"Chu Shogi\""), 0);
    expect_stderr("");
    /* A replayed variant without games warns only through the selection. */
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --variant retro --allow-empty"),
                 0);
    expect_stderr("gcaudit: warning: the selection (variant retro) matches none of the 2 games "
                  "read\n");
}

Test(messages, alias_spellings_no_selected_game_has_warn_with_their_row)
{
    write_in_dir("good.log", chess_log);
    write_in_dir("aliases.csv", "\"Ada Quill\",\"A. Quill\",ada_quill\n"
                                "Dmitri Volkov\n"
                                "Dmitri Volkov,\"Volkov, Dmitri\"\n"
                                "Ada Quill,ada_quill\n"); /* listed again: warned once, row 1 */
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --player-alias aliases.csv"), 0);
    expect_stderr("gcaudit: warning: --player-alias aliases.csv, row 1: no selected game has a "
                  "player named 'A. Quill'\n"
                  "gcaudit: warning: --player-alias aliases.csv, row 1: no selected game has a "
                  "player named 'ada_quill'\n"
                  "gcaudit: warning: --player-alias aliases.csv, row 3: no selected game has a "
                  "player named 'Volkov, Dmitri'\n");
    write_in_dir("used.csv", "Ada,\"Ada Quill\"\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o out --player-alias used.csv"), 0);
    expect_stderr("");
}

Test(messages, a_shard_leaves_the_warnings_of_the_whole_to_merge)
{
    write_in_dir("good.log", chess_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o s1 --shard 1/2 --variant retro"), 0);
    expect_stderr("");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q good.log -o s2 --shard 2/2 --variant retro"), 0);
    /* Without --allow-empty, merge keeps no empty set (test_run_guard.c). */
    cr_expect_eq(ts_gcaudit(ts_scratch, "merge -q --strict --allow-empty s1 s2 -o out"), 2);
    expect_stderr("gcaudit: warning: the selection (variant retro) matches none of the 2 games "
                  "read\n"
                  "gcaudit: --strict: 1 warning, exit status 2\n");
}
