/*
 * match: the figures cutechess-cli prints for a match between two players
 * (its Elo class): the score, the Elo difference that score means, its
 * error margin, the likelihood of superiority and the draw ratio.
 *
 * With n games, w wins, d draws and l losses, the score is
 * s = (w + d/2) / n and the difference -400 log10(1/s - 1).  The per-game
 * standard deviation of the score gives the normal 95% interval of s,
 * s -/+ z sd/sqrt(n); its two ends mapped through the same curve, halved,
 * are the error margin.  LOS = (1 + erf((w - l) / sqrt(2 (w + l)))) / 2 is
 * the probability that the first player is the stronger, from the decisive
 * games alone.  cutechess-cli takes z from an approximate inverse error
 * function (1.95716 instead of 1.95996), so its margins are up to 0.15%
 * narrower than these; everything else is the same arithmetic.
 */
#include <math.h>

#include "stats/stats_internal.h"

static double elo_of(double score) { return -400 * log10(1 / score - 1); }

void st_match_stats(uint64_t wins, uint64_t draws, uint64_t losses, struct st_match *m)
{
    double n = (double)(wins + draws + losses);
    m->score = m->elo = m->elo_error = m->los = m->draw_ratio = NAN;
    if (n == 0)
        return;
    double w = (double)wins / n, d = (double)draws / n, l = (double)losses / n;
    double mu = w + d / 2;
    m->score = mu;
    m->draw_ratio = d;
    if (mu > 0 && mu < 1)
        m->elo = elo_of(mu);
    double sd = sqrt(w * (1 - mu) * (1 - mu) + l * mu * mu + d * (0.5 - mu) * (0.5 - mu)) / sqrt(n);
    double lo = mu - ST_Z95 * sd, hi = mu + ST_Z95 * sd;
    if (lo > 0 && hi < 1)
        m->elo_error = (elo_of(hi) - elo_of(lo)) / 2;
    if (wins + losses > 0)
        m->los = 0.5 + 0.5 * erf(((double)wins - (double)losses) / sqrt(2.0 * (double)(wins + losses)));
}
