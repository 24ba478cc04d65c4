/*
 * gcr: Game Courier's own ratings (GCR), as the Chess Variant Pages
 * describe them on their ratings page (docs/standings-and-ratings.md cites
 * it and lists the decisions taken where it is silent).
 *
 * Everyone starts at 1500.  Two players who met are compared once: from
 * their rating difference d, capped at 400 either way, the higher rated is
 * expected to score 50 + d/8 percent; the rating of each moves by the
 * difference between what was scored and what was expected, times 400 (the
 * most a comparison can move a rating), times n / (n + 10) for n games
 * between them (the more games, the nearer the full amount).  The pairs are
 * taken in one order and then, from 1500 again, in the reverse order; the
 * GCR is the mean of the two passes, so that neither end of the order is
 * favoured.
 *
 * The n / (n + 10) factor is not printed on the page: it is the one that
 * reproduces the ratings the page publishes for small lists (one game:
 * 1518 and 1481, Game Courier truncating 1518.18 and 1481.82; three games
 * scored 2.5 to 0.5: 1530 and 1469), which tests/stats/test_gcr.c checks.
 */
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

/* The expected score of a player rated d above the other. */
static double expected(double d)
{
    if (d > ST_GCR_SPREAD)
        d = ST_GCR_SPREAD;
    if (d < -ST_GCR_SPREAD)
        d = -ST_GCR_SPREAD;
    return 0.5 + d / (2 * ST_GCR_SPREAD);
}

static void compare(double *r, const struct st_rating_pair *p)
{
    double actual = p->score_a / p->games;
    double change = ST_GCR_SPREAD * (actual - expected(r[p->a] - r[p->b])) * p->games /
                    (p->games + 10);
    r[p->a] += change;
    r[p->b] -= change;
}

int st_gcr(size_t n, const struct st_rating_pair *pairs, size_t npairs, double *gcr,
           double *forward, double *reverse)
{
    double *fw = malloc((n ? n : 1) * 2 * sizeof *fw);
    if (!fw)
        return -1;
    double *rv = fw + n;
    for (size_t i = 0; i < n; i++)
        fw[i] = rv[i] = ST_GCR_START;
    for (size_t k = 0; k < npairs; k++)
        if (pairs[k].games > 0)
            compare(fw, &pairs[k]);
    for (size_t k = npairs; k-- > 0;)
        if (pairs[k].games > 0)
            compare(rv, &pairs[k]);
    for (size_t i = 0; i < n; i++) {
        gcr[i] = (fw[i] + rv[i]) / 2;
        if (forward)
            forward[i] = fw[i];
        if (reverse)
            reverse[i] = rv[i];
    }
    free(fw);
    return 0;
}
