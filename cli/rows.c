/*
 * rows: one typed row of each per-game report, and its cells for
 * fmt_csv_row, derived from the column tables of rows.h.
 */
#include <string.h>

#include "cli/rows.h"

#include "cli/cli.h"
#include "stats/stats.h"

#define COLUMN_NAME(id, name, type, field) name,
const char *const cli_inputs_header[CLI_INPUTS_COLS] = {CLI_INPUTS_COLUMNS(COLUMN_NAME)};
const char *const cli_games_header[CLI_GAMES_COLS] = {CLI_GAMES_COLUMNS(COLUMN_NAME)};
const char *const cli_violations_header[CLI_VIOLATIONS_COLS] = {
    CLI_VIOLATIONS_COLUMNS(COLUMN_NAME)};

#define COLUMN_TYPE(id, name, type, field) CLI_CELL_##type,
const enum cli_cell_type cli_games_types[CLI_GAMES_COLS] = {CLI_GAMES_COLUMNS(COLUMN_TYPE)};
const enum cli_cell_type cli_violations_types[CLI_VIOLATIONS_COLS] = {
    CLI_VIOLATIONS_COLUMNS(COLUMN_TYPE)};

/* Where each column's field is in its typed row, and its type. */
struct column {
    enum cli_cell_type type;
    size_t offset;
};

#define COLUMN_AT(row, type, field) {CLI_CELL_##type, offsetof(struct row, field)},
#define INPUTS_AT(id, name, type, field) COLUMN_AT(cli_inputs_row, type, field)
#define GAMES_AT(id, name, type, field) COLUMN_AT(cli_games_row, type, field)
#define VIOLATIONS_AT(id, name, type, field) COLUMN_AT(cli_violations_row, type, field)
static const struct column inputs_at[CLI_INPUTS_COLS] = {CLI_INPUTS_COLUMNS(INPUTS_AT)};
static const struct column games_at[CLI_GAMES_COLS] = {CLI_GAMES_COLUMNS(GAMES_AT)};
static const struct column violations_at[CLI_VIOLATIONS_COLS] = {
    CLI_VIOLATIONS_COLUMNS(VIOLATIONS_AT)};

#define NUMBER_CELLS(id, name, type, field) +(CLI_CELL_##type == CLI_CELL_NUMBER)
_Static_assert(0 CLI_INPUTS_COLUMNS(NUMBER_CELLS) <= 8, "room for the inputs' numbers");
_Static_assert(0 CLI_GAMES_COLUMNS(NUMBER_CELLS) <= 8, "room for the games' numbers");
_Static_assert(0 CLI_VIOLATIONS_COLUMNS(NUMBER_CELLS) <= 8, "room for the violations' numbers");
_Static_assert(sizeof ((struct cli_row_buf *)0)->n[0] >= ST_INT_TEXT, "room for any number");

/* The cells of a typed row.  The numbers without snprintf: a games.csv
 * row has four, and printf's format parsing cost more than the rest of
 * the row's cells. */
static void row_cells(const struct column *cols, size_t n, const void *row,
                      struct cli_row_buf *buf, const char **cells)
{
    size_t numbers = 0;
    for (size_t i = 0; i < n; i++) {
        const char *field = (const char *)row + cols[i].offset;
        if (cols[i].type != CLI_CELL_NUMBER) {
            memcpy(&cells[i], field, sizeof cells[i]);
            continue;
        }
        struct cli_num v;
        memcpy(&v, field, sizeof v);
        cells[i] = "";
        if (v.present) {
            st_format_i64(buf->n[numbers], v.v);
            cells[i] = buf->n[numbers++];
        }
    }
}

void cli_inputs_cells(const struct cli_inputs_row *row, struct cli_row_buf *buf,
                      const char **cells)
{
    row_cells(inputs_at, CLI_INPUTS_COLS, row, buf, cells);
}

void cli_games_cells(const struct cli_games_row *row, struct cli_row_buf *buf,
                     const char **cells)
{
    row_cells(games_at, CLI_GAMES_COLS, row, buf, cells);
}

void cli_violations_cells(const struct cli_violations_row *row, struct cli_row_buf *buf,
                          const char **cells)
{
    row_cells(violations_at, CLI_VIOLATIONS_COLS, row, buf, cells);
}

/* Columns [from, to) of a games.csv row, formatted through the table. */
static enum fmt_rc games_format(struct fmt_buf *out, const struct cli_games_row *row,
                                size_t from, size_t to)
{
    struct cli_row_buf buf;
    const char *cells[CLI_GAMES_COLS];
    row_cells(games_at + from, to - from, row, &buf, cells);
    return fmt_csv_format_cells(out, cells, to - from, from == 0);
}

enum fmt_rc cli_games_head_pack(struct fmt_buf *out, const struct cli_games_row *row)
{
    size_t at = out->len, len = 0;
    if (fmt_buf_add(out, (const char *)&len, sizeof len) != FMT_OK ||
        games_format(out, row, 0, CLI_GAMES_WRITER_FROM) != FMT_OK)
        return FMT_FATAL;
    len = out->len - at - sizeof len;
    memcpy(out->data + at, &len, sizeof len);
    return FMT_OK;
}

size_t cli_games_head_unpack(const char *data, const char **head, size_t *len)
{
    memcpy(len, data, sizeof *len);
    *head = data + sizeof *len;
    return sizeof *len + *len;
}

enum fmt_rc cli_games_tail_format(struct fmt_buf *out, const struct cli_games_row *row, int excel)
{
    if (games_format(out, row, CLI_GAMES_WRITER_FROM, CLI_GAMES_COLS) != FMT_OK)
        return FMT_FATAL;
    return fmt_csv_format_end(out, excel);
}

static const char *entry_status(enum fmt_entry_status s)
{
    return s == FMT_ENTRY_OK ? "ok" : s == FMT_ENTRY_SKIPPED ? "skipped" : "failed";
}

/* Entry sizes and counts fit an int64_t: no archive holds 2^63 bytes. */
void cli_inputs_row(const struct fmt_entry *e, unsigned long long games,
                    struct cli_inputs_row *row)
{
    *row = (struct cli_inputs_row){
        .source = e->source,
        .entry = e->entry,
        .bytes = {(int64_t)e->bytes, 1},
        .games = {(int64_t)games, 1},
        .status = entry_status(e->status),
        .message = e->message,
    };
}

const char *cli_variant_name(const struct fmt_game *g, const struct rp_report *r)
{
    if (r->variant)
        return r->variant->name;
    return g->game ? g->game : "";
}

enum st_breaker cli_breaker(const struct rp_report *r)
{
    if (r->status != RP_STATUS_ILLEGAL)
        return ST_BREAKER_NONE;
    /* The violations come in the order of the turns; result-mismatch
     * (nobody's) is the last. */
    for (size_t i = 0; i < r->nviolations; i++) {
        const struct rp_violation *v = &r->violations[i];
        if (v->person != 0 && v->person != 1)
            continue;
        if (v->code == RP_AFTER_END)
            return ST_BREAKER_NONE;
        return v->person == 0 ? ST_BREAKER_WHITE : ST_BREAKER_BLACK;
    }
    return ST_BREAKER_NONE;
}

static const char *person(const struct fmt_game *g, int who)
{
    const char *name = who == 0 ? g->white : who == 1 ? g->black : NULL;
    return name ? name : "";
}

void cli_games_row(const struct fmt_entry *e, const struct fmt_game *g,
                   const struct rp_report *r, struct cli_games_row *row)
{
    const struct rp_violation *first = r->nviolations ? &r->violations[0] : NULL;
    /* Decision (gcaudit(1), games.csv): winner and loser name the persons
     * of a result someone can stand behind.  When the replay stopped at
     * an illegal turn before the rules ended the game, the result is only
     * what the log declares, often in favour of the player who broke the
     * rules: the columns stay empty, and `result` still shows the claim. */
    int unverified = r->status == RP_STATUS_ILLEGAL && r->termination.kind == RP_TERM_ILLEGAL;
    *row = (struct cli_games_row){
        .source = e->source,
        .entry = e->entry,
        .index = {g->index, 1},
        .log = g->log,
        .variant = cli_variant_name(g, r),
        .event = g->event,
        .round = g->round,
        .white = g->white,
        .black = g->black,
        .started = g->started,
        .ended = g->ended,
        .turns = {r->turns, r->replayed},
        .declared = rp_result_name(r->declared),
        .result = rp_result_name(r->result),
        .termination = r->termination_name,
        .detail = r->detail,
        .winner = unverified ? "" : person(g, r->winner),
        .loser = unverified ? "" : person(g, r->loser),
        .status = rp_status_name(r->status),
        .violations = {(int64_t)r->nviolations, 1},
        .first_turn = {first ? first->turn : 0, first && first->turn > 0},
        .first_code = first ? rp_code_name(first->code) : "",
        /* Known only once the games before it are seen, in input order:
         * analyze's writer fills it (analyze_writer.c, count_batch). */
        .duplicate_of = "",
    };
}

void cli_violations_row(const struct fmt_entry *e, const struct fmt_game *g,
                        const struct rp_report *r, const struct rp_violation *v,
                        struct cli_violations_row *row)
{
    *row = (struct cli_violations_row){
        .source = e->source,
        .entry = e->entry,
        .index = {g->index, 1},
        .log = g->log,
        .variant = cli_variant_name(g, r),
        .line = {v->line, v->line > 0},
        .turn = {v->turn, v->turn > 0 || v->text},
        .side = cli_side_name(v->side),
        .player = person(g, v->person),
        .text = v->text,
        .code = rp_code_name(v->code),
        .message = v->message,
        .comment = v->comment,
    };
}
