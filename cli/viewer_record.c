/*
 * viewer_record: one game as the game viewer shows it, recorded while it
 * is replayed (through the replay loop's turn hook and the variant's
 * `view` slot) and written as one line of JSON, the game's viewer record.
 * The records go to a file as the rows do, one line per games.csv row,
 * and become the viewer pages at the end of the run (viewer_html.c): no
 * game is kept in memory.
 *
 * A record is the first position in full, then each turn's changes: the
 * squares that changed, the holdings and status when they changed.  Only
 * the last CLI_VIEW_STEPS positions are kept (a ring of views, bounded
 * memory whatever the game's length): a longer game is shown from there
 * on, the record saying how many turns came before ("skipped").  The
 * violation that stopped the replay is the last position anyway.
 *
 * The JSON ("m" marker, "t" turn text, "c" comment, "d" changed squares
 * as index and cell pairs, "h" holdings, "p" side to move, "s" status,
 * "x" a turn that was not played) is read by cli/page/viewer.js.  Text
 * from the log is escaped as in the CSV reports (fmt_escape) and for the
 * page (cli_json_string): no <, > or & reaches the file as such.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/audit.h"
#include "stats/stats.h"

/* Positions kept for one game (the start and CLI_VIEW_STEPS - 1 turns). */
#define CLI_VIEW_STEPS 1000
#define TEXT_MAX 160

struct step {
    struct rp_view view;
    char marker[24];
    char text[TEXT_MAX];
    char comment[TEXT_MAX];
    int line, number, side;
};

struct cli_view_rec {
    struct step *ring;
    size_t cap;                   /* allocated, up to CLI_VIEW_STEPS */
    size_t count;                 /* positions seen in this game (the start is one) */
    int viewable;                 /* the variant has a view slot */
    struct fmt_buf out;
};

const char *const cli_viewer_header[1] = {"viewer"};

int cli_viewer_wants(enum cli_viewer mode, const struct rp_report *r)
{
    if (!r->replayed || mode == CLI_VIEWER_NONE)
        return 0;
    char what[RP_DETAIL_MAX];
    return mode == CLI_VIEWER_ALL || r->nviolations > 0 || rp_detail_review(r->detail, what, sizeof what);
}

cli_view_rec *cli_view_rec_new(void)
{
    return calloc(1, sizeof(cli_view_rec));
}

void cli_view_rec_free(cli_view_rec *v)
{
    if (!v)
        return;
    free(v->ring);
    fmt_buf_release(&v->out);
    free(v);
}

/* Copy at most size - 1 bytes of s, not cutting a UTF-8 sequence. */
static void copy_text(char *dst, size_t size, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    if (n)
        memcpy(dst, s, n);
    dst[n] = '\0';
}

void cli_view_rec_hook(void *ctx, const struct fmt_turn *turn, const struct rp_variant *variant,
                       const void *state)
{
    cli_view_rec *v = ctx;
    if (!turn)
        v->count = 0;
    v->viewable = variant->view != NULL;
    if (v->count >= v->cap && v->cap < CLI_VIEW_STEPS) {
        size_t cap = v->cap ? v->cap * 2 : 64;
        if (cap > CLI_VIEW_STEPS)
            cap = CLI_VIEW_STEPS;
        struct step *ring = realloc(v->ring, cap * sizeof *ring);
        if (!ring)
            return;   /* cli_view_rec_write notices the gap and fails */
        v->ring = ring;
        v->cap = cap;
    }
    struct step *s = &v->ring[v->count % v->cap];
    /* Growing the ring keeps its order only while it has not wrapped:
     * it grows before it is full, and wraps only at its final size. */
    memset(&s->view, 0, sizeof s->view);
    if (variant->view)
        variant->view(state, &s->view);
    copy_text(s->marker, sizeof s->marker, turn ? turn->marker : "");
    copy_text(s->text, sizeof s->text, turn ? turn->text : "");
    copy_text(s->comment, sizeof s->comment, turn ? turn->comment : "");
    s->line = turn ? turn->line : 0;
    s->number = turn ? turn->number : 0;
    s->side = turn ? (int)turn->side : -1;
    v->count++;
}

/* --------------------------------------------------------------- JSON */

/* Bytes of a record being written; `failed` once memory ran out, so that
 * a record cut short is never written. */
struct json {
    struct fmt_buf *buf;
    int failed;
};

static void add(struct json *b, const char *s)
{
    if (fmt_buf_add(b->buf, s, strlen(s)) != FMT_OK)
        b->failed = 1;
}

static void add_num(struct json *b, long long n)
{
    char t[ST_INT_TEXT];          /* "%lld", without snprintf's cost: a number a ply */
    if (fmt_buf_add(b->buf, t, st_format_i64(t, n)) != FMT_OK)
        b->failed = 1;
}

/* Log text: escaped as the CSV reports show it, then as JSON. */
static void add_text(struct json *b, const char *s)
{
    if (cli_json_log_text(b->buf, s) != 0)
        b->failed = 1;
}

static void add_cell(struct json *b, const struct rp_view_piece *c)
{
    char t[RP_VIEW_LABEL + 2];
    if (!c->label[0] || c->colour < 0) { /* empty, or a wall: "*" */
        add_text(b, c->label);
        return;
    }
    t[0] = c->colour == FMT_BLACK ? 'b' : 'w'; /* "%c%s" of the colour and label */
    memcpy(t + 1, c->label, RP_VIEW_LABEL);
    t[RP_VIEW_LABEL + 1] = '\0';
    add_text(b, t);
}

static int same_cell(const struct rp_view_piece *a, const struct rp_view_piece *b)
{
    return strcmp(a->label, b->label) == 0 && (!a->label[0] || a->colour == b->colour);
}

static void add_geometry(struct json *b, const struct rp_view *w)
{
    add(b, "\"boards\":[");
    for (int i = 0; i < w->nboards; i++) {
        const struct rp_view_board *bd = &w->board[i];
        add(b, i ? ",{\"name\":" : "{\"name\":");
        add_text(b, bd->name);
        add(b, ",\"files\":[");
        for (int f = 0; f < bd->files; f++) {
            if (f)
                add(b, ",");
            add_text(b, bd->file_name[f]);
        }
        add(b, "],\"ranks\":[");
        for (int r = 0; r < bd->ranks; r++) {
            if (r)
                add(b, ",");
            add_text(b, bd->rank_name[r]);
        }
        add(b, "]}");
    }
    add(b, "]");
}

static void add_holdings(struct json *b, const struct rp_view *w)
{
    add(b, "[");
    for (int i = 0; i < w->nholdings; i++) {
        const struct rp_view_holding *h = &w->holding[i];
        add(b, i ? ",[" : "[");
        add_text(b, h->name);
        add(b, h->colour == FMT_BLACK ? ",1," : ",0,");
        add_num(b, h->board);
        add(b, ",[");
        for (int k = 0; k < h->n; k++) {
            add(b, k ? ",[" : "[");
            add_text(b, h->held[k].label);
            add(b, ",");
            add_num(b, h->held[k].count);
            add(b, "]");
        }
        add(b, "]]");
    }
    add(b, "]");
}

static int same_holdings(const struct rp_view *a, const struct rp_view *b)
{
    if (a->nholdings != b->nholdings)
        return 0;
    for (int i = 0; i < a->nholdings; i++) {
        const struct rp_view_holding *x = &a->holding[i], *y = &b->holding[i];
        if (x->n != y->n || strcmp(x->name, y->name) != 0)
            return 0;
        for (int k = 0; k < x->n; k++)
            if (x->held[k].count != y->held[k].count ||
                strcmp(x->held[k].label, y->held[k].label) != 0)
                return 0;
    }
    return 1;
}

/* The cells of every board, flat: board by board, rank by rank from the
 * first, file by file. */
static void add_cells(struct json *b, const struct rp_view *w)
{
    add(b, "[");
    int first = 1;
    for (int i = 0; i < w->nboards; i++)
        for (int r = 0; r < w->board[i].ranks; r++)
            for (int f = 0; f < w->board[i].files; f++) {
                if (!first)
                    add(b, ",");
                first = 0;
                add_cell(b, &w->board[i].cell[r][f]);
            }
    add(b, "]");
}

static int same_geometry(const struct rp_view *a, const struct rp_view *b)
{
    if (a->nboards != b->nboards)
        return 0;
    for (int i = 0; i < a->nboards; i++)
        if (a->board[i].files != b->board[i].files || a->board[i].ranks != b->board[i].ranks)
            return 0;
    return 1;
}

/* The squares that differ from prev to cur, as index and cell pairs. */
static void add_diff(struct json *b, const struct rp_view *prev, const struct rp_view *cur)
{
    add(b, "[");
    int first = 1;
    long idx = 0;
    for (int i = 0; i < cur->nboards; i++)
        for (int r = 0; r < cur->board[i].ranks; r++)
            for (int f = 0; f < cur->board[i].files; f++, idx++) {
                if (same_cell(&prev->board[i].cell[r][f], &cur->board[i].cell[r][f]))
                    continue;
                if (!first)
                    add(b, ",");
                first = 0;
                add_num(b, idx);
                add(b, ",");
                add_cell(b, &cur->board[i].cell[r][f]);
            }
    add(b, "]");
}

static void add_step_text(struct json *b, const char *marker, const char *text,
                          const char *comment)
{
    add(b, "{\"m\":");
    add_text(b, marker);
    add(b, ",\"t\":");
    add_text(b, text);
    if (comment[0]) {
        add(b, ",\"c\":");
        add_text(b, comment);
    }
}

/* The record's head: how many positions it skips, the board's geometry
 * and the position it starts from. */
static void add_start(struct json *b, const cli_view_rec *v, size_t first)
{
    const struct step *start = &v->ring[first % v->cap];
    add(b, "{\"skipped\":");
    add_num(b, (long long)first);
    add(b, v->viewable ? "," : ",\"noboard\":1,");
    add_geometry(b, &start->view);
    add(b, ",\"start\":{\"cells\":");
    add_cells(b, &start->view);
    add(b, ",\"h\":");
    add_holdings(b, &start->view);
    add(b, ",\"p\":");
    add_num(b, start->view.side_to_move);
    add(b, ",\"s\":");
    add_text(b, start->view.status);
}

/* One step: its turn, and what changed since prev (the squares that
 * changed, or every cell when the geometry did; holdings and status only
 * when they changed). */
static void add_step(struct json *b, const struct step *prev, const struct step *s)
{
    add_step_text(b, s->marker, s->text, s->comment);
    if (same_geometry(&prev->view, &s->view)) {
        add(b, ",\"d\":");
        add_diff(b, &prev->view, &s->view);
    } else {
        add(b, ",\"cells\":");
        add_cells(b, &s->view);
    }
    if (!same_holdings(&prev->view, &s->view)) {
        add(b, ",\"h\":");
        add_holdings(b, &s->view);
    }
    add(b, ",\"p\":");
    add_num(b, s->view.side_to_move);
    if (strcmp(prev->view.status, s->view.status) != 0) {
        add(b, ",\"s\":");
        add_text(b, s->view.status);
    }
    add(b, "}");
}

/* Each violation marks a position: the turn it rejected (a turn that was
 * not played is a position of its own, the board unchanged, added to b),
 * the accepted turn it was found on (Backlash's after-end), or, for a
 * result mismatch, the end of the game.  The marks go to marks. */
static void add_violations(struct json *b, const cli_view_rec *v, const struct rp_report *r,
                           size_t first, struct json *marks)
{
    size_t positions = v->count - first;
    const struct step *last = &v->ring[(v->count - 1) % v->cap];
    for (size_t k = 0; k < r->nviolations; k++) {
        const struct rp_violation *x = &r->violations[k];
        size_t at = positions - 1;
        if (x->code != RP_RESULT_MISMATCH &&
            !(v->count > 1 && x->line == last->line && x->turn == last->number &&
              x->side == last->side)) {
            char marker[32] = "";
            if (x->turn > 0)
                snprintf(marker, sizeof marker, "%d%s", x->turn, x->side == FMT_BLACK ? "..." : ".");
            add(b, positions > 1 ? "," : "");
            add_step_text(b, marker, x->text ? x->text : "", x->comment ? x->comment : "");
            add(b, ",\"x\":1,\"d\":[]}");
            at = positions++;
        }
        add(marks, marks->buf->len ? ",[" : "[");
        add_num(marks, (long long)at);
        add(marks, ",");
        add_num(marks, (long long)k);
        add(marks, "]");
    }
}

int cli_view_rec_write(cli_view_rec *v, const struct rp_report *r, struct fmt_buf *out)
{
    size_t kept = v->count < v->cap ? v->count : v->cap;
    if (v->count == 0 || kept == 0 || (v->count > v->cap && v->cap < CLI_VIEW_STEPS))
        return -1;   /* the hook ran out of memory */
    size_t first = v->count - kept;   /* the position the record starts from */
    v->out.len = 0;
    struct json record = {&v->out, 0}, *b = &record;
    add_start(b, v, first);
    add(b, "},\"steps\":[");
    for (size_t i = first + 1; i < v->count; i++) {
        if (i > first + 1)
            add(b, ",");
        add_step(b, &v->ring[(i - 1) % v->cap], &v->ring[i % v->cap]);
    }
    struct fmt_buf marks_buf = {0};
    struct json marks = {&marks_buf, 0};
    add_violations(b, v, r, first, &marks);
    add(b, "],\"marks\":[");
    if (marks_buf.len && fmt_buf_add(&v->out, marks_buf.data, marks_buf.len) != FMT_OK)
        b->failed = 1;
    fmt_buf_release(&marks_buf);
    add(b, "]}\n");
    if (b->failed || marks.failed)
        return -1;
    return fmt_buf_add(out, v->out.data, v->out.len) == FMT_OK ? 0 : -1;
}
