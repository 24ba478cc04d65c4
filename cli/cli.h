/*
 * cli: the gcaudit command.  One file per subcommand (cmd_*.c), listed in
 * main.c's table; this header holds what they share: exit codes, the one
 * place violations are rendered for people, progress on stderr, and the
 * report rows.
 */
#ifndef GC_CLI_H
#define GC_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "formats/formats.h"
#include "replay/replay.h"

/* Exit status of gcaudit (reports.md "Exit status"). */
enum cli_exit {
    CLI_EXIT_OK = 0,          /* all inputs read; violations are findings */
    CLI_EXIT_SOME_FAILED = 1, /* some entries failed (see inputs.csv) */
    CLI_EXIT_USAGE = 2,
    CLI_EXIT_NOTHING = 3      /* nothing could be read, or output not written */
};

int cmd_analyze(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_variants(int argc, char **argv);

/* "gcaudit: " + message on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Where a game lives, for messages and rows. */
struct cli_where {
    const char *source;
    const char *entry;
    int game_index;
};

/* One violation in the one format people see (STYLE.md):
 * SOURCE!ENTRY:LINE: game N, turn 12... ('TEXT'): CODE: MESSAGE */
void cli_render_violation(FILE *f, const struct cli_where *w, const struct rp_violation *v);

/* "white" or "black" or "" for a violation's side. */
const char *cli_side_name(int side);

/* Progress line on stderr, only when it is a terminal and not silenced. */
struct cli_progress {
    int enabled;
    double started, last;     /* seconds, monotonic */
    uint64_t entries, games;
};

void cli_progress_start(struct cli_progress *p, int quiet);
void cli_progress_update(struct cli_progress *p, uint64_t entries, uint64_t games);
void cli_progress_finish(struct cli_progress *p);
double cli_now(void);

#endif
