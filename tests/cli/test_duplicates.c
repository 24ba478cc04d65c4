/*
 * Duplicate games (cli/duplicates.c): a game whose variant, players and
 * moves are an earlier game's is named in games.csv's last column,
 * duplicate_of, and counted once in the statistics and the summary, the
 * same whatever -j or --shard says; --keep-duplicates counts every copy;
 * the same file given twice is read once, with a warning.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/csvread.h"
#include "tests/support/support.h"

static void write_in_dir(const char *name, const char *text)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path);
}

/* a.log: a mate with markers and labels, and an empty game; b.log: the
 * same mate as Game Courier lists moves, under other headers, with an
 * illegal move of Ada's after it, and another empty game; c.log: the
 * mate again, between other players. */
static void setup(void)
{
    ts_scratch_setup();
    write_in_dir("a.log", "Game: Chess\nLog: g1\nEvent: Spring\nWhite: Ada\nBlack: Bob\n"
                          "Result: 0-1\n\n1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n\n"
                          "Game: Chess\nWhite: Ada\nBlack: Bob\n\n");
    write_in_dir("b.log", "Game: Chess\nLog: g1-copy\nEvent: Autumn\nWhite: Ada\nBlack: Bob\n\n"
                          "f2-f3, e7-e5, g2 - g4\nq d8-h4 // mate\n\n"
                          "Game: Chess\nWhite: Ada\nBlack: Bob\n\n");
    write_in_dir("c.log", "Game: Chess\nWhite: Cy\nBlack: Dee\n\n"
                          "1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n");
}

TestSuite(duplicates, .init = setup, .fini = ts_scratch_teardown);

static struct ts_csv read_report(const char *name)
{
    struct ts_csv t;
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_csv_read(path, &t), 0, "%s", name);
    free(path);
    return t;
}

Test(duplicates, a_copy_is_named_and_counted_once)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze a.log b.log c.log -o out"), 0);
    struct ts_csv g = read_report("out/games.csv");
    cr_assert_eq(g.nrows - 1, 5u);
    cr_expect_str_eq(g.rows[0][g.ncols[0] - 1], "duplicate_of", "the last column");
    cr_expect_str_eq(ts_csv_get(&g, 1, "duplicate_of"), "");
    cr_expect_str_eq(ts_csv_get(&g, 2, "duplicate_of"), "", "a game without moves is no copy");
    cr_expect_str_eq(ts_csv_get(&g, 3, "duplicate_of"), "a.log, game 1");
    cr_expect_str_eq(ts_csv_get(&g, 4, "duplicate_of"), "");
    cr_expect_str_eq(ts_csv_get(&g, 5, "duplicate_of"), "", "other players: another game");
    ts_csv_free(&g);
    struct ts_csv v = read_report("out/variants.csv");
    cr_expect_str_eq(ts_csv_get(&v, 1, "games"), "4");
    cr_expect_str_eq(ts_csv_get(&v, 1, "valid_games"), "2");
    ts_csv_free(&v);
    struct ts_csv p = read_report("out/players.csv");
    cr_expect_str_eq(ts_csv_get(&p, 1, "player"), "Ada");
    cr_expect_str_eq(ts_csv_get(&p, 1, "games"), "1", "Ada lost the mate once, not twice");
    ts_csv_free(&p);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    const char *games = strstr(out, "\n  games:");
    cr_assert_not_null(games, "%s", out);
    cr_expect_str_eq(games + 1,
                     "  games: 4 ok (2 finished, 2 unfinished), 0 illegal, 0 malformed, 0 "
                     "unsupported\n"
                     "  results of the 2 valid games (verified, as the statistics count them): 0 "
                     "white wins, 2 black wins, 0 draws\n"
                     "  duplicates: 1 game is a copy of an earlier one, counted once (games.csv: "
                     "duplicate_of)\n"
                     "  violations: 0 (0 result mismatches); reports in out/\n");
    free(out);
}

Test(duplicates, keep_duplicates_counts_every_copy)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q --keep-duplicates a.log b.log c.log -o out"), 0);
    struct ts_csv g = read_report("out/games.csv");
    cr_expect_str_eq(ts_csv_get(&g, 3, "duplicate_of"), "");
    ts_csv_free(&g);
    struct ts_csv v = read_report("out/variants.csv");
    cr_expect_str_eq(ts_csv_get(&v, 1, "games"), "5");
    cr_expect_str_eq(ts_csv_get(&v, 1, "valid_games"), "3");
    ts_csv_free(&v);
}

/* Every report of a run, concatenated. */
static char *reports(const char *out)
{
    static const char *const names[] = {"inputs.csv", "games.csv", "violations.csv",
                                        "variants.csv", "players.csv", "headtohead.csv",
                                        "terminations.csv"};
    char *all = ts_fmt("%s", "");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *path = ts_fmt("%s/%s", out, names[i]);
        char *text = ts_slurp(ts_scratch, path);
        char *next = ts_fmt("%s== %s\n%s", all, names[i], text);
        free(all);
        free(text);
        free(path);
        all = next;
    }
    return all;
}

Test(duplicates, the_first_copy_is_the_same_whatever_j_or_shards)
{
    /* Many copies in many entries, so that -j 8 replays them out of order. */
    char *logs = ts_fmt("%s/logs", ts_scratch);
    cr_assert_eq(mkdir(logs, 0777), 0);
    free(logs);
    for (int i = 0; i < 40; i++) {
        char *name = ts_fmt("logs/m%02d.log", i);
        char *text = ts_fmt("Game: Chess\nWhite: P%d\nBlack: Q%d\n\n1. P f2-f3 1... p e7-e5\n"
                            "2. P g2-g4 2... q d8-h4\n",
                            i % 3, i % 3);
        write_in_dir(name, text);
        free(name);
        free(text);
    }
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q -j 1 logs -o j1"), 0);
    char *one = reports("j1");
    cr_expect(strstr(one, "logs/m03.log,,1,,chess,,,P0,Q0") &&
                  strstr(one, "\"logs/m00.log, game 1\"\n"),
              "%s", one);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q -j 8 logs -o j8"), 0);
    char *eight = reports("j8");
    cr_expect_str_eq(eight, one, "-j 8");
    for (int k = 1; k <= 3; k++) {
        char *args = ts_fmt("analyze -q -j 2 --shard %d/3 logs -o s%d", k, k);
        cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
        free(args);
    }
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s3 s1 s2 -o merged"), 0);
    char *merged = reports("merged");
    cr_expect_str_eq(merged, one, "three shards merged");
    free(one);
    free(eight);
    free(merged);
}

Test(duplicates, the_same_file_twice_is_read_once)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log ./a.log -o out"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: './a.log' is given twice (also as 'a.log'): it is "
                          "read once\n");
    free(err);
    struct ts_csv in = read_report("out/inputs.csv");
    cr_expect_eq(in.nrows - 1, 1u);
    ts_csv_free(&in);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q --strict a.log a.log -o out"), 2);
}
