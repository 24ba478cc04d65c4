/*
 * merge: the reports of `analyze --shard K/N` runs, one per K, combined
 * into the reports one `analyze` run over the same inputs would write,
 * byte for byte.
 *
 * No shard is trusted (issue 29): its state must match its own digest
 * and every file merge reads the size and SHA-256 its state gives
 * (state.c), all shards must have been made with the same options and
 * definitions by this gcaudit (made_with), and the viewer records, which
 * go into pages, are decoded and written again (viewer_json.c).
 *
 *   - inputs.csv: every shard read every entry and wrote the same file;
 *     merge checks that they agree (their digests: shards of different
 *     inputs would merge into nonsense) and keeps one.
 *   - games.csv, violations.csv: each shard's rows are in input order, and
 *     its index (CLI_ROWS_FILE: entry sequence number, game index, number
 *     of violation rows per game row) says which game each row is; merge
 *     takes the rows game by game in (sequence, index) order.  Rows are
 *     copied, never re-parsed: a report cell never holds a line end.
 *   - the --pgn file: each shard's part holds a record per games.csv row
 *     (pgn_export.c), taken with the row: "pgn N" and the game's N lines,
 *     copied, or "pgn-left-out FATE", counted.
 *   - the statistics, summary.html, the workbook: from the shards' states
 *     (state.c) added up, through the very code analyze uses (report.c).
 *
 * Memory is one line per shard and the statistics' tables.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/audit.h"
#include "cli/cli.h"
#include "cli/rows.h"

#include "cli/merge.h"

/* ----------------------------------------------------- the shards agree */

/* What a shard was made with, item by item, as text: merge refuses
 * shards that differ in any (gcaudit(1), merge).  Every option of analyze
 * that changes a report is here; -j, -q, -v, --strict, -o and --xlsx
 * change none (--xlsx is merge's own). */
enum { MADE_WITH = 18, MADE_WITH_TEXT = 1100 };

static const char *const made_with_name[MADE_WITH] = {
    "the gcaudit version", "the number of shards (--shard K/N)", "--results", "--min-games",
    "--excel", "the selection (--variant, --event, --since, --until)", "--viewer",
    "--player-alias", "the --player-alias file (SHA-256 of its bytes)", "--illegal-games",
    "--anchor", "--anchor-rating", "--average", "--white-advantage", "--keep-duplicates",
    "--pgn", "the variant definitions (SHA-256 of the shipped ones and --variants)",
    "--max-inflated"};

static void made_with(const struct cli_state *s, char (*v)[MADE_WITH_TEXT])
{
    const struct cli_rating_opts *r = &s->rating;
    int i = 0;
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->made_by);
    snprintf(v[i++], MADE_WITH_TEXT, "%u", s->nshards);
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->declared ? "declared" : "verified");
    snprintf(v[i++], MADE_WITH_TEXT, "%llu", (unsigned long long)s->min_games);
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->excel ? "given" : "not given");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->selection[0] ? s->selection : "every game");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", cli_viewer_name((enum cli_viewer)s->viewer));
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->aliases[0] ? s->aliases : "none");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->aliases_sha256[0] ? s->aliases_sha256 : "none");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", st_illegal_name(s->illegal));
    snprintf(v[i++], MADE_WITH_TEXT, "%s", r->anchor[0] ? r->anchor : "none");
    snprintf(v[i++], MADE_WITH_TEXT, "%.17g", r->anchor_rating);
    if (r->average_set)
        snprintf(v[i++], MADE_WITH_TEXT, "%.17g", r->average);
    else
        snprintf(v[i++], MADE_WITH_TEXT, "not given");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", r->white_advantage ? "given" : "not given");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->keep_duplicates ? "given" : "not given");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->pgn[0] ? s->pgn : "none");
    snprintf(v[i++], MADE_WITH_TEXT, "%s", s->definitions);
    snprintf(v[i++], MADE_WITH_TEXT, "%llu", (unsigned long long)s->max_inflated);
}

/* Shard i made with what shard 0 was: 0, or -1 having said the first
 * thing that differs. */
static int same_options(const struct merge *M, int i)
{
    static char a[MADE_WITH][MADE_WITH_TEXT], b[MADE_WITH][MADE_WITH_TEXT];
    made_with(&M->sh[0].st, a);
    made_with(&M->sh[i].st, b);
    for (int k = 0; k < MADE_WITH; k++)
        if (strcmp(a[k], b[k]) != 0) {
            cli_error("merge: '%s' and '%s' were made with different options: %s is '%s' "
                      "in '%s' and '%s' in '%s'",
                      M->sh[0].dir, M->sh[i].dir, made_with_name[k], a[k], M->sh[0].dir, b[k],
                      M->sh[i].dir);
            return -1;
        }
    return 0;
}

/* Every K of 1..N once, all made with the same options by this version
 * of gcaudit (whose statistics the merged reports are). */
static int check_set(struct merge *M)
{
    const struct cli_state *first = &M->sh[0].st;
    if (strcmp(first->made_by, GC_VERSION) != 0) {
        cli_error("merge: '%s' was made by gcaudit %s, this is gcaudit %s: shards and merge "
                  "must be the same version", M->sh[0].dir, first->made_by, GC_VERSION);
        return -1;
    }
    for (int i = 1; i < M->n; i++)
        if (same_options(M, i) != 0)
            return -1;
    if ((unsigned)M->n != first->nshards) {
        cli_error("merge: %d director%s given for %u shards", M->n, M->n == 1 ? "y" : "ies",
                  first->nshards);
        return -1;
    }
    for (int i = 0; i < M->n; i++) {
        const struct cli_state *s = &M->sh[i].st;
        for (int j = 0; j < i; j++)
            if (M->sh[j].st.shard == s->shard) {
                cli_error("merge: '%s' and '%s' are both shard %u/%u", M->sh[j].dir,
                          M->sh[i].dir, s->shard, s->nshards);
                return -1;
            }
    }
    return 0;
}

static FILE *open_in(const char *dir, const char *name)
{
    char *p = cli_path_in(dir, name);
    FILE *f = p ? fopen(p, "rb") : NULL;
    if (!f)
        cli_error("merge: cannot read '%s/%s': %s", dir, name, strerror(errno));
    free(p);
    return f;
}

/* Read every state, add up the statistics, check they fit together and
 * that every file merge reads is as its shard wrote it. */
static int load_shards(struct merge *M)
{
    char err[1024];
    for (int i = 0; i < M->n; i++)
        if (cli_state_read(M->sh[i].dir, &M->sh[i].st, M->stats, err, sizeof err) != 0) {
            cli_error("merge: %s", err);
            return -1;
        }
    if (check_set(M) != 0)
        return -1;
    for (int i = 0; i < M->n; i++)
        if (cli_state_check_files(M->sh[i].dir, &M->sh[i].st, err, sizeof err) != 0) {
            cli_error("merge: %s", err);
            return -1;
        }
    /* inputs.csv is the states' first file: the same digest, the same bytes. */
    for (int i = 1; i < M->n; i++)
        if (strcmp(M->sh[0].st.files[0].sha256, M->sh[i].st.files[0].sha256) != 0) {
            cli_error("merge: '%s/inputs.csv' and '%s/inputs.csv' differ: the shards did not "
                      "read the same inputs", M->sh[0].dir, M->sh[i].dir);
            return -1;
        }
    return 0;
}

/* Entries from one shard (all read all of them, and must have counted
 * them alike), games from all, every sum range-checked: a state whose
 * counts wrap round would make the summary disagree with the reports. */
static int add_totals(struct merge *M)
{
    const struct st_summary *first = &M->sh[0].st.totals.sum;
    M->t.sum = *first;
    M->t.sum.games = 0;
    memset(M->t.sum.by_status, 0, sizeof M->t.sum.by_status);
    memset(M->t.sum.by_result, 0, sizeof M->t.sum.by_result);
    M->t.sum.turns = M->t.sum.violations = M->t.sum.mismatches = 0;
    for (int i = 0; i < M->n; i++) {
        const struct cli_totals *s = &M->sh[i].st.totals;
        struct st_summary games = s->sum;
        if (games.entries != first->entries || games.entries_ok != first->entries_ok ||
            games.entries_skipped != first->entries_skipped ||
            games.entries_failed != first->entries_failed) {
            cli_error("merge: '%s' and '%s' counted their entries differently", M->sh[0].dir,
                      M->sh[i].dir);
            return -1;
        }
        games.entries = games.entries_ok = games.entries_skipped = games.entries_failed = 0;
        if (st_summary_add(&M->t.sum, &games) != 0 || s->games_found > ST_COUNT_MAX ||
            M->t.games_found > ST_COUNT_MAX - s->games_found) {
            cli_error("merge: the shards' counts add up to more than 2^53-1");
            return -1;
        }
        M->t.games_found += s->games_found;
        if (st_summary_add(&M->t.dups, &s->dups) != 0) {
            cli_error("merge: the shards' counts add up to more than 2^53-1");
            return -1;
        }
        if (strcmp(s->latest, M->t.latest) > 0)
            memcpy(M->t.latest, s->latest, sizeof M->t.latest);
    }
    return 0;
}

/* Shards that hold no game: as with analyze, the earlier reports are kept
 * unless --allow-empty (run_guard.c).  Why entries were skipped comes
 * from the first shard's inputs.csv: every shard lists every entry.
 * CLI_CONTINUE, or CLI_EXIT_EMPTY after saying why. */
static int empty_merge_or_stop(struct merge *M)
{
    if (M->allow_empty || M->t.sum.games > 0)
        return CLI_CONTINUE;
    const struct cli_state *s = &M->sh[0].st;
    char *path = cli_path_in(M->sh[0].dir, "inputs.csv");
    char err[256];
    cli_entries *e = path ? cli_entries_open(path, err, sizeof err) : NULL;
    const char *c[CLI_INPUTS_COLS];
    while (e && cli_entries_next(e, c) == 1)
        if (strcmp(c[CLI_I_STATUS], "skipped") == 0)
            cli_skips_add(&M->t.skips, c[CLI_I_MESSAGE], 1);
    cli_entries_free(e);
    free(path);
    struct cli_empty_run r = {M->outdir, M->made_dir, s->selection,
                              (const char *const *)s->inputs, (int)s->ninputs, 0};
    return cli_empty_run_or_stop("merge", &M->t, &r);
}

/* ------------------------------------------------------------- rows */

/* Skip a report's header line (and byte-order mark): the output has its own. */
static int skip_line(struct merge *M, FILE *f)
{
    return getline(&M->line, &M->cap, f) > 0 ? 0 : -1;
}

/* Copy one line of in to out.  0, or -1 when in has none. */
static int copy_line(struct merge *M, FILE *in, fmt_csv *out)
{
    ssize_t n = getline(&M->line, &M->cap, in);
    if (n <= 0)
        return -1;
    return fmt_csv_write(out, M->line, (size_t)n) == FMT_OK ? 0 : -2;
}

/* A decimal number at *p, at most max, followed by `sep`; *p moves past
 * the separator.  0, or -1 when there is none or it is out of range. */
static int index_number(const char **p, uint64_t max, char sep, uint64_t *out)
{
    const char *s = *p;
    uint64_t n = 0;
    if (*s < '0' || *s > '9')
        return -1;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (n > (max - (uint64_t)(*s - '0')) / 10)
            return -1;
        n = n * 10 + (uint64_t)(*s - '0');
    }
    if (*s != sep)
        return -1;
    *p = s + 1;
    *out = n;
    return 0;
}

/* The next game in a shard's index: 1, 0 at its end, -1 malformed.  A
 * line is "SEQ,INDEX,VIOLATIONS": an entry the shard read (below its
 * entry count), a game index of an int, a game this shard owns (the rule
 * of analyze's shard_owns), each after the one before in input order. */
static int next_head(struct merge *M, struct shard *s)
{
    int had = s->has_head;
    uint64_t prev_seq = s->seq, seq, idx, nv;
    long long prev_idx = s->index_no;
    s->has_head = 0;
    if (getline(&M->line, &M->cap, s->index) <= 0)
        return feof(s->index) ? 0 : -1;
    const char *p = M->line;
    const struct cli_state *st = &s->st;
    if (index_number(&p, UINT64_MAX, ',', &seq) != 0 || seq >= st->totals.sum.entries ||
        index_number(&p, INT_MAX, ',', &idx) != 0 || idx == 0 ||
        index_number(&p, ST_COUNT_MAX, '\n', &nv) != 0 || *p)
        return -1;
    if ((seq + idx - 1) % st->nshards != st->shard - 1 ||
        (had && (seq < prev_seq || (seq == prev_seq && (long long)idx <= prev_idx))))
        return -1;
    s->seq = seq;
    s->index_no = (long long)idx;
    s->nviolations = (size_t)nv;
    s->has_head = 1;
    s->rows_seen++;
    s->violations_seen += nv;
    return 1;
}

static int open_rows(struct merge *M, struct shard *s)
{
    if (!(s->games = open_in(s->dir, "games.csv")) ||
        !(s->violations = open_in(s->dir, "violations.csv")) ||
        !(s->index = open_in(s->dir, CLI_ROWS_FILE)) ||
        (s->st.viewer != CLI_VIEWER_NONE && !(s->viewer = open_in(s->dir, CLI_VIEWER_FILE))) ||
        (s->st.pgn[0] && !(s->pgn = open_in(s->dir, CLI_PGN_PART_FILE))))
        return -1;
    if (skip_line(M, s->games) || skip_line(M, s->violations) || skip_line(M, s->index) ||
        (s->viewer && skip_line(M, s->viewer)) || (s->pgn && skip_line(M, s->pgn)) ||
        next_head(M, s) < 0) {
        cli_error("merge: the reports in '%s' are incomplete", s->dir);
        return -1;
    }
    s->viewer_line = 1;   /* the header */
    return 0;
}

/* The shard whose next game comes first in input order, or NULL. */
static struct shard *first_head(struct merge *M)
{
    struct shard *best = NULL;
    for (int i = 0; i < M->n; i++) {
        struct shard *s = &M->sh[i];
        if (s->has_head && (!best || s->seq < best->seq ||
                            (s->seq == best->seq && s->index_no < best->index_no)))
            best = s;
    }
    return best;
}

/* One line of a shard's viewer records to out: empty (the game has no
 * page), or a record decoded and written again (viewer_json.c), so that
 * nothing in a shard's file reaches a page unescaped.  0, -1 when the
 * line is missing (said by the caller), -2 when out could not be
 * written, -3 having said why the line is no record. */
static int copy_viewer_record(struct merge *M, struct shard *s, fmt_csv *out)
{
    ssize_t n = getline(&M->line, &M->cap, s->viewer);
    if (n <= 0)
        return -1;
    s->viewer_line++;
    if (M->line[n - 1] == '\n')
        M->line[--n] = '\0';
    M->record.len = 0;
    char why[200];
    int rc = n == 0 ? 0 : cli_viewer_record_again(M->line, &M->record, why, sizeof why);
    if (rc == -2) {
        cli_error("merge: '%s/%s', line %llu: not a viewer record: %s", s->dir, CLI_VIEWER_FILE,
                  (unsigned long long)s->viewer_line, why);
        return -3;
    }
    if (rc == 0 && fmt_buf_add(&M->record, "\n", 1) != FMT_OK)
        rc = -1;
    if (rc != 0 || fmt_csv_write(out, M->record.data, M->record.len) != FMT_OK)
        return -2;
    return 0;
}

/* One record of a shard's PGN part: its game copied to its file, or its
 * fate counted.  0, -1 when the part does not match (a record missing or
 * malformed), -2 when a file could not be written. */
static int copy_pgn_record(struct merge *M, FILE *in, cli_pgn_files *out)
{
    if (getline(&M->line, &M->cap, in) <= 0)
        return -1;
    M->line[strcspn(M->line, "\n")] = '\0';
    uint64_t lines;
    const char *p = M->line + 4;
    if (strncmp(M->line, "pgn-left-out ", 13) == 0) {
        int fate = cli_pgn_fate_parse(M->line + 13);
        if (fate < 0)
            return -1;
        M->pgn_counts.n[fate]++;
        return 0;
    }
    /* A game of PGN is a few hundred lines at most; the bound only keeps
     * a damaged count from reading the rest of the part as one game. */
    if (strncmp(M->line, "pgn ", 4) != 0 || index_number(&p, 100000000, '\0', &lines) != 0 ||
        lines == 0)
        return -1;
    M->record.len = 0;
    for (uint64_t i = 0; i < lines; i++) {
        ssize_t n = getline(&M->line, &M->cap, in);
        if (n <= 0)
            return -1;
        if (fmt_buf_add(&M->record, M->line, (size_t)n) != FMT_OK)
            return -2;
    }
    if (cli_pgn_files_game(out, M->record.data, M->record.len) != 0)
        return -2;
    M->pgn_counts.n[CLI_PGN_EXPORTED]++;
    return 0;
}

/* games.csv and violations.csv (and the viewer records, a line per game
 * row, and the PGN part's records, one per game row), game by game in
 * input order. */
static int merge_rows(struct merge *M, fmt_csv *games, fmt_csv *violations, fmt_csv *viewer,
                      cli_pgn_files *pgn)
{
    for (int i = 0; i < M->n; i++)
        if (open_rows(M, &M->sh[i]) != 0)
            return -1;
    struct shard *s;
    while ((s = first_head(M)) != NULL) {
        int rc = copy_line(M, s->games, games);
        for (size_t v = 0; rc == 0 && v < s->nviolations; v++)
            rc = copy_line(M, s->violations, violations);
        if (rc == 0 && viewer)
            rc = copy_viewer_record(M, s, viewer);
        if (rc == 0 && pgn)
            rc = copy_pgn_record(M, s->pgn, pgn);
        if (rc == 0)
            rc = next_head(M, s) < 0 ? -1 : 0;
        if (rc != 0) {
            if (rc == -1)
                cli_error("merge: the reports in '%s' do not match its index", s->dir);
            else if (rc == -2)
                cli_error("cannot write the reports in '%s': %s", M->outdir, strerror(errno));
            return -1;
        }
    }
    for (int i = 0; i < M->n; i++) {
        const struct shard *s = &M->sh[i];
        if (getline(&M->line, &M->cap, s->games) > 0 ||
            getline(&M->line, &M->cap, s->violations) > 0 ||
            (s->viewer && getline(&M->line, &M->cap, s->viewer) > 0) ||
            (s->pgn && getline(&M->line, &M->cap, s->pgn) > 0)) {
            cli_error("merge: the reports in '%s' do not match its index", s->dir);
            return -1;
        }
        if (s->rows_seen != s->st.totals.sum.games ||
            s->violations_seen != s->st.totals.sum.violations) {
            cli_error("merge: the reports in '%s' hold %llu games and %llu violations, its "
                      "state counts %llu and %llu", s->dir, (unsigned long long)s->rows_seen,
                      (unsigned long long)s->violations_seen,
                      (unsigned long long)s->st.totals.sum.games,
                      (unsigned long long)s->st.totals.sum.violations);
            return -1;
        }
    }
    return 0;
}

/* inputs.csv is the first shard's (all of them are the same), a row for
 * each entry its state counts (a cell never holds a line end). */
static int copy_inputs(struct merge *M, fmt_csv *out)
{
    FILE *in = open_in(M->sh[0].dir, "inputs.csv");
    int rc = in && skip_line(M, in) == 0 ? 0 : -1;
    uint64_t rows = 0;
    while (rc == 0 && (rc = copy_line(M, in, out)) == 0)
        rows++;
    if (in)
        fclose(in);
    if (rc != -1 || !in)
        return -1;
    if (rows != M->sh[0].st.totals.sum.entries) {
        cli_error("merge: '%s/inputs.csv' has %llu rows, its state counts %llu entries",
                  M->sh[0].dir, (unsigned long long)rows,
                  (unsigned long long)M->sh[0].st.totals.sum.entries);
        return -1;
    }
    return 0;
}

/* Where the PGN goes: --pgn FILE, else the FILE the shards were given;
 * NULL when the shards made none. */
static const char *pgn_file(const struct merge *M)
{
    if (!M->sh[0].st.pgn[0])
        return NULL;
    return M->pgn ? M->pgn : M->sh[0].st.pgn;
}

/* --pgn needs shards that made PGN, and the file must be writable: said
 * before anything is written. */
static int check_pgn_or_stop(const struct merge *M)
{
    if (M->pgn && !M->sh[0].st.pgn[0]) {
        cli_error("merge: --pgn: the shards made no PGN (give --pgn FILE to every "
                  "'analyze --shard')");
        return CLI_EXIT_USAGE;
    }
    const char *path = pgn_file(M);
    int rc = path ? cli_output_check_paths_or_stop("merge", NULL, path, NULL) : CLI_CONTINUE;
    return path && rc == CLI_CONTINUE ? cli_output_check_file_or_stop("merge", "PGN file", path)
                                      : rc;
}

/* The row reports (and the PGN file), each renamed into place only when whole. */
static int write_rows(struct merge *M)
{
    int excel = M->sh[0].st.excel;
    fmt_csv *in = fmt_csv_open(M->outdir, "inputs.csv", cli_inputs_header, CLI_INPUTS_COLS, excel);
    fmt_csv *g = fmt_csv_open(M->outdir, "games.csv", cli_games_header, CLI_GAMES_COLS, excel);
    fmt_csv *v = fmt_csv_open(M->outdir, "violations.csv", cli_violations_header,
                              CLI_VIOLATIONS_COLS, excel);
    int viewing = M->sh[0].st.viewer != CLI_VIEWER_NONE;
    fmt_csv *x = viewing ? fmt_csv_open(M->outdir, CLI_VIEWER_FILE, cli_viewer_header, 1, 0)
                         : NULL;
    const char *pgn_path = pgn_file(M);
    cli_pgn_files *pgn = pgn_path ? (M->pgn_files = cli_pgn_files_open(pgn_path)) : NULL;
    int rc = in && g && v && (x || !viewing) && (pgn || !pgn_path) ? 0 : -1;
    if (rc != 0)
        cli_error("cannot write the reports in '%s': %s", M->outdir, strerror(errno));
    if (rc == 0 && (copy_inputs(M, in) != 0 || merge_rows(M, g, v, x, pgn) != 0))
        rc = -1;
    if (rc == 0) {
        int closed = fmt_csv_close_by(in, cli_report_put) | fmt_csv_close_by(g, cli_report_put) |
                     fmt_csv_close_by(v, cli_report_put);
        if (x)
            closed |= fmt_csv_close_by(x, cli_report_put);
        if (pgn && cli_pgn_files_close(pgn) != 0)
            closed = FMT_FATAL;
        else if (pgn)
            cli_pgn_files_stale(pgn, M->outdir);
        if (closed != FMT_OK)
            cli_error("the reports in '%s' could not be written completely", M->outdir);
        return closed == FMT_OK ? 0 : -1;
    }
    fmt_csv_abort(in);
    fmt_csv_abort(g);
    fmt_csv_abort(v);
    fmt_csv_abort(x);
    cli_pgn_files_free(M->pgn_files);
    M->pgn_files = NULL;
    return -1;
}

/* The shards counted names through an alias file: the crosstables of
 * summary.html find the games of those names through it again, so a merge
 * that cannot read it could not write one run's page. */
static int read_aliases(struct merge *M)
{
    const char *path = M->sh[0].st.aliases;
    char err[1024], hex[CLI_SHA256_HEX];
    uint64_t size;
    if (!path[0])
        return 0;
    if (!(M->alias = cli_alias_read(path, &M->spellings, err, sizeof err))) {
        cli_error("merge: the shards counted names through --player-alias %s", err);
        return -1;
    }
    /* A file that is no regular file (/dev/null, a FIFO) has no digest in
     * the shards: there are no bytes to compare, and a FIFO read twice
     * would wait for a writer. */
    if (!M->sh[0].st.aliases_sha256[0])
        return 0;
    if (cli_sha256_file(path, hex, &size) != 0) {
        cli_error("merge: the shards counted names through --player-alias %s: %s", path,
                  strerror(errno));
        return -1;
    }
    if (strcmp(hex, M->sh[0].st.aliases_sha256) != 0) {
        cli_error("merge: --player-alias %s is not the file the shards read: its bytes have "
                  "changed since", path);
        return -1;
    }
    return 0;
}

static void release(struct merge *M)
{
    for (int i = 0; M->sh && i < M->n; i++) {
        if (M->sh[i].games)
            fclose(M->sh[i].games);
        if (M->sh[i].violations)
            fclose(M->sh[i].violations);
        if (M->sh[i].index)
            fclose(M->sh[i].index);
        if (M->sh[i].viewer)
            fclose(M->sh[i].viewer);
        if (M->sh[i].pgn)
            fclose(M->sh[i].pgn);
        cli_state_release(&M->sh[i].st);
    }
    free(M->sh);
    free(M->line);
    fmt_buf_release(&M->record);
    cli_pgn_files_free(M->pgn_files);
    free(M->pgn_text);
    free(M->made_dir);
    st_stats_free(M->stats);
    st_alias_free(M->alias);
    cli_alias_spellings_release(&M->spellings);
}

/* The merged run's report options: the first shard's (the others agree,
 * load_shards checked), and the run block: the shards' inputs and options,
 * as one run's. */
static struct cli_report_opts merged_report_opts(struct merge *M, long long run_started)
{
    const struct cli_state *s = &M->sh[0].st;
    struct cli_report_opts o = {M->outdir, s->excel, s->declared, s->min_games, s->selection,
                                M->xlsx, {0}, s->illegal, &s->rating, M->alias,
                                &M->spellings, 0, 0, 1};
    o.info.started = run_started;
    o.info.inputs = (const char *const *)s->inputs;
    o.info.ninputs = s->ninputs;
    o.info.aliases = s->aliases[0] ? s->aliases : NULL;
    o.info.excel = s->excel;
    o.info.viewer = (enum cli_viewer)s->viewer;
    o.info.pgn = M->pgn_text;
    o.info.viewer_max = M->viewer_max;
    return o;
}

/* After the rows: the statistics' reports and the pages, every file put in
 * place together, then the warnings and the summary.  The exit status,
 * CLI_EXIT_NOTHING when the reports could not be written (said). */
static int finish_merge(struct merge *M, long long run_started, double started)
{
    int rc = CLI_CONTINUE;
    if (M->pgn_files &&
        !(M->pgn_text = cli_pgn_files_text(&M->pgn_counts, M->pgn_files, pgn_file(M), 0))) {
        cli_error("out of memory");
        return CLI_EXIT_NOTHING;
    }
    struct cli_report_opts o = merged_report_opts(M, run_started);
    int viewer = M->sh[0].st.viewer != CLI_VIEWER_NONE;
    if (cli_report_files_in(&o.info.files, M->outdir, viewer) != 0) {
        cli_error("out of memory");
        rc = CLI_EXIT_NOTHING;
    } else if (cli_report_statistics(M->stats, &M->t, &o) != 0) {
        rc = CLI_EXIT_NOTHING;
    } else {
        /* The viewer records were only the pages' material. */
        char *records = viewer ? cli_path_in(M->outdir, CLI_VIEWER_FILE) : NULL;
        if (records)
            cli_report_discard(records);
        free(records);
        if (cli_report_set_commit() != 0) {
            cli_error("cannot put the reports in place in '%s': %s", M->outdir,
                      strerror(errno));
            rc = CLI_EXIT_NOTHING;
        }
    }
    if (rc != CLI_EXIT_NOTHING) {
        cli_report_warnings(&M->t, &o);
        cli_pgn_warn(&M->pgn_counts, pgn_file(M));
        if (!M->quiet)
            cli_report_summary(&M->t, &o, cli_now() - started);
        if (!M->quiet && pgn_file(M))
            cli_pgn_summary(&M->pgn_counts, M->pgn_files, pgn_file(M), 0);
        rc = cli_warnings_status(cli_report_exit_status(&M->t.sum), M->strict);
    }
    cli_report_files_release(&o.info.files);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    struct merge M;
    memset(&M, 0, sizeof M);
    double started = cli_now();
    long long run_started = cli_run_started();
    int rc = cli_merge_parse_or_stop(argc, argv, &M);
    if (rc == CLI_CONTINUE && !(M.stats = st_stats_new())) {
        cli_error("out of memory");
        rc = CLI_EXIT_NOTHING;
    }
    /* The outputs are checked before any shard is read: only what gcaudit
     * wrote is ever replaced. */
    if (rc == CLI_CONTINUE)
        rc = cli_output_check_paths_or_stop("merge", M.outdir, NULL, M.xlsx);
    if (rc == CLI_CONTINUE && cli_output_make_dir(M.outdir, &M.made_dir) != 0) {
        cli_error("merge: cannot write the reports in '%s': %s", M.outdir, strerror(errno));
        rc = CLI_EXIT_NOTHING;
    } else if (rc == CLI_CONTINUE && M.xlsx) {
        rc = cli_output_check_file_or_stop("merge", "workbook", M.xlsx);
    }
    /* The merged files are put in place together (report_set.c). */
    if (rc == CLI_CONTINUE)
        cli_report_set_begin(M.outdir);
    if (rc == CLI_CONTINUE &&
        (load_shards(&M) != 0 || read_aliases(&M) != 0 || add_totals(&M) != 0))
        rc = CLI_EXIT_NOTHING;
    if (rc == CLI_CONTINUE && ((rc = empty_merge_or_stop(&M)) != CLI_CONTINUE ||
                               (rc = check_pgn_or_stop(&M)) != CLI_CONTINUE)) {
        /* Nothing is written yet: nothing is left. */
        cli_report_set_abort();
        cli_output_unmake_dir(M.outdir, M.made_dir);
    }
    if (rc == CLI_CONTINUE && write_rows(&M) != 0)
        rc = CLI_EXIT_NOTHING;
    if (rc == CLI_CONTINUE)
        rc = finish_merge(&M, run_started, started);
    if (rc == CLI_EXIT_NOTHING) {
        cli_report_set_abort();
        cli_output_unmake_dir(M.outdir, M.made_dir);
    }
    release(&M);
    return rc;
}
