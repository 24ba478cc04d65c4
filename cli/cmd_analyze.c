/*
 * analyze: read every input, replay every game, write the reports.
 *
 * The work is a pipeline of entries.  The walker, on the main thread,
 * hands over one entry at a time with its sequence number; entries are
 * gathered into batches, and each batch is parsed and replayed (on a
 * worker thread with -j N, else at once) into its own buffers: the rows
 * of every report, already formatted, and a few counts.  Batches are
 * written in sequence order by the main thread (pool.c), so the reports
 * are the same bytes whatever -j says.
 *
 * The statistics (variants, terminations, players, head-to-head, ratings)
 * are counted in the same pass, game by game: each worker into its own
 * tables, which are added up at the end (st_stats_merge: the statistics
 * are sums by name, so the order games were counted in does not matter).
 * The archive is read once, and no game is kept.  Selection options
 * (--variant, --event, --since, --until) choose the games every report
 * but inputs.csv shows; --results and --player-alias change only what the
 * statistics count, never games.csv or violations.csv, which report the
 * logs as they are.
 *
 * --shard K/N replays only the games the shard owns (see shard_owns) and
 * leaves the state merge needs (state.c) instead of the statistics.
 *
 * --pgn FILE writes the selected games of the variants PGN tools read as
 * PGN (pgn_export.c), in input order like games.csv; a shard writes its
 * part, a record per games.csv row, for merge to put in order.
 *
 * The command's files: this one runs the walk and the run's stages;
 * analyze_options.c reads the command line, analyze_worker.c replays a
 * batch, analyze_writer.c writes the batches and finishes the run
 * (analyze.h is what they share).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/analyze.h"
#include "cli/rows.h"

static int submit_batch(struct analyze *A)
{
    struct batch *b = A->batch;
    A->batch = NULL;
    return b && b->n ? cli_pool_submit(A->pool, &b->job) : (cli_batch_done(A, b), 0);
}

/* An entry too long to be held (STREAM_AFTER) is parsed and replayed
 * here, on the walker's thread, as it is read: the batches before it are
 * handed over first, and it follows them as a batch of its own, done, so
 * the rows keep their order.  Its text costs the parser's window and one
 * block; its rows spill as any batch's do.  Nonzero stops the walk. */
static enum fmt_rc replay_streamed(struct analyze *A, const struct fmt_entry *e)
{
    if (submit_batch(A) != 0)
        return FMT_STOPPED;
    struct batch *b = cli_batch_new(A);
    if (!b || cli_batch_add(b, e) != 0) {
        cli_batch_done(A, b);
        cli_error("out of memory while reading %s %s", e->source, e->entry);
        A->failed = 1;
        return FMT_STOPPED;
    }
    b->e[0].stream = e;
    cli_analyze_work_batch(A->walker, &b->job);
    b->e[0].stream = NULL;
    b->e[0].message = "";       /* the walker's, gone when this returns */
    return cli_pool_submit_done(A->pool, &b->job) != 0 ? FMT_STOPPED : FMT_OK;
}

static void free_spares(struct analyze *A)
{
    while (A->spare) {
        struct batch *b = A->spare;
        A->spare = b->next_spare;
        cli_batch_free(b);
    }
}

/* The walker's callback: gather the entry into the current batch, hand
 * the batch over when full.  FMT_STOPPED stops the walk. */
static enum fmt_rc on_entry(void *ctx, const struct fmt_entry *e)
{
    struct analyze *A = ctx;
    if (cli_interrupted())
        return FMT_STOPPED;
    cli_progress_reading(&A->progress, e);
    if (e->stream)
        return replay_streamed(A, e);
    if ((!A->batch && !(A->batch = cli_batch_new(A))) ||
        cli_batch_add(A->batch, e) != 0) {
        cli_error("out of memory while reading %s %s", e->source, e->entry);
        A->failed = 1;
        return FMT_STOPPED;
    }
    if (A->batch->n < BATCH_ENTRIES && A->batch->job.weight < BATCH_BYTES)
        return FMT_OK;
    return submit_batch(A) != 0 ? FMT_STOPPED : FMT_OK;
}

/* The workers replay and format; the statistics are counted by the
 * writer, in input order, once it knows which games are copies
 * (count_batch). */
static int start_workers(struct analyze *A)
{
    int threads = A->o.jobs > 1 ? A->o.jobs : 0;
    A->nworkers = threads ? threads : 1;
    /* With threads, the walker replays streamed entries with a worker
     * of its own; without, jobs run on its thread: it shares the one. */
    int all = A->nworkers + (threads ? 1 : 0);
    A->workers = calloc((size_t)all, sizeof *A->workers);
    void **ctx = calloc((size_t)all, sizeof *ctx);
    int rc = A->workers && ctx ? 0 : -1;
    if (rc == 0)
        A->walker = &A->workers[all - 1];
    for (int i = 0; rc == 0 && i < all; i++) {
        A->workers[i].A = A;
        if (A->o.viewer != CLI_VIEWER_NONE)
            A->workers[i].view = cli_view_rec_new();
        if (A->o.pgn)
            A->workers[i].pgn = cli_pgn_rec_new();
        ctx[i] = &A->workers[i];
        rc = (A->workers[i].view || A->o.viewer == CLI_VIEWER_NONE) &&
                     (A->workers[i].pgn || !A->o.pgn)
                 ? 0
                 : -1;
    }
    static const struct cli_pool_ops ops = {cli_analyze_work_batch, cli_analyze_emit_batch};
    size_t max_jobs = (size_t)POOL_BATCHES_PER_THREAD * (size_t)A->nworkers;
    size_t max_bytes = POOL_BYTES_PER_THREAD * (size_t)A->nworkers;
    if (rc == 0 && !(A->pool = cli_pool_new(threads, ctx, &ops, A, max_jobs, max_bytes)))
        rc = -1;
    free(ctx);
    return rc;
}

/* An entry longer than this is replayed as it is read (replay_streamed):
 * 1 MiB, a log of some ten thousand turns, far past any real one, so
 * ordinary archives go through the threads whole as before.  The tests
 * lower it with GCAUDIT_TEST_STREAM=BYTES to stream small entries. */
#define STREAM_AFTER ((uint64_t)1 << 20)

static uint64_t cli_stream_after(void)
{
    const char *v = getenv("GCAUDIT_TEST_STREAM");
    char *end;
    unsigned long long n = v && *v ? strtoull(v, &end, 10) : 0;
    return v && *v && !*end && n > 0 ? (uint64_t)n : STREAM_AFTER;
}

/* Walk every input through the pool.  Nonzero when the run stopped. */
static int run_walk(struct analyze *A)
{
    uint64_t seq = 0;
    int stopped = 0;
    /* The reports being written are never read back as input (nor an
     * earlier run's, when -o lies inside an input directory), nor the
     * PGN file's temporary, which may lie in an input directory too. */
    size_t npgn = A->pgn_files ? cli_pgn_files_paths(A->pgn_files, NULL, 0) : 0;
    if (4 + npgn > FMT_WALK_MAX_SKIP) {
        cli_error("analyze: --pgn: more variants with a PGN name than gcaudit can write "
                  "files for (%zu files, at most %d)", npgn, FMT_WALK_MAX_SKIP - 4);
        return 1;
    }
    const char **skip = malloc((4 + npgn) * sizeof *skip);
    if (!skip) {
        cli_error("out of memory");
        return 1;
    }
    skip[0] = A->o.outdir;
    size_t nskip = 1;
    if (A->o.xlsx)
        skip[nskip++] = A->o.xlsx;
    if (A->o.pgn)
        skip[nskip++] = A->o.pgn;
    if (A->pgn)
        skip[nskip++] = fmt_csv_tmp_path(A->pgn);
    if (A->pgn_files)
        nskip += cli_pgn_files_paths(A->pgn_files, skip + nskip, npgn);
    struct fmt_walk_options opt = {
        .max_inflated = A->o.max_inflated,
        .stop = cli_interrupt_asked,
        .skip = skip,
        .nskip = nskip,
        .stream_after = cli_stream_after(),
        .raw_text = true,
    };
    for (int i = 0; i < A->o.ninputs && !stopped; i++)
        stopped = fmt_walk(A->o.inputs[i], &opt, &seq, on_entry, A) != FMT_OK;
    if (!stopped)
        stopped = submit_batch(A);
    cli_batch_done(A, A->batch);
    A->batch = NULL;
    stopped |= cli_pool_finish(A->pool);
    /* The batches kept for the walk: not kept through the end of the
     * run, whose statistics and pages are the peak of its memory. */
    free_spares(A);
    free(skip);
    return stopped || A->failed;
}

static void release(struct analyze *A)
{
    cli_pool_free(A->pool);
    int all = A->nworkers + (A->o.jobs > 1 ? 1 : 0);
    for (int i = 0; A->workers && i < all; i++)
        cli_view_rec_free(A->workers[i].view), cli_pgn_rec_free(A->workers[i].pgn);
    free(A->workers);
    cli_batch_free(A->batch);
    free_spares(A);
    free(A->o.inputs);
    cli_filter_release(&A->o.filter);
    st_stats_free(A->stats);
    st_alias_free(A->alias);
    free(A->made_dir);
    free(A->name_hits);
    free(A->alias_seen);
    cli_pgn_files_free(A->pgn_files);
    free(A->pgn_text);
    cli_alias_spellings_release(&A->spellings);
    cli_dups_free(A->dups);
}

/* Ctrl-C or SIGTERM before the walk (while definitions or aliases load):
 * nothing was written yet. */
static int interrupted_before_run(const struct analyze *A)
{
    cli_error("interrupted: no reports were written in '%s'", A->o.outdir);
    return 128 + cli_interrupted();
}

/* Everything before the walk. */
static int prepare_or_stop(struct analyze *A)
{
    cli_alloc_test_setup();
    cli_spill_test_setup();
    if (A->o.alias_path) {
        char err[1024];
        A->alias = cli_alias_read(A->o.alias_path, &A->spellings, err, sizeof err);
        if (cli_interrupted())
            return interrupted_before_run(A);
        if (!A->alias) {
            cli_error("--player-alias %s", err);
            return CLI_EXIT_USAGE;
        }
        /* What a shard was made with: merge checks that every shard read
         * the same aliases, and that its own reading of them is the same. */
        uint64_t size;
        struct stat st;   /* a FIFO cannot be read again: no digest, merge cannot read it */
        if (A->o.nshards && !cli_interrupted() && stat(A->o.alias_path, &st) == 0 &&
            S_ISREG(st.st_mode) && cli_sha256_file(A->o.alias_path, A->alias_sha256, &size) != 0) {
            cli_error("--player-alias %s: cannot be read again: %s", A->o.alias_path,
                      strerror(errno));
            return CLI_EXIT_USAGE;
        }
        /* The anchor is a player of the statistics: a spelling names her. */
        const char *anchor = st_alias_resolve(A->alias, A->o.rating.anchor);
        if (anchor != A->o.rating.anchor) {
            if (strlen(anchor) >= sizeof A->o.rating.anchor) {
                cli_error("analyze: --anchor '%s' stands for a name too long to anchor", anchor);
                return CLI_EXIT_USAGE;
            }
            memmove(A->o.rating.anchor, anchor, strlen(anchor) + 1);
        }
    }
    if (!(A->stats = st_stats_new()) || start_workers(A) != 0 ||
        (!A->o.keep_duplicates && !(A->dups = cli_dups_new()))) {
        cli_error("out of memory");
        return CLI_EXIT_NOTHING;
    }
    /* What the warnings after the run need (not for a shard: it sees
     * only its part of the games). */
    size_t nalias = st_alias_size(A->alias), nnames = A->o.filter.nvariants;
    if (!A->o.nshards && ((nalias && !(A->alias_seen = calloc(nalias, sizeof *A->alias_seen))) ||
                          (cli_filter_has_open_names(&A->o.filter) &&
                           !(A->name_hits = calloc(nnames, sizeof *A->name_hits))))) {
        cli_error("out of memory");
        return CLI_EXIT_NOTHING;
    }
    /* Only what gcaudit wrote is ever replaced (a shard's PGN part goes
     * into its directory: FILE is merge's to write). */
    int rc = cli_output_check_paths_or_stop("analyze", A->o.outdir,
                                            A->o.nshards ? NULL : A->o.pgn, A->o.xlsx);
    if (rc != CLI_CONTINUE)
        return rc;
    /* The run's files are put in place together, at its end, and what
     * dead runs left of them is cleared then (report_set.c). */
    cli_report_set_begin(A->o.outdir);
    if (cli_analyze_open_reports(A) != 0) {
        cli_analyze_abort_reports(A);
        return CLI_EXIT_NOTHING;
    }
    rc = A->o.xlsx ? cli_output_check_file_or_stop("analyze", "workbook", A->o.xlsx)
                   : CLI_CONTINUE;
    if (rc != CLI_CONTINUE)
        cli_analyze_abort_reports(A);
    return rc;
}

/* Everything before the walk: the options, the definitions, the
 * selection, the reports opened.  CLI_CONTINUE, or the exit status. */
static int start_or_stop(int argc, char **argv, struct analyze *A)
{
    /* From the start: a signal while definitions or aliases load stops
     * the run too (a shell starts a background job with SIGINT ignored,
     * so a handler set later would have lost it). */
    cli_interrupt_install();
    int rc = cli_analyze_parse_or_stop(argc, argv, &A->o);
    /* Before any input is read: a bad definition of --variants stops the
     * run (exit 2); the shipped ones load when a game needs them (a bad
     * one stops the run at the end of the walk, walked_or_stop). */
    if (rc == CLI_CONTINUE)
        rc = cli_definitions_defer_or_stop(&A->o.defs, "analyze", A->o.nshards != 0);
    if (rc == CLI_CONTINUE && cli_interrupted())
        rc = interrupted_before_run(A);
    if (rc == CLI_CONTINUE) {
        cli_filter_resolve(&A->o.filter);
        rc = prepare_or_stop(A);
    }
    return rc;
}

/* The walk over every input, with its progress line.  Nonzero when it
 * stopped short. */
static int walk_inputs(struct analyze *A)
{
    st_summary_init(&A->t.sum);
    A->started = cli_run_started();
    uint64_t known = 0;
    for (int i = 0; !A->o.quiet && i < A->o.ninputs; i++)
        known += cli_input_bytes(A->o.inputs[i]);
    cli_progress_start(&A->progress, A->o.quiet, known);
    int stopped = run_walk(A);
    cli_progress_finish(&A->progress);
    return stopped;
}

/* Once the walk is over: a run interrupted, one that read nothing, or one
 * whose selection owns no game leaves no report that looks complete.
 * CLI_CONTINUE, or the exit status (the reports dropped). */
static int walked_or_stop(struct analyze *A, int stopped)
{
    if (cli_interrupted()) {
        /* Stopped half way: no report may look complete. */
        cli_analyze_abort_reports(A);
        cli_error("interrupted: no reports were written in '%s'", A->o.outdir);
        return 128 + cli_interrupted();
    }
    int defs = cli_definitions_deferred_or_stop("analyze");
    if (defs != CLI_CONTINUE) {
        /* A shipped definition a game needed did not load: as if it had
         * stopped the run before it began. */
        cli_analyze_abort_reports(A);
        cli_error("analyze: a variant definition failed to load: no reports were written in '%s'",
                  A->o.outdir);
        return defs;
    }
    if (stopped)
        A->failed = 1;   /* a report cut short must not look complete */
    if (!stopped && A->t.sum.entries_ok + A->t.sum.entries_skipped == 0) {
        /* Nothing was read (every input failed, and said why): the
         * reports of an earlier run are worth more than empty ones. */
        cli_analyze_abort_reports(A);
        if (A->made_dir)
            cli_error("analyze: nothing could be read: no reports were written");
        else
            cli_error("analyze: nothing could be read: the reports in '%s' are left as they were",
                      A->o.outdir);
        return CLI_EXIT_NOTHING;
    }
    /* A shard that owns no game is one of many: merge sees them all. */
    struct cli_empty_run empty = {A->o.outdir,   A->made_dir,  A->o.selection,
                                  A->o.inputs,   A->o.ninputs, A->o.allow_empty || A->o.nshards};
    int rc = stopped ? CLI_CONTINUE : cli_empty_run_or_stop("analyze", &A->t, &empty);
    if (rc != CLI_CONTINUE)
        cli_analyze_abort_reports(A);
    return rc;
}

/* The reports closed and the run's own written (the statistics, the
 * pages, a shard's state), then put in place.  CLI_CONTINUE, or
 * CLI_EXIT_NOTHING (the reports dropped, and said). */
static int write_or_stop(struct analyze *A, int stopped)
{
    int ok = cli_analyze_close_reports(A) == 0 && !stopped;
    if (ok) {
        /* The duplicate check ends with the walk: its memory goes back
         * before the end of the run, where the statistics peak. */
        cli_dups_free(A->dups);
        A->dups = NULL;
        ok = cli_analyze_finish_run(A) == 0 && cli_analyze_commit_or_say(A) == 0;
    }
    if (ok)
        return CLI_CONTINUE;
    cli_analyze_abort_reports(A);
    cli_error("the reports in '%s' could not be written completely: %s", A->o.outdir,
              A->made_dir ? "none was written" : "those already there are left as they were");
    return CLI_EXIT_NOTHING;
}

int cmd_analyze(int argc, char **argv)
{
    struct analyze A;
    memset(&A, 0, sizeof A);
    int rc = start_or_stop(argc, argv, &A);
    if (rc == CLI_CONTINUE) {
        int stopped = walk_inputs(&A);
        rc = walked_or_stop(&A, stopped);
        if (rc == CLI_CONTINUE)
            rc = write_or_stop(&A, stopped);
    }
    if (rc != CLI_CONTINUE) {
        release(&A);
        return rc;
    }
    struct cli_report_opts ro = cli_analyze_report_opts(&A);
    cli_analyze_warn_after_run(&A);
    if (!A.o.nshards)
        cli_report_warnings(&A.t, &ro);
    if (!A.o.quiet)
        cli_report_summary(&A.t, &ro, cli_now() - A.progress.started);
    if (A.o.pgn && !A.o.quiet)
        cli_pgn_summary(&A.pgn_counts, A.pgn_files, A.o.pgn, A.o.nshards != 0);
    rc = cli_warnings_status(cli_report_exit_status(&A.t.sum), A.o.strict);
    release(&A);
    return rc;
}
