/*
 * audit_html: the Audit section at the top of summary.html.  What a
 * director looks for first: the run (when, which version, which inputs
 * and options), the entries that could not be read, every game with a
 * violation (its first violation's turn and message, how many more, a
 * link to the game in the viewer), every result mismatch, and the games the
 * rules left for a director's review.
 *
 * The tables are data, not markup: their rows travel as JSON in a
 * <script type="application/json"> element, and cli/page/audit.js sorts,
 * filters and pages them in the browser, so that a run with 100,000
 * games with violations gives a page that still opens at once (only one
 * page of rows is ever in the document).  Rows are read back from the
 * written reports one game at a time (report_read.c): nothing here grows
 * with the archive but the page itself.  The viewer pages are written in
 * the same pass (viewer_html.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/audit.h"
#include "cli/crosstable.h"

/* ------------------------------------------------------------- the run */

const char *cli_viewer_name(enum cli_viewer v)
{
    return v == CLI_VIEWER_ALL ? "all" : v == CLI_VIEWER_NONE ? "none" : "illegal";
}

const char *cli_viewer_text(const struct cli_run_info *in, char *buf, size_t size)
{
    if (in->viewer == CLI_VIEWER_NONE)
        return cli_viewer_name(in->viewer);
    if (in->viewer_max == UINT64_MAX) {
        snprintf(buf, size, "%s (no limit: --viewer-max 0)", cli_viewer_name(in->viewer));
    } else {
        char n[ST_INT_TEXT];
        n[st_format_u64(n, in->viewer_max)] = '\0';
        snprintf(buf, size, "%s (at most %s games: --viewer-max)", cli_viewer_name(in->viewer), n);
    }
    return buf;
}

int cli_viewer_parse(const char *s)
{
    for (int v = CLI_VIEWER_ILLEGAL; v <= CLI_VIEWER_NONE; v++)
        if (strcmp(s, cli_viewer_name((enum cli_viewer)v)) == 0)
            return v;
    return -1;
}

int cli_viewer_max_or_stop(const char *command, const char *v, uint64_t *max)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (v[0] < '0' || v[0] > '9' || *end || errno) {
        cli_error("%s: --viewer-max wants a number of games (0 for no limit), not '%s'", command,
                  v);
        return CLI_EXIT_USAGE;
    }
    *max = n ? (uint64_t)n : UINT64_MAX;
    return CLI_CONTINUE;
}

long long cli_run_started(void)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    if (e && *e) {
        char *end;
        long long v = strtoll(e, &end, 10);
        if (!*end && v >= 0)
            return v;
    }
    return (long long)time(NULL);
}

static void run_row(FILE *f, const char *name, const char *value)
{
    fputs("<tr><th>", f);
    fputs(name, f);
    fputs("</th><td>", f);
    cli_html_text(f, value);
    fputs("</td></tr>\n", f);
}

static void run_block(FILE *f, const struct cli_html_run *run)
{
    const struct cli_run_info *in = run->info;
    char date[64] = "";
    time_t t = (time_t)in->started;
    struct tm tm;
    if (gmtime_r(&t, &tm))
        strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", &tm);
    fputs("<table class=\"run\" id=\"run\">\n", f);
    run_row(f, "date", date);
    run_row(f, "version", "gcaudit " GC_VERSION);
    fputs("<tr><th>inputs</th><td>", f);
    for (size_t i = 0; i < in->ninputs; i++) {
        if (i)
            fputs("<br/>", f);
        fputs("<code>", f);
        cli_html_text(f, in->inputs[i]);
        fputs("</code>", f);
    }
    fputs("</td></tr>\n", f);
    char opts[1024];
    char mg[32];
    snprintf(mg, sizeof mg, "%llu", (unsigned long long)run->min_games);
    char viewer[96];
    snprintf(opts, sizeof opts, "results %s; player aliases %s; min-games %s; CSV %s; viewer %s",
             run->results, in->aliases ? in->aliases : "none", mg,
             in->excel ? "for Excel (BOM, CRLF)" : "plain",
             cli_viewer_text(in, viewer, sizeof viewer));
    run_row(f, "options", opts);
    run_row(f, "selection", run->selection && run->selection[0] ? run->selection : "every game");
    fputs("</table>\n", f);
}

/* ------------------------------------------------------------ the rows */

static long long number(const char *s)
{
    return s[0] ? strtoll(s, NULL, 10) : -1;
}

/* 2 * turn + side, the turn cell audit.js sorts and shows; -1 for none. */
static long long turn_key(const char *turn, const char *side)
{
    if (!turn[0])
        return -1;
    return 2 * strtoll(turn, NULL, 10) + (strcmp(side, "black") == 0);
}

static void json_num(FILE *f, long long v)
{
    if (v < 0)
        fputs("\"\"", f);
    else
        fprintf(f, "%lld", v);
}

/* n JSON strings, separated by commas, then end ("," before the next
 * cell, "]" closing the row, "" when a number follows). */
static void json_strings(FILE *f, const char *const *s, size_t n, const char *end)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        cli_json_string(f, s[i]);
    }
    fputs(end, f);
}

struct table_col {
    const char *name, *type, *filter, *group;
};

static void table_start(FILE *f, const char *id, const struct table_col *cols, size_t n)
{
    fprintf(f, "<script type=\"application/json\" id=\"%s\">{\"cols\":[", id);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%s{\"n\":\"%s\",\"t\":\"%s\"", i ? "," : "", cols[i].name, cols[i].type);
        if (cols[i].filter)
            fprintf(f, ",\"f\":\"%s\"", cols[i].filter);
        if (cols[i].group)
            fprintf(f, ",\"g\":\"%s\"", cols[i].group);
        fputc('}', f);
    }
    fputs("],\"rows\":[", f);
}

static void table_end(FILE *f, const char *id)
{
    fprintf(f, "]}</script>\n<div class=\"audit-table\" data-rows=\"%s\"></div>\n", id);
}

static const struct table_col entry_cols[] = {
    {"#", "num", NULL, NULL},         {"source", "text", "text", "file"},
    {"entry", "text", "text", "file"}, {"status", "text", "select", NULL},
    {"reason", "text", "text", "reason"}};

/* The columns every table of games starts with (game_cells writes them). */
#define GAME_COLS                                                                                \
    {"#", "num", NULL, NULL}, {"source", "text", "text", "file"},                                \
        {"entry", "text", "text", "file"}, {"game", "num", NULL, NULL},                          \
        {"variant", "text", "select", NULL}, {"white", "text", "text", "player"},                \
        {"black", "text", "text", "player"}

static const struct table_col game_cols[] = {
    GAME_COLS,
    {"status", "text", "select", NULL},
    {"turn", "turn", NULL, NULL},
    {"by", "text", "text", "player"},
    {"code", "text", "select", NULL},
    {"message", "text", "text", "message"},
    {"more", "num", NULL, NULL},
    {"viewer", "link", NULL, NULL}};

static const struct table_col mismatch_cols[] = {
    GAME_COLS,
    {"declared", "text", "select", NULL},
    {"verified", "text", "select", NULL},
    {"message", "text", "text", "message"},
    {"viewer", "link", NULL, NULL}};

static const struct table_col review_cols[] = {
    GAME_COLS,
    {"result", "text", "select", NULL},
    {"termination", "text", "select", NULL},
    {"review", "text", "select", NULL},
    {"viewer", "link", NULL, NULL}};

static const struct table_col copy_cols[] = {
    GAME_COLS,
    {"status", "text", "select", NULL},
    {"violations", "num", NULL, NULL},
    {"copy of", "text", "text", "file"},
    {"viewer", "link", NULL, NULL}};

#define NCOLS(a) (sizeof a / sizeof a[0])

/* Entries that were skipped or failed, from inputs.csv. */
static int entries_table(FILE *f, const struct cli_report_files *files, char *err,
                         size_t errsize, unsigned long long *count)
{
    cli_entries *e = cli_entries_open(files->inputs, err, errsize);
    if (!e)
        return -1;
    table_start(f, "entries-data", entry_cols, NCOLS(entry_cols));
    const char *c[CLI_INPUTS_COLS];
    long long row = 0;
    int rc;
    *count = 0;
    while ((rc = cli_entries_next(e, c)) == 1) {
        row++;
        if (strcmp(c[CLI_I_STATUS], "ok") == 0)
            continue;
        fprintf(f, "%s[%lld,", (*count)++ ? ",\n" : "\n", row);
        json_strings(f, (const char *[]){c[CLI_I_SOURCE], c[CLI_I_ENTRY], c[CLI_I_STATUS],
                                         c[CLI_I_MESSAGE]}, 4, "]");
    }
    cli_entries_free(e);
    if (rc < 0) {
        snprintf(err, errsize, "cannot read '%s' back", files->inputs);
        return -1;
    }
    table_end(f, "entries-data");
    return 0;
}

/* The cells of GAME_COLS, and the comma after them. */
static void game_cells(FILE *f, const struct cli_game_rows *g)
{
    const char *const *c = g->game;
    fprintf(f, "%lld,", g->row);
    json_strings(f, (const char *[]){c[CLI_G_SOURCE], c[CLI_G_ENTRY]}, 2, ",");
    json_num(f, number(c[CLI_G_INDEX]));
    fputc(',', f);
    json_strings(f, (const char *[]){c[CLI_G_VARIANT], c[CLI_G_WHITE], c[CLI_G_BLACK]}, 3, ",");
}

/* The viewer link of a game's violation number k (1 for its first):
 * the page opens at the position it marks (#g17-v1, viewer.js). */
static void view_link(FILE *f, const char *href, size_t k)
{
    char link[96];
    if (href[0])
        snprintf(link, sizeof link, "%s-v%zu", href, k);
    else
        link[0] = '\0';
    cli_json_string(f, link);
}

struct audit_counts {
    unsigned long long games, mismatches, reviews, viewed, copies;
    unsigned long long unviewed;  /* games that would have a page but for --viewer-max */
    unsigned long pages;
};

/* The viewer pages of the games given one, by the name a copy's
 * duplicate_of cell gives them ("SOURCE!ENTRY, game N"): a copy gets no
 * page of its own, its row links to the page of the game it copies.  An
 * open-addressing table of at most --viewer-max games. */
struct page_index {
    struct page_slot {
        char *name;               /* NULL: free */
        char *href;
    } *slots;
    size_t n, used;               /* n a power of two */
};

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The name duplicate_of gives game g, the caller's to free; NULL when out
 * of memory. */
static char *game_name(const struct cli_game_rows *g)
{
    const char *src = g->game[CLI_G_SOURCE], *entry = g->game[CLI_G_ENTRY];
    size_t n = strlen(src) + strlen(entry) + strlen(g->game[CLI_G_INDEX]) + 16;
    char *name = malloc(n);
    if (name)
        snprintf(name, n, "%s%s%s, game %s", src, entry[0] ? "!" : "", entry,
                 g->game[CLI_G_INDEX]);
    return name;
}

static struct page_slot *page_slot(const struct page_index *x, const char *name)
{
    size_t k = (size_t)name_hash(name) & (x->n - 1);
    while (x->slots[k].name && strcmp(x->slots[k].name, name) != 0)
        k = (k + 1) & (x->n - 1);
    return &x->slots[k];
}

/* Game g has its page at href.  0, or -1 when out of memory. */
static int page_index_add(struct page_index *x, const struct cli_game_rows *g, const char *href)
{
    if (4 * (x->used + 1) > 3 * x->n) {
        struct page_index grown = {calloc(x->n ? 2 * x->n : 64, sizeof *grown.slots),
                                   x->n ? 2 * x->n : 64, x->used};
        if (!grown.slots)
            return -1;
        for (size_t i = 0; i < x->n; i++)
            if (x->slots[i].name)
                *page_slot(&grown, x->slots[i].name) = x->slots[i];
        free(x->slots);
        *x = grown;
    }
    char *name = game_name(g), *copy = strdup(href);
    if (!name || !copy) {
        free(name);
        free(copy);
        return -1;
    }
    struct page_slot *s = page_slot(x, name);
    if (s->name) {
        /* The same name twice (a games.csv edited by hand): the first stays. */
        free(name);
        free(copy);
        return 0;
    }
    *s = (struct page_slot){name, copy};
    x->used++;
    return 0;
}

/* The page of the game a copy names, or "". */
static const char *page_index_find(const struct page_index *x, const char *name)
{
    if (!x->n)
        return "";
    const struct page_slot *s = page_slot(x, name);
    return s->name ? s->href : "";
}

static void page_index_release(struct page_index *x)
{
    for (size_t i = 0; i < x->n; i++) {
        free(x->slots[i].name);
        free(x->slots[i].href);
    }
    free(x->slots);
}

/* A copy of an earlier game (its games.csv row names the first): a row
 * of the copies table, linking to the page of the game it copies when
 * that has one, and in no other table, page or count, as the statistics
 * leave it out. */
static void copy_row(FILE *cf, const struct cli_game_rows *g, const struct page_index *pages,
                     struct audit_counts *n)
{
    fputs(n->copies++ ? ",\n[" : "\n[", cf);
    game_cells(cf, g);
    json_strings(cf, &g->game[CLI_G_STATUS], 1, "");
    fprintf(cf, ",%zu,", g->nviolations);
    json_strings(cf, (const char *[]){g->game[CLI_G_DUPLICATE_OF],
                                      page_index_find(pages, g->game[CLI_G_DUPLICATE_OF])},
                 2, "]");
}

/* An illegal or malformed game: a row of the games table (its first
 * violation, and how many more), linking to its viewer page href. */
static void violation_row(FILE *f, const struct cli_game_rows *g, const char *href,
                          struct audit_counts *n)
{
    const char *status = g->game[CLI_G_STATUS];
    if (!((strcmp(status, "illegal") == 0 || strcmp(status, "malformed") == 0) &&
          g->nviolations))
        return;
    const char *const *v = g->violation[0];
    fputs(n->games++ ? ",\n[" : "\n[", f);
    game_cells(f, g);
    json_strings(f, &status, 1, ",");
    json_num(f, turn_key(v[CLI_V_TURN], v[CLI_V_SIDE]));
    fputc(',', f);
    json_strings(f, (const char *[]){v[CLI_V_PLAYER], v[CLI_V_CODE], v[CLI_V_MESSAGE]}, 3, "");
    fprintf(f, ",%zu,", g->nviolations - 1);
    view_link(f, href, 1);
    fputc(']', f);
}

/* A game the rules left for review: a row of the reviews table. */
static void review_row(FILE *rf, const struct cli_game_rows *g, const char *href,
                       struct audit_counts *n)
{
    char what[RP_DETAIL_MAX];
    if (!rp_detail_review(g->game[CLI_G_DETAIL], what, sizeof what))
        return;
    fputs(n->reviews++ ? ",\n[" : "\n[", rf);
    game_cells(rf, g);
    json_strings(rf, (const char *[]){g->game[CLI_G_RESULT], g->game[CLI_G_TERMINATION], what,
                                      href}, 4, "]");
}

/* Each result mismatch of a game: a row of the mismatches table. */
static void mismatch_rows(FILE *mf, const struct cli_game_rows *g, const char *href,
                          struct audit_counts *n)
{
    for (size_t i = 0; i < g->nviolations; i++) {
        const char *const *v = g->violation[i];
        if (strcmp(v[CLI_V_CODE], "result-mismatch") != 0)
            continue;
        fputs(n->mismatches++ ? ",\n[" : "\n[", mf);
        game_cells(mf, g);
        json_strings(mf, (const char *[]){g->game[CLI_G_DECLARED], g->game[CLI_G_RESULT],
                                          v[CLI_V_MESSAGE]}, 3, ",");
        view_link(mf, href, i + 1);
        fputc(']', mf);
    }
}

/* One pass over the games: the games table to f, the mismatch rows to mf,
 * the games left for review to rf, the copies of earlier games to cf,
 * the viewer pages through vo. */
static int games_pass(FILE *f, FILE *mf, FILE *rf, FILE *cf, cli_viewer_out *vo,
                      const struct cli_run_info *info, cli_crosstables *ct,
                      struct audit_counts *n, char *err, size_t errsize)
{
    cli_rows *r = cli_rows_open(&info->files, err, errsize);
    if (!r)
        return -1;
    table_start(f, "games-data", game_cols, NCOLS(game_cols));
    struct cli_game_rows g;
    struct page_index pages = {NULL, 0, 0};
    int rc;
    while ((rc = cli_rows_next(r, &g)) == 1) {
        const char *href = "";
        if (g.game[CLI_G_DUPLICATE_OF][0]) {
            copy_row(cf, &g, &pages, n);
            continue;
        }
        if (g.viewer[0] && vo && n->viewed >= info->viewer_max) {
            n->unviewed++;
        } else if (g.viewer[0] && vo) {
            if (cli_viewer_add(vo, &g, &href) != 0) {
                snprintf(err, errsize, "cannot write the viewer pages: %s", strerror(errno));
                rc = -1;
                break;
            }
            n->viewed++;
            if (page_index_add(&pages, &g, href) != 0) {
                snprintf(err, errsize, "out of memory");
                rc = -1;
                break;
            }
        }
        /* The crosstables' game lists come from the same pass. */
        if (ct && cli_crosstables_game(ct, &g, href) != 0) {
            snprintf(err, errsize, "out of memory");
            rc = -1;
            break;
        }
        violation_row(f, &g, href, n);
        review_row(rf, &g, href, n);
        mismatch_rows(mf, &g, href, n);
    }
    page_index_release(&pages);
    cli_rows_free(r);
    if (rc < 0)
        return -1;
    table_end(f, "games-data");
    return 0;
}

static int copy_file(FILE *from, FILE *to)
{
    char buf[65536];
    size_t n;
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n)
            return -1;
    return ferror(from) ? -1 : 0;
}

static void heading(FILE *f, const char *id, const char *title, unsigned long long n)
{
    fprintf(f, "<h3 id=\"%s\">%s (", id, title);
    cli_html_count(f, n);
    fputs(")</h3>\n", f);
}

void cli_audit_run(FILE *f, const struct cli_html_run *run)
{
    fputs("<h2 id=\"audit\">Audit</h2>\n", f);
    run_block(f, run);
}

/* The tables' rows into their temporary files (entries ef, games gf,
 * mismatches mf, reviews rf, copies cf), and the viewer pages into their
 * temporary folder (*vo: put in place when the page is written).  0, or
 * -1 with the reason in err. */
static int fill_tables(FILE *ef, FILE *gf, FILE *mf, FILE *rf, FILE *cf, cli_viewer_out **vo,
                       const struct cli_html_run *run, const char *dir,
                       unsigned long long *nentries, struct audit_counts *n, char *err,
                       size_t errsize)
{
    const struct cli_report_files *files = &run->info->files;
    int rc = entries_table(ef, files, err, errsize, nentries);
    if (rc == 0 && files->viewer && !(*vo = cli_viewer_start(dir))) {
        snprintf(err, errsize, "cannot write '%s/%s': %s", dir, CLI_VIEWER_DIR, strerror(errno));
        rc = -1;
    }
    if (rc == 0)
        rc = games_pass(gf, mf, rf, cf, *vo, run->info, run->crosstables, n, err, errsize);
    return rc;
}

/* The entries not read and the games with violations, their rows from ef
 * and gf.  An empty table is a sentence: its controls would only puzzle.
 * 0, or -1 when a copy failed. */
static int entries_and_games(FILE *f, FILE *ef, FILE *gf, const struct cli_run_info *info,
                             unsigned long long nentries, const struct audit_counts *n)
{
    const struct cli_report_files *files = &info->files;
    int rc = 0;
    heading(f, "audit-entries", "Entries not read", nentries);
    if (nentries) {
        fputs("<p class=\"note\">Skipped entries are not logs; failed ones could not be "
              "read (the reason says why).</p>\n", f);
        rc = copy_file(ef, f);
    } else {
        fputs("<p>None: every entry was read as a log.</p>\n", f);
    }
    heading(f, "audit-games", "Games with violations", n->games);
    fputs("<p class=\"note\">Illegal games (replay stopped at the first rejected turn) "
          "and malformed ones; the turn, player, code and message are those of the first "
          "violation, <em>more</em> counts the others (violations.csv has them all).", f);
    if (files->viewer) {
        fputs(" The viewer (", f);
        cli_html_count(f, n->viewed);
        fprintf(f, " game%s, <a href=\"%s/1.html\">%s/</a>) steps through each game "
                   "to the highlighted turn.", n->viewed == 1 ? "" : "s", CLI_VIEWER_DIR,
                CLI_VIEWER_DIR);
    }
    fputs("</p>\n", f);
    if (n->unviewed) {
        fputs("<p class=\"warn\" id=\"viewer-max\">", f);
        cli_html_count(f, n->unviewed);
        fprintf(f, " game%s without a viewer page (no link in the tables): the viewer shows at "
                   "most ", n->unviewed == 1 ? "" : "s");
        cli_html_count(f, info->viewer_max);
        fputs(" games, the first in games.csv's order (--viewer-max N raises it; 0: no limit). "
              "games.csv and violations.csv have every game.</p>\n", f);
    }
    if (rc == 0 && n->games)
        rc = copy_file(gf, f);
    else if (!n->games)
        fputs("<p>None: no game broke a rule.</p>\n", f);
    return rc;
}

/* A table of rows written to a temporary file: the note, then the
 * table "NAME-data" holding the rows of `rows`, copied only while rc is 0.
 * rc, or -1 when the copy failed. */
static int rows_table(FILE *f, const char *note, const char *name, const struct table_col *cols,
                      size_t ncols, FILE *rows, int rc)
{
    char id[64];
    snprintf(id, sizeof id, "%s-data", name);
    fputs(note, f);
    table_start(f, id, cols, ncols);
    if (rc == 0)
        rc = copy_file(rows, f);
    table_end(f, id);
    return rc;
}

/* The result mismatches, and the games left for review where some game
 * asks (most variants never do), their rows from mf and rf, copied only
 * while rc is 0.  rc, or -1 when a copy failed. */
static int mismatches_and_reviews(FILE *f, FILE *mf, FILE *rf, const struct audit_counts *n, int rc)
{
    heading(f, "audit-mismatches", "Result mismatches", n->mismatches);
    if (n->mismatches) {
        rc = rows_table(f,
                        "<p class=\"note\">Games whose declared result contradicts the one the "
                        "rules produced.</p>\n",
                        "mismatches", mismatch_cols, NCOLS(mismatch_cols), mf, rc);
    } else {
        fputs("<p>None: every declared result agrees with the rules.</p>\n", f);
    }
    if (n->reviews) {
        heading(f, "audit-reviews", "Games left for review", n->reviews);
        rc = rows_table(f,
                        "<p class=\"note\">The rules ended these games by what the moves "
                        "cannot decide alone (<em>review</em> says what: <em>chasing</em> is "
                        "Xiangqi's perpetual chase after a repetition). A declared winner "
                        "stands; otherwise the result is Fairy-Stockfish's.</p>\n",
                        "reviews", review_cols, NCOLS(review_cols), rf, rc);
    }
    return rc;
}

/* The copies of earlier games, where the run found any, their rows from
 * cf, copied only while rc is 0.  rc, or -1 when a copy failed. */
static int copies_table(FILE *f, FILE *cf, const struct audit_counts *n, int rc)
{
    if (!n->copies)
        return rc;
    heading(f, "audit-copies", "Copies of earlier games", n->copies);
    return rows_table(f,
                      "<p class=\"note\">Games with the same variant, players and moves as a "
                      "game before them (<em>copy of</em> names it): listed in games.csv "
                      "(duplicate_of) and violations.csv, counted in no table, count or "
                      "statistic of this page.</p>\n",
                      "copies", copy_cols, NCOLS(copy_cols), cf, rc);
}

/* The tables' pass, kept until the page is written: its rows in
 * temporary files, the viewer's pages in their temporary folder. */
struct cli_audit_pass {
    FILE *ef, *gf, *mf, *rf, *cf;
    char *iobuf[5];               /* their buffers (fmt_io_buffer) */
    cli_viewer_out *vo;
    unsigned long long nentries;
    struct audit_counts n;
    int rc;
    char err[1024];
};

cli_audit_pass *cli_audit_pass_run(const struct cli_html_run *run, const char *dir)
{
    cli_audit_pass *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    /* The entries table comes first on the page, but its count only
     * after it: it goes through a temporary file too. */
    p->ef = tmpfile(), p->gf = tmpfile(), p->mf = tmpfile(), p->rf = tmpfile(), p->cf = tmpfile();
    p->rc = p->ef && p->gf && p->mf && p->rf && p->cf ? 0 : -1;
    if (p->rc != 0) {
        snprintf(p->err, sizeof p->err, "cannot create a temporary file: %s", strerror(errno));
        return p;
    }
    /* Written by this thread alone, locked once (summary_html.c says
     * why), then read by the page's thread; through buffers of
     * FMT_IO_BUFFER bytes, not the 4 KiB of stdio's own. */
    FILE *files[] = {p->ef, p->gf, p->mf, p->rf, p->cf};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        p->iobuf[i] = fmt_io_buffer(files[i]);
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        flockfile(files[i]);
    p->rc = fill_tables(p->ef, p->gf, p->mf, p->rf, p->cf, &p->vo, run, dir, &p->nentries, &p->n,
                        p->err, sizeof p->err);
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        funlockfile(files[i]);
    return p;
}

void cli_audit_pass_free(cli_audit_pass *p)
{
    if (!p)
        return;
    /* Not ok: its pages are removed (a failure to is said there), 0. */
    int dropped = p->vo ? cli_viewer_finish(p->vo, 0) : 0;
    (void)dropped;
    FILE *files[] = {p->ef, p->gf, p->mf, p->rf, p->cf};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        if (files[i])
            fclose(files[i]);
        free(p->iobuf[i]);
    }
    free(p);
}

int cli_audit_tables(FILE *f, const struct cli_html_run *run, const char *dir, char *err,
                     size_t errsize)
{
    cli_audit_pass *p = run->audit;
    if (!p) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    fputs("<noscript><p class=\"note\">The tables below need JavaScript to show their rows; "
          "inputs.csv, games.csv and violations.csv hold the same rows.</p></noscript>\n", f);
    int rc = p->rc;
    if (rc != 0)
        snprintf(err, errsize, "%s", p->err);
    if (p->vo && cli_viewer_finish(p->vo, rc == 0) != 0 && rc == 0) {
        snprintf(err, errsize, "cannot write '%s/%s': %s", dir, CLI_VIEWER_DIR, strerror(errno));
        rc = -1;
    }
    p->vo = NULL;
    if (rc == 0) {
        rc = entries_and_games(f, p->ef, p->gf, run->info, p->nentries, &p->n);
        rc = mismatches_and_reviews(f, p->mf, p->rf, &p->n, rc);
        rc = copies_table(f, p->cf, &p->n, rc);
        if (rc != 0)
            snprintf(err, errsize, "cannot copy a temporary file: %s", strerror(errno));
    }
    if (rc == 0 && p->n.unviewed)
        cli_warning("%llu game%s got no viewer page: the viewer shows at most %llu games "
                    "(--viewer-max N raises it; 0: no limit); summary.html lists them without "
                    "a link",
                    p->n.unviewed, p->n.unviewed == 1 ? "" : "s",
                    (unsigned long long)run->info->viewer_max);
    return rc;
}
