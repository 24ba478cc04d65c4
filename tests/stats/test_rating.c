/*
 * The rating model (stats/rating.c, docs/statistics.md "The rating model"): the
 * two-player case against its closed form, hand-checkable symmetric
 * cases, the prior's job (unbeaten players, lists that never met), and a
 * simulation from the model itself in which the 95% intervals must cover
 * the true ratings about 95% of the time.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

#define C_ELO (2.302585092994045684 / 400.0)

/* Without prior, A scoring S of G against B: R_A - R_B = 400 log10(S/(G-S))
 * around 1500, and var(R_A - R_B) = 1 / (G c^2 p (1-p)) with c = ln 10 /
 * 400, p = S/G; R_A - mean = (R_A - R_B)/2 has a quarter of that.
 * 6 wins, 3 draws, 1 loss: 400 log10 3 = 190.8485, se 63.4328. */
Test(stats_rating, two_players_closed_form)
{
    struct st_rating_pair p = {0, 1, 10, 7.5, 0};
    double r[2], se[2];
    cr_assert_eq(st_rating_fit(2, &p, 1, 0, r, se), 0);
    double d = 400 * log10(7.5 / 2.5);
    cr_expect(fabs(r[0] - (1500 + d / 2)) < 1e-6, "R_A %.10f", r[0]);
    cr_expect(fabs(r[1] - (1500 - d / 2)) < 1e-6, "R_B %.10f", r[1]);
    cr_expect(fabs(r[0] - 1595.4242509439325) < 1e-6);
    double want_se = 0.5 / sqrt(10 * C_ELO * C_ELO * 0.75 * 0.25);
    cr_expect(fabs(se[0] - want_se) < 1e-6, "se %.10f want %.10f", se[0], want_se);
    cr_expect(fabs(se[0] - 63.43276915691471) < 1e-6);
    cr_expect(fabs(se[1] - se[0]) < 1e-9);
}

/* The same pair with the default prior: R_A = 1500 + x where x solves
 * x / sd^2 = c (S - G p(2x)), found here by bisection; the centred
 * variance is 1 / (2 (2w + 1/sd^2)) with w = c^2 G p (1-p). */
Test(stats_rating, two_players_with_the_prior)
{
    struct st_rating_pair p = {0, 1, 10, 7.5, 0};
    double r[2], se[2];
    cr_assert_eq(st_rating_fit(2, &p, 1, ST_RATING_PRIOR_SD, r, se), 0);
    double iv = 1 / (ST_RATING_PRIOR_SD * ST_RATING_PRIOR_SD), lo = 0, hi = 1000;
    for (int i = 0; i < 200; i++) {
        double x = (lo + hi) / 2, pa = 1 / (1 + pow(10, -2 * x / 400));
        if (C_ELO * (7.5 - 10 * pa) - x * iv > 0)
            lo = x;
        else
            hi = x;
    }
    double pa = 1 / (1 + pow(10, -2 * lo / 400)), w = C_ELO * C_ELO * 10 * pa * (1 - pa);
    cr_expect(fabs(r[0] - (1500 + lo)) < 1e-6, "R_A %.10f want %.10f", r[0], 1500 + lo);
    cr_expect(fabs(r[0] - 1594.66410977718) < 1e-6);
    cr_expect(fabs(r[0] + r[1] - 3000) < 1e-9, "centred on 1500");
    cr_expect(fabs(se[0] - sqrt(1 / (2 * (2 * w + iv)))) < 1e-6, "se %.10f", se[0]);
    cr_expect(fabs(se[0] - 63.04253635977952) < 1e-6);
}

/* An unbeaten player has no maximum without the prior, a finite one with
 * it: 3 wins of 3, x / sd^2 = c (3 - 3 p(2x)) gives 1839.55 (and a wide
 * interval: the prior is weak). */
Test(stats_rating, unbeaten_stays_finite)
{
    struct st_rating_pair p = {0, 1, 3, 3, 0};
    double r[2], se[2];
    cr_expect_eq(st_rating_fit(2, &p, 1, 0, r, se), 1, "no finite maximum without the prior");
    cr_assert_eq(st_rating_fit(2, &p, 1, ST_RATING_PRIOR_SD, r, se), 0);
    cr_expect(fabs(r[0] - 1839.549852913916) < 1e-6, "R_A %.10f", r[0]);
    cr_expect(fabs(r[1] - 1160.450147086084) < 1e-6, "R_B %.10f", r[1]);
    cr_expect(se[0] > 0 && isfinite(se[0]));
}

/* A beats B, B beats C, C beats A: everyone 1500, same error. */
Test(stats_rating, a_cycle_is_all_equal)
{
    struct st_rating_pair p[3] = {{0, 1, 1, 1, 0}, {1, 2, 1, 1, 0}, {2, 0, 1, 1, 0}};
    double r[3], se[3];
    cr_assert_eq(st_rating_fit(3, p, 3, ST_RATING_PRIOR_SD, r, se), 0);
    for (int i = 0; i < 3; i++) {
        cr_expect(fabs(r[i] - 1500) < 1e-9, "r[%d] %.12f", i, r[i]);
        cr_expect(fabs(se[i] - se[0]) < 1e-9);
    }
}

/* Two lists that never met, with the same results: mirrored ratings, each
 * pulled to the common centre by the prior alone. */
Test(stats_rating, lists_that_never_met_share_the_centre)
{
    struct st_rating_pair p[2] = {{0, 1, 4, 3, 0}, {2, 3, 4, 3, 0}};
    double r[4], se[4];
    cr_assert_eq(st_rating_fit(4, p, 2, ST_RATING_PRIOR_SD, r, se), 0);
    cr_expect(fabs(r[0] - r[2]) < 1e-9 && fabs(r[1] - r[3]) < 1e-9);
    cr_expect(fabs(r[0] + r[1] + r[2] + r[3] - 6000) < 1e-9);
    cr_expect(r[0] > 1500 && r[1] < 1500);
    /* Without the prior the two lists cannot be placed against each other. */
    cr_expect_eq(st_rating_fit(4, p, 2, 0, r, se), 1);
}

/* Past ST_RATING_DENSE_MAX players the error is each player's own
 * information: on a ring where everyone beat the next player once and lost
 * to the previous, all are 1500 and H_ii = 2 c^2 / 4 + 1/sd^2, so
 * se = 1 / sqrt(c^2 / 2 + 10^-6) = 238.58. */
Test(stats_rating, large_lists_use_own_information)
{
    size_t n = ST_RATING_DENSE_MAX + 1;
    struct st_rating_pair *p = malloc(n * sizeof *p);
    double *r = malloc(n * sizeof *r), *se = malloc(n * sizeof *se);
    for (size_t i = 0; i < n; i++)
        p[i] = (struct st_rating_pair){(uint32_t)i, (uint32_t)((i + 1) % n), 1, 1, 0};
    cr_assert_eq(st_rating_fit(n, p, n, ST_RATING_PRIOR_SD, r, se), 0);
    double want = 1 / sqrt(C_ELO * C_ELO / 2 + 1e-6);
    for (size_t i = 0; i < n; i++) {
        cr_assert(fabs(r[i] - 1500) < 1e-6, "r[%zu] %.9f", i, r[i]);
        cr_assert(fabs(se[i] - want) < 1e-6, "se[%zu] %.9f want %.9f", i, se[i], want);
    }
    cr_expect(fabs(want - 238.57970870672844) < 1e-9);
    free(p);
    free(r);
    free(se);
}

/* ------------------------------------------------------------ simulation */

static uint64_t rng_state;

/* splitmix64: a fixed seed gives the same games on every machine. */
static double uniform(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}

/* Play `games` games drawn from the model between players whose opponents
 * are at most `reach` places away (reach = n - 1: anyone), fit, and count
 * the intervals that hold the true rating. */
static int covered(const double *truth, int n, int games, int reach, int *total)
{
    struct st_rating_pair *p = calloc((size_t)(n * n), sizeof *p);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            p[i * n + j] = (struct st_rating_pair){(uint32_t)i, (uint32_t)j, 0, 0, 0};
    for (int g = 0; g < games; g++) {
        int i = (int)(uniform() * n), j;
        do
            j = i + (int)(uniform() * (2 * reach + 1)) - reach;
        while (j == i || j < 0 || j >= n);
        int a = i < j ? i : j, b = i < j ? j : i;
        double pa = 1 / (1 + pow(10, (truth[b] - truth[a]) / 400));
        p[a * n + b].games += 1;
        p[a * n + b].score_a += uniform() < pa;
    }
    /* Keep the pairs that met. */
    size_t m = 0;
    for (int k = 0; k < n * n; k++)
        if (p[k].games > 0)
            p[m++] = p[k];
    double r[64], se[64];
    cr_assert_eq(st_rating_fit((size_t)n, p, m, ST_RATING_PRIOR_SD, r, se), 0);
    free(p);
    int hits = 0;
    double mean = 0;
    for (int i = 0; i < n; i++) {
        hits += fabs(r[i] - truth[i]) <= ST_Z95 * se[i];
        mean += r[i] / n;
    }
    cr_assert(fabs(mean - 1500) < 1e-6, "mean %.9f", mean);
    *total += n;
    return hits;
}

/* Known ratings 1500 +- 330 (mean 1500, as the fit's centre), games drawn
 * from the Bradley-Terry model with a fixed seed: a round robin schedule
 * of 12 players and a sparse chain of 30 (opponents within 3 places: the
 * design where a stronger prior under-covered), 25 tournaments each.  A
 * 95% interval should hold the truth ~95% of the time (300 tournaments
 * gave 95.0% and 94.7%). */
Test(stats_rating, simulated_intervals_cover_the_truth)
{
    rng_state = 20240611;
    double truth[64];
    const struct { int n, games, reach; } designs[] = {{12, 2400, 11}, {30, 4000, 3}};
    for (size_t d = 0; d < 2; d++) {
        int n = designs[d].n, hits = 0, total = 0;
        for (int i = 0; i < n; i++)
            truth[i] = 1500 + 660.0 * ((double)i / (n - 1) - 0.5);
        for (int rep = 0; rep < 25; rep++)
            hits += covered(truth, n, designs[d].games, designs[d].reach, &total);
        double coverage = (double)hits / total;
        cr_expect(coverage >= 0.85 && coverage <= 0.99, "design %zu: coverage %.3f of %d",
                  d, coverage, total);
        cr_log_info("design %zu: %d of %d intervals (%.1f%%) hold the true rating", d, hits,
                    total, 100 * coverage);
    }
}

/* ------------------------------------------------------ Ordo's options */

/* Anchored on A, the error of B is that of R_B - R_A: twice the error of
 * R_B - mean in a list of two (R_B - mean = (R_B - R_A)/2), and A's is 0.
 * The ratings themselves are the caller's to shift. */
Test(stats_rating, anchor_errors_are_relative_to_the_anchor)
{
    struct st_rating_pair p = {0, 1, 10, 7.5, 0};
    double r[2], se[2], ra[2], sa[2];
    cr_assert_eq(st_rating_fit(2, &p, 1, 0, r, se), 0);
    cr_assert_eq(st_rating_fit_ex(2, &p, 1, 0, 0, 0, ra, sa, NULL), 0);
    cr_expect(ra[0] == r[0] && ra[1] == r[1]);
    cr_expect(sa[0] == 0, "the anchor's own error %g", sa[0]);
    cr_expect(fabs(sa[1] - 2 * se[1]) < 1e-9, "%.9f vs 2 x %.9f", sa[1], se[1]);
    /* And with the prior, three players: the anchor's error is 0, the
     * others' are those of the difference, at least their own. */
    struct st_rating_pair q[2] = {{0, 1, 4, 3, 0}, {1, 2, 4, 1, 0}};
    double r3[3], s3[3], m3[3], t3[3];
    cr_assert_eq(st_rating_fit(3, q, 2, ST_RATING_PRIOR_SD, m3, t3), 0);
    cr_assert_eq(st_rating_fit_ex(3, q, 2, ST_RATING_PRIOR_SD, 0, 1, r3, s3, NULL), 0);
    cr_expect(s3[1] == 0 && s3[0] > t3[0] && s3[2] > t3[2], "%f %f %f", s3[0], s3[1], s3[2]);
}

/* Games drawn from the model with a known white advantage W = 60 Elo
 * between 10 players of known ratings, each game's colours by coin: the
 * fitted W must be near 60, and its 95% interval must hold 60 about 95%
 * of the time over 40 tournaments of 1500 games. */
Test(stats_rating, white_advantage_is_recovered)
{
    rng_state = 77;
    const int n = 10;
    const double w_true = 60;
    double truth[10];
    for (int i = 0; i < n; i++)
        truth[i] = 1500 + 500.0 * ((double)i / (n - 1) - 0.5);
    int hits = 0;
    double sum = 0, se_sum = 0;
    for (int rep = 0; rep < 40; rep++) {
        /* Pair (a, b), a < b, twice: a with White [0], b with White [1]. */
        struct st_rating_pair p[10][10][2];
        memset(p, 0, sizeof p);
        for (int g = 0; g < 1500; g++) {
            int i = (int)(uniform() * n), j;
            do
                j = (int)(uniform() * n);
            while (j == i);
            int white = uniform() < 0.5 ? i : j, black = white == i ? j : i;
            double pw = 1 / (1 + pow(10, (truth[black] - truth[white] - w_true) / 400));
            double score_white = uniform() < pw;
            int a = i < j ? i : j, b = i < j ? j : i;
            struct st_rating_pair *q = &p[a][b][white == a ? 0 : 1];
            q->a = (uint32_t)a;
            q->b = (uint32_t)b;
            q->white = white == a ? 1 : -1;
            q->games += 1;
            q->score_a += white == a ? score_white : 1 - score_white;
        }
        struct st_rating_pair flat[200];
        size_t m = 0;
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++)
                for (int c = 0; c < 2; c++)
                    if (p[a][b][c].games > 0)
                        flat[m++] = p[a][b][c];
        double r[10], se[10];
        struct st_rating_fit_out out;
        cr_assert_eq(st_rating_fit_ex((size_t)n, flat, m, ST_RATING_PRIOR_SD, 1, SIZE_MAX, r, se,
                                      &out), 0);
        hits += fabs(out.white_advantage - w_true) <= ST_Z95 * out.white_advantage_se;
        sum += out.white_advantage;
        se_sum += out.white_advantage_se;
        double mean = 0;
        for (int i = 0; i < n; i++)
            mean += r[i] / n;
        cr_assert(fabs(mean - 1500) < 1e-6, "mean %.9f", mean);
    }
    cr_log_info("white advantage: mean %.2f, mean se %.2f, %d of 40 intervals hold 60", sum / 40,
                se_sum / 40, hits);
    cr_expect(fabs(sum / 40 - w_true) < 5, "mean estimate %.2f", sum / 40);
    cr_expect(se_sum / 40 > 5 && se_sum / 40 < 15, "mean se %.2f", se_sum / 40);
    cr_expect(hits >= 34, "%d of 40 intervals hold the true advantage", hits);
}

/* Without a white advantage in the games, the fitted one is near 0: a
 * round robin where each pair played twice, once with each colour, and
 * White scored exactly what Black did: W = 0 by symmetry. */
Test(stats_rating, no_advantage_fits_zero)
{
    struct st_rating_pair p[6] = {{0, 1, 1, 1, 1}, {0, 1, 1, 1, -1}, {0, 2, 1, 0.5, 1},
                                  {0, 2, 1, 0.5, -1}, {1, 2, 1, 0, 1}, {1, 2, 1, 0, -1}};
    double r[3], se[3];
    struct st_rating_fit_out out;
    cr_assert_eq(st_rating_fit_ex(3, p, 6, ST_RATING_PRIOR_SD, 1, SIZE_MAX, r, se, &out), 0);
    cr_expect(fabs(out.white_advantage) < 1e-9, "%g", out.white_advantage);
    cr_expect(out.white_advantage_se > 0);
}

/* The fit solves its Newton systems only roughly while far from the
 * maximum (rating.c, inexact Newton); what it returns must still be the
 * maximum to the precision of exact solves: the log-posterior's gradient
 * at the ratings vanishes.  A league of 400 players (dense errors) and one
 * of 2,500 (past ST_RATING_DENSE_MAX), each player meeting the 12 nearest
 * in strength, results drawn from the model. */
static void check_maximum(int n)
{
    rng_state = 42;
    double *truth = malloc(n * sizeof *truth), *r = malloc(n * sizeof *r);
    double *se = malloc(n * sizeof *se), *g = calloc(n, sizeof *g);
    struct st_rating_pair *p = malloc((size_t)n * 6 * sizeof *p);
    for (int i = 0; i < n; i++)
        truth[i] = 1500 + 600 * (uniform() - 0.5);
    size_t np = 0;
    for (int i = 0; i < n; i++)
        for (int k = 1; k <= 6; k++) {
            int j = (i + k) % n, games = 1 + (int)(uniform() * 4);
            double pa = 1 / (1 + pow(10, (truth[j] - truth[i]) / 400)), score = 0;
            for (int t = 0; t < games; t++) {
                double u = uniform();
                score += u < pa * 0.9 ? 1 : u < pa * 0.9 + 0.1 ? 0.5 : 0;
            }
            p[np++] = (struct st_rating_pair){(uint32_t)i, (uint32_t)j, games, score, 0};
        }
    cr_assert_eq(st_rating_fit((size_t)n, p, np, ST_RATING_PRIOR_SD, r, se), 0);
    double inv_var = 1 / (ST_RATING_PRIOR_SD * ST_RATING_PRIOR_SD), worst = 0;
    for (int i = 0; i < n; i++)
        g[i] = -inv_var * (r[i] - 1500);
    for (size_t k = 0; k < np; k++) {
        double pa = 1 / (1 + exp(-C_ELO * (r[p[k].a] - r[p[k].b])));
        double d = C_ELO * (p[k].score_a - p[k].games * pa);
        g[p[k].a] += d;
        g[p[k].b] -= d;
    }
    for (int i = 0; i < n; i++)
        worst = fmax(worst, fabs(g[i]));
    /* At the maximum found with exact solves the largest entry is some
     * 4e-17 (rounding); stopping Newton at steps of 0.01 Elo leaves 7e-12. */
    cr_assert(worst < 1e-14, "largest gradient %g at n %d", worst, n);
    free(truth), free(r), free(se), free(g), free(p);
}

Test(stats_rating, inexact_newton_still_reaches_the_maximum)
{
    check_maximum(400);
    check_maximum(2500);
}
