/*
 * report: the end of a run, shared by `analyze` and `merge` so that a
 * merged run writes its statistics, page, workbook and closing lines with
 * the very code a single run uses: byte for byte the same reports.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cli/audit.h"
#include "cli/crosstable.h"

int cli_report_files_in(struct cli_report_files *f, const char *dir, int viewer)
{
    memset(f, 0, sizeof *f);
    const char *names[] = {"inputs.csv", "games.csv", "violations.csv", CLI_VIEWER_FILE};
    const char **paths[] = {&f->inputs, &f->games, &f->violations, &f->viewer};
    for (int i = 0; i < 4; i++) {
        if (i == 3 && !viewer)
            break;
        size_t n = strlen(dir) + strlen(names[i]) + 2;
        char *p = malloc(n);
        if (!p) {
            cli_report_files_release(f);
            return -1;
        }
        snprintf(p, n, "%s/%s", dir, names[i]);
        /* Not in place yet while the run's files wait (report_set.c). */
        const char *now = cli_report_waiting(p);
        if (now != p) {
            char *copy = strdup(now);
            free(p);
            if (!(p = copy)) {
                cli_report_files_release(f);
                return -1;
            }
        }
        *paths[i] = p;
    }
    return 0;
}

void cli_report_files_release(struct cli_report_files *f)
{
    free((char *)f->inputs);
    free((char *)f->games);
    free((char *)f->violations);
    free((char *)f->viewer);
    memset(f, 0, sizeof *f);
}

/* How much of a split list the warning names; players.csv's rating_group
 * has every player's group. */
#define WARN_GROUPS 10
#define WARN_NAMES 5

int cli_rating_groups_text(const st_stats *s, size_t list, char **text)
{
    *text = NULL;
    uint32_t groups = st_rating_list_groups(s, list);
    if (groups < 2)
        return 0;
    size_t len = 0;
    FILE *m = open_memstream(text, &len);
    if (!m)
        return -1;
    fprintf(m, "%u groups of players never met, directly or through others, so ratings from "
               "different groups cannot be compared:",
            groups);
    for (uint32_t g = 1; g <= groups && g <= WARN_GROUPS; g++) {
        const char *names[WARN_NAMES];
        size_t n = st_rating_group_names(s, list, g, names, WARN_NAMES);
        fprintf(m, "%s group %u (%zu player%s): ", g > 1 ? ";" : "", g, n, n == 1 ? "" : "s");
        for (size_t i = 0; i < n && i < WARN_NAMES; i++)
            fprintf(m, "%s%s", i ? ", " : "", names[i]);
        if (n > WARN_NAMES)
            fprintf(m, " and %zu more", n - WARN_NAMES);
    }
    if (groups > WARN_GROUPS)
        fprintf(m, "; and %u more groups (players.csv, rating_group)", groups - WARN_GROUPS);
    if (fclose(m) != 0) {
        free(*text);
        *text = NULL;
        return -1;
    }
    return 0;
}

/* A rating list whose players never all met, directly or through others:
 * ratings from different groups cannot be compared (Ordo warns alike).
 * Said once per list, naming the groups by their first players (the
 * page's ratings say it too). */
static void warn_rating_groups(const st_stats *s)
{
    for (size_t l = 0; l < st_table_nrows(s, ST_TABLE_RATING_LISTS); l++) {
        char *text;
        if (cli_rating_groups_text(s, l, &text) != 0)
            cli_warning("rating list '%s': %u groups of players who never met",
                        st_rating_list_name(s, l), st_rating_list_groups(s, l));
        else if (text)
            cli_warning("rating list '%s': %s", st_rating_list_name(s, l), text);
        free(text);
    }
}

/* An anchor rated in no list placed nothing: probably a misspelt name. */
static void warn_anchor(const st_stats *s, const struct cli_rating_opts *r)
{
    if (!r->anchor[0])
        return;
    for (size_t l = 0; l < st_table_nrows(s, ST_TABLE_RATING_LISTS); l++) {
        struct st_cell c[ST_R_COLS];
        st_table_row(s, ST_TABLE_RATING_LISTS, l, c);
        if (c[ST_R_ANCHOR].kind != ST_CELL_EMPTY)
            return;
    }
    char buf[ST_FIXED_TEXT];
    struct st_cell c = {ST_CELL_REAL, NULL, r->anchor_rating, 1};
    cli_warning("--anchor '%s' has no rated game: every rating list has the mean %s instead",
                r->anchor, st_cell_text(&c, buf, sizeof buf));
}

/* The selected games counted once: the copies of earlier games left out
 * (every field of dups is part of sum's). */
static struct st_summary counted_once(const struct cli_totals *t)
{
    struct st_summary s = t->sum;
    const struct st_summary *d = &t->dups;
    s.games -= d->games;
    for (int i = 0; i < 4; i++) {
        s.by_status[i] -= d->by_status[i];
        s.by_result[i] -= d->by_result[i];
    }
    s.turns -= d->turns;
    s.violations -= d->violations;
    s.mismatches -= d->mismatches;
    return s;
}

/* The statistics' CSV reports, written on a thread of their own beside
 * the page and the workbook (with -j 2 or more), or first (with one):
 * they are kept complete under their temporary names and handed to the
 * report set where they would have been written first, so the list of
 * the run's files is the same whatever -j says. */
struct tables_job {
    const st_stats *stats;
    const char *dir;
    int excel;
    struct cli_kept kept;
    int rc, err;
    /* Then the digests of the tables and of the row reports (the
     * largest files of the run, closed before its end) for the list of
     * the run's files, which would read them again at the very end. */
    const struct cli_report_files *rows;
    struct cli_digest_ahead ahead[CLI_KEPT_MAX + 3];
};

static void *write_tables(void *arg)
{
    struct tables_job *j = arg;
    j->rc = cli_write_stats_csv(j->stats, j->dir, j->excel, &j->kept);
    j->err = errno;
    const char *files[CLI_KEPT_MAX + 3] = {j->rows->inputs, j->rows->games, j->rows->violations};
    for (size_t i = 0; j->rc == 0 && i < j->kept.n; i++)
        files[3 + i] = j->kept.tmp[i];
    for (size_t i = 0; i < CLI_KEPT_MAX + 3; i++)
        if (files[i] && cli_report_digest_file(files[i], &j->ahead[i]) != 0)
            j->ahead[i].tmp = NULL;   /* the list reads it itself */
    return NULL;
}

/* What of summary.html needs no rating: the crosstables, made from the
 * standings, and the Audit tables' pass over the row reports, which
 * feeds them the games.  st_stats_finish calls page_pass once the
 * standings are built (st_options.standings_done).  With -j 2 or more it
 * starts the pass on a thread of its own and returns: the pass then runs
 * beside the rating fits and, once they are done, beside the statistics'
 * CSV reports, where it ran on the standings' thread before the CSV
 * reports could start (the end of a -j 2 run waited some 70 ms for
 * them after the pass).  page_join waits for it before anything reads
 * what it made. */
struct page_job {
    struct cli_html_run run;      /* its crosstables and audit made here */
    const struct cli_report_opts *o;
    const st_stats *stats;
    int ran;
    int threaded;                 /* running on t */
    pthread_t t;
};

static void run_page_pass(struct page_job *j)
{
    const struct cli_report_opts *o = j->o;
    j->run.crosstables = cli_crosstables_new(j->stats, o->alias, o->spellings, o->declared);
    if (j->run.crosstables)
        j->run.audit = cli_audit_pass_run(&j->run, o->outdir);
}

static void *page_pass_main(void *arg)
{
    run_page_pass(arg);
    return NULL;
}

static void page_pass(void *arg, const st_stats *stats)
{
    struct page_job *j = arg;
    j->ran = 1;
    j->stats = stats;
    j->threaded = j->o->threads > 1 && pthread_create(&j->t, NULL, page_pass_main, j) == 0;
    if (!j->threaded)
        run_page_pass(j);
}

static void page_join(struct page_job *j)
{
    if (j->threaded)
        pthread_join(j->t, NULL);
    j->threaded = 0;
}

/* summary.html and the workbook, from run's pass.  0, or -1 after saying
 * what failed. */
static int write_page_and_book(const st_stats *stats, struct cli_html_run *run,
                               const struct cli_totals *t, const struct cli_report_opts *o)
{
    /* One set of crosstables for the page and the workbook: the page's
     * pass over games.csv gives it the malformed games, which the
     * statistics never see, and the workbook marks them as the page does. */
    if (!run->crosstables) {
        cli_error("out of memory while drawing the crosstables");
        return -1;
    }
    char err[1024];
    int rc = cli_write_summary_html(stats, run, o->outdir, err, sizeof err);
    if (rc != 0) {
        cli_error("cannot write '%s/summary.html': %s", o->outdir, err);
        return -1;
    }
    /* The workbook's creation date: the day of the latest game it
     * describes (or 1980-01-01, the date zip entries carry), never the
     * clock, so that the same input gives the same bytes. */
    long long created = cli_date_seconds(t->latest[0] ? t->latest : "1980-01-01");
    rc = o->xlsx ? cli_write_stats_xlsx(stats, run, o->xlsx, created, err, sizeof err) : 0;
    if (rc != 0)
        cli_error("%s", err);
    return rc ? -1 : 0;
}

int cli_report_statistics(st_stats *stats, const struct cli_totals *t,
                          const struct cli_report_opts *o)
{
    /* The page's counts are the statistics': each game once. */
    struct st_summary once = counted_once(t);
    struct page_job page = {.run = {&once, &t->dups, t->games_found,
                                    o->declared ? "declared" : "verified", o->selection,
                                    o->min_games, &o->info, o->alias, o->spellings, NULL, NULL},
                            .o = o};
    struct cli_html_run *run = &page.run;
    const struct cli_rating_opts *r = o->rating;
    struct st_options so = {o->min_games, 0, r->anchor[0] ? r->anchor : NULL, r->anchor_rating,
                            r->average_set, r->average, r->white_advantage, o->illegal,
                            o->threads, page_pass, &page};
    int rc = st_stats_finish(stats, &so);
    if (rc != ST_OK) {
        page_join(&page);
        cli_error("%s while computing the statistics", st_rc_text(rc));
        cli_audit_pass_free(run->audit);
        cli_crosstables_free(run->crosstables);
        return -1;
    }
    if (!page.ran)   /* finished before: the standings were never handed over */
        page_pass(&page, stats);
    warn_anchor(stats, r);
    warn_rating_groups(stats);
    size_t mark = cli_report_mark();
    struct tables_job tables = {stats, o->outdir, o->excel, {{0}, {0}, 0}, 0, 0, &o->info.files,
                                {{0}}};
    pthread_t beside;
    int threaded = o->threads > 1 && pthread_create(&beside, NULL, write_tables, &tables) == 0;
    if (!threaded)
        write_tables(&tables);
    page_join(&page);
    rc = threaded || tables.rc == 0 ? write_page_and_book(stats, run, t, o) : 0;
    if (threaded)
        pthread_join(beside, NULL);
    cli_audit_pass_free(run->audit);
    cli_crosstables_free(run->crosstables);
    /* Handed over even after a failure: the report set's abort removes them. */
    int put = cli_report_put_kept(mark, &tables.kept);
    for (size_t i = 0; i < CLI_KEPT_MAX + 3; i++)
        cli_report_digest_ahead(&tables.ahead[i]);
    if (tables.rc != 0 || put != 0) {
        cli_error("cannot write the statistics in '%s': %s", o->outdir,
                  strerror(tables.rc != 0 ? tables.err : errno));
        return -1;
    }
    return rc;
}

void cli_report_summary(const struct cli_totals *t, const struct cli_report_opts *o, double secs)
{
    /* Each game once, as the statistics count it; the copies apart. */
    struct st_summary once = counted_once(t);
    const struct st_summary *s = &once;
    /* A shard's summary counts its part only: it says which part. */
    if (o->nshards)
        printf("gcaudit: shard %u of %u: ", o->shard, o->nshards);
    else
        fputs("gcaudit: ", stdout);
    printf("%llu entr%s read (%llu ok, %llu skipped, %llu failed), %llu game%s in "
           "%.2f s\n",
           (unsigned long long)s->entries, s->entries == 1 ? "y" : "ies",
           (unsigned long long)s->entries_ok,
           (unsigned long long)s->entries_skipped, (unsigned long long)s->entries_failed,
           (unsigned long long)t->games_found, t->games_found == 1 ? "" : "s", secs);
    if (o->selection[0])
        printf("  selected: %llu of %llu game%s (%s)\n", (unsigned long long)t->sum.games,
               (unsigned long long)t->games_found, t->games_found == 1 ? "" : "s", o->selection);
    /* The copies first: every count below leaves them out. */
    const struct st_summary *c = &t->dups;
    if (c->games)
        printf("  copies: %llu game%s a copy of an earlier one, not counted below (games.csv: "
               "duplicate_of; violations.csv lists %s %llu violation%s too)\n",
               (unsigned long long)c->games, c->games == 1 ? " is" : "s are",
               c->games == 1 ? "its" : "their", (unsigned long long)c->violations,
               c->violations == 1 ? "" : "s");
    /* The results are those the statistics count (variants.csv): of the
     * valid games, with the results --results names; the games not
     * counted are the other statuses and the unfinished. */
    uint64_t valid = s->by_result[RP_RESULT_WHITE] + s->by_result[RP_RESULT_BLACK] +
                     s->by_result[RP_RESULT_DRAW];
    printf("  games: %llu ok (%llu finished, %llu unfinished), %llu illegal, %llu malformed, "
           "%llu unsupported\n",
           (unsigned long long)s->by_status[RP_STATUS_OK], (unsigned long long)valid,
           (unsigned long long)s->by_result[RP_RESULT_NONE],
           (unsigned long long)s->by_status[RP_STATUS_ILLEGAL],
           (unsigned long long)s->by_status[RP_STATUS_MALFORMED],
           (unsigned long long)s->by_status[RP_STATUS_UNSUPPORTED]);
    uint64_t w = s->by_result[RP_RESULT_WHITE], b = s->by_result[RP_RESULT_BLACK],
             d = s->by_result[RP_RESULT_DRAW];
    printf("  results of the %llu valid game%s (%s, as the statistics count them): %llu white "
           "win%s, %llu black win%s, %llu draw%s\n",
           (unsigned long long)valid, valid == 1 ? "" : "s", o->declared ? "declared" : "verified",
           (unsigned long long)w, w == 1 ? "" : "s", (unsigned long long)b, b == 1 ? "" : "s",
           (unsigned long long)d, d == 1 ? "" : "s");
    printf("  violations: %llu (%llu result mismatch%s); reports in %s/\n",
           (unsigned long long)s->violations, (unsigned long long)s->mismatches,
           s->mismatches == 1 ? "" : "es", o->outdir);
}

void cli_report_warnings(const struct cli_totals *t, const struct cli_report_opts *o)
{
    if (o->selection[0] && t->games_found > 0 && t->sum.games == 0)
        cli_warning("the selection (%s) matches none of the %llu games read", o->selection,
                    (unsigned long long)t->games_found);
}

int cli_report_exit_status(const struct st_summary *s)
{
    if (s->entries_ok + s->entries_skipped == 0)
        return CLI_EXIT_NOTHING;
    return s->entries_failed ? CLI_EXIT_SOME_FAILED : CLI_EXIT_OK;
}
