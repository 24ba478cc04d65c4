/*
 * End to end on sample-data/chess-open-2024.tar.gz: the figures the reports
 * must show for the sample tournament, as sample-data/EXPECTED.md lists
 * them (each game was checked by hand when the sample was made).
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/reports.h"
#include "tests/support/support.h"

static struct ts_reports R;

static void setup(void) { ts_reports_analyze_sample(&R, "chess-open-2024.tar.gz"); }
static void teardown(void) { ts_reports_free(&R); }

TestSuite(sample, .init = setup, .fini = teardown);

Test(sample, exit_status_says_an_entry_failed)
{
    cr_expect_eq(R.exit_status, 1);
}

Test(sample, every_entry_is_accounted_for)
{
    cr_assert_eq(R.inputs.nrows - 1, 33);
    cr_expect_eq(ts_csv_count(&R.inputs, "status", "ok"), 31);
    cr_expect_eq(ts_csv_count(&R.inputs, "status", "skipped"), 1);
    cr_expect_eq(ts_csv_count(&R.inputs, "status", "failed"), 1);
    for (size_t r = 1; r < R.inputs.nrows; r++) {
        const char *entry = ts_csv_get(&R.inputs, r, "entry");
        const char *status = ts_csv_get(&R.inputs, r, "status");
        if (strstr(entry, "README.txt"))
            cr_expect_str_eq(status, "skipped");
        if (strstr(entry, ".log.gz")) {
            cr_expect_str_eq(status, "failed");
            cr_expect(strstr(ts_csv_get(&R.inputs, r, "message"), "truncated") != NULL);
        }
        if (strstr(entry, "round-7/open24-round-7.log"))
            cr_expect_str_eq(ts_csv_get(&R.inputs, r, "games"), "5");
    }
}

struct expected_game {
    const char *log_id, *status, *turns, *result, *termination, *detail, *first_code,
        *first_turn;
};

/* sample-data/EXPECTED.md, in report order. */
static const struct expected_game expected[] = {
    {"open24-r1-iyer-halvorsen", "illegal", "17", "1/2-1/2", "illegal", "", "wrong-side", "9"},
    {"open24-r1-kowalczyk-fernandez", "ok", "14", "0-1", "checkmate", "", "", ""},
    {"open24-r1-mensah-chen", "ok", "48", "1/2-1/2", "fivefold-repetition", "", "", ""},
    {"open24-r1-quill-tanaka", "ok", "33", "1-0", "checkmate", "", "", ""},
    {"open24-r1-volkov-oconnell", "ok", "42", "1/2-1/2", "agreement", "", "", ""},
    {"open24-r2-iyer-chen", "ok", "44", "0-1", "timeout", "", "", ""},
    {"open24-r2-kowalczyk-halvorsen", "ok", "20", "0-1", "checkmate", "", "", ""},
    {"open24-r2-mensah-oconnell", "illegal", "8", "1-0", "illegal", "", "illegal-move", "5"},
    {"open24-r2-quill-fernandez", "ok", "37", "1-0", "resignation", "", "", ""},
    {"open24-r2-tanaka-volkov", "ok", "45", "1-0", "checkmate", "", "", ""},
    {"open24-r3-fernandez-tanaka", "ok", "7", "1-0", "checkmate", "", "", ""},
    {"open24-r3-iyer-oconnell", "ok", "11", "1-0", "checkmate", "", "", ""},
    {"open24-r3-kowalczyk-chen", "ok", "4", "0-1", "checkmate", "", "result-mismatch", ""},
    {"open24-r3-mensah-volkov", "ok", "50", "0-1", "resignation", "", "", ""},
    {"open24-r3-quill-halvorsen", "ok", "19", "1/2-1/2", "stalemate", "", "", ""},
    {"open24-r4-fernandez-halvorsen", "malformed", "", "1/2-1/2", "", "", "syntax", ""},
    {"open24-r4-iyer-volkov", "ok", "12", "1/2-1/2", "agreement", "claimable=threefold", "", ""},
    {"open24-r4-kowalczyk-oconnell", "ok", "82", "0-1", "checkmate", "", "", ""},
    {"open24-r4-quill-chen", "illegal", "7", "1-0", "illegal", "", "king-in-check", "4"},
    {"open24-r4-tanaka-mensah", "ok", "35", "1-0", "checkmate", "", "", ""},
    {"open24-r5-fernandez-chen", "ok", "87", "1-0", "resignation", "", "", ""},
    {"open24-r5-halvorsen-tanaka", "ok", "47", "1-0", "checkmate", "", "", ""},
    {"open24-r5-iyer-mensah", "ok", "13", "1-0", "checkmate", "", "", ""},
    {"open24-r5-kowalczyk-volkov", "illegal", "12", "0-1", "illegal", "", "illegal-move", "7"},
    {"open24-r5-quill-oconnell", "ok", "18", "0-1", "resignation", "", "", ""},
    {"open24-r6-halvorsen-chen", "ok", "46", "0-1", "resignation", "", "", ""},
    {"open24-r6-kowalczyk-mensah", "ok", "16", "0-1", "checkmate", "", "", ""},
    {"open24-r6-quill-volkov", "ok", "46", "0-1", "timeout", "", "", ""},
    {"open24-r6-tanaka-iyer", "ok", "21", "1-0", "checkmate", "", "", ""},
    {"open24-r7-chen-tanaka", "ok", "81", "1-0", "resignation", "", "", ""},
    {"open24-r7-kowalczyk-iyer", "illegal", "68", "1-0", "illegal", "", "bad-promotion", "35"},
    {"open24-r7-halvorsen-oconnell", "ok", "9", "1-0", "resignation", "", "", ""},
    {"open24-r7-quill-mensah", "ok", "38", "*", "unfinished", "", "", ""},
    {"open24-r7-fernandez-volkov", "ok", "32", "*", "unfinished", "", "", ""},
    {"open24-side-tanaka-chen-shogi", "ok", "17", "1-0", "resignation", "", "", ""},
};

#define NEXPECTED (sizeof expected / sizeof expected[0])

Test(sample, every_game_ends_as_known)
{
    cr_assert_eq(R.games.nrows - 1, NEXPECTED);
    for (size_t i = 0; i < NEXPECTED; i++) {
        const struct expected_game *e = &expected[i];
        size_t r = i + 1;
        cr_assert_str_eq(ts_csv_get(&R.games, r, "log_id"), e->log_id, "row %zu", r);
        const char *cols[] = {"status", "turns", "result", "termination", "detail",
                              "first_violation_code", "first_violation_turn"};
        const char *want[] = {e->status, e->turns, e->result, e->termination, e->detail,
                              e->first_code, e->first_turn};
        for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
            cr_expect_str_eq(ts_csv_get(&R.games, r, cols[c]), want[c], "%s: %s", e->log_id, cols[c]);
    }
}

Test(sample, winners_are_persons)
{
    /* Opera Game: Quill had White and mated */
    cr_expect_str_eq(ts_csv_get(&R.games, 4, "winner"), "Ada Quill");
    cr_expect_str_eq(ts_csv_get(&R.games, 4, "variant"), "chess");
    cr_expect_str_eq(ts_csv_get(&R.games, NEXPECTED, "variant"), "shogi-gc");
    cr_expect_str_eq(ts_csv_get(&R.games, 15, "winner"), "", "stalemate has no winner");
}

Test(sample, violations_name_the_offence)
{
    cr_assert_eq(R.violations.nrows - 1, 7);
    cr_expect_eq(ts_csv_count(&R.violations, "code", "result-mismatch"), 1);
    cr_expect_eq(ts_csv_count(&R.violations, "code", "syntax"), 1, "the malformed game's reason");
    for (size_t r = 1; r < R.violations.nrows; r++) {
        const char *code = ts_csv_get(&R.violations, r, "code");
        const char *msg = ts_csv_get(&R.violations, r, "message");
        if (!strcmp(code, "illegal-move") && strstr(ts_csv_get(&R.violations, r, "log_id"), "mensah-oconnell"))
            cr_expect(strstr(msg, "the path is blocked at e2") != NULL, "%s", msg);
        if (!strcmp(code, "syntax")) {
            cr_expect(strstr(msg, "line does not start with a turn marker") != NULL, "%s", msg);
            cr_expect_neq(strcmp(ts_csv_get(&R.violations, r, "line"), ""), 0);
        }
    }
}

/* The printed summary counts what variants.csv counts (issue 19: it used
 * to count the declared results of illegal games too), and says which
 * results; once with each --results.  The counts are the Chess games'
 * and the Shogi exhibition's (a 1-0 by resignation either way). */
static void expect_summary_matches_variants(const char *option, const char *lines,
                                            const char *valid, const char *white,
                                            const char *black, const char *draws)
{
    char *dir = ts_tempdir();
    char *args = ts_fmt("analyze %s '%s/sample-data/chess-open-2024.tar.gz' -o out", option,
                        GC_SOURCE_DIR);
    cr_assert_eq(ts_gcaudit(dir, args), 1);
    char *out = ts_slurp(dir, "stdout.txt");
    static const char head[] = "gcaudit: 33 entries read (31 ok, 1 skipped, 1 failed), 35 "
                               "games in ";
    const char *tail = strstr(out, " s\n");
    cr_assert(strncmp(out, head, strlen(head)) == 0 && tail, "%s", out);
    cr_expect_str_eq(tail + 3, lines);
    struct ts_csv v;
    char *path = ts_fmt("%s/out/variants.csv", dir);
    cr_assert_eq(ts_csv_read(path, &v), 0);
    cr_assert_str_eq(ts_csv_get(&v, 1, "variant"), "chess", "the Chess row (the Shogi game is the other)");
    cr_expect_str_eq(ts_csv_get(&v, 1, "valid_games"), valid);
    cr_expect_str_eq(ts_csv_get(&v, 1, "white_wins"), white);
    cr_expect_str_eq(ts_csv_get(&v, 1, "black_wins"), black);
    cr_expect_str_eq(ts_csv_get(&v, 1, "draws"), draws);
    ts_csv_free(&v);
    free(path);
    free(out);
    free(args);
    ts_rmtree(dir);
    free(dir);
}

Test(sample, the_printed_summary_counts_what_the_statistics_count)
{
    expect_summary_matches_variants(
        "", "  games: 29 ok (27 finished, 2 unfinished), 5 illegal, 1 malformed, 0 unsupported\n"
            "  results of the 27 valid games (verified, as the statistics count them): 13 white "
            "wins, 10 black wins, 4 draws\n"
            "  violations: 7 (1 result mismatch); reports in out/\n",
        "26", "12", "10", "4");
    expect_summary_matches_variants(
        "--results declared",
        "  games: 29 ok (23 finished, 6 unfinished), 5 illegal, 1 malformed, 0 unsupported\n"
        "  results of the 23 valid games (declared, as the statistics count them): 11 white "
        "wins, 9 black wins, 3 draws\n"
        "  violations: 7 (1 result mismatch); reports in out/\n",
        "22", "10", "9", "3");
}

Test(sample, an_illegal_game_names_no_winner)
{
    /* Mensah-O'Connell: Mensah (White) moved the bishop through his own
     * pawn on turn 5, and the log declares 1-0 for him. */
    for (size_t r = 1; r < R.games.nrows; r++) {
        if (strcmp(ts_csv_get(&R.games, r, "log_id"), "open24-r2-mensah-oconnell") != 0)
            continue;
        cr_expect_str_eq(ts_csv_get(&R.games, r, "status"), "illegal");
        cr_expect_str_eq(ts_csv_get(&R.games, r, "result"), "1-0");
        cr_expect_str_eq(ts_csv_get(&R.games, r, "winner"), "");
        cr_expect_str_eq(ts_csv_get(&R.games, r, "loser"), "");
        return;
    }
    cr_assert_fail("open24-r2-mensah-oconnell is missing");
}
