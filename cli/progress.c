/*
 * progress: one line on stderr while `analyze` runs, redrawn at most ten
 * times a second so it costs nothing on large archives, and only on a
 * terminal: logs and pipes stay clean.
 *
 *   [ 37%] 1:02 left, 1,234 entries, 5,678 games (12,345/s), 12 violations: round-3/g17.log
 *
 * The share is of the bytes of the inputs whose size is known before the
 * run (files, and the files in directories; not a pipe), as far as they
 * have been read; the time left is the time so far scaled by what is
 * left.  Messages written meanwhile clear the line and draw it again
 * below them (cli_progress_hide, cli_progress_show), so they scroll above
 * it.
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ----------------------------------------------------- sizes known before */

static uint64_t tree_bytes;

static int add_file(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)path, (void)ftw;
    if (flag == FTW_F && S_ISREG(st->st_mode))
        tree_bytes += (uint64_t)st->st_size;
    return 0;
}

uint64_t cli_input_bytes(const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0 || stat(path, &st) != 0)
        return 0;
    if (S_ISREG(st.st_mode))
        return (uint64_t)st.st_size;
    if (!S_ISDIR(st.st_mode))
        return 0;
    /* The walk reads a directory's regular files, links not followed
     * (input_walk.c): the same files are summed here. */
    tree_bytes = 0;
    nftw(path, add_file, 32, FTW_PHYS);
    return tree_bytes;
}

/* ------------------------------------------------------------- the line */

/* The line on the screen, if any. */
static struct cli_progress *shown;

void cli_progress_start(struct cli_progress *p, int quiet, uint64_t known_bytes)
{
    memset(p, 0, sizeof *p);
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->started = p->last = cli_now();
    p->total = known_bytes;
    struct winsize ws;
    p->width = p->enabled && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20
                   ? ws.ws_col
                   : 80;
    shown = p->enabled ? p : NULL;
}

/* 1234567 as "1,234,567". */
static void grouped(char *buf, size_t size, uint64_t v)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v), at = 0;
    for (int i = 0; i < n && at + 2 < (int)size; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            buf[at++] = ',';
        buf[at++] = digits[i];
    }
    buf[at] = '\0';
}

size_t cli_progress_text(const struct cli_progress *p, double now, char *buf, size_t size)
{
    double secs = now - p->started;
    char entries[32], games[32], rate[32], violations[32];
    grouped(entries, sizeof entries, p->entries);
    grouped(games, sizeof games, p->games);
    grouped(rate, sizeof rate, (uint64_t)(secs > 0 ? (double)p->games / secs : 0));
    grouped(violations, sizeof violations, p->violations);
    size_t at = 0;
    if (p->total > 0) {
        uint64_t done = p->done < p->total ? p->done : p->total;
        double share = (double)done / (double)p->total;
        at += (size_t)snprintf(buf, size, "[%3d%%] ", (int)(share * 100));
        if (done > 0 && secs >= 1 && at < size) {
            long left = (long)(secs * (1 - share) / share + 0.5);
            at += (size_t)snprintf(buf + at, size - at, "%ld:%02ld left, ", left / 60, left % 60);
        }
    }
    if (at < size)
        at += (size_t)snprintf(buf + at, size - at, "%s entr%s, %s game%s (%s/s), %s violation%s",
                               entries, p->entries == 1 ? "y" : "ies", games,
                               p->games == 1 ? "" : "s", rate, violations,
                               p->violations == 1 ? "" : "s");
    /* The entry being read, cut at the left to what the line has room for. */
    size_t room = p->width > at + 3 ? p->width - at - 3 : 0, len = strlen(p->current);
    if (p->current[0] && room > 8 && at + 2 < size) {
        const char *c = p->current;
        int cut = len > room;
        if (cut)
            c += len - (room - 3);
        at += (size_t)snprintf(buf + at, size - at, ": %s%s", cut ? "..." : "", c);
    }
    return at < size ? at : size - 1;
}

static void draw(struct cli_progress *p, double now)
{
    char line[512];
    cli_progress_text(p, now, line, sizeof line);
    fputs("\r\033[K", stderr);
    cli_put_safe(stderr, line);   /* the entry's name is the input's */
    p->last = now;
    p->drawn = 1;
    p->stale = 0;
}

void cli_progress_hide(void)
{
    if (shown && shown->drawn)
        fputs("\r\033[K", stderr);
}

void cli_progress_show(void)
{
    if (shown && shown->drawn)
        draw(shown, cli_now());
}

void cli_progress_write(const char *bytes, size_t n)
{
    cli_progress_hide();
    fwrite(bytes, 1, n, stderr);
    cli_progress_show();
}

static void maybe_draw(struct cli_progress *p)
{
    double now = cli_now();
    if (now - p->last >= 0.1)
        draw(p, now);
}

void cli_progress_update(struct cli_progress *p, uint64_t entries, uint64_t games,
                         uint64_t violations)
{
    if (!p->enabled)
        return;
    p->stale |= entries != p->entries || games != p->games || violations != p->violations;
    p->entries = entries;
    p->games = games;
    p->violations = violations;
    maybe_draw(p);
}

void cli_progress_reading(struct cli_progress *p, const struct fmt_entry *e)
{
    if (!p->enabled)
        return;
    /* A new file: the one before it is read whole. */
    if (strcmp(e->source, p->source) != 0) {
        p->done_before += p->source_bytes;
        struct stat st;
        p->source_bytes = strcmp(e->source, "-") != 0 && stat(e->source, &st) == 0 &&
                                  S_ISREG(st.st_mode)
                              ? (uint64_t)st.st_size
                              : 0;
        snprintf(p->source, sizeof p->source, "%s", e->source);
    }
    uint64_t in_file = e->file_read < p->source_bytes ? e->file_read : p->source_bytes;
    p->done = p->done_before + in_file;
    snprintf(p->current, sizeof p->current, "%s", e->entry[0] ? e->entry : e->source);
    maybe_draw(p);
}

void cli_progress_finish(struct cli_progress *p)
{
    /* The last counts are drawn before the line goes: a record of the
     * terminal (script(1)) ends with the counts the summary prints. */
    if (p->enabled && p->stale)
        draw(p, cli_now());
    if (p->enabled && p->drawn)
        fputs("\r\033[K", stderr);
    p->drawn = 0;
    shown = NULL;
}
