/*
 * The crosstables of summary.html and the workbook (cli/crosstable.c):
 * one per event, players by rank, each cell the row player's score
 * against the column's linking to the pair's games listed under the
 * table, each game linking to its viewer page when it has one: the data
 * the page carries, and the tables cli/page/crosstable.js draws from it
 * in headless chromium; names matched through --player-alias and through
 * the escaping games.csv applies; events too large for a table named
 * instead; the workbook's sheet; merge reading the alias file again (and
 * refusing when it cannot).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/browser.h"
#include "tests/support/support.h"
#include "tests/support/zip.h"

TestSuite(cli_crosstable, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 300);

static void put(const char *name, const char *text)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path);
}

/* The text of summary.html from its Crosstables heading on. */
static char *crosstables(const char *out)
{
    char *name = ts_fmt("%s/summary.html", out);
    char *html = ts_slurp(ts_scratch, name);
    free(name);
    char *at = strstr(html, "<h2 id=\"crosstables\">");
    cr_assert_not_null(at, "no Crosstables section");
    char *copy = strdup(at);
    free(html);
    return copy;
}

static void expect_in(const char *text, const char *want)
{
    cr_expect(strstr(text, want) != NULL, "missing: %s", want);
}

/* A round robin of three, double: Ann-Bob 1-0 and ½-½, Bob-Cat 1-0 and an
 * unfinished game, Cat-Ann 0-1 and Ann-Cat stopped at Ann's illegal move
 * (declared 0-1: a game under review, Cat's win by forfeit as by its
 * result).  "A. Ann" is Ann by the alias file.  Points: Ann 1 + ½ + 1 =
 * 2.5, Bob ½ + 1 = 1.5, Cat 1 (the illegal game) = 1. */
static const char rr_log[] =
    "Game: Chess\nEvent: Trio\nRound: 1\nWhite: Ann\nBlack: Bob\nResult: 1-0\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nEvent: Trio\nRound: 2\nWhite: Bob\nBlack: A. Ann\nResult: 1/2-1/2\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nEvent: Trio\nRound: 1\nWhite: Bob\nBlack: Cat\nResult: 1-0\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nEvent: Trio\nRound: 2\nWhite: Cat\nBlack: Bob\n\n1. P e2-e4\n\n"
    "Game: Chess\nEvent: Trio\nRound: 1\nWhite: Cat\nBlack: Ann\nResult: 0-1\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nEvent: Trio\nRound: 2\nWhite: Ann\nBlack: Cat\nResult: 0-1\n\n"
    "1. P e2-e4 1... p e7-e5\n2. B c1-g5\n";

/* rr_log and a malformed game of Ann and Bob (a line that is no turn):
 * the statistics pair nobody with it, the page marks its cell. */
static const char rr_malformed_log[] =
    "Game: Chess\nEvent: Trio\nRound: 3\nWhite: Bob\nBlack: Ann\nResult: 0-1\n\n"
    "1. P d2-d4 1... p d7-d5\nno turn here\n\n";

/* Issue 26, item 7: a malformed game was absent from its cell, and the
 * tie-break heads had no legend.  Events of the page and of
 * standings.csv come in natural order: "Round 2" before "Round 10". */
Test(cli_crosstable, malformed_games_legend_and_natural_order)
{
    put("q.log",
        "Game: Chess\nEvent: Round 10\nWhite: Ann\nBlack: Bob\nResult: 1-0\n\n"
        "1. P e2-e4 1... p e7-e5\n\n"
        "Game: Chess\nEvent: Round 10\nWhite: Bob\nBlack: Cat\nResult: 1-0\n\n"
        "1. P e2-e4 1... p e7-e5\n\n"
        "Game: Chess\nEvent: Round 10\nWhite: Cat\nBlack: Ann\nResult: 0-1\n\n"
        "1. P e2-e4 1... p e7-e5\nno turn here\n\n"
        "Game: Chess\nEvent: Round 10\nWhite: Bob\nBlack: Ann\nResult: 0-1\n\n"
        "1. P d2-d4 1... p d7-d5\nno turn here\n\n"
        "Game: Chess\nEvent: Round 2\nWhite: Ann\nBlack: Bob\nResult: 0-1\n\n"
        "1. P c2-c4 1... p e7-e5\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q q.log -o out"), 0);
    char *x = crosstables("out");
    expect_in(x, "<details class=\"xt\" id=\"xt0\" data-k=\"0\"><summary>Round 2: ");
    expect_in(x, "<details class=\"xt\" id=\"xt1\" data-k=\"1\"><summary>Round 10: ");
    /* Bob 1, Ann 1, Cat 0; Ann-Bob has a game scored and a malformed one,
     * Ann-Cat only a malformed one: [i, j, malformed games]. */
    expect_in(x, "\"p\":[[\"1\",\"Bob\",\"1\",\"1\",\"1\",\"\"],[\"2\",\"Ann\",\"1\","
                 "\"0\",\"1\",\"\"],[\"3\",\"Cat\",\"0\",\"0\",\"1\",\"\"]],"
                 "\"c\":[[0,1,1,0,1],[0,2,1,2,1]],\"m\":[[0,1,1],[1,2,1]],"
                 "\"g\":[[0,1,\"\",\"Ann\",\"Bob\",\"1-0\",\"ok\",1,\"\"],"
                 "[0,1,\"\",\"Bob\",\"Ann\",\"0-1\",\"malformed\",4,\"\"],"
                 "[0,2,\"\",\"Bob\",\"Cat\",\"1-0\",\"ok\",2,\"\"],"
                 "[1,2,\"\",\"Cat\",\"Ann\",\"0-1\",\"malformed\",3,\"\"]]}");
    /* The legend, in words. */
    expect_in(x, "<span class=\"mf\">!</span> marks malformed games, which could not be read "
                 "move by move and count for neither player (violations.csv says why).");
    expect_in(x, "<dl class=\"legend\" id=\"xt-legend\"><dt>DE</dt><dd>direct encounter: the "
                 "points scored against the players level on points</dd><dt>SB</dt><dd>"
                 "Sonneborn-Berger: each opponent's points times the points scored against "
                 "them, added up</dd><dt>BH</dt><dd>Buchholz: the opponents' points added up, "
                 "once a game</dd><dt>BH-C1</dt><dd>Buchholz cut 1: Buchholz without the lowest "
                 "opponent's points</dd></dl>");
    free(x);
    char *standings = ts_slurp(ts_scratch, "out/standings.csv");
    char *r2 = strstr(standings, "\nRound 2,"), *r10 = strstr(standings, "\nRound 10,");
    cr_expect(r2 && r10 && r2 < r10, "%s", standings);
    free(standings);
}

Test(cli_crosstable, a_round_robin_with_its_games)
{
    put("rr.log", rr_log);
    put("alias.csv", "Ann,A. Ann\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q rr.log --player-alias alias.csv -o out"), 0);
    char *x = crosstables("out");
    /* Each pair met twice: a round robin; 6 pairings. */
    expect_in(x, "<details class=\"xt\" id=\"xt0\" data-k=\"0\"><summary>Trio: round robin, 3 "
                 "players, 6 games<span class=\"xt-review\">");
    /* Players by rank: no one level, so no direct encounter; SB: Ann
     * 1.5 x 1.5 (Bob) + 1 x 1 (Cat) = 3.25, Bob 0.5 x 2.5 + 1 x 1 = 2.25,
     * Cat 1 x 2.5 = 2.5. */
    /* Cat's 1 point is from the game under review. */
    expect_in(x, "{\"t\":[\"DE\",\"SB\"],\"p\":[[\"1\",\"Ann\",\"2.5\",\"\",\"3.25\",\"\"],"
                 "[\"2\",\"Bob\",\"1.5\",\"\",\"2.25\",\"\"],"
                 "[\"3\",\"Cat\",\"1\",\"\",\"2.5\",\"1\"]],");
    /* Pairs [i, j, scored, i's points doubled, paired]: Ann-Bob 1½ of 2,
     * Ann-Cat 1 of 2 (the illegal game was Cat's), Bob-Cat 1 of 1 scored,
     * 2 paired; Ann-Cat has 1 game under review, Ann's points 0 and Cat's
     * 1 (doubled) from it, stopped at Ann's illegal move. */
    expect_in(x, "\"c\":[[0,1,2,3,2],[0,2,2,2,2,1,0,2,1,0],[1,2,1,2,2]],");
    /* Under the title: scored as declared or left out, Cat is still
     * third. */
    expect_in(x, "<span class=\"xt-review\"><span class=\"rv\">\xE2\x80\xA0</span> 1 game under "
                 "review (illegal, with a result) is scored by forfeit (the player whose illegal "
                 "move stopped a game loses it). Scored otherwise, it would not change the "
                 "places.</span></summary></details>");
    /* The games by pair, then row; "A. Ann" as the log writes her; the
     * illegal game with its viewer page. */
    expect_in(x, "\"g\":[[0,1,\"1\",\"Ann\",\"Bob\",\"1-0\",\"ok\",1,\"\"],"
                 "[0,1,\"2\",\"Bob\",\"A. Ann\",\"1/2-1/2\",\"ok\",2,\"\"],"
                 "[0,2,\"1\",\"Cat\",\"Ann\",\"0-1\",\"ok\",5,\"\"],"
                 "[0,2,\"2\",\"Ann\",\"Cat\",\"0-1\",\"illegal\",6,\"games/1.html#g6\"],"
                 "[1,2,\"1\",\"Bob\",\"Cat\",\"1-0\",\"ok\",3,\"\"],"
                 "[1,2,\"2\",\"Cat\",\"Bob\",\"*\",\"ok\",4,\"\"]]}]</script>");
    free(x);
    /* The page is still well-formed. */
    char *cmd = ts_fmt("xmllint --noout '%s/out/summary.html'", ts_scratch);
    cr_expect_eq(ts_run(cmd), 0, "xmllint");
    free(cmd);
}

/* A copy of a game (the same variant, players and moves) is not counted
 * by the statistics, so it is no pairing: the list leaves it out, as the
 * table does (issue 15: a log of a million copies of one game listed
 * every copy, past the list's budget). */
Test(cli_crosstable, a_copy_of_a_game_is_not_listed)
{
    char *log = ts_fmt("%s%s", rr_log,
                       "\n\nGame: Chess\nEvent: Trio\nRound: 3\nWhite: Ann\nBlack: Bob\n"
                       "Result: 1-0\n\n1. P e2-e4 1... p e7-e5\n");
    put("rr.log", log);
    put("alias.csv", "Ann,A. Ann\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q rr.log --player-alias alias.csv -o out"), 0);
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_assert(strstr(games, ",rr.log game 1\n") || strstr(games, "rr.log, game 1"), "%s", games);
    char *x = crosstables("out");
    expect_in(x, "Trio: round robin, 3 players, 6 games<span class=\"xt-review\">");
    expect_in(x, "\"g\":[[0,1,\"1\",\"Ann\",\"Bob\",\"1-0\",\"ok\",1,\"\"],"
                 "[0,1,\"2\",\"Bob\",\"A. Ann\",\"1/2-1/2\",\"ok\",2,\"\"],"
                 "[0,2,");
    cr_expect(strstr(x, "\"3\",\"Ann\",\"Bob\"") == NULL, "the copy is listed");
    free(x), free(games), free(log);
}

/* What the browser draws: a link to a pair's games opens its event and
 * draws the table and the list. */
static const char draw_js[] =
    "var out = [], t = document.querySelector('table.xt');\n"
    "out.push('open=' + document.getElementById('xt0').open);\n"
    "Array.prototype.forEach.call(t.querySelectorAll('tbody tr'), function (tr) {\n"
    "  out.push('row=' + Array.prototype.map.call(tr.children, function (td) {\n"
    "    var a = td.querySelector('a');\n"
    "    return td.textContent + (a ? '@' + a.getAttribute('href') : '') +\n"
    "      (td.title ? '[' + td.title + ']' : ''); }).join('|')); });\n"
    "Array.prototype.forEach.call(document.querySelectorAll('table.xt-games tbody'),\n"
    "  function (b) { out.push(b.id + '=' + Array.prototype.map.call(b.querySelectorAll('tr'),\n"
    "    function (tr) { var a = tr.querySelector('a');\n"
    "      return tr.textContent + (a ? '@' + a.getAttribute('href') : ''); }).join(';')); });\n"
    "var pre = document.createElement('pre'); pre.id = 'result';\n"
    "pre.textContent = out.join('\\n'); document.body.appendChild(pre);\n";

static char *result_of(char *dom)
{
    char *p = strstr(dom, "<pre id=\"result\">");
    cr_assert_not_null(p, "the test script did not run: %.2000s", dom);
    p += strlen("<pre id=\"result\">");
    char *end = strstr(p, "</pre>");
    cr_assert_not_null(end);
    *end = '\0';
    return p;
}

Test(cli_crosstable, drawn_in_a_browser)
{
    char *log = ts_fmt("%s\n\n%s", rr_log, rr_malformed_log);
    put("rr.log", log);
    free(log);
    put("alias.csv", "Ann,A. Ann\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q rr.log --player-alias alias.csv -o out"), 0);
    char *path = ts_fmt("%s/out/summary.html", ts_scratch);
    char *dom = ts_browser_run(path, "xt0-1-2", draw_js);
    char *r = result_of(dom);
    expect_in(r, "open=true\n");
    /* The game under review is marked, and its title says who broke the
     * rules and what it gave whom. */
    expect_in(r, "row=1|Ann (1)|2.5||1\xC2\xBD!@#xt0-0-1[2 games scored; 1 malformed game (not "
                 "read move by move, counted for neither; violations.csv says why)]|1\xE2\x80\xA0@#xt0-0-2"
                 "[2 games scored. 1 game under review (illegal, with a result), scored by "
                 "forfeit: Ann's illegal move stopped one; 0 points from them here]||3.25\n");
    expect_in(r, "row=2|Bob (2)|1.5|\xC2\xBD!@#xt0-0-1[2 games scored; 1 malformed game (not "
                 "read move by move, counted for neither; violations.csv says why)]||1 *@#xt0-1-2[1 game "
                 "scored, 1 not]||2.25\n");
    /* Cat lost the one game scored against Bob; the other is unfinished. */
    expect_in(r, "row=3|Cat (3)|1\xE2\x80\xA0[1 of these points from games under review "
                 "(scored by forfeit)]|1\xE2\x80\xA0@#xt0-0-2[2 games scored. 1 game under "
                 "review (illegal, with a result), scored by forfeit: Ann's illegal move stopped "
                 "one; 1 point from them here]|0 *@#xt0-1-2[1 game scored, 1 not]|||2.5\n");
    expect_in(r, "xt0-0-1=1-21AnnBob1-0okgames.csv row 1;1-22BobA. Ann1/2-1/2okgames.csv row 2;"
                 "1-23BobAnn0-1malformedgames.csv row 7\n");
    expect_in(r, "xt0-0-2=1-31CatAnn0-1okgames.csv row 5;1-32AnnCat0-1illegalgames.csv row 6@"
                 "games/1.html#g6\n");
    expect_in(r, "xt0-1-2=2-31BobCat1-0okgames.csv row 3;2-32CatBob*okgames.csv row 4");
    free(dom);
    /* Pictures of the crosstable, its legend and its games at 1280 and 390
     * pixels, in the build's test-output/ folder to be looked at (issue
     * 26): the page from its Crosstables heading on, the event open. */
    static const char shot_js[] =
        "var h = document.getElementById('crosstables');\n"
        "for (var n = document.body.firstChild; n && n !== h; n = n.nextSibling)\n"
        "  if (n.style) n.style.display = 'none';\n"
        "Array.prototype.forEach.call(document.querySelectorAll('details.xt'),\n"
        "  function (d) { d.open = true; d.dispatchEvent(new Event('toggle')); });\n";
    char *shots = ts_fmt("%s/test-output", GC_BUILD_DIR);
    mkdir(shots, 0777);
    static const int widths[] = {1280, 390};
    for (size_t i = 0; i < 2; i++) {
        char *png = ts_fmt("%s/crosstable-%d.png", shots, widths[i]);
        ts_browser_screenshot_js(path, shot_js, widths[i], 900, png);
        free(png);
    }
    free(shots);
    free(path);
}

/* Names games.csv escapes (a control character) or defuses (a formula)
 * are found all the same, and every name and event is HTML-escaped. */
static const char odd_log[] =
    "Game: Chess\nEvent: <Club> & Co\nWhite: Al <b>\nBlack: Ctl\x01" "Char\nResult: 1-0\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nEvent: <Club> & Co\nWhite: =SUM(1)\nBlack: Al <b>\nResult: 0-1\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nEvent: <Club> & Co\nWhite: Ctl\x01" "Char\nBlack: =SUM(1)\n"
    "Result: 1/2-1/2\n\n1. P e2-e4\n";

Test(cli_crosstable, escaped_names_are_matched_and_escaped)
{
    put("odd.log", odd_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q odd.log -o out"), 0);
    char *x = crosstables("out");
    expect_in(x, "<summary>&lt;Club&gt; &amp; Co: round robin, 3 players, 3 games</summary>");
    /* Names as JSON that can stand in a script element: no markup. */
    expect_in(x, "[\"1\",\"Al \\u003cb\\u003e\",");
    /* All three games listed, each pair's. */
    expect_in(x, "\"g\":[[0,1,");
    expect_in(x, "],[0,2,");
    expect_in(x, "],[1,2,");
    expect_in(x, "\"=SUM(1)\"");
    free(x);
}

/* An event of more players than a table can show is named instead. */
Test(cli_crosstable, large_events_are_named_not_drawn)
{
    char *log = malloc(70 * 120);
    size_t len = 0;
    for (int i = 0; i < 65; i++)
        len += (size_t)sprintf(log + len, "Game: Chess\nEvent: Big\nWhite: P%02d\nBlack: P%02d\n"
                                          "Result: 1-0\n\n1. P e2-e4 1... p e7-e5\n\n",
                               i, i + 1);
    put("big.log", log);
    free(log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q big.log -o out"), 0);
    char *x = crosstables("out");
    expect_in(x, "No crosstable for the events of more than 64 players (standings.csv has their "
                 "standings): Big (66 players).");
    cr_expect(strstr(x, "<details") == NULL && strstr(x, "crosstables-data") == NULL);
    free(x);
}

static char *zip_member(const char *zip, const char *name)
{
    char *path = ts_fmt("%s/%s", ts_scratch, zip);
    char *text = ts_zip_member(path, name);
    free(path);
    return text;
}

/* The workbook's last sheet: the marks' legend, then each event's title,
 * the header, a row per player with rank, name, points, the cells as text
 * and the tie-breaks as numbers. */
Test(cli_crosstable, the_workbook_sheet)
{
    put("rr.log", rr_log);
    put("alias.csv", "Ann,A. Ann\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q rr.log --player-alias alias.csv -o out "
                                 "--xlsx book.xlsx"), 0);
    char *wb = zip_member("book.xlsx", "xl/workbook.xml");
    cr_assert_not_null(wb);
    cr_expect(strstr(wb, "<sheet name=\"info\"") < strstr(wb, "<sheet name=\"crosstables\""),
              "the crosstables sheet comes last: %s", wb);
    free(wb);
    char *x = zip_member("book.xlsx", "xl/worksheets/sheet10.xml");
    cr_assert_not_null(x);
    expect_in(x, "<c r=\"A3\" s=\"1\" t=\"inlineStr\"><is><t>Trio (round-robin, 3 players)</t>");
    /* The note on the game under review, then the table; its points
     * marked with a dagger. */
    expect_in(x, "<c r=\"A4\" t=\"inlineStr\"><is><t>\xE2\x80\xA0 1 game under review");
    expect_in(x, "<c r=\"B6\" t=\"inlineStr\"><is><t>Ann</t></is></c>");
    expect_in(x, "<c r=\"E6\" t=\"inlineStr\"><is><t>1\xC2\xBD</t></is></c>");
    expect_in(x, "<c r=\"F6\" t=\"inlineStr\"><is><t>1\xE2\x80\xA0</t></is></c>");
    expect_in(x, "<c r=\"F7\" t=\"inlineStr\"><is><t>1 *</t></is></c>");
    expect_in(x, "<c r=\"D8\" t=\"inlineStr\"><is><t>1\xE2\x80\xA0</t></is></c>");
    expect_in(x, "<c r=\"C6\"><v>2.5</v></c>");
    free(x);
}

/* Issue 26, item 7: the workbook's sheet marks a malformed game in its
 * cell as the page does ("!", after the points when the pair has games
 * scored too), and says what the marks mean. */
Test(cli_crosstable, the_workbook_sheet_marks_malformed_games)
{
    put("q.log",
        "Game: Chess\nEvent: T\nWhite: Ann\nBlack: Bob\nResult: 1-0\n\n"
        "1. P e2-e4 1... p e7-e5\n\n"
        "Game: Chess\nEvent: T\nWhite: Bob\nBlack: Cat\nResult: 1-0\n\n"
        "1. P e2-e4 1... p e7-e5\n\n"
        "Game: Chess\nEvent: T\nWhite: Cat\nBlack: Ann\nResult: 0-1\n\n"
        "1. P e2-e4 1... p e7-e5\nno turn here\n\n"
        "Game: Chess\nEvent: T\nWhite: Bob\nBlack: Ann\nResult: 0-1\n\n"
        "1. P d2-d4 1... p d7-d5\nno turn here\n\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q q.log -o out --xlsx book.xlsx"), 0);
    char *x = zip_member("book.xlsx", "xl/worksheets/sheet10.xml");
    cr_assert_not_null(x);
    expect_in(x, "<c r=\"A1\" t=\"inlineStr\"><is><t>A cell is what the row's player scored "
                 "against the column's; * marks games not scored, \xE2\x80\xA0 points from games "
                 "under review, ! malformed games (counted for neither player; violations.csv "
                 "says why).</t></is></c>");
    expect_in(x, "<c r=\"A3\" s=\"1\" t=\"inlineStr\"><is><t>T (swiss, 3 players)</t>");
    /* Bob, Ann, Cat by rank (rows 5 to 7); columns D, E, F the same. */
    expect_in(x, "<c r=\"B5\" t=\"inlineStr\"><is><t>Bob</t></is></c>");
    expect_in(x, "<c r=\"E5\" t=\"inlineStr\"><is><t>0 !</t></is></c>");
    expect_in(x, "<c r=\"F5\" t=\"inlineStr\"><is><t>1</t></is></c>");
    expect_in(x, "<c r=\"D6\" t=\"inlineStr\"><is><t>1 !</t></is></c>");
    expect_in(x, "<c r=\"F6\" t=\"inlineStr\"><is><t>!</t></is></c>");
    expect_in(x, "<c r=\"D7\" t=\"inlineStr\"><is><t>0</t></is></c>");
    expect_in(x, "<c r=\"E7\" t=\"inlineStr\"><is><t>!</t></is></c>");
    free(x);
}

/* The games sheet's round (column G) is a number where the log's is one
 * (issue 26, item 7: it was text), and text where a number would not
 * show the log's text again. */
Test(cli_crosstable, the_workbook_round_is_a_number_where_it_is_one)
{
    static const char *rounds[] = {"3", "3a", "07", "2.5", "1e3", "12"};
    char *log = ts_fmt("%s", "");
    for (int i = 0; i < 6; i++) {
        char *more = ts_fmt("%sGame: Chess\nEvent: R\nRound: %s\nWhite: A%d\nBlack: B\n"
                            "Result: 1-0\n\n1. P e2-e4 1... p e7-e5\n\n",
                            log, rounds[i], i);
        free(log);
        log = more;
    }
    put("r.log", log);
    free(log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q r.log -o out --xlsx book.xlsx"), 0);
    char *g = zip_member("book.xlsx", "xl/worksheets/sheet7.xml");
    cr_assert_not_null(g);
    expect_in(g, "<c r=\"G2\"><v>3</v></c>");
    expect_in(g, "<c r=\"G3\" t=\"inlineStr\"><is><t>3a</t></is></c>");
    expect_in(g, "<c r=\"G4\" t=\"inlineStr\"><is><t>07</t></is></c>");
    expect_in(g, "<c r=\"G5\"><v>2.5</v></c>");
    expect_in(g, "<c r=\"G6\" t=\"inlineStr\"><is><t>1e3</t></is></c>");
    expect_in(g, "<c r=\"G7\"><v>12</v></c>");
    free(g);
}

/* merge reads the shards' alias file again (the crosstables need it), and
 * refuses, leaving no report, when it cannot. */
Test(cli_crosstable, merge_needs_the_alias_file)
{
    put("rr.log", rr_log);
    put("alias.csv", "Ann,A. Ann\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q rr.log --player-alias alias.csv -o one"), 0);
    for (int k = 1; k <= 2; k++) {
        char *args = ts_fmt("analyze -q rr.log --player-alias alias.csv --shard %d/2 -o s%d", k, k);
        cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
        free(args);
    }
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o merged"), 0);
    char *a = ts_slurp(ts_scratch, "one/summary.html"), *b = ts_slurp(ts_scratch, "merged/summary.html");
    char *xa = strstr(a, "<h2 id=\"crosstables\">"), *xb = strstr(b, "<h2 id=\"crosstables\">");
    cr_assert(xa && xb);
    cr_expect_str_eq(xb, xa);
    free(a);
    free(b);
    char *rm = ts_fmt("rm '%s/alias.csv'", ts_scratch);
    cr_assert_eq(ts_run(rm), 0);
    free(rm);
    cr_expect_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o m2"), 3);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: merge: the shards counted names through --player-alias "
                          "alias.csv: No such file or directory\n");
    free(err);
}
