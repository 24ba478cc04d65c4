/*
 * Fuzz the whole input path, as `gcaudit analyze` runs it: bytes become a
 * file (a memfd, so nothing touches the disk) and, when they fit a pipe's
 * buffer, standard input too; fmt_walk reads whatever libarchive makes of
 * them, nested archives included; every ok entry is parsed and replayed;
 * every entry, game and violation becomes a CSV row through cli/rows.c
 * and csv_report.c, into a scratch directory.
 *
 * The entry limit is 1 MiB rather than 256: a few KiB of bzip2 or xz can
 * inflate to hundreds of MiB, which would test the machine, not the code
 * (the limit itself is tested in tests/formats/test_hostile.c).
 */
#define _GNU_SOURCE   /* memfd_create */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/rows.h"
#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/fuzz/fuzz.h"

struct run {
    fmt_csv *inputs, *games, *violations;
    uint64_t entries;
    int games_read;   /* games of ok entries */
};

static char scratch[256];

/* The reports of the last walk, left behind by walk(), go at exit. */
static void remove_scratch(void)
{
    static const char *const names[] = {"inputs.csv", "games.csv"};
    char path[300];
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", scratch, names[i]);
        unlink(path);
    }
    rmdir(scratch);
}

/* One directory per process, in memory when /dev/shm is there. */
static const char *scratch_dir(void)
{
    if (!scratch[0]) {
        const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(scratch, sizeof scratch, "%s/gcaudit-fuzz-XXXXXX", base);
        gc_fuzz_check(mkdtemp(scratch));
        atexit(remove_scratch);
    }
    return scratch;
}

static void write_game(struct run *R, const struct fmt_entry *e, const struct fmt_game *g,
                       const struct rp_report *r)
{
    struct cli_row_buf buf;
    struct cli_games_row game;
    const char *cells[CLI_GAMES_COLS];
    cli_games_row(e, g, r, &game);
    cli_games_cells(&game, &buf, cells);
    gc_fuzz_check(fmt_csv_row(R->games, cells, CLI_GAMES_COLS) == FMT_OK);
    for (size_t i = 0; i < r->nviolations; i++) {
        struct cli_violations_row v;
        cli_violations_row(e, g, r, &r->violations[i], &v);
        cli_violations_cells(&v, &buf, cells);
        gc_fuzz_check(fmt_csv_row(R->violations, cells, CLI_VIOLATIONS_COLS) == FMT_OK);
    }
}

static unsigned long long replay_entry(struct run *R, const struct fmt_entry *e)
{
    fmt_parser *p = fmt_parser_new(e->text, e->len);
    struct fmt_game g;
    unsigned long long n = 0;
    while (p && fmt_parser_next(p, &g) == FMT_OK) {
        struct rp_report r;
        if (rp_replay(&g, &r, NULL, NULL) == RP_DONE) {
            write_game(R, e, &g, &r);
            rp_report_release(&r);
        }
        fmt_game_release(&g);
        n++;
    }
    fmt_parser_free(p);
    return n;
}

static enum fmt_rc on_entry(void *ctx, const struct fmt_entry *e)
{
    struct run *R = ctx;
    gc_fuzz_check(e->source && e->entry && e->message);
    gc_fuzz_check(e->seq == R->entries++);
    gc_fuzz_check(e->status == FMT_ENTRY_OK || e->message[0]);
    unsigned long long games = 0;
    if (e->status == FMT_ENTRY_OK) {
        gc_fuzz_check(e->text && e->text[e->len] == '\0');
        games = replay_entry(R, e);
        R->games_read += (int)games;
    }
    struct cli_row_buf buf;
    struct cli_inputs_row row;
    const char *cells[CLI_INPUTS_COLS];
    cli_inputs_row(e, games, &row);
    cli_inputs_cells(&row, &buf, cells);
    gc_fuzz_check(fmt_csv_row(R->inputs, cells, CLI_INPUTS_COLS) == FMT_OK);
    return 0;
}

/* One walk of path into fresh reports; every walk yields at least one row.
 * Returns the games of its ok entries. */
static int walk(const char *path)
{
    const char *dir = scratch_dir();
    struct run R = {
        .inputs = fmt_csv_open(dir, "inputs.csv", cli_inputs_header, CLI_INPUTS_COLS, 0),
        .games = fmt_csv_open(dir, "games.csv", cli_games_header, CLI_GAMES_COLS, 0),
        .violations = fmt_csv_open(dir, "violations.csv", cli_violations_header,
                                   CLI_VIOLATIONS_COLS, 1),
    };
    gc_fuzz_check(R.inputs && R.games && R.violations);
    struct fmt_walk_options opt = {.max_entry_bytes = 1 << 20};
    uint64_t seq = 0;
    gc_fuzz_check(fmt_walk(path, &opt, &seq, on_entry, &R) == 0);
    gc_fuzz_check(seq == R.entries && seq >= 1);
    gc_fuzz_check(fmt_csv_close(R.inputs) == FMT_OK);
    gc_fuzz_check(fmt_csv_close(R.games) == FMT_OK);
    fmt_csv_abort(R.violations);
    return R.games_read;
}

static int walk_memfd(const uint8_t *data, size_t size)
{
    int fd = memfd_create("gcaudit-fuzz", MFD_CLOEXEC);
    gc_fuzz_check(fd >= 0);
    gc_fuzz_check(write(fd, data, size) == (ssize_t)size);
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    int games = walk(path);
    close(fd);
    return games;
}

/* Standard input is not seekable: zip and 7-Zip take other paths then. */
static void walk_stdin(const uint8_t *data, size_t size)
{
    int fds[2];
    gc_fuzz_check(pipe(fds) == 0);
    if (fcntl(fds[1], F_GETPIPE_SZ) < (int)size) {
        close(fds[0]), close(fds[1]);
        return;
    }
    gc_fuzz_check(write(fds[1], data, size) == (ssize_t)size);
    close(fds[1]);
    int saved = dup(0);
    gc_fuzz_check(saved >= 0 && dup2(fds[0], 0) == 0);
    close(fds[0]);
    (void)walk("-");
    gc_fuzz_check(dup2(saved, 0) == 0);
    close(saved);
}

int gc_fuzz_input(const uint8_t *data, size_t size)
{
    int games = walk_memfd(data, size);
    walk_stdin(data, size);
    return games;
}

#ifdef GC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)gc_fuzz_input(data, size);
    return 0;
}
#endif
