/*
 * analyze: read every input, replay every game, write the reports.
 *
 * The work is shaped as a pipeline of entries: the walker hands over one
 * entry at a time (with its sequence number), the entry is parsed and its
 * games replayed into rows, and the rows are written in entry order.  Only
 * the middle step is costly, so it is the one a later -j runs on several
 * threads, merging by sequence number.
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
};

struct analyze {
    struct analyze_opts o;
    fmt_csv *inputs, *games, *violations;
    struct st_summary sum;
    struct cli_progress progress;
    int write_failed;
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gcaudit analyze INPUT... [-o DIR] [--excel] [-q] [-v]\n\n"
            "Replay every game in the inputs and write inputs.csv, games.csv and\n"
            "violations.csv into DIR.  An INPUT is a log file, a directory (read\n"
            "recursively), '-' for standard input, or an archive or compressed file\n"
            "(tar, zip, 7z, cpio, gz, bz2, xz, zst; archives inside archives too).\n\n"
            "  -o, --output DIR  where the reports go (default: gcaudit-report)\n"
            "      --excel       byte-order mark and CRLF line ends, for spreadsheets\n"
            "  -q, --quiet       no progress line and no summary\n"
            "  -v, --verbose     print every violation on stderr\n"
            "  -h, --help        this text\n\n"
            "exit status: 0 all inputs read, 1 some entries failed, 2 usage error,\n"
            "3 nothing could be read or the reports could not be written\n");
}

/* Returns -1 to go on, or the exit status to return now. */
static int parse_args(int argc, char **argv, struct analyze_opts *o)
{
    o->outdir = "gcaudit-report";
    o->inputs = calloc((size_t)argc, sizeof *o->inputs);
    if (!o->inputs)
        return CLI_EXIT_NOTHING;
    int only_inputs = 0;
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
        write_game(A, e, &g, &r);
        st_summary_add_game(&A->sum, &r);
        rp_report_release(&r);
        fmt_game_release(&g);
        n++;
        cli_progress_update(&A->progress, A->sum.entries, A->sum.games);
    }
    fmt_parser_free(p);
    return rc == FMT_FATAL ? -1 : n;
}

static int on_entry(void *ctx, const struct fmt_entry *e)
{
    struct analyze *A = ctx;
    long long games = 0;
    A->sum.entries++;
    if (e->status == FMT_ENTRY_OK) {
        games = replay_entry(A, e);
        if (games < 0) {
            cli_error("out of memory while reading %s %s", e->source, e->entry);
            return 1;
        }
        A->sum.entries_ok++;
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
    cli_progress_update(&A->progress, A->sum.entries, A->sum.games);
    return A->write_failed ? 1 : 0;
}

static void print_summary(const struct analyze *A, double secs)
{
    const struct st_summary *s = &A->sum;
    printf("gcaudit: %llu entr%s read (%llu ok, %llu skipped, %llu failed), %llu games in %.2f s\n",
           (unsigned long long)s->entries, s->entries == 1 ? "y" : "ies",
           (unsigned long long)s->entries_ok,
           (unsigned long long)s->entries_skipped, (unsigned long long)s->entries_failed,
           (unsigned long long)s->games, secs);
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
    if (A->write_failed) {
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

int cmd_analyze(int argc, char **argv)
{
    struct analyze A;
    memset(&A, 0, sizeof A);
    int rc = parse_args(argc, argv, &A.o);
    if (rc >= 0) {
        free(A.o.inputs);
        return rc;
    }
    if (open_reports(&A) != 0) {
        fmt_csv_abort(A.inputs);
        fmt_csv_abort(A.games);
        fmt_csv_abort(A.violations);
        free(A.o.inputs);
        return CLI_EXIT_NOTHING;
    }
    st_summary_init(&A.sum);
    cli_progress_start(&A.progress, A.o.quiet);
    uint64_t seq = 0;
    int stopped = 0;
    for (int i = 0; i < A.o.ninputs && !stopped; i++)
        stopped = fmt_walk(A.o.inputs[i], NULL, &seq, on_entry, &A);
    cli_progress_finish(&A.progress);
    free(A.o.inputs);
    if (close_reports(&A) != 0 || stopped) {
        cli_error("the reports in '%s' could not be written completely", A.o.outdir);
        return CLI_EXIT_NOTHING;
    }
    if (!A.o.quiet)
        print_summary(&A, cli_now() - A.progress.started);
    return exit_status(&A.sum);
}
