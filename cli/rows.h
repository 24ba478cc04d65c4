/*
 * rows: the columns of inputs.csv, games.csv and violations.csv
 * (gcaudit(1) REPORTS) and the cells of one row of each.  Kept apart from
 * the command so the column order lives in exactly one place.
 */
#ifndef GC_CLI_ROWS_H
#define GC_CLI_ROWS_H

#include <stddef.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "stats/stats.h"

#define CLI_INPUTS_COLS 6
#define CLI_GAMES_COLS 23
#define CLI_VIOLATIONS_COLS 13

/* Column positions, in the order of the headers below. */
enum cli_inputs_col { CLI_I_SOURCE, CLI_I_ENTRY, CLI_I_BYTES, CLI_I_GAMES, CLI_I_STATUS,
                      CLI_I_MESSAGE };
enum cli_games_col {
    CLI_G_SOURCE, CLI_G_ENTRY, CLI_G_INDEX, CLI_G_LOG, CLI_G_VARIANT, CLI_G_EVENT, CLI_G_ROUND,
    CLI_G_WHITE, CLI_G_BLACK, CLI_G_STARTED, CLI_G_ENDED, CLI_G_TURNS, CLI_G_DECLARED,
    CLI_G_RESULT, CLI_G_TERMINATION, CLI_G_DETAIL, CLI_G_WINNER, CLI_G_LOSER, CLI_G_STATUS,
    CLI_G_VIOLATIONS, CLI_G_FIRST_TURN, CLI_G_FIRST_CODE, CLI_G_DUPLICATE_OF
};
enum cli_violations_col {
    CLI_V_SOURCE, CLI_V_ENTRY, CLI_V_INDEX, CLI_V_LOG, CLI_V_VARIANT, CLI_V_LINE, CLI_V_TURN,
    CLI_V_SIDE, CLI_V_PLAYER, CLI_V_TEXT, CLI_V_CODE, CLI_V_MESSAGE, CLI_V_COMMENT
};

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

/* Who made the illegal turn an illegal game stopped at, for the
 * standings' forfeit policy: the person of its first violation entered by
 * a person, NONE when that violation is after-end (the rules had ended
 * the game first) or the game is not illegal. */
enum st_breaker cli_breaker(const struct rp_report *r);

#endif
