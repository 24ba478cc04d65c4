/*
 * analyze's worker: a batch of entries parsed and replayed into its own
 * buffers (the rows of every report, already formatted, the selected
 * games' records and packed counts, the messages for stderr), on a
 * worker thread with -j N.  An entry that runs out of memory is taken
 * back alone (mark_entry, undo_entry); a batch holding too much puts its
 * rows in a spill file (spill_batch), read back by the writer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/analyze.h"
#include "cli/rows.h"

/* The batch's entries and its spill file, freed. */
static void free_entries(struct batch *b)
{
    for (size_t i = 0; i < b->n; i++) {
        free(b->e[i].names);
        free(b->e[i].text);
        free(b->e[i].note);
    }
    cli_spill_free(b->spill);
    b->spill = NULL;
}

void cli_batch_free(struct batch *b)
{
    if (!b)
        return;
    free_entries(b);
    struct fmt_buf *v[BATCH_BUFS];
    batch_bufs(b, v);
    for (int i = 0; i < BATCH_BUFS; i++)
        fmt_buf_release(v[i]);
    free(b);
}

struct batch *cli_batch_new(struct analyze *A)
{
    struct batch *b = A->spare;
    if (!b)
        return calloc(1, sizeof *b);
    A->spare = b->next_spare;
    b->next_spare = NULL;
    return b;
}

void cli_batch_done(struct analyze *A, struct batch *b)
{
    if (!b)
        return;
    free_entries(b);
    struct fmt_buf *v[BATCH_BUFS], kept[BATCH_BUFS];
    batch_bufs(b, v);
    for (int i = 0; i < BATCH_BUFS; i++) {
        kept[i] = *v[i];
        if (kept[i].cap > BATCH_KEEP)
            fmt_buf_release(&kept[i]);
        kept[i].len = 0;
    }
    /* Every other field as calloc leaves it. */
    memset(b, 0, sizeof *b);
    for (int i = 0; i < BATCH_BUFS; i++)
        *v[i] = kept[i];
    b->next_spare = A->spare;
    A->spare = b;
}

/* The lines written to mfile since the last call, moved to messages, so
 * that they are marked, taken back and spilled with the rows.  0, or -1
 * when out of memory. */
static int drain_messages(struct batch *b)
{
    if (!b->mfile || fflush(b->mfile) != 0)
        return b->mfile ? -1 : 0;
    int rc = b->mlen && fmt_buf_add(&b->messages, b->mtext, b->mlen) != FMT_OK ? -1 : 0;
    /* A memory stream ends where it is when flushed: back to its start,
     * it is empty. */
    fseek(b->mfile, 0, SEEK_SET);
    return rc;
}

/* Bytes of rows and records the batch holds. */
static size_t batch_held(struct batch *b)
{
    struct fmt_buf *v[BATCH_BUFS];
    batch_bufs(b, v);
    size_t n = 0;
    for (int i = 0; i < BATCH_BUFS; i++)
        n += v[i]->len;
    return n;
}

/* Copy what the batch needs of an entry; its text is taken, not copied. */
int cli_batch_add(struct batch *b, const struct fmt_entry *e)
{
    struct batch_entry *x = &b->e[b->n];
    size_t ls = strlen(e->source) + 1, le = strlen(e->entry) + 1, lm = strlen(e->message) + 1;
    memset(x, 0, sizeof *x);
    if (!(x->names = malloc(ls + le + lm)))
        return -1;
    x->source = memcpy(x->names, e->source, ls);
    x->entry = memcpy(x->names + ls, e->entry, le);
    x->message = memcpy(x->names + ls + le, e->message, lm);
    x->seq = e->seq;
    x->bytes = e->bytes;
    x->status = e->status;
    if (e->status == FMT_ENTRY_OK) {
        x->text = fmt_entry_take_text(e);
        if (!x->text && e->text && !(x->text = strdup(e->text))) {
            free(x->names);
            return -1;
        }
        x->len = x->text ? e->len : 0;
        x->raw = e->raw;
    }
    b->n++;
    b->job.weight += x->len + ls + le + lm;
    return 0;
}

/* ------------------------------------------------ replaying (a worker) */

/* Game `index` of the entry numbered seq belongs to shard
 * (seq + index - 1) mod N + 1: a game's shard is known from its entry
 * alone (no count of the games before it, which a worker replaying
 * entries out of order cannot know), one-game entries go round the
 * shards in turn, and a many-game entry is dealt out game by game. */
static int shard_owns(const struct analyze_opts *o, uint64_t seq, int index)
{
    return !o->nshards || (seq + (uint64_t)index - 1) % o->nshards == o->shard - 1;
}

/* Room for one more record of a selected game, or NULL. */
static struct game_rec *new_rec(struct batch *b, size_t entry, const struct fmt_game *g)
{
    struct game_rec rec = {.entry = entry, .index = g->index};
    if (fmt_buf_add(&b->recs, (const char *)&rec, sizeof rec) != FMT_OK)
        return NULL;
    return batch_rec(b, batch_nrecs(b) - 1);
}

/* The counts of a selected game, with the result and the names the
 * options ask for, packed for the writer, which counts the game unless
 * it is a copy of an earlier one (cli_analyze_emit_batch). */
static int count_game(struct worker *W, struct batch *b, const struct fmt_game *g,
                      const struct rp_report *r, struct game_rec *rec)
{
    const struct analyze_opts *o = &W->A->o;
    struct rp_detail detail;
    rp_detail_split(r->detail, &detail);
    struct st_game sg = {
        .variant = cli_variant_name(g, r),
        .status = r->status,
        .result = o->declared ? r->declared : r->result,
        .turns = r->turns,
        .termination = r->termination_name,
        .detail = &detail,
        .white = st_alias_resolve(W->A->alias, g->white),
        .black = st_alias_resolve(W->A->alias, g->black),
        .colours_swapped = r->colours_swapped,
        .event = g->event,
        .breaker = cli_breaker(r),
    };
    if (W->A->alias_seen) {
        long w = st_alias_id(W->A->alias, g->white), k = st_alias_id(W->A->alias, g->black);
        if (w >= 0)
            atomic_store_explicit(&W->A->alias_seen[w], 1, memory_order_relaxed);
        if (k >= 0)
            atomic_store_explicit(&W->A->alias_seen[k], 1, memory_order_relaxed);
    }
    char date[11];
    if (cli_game_date(g, date) == 0 && strcmp(date, b->t.latest) > 0)
        memcpy(b->t.latest, date, sizeof date);
    /* Turns entered by a person; result-mismatch and the malformed
     * game's syntax row belong to nobody. */
    for (size_t i = 0; i < r->nviolations; i++)
        if (r->violations[i].person == 0 || r->violations[i].person == 1)
            sg.violations[r->violations[i].person]++;
    st_summary_add_game(&b->t.sum, r, sg.result);
    struct st_summary one;
    st_summary_init(&one);
    st_summary_add_game(&one, r, sg.result);
    long at = cli_counted_pack(&b->counts, &sg, &one);
    if (at < 0)
        return ST_NO_MEMORY;
    rec->counted = (size_t)at;
    return ST_OK;
}

static int format_row(struct fmt_buf *out, const char **cells, size_t n, int excel)
{
    return fmt_csv_format_row(out, cells, n, excel) == FMT_OK ? 0 : -1;
}

/* The rows of a selected game, and its line in a shard's index.  Its
 * games.csv row is formatted here up to duplicate_of, which the writer
 * fills and formats (count_batch, cli_games_tail_format): formatting is
 * work the workers share, where the writer's is serial. */
static int format_game(struct analyze *A, struct batch *b, const struct batch_entry *x,
                       const struct fmt_game *g, const struct rp_report *r, FILE *verbose)
{
    struct fmt_entry e = {.source = x->source, .entry = x->entry};
    struct cli_row_buf buf;
    struct cli_games_row game;
    const char *cells[CLI_VIOLATIONS_COLS];
    cli_games_row(&e, g, r, &game);
    if (cli_games_head_pack(&b->games, &game) != FMT_OK)
        return -1;
    struct cli_where where = {x->source, x->entry, g->index};
    for (size_t i = 0; i < r->nviolations; i++) {
        struct cli_violations_row v;
        cli_violations_row(&e, g, r, &r->violations[i], &v);
        cli_violations_cells(&v, &buf, cells);
        if (format_row(&b->violations, cells, CLI_VIOLATIONS_COLS, A->o.excel) != 0)
            return -1;
        if (verbose)
            cli_render_violation(verbose, &where, &r->violations[i]);
    }
    if (!A->o.nshards)
        return 0;
    char line[80];
    int n = snprintf(line, sizeof line, "%llu,%d,%zu\n", (unsigned long long)x->seq, g->index,
                     r->nviolations);
    return fmt_buf_add(&b->rows, line, (size_t)n) == FMT_OK ? 0 : -1;
}

/* The game's line of the viewer records: its record, or an empty line
 * when it gets no viewer page.  recorded: the replay that made r ran
 * through the recorder already. */
static int viewer_game(struct worker *W, struct batch *b, const struct fmt_game *g,
                       const struct rp_report *r, int recorded)
{
    enum cli_viewer mode = W->A->o.viewer;
    if (mode == CLI_VIEWER_NONE)
        return 0;
    if (!cli_viewer_wants(mode, r))
        return fmt_buf_add(&b->viewer, "\n", 1) == FMT_OK ? 0 : -1;
    if (!recorded) {
        struct rp_report again;
        if (rp_replay(g, &again, cli_view_rec_hook, W->view) != RP_DONE)
            return -1;
        rp_report_release(&again);
    }
    return cli_view_rec_write(W->view, r, &b->viewer);
}

/* A game another shard replays: if it is selected, its fingerprint, so
 * that this shard tells copies as a run of all shards does.  Selection
 * needs only the headers and the variant they name. */
static int note_unowned(struct analyze *A, struct batch *b, size_t entry,
                        const struct fmt_game *g)
{
    struct rp_report r;
    memset(&r, 0, sizeof r);
    r.variant = g->game ? rp_variant_for_game(g->game) : NULL;
    uint64_t fp[2];
    if (!cli_filter_match(&A->o.filter, g, &r) ||
        cli_game_fingerprint(g, cli_variant_name(g, &r), fp) != 0)
        return 0;
    struct game_rec *rec = new_rec(b, entry, g);
    if (!rec)
        return -1;
    memcpy(rec->fp, fp, sizeof fp);
    return 0;
}

/* The rows, record and counts of a selected game this shard replayed. */
static int selected_game(struct worker *W, struct batch *b, const struct batch_entry *x,
                         const struct fmt_game *g, const struct rp_report *r, FILE *verbose,
                         int recorded, int in_parts)
{
    struct analyze *A = W->A;
    struct game_rec *rec = new_rec(b, (size_t)(x - b->e), g);
    if (!rec || format_game(A, b, x, g, r, verbose) != 0)
        return -1;
    rec->owned = 1;
    if (A->dups && (in_parts || cli_game_fingerprint(g, cli_variant_name(g, r), rec->fp) != 0))
        rec->fp[0] = 0;
    int counted = count_game(W, b, g, r, rec);
    if (counted != ST_OK) {
        b->why = st_rc_text(counted);
        return -1;
    }
    if (W->pgn) {
        struct cli_where where = {x->source, x->entry, g->index};
        enum cli_pgn_fate fate;
        /* As records, a shard's or the writer's to route (pgn_files.c). */
        if (cli_pgn_rec_write(W->pgn, g, r, &where, 1, &b->pgn, &fate) != 0)
            return -1;
        b->pgn_counts.n[fate]++;
    }
    return viewer_game(W, b, g, r, recorded);
}

/* A game's turns are parsed and replayed this many at a time: a game of
 * millions of turns is never held whole (issue 15), and nearly every game
 * fits in one part, which costs nothing more than a whole game did. */
#define GAME_PART_TURNS 4096

/* Replay a game whose first part of turns is parsed in g, part by part
 * (fmt_parser_more), into *r; g ends holding its last part.  0, or -1
 * when memory ran out (g may be released). */
static int replay_parts(fmt_parser *p, struct fmt_game *g, struct rp_report *r,
                        rp_turn_hook hook, void *ctx, cli_pgn_rec *pgn)
{
    rp_game *G = rp_game_start(g, r, hook, ctx);
    if (!G)
        return -1;
    int rc = pgn && cli_pgn_rec_start(pgn, G, g) != 0 ? RP_NO_MEMORY : RP_DONE;
    if (rc == RP_DONE)
        rc = rp_game_turns(G, g->turns, g->nturns);
    while (rc == RP_DONE && g->more) {
        if (fmt_parser_more(p, g) != FMT_OK)
            rc = RP_NO_MEMORY;
        else
            rc = rp_game_turns(G, g->turns, g->nturns);
    }
    if (rc != RP_DONE) {
        rp_game_free(G);
        rp_report_release(r);
        return -1;
    }
    return rp_game_finish(G, g, r) == RP_DONE ? 0 : -1;
}

/* Read the rest of a game this shard does not replay. */
static int skip_parts(fmt_parser *p, struct fmt_game *g)
{
    while (g->more)
        if (fmt_parser_more(p, g) != FMT_OK)
            return -1;
    return 0;
}

/* Replay one parsed game if this shard owns it; its rows if selected. */
static int replay_game(struct worker *W, struct batch *b, const struct batch_entry *x,
                       fmt_parser *p, struct fmt_game *g, FILE *verbose)
{
    struct analyze *A = W->A;
    /* A game in parts has no fingerprint (its moves are never held
     * whole): it is never taken for a copy, nor a copy for it. */
    int in_parts = g->more;
    if (!shard_owns(&A->o, x->seq, g->index)) {
        if (A->dups && !in_parts && note_unowned(A, b, (size_t)(x - b->e), g) != 0)
            return -1;
        return skip_parts(p, g);
    }
    struct rp_report r;
    /* --viewer all records every game as it is replayed; illegal
     * replays the few games with violations a second time, recording
     * (viewer_game), so the common legal game pays nothing.  A game in
     * parts cannot be replayed twice: it is recorded the first time. */
    int record = A->o.viewer == CLI_VIEWER_ALL || (g->more && A->o.viewer != CLI_VIEWER_NONE);
    if (replay_parts(p, g, &r, record ? cli_view_rec_hook : NULL, W->view, W->pgn) != 0)
        return -1;
    b->t.games_found++;
    if (A->name_hits)
        cli_filter_note_names(&A->o.filter, g, &r, A->name_hits);
    int rc = 0;
    if (cli_filter_match(&A->o.filter, g, &r))
        rc = selected_game(W, b, x, g, &r, verbose, record, in_parts);
    rp_report_release(&r);
    return rc;
}

/* What an entry's replay added to its batch, to take back when memory
 * runs out in it. */
struct entry_mark {
    size_t len[BATCH_BUFS];       /* each buffer's length (batch_bufs's order) */
    uint64_t spilled;             /* the spill file's size */
    struct cli_totals t;
    struct cli_pgn_counts pgn_counts;
};

static void mark_entry(struct batch *b, struct entry_mark *m)
{
    struct fmt_buf *v[BATCH_BUFS];
    batch_bufs(b, v);
    for (int i = 0; i < BATCH_BUFS; i++)
        m->len[i] = v[i]->len;
    m->spilled = cli_spill_size(b->spill);
    m->pgn_counts = b->pgn_counts;
    m->t = b->t;
}

/* Its games' records and counts go too: the writer counts only what the
 * batch holds (cli_analyze_emit_batch), so a failed entry's games count nowhere.  0,
 * or -1 when the spill file cannot be cut back (the batch fails). */
static int undo_entry(struct batch *b, const struct entry_mark *m)
{
    struct fmt_buf *v[BATCH_BUFS];
    batch_bufs(b, v);
    /* The -v lines not yet moved to messages go too. */
    if (b->mfile && fflush(b->mfile) == 0)
        fseek(b->mfile, 0, SEEK_SET);
    for (int i = 0; i < BATCH_BUFS; i++)
        v[i]->len = m->len[i];
    b->pgn_counts = m->pgn_counts;
    b->t = m->t;
    return b->spill ? cli_spill_cut(b->spill, m->spilled) : 0;
}

static const char spill_failed[] = "cannot write a temporary file of rows";

/* What the batch's spill file met, said as the run's reason to stop. */
static const char *spill_why(const struct batch *b)
{
    return b->spill && cli_spill_why(b->spill)[0] ? cli_spill_why(b->spill) : spill_failed;
}

/* Put the batch's rows and records in its spill file (spill.c).  In the
 * middle of an entry (m: its mark), what the entries before it added goes
 * in a chunk of its own first, and the mark moves past it, so that
 * undo_entry can still take back the entry alone.  0, or -1: out of
 * memory (the entry fails), or with b->spill_failed set when the file
 * could not be written (the run fails: its reports would lack rows). */
static int spill_batch(struct batch *b, struct entry_mark *m)
{
    struct fmt_buf *v[BATCH_BUFS];
    batch_bufs(b, v);
    if (drain_messages(b) != 0)
        return -1;
    size_t before = 0;
    for (int i = 0; m && i < BATCH_BUFS; i++)
        before += m->len[i];
    if (!b->spill && !(b->spill = cli_spill_new()))
        return -1;
    if (before) {
        struct fmt_buf part[BATCH_BUFS], *pv[BATCH_BUFS];
        for (int i = 0; i < BATCH_BUFS; i++) {
            part[i] = (struct fmt_buf){v[i]->data, m->len[i], m->len[i]};
            pv[i] = &part[i];
        }
        if (cli_spill_put(b->spill, pv, BATCH_BUFS) != 0)
            goto failed;
        for (int i = 0; i < BATCH_BUFS; i++) {
            if (m->len[i])
                memmove(v[i]->data, v[i]->data + m->len[i], v[i]->len - m->len[i]);
            v[i]->len -= m->len[i];
        }
        /* The entry's records point into its own rows and counts. */
        for (size_t i = 0; i < batch_nrecs(b); i++) {
            struct game_rec *rec = batch_rec(b, i);
            rec->counted -= m->len[6];
        }
        memset(m->len, 0, sizeof m->len);
        m->spilled = cli_spill_size(b->spill);
    }
    if (cli_spill_put(b->spill, v, BATCH_BUFS) == 0)
        return 0;
failed:
    if (errno == ENOMEM)
        return -1;
    b->spill_failed = 1;
    b->why = spill_why(b);
    return -1;
}

/* The parser's source for a streamed entry (fmt_parser_new_stream). */
static ptrdiff_t read_streamed(void *ctx, char *buf, size_t n)
{
    return fmt_entry_read(ctx, buf, n);
}

/* Parse and replay every game of one entry.  Returns the number of games,
 * or -1 when memory ran out. */
static long long replay_entry(struct worker *W, struct batch *b, const struct batch_entry *x,
                              FILE *verbose, struct entry_mark *m)
{
    fmt_parser *p = x->stream ? fmt_parser_new_stream(read_streamed, (void *)x->stream)
                              : fmt_parser_new(x->text, x->len);
    if (!p)
        return -1;
    fmt_parser_in_parts(p, GAME_PART_TURNS);
    long long n = 0;
    struct fmt_game g;
    int rc;
    while ((rc = fmt_parser_next(p, &g)) == FMT_OK) {
        int failed = replay_game(W, b, x, p, &g, verbose);
        fmt_game_release(&g);
        if (failed) {
            rc = FMT_FATAL;
            break;
        }
        n++;
        if (batch_held(b) > cli_spill_threshold() && spill_batch(b, m) != 0) {
            rc = FMT_FATAL;
            break;
        }
        if (cli_interrupted())
            break;
    }
    fmt_parser_free(p);
    return rc == FMT_FATAL ? -1 : n;
}

/* "gcaudit: SOURCE!ENTRY: why", as cli_error says it: every entry that
 * cannot be read is named, -v or not. */
static void say_failed(FILE *f, const struct batch_entry *x, const char *message)
{
    fputs("gcaudit: ", f);
    cli_put_safe(f, x->source);
    if (x->entry[0]) {
        fputc('!', f);
        cli_put_safe(f, x->entry);
    }
    fputs(": ", f);
    cli_put_safe(f, message);
    fputc('\n', f);
}

/* Parse and replay an ok entry.  The number of games, or -1 when memory
 * ran out in it (all it added is taken back: the entry fails alone). */
static long long replay_whole_entry(struct worker *W, struct batch *b, struct batch_entry *x,
                                    FILE *verbose)
{
    struct entry_mark m;
    if (drain_messages(b) != 0)
        return -1;
    mark_entry(b, &m);
    cli_alloc_fail_in(x->source, x->entry);
    long long games = replay_entry(W, b, x, verbose, &m);
    cli_alloc_fail_end();
    if (x->stream) {
        /* What the entry turned out to be, read to its end: a failure
         * found late (a NUL byte, a long line, a cut archive) is the
         * entry's row, as when it is read whole, and its games go. */
        const char *message;
        enum fmt_entry_status st = fmt_entry_end(x->stream, &message, &x->bytes);
        x->message = message;
        if (st != FMT_ENTRY_OK) {
            x->status = st;
            games = undo_entry(b, &m) == 0 ? 0 : -1;
            if (games < 0)
                b->spill_failed = 1, b->why = spill_why(b);
            return games;
        }
    }
    if (games < 0) {
        if (undo_entry(b, &m) != 0)
            b->spill_failed = 1, b->why = spill_why(b);
        return -1;
    }
    return games;
}

/* The text rules on an entry handed over as read (fmt_walk_options.raw_text):
 * on the worker, so that the walking thread does not pass over every byte
 * twice.  Its status and message become those the walk would have given. */
static void normalise_entry(struct batch_entry *x)
{
    char msg[FMT_ENTRY_MSG_MAX];
    x->raw = 0;
    enum fmt_entry_status st = fmt_entry_normalise(&x->text, &x->len, msg);
    if (st != FMT_ENTRY_OK) {
        free(x->text);
        x->text = NULL;
        x->len = 0;
        x->status = st;
    }
    if (msg[0] && !(x->message = x->note = strdup(msg))) {
        x->status = FMT_ENTRY_FAILED;
        x->message = "out of memory";
    }
}

static int work_entry(struct worker *W, struct batch *b, struct batch_entry *x,
                      FILE *messages, FILE *verbose)
{
    if (x->status == FMT_ENTRY_OK && x->raw)
        normalise_entry(x);
    long long games = 0;
    struct st_summary *s = &b->t.sum;
    enum fmt_entry_status status = x->status;
    const char *message = x->message;
    s->entries++;
    if (status == FMT_ENTRY_OK) {
        games = replay_whole_entry(W, b, x, verbose);
        if (b->spill_failed)
            return -1;
        status = x->status;       /* a streamed entry's, known at its end */
        message = x->message;
        if (games < 0) {
            /* Out of memory in this entry: a failed row, and on. */
            status = FMT_ENTRY_FAILED;
            message = "out of memory";
            games = 0;
        }
    }
    if (status == FMT_ENTRY_OK) {
        s->entries_ok++;
    } else if (status == FMT_ENTRY_SKIPPED) {
        s->entries_skipped++;
        cli_skips_add(&b->t.skips, message ? message : "", 1);
    } else {
        s->entries_failed++;
        say_failed(messages, x, message);
    }
    struct fmt_entry e = {.source = x->source, .entry = x->entry, .bytes = x->bytes,
                          .status = status, .message = message};
    struct cli_row_buf buf;
    struct cli_inputs_row row;
    const char *cells[CLI_INPUTS_COLS];
    cli_inputs_row(&e, (unsigned long long)games, &row);
    cli_inputs_cells(&row, &buf, cells);
    return format_row(&b->inputs, cells, CLI_INPUTS_COLS, W->A->o.excel);
}

/* The pool's work: replay a batch into its buffers. */
void cli_analyze_work_batch(void *worker, struct cli_job *job)
{
    struct worker *W = worker;
    struct batch *b = (struct batch *)job;
    FILE *messages = b->mfile = open_memstream(&b->mtext, &b->mlen);
    FILE *verbose = W->A->o.verbose ? messages : NULL;
    if (!messages)
        b->failed = 1;
    for (size_t i = 0; i < b->n && !b->failed && !cli_interrupted(); i++)
        if (work_entry(W, b, &b->e[i], messages, verbose) != 0 ||
            (batch_held(b) > cli_spill_threshold() && spill_batch(b, NULL) != 0)) {
            b->failed = 1;
            b->failed_at = i;
        }
    if (drain_messages(b) != 0)
        b->failed = 1;
    /* A batch that spilled, or holds more than a quarter of the
     * threshold, puts the rest there too, and waits for the writer holding
     * none of it (cli_analyze_emit_batch reads it back chunk by chunk): the batches
     * waiting are text and little else. */
    if ((b->spill || batch_held(b) > cli_spill_threshold() / 4) && !b->failed) {
        if (spill_batch(b, NULL) != 0) {
            b->failed = 1;
            b->failed_at = b->n - 1;
        }
        struct fmt_buf *v[BATCH_BUFS];
        batch_bufs(b, v);
        for (int i = 0; i < BATCH_BUFS; i++)
            fmt_buf_release(v[i]);
    }
    if (messages && fclose(messages) != 0)
        b->failed = 1;
    free(b->mtext);
    b->mfile = NULL, b->mtext = NULL;
}
