/*
 * The audit pages in a real browser (headless chromium, tests/support/
 * browser.c): summary.html's Audit section (rows, sorting, filtering),
 * the game viewer (stepping to the highlighted turn with the keys), and
 * hostile names (<script>alert(1)</script>, =HYPERLINK("x")) as text in
 * the page, the viewer and the workbook.  Also the run block, the
 * --viewer modes and the workbook's sheets.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/browser.h"
#include "tests/support/support.h"
#include "tests/support/zip.h"

/* The five sample archives the expectations below were written from, in
 * the order the shell's glob gave them (named, so that a new sample
 * archive changes nothing here). */
#define SAMPLES                                                                              \
    "'" GC_SOURCE_DIR "/sample-data/backlash-2024.tar.gz' '" GC_SOURCE_DIR                   \
    "/sample-data/chess-open-2024.tar.gz' '" GC_SOURCE_DIR "/sample-data/extinction-2024.tar.gz' '" \
    GC_SOURCE_DIR "/sample-data/palindromic-2024.tar.gz' '" GC_SOURCE_DIR "/sample-data/retro-2024.tar.gz'"

static void setup(void)
{
    ts_scratch_setup();
    /* The run block's date: fixed, so the pages can be compared. */
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
}

TestSuite(cli_audit_pages, .init = setup, .fini = ts_scratch_teardown, .timeout = 300);

/* Game 1: hostile names, illegal at 4. (the sixth ply was the last
 * played: positions 0..6, the rejected turn is position 7).  Game 2: a
 * result mismatch (declared 1-0, mated 0-1).  Game 3: clean. */
static const char log_text[] =
    "Game: Chess\nEvent: Escaping Open\nWhite: <script>alert(1)</script>\n"
    "Black: =HYPERLINK(\"x\")\nStarted: 2024-05-01\nResult: 1-0\n\n"
    "1. P e2-e4 1... p e7-e5\n2. N g1-f3 2... n b8-c6\n3. B f1-c4 3... n g8-f6\n"
    "4. N f3-g6 // a knight's leap too far\n\n"
    "Game: Chess\nEvent: Escaping Open\nWhite: Ann\nBlack: Bob\nEnded: 2024-05-02 18:30\n"
    "Result: 1-0\n\n1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n\n"
    "Game: Chess\nEvent: Escaping Open\nWhite: Carl\nBlack: Dora\nResult: 1/2-1/2\n\n"
    "1. P e2-e4 1... p e7-e5\n";

/* text into the scratch folder as name. */
static void put(const char *name, const char *text)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path);
}

static void run(const char *args, int status)
{
    put("games.log", log_text);
    char *cmd = ts_fmt("analyze -q games.log -o out %s", args);
    int rc = ts_gcaudit(ts_scratch, cmd);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_assert_eq(rc, status, "%s: %s", cmd, err);
    free(err);
    free(cmd);
}

static char *out_path(const char *name) { return ts_fmt("%s/out/%s", ts_scratch, name); }

static char *out_file(const char *name)
{
    char *p = out_path(name);
    char *text = ts_read_file(p, NULL);
    cr_assert_not_null(text, "%s was not written", p);
    free(p);
    return text;
}

static int exists(const char *name)
{
    char *p = out_path(name);
    struct stat st;
    int rc = stat(p, &st) == 0;
    free(p);
    return rc;
}

/* What the test script wrote: <pre id="result">TEXT</pre>. */
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

static void expect_in(const char *hay, const char *needle)
{
    cr_expect(strstr(hay, needle) != NULL, "'%s' not in:\n%s", needle, hay);
}

/* The script the summary's test runs: the games table as shown, then
 * sorted and filtered through its own controls. */
static const char summary_js[] =
    "var out = [];\n"
    "function box(id) { return document.querySelector('[data-rows=\"' + id + '\"]'); }\n"
    "function col(id, c) { return Array.prototype.map.call(box(id).querySelectorAll('tbody tr'),\n"
    "  function (tr) { return tr.children[c].textContent; }).join('|'); }\n"
    "function head(id, name) { return Array.prototype.filter.call(box(id).querySelectorAll('th'),\n"
    "  function (th) { return th.textContent === name; })[0]; }\n"
    "out.push('games=' + col('games-data', 0));\n"
    "out.push('white=' + col('games-data', 5));\n"
    "out.push('black=' + col('games-data', 6));\n"
    "out.push('turn=' + col('games-data', 8));\n"
    "out.push('message=' + col('games-data', 11));\n"
    "out.push('link=' + Array.prototype.map.call(box('games-data').querySelectorAll('tbody a'),\n"
    "  function (a) { return a.getAttribute('href'); }).join('|'));\n"
    "out.push('mismatches=' + col('mismatches-data', 0) + ' ' + col('mismatches-data', 9));\n"
    "out.push('entries=' + (box('entries-data') ? 'a table' : 'none'));\n"
    "out.push('scripts=' + document.querySelectorAll('script').length);\n"
    "out.push('run=' + document.getElementById('run').textContent.replace(/\\s+/g, ' '));\n"
    "var m = box('mismatches-data');\n"
    "head('mismatches-data', 'white').click();\n"
    "out.push('sorted=' + col('mismatches-data', 5));\n"
    "var s = m.querySelector('select[data-filter=\"declared\"]');\n"
    "s.value = '=1-0'; s.dispatchEvent(new Event('change'));\n"
    "out.push('declared=' + m.querySelectorAll('tbody tr').length + ' ' +\n"
    "  m.querySelector('.pager .shown').textContent);\n"
    "var t = m.querySelector('input[data-filter=\"player\"]');\n"
    "t.value = 'zed'; t.dispatchEvent(new Event('input'));\n"
    "out.push('filtered=' + m.querySelectorAll('tbody tr').length + ' ' +\n"
    "  m.querySelector('.pager .shown').textContent);\n"
    "var pre = document.createElement('pre'); pre.id = 'result';\n"
    "pre.textContent = out.join('\\n'); document.body.appendChild(pre);\n";

Test(cli_audit_pages, summary_audit_rows_in_a_browser)
{
    run("", 0);
    char *path = out_path("summary.html");
    char *dom = ts_browser_run(path, NULL, summary_js);
    free(path);
    char *r = result_of(dom);
    expect_in(r, "games=1\n");
    /* The hostile names as text: the DOM shows them escaped, and no
     * script came of them (the page has its three data blocks and its
     * own script, the crosstables' data and script, and the test's). */
    expect_in(r, "white=&lt;script&gt;alert(1)&lt;/script&gt;\n");
    expect_in(r, "black==HYPERLINK(\"x\")\n");
    expect_in(r, "turn=4.\n");
    expect_in(r, "message=the knight on f3 cannot reach g6: that is not a knight move\n");
    expect_in(r, "link=games/1.html#g1-v1\n");
    expect_in(r, "mismatches=2 the log declares 1-0 but the game ended 0-1 by checkmate\n");
    expect_in(r, "entries=none\n");
    expect_in(r, "scripts=6\n");
    expect_in(r, "run= date2023-11-14 22:13:20 UTC versiongcaudit ");
    expect_in(r, "inputsgames.log optionsresults verified; player aliases none; min-games 0; "
                 "CSV plain; viewer illegal (at most 10000 games: --viewer-max) selectionevery game \n");
    expect_in(r, "sorted=Ann\n");
    expect_in(r, "declared=1 1\xE2\x80\x93" "1 of 1\n");
    expect_in(r, "filtered=0 no rows (filtered from 1)");
    free(dom);
}

/* Sorting and filtering on more rows: the sample archives' 17 games with
 * violations. */
static const char sample_js[] =
    "var out = [];\n"
    "var b = document.querySelector('[data-rows=\"games-data\"]');\n"
    "function col(c) { return Array.prototype.map.call(b.querySelectorAll('tbody tr'),\n"
    "  function (tr) { return tr.children[c].textContent; }).join(','); }\n"
    "function th(name) { return Array.prototype.filter.call(b.querySelectorAll('th'),\n"
    "  function (t) { return t.textContent === name; })[0]; }\n"
    "out.push('rows=' + col(0));\n"
    "th('turn').click(); out.push('turn-up=' + col(8));\n"
    "th('turn').click(); out.push('turn-down=' + col(8));\n"
    "out.push('aria=' + th('turn').getAttribute('aria-sort'));\n"
    "var v = b.querySelector('select[data-filter=\"variant\"]');\n"
    "v.value = '=retro'; v.dispatchEvent(new Event('change'));\n"
    "out.push('retro=' + col(0));\n"
    "v.value = ''; v.dispatchEvent(new Event('change'));\n"
    "var c = b.querySelector('select[data-filter=\"code\"]');\n"
    "c.value = '=bad-promotion'; c.dispatchEvent(new Event('change'));\n"
    "out.push('bad-promotion=' + col(0));\n"
    "var p = b.querySelector('input[data-filter=\"player\"]');\n"
    "p.value = 'kowalczyk'; p.dispatchEvent(new Event('input'));\n"
    "out.push('kowalczyk=' + col(0));\n"
    "var pre = document.createElement('pre'); pre.id = 'result';\n"
    "pre.textContent = out.join('\\n'); document.body.appendChild(pre);\n";

Test(cli_audit_pages, sorting_and_filtering_in_a_browser)
{
    char *cmd = ts_fmt("analyze -q %s -o out", SAMPLES);
    cr_assert_eq(ts_gcaudit(ts_scratch, cmd), 1);
    free(cmd);
    char *path = out_path("summary.html");
    char *dom = ts_browser_run(path, NULL, sample_js);
    free(path);
    char *r = result_of(dom);
    expect_in(r, "rows=3,5,8,9,10,11,18,26,29,34,41,52,54,62,63,69,72\n");
    /* Turns sort by number, then White before Black; the malformed
     * game, without a turn, first.  Ties keep the report's order. */
    expect_in(r, "turn-up=,2...,3.,4.,4.,4.,4...,5.,5.,5.,5...,6.,7.,7.,9.,9...,35.\n");
    expect_in(r, "turn-down=35.,9...,9.,7.,7.,6.,5...,5.,5.,5.,4...,4.,4.,4.,3.,2...,\n");
    expect_in(r, "aria=descending\n");
    expect_in(r, "retro=69,72\n");
    expect_in(r, "bad-promotion=41,52,62\n");
    expect_in(r, "kowalczyk=41");
    free(dom);
}

/* The viewer: keys step through the game; the end is the rejected turn,
 * highlighted with its message; the names are text. */
static const char viewer_js[] =
    "var out = [];\n"
    "var v = document.getElementById('viewer');\n"
    "function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', {key: k})); }\n"
    "function at() { return v.getAttribute('data-position'); }\n"
    "function piece(sq) { var p = document.querySelector('g.piece[data-square=\"' + sq + '\"]');\n"
    "  return p ? p.getAttribute('class') + ' ' + p.textContent : 'empty'; }\n"
    "out.push('game=' + v.getAttribute('data-game') + ' at=' + at());\n"
    "out.push('title=' + v.querySelector('h1').textContent);\n"
    "out.push('e2=' + piece('e2') + ' e4=' + piece('e4'));\n"
    "key('ArrowRight');\n"
    "out.push('right=' + at() + ' e2=' + piece('e2') + ' e4=' + piece('e4') +\n"
    "  ' changed=' + document.querySelectorAll('rect.changed').length);\n"
    "out.push('turn=' + document.getElementById('turn').textContent);\n"
    "key('End');\n"
    "out.push('end=' + at() + ' ' + document.getElementById('turn').className +\n"
    "  ' bad-boards=' + document.querySelectorAll('svg.board.bad').length);\n"
    "out.push('said=' + document.getElementById('turn').textContent);\n"
    "out.push('message=' + document.getElementById('messages').textContent);\n"
    "out.push('f3=' + piece('f3') + ' g6=' + piece('g6'));\n"
    "key('ArrowLeft');\n"
    "out.push('left=' + at() + ' bad-boards=' + document.querySelectorAll('svg.board.bad').length);\n"
    "key('Home'); out.push('home=' + at());\n"
    "key('ArrowLeft'); out.push('before-start=' + at());\n"
    "document.querySelector('.tobad').click(); out.push('to-violation=' + at());\n"
    "out.push('moves=' + document.querySelectorAll('#moves li').length + ' bad=' +\n"
    "  document.querySelectorAll('#moves li.bad').length);\n"
    "var pre = document.createElement('pre'); pre.id = 'result';\n"
    "pre.textContent = out.join('\\n'); document.body.appendChild(pre);\n";

Test(cli_audit_pages, viewer_steps_to_the_highlighted_turn)
{
    run("", 0);
    char *path = out_path("games/1.html");
    char *dom = ts_browser_run(path, "g1", viewer_js);
    free(path);
    char *r = result_of(dom);
    expect_in(r, "game=1 at=0\n");
    expect_in(r, "title=&lt;script&gt;alert(1)&lt;/script&gt; \xE2\x80\x93 =HYPERLINK(\"x\")\n");
    expect_in(r, "e2=piece white P e4=empty\n");
    expect_in(r, "right=1 e2=empty e4=piece white P changed=2\n");
    expect_in(r, "turn=1. P e2-e4\n");
    expect_in(r, "end=7 turn bad bad-boards=1\n");
    expect_in(r, "said=4. N f3-g6 (rejected: the board shows the position before it) "
                 "// a knight's leap too far\n");
    expect_in(r, "message=illegal-move: the knight on f3 cannot reach g6: that is not a knight "
                 "move (entered by &lt;script&gt;alert(1)&lt;/script&gt;)\n");
    expect_in(r, "f3=piece white N g6=empty\n");
    expect_in(r, "left=6 bad-boards=0\n");
    expect_in(r, "home=0\n");
    expect_in(r, "before-start=0\n");
    expect_in(r, "to-violation=7\n");
    expect_in(r, "moves=7 bad=1");
    free(dom);
}

/* Backlash's two boards and four pockets, Retro Chess's reserves and
 * phase, drawn from the sample games: what the viewer shows at the end
 * of the game it was opened at. */
#define VARIANTS_SHOWN                                                                          \
    "function shown() {\n"                                                                      \
    "  var out = [];\n"                                                                         \
    "  document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'}));\n"                   \
    "  out.push('boards=' + document.querySelectorAll('svg.board').length + ' ' +\n"           \
    "    Array.prototype.map.call(document.querySelectorAll('.bname'), function (b) {\n"       \
    "      return b.textContent; }).join(','));\n"                                             \
    "  out.push('holdings=' + Array.prototype.map.call(document.querySelectorAll('.holding'),\n" \
    "    function (h) { return h.textContent; }).join(' / '));\n"                              \
    "  out.push('status=' + document.getElementById('status').textContent);\n"                 \
    "  out.push('message=' + document.getElementById('messages').textContent);\n"              \
    "  return out.join('\\n');\n"                                                               \
    "}\n"                                                                                       \
    "var pre = document.createElement('pre'); pre.id = 'result';\n"

static const char variants_js[] = VARIANTS_SHOWN
    "pre.textContent = shown(); document.body.appendChild(pre);\n";

/* The same at the game it was opened at, then at #g72 (one load of
 * chromium for both: the hash changes in the page), the two apart by a
 * line "--". */
static const char variants_then_g72_js[] = VARIANTS_SHOWN
    "var first = shown();\n"
    "location.hash = 'g72'; window.dispatchEvent(new HashChangeEvent('hashchange'));\n"
    "pre.textContent = first + '\\n--\\n' + shown(); document.body.appendChild(pre);\n";

Test(cli_audit_pages, viewer_draws_backlash_and_retro)
{
    char *cmd = ts_fmt("analyze -q %s -o out", SAMPLES);
    cr_assert_eq(ts_gcaudit(ts_scratch, cmd), 1);
    free(cmd);
    char *path = out_path("games/1.html");
    /* games.csv row 3: bl24-r2-navarro-lindqvist, illegal castling with a
     * dropped rook; then row 72 in the same page. */
    char *dom = ts_browser_run(path, "g3", variants_then_g72_js);
    free(path);
    char *r = result_of(dom);
    char *g72 = strstr(r, "\n--\n");
    cr_assert_not_null(g72, "the page did not go on to #g72: %s", r);
    *g72 = '\0';
    g72 += 4;
    expect_in(r, "boards=2 left board,right board\n");
    expect_in(r, "holdings=p8 (Black's pocket, left board): empty / p1 (White's pocket, left "
                 "board): empty / P8 (Black's pocket, right board): empty / P1 (White's pocket, "
                 "right board): B\n");
    expect_in(r, "status=White to move: left board, then right board\n");
    expect_in(r, "message=illegal-move: the king on e1 cannot reach g1: the rook on h1 has "
                 "already moved, so it cannot castle (entered by Lucía Navarro)");
    /* Row 72: retro24-r4-lin-solberg, an uncapture from an empty reserve. */
    r = g72;
    expect_in(r, "boards=1 \n");
    expect_in(r, "holdings=White's reserve: R \xC3\x97" "2B \xC3\x97" "2N \xC3\x97" "2P \xC3\x97"
                 "7 / Black's reserve: QR \xC3\x97" "2B \xC3\x97" "2N \xC3\x97" "2P \xC3\x97" "8\n");
    expect_in(r, "status=Phase I; points 0-0; Black to move\n");
    expect_in(r, "message=reserve-empty: White has no queen left in reserve (entered by Ingrid "
                 "Solberg)");
    free(dom);
}

/* Defined variants: a Xiangqi repetition left for review (declared 0-1,
 * which stands) and a Shogi game whose illegal drop the viewer shows with
 * both hands. */
static const char review_log[] =
    "Game: Xiangqi\nWhite: Wu\nBlack: Xu\nResult: 0-1\n\n"
    "1. R a1-a2 1... r a10-a9\n2. R a2-a1 2... r a9-a10\n"
    "3. R a1-a2 3... r a10-a9\n4. R a2-a1 4... r a9-a10\n\n"
    "Game: Shogi\nWhite: Sato\nBlack: Ito\n\n"
    "1. P c3-c4 1... p g7-g6\n2. B b2-h8; +B-h8 2... s g9-h8\n3. P*e5\n";

static const char review_js[] =
    "var out = [];\n"
    "function box(id) { return document.querySelector('[data-rows=\"' + id + '\"]'); }\n"
    "function col(id, c) { return Array.prototype.map.call(box(id).querySelectorAll('tbody tr'),\n"
    "  function (tr) { return tr.children[c].textContent; }).join('|'); }\n"
    "out.push('heading=' + document.getElementById('audit-reviews').textContent);\n"
    "out.push('review=' + [4, 5, 6, 7, 8, 9].map(function (c) { return col('reviews-data', c); }).join(' '));\n"
    "out.push('link=' + box('reviews-data').querySelector('tbody a').getAttribute('href'));\n"
    "var pre = document.createElement('pre'); pre.id = 'result';\n"
    "pre.textContent = out.join('\\n'); document.body.appendChild(pre);\n";

Test(cli_audit_pages, games_left_for_review_and_hands)
{
    put("review.log", review_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q review.log -o out"), 0);
    char *path = out_path("summary.html");
    char *dom = ts_browser_run(path, NULL, review_js);
    free(path);
    char *r = result_of(dom);
    expect_in(r, "heading=Games left for review (1)\n");
    /* The declared winner stands, with its termination, as when Retro
     * Chess ends on points. */
    expect_in(r, "review=xiangqi-gc Wu Xu 0-1 declared chasing\n");
    expect_in(r, "link=games/1.html#g1");
    free(dom);
    /* Both games have a page under the default --viewer illegal: the
     * review, and the illegal drop, shown with the hands. */
    path = out_path("games/1.html");
    dom = ts_browser_run(path, "g2", variants_js);
    free(path);
    r = result_of(dom);
    /* Each took the other's bishop; the viewer lists the hands from the
     * top of the board, and colours the labels. */
    expect_in(r, "holdings=Black's hand: B / White's hand: B\n");
    expect_in(r, "status=White to move\n");
    expect_in(r, "message=bad-drop: White has no pawn in hand (entered by Sato)");
    free(dom);
}

/* ---------------------------------------------------- without a browser */

static size_t occurrences(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

Test(cli_audit_pages, pages_are_valid_and_escape_every_name)
{
    run("", 0);
    char *cmd = ts_fmt("xmllint --noout '%s/out/summary.html' '%s/out/games/1.html' "
                       "2>'%s/xmllint.txt'", ts_scratch, ts_scratch, ts_scratch);
    int rc = ts_run(cmd);
    free(cmd);
    char *msg = ts_slurp(ts_scratch, "xmllint.txt");
    cr_expect_eq(rc, 0, "xmllint: %s", msg);
    free(msg);
    for (int i = 0; i < 2; i++) {
        char *html = out_file(i ? "games/1.html" : "summary.html");
        /* In the JSON the page carries, markup characters are \u escapes. */
        cr_expect(strstr(html, "<script>alert") == NULL, "a raw name in %d", i);
        cr_expect(strstr(html, "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e") != NULL);
        cr_expect(strstr(html, "=HYPERLINK(\\\"x\\\")") != NULL, "the name as written");
        cr_expect(strstr(html, "'=HYPERLINK") == NULL, "the CSV's apostrophe taken off");
        cr_expect(strstr(html, "src=") == NULL && strstr(html, "@import") == NULL &&
                  strstr(html, "url(") == NULL, "nothing is fetched");
        free(html);
    }
}

Test(cli_audit_pages, viewer_modes)
{
    run("--viewer none", 0);
    cr_expect(!exists("games"), "--viewer none writes no pages");
    char *html = out_file("summary.html");
    cr_expect(strstr(html, "games/1.html") == NULL);
    cr_expect(strstr(html, "viewer none") != NULL);
    free(html);
    run("--viewer all", 0);
    html = out_file("games/1.html");
    cr_expect_eq(occurrences(html, "{\"id\":"), 3, "every replayed game");
    free(html);
    cr_expect(!exists("gcaudit-viewer.txt"), "the records are removed after use");
    run("", 0);
    html = out_file("games/1.html");
    cr_expect_eq(occurrences(html, "{\"id\":"), 2, "the games with violations");
    free(html);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q games.log -o out --viewer some"), 2);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: --viewer is 'illegal', 'all' or 'none', not 'some'\n");
    free(err);
}

/* The page and the first viewer page of out/ and of the merged m/ are
 * the same bytes. */
static void expect_merged_pages_same(void)
{
    const char *names[] = {"summary.html", "games/1.html"};
    for (int i = 0; i < 2; i++) {
        char *a = out_file(names[i]);
        char *p = ts_fmt("%s/m/%s", ts_scratch, names[i]);
        char *b = ts_read_file(p, NULL);
        cr_assert_not_null(b, "%s", p);
        cr_expect_str_eq(a, b, "%s differs after merge", names[i]);
        free(a), free(b), free(p);
    }
}

/* Issue 29, item 6: a million tiny illegal games wrote 1.4 GB of pages.
 * At most --viewer-max games get a page (10,000 by default), the first
 * in games.csv's order, and the others are listed without a view link,
 * said on stderr and on the page; a copy of a game gets no page of its
 * own, its row of the copies table links to the page of the game it
 * copies. */
static const char capped_log[] =
    "Game: Chess\nWhite: A\nBlack: B\n\n1. P e2-e5\n\n"
    "Game: Chess\nWhite: C\nBlack: D\n\n1. P d2-d5\n\n"
    "Game: Chess\nWhite: E\nBlack: F\n\n1. P c2-c5\n\n"
    "Game: Chess\nWhite: A\nBlack: B\n\n1. P e2-e5\n\n"
    "Game: Chess\nWhite: E\nBlack: F\n\n1. P c2-c5\n";

Test(cli_audit_pages, viewer_pages_are_capped_and_copies_link_to_the_first)
{
    put("capped.log", capped_log);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q capped.log -o out --viewer-max 2"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: 1 game got no viewer page: the viewer shows at most "
                          "2 games (--viewer-max N raises it; 0: no limit); summary.html lists "
                          "them without a link\n");
    free(err);
    char *viewer = out_file("games/1.html");
    cr_expect_eq(occurrences(viewer, "{\"id\":"), 2, "two pages");
    cr_expect(strstr(viewer, "{\"id\":1,") && strstr(viewer, "{\"id\":2,"), "rows 1 and 2");
    free(viewer);
    cr_expect(!exists("games/2.html"));
    char *html = out_file("summary.html");
    expect_in(html, "; viewer illegal (at most 2 games: --viewer-max)</td>");
    expect_in(html, "<p class=\"warn\" id=\"viewer-max\">1 game without a viewer page (no link "
                    "in the tables): the viewer shows at most 2 games, the first in games.csv's "
                    "order (--viewer-max N raises it; 0: no limit). games.csv and violations.csv "
                    "have every game.</p>");
    /* Rows 1 and 2 link to their pages, row 3 to none; the copies of rows
     * 1 and 3: the first links to row 1's page, the second to none. */
    expect_in(html, "\n[2,\"capped.log\",\"\",2,\"chess\",\"C\",\"D\",\"illegal\",2,\"C\","
                    "\"illegal-move\",\"the pawn on d2 cannot reach d5: that is not a pawn move\","
                    "0,\"games/1.html#g2-v1\"]");
    expect_in(html, "\n[3,\"capped.log\",\"\",3,\"chess\",\"E\",\"F\",\"illegal\",2,\"E\","
                    "\"illegal-move\",\"the pawn on c2 cannot reach c5: that is not a pawn move\","
                    "0,\"\"]");
    expect_in(html, "\"copy of\"");
    expect_in(html, "\"capped.log, game 1\",\"games/1.html#g1\"]");
    expect_in(html, "\"capped.log, game 3\",\"\"]");
    free(html);
    /* Without a cap, every game a page; the copies none of their own. */
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q capped.log -o out --viewer-max 0"), 0);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "");
    free(err);
    viewer = out_file("games/1.html");
    cr_expect_eq(occurrences(viewer, "{\"id\":"), 3);
    free(viewer);
    html = out_file("summary.html");
    cr_expect(strstr(html, "id=\"viewer-max\"") == NULL);
    expect_in(html, "\"capped.log, game 3\",\"games/1.html#g3\"]");
    expect_in(html, "; viewer illegal (no limit: --viewer-max 0)</td>");
    free(html);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q capped.log -o out --viewer-max x"), 2);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: --viewer-max wants a number of games (0 for no "
                          "limit), not 'x'\n");
    free(err);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q capped.log -o s --shard 1/2 --viewer-max 2"), 2);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: a shard writes no viewer pages: give --viewer-max "
                          "to 'gcaudit merge'\n");
    free(err);
}

/* merge gives the same capped pages as one run. */
Test(cli_audit_pages, merge_caps_the_viewer_pages_too)
{
    put("capped.log", capped_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q capped.log -o out --viewer-max 2"), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q capped.log -o s1 --shard 1/2"), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q capped.log -o s2 --shard 2/2"), 0);
    cr_expect_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o m --viewer-max 2"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect(strstr(err, "gcaudit: warning: 1 game got no viewer page"), "%s", err);
    free(err);
    expect_merged_pages_same();
}

/* A run in shards and merged gives the same page and viewer pages. */
Test(cli_audit_pages, merge_writes_the_same_pages)
{
    run("--viewer all", 0);
    char *path = ts_fmt("%s/games.log", ts_scratch);
    for (int k = 1; k <= 2; k++) {
        char *cmd = ts_fmt("analyze -q games.log -o s%d --viewer all --shard %d/2", k, k);
        cr_assert_eq(ts_gcaudit(ts_scratch, cmd), 0);
        free(cmd);
    }
    free(path);
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s2 s1 -o m"), 0);
    expect_merged_pages_same();
}

/* ---------------------------------------------------------- workbook */

static char *zip_member(const char *zip, const char *name)
{
    char *path = ts_fmt("%s/%s", ts_scratch, zip);
    char *text = ts_zip_member(path, name);
    free(path);
    return text;
}

Test(cli_audit_pages, workbook_sheets_formats_and_names)
{
    run("--xlsx book.xlsx", 0);
    char *wb = zip_member("book.xlsx", "xl/workbook.xml");
    cr_assert_not_null(wb);
    const char *sheets[] = {"variants", "terminations", "players", "headtohead", "standings",
                            "rating_lists", "games", "violations", "info"};
    const char *at = wb;
    for (int i = 0; i < 9; i++) {
        char *want = ts_fmt("<sheet name=\"%s\"", sheets[i]);
        const char *p = strstr(at, want);
        cr_expect_not_null(p, "%s in order", want);
        at = p ? p : at;
        free(want);
        char *name = ts_fmt("xl/worksheets/sheet%d.xml", i + 1);
        char *x = zip_member("book.xlsx", name);
        cr_assert_not_null(x, "%s", name);
        cr_expect(strstr(x, "<autoFilter ref=\"A1:") != NULL, "%s: autofilter", sheets[i]);
        cr_expect(strstr(x, "state=\"frozen\"") != NULL, "%s: frozen header", sheets[i]);
        cr_expect(strstr(x, "<f>") == NULL, "%s: no formula anywhere", sheets[i]);
        free(x);
        free(name);
    }
    free(wb);
    char *styles = zip_member("book.xlsx", "xl/styles.xml");
    cr_expect(strstr(styles, "formatCode=\"0.0%\"") != NULL);
    cr_expect(strstr(styles, "formatCode=\"yyyy-mm-dd\"") != NULL);
    free(styles);
    /* games: names as text cells (inline strings: constant-memory mode),
     * the CSV's defusing apostrophe taken off; game 1 started 2024-05-01, a date (serial 45413) in the date
     * format; game 2 ended 2024-05-02 18:30, a date and time. */
    char *g = zip_member("book.xlsx", "xl/worksheets/sheet7.xml");
    cr_expect(strstr(g, "<c r=\"J2\" s=\"") != NULL && strstr(g, "<v>45413</v>") != NULL,
              "a date: %.3000s", g);
    cr_expect(strstr(g, "<v>45414.77083333") != NULL, "a date and time");
    /* game_index, turns: numbers. */
    cr_expect(strstr(g, "<c r=\"C2\"><v>1</v></c>") != NULL || strstr(g, "<c r=\"C2\" s=") ||
              strstr(g, "<c r=\"C2\"><v>1</v>") != NULL);
    cr_expect(strstr(g, "<c r=\"L2\"><v>6</v></c>") != NULL, "turns as a number");
    cr_expect(strstr(g, "<c r=\"H2\" t=\"inlineStr\"><is><t>&lt;script&gt;alert(1)&lt;/script&gt;"
                        "</t></is></c>") != NULL, "%.3000s", g);
    cr_expect(strstr(g, "<c r=\"I2\" t=\"inlineStr\"><is><t>=HYPERLINK(\"x\")</t></is></c>") != NULL ||
              strstr(g, "<c r=\"I2\" t=\"inlineStr\"><is><t>=HYPERLINK(&quot;x&quot;)</t></is></c>") !=
                  NULL);
    free(g);
    /* variants: white_win_rate (H) in the percent format. */
    char *v = zip_member("book.xlsx", "xl/worksheets/sheet1.xml");
    cr_expect(strstr(v, "<c r=\"H2\" s=\"") != NULL, "a rate carries a format: %.2000s", v);
    free(v);
    char *info = zip_member("book.xlsx", "xl/worksheets/sheet9.xml");
    cr_expect(strstr(info, "<v>45244.92592592") != NULL, "the run's date as a date: %s", info);
    free(info);
}

/* A game longer than the viewer keeps (1,000 positions): 1,200 Retro
 * Chess turns of kings stepping to and fro (Retro Chess has no
 * repetition or move-count ending), then a turn on the wrong side.  The
 * viewer starts after the first 201 turns and ends at the rejected one. */
static const char long_js[] =
    "var out = [];\n"
    "var v = document.getElementById('viewer');\n"
    "out.push('start=' + document.getElementById('turn').textContent);\n"
    "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'}));\n"
    "out.push('end=' + v.getAttribute('data-position') + ' ' +\n"
    "  document.getElementById('turn').className);\n"
    "out.push('moves=' + document.querySelectorAll('#moves li').length);\n"
    "var pre = document.createElement('pre'); pre.id = 'result';\n"
    "pre.textContent = out.join('\\n'); document.body.appendChild(pre);\n";

Test(cli_audit_pages, a_long_game_is_kept_from_its_end)
{
    size_t cap = 64 * 1024, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text + len, cap - len,
                            "Game: Retro Chess\nWhite: Long W\nBlack: Long B\n\n1... k e3-d3\n");
    const char *bk[] = {"e3", "d3"}, *wk[] = {"e6", "d6"};
    int b = 1, w = 0;
    for (int ply = 1, num = 2; ply < 1200; num++) {
        len += (size_t)snprintf(text + len, cap - len, "%d. K %s-%s\n", num, wk[w], wk[!w]);
        w = !w;
        if (++ply == 1200)
            break;
        len += (size_t)snprintf(text + len, cap - len, "%d... k %s-%s\n", num, bk[b], bk[!b]);
        b = !b;
        ply++;
    }
    len += (size_t)snprintf(text + len, cap - len, "601. K e6-g6\n");
    char *path = ts_fmt("%s/long.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, text, len), 0);
    free(path);
    free(text);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q long.log -o out"), 0);
    char *csv = out_file("games.csv");
    cr_expect(strstr(csv, ",1200,*,*,illegal,") != NULL, "%s", csv);
    free(csv);
    char *page = out_path("games/1.html");
    char *dom = ts_browser_run(page, "g1", long_js);
    free(page);
    char *r = result_of(dom);
    expect_in(r, "start=Position after the first 201 turns (earlier turns are not kept)\n");
    expect_in(r, "end=1000 turn bad\n");
    expect_in(r, "moves=1000");
    free(dom);
}

/* ------------------------------------------- from a row to the move */

/* Where the viewer stands, at the address it was opened with, then at
 * #g19 (one load of chromium for both: the hash changes in the page). */
static const char at_js[] =
    "var v = document.getElementById('viewer');\n"
    "function at() { return 'game=' + v.getAttribute('data-game') + ' at=' +\n"
    "  v.getAttribute('data-position') + ' turn=' + document.getElementById('turn').textContent;\n"
    "}\n"
    "var first = at();\n"
    "location.hash = 'g19'; window.dispatchEvent(new HashChangeEvent('hashchange'));\n"
    "var pre = document.createElement('pre'); pre.id = 'result';\n"
    "pre.textContent = first + '\\n' + at();\n"
    "document.body.appendChild(pre);\n";

/* The view link of a violation opens the viewer at that violation's
 * position, not at the start; both pages carry a viewport for phones.
 * Screenshots at 1280 and 390 pixels go to the build's test-output/
 * folder, to be looked at (issue 26). */
Test(cli_audit_pages, a_violation_link_opens_the_viewer_at_it, .timeout = 600)
{
    char *cmd = ts_fmt("analyze -q '%s/sample-data/chess-open-2024.tar.gz' -o out", GC_SOURCE_DIR);
    cr_assert_eq(ts_gcaudit(ts_scratch, cmd), 1);
    free(cmd);
    char *page = out_file("summary.html"), *viewer = out_file("games/1.html");
    static const char viewport[] =
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>";
    cr_expect(strstr(page, viewport), "summary.html has no viewport");
    cr_expect(strstr(viewer, viewport), "the viewer has no viewport");
    /* Games.csv row 19, Quill-Chen: its first violation, at turn 4... */
    cr_expect(strstr(page, "\"games/1.html#g19-v1\""), "the games table's link");
    cr_expect(strstr(page, "\"games/1.html#g8-v1\""), "row 8's link");
    free(page);
    free(viewer);
    char *path = out_path("games/1.html");
    char *dom = ts_browser_run(path, "g19-v1", at_js);
    char *r = result_of(dom);
    expect_in(r, "game=19 at=8 turn=4... n c6-d4 (rejected");
    expect_in(r, "\ngame=19 at=0 turn=Starting position");
    free(dom);

    char *shots = ts_fmt("%s/test-output", GC_BUILD_DIR);
    mkdir(shots, 0777);
    char *summary = out_path("summary.html");
    static const int widths[] = {1280, 390};
    for (size_t i = 0; i < 2; i++) {
        char *a = ts_fmt("%s/summary-%d.png", shots, widths[i]);
        char *b = ts_fmt("%s/viewer-%d.png", shots, widths[i]);
        ts_browser_screenshot(summary, NULL, widths[i], 1400, a);
        ts_browser_screenshot(path, "g19-v1", widths[i], 1400, b);
        free(a);
        free(b);
    }
    free(summary);
    free(shots);
    free(path);
}
