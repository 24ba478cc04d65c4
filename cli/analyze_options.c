/*
 * analyze's options: the table of its options, their handlers, and the
 * checks between options once all are read (cli_analyze_parse_or_stop).
 * options.c does the matching and the help.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/analyze.h"

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

static int opt_viewer_max(void *opts, const char *v)
{
    struct analyze_opts *o = opts;
    o->viewer_max_set = 1;
    return cli_viewer_max_or_stop("analyze", v, &o->viewer_max);
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
    for (int p = 0; p < ST_ILLEGAL_POLICIES; p++)
        if (strcmp(v, st_illegal_name((enum st_illegal)p)) == 0) {
            ((struct analyze_opts *)o)->illegal = (enum st_illegal)p;
            return CLI_CONTINUE;
        }
    cli_error("analyze: --illegal-games is 'forfeit', 'result' or 'exclude', not '%s'", v);
    return CLI_EXIT_USAGE;
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

static int opt_allow_empty(void *o, const char *v)
{
    (void)v;
    ((struct analyze_opts *)o)->allow_empty = 1;
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
 * in cli_analyze_parse_or_stop, once they are all read.
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
     .help = "also write the games of Chess as PGN, and each\n"
             "other variant's that PGN tools read into a file\n"
             "beside it (FILE.crazyhouse.pgn, ...)"},
    {.name = "--viewer", .value = "illegal|all|none", .set_or_stop = opt_viewer,
     .help = "game viewer pages in DIR/games/ for the games\n"
             "with violations or left for review (default),\n"
             "every game, or none"},
    {.name = "--viewer-max", .value = "N", .set_or_stop = opt_viewer_max,
     .help = "give at most N games a viewer page (default\n"
             "10000; 0: no limit); the others are listed\n"
             "without one"},
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
    {.name = "--allow-empty", .set_or_stop = opt_allow_empty,
     .help = "a run that finds no game (or selects none) writes\n"
             "empty reports (by default it keeps the earlier ones\n"
             "and exits 4)"},
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
    {.name = "--illegal-games", .value = "forfeit|result|exclude",
     .set_or_stop = opt_illegal_games,
     .help = "the standings score an illegal game with a result\n"
             "as lost by the player whose illegal move stopped\n"
             "it (default), as declared, or leave it out"},
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
    operand,
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

int cli_analyze_parse_or_stop(int argc, char **argv, struct analyze_opts *o)
{
    o->outdir = "gcaudit-report";
    o->viewer_max = CLI_VIEWER_MAX_GAMES;
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
    if (o->nshards && o->viewer_max_set) {
        cli_error("analyze: a shard writes no viewer pages: give --viewer-max to 'gcaudit merge'");
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
    rc = cli_inputs_check_or_stop("analyze", o->inputs, o->ninputs);
    if (rc != CLI_CONTINUE)
        return rc;
    drop_repeated_inputs(o);
    if (o->filter.since[0] && o->filter.until[0] && strcmp(o->filter.since, o->filter.until) > 0)
        cli_warning("--since %s is after --until %s: no game can be selected", o->filter.since,
                    o->filter.until);
    return CLI_CONTINUE;
}
