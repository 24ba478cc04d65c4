/*
 * The walker's ways out and its blind spots (issue 15, items 1 and 6).
 *
 * Item 1: a FIFO named on the command line with no writer blocked in
 * open(2) forever.  Now it is opened without waiting and read only when
 * poll(2) says it has data, asking fmt_walk_options.stop meanwhile: a
 * stop request ends the walk within a fraction of a second, and a writer
 * that comes late is read as usual.
 *
 * Item 6: with -o inside an input directory, the next run read the
 * earlier reports and its own temporary files.  fmt_walk_options.skip
 * names paths never read: left out of a directory walk without a row,
 * a skipped row when named directly.
 */
#include "formats/formats.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

TestSuite(formats_walk, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 30);

static const char LOG[] = "Game: Chess\nWhite: Ann\nBlack: Bob\n\n1. P e2-e4 1... p e7-e5\n";

struct rows {
    char entry[16][128];
    char message[16][128];
    enum fmt_entry_status status[16];
    size_t n;
};

static enum fmt_rc collect(void *ctx, const struct fmt_entry *e)
{
    struct rows *r = ctx;
    cr_assert_lt(r->n, 16);
    snprintf(r->entry[r->n], sizeof r->entry[0], "%s%s%s", e->source, e->entry[0] ? "!" : "",
             e->entry);
    snprintf(r->message[r->n], sizeof r->message[0], "%s", e->message);
    r->status[r->n++] = e->status;
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A stop request that comes 0.3 s after the walk started. */
static double stop_at;

static bool stop_later(void)
{
    return now() >= stop_at;
}

Test(formats_walk, a_fifo_without_a_writer_stops_when_asked)
{
    char *fifo = ts_fmt("%s/in.fifo", ts_scratch);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    struct rows r = {0};
    uint64_t seq = 0;
    struct fmt_walk_options opt = {.stop = stop_later};
    double t0 = now();
    stop_at = t0 + 0.3;
    int rc = fmt_walk(fifo, &opt, &seq, collect, &r);
    double waited = now() - t0;
    cr_assert_eq(rc, FMT_STOPPED);
    cr_assert_eq(r.n, 0, "no row once stopped: '%s'", r.n ? r.message[0] : "");
    cr_assert_lt(waited, 1.0, "the walk stopped %.2f s after it began (asked at 0.3 s)", waited);
    free(fifo);
}

/* A writer that opens the FIFO half a second later and writes a log. */
static pid_t late_writer(const char *fifo)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        struct timespec ts = {0, 500000000L};
        nanosleep(&ts, NULL);
        int fd = open(fifo, O_WRONLY);
        if (fd < 0 || write(fd, LOG, sizeof LOG - 1) != (ssize_t)(sizeof LOG - 1))
            _exit(1);
        _exit(0);
    }
    return pid;
}

Test(formats_walk, a_fifo_whose_writer_comes_late_is_read)
{
    char *fifo = ts_fmt("%s/in.fifo", ts_scratch);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    pid_t writer = late_writer(fifo);
    struct rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(fifo, NULL, &seq, collect, &r), 0);
    int st;
    cr_assert_eq(waitpid(writer, &st, 0), writer);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    cr_assert_eq(r.n, 1);
    cr_assert_eq(r.status[0], FMT_ENTRY_OK, "%s", r.message[0]);
    free(fifo);
}

/* A stalled pipe on standard input: the same way out. */
Test(formats_walk, a_stalled_stdin_pipe_stops_when_asked)
{
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    int saved = dup(0);
    cr_assert_geq(saved, 0);
    cr_assert_eq(dup2(fds[0], 0), 0);
    cr_assert_eq(write(fds[1], "Game: Ch", 8), 8);   /* a start, then nothing */
    struct rows r = {0};
    uint64_t seq = 0;
    struct fmt_walk_options opt = {.stop = stop_later};
    double t0 = now();
    stop_at = t0 + 0.3;
    int rc = fmt_walk("-", &opt, &seq, collect, &r);
    double waited = now() - t0;
    dup2(saved, 0);
    close(saved), close(fds[0]), close(fds[1]);
    cr_assert_eq(rc, FMT_STOPPED);
    cr_assert_eq(r.n, 0);
    cr_assert_lt(waited, 1.0, "%.2f s", waited);
}

/* The output directory inside an input directory: passed over without a
 * row, whatever it holds; named directly, a skipped row. */
Test(formats_walk, skipped_paths_are_never_read)
{
    char *in = ts_fmt("%s/in", ts_scratch), *out = ts_fmt("%s/in/report", ts_scratch);
    cr_assert_eq(mkdir(in, 0755), 0);
    cr_assert_eq(mkdir(out, 0755), 0);
    char *a = ts_fmt("%s/a.log", in), *b = ts_fmt("%s/inputs.csv.tmp-1", out);
    cr_assert_eq(ts_write_file(a, LOG, sizeof LOG - 1), 0);
    cr_assert_eq(ts_write_file(b, LOG, sizeof LOG - 1), 0);
    const char *skip[] = {out};
    struct fmt_walk_options opt = {.skip = skip, .nskip = 1};
    struct rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(in, &opt, &seq, collect, &r), 0);
    cr_assert_eq(r.n, 1);
    cr_assert_str_eq(r.entry[0], a);
    r.n = 0;
    cr_assert_eq(fmt_walk(out, &opt, &seq, collect, &r), 0);
    cr_assert_eq(r.n, 1);
    cr_assert_eq(r.status[0], FMT_ENTRY_SKIPPED);
    cr_assert_str_eq(r.message[0], "gcaudit's own output: not read");
    /* Without the option the same walk reads the report's files. */
    r.n = 0;
    cr_assert_eq(fmt_walk(in, NULL, &seq, collect, &r), 0);
    cr_assert_eq(r.n, 2);
    free(a), free(b), free(in), free(out);
}

/* ------------------------------------------- the text rules elsewhere */

/* One entry as the caller ends up with it: with raw, normalised here, as
 * analyze's workers do (fmt_entry_normalise). */
struct texts {
    char entry[8][128];
    char message[8][FMT_ENTRY_MSG_MAX];
    enum fmt_entry_status status[8];
    char *text[8];
    size_t len[8];
    uint64_t bytes[8];
    int raw;
    size_t n;
};

static enum fmt_rc collect_text(void *ctx, const struct fmt_entry *e)
{
    struct texts *r = ctx;
    cr_assert_lt(r->n, 8);
    size_t i = r->n++;
    snprintf(r->entry[i], sizeof r->entry[0], "%s", e->source);
    snprintf(r->message[i], sizeof r->message[0], "%s", e->message);
    r->status[i] = e->status;
    r->bytes[i] = e->bytes;
    cr_assert_eq(e->raw, r->raw && e->status == FMT_ENTRY_OK, "%s: raw only when asked", e->source);
    if (e->status != FMT_ENTRY_OK)
        return FMT_OK;
    r->text[i] = fmt_entry_take_text(e);
    r->len[i] = e->len;
    if (e->raw) {
        r->status[i] = fmt_entry_normalise(&r->text[i], &r->len[i], r->message[i]);
        if (r->status[i] != FMT_ENTRY_OK) {
            free(r->text[i]);
            r->text[i] = NULL;
            r->len[i] = 0;
        }
    }
    return FMT_OK;
}

/* With fmt_walk_options.raw_text the walk hands over the bytes as read and
 * the caller normalises them: every entry ends the same as when the walk
 * normalises, status, message, bytes and text, on a plain log, a BOM with
 * CRLF and CR line ends, invalid UTF-8, a NUL byte and a line over 64 KiB. */
Test(formats_walk, raw_text_normalised_by_the_caller_is_the_walks)
{
    char *dir = ts_fmt("%s/logs", ts_scratch);
    cr_assert_eq(mkdir(dir, 0700), 0);
    static const char bom_crlf[] = "\xEF\xBB\xBFGame: Chess\r\nWhite: Ann\rBlack: Bob\r\n\r\n1. P e2-e4\r\n";
    static const char invalid[] = "Game: Chess\nWhite: An\xFFn\nBlack: B\xC3\n\n1. P e2-e4\n";
    static const char nul[] = "Game: Chess\nWhite: Ann\nBlack: Bob\n\n1. P e2-e4\0 1... p e7-e5\n";
    size_t longlen = 70000;
    char *longline = malloc(sizeof LOG + longlen + 1);
    cr_assert_not_null(longline);
    memcpy(longline, LOG, sizeof LOG - 1);
    memset(longline + sizeof LOG - 1, 'x', longlen);
    longline[sizeof LOG - 1 + longlen] = '\n';
    struct {
        const char *name;
        const char *data;
        size_t len;
    } files[] = {{"a.log", LOG, sizeof LOG - 1},
                 {"b.log", bom_crlf, sizeof bom_crlf - 1},
                 {"c.log", invalid, sizeof invalid - 1},
                 {"d.log", nul, sizeof nul - 1},
                 {"e.log", longline, sizeof LOG + longlen}};
    size_t nfiles = sizeof files / sizeof files[0];
    for (size_t i = 0; i < nfiles; i++) {
        char *path = ts_fmt("%s/%s", dir, files[i].name);
        cr_assert_eq(ts_write_file(path, files[i].data, files[i].len), 0);
        free(path);
    }
    struct texts *plain = calloc(1, sizeof *plain), *raw = calloc(1, sizeof *raw);
    cr_assert(plain && raw);
    raw->raw = 1;
    uint64_t seq = 0;
    struct fmt_walk_options po = {0}, ro = {.raw_text = true};
    cr_assert_eq(fmt_walk(dir, &po, &seq, collect_text, plain), FMT_OK);
    seq = 0;
    cr_assert_eq(fmt_walk(dir, &ro, &seq, collect_text, raw), FMT_OK);
    cr_assert_eq(plain->n, nfiles);
    cr_assert_eq(raw->n, nfiles);
    int warned = 0, failed = 0;
    for (size_t i = 0; i < nfiles; i++) {
        cr_expect_str_eq(raw->entry[i], plain->entry[i]);
        cr_expect_eq(raw->status[i], plain->status[i], "%s", plain->entry[i]);
        cr_expect_str_eq(raw->message[i], plain->message[i], "%s", plain->entry[i]);
        cr_expect_eq(raw->bytes[i], plain->bytes[i], "%s", plain->entry[i]);
        cr_expect_eq(raw->len[i], plain->len[i], "%s", plain->entry[i]);
        if (plain->text[i] && raw->text[i])
            cr_expect_eq(memcmp(raw->text[i], plain->text[i], plain->len[i] + 1), 0, "%s",
                         plain->entry[i]);
        else
            cr_expect_eq(raw->text[i], plain->text[i], "%s", plain->entry[i]);
        warned += plain->status[i] == FMT_ENTRY_OK && plain->message[i][0];
        failed += plain->status[i] == FMT_ENTRY_FAILED;
        free(plain->text[i]);
        free(raw->text[i]);
    }
    /* The cases are what they claim: a and b read, c warns, d and e fail. */
    cr_expect_eq(plain->status[0], FMT_ENTRY_OK);
    cr_expect_eq(plain->status[1], FMT_ENTRY_OK);
    cr_expect_eq(warned, 1);
    cr_expect_eq(failed, 2);
    free(plain);
    free(raw);
    free(longline);
    free(dir);
}
