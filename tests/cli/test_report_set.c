/*
 * The report set of a run (issue 15, items 5, 6 and 7): what a run reads
 * and leaves in its output directory.
 *
 * Item 6: with -o inside an input directory, the next run read the
 * earlier reports and its own temporary files as inputs, so inputs.csv
 * held PIDs and differed between runs.  The output directory is never
 * read as input.
 *
 * Items 5 and 7: below.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/support/support.h"

static char *mounted;   /* the tmpfs of a full-disk test, unmounted whatever happens */

static void teardown(void)
{
    if (mounted)
        umount(mounted);
    free(mounted);
    mounted = NULL;
    ts_scratch_teardown();
}

TestSuite(report_set, .init = ts_scratch_setup, .fini = teardown, .timeout = 60);

static const char LOG[] = "Game: Chess\nWhite: Ann\nBlack: Bob\nResult: 1-0\n\n"
                          "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                          "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n";

static void write_in(const char *name, const char *text)
{
    char *p = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(p, text, strlen(text)), 0);
    free(p);
}

Test(report_set, the_output_directory_inside_an_input_is_not_read)
{
    char *in = ts_fmt("%s/in", ts_scratch);
    cr_assert_eq(mkdir(in, 0755), 0);
    write_in("in/a.log", LOG);
    write_in("in/b.log", LOG);
    /* A workbook inside the input directory too. */
    const char *args = "analyze -q -j2 in -o in/report --xlsx in/book.xlsx";
    cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
    char *first = ts_slurp(ts_scratch, "in/report/inputs.csv");
    cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
    char *second = ts_slurp(ts_scratch, "in/report/inputs.csv");
    cr_assert_str_eq(first, second);
    cr_assert_str_eq(first, "source,entry,bytes,games,status,message\n"
                            "in/a.log,,130,1,ok,\n"
                            "in/b.log,,130,1,ok,\n");
    /* Named as an input, the output directory is a skipped row. */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q in/a.log in/report -o in/report"), 0);
    char *third = ts_slurp(ts_scratch, "in/report/inputs.csv");
    cr_assert_str_eq(third, "source,entry,bytes,games,status,message\n"
                            "in/a.log,,130,1,ok,\n"
                            "in/report,,0,0,skipped,gcaudit's own output: not read\n");
    free(first), free(second), free(third), free(in);
}

/* Issue 29, item 7: --pgn inside an input directory read its own
 * temporary file (games.pgn.tmp-PID), a row with a PID in inputs.csv. */
Test(report_set, the_pgn_file_inside_an_input_is_not_read)
{
    char *in = ts_fmt("%s/in", ts_scratch);
    cr_assert_eq(mkdir(in, 0755), 0);
    write_in("in/a.log", LOG);
    for (int run = 0; run < 2; run++) {
        cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q in -o out --pgn in/games.pgn"), 0);
        char *inputs = ts_slurp(ts_scratch, "out/inputs.csv");
        cr_expect_str_eq(inputs, "source,entry,bytes,games,status,message\n"
                                 "in/a.log,,130,1,ok,\n",
                         "run %d", run + 1);
        free(inputs);
    }
    char *pgn = ts_slurp(ts_scratch, "in/games.pgn");
    cr_expect(strstr(pgn, "[White \"Ann\"]"), "%s", pgn);
    free(pgn), free(in);
}

/* ------------------------------------------------- item 5: all or nothing */

/* Item 5: a full disk left a mix of old and new report files: the CSV
 * reports were renamed into place one by one, and summary.html then
 * failed.  Now every file of a run waits under its temporary name until
 * all are complete.  The disk is a small tmpfs (mounting one needs root:
 * CI runs as root; the test fails saying so otherwise), filled so that
 * the new run's CSV reports fit and its summary.html does not, or so
 * that not even the CSVs fit; either way the old reports must stay, byte
 * for byte, and no temporary file may be left. */


/* n logs of distinct players in one file, the input of a run. */
static void write_logs(const char *name, int n)
{
    size_t cap = (size_t)n * 256 + 1;
    char *text = malloc(cap), *p = text;
    for (int i = 0; i < n; i++)
        p += sprintf(p, "Game: Chess\nWhite: Player %d\nBlack: Player %d\nResult: 1-0\n\n"
                        "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                        "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n\n", i, i + 1);
    write_in(name, text);
    free(text);
}

static size_t pages(size_t bytes)
{
    return (bytes + 4095) / 4096 * 4096;
}

static size_t file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (size_t)st.st_size : 0;
}

/* The files of a directory (names, sorted), at most 32. */
struct listing {
    char name[32][64];
    size_t n;
};

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void list_dir(const char *d, struct listing *l)
{
    DIR *dd = opendir(d);
    cr_assert_not_null(dd, "%s", d);
    struct dirent *e;
    l->n = 0;
    while ((e = readdir(dd)) != NULL)
        if (e->d_name[0] != '.') {
            cr_assert_lt(l->n, 32);
            snprintf(l->name[l->n++], 64, "%.63s", e->d_name);
        }
    closedir(dd);
    qsort(l->name, l->n, sizeof l->name[0], by_name);
}

/* No temporary (NAME.tmp-PID) or set-aside old file (NAME.old-PID) left. */
static void expect_no_temporary(const char *d)
{
    struct listing l;
    list_dir(d, &l);
    for (size_t i = 0; i < l.n; i++)
        cr_expect(!strstr(l.name[i], ".tmp-") && !strstr(l.name[i], ".old-"),
                  "'%s' left in %s", l.name[i], d);
}

/* The new reports on a disk with room for the CSVs and a page of
 * summary.html (csvs_fit), or for a page in all, written by `jobs`
 * threads: with one, every file but summary.html is written before it;
 * with more, the statistics' CSVs are written beside summary.html, so
 * either may be the one that finds the disk full. */
static void full_disk(int csvs_fit, int jobs)
{
    cr_assert_eq(geteuid(), 0, "this test mounts a small tmpfs, which needs root (CI runs as "
                               "root): run the suite as root");
    char *disk = ts_fmt("%s/disk", ts_scratch);
    cr_assert_eq(mkdir(disk, 0755), 0);
    cr_assert_eq(mount("tmpfs", disk, "tmpfs", 0, "size=4m"), 0, "mount a tmpfs on %s: %s", disk,
                 strerror(errno));
    mounted = strdup(disk);
    write_logs("old.log", 2);
    write_logs("new.log", 400);
    /* The old reports, and the sizes of the new ones on a roomy disk:
     * every file but summary.html is written before it. */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q --viewer none old.log -o disk/out"), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q --viewer none new.log -o roomy"), 0);
    char *out = ts_fmt("%s/out", disk), *roomy = ts_fmt("%s/roomy", ts_scratch);
    struct listing before, big;
    list_dir(out, &before);
    list_dir(roomy, &big);
    char *old[32];
    for (size_t i = 0; i < before.n; i++) {
        char *p = ts_fmt("disk/out/%s", before.name[i]);
        old[i] = ts_slurp(ts_scratch, p);
        free(p);
    }
    size_t csvs = 0, summary = 0;
    for (size_t i = 0; i < big.n; i++) {
        char *q = ts_fmt("%s/%s", roomy, big.name[i]);
        if (strcmp(big.name[i], "summary.html") == 0)
            summary = file_size(q);
        else
            csvs += pages(file_size(q));
        free(q);
    }
    cr_assert_gt(summary, 3 * 4096, "summary.html must be large enough to miss its room");
    /* Fill the disk: room for the new CSVs and a page of summary.html, or
     * for one page in all. */
    struct statvfs vs;
    cr_assert_eq(statvfs(disk, &vs), 0);
    size_t free_now = (size_t)vs.f_bavail * vs.f_frsize;
    size_t room = csvs_fit ? csvs + 4096 : 4096;
    cr_assert_gt(free_now, room + 4096);
    char *filler = ts_fmt("%s/filler", disk);
    size_t fill = (free_now - room) / 4096 * 4096;
    char *zeros = calloc(1, fill);
    cr_assert_eq(ts_write_file(filler, zeros, fill), 0);
    free(zeros);
    char *cmd = ts_fmt("analyze -q -j %d --viewer none new.log -o disk/out", jobs);
    int rc = ts_gcaudit(ts_scratch, cmd);
    free(cmd);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_eq(rc, 3, "exit status %d: %s", rc, err);
    cr_expect(strstr(err, "could not be written completely: those already there are left as "
                          "they were"), "%s", err);
    if (csvs_fit && jobs == 1)
        cr_expect(strstr(err, "summary.html"), "the run failed at summary.html: %s", err);
    struct listing after;
    list_dir(out, &after);
    cr_expect_eq(after.n, before.n, "%zu files before, %zu after", before.n, after.n);
    for (size_t i = 0; i < before.n; i++) {
        char *p = ts_fmt("disk/out/%s", before.name[i]);
        char *now = ts_slurp(ts_scratch, p);
        cr_expect_str_eq(now, old[i], "%s changed", before.name[i]);
        free(now), free(p), free(old[i]);
    }
    free(out), free(roomy), free(err), free(filler), free(disk);
}

Test(report_set, a_full_disk_at_summary_html_leaves_the_old_reports)
{
    full_disk(1, 1);
}

Test(report_set, a_full_disk_at_the_csv_reports_leaves_the_old_reports)
{
    full_disk(0, 1);
}

Test(report_set, a_full_disk_while_the_csvs_are_written_beside_the_page_leaves_the_old_reports)
{
    full_disk(1, 2);
}

/* ------------------------------------- item 7: a dead run's temporaries */


/* A PID that no process has: a child's, once reaped. */
static long dead_pid(void)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0)
        _exit(0);
    cr_assert_eq(waitpid(pid, NULL, 0), pid);
    return (long)pid;
}

static int exists_in(const char *name)
{
    return ts_exists(ts_scratch, name);
}

Test(report_set, the_temporaries_of_dead_runs_are_removed)
{
    char *outdir = ts_fmt("%s/out", ts_scratch);
    cr_assert_eq(mkdir(outdir, 0755), 0);
    free(outdir);
    long dead = dead_pid(), live = (long)getpid();
    char *names[] = {ts_fmt("out/inputs.csv.tmp-%ld", dead), ts_fmt("out/summary.html.tmp-%ld", dead),
                     ts_fmt("out/players.csv.old-%ld", dead), ts_fmt("out/games.csv.tmp-%ld", live),
                     ts_fmt("out/notes.txt.tmp-%ld", dead), ts_fmt("book.xlsx.tmp-%ld", dead)};
    for (size_t i = 0; i < 6; i++)
        write_in(names[i], "half a report");
    write_in("a.log", LOG);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --xlsx book.xlsx"), 0);
    cr_expect(!exists_in(names[0]), "%s is left", names[0]);
    cr_expect(!exists_in(names[1]), "%s is left", names[1]);
    cr_expect(!exists_in(names[2]), "%s is left", names[2]);
    cr_expect(!exists_in(names[5]), "%s is left", names[5]);
    cr_expect(exists_in(names[3]), "a live process's temporary was removed");
    cr_expect(exists_in(names[4]), "a file that is no report of gcaudit's was removed");
    for (size_t i = 0; i < 6; i++)
        free(names[i]);
}

/* The real thing: a run killed by SIGKILL while it waits for input (its
 * reports open under temporary names), then a run into the same place. */
Test(report_set, a_killed_run_leaves_nothing_after_the_next_one)
{
    char *fifo = ts_fmt("%s/in.fifo", ts_scratch);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    char *cmd = ts_fmt("cd '%s' && exec '%s' analyze -q in.fifo -o out", ts_scratch, GC_BINARY);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    char *tmp = ts_fmt("out/inputs.csv.tmp-%ld", (long)pid);
    for (int i = 0; i < 200 && !exists_in(tmp); i++) {
        struct timespec ts = {0, 20000000L};
        nanosleep(&ts, NULL);
    }
    cr_assert(exists_in(tmp), "the run never started");
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    cr_assert(exists_in(tmp), "SIGKILL left no temporary: nothing to test");
    write_in("a.log", LOG);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out"), 0);
    cr_expect(!exists_in(tmp), "%s is left", tmp);
    char *out = ts_fmt("%s/out", ts_scratch);
    expect_no_temporary(out);
    free(out), free(tmp), free(cmd), free(fifo);
}

/* ------------------- issue 26 item 3, issue 29 item 7: no stale reports */

/* A report file the new run does not write (a workbook when --xlsx is not
 * given again, the pages with --viewer none, a PGN file) stayed beside
 * the new set, looking current.  What the last run wrote in the folder is
 * listed there (gcaudit-files.txt); the next run removes what it does not
 * write again, if unchanged since, and nothing else. */
Test(report_set, files_the_new_run_does_not_write_are_removed)
{
    write_in("a.log", LOG);
    char *dir = ts_fmt("%s/out", ts_scratch);
    cr_assert_eq(mkdir(dir, 0755), 0);   /* --pgn's folder must exist before the run */
    free(dir);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --xlsx out/stats.xlsx "
                                        "--pgn out/games.pgn"),
                 0);
    write_in("out/notes.txt", "the director's notes\n");
    cr_assert(exists_in("out/stats.xlsx") && exists_in("out/games.pgn") &&
              exists_in("out/games/1.html"));
    char *list = ts_slurp(ts_scratch, "out/gcaudit-files.txt");
    cr_expect(strncmp(list, "gcaudit report files 2\n", 23) == 0, "%s", list);
    cr_expect(strstr(list, " stats.xlsx\n") && strstr(list, " games.pgn\n") &&
              strstr(list, "\npages games\n") && strstr(list, " summary.html\n") &&
              !strstr(list, "notes.txt"),
              "%s", list);
    free(list);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --viewer none"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "");
    free(err);
    cr_expect(!exists_in("out/stats.xlsx"), "the earlier workbook looks current");
    cr_expect(!exists_in("out/games.pgn"), "the earlier PGN file looks current");
    cr_expect(!exists_in("out/games"), "the earlier pages look current");
    cr_expect(exists_in("out/games.csv") && exists_in("out/summary.html"));
    char *notes = ts_slurp(ts_scratch, "out/notes.txt");
    cr_expect_str_eq(notes, "the director's notes\n");
    free(notes);
    char *out = ts_fmt("%s/out", ts_scratch);
    expect_no_temporary(out);
    free(out);
}

Test(report_set, an_earlier_file_changed_since_is_kept_with_a_warning)
{
    write_in("a.log", LOG);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --xlsx out/stats.xlsx"), 0);
    /* The director opened the workbook and saved it: one byte of its
     * last 32 other, the size the same, so the digest alone tells. */
    char *path = ts_fmt("%s/out/stats.xlsx", ts_scratch);
    FILE *f = fopen(path, "r+b");
    cr_assert(f);
    cr_assert_eq(fseek(f, -2, SEEK_END), 0);
    int c = fgetc(f);
    cr_assert_eq(fseek(f, -2, SEEK_END), 0);
    cr_assert_neq(fputc(c ^ 0x20, f), EOF);
    cr_assert_eq(fclose(f), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --xlsx book.xlsx"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: 'out/stats.xlsx' was written by an earlier run and "
                          "has changed since: left as it is, though this run did not write it\n");
    free(err);
    f = fopen(path, "rb");
    cr_assert(f);
    cr_assert_eq(fseek(f, -2, SEEK_END), 0);
    cr_expect_eq(fgetc(f), c ^ 0x20, "the edited workbook is kept as it was edited");
    fclose(f);
    free(path);
    /* A workbook outside the report folder is never on the list. */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out"), 0);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "");
    free(err);
    cr_expect(exists_in("book.xlsx") && exists_in("out/stats.xlsx"));
}

/* A list of version 1 (FNV-1a digests, gcaudit before its list's version
 * 2) is still honoured: its unchanged files go, a changed one stays. */
Test(report_set, a_list_of_version_1_is_still_read)
{
    write_in("a.log", LOG);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --viewer none"), 0);
    write_in("out/old.pgn", "mine\n");
    write_in("out/edited.pgn", "mind\n");
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (const char *c = "mine\n"; *c; c++)
        h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
    char *list = ts_fmt("gcaudit report files 1\nfile 5 %016llx old.pgn\n"
                        "file 5 %016llx edited.pgn\n",
                        h, h);
    write_in("out/gcaudit-files.txt", list);
    free(list);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out --viewer none"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: 'out/edited.pgn' was written by an earlier run and "
                          "has changed since: left as it is, though this run did not write it\n");
    free(err);
    cr_expect(!exists_in("out/old.pgn"), "a file of a version 1 list was not removed");
    cr_expect(exists_in("out/edited.pgn"));
    list = ts_slurp(ts_scratch, "out/gcaudit-files.txt");
    cr_expect(strncmp(list, "gcaudit report files 2\n", 23) == 0, "%s", list);
    free(list);
}

Test(report_set, the_list_never_names_a_file_outside_the_folder)
{
    write_in("a.log", LOG);
    write_in("victim.txt", "mine\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out"), 0);
    /* victim.txt's size and FNV-1a digest, as the list writes them. */
    char *victim = ts_fmt("%s/victim.txt", ts_scratch);
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (const char *c = "mine\n"; *c; c++)
        h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
    char *list = ts_fmt("gcaudit report files 1\nfile 5 %016llx ../victim.txt\n"
                        "file 5 %016llx %s\npages ..\npages /tmp\n",
                        h, h, victim);
    write_in("out/gcaudit-files.txt", list);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log -o out"), 0);
    char *mine = ts_slurp(ts_scratch, "victim.txt");
    cr_expect_str_eq(mine, "mine\n");
    free(mine), free(list), free(victim);
}
