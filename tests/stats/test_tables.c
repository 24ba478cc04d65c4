/*
 * The statistics tables (stats/tally.c, stats/tables.c) on a small set of
 * games whose every figure is worked out by hand in the comments: counts,
 * rates, Wilson and score intervals, mean and median length, termination
 * rows with their detail split, players by colour (Retro's colour switch
 * included), violations, head-to-head, row order, --min-games, and the
 * ratings of a list small enough to solve by hand.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

#define OK RP_STATUS_OK
#define ILL RP_STATUS_ILLEGAL
#define W RP_RESULT_WHITE
#define B RP_RESULT_BLACK
#define D RP_RESULT_DRAW
#define U RP_RESULT_NONE

/* The games.  Chess:
 *  1 Ada-Bob 1-0 ok 20 turns checkmate
 *  2 Bob-Ada draw ok 30 agreement claimable=threefold,fifty-moves
 *  3 Ada-Cy 0-1 ok 40 resignation
 *  4 Cy-Bob * ok 10 unfinished
 *  5 Bob-Cy illegal 5 (Bob entered 1 illegal turn)
 *  6 Ada-Bob malformed
 *  7 Dee-Ada 1-0 ok 25 checkmate
 *  8 Eve-Ada illegal 3 (Eve entered 2 illegal turns)
 * Retro, White:/Black: header persons Ada and Bob:
 *  9 colours switched, 1-0: Bob, White at the end, wins; 12 turns
 * 10 not switched, 0-1: Bob, Black, wins; 14 turns
 * Shogi (unsupported): 11 Ada-Bob declared 1-0. */
/* Details as the cli hands them over: typed pairs (rp_detail_split). */
#define PAIR(k, v, kind) {k, v, sizeof k - 1, sizeof v - 1, kind}
static const struct rp_detail claimable = {
    "claimable=threefold,fifty-moves", 1, {PAIR("claimable", "threefold,fifty-moves", RP_DETAIL_WORDS)}};
static const struct rp_detail points_18_11 = {
    "points=18-11", 1, {PAIR("points", "18-11", RP_DETAIL_MEASURE)}};
static const struct rp_detail points_10_12 = {
    "points=10-12", 1, {PAIR("points", "10-12", RP_DETAIL_MEASURE)}};

static const struct st_game games[] = {
    {"chess", OK, W, 20, "checkmate", NULL, "Ada", "Bob", 0, {0, 0}, NULL, 0},
    {"chess", OK, D, 30, "agreement", &claimable, "Bob", "Ada", 0, {0, 0}, NULL, 0},
    {"chess", OK, B, 40, "resignation", NULL, "Ada", "Cy", 0, {0, 0}, NULL, 0},
    {"chess", OK, U, 10, "unfinished", NULL, "Cy", "Bob", 0, {0, 0}, NULL, 0},
    {"chess", ILL, U, 5, "illegal", NULL, "Bob", "Cy", 0, {1, 0}, NULL, 0},
    {"chess", RP_STATUS_MALFORMED, U, 0, "", NULL, "Ada", "Bob", 0, {0, 0}, NULL, 0},
    {"chess", OK, W, 25, "checkmate", NULL, "Dee", "Ada", 0, {0, 0}, NULL, 0},
    {"chess", ILL, U, 3, "illegal", NULL, "Eve", "Ada", 0, {2, 0}, NULL, 0},
    {"retro", OK, W, 12, "setup-restored", &points_18_11, "Ada", "Bob", 1, {0, 0}, NULL, 0},
    {"retro", OK, B, 14, "points", &points_10_12, "Ada", "Bob", 0, {0, 0}, NULL, 0},
    {"Shogi", RP_STATUS_UNSUPPORTED, W, 0, NULL, NULL, "Ada", "Bob", 0, {0, 0}, NULL, 0},
};

static st_stats *build(uint64_t min_games)
{
    st_stats *s = st_stats_new();
    cr_assert_not_null(s);
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        cr_assert_eq(st_stats_add(s, &games[i]), 0);
    struct st_options o = {.min_games = min_games};
    cr_assert_eq(st_stats_finish(s, &o), 0);
    return s;
}

/* Columns [from, to) of a row as the CSV shows them, joined by commas. */
static char *cols(const st_stats *s, enum st_table t, size_t row, size_t from, size_t to)
{
    struct st_cell cells[32];
    static char line[1024];
    char buf[64];
    st_table_row(s, t, row, cells);
    line[0] = '\0';
    for (size_t c = from; c < to; c++) {
        if (c > from)
            strcat(line, ",");
        strcat(line, st_cell_text(&cells[c], buf, sizeof buf));
    }
    return line;
}

static char *row(const st_stats *s, enum st_table t, size_t r)
{
    return cols(s, t, r, 0, st_table_ncols(t));
}

/* Variants in byte order: "Shogi" < "chess" < "retro".
 * chess: 8 games, valid 1 2 3 7 (4): white 2, black 1, draws 1; game 4
 * unfinished; illegal 5 and 8 of 7 replayed (2/7 = 0.2857); game 6
 * malformed.  Rates 0.5, 0.25, 0.25 with Wilson (2 of 4) 0.15-0.85 and
 * (1 of 4) 0.0456-0.6994; (2 of 7) 0.0822-0.6411.  Score (2 + 1/2)/4 =
 * 0.625, variance (2 * 0.375^2 + 0.125^2 + 0.625^2)/4 = 0.171875, half-width
 * 1.96 * sqrt(0.171875/4) = 0.4063: 0.2187-1 (clipped).  Turns 20 30 40
 * 25: mean 28.75, median (25 + 30)/2 = 27.5.
 * retro: 2 valid, white 1 black 1: 0.5 each, Wilson (1 of 2) 0.0945-0.9055,
 * draws (0 of 2) 0-0.6576; score 0.5, variance 0.25, half-width
 * 1.96 * sqrt(0.25/2) = 0.693: 0-1.  Turns 12, 14: 13 and 13. */
Test(stats_tables, variants_rows)
{
    st_stats *s = build(0);
    cr_assert_eq(st_table_nrows(s, ST_TABLE_VARIANTS), 3);
    cr_expect_str_eq(row(s, ST_TABLE_VARIANTS, 0),
                     "Shogi,1,0,0,0,0,0,,,,,,,,,0,,,,,,,,,,0,1");
    cr_expect_str_eq(row(s, ST_TABLE_VARIANTS, 1),
                     "chess,8,4,2,1,1,1,0.5,0.25,0.25,0.625,0.2187,1,28.75,27.5,2,0.2857,"
                     "0.15,0.85,0.0456,0.6994,0.0456,0.6994,0.0822,0.6411,1,0");
    cr_expect_str_eq(row(s, ST_TABLE_VARIANTS, 2),
                     "retro,2,2,1,1,0,0,0.5,0.5,0,0.5,0,1,13,13,0,0,"
                     "0.0945,0.9055,0.0945,0.9055,0,0.6576,0,0.6576,0,0");
    st_stats_free(s);
}

/* Shares over the games with a termination: chess has 7 (all but the
 * malformed one), retro 2.  The draw's claimable list counts once per item;
 * rows without detail only in the termination's total row; Retro's
 * points=W-B is a score, not a category, and gives no row. */
Test(stats_tables, terminations_rows)
{
    st_stats *s = build(0);
    const char *want[] = {
        "chess,agreement,,,1,0.1429",
        "chess,agreement,claimable,fifty-moves,1,0.1429",
        "chess,agreement,claimable,threefold,1,0.1429",
        "chess,checkmate,,,2,0.2857",
        "chess,illegal,,,2,0.2857",
        "chess,resignation,,,1,0.1429",
        "chess,unfinished,,,1,0.1429",
        "retro,points,,,1,0.5",
        "retro,setup-restored,,,1,0.5",
    };
    size_t n = sizeof want / sizeof want[0];
    cr_assert_eq(st_table_nrows(s, ST_TABLE_TERMINATIONS), n);
    for (size_t i = 0; i < n; i++)
        cr_expect_str_eq(row(s, ST_TABLE_TERMINATIONS, i), want[i], "row %zu", i);
    st_stats_free(s);
}

/* Chess: Ada won 1 (White), drew 2 (Black), lost 3 (White) and 7 (Black):
 * 1.5 points of 4, as White (1 + 0)/2 = 0.5, as Black (0.5 + 0)/2 = 0.25.  Bob: lost 1 (Black), drew 2 (White); 1 illegal turn in 5.
 * Retro: in game 9 the persons switched, so Bob ended as White and won
 * as White; in 10 Bob won as Black.  `all` adds the lists up: Ada 6
 * games, 1.5 points, White in 1 3 10 (1 point: 0.3333), Black in 2 7 9
 * (0.5: 0.1667).  Eve has no valid game, only violations: no rates, no
 * rating. */
Test(stats_tables, players_rows)
{
    st_stats *s = build(0);
    const char *want[] = {
        "Ada,chess,4,1,1,2,1.5,0.375,2,0.5,2,0.25",
        "Ada,retro,2,0,0,2,0,0,1,0,1,0",
        "Ada,all,6,1,1,4,1.5,0.25,3,0.3333,3,0.1667",
        "Bob,chess,2,0,1,1,0.5,0.25,1,0.5,1,0",
        "Bob,retro,2,2,0,0,2,1,1,1,1,1",
        "Bob,all,4,2,1,1,2.5,0.625,2,0.75,2,0.5",
        "Cy,chess,1,1,0,0,1,1,0,,1,1",
        "Cy,all,1,1,0,0,1,1,0,,1,1",
        "Dee,chess,1,1,0,0,1,1,1,1,0,",
        "Dee,all,1,1,0,0,1,1,1,1,0,",
        "Eve,chess,0,0,0,0,0,,0,,0,",
        "Eve,all,0,0,0,0,0,,0,,0,",
    };
    const char *violations[] = {"0", "0", "0", "1", "0", "1", "0", "0", "0", "0", "2", "2"};
    size_t n = sizeof want / sizeof want[0];
    cr_assert_eq(st_table_nrows(s, ST_TABLE_PLAYERS), n);
    for (size_t i = 0; i < n; i++) {
        cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, i, 0, ST_P_RATING), want[i], "row %zu", i);
        cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, i, ST_P_VIOLATIONS, ST_P_VIOLATIONS + 1),
                         violations[i], "violations of row %zu", i);
    }
    /* Eve: no rating at all. */
    cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, 10, ST_P_RATING, ST_P_VIOLATIONS), ",,");
    cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, 10, ST_P_GCR, ST_P_COLS), ",");
    st_stats_free(s);
}

/* Game Courier ratings (stats/gcr.c) of the lists, and their groups.
 * chess: pairs in name order Ada-Bob (2 games, Ada 1.5), Ada-Cy (1, Ada 0),
 * Ada-Dee (1, Ada 0).  Forward, from 1500:
 *   Ada-Bob: 400 (0.75 - 0.5) 2/12 = 16.6667: Ada 1516.6667, Bob 1483.3333;
 *   Ada-Cy: expected 0.5 + 16.6667/800 = 0.520833, 400 (0 - 0.520833)/11 =
 *     -18.9394: Ada 1497.7273, Cy 1518.9394;
 *   Ada-Dee: expected 0.5 - 2.2727/800, change -18.0785: Ada 1479.6488,
 *     Dee 1518.0785.
 * Reverse: Ada-Dee -18.1818 (Ada 1481.8182, Dee 1518.1818); Ada-Cy
 *   expected 0.477273, -17.3554 (Ada 1464.4628, Cy 1517.3554); Ada-Bob
 *   expected 0.5 - 35.5372/800 = 0.455579, 400 (0.75 - 0.455579) 2/12 =
 *   19.6281 (Ada 1484.0909, Bob 1480.3719).
 * GCR, the mean: Ada 1481.8698, Bob 1481.8526, Cy 1518.1474, Dee 1518.1302.
 * retro: Bob 2 of 2: 400 (1 - 0.5) 2/12 = 33.3333 both ways: 1533.3, 1466.7.
 * all: Ada-Bob 4 games (1.5 + 0 for Ada), then as chess: Ada 1453.3501,
 * Bob 1511.7473, Cy 1517.4439, Dee 1517.4587.  Everyone played Ada: one
 * group in every list. */
Test(stats_tables, game_courier_ratings_and_groups)
{
    st_stats *s = build(0);
    static const char *const want[] = {
        "1481.9,1", "1466.7,1", "1453.4,1", "1481.9,1", "1533.3,1", "1511.7,1",
        "1518.1,1", "1517.4,1", "1518.1,1", "1517.5,1", ",", ",",
    };
    for (size_t i = 0; i < 12; i++)
        if (want[i])
            cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, i, ST_P_GCR, ST_P_COLS), want[i],
                             "row %zu", i);
    const struct st_player_rec *ada = &s->pl[s->pl_rows[0]], *bob = &s->pl[s->pl_rows[3]];
    cr_expect(fabs(ada->gcr - 1481.869834710744) < 1e-9, "Ada %.12f", ada->gcr);
    cr_expect(fabs(bob->gcr - 1481.852617079890) < 1e-9, "Bob %.12f", bob->gcr);
    cr_expect(fabs(s->pl[s->pl_rows[6]].gcr - 1518.147382920110) < 1e-9, "Cy");
    cr_expect(fabs(s->pl[s->pl_rows[8]].gcr - 1518.130165289256) < 1e-9, "Dee");
    st_stats_free(s);
}

/* Retro is a two-player list: Bob 2 of 2 against Ada.  Bob = 1500 + x with
 * x / sd^2 = c (2 - 2 p(2x)), c = ln 10 / 400, solved here by bisection;
 * the interval is x +- 1.96 / sqrt(2 (2w + 1/sd^2)), w = 2 c^2 p (1-p). */
Test(stats_tables, ratings_of_a_two_player_list)
{
    st_stats *s = build(0);
    double c = log(10) / 400, iv = 1 / (ST_RATING_PRIOR_SD * ST_RATING_PRIOR_SD), lo = 0, hi = 5000;
    for (int i = 0; i < 200; i++) {
        double x = (lo + hi) / 2;
        if (c * (2 - 2 / (1 + pow(10, -2 * x / 400))) - x * iv > 0)
            lo = x;
        else
            hi = x;
    }
    double p = 1 / (1 + pow(10, -2 * lo / 400)), w = 2 * c * c * p * (1 - p);
    double half = ST_Z95 / sqrt(2 * (2 * w + iv));
    char want[128];
    snprintf(want, sizeof want, "%.1f,%.1f,%.1f", 1500 + lo, 1500 + lo - half, 1500 + lo + half);
    cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, 4, ST_P_RATING, ST_P_VIOLATIONS), want, "Bob, retro");
    snprintf(want, sizeof want, "%.1f,%.1f,%.1f", 1500 - lo, 1500 - lo - half, 1500 - lo + half);
    cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, 1, ST_P_RATING, ST_P_VIOLATIONS), want, "Ada, retro");

    /* Chess: Ada, Bob, Cy, Dee are rated, centred on 1500; Ada, who lost
     * to Cy and Dee, is below them. */
    struct st_cell cells[ST_P_COLS];
    double sum = 0, ada = 0, cy = 0;
    size_t chess_rows[] = {0, 3, 6, 8};
    for (int i = 0; i < 4; i++) {
        st_table_row(s, ST_TABLE_PLAYERS, chess_rows[i], cells);
        cr_assert_eq(cells[ST_P_RATING].kind, ST_CELL_REAL);
        sum += cells[ST_P_RATING].value;
        if (i == 0)
            ada = cells[ST_P_RATING].value;
        if (i == 2)
            cy = cells[ST_P_RATING].value;
    }
    cr_expect(fabs(sum - 4 * 1500) < 1e-6, "sum %.9f", sum);
    cr_expect(ada < cy);
    st_stats_free(s);
}

/* ---------------------------------------- a list that repeats another */

/* 60 games among 8 players in `variant`, results in a fixed cycle. */
static void add_league(st_stats *s, const char *variant, int from, int to)
{
    static const char *const names[] = {"P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"};
    static const enum rp_result results[] = {W, B, D, W, W, B, D};
    for (int i = from; i < to; i++) {
        int w = i % 8, b = (i * 3 + 1 + i / 8) % 8;
        if (w == b)
            b = (b + 1) % 8;
        struct st_game g = {variant, OK, results[i % 7], 30, "checkmate", NULL, names[w], names[b],
                            0, {0, 0}, NULL, 0};
        cr_assert_eq(st_stats_add(s, &g), 0);
    }
}

static st_stats *league(const char *first, const char *second)
{
    st_stats *s = st_stats_new();
    cr_assert_not_null(s);
    add_league(s, first, 0, 40);
    add_league(s, second, 40, 60);
    cr_assert_eq(st_stats_finish(s, NULL), 0);
    return s;
}

/* The rating cells of a player in a list, exactly. */
static void rating_of(const st_stats *s, const char *player, const char *variant, double out[3])
{
    struct st_cell c[ST_P_COLS];
    for (size_t r = 0; r < st_table_nrows(s, ST_TABLE_PLAYERS); r++) {
        st_table_row(s, ST_TABLE_PLAYERS, r, c);
        if (strcmp(c[ST_P_PLAYER].text, player) == 0 && strcmp(c[ST_P_VARIANT].text, variant) == 0) {
            cr_assert_eq(c[ST_P_RATING].kind, ST_CELL_REAL, "%s %s rated", player, variant);
            for (int i = 0; i < 3; i++)
                out[i] = c[ST_P_RATING + i].value;
            return;
        }
    }
    cr_assert_fail("no row for %s in %s", player, variant);
}

/* With one variant rated, the `all` list is that list over again and
 * takes its ratings (tables.c copies them rather than fitting twice):
 * each player's, not a neighbour's, and the same numbers a fit of `all`
 * on its own gives.  With two, `all` is fitted on every game: the same as
 * one list holding all of them, and not the first list's. */
Test(stats_tables, a_list_that_repeats_another_has_its_ratings)
{
    st_stats *one = league("chess", "chess"), *two = league("chess", "retro");
    char player[3] = "P0";
    int differs = 0;
    for (int i = 0; i < 8; i++, player[1]++) {
        double chess[3], all[3], all_one[3], all_two[3], chess_two[3];
        rating_of(one, player, "chess", chess);
        rating_of(one, player, ST_ALL_VARIANTS, all);
        rating_of(two, player, ST_ALL_VARIANTS, all_two);
        rating_of(two, player, "chess", chess_two);
        rating_of(one, player, ST_ALL_VARIANTS, all_one);
        for (int k = 0; k < 3; k++) {
            cr_expect_eq(all[k], chess[k], "%s: all is chess", player);
            cr_expect_eq(all_two[k], all_one[k], "%s: all of two variants fits every game", player);
        }
        differs |= chess_two[0] != all_two[0];
    }
    cr_expect(differs, "the chess list of 40 games is not the all list of 60");
    st_stats_free(one);
    st_stats_free(two);
}

/* The lists are fitted side by side with threads (st_options.threads),
 * and the events' standings built beside them: four lists of their own
 * (chess, retro, shatranj, all) and one that repeats another (xiangqi's
 * games are chess's), and three events, finished by one thread and by
 * three, give every row of every table the same bytes. */
static st_stats *leagues_with(const struct st_options *o);

static st_stats *leagues(unsigned threads)
{
    struct st_options o = {.threads = threads, .white_advantage = 1};
    return leagues_with(&o);
}

static st_stats *leagues_with(const struct st_options *o)
{
    st_stats *s = st_stats_new();
    cr_assert_not_null(s);
    add_league(s, "chess", 0, 40);
    add_league(s, "retro", 40, 60);
    add_league(s, "shatranj", 10, 35);
    add_league(s, "xiangqi", 0, 40);
    static const char *const events[] = {"Round 10", "Round 2", "Cup"};
    static const char *const names[] = {"P0", "P1", "P2", "P3", "P4"};
    static const enum rp_result results[] = {W, D, B, W};
    for (int i = 0; i < 30; i++) {
        struct st_game g = {"shatranj", OK, results[i % 4], 20, "checkmate", NULL,
                            names[i % 5], names[(i / 5 + i + 1) % 5], 0, {0, 0},
                            events[i % 3], 0};
        if (strcmp(g.white, g.black) != 0)
            cr_assert_eq(st_stats_add(s, &g), 0);
    }
    cr_assert_eq(st_stats_finish(s, o), 0);
    return s;
}

Test(stats_tables, lists_fitted_by_threads_are_the_same)
{
    st_stats *one = leagues(1), *three = leagues(3);
    cr_assert_eq(st_table_nrows(one, ST_TABLE_RATING_LISTS), 5);
    cr_assert_gt(st_table_nrows(one, ST_TABLE_STANDINGS), 10);
    cr_assert_geq(st_events(three), 3, "%zu events", st_events(three));
    for (int t = 0; t < ST_TABLE_COUNT; t++) {
        cr_assert_eq(st_table_nrows(one, (enum st_table)t),
                     st_table_nrows(three, (enum st_table)t));
        for (size_t r = 0; r < st_table_nrows(one, (enum st_table)t); r++) {
            char want[1024];
            snprintf(want, sizeof want, "%s", row(one, (enum st_table)t, r));
            cr_expect_str_eq(row(three, (enum st_table)t, r), want, "table %d row %zu", t, r);
        }
    }
    /* xiangqi took chess's ratings; all differs from both. */
    double chess[3], xiangqi[3], all[3];
    rating_of(three, "P3", "chess", chess);
    rating_of(three, "P3", "xiangqi", xiangqi);
    rating_of(three, "P3", ST_ALL_VARIANTS, all);
    for (int k = 0; k < 3; k++)
        cr_expect_eq(xiangqi[k], chess[k]);
    cr_expect_neq(all[0], chess[0]);
    st_stats_free(one);
    st_stats_free(three);
}

/* What standings_done saw: every row of the standings as it was then,
 * how often it was called, and whether on the thread that finished. */
struct seen {
    pthread_t finisher;
    int calls, same_thread;
    size_t events, rows;
    char text[4096];
};

static void standings_seen(void *ctx, const st_stats *s)
{
    struct seen *v = ctx;
    v->calls++;
    v->same_thread = pthread_equal(pthread_self(), v->finisher);
    v->events = st_events(s);
    v->rows = st_table_nrows(s, ST_TABLE_STANDINGS);
    size_t at = 0;
    for (size_t r = 0; r < v->rows; r++)
        at += (size_t)snprintf(v->text + at, sizeof v->text - at, "%s\n",
                               row(s, ST_TABLE_STANDINGS, r));
    cr_assert_lt(at, sizeof v->text);
}

/* standings_done is called once, with the standings complete (every row
 * the same as once st_stats_finish returns): by the finishing thread
 * with one thread, by another beside the fits with three. */
Test(stats_tables, standings_done_sees_the_finished_standings)
{
    for (unsigned threads = 1; threads <= 3; threads += 2) {
        struct seen v = {pthread_self(), 0, 0, 0, 0, {0}};
        struct st_options o = {.threads = threads, .white_advantage = 1,
                               .standings_done = standings_seen, .standings_ctx = &v};
        st_stats *s = leagues_with(&o);
        cr_expect_eq(v.calls, 1);
        cr_expect_eq(v.same_thread, threads == 1, "threads %u", threads);
        cr_expect_eq(v.events, st_events(s));
        cr_assert_eq(v.rows, st_table_nrows(s, ST_TABLE_STANDINGS));
        cr_assert_gt(v.rows, 10);
        size_t at = 0;
        for (size_t r = 0; r < v.rows; r++) {
            const char *now = row(s, ST_TABLE_STANDINGS, r);
            size_t n = strlen(now);
            cr_expect(strncmp(v.text + at, now, n) == 0 && v.text[at + n] == '\n',
                      "threads %u, row %zu: %s", threads, r, now);
            at += n + 1;
        }
        st_stats_free(s);
    }
}

/* Pairs in byte order of the names, a_wins for the first: chess Ada-Bob
 * (game 1 Ada, game 2 a draw), Ada-Cy (game 3 Cy), Ada-Dee (game 7 Dee);
 * retro Ada-Bob 0-2; `all` adds them up. */
Test(stats_tables, headtohead_rows)
{
    st_stats *s = build(0);
    const char *want[] = {
        "Ada,Bob,chess,2,1,1,0", "Ada,Bob,retro,2,0,0,2", "Ada,Bob,all,4,1,1,2",
        "Ada,Cy,chess,1,0,0,1", "Ada,Cy,all,1,0,0,1",
        "Ada,Dee,chess,1,0,0,1", "Ada,Dee,all,1,0,0,1",
    };
    size_t n = sizeof want / sizeof want[0];
    cr_assert_eq(st_table_nrows(s, ST_TABLE_HEADTOHEAD), n);
    for (size_t i = 0; i < n; i++)
        cr_expect_str_eq(cols(s, ST_TABLE_HEADTOHEAD, i, 0, ST_H_A_SCORE_RATE), want[i],
                         "row %zu", i);
    /* cutechess-cli's figures (stats/match.c): Ada-Bob chess 1 win, 1 draw:
     * score 0.75, 190.8 Elo; per-game deviation sqrt((0.5 (0.25)^2 + 0.5
     * (0.25)^2)) = 0.25, / sqrt 2: the interval 0.75 -+ 0.3465 leaves (0, 1),
     * so no error; LOS from 1 decisive game: (1 + erf(1/sqrt 2))/2 = 0.8413;
     * draws 1 of 2.  Ada-Bob retro 0-2: score 0, no difference, LOS 0.0786
     * ((1 + erf(-2/2))/2); all: 1 win, 1 draw, 2 losses: score 0.375,
     * -88.7 Elo, LOS (1 + erf(-1/sqrt 6))/2 = 0.2819. */
    cr_expect_str_eq(cols(s, ST_TABLE_HEADTOHEAD, 0, ST_H_A_SCORE_RATE, ST_H_COLS),
                     "0.75,190.8,,0.8413,0.5");
    cr_expect_str_eq(cols(s, ST_TABLE_HEADTOHEAD, 1, ST_H_A_SCORE_RATE, ST_H_COLS),
                     "0,,,0.0786,0");
    cr_expect_str_eq(cols(s, ST_TABLE_HEADTOHEAD, 2, ST_H_A_SCORE_RATE, ST_H_COLS),
                     "0.375,-88.7,,0.2819,0.25");
    st_stats_free(s);
}

/* --min-games 2 leaves out Cy, Dee and Eve (fewer than 2 valid games) from
 * players.csv; the ratings are fitted on every game all the same. */
Test(stats_tables, min_games_hides_rows_only)
{
    st_stats *all = build(0), *some = build(2);
    cr_assert_eq(st_table_nrows(some, ST_TABLE_PLAYERS), 6);
    cr_expect_str_eq(cols(some, ST_TABLE_PLAYERS, 5, 0, 2), "Bob,all");
    char a[256];
    strcpy(a, row(all, ST_TABLE_PLAYERS, 0));
    cr_expect_str_eq(row(some, ST_TABLE_PLAYERS, 0), a, "Ada's chess rating is unchanged");
    cr_expect_eq(st_table_nrows(some, ST_TABLE_HEADTOHEAD), 7);
    st_stats_free(all);
    st_stats_free(some);
}

/* Names sort by their bytes (UTF-8: code points): "Zoe" < "adam" <
 * "Émile".  A game without a second name, or against oneself, counts for
 * the variant but for no player or pair. */
Test(stats_tables, byte_order_and_unnamed_players)
{
    st_stats *s = st_stats_new();
    struct st_game g[] = {
        {"chess", OK, W, 10, "checkmate", NULL, "\xC3\x89mile", "Zoe", 0, {0, 0}, NULL, 0},
        {"chess", OK, B, 10, "checkmate", NULL, "adam", "\xC3\x89mile", 0, {0, 0}, NULL, 0},
        {"chess", OK, W, 10, "checkmate", NULL, "adam", "", 0, {0, 0}, NULL, 0},
        {"chess", OK, W, 10, "checkmate", NULL, NULL, "adam", 0, {0, 0}, NULL, 0},
        {"chess", OK, D, 10, "agreement", NULL, "Zoe", "Zoe", 0, {0, 0}, NULL, 0},
    };
    for (size_t i = 0; i < 5; i++)
        cr_assert_eq(st_stats_add(s, &g[i]), 0);
    cr_assert_eq(st_stats_finish(s, NULL), 0);
    cr_expect_str_eq(cols(s, ST_TABLE_VARIANTS, 0, 0, 6), "chess,5,5,3,1,1");
    const char *want[] = {"Zoe,chess,1,0,0,1", "Zoe,all,1,0,0,1", "adam,chess,1,0,0,1",
                          "adam,all,1,0,0,1", "\xC3\x89mile,chess,2,2,0,0",
                          "\xC3\x89mile,all,2,2,0,0"};
    cr_assert_eq(st_table_nrows(s, ST_TABLE_PLAYERS), 6);
    for (size_t i = 0; i < 6; i++)
        cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, i, 0, 6), want[i], "row %zu", i);
    cr_expect_str_eq(cols(s, ST_TABLE_HEADTOHEAD, 0, 0, ST_H_A_SCORE_RATE),
                     "Zoe,\xC3\x89mile,chess,1,0,0,1");
    cr_expect_str_eq(cols(s, ST_TABLE_HEADTOHEAD, 2, 0, ST_H_A_SCORE_RATE),
                     "adam,\xC3\x89mile,chess,1,0,0,1");
    st_stats_free(s);
}

/* Several pairs in one detail each get the game; a pair repeated in one
 * game counts once; a key without a value counts with an empty one; a
 * measurement gives no row, whatever its characters (the kind says). */
Test(stats_tables, detail_splitting)
{
    st_stats *s = st_stats_new();
    const struct rp_detail d[] = {
        {"", 2, {PAIR("board", "left", RP_DETAIL_WORDS), PAIR("extinct", "Q,N", RP_DETAIL_WORDS)}},
        {"", 3, {PAIR("board", "right", RP_DETAIL_WORDS), PAIR("board", "right", RP_DETAIL_WORDS),
                 PAIR("moves", "12", RP_DETAIL_MEASURE)}},
        {"", 3, {PAIR("odd", "", RP_DETAIL_WORDS), PAIR("extinct", ",Q", RP_DETAIL_WORDS),
                 PAIR("moves", "twelve", RP_DETAIL_MEASURE)}},
    };
    struct st_game g[] = {
        {"backlash", OK, W, 30, "king-captured", &d[0], "A", "B", 0, {0, 0}, NULL, 0},
        {"backlash", OK, B, 30, "king-captured", &d[1], "A", "B", 0, {0, 0}, NULL, 0},
        {"backlash", OK, B, 30, "king-captured", &d[2], "A", "B", 0, {0, 0}, NULL, 0},
    };
    for (size_t i = 0; i < 3; i++)
        cr_assert_eq(st_stats_add(s, &g[i]), 0);
    cr_assert_eq(st_stats_finish(s, NULL), 0);
    const char *want[] = {
        "backlash,king-captured,,,3,1",
        "backlash,king-captured,board,left,1,0.3333",
        "backlash,king-captured,board,right,1,0.3333",
        "backlash,king-captured,extinct,N,1,0.3333",
        "backlash,king-captured,extinct,Q,2,0.6667",
        "backlash,king-captured,odd,,1,0.3333",
    };
    cr_assert_eq(st_table_nrows(s, ST_TABLE_TERMINATIONS), 6);
    for (size_t i = 0; i < 6; i++)
        cr_expect_str_eq(row(s, ST_TABLE_TERMINATIONS, i), want[i], "row %zu", i);
    st_stats_free(s);
}

/* The median from the histogram: odd and even counts, a gap. */
Test(stats_tables, median_of_a_histogram)
{
    uint64_t h[] = {0, 2, 0, 1, 0, 0, 1}; /* 1 1 3 6 */
    cr_expect_eq(st_hist_median(h, 7, 4), 2.0);
    uint64_t odd[] = {0, 1, 0, 5}; /* 1 3 3 3 3 3 */
    cr_expect_eq(st_hist_median(odd, 4, 6), 3.0);
    uint64_t one[] = {0, 0, 7};
    cr_expect_eq(st_hist_median(one, 3, 7), 2.0);
}

/* How cells print: counts plain, reals to their decimals without trailing
 * zeros, never "-0". */
Test(stats_tables, cell_text)
{
    char buf[64];
    struct st_cell c = {ST_CELL_REAL, NULL, 0.53, 4};
    cr_expect_str_eq(st_cell_text(&c, buf, sizeof buf), "0.53");
    c.value = 1.0;
    cr_expect_str_eq(st_cell_text(&c, buf, sizeof buf), "1");
    c.value = 2.0 / 3;
    cr_expect_str_eq(st_cell_text(&c, buf, sizeof buf), "0.6667");
    c.value = -1e-9;
    cr_expect_str_eq(st_cell_text(&c, buf, sizeof buf), "0");
    c = (struct st_cell){ST_CELL_REAL, NULL, 1523.45, 1};
    cr_expect_str_eq(st_cell_text(&c, buf, sizeof buf), "1523.5");
    c = (struct st_cell){ST_CELL_INT, NULL, 12345678901.0, 0};
    cr_expect_str_eq(st_cell_text(&c, buf, sizeof buf), "12345678901");
    c = (struct st_cell){ST_CELL_EMPTY, NULL, 0, 0};
    cr_expect_str_eq(st_cell_text(&c, buf, sizeof buf), "");
}

/* ------------------------------------------------------ Ordo's options */

static void add(st_stats *s, const char *variant, const char *white, const char *black,
                enum rp_result r, int swapped)
{
    struct st_game g = {variant, OK, r, 10, "checkmate", NULL, white, black, swapped, {0, 0},
                        NULL, 0};
    cr_assert_eq(st_stats_add(s, &g), 0);
}

/* The white-advantage fit gets each pair's games split by colour, whatever
 * order the names were first seen in: Bob (White) beats Ada, Ada (White)
 * beats Bob, Ada (White) draws Bob, Ada beats Cy (White), Bob (White)
 * beats Cy.  In name order the colour pairs are Ada-Bob with Ada White:
 * 2 games, 1.5 points; with Bob White: 1 game, 0 for Ada; Ada-Cy with Cy
 * White: 1 game, 1 for Ada; Bob-Cy with Bob White: 1 game, 1 for Bob.  The
 * list's fit is that one, number for number. */
Test(stats_tables, white_advantage_sees_the_colours)
{
    st_stats *s = st_stats_new();
    add(s, "chess", "Bob", "Ada", W, 0);
    add(s, "chess", "Ada", "Bob", W, 0);
    add(s, "chess", "Ada", "Bob", D, 0);
    add(s, "chess", "Cy", "Ada", B, 0);
    add(s, "chess", "Bob", "Cy", W, 0);
    struct st_options o = {.white_advantage = 1};
    cr_assert_eq(st_stats_finish(s, &o), 0);
    struct st_rating_pair p[4] = {
        {0, 1, 2, 1.5, 1}, {0, 1, 1, 0, -1}, {0, 2, 1, 1, -1}, {1, 2, 1, 1, 1}};
    double r[3], se[3];
    struct st_rating_fit_out out;
    cr_assert_eq(st_rating_fit_ex(3, p, 4, ST_RATING_PRIOR_SD, 1, SIZE_MAX, r, se, &out), 0);
    cr_assert_eq(st_table_nrows(s, ST_TABLE_RATING_LISTS), 2);
    cr_expect(s->lists[0].white_advantage == out.white_advantage, "%.12f vs %.12f",
              s->lists[0].white_advantage, out.white_advantage);
    cr_expect(s->lists[0].white_se == out.white_advantage_se);
    cr_expect(s->pl[s->pl_rows[0]].rating == r[0] && s->pl[s->pl_rows[2]].rating == r[1]);
    char want[128], lo[32], hi[32];
    struct st_cell c = {ST_CELL_REAL, NULL, out.white_advantage - ST_Z95 * out.white_advantage_se, 1};
    st_cell_text(&c, lo, sizeof lo);
    c.value = out.white_advantage + ST_Z95 * out.white_advantage_se;
    st_cell_text(&c, hi, sizeof hi);
    c.value = out.white_advantage;
    snprintf(want, sizeof want, "chess,3,5,1,1500,,,%s,%s,%s", st_cell_text(&c, (char[32]){0}, 32),
             lo, hi);
    cr_expect_str_eq(row(s, ST_TABLE_RATING_LISTS, 0), want);
    st_stats_free(s);
}

/* A list that splits: Ada-Bob in chess, and Cy, Dee, Eve among themselves.
 * Groups are numbered largest first: 1 = Cy, Dee, Eve; 2 = Ada, Bob.  The
 * rating_lists row says 2 groups; the names come in byte order. */
Test(stats_tables, groups_of_a_list_that_never_met)
{
    st_stats *s = st_stats_new();
    add(s, "chess", "Ada", "Bob", W, 0);
    add(s, "chess", "Dee", "Cy", D, 0);
    add(s, "chess", "Eve", "Dee", B, 0);
    cr_assert_eq(st_stats_finish(s, NULL), 0);
    cr_assert_eq(st_table_nrows(s, ST_TABLE_RATING_LISTS), 2);
    cr_expect_str_eq(cols(s, ST_TABLE_RATING_LISTS, 0, 0, 5), "chess,5,3,2,1500");
    cr_expect_str_eq(cols(s, ST_TABLE_RATING_LISTS, 1, 0, 5), "all,5,3,2,1500");
    cr_expect_str_eq(st_rating_list_name(s, 1), "all");
    cr_expect_eq(st_rating_list_groups(s, 0), 2);
    const char *names[2];
    cr_expect_eq(st_rating_group_names(s, 0, 1, names, 2), 3);
    cr_expect_str_eq(names[0], "Cy");
    cr_expect_str_eq(names[1], "Dee");
    cr_expect_eq(st_rating_group_names(s, 0, 2, names, 2), 2);
    cr_expect_str_eq(names[0], "Ada");
    cr_expect_str_eq(names[1], "Bob");
    cr_expect_eq(st_rating_group_names(s, 0, 3, names, 2), 0);
    /* players.csv: Ada chess, Ada all, Bob ..., Cy ... */
    cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, 0, ST_P_RATING_GROUP, ST_P_COLS), "2");
    cr_expect_str_eq(cols(s, ST_TABLE_PLAYERS, 4, ST_P_RATING_GROUP, ST_P_COLS), "1");
    st_stats_free(s);
}

/* --average R centres every list on R; --anchor NAME --anchor-rating R
 * gives NAME the rating R (interval R..R: errors are relative to her) in
 * the lists she is in, and the mean R to the others.  The differences are
 * those of the plain fit. */
Test(stats_tables, average_and_anchor)
{
    st_stats *plain = st_stats_new(), *avg = st_stats_new(), *anc = st_stats_new();
    st_stats *all[3] = {plain, avg, anc};
    for (int k = 0; k < 3; k++) {
        add(all[k], "chess", "Ada", "Bob", W, 0);
        add(all[k], "chess", "Bob", "Cy", D, 0);
        add(all[k], "chess", "Cy", "Ada", W, 0);
        add(all[k], "retro", "Dee", "Eve", W, 0);
    }
    cr_assert_eq(st_stats_finish(plain, NULL), 0);
    struct st_options oa = {.average_set = 1, .average = 2300};
    cr_assert_eq(st_stats_finish(avg, &oa), 0);
    struct st_options oc = {.anchor = "Bob", .anchor_rating = 2000};
    cr_assert_eq(st_stats_finish(anc, &oc), 0);
    /* Rows: Ada chess, Ada all, Bob chess, Bob all, Cy chess, Cy all, Dee
     * retro, Dee all, Eve retro, Eve all. */
    double bob = plain->pl[plain->pl_rows[2]].rating;
    for (size_t i = 0; i < 10; i++) {
        const struct st_player_rec *p = &plain->pl[plain->pl_rows[i]];
        const struct st_player_rec *a = &avg->pl[avg->pl_rows[i]];
        cr_expect(fabs(a->rating - (p->rating + 800)) < 1e-9, "row %zu", i);
        cr_expect(a->se == p->se);
    }
    const struct st_player_rec *c = &anc->pl[anc->pl_rows[2]];
    cr_expect(c->rating == 2000 && c->se == 0, "Bob %f %f", c->rating, c->se);
    cr_expect_str_eq(cols(anc, ST_TABLE_PLAYERS, 2, ST_P_RATING, ST_P_VIOLATIONS), "2000,2000,2000");
    const struct st_player_rec *ada = &anc->pl[anc->pl_rows[0]];
    cr_expect(fabs(ada->rating - (plain->pl[plain->pl_rows[0]].rating - bob + 2000)) < 1e-9);
    cr_expect(ada->se > plain->pl[plain->pl_rows[0]].se, "relative to Bob, not the mean");
    /* retro has no Bob: its mean is 2000. */
    const struct st_player_rec *dee = &anc->pl[anc->pl_rows[6]], *eve = &anc->pl[anc->pl_rows[8]];
    cr_expect(fabs((dee->rating + eve->rating) / 2 - 2000) < 1e-9);
    /* rating_lists: chess, retro, all. */
    cr_expect_str_eq(cols(avg, ST_TABLE_RATING_LISTS, 0, ST_R_AVERAGE, ST_R_WHITE_ADVANTAGE),
                     "2300,,");
    char chess[128];
    strcpy(chess, cols(anc, ST_TABLE_RATING_LISTS, 0, ST_R_ANCHOR, ST_R_WHITE_ADVANTAGE));
    cr_expect_str_eq(chess, "Bob,2000");
    cr_expect_str_eq(cols(anc, ST_TABLE_RATING_LISTS, 1, 0, ST_R_WHITE_ADVANTAGE),
                     "retro,2,1,1,2000,,");
    for (int k = 0; k < 3; k++)
        st_stats_free(all[k]);
}
