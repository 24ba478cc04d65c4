/*
 * The intervals of variants.csv against values worked out by hand from
 * the formulas in docs/statistics.md "variants.csv" (z = 1.959964).
 */
#include <criterion/criterion.h>
#include <math.h>

#include "stats/stats_internal.h"

#define near(a, b) (fabs((a) - (b)) < 1e-9)

/* 3 of 10: p = 0.3, z^2/n = 0.3841459; centre (0.3 + 0.1920729) / 1.3841459
 * = 0.3555066; half-width 1.959964 / 1.3841459 * sqrt(0.021 + 0.0096036)
 * = 1.4160097 * 0.1749390 = 0.2477153: (0.1077913, 0.6032219), as the
 * published tables give. */
Test(stats_interval, wilson_three_of_ten)
{
    double lo, hi;
    st_wilson(3, 10, ST_Z95, &lo, &hi);
    cr_expect(near(lo, 0.10779126740630099), "lo %.17g", lo);
    cr_expect(near(hi, 0.6032218525388546), "hi %.17g", hi);
}

/* None or all: the interval touches 0 or 1 but is not a point.
 * 0 of 5: hi = z^2/(n + z^2) = 3.841459 / 8.841459 = 0.4344825. */
Test(stats_interval, wilson_at_the_edges)
{
    double lo, hi;
    st_wilson(0, 5, ST_Z95, &lo, &hi);
    cr_expect_eq(lo, 0.0);
    cr_expect(near(hi, 0.43448246478317476), "hi %.17g", hi);
    st_wilson(5, 5, ST_Z95, &lo, &hi);
    cr_expect(near(lo, 1 - 0.43448246478317476), "lo %.17g", lo);
    cr_expect_eq(hi, 1.0);
    /* 1 of 1: lo = 1 / (1 + z^2) = 0.2065493 */
    st_wilson(1, 1, ST_Z95, &lo, &hi);
    cr_expect(near(lo, 1 / (1 + ST_Z95 * ST_Z95)), "lo %.17g", lo);
    cr_expect_eq(hi, 1.0);
}

/* 5 wins, 3 draws, 2 losses: s = 6.5/10 = 0.65; variance of one game
 * (5 * 0.35^2 + 3 * 0.15^2 + 2 * 0.65^2) / 10 = 0.1525; standard error
 * sqrt(0.1525 / 10) = 0.1234909; half-width 0.2420377. */
Test(stats_interval, score_from_wins_draws_losses)
{
    double s, lo, hi;
    st_score_interval(5, 3, 2, ST_Z95, &s, &lo, &hi);
    cr_expect(near(s, 0.65));
    cr_expect(near(lo, 0.40796230249073717), "lo %.17g", lo);
    cr_expect(near(hi, 0.8920376975092629), "hi %.17g", hi);
}

/* 2 wins, 1 draw, 1 loss: s = 0.625, variance (2 * 0.140625 + 0.015625 +
 * 0.390625) / 4 = 0.171875, half-width 0.4062791: the top is clipped to 1. */
Test(stats_interval, score_is_clipped_to_one)
{
    double s, lo, hi;
    st_score_interval(2, 1, 1, ST_Z95, &s, &lo, &hi);
    cr_expect(near(s, 0.625));
    cr_expect(near(lo, 0.21872092879191934), "lo %.17g", lo);
    cr_expect_eq(hi, 1.0);
}

/* One outcome only: no variance, the interval is the point (documented). */
Test(stats_interval, score_of_wins_only_is_a_point)
{
    double s, lo, hi;
    st_score_interval(4, 0, 0, ST_Z95, &s, &lo, &hi);
    cr_expect_eq(s, 1.0);
    cr_expect_eq(lo, 1.0);
    cr_expect_eq(hi, 1.0);
}
