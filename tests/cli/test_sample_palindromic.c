/*
 * End to end on sample-data/palindromic-2024.tar.gz: two reversals (one
 * won by each colour, each completed while the opponent was passing), a
 * checkmate, castling both ways for both sides, and the Palindromic
 * violations (bad-pass, bad-promotion), as sample-data/EXPECTED.md lists.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/csvread.h"
#include "tests/support/support.h"

struct expected_game {
    const char *log_id, *status, *turns, *result, *termination, *winner, *first_code, *first_turn;
};

static const struct expected_game expected[] = {
    {"pal24-r1-moreau-adeyemi", "ok", "192", "0-1", "reversal", "Tunde Adeyemi", "", ""},
    {"pal24-r1-sato-novak", "ok", "133", "1-0", "reversal", "Yuki Sato", "", ""},
    {"pal24-r2-adeyemi-sato", "ok", "14", "*", "unfinished", "", "", ""},
    {"pal24-r2-novak-moreau", "ok", "6", "0-1", "checkmate", "Camille Moreau", "", ""},
    {"pal24-r3-novak-adeyemi", "illegal", "8", "1-0", "illegal", "", "bad-promotion", "5"},
    {"pal24-r3-sato-moreau", "illegal", "6", "1/2-1/2", "illegal", "", "bad-pass", "4"},
    {"pal24-r4-moreau-sato", "ok", "10", "1/2-1/2", "agreement", "", "", ""},
};

Test(sample_palindromic, every_game_ends_as_known)
{
    char *dir = ts_tempdir();
    char *cmd = ts_fmt("'%s' analyze -q '%s/sample-data/palindromic-2024.tar.gz' -o '%s'",
                       GC_BINARY, GC_SOURCE_DIR, dir);
    cr_assert_eq(ts_run(cmd), 0);
    char *path = ts_fmt("%s/games.csv", dir);
    struct ts_csv games;
    cr_assert_eq(ts_csv_read(path, &games), 0);
    size_t n = sizeof expected / sizeof expected[0];
    cr_assert_eq(games.nrows - 1, n);
    for (size_t i = 0; i < n; i++) {
        const struct expected_game *e = &expected[i];
        const char *cols[] = {"log_id", "variant", "status", "turns", "result", "termination",
                              "winner", "first_violation_code", "first_violation_turn"};
        const char *want[] = {e->log_id, "palindromic", e->status, e->turns, e->result,
                              e->termination, e->winner, e->first_code, e->first_turn};
        for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
            cr_expect_str_eq(ts_csv_get(&games, i + 1, cols[c]), want[c], "%s: %s", e->log_id, cols[c]);
    }
    ts_csv_free(&games);
    free(path);
    free(cmd);
    ts_rmtree(dir);
    free(dir);
}
