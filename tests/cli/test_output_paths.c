/*
 * Where the reports go (cli/outputs.c, report_set.c): gcaudit only ever
 * replaces, renames or removes what it wrote itself (issue 29, item 1).
 *
 * `--pgn` or `--xlsx` naming a device, a FIFO or a symbolic link replaced
 * it with a plain file, and with `-o DIR/games` a symbolic link to another
 * folder, every file at the top of that folder was deleted (the pages'
 * folder was removed through the link) and a dangling `games.old-PID` link
 * stayed.  Each is now refused before the run (exit 2), naming the path
 * and what it is, and nothing is touched: not the path, not what a link
 * points to, not the reports of an earlier run.
 */
#define _DEFAULT_SOURCE /* mknod, makedev */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "tests/support/support.h"

TestSuite(output_paths, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 60);

static const char LOG[] = "Game: Chess\nWhite: Ann\nBlack: Bob\nResult: 1-0\n\n"
                          "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                          "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n";

static char *in_scratch(const char *name)
{
    return ts_fmt("%s/%s", ts_scratch, name);
}

static void write_in(const char *name, const char *text)
{
    char *p = in_scratch(name);
    cr_assert_eq(ts_write_file(p, text, strlen(text)), 0);
    free(p);
}

static void link_in(const char *target, const char *name)
{
    char *p = in_scratch(name);
    cr_assert_eq(symlink(target, p), 0, "symlink %s: %s", p, strerror(errno));
    free(p);
}

static mode_t lmode(const char *name)
{
    char *p = in_scratch(name);
    struct stat st;
    mode_t m = lstat(p, &st) == 0 ? st.st_mode : 0;
    free(p);
    return m;
}

static int exists(const char *name)
{
    return lmode(name) != 0;
}

/* The folder other/ with two files of the user's, and an earlier run's
 * reports in out/ (a.log is the input); its games.csv, for
 * expect_untouched. */
static char *setup_user_files(void)
{
    char *other = in_scratch("other");
    cr_assert_eq(mkdir(other, 0755), 0);
    free(other);
    write_in("other/mine.txt", "the user's own file\n");
    write_in("other/2.html", "the user's page\n");
    write_in("a.log", LOG);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --viewer none"), 0);
    return ts_slurp(ts_scratch, "out/games.csv");
}

/* The user's files and the earlier reports exactly as they were (freed:
 * setup_user_files's games.csv). */
static void expect_untouched(char *earlier_games)
{
    char *mine = ts_slurp(ts_scratch, "other/mine.txt");
    char *page = ts_slurp(ts_scratch, "other/2.html");
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect_str_eq(mine, "the user's own file\n");
    cr_expect_str_eq(page, "the user's page\n");
    cr_expect_str_eq(games, earlier_games, "the earlier reports changed");
    free(mine), free(page), free(games), free(earlier_games);
    DIR *d = opendir(ts_scratch);
    cr_assert_not_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        cr_expect(!strstr(e->d_name, ".tmp-") && !strstr(e->d_name, ".old-"), "'%s' left",
                  e->d_name);
    closedir(d);
}

/* Run args; expect exit 2 and exactly the one line of stderr. */
static void expect_refused(const char *args, const char *message)
{
    int rc = ts_gcaudit(ts_scratch, args);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_eq(rc, 2, "exit status %d: %s", rc, err);
    cr_expect_str_eq(err, message);
    free(err);
}

Test(output_paths, a_link_where_the_viewer_pages_go_is_refused_and_its_folder_kept)
{
    char *games = setup_user_files();
    link_in("../other", "out/games");
    expect_refused("analyze -q a.log -o out",
                   "gcaudit: analyze: cannot write the viewer pages 'out/games': it is a symbolic "
                   "link (to '../other'), and gcaudit replaces only plain folders; nothing was "
                   "written\n");
    cr_expect(S_ISLNK(lmode("out/games")), "the link was replaced");
    expect_untouched(games);
    /* merge checks the same folder before it reads a shard. */
    expect_refused("merge -o out shard1",
                   "gcaudit: merge: cannot write the viewer pages 'out/games': it is a symbolic "
                   "link (to '../other'), and gcaudit replaces only plain folders; nothing was "
                   "written\n");
    cr_expect(S_ISLNK(lmode("out/games")));
}

Test(output_paths, a_link_as_the_report_folder_is_refused)
{
    free(setup_user_files());
    link_in("other", "linked");
    expect_refused("analyze -q a.log -o linked",
                   "gcaudit: analyze: cannot write the reports in 'linked': it is a symbolic link "
                   "(to 'other'), and gcaudit writes only into a plain folder; nothing was "
                   "written\n");
    cr_expect(!exists("other/games.csv"), "reports were written through the link");
    cr_expect(S_ISLNK(lmode("linked")));
}

Test(output_paths, a_link_as_the_pgn_file_or_the_workbook_is_refused)
{
    char *games = setup_user_files();
    link_in("other/mine.txt", "games.pgn");
    link_in("other/mine.txt", "book.xlsx");
    expect_refused("analyze -q a.log -o out --pgn games.pgn",
                   "gcaudit: analyze: cannot write the PGN file 'games.pgn': it is a symbolic "
                   "link (to 'other/mine.txt'), and gcaudit replaces only plain files; nothing "
                   "was written\n");
    expect_refused("analyze -q a.log -o out --xlsx book.xlsx",
                   "gcaudit: analyze: cannot write the workbook 'book.xlsx': it is a symbolic "
                   "link (to 'other/mine.txt'), and gcaudit replaces only plain files; nothing "
                   "was written\n");
    cr_expect(S_ISLNK(lmode("games.pgn")) && S_ISLNK(lmode("book.xlsx")));
    expect_untouched(games);
}

Test(output_paths, a_link_as_a_report_in_the_folder_is_refused)
{
    char *games = setup_user_files();
    char *p = in_scratch("out/players.csv");
    cr_assert_eq(unlink(p), 0);
    free(p);
    link_in("../other/mine.txt", "out/players.csv");
    expect_refused("analyze -q a.log -o out",
                   "gcaudit: analyze: cannot write the report 'out/players.csv': it is a "
                   "symbolic link (to '../other/mine.txt'), and gcaudit replaces only plain "
                   "files; nothing was written\n");
    cr_expect(S_ISLNK(lmode("out/players.csv")));
    expect_untouched(games);
}

Test(output_paths, a_fifo_as_the_pgn_file_or_the_workbook_is_refused)
{
    char *games = setup_user_files();
    char *fifo = in_scratch("pipe");
    cr_assert_eq(mkfifo(fifo, 0644), 0, "mkfifo %s: %s", fifo, strerror(errno));
    free(fifo);
    expect_refused("analyze -q a.log -o out --pgn pipe",
                   "gcaudit: analyze: cannot write the PGN file 'pipe': it is a FIFO (named "
                   "pipe), and gcaudit replaces only plain files; nothing was written\n");
    expect_refused("analyze -q a.log -o out --xlsx pipe",
                   "gcaudit: analyze: cannot write the workbook 'pipe': it is a FIFO (named "
                   "pipe), and gcaudit replaces only plain files; nothing was written\n");
    /* A new report folder is not even made. */
    expect_refused("analyze -q a.log -o fresh --xlsx pipe",
                   "gcaudit: analyze: cannot write the workbook 'pipe': it is a FIFO (named "
                   "pipe), and gcaudit replaces only plain files; nothing was written\n");
    cr_expect(!exists("fresh"));
    cr_expect(S_ISFIFO(lmode("pipe")), "the FIFO was replaced");
    expect_untouched(games);
}

Test(output_paths, a_device_as_the_pgn_file_or_a_report_is_refused)
{
    /* /dev/null's numbers, made here: mknod needs root (CI runs as root). */
    char *dev = in_scratch("null");
    cr_assert_eq(mknod(dev, S_IFCHR | 0666, makedev(1, 3)), 0,
                 "mknod %s (1, 3): %s: this test makes a device, which needs root (CI runs as "
                 "root): run the suite as root",
                 dev, strerror(errno));
    free(dev);
    char *games = setup_user_files();
    expect_refused("analyze -q a.log -o out --pgn null",
                   "gcaudit: analyze: cannot write the PGN file 'null': it is a character "
                   "device, and gcaudit replaces only plain files; nothing was written\n");
    char *p = in_scratch("out/summary.html"), *q = in_scratch("out/summary.html.kept");
    cr_assert_eq(rename(p, q), 0);
    cr_assert_eq(mknod(p, S_IFCHR | 0666, makedev(1, 3)), 0);
    expect_refused("analyze -q a.log -o out",
                   "gcaudit: analyze: cannot write the report 'out/summary.html': it is a "
                   "character device, and gcaudit replaces only plain files; nothing was "
                   "written\n");
    cr_expect(S_ISCHR(lmode("null")) && S_ISCHR(lmode("out/summary.html")),
              "a device was replaced");
    free(p), free(q);
    expect_untouched(games);
}

Test(output_paths, a_file_of_the_users_among_the_pages_is_refused_and_kept)
{
    write_in("a.log", LOG);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out"), 0);
    cr_assert(exists("out/games/1.html"));
    write_in("out/games/notes.txt", "the user's notes\n");
    expect_refused("analyze -q a.log -o out",
                   "gcaudit: analyze: cannot replace the viewer pages 'out/games': it holds "
                   "'notes.txt', which gcaudit did not write; nothing was written\n");
    char *notes = ts_slurp(ts_scratch, "out/games/notes.txt");
    cr_expect_str_eq(notes, "the user's notes\n");
    free(notes);
    cr_expect(exists("out/games/1.html"));
}
