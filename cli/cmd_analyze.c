/*
 * analyze: read every input, replay every game, write the reports.
 *
 * The work is shaped as a pipeline of entries: the walker hands over one
 * entry at a time (with its sequence number), the entry is parsed and its
 * games replayed into rows, and the rows are written in entry order.  Only
 * the middle step is costly, so it is the one a later -j runs on several
 * threads, merging by sequence number.
 *
 * The statistics (variants, terminations, players, head-to-head, ratings)
 * are counted in the same pass, game by game, as the rows are written: the
 * archive is read once, and no game is kept.  Selection options (--variant,
 * --event, --since, --until) choose the games every report but inputs.csv
 * shows; --results and --player-alias change only what the statistics
 * count, never games.csv or violations.csv, which report the logs as they
 * are.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/rows.h"
#include "stats/stats.h"

struct analyze_opts {
    const char *outdir;
    int excel, quiet, verbose;
    char **inputs;
    int ninputs;
    int declared;                 /* --results declared */
    struct cli_filter filter;
    const char *alias_path;       /* --player-alias */
    uint64_t min_games;           /* --min-games */
    const char *xlsx;             /* --xlsx */
    char selection[512];          /* the selection options in words, for summary.html */
};

struct analyze {
    struct analyze_opts o;
    fmt_csv *inputs, *games, *violations;
    struct st_summary sum;        /* over the selected games */
    uint64_t games_found;         /* every game read, selected or not */
    char latest[11];              /* the latest date of a selected game, "" if none */
    st_stats *stats;
    st_alias *alias;
    struct cli_progress progress;
    int write_failed;
    int out_of_memory;
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gcaudit analyze INPUT... [-o DIR] [OPTIONS]\n\n"
            "Replay every game in the inputs and write into DIR inputs.csv, games.csv,\n"
            "violations.csv, the statistics variants.csv, terminations.csv, players.csv,\n"
            "headtohead.csv, and summary.html.  An INPUT is a log file, a directory\n"
            "(read recursively), '-' for standard input, or an archive or compressed\n"
            "file (tar, zip, 7z, cpio, gz, bz2, xz, zst; archives inside archives too).\n\n"
            "  -o, --output DIR        where the reports go (default: gcaudit-report)\n"
            "      --excel             byte-order mark and CRLF line ends, for spreadsheets\n"
            "      --xlsx FILE         also write the statistics as a workbook\n"
            "  -q, --quiet             no progress line and no summary\n"
            "  -v, --verbose           print every violation on stderr\n"
            "  -h, --help              this text\n\n"
            "choosing the games (every report but inputs.csv):\n"
            "      --variant NAME      only this variant (repeatable, or NAME,NAME)\n"
            "      --event TEXT        only events containing TEXT (any case; repeatable)\n"
            "      --since DATE        only games of DATE (YYYY-MM-DD) or later\n"
            "      --until DATE        only games of DATE or earlier (date: Ended, else\n"
            "                          Started; games without one are left out)\n\n"
            "statistics:\n"
            "      --results verified|declared\n"
            "                          count the results gcaudit verified (default) or\n"
            "                          the ones the logs declare\n"
            "      --player-alias FILE CSV rows: NAME,SPELLING,... counted as NAME\n"
            "      --min-games N       list players with at least N valid games\n\n"
            "exit status: 0 all inputs read, 1 some entries failed, 2 usage error,\n"
            "3 nothing could be read or the reports could not be written\n");
}

/* The value of an option given as "--opt VALUE" or "--opt=VALUE", or NULL
 * when a is not that option.  *bad is set when the value is missing. */
static const char *option_value(int argc, char **argv, int *i, const char *name, int *bad)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 == argc) {
        *bad = 1;
        return NULL;
    }
    return argv[++*i];
}

static void note_selection(struct analyze_opts *o, const char *name, const char *value)
{
    size_t len = strlen(o->selection);
    snprintf(o->selection + len, sizeof o->selection - len, "%s%s %s", len ? ", " : "", name,
             value);
}

/* The statistics options.  Returns 1 when a was one of them (and used), 0
 * when not, or the exit status to return now (negated: -2 usage). */
static int parse_stats_option(int argc, char **argv, int *i, struct analyze_opts *o)
{
    static const char *const names[] = {"--variant", "--event", "--since", "--until",
                                        "--results", "--player-alias", "--min-games", "--xlsx"};
    int bad = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const char *v = option_value(argc, argv, i, names[k], &bad);
        if (bad) {
            cli_error("analyze: %s needs a value", names[k]);
            return -CLI_EXIT_USAGE;
        }
        if (!v)
            continue;
        int rc = 0;
        switch (k) {
        case 0:
            rc = cli_filter_add_variants(&o->filter, v);
            note_selection(o, "variant", v);
            break;
        case 1:
            rc = cli_filter_add_event(&o->filter, v);
            note_selection(o, "event", v);
            break;
        case 2:
        case 3:
            if (cli_filter_set_date(k == 2 ? o->filter.since : o->filter.until, v) != 0) {
                cli_error("analyze: %s wants a date YYYY-MM-DD, not '%s'", names[k], v);
                return -CLI_EXIT_USAGE;
            }
            note_selection(o, k == 2 ? "since" : "until", v);
            break;
        case 4:
            if (strcmp(v, "verified") != 0 && strcmp(v, "declared") != 0) {
                cli_error("analyze: --results is 'verified' or 'declared', not '%s'", v);
                return -CLI_EXIT_USAGE;
            }
            o->declared = strcmp(v, "declared") == 0;
            break;
        case 5:
            o->alias_path = v;
            break;
        case 6: {
            char *end;
            errno = 0;
            unsigned long long n = strtoull(v, &end, 10);
            if (!v[0] || *end || errno || v[0] == '-') {
                cli_error("analyze: --min-games wants a number, not '%s'", v);
                return -CLI_EXIT_USAGE;
            }
            o->min_games = n;
            break;
        }
        case 7:
            if (!v[0]) {
                cli_error("analyze: the --xlsx file name is empty");
                return -CLI_EXIT_USAGE;
            }
            o->xlsx = v;
            break;
        }
        if (rc != 0) {
            cli_error("analyze: out of memory");
            return -CLI_EXIT_NOTHING;
        }
        return 1;
    }
    return 0;
}

/* Returns -1 to go on, or the exit status to return now. */
static int parse_args(int argc, char **argv, struct analyze_opts *o)
{
    o->outdir = "gcaudit-report";
    o->inputs = calloc((size_t)argc, sizeof *o->inputs);
    if (!o->inputs)
        return CLI_EXIT_NOTHING;
    int only_inputs = 0, rc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_inputs || a[0] != '-' || strcmp(a, "-") == 0)
            o->inputs[o->ninputs++] = argv[i];
        else if (strcmp(a, "--") == 0)
            only_inputs = 1;
        else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            if (++i == argc) {
                cli_error("%s needs a directory", a);
                return CLI_EXIT_USAGE;
            }
            o->outdir = argv[i];
        } else if (strncmp(a, "--output=", 9) == 0)
            o->outdir = a + 9;
        else if (strcmp(a, "--excel") == 0)
            o->excel = 1;
        else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0)
            o->quiet = 1;
        else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0)
            o->verbose = 1;
        else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return CLI_EXIT_OK;
        } else if ((rc = parse_stats_option(argc, argv, &i, o)) != 0) {
            if (rc < 0)
                return -rc;
        } else {
            cli_error("analyze: unknown option '%s'", a);
            usage(stderr);
            return CLI_EXIT_USAGE;
        }
    }
    if (o->ninputs == 0) {
        cli_error("analyze: no input given");
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    if (!o->outdir[0]) {
        cli_error("analyze: the output directory name is empty");
        return CLI_EXIT_USAGE;
    }
    return -1;
}

/* mkdir -p: the reports' directory may be new and nested. */
static int make_dirs(const char *path)
{
    char *p = strdup(path);
    if (!p)
        return -1;
    int rc = 0;
    for (char *s = p + 1; rc == 0; s++) {
        char c = *s;
        if (c != '/' && c != '\0')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST)
            rc = -1;
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    return rc;
}

static int open_reports(struct analyze *A)
{
    const char *dir = A->o.outdir;
    if (make_dirs(dir) != 0) {
        cli_error("cannot create the output directory '%s': %s", dir, strerror(errno));
        return -1;
    }
    A->inputs = fmt_csv_open(dir, "inputs.csv", cli_inputs_header, CLI_INPUTS_COLS, A->o.excel);
    A->games = fmt_csv_open(dir, "games.csv", cli_games_header, CLI_GAMES_COLS, A->o.excel);
    A->violations = fmt_csv_open(dir, "violations.csv", cli_violations_header,
                                 CLI_VIOLATIONS_COLS, A->o.excel);
    if (A->inputs && A->games && A->violations)
        return 0;
    cli_error("cannot write the reports in '%s': %s", dir, strerror(errno));
    return -1;
}

static void write_row(struct analyze *A, fmt_csv *csv, const char **cells, size_t n)
{
    if (fmt_csv_row(csv, cells, n) != FMT_OK)
        A->write_failed = 1;
}

/* Count a selected game into the statistics, with the result and the
 * names the options ask for. */
static void count_game(struct analyze *A, const struct fmt_game *g, const struct rp_report *r)
{
    struct st_game sg = {
        .variant = cli_variant_name(g, r),
        .status = r->status,
        .result = A->o.declared ? r->declared : r->result,
        .turns = r->turns,
        .termination = r->termination,
        .detail = r->detail,
        .white = st_alias_resolve(A->alias, g->white),
        .black = st_alias_resolve(A->alias, g->black),
        .colours_swapped = r->colours_swapped,
    };
    char date[11];
    if (cli_game_date(g, date) == 0 && strcmp(date, A->latest) > 0)
        memcpy(A->latest, date, sizeof date);
    /* Turns entered by a person; result-mismatch and the malformed
     * game's syntax row belong to nobody. */
    for (size_t i = 0; i < r->nviolations; i++)
        if (r->violations[i].person == 0 || r->violations[i].person == 1)
            sg.violations[r->violations[i].person]++;
    if (st_stats_add(A->stats, &sg) != 0)
        A->out_of_memory = 1;
}

static void write_game(struct analyze *A, const struct fmt_entry *e, const struct fmt_game *g,
                       const struct rp_report *r)
{
    struct cli_row_buf buf;
    const char *cells[CLI_GAMES_COLS];
    cli_games_row(e, g, r, &buf, cells);
    write_row(A, A->games, cells, CLI_GAMES_COLS);
    struct cli_where where = {e->source, e->entry, g->index};
    for (size_t i = 0; i < r->nviolations; i++) {
        cli_violations_row(e, g, r, &r->violations[i], &buf, cells);
        write_row(A, A->violations, cells, CLI_VIOLATIONS_COLS);
        if (A->o.verbose)
            cli_render_violation(stderr, &where, &r->violations[i]);
    }
}

/* Parse and replay every game of one entry.  Returns the number of games,
 * or -1 when memory ran out. */
static long long replay_entry(struct analyze *A, const struct fmt_entry *e)
{
    fmt_parser *p = fmt_parser_new(e->text, e->len);
    if (!p)
        return -1;
    long long n = 0;
    struct fmt_game g;
    int rc;
    while ((rc = fmt_parser_next(p, &g)) == FMT_OK) {
        struct rp_report r;
        if (rp_replay(&g, &r, NULL, NULL) != FMT_OK) {
            fmt_game_release(&g);
            rc = FMT_FATAL;
            break;
        }
        A->games_found++;
        if (cli_filter_match(&A->o.filter, &g, &r)) {
            write_game(A, e, &g, &r);
            st_summary_add_game(&A->sum, &r);
            count_game(A, &g, &r);
        }
        rp_report_release(&r);
        fmt_game_release(&g);
        n++;
        cli_progress_update(&A->progress, A->sum.entries, A->games_found);
        if (cli_interrupted())
            break;
    }
    fmt_parser_free(p);
    return rc == FMT_FATAL || A->out_of_memory ? -1 : n;
}

static int on_entry(void *ctx, const struct fmt_entry *e)
{
    struct analyze *A = ctx;
    long long games = 0;
    if (cli_interrupted())
        return 1;
    A->sum.entries++;
    if (e->status == FMT_ENTRY_OK) {
        games = replay_entry(A, e);
        if (games < 0) {
            cli_error("out of memory while reading %s %s", e->source, e->entry);
            return 1;
        }
        A->sum.entries_ok++;
        if (cli_interrupted())
            return 1;   /* the entry's games are incomplete: no inputs row */
    } else if (e->status == FMT_ENTRY_SKIPPED) {
        A->sum.entries_skipped++;
    } else {
        A->sum.entries_failed++;
        if (A->o.verbose)
            cli_error("%s%s%s: %s", e->source, e->entry[0] ? "!" : "", e->entry, e->message);
    }
    struct cli_row_buf buf;
    const char *cells[CLI_INPUTS_COLS];
    cli_inputs_row(e, (unsigned long long)games, &buf, cells);
    write_row(A, A->inputs, cells, CLI_INPUTS_COLS);
    cli_progress_update(&A->progress, A->sum.entries, A->games_found);
    return A->write_failed ? 1 : 0;
}

static void print_summary(const struct analyze *A, double secs)
{
    const struct st_summary *s = &A->sum;
    printf("gcaudit: %llu entr%s read (%llu ok, %llu skipped, %llu failed), %llu games in %.2f s\n",
           (unsigned long long)s->entries, s->entries == 1 ? "y" : "ies",
           (unsigned long long)s->entries_ok,
           (unsigned long long)s->entries_skipped, (unsigned long long)s->entries_failed,
           (unsigned long long)A->games_found, secs);
    if (cli_filter_active(&A->o.filter))
        printf("  selected: %llu of %llu games (%s)\n", (unsigned long long)s->games,
               (unsigned long long)A->games_found, A->o.selection);
    printf("  games: %llu ok, %llu illegal, %llu malformed, %llu unsupported\n",
           (unsigned long long)s->by_status[RP_STATUS_OK],
           (unsigned long long)s->by_status[RP_STATUS_ILLEGAL],
           (unsigned long long)s->by_status[RP_STATUS_MALFORMED],
           (unsigned long long)s->by_status[RP_STATUS_UNSUPPORTED]);
    printf("  results: %llu white wins, %llu black wins, %llu draws, %llu unfinished\n",
           (unsigned long long)s->by_result[RP_RESULT_WHITE],
           (unsigned long long)s->by_result[RP_RESULT_BLACK],
           (unsigned long long)s->by_result[RP_RESULT_DRAW],
           (unsigned long long)s->by_result[RP_RESULT_NONE]);
    printf("  violations: %llu (%llu result mismatches); reports in %s/\n",
           (unsigned long long)s->violations, (unsigned long long)s->mismatches, A->o.outdir);
}

static int close_reports(struct analyze *A)
{
    if (A->write_failed || cli_interrupted()) {
        fmt_csv_abort(A->inputs);
        fmt_csv_abort(A->games);
        fmt_csv_abort(A->violations);
        return -1;
    }
    int rc = fmt_csv_close(A->inputs);
    rc |= fmt_csv_close(A->games);
    rc |= fmt_csv_close(A->violations);
    return rc == FMT_OK ? 0 : -1;
}

static int exit_status(const struct st_summary *s)
{
    if (s->entries_ok + s->entries_skipped == 0)
        return CLI_EXIT_NOTHING;
    return s->entries_failed ? CLI_EXIT_SOME_FAILED : CLI_EXIT_OK;
}

/* The statistics reports, the workbook and the page, after the walk.
 * 0, or -1 after saying what failed. */
static int write_statistics(struct analyze *A)
{
    struct st_options so = {A->o.min_games, 0};
    if (st_stats_finish(A->stats, &so) != 0) {
        cli_error("out of memory while computing the statistics");
        return -1;
    }
    if (cli_write_stats_csv(A->stats, A->o.outdir, A->o.excel) != 0) {
        cli_error("cannot write the statistics in '%s': %s", A->o.outdir, strerror(errno));
        return -1;
    }
    struct cli_html_run run = {&A->sum, A->games_found, A->o.declared ? "declared" : "verified",
                               A->o.selection, A->o.min_games};
    if (cli_write_summary_html(A->stats, &run, A->o.outdir) != 0) {
        cli_error("cannot write '%s/summary.html': %s", A->o.outdir, strerror(errno));
        return -1;
    }
    /* The workbook's creation date: the day of the latest game it
     * describes (or 1980-01-01, the date zip entries carry), never the
     * clock, so that the same input gives the same bytes. */
    long long created = cli_date_seconds(A->latest[0] ? A->latest : "1980-01-01");
    char err[512];
    if (A->o.xlsx && cli_write_stats_xlsx(A->stats, A->o.xlsx, created, err, sizeof err) != 0) {
        cli_error("%s", err);
        return -1;
    }
    return 0;
}

static void release(struct analyze *A)
{
    free(A->o.inputs);
    cli_filter_release(&A->o.filter);
    st_stats_free(A->stats);
    st_alias_free(A->alias);
}

int cmd_analyze(int argc, char **argv)
{
    struct analyze A;
    memset(&A, 0, sizeof A);
    int rc = parse_args(argc, argv, &A.o);
    if (rc >= 0) {
        release(&A);
        return rc;
    }
    cli_interrupt_install();
    if (A.o.alias_path) {
        char err[1024];
        A.alias = cli_alias_read(A.o.alias_path, err, sizeof err);
        if (!A.alias) {
            cli_error("--player-alias %s", err);
            release(&A);
            return CLI_EXIT_USAGE;
        }
    }
    A.stats = st_stats_new();
    if (!A.stats) {
        cli_error("out of memory");
        release(&A);
        return CLI_EXIT_NOTHING;
    }
    if (open_reports(&A) != 0) {
        fmt_csv_abort(A.inputs);
        fmt_csv_abort(A.games);
        fmt_csv_abort(A.violations);
        release(&A);
        return CLI_EXIT_NOTHING;
    }
    st_summary_init(&A.sum);
    cli_progress_start(&A.progress, A.o.quiet);
    uint64_t seq = 0;
    int stopped = 0;
    for (int i = 0; i < A.o.ninputs && !stopped; i++)
        stopped = fmt_walk(A.o.inputs[i], NULL, &seq, on_entry, &A);
    cli_progress_finish(&A.progress);
    if (cli_interrupted()) {
        /* Stopped half way: no report may look complete (issue 9). */
        close_reports(&A);
        cli_error("interrupted: no reports were written in '%s'", A.o.outdir);
        release(&A);
        return 128 + cli_interrupted();
    }
    if (close_reports(&A) != 0 || stopped) {
        cli_error("the reports in '%s' could not be written completely", A.o.outdir);
        release(&A);
        return CLI_EXIT_NOTHING;
    }
    if (write_statistics(&A) != 0) {
        release(&A);
        return CLI_EXIT_NOTHING;
    }
    if (!A.o.quiet)
        print_summary(&A, cli_now() - A.progress.started);
    rc = exit_status(&A.sum);
    release(&A);
    return rc;
}
