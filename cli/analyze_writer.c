/*
 * analyze's writer, on the main thread: the reports opened, each batch
 * written in sequence order (the games that copy earlier ones named,
 * the others counted into the statistics), the reports closed, and the
 * run finished with the statistics' reports or a shard's state.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/analyze.h"
#include "cli/rows.h"

static const char *const rows_header[] = {"seq", "game_index", "violations"};

int cli_analyze_open_reports(struct analyze *A)
{
    const char *dir = A->o.outdir;
    if (cli_output_make_dir(dir, &A->made_dir) != 0) {
        cli_error("analyze: cannot write the reports in '%s': %s", dir, strerror(errno));
        return -1;
    }
    /* Checked once the report folder exists: the PGN file may go into it
     * (--pgn out/games.pgn -o out, out not made yet). */
    if (A->o.pgn && !A->o.nshards &&
        cli_output_check_file_or_stop("analyze", "PGN file", A->o.pgn) != CLI_CONTINUE)
        return -1;
    A->inputs = fmt_csv_open(dir, "inputs.csv", cli_inputs_header, CLI_INPUTS_COLS, A->o.excel);
    A->games = fmt_csv_open(dir, "games.csv", cli_games_header, CLI_GAMES_COLS, A->o.excel);
    A->violations = fmt_csv_open(dir, "violations.csv", cli_violations_header,
                                 CLI_VIOLATIONS_COLS, A->o.excel);
    /* A shard's index of its rows: which game each games.csv row is, so
     * that merge can put the shards' rows back in input order. */
    if (A->o.nshards)
        A->rows = fmt_csv_open(dir, CLI_ROWS_FILE, rows_header, 3, 0);
    /* The viewer records, one line per games.csv row, for the pages (or
     * for merge, from a shard). */
    if (A->o.viewer != CLI_VIEWER_NONE)
        A->viewer = fmt_csv_open(dir, CLI_VIEWER_FILE, cli_viewer_header, 1, 0);
    if (A->o.pgn && A->o.nshards) {
        A->pgn = fmt_csv_open(dir, CLI_PGN_PART_FILE, cli_pgn_part_header, 1, 0);
    } else if (A->o.pgn) {
        A->pgn_files = cli_pgn_files_open(A->o.pgn);
    }
    if (A->inputs && A->games && A->violations && (A->rows || !A->o.nshards) &&
        (A->viewer || A->o.viewer == CLI_VIEWER_NONE) && (A->pgn || A->pgn_files || !A->o.pgn))
        return 0;
    cli_error("analyze: cannot write the reports in '%s': %s", dir, strerror(errno));
    return -1;
}

/* Drop the reports unwritten, the finished ones waiting to be put in
 * place too (report_set.c): an earlier run's stay as they were, and a
 * directory this run made goes. */
void cli_analyze_abort_reports(struct analyze *A)
{
    fmt_csv_abort(A->inputs);
    fmt_csv_abort(A->games);
    fmt_csv_abort(A->violations);
    fmt_csv_abort(A->rows);
    fmt_csv_abort(A->viewer);
    fmt_csv_abort(A->pgn);
    A->inputs = A->games = A->violations = A->rows = A->viewer = A->pgn = NULL;
    cli_pgn_files_free(A->pgn_files);
    A->pgn_files = NULL;
    cli_report_set_abort();
    cli_output_unmake_dir(A->o.outdir, A->made_dir);
}

/* -------------------------------------------- writing (the main thread) */

/* A report's write failed (errno says why): the run stops, and the first
 * failure is named ("cannot write 'out/games.csv': File too large"). */
static void write_failed(struct analyze *A, const fmt_csv *csv)
{
    if (!A->write_failed)
        cli_error("cannot write '%s': %s", fmt_csv_path(csv), strerror(errno));
    A->write_failed = 1;
}

static void write_bytes(struct analyze *A, fmt_csv *csv, const struct fmt_buf *buf)
{
    if (csv && buf->len && fmt_csv_write(csv, buf->data, buf->len) != FMT_OK)
        write_failed(A, csv);
}

/* The batch's selected games, in input order: copies of earlier games are
 * named in their games.csv row (duplicate_of) and not counted; the others
 * are counted into the statistics.  Each owned game's row, formatted by
 * a worker up to duplicate_of, is ended here with the typed duplicate_of
 * once known (cli_games_tail_format), and games.csv written as it goes.
 * 0, or -1 when out of memory or a count failed (said). */
static int count_batch(struct analyze *A, struct batch *b)
{
    struct fmt_buf rows = {0};
    size_t at = 0;                /* the next owned game's row in b->games */
    int rc = 0;
    for (size_t i = 0; i < batch_nrecs(b) && !rc; i++) {
        const struct game_rec *rec = batch_rec(b, i);
        const struct batch_entry *x = &b->e[rec->entry];
        const char *first = NULL;
        int dup = A->dups && rec->fp[0] ? cli_dups_check(A->dups, rec->fp, x->seq, x->source,
                                                          x->entry, rec->index, &first)
                                        : 0;
        if (dup < 0) {
            cli_error("%s while looking for duplicate games", cli_dups_why(A->dups));
            rc = -1;
            break;
        }
        if (!rec->owned)
            continue;
        const char *head;
        size_t len;
        struct cli_games_row tail = {.duplicate_of = dup ? first : ""};
        at += cli_games_head_unpack(b->games.data + at, &head, &len);
        struct st_game sg;
        struct rp_detail detail;
        struct st_summary one;
        cli_counted_unpack(&b->counts, rec->counted, &sg, &detail, &one);
        if (fmt_buf_add(&rows, head, len) != FMT_OK ||
            cli_games_tail_format(&rows, &tail, A->o.excel) != FMT_OK) {
            cli_error("out of memory while writing games.csv");
            rc = -1;
        } else if (dup && st_summary_add(&A->t.dups, &one) != 0) {
            cli_error("out of memory while looking for duplicate games");
            rc = -1;
        } else if (!dup && (rc = st_stats_add(A->stats, &sg)) != ST_OK) {
            cli_error("%s while counting %s %s", st_rc_text(rc), x->source, x->entry);
            rc = -1;
        }
    }
    write_bytes(A, A->games, &rows);
    fmt_buf_release(&rows);
    return rc;
}

/* What the batch holds of its rows and records, or a chunk of them read
 * back from its spill file: into the reports. */
static void emit_rows(struct analyze *A, struct batch *b)
{
    write_bytes(A, A->inputs, &b->inputs);
    if (count_batch(A, b) != 0)
        A->failed = 1;
    write_bytes(A, A->violations, &b->violations);
    write_bytes(A, A->rows, &b->rows);
    write_bytes(A, A->viewer, &b->viewer);
    write_bytes(A, A->pgn, &b->pgn);
    if (A->pgn_files && b->pgn.len && !A->write_failed &&
        cli_pgn_files_records(A->pgn_files, b->pgn.data, b->pgn.len) != 0) {
        cli_error("cannot write the PGN files of '%s': %s", A->o.pgn, strerror(errno));
        A->write_failed = 1;
    }
    if (b->messages.len)
        cli_progress_write(b->messages.data, b->messages.len);
}

/* The chunks a batch put in its spill file, in order, each read into
 * the batch's buffers (empty until then, cli_analyze_work_batch) and written. */
static void emit_spilled(struct analyze *A, struct batch *b)
{
    if (!b->spill)
        return;
    struct fmt_buf *v[BATCH_BUFS];
    batch_bufs(b, v);
    int got = cli_spill_rewind(b->spill) == 0 ? 1 : -1;
    while (got > 0 && !A->failed && !A->write_failed) {
        got = cli_spill_get(b->spill, v, BATCH_BUFS);
        if (got > 0)
            emit_rows(A, b);
    }
    if (got < 0) {
        cli_error("cannot read back a temporary file of rows: %s", strerror(errno));
        A->failed = 1;
    }
    for (int i = 0; i < BATCH_BUFS; i++)
        v[i]->len = 0;
}

/* The pool's emit: a batch's rows, in sequence order.  Nonzero stops the run. */
int cli_analyze_emit_batch(void *ctx, struct cli_job *job, int drop)
{
    struct analyze *A = ctx;
    struct batch *b = (struct batch *)job;
    int stop = 1;
    if (drop || cli_interrupted()) {
        /* Stopping: the reports are aborted, nothing more is written. */
    } else if (b->failed) {
        const struct batch_entry *x = &b->e[b->failed_at];
        cli_error("%s while reading %s %s", b->why ? b->why : "out of memory", x->source,
                  x->entry);
        A->failed = 1;
    } else {
        emit_spilled(A, b);
        emit_rows(A, b);
        for (int f = 0; f < CLI_PGN_FATES; f++)
            A->pgn_counts.n[f] += b->pgn_counts.n[f];
        if (cli_totals_add(&A->t, &b->t) != ST_OK) {
            cli_error("the run's totals: %s", st_rc_text(ST_TOO_LARGE));
            A->failed = 1;
        }
        /* The violations the summary counts: the copies' left out. */
        cli_progress_update(&A->progress, A->t.sum.entries, A->t.games_found,
                            A->t.sum.violations - A->t.dups.violations);
        stop = A->write_failed || A->failed;
    }
    cli_batch_done(A, b);
    return stop;
}

/* fmt_csv_close_by into the report set, naming the file and the reason
 * when its last bytes or its rename fail. */
static int close_one(fmt_csv *csv)
{
    if (!csv)
        return FMT_FATAL;
    char *path = strdup(fmt_csv_path(csv));
    int rc = fmt_csv_close_by(csv, cli_report_put);
    if (rc != FMT_OK)
        cli_error("cannot write '%s': %s", path ? path : "a report", strerror(errno));
    free(path);
    return rc;
}

int cli_analyze_close_reports(struct analyze *A)
{
    if (A->write_failed || A->failed || cli_interrupted()) {
        cli_analyze_abort_reports(A);
        return -1;
    }
    int rc = close_one(A->inputs);
    rc |= close_one(A->games);
    rc |= close_one(A->violations);
    if (A->rows)
        rc |= close_one(A->rows);
    if (A->viewer)
        rc |= close_one(A->viewer);
    if (A->pgn)
        rc |= close_one(A->pgn);
    A->inputs = A->games = A->violations = A->rows = A->viewer = A->pgn = NULL;
    if (A->pgn_files && cli_pgn_files_close(A->pgn_files) != 0)
        rc = FMT_FATAL;
    else if (A->pgn_files)
        cli_pgn_files_stale(A->pgn_files, A->o.outdir);
    if (rc == FMT_OK && A->pgn_files &&
        !(A->pgn_text = cli_pgn_files_text(&A->pgn_counts, A->pgn_files, A->o.pgn, 0))) {
        cli_error("out of memory");
        rc = FMT_FATAL;
    }
    return rc == FMT_OK ? 0 : -1;
}

struct cli_report_opts cli_analyze_report_opts(const struct analyze *A)
{
    struct cli_report_opts o = {A->o.outdir, A->o.excel, A->o.declared, A->o.min_games,
                                A->o.selection, A->o.xlsx, {0},    A->o.illegal,
                                &A->o.rating,   A->alias, &A->spellings, A->o.shard,
                                A->o.nshards, A->o.jobs > 0 ? (unsigned)A->o.jobs : 1};
    o.info.started = A->started;
    o.info.inputs = A->o.inputs;
    o.info.ninputs = (size_t)A->o.ninputs;
    o.info.aliases = A->o.alias_path;
    o.info.excel = A->o.excel;
    o.info.viewer = A->o.viewer;
    o.info.pgn = A->pgn_text;
    o.info.viewer_max = A->o.viewer_max;
    return o;
}

/* After the walk: the statistics, or a shard's state. */
int cli_analyze_finish_run(struct analyze *A)
{
    struct cli_report_opts ro = cli_analyze_report_opts(A);
    if (!A->o.nshards) {
        int viewer = A->o.viewer != CLI_VIEWER_NONE;
        if (cli_report_files_in(&ro.info.files, A->o.outdir, viewer) != 0) {
            cli_error("out of memory");
            return -1;
        }
        int rc = cli_report_statistics(A->stats, &A->t, &ro);
        /* The viewer records were only the pages' material. */
        if (viewer) {
            size_t n = strlen(A->o.outdir) + sizeof CLI_VIEWER_FILE + 1;
            char *records = malloc(n);
            if (records) {
                snprintf(records, n, "%s/%s", A->o.outdir, CLI_VIEWER_FILE);
                cli_report_discard(records);
            }
            free(records);
        }
        cli_report_files_release(&ro.info.files);
        return rc;
    }
    struct cli_state st = {A->o.shard, A->o.nshards, A->o.declared, A->o.excel,
                           A->o.min_games, "", (int)A->o.viewer, "", (char **)A->o.inputs,
                           (size_t)A->o.ninputs, A->o.illegal, A->o.rating, A->t,
                           A->o.keep_duplicates, "", "", "", "", A->o.max_inflated, {{0}}, 0};
    snprintf(st.selection, sizeof st.selection, "%s", A->o.selection);
    snprintf(st.aliases, sizeof st.aliases, "%s", A->o.alias_path ? A->o.alias_path : "");
    snprintf(st.pgn, sizeof st.pgn, "%s", A->o.pgn ? A->o.pgn : "");
    memcpy(st.definitions, cli_definitions_sha256(), sizeof st.definitions);
    memcpy(st.aliases_sha256, A->alias_sha256, sizeof st.aliases_sha256);
    if (cli_state_write(A->o.outdir, &st, A->stats) != 0) {
        cli_error("cannot write '%s/%s': %s", A->o.outdir, CLI_STATE_FILE, strerror(errno));
        return -1;
    }
    return 0;
}

/* Every file of the run in place at once (report_set.c). */
int cli_analyze_commit_or_say(struct analyze *A)
{
    if (cli_report_set_commit() == 0)
        return 0;
    cli_error("cannot put the reports in place in '%s': %s", A->o.outdir, strerror(errno));
    return -1;
}

/* After a run that was read: the warnings only the whole of it can show
 * (every game seen). */
void cli_analyze_warn_after_run(const struct analyze *A)
{
    cli_pgn_warn(&A->pgn_counts, A->o.pgn);
    const struct cli_filter *f = &A->o.filter;
    for (size_t i = 0; A->name_hits && i < f->nvariants; i++)
        if (!f->variants[i].variant && !atomic_load(&A->name_hits[i]))
            cli_warning("--variant '%s' matches no variant: gcaudit replays none of that name "
                        "(see 'gcaudit variants') and no game's Game: value is '%s'",
                        f->variants[i].key, f->variants[i].key);
    for (size_t i = 0; A->alias_seen && i < A->spellings.n; i++) {
        long id = st_alias_id(A->alias, A->spellings.v[i].text);
        if (id >= 0 && !atomic_load(&A->alias_seen[id]))
            cli_warning("--player-alias %s, row %lu: no selected game has a player named '%s'",
                        A->o.alias_path, A->spellings.v[i].row, A->spellings.v[i].text);
    }
}
