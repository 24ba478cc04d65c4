/*
 * cli: the gcaudit command.  One file per subcommand (cmd_*.c), listed in
 * main.c's table; this header holds what they share: exit codes, the one
 * place violations are rendered for people, progress on stderr, and the
 * report rows.
 */
#ifndef GC_CLI_H
#define GC_CLI_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/must_check.h"
#include "cli/digest.h"
#include "cli/pgn_export.h"
#include "cli/spill.h"
#include "cli/totals.h"
#include "formats/formats.h"
#include "replay/replay.h"
#include "stats/stats.h"

/* Exit status of gcaudit (gcaudit(1) EXIT STATUS). */
enum cli_exit {
    CLI_EXIT_OK = 0,          /* all inputs read; violations are findings */
    CLI_EXIT_SOME_FAILED = 1, /* some entries failed (see inputs.csv) */
    CLI_EXIT_USAGE = 2,
    CLI_EXIT_NOTHING = 3,     /* nothing could be read, or output not written */
    CLI_EXIT_EMPTY = 4,       /* no game to report: the earlier reports kept (run_guard.c) */
    CLI_EXIT_INTERRUPTED = 130 /* stopped by Ctrl-C: 128 + SIGINT, as shells say it */
};

int cmd_analyze(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_variants(int argc, char **argv);

/* The contract of every function whose name ends in _or_stop: it returns
 * CLI_CONTINUE when the command goes on, else the exit status to stop
 * with, having already said why on stderr (or printed the help that was
 * asked for).  The caller passes a status on and prints nothing. */
#define CLI_CONTINUE (-1)

/* ------------------------------------ options of a subcommand (options.c) */

#define CLI_OPT_ATTACHED 1u       /* the letter may carry its value: -j4 */

/* One option: a row of a command's table.  The rows are in the order of
 * the help, which cli_options_help prints from them. */
struct cli_option {
    const char *name;             /* "--output" */
    char letter;                  /* 'o' for -o, or 0 */
    const char *value;            /* the value's name in the help ("DIR"); NULL: a flag */
    int (*set_or_stop)(void *opts, const char *value);  /* value NULL for a flag */
    const char *help;             /* the description; '\n' continues it on the next line */
    const char *section;          /* a heading printed before this row, or NULL */
    const char *missing;          /* a missing value's message, "%s" the option as typed;
                                     NULL: "COMMAND: OPTION needs a value" */
    unsigned flags;               /* CLI_OPT_ */
};

/* A command's options and what to do with the other arguments. */
struct cli_command_options {
    const char *command;          /* "analyze": the prefix of the messages */
    const struct cli_option *options;
    size_t noptions;
    int (*operand_or_stop)(void *opts, const char *arg);  /* an argument that is no option */
};

/* Hand every argument of argv[1..argc-1] to its row's handler or to the
 * operand handler, in order.  An unknown option or a missing value is
 * said here, in one line with the option most likely meant (exit status
 * CLI_EXIT_USAGE). */
CLI_MUST_CHECK int cli_options_parse_or_stop(const struct cli_command_options *c, int argc, char **argv,
                              void *opts);

/* The edit distance between a and the first n bytes of b, a swap of two
 * neighbours counting one (Damerau's optimal string alignment): how far a
 * mistyped name is from a known one.  Names are short: past 31 bytes the
 * distance is SIZE_MAX. */
size_t cli_edit_distance(const char *a, const char *b, size_t n);

/* The options' lines of the command's help. */
void cli_options_help(FILE *f, const struct cli_command_options *c);

/* ------------------------ variants from definition files (definitions.c) */

/* The --variants files of a command line, in order. */
struct cli_definitions {
    const char *files[64];
    size_t n;
};

/* Note one --variants FILE (an option handler's work). */
CLI_MUST_CHECK int cli_definitions_add_or_stop(struct cli_definitions *d, const char *file);

/* Load the shipped definitions, then d's files; a bad definition is said
 * as "COMMAND: FILE:LINE: KEY: reason" (exit status CLI_EXIT_USAGE).
 * With digest, the files are then read again for cli_definitions_sha256
 * (a shard's state says what it was made with; a run that writes none
 * has no use for it, and reading some 200 files is part of every run's
 * serial start). */
CLI_MUST_CHECK int cli_definitions_load_or_stop(const struct cli_definitions *d, const char *command,
                                                int digest);

/* cli_definitions_load_or_stop, but the folder gcaudit ships (found
 * beside the binary, not named by GCAUDIT_DEFINITIONS), when no file of
 * d's follows it, is loaded only when a game first names one of its
 * variants (rp_defs_defer_dir): a run of the built-in variants alone
 * never compiles the hundred definitions (some 13 ms, docs/performance.md).
 * Its files are read for their names now: one that cannot be read stops
 * the run now; a definition that does not load (the shipped ones all
 * do: the tests load them) stops it at the end of the walk
 * (cli_definitions_deferred_or_stop). */
CLI_MUST_CHECK int cli_definitions_defer_or_stop(const struct cli_definitions *d, const char *command,
                                                 int digest);

/* Once the replay threads are done: CLI_CONTINUE, or, when the deferred
 * folder was loaded and a definition failed, the error said as
 * cli_definitions_load_or_stop says it, and CLI_EXIT_USAGE. */
CLI_MUST_CHECK int cli_definitions_deferred_or_stop(const char *command);

/* The SHA-256 of what cli_definitions_load_or_stop loaded with digest,
 * as hex: of each file's length and SHA-256 in the order loaded (the
 * shipped folder's in byte order of their names, then the --variants
 * files as given); "" before it ran, or without digest. */
const char *cli_definitions_sha256(void);

/* The folder of the shipped definitions into out; 0 when none is found. */
CLI_MUST_CHECK int cli_definitions_dir(char *out, size_t size);

/* "gcaudit: " + message on stderr, control characters and invalid UTF-8
 * shown as \xNN (the arguments are often names from the input). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "gcaudit: warning: " + message on stderr, escaped as cli_error's, and
 * counted: warnings never change the exit status, but --strict turns a
 * run that warned into CLI_EXIT_USAGE (cli_warnings_status). */
void cli_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* How many warnings were given so far. */
unsigned cli_warnings(void);

/* The exit status of a run that would exit with status, given --strict:
 * a run that warned exits CLI_EXIT_USAGE (saying so), unless status is
 * already CLI_EXIT_NOTHING or worse. */
int cli_warnings_status(int status, int strict);

/* s on f with control characters and invalid UTF-8 as \xNN
 * (fmt_escape's rule): for any text from the input bound for a terminal. */
void cli_put_safe(FILE *f, const char *s);

/* Interrupts (interrupt.c).  SIGINT and SIGTERM only set a flag; the
 * command checks it between entries and games, stops, aborts its reports,
 * says "interrupted" and exits with 128 + the signal, as shells report
 * it: CLI_EXIT_INTERRUPTED (130) for Ctrl-C, 143 for SIGTERM.  The
 * handlers reset themselves, so a second Ctrl-C ends the process at once.
 * Install once, early. */
void cli_interrupt_install(void);

/* 0, or the signal (SIGINT, SIGTERM) that asked the run to stop. */
int cli_interrupted(void);

/* Has a signal asked the run to stop?  (fmt_walk_options.stop) */
bool cli_interrupt_asked(void);

/* Where a game lives, for messages and rows. */
struct cli_where {
    const char *source;
    const char *entry;
    int game_index;
};

/* One violation in the one format people see (gcaudit(1) MESSAGES):
 * SOURCE!ENTRY:LINE: game N, turn 12... ('TEXT'): CODE: MESSAGE */
void cli_render_violation(FILE *f, const struct cli_where *w, const struct rp_violation *v);

/* "white" or "black" or "" for a violation's side. */
const char *cli_side_name(int side);

/* Progress line on stderr, only when it is a terminal and not silenced
 * (progress.c says what it shows). */
struct cli_progress {
    int enabled;
    double started, last;     /* seconds, monotonic */
    uint64_t entries, games, violations; /* written so far */
    uint64_t total;           /* bytes of the inputs whose size was known before, 0: none */
    uint64_t done;            /* of those, read so far */
    uint64_t done_before;     /* of the files read before the current one */
    uint64_t source_bytes;    /* the current file's size, 0 when not known */
    char source[1024];        /* the current file */
    char current[256];        /* the entry being read */
    size_t width;             /* the terminal's columns */
    int drawn;                /* the line is on the screen */
    int stale;                /* the counts changed since the line was drawn */
};

/* The bytes of an input known before reading it: a file's size, the sum
 * of a directory's files; 0 for standard input or a pipe. */
uint64_t cli_input_bytes(const char *path);

void cli_progress_start(struct cli_progress *p, int quiet, uint64_t known_bytes);

/* Around anything else written to stderr while a progress line may be
 * shown: hide clears the line, show draws it again below the text, so
 * messages scroll above it.  Without a progress line they do nothing. */
void cli_progress_hide(void);
void cli_progress_show(void);

/* bytes on stderr, above the progress line. */
void cli_progress_write(const char *bytes, size_t n);

/* The counts written so far (the writer's side). */
void cli_progress_update(struct cli_progress *p, uint64_t entries, uint64_t games,
                         uint64_t violations);

/* The entry the walker has just read (the reader's side): how far the
 * input is read, and its name. */
void cli_progress_reading(struct cli_progress *p, const struct fmt_entry *e);

/* The line's text at time now, into buf: for draw, and for the tests. */
size_t cli_progress_text(const struct cli_progress *p, double now, char *buf, size_t size);

void cli_progress_finish(struct cli_progress *p);
double cli_now(void);

/* ----------------------------------------- analyze -j: the pool (pool.c) */

/* A unit of work for the pool, embedded at the start of the caller's own
 * struct.  The pool's fields are set by cli_pool_submit. */
struct cli_job {
    struct cli_job *todo_next, *order_next; /* the pool's queues */
    size_t weight;                          /* bytes it holds, for the memory bound (the caller's) */
    int done;                               /* the pool's */
};

struct cli_pool_ops {
    /* Do the job, on a worker thread (or on the caller's when the pool
     * has no threads), with that worker's context. */
    void (*work)(void *worker, struct cli_job *job);
    /* Take a done job back, on the submitting thread, in submission
     * order; drop: the run is stopping, only free it.  The job is emit's
     * from then on (analyze keeps its batches for the next).
     * Nonzero asks the pool to stop: later jobs are dropped undone. */
    int (*emit)(void *ctx, struct cli_job *job, int drop);
};

typedef struct cli_pool cli_pool;

/* How much lower a worker's priority is than the submitting thread's
 * (nice levels; pool.c says why). */
#define CLI_WORKER_NICE 10

/* A pool of nthreads workers (0: every job done at once on the caller's
 * thread), workers[i] being the context of worker i (workers[0] also when
 * nthreads is 0).  At most max_jobs jobs and max_bytes of their weight are
 * in flight (one job always is).  NULL when out of memory or threads. */
cli_pool *cli_pool_new(int nthreads, void **workers, const struct cli_pool_ops *ops, void *ctx,
                       size_t max_jobs, size_t max_bytes);

/* Hand over a job; may block, emitting done jobs meanwhile.  Returns
 * nonzero once emit has asked to stop (the job is then dropped). */
CLI_MUST_CHECK int cli_pool_submit(cli_pool *p, struct cli_job *job);

/* Hand over a job done already (on the submitting thread): it is emitted
 * in its turn, after the jobs submitted before it.  Returns nonzero once
 * emit has asked to stop (the job is then dropped). */
CLI_MUST_CHECK int cli_pool_submit_done(cli_pool *p, struct cli_job *job);

/* Emit every job still in flight and stop the threads.  Nonzero if emit
 * asked to stop. */
CLI_MUST_CHECK int cli_pool_finish(cli_pool *p);

/* Free; NULL does nothing.  Unfinished, the jobs still in flight are
 * dropped (emit with drop) and the threads joined. */
void cli_pool_free(cli_pool *p);

/* ------------------------------ analyze: duplicate games (duplicates.c) */

/* The fingerprint of a game: its variant (report key, or the Game:
 * value), its White: and Black: names and every component of its turns.
 * 0, or -1 for a game without turns, which is never taken for a copy. */
int cli_game_fingerprint(const struct fmt_game *g, const char *variant, uint64_t fp[2]);

typedef struct cli_dups cli_dups;

/* A duplicate check in a memory of fixed size (cli/duplicates.c): the
 * table of DUPS_SLOTS slots, or GCAUDIT_TEST_DUPS_SLOTS's (a power of two
 * from 16), then sorted runs on disk.  NULL when out of memory. */
cli_dups *cli_dups_new(void);
/* The same with a table of max_slots slots (a power of two, at least 16;
 * NULL otherwise): what tests use to hold the runs to the table. */
cli_dups *cli_dups_new_bounded(size_t max_slots);
void cli_dups_free(cli_dups *d);

/* In input order: 1 when a game of this fingerprint came before, *first
 * then naming it ("SOURCE!ENTRY, game N", valid until the next call); 0
 * when not (the game, game N of entry seq, is now the first); -1 when out
 * of memory or when the temporary file of entry names failed
 * (cli_dups_why says which). */
CLI_MUST_CHECK int cli_dups_check(cli_dups *d, const uint64_t fp[2], uint64_t seq, const char *source,
                   const char *entry, int game, const char **first);

/* After cli_dups_check returned -1: "out of memory", or what the
 * temporary file met (cli_temp_file_why). */
const char *cli_dups_why(const cli_dups *d);

/* A counted game carried from a worker to the writer, who counts it only
 * if it is no copy: the game for the statistics and its summary counts,
 * packed into buf (strings after them, the detail as its text).  Returns
 * the offset, or -1. */
CLI_MUST_CHECK long cli_counted_pack(struct fmt_buf *buf, const struct st_game *g, const struct st_summary *one);

/* The packed game at offset at, its strings pointing into buf, its
 * detail's typed pairs in *detail (split again from the packed text). */
void cli_counted_unpack(const struct fmt_buf *buf, size_t at, struct st_game *g,
                        struct rp_detail *detail, struct st_summary *one);

/* ---------------------------- analyze and merge: outputs (outputs.c) */

/* mkdir -p path.  *made gets the first directory this call created (the
 * caller's to free), or NULL when all of them existed.  0, or -1 with
 * errno set (then nothing it made is left). */
CLI_MUST_CHECK int cli_output_make_dir(const char *path, char **made);

/* Remove the empty directories from path up to made, the first one
 * cli_output_make_dir made; made NULL does nothing. */
void cli_output_unmake_dir(const char *path, const char *made);

/* Before a run: can `what` ("workbook") be written at path?  Its directory
 * must exist and take a new file, and path must not be a directory.
 * CLI_CONTINUE, or CLI_EXIT_NOTHING after saying why ("COMMAND: cannot
 * write the workbook 'PATH': ..."). */
CLI_MUST_CHECK int cli_output_check_file_or_stop(const char *command, const char *what, const char *path);

/* Before anything is read or written: every path the run may replace
 * (the report folder dir and each report gcaudit writes in it, the
 * viewer's folder; pgn, the files of the variants beside it (pgn_files.c),
 * and xlsx; each when not NULL) is absent, or a plain file
 * (dir and the viewer's folder: a folder, the latter holding only pages).
 * gcaudit replaces only what it wrote: a symbolic link, a device, a FIFO,
 * a socket, or a file in the pages' folder that is not a page, is refused.
 * CLI_CONTINUE, or CLI_EXIT_USAGE after naming the path and what it is. */
CLI_MUST_CHECK int cli_output_check_paths_or_stop(const char *command, const char *dir, const char *pgn,
                                   const char *xlsx);

/* Every name gcaudit writes in a report folder: the reports, summary.html,
 * a shard's files and the viewer's folder.  Fills names, returns how many. */
#define CLI_REPORT_NAMES (10 + ST_TABLE_COUNT)
#define CLI_REPORT_NAME_SIZE 32
size_t cli_report_names(char names[][CLI_REPORT_NAME_SIZE]);

/* A file's path as fmt_csv_open takes it: its directory ("." when none;
 * a malloc'd string, the caller's) and its last component (*name points
 * into path).  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_output_split_path(const char *path, char **dir, const char **name);

/* ------------------------------------- what a run must not do (run_guard.c) */

/* Every input but "-" is there: CLI_CONTINUE, or CLI_EXIT_USAGE after
 * naming each one that is not ("COMMAND: cannot read the input 'X': No
 * such file or directory; nothing was read"). */
CLI_MUST_CHECK int cli_inputs_check_or_stop(const char *command, const char *const *inputs, int n);

struct cli_totals;

/* A run that gives no game, and what its message names. */
struct cli_empty_run {
    const char *outdir;           /* -o */
    const char *made_dir;         /* the folder this run made, or NULL */
    const char *selection;        /* the selection in words, "" when none */
    const char *const *inputs;
    int ninputs;
    int allow_empty;              /* --allow-empty: an empty set is wanted */
};

/* After the walk: when no game is selected (none read, or the selection
 * matches none) and an empty set is not wanted, say why and that the
 * reports are kept: CLI_EXIT_EMPTY (the caller drops the new files).
 * Else CLI_CONTINUE. */
CLI_MUST_CHECK int cli_empty_run_or_stop(const char *command, const struct cli_totals *t,
                          const struct cli_empty_run *r);

/* ------------------------------------------- analyze: selection (filter.c) */

/* Which games `analyze` reports and counts (gcaudit(1), "Choosing the games"). */
struct cli_filter {
    struct cli_filter_variant {
        const struct rp_variant *variant; /* the variant the name selects, or NULL */
        char *key;                        /* the name normalised as Game: values are */
    } *variants;
    size_t nvariants;
    char **events;                /* --event texts, ASCII letters lowered */
    size_t nevents;
    char since[11], until[11];    /* YYYY-MM-DD, "" when open */
};

void cli_filter_release(struct cli_filter *f);

/* --variant NAME[,NAME...].  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_filter_add_variants(struct cli_filter *f, const char *list);

/* Look the names up among the registered variants, the defined ones too:
 * once every definition is loaded, before any game is matched. */
void cli_filter_resolve(struct cli_filter *f);

/* --event TEXT.  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_filter_add_event(struct cli_filter *f, const char *text);

/* Check a --since/--until argument (a real date YYYY-MM-DD) and copy it
 * into out.  0, or -1 when it is not one. */
CLI_MUST_CHECK int cli_filter_set_date(char out[11], const char *arg);

/* Nonzero when some --variant NAME names no variant gcaudit replays: it
 * can only select unsupported games by their Game: value. */
int cli_filter_has_open_names(const struct cli_filter *f);

/* For an unsupported game, set hit[i] for each such NAME i that is its
 * Game: value (selected or not), from any thread: a NAME no game set is
 * worth a warning. */
void cli_filter_note_names(const struct cli_filter *f, const struct fmt_game *g,
                           const struct rp_report *r, atomic_uchar *hit);

/* Nonzero when some option narrows the selection. */
int cli_filter_active(const struct cli_filter *f);

/* The date a game is filed under: Ended, else Started, whichever first
 * holds a date YYYY-MM-DD (copied into out).  0, or -1 when neither does. */
int cli_game_date(const struct fmt_game *g, char out[11]);

/* Seconds since 1970-01-01T00:00:00Z at the start of a YYYY-MM-DD day. */
long long cli_date_seconds(const char *ymd);

/* Nonzero when the game is selected. */
int cli_filter_match(const struct cli_filter *f, const struct fmt_game *g,
                     const struct rp_report *r);

/* ---------------------------- analyze: player aliases (alias_file.c) */

struct st_alias;

/* The spellings of an alias file (not the names), each with its row. */
struct cli_alias_spellings {
    struct cli_alias_spelling {
        char *text;
        unsigned long row;        /* 1-based row of the file */
    } *v;
    size_t n;
};

void cli_alias_spellings_release(struct cli_alias_spellings *sp);

/* Read a --player-alias CSV file (gcaudit(1), PLAYER ALIASES), and its
 * spellings into *spellings when not NULL (release them either way).
 * NULL on failure, with "PATH: ..." or "PATH, row N: ..." in err; NULL
 * too when Ctrl-C or SIGTERM came while reading (cli_interrupted says
 * so).  Time linear in the file. */
struct st_alias *cli_alias_read(const char *path, struct cli_alias_spellings *spellings,
                                char *err, size_t errsize);

/* ------------------------------ running out of memory on purpose (alloc.c) */

/* Read GCAUDIT_TEST_OOM (TEXT or TEXT@N): the test hook of alloc.c. */
void cli_alloc_test_setup(void);

/* This thread now parses and replays SOURCE!ENTRY: when it matches the
 * hook's TEXT, its allocations fail (after the first N) until
 * cli_alloc_fail_end.  Nothing when the hook is unset. */
void cli_alloc_fail_in(const char *source, const char *entry);
void cli_alloc_fail_end(void);

/* Work of the whole run done by the thread of an entry (loading the
 * shipped definitions a game asked for) is none of the entry's: the hook
 * is paused around it.  Returns what cli_alloc_resume puts back. */
int cli_alloc_pause(void);
void cli_alloc_resume(int was);

/* ------------------------------- the files of a run (report_set.c) */

/* A run's files are replaced all or nothing: each is written under a
 * temporary name and handed to cli_report_put, which renames it at once,
 * or, while a set is open, when the set is committed.  Used by the thread
 * that writes the reports; one set per process.  dir (or NULL) is the
 * report folder: the commit leaves there the list of the run's files in
 * it (CLI_FILES_LIST) and removes those an earlier run listed and this
 * one did not write, if unchanged since. */
void cli_report_set_begin(const char *dir);

/* The list of what the last run wrote in its report folder, and its first
 * line: version 2, whose digests are report_set.c's DIGEST_WORDS; a list
 * of version 1 (FNV-1a digests, gcaudit before 2026-11-28) is still read. */
#define CLI_FILES_LIST "gcaudit-files.txt"
#define CLI_FILES_HEADER "gcaudit report files 2"
#define CLI_FILES_HEADER_V1 "gcaudit report files 1"

/* Put every waiting file in place.  0; or -1 with errno, every old file
 * left (or put back) as it was and the new ones removed. */
CLI_MUST_CHECK int cli_report_set_commit(void);

/* Remove every waiting file; the old ones are untouched.  Also when no
 * set is open. */
void cli_report_set_abort(void);

/* tmp (complete) belongs at final: renamed now, or at the commit.  0, or
 * -1 with errno (the caller removes tmp). */
CLI_MUST_CHECK int cli_report_put(const char *tmp, const char *final);

/* The same for a directory of plain files (the viewer's pages): the old
 * one is removed once the new one is in place. */
CLI_MUST_CHECK int cli_report_put_dir(const char *tmp, const char *final);

/* Where the file that belongs at final is now: its temporary while it
 * waits, else final (a report read back for the page and the workbook). */
const char *cli_report_waiting(const char *final);

/* Files written complete under their temporary names and not yet handed
 * to the report set (a thread that writes beside the one that owns the
 * set keeps them here). */
#define CLI_KEPT_MAX 8
struct cli_kept {
    char *tmp[CLI_KEPT_MAX], *final[CLI_KEPT_MAX];
    size_t n;
};

/* Where the next file handed to the set would go in its order (the order
 * of CLI_FILES_LIST and of the commit). */
size_t cli_report_mark(void);

/* The files of k handed over as cli_report_put would, in k's order, at
 * mark (from cli_report_mark) in the set's order, before any handed over
 * since: the set is what it would be had they been handed over then.
 * k is emptied; a file that cannot be handed over is removed.  0, or -1
 * with errno (the first failure's). */
CLI_MUST_CHECK int cli_report_put_kept(size_t mark, struct cli_kept *k);

/* A waiting file's digest as the list of the run's files gives it, taken
 * ahead on any thread once the file is written, so that the set's thread
 * does not read it again for the list at the very end of the run. */
struct cli_digest_ahead {
    char *tmp;                    /* the file (its temporary name), owned */
    long long size;
    unsigned long long digest;
};

/* The digest and size of the file at path (any thread).  0, or -1 when it
 * is no regular file or memory ran out (out->tmp NULL). */
CLI_MUST_CHECK int cli_report_digest_file(const char *path, struct cli_digest_ahead *out);

/* On the set's thread: the list takes d's digest for the waiting file
 * named d->tmp while it has d's size (else it reads the file again);
 * d->tmp is freed. */
void cli_report_digest_ahead(struct cli_digest_ahead *d);

/* Drop the file that belongs at final, waiting or placed. */
void cli_report_discard(const char *final);

/* A name of the viewer's pages ("1.html", "2.html", ...): the only files
 * gcaudit writes in, and so removes from, the pages' folder. */
int cli_viewer_page_name(const char *name);

/* Remove a folder of viewer pages: each page, then the folder.  A symbolic
 * link is never followed, and a file that is not a page is never removed
 * (the folder then stays).  0 when the folder is gone or was not there;
 * -1 with errno otherwise. */
CLI_MUST_CHECK int cli_remove_pages(const char *path);


/* ------------------------ analyze: statistics outputs (stats_*.c, html) */

struct st_stats;
struct st_summary;

/* variants.csv, terminations.csv, players.csv, headtohead.csv,
 * standings.csv and rating_lists.csv in dir, each handed to
 * cli_report_put when complete, or, when k is not NULL, kept complete
 * under its temporary name in k (for cli_report_put_kept).  0, or -1
 * with errno set (the files kept so far stay in k). */
CLI_MUST_CHECK int cli_write_stats_csv(const struct st_stats *s, const char *dir, int excel,
                                       struct cli_kept *k);


/* --viewer: which games get a page in the game viewer. */
enum cli_viewer {
    CLI_VIEWER_ILLEGAL = 0,       /* (default) replayed games with violations */
    CLI_VIEWER_ALL,               /* every replayed game */
    CLI_VIEWER_NONE
};

/* "illegal", "all", "none"; and back (-1 when s is none of them). */
const char *cli_viewer_name(enum cli_viewer v);
int cli_viewer_parse(const char *s);

/* --viewer-max: the most games the viewer gives a page, so that a run of a
 * million games with violations does not write gigabytes of pages; the
 * others are listed all the same, without a view link (gcaudit(1), The
 * game viewer). */
#define CLI_VIEWER_MAX_GAMES 10000

/* --viewer-max N (analyze and merge, named by command): N into *max, 0
 * for no limit (UINT64_MAX).  CLI_CONTINUE, or CLI_EXIT_USAGE after saying
 * what is wrong. */
CLI_MUST_CHECK int cli_viewer_max_or_stop(const char *command, const char *v, uint64_t *max);

/* The row reports of a finished run, read back for the pages and the
 * workbook (paths; viewer NULL when no viewer records were made). */
struct cli_report_files {
    const char *inputs, *games, *violations;
    const char *viewer;           /* one line per games.csv row: a record or empty */
};

/* What a run was asked, for the run block of the page and the workbook. */
struct cli_run_info {
    long long started;            /* seconds since 1970 (SOURCE_DATE_EPOCH when set) */
    const char *const *inputs;    /* INPUT arguments as given */
    size_t ninputs;
    const char *aliases;          /* --player-alias FILE, or NULL */
    int excel;
    enum cli_viewer viewer;
    uint64_t viewer_max;          /* --viewer-max: at most this many games get a page */
    struct cli_report_files files;
    const char *pgn;              /* what --pgn wrote, in the summary's words
                                     (cli_pgn_files_text), or NULL */
};

/* The viewer option in the summary's words, with --viewer-max: "illegal
 * (at most 10000 games: --viewer-max)", "all (no limit: --viewer-max 0)",
 * "none"; in buf (96 bytes are enough) or a constant. */
const char *cli_viewer_text(const struct cli_run_info *in, char *buf, size_t size);

/* The start of a run for the reports: SOURCE_DATE_EPOCH when it is set to
 * a number (reproducible reports, https://reproducible-builds.org), else
 * the clock. */
long long cli_run_started(void);

/* What summary.html says about the run besides the tables. */
struct cli_crosstables;
struct cli_audit_pass;

struct cli_html_run {
    const struct st_summary *sum; /* counts over the selected games, each counted once */
    const struct st_summary *copies; /* the copies of earlier games among the selected,
                                        counted in none of sum's fields; NULL: none */
    uint64_t games_found;         /* games read, selected or not */
    const char *results;          /* "verified" or "declared" */
    const char *selection;        /* the filters in words, "" when none */
    uint64_t min_games;
    const struct cli_run_info *info;
    const struct st_alias *alias; /* the names the statistics used, or NULL */
    const struct cli_alias_spellings *spellings; /* and the spellings in it, or NULL */
    struct cli_crosstables *crosstables; /* the caller's, made from the statistics; the
                                            page's audit pass feeds it the games, then the
                                            page and the workbook draw it */
    struct cli_audit_pass *audit; /* the page's pass over the row reports
                                     (cli_audit_pass_run), the caller's */
};

/* The workbook at path (written under a temporary name, then renamed):
 * the statistics tables, the games and violations read back from
 * run->info->files, and an info sheet (stats_xlsx.c); `created` (seconds
 * since 1970, > 0) is its creation date, fixed by the caller so that the
 * same input gives the same bytes.  0, or -1 with the reason in err. */
CLI_MUST_CHECK int cli_write_stats_xlsx(const struct st_stats *s, const struct cli_html_run *run,
                         const char *path, long long created, char *err, size_t errsize);

/* summary.html in dir (temporary name, renamed), with the Audit section
 * read back from run->info->files by run->audit, whose pass over
 * games.csv fed run->crosstables, and the viewer pages beside it.  0, or
 * -1 with the reason in err. */
CLI_MUST_CHECK int cli_write_summary_html(const struct st_stats *s, const struct cli_html_run *run,
                           const char *dir, char *err, size_t errsize);

/* ------------------- analyze and merge: the end of a run (report.c) */

/* How the ratings are placed (Ordo's conventions; analyze's options, which
 * merge takes from the shards). */
#define CLI_NAME_MAX 512          /* the longest --anchor name, with its NUL */
struct cli_rating_opts {
    char anchor[CLI_NAME_MAX];    /* --anchor, after --player-alias; "" when none */
    double anchor_rating;         /* --anchor-rating */
    int average_set;              /* --average given */
    double average;
    int white_advantage;          /* --white-advantage */
};

/* The options that shape the reports (the same for analyze and merge). */
struct cli_report_opts {
    const char *outdir;
    int excel;
    int declared;                 /* --results declared */
    uint64_t min_games;
    const char *selection;        /* the selection options in words, "" when none */
    const char *xlsx;             /* --xlsx FILE, or NULL */
    struct cli_run_info info;
    enum st_illegal illegal;      /* --illegal-games */
    const struct cli_rating_opts *rating;
    const struct st_alias *alias; /* --player-alias, read, or NULL */
    const struct cli_alias_spellings *spellings; /* its spellings, or NULL */
    unsigned shard, nshards;      /* a shard's K of N (the summary names it); nshards 0: none */
    unsigned threads;             /* -j: the threads the end of the run may use (0: one) */
};

/* The paths of the row reports in dir (viewer: CLI_VIEWER_FILE, or NULL
 * when no records were made).  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_report_files_in(struct cli_report_files *f, const char *dir, int viewer);
void cli_report_files_release(struct cli_report_files *f);

/* Finish the statistics (warning about split rating lists and an anchor
 * rated nowhere) and write variants.csv ... rating_lists.csv,
 * summary.html and the workbook.  0, or -1 after saying what failed. */
CLI_MUST_CHECK int cli_report_statistics(struct st_stats *stats, const struct cli_totals *t,
                          const struct cli_report_opts *o);

/* Rating list `list` (a row of rating_lists.csv) in words when its players
 * form groups that never met, directly or through others: "2 groups of
 * players never met, ...: group 1 (3 players): Cat, Dan, Eve; group 2
 * ..." (the first five players of each of the first ten groups); *text
 * is the caller's, NULL for a list of one group.  0, or -1 when out of
 * memory. */
CLI_MUST_CHECK int cli_rating_groups_text(const struct st_stats *s, size_t list, char **text);

/* The warnings the counts of a whole run call for (a selection that
 * matches none of the games read). */
void cli_report_warnings(const struct cli_totals *t, const struct cli_report_opts *o);

/* The closing lines on stdout. */
void cli_report_summary(const struct cli_totals *t, const struct cli_report_opts *o, double secs);

/* The exit status the counts call for (0, 1 some entries failed, 3). */
int cli_report_exit_status(const struct st_summary *s);

/* ------------------------- analyze --shard and merge: the state (state.c) */

#define CLI_STATE_FILE "gcaudit-shard.txt"
#define CLI_ROWS_FILE "gcaudit-shard-rows.csv"
/* The game viewer's records, one line per games.csv row (audit.h). */
#define CLI_VIEWER_FILE "gcaudit-viewer.txt"
/* A shard's part of the --pgn file, one record per games.csv row
 * (pgn_export.c). */
#define CLI_PGN_PART_FILE "gcaudit-shard-pgn.txt"

/* A shard's state: what merge needs besides the row reports. */
struct cli_state {
    unsigned shard, nshards;      /* K and N of --shard K/N */
    int declared, excel;
    uint64_t min_games;
    char selection[512];
    int viewer;                   /* enum cli_viewer */
    char aliases[1024];           /* --player-alias FILE, "" for none */
    char **inputs;                /* the INPUT arguments (written from, read into: owned) */
    size_t ninputs;
    enum st_illegal illegal;      /* --illegal-games */
    struct cli_rating_opts rating;
    struct cli_totals totals;
    int keep_duplicates;          /* --keep-duplicates */
    char pgn[1024];               /* --pgn FILE, "" for none */
    /* What else the shard was made with (merge refuses shards that differ). */
    char made_by[64];             /* the gcaudit version that wrote it (read; written: GC_VERSION) */
    char definitions[CLI_SHA256_HEX]; /* cli_definitions_sha256() of the run */
    char aliases_sha256[CLI_SHA256_HEX]; /* of the --player-alias file's bytes, "" for none */
    uint64_t max_inflated;        /* --max-inflated */
    /* The files merge reads besides the state, as the shard wrote them
     * (read; written: computed from the files). */
    struct cli_state_file {
        const char *name;         /* in the shard's directory */
        uint64_t size;            /* bytes */
        char sha256[CLI_SHA256_HEX];
    } files[6];
    size_t nfiles;
};

/* "dir/name", the caller's; NULL when out of memory. */
char *cli_path_in(const char *dir, const char *name);

/* Free what cli_state_read allocated (the inputs). */
void cli_state_release(struct cli_state *s);

/* Write dir/CLI_STATE_FILE (temporary name, renamed): s, the statistics,
 * the size and SHA-256 of each file of the shard merge reads (as waiting
 * to be put in place, report_set.c), and last the SHA-256 of everything
 * before that line.  0, or -1 with errno. */
CLI_MUST_CHECK int cli_state_write(const char *dir, const struct cli_state *s, const struct st_stats *stats);

/* Read dir/CLI_STATE_FILE into *s and add its statistics to stats, once
 * its bytes match the digest of its last line.  0, or -1 with the reason
 * in err. */
CLI_MUST_CHECK int cli_state_read(const char *dir, struct cli_state *s, struct st_stats *stats, char *err,
                   size_t errsize);

/* Each of s->files in dir: its size and SHA-256 as the state says.  0, or
 * -1 with the reason (the first file that differs or cannot be read) in
 * err. */
CLI_MUST_CHECK int cli_state_check_files(const char *dir, const struct cli_state *s, char *err,
                          size_t errsize);

int cmd_merge(int argc, char **argv);

#endif
