/*
 * End to end on sample-data/backlash-2024.tar.gz: king captures on both
 * boards by both colours, a game whose pieces go round the demotion chain,
 * castling, en passant and a promotion by a dropped pawn, a resignation and
 * an agreed draw, and the violations Game Courier's preset lets through
 * (castling with a dropped rook, a late en passant, a pawn dropped on the
 * last rank, two moves on one board, a move after the king fell), as
 * sample-data/EXPECTED.md lists.  `gcaudit replay` shows both boards.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/reports.h"
#include "tests/support/support.h"

static struct ts_reports R;

static void setup(void) { ts_reports_analyze_sample(&R, "backlash-2024.tar.gz"); }
static void teardown(void) { ts_reports_free(&R); }

TestSuite(sample_backlash, .init = setup, .fini = teardown);

struct expected_game {
    const char *log_id, *status, *turns, *declared, *result, *termination, *detail, *winner,
        *first_code, *first_turn;
};

/* sample-data/EXPECTED.md, in report order. */
static const struct expected_game expected[] = {
    {"bl24-r1-aoyama-navarro", "ok", "6", "0-1", "0-1", "king-captured", "board=right",
     "Lucía Navarro", "", ""},
    {"bl24-r1-lindqvist-webb", "ok", "5", "1-0", "1-0", "king-captured", "board=right",
     "Astrid Lindqvist", "", ""},
    /* An illegal game names no winner (its result is only declared), but
     * one the rules ended before the illegal turn keeps the rules' own. */
    {"bl24-r2-navarro-lindqvist", "illegal", "12", "1-0", "1-0", "illegal", "", "",
     "illegal-move", "7"},
    {"bl24-r2-webb-aoyama", "ok", "31", "1-0", "1-0", "king-captured", "board=left",
     "Marcus Webb", "", ""},
    {"bl24-r3-lindqvist-aoyama", "illegal", "7", "1-0", "1-0", "king-captured", "board=left",
     "Astrid Lindqvist", "after-end", "4"},
    {"bl24-r3-webb-navarro", "ok", "19", "1-0", "1-0", "resignation", "", "Marcus Webb", "", ""},
    {"bl24-r4-aoyama-webb", "ok", "12", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"bl24-r4-navarro-lindqvist", "illegal", "6", "1-0", "1-0", "illegal", "", "",
     "illegal-move", "4"},
    {"bl24-r4-lindqvist-navarro", "illegal", "4", "*", "*", "illegal", "", "", "bad-drop", "3"},
    {"bl24-r4-webb-aoyama", "illegal", "3", "*", "*", "illegal", "", "", "bad-turn", "2"},
};

Test(sample_backlash, exit_status_and_entries)
{
    cr_expect_eq(R.exit_status, 0);
    cr_assert_eq(R.inputs.nrows - 1, 8u);
    cr_expect_str_eq(ts_csv_get(&R.inputs, 1, "entry"), "backlash-2024/README.txt");
    cr_expect_str_eq(ts_csv_get(&R.inputs, 1, "status"), "skipped");
    for (size_t i = 2; i < R.inputs.nrows; i++)
        cr_expect_str_eq(ts_csv_get(&R.inputs, i, "status"), "ok", "row %zu", i);
    cr_expect_str_eq(ts_csv_get(&R.inputs, 8, "entry"), "backlash-2024/bl24-round-4.log");
    cr_expect_str_eq(ts_csv_get(&R.inputs, 8, "games"), "4");
}

Test(sample_backlash, every_game_ends_as_known)
{
    size_t n = sizeof expected / sizeof expected[0];
    cr_assert_eq(R.games.nrows - 1, n);
    for (size_t i = 0; i < n; i++) {
        const struct expected_game *e = &expected[i];
        const char *cols[] = {"log_id", "variant", "status", "turns", "declared_result", "result",
                              "termination", "detail", "winner", "first_violation_code",
                              "first_violation_turn"};
        const char *want[] = {e->log_id, "backlash", e->status, e->turns, e->declared, e->result,
                              e->termination, e->detail, e->winner, e->first_code, e->first_turn};
        for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
            cr_expect_str_eq(ts_csv_get(&R.games, i + 1, cols[c]), want[c], "%s: %s", e->log_id,
                             cols[c]);
    }
}

Test(sample_backlash, violations_name_the_offence)
{
    static const char *const messages[][3] = {
        {"bl24-r2-navarro-lindqvist", "illegal-move",
         "the king on e1 cannot reach g1: the rook on h1 has already moved, so it cannot castle"},
        {"bl24-r3-lindqvist-aoyama", "after-end",
         "the game had already ended: White captured the black king on the left board"},
        {"bl24-r4-navarro-lindqvist", "illegal-move",
         "the pawn on E5 cannot reach D6: there is nothing to capture on D6"},
        {"bl24-r4-lindqvist-navarro", "bad-drop", "a pawn cannot be dropped on rank 8"},
        {"bl24-r4-webb-aoyama", "bad-turn", "the turn has 2 moves on the left board, not one"},
    };
    size_t n = sizeof messages / sizeof messages[0];
    cr_assert_eq(R.violations.nrows - 1, n);
    for (size_t i = 0; i < n; i++) {
        cr_expect_str_eq(ts_csv_get(&R.violations, i + 1, "log_id"), messages[i][0]);
        cr_expect_str_eq(ts_csv_get(&R.violations, i + 1, "code"), messages[i][1]);
        cr_expect_str_eq(ts_csv_get(&R.violations, i + 1, "message"), messages[i][2]);
    }
    cr_expect_str_eq(ts_csv_get(&R.violations, 2, "text"), "Q h5-e8; P B2-B3");
}

/* The demotion-chain game through `gcaudit replay`, addressed as -v
 * names it: both boards side by side, the pockets, the end. */
Test(sample_backlash, replay_shows_both_boards_and_pockets)
{
    char *out = ts_fmt("%s/replay.txt", R.dir);
    char *cmd = ts_fmt("'%s' replay '%s/sample-data/backlash-2024.tar.gz!backlash-2024/"
                       "bl24-r2-webb-aoyama.log' > '%s'",
                       GC_BINARY, GC_SOURCE_DIR, out);
    cr_expect_eq(ts_run(cmd), 0);
    char *text = ts_read_file(out, NULL);
    cr_assert_not_null(text);
    cr_expect(strstr(text, "   a  b  c  d  e  f  g  h        A  B  C  D  E  F  G  H\n"));
    /* after 3... p G6-H5 the white queen is a rook in p1 */
    cr_expect(strstr(text, "3... p G6-H5; n g8-f6  // the queen comes back as a rook in p1\n"
                           "   p8 .                       P8 .\n"));
    cr_expect(strstr(text, "   p1 R                       P1 .\n"));
    cr_expect(strstr(text, "game over: White captured the black king on the left board\n"));
    cr_expect(strstr(text, "status ok, 31 turns, result 1-0 (king-captured, board=left)\n"));
    free(text);
    free(cmd);
    free(out);
}

/* The text of report file name (under the run's directory), asserted
 * present. */
static char *report(const char *name)
{
    char *path = ts_fmt("%s/%s", R.dir, name);
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "%s", path);
    free(path);
    return text;
}

/* Issue 26: Lucía Navarro's two declared wins stopped at her own illegal
 * move.  By default (--illegal-games forfeit) she loses both, and Astrid
 * Lindqvist leads with 4: r1 beat Webb, the two forfeits, and the r3 king
 * capture the rules ended before her after-end move (a game under review
 * whose result stands); the r4 games declaring no result score nobody.
 * standings.csv marks her 3 points from games under review. */
Test(sample_backlash, standings_forfeit_the_rule_breakers_wins)
{
    char *text = report("standings.csv");
    cr_expect_str_eq(text, "event,format,rank,player,points,games,wins,draws,losses,"
                           "direct_encounter,sonneborn_berger,buchholz,buchholz_cut1,"
                           "games_not_scored,points_under_review\n"
                           "Backlash Thematic 2024,swiss,1,Astrid Lindqvist,4,4,4,0,0,,,5,4.5,1,3\n"
                           "Backlash Thematic 2024,swiss,2,Marcus Webb,2.5,4,2,1,1,,,6,5.5,1,0\n"
                           "Backlash Thematic 2024,swiss,3,Lucía Navarro,1,4,1,0,3,,,11,10.5,1,0\n"
                           "Backlash Thematic 2024,swiss,4,Yuki Aoyama,0.5,4,0,1,3,,,10,9,1,0\n");
    free(text);
}

/* The page says, under the event's title, that the places depend on the
 * games under review, and who would be first under the other policies. */
Test(sample_backlash, summary_says_who_would_be_first_otherwise)
{
    char *html = report("summary.html");
    cr_expect(strstr(html, "<span class=\"xt-review\"><span class=\"rv\">\xE2\x80\xA0</span> "
                           "3 games under review (illegal, with a result) are scored by forfeit (the "
                           "player whose illegal move stopped a game loses it). With them scored "
                           "as declared, Lucía Navarro would be first; with them left out, Marcus "
                           "Webb would be first.</span></summary>"),
              "no note on the games under review");
    free(html);
}

/* Under --illegal-games result (Game Courier's declared results), Lucía
 * Navarro is first with 3, 2 of them under review, and the page says that
 * with those games forfeited Astrid Lindqvist would be first. */
Test(sample_backlash, declared_results_are_marked_under_review)
{
    char *cmd = ts_fmt("'%s' analyze -q --illegal-games result "
                       "'%s/sample-data/backlash-2024.tar.gz' -o '%s/result'",
                       GC_BINARY, GC_SOURCE_DIR, R.dir);
    cr_assert_eq(ts_run(cmd), 0);
    char *text = report("result/standings.csv");
    cr_expect(strstr(text,
                     "\nBacklash Thematic 2024,swiss,1,Lucía Navarro,3,4,3,0,1,,,7,6.5,1,2\n"),
              "%s", text);
    char *html = report("result/summary.html");
    cr_expect(strstr(html, "3 games under review (illegal, with a result) are scored as declared. "
                           "With them forfeited, Astrid Lindqvist would be first; with them left "
                           "out, Marcus Webb would be first.</span></summary>"),
              "no note on the games under review");
    free(html), free(text), free(cmd);
}
