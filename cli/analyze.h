/*
 * analyze's private header: what the command's files share.  The run
 * (cmd_analyze.c) walks the inputs and hands entries over in batches;
 * the options (analyze_options.c) fill struct analyze_opts; a worker
 * (analyze_worker.c) replays a batch into its buffers; the writer
 * (analyze_writer.c) opens the reports, writes the batches in input
 * order, counts the statistics and finishes the run.
 *
 * Ownership: a batch is the walker's while it is filled, the pool's
 * while it waits, a worker's while it is replayed, and the writer frees
 * it (cli_analyze_emit_batch).
 */
#ifndef GC_CLI_ANALYZE_H
#define GC_CLI_ANALYZE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/must_check.h"
#include "cli/audit.h"
#include "cli/cli.h"
#include "stats/stats.h"

/* The command line, as read (analyze_options.c). */
struct analyze_opts {
    const char *outdir;
    int excel, quiet, verbose;
    const char **inputs;
    int ninputs;
    int declared;                 /* --results declared */
    struct cli_filter filter;
    const char *alias_path;       /* --player-alias */
    uint64_t min_games;           /* --min-games */
    const char *xlsx;             /* --xlsx */
    char selection[512];          /* the selection options in words, for summary.html */
    int jobs;                     /* -j: replay threads; 1 = all on the main thread */
    unsigned shard, nshards;      /* --shard K/N; nshards 0 = no sharding */
    int strict;                   /* --strict: a run that warned exits 2 */
    struct cli_definitions defs;  /* --variants FILE... */
    enum cli_viewer viewer;       /* --viewer */
    uint64_t viewer_max;          /* --viewer-max (UINT64_MAX: no limit) */
    int viewer_max_set;           /* --viewer-max given */
    uint64_t max_inflated;        /* --max-inflated: the decompression budget's floor */
    enum st_illegal illegal;      /* --illegal-games */
    struct cli_rating_opts rating; /* --anchor (resolved through the aliases), ... */
    int anchor_rating_set;        /* --anchor-rating given */
    int keep_duplicates;          /* --keep-duplicates: no duplicate check */
    const char *pgn;              /* --pgn FILE, or NULL */
    int allow_empty;              /* --allow-empty: a run without games writes its reports */
};

/* One replay thread's own state: nothing in it is shared. */
struct worker {
    struct analyze *A;
    cli_view_rec *view;           /* the game viewer's recorder */
    cli_pgn_rec *pgn;             /* --pgn's recorder, or NULL */
};

/* The run: its options, its open reports, its counts and its threads. */
struct analyze {
    struct analyze_opts o;
    fmt_csv *inputs, *games, *violations, *rows;
    fmt_csv *viewer;              /* the viewer records (CLI_VIEWER_FILE), or NULL */
    fmt_csv *pgn;                 /* --pgn of a shard: its part (CLI_PGN_PART_FILE) */
    cli_pgn_files *pgn_files;     /* --pgn of a run: FILE and the variants' files */
    char *pgn_text;               /* what the summaries say of them, once closed */
    struct cli_pgn_counts pgn_counts; /* the selected games by their fate in it */
    long long started;            /* the run's date (cli_run_started) */
    struct cli_totals t;          /* entries, and the selected games */
    st_stats *stats;
    st_alias *alias;
    struct cli_progress progress;
    struct worker *workers;
    int nworkers;                 /* the pool's; with threads one more follows: */
    struct worker *walker;        /* the walker's own, for streamed entries (on_entry) */
    struct batch *batch;          /* being filled by the walker */
    struct batch *spare;          /* written batches, kept for the walker to fill again
                                     (cli_batch_new, cli_batch_done) */
    cli_pool *pool;
    int write_failed;
    int failed;                   /* out of memory: the run stops, nothing is kept */
    char *made_dir;               /* the first directory of -o this run created, or NULL */
    atomic_uchar *name_hits;      /* per --variant NAME: some game's Game: value is NAME */
    atomic_uchar *alias_seen;     /* per alias id (st_alias_id): a selected game has it */
    struct cli_alias_spellings spellings; /* of the alias file, with their rows */
    char alias_sha256[CLI_SHA256_HEX]; /* of the alias file's bytes, for a shard's state */
    cli_dups *dups;               /* the games seen, for duplicates; NULL with --keep-duplicates */
};

/* ------------------------------------------------------------- batches */

/* Entries are replayed in batches: one hand-over between threads per
 * batch, not per entry, since most entries are one short game. */
#define BATCH_ENTRIES 64
#define BATCH_BYTES (256 * 1024)
/* In flight (read, not yet written): at most this many batches per
 * thread, and this many bytes of entries per thread, so memory does not
 * grow with the archive.  A batch holds at most BATCH_BYTES and one more
 * entry, which is at most STREAM_AFTER long (a longer one is replayed as
 * it is read, replay_streamed): 1.25 MiB. */
#define POOL_BATCHES_PER_THREAD 4
#define POOL_BYTES_PER_THREAD ((size_t)6 << 20)

struct batch_entry {
    uint64_t seq, bytes;
    enum fmt_entry_status status;
    char *names;                  /* source, entry and message, one allocation */
    const char *source, *entry, *message;
    char *text;                   /* taken from the walker; NULL when not ok */
    size_t len;
    bool raw;                     /* text is as read: the worker normalises it (fmt_entry_normalise) */
    char *note;                   /* the message that gave, when there is one (message points here) */
    const struct fmt_entry *stream; /* an entry read as it is replayed (replay_streamed), or
                                     NULL; only while the walker's callback runs */
};

/* A selected game as the writer sees it: it decides, in input order,
 * which games are copies (duplicates.c) and counts the others. */
struct game_rec {
    uint64_t fp[2];               /* fingerprint; fp[0] == 0: none (no turns, no check) */
    size_t entry;                 /* its entry in the batch */
    int index;                    /* game_index */
    int owned;                    /* replayed here (a shard replays its own): rows and counts */
    size_t counted;               /* owned: its packed counts in counts */
};

struct batch {
    struct cli_job job;           /* first: the pool hands this back */
    struct batch_entry e[BATCH_ENTRIES];
    size_t n;
    struct batch *next_spare;     /* in struct analyze's spare batches */
    /* What replaying gives, to be written in order. */
    struct fmt_buf inputs, violations, rows, viewer;
    struct fmt_buf games;         /* the games.csv rows up to duplicate_of (cli_games_head_pack),
                                     of the owned records in order */
    struct fmt_buf pgn;           /* --pgn: the games' PGN, or a shard's records */
    struct cli_pgn_counts pgn_counts;
    struct fmt_buf messages;      /* for stderr: failed entries, and violations with -v */
    FILE *mfile;                  /* while replaying: where they are written first */
    char *mtext;                  /* mfile's memory (open_memstream) */
    size_t mlen;
    struct fmt_buf counts;        /* the selected games' counts, packed (cli_counted_pack) */
    struct fmt_buf recs;          /* struct game_rec of the selected games, in order: the
                                     writer counts them */
    cli_spill *spill;             /* the rows and records put out of memory, or NULL */
    int spill_failed;             /* the spill file could not be written (why says so) */
    struct cli_totals t;          /* entry counts, selected games, latest date */
    int failed;                   /* the batch could not be finished */
    const char *why;              /* why, when not out of memory (st_rc_text) */
    size_t failed_at;             /* the entry it happened in */
};

/* The buffers a spill chunk holds, in its order: every one the writer
 * takes from a batch (spill.c). */
#define BATCH_BUFS 9

static inline void batch_bufs(struct batch *b, struct fmt_buf *v[BATCH_BUFS])
{
    v[0] = &b->inputs, v[1] = &b->games, v[2] = &b->violations, v[3] = &b->rows;
    v[4] = &b->viewer, v[5] = &b->pgn, v[6] = &b->counts, v[7] = &b->recs;
    v[8] = &b->messages;
}

static inline size_t batch_nrecs(const struct batch *b) { return b->recs.len / sizeof(struct game_rec); }

static inline struct game_rec *batch_rec(const struct batch *b, size_t i)
{
    return (struct game_rec *)b->recs.data + i;
}

/* ------------------------------------------------ analyze_options.c */

/* Read the command line into o.  CLI_CONTINUE, or the exit status after
 * saying what is wrong (or printing the help). */
CLI_MUST_CHECK int cli_analyze_parse_or_stop(int argc, char **argv, struct analyze_opts *o);

/* ------------------------------------------------- analyze_worker.c */

/* cli_batch_free(NULL) does nothing. */
void cli_batch_free(struct batch *b);

/* An empty batch: one of A's spare ones, else a new one.  NULL when out
 * of memory.  Both run on the walker's thread. */
struct batch *cli_batch_new(struct analyze *A);

/* A batch written (or dropped): its entries and spill freed, the batch
 * kept in A's spares with its buffers' memory, up to BATCH_KEEP bytes
 * each.  A batch's buffers grow on the worker that replays it, in that
 * thread's malloc arena: freed on the walker's thread, as each batch was
 * once written, every free took that arena's lock from under the worker
 * using it (a scheduler trace of -j 2 on bench/run.sh's 110,000 games
 * counted some 700 sleeps on glibc's malloc locks), and the next batch
 * grew its buffers again from nothing.  A buffer past BATCH_KEEP (a
 * batch of long games' viewer records) is freed all the same, and the
 * spares go when the walk ends (run_walk): the end of a run is the peak
 * of its memory, and 1.1 million games at -j 2 peaked 1.6 MiB higher
 * with every buffer kept to 256 KiB through it. */
void cli_batch_done(struct analyze *A, struct batch *b);
#define BATCH_KEEP ((size_t)64 << 10)

/* Copy what the batch needs of an entry; its text is taken, not copied.
 * 0, or -1 when out of memory (the batch is as it was). */
CLI_MUST_CHECK int cli_batch_add(struct batch *b, const struct fmt_entry *e);

/* The pool's work: replay a batch into its buffers (b->failed says when
 * it could not be finished). */
void cli_analyze_work_batch(void *worker, struct cli_job *job);

/* ------------------------------------------------- analyze_writer.c */

/* Open the row reports in -o's directory (made if missing).  0, or -1
 * after saying why. */
CLI_MUST_CHECK int cli_analyze_open_reports(struct analyze *A);

/* Drop the reports unwritten (an earlier run's stay as they were). */
void cli_analyze_abort_reports(struct analyze *A);

/* Close the row reports, or abort them when the run failed.  0, or -1. */
CLI_MUST_CHECK int cli_analyze_close_reports(struct analyze *A);

/* The pool's emit: a batch's rows, in sequence order; frees the batch.
 * Nonzero stops the run. */
int cli_analyze_emit_batch(void *ctx, struct cli_job *job, int drop);

struct cli_report_opts cli_analyze_report_opts(const struct analyze *A);

/* After the walk: the statistics, or a shard's state.  0, or -1 after
 * saying why. */
CLI_MUST_CHECK int cli_analyze_finish_run(struct analyze *A);

/* Every file of the run in place at once.  0, or -1 after saying why. */
CLI_MUST_CHECK int cli_analyze_commit_or_say(struct analyze *A);

/* The warnings only the whole run can show. */
void cli_analyze_warn_after_run(const struct analyze *A);

#endif
