/*
 * interval: the 95% confidence intervals of variants.csv.
 *
 * Rates (white wins, black wins, draws, illegal games) use Wilson's score
 * interval: unlike the textbook p +- z sqrt(p(1-p)/n) it never leaves
 * [0, 1] and does not collapse to a point at 0% or 100%, which small
 * variants with a handful of games hit all the time.  White's score is a
 * mean of per-game scores 1, 1/2, 0, so its interval is the normal one
 * from their variance (draws make it narrower than a win/loss rate's).
 */
#include <math.h>

#include "stats/stats_internal.h"

void st_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi)
{
    double nn = (double)n, p = (double)k / nn, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z / (1 + z2 / nn) * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    *lo = centre - half;
    *hi = centre + half;
    /* At k = 0 or k = n the exact bound is 0 or 1; rounding may miss it. */
    if (k == 0 || *lo < 0)
        *lo = 0;
    if (k == n || *hi > 1)
        *hi = 1;
}

void st_score_interval(uint64_t wins, uint64_t draws, uint64_t losses, double z,
                       double *score, double *lo, double *hi)
{
    double w = (double)wins, d = (double)draws, l = (double)losses, n = w + d + l;
    double s = (w + d / 2) / n;
    /* Plug-in variance of one game's score (over n, not n - 1: the
     * trinomial's maximum-likelihood estimate).  With a single outcome it
     * is 0 and the interval a point: docs/statistics.md says so. */
    double var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
    double half = z * sqrt(var / n);
    *score = s;
    *lo = s - half < 0 ? 0 : s - half;
    *hi = s + half > 1 ? 1 : s + half;
}
