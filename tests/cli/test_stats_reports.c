/*
 * The statistics of `gcaudit analyze` end to end: variants.csv,
 * terminations.csv, players.csv and headtohead.csv for a small log whose
 * every figure is worked out by hand below, then what each option changes
 * (--results declared, --player-alias, --min-games, --variant, --event,
 * --since/--until), the usage errors, --excel, --xlsx (numbers stored as
 * numbers, header frozen, columns sized), and byte-identical reruns.
 */
#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/csvread.h"
#include "tests/support/support.h"
#include "tests/support/tar.h"
#include "tests/support/zip.h"

static void setup(void)
{
    ts_scratch_setup();
    /* summary.html and the workbook carry the run's date: fixed here, so
     * that runs can be compared byte for byte (README, SOURCE_DATE_EPOCH). */
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
}
TestSuite(cli_stats, .init = setup, .fini = ts_scratch_teardown);

/* Seven games.  Verified results, as the replay finds them:
 *  s-1 Ada (W) beats Bo, declared 1-0 without how: `declared`, 2 turns,
 *      Ended 2024-03-01, Spring Cup.
 *  s-2 Bo (W) is mated by Ada (B) in 4 turns, though the log declares 1-0
 *      (a result-mismatch): verified 0-1, declared 1-0.  2024-03-05.
 *  s-3 Ada (W) - Cy agreed draw after a threefold repetition: 8 turns,
 *      claimable=threefold.  Only Started: 2024-09-01.  Autumn Open.
 *  s-4 Cy - Bo unfinished, 1 turn, 2024-09-10.
 *  s-5 Cy (W) - Ada: Cy's second turn is illegal; no date.
 *  s-6 Chu Shogi (unsupported), 2024-01-15, Spring Cup.
 *  s-7 "A. Quill" (W, Ada under another spelling) - Cy: Cy resigned;
 *      2 turns, 2024-09-20. */
static const char stats_log[] =
    "Game: Chess\nLog: s-1\nEvent: Spring Cup 2024\nWhite: Ada Quill\n"
    "Black: Bo <Lee> & \"Co\"\nEnded: 2024-03-01\nResult: 1-0\n\n"
    "1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nLog: s-2\nEvent: Spring Cup 2024\nWhite: Bo <Lee> & \"Co\"\n"
    "Black: Ada Quill\nEnded: 2024-03-05\nResult: 1-0\n\n"
    "1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n\n"
    "Game: Chess\nLog: s-3\nEvent: Autumn Open\nWhite: Ada Quill\nBlack: Cy\n"
    "Started: 2024-09-01\nResult: 1/2-1/2\n\n"
    "1. N g1-f3 1... n g8-f6\n2. N f3-g1 2... n f6-g8\n"
    "3. N g1-f3 3... n g8-f6\n4. N f3-g1 4... n f6-g8\n\n"
    "Game: Chess\nLog: s-4\nEvent: Autumn Open\nWhite: Cy\nBlack: Bo <Lee> & \"Co\"\n"
    "Ended: 2024-09-10\n\n1. P d2-d4\n\n"
    "Game: Chess\nLog: s-5\nEvent: Autumn Open\nWhite: Cy\nBlack: Ada Quill\nResult: 0-1\n\n"
    "1. P e2-e4 1... p e7-e5\n2. B c1-g5\n\n"
    "Game: Chu Shogi\nLog: s-6\nEvent: Spring Cup 2024\nWhite: Ada Quill\n"
    "Black: Bo <Lee> & \"Co\"\nEnded: 2024-01-15\nResult: 1-0\n\n1. P c3-c4\n\n"
    "Game: Chess\nLog: s-7\nEvent: Autumn Open\nWhite: A. Quill\nBlack: Cy\n"
    "Ended: 2024-09-20\nStatus: Cy has resigned.\n\n1. P e2-e4 1... p e7-e5\n";

#define BO "\"Bo <Lee> & \"\"Co\"\"\""

static const char variants_header[] =
    "variant,games,valid_games,white_wins,black_wins,draws,unfinished,white_win_rate,"
    "black_win_rate,draw_rate,white_score,white_score_ci_low,white_score_ci_high,mean_turns,"
    "median_turns,illegal_games,illegal_rate,white_win_rate_ci_low,white_win_rate_ci_high,"
    "black_win_rate_ci_low,black_win_rate_ci_high,draw_rate_ci_low,draw_rate_ci_high,"
    "illegal_rate_ci_low,illegal_rate_ci_high,malformed_games,unsupported_games\n";

static void put(const char *name, const char *text)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path);
}

static void expect_file(const char *name, const char *want)
{
    char *got = ts_slurp(ts_scratch, name);
    cr_expect_str_eq(got, want, "%s", name);
    free(got);
}

/* Rows of a report whose given column holds value: the count. */
static size_t count_rows(const char *name, const char *col, const char *value)
{
    struct ts_csv t;
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_csv_read(path, &t), 0, "%s is not CSV", name);
    free(path);
    size_t n = 0;
    for (size_t r = 1; r < t.nrows; r++)
        n += strcmp(ts_csv_get(&t, r, col), value) == 0;
    ts_csv_free(&t);
    return n;
}

static size_t data_rows(const char *name)
{
    struct ts_csv t;
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_csv_read(path, &t), 0, "%s is not CSV", name);
    free(path);
    size_t n = t.nrows - 1;
    ts_csv_free(&t);
    return n;
}

/* chess: 6 games, valid s-1 s-2 s-3 s-7; White won s-1 and s-7, Black s-2,
 * s-3 drawn; s-4 unfinished; s-5 illegal of 6 replayed.
 *   rates 2/4, 1/4, 1/4; Wilson 2 of 4: 0.15-0.85, 1 of 4: 0.0456-0.6994;
 *   score (2 + 0.5)/4 = 0.625, per-game variance (2 * 0.375^2 + 0.125^2 +
 *   0.625^2)/4 = 0.171875, half-width 1.96 * sqrt(0.171875/4) = 0.4063:
 *   0.2187-1 (clipped); turns 2 4 8 2: mean 4, median (2 + 4)/2 = 3;
 *   illegal 1 of 6 = 0.1667, Wilson 0.0301-0.5635.
 * Chu Shogi: counted, never replayed: no rates. */
Test(cli_stats, variants_csv)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out"), 0);
    char *want = ts_fmt("%s%s%s", variants_header,
                        "Chu Shogi,1,0,0,0,0,0,,,,,,,,,0,,,,,,,,,,0,1\n",
                        "chess,6,4,2,1,1,1,0.5,0.25,0.25,0.625,0.2187,1,4,3,1,0.1667,"
                        "0.15,0.85,0.0456,0.6994,0.0456,0.6994,0.0301,0.5635,0,0\n");
    expect_file("out/variants.csv", want);
    free(want);
}

/* Shares of the 6 replayed chess games; the agreed draw's detail gives its
 * own row under the total. */
Test(cli_stats, terminations_csv)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out"), 0);
    expect_file("out/terminations.csv",
                "variant,termination,detail_key,detail_value,games,share\n"
                "chess,agreement,,,1,0.1667\n"
                "chess,agreement,claimable,threefold,1,0.1667\n"
                "chess,checkmate,,,1,0.1667\n"
                "chess,declared,,,1,0.1667\n"
                "chess,illegal,,,1,0.1667\n"
                "chess,resignation,,,1,0.1667\n"
                "chess,unfinished,,,1,0.1667\n");
}

/* Per player (byte order: "A. Quill" < "Ada Quill" since '.' < 'd'):
 *   A. Quill: s-7 won as White.
 *   Ada Quill: s-1 won (W), s-2 won (B), s-3 drawn (W): 2.5 of 3 = 0.8333;
 *     as White (1 + 0.5)/2 = 0.75, as Black 1.
 *   Bo: lost s-1 (B) and s-2 (W).
 *   Cy: drew s-3 and lost s-7, both as Black: 0.5 of 2; 1 illegal turn
 *     (s-5, as White).
 * Only chess has valid games, so each `all` row repeats the chess one.
 * Ratings are checked for shape: centred on 1500 (to the rounding of four
 * cells), and ordered as the results say. */
Test(cli_stats, players_csv)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out"), 0);
    struct ts_csv t;
    char *path = ts_fmt("%s/out/players.csv", ts_scratch);
    cr_assert_eq(ts_csv_read(path, &t), 0);
    free(path);
    const char *want[][12] = {
        {"A. Quill", "chess", "1", "1", "0", "0", "1", "1", "1", "1", "0", ""},
        {"A. Quill", "all", "1", "1", "0", "0", "1", "1", "1", "1", "0", ""},
        {"Ada Quill", "chess", "3", "2", "1", "0", "2.5", "0.8333", "2", "0.75", "1", "1"},
        {"Ada Quill", "all", "3", "2", "1", "0", "2.5", "0.8333", "2", "0.75", "1", "1"},
        {"Bo <Lee> & \"Co\"", "chess", "2", "0", "0", "2", "0", "0", "1", "0", "1", "0"},
        {"Bo <Lee> & \"Co\"", "all", "2", "0", "0", "2", "0", "0", "1", "0", "1", "0"},
        {"Cy", "chess", "2", "0", "1", "1", "0.5", "0.25", "0", "", "2", "0.25"},
        {"Cy", "all", "2", "0", "1", "1", "0.5", "0.25", "0", "", "2", "0.25"},
    };
    const char *violations[] = {"0", "0", "0", "0", "0", "0", "1", "1"};
    cr_assert_eq(t.nrows, 9);
    for (size_t r = 0; r < 8; r++) {
        for (size_t c = 0; c < 12; c++)
            cr_expect_str_eq(t.rows[r + 1][c], want[r][c], "row %zu column %s", r + 1,
                             t.rows[0][c]);
        cr_expect_str_eq(ts_csv_get(&t, r + 1, "violations"), violations[r]);
    }
    double sum = 0, rating[4];
    for (size_t p = 0; p < 4; p++) {
        size_t r = 1 + 2 * p;
        rating[p] = atof(ts_csv_get(&t, r, "rating"));
        sum += rating[p];
        double lo = atof(ts_csv_get(&t, r, "rating_ci_low")),
               hi = atof(ts_csv_get(&t, r, "rating_ci_high"));
        cr_expect(lo < rating[p] && rating[p] < hi, "interval around %s", t.rows[r][0]);
        cr_expect_str_eq(ts_csv_get(&t, r, "rating"), ts_csv_get(&t, r + 1, "rating"));
    }
    cr_expect(sum > 5999.8 && sum < 6000.2, "centred on 1500: sum %.1f", sum);
    cr_expect(rating[1] > rating[3] && rating[3] > rating[2], "Ada > Cy > Bo");
    ts_csv_free(&t);
}

/* Unordered pairs, player_a first in byte order, a_wins for player_a. */
Test(cli_stats, headtohead_csv)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out"), 0);
    expect_file("out/headtohead.csv",
                "player_a,player_b,variant,games,a_wins,draws,b_wins,a_score_rate,elo_difference,"
                "elo_difference_error,los,draw_ratio\n"
                "A. Quill,Cy,chess,1,1,0,0,1,,,0.8413,0\n"
                "A. Quill,Cy,all,1,1,0,0,1,,,0.8413,0\n"
                "Ada Quill," BO ",chess,2,2,0,0,1,,,0.9214,0\n"
                "Ada Quill," BO ",all,2,2,0,0,1,,,0.9214,0\n"
                "Ada Quill,Cy,chess,1,0,1,0,0.5,0,0,,1\n"
                "Ada Quill,Cy,all,1,0,1,0,0.5,0,0,,1\n");
}

/* --results declared: s-2 counts as the 1-0 its log declares.  White wins
 * 3 of 4 (Wilson 0.3006-0.9544), Black 0 (0-0.4899), draws 1; score
 * (3 + 0.5)/4 = 0.875, variance (3 * 0.125^2 + 0.375^2)/4 = 0.046875,
 * half-width 1.96 * sqrt(0.046875/4) = 0.2122: 0.6628-1.  Bo now won s-2.
 * games.csv is unchanged: it reports both results anyway. */
Test(cli_stats, results_declared)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o verified"), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --results declared -o declared"), 0);
    char *want = ts_fmt("%s%s%s", variants_header,
                        "Chu Shogi,1,0,0,0,0,0,,,,,,,,,0,,,,,,,,,,0,1\n",
                        "chess,6,4,3,0,1,1,0.75,0,0.25,0.875,0.6628,1,4,3,1,0.1667,"
                        "0.3006,0.9544,0,0.4899,0.0456,0.6994,0.0301,0.5635,0,0\n");
    expect_file("declared/variants.csv", want);
    free(want);
    expect_file("declared/headtohead.csv",
                "player_a,player_b,variant,games,a_wins,draws,b_wins,a_score_rate,elo_difference,"
                "elo_difference_error,los,draw_ratio\n"
                "A. Quill,Cy,chess,1,1,0,0,1,,,0.8413,0\n"
                "A. Quill,Cy,all,1,1,0,0,1,,,0.8413,0\n"
                "Ada Quill," BO ",chess,2,1,0,1,0.5,0,,0.5,0\n"
                "Ada Quill," BO ",all,2,1,0,1,0.5,0,,0.5,0\n"
                "Ada Quill,Cy,chess,1,0,1,0,0.5,0,0,,1\n"
                "Ada Quill,Cy,all,1,0,1,0,0.5,0,0,,1\n");
    char *a = ts_slurp(ts_scratch, "verified/games.csv"), *b = ts_slurp(ts_scratch, "declared/games.csv");
    cr_expect_str_eq(a, b);
    free(a);
    free(b);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --results=declared -o d2"), 0);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --results claimed -o x"), 2);
}

/* --player-alias: "A. Quill" is Ada.  Ada: 4 games, 3 wins and a draw
 * (3.5 = 0.875), as White s-1 s-3 s-7 (2.5 of 3 = 0.8333), as Black s-2;
 * Ada-Cy: s-3 drawn, s-7 won.  games.csv keeps the log's spelling. */
Test(cli_stats, player_alias)
{
    put("stats.log", stats_log);
    put("alias.csv", "\xEF\xBB\xBF\"Ada Quill\", \"A. Quill\" ,ada quill\n\nCy\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --player-alias alias.csv -o out"), 0);
    struct ts_csv t;
    char *path = ts_fmt("%s/out/players.csv", ts_scratch);
    cr_assert_eq(ts_csv_read(path, &t), 0);
    free(path);
    cr_assert_eq(t.nrows, 7);
    const char *ada[] = {"Ada Quill", "chess", "4", "3", "1", "0", "3.5", "0.875", "3",
                         "0.8333", "1", "1"};
    for (size_t c = 0; c < 12; c++)
        cr_expect_str_eq(t.rows[1][c], ada[c], "column %s", t.rows[0][c]);
    ts_csv_free(&t);
    expect_file("out/headtohead.csv",
                "player_a,player_b,variant,games,a_wins,draws,b_wins,a_score_rate,elo_difference,"
                "elo_difference_error,los,draw_ratio\n"
                "Ada Quill," BO ",chess,2,2,0,0,1,,,0.9214,0\n"
                "Ada Quill," BO ",all,2,2,0,0,1,,,0.9214,0\n"
                "Ada Quill,Cy,chess,2,1,1,0,0.75,190.8,,0.8413,0.5\n"
                "Ada Quill,Cy,all,2,1,1,0,0.75,190.8,,0.8413,0.5\n");
    cr_expect_eq(count_rows("out/games.csv", "white", "A. Quill"), 1);
}

Test(cli_stats, player_alias_errors)
{
    put("stats.log", stats_log);
    put("conflict.csv", "Ada Quill,AQ\nAl Quinn,AQ\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --player-alias conflict.csv -o out"), 2);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect(strstr(err, "conflict.csv, row 2: 'AQ' is already a spelling of 'Ada Quill'"),
              "%s", err);
    free(err);
    put("chain.csv", "Ada Quill,AQ\nAQ,Q\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --player-alias chain.csv -o out"), 2);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect(strstr(err, "chain.csv, row 2: 'AQ' is already a spelling of 'Ada Quill'"), "%s",
              err);
    free(err);
    put("quote.csv", "Ada Quill,\"AQ\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --player-alias quote.csv -o out"), 2);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect(strstr(err, "quote.csv, row 1: not valid CSV"), "%s", err);
    free(err);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --player-alias missing.csv -o out"), 2);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect(strstr(err, "missing.csv: No such file or directory"), "%s", err);
    free(err);
}

/* --min-games 2 drops A. Quill (1 valid game) from players.csv only. */
Test(cli_stats, min_games)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --min-games 2 -o out"), 0);
    cr_expect_eq(data_rows("out/players.csv"), 6);
    cr_expect_eq(count_rows("out/players.csv", "player", "A. Quill"), 0);
    cr_expect_eq(data_rows("out/headtohead.csv"), 6);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --min-games two -o out"), 2);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --min-games -1 -o out"), 2);
}

/* The selection options choose the games of every report but inputs.csv. */
Test(cli_stats, variant_filter)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --variant 'Orthodox Chess' -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 6);
    cr_expect_eq(data_rows("out/variants.csv"), 1);
    cr_expect_eq(count_rows("out/inputs.csv", "games", "7"), 1, "inputs.csv counts every game");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --variant \"chu shogi\" -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 1);
    cr_expect_eq(count_rows("out/variants.csv", "variant", "Chu Shogi"), 1);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --variant \"chess,Chu Shogi\" -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 7);
    /* A selection of no game keeps the reports (exit 4), unless an empty
     * set is asked for. */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --variant xiangqi -o out"), 4);
    cr_expect_eq(data_rows("out/games.csv"), 7);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --variant xiangqi --allow-empty "
                                        "-o out"),
                 0);
    cr_expect_eq(data_rows("out/games.csv"), 0);
    cr_expect_eq(data_rows("out/violations.csv"), 0);
}

Test(cli_stats, event_filter)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --event autumn -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 4, "s-3, s-4, s-5, s-7");
    cr_expect_eq(count_rows("out/games.csv", "event", "Autumn Open"), 4);
    cr_expect_eq(data_rows("out/violations.csv"), 1, "s-5's illegal turn; s-2's mismatch is out");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --event autumn --event 'CUP 2024' -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 7);
}

/* Dates: Ended, else Started; s-5 has neither and is left out. */
Test(cli_stats, date_filters)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze stats.log --since 2024-03-03 -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 4, "s-2, s-3 (Started), s-4, s-7");
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "  selected: 4 of 7 games (since 2024-03-03)\n"), "%s", out);
    free(out);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --until 2024-09-05 -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 4, "s-1, s-2, s-3, s-6");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --since 2024-03-03 --until=2024-09-05 -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 2, "s-2, s-3");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --since 2024-09-20 --until 2024-09-20 -o out"), 0);
    cr_expect_eq(data_rows("out/games.csv"), 1, "s-7: both ends inclusive");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --since 2024-02-30 -o out"), 2);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --until 2024-9-1 -o out"), 2);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --since"), 2);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --since 2023-02-29 -o out"), 2, "not a leap year");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --since 2024-02-29 -o out"), 0);
}

Test(cli_stats, excel_applies_to_the_statistics)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --excel -o out"), 0);
    char *v = ts_slurp(ts_scratch, "out/headtohead.csv");
    static const char head[] = "\xEF\xBB\xBFplayer_a,player_b,variant,games,a_wins,draws,b_wins,"
                               "a_score_rate,elo_difference,elo_difference_error,los,draw_ratio\r\n";
    cr_expect(strncmp(v, head, sizeof head - 1) == 0, "%s", v);
    free(v);
}

/* -------------------------------------------------- standings, ratings */

static const char standings_header[] =
    "event,format,rank,player,points,games,wins,draws,losses,direct_encounter,sonneborn_berger,"
    "buchholz,buchholz_cut1,games_not_scored,points_under_review\n";

/* standings.csv, events by name.  Autumn Open: s-3 Ada-Cy drawn, s-4 Cy-Bo
 * unfinished (a pairing, not scored), s-5 Cy-Ada stopped at Cy's illegal
 * move: under review, Ada's by forfeit (the 0-1 its log declares too, so
 * her 1 point under review), s-7 A. Quill beats Cy.  Four players, three of the six
 * pairs: Swiss.  Ada 1.5 of 2; A. Quill 1 of 1; Cy 0.5 of 3; Bo no game
 * scored.  Buchholz: Ada Cy's 0.5 twice = 1, Cut-1 0.5; A. Quill 0.5, 0; Cy
 * Ada's 1.5 twice + A. Quill's 1 = 4, Cut-1 3; Bo 0.  Spring Cup 2024: Ada
 * beats Bo twice (s-1, and s-2 as verified; the Chu Shogi game s-6 was not
 * replayed, so pairs nobody): a round robin of two, Sonneborn-Berger 0
 * each (Bo has no point), no tie. */
Test(cli_stats, standings_csv)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out"), 0);
    char *want = ts_fmt("%s%s", standings_header,
                        "Autumn Open,swiss,1,Ada Quill,1.5,2,1,1,0,,,1,0.5,0,1\n"
                        "Autumn Open,swiss,2,A. Quill,1,1,1,0,0,,,0.5,0,0,0\n"
                        "Autumn Open,swiss,3,Cy,0.5,3,0,1,2,,,4,3,1,0\n"
                        "Autumn Open,swiss,4," BO ",0,0,0,0,0,,,0,0,1,0\n"
                        "Spring Cup 2024,round-robin,1,Ada Quill,2,2,2,0,0,,0,,,0,0\n"
                        "Spring Cup 2024,round-robin,2," BO ",0,2,0,0,2,,0,,,0,0\n");
    expect_file("out/standings.csv", want);
    free(want);
}

/* --illegal-games exclude: s-5 is a pairing not scored.  Ada 0.5 of 1, Cy
 * 0.5 of 2 (2 not scored); Cy's Cut-1 (Ada 0.5 + A. Quill 1, less 0.5 = 1)
 * beats Ada's (0.5 less 0.5 = 0).  Nothing else changes: the other
 * statistics never count illegal games. */
Test(cli_stats, standings_illegal_games_exclude)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out"), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --illegal-games exclude -o ex"), 0);
    char *want = ts_fmt("%s%s", standings_header,
                        "Autumn Open,swiss,1,A. Quill,1,1,1,0,0,,,0.5,0,0,0\n"
                        "Autumn Open,swiss,2,Cy,0.5,2,0,1,1,,,1.5,1,2,0\n"
                        "Autumn Open,swiss,3,Ada Quill,0.5,1,0,1,0,,,0.5,0,1,0\n"
                        "Autumn Open,swiss,4," BO ",0,0,0,0,0,,,0,0,1,0\n"
                        "Spring Cup 2024,round-robin,1,Ada Quill,2,2,2,0,0,,0,,,0,0\n"
                        "Spring Cup 2024,round-robin,2," BO ",0,2,0,0,2,,0,,,0,0\n");
    expect_file("ex/standings.csv", want);
    free(want);
    const char *same[] = {"players.csv", "headtohead.csv", "variants.csv", "rating_lists.csv"};
    for (size_t i = 0; i < 4; i++) {
        char *a = ts_fmt("out/%s", same[i]), *b = ts_fmt("ex/%s", same[i]);
        char *x = ts_slurp(ts_scratch, a), *y = ts_slurp(ts_scratch, b);
        cr_expect_str_eq(x, y, "%s", same[i]);
        free(x);
        free(y);
        free(a);
        free(b);
    }
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --illegal-games maybe -o x"), 2);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: --illegal-games is 'forfeit', 'result' or 'exclude', "
                          "not 'maybe'\n");
    free(err);
}

/* rating_lists.csv: one row per list; the chess players all met (A. Quill
 * through Cy, Bo through Ada).  --average 2300 moves every rating by 800;
 * --anchor fixes one player's, and her interval is a point. */
Test(cli_stats, rating_lists_and_placing)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out"), 0);
    expect_file("out/rating_lists.csv",
                "variant,players,games,groups,average,anchor,anchor_rating,white_advantage,"
                "white_advantage_ci_low,white_advantage_ci_high\n"
                "chess,4,4,1,1500,,,,,\n"
                "all,4,4,1,1500,,,,,\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --average 2300 -o avg"), 0);
    struct ts_csv a, b;
    char *pa = ts_fmt("%s/out/players.csv", ts_scratch), *pb = ts_fmt("%s/avg/players.csv", ts_scratch);
    cr_assert_eq(ts_csv_read(pa, &a), 0);
    cr_assert_eq(ts_csv_read(pb, &b), 0);
    for (size_t r = 1; r < a.nrows; r++) {
        double x = atof(ts_csv_get(&a, r, "rating")), y = atof(ts_csv_get(&b, r, "rating"));
        cr_expect(fabs(y - x - 800) < 0.11, "row %zu: %f %f", r, x, y);
        cr_expect_str_eq(ts_csv_get(&a, r, "gcr"), ts_csv_get(&b, r, "gcr"), "GCR is its own");
    }
    ts_csv_free(&a);
    ts_csv_free(&b);
    free(pa);
    free(pb);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --anchor Cy --anchor-rating 1800 -o anc"), 0);
    pa = ts_fmt("%s/anc/players.csv", ts_scratch);
    cr_assert_eq(ts_csv_read(pa, &a), 0);
    free(pa);
    size_t cy = a.nrows - 2;
    cr_expect_str_eq(ts_csv_get(&a, cy, "player"), "Cy");
    cr_expect_str_eq(ts_csv_get(&a, cy, "rating"), "1800");
    cr_expect_str_eq(ts_csv_get(&a, cy, "rating_ci_low"), "1800");
    cr_expect_str_eq(ts_csv_get(&a, cy, "rating_ci_high"), "1800");
    ts_csv_free(&a);
    char *lists = ts_slurp(ts_scratch, "anc/rating_lists.csv");
    cr_expect(strstr(lists, "\nchess,4,4,1,") && strstr(lists, ",Cy,1800,,,\n"), "%s", lists);
    free(lists);
}

/* Through the alias file, a spelling of the anchor names her; a name
 * rated nowhere is warned about. */
Test(cli_stats, anchor_through_aliases_and_unknown)
{
    put("stats.log", stats_log);
    put("alias.csv", "Ada Quill,A. Quill\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --player-alias alias.csv --anchor 'A. Quill' "
                                 "--anchor-rating 2000 -o out"), 0);
    char *lists = ts_slurp(ts_scratch, "out/rating_lists.csv");
    cr_expect(strstr(lists, ",Ada Quill,2000,"), "%s", lists);
    free(lists);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --anchor Nobody --anchor-rating 2000 -o x"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: --anchor 'Nobody' has no rated game: every rating "
                          "list has the mean 2000 instead\n");
    free(err);
}

/* The options that place the ratings come in pairs, never both. */
Test(cli_stats, placing_usage_errors)
{
    static const char *const cases[][2] = {
        {"--anchor Cy", "gcaudit: analyze: --anchor needs --anchor-rating R, the rating it fixes\n"},
        {"--anchor-rating 2000",
         "gcaudit: analyze: --anchor-rating needs --anchor NAME, the player it fixes\n"},
        {"--anchor Cy --anchor-rating 2000 --average 1500",
         "gcaudit: analyze: --anchor and --average both place the ratings: give one\n"},
        {"--average high", "gcaudit: analyze: --average wants a rating (a number), not 'high'\n"},
        {"--average 1e9", "gcaudit: analyze: --average wants a rating (a number), not '1e9'\n"},
        {"--anchor Cy --anchor-rating nan",
         "gcaudit: analyze: --anchor-rating wants a rating (a number), not 'nan'\n"},
        {"--anchor ''", "gcaudit: analyze: --anchor wants a player's name (at most 511 bytes)\n"},
    };
    put("stats.log", stats_log);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *args = ts_fmt("analyze -q stats.log %s -o out", cases[i][0]);
        cr_expect_eq(ts_gcaudit(ts_scratch, args), 2, "%s", args);
        char *err = ts_slurp(ts_scratch, "stderr.txt");
        cr_expect_str_eq(err, cases[i][1], "%s", args);
        free(err);
        free(args);
    }
}

/* Two pairs of players who never met: each rating list splits in two,
 * which is warned about (naming the groups, the larger first), and
 * --strict turns the warnings into exit status 2. */
static const char split_log[] =
    "Game: Chess\nWhite: Ann\nBlack: Ben\nResult: 1-0\n\n1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nWhite: Cat\nBlack: Dan\nResult: 0-1\n\n1. P e2-e4 1... p e7-e5\n\n"
    "Game: Chess\nWhite: Dan\nBlack: Eve\nResult: 1/2-1/2\n\n1. P e2-e4 1... p e7-e5\n";

Test(cli_stats, a_list_that_splits_is_warned_about)
{
    put("split.log", split_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q split.log -o out"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    const char *group = "2 groups of players never met, directly or through others, so ratings "
                        "from different groups cannot be compared: group 1 (3 players): Cat, Dan, "
                        "Eve; group 2 (2 players): Ann, Ben\n";
    char *want = ts_fmt("gcaudit: warning: rating list 'chess': %sgcaudit: warning: rating list "
                        "'all': %s", group, group);
    cr_expect_str_eq(err, want);
    free(want);
    free(err);
    expect_file("out/rating_lists.csv",
                "variant,players,games,groups,average,anchor,anchor_rating,white_advantage,"
                "white_advantage_ci_low,white_advantage_ci_high\n"
                "chess,5,3,2,1500,,,,,\n"
                "all,5,3,2,1500,,,,,\n");
    cr_expect_eq(count_rows("out/players.csv", "rating_group", "1"), 6);
    cr_expect_eq(count_rows("out/players.csv", "rating_group", "2"), 4);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q --strict split.log -o out"), 2);
}

/* --white-advantage: the term is fitted and reported with its interval. */
Test(cli_stats, white_advantage_is_reported)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log --white-advantage -o out"), 0);
    struct ts_csv t;
    char *path = ts_fmt("%s/out/rating_lists.csv", ts_scratch);
    cr_assert_eq(ts_csv_read(path, &t), 0);
    free(path);
    double w = atof(ts_csv_get(&t, 1, "white_advantage"));
    double lo = atof(ts_csv_get(&t, 1, "white_advantage_ci_low"));
    double hi = atof(ts_csv_get(&t, 1, "white_advantage_ci_high"));
    cr_expect(ts_csv_get(&t, 1, "white_advantage")[0] && lo < w && w < hi, "%f %f %f", lo, w, hi);
    ts_csv_free(&t);
}

/* ------------------------------------------------------------------ xlsx */

/* The named member of a zip file of the scratch directory, or NULL. */
static char *zip_member(const char *zip, const char *name)
{
    char *path = ts_fmt("%s/%s", ts_scratch, zip);
    char *text = ts_zip_member(path, name);
    free(path);
    return text;
}

/* Sheets in table order; numbers are <v> cells without a string type,
 * with the CSV's rounding; the header is frozen; columns have widths. */
Test(cli_stats, xlsx_workbook)
{
    put("stats.log", stats_log);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out --xlsx book.xlsx"), 0);
    char *wb = zip_member("book.xlsx", "xl/workbook.xml");
    cr_assert_not_null(wb, "book.xlsx is not a workbook");
    const char *sheets[] = {"name=\"variants\"", "name=\"terminations\"", "name=\"players\"",
                            "name=\"headtohead\""};
    const char *at = wb;
    for (int i = 0; i < 4; i++) {
        const char *p = strstr(at, sheets[i]);
        cr_expect_not_null(p, "%s in order", sheets[i]);
        if (p)
            at = p;
    }
    free(wb);
    char *v = zip_member("book.xlsx", "xl/worksheets/sheet1.xml");
    cr_assert_not_null(v);
    cr_expect(strstr(v, "<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" "
                        "state=\"frozen\"/>"), "header frozen");
    cr_expect(strstr(v, "<col min=\"1\" max=\"1\" width=\""), "columns sized");
    cr_expect(strstr(v, "<c r=\"B3\"><v>6</v></c>"), "chess games, a number: %s", v);
    /* A rate as the CSV rounds it, a fraction shown as a percentage (the
     * cell's style is the workbook's 0.0% format). */
    cr_expect(strstr(v, "<c r=\"L3\" s=\"2\"><v>0.2187</v></c>"), "a rate as the CSV rounds it");
    cr_expect(strstr(v, "<c r=\"A3\" t=\"inlineStr\"><is><t>chess</t></is></c>"), "text");
    cr_expect(!strstr(v, "r=\"H2\""), "an empty cell is not written");
    free(v);
    char *p = zip_member("book.xlsx", "xl/worksheets/sheet3.xml");
    cr_assert_not_null(p);
    cr_expect(strstr(p, "<t>Bo &lt;Lee&gt; &amp; \"Co\"</t>"), "names escaped: %s", p);
    free(p);
    /* Created on the day of the latest game, not today: s-7's 2024-09-20. */
    char *core = zip_member("book.xlsx", "docProps/core.xml");
    cr_assert_not_null(core);
    cr_expect(strstr(core, "<dcterms:created xsi:type=\"dcterms:W3CDTF\">2024-09-20T00:00:00Z"),
              "%s", core);
    free(core);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out --xlsx /proc/no/book.xlsx"), 3);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q stats.log -o out --xlsx"), 2);
}

/* The same input twice: every statistics file, the page and the workbook
 * are byte-identical. */
Test(cli_stats, reruns_are_byte_identical)
{
    put("stats.log", stats_log);
    char *args = ts_fmt("analyze -q stats.log '%s/oracle' -o a --xlsx a/book.xlsx", GC_FIXTURES);
    cr_assert_leq(ts_gcaudit(ts_scratch, args), 1);
    free(args);
    args = ts_fmt("analyze -q stats.log '%s/oracle' -o b --xlsx b/book.xlsx", GC_FIXTURES);
    cr_assert_leq(ts_gcaudit(ts_scratch, args), 1);
    free(args);
    const char *names[] = {"variants.csv", "terminations.csv", "players.csv", "headtohead.csv",
                           "summary.html", "book.xlsx"};
    for (int i = 0; i < 6; i++) {
        char *pa = ts_fmt("%s/a/%s", ts_scratch, names[i]), *pb = ts_fmt("%s/b/%s", ts_scratch, names[i]);
        size_t la, lb;
        char *a = ts_read_file(pa, &la), *b = ts_read_file(pb, &lb);
        cr_assert(a && b, "%s written twice", names[i]);
        cr_expect(la == lb && memcmp(a, b, la) == 0, "%s differs between two runs", names[i]);
        cr_expect_gt(la, 200, "%s is nearly empty", names[i]);
        free(a); free(b); free(pa); free(pb);
    }
}

/* The text of every cell of a sheet's XML longer than 1,000 bytes, in
 * order, as "CELL:LENGTH:LAST" (LENGTH in characters, LAST its last
 * character's bytes), one a line. */
static char *long_cells(const char *xml)
{
    size_t size = 1, len = 0;
    char *out = calloc(1, size);
    for (const char *p = xml; (p = strstr(p, "<c r=\"")) != NULL; p++) {
        const char *t = strstr(p, "<t>"), *end = t ? strstr(t, "</t>") : NULL;
        const char *next = strstr(p + 1, "<c r=\"");
        if (!end || (next && t > next) || end - t - 3 <= 1000)
            continue;
        size_t chars = 0;
        for (const char *q = t + 3; q < end; q++)
            chars += ((unsigned char)*q & 0xC0) != 0x80;
        const char *last = end - 1;
        while (last > t && ((unsigned char)*last & 0xC0) == 0x80)
            last--;
        char *line = ts_fmt("%.*s:%zu:%.*s\n", (int)strcspn(p + 6, "\""), p + 6, chars,
                            (int)(end - last), last);
        out = realloc(out, size += strlen(line));
        strcpy(out + len, line);
        len += strlen(line);
        free(line);
    }
    return out;
}

/* issue 29, item 3: a player name, a comment and an entry name of 40,000
 * characters each (over Excel's 32,767, libxlsxwriter's limit, which used
 * to lose the whole run: exit 3, no reports).  The workbook holds them cut
 * to 32,767 characters, the last an ellipsis; one warning says how many
 * and where the first is; every other report is written and holds them
 * whole; the exit status is the run's (0: every entry was read; the
 * game's second turn is illegal, which puts the comment in
 * violations.csv). */
Test(cli_stats, xlsx_cells_over_excels_limit_are_cut)
{
    const size_t big = 40000;
    char *name = malloc(big + 1), *comment = malloc(big + 1), *entry = malloc(big + 5);
    memset(name, 'N', big);
    memset(comment, 'C', big);
    memset(entry, 'E', big);
    name[big] = comment[big] = 0;
    strcpy(entry + big, ".log");
    char *log = ts_fmt("Game: Chess\nLog: l-1\nEvent: Cup\nWhite: %s\nBlack: Bo\nResult: 1-0\n\n"
                       "1. P e2-e4 1... p e7-e5\n2. B c1-g5 // %s\n", name, comment);
    /* A tar whose one entry has the long name (a pax header holds it). */
    size_t cap = 2 * strlen(log) + big + 65536, used = 0;
    char *tar = malloc(cap);
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    cr_assert_eq(archive_write_open_memory(a, tar, cap, &used), ARCHIVE_OK);
    struct archive_entry *e = archive_entry_new();
    ts_tar_file(e, entry, (int64_t)strlen(log));
    cr_assert_eq(archive_write_header(a, e), ARCHIVE_OK);
    cr_assert_eq(archive_write_data(a, log, strlen(log)), (la_ssize_t)strlen(log));
    archive_entry_free(e);
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    char *path = ts_fmt("%s/long.tar", ts_scratch);
    cr_assert_eq(ts_write_file(path, tar, used), 0);
    free(path);
    free(tar);

    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q long.tar -o out --xlsx book.xlsx"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: 'book.xlsx': 10 cells over Excel's limit of 32,767 "
                          "characters cut to fit, ending in '\xE2\x80\xA6' (the first: sheet "
                          "'players', cell A2); the CSV files hold them whole\n");
    free(err);
    /* Every report written, the long texts whole in the CSV files. */
    const char *reports[] = {"inputs.csv", "games.csv", "violations.csv", "variants.csv",
                             "terminations.csv", "players.csv", "headtohead.csv",
                             "standings.csv", "rating_lists.csv", "summary.html"};
    for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++) {
        char *p = ts_fmt("%s/out/%s", ts_scratch, reports[i]);
        char *text = ts_read_file(p, NULL);
        cr_expect_not_null(text, "%s written", reports[i]);
        free(text);
        free(p);
    }
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect(strstr(games, name) && strstr(games, entry), "games.csv holds them whole");
    free(games);
    char *violations = ts_slurp(ts_scratch, "out/violations.csv");
    cr_expect(strstr(violations, comment), "violations.csv holds the comment whole");
    free(violations);

    /* Where the workbook cut, each cell 32,767 characters, ending in the
     * ellipsis: the players (one row for all variants, one for Chess),
     * the standings, the rating list, the games (entry, White), the
     * violations (entry, player, comment) and the crosstable (under the
     * legend of its marks, the note on
     * the game under review, which names the player first were it scored
     * as declared, and the name: second, the game being Bo's by forfeit). */
    char *wb = zip_member("book.xlsx", "xl/workbook.xml");
    cr_assert_not_null(wb, "book.xlsx is a workbook");
    free(wb);
    const char *want[] = {
        [3] = "A2:32767:\xE2\x80\xA6\nA3:32767:\xE2\x80\xA6\n",
        [5] = "D3:32767:\xE2\x80\xA6\n",
        [7] = "B2:32767:\xE2\x80\xA6\nH2:32767:\xE2\x80\xA6\n",
        [8] = "B2:32767:\xE2\x80\xA6\nI2:32767:\xE2\x80\xA6\nM2:32767:\xE2\x80\xA6\n",
        [10] = "A4:32767:\xE2\x80\xA6\nB7:32767:\xE2\x80\xA6\n"};
    for (int i = 1; i <= 10; i++) {
        char *member = ts_fmt("xl/worksheets/sheet%d.xml", i);
        char *xml = zip_member("book.xlsx", member);
        cr_assert_not_null(xml, "%s", member);
        char *cells = long_cells(xml);
        cr_expect_str_eq(cells, want[i] ? want[i] : "", "%s", member);
        free(cells);
        free(xml);
        free(member);
    }
    free(log);
    free(name);
    free(comment);
    free(entry);
}
