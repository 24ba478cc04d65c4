/*
 * merge_options: merge's option table and its command line (merge.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/merge.h"

static const struct cli_command_options merge_options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gcaudit merge DIR... [-o DIR] [--xlsx FILE] [--pgn FILE] [-q] [--strict]\n"
            "                    [--allow-empty] [--viewer-max N]\n\n"
            "Combine the reports that 'gcaudit analyze --shard K/N' wrote into the DIRs,\n"
            "one for each K of 1..N, into the reports one analyze run over the same\n"
            "inputs would write: inputs.csv, games.csv, violations.csv, the statistics\n"
            "and summary.html.\n\n");
    cli_options_help(f, &merge_options);
}

/* The option handlers (cli.h, "_or_stop"). */

static int opt_output(void *M, const char *v)
{
    ((struct merge *)M)->outdir = v;
    return CLI_CONTINUE;
}

static int opt_xlsx(void *M, const char *v)
{
    ((struct merge *)M)->xlsx = v;
    return CLI_CONTINUE;
}

static int opt_pgn(void *M, const char *v)
{
    if (!v[0]) {
        cli_error("merge: the --pgn file name is empty");
        return CLI_EXIT_USAGE;
    }
    ((struct merge *)M)->pgn = v;
    return CLI_CONTINUE;
}

static int opt_quiet(void *M, const char *v)
{
    (void)v;
    ((struct merge *)M)->quiet = 1;
    return CLI_CONTINUE;
}

static int opt_strict(void *M, const char *v)
{
    (void)v;
    ((struct merge *)M)->strict = 1;
    return CLI_CONTINUE;
}

static int opt_allow_empty(void *M, const char *v)
{
    (void)v;
    ((struct merge *)M)->allow_empty = 1;
    return CLI_CONTINUE;
}

static int opt_viewer_max(void *M, const char *v)
{
    return cli_viewer_max_or_stop("merge", v, &((struct merge *)M)->viewer_max);
}

static int opt_help(void *M, const char *v)
{
    (void)M, (void)v;
    usage(stdout);
    return CLI_EXIT_OK;
}

static int operand(void *opts, const char *arg)
{
    struct merge *M = opts;
    M->sh[M->n++].dir = arg;
    return CLI_CONTINUE;
}

/* The options of merge, in the order of the help.  To add one: its
 * handler above, its field in struct merge, its row here (cli.h, struct
 * cli_option). */
static const struct cli_option merge_option_rows[] = {
    {.name = "--output", .letter = 'o', .value = "DIR", .set_or_stop = opt_output,
     .help = "where the reports go (default: gcaudit-report)"},
    {.name = "--xlsx", .value = "FILE", .set_or_stop = opt_xlsx,
     .help = "also write the statistics as a workbook"},
    {.name = "--pgn", .value = "FILE", .set_or_stop = opt_pgn,
     .help = "write the shards' PGN as FILE and the variants'\n"
             "files beside it (default: the FILE they were given\n"
             "with --pgn)"},
    {.name = "--viewer-max", .value = "N", .set_or_stop = opt_viewer_max,
     .help = "give at most N games a viewer page (default\n"
             "10000; 0: no limit); the others are listed\n"
             "without one"},
    {.name = "--quiet", .letter = 'q', .set_or_stop = opt_quiet,
     .help = "no summary"},
    {.name = "--strict", .set_or_stop = opt_strict,
     .help = "a warning makes the exit status 2 (for scripts)"},
    {.name = "--allow-empty", .set_or_stop = opt_allow_empty,
     .help = "shards that hold no game (or select none) give\n"
             "empty reports (by default the earlier ones are kept\n"
             "and the exit status is 4)"},
    {.name = "--help", .letter = 'h', .set_or_stop = opt_help,
     .help = "this text"},
};

static const struct cli_command_options merge_options = {
    "merge", merge_option_rows, sizeof merge_option_rows / sizeof merge_option_rows[0],
    operand,
};

int cli_merge_parse_or_stop(int argc, char **argv, struct merge *M)
{
    M->outdir = "gcaudit-report";
    M->viewer_max = CLI_VIEWER_MAX_GAMES;
    M->sh = calloc((size_t)argc, sizeof *M->sh);
    if (!M->sh) {
        cli_error("merge: out of memory");
        return CLI_EXIT_NOTHING;
    }
    int rc = cli_options_parse_or_stop(&merge_options, argc, argv, M);
    if (rc != CLI_CONTINUE)
        return rc;
    if (M->n == 0) {
        cli_error("merge: no shard directory given");
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    if (!M->outdir[0] || (M->xlsx && !M->xlsx[0])) {
        cli_error("merge: an output name is empty");
        return CLI_EXIT_USAGE;
    }
    return CLI_CONTINUE;
}

