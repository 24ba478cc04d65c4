/*
 * End to end on sample-data/retro-2024.tar.gz: both colours restoring
 * their setup (won by the persons after the colour switch), a resignation
 * declared by name after the switch, points adjudicating a declared draw
 * and a game with no legal turn, the retro-illegal and reserve-empty
 * violations, and `gcaudit replay` showing phase, reserves and points, as
 * sample-data/EXPECTED.md lists.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/csvread.h"
#include "tests/support/support.h"

struct expected_game {
    const char *log_id, *status, *turns, *declared, *result, *termination, *detail, *winner,
        *loser, *first_code, *first_turn;
};

static const struct expected_game expected[] = {
    {"retro24-r1-lin-asante", "ok", "100", "*", "1-0", "setup-restored", "points=24-21",
     "Kofi Asante", "Mei Lin", "", ""},
    {"retro24-r1-solberg-herrera", "ok", "159", "0-1", "0-1", "setup-restored", "points=23-24",
     "Ingrid Solberg", "Tomás Herrera", "", ""},
    {"retro24-r2-asante-solberg", "ok", "118", "1/2-1/2", "1-0", "points", "points=13-10",
     "Kofi Asante", "Ingrid Solberg", "", ""},
    {"retro24-r2-herrera-lin", "ok", "136", "1-0", "1-0", "resignation", "points=20-20", "Mei Lin",
     "Tomás Herrera", "", ""},
    /* An illegal game names no winner: its result is only declared. */
    {"retro24-r3-herrera-asante", "illegal", "16", "1-0", "1-0", "illegal", "points=2-0", "", "",
     "retro-illegal", "9"},
    {"retro24-r3-solberg-lin", "ok", "20", "*", "1-0", "points", "points=2-0", "Ingrid Solberg",
     "Mei Lin", "", ""},
    {"retro24-r4-asante-herrera", "ok", "7", "*", "*", "unfinished", "points=2-0", "", "", "", ""},
    {"retro24-r4-lin-solberg", "illegal", "8", "0-1", "0-1", "illegal", "points=0-0", "", "",
     "reserve-empty", "5"},
};

static char *run_analyze(void)
{
    char *dir = ts_tempdir();
    char *cmd = ts_fmt("'%s' analyze -q '%s/sample-data/retro-2024.tar.gz' -o '%s'", GC_BINARY,
                       GC_SOURCE_DIR, dir);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    return dir;
}

Test(sample_retro, every_game_ends_as_known)
{
    char *dir = run_analyze();
    char *path = ts_fmt("%s/games.csv", dir);
    struct ts_csv games;
    cr_assert_eq(ts_csv_read(path, &games), 0);
    size_t n = sizeof expected / sizeof expected[0];
    cr_assert_eq(games.nrows - 1, n);
    for (size_t i = 0; i < n; i++) {
        const struct expected_game *e = &expected[i];
        const char *cols[] = {"log_id", "variant", "status", "turns", "declared_result", "result",
                              "termination", "detail", "winner", "loser", "first_violation_code",
                              "first_violation_turn"};
        const char *want[] = {e->log_id, "retro", e->status, e->turns, e->declared, e->result,
                              e->termination, e->detail, e->winner, e->loser, e->first_code,
                              e->first_turn};
        for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
            cr_expect_str_eq(ts_csv_get(&games, i + 1, cols[c]), want[c], "%s: %s", e->log_id, cols[c]);
    }
    ts_csv_free(&games);
    free(path);
    ts_rmtree(dir);
    free(dir);
}

Test(sample_retro, violations_name_the_check_and_the_person)
{
    char *dir = run_analyze();
    char *path = ts_fmt("%s/violations.csv", dir);
    struct ts_csv v;
    cr_assert_eq(ts_csv_read(path, &v), 0);
    cr_assert_eq(v.nrows - 1, 2);
    cr_expect_str_eq(ts_csv_get(&v, 1, "player"), "Kofi Asante");
    cr_expect_str_eq(ts_csv_get(&v, 1, "message"),
                     "check 3 (pawn structure): the white pawns on g2, h2, h3 cannot come from different files");
    cr_expect_str_eq(ts_csv_get(&v, 2, "text"), "k a4-a3; Q*a4");
    cr_expect_str_eq(ts_csv_get(&v, 2, "message"), "White has no queen left in reserve");
    ts_csv_free(&v);
    free(path);
    ts_rmtree(dir);
    free(dir);
}

/* `gcaudit replay` shows the phase, the reserves and the points. */
Test(sample_retro, replay_shows_phase_reserves_and_points)
{
    char *dir = ts_tempdir();
    char *out_path = ts_fmt("%s/out.txt", dir);
    char *cmd = ts_fmt("'%s' replay '%s/sample-data/retro-2024.tar.gz' --entry "
                       "retro-2024/retro24-r4-asante-herrera.log --game 1 > '%s'",
                       GC_BINARY, GC_SOURCE_DIR, out_path);
    cr_assert_eq(ts_run(cmd), 0);
    char *out = ts_read_file(out_path, NULL);
    cr_assert_not_null(out);
    cr_expect(strstr(out, "Phase I; Black to move; points 0-0\n"
                          "White reserve: Q R R B B N N P P P P P P P P\n") != NULL,
              "the starting position:\n%s", out);
    cr_expect(strstr(out, "White reserve: Q R B N P P P P P P P P\n"
                          "Black reserve: q r r b b n n p p p p p p p\n") != NULL, "%s", out);
    cr_expect(strstr(out, "status ok, 7 turns, result * (unfinished, points=2-0)") != NULL, "%s", out);
    free(out);
    free(cmd);
    /* Game 4 crosses into Phase II with an un-passant that brings the 32nd piece. */
    cmd = ts_fmt("'%s' replay '%s/sample-data/retro-2024.tar.gz!retro-2024/"
                 "retro24-r2-herrera-lin.log' > '%s'",
                 GC_BINARY, GC_SOURCE_DIR, out_path);
    cr_assert_eq(ts_run(cmd), 0);
    out = ts_read_file(out_path, NULL);
    cr_expect(strstr(out, "Phase II (the players have switched colours); Black to move; points") != NULL,
              "%s", out);
    cr_expect(strstr(out, "the pawn on a5 must step back two squares") != NULL, "%s", out);
    cr_expect(strstr(out, "White reserve: none\nBlack reserve: none\n") != NULL, "%s", out);
    free(out);
    free(cmd);
    free(out_path);
    ts_rmtree(dir);
    free(dir);
}
