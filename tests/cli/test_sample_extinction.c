/*
 * End to end on sample-data/extinction-2024.tar.gz: games ended by the
 * extinction of each kind of piece (a king captured, the last pawn
 * promoted, both sides extinct at once), a promoted second king, castling
 * through attack, a fivefold repetition, a claimable threefold, and the
 * planted violations (bad-promotion, castling after the rook moved, a
 * Status line naming the wrong winner), as sample-data/EXPECTED.md lists.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/reports.h"
#include "tests/support/support.h"

static struct ts_reports R;

static void setup(void) { ts_reports_analyze_sample(&R, "extinction-2024.tar.gz"); }
static void teardown(void) { ts_reports_free(&R); }

TestSuite(sample_extinction, .init = setup, .fini = teardown);

struct expected_game {
    const char *log_id, *status, *turns, *declared, *result, *termination, *detail, *winner,
        *first_code, *first_turn;
};

/* sample-data/EXPECTED.md, in report order. */
static const struct expected_game expected[] = {
    {"ext24-r1-dvorakova-obrien", "ok", "19", "1-0", "1-0", "extinction", "extinct=R",
     "Kateřina Dvořáková", "", ""},
    {"ext24-r1-lin-adebayo", "ok", "6", "0-1", "0-1", "extinction", "extinct=K",
     "Oluwaseun Adebayo", "", ""},
    {"ext24-r1-raman-weber", "ok", "81", "1-0", "1-0", "extinction", "extinct=R", "Priya Raman",
     "", ""},
    {"ext24-r1-solberg-herrera", "ok", "8", "0-1", "0-1", "extinction", "extinct=Q",
     "Tomás Herrera", "", ""},
    {"ext24-r2-adebayo-solberg", "ok", "65", "1-0", "1-0", "extinction", "extinct=B",
     "Oluwaseun Adebayo", "", ""},
    {"ext24-r2-herrera-lin", "ok", "19", "0-1", "0-1", "extinction", "extinct=P", "Mei Lin", "",
     ""},
    /* An illegal game names no winner: its result is only declared. */
    {"ext24-r2-obrien-raman", "illegal", "8", "1-0", "1-0", "illegal", "", "", "bad-promotion",
     "5"},
    {"ext24-r2-weber-dvorakova", "ok", "72", "0-1", "0-1", "extinction", "extinct=R",
     "Kateřina Dvořáková", "", ""},
    {"ext24-r3-solberg-lin", "illegal", "10", "*", "*", "illegal", "", "", "illegal-move", "6"},
    {"ext24-r3-herrera-adebayo", "ok", "25", "*", "1/2-1/2", "fivefold-repetition", "", "", "",
     ""},
    {"ext24-r3-obrien-weber", "ok", "18", "1-0", "0-1", "extinction", "extinct=K", "Jonas Weber",
     "result-mismatch", ""},
    {"ext24-r3-raman-dvorakova", "ok", "10", "1/2-1/2", "1/2-1/2", "agreement",
     "claimable=threefold", "", "", ""},
};

#define NEXPECTED (sizeof expected / sizeof expected[0])

Test(sample_extinction, exit_status_and_entries)
{
    cr_expect_eq(R.exit_status, 0, "no entry fails");
    cr_assert_eq(R.inputs.nrows - 1, 10);
    for (size_t r = 1; r < R.inputs.nrows; r++) {
        const char *entry = ts_csv_get(&R.inputs, r, "entry");
        const char *want = strstr(entry, "README.txt") ? "skipped" : "ok";
        cr_expect_str_eq(ts_csv_get(&R.inputs, r, "status"), want, "%s", entry);
        if (strstr(entry, "ext24-round-3.log"))
            cr_expect_str_eq(ts_csv_get(&R.inputs, r, "games"), "4");
    }
}

Test(sample_extinction, every_game_ends_as_known)
{
    cr_assert_eq(R.games.nrows - 1, NEXPECTED);
    for (size_t i = 0; i < NEXPECTED; i++) {
        const struct expected_game *e = &expected[i];
        const char *cols[] = {"log_id", "variant", "status", "turns", "declared_result", "result",
                              "termination", "detail", "winner", "first_violation_code",
                              "first_violation_turn"};
        const char *want[] = {e->log_id, "extinction", e->status, e->turns, e->declared,
                              e->result, e->termination, e->detail, e->winner, e->first_code,
                              e->first_turn};
        for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
            cr_expect_str_eq(ts_csv_get(&R.games, i + 1, cols[c]), want[c], "%s: %s", e->log_id,
                             cols[c]);
    }
}

Test(sample_extinction, violations_name_the_offence)
{
    static const char *const want[][3] = {
        {"ext24-r2-obrien-raman", "bad-promotion",
         "a pawn cannot promote to a pawn in Extinction Chess"},
        {"ext24-r3-solberg-lin", "illegal-move",
         "the king on e1 cannot reach g1: the rook on h1 has already moved, so it cannot castle"},
        {"ext24-r3-obrien-weber", "result-mismatch",
         "the log declares 1-0 but the game ended 0-1 by extinction"},
    };
    cr_assert_eq(R.violations.nrows - 1, 3);
    for (size_t i = 0; i < 3; i++) {
        cr_expect_str_eq(ts_csv_get(&R.violations, i + 1, "log_id"), want[i][0]);
        cr_expect_str_eq(ts_csv_get(&R.violations, i + 1, "code"), want[i][1]);
        cr_expect_str_eq(ts_csv_get(&R.violations, i + 1, "message"), want[i][2]);
    }
}
