/*
 * Ctrl-C (issue 9): `gcaudit analyze` stopped half way stops cleanly.
 * It finishes the entry or game in hand, leaves no report behind that
 * could pass for complete (no inputs.csv, games.csv or violations.csv,
 * and no temporary file either), says "gcaudit: interrupted: no reports were written in DIR" and exits
 * with 130, as shells report a command ended by Ctrl-C.
 *
 * The input never ends: a writer process streams a tar of small logs
 * into the binary's standard input for as long as it reads, so the
 * signal always lands mid-run, however fast the machine.
 */
#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/support/support.h"
#include "tests/support/tar.h"

TestSuite(cli_interrupt, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const char LOG[] =
    "Game: Chess\nWhite: Ann\nBlack: Bob\n\n"
    "1. P e2-e4 1... p e7-e5\n2. N g1-f3 2... n b8-c6\n3. B f1-b5 3... p a7-a6\n";

/* Logs, one after another, until the reader goes away. */
static pid_t start_endless_writer(int *read_fd)
{
    int fds[2];
    pid_t pid = ts_fork_writer(fds);
    if (pid == 0) {
        struct archive *a = archive_write_new();
        archive_write_set_format_pax_restricted(a);
        archive_write_open_fd(a, fds[1]);
        struct archive_entry *e = archive_entry_new();
        char name[32];
        for (unsigned long i = 0;; i++) {
            snprintf(name, sizeof name, "g%08lu.log", i);
            ts_tar_file(e, name, sizeof LOG - 1);
            if (archive_write_header(a, e) != ARCHIVE_OK ||
                archive_write_data(a, LOG, sizeof LOG - 1) < 0)
                break;
        }
        _exit(0);   /* the reader is gone: nothing to close properly for */
    }
    close(fds[1]);
    *read_fd = fds[0];
    return pid;
}

static pid_t start_gcaudit(int in_fd, const char *outdir)
{
    char *err = ts_fmt("%s/stderr.txt", ts_scratch);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int o = open("/dev/null", O_WRONLY);
        if (e < 0 || o < 0 || chdir(ts_scratch) != 0)
            _exit(127);
        dup2(in_fd, 0), dup2(o, 1), dup2(e, 2);
        execl(GC_BINARY, GC_BINARY, "analyze", "-", "-o", outdir, "-q", (char *)NULL);
        _exit(127);
    }
    free(err);
    return pid;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Some report rows reached the disk: the run is well under way. */
static int run_has_started(const char *outdir)
{
    char *path = ts_fmt("%s/%s", ts_scratch, outdir);
    DIR *d = opendir(path);
    int started = 0;
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL) {
        if (strncmp(de->d_name, "inputs.csv.tmp", 14) != 0)
            continue;
        char *f = ts_fmt("%s/%s", path, de->d_name);
        struct stat st;
        started = stat(f, &st) == 0 && st.st_size > 8192;
        free(f);
    }
    if (d)
        closedir(d);
    free(path);
    return started;
}

/* waitpid with a deadline; kills the child past it.  Returns the status. */
static int wait_or_kill(pid_t pid, int seconds, int *timed_out)
{
    int st;
    *timed_out = 0;
    for (int ms = 0; ms < seconds * 1000; ms += 20) {
        if (waitpid(pid, &st, WNOHANG) == pid)
            return st;
        sleep_ms(20);
    }
    *timed_out = 1;
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    return st;
}

/* No report, and not even the directory: the run made it, and takes it
 * away again when it writes nothing into it. */
static void expect_no_reports(const char *outdir)
{
    char *path = ts_fmt("%s/%s", ts_scratch, outdir);
    DIR *d = opendir(path);
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL)
        cr_expect(de->d_name[0] == '.', "'%s' left in the output directory", de->d_name);
    cr_expect_null(d, "the output directory the run made was left behind");
    if (d)
        closedir(d);
    free(path);
}

static void interrupt_run(int sig, int want_status)
{
    int in_fd;
    pid_t writer = start_endless_writer(&in_fd);
    pid_t gc = start_gcaudit(in_fd, "out");
    close(in_fd);
    for (int ms = 0; ms < 20000 && !run_has_started("out"); ms += 20)
        sleep_ms(20);
    cr_assert(run_has_started("out"), "gcaudit never got going");
    cr_assert_eq(kill(gc, sig), 0);
    int timed_out;
    int st = wait_or_kill(gc, 30, &timed_out);
    kill(writer, SIGKILL);
    waitpid(writer, NULL, 0);
    cr_assert_not(timed_out, "gcaudit did not stop within 30 s of the signal");
    cr_assert(WIFEXITED(st),
              "gcaudit was killed by signal %d: the interrupt is not handled "
              "(cli/interrupt.c is not wired into cli/cmd_analyze.c yet)",
              WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    cr_expect_eq(WEXITSTATUS(st), want_status);
    char *err_path = ts_fmt("%s/stderr.txt", ts_scratch);
    char *err = ts_read_file(err_path, NULL);
    cr_assert_not_null(err);
    cr_expect(strstr(err, "gcaudit: interrupted: no reports were written in '") != NULL,
              "stderr: %s", err);
    free(err), free(err_path);
    expect_no_reports("out");
}

/* NOT WIRED YET (see the top of the file). */
Test(cli_interrupt, ctrl_c_stops_cleanly_with_status_130, .timeout = 120)
{
    interrupt_run(SIGINT, 130);
}

/* NOT WIRED YET.  SIGTERM (kill, a CI timeout) is the same request; the
 * status is 128 + 15 as shells report it. */
Test(cli_interrupt, sigterm_stops_cleanly_with_status_143, .timeout = 120)
{
    interrupt_run(SIGTERM, 143);
}

/* ------------------------------------------- waiting, with a way out */

/* Issue 15, item 1: a FIFO named on the command line with no writer used
 * to block in open(2) forever, deaf to SIGTERM; a stalled pipe on stdin
 * ignored Ctrl-C until its writer closed.  Both now end within a second
 * of the signal, the usual way (status 128 + signal, no report). */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static pid_t start_analyze(int in_fd, const char *input)
{
    char *err = ts_fmt("%s/stderr.txt", ts_scratch);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int o = open("/dev/null", O_WRONLY);
        if (e < 0 || o < 0 || chdir(ts_scratch) != 0)
            _exit(127);
        if (in_fd >= 0)
            dup2(in_fd, 0);
        dup2(o, 1), dup2(e, 2);
        execl(GC_BINARY, GC_BINARY, "analyze", input, "-o", "out", "-q", (char *)NULL);
        _exit(127);
    }
    free(err);
    return pid;
}

/* Signal the run once it waits, and time how long it takes to end. */
static void stop_waiting_run(pid_t gc, int sig, int want_status)
{
    sleep_ms(500);   /* well inside the wait: nothing will come */
    double t0 = now_s();
    cr_assert_eq(kill(gc, sig), 0);
    int timed_out;
    int st = wait_or_kill(gc, 10, &timed_out);
    double took = now_s() - t0;
    cr_assert_not(timed_out, "gcaudit did not stop within 10 s of the signal");
    cr_assert(WIFEXITED(st), "gcaudit was killed by signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    cr_expect_eq(WEXITSTATUS(st), want_status);
    cr_expect_lt(took, 1.0, "it stopped %.2f s after the signal", took);
    char *err_path = ts_fmt("%s/stderr.txt", ts_scratch);
    char *err = ts_read_file(err_path, NULL);
    cr_assert_not_null(err);
    cr_expect(strstr(err, "gcaudit: interrupted: no reports were written in 'out'") != NULL,
              "stderr: %s", err);
    free(err), free(err_path);
    char *out = ts_fmt("%s/out", ts_scratch);
    struct stat sb;
    cr_expect_neq(stat(out, &sb), 0, "the output directory the run made is gone");
    free(out);
}

Test(cli_interrupt, a_fifo_without_a_writer_ends_at_sigterm, .timeout = 60)
{
    char *fifo = ts_fmt("%s/in.fifo", ts_scratch);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    pid_t gc = start_analyze(-1, "in.fifo");
    stop_waiting_run(gc, SIGTERM, 143);
    free(fifo);
}

Test(cli_interrupt, a_stalled_stdin_pipe_ends_at_ctrl_c, .timeout = 60)
{
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    cr_assert_eq(write(fds[1], LOG, 10), 10);   /* the start of a log, then nothing */
    pid_t gc = start_analyze(fds[0], "-");
    close(fds[0]);
    stop_waiting_run(gc, SIGINT, 130);
    close(fds[1]);
}

/* --------------------------------- while definitions or aliases load */

/* Ctrl-C while a --variants or --player-alias file is read stops the run
 * (issue 29): gcaudit is started as a shell starts a background job, with
 * SIGINT ignored, and the file is a FIFO, so the signal lands while it is
 * read, after gcaudit opened it: the run must stop with 130 and the
 * message, not finish and exit 0. */
static void interrupt_while_reading(const char *option, const char *text)
{
    char *fifo = ts_fmt("%s/slow.fifo", ts_scratch);
    char *log = ts_fmt("%s/g.log", ts_scratch);
    char *err = ts_fmt("%s/stderr.txt", ts_scratch);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    cr_assert_eq(ts_write_file(log, LOG, sizeof LOG - 1), 0);
    pid_t gc = fork();
    cr_assert_geq(gc, 0);
    if (gc == 0) {
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int o = open("/dev/null", O_WRONLY);
        if (e < 0 || o < 0 || chdir(ts_scratch) != 0)
            _exit(127);
        dup2(o, 1), dup2(e, 2);
        signal(SIGINT, SIG_IGN);
        execl(GC_BINARY, GC_BINARY, "analyze", "g.log", "-o", "out", "-q", option, "slow.fifo",
              (char *)NULL);
        _exit(127);
    }
    int w = open(fifo, O_WRONLY);   /* returns once gcaudit opened it to read */
    cr_assert_geq(w, 0);
    cr_assert_eq(kill(gc, SIGINT), 0);
    sleep_ms(100);
    cr_assert_eq(write(w, text, strlen(text)), (ssize_t)strlen(text));
    close(w);
    int timed_out;
    int st = wait_or_kill(gc, 30, &timed_out);
    cr_assert_not(timed_out, "gcaudit did not stop");
    cr_assert(WIFEXITED(st), "gcaudit was killed by signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    cr_expect_eq(WEXITSTATUS(st), 130, "%s: the interrupt was lost", option);
    char *said = ts_read_file(err, NULL);
    cr_assert_not_null(said);
    cr_expect_str_eq(said, "gcaudit: interrupted: no reports were written in 'out'\n");
    free(said);
    expect_no_reports("out");
    free(fifo), free(log), free(err);
}

Test(cli_interrupt, ctrl_c_while_definitions_load_stops_the_run, .timeout = 60)
{
    interrupt_while_reading("--variants", "[mine:fischerandom-gc]\ngcGames = Mine\n");
}

Test(cli_interrupt, ctrl_c_while_aliases_load_stops_the_run, .timeout = 60)
{
    interrupt_while_reading("--player-alias", "Ann,Annie\nBob,Bobby\n");
}
