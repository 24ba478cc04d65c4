/*
 * Game Courier ratings (stats/gcr.c) against the ratings the Chess Variant
 * Pages publish for small lists, which Game Courier shows truncated to
 * whole numbers, and against hand-worked passes: the clamp at a 400-point
 * difference, the two orders, and the sum every pass keeps.
 */
#include <criterion/criterion.h>
#include <math.h>

#include "stats/stats_internal.h"

#define NEAR(x, want) (fabs((x) - (want)) < 1e-9)

/* One game, one win (the published Half Courier list): 400 (1 - 0.5) / 11
 * = 18.1818 each way: 1518.1818 and 1481.8182, shown there as 1518 and
 * 1481. */
Test(stats_gcr, one_game)
{
    struct st_rating_pair p = {0, 1, 1, 1, 0};
    double g[2], f[2], r[2];
    cr_assert_eq(st_gcr(2, &p, 1, g, f, r), 0);
    cr_expect(NEAR(g[0], 1500 + 200.0 / 11) && NEAR(g[1], 1500 - 200.0 / 11), "%f %f", g[0], g[1]);
    cr_expect(floor(g[0]) == 1518 && floor(g[1]) == 1481);
    cr_expect(f[0] == r[0] && f[1] == r[1], "one pair: both orders agree");
}

/* Three games between two players, 2.5 to 0.5 (the published Sissa list):
 * 400 (2.5/3 - 0.5) 3/13 = 30.7692: 1530.7692 and 1469.2308, shown there
 * as 1530 and 1469. */
Test(stats_gcr, three_games_between_two)
{
    struct st_rating_pair p = {0, 1, 3, 2.5, 0};
    double g[2];
    cr_assert_eq(st_gcr(2, &p, 1, g, NULL, NULL), 0);
    cr_expect(NEAR(g[0], 1500 + 400.0 / 13) && NEAR(g[1], 1500 - 400.0 / 13), "%f", g[0]);
    cr_expect(floor(g[0]) == 1530 && floor(g[1]) == 1469);
}

/* One player beats two others, a game each (the published Univers Chess
 * and Cool Camels vs Fabulous Fides lists: 1535, and 1481/1482 for the two
 * losers in the two orders).  Forward: the first loser drops 200/11 =
 * 18.1818 and the winner rises as much; against the second the winner,
 * now 18.1818 above, is expected to score 0.5 + 18.1818/800 = 0.522727: a
 * change of 400 (1 - 0.522727) / 11 = (200 - 100/11) / 11 = 17.3554.  Winner 1500 + 4300/121 = 1535.5372 in both orders;
 * each loser 1481.8182 in one order, 1500 - 2100/121 = 1482.6446 in the
 * other: GCR 1500 - 4300/242 = 1482.2314. */
Test(stats_gcr, two_opponents_two_orders)
{
    struct st_rating_pair p[2] = {{1, 0, 1, 0, 0}, {2, 0, 1, 0, 0}};
    double g[3], f[3], r[3];
    cr_assert_eq(st_gcr(3, p, 2, g, f, r), 0);
    cr_expect(NEAR(f[0], 1500 + 4300.0 / 121) && NEAR(r[0], f[0]), "winner %f %f", f[0], r[0]);
    cr_expect(NEAR(f[1], 1500 - 200.0 / 11) && NEAR(r[1], 1500 - 2100.0 / 121), "%f %f", f[1], r[1]);
    cr_expect(NEAR(f[2], r[1]) && NEAR(r[2], f[1]));
    cr_expect(NEAR(g[1], 1500 - 4300.0 / 242) && NEAR(g[2], g[1]), "%f", g[1]);
    cr_expect(floor(f[0]) == 1535 && floor(f[1]) == 1481 && floor(r[1]) == 1482);
    cr_expect(floor(g[0]) == 1535 && floor(g[1]) == 1482);
}

/* The expectation is capped at a 400-point difference.  Forward: A beats B
 * 1000 times: 400 * 0.5 * 1000/1010 = 198.0198 (A 1698.0198, B 1301.9802);
 * A beats C 1000 times: expected 0.5 + 198.0198/800 = 0.747525, change
 * 400 * 0.252475 * 1000/1010 = 99.9903 (A 1798.0099); F beats E 1000 times
 * (E 1301.9802); then A beats E, 496 points below her: the expectation is
 * 1, not 1.12, and A gains nothing (she would lose 47 points uncapped). */
Test(stats_gcr, expectation_capped_at_400)
{
    struct st_rating_pair p[4] = {
        {0, 1, 1000, 1000, 0}, {0, 2, 1000, 1000, 0}, {3, 4, 1000, 0, 0}, {0, 3, 1000, 1000, 0}};
    double g[5], f[5];
    cr_assert_eq(st_gcr(5, p, 4, g, f, NULL), 0);
    double a1 = 1500 + 200 * 1000.0 / 1010;
    double a2 = a1 + 400 * (1 - (0.5 + (a1 - 1500) / 800)) * 1000.0 / 1010;
    cr_expect(NEAR(f[0], a2), "A %f, want %f", f[0], a2);
    cr_expect(NEAR(f[3], 1500 - 200 * 1000.0 / 1010), "E %f", f[3]);
    double sum = 0;
    for (int i = 0; i < 5; i++)
        sum += g[i];
    cr_expect(fabs(sum - 7500) < 1e-9, "what one gains the other loses: %f", sum);
}

/* A pair without games (none in a real list) changes nothing. */
Test(stats_gcr, empty_pair)
{
    struct st_rating_pair p = {0, 1, 0, 0, 0};
    double g[2];
    cr_assert_eq(st_gcr(2, &p, 1, g, NULL, NULL), 0);
    cr_expect(g[0] == 1500 && g[1] == 1500);
}
