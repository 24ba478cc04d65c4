/*
 * progress: a one-line counter on stderr while `analyze` runs, redrawn at
 * most ten times a second so it costs nothing on large archives.  Shown
 * only on a terminal: logs and pipes stay clean.
 */
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The line on the screen, if any: messages clear it and draw it again
 * below them (cli_progress_hide, cli_progress_show). */
static struct cli_progress *shown;

void cli_progress_start(struct cli_progress *p, int quiet)
{
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->started = p->last = cli_now();
    p->entries = p->games = 0;
    p->drawn = 0;
    shown = p->enabled ? p : NULL;
}

static void draw(struct cli_progress *p, double now)
{
    double secs = now - p->started;
    double rate = secs > 0 ? (double)p->games / secs : 0;
    fprintf(stderr, "\r\033[Kentries %llu, games %llu, %.0f games/s",
            (unsigned long long)p->entries, (unsigned long long)p->games, rate);
    p->last = now;
    p->drawn = 1;
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

void cli_progress_update(struct cli_progress *p, uint64_t entries, uint64_t games)
{
    if (!p->enabled)
        return;
    p->entries = entries;
    p->games = games;
    double now = cli_now();
    if (now - p->last >= 0.1)
        draw(p, now);
}

void cli_progress_finish(struct cli_progress *p)
{
    if (p->enabled)
        fputs("\r\033[K", stderr);
    p->drawn = 0;
    shown = NULL;
}
