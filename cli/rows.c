/*
 * rows: one row of each per-game report, as cells for fmt_csv_row.
 */
#include <string.h>

#include "cli/rows.h"

#include "cli/cli.h"
#include "stats/stats.h"

const char *const cli_inputs_header[CLI_INPUTS_COLS] = {
    "source", "entry", "bytes", "games", "status", "message"};

const char *const cli_games_header[CLI_GAMES_COLS] = {
    "source", "entry", "game_index", "log_id", "variant", "event", "round", "white",
    "black", "started", "ended", "turns", "declared_result", "result", "termination",
    "detail", "winner", "loser", "status", "violations", "first_violation_turn",
    "first_violation_code", "duplicate_of"};

const char *const cli_violations_header[CLI_VIOLATIONS_COLS] = {
    "source", "entry", "game_index", "log_id", "variant", "line", "turn", "side",
    "player", "text", "code", "message", "comment"};

static const char *entry_status(enum fmt_entry_status s)
{
    return s == FMT_ENTRY_OK ? "ok" : s == FMT_ENTRY_SKIPPED ? "skipped" : "failed";
}

void cli_inputs_row(const struct fmt_entry *e, unsigned long long games,
                    struct cli_row_buf *buf, const char **cells)
{
    st_format_u64(buf->n[0], e->bytes);
    st_format_u64(buf->n[1], games);
    const char *c[CLI_INPUTS_COLS] = {e->source, e->entry, buf->n[0], buf->n[1],
                                      entry_status(e->status), e->message};
    for (int i = 0; i < CLI_INPUTS_COLS; i++)
        cells[i] = c[i];
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

_Static_assert(sizeof ((struct cli_row_buf *)0)->n[0] >= ST_INT_TEXT, "room for any number");

/* The numbers without snprintf: a games.csv row has four, and printf's
 * format parsing cost more than the rest of the row's cells. */
static const char *num_or_empty(char *buf, long long v, int present)
{
    if (!present)
        return "";
    st_format_i64(buf, v);
    return buf;
}

void cli_games_row(const struct fmt_entry *e, const struct fmt_game *g,
                   const struct rp_report *r, struct cli_row_buf *buf, const char **cells)
{
    const struct rp_violation *first = r->nviolations ? &r->violations[0] : NULL;
    /* Decision (gcaudit(1), games.csv): winner and loser name the persons
     * of a result someone can stand behind.  When the replay stopped at
     * an illegal turn before the rules ended the game, the result is only
     * what the log declares, often in favour of the player who broke the
     * rules: the columns stay empty, and `result` still shows the claim. */
    int unverified = r->status == RP_STATUS_ILLEGAL && strcmp(r->termination, "illegal") == 0;
    const char *c[CLI_GAMES_COLS] = {
        e->source, e->entry,
        num_or_empty(buf->n[0], g->index, 1),
        g->log, cli_variant_name(g, r), g->event, g->round, g->white, g->black,
        g->started, g->ended,
        num_or_empty(buf->n[1], r->turns, r->replayed),
        rp_result_name(r->declared), rp_result_name(r->result), r->termination, r->detail,
        unverified ? "" : person(g, r->winner), unverified ? "" : person(g, r->loser),
        rp_status_name(r->status),
        num_or_empty(buf->n[2], (long long)r->nviolations, 1),
        num_or_empty(buf->n[3], first ? first->turn : 0, first && first->turn > 0),
        first ? rp_code_name(first->code) : "",
        /* duplicate_of: the writer fills it in, in input order (it must
         * stay the last column: analyze_writer.c, count_batch) */
        ""};
    for (int i = 0; i < CLI_GAMES_COLS; i++)
        cells[i] = c[i];
}


void cli_violations_row(const struct fmt_entry *e, const struct fmt_game *g,
                        const struct rp_report *r, const struct rp_violation *v,
                        struct cli_row_buf *buf, const char **cells)
{
    const char *c[CLI_VIOLATIONS_COLS] = {
        e->source, e->entry,
        num_or_empty(buf->n[0], g->index, 1),
        g->log, cli_variant_name(g, r),
        num_or_empty(buf->n[1], v->line, v->line > 0),
        num_or_empty(buf->n[2], v->turn, v->turn > 0 || v->text),
        cli_side_name(v->side), person(g, v->person), v->text, rp_code_name(v->code),
        v->message, v->comment};
    for (int i = 0; i < CLI_VIOLATIONS_COLS; i++)
        cells[i] = c[i];
}
