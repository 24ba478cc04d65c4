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
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/audit.h"
#include "cli/cli.h"
#include "cli/rows.h"
#include "stats/stats.h"

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
    uint64_t max_inflated;        /* --max-inflated: the decompression budget's floor */
    int illegal_exclude;          /* --illegal-games exclude */
    struct cli_rating_opts rating; /* --anchor (resolved through the aliases), ... */
    int anchor_rating_set;        /* --anchor-rating given */
    int keep_duplicates;          /* --keep-duplicates: no duplicate check */
    const char *pgn;              /* --pgn FILE, or NULL */
};

/* One replay thread's own state: nothing in it is shared. */
struct worker {
    struct analyze *A;
    cli_view_rec *view;           /* the game viewer's recorder */
    cli_pgn_rec *pgn;             /* --pgn's recorder, or NULL */
};

struct analyze {
    struct analyze_opts o;
    fmt_csv *inputs, *games, *violations, *rows;
    fmt_csv *viewer;              /* the viewer records (CLI_VIEWER_FILE), or NULL */
    fmt_csv *pgn;                 /* --pgn: the file, or a shard's part (CLI_PGN_PART_FILE) */
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
    cli_pool *pool;
    int write_failed;
    int failed;                   /* out of memory: the run stops, nothing is kept */
    char *made_dir;               /* the first directory of -o this run created, or NULL */
    atomic_uchar *name_hits;      /* per --variant NAME: some game's Game: value is NAME */
    atomic_uchar *alias_seen;     /* per alias id (st_alias_id): a selected game has it */
    struct cli_alias_spellings spellings; /* of the alias file, with their rows */
    cli_dups *dups;               /* the games seen, for duplicates; NULL with --keep-duplicates */
};

static const struct cli_command_options analyze_options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gcaudit analyze INPUT... [-o DIR] [OPTIONS]\n\n"
            "Replay every game in the inputs and write into DIR inputs.csv, games.csv,\n"
            "violations.csv, the statistics variants.csv, terminations.csv, players.csv,\n"
            "headtohead.csv, standings.csv, rating_lists.csv, and summary.html.  An\n"
            "INPUT is a log file, a directory (read recursively), '-' for standard\n"
            "input, or an archive or compressed\n"
            "file (tar, zip, 7z, cpio, gz, bz2, xz, zst; archives inside archives too).\n\n");
    cli_options_help(f, &analyze_options);
    fprintf(f, "\nexit status: 0 all inputs read, 1 some entries failed, 2 usage error,\n"
               "3 nothing could be read or the reports could not be written\n");
}

/* ------------------------------------------------------------- options */

/* The option handlers: each takes the struct analyze_opts and the value
 * (NULL for a flag) and returns CLI_CONTINUE or the exit status after
 * saying what is wrong (cli.h, "_or_stop"). */

static int opt_output(void *o, const char *v)
{
    ((struct analyze_opts *)o)->outdir = v;
    return CLI_CONTINUE;
}

static int opt_excel(void *o, const char *v)
{
    (void)v;
    ((struct analyze_opts *)o)->excel = 1;
    return CLI_CONTINUE;
}

static int opt_quiet(void *o, const char *v)
{
    (void)v;
    ((struct analyze_opts *)o)->quiet = 1;
    return CLI_CONTINUE;
}

static int opt_verbose(void *o, const char *v)
{
    (void)v;
    ((struct analyze_opts *)o)->verbose = 1;
    return CLI_CONTINUE;
}

static int opt_strict(void *o, const char *v)
{
    (void)v;
    ((struct analyze_opts *)o)->strict = 1;
    return CLI_CONTINUE;
}

static int opt_help(void *o, const char *v)
{
    (void)o, (void)v;
    usage(stdout);
    return CLI_EXIT_OK;
}

static int opt_pgn(void *o, const char *v)
{
    if (!v[0]) {
        cli_error("analyze: the --pgn file name is empty");
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->pgn = v;
    return CLI_CONTINUE;
}

static int opt_xlsx(void *o, const char *v)
{
    if (!v[0]) {
        cli_error("analyze: the --xlsx file name is empty");
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->xlsx = v;
    return CLI_CONTINUE;
}

/* A count in [lo, hi] written in decimal, all of s; -1 when it is not. */
static long parse_count(const char *s, long lo, long hi)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    return s[0] >= '0' && s[0] <= '9' && !*end && !errno && n >= lo && n <= hi ? n : -1;
}

static const char jobs_wanted[] = "analyze: -j wants a number of threads from 1 to 1024";

static int opt_jobs(void *o, const char *v)
{
    long n = parse_count(v, 1, 1024);
    if (n < 0) {
        cli_error("%s", jobs_wanted);
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->jobs = (int)n;
    return CLI_CONTINUE;
}

static const char shard_wanted[] =
    "analyze: --shard wants K/N with 1 <= K <= N, e.g. --shard 2/8";

static int opt_shard(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    const char *slash = strchr(v, '/');
    char k[16];
    long kk = -1, nn = slash ? parse_count(slash + 1, 1, 1000000) : -1;
    if (slash && (size_t)(slash - v) < sizeof k) {
        memcpy(k, v, (size_t)(slash - v));
        k[slash - v] = '\0';
        kk = parse_count(k, 1, nn);
    }
    if (kk < 0 || nn < 0) {
        cli_error("%s", shard_wanted);
        return CLI_EXIT_USAGE;
    }
    o->shard = (unsigned)kk;
    o->nshards = (unsigned)nn;
    return CLI_CONTINUE;
}

/* The selection in words, for summary.html: "variant chess, since ...". */
static void note_selection(struct analyze_opts *o, const char *name, const char *value)
{
    size_t len = strlen(o->selection);
    snprintf(o->selection + len, sizeof o->selection - len, "%s%s %s", len ? ", " : "", name,
             value);
}

static int out_of_memory_or_stop(void)
{
    cli_error("analyze: out of memory");
    return CLI_EXIT_NOTHING;
}

static int opt_variant(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    if (cli_filter_add_variants(&o->filter, v) != 0)
        return out_of_memory_or_stop();
    note_selection(o, "variant", v);
    return CLI_CONTINUE;
}

static int opt_event(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    if (cli_filter_add_event(&o->filter, v) != 0)
        return out_of_memory_or_stop();
    note_selection(o, "event", v);
    return CLI_CONTINUE;
}

static int date_or_stop(struct analyze_opts *o, char out[11], const char *name, const char *v)
{
    if (cli_filter_set_date(out, v) != 0) {
        cli_error("analyze: --%s wants a date YYYY-MM-DD, not '%s'", name, v);
        return CLI_EXIT_USAGE;
    }
    note_selection(o, name, v);
    return CLI_CONTINUE;
}

static int opt_since(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    return date_or_stop(o, o->filter.since, "since", v);
}

static int opt_until(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    return date_or_stop(o, o->filter.until, "until", v);
}

static int opt_results(void *o, const char *v)
{
    if (strcmp(v, "verified") != 0 && strcmp(v, "declared") != 0) {
        cli_error("analyze: --results is 'verified' or 'declared', not '%s'", v);
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->declared = strcmp(v, "declared") == 0;
    return CLI_CONTINUE;
}

static int opt_player_alias(void *o, const char *v)
{
    ((struct analyze_opts *)o)->alias_path = v;
    return CLI_CONTINUE;
}

static int opt_viewer(void *o, const char *v)
{
    int mode = cli_viewer_parse(v);
    if (mode < 0) {
        cli_error("analyze: --viewer is 'illegal', 'all' or 'none', not '%s'", v);
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->viewer = (enum cli_viewer)mode;
    return CLI_CONTINUE;
}

static int opt_min_games(void *o, const char *v)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (!v[0] || *end || errno || v[0] == '-') {
        cli_error("analyze: --min-games wants a number, not '%s'", v);
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->min_games = n;
    return CLI_CONTINUE;
}

static int opt_variants(void *o, const char *v)
{
    return cli_definitions_add_or_stop(&((struct analyze_opts *)o)->defs, v);
}

/* SIZE: a number of bytes, or of KiB, MiB, GiB, TiB with the suffix K, M,
 * G, T (iB or B may follow, in any case).  0 when it is not one. */
static uint64_t parse_size(const char *s)
{
    char *end;
    errno = 0;
    if (s[0] < '0' || s[0] > '9')
        return 0;
    unsigned long long n = strtoull(s, &end, 10);
    if (errno)
        return 0;
    static const char units[] = "kmgt";
    const char *u = *end ? strchr(units, *end | 0x20) : NULL;
    int shift = u ? 10 * (int)(u - units + 1) : 0;
    if (u)
        end++;
    if ((end[0] | 0x20) == 'i' && (end[1] | 0x20) == 'b' && u)
        end += 2;
    else if ((end[0] | 0x20) == 'b' && !end[1])
        end++;
    if (*end || n > (UINT64_MAX >> shift))
        return 0;
    return (uint64_t)n << shift;
}

static int opt_max_inflated(void *o, const char *v)
{
    uint64_t n = parse_size(v);
    if (n == 0) {
        cli_error("analyze: --max-inflated wants a size such as 4G or 512M, not '%s'", v);
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->max_inflated = n;
    return CLI_CONTINUE;
}

static int opt_illegal_games(void *o, const char *v)
{
    if (strcmp(v, "result") != 0 && strcmp(v, "exclude") != 0) {
        cli_error("analyze: --illegal-games is 'result' or 'exclude', not '%s'", v);
        return CLI_EXIT_USAGE;
    }
    ((struct analyze_opts *)o)->illegal_exclude = strcmp(v, "exclude") == 0;
    return CLI_CONTINUE;
}

static int opt_anchor(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    if (!v[0] || strlen(v) >= sizeof o->rating.anchor) {
        cli_error("analyze: --anchor wants a player's name (at most %zu bytes)",
                  sizeof o->rating.anchor - 1);
        return CLI_EXIT_USAGE;
    }
    memcpy(o->rating.anchor, v, strlen(v) + 1);
    return CLI_CONTINUE;
}

/* A rating: a finite number of at most a million either way. */
static int rating_or_stop(const char *name, const char *v, double *out)
{
    char *end;
    errno = 0;
    double r = strtod(v, &end);
    if (!v[0] || *end || errno || !(r >= -1e6 && r <= 1e6)) {
        cli_error("analyze: %s wants a rating (a number), not '%s'", name, v);
        return CLI_EXIT_USAGE;
    }
    *out = r;
    return CLI_CONTINUE;
}

static int opt_anchor_rating(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    o->anchor_rating_set = 1;
    return rating_or_stop("--anchor-rating", v, &o->rating.anchor_rating);
}

static int opt_average(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    o->rating.average_set = 1;
    return rating_or_stop("--average", v, &o->rating.average);
}

static int opt_white_advantage(void *o, const char *v)
{
    (void)v;
    ((struct analyze_opts *)o)->rating.white_advantage = 1;
    return CLI_CONTINUE;
}

static int opt_keep_duplicates(void *o, const char *v)
{
    (void)v;
    ((struct analyze_opts *)o)->keep_duplicates = 1;
    return CLI_CONTINUE;
}

static int operand(void *opts, const char *arg)
{
    struct analyze_opts *o = opts;
    o->inputs[o->ninputs++] = arg;
    return CLI_CONTINUE;
}

/*
 * The options of analyze, in the order of the help.  To add one: write
 * its handler above (it sets a field of struct analyze_opts, or says what
 * is wrong and returns CLI_EXIT_USAGE), add the field, and add its row
 * here with its help line; options.c does the matching, the values and
 * the help.  A condition between options (--shard with --xlsx) is checked
 * in parse_args_or_stop, once they are all read.
 */
static const struct cli_option analyze_option_rows[] = {
    {.name = "--output", .letter = 'o', .value = "DIR", .set_or_stop = opt_output,
     .help = "where the reports go (default: gcaudit-report)",
     .missing = "%s needs a directory"},
    {.name = "--excel", .set_or_stop = opt_excel,
     .help = "byte-order mark and CRLF line ends, for spreadsheets"},
    {.name = "--xlsx", .value = "FILE", .set_or_stop = opt_xlsx,
     .help = "also write a workbook: statistics, games, violations"},
    {.name = "--pgn", .value = "FILE", .set_or_stop = opt_pgn,
     .help = "also write the games of Chess and the variants PGN\n"
             "tools read (Chess960, Crazyhouse, ...) as PGN"},
    {.name = "--viewer", .value = "illegal|all|none", .set_or_stop = opt_viewer,
     .help = "game viewer pages in DIR/games/ for the games\n"
             "with violations or left for review (default),\n"
             "every game, or none"},
    {.name = "--quiet", .letter = 'q', .set_or_stop = opt_quiet,
     .help = "no progress line and no summary"},
    {.name = "--verbose", .letter = 'v', .set_or_stop = opt_verbose,
     .help = "print every violation on stderr"},
    {.name = "--jobs", .letter = 'j', .value = "N", .set_or_stop = opt_jobs,
     .help = "replay on N threads (default: one per core;\n"
             "the reports are the same bytes whatever N is)",
     .missing = jobs_wanted, .flags = CLI_OPT_ATTACHED},
    {.name = "--strict", .set_or_stop = opt_strict,
     .help = "a warning makes the exit status 2 (for scripts)"},
    {.name = "--shard", .value = "K/N", .set_or_stop = opt_shard,
     .help = "replay only shard K of N (1 <= K <= N) and leave\n"
             "the state 'gcaudit merge' combines",
     .missing = shard_wanted},
    {.name = "--max-inflated", .value = "SIZE", .set_or_stop = opt_max_inflated,
     .help = "an input may decompress to SIZE, or 1024 times its\n"
             "own size if more (default 1G; members past it fail)"},
    {.name = "--help", .letter = 'h', .set_or_stop = opt_help,
     .help = "this text"},
    {.name = "--variants", .value = "FILE", .set_or_stop = opt_variants,
     .help = "variant definitions (variants.ini syntax) besides the\n"
             "shipped ones; a section replaces one of its name\n"
             "(repeatable)"},
    {.name = "--variant", .value = "NAME", .set_or_stop = opt_variant,
     .help = "only this variant (repeatable, or NAME,NAME)",
     .section = "choosing the games (every report but inputs.csv)"},
    {.name = "--event", .value = "TEXT", .set_or_stop = opt_event,
     .help = "only events containing TEXT (any case; repeatable)"},
    {.name = "--since", .value = "DATE", .set_or_stop = opt_since,
     .help = "only games of DATE (YYYY-MM-DD) or later"},
    {.name = "--until", .value = "DATE", .set_or_stop = opt_until,
     .help = "only games of DATE or earlier (date: Ended, else\n"
             "Started; games without one are left out)"},
    {.name = "--results", .value = "verified|declared", .set_or_stop = opt_results,
     .help = "count the results gcaudit verified (default) or\n"
             "the ones the logs declare",
     .section = "statistics"},
    {.name = "--player-alias", .value = "FILE", .set_or_stop = opt_player_alias,
     .help = "CSV rows: NAME,SPELLING,... counted as NAME"},
    {.name = "--min-games", .value = "N", .set_or_stop = opt_min_games,
     .help = "list players with at least N valid games"},
    {.name = "--keep-duplicates", .set_or_stop = opt_keep_duplicates,
     .help = "count every copy of a game (same variant, players\n"
             "and moves); by default the first only"},
    {.name = "--illegal-games", .value = "result|exclude", .set_or_stop = opt_illegal_games,
     .help = "the standings count an illegal game's result\n"
             "(default) or leave the game out"},
    {.name = "--anchor", .value = "NAME", .set_or_stop = opt_anchor,
     .help = "give NAME the rating --anchor-rating in every\n"
             "rating list (Ordo's anchor)"},
    {.name = "--anchor-rating", .value = "R", .set_or_stop = opt_anchor_rating,
     .help = "the rating of the --anchor player"},
    {.name = "--average", .value = "R", .set_or_stop = opt_average,
     .help = "the mean rating of every list (default 1500)"},
    {.name = "--white-advantage", .set_or_stop = opt_white_advantage,
     .help = "fit White's advantage into the ratings and\n"
             "report it in rating_lists.csv"},
};

static const struct cli_command_options analyze_options = {
    "analyze", analyze_option_rows, sizeof analyze_option_rows / sizeof analyze_option_rows[0],
    operand, usage,
};

/* The default -j: one replay thread per core. */
static int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* The same file given twice (by the same or another path) is read once:
 * its games would otherwise all be counted twice. */
static void drop_repeated_inputs(struct analyze_opts *o)
{
    int kept = 0;
    for (int i = 0; i < o->ninputs; i++) {
        struct stat si, sj;
        int repeated = -1;
        if (strcmp(o->inputs[i], "-") != 0 && stat(o->inputs[i], &si) == 0)
            for (int j = 0; j < kept && repeated < 0; j++)
                if (strcmp(o->inputs[j], "-") != 0 && stat(o->inputs[j], &sj) == 0 &&
                    si.st_dev == sj.st_dev && si.st_ino == sj.st_ino)
                    repeated = j;
        if (repeated >= 0)
            cli_warning("'%s' is given twice (also as '%s'): it is read once", o->inputs[i],
                        o->inputs[repeated]);
        else
            o->inputs[kept++] = o->inputs[i];
    }
    o->ninputs = kept;
}

static int parse_args_or_stop(int argc, char **argv, struct analyze_opts *o)
{
    o->outdir = "gcaudit-report";
    o->inputs = calloc((size_t)argc, sizeof *o->inputs);
    if (!o->inputs)
        return out_of_memory_or_stop();
    int rc = cli_options_parse_or_stop(&analyze_options, argc, argv, o);
    if (rc != CLI_CONTINUE)
        return rc;
    if (o->ninputs == 0) {
        cli_error("analyze: no input given");
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    if (!o->outdir[0]) {
        cli_error("analyze: the output directory name is empty");
        return CLI_EXIT_USAGE;
    }
    if (o->nshards && o->xlsx) {
        cli_error("analyze: a shard has no statistics: give --xlsx to 'gcaudit merge'");
        return CLI_EXIT_USAGE;
    }
    if (o->rating.anchor[0] && !o->anchor_rating_set) {
        cli_error("analyze: --anchor needs --anchor-rating R, the rating it fixes");
        return CLI_EXIT_USAGE;
    }
    if (o->anchor_rating_set && !o->rating.anchor[0]) {
        cli_error("analyze: --anchor-rating needs --anchor NAME, the player it fixes");
        return CLI_EXIT_USAGE;
    }
    if (o->rating.anchor[0] && o->rating.average_set) {
        cli_error("analyze: --anchor and --average both place the ratings: give one");
        return CLI_EXIT_USAGE;
    }
    if (!o->jobs)
        o->jobs = default_jobs();
    drop_repeated_inputs(o);
    if (o->filter.since[0] && o->filter.until[0] && strcmp(o->filter.since, o->filter.until) > 0)
        cli_warning("--since %s is after --until %s: no game can be selected", o->filter.since,
                    o->filter.until);
    return CLI_CONTINUE;
}

static const char *const rows_header[] = {"seq", "game_index", "violations"};

static int open_reports(struct analyze *A)
{
    const char *dir = A->o.outdir;
    if (cli_output_make_dir(dir, &A->made_dir) != 0) {
        cli_error("analyze: cannot write the reports in '%s': %s", dir, strerror(errno));
        return -1;
    }
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
        char *pdir;
        const char *name;
        if (cli_output_split_path(A->o.pgn, &pdir, &name) == 0)
            A->pgn = fmt_csv_open(pdir, name, NULL, 0, 0);
        free(pdir);
    }
    if (A->inputs && A->games && A->violations && (A->rows || !A->o.nshards) &&
        (A->viewer || A->o.viewer == CLI_VIEWER_NONE) && (A->pgn || !A->o.pgn))
        return 0;
    cli_error("analyze: cannot write the reports in '%s': %s", dir, strerror(errno));
    return -1;
}

/* Drop the reports unwritten, the finished ones waiting to be put in
 * place too (report_set.c): an earlier run's stay as they were, and a
 * directory this run made goes. */
static void abort_reports(struct analyze *A)
{
    fmt_csv_abort(A->inputs);
    fmt_csv_abort(A->games);
    fmt_csv_abort(A->violations);
    fmt_csv_abort(A->rows);
    fmt_csv_abort(A->viewer);
    fmt_csv_abort(A->pgn);
    A->inputs = A->games = A->violations = A->rows = A->viewer = A->pgn = NULL;
    cli_report_set_abort();
    cli_output_unmake_dir(A->o.outdir, A->made_dir);
}

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
    size_t row_end;               /* owned: its games.csv row in games, up to the line end */
    size_t counted;               /* owned: its packed counts in counts */
};

struct batch {
    struct cli_job job;           /* first: the pool hands this back */
    struct batch_entry e[BATCH_ENTRIES];
    size_t n;
    /* What replaying gives, to be written in order. */
    struct fmt_buf inputs, games, violations, rows, viewer;
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

static void batch_free(struct batch *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++) {
        free(b->e[i].names);
        free(b->e[i].text);
    }
    fmt_buf_release(&b->inputs);
    fmt_buf_release(&b->games);
    fmt_buf_release(&b->violations);
    fmt_buf_release(&b->rows);
    fmt_buf_release(&b->messages);
    fmt_buf_release(&b->viewer);
    fmt_buf_release(&b->pgn);
    fmt_buf_release(&b->counts);
    fmt_buf_release(&b->recs);
    cli_spill_free(b->spill);
    free(b);
}

/* The buffers a spill chunk holds, in its order: every one the writer
 * takes from a batch (spill.c). */
#define BATCH_BUFS 9

static void batch_bufs(struct batch *b, struct fmt_buf *v[BATCH_BUFS])
{
    v[0] = &b->inputs, v[1] = &b->games, v[2] = &b->violations, v[3] = &b->rows;
    v[4] = &b->viewer, v[5] = &b->pgn, v[6] = &b->counts, v[7] = &b->recs;
    v[8] = &b->messages;
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

static size_t batch_nrecs(const struct batch *b) { return b->recs.len / sizeof(struct game_rec); }

static struct game_rec *batch_rec(const struct batch *b, size_t i)
{
    return (struct game_rec *)b->recs.data + i;
}

/* Copy what the batch needs of an entry; its text is taken, not copied. */
static int batch_add(struct batch *b, const struct fmt_entry *e)
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
 * it is a copy of an earlier one (emit_batch). */
static int count_game(struct worker *W, struct batch *b, const struct fmt_game *g,
                      const struct rp_report *r, struct game_rec *rec)
{
    const struct analyze_opts *o = &W->A->o;
    struct st_game sg = {
        .variant = cli_variant_name(g, r),
        .status = r->status,
        .result = o->declared ? r->declared : r->result,
        .turns = r->turns,
        .termination = r->termination,
        .detail = r->detail,
        .white = st_alias_resolve(W->A->alias, g->white),
        .black = st_alias_resolve(W->A->alias, g->black),
        .colours_swapped = r->colours_swapped,
        .event = g->event,
        .standings_count_illegal = !o->illegal_exclude,
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

/* The rows of a selected game, and its line in a shard's index. */
static int format_game(struct analyze *A, struct batch *b, const struct batch_entry *x,
                       const struct fmt_game *g, const struct rp_report *r, FILE *verbose)
{
    struct fmt_entry e = {.source = x->source, .entry = x->entry};
    struct cli_row_buf buf;
    const char *cells[CLI_GAMES_COLS];
    cli_games_row(&e, g, r, &buf, cells);
    if (format_row(&b->games, cells, CLI_GAMES_COLS, A->o.excel) != 0)
        return -1;
    struct cli_where where = {x->source, x->entry, g->index};
    for (size_t i = 0; i < r->nviolations; i++) {
        cli_violations_row(&e, g, r, &r->violations[i], &buf, cells);
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

/* The line end of the reports' rows. */
static size_t eol_len(const struct analyze *A) { return A->o.excel ? 2 : 1; }

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
    rec->row_end = b->games.len - eol_len(A);
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
        if (cli_pgn_rec_write(W->pgn, g, r, &where, A->o.nshards != 0, &b->pgn, &fate) != 0)
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
 * batch holds (emit_batch), so a failed entry's games count nowhere.  0,
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
            rec->row_end -= m->len[1];
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
    b->why = spill_failed;
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
                b->spill_failed = 1, b->why = spill_failed;
            return games;
        }
    }
    if (games < 0) {
        if (undo_entry(b, &m) != 0)
            b->spill_failed = 1, b->why = spill_failed;
        return -1;
    }
    return games;
}

static int work_entry(struct worker *W, struct batch *b, struct batch_entry *x,
                      FILE *messages, FILE *verbose)
{
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
    } else {
        s->entries_failed++;
        say_failed(messages, x, message);
    }
    struct fmt_entry e = {.source = x->source, .entry = x->entry, .bytes = x->bytes,
                          .status = status, .message = message};
    struct cli_row_buf buf;
    const char *cells[CLI_INPUTS_COLS];
    cli_inputs_row(&e, (unsigned long long)games, &buf, cells);
    return format_row(&b->inputs, cells, CLI_INPUTS_COLS, W->A->o.excel);
}

/* The pool's work: replay a batch into its buffers. */
static void work_batch(void *worker, struct cli_job *job)
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
     * none of it (emit_batch reads it back chunk by chunk): the batches
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

/* -------------------------------------------- writing (the main thread) */

static void write_bytes(struct analyze *A, fmt_csv *csv, const struct fmt_buf *buf)
{
    if (csv && buf->len && fmt_csv_write(csv, buf->data, buf->len) != FMT_OK)
        A->write_failed = 1;
}

/* The batch's selected games, in input order: copies of earlier games are
 * named in their games.csv row (its last cell, duplicate_of) and not
 * counted; the others are counted into the statistics.  Writes games.csv
 * as it goes.  0, or -1 when out of memory or a count failed (said). */
static int count_batch(struct analyze *A, struct batch *b)
{
    size_t written = 0;
    for (size_t i = 0; i < batch_nrecs(b); i++) {
        const struct game_rec *rec = batch_rec(b, i);
        const struct batch_entry *x = &b->e[rec->entry];
        const char *first = NULL;
        int dup = A->dups && rec->fp[0] ? cli_dups_check(A->dups, rec->fp, x->seq, x->source,
                                                          x->entry, rec->index, &first)
                                        : 0;
        if (dup < 0) {
            cli_error("out of memory while looking for duplicate games");
            return -1;
        }
        if (!rec->owned)
            continue;
        struct st_game sg;
        struct st_summary one;
        cli_counted_unpack(&b->counts, rec->counted, &sg, &one);
        if (dup) {
            /* The row was written with its last cell empty: the name goes
             * before its line end. */
            struct fmt_buf cell = {0};
            const char *cells[1] = {first};
            int ok = fmt_csv_format_row(&cell, cells, 1, A->o.excel) == FMT_OK;
            if (ok && A->games &&
                (fmt_csv_write(A->games, b->games.data + written, rec->row_end - written) !=
                     FMT_OK ||
                 fmt_csv_write(A->games, cell.data, cell.len - eol_len(A)) != FMT_OK))
                A->write_failed = 1;
            fmt_buf_release(&cell);
            if (!ok || st_summary_add(&A->t.dups, &one) != 0) {
                cli_error("out of memory while looking for duplicate games");
                return -1;
            }
            written = rec->row_end;
            continue;
        }
        int rc = st_stats_add(A->stats, &sg);
        if (rc != ST_OK) {
            cli_error("%s while counting %s %s", st_rc_text(rc), x->source, x->entry);
            return -1;
        }
    }
    if (A->games && b->games.len > written &&
        fmt_csv_write(A->games, b->games.data + written, b->games.len - written) != FMT_OK)
        A->write_failed = 1;
    return 0;
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
    if (b->messages.len)
        cli_progress_write(b->messages.data, b->messages.len);
}

/* The chunks a batch put in its spill file, in order, each read into
 * the batch's buffers (empty until then, work_batch) and written. */
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
static int emit_batch(void *ctx, struct cli_job *job, int drop)
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
        st_summary_add(&A->t.sum, &b->t.sum);
        A->t.games_found += b->t.games_found;
        if (strcmp(b->t.latest, A->t.latest) > 0)
            memcpy(A->t.latest, b->t.latest, sizeof A->t.latest);
        cli_progress_update(&A->progress, A->t.sum.entries, A->t.games_found,
                            A->t.sum.violations);
        stop = A->write_failed || A->failed;
    }
    batch_free(b);
    return stop;
}

static int submit_batch(struct analyze *A)
{
    struct batch *b = A->batch;
    A->batch = NULL;
    return b && b->n ? cli_pool_submit(A->pool, &b->job) : (batch_free(b), 0);
}

/* An entry too long to be held (STREAM_AFTER) is parsed and replayed
 * here, on the walker's thread, as it is read: the batches before it are
 * handed over first, and it follows them as a batch of its own, done, so
 * the rows keep their order.  Its text costs the parser's window and one
 * block; its rows spill as any batch's do.  Nonzero stops the walk. */
static int replay_streamed(struct analyze *A, const struct fmt_entry *e)
{
    if (submit_batch(A) != 0)
        return 1;
    struct batch *b = calloc(1, sizeof *b);
    if (!b || batch_add(b, e) != 0) {
        batch_free(b);
        cli_error("out of memory while reading %s %s", e->source, e->entry);
        return A->failed = 1;
    }
    b->e[0].stream = e;
    work_batch(A->walker, &b->job);
    b->e[0].stream = NULL;
    b->e[0].message = "";       /* the walker's, gone when this returns */
    return cli_pool_submit_done(A->pool, &b->job);
}

/* The walker's callback: gather the entry into the current batch, hand
 * the batch over when full.  Nonzero stops the walk. */
static int on_entry(void *ctx, const struct fmt_entry *e)
{
    struct analyze *A = ctx;
    if (cli_interrupted())
        return 1;
    cli_progress_reading(&A->progress, e);
    if (e->stream)
        return replay_streamed(A, e);
    if (!A->batch && !(A->batch = calloc(1, sizeof *A->batch))) {
        cli_error("out of memory while reading %s %s", e->source, e->entry);
        return A->failed = 1;
    }
    if (batch_add(A->batch, e) != 0) {
        cli_error("out of memory while reading %s %s", e->source, e->entry);
        return A->failed = 1;
    }
    if (A->batch->n < BATCH_ENTRIES && A->batch->job.weight < BATCH_BYTES)
        return 0;
    return submit_batch(A);
}

/* ------------------------------------------------------------ the run */

static int close_reports(struct analyze *A)
{
    if (A->write_failed || A->failed || cli_interrupted()) {
        abort_reports(A);
        return -1;
    }
    int rc = fmt_csv_close_by(A->inputs, cli_report_put);
    rc |= fmt_csv_close_by(A->games, cli_report_put);
    rc |= fmt_csv_close_by(A->violations, cli_report_put);
    if (A->rows)
        rc |= fmt_csv_close_by(A->rows, cli_report_put);
    if (A->viewer)
        rc |= fmt_csv_close_by(A->viewer, cli_report_put);
    if (A->pgn)
        rc |= fmt_csv_close_by(A->pgn, cli_report_put);
    A->inputs = A->games = A->violations = A->rows = A->viewer = A->pgn = NULL;
    return rc == FMT_OK ? 0 : -1;
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
    static const struct cli_pool_ops ops = {work_batch, emit_batch};
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
     * earlier run's, when -o lies inside an input directory). */
    const char *skip[3] = {A->o.outdir};
    size_t nskip = 1;
    if (A->o.xlsx)
        skip[nskip++] = A->o.xlsx;
    if (A->o.pgn)
        skip[nskip++] = A->o.pgn;
    struct fmt_walk_options opt = {
        .max_inflated = A->o.max_inflated,
        .stop = cli_interrupted,
        .skip = skip,
        .nskip = nskip,
        .stream_after = cli_stream_after(),
    };
    for (int i = 0; i < A->o.ninputs && !stopped; i++)
        stopped = fmt_walk(A->o.inputs[i], &opt, &seq, on_entry, A);
    if (!stopped)
        stopped = submit_batch(A);
    batch_free(A->batch);
    A->batch = NULL;
    stopped |= cli_pool_finish(A->pool);
    return stopped || A->failed;
}

static void release(struct analyze *A)
{
    cli_pool_free(A->pool);
    int all = A->nworkers + (A->o.jobs > 1 ? 1 : 0);
    for (int i = 0; A->workers && i < all; i++)
        cli_view_rec_free(A->workers[i].view), cli_pgn_rec_free(A->workers[i].pgn);
    free(A->workers);
    batch_free(A->batch);
    free(A->o.inputs);
    cli_filter_release(&A->o.filter);
    st_stats_free(A->stats);
    st_alias_free(A->alias);
    free(A->made_dir);
    free(A->name_hits);
    free(A->alias_seen);
    cli_alias_spellings_release(&A->spellings);
    cli_dups_free(A->dups);
}

static struct cli_report_opts report_opts(const struct analyze *A)
{
    struct cli_report_opts o = {A->o.outdir, A->o.excel, A->o.declared, A->o.min_games,
                                A->o.selection, A->o.xlsx, {0},    A->o.illegal_exclude,
                                &A->o.rating,   A->alias, &A->spellings};
    o.info.started = A->started;
    o.info.inputs = A->o.inputs;
    o.info.ninputs = (size_t)A->o.ninputs;
    o.info.aliases = A->o.alias_path;
    o.info.excel = A->o.excel;
    o.info.viewer = A->o.viewer;
    return o;
}

/* After the walk: the statistics, or a shard's state. */
static int finish_run(struct analyze *A)
{
    struct cli_report_opts ro = report_opts(A);
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
                           (size_t)A->o.ninputs, A->o.illegal_exclude, A->o.rating, A->t,
                           A->o.keep_duplicates, ""};
    snprintf(st.selection, sizeof st.selection, "%s", A->o.selection);
    snprintf(st.aliases, sizeof st.aliases, "%s", A->o.alias_path ? A->o.alias_path : "");
    snprintf(st.pgn, sizeof st.pgn, "%s", A->o.pgn ? A->o.pgn : "");
    if (cli_state_write(A->o.outdir, &st, A->stats) != 0) {
        cli_error("cannot write '%s/%s': %s", A->o.outdir, CLI_STATE_FILE, strerror(errno));
        return -1;
    }
    return 0;
}

/* Every file of the run in place at once (report_set.c). */
static int commit_or_say(struct analyze *A)
{
    if (cli_report_set_commit() == 0)
        return 0;
    cli_error("cannot put the reports in place in '%s': %s", A->o.outdir, strerror(errno));
    return -1;
}

/* Everything before the walk. */
static int prepare_or_stop(struct analyze *A)
{
    cli_interrupt_install();
    cli_alloc_test_setup();
    cli_spill_test_setup();
    if (A->o.alias_path) {
        char err[1024];
        A->alias = cli_alias_read(A->o.alias_path, &A->spellings, err, sizeof err);
        if (!A->alias) {
            cli_error("--player-alias %s", err);
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
    if (A->o.pgn && !A->o.nshards) {
        rc = cli_output_check_file_or_stop("analyze", "PGN file", A->o.pgn);
        if (rc != CLI_CONTINUE)
            return rc;
    }
    /* The run's files are put in place together, at its end, and what
     * dead runs left of them is cleared then (report_set.c). */
    cli_report_set_begin();
    if (open_reports(A) != 0) {
        abort_reports(A);
        return CLI_EXIT_NOTHING;
    }
    rc = A->o.xlsx ? cli_output_check_file_or_stop("analyze", "workbook", A->o.xlsx)
                   : CLI_CONTINUE;
    if (rc != CLI_CONTINUE)
        abort_reports(A);
    return rc;
}

/* After a run that was read: the warnings only the whole of it can show
 * (every game seen). */
static void warn_after_run(const struct analyze *A)
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

int cmd_analyze(int argc, char **argv)
{
    struct analyze A;
    memset(&A, 0, sizeof A);
    int rc = parse_args_or_stop(argc, argv, &A.o);
    /* Before any input is read: a bad definition stops the run (exit 2),
     * and the replay threads only ever read the registry. */
    if (rc == CLI_CONTINUE)
        rc = cli_definitions_load_or_stop(&A.o.defs, "analyze");
    if (rc == CLI_CONTINUE) {
        cli_filter_resolve(&A.o.filter);
        rc = prepare_or_stop(&A);
    }
    if (rc != CLI_CONTINUE) {
        release(&A);
        return rc;
    }
    st_summary_init(&A.t.sum);
    A.started = cli_run_started();
    uint64_t known = 0;
    for (int i = 0; !A.o.quiet && i < A.o.ninputs; i++)
        known += cli_input_bytes(A.o.inputs[i]);
    cli_progress_start(&A.progress, A.o.quiet, known);
    int stopped = run_walk(&A);
    cli_progress_finish(&A.progress);
    if (cli_interrupted()) {
        /* Stopped half way: no report may look complete. */
        close_reports(&A);
        cli_output_unmake_dir(A.o.outdir, A.made_dir);
        cli_error("interrupted: no reports were written in '%s'", A.o.outdir);
        release(&A);
        return 128 + cli_interrupted();
    }
    if (stopped)
        A.failed = 1;   /* a report cut short must not look complete */
    if (!stopped && A.t.sum.entries_ok + A.t.sum.entries_skipped == 0) {
        /* Nothing was read (every input failed, and said why): the
         * reports of an earlier run are worth more than empty ones. */
        abort_reports(&A);
        if (A.made_dir)
            cli_error("analyze: nothing could be read: no reports were written");
        else
            cli_error("analyze: nothing could be read: the reports in '%s' are left as they were",
                      A.o.outdir);
        release(&A);
        return CLI_EXIT_NOTHING;
    }
    if (close_reports(&A) != 0 || stopped) {
        abort_reports(&A);
        cli_error("the reports in '%s' could not be written completely: %s", A.o.outdir,
                  A.made_dir ? "none was written" : "those already there are left as they were");
        release(&A);
        return CLI_EXIT_NOTHING;
    }
    if (finish_run(&A) != 0 || commit_or_say(&A) != 0) {
        abort_reports(&A);
        cli_error("the reports in '%s' could not be written completely: %s", A.o.outdir,
                  A.made_dir ? "none was written" : "those already there are left as they were");
        release(&A);
        return CLI_EXIT_NOTHING;
    }
    struct cli_report_opts ro = report_opts(&A);
    warn_after_run(&A);
    if (!A.o.nshards)
        cli_report_warnings(&A.t, &ro);
    if (!A.o.quiet)
        cli_report_summary(&A.t, &ro, cli_now() - A.progress.started);
    if (A.o.pgn && !A.o.quiet)
        cli_pgn_summary(&A.pgn_counts, A.o.pgn, A.o.nshards != 0);
    rc = cli_warnings_status(cli_report_exit_status(&A.t.sum), A.o.strict);
    release(&A);
    return rc;
}
