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
    char *html = page("");
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
    char *html = page("");
    char *path = ts_fmt("%s/out/players.csv", ts_scratch);
    struct ts_csv t;
    cr_assert_eq(ts_csv_read(path, &t), 0);
    free(path);
    size_t rated = 0;
    for (size_t r = 1; r < t.nrows; r++) {
        if (!ts_csv_get(&t, r, "rating")[0])
            continue;
        char *g[5];
        const char *cols[5] = {"games", "score", "rating", "rating_ci_low", "rating_ci_high"};
        for (int i = 0; i < 5; i++)
            g[i] = grouped(ts_csv_get(&t, r, cols[i]));
        char *want = ts_fmt("</td><td>%s</td><td>%s</td><td>%s</td><td>%s&#8211;%s</td></tr>\n",
                            g[0], g[1], g[2], g[3], g[4]);
        for (int i = 0; i < 5; i++)
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
