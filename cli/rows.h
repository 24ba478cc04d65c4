/*
 * rows: the columns of inputs.csv, games.csv and violations.csv
 * (gcaudit(1) REPORTS) and the cells of one row of each.  Each report's
 * columns are one table below (CLI_GAMES_COLUMNS, ...): its name, the
 * type of its cells and the field of the typed row that holds them.  The
 * column ids, their count, the header, the row's struct and its cells
 * are all derived from it, so a column is added, moved or retyped in
 * exactly one place.
 *
 * Ownership: a typed row borrows every string it points to (the entry,
 * the game, the report); cells point into the row's strings or into a
 * struct cli_row_buf.
 */
#ifndef GC_CLI_ROWS_H
#define GC_CLI_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "stats/stats.h"

/* What a column's cells hold, for the workbook (stats_xlsx.c): text,
 * a whole number (written as digits, empty when absent), a date
 * ("YYYY-MM-DD" or with a time, as the log gives it), or the log's text
 * that is a number where the text is a plain one (the round: "3", but
 * "3a" or "Final" stay text). */
enum cli_cell_type { CLI_CELL_TEXT, CLI_CELL_NUMBER, CLI_CELL_DATE, CLI_CELL_LOG_NUMBER };

/* A number cell: empty when not present (a game not replayed has no turns). */
struct cli_num {
    int64_t v;
    int present;
};

/* The type of a row's field for each cell type. */
#define CLI_FIELD_TEXT const char *
#define CLI_FIELD_NUMBER struct cli_num
#define CLI_FIELD_DATE const char *
#define CLI_FIELD_LOG_NUMBER const char *

/* X(ID, header name, cell type, field): the columns, in the reports' order. */
#define CLI_INPUTS_COLUMNS(X)                                                                    \
    X(SOURCE, "source", TEXT, source)                                                            \
    X(ENTRY, "entry", TEXT, entry)                                                               \
    X(BYTES, "bytes", NUMBER, bytes)                                                             \
    X(GAMES, "games", NUMBER, games)                                                             \
    X(STATUS, "status", TEXT, status)                                                            \
    X(MESSAGE, "message", TEXT, message)

/* The columns that say which game a games.csv or violations.csv row is
 * of, first in both. */
#define CLI_GAME_KEY_COLUMNS(X)                                                                  \
    X(SOURCE, "source", TEXT, source)                                                            \
    X(ENTRY, "entry", TEXT, entry)                                                               \
    X(INDEX, "game_index", NUMBER, index)                                                        \
    X(LOG, "log_id", TEXT, log)                                                                  \
    X(VARIANT, "variant", TEXT, variant)

#define CLI_GAMES_COLUMNS(X)                                                                     \
    CLI_GAME_KEY_COLUMNS(X)                                                                      \
    X(EVENT, "event", TEXT, event)                                                               \
    X(ROUND, "round", LOG_NUMBER, round)                                                               \
    X(WHITE, "white", TEXT, white)                                                               \
    X(BLACK, "black", TEXT, black)                                                               \
    X(STARTED, "started", DATE, started)                                                         \
    X(ENDED, "ended", DATE, ended)                                                               \
    X(TURNS, "turns", NUMBER, turns)                                                             \
    X(DECLARED, "declared_result", TEXT, declared)                                               \
    X(RESULT, "result", TEXT, result)                                                            \
    X(TERMINATION, "termination", TEXT, termination)                                             \
    X(DETAIL, "detail", TEXT, detail)                                                            \
    X(WINNER, "winner", TEXT, winner)                                                            \
    X(LOSER, "loser", TEXT, loser)                                                               \
    X(STATUS, "status", TEXT, status)                                                            \
    X(VIOLATIONS, "violations", NUMBER, violations)                                              \
    X(FIRST_TURN, "first_violation_turn", NUMBER, first_turn)                                    \
    X(FIRST_CODE, "first_violation_code", TEXT, first_code)                                      \
    X(DUPLICATE_OF, "duplicate_of", TEXT, duplicate_of)

#define CLI_VIOLATIONS_COLUMNS(X)                                                                \
    CLI_GAME_KEY_COLUMNS(X)                                                                      \
    X(LINE, "line", NUMBER, line)                                                                \
    X(TURN, "turn", NUMBER, turn)                                                                \
    X(SIDE, "side", TEXT, side)                                                                  \
    X(PLAYER, "player", TEXT, player)                                                            \
    X(TEXT, "text", TEXT, text)                                                                  \
    X(CODE, "code", TEXT, code)                                                                  \
    X(MESSAGE, "message", TEXT, message)                                                         \
    X(COMMENT, "comment", TEXT, comment)

/* Column positions (CLI_G_TURNS, ...) and counts (CLI_GAMES_COLS, ...). */
#define CLI_COLUMN_ID_I(id, name, type, field) CLI_I_##id,
#define CLI_COLUMN_ID_G(id, name, type, field) CLI_G_##id,
#define CLI_COLUMN_ID_V(id, name, type, field) CLI_V_##id,
enum cli_inputs_col { CLI_INPUTS_COLUMNS(CLI_COLUMN_ID_I) CLI_INPUTS_COLS };
enum cli_games_col { CLI_GAMES_COLUMNS(CLI_COLUMN_ID_G) CLI_GAMES_COLS };
enum cli_violations_col { CLI_VIOLATIONS_COLUMNS(CLI_COLUMN_ID_V) CLI_VIOLATIONS_COLS };

/* The typed rows: one field per column. */
#define CLI_COLUMN_FIELD(id, name, type, field) CLI_FIELD_##type field;
struct cli_inputs_row { CLI_INPUTS_COLUMNS(CLI_COLUMN_FIELD) };
struct cli_games_row { CLI_GAMES_COLUMNS(CLI_COLUMN_FIELD) };
struct cli_violations_row { CLI_VIOLATIONS_COLUMNS(CLI_COLUMN_FIELD) };

extern const char *const cli_inputs_header[CLI_INPUTS_COLS];
extern const char *const cli_games_header[CLI_GAMES_COLS];
extern const char *const cli_violations_header[CLI_VIOLATIONS_COLS];

extern const enum cli_cell_type cli_games_types[CLI_GAMES_COLS];
extern const enum cli_cell_type cli_violations_types[CLI_VIOLATIONS_COLS];

/* Room for the numbers a row prints; cells point into it or into the
 * strings the row borrows. */
struct cli_row_buf {
    char n[8][24];
};

/* The typed rows of an entry, a game (duplicate_of "": the writer of
 * analyze fills it), and a violation. */
void cli_inputs_row(const struct fmt_entry *e, unsigned long long games,
                    struct cli_inputs_row *row);
void cli_games_row(const struct fmt_entry *e, const struct fmt_game *g,
                   const struct rp_report *r, struct cli_games_row *row);
void cli_violations_row(const struct fmt_entry *e, const struct fmt_game *g,
                        const struct rp_report *r, const struct rp_violation *v,
                        struct cli_violations_row *row);

/* A typed row's cells, in its columns' order, for fmt_csv_row. */
void cli_inputs_cells(const struct cli_inputs_row *row, struct cli_row_buf *buf,
                      const char **cells);
void cli_games_cells(const struct cli_games_row *row, struct cli_row_buf *buf,
                     const char **cells);
void cli_violations_cells(const struct cli_violations_row *row, struct cli_row_buf *buf,
                          const char **cells);

/* A games.csv row in two parts, for analyze: a worker formats the
 * columns it knows, and the writer, which alone knows in input order
 * which earlier game a row copies, fills the row's duplicate_of and
 * formats the columns from CLI_GAMES_WRITER_FROM on, through the same
 * table.  The two parts are the bytes of the row formatted at once. */
#define CLI_GAMES_WRITER_FROM CLI_G_DUPLICATE_OF

/* The worker's part: the columns before CLI_GAMES_WRITER_FROM of row
 * formatted, after their length, appended to out.  FMT_OK, or FMT_FATAL
 * when out of memory. */
FMT_MUST_CHECK enum fmt_rc cli_games_head_pack(struct fmt_buf *out,
                                               const struct cli_games_row *row);

/* The head packed at data: *head points into it, *len is its length;
 * returns the bytes it takes. */
size_t cli_games_head_unpack(const char *data, const char **head, size_t *len);

/* The writer's part: the columns from CLI_GAMES_WRITER_FROM on of row
 * (its fields before are not read) and the row's end (excel: "\r\n"),
 * appended to out after the head.  FMT_OK, or FMT_FATAL when out of
 * memory. */
FMT_MUST_CHECK enum fmt_rc cli_games_tail_format(struct fmt_buf *out,
                                                 const struct cli_games_row *row, int excel);

/* The variant name for the reports: the key, or the Game: value when unsupported. */
const char *cli_variant_name(const struct fmt_game *g, const struct rp_report *r);

/* Who made the illegal turn an illegal game stopped at, for the
 * standings' forfeit policy: the person of its first violation entered by
 * a person, NONE when that violation is after-end (the rules had ended
 * the game first) or the game is not illegal. */
enum st_breaker cli_breaker(const struct rp_report *r);

#endif
