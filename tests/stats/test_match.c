/*
 * A match's figures as cutechess-cli reports them (stats/match.c), worked
 * out by hand: score, Elo difference, its error margin, the likelihood of
 * superiority and the draw ratio, and the figures that do not exist.
 */
#include <criterion/criterion.h>
#include <math.h>

#include "stats/stats_internal.h"

#define NEAR(x, want) (fabs((x) - (want)) < 1e-9)

/* 6 wins, 3 draws, 1 loss: score 0.75, -400 log10(1/0.75 - 1) = 190.8485;
 * per-game variance 0.6 (0.25)^2 + 0.1 (0.75)^2 + 0.3 (0.25)^2 = 0.1125,
 * sd of the score sqrt(0.1125/10) = 0.106066; 0.75 -+ 1.959964 sd =
 * 0.542114 .. 0.957886, i.e. 29.3293 .. 542.7488 Elo: margin 256.7097;
 * LOS (1 + erf(5 / sqrt 14))/2 = 0.970609; draws 0.3. */
Test(stats_match, six_three_one)
{
    struct st_match m;
    st_match_stats(6, 3, 1, &m);
    cr_expect(NEAR(m.score, 0.75));
    cr_expect(NEAR(m.elo, 400 * log10(3)), "%f", m.elo);
    cr_expect(fabs(m.elo_error - 256.70974785) < 1e-6, "%.8f", m.elo_error);
    cr_expect(fabs(m.los - 0.97060913932) < 1e-9, "%.11f", m.los);
    cr_expect(NEAR(m.draw_ratio, 0.3));
    /* The other side of the same match. */
    st_match_stats(1, 3, 6, &m);
    cr_expect(NEAR(m.elo, -400 * log10(3)) && fabs(m.elo_error - 256.70974785) < 1e-6);
    cr_expect(fabs(m.los - 0.02939086068) < 1e-9);
}

/* 10 wins, 5 draws, 5 losses: score 0.625, 88.7395 Elo +- 143.8749, LOS
 * (1 + erf(5/sqrt 30))/2 = 0.901647. */
Test(stats_match, ten_five_five)
{
    struct st_match m;
    st_match_stats(10, 5, 5, &m);
    cr_expect(fabs(m.elo - 88.73949985) < 1e-6 && fabs(m.elo_error - 143.87485226) < 1e-6,
              "%.8f %.8f", m.elo, m.elo_error);
    cr_expect(fabs(m.los - 0.90164719877) < 1e-9);
}

/* What does not exist is NAN: a perfect score has no finite difference
 * (nor an interval inside (0, 1)); only draws give no LOS; no game gives
 * nothing.  A single draw: difference 0, margin 0 (every game the same). */
Test(stats_match, figures_that_do_not_exist)
{
    struct st_match m;
    st_match_stats(2, 0, 0, &m);
    cr_expect(m.score == 1 && isnan(m.elo) && isnan(m.elo_error));
    cr_expect(fabs(m.los - 0.92135039647) < 1e-9);
    st_match_stats(0, 1, 0, &m);
    cr_expect(m.elo == 0 && m.elo_error == 0 && isnan(m.los) && m.draw_ratio == 1);
    st_match_stats(0, 0, 0, &m);
    cr_expect(isnan(m.score) && isnan(m.elo) && isnan(m.los) && isnan(m.draw_ratio));
}
