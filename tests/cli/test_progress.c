/*
 * The progress line (cli/progress.c): its text for given counts, word for
 * word (share and time left from the bytes of the inputs known before,
 * counts grouped by thousands, the entry being read cut at the left to
 * the terminal's width), and how the bytes read add up across files.
 */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, ptsname */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tests/support/support.h"

static struct cli_progress fresh(uint64_t total, size_t width)
{
    struct cli_progress p;
    memset(&p, 0, sizeof p);
    p.enabled = 1;
    p.started = 100.0;
    p.total = total;
    p.width = width;
    return p;
}

static void expect_text(const struct cli_progress *p, double now, const char *want)
{
    char buf[512];
    cli_progress_text(p, now, buf, sizeof buf);
    cr_expect_str_eq(buf, want);
}

Test(progress, share_time_left_counts_and_the_entry)
{
    struct cli_progress p = fresh(1000000, 120);
    p.done = 250000;
    p.entries = 1234;
    p.games = 5678;
    p.violations = 12;
    snprintf(p.current, sizeof p.current, "round-3/g17.log");
    /* A quarter in 20 s: 60 s left. */
    expect_text(&p, 120.0, "[ 25%] 1:00 left, 1,234 entries, 5,678 games (283/s), 12 "
                           "violations: round-3/g17.log");
}

Test(progress, no_share_without_known_sizes_and_singulars)
{
    struct cli_progress p = fresh(0, 120);
    p.entries = 1;
    p.games = 1234567;
    p.violations = 1;
    expect_text(&p, 101.0, "1 entry, 1,234,567 games (1,234,567/s), 1 violation");
    p.games = 1;
    expect_text(&p, 101.0, "1 entry, 1 game (1/s), 1 violation");
}

Test(progress, no_time_left_before_a_second_or_a_byte)
{
    struct cli_progress p = fresh(1000, 120);
    expect_text(&p, 100.5, "[  0%] 0 entries, 0 games (0/s), 0 violations");
    p.done = 5000;  /* read ahead past the known size: never above 100% */
    expect_text(&p, 102.0, "[100%] 0:00 left, 0 entries, 0 games (0/s), 0 violations");
}

Test(progress, a_long_entry_is_cut_at_the_left_to_the_width)
{
    struct cli_progress p = fresh(0, 60);
    snprintf(p.current, sizeof p.current, "archive-2024/november/round-12/game-%s.log",
             "0123456789");
    char buf[512];
    size_t n = cli_progress_text(&p, 101.0, buf, sizeof buf);
    cr_expect_str_eq(buf, "0 entries, 0 games (0/s), 0 violations: ...e-0123456789.log");
    cr_expect_leq(n, 60u);
}

Test(progress, bytes_read_add_up_over_the_files_read)
{
    char *dir = ts_tempdir();
    char *a = ts_fmt("%s/a.log", dir), *b = ts_fmt("%s/b.log", dir);
    cr_assert_eq(ts_write_file(a, "0123456789", 10), 0);
    cr_assert_eq(ts_write_file(b, "01234", 5), 0);
    cr_expect_eq(cli_input_bytes(dir), 15u, "a directory: its files");
    cr_expect_eq(cli_input_bytes(a), 10u);
    cr_expect_eq(cli_input_bytes("-"), 0u, "standard input has no known size");
    struct cli_progress p = fresh(15, 120);
    struct fmt_entry e = {.source = a, .entry = "", .file_read = 10};
    cli_progress_reading(&p, &e);
    cr_expect_eq(p.done, 10u);
    e.source = b;
    e.file_read = 3;
    cli_progress_reading(&p, &e);
    cr_expect_eq(p.done, 13u, "a.log whole, and 3 bytes of b.log");
    cr_expect_str_eq(p.current, b);
    free(a);
    free(b);
    ts_rmtree(dir);
    free(dir);
}

/* On a terminal (a pseudo-terminal here): a message clears the progress
 * line, goes above it, and the line is drawn again below it; the end of
 * the run clears it. */
Test(progress, messages_scroll_above_the_line_on_a_terminal)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert_geq(master, 0);
    cr_assert_eq(grantpt(master), 0);
    cr_assert_eq(unlockpt(master), 0);
    int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    cr_assert_geq(slave, 0);
    struct termios tio;
    cr_assert_eq(tcgetattr(slave, &tio), 0);
    tio.c_oflag &= ~(tcflag_t)OPOST;   /* the bytes as written, no \n to \r\n */
    cr_assert_eq(tcsetattr(slave, TCSANOW, &tio), 0);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(slave, STDERR_FILENO);

    struct cli_progress p;
    cli_progress_start(&p, 0, 0);
    p.started = cli_now() - 1000000;  /* a rate of 0 games a second, whatever the clock */
    p.last = 0;                       /* draw now */
    cli_progress_update(&p, 1, 2, 3);
    cli_error("boom");
    cli_progress_finish(&p);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(slave);

    /* A pseudo-terminal hands the output over in pieces: read until it
     * ends (EIO once the other side is closed), not once. */
    char got[1024];
    size_t n = 0;
    for (ssize_t k; n < sizeof got - 1 && (k = read(master, got + n, sizeof got - 1 - n)) > 0;)
        n += (size_t)k;
    close(master);
    cr_assert_gt(n, 0);
    got[n] = '\0';
    static const char line[] = "1 entry, 2 games (0/s), 3 violations";
    char *want = ts_fmt("\r\033[K%s\r\033[Kgcaudit: boom\n\r\033[K%s\r\033[K", line, line);
    cr_expect_str_eq(got, want);
    free(want);
}
