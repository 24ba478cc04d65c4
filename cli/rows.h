/*
 * rows: the columns of inputs.csv, games.csv and violations.csv
 * (reports.md) and the cells of one row of each.  Kept apart from the
 * command so the column order lives in exactly one place.
 */
#ifndef GC_CLI_ROWS_H
#define GC_CLI_ROWS_H

#include <stddef.h>

#include "formats/formats.h"
#include "replay/replay.h"

#define CLI_INPUTS_COLS 6
#define CLI_GAMES_COLS 22
#define CLI_VIOLATIONS_COLS 13

extern const char *const cli_inputs_header[CLI_INPUTS_COLS];
extern const char *const cli_games_header[CLI_GAMES_COLS];
extern const char *const cli_violations_header[CLI_VIOLATIONS_COLS];

/* Room for the numbers a row prints; cells point into it or into the
 * borrowed game and report. */
struct cli_row_buf {
    char n[8][24];
};

void cli_inputs_row(const struct fmt_entry *e, unsigned long long games,
                    struct cli_row_buf *buf, const char **cells);

void cli_games_row(const struct fmt_entry *e, const struct fmt_game *g,
                   const struct rp_report *r, struct cli_row_buf *buf, const char **cells);

void cli_violations_row(const struct fmt_entry *e, const struct fmt_game *g,
                        const struct rp_report *r, const struct rp_violation *v,
                        struct cli_row_buf *buf, const char **cells);

/* The variant name for the reports: the key, or the Game: value when unsupported. */
const char *cli_variant_name(const struct fmt_game *g, const struct rp_report *r);

#endif
