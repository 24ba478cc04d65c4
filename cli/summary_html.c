/*
 * summary_html: summary.html, one page a director can open anywhere: the
 * audit counts, each variant's win rates with their intervals, how games
 * ended, and the rating lists with error bars.  Self-contained on purpose:
 * inline SVG and a few lines of CSS, no script, nothing fetched, so it
 * works offline, from a mail attachment, and in ten years.
 *
 * The markup is XHTML-compatible (every element closed, attributes quoted,
 * text escaped, characters XML forbids replaced) so that an XML parser
 * such as `xmllint --noout` accepts it as well as any browser; the tests
 * check exactly that.  Every figure comes from the statistics tables, with
 * the same rounding as the CSV reports.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/audit.h"
#include "cli/cli.h"
#include "cli/crosstable.h"
#include "stats/stats.h"

#define MAX_COLS 32
#define NUM_SIZE 40
/* Rows drawn per rating chart; the table below it and players.csv have all. */
#define CHART_PLAYERS 200
/* Names in charts are cut to this many characters (tables keep them whole). */
#define CHART_NAME 28
/* The valid games in a list a place in its ranking needs, unless
 * --min-games says otherwise: FIDE's minimum for a first rating (Rating
 * Regulations: a rating is first published on at least 5 games against
 * rated opponents); docs/statistics.md, "Ratings". */
#define CLI_RANK_GAMES 5

/* ------------------------------------------------------------- escaping */

/* Text as XML character data or attribute value (audit_html.c). */
static void put_text(FILE *f, const char *s) { cli_html_text(f, s); }

/* At most max characters (code points) of s, with an ellipsis when cut. */
static void put_short(FILE *f, const char *s, size_t max)
{
    size_t chars = 0, i = 0;
    for (; s[i]; i++) {
        if (((unsigned char)s[i] & 0xC0) != 0x80 && chars++ == max)
            break;
    }
    if (!s[i]) {
        put_text(f, s);
        return;
    }
    char *cut = malloc(i + 4);
    if (!cut)
        return;
    memcpy(cut, s, i);
    memcpy(cut + i, "\xE2\x80\xA6", 4);
    put_text(f, cut);
    free(cut);
}

/* ------------------------------------------------------------- numbers */

/* v as fprintf's "%.*f" writes it, at a fraction of fprintf's cost: the
 * page prints a few numbers for every rated player. */
static void put_fixed(FILE *f, double v, int decimals)
{
    char buf[64];
    size_t n = st_format_fixed(buf, sizeof buf, v, decimals);
    if (n < sizeof buf)
        fwrite(buf, 1, n, f);
    else
        fprintf(f, "%.*f", decimals, v);
}

/* tmpl with each '#' replaced by the next of vals, to one decimal: the
 * coordinates of an SVG element. */
static void put_coords(FILE *f, const char *tmpl, const double *vals)
{
    for (const char *hash; (hash = strchr(tmpl, '#')) != NULL; tmpl = hash + 1) {
        fwrite(tmpl, 1, (size_t)(hash - tmpl), f);
        put_fixed(f, *vals++, 1);
    }
    fputs(tmpl, f);
}

/* ---------------------------------------------------------------- cells */

struct row {
    struct st_cell c[MAX_COLS];
    char num[MAX_COLS][NUM_SIZE];
};

static void get_row(const st_stats *s, enum st_table t, size_t r, struct row *row)
{
    st_table_row(s, t, r, row->c);
}

static const char *txt(struct row *row, int col)
{
    return st_cell_text(&row->c[col], row->num[col], NUM_SIZE);
}

/* A number's text with thousands separators in its whole part (the
 * page's one style: "12,345.6"); text cells as they are. */
static const char *grouped(struct row *row, int col)
{
    const char *t = txt(row, col);
    if (row->c[col].kind == ST_CELL_TEXT || row->c[col].kind == ST_CELL_EMPTY)
        return t;
    char in[NUM_SIZE];
    fmt_copy_text(in, sizeof in, t);
    const char *p = in;
    char *o = row->num[col];
    size_t left = NUM_SIZE - 1;
    if (*p == '-' && left) {
        *o++ = *p++;
        left--;
    }
    size_t digits = strspn(p, "0123456789");
    for (size_t i = 0; i < digits && left; i++) {
        if (i && (digits - i) % 3 == 0 && left > 1) {
            *o++ = ',';
            left--;
        }
        *o++ = p[i];
        left--;
    }
    p += digits;
    while (*p && left) {
        *o++ = *p++;
        left--;
    }
    *o = '\0';
    return row->num[col];
}

static int has(const struct row *row, int col) { return row->c[col].kind != ST_CELL_EMPTY; }
static double val(const struct row *row, int col) { return row->c[col].value; }

static void put_cell(FILE *f, struct row *row, int col)
{
    fputs("<td>", f);
    put_text(f, grouped(row, col));
    fputs("</td>", f);
}

/* A rate as a percentage with one decimal, "" when not applicable. */
static void put_pct(FILE *f, const struct row *row, int col)
{
    if (has(row, col))
        fprintf(f, "%.1f%%", 100 * val(row, col));
}

/* ------------------------------------------------------------- sections */

static void head(FILE *f)
{
    fputs("<!DOCTYPE html>\n"
          "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
          "<head>\n<meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
          "<title>gcaudit summary</title>\n"
          "<style>\n"
          "body { font-family: sans-serif; margin: 2em; color: #222; max-width: 80em; }\n"
          "table { border-collapse: collapse; margin: 0.5em 0 1.5em; }\n"
          "th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }\n"
          "th:first-child, td:first-child { text-align: left; }\n"
          "td.name, th.name { text-align: left; }\n"
          "th { background: #f0f0f0; }\n"
          "svg { display: block; margin: 0.5em 0; }\n"
          "svg text { font-family: sans-serif; font-size: 11px; fill: #222; }\n"
          ".note { color: #555; font-size: 90%; }\n", f);
    fputs(cli_page_css, f);
    fputs("</style>\n</head>\n<body>\n<h1>gcaudit summary</h1>\n", f);
}

static void count_cell(FILE *f, uint64_t v)
{
    fputs("<td>", f);
    cli_html_count(f, v);
    fputs("</td>", f);
}

/* The counts of the run, under the run block of the Audit section. */
static void audit_counts(FILE *f, const struct cli_html_run *run)
{
    const struct st_summary *s = run->sum;
    fprintf(f, "<p>Statistics use the <strong>%s</strong> results",
            strcmp(run->results, "declared") == 0 ? "declared" : "verified");
    fputs(strcmp(run->results, "declared") == 0
              ? " (what the logs declare, not what the replay found).</p>\n"
              : " (what the replay found; a log's own declaration where the rules did not end "
                "the game).</p>\n", f);
    const struct st_summary *d = run->copies;
    uint64_t copies = d ? d->games : 0;
    if (run->selection && run->selection[0]) {
        fputs("<p>Selected: ", f);
        cli_html_count(f, s->games + copies);
        fputs(" of ", f);
        cli_html_count(f, run->games_found);
        fputs(run->games_found == 1 ? " game (" : " games (", f);
        put_text(f, run->selection);
        fputs(").</p>\n", f);
    }
    fputs("<table>\n<tr><th>entries read</th><th>ok</th><th>skipped</th><th>failed</th></tr>\n"
          "<tr>", f);
    count_cell(f, s->entries);
    count_cell(f, s->entries_ok);
    count_cell(f, s->entries_skipped);
    count_cell(f, s->entries_failed);
    fputs("</tr>\n</table>\n<table>\n<tr><th>games</th><th>ok</th><th>illegal</th>"
          "<th>malformed</th><th>unsupported</th><th>violations</th><th>result mismatches</th>"
          "</tr>\n<tr>", f);
    count_cell(f, s->games);
    for (int st = RP_STATUS_OK; st <= RP_STATUS_UNSUPPORTED; st++)
        count_cell(f, s->by_status[st]);
    count_cell(f, s->violations);
    count_cell(f, s->mismatches);
    fputs("</tr>\n</table>\n", f);
    if (copies) {
        /* The copies are rows of games.csv and violations.csv: said, so
         * that the rows and these counts can be matched. */
        fputs("<p id=\"copies-note\">Not counted here nor in the tables and statistics below: ",
              f);
        cli_html_count(f, copies);
        fputs(copies == 1 ? " copy of an earlier game" : " copies of earlier games", f);
        fputs(" (same variant, players and moves), with ", f);
        cli_html_count(f, d->violations);
        fputs(d->violations == 1 ? " violation and " : " violations and ", f);
        cli_html_count(f, d->mismatches);
        fputs(d->mismatches == 1 ? " result mismatch" : " result mismatches", f);
        fputs(", which games.csv and violations.csv list too; <a href=\"#audit-copies\">Copies "
              "of earlier games</a> names the game each copies.</p>\n", f);
    }
    if (run->info && run->info->pgn) {
        /* Where --pgn put the games: FILE, and the variants' files. */
        fputs("<p id=\"pgn-files\">PGN: ", f);
        put_text(f, run->info->pgn);
        fputs(".</p>\n", f);
    }
}

/* Horizontal scale of the rate chart: 0..1 over [X0, X0 + XW]. */
#define RX0 230.0
#define RXW 420.0
#define RSUB 15.0

static double rx(double v) { return RX0 + RXW * v; }

static void whisker(FILE *f, double y, double lo, double hi, double v, const char *colour)
{
    put_coords(f, "<line x1=\"#\" y1=\"#\" x2=\"#\" y2=\"#\" stroke=\"", (double[]){lo, y, hi, y});
    fputs(colour, f);
    fputs("\" stroke-width=\"2\"/>\n", f);
    put_coords(f, "<line x1=\"#\" y1=\"#\" x2=\"#\" y2=\"#\" stroke=\"",
               (double[]){lo, y - 4, lo, y + 4});
    fputs(colour, f);
    fputs("\"/>\n", f);
    put_coords(f, "<line x1=\"#\" y1=\"#\" x2=\"#\" y2=\"#\" stroke=\"",
               (double[]){hi, y - 4, hi, y + 4});
    fputs(colour, f);
    fputs("\"/>\n", f);
    put_coords(f, "<circle cx=\"#\" cy=\"#\" r=\"4\" fill=\"", (double[]){v, y});
    fputs(colour, f);
    fputs("\"/>\n", f);
}

static void axis(FILE *f, double x0, double xw, double y_top, double y_bottom,
                 const double *ticks, const char *const *labels, size_t n, double lo, double hi)
{
    for (size_t i = 0; i < n; i++) {
        double x = x0 + xw * (ticks[i] - lo) / (hi - lo);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
                x, y_top, x, y_bottom);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x,
                y_bottom + 13, labels[i]);
    }
}

/* The chart of the win rates: per variant with valid games (shown of
 * them), each rate a dot with its 95% interval. */
static void rate_svg(FILE *f, const st_stats *s, size_t nv, size_t shown)
{
    static const struct { int rate, lo, hi; const char *label, *colour; } lines[] = {
        {ST_V_WHITE_RATE, ST_V_WHITE_LO, ST_V_WHITE_HI, "white wins", "#1f5fa8"},
        {ST_V_DRAW_RATE, ST_V_DRAW_LO, ST_V_DRAW_HI, "draws", "#7a7a7a"},
        {ST_V_BLACK_RATE, ST_V_BLACK_LO, ST_V_BLACK_HI, "black wins", "#222222"},
        {ST_V_SCORE, ST_V_SCORE_LO, ST_V_SCORE_HI, "white score", "#b03a2e"},
    };
    struct row row;
    double block = 4 * RSUB + 14, height = 20 + shown * block + 20;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"700\" height=\"%.0f\" "
               "viewBox=\"0 0 700 %.0f\" role=\"img\" aria-label=\"win rates with 95%% "
               "intervals\">\n", height, height);
    static const double ticks[] = {0, 0.25, 0.5, 0.75, 1};
    static const char *const labels[] = {"0", "25%", "50%", "75%", "100%"};
    axis(f, RX0, RXW, 10, height - 20, ticks, labels, 5, 0, 1);
    double y = 20;
    for (size_t r = 0; r < nv; r++) {
        get_row(s, ST_TABLE_VARIANTS, r, &row);
        if (!(val(&row, ST_V_VALID) > 0))
            continue;
        fputs("<text x=\"4\" y=\"", f);
        fprintf(f, "%.1f\" font-weight=\"bold\">", y + RSUB);
        put_short(f, txt(&row, ST_V_VARIANT), 20);
        fprintf(f, "</text>\n<text x=\"4\" y=\"%.1f\">%s valid game%s</text>\n", y + 2 * RSUB,
                grouped(&row, ST_V_VALID), val(&row, ST_V_VALID) == 1 ? "" : "s");
        for (int i = 0; i < 4; i++) {
            double ly = y + (i + 0.5) * RSUB + 4;
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", RX0 - 6,
                    ly + 4, lines[i].label);
            whisker(f, ly, rx(val(&row, lines[i].lo)), rx(val(&row, lines[i].hi)),
                    rx(val(&row, lines[i].rate)), lines[i].colour);
        }
        y += block;
    }
    fputs("</svg>\n<p class=\"note\">Dots: the rate over valid games (status ok, finished); "
          "bars: 95% intervals (Wilson for the rates, normal from the win/draw/loss variance "
          "for White's score).</p>\n", f);
}

/* One variant's row of the rates table: counts with their rates, White's
 * score with its interval, the lengths and the illegal games. */
static void rate_row(FILE *f, struct row *row)
{
    fputs("<tr>", f);
    put_cell(f, row, ST_V_VARIANT);
    put_cell(f, row, ST_V_GAMES);
    put_cell(f, row, ST_V_VALID);
    const int counts[3][2] = {{ST_V_WHITE_WINS, ST_V_WHITE_RATE},
                              {ST_V_DRAWS, ST_V_DRAW_RATE},
                              {ST_V_BLACK_WINS, ST_V_BLACK_RATE}};
    for (int i = 0; i < 3; i++) {
        fprintf(f, "<td>%s", grouped(row, counts[i][0]));
        if (has(row, counts[i][1])) {
            fputs(" (", f);
            put_pct(f, row, counts[i][1]);
            fputs(")", f);
        }
        fputs("</td>", f);
    }
    fputs("<td>", f);
    if (has(row, ST_V_SCORE)) {
        /* The score and its interval in one unit, percent. */
        put_pct(f, row, ST_V_SCORE);
        fputs(" (", f);
        put_pct(f, row, ST_V_SCORE_LO);
        fputs("&#8211;", f);
        put_pct(f, row, ST_V_SCORE_HI);
        fputs(")", f);
    }
    fputs("</td>", f);
    put_cell(f, row, ST_V_MEAN_TURNS);
    put_cell(f, row, ST_V_MEDIAN_TURNS);
    fprintf(f, "<td>%s", grouped(row, ST_V_ILLEGAL));
    if (has(row, ST_V_ILLEGAL_RATE)) {
        fputs(" (", f);
        put_pct(f, row, ST_V_ILLEGAL_RATE);
        fputs(")", f);
    }
    fputs("</td></tr>\n", f);
}

static void rate_chart(FILE *f, const st_stats *s)
{
    size_t nv = st_table_nrows(s, ST_TABLE_VARIANTS), shown = 0;
    struct row row;
    for (size_t r = 0; r < nv; r++) {
        get_row(s, ST_TABLE_VARIANTS, r, &row);
        shown += val(&row, ST_V_VALID) > 0;
    }
    fputs("<h2>Win rates by variant</h2>\n", f);
    if (!shown) {
        fputs("<p>No valid games (status ok and finished): no rates.</p>\n", f);
        return;
    }
    rate_svg(f, s, nv, shown);
    fputs("<table>\n<tr><th>variant</th><th>games</th><th>valid</th><th>white wins</th>"
          "<th>draws</th><th>black wins</th><th>white score (95% interval)</th>"
          "<th>mean turns</th><th>median turns</th><th>illegal games</th></tr>\n", f);
    for (size_t r = 0; r < nv; r++) {
        get_row(s, ST_TABLE_VARIANTS, r, &row);
        rate_row(f, &row);
    }
    fputs("</table>\n", f);
}

/* One variant's termination rows [from, to): bars of the total rows, then
 * the table with the detail rows. */
static void termination_block(FILE *f, const st_stats *s, size_t from, size_t to)
{
    struct row row;
    size_t totals = 0;
    for (size_t r = from; r < to; r++) {
        get_row(s, ST_TABLE_TERMINATIONS, r, &row);
        totals += !has(&row, ST_T_KEY);
    }
    get_row(s, ST_TABLE_TERMINATIONS, from, &row);
    fputs("<h3>", f);
    put_text(f, txt(&row, ST_T_VARIANT));
    fputs("</h3>\n", f);
    double height = 8 + 18 * (double)totals;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"700\" height=\"%.0f\" "
               "viewBox=\"0 0 700 %.0f\" role=\"img\" aria-label=\"how games ended\">\n",
            height, height);
    double y = 4;
    for (size_t r = from; r < to; r++) {
        get_row(s, ST_TABLE_TERMINATIONS, r, &row);
        if (has(&row, ST_T_KEY))
            continue;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", RX0 - 6, y + 12);
        put_short(f, txt(&row, ST_T_TERMINATION), 30);
        fprintf(f, "</text>\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"13\" "
                   "fill=\"#1f5fa8\"/>\n", RX0, y + 2, RXW * val(&row, ST_T_SHARE));
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s (", RX0 + RXW * val(&row, ST_T_SHARE) + 4,
                y + 12, grouped(&row, ST_T_GAMES));
        put_pct(f, &row, ST_T_SHARE);
        fputs(")</text>\n", f);
        y += 18;
    }
    fputs("</svg>\n<table>\n<tr><th>termination</th><th class=\"name\">detail</th><th>games</th>"
          "<th>share</th></tr>\n", f);
    for (size_t r = from; r < to; r++) {
        get_row(s, ST_TABLE_TERMINATIONS, r, &row);
        fputs("<tr>", f);
        put_cell(f, &row, ST_T_TERMINATION);
        fputs("<td class=\"name\">", f);
        if (has(&row, ST_T_KEY)) {
            put_text(f, txt(&row, ST_T_KEY));
            fputs("=", f);
            put_text(f, txt(&row, ST_T_VALUE));
        }
        fputs("</td>", f);
        put_cell(f, &row, ST_T_GAMES);
        fputs("<td>", f);
        put_pct(f, &row, ST_T_SHARE);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void terminations(FILE *f, const st_stats *s)
{
    fputs("<h2>How games ended</h2>\n<p class=\"note\">Shares of the games each variant "
          "replayed (status ok or illegal); detail rows count the games whose detail holds "
          "that key and value.</p>\n", f);
    size_t n = st_table_nrows(s, ST_TABLE_TERMINATIONS), from = 0;
    if (!n)
        fputs("<p>No replayed games.</p>\n", f);
    struct row a, b;
    for (size_t r = 1; r <= n; r++) {
        if (r < n) {
            get_row(s, ST_TABLE_TERMINATIONS, from, &a);
            get_row(s, ST_TABLE_TERMINATIONS, r, &b);
            if (strcmp(txt(&a, ST_T_VARIANT), txt(&b, ST_T_VARIANT)) == 0)
                continue;
        }
        termination_block(f, s, from, r);
        from = r;
    }
}

/* ---------------------------------------------------------------- ratings */

struct rated {
    size_t list;      /* 0 = all, then the variants in report order */
    double rating;
    size_t row;       /* in players.csv */
};

static int by_list_then_rating(const void *x, const void *y)
{
    const struct rated *a = x, *b = y;
    if (a->list != b->list)
        return a->list < b->list ? -1 : 1;
    if (a->rating != b->rating)
        return a->rating > b->rating ? -1 : 1;
    /* Equal ratings: players.csv order, which is the names' byte order. */
    return a->row < b->row ? -1 : a->row > b->row;
}

/* The variants' names in report order, read once: looking a player's
 * list up by fetching every variant row (intervals and all) cost more
 * than the rest of the player's line.  NULL when out of memory. */
static const char **variant_names(const st_stats *s, size_t *nv)
{
    *nv = st_table_nrows(s, ST_TABLE_VARIANTS);
    const char **names = malloc((*nv ? *nv : 1) * sizeof *names);
    struct row row;
    for (size_t r = 0; names && r < *nv; r++) {
        get_row(s, ST_TABLE_VARIANTS, r, &row);
        names[r] = row.c[ST_V_VARIANT].text;
    }
    return names;
}

static size_t list_of(const char *const *names, size_t nv, const char *variant)
{
    if (strcmp(variant, ST_ALL_VARIANTS) == 0)
        return 0;
    for (size_t r = 0; r < nv; r++)
        if (strcmp(names[r], variant) == 0)
            return r + 1;
    return nv + 1;
}

/* A list's chart: the ranked players' ratings with their intervals, on
 * an axis that starts no lower than floor. */
static void rating_chart(FILE *f, const st_stats *s, const struct rated *list, size_t n,
                         double floor_at)
{
    struct row row;
    size_t drawn = n < CHART_PLAYERS ? n : CHART_PLAYERS;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < drawn; i++) {
        get_row(s, ST_TABLE_PLAYERS, list[i].row, &row);
        lo = fmin(lo, fmax(val(&row, ST_P_RATING_LO), floor_at));
        hi = fmax(hi, val(&row, ST_P_RATING_HI));
    }
    lo = floor(lo / 100) * 100;
    hi = ceil(hi / 100) * 100;
    if (hi <= lo)
        hi = lo + 100;
    double step = (hi - lo) > 1200 ? 500 : (hi - lo) > 600 ? 200 : 100;
    double ticks[64];
    char tick_text[64][16];
    const char *labels[64];
    size_t nt = 0;
    for (double t = ceil(lo / step) * step; t <= hi && nt < 64; t += step, nt++) {
        ticks[nt] = t;
        /* ceil() of a small negative is -0: print it as 0. */
        snprintf(tick_text[nt], sizeof tick_text[nt], "%.0f", t == 0 ? 0.0 : t);
        labels[nt] = tick_text[nt];
    }
    double height = 10 + 16 * (double)drawn + 22;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"700\" height=\"%.0f\" "
               "viewBox=\"0 0 700 %.0f\" role=\"img\" aria-label=\"ratings with 95%% "
               "intervals\">\n", height, height);
    axis(f, RX0, RXW, 4, height - 22, ticks, labels, nt, lo, hi);
    for (size_t i = 0; i < drawn; i++) {
        get_row(s, ST_TABLE_PLAYERS, list[i].row, &row);
        double y = 12 + 16 * (double)i;
        put_coords(f, "<text x=\"#\" y=\"#\" text-anchor=\"end\">", (double[]){RX0 - 6, y + 4});
        put_short(f, txt(&row, ST_P_PLAYER), CHART_NAME);
        fputs("</text>\n", f);
        double k = RXW / (hi - lo);
        whisker(f, y, RX0 + k * (fmax(val(&row, ST_P_RATING_LO), floor_at) - lo),
                RX0 + k * (val(&row, ST_P_RATING_HI) - lo),
                RX0 + k * (val(&row, ST_P_RATING) - lo), "#1f5fa8");
    }
    fputs("</svg>\n", f);
    if (drawn < n)
        fprintf(f, "<p class=\"note\">The chart shows the first %zu of %zu players; the table "
                   "and players.csv have them all.</p>\n", drawn, n);
}

/* The rows of a list's table: the rank (ranked), the player, games,
 * score, rating, the interval with its lower bound cut at floor_at, the
 * GCR, and the group when the list splits.  Returns how many lower
 * bounds were cut. */
static size_t rating_rows(FILE *f, const st_stats *s, const struct rated *list, size_t n,
                          int ranked, double floor_at, int groups)
{
    fputs("<table>\n<tr>", f);
    if (ranked)
        fputs("<th>#</th>", f);
    fputs("<th class=\"name\">player</th><th>games</th><th>score</th><th>rating</th>"
          "<th>95% interval</th><th>GCR</th>", f);
    if (groups)
        fputs("<th>group</th>", f);
    fputs("</tr>\n", f);
    struct row row;
    size_t cut = 0;
    const struct st_cell floor_cell = {ST_CELL_REAL, NULL, floor_at, 1};
    for (size_t i = 0; i < n; i++) {
        get_row(s, ST_TABLE_PLAYERS, list[i].row, &row);
        fputs("<tr>", f);
        if (ranked) {
            char rank[ST_INT_TEXT];
            st_format_u64(rank, i + 1);
            fputs("<td>", f);
            fputs(rank, f);
            fputs("</td>", f);
        }
        fputs("<td class=\"name\">", f);
        put_text(f, txt(&row, ST_P_PLAYER));
        fputs("</td>", f);
        put_cell(f, &row, ST_P_GAMES);
        put_cell(f, &row, ST_P_SCORE);
        put_cell(f, &row, ST_P_RATING);
        fputs("<td>", f);
        if (val(&row, ST_P_RATING_LO) < floor_at) {
            cut++;
            fputs("&lt;", f);
            row.c[ST_P_RATING_LO] = floor_cell;
        }
        fputs(grouped(&row, ST_P_RATING_LO), f);
        fputs("&#8211;", f);
        fputs(grouped(&row, ST_P_RATING_HI), f);
        fputs("</td>", f);
        put_cell(f, &row, ST_P_GCR);
        if (groups)
            put_cell(f, &row, ST_P_RATING_GROUP);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
    return cut;
}

/* One rating list: its groups warning, the ranked players' chart and
 * table, then the players with too few games for a place. */
static int rating_list(FILE *f, const st_stats *s, struct rated *list, size_t n,
                       uint64_t rank_games)
{
    struct row row;
    get_row(s, ST_TABLE_PLAYERS, list[0].row, &row);
    const char *variant = txt(&row, ST_P_VARIANT);
    fputs("<h3>", f);
    put_text(f, strcmp(variant, ST_ALL_VARIANTS) == 0 ? "All variants" : variant);
    fprintf(f, " (%zu players)</h3>\n", n);
    /* Its row of rating_lists.csv: the mean, and the groups. */
    double mean = ST_RATING_CENTRE;
    char *split = NULL;
    for (size_t l = 0; l < st_table_nrows(s, ST_TABLE_RATING_LISTS); l++) {
        if (strcmp(st_rating_list_name(s, l), variant) != 0)
            continue;
        struct row lr;
        get_row(s, ST_TABLE_RATING_LISTS, l, &lr);
        mean = val(&lr, ST_R_AVERAGE);
        if (cli_rating_groups_text(s, l, &split) != 0)
            return -1;
    }
    if (split) {
        fputs("<p class=\"warn\">Warning: ", f);
        put_text(f, split);
        fputs(".</p>\n", f);
    }
    double floor_at = mean - ST_RATING_CENTRE;
    /* Ranked first, each part still by rating. */
    size_t ranked = 0;
    for (size_t i = 0; i < n; i++) {
        get_row(s, ST_TABLE_PLAYERS, list[i].row, &row);
        if ((uint64_t)val(&row, ST_P_GAMES) >= rank_games) {
            struct rated r = list[i];
            memmove(list + ranked + 1, list + ranked, (i - ranked) * sizeof *list);
            list[ranked++] = r;
        }
    }
    size_t cut = 0;
    if (ranked) {
        rating_chart(f, s, list, ranked, floor_at);
        cut += rating_rows(f, s, list, ranked, 1, floor_at, split != NULL);
    }
    if (ranked < n) {
        fprintf(f, "<h4>Not ranked: fewer than %llu valid games (%zu player%s)</h4>\n",
                (unsigned long long)rank_games, n - ranked, n - ranked == 1 ? "" : "s");
        cut += rating_rows(f, s, list + ranked, n - ranked, 0, floor_at, split != NULL);
    }
    if (cut) {
        char t[ST_FIXED_TEXT];
        struct st_cell c = {ST_CELL_REAL, NULL, floor_at, 1};
        const char *at = st_cell_text(&c, t, sizeof t);
        fprintf(f, "<p class=\"note\">&lt;%s: the interval reaches below %s, %d below the "
                   "list's mean, where the games no longer place the player; players.csv has "
                   "the bound.</p>\n",
                at, at, (int)ST_RATING_CENTRE);
    }
    free(split);
    return 0;
}

static int ratings(FILE *f, const st_stats *s, uint64_t min_games)
{
    /* A place needs CLI_RANK_GAMES valid games in the list, or what
     * --min-games asks. */
    uint64_t rank_games = min_games ? min_games : CLI_RANK_GAMES;
    fputs("<h2>Ratings</h2>\n<p class=\"note\">Elo-scale maximum-likelihood ratings "
          "(Bradley-Terry, draws as half points, a weak prior; each list's mean is 1500 unless "
          "--average or --anchor placed it: rating_lists.csv says how); bars: 95% intervals. "
          "GCR: the Game Courier rating (players.csv, gcr).",
          f);
    if (min_games)
        fprintf(f, " Players with fewer than %llu valid games are not listed.",
                (unsigned long long)min_games);
    fprintf(f, " A place (#) needs at least %llu valid games in the list%s; the players with "
               "fewer are listed apart, not ranked.</p>\n",
            (unsigned long long)rank_games,
            min_games ? " (--min-games)" : ", FIDE's minimum for a first rating");
    size_t np = st_table_nrows(s, ST_TABLE_PLAYERS), n = 0, nv;
    struct rated *all = malloc((np ? np : 1) * sizeof *all);
    const char **names = variant_names(s, &nv);
    if (!all || !names) {
        free(all);
        free(names);
        return -1;
    }
    struct row row;
    for (size_t r = 0; r < np; r++) {
        get_row(s, ST_TABLE_PLAYERS, r, &row);
        if (has(&row, ST_P_RATING))
            all[n++] = (struct rated){list_of(names, nv, txt(&row, ST_P_VARIANT)),
                                      val(&row, ST_P_RATING), r};
    }
    free(names);
    qsort(all, n, sizeof *all, by_list_then_rating);
    if (!n)
        fputs("<p>No rated players.</p>\n", f);
    int rc = 0;
    for (size_t i = 0, j; i < n && rc == 0; i = j) {
        for (j = i; j < n && all[j].list == all[i].list; j++)
            ;
        rc = rating_list(f, s, all + i, j - i, rank_games);
    }
    free(all);
    return rc;
}

int cli_write_summary_html(const st_stats *s, const struct cli_html_run *run, const char *dir,
                           char *err, size_t errsize)
{
    size_t n = strlen(dir) + 64;
    char *final = malloc(n), *tmp = malloc(n);
    if (!final || !tmp) {
        free(final);
        free(tmp);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    snprintf(final, n, "%s/summary.html", dir);
    snprintf(tmp, n, "%s/summary.html.tmp-%ld", dir, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int rc = f ? 0 : -1;
    err[0] = '\0';
    char *iobuf = f ? fmt_io_buffer(f) : NULL;   /* 6 MB for 100,000 games: 64 KiB a write */
    if (f) {
        /* Written by this thread alone: locked once, so that its many
         * small writes skip stdio's lock, which every call takes once a
         * process has a second thread (-j 2). */
        flockfile(f);
        head(f);
        cli_audit_run(f, run);
        audit_counts(f, run);
        rc = cli_audit_tables(f, run, dir, err, errsize);
        if (rc == 0) {
            rate_chart(f, s);
            terminations(f, s);
            rc = ratings(f, s, run->min_games);
            cli_crosstables_html(f, run->crosstables);
            fputs("<p class=\"note\">Written by gcaudit " GC_VERSION
                  ". The CSV reports beside this page hold every figure.</p>\n", f);
            cli_html_script(f, cli_page_audit_js);
            fputs("</body>\n</html>\n", f);
        }
        if (ferror(f))
            rc = -1;
        funlockfile(f);
        if (fclose(f) != 0)
            rc = -1;
        free(iobuf);
        if (rc == 0 && cli_report_put(tmp, final) != 0)
            rc = -1;
        if (rc != 0)
            unlink(tmp);
    }
    if (rc != 0 && !err[0])
        snprintf(err, errsize, "%s", strerror(errno ? errno : EIO));
    free(final);
    free(tmp);
    return rc;
}
