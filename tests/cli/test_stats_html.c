/*
 * summary.html (cli/summary_html.c): well-formed for an XML parser
 * (xmllint --noout), self-contained (inline scripts only, nothing
 * fetched, links only to the viewer pages beside it), player
 * names escaped (markup characters, and controls XML cannot carry), and
 * holding the charts and figures docs/statistics.md describes.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/csvread.h"
#include "tests/support/support.h"

TestSuite(cli_stats_html, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* A name with every character HTML and XML care about, and a control. */
static const char log_text[] =
    "Game: Chess\nEvent: <Club> & Co\nWhite: Al <b>\"Bold\"</b> & 'Co'\nBlack: Ctl\x01" "Char\n"
    "Result: 1-0\n\n1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nWhite: Ctl\x01" "Char\nBlack: Al <b>\"Bold\"</b> & 'Co'\nResult: 1/2-1/2\n\n"
    "1. P d2-d4\n\n"
    "Game: Chess\nWhite: Dee\nBlack: Al <b>\"Bold\"</b> & 'Co'\n\n"
    "1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n";

static char *page(const char *args)
{
    char *path = ts_fmt("%s/games.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, log_text, strlen(log_text)), 0);
    free(path);
    char *cmd = ts_fmt("analyze -q games.log -o out %s", args);
    cr_assert_eq(ts_gcaudit(ts_scratch, cmd), 0);
    free(cmd);
    path = ts_fmt("%s/out/summary.html", ts_scratch);
    char *html = ts_read_file(path, NULL);
    free(path);
    cr_assert_not_null(html, "summary.html was not written");
    return html;
}

static size_t occurrences(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

Test(cli_stats_html, well_formed_for_xmllint)
{
    char *html = page("");
    free(html);
    char *cmd = ts_fmt("xmllint --noout '%s/out/summary.html' 2>'%s/xmllint.txt'", ts_scratch, ts_scratch);
    int rc = ts_run(cmd);
    free(cmd);
    char *path = ts_fmt("%s/xmllint.txt", ts_scratch);
    char *msg = ts_read_file(path, NULL);
    free(path);
    cr_expect_eq(rc, 0, "xmllint: %s", msg ? msg : "");
    free(msg);
    /* (Not --html: libxml2's HTML parser is HTML 4 and knows no inline
     * SVG; the XML parser is the stricter check anyway.) */
}

Test(cli_stats_html, names_are_escaped)
{
    char *html = page("");
    cr_expect(strstr(html, "Al &lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; &#39;Co&#39;") != NULL,
              "escaped name");
    cr_expect(strstr(html, "<b>") == NULL, "no markup from a name");
    cr_expect(strstr(html, "Ctl\xEF\xBF\xBD" "Char") != NULL, "a control shown as U+FFFD");
    cr_expect(strchr(html, '\x01') == NULL);
    free(html);
}

Test(cli_stats_html, self_contained)
{
    char *html = page("");
    cr_expect(strstr(html, "src=") == NULL && strstr(html, "@import") == NULL &&
              strstr(html, "url(") == NULL, "nothing is fetched");
    /* Scripts are inline: the audit tables' data and code, and the
     * crosstables'. */
    cr_expect(strstr(html, "<script src") == NULL);
    cr_expect_eq(occurrences(html, "<script>//<![CDATA[\n"), 2);
    /* Three clean games: no audit table has a row, so no audit table's
     * data is there; the crosstables' is. */
    cr_expect_eq(occurrences(html, "<script type=\"application/json\" id=\""), 1);
    cr_expect_eq(occurrences(html, "<script type=\"application/json\" id=\"crosstables-data\""), 1);
    cr_expect(strstr(html, "<p>None: no game broke a rule.</p>") != NULL);
    /* Links: only to the viewer pages beside it, and within the page (a
     * crosstable's cells to their games). */
    for (const char *p = html; (p = strstr(p, "href=\"")) != NULL; p++)
        cr_expect(strncmp(p, "href=\"games/", 12) == 0 || strncmp(p, "href=\"#xt", 9) == 0,
                  "a link elsewhere: %.60s", p);
    /* The only URIs are the namespaces, which are names, not fetched. */
    size_t uris = occurrences(html, "http");
    size_t ns = occurrences(html, "xmlns=\"http://www.w3.org/1999/xhtml\"") +
                occurrences(html, "xmlns=\"http://www.w3.org/2000/svg\"");
    cr_expect_eq(uris, ns);
    free(html);
}

/* Three valid chess games (1-0, draw, 0-1 by mate): the rate chart, the
 * terminations, two rating lists (chess and all) with error bars, and the
 * audit counts. */
Test(cli_stats_html, holds_the_sections)
{
    char *html = page("--min-games 1");
    cr_expect(strstr(html, "<h2 id=\"audit\">Audit</h2>") != NULL);
    cr_expect(strstr(html, "<h3 id=\"audit-games\">Games with violations (") != NULL);
    cr_expect(strstr(html, "<h2>Win rates by variant</h2>") != NULL);
    cr_expect(strstr(html, "<h2>How games ended</h2>") != NULL);
    cr_expect(strstr(html, "<h2>Ratings</h2>") != NULL);
    cr_expect(strstr(html, "<h3>All variants (3 players)</h3>") != NULL, "%s", html);
    cr_expect(strstr(html, "<h3>chess (3 players)</h3>") != NULL);
    cr_expect_eq(occurrences(html, "<svg "), 4, "rates, terminations, two rating lists");
    /* 4 whiskers for chess's rates, 3 per rating list. */
    cr_expect_eq(occurrences(html, "<circle "), 4 + 3 + 3);
    cr_expect(strstr(html, "<td>1 (33.3%)</td><td>1 (33.3%)</td><td>1 (33.3%)</td>") != NULL,
              "white wins, draws, black wins");
    cr_expect(strstr(html, "<strong>verified</strong>") != NULL);
    free(html);
}

/* A number as the page writes it: players.csv's text with thousands
 * separators in its whole part ("1,249.2"). */
static char *grouped(const char *s)
{
    size_t digits = strspn(s + (*s == '-'), "0123456789");
    char *out = calloc(strlen(s) + digits / 3 + 2, 1), *o = out;
    if (*s == '-')
        *o++ = *s++;
    for (size_t i = 0; i < digits; i++) {
        if (i && (digits - i) % 3 == 0)
            *o++ = ',';
        *o++ = s[i];
    }
    strcpy(o, s + digits);
    return out;
}

/* The rating tables print their numbers without printf: every rated
 * player's line must carry players.csv's figures (grouped), ranks count
 * up, and every point of the charts is a number with one decimal. */
Test(cli_stats_html, rating_lines_carry_the_csv_figures)
{
    char *html = page("--min-games 1");
    char *path = ts_fmt("%s/out/players.csv", ts_scratch);
    struct ts_csv t;
    cr_assert_eq(ts_csv_read(path, &t), 0);
    free(path);
    size_t rated = 0;
    for (size_t r = 1; r < t.nrows; r++) {
        if (!ts_csv_get(&t, r, "rating")[0])
            continue;
        char *g[6];
        const char *cols[6] = {"games", "score", "rating", "rating_ci_low", "rating_ci_high",
                               "gcr"};
        for (int i = 0; i < 6; i++)
            g[i] = grouped(ts_csv_get(&t, r, cols[i]));
        /* A lower bound below 0 (1500 below the mean) is cut there. */
        int cut = g[3][0] == '-';
        char *want = ts_fmt("</td><td>%s</td><td>%s</td><td>%s</td><td>%s%s&#8211;%s</td>"
                            "<td>%s</td></tr>\n",
                            g[0], g[1], g[2], cut ? "&lt;" : "", cut ? "0" : g[3], g[4], g[5]);
        for (int i = 0; i < 6; i++)
            free(g[i]);
        cr_expect(strstr(html, want) != NULL, "no line ending %s", want);
        free(want);
        rated++;
    }
    cr_expect_eq(rated, 6, "3 players in each of two lists");
    ts_csv_free(&t);
    for (int rank = 1; rank <= 3; rank++) {
        char *want = ts_fmt("<tr><td>%d</td><td class=\"name\">", rank);
        cr_expect_eq(occurrences(html, want), 2, "rank %d in both lists", rank);
        free(want);
    }
    cr_expect_eq(occurrences(html, "<tr><td>4</td>"), 0);
    size_t points = 0;
    for (const char *p = html; (p = strstr(p, "<circle cx=\"")) != NULL; p++, points++) {
        char x[32], y[32];
        cr_assert_eq(sscanf(p, "<circle cx=\"%31[^\"]\" cy=\"%31[^\"]\" r=\"4\" fill=\"#", x, y), 2);
        for (const char *v = x; v; v = v == x ? y : NULL) {
            const char *dot = strchr(v, '.');
            cr_expect(dot && strlen(dot) == 2 && strspn(v, "-0123456789.") == strlen(v),
                      "'%s' is not a number with one decimal", v);
        }
    }
    cr_expect_eq(points, 4 + 3 + 3);
    free(html);
}

Test(cli_stats_html, tells_the_options)
{
    char *html = page("--results declared --event club --min-games 2");
    cr_expect(strstr(html, "<strong>declared</strong>") != NULL);
    cr_expect(strstr(html, "Selected: 1 of 3 games (event club).") != NULL, "%s", html);
    cr_expect(strstr(html, "fewer than 2 valid games are not listed") != NULL);
    cr_expect(strstr(html, "No rated players.") != NULL, "one game: nobody has 2");
    free(html);
}

/* summary.html of `analyze -q NAME -o out`, NAME holding text. */
static char *page_of(const char *name, const char *text, size_t len)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, len), 0);
    free(path);
    char *cmd = ts_fmt("analyze -q %s -o out", name);
    cr_assert_eq(ts_gcaudit(ts_scratch, cmd), 0);
    free(cmd);
    return ts_slurp(ts_scratch, "out/summary.html");
}

/* Issue 26, item 5: a place needs 5 valid games in the list (FIDE's
 * minimum for a first rating).  A, B and C meet three times each (6 games
 * apiece); Solo beats C once, the best score of all, and is listed apart,
 * not ranked, after the three ranked players.  No lower bound is shown
 * below 0; the Game Courier ratings are in the tables. */
Test(cli_stats_html, only_players_with_enough_games_are_ranked)
{
    char *log = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&log, &len);
    const char *pairs[3][2] = {{"A", "B"}, {"B", "C"}, {"C", "A"}};
    const char *moves[9] = {"a2-a3", "b2-b3", "c2-c3", "d2-d3", "e2-e3",
                            "f2-f3", "g2-g3", "h2-h3", "a2-a4"};
    const char *results[3] = {"1-0", "1/2-1/2", "0-1"};
    for (int k = 0; k < 3; k++)
        for (int p = 0; p < 3; p++)
            /* Each game its own first move: the same moves between the
             * same players would be a copy, counted once. */
            fprintf(m, "Game: Chess\nWhite: %s\nBlack: %s\nResult: %s\n\n1. P %s\n\n",
                    pairs[p][0], pairs[p][1], results[(k + p) % 3], moves[3 * k + p]);
    fputs("Game: Chess\nWhite: Solo\nBlack: C\nResult: 1-0\n\n1. P e2-e4\n", m);
    fclose(m);
    char *html = page_of("rank.log", log, len);
    free(log);
    cr_expect(strstr(html, "A place (#) needs at least 5 valid games in the list, FIDE's minimum "
                           "for a first rating; the players with fewer are listed apart, not "
                           "ranked.") != NULL);
    /* In each list (all, chess): ranks 1 to 3, then Solo apart. */
    const char *at = strstr(html, "<h3>All variants (4 players)</h3>");
    cr_assert_not_null(at);
    const char *apart = strstr(at, "<h4>Not ranked: fewer than 5 valid games (1 player)</h4>\n"
                                   "<table>\n<tr><th class=\"name\">player</th><th>games</th>"
                                   "<th>score</th><th>rating</th><th>95% interval</th>"
                                   "<th>GCR</th></tr>\n<tr><td class=\"name\">Solo</td><td>1</td>");
    cr_expect(apart != NULL, "Solo is not listed apart");
    const char *third = strstr(at, "<tr><td>3</td><td class=\"name\">");
    cr_expect(third && apart && third < apart, "three ranked players first");
    cr_expect(strstr(at, "<tr><td>4</td>") == NULL, "Solo has no place");
    cr_expect_eq(occurrences(html, "<td class=\"name\">Solo</td>"), 2, "a row in each list");
    /* One chart per list, of the ranked players only: 3 whiskers each. */
    cr_expect_eq(occurrences(html, "<svg "), 4, "rates, terminations, two rating lists");
    /* No interval shown with a negative lower bound. */
    cr_expect(strstr(strstr(html, "<h2>Ratings</h2>"), "<td>-") == NULL, "a negative bound");
    free(html);
}

/* Two groups that never met (A-B and C-D): the warning stderr gives is on
 * the page too, under the list, and the tables say each player's group. */
Test(cli_stats_html, groups_that_never_met_are_warned_about)
{
    static const char two[] = "Game: Chess\nWhite: A\nBlack: B\nResult: 1-0\n\n1. P e2-e4\n\n"
                              "Game: Chess\nWhite: C\nBlack: D\nResult: 0-1\n\n1. P e2-e4\n";
    char *html = page_of("two.log", two, strlen(two));
    static const char warn[] = "<p class=\"warn\">Warning: 2 groups of players never met, directly "
                               "or through others, so ratings from different groups cannot be "
                               "compared: group 1 (2 players): A, B; group 2 (2 players): C, D."
                               "</p>\n";
    cr_expect_eq(occurrences(html, warn), 2, "all and chess");
    cr_expect(strstr(html, "<th>GCR</th><th>group</th></tr>\n") != NULL);
    free(html);
}
