/*
 * End to end on sample-data/east-west-cup-2024.tar.gz: twelve games of
 * the six variants with pieces in hand, palaces and gating (Fairy-
 * Stockfish's own games, replayed to its ends), the planted errors (a
 * second pawn dropped on a file, a blocked Xiangqi horse, an elephant
 * brought in off the first rank, a wrong declared result) and a Xiangqi
 * repetition left for review, as sample-data/EXPECTED.md lists.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/reports.h"
#include "tests/support/support.h"

static struct ts_reports R;

static void setup(void) { ts_reports_analyze_sample(&R, "east-west-cup-2024.tar.gz"); }
static void teardown(void) { ts_reports_free(&R); }

TestSuite(sample_eastwest, .init = setup, .fini = teardown);

/* sample-data/EXPECTED.md, in report order. */
static const struct ts_expected_game expected[] = {
    {"ew24-r1-ruiz-park", "xiangqi-gc", "ok", "140", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"ew24-r1-tanaka-nguyen", "shogi-gc", "illegal", "87", "0-1", "0-1", "illegal", "", "", "bad-drop", "44"},
    {"ew24-r1-yilmaz-li", "crazyhouse-gc", "ok", "65", "1-0", "1-0", "checkmate", "", "Elif Yilmaz", "", ""},
    {"ew24-r2-li-evans", "crazyhouse-gc", "ok", "55", "0-1", "1-0", "checkmate", "", "Feng Li",
     "result-mismatch", ""},
    {"ew24-r2-nguyen-ruiz", "shogi-gc", "ok", "99", "1-0", "1-0", "checkmate", "", "Bao Nguyen", "", ""},
    {"ew24-r2-park-yilmaz", "xiangqi-gc", "illegal", "28", "1-0", "1-0", "illegal", "", "", "illegal-move",
     "15"},
    {"ew24-r3-evans-mori", "seirawan-gc", "illegal", "14", "1-0", "1-0", "illegal", "", "", "bad-drop", "8"},
    {"ew24-r3-nguyen-yilmaz", "minishogi-gc", "ok", "34", "0-1", "0-1", "checkmate", "", "Elif Yilmaz", "",
     ""},
    {"ew24-r3-tanaka-park", "janggi-gc", "ok", "104", "0-1", "0-1", "checkmate", "", "Dong-hyun Park", "", ""},
    {"ew24-r4-mori-tanaka", "seirawan-gc", "ok", "89", "1-0", "1-0", "checkmate", "", "Hiroshi Mori", "", ""},
    {"ew24-r4-park-li", "janggi-gc", "ok", "140", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"ew24-r4-yilmaz-ruiz", "minishogi-gc", "ok", "24", "0-1", "0-1", "checkmate", "", "Carmen Ruiz", "", ""},
    {"ew24-side-ruiz-li", "xiangqi-gc", "ok", "14", "1/2-1/2", "1/2-1/2", "threefold-repetition",
     "review=chasing", "", "", ""},
};

#define NEXPECTED (sizeof expected / sizeof expected[0])

Test(sample_eastwest, exit_status_and_entries)
{
    cr_expect_eq(R.exit_status, 0, "no entry fails");
    ts_expect_entries_ok_but_readme(&R, 14);
}

Test(sample_eastwest, every_game_ends_as_the_engine_ended_it)
{
    ts_expect_games(&R, expected, NEXPECTED);
}

Test(sample_eastwest, violations_name_the_rule_broken)
{
    static const char *const want[][3] = {
        {"ew24-r1-tanaka-nguyen", "bad-drop",
         "a pawn may not be dropped on a file that already holds your unpromoted pawn (e6)"},
        {"ew24-r2-li-evans", "result-mismatch", "the log declares 0-1 but the game ended 1-0 by checkmate"},
        {"ew24-r2-park-yilmaz", "illegal-move", "the horse on c3 cannot reach b5: the horse is blocked at c4"},
        {"ew24-r3-evans-mori", "bad-drop",
         "a piece may be brought in only on the square a first-rank piece leaves on its first move (e2 is "
         "not one)"},
    };
    ts_expect_violations(&R, want, sizeof want / sizeof want[0]);
}

/* How the games ended, counted per variant: the review is a detail row. */
Test(sample_eastwest, the_review_is_counted_among_the_terminations)
{
    struct ts_csv t;
    char *path = ts_fmt("%s/terminations.csv", R.dir);
    cr_assert_eq(ts_csv_read(path, &t), 0);
    free(path);
    int found = 0;
    for (size_t r = 1; r < t.nrows; r++)
        if (strcmp(ts_csv_get(&t, r, "detail_key"), "review") == 0) {
            cr_expect_str_eq(ts_csv_get(&t, r, "variant"), "xiangqi-gc");
            cr_expect_str_eq(ts_csv_get(&t, r, "termination"), "threefold-repetition");
            cr_expect_str_eq(ts_csv_get(&t, r, "detail_value"), "chasing");
            cr_expect_str_eq(ts_csv_get(&t, r, "games"), "1");
            found++;
        }
    cr_expect_eq(found, 1);
    ts_csv_free(&t);
}
