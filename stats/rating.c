/*
 * rating: Elo-scale ratings from game results, with their uncertainty.
 *
 * The model (docs/statistics.md "The rating model"): player i has rating R_i and
 * scores against j with probability p_ij = 1 / (1 + 10^((R_j - R_i)/400)),
 * the Bradley-Terry model on the Elo scale.  A draw counts as half a win
 * and half a loss, so the log-likelihood of a pair is
 *     S_ij log p_ij + (G_ij - S_ij) log(1 - p_ij)
 * with G_ij games and S_ij points.  Each rating has a normal prior
 * N(1500, sd^2): it keeps unbeaten (and winless) players finite and ties
 * lists that never met to the same centre.  Because the likelihood only
 * sees differences and the prior is the same for everyone, the maximum has
 * mean exactly 1500 (the gradients of the likelihood sum to zero, so the
 * prior's must too): the list is centred on 1500 without a constraint.
 *
 * The maximum is found by Newton's method with a backtracking line search
 * (the log-posterior is concave, so it converges from the start at 1500);
 * each Newton system is solved by conjugate gradients preconditioned with
 * the diagonal, which touches only the pairs that played, so lists of
 * thousands of players stay cheap.
 *
 * Standard errors come from the observed information H (minus the Hessian
 * of the log-posterior at the maximum).  A rating is only defined up to
 * the common centre, so the error reported is that of R_i - mean(R): the
 * (i,i) entry of P H^-1 P with P the projection that removes the mean.
 * Since H 1 = 1/sd^2 1, that is (H^-1)_ii - sd^2/n; it is computed on
 * M = H + b 1 1^T (the same on the centred subspace, better conditioned,
 * and still invertible without a prior) through a dense Cholesky factor.
 *
 * Ordo's options.  A white-advantage term W (Ordo's -W) is one more
 * unknown: a game's rating difference is R_white - R_black + W, and W has
 * the same prior N(0, sd^2).  The likelihood still sees only differences of
 * ratings, so the mean stays exact; 1 (on the ratings, 0 on W) stays an
 * eigenvector of H, and the error of W is (M^-1)_WW.  An anchor (Ordo's
 * -A) fixes one player instead of the mean: the ratings are shifted by the
 * caller, and the error reported is that of R_i - R_anchor,
 * (M^-1)_ii + (M^-1)_aa - 2 (M^-1)_ia, again a contrast M and H agree on.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

/* d log p / d R: ln 10 / 400 per Elo point. */
#define C_ELO (2.302585092994045684 / 400.0)
#define NEWTON_MAX 200
#define CG_MAX 1000
#define CG_EXACT 1e-12  /* a Newton system's residual, relative, near the maximum */
#define CG_LOOSE 1e-3   /* ... and at most, far from it */
/* Beyond this the plain likelihood has no maximum: a perfect score. */
#define DIVERGED 20000.0

struct fit {
    size_t n, np;
    size_t nv;        /* unknowns: the n ratings, and W at index n when fitted */
    const struct st_rating_pair *pairs;
    double inv_var;   /* 1 / prior_sd^2, 0 without prior */
    double *w;        /* per pair: information weight C^2 G p (1 - p) */
    double *diag;     /* diagonal of H */
    double *grad;
};

/* log(1 + e^t) without overflow. */
static double softplus(double t) { return t > 0 ? t + log1p(exp(-t)) : log1p(exp(t)); }

/* The logistic argument of pair p at x: a's rating less b's, plus
 * White's advantage (x[n]) times p->white, on the natural scale. */
static double pair_z(const struct fit *F, const struct st_rating_pair *p, const double *x)
{
    double diff = x[p->a] - x[p->b];
    if (p->white)
        diff += p->white * x[F->n];
    return C_ELO * diff;
}

static double log_posterior(const struct fit *F, const double *x)
{
    double f = 0;
    for (size_t k = 0; k < F->np; k++) {
        const struct st_rating_pair *p = &F->pairs[k];
        double z = pair_z(F, p, x);
        /* log p = -softplus(-z), log (1 - p) = -softplus(z).  Both share
         * u = log1p(exp(-|z|)) (softplus(t) is t + u for t > 0, else u),
         * so it is computed once: the same operations on the same values
         * as calling softplus twice, at half the exp and log1p. */
        double u = softplus(-fabs(z));
        double sp_neg = z < 0 ? -z + u : u, sp_pos = z > 0 ? z + u : u;
        f -= p->score_a * sp_neg + (p->games - p->score_a) * sp_pos;
    }
    for (size_t i = 0; i < F->nv; i++)
        f -= 0.5 * F->inv_var * x[i] * x[i];
    return f;
}

/* Gradient, pair weights and diagonal of H at x. */
static void linearise(struct fit *F, const double *x)
{
    for (size_t i = 0; i < F->nv; i++) {
        F->grad[i] = -F->inv_var * x[i];
        F->diag[i] = F->inv_var;
    }
    for (size_t k = 0; k < F->np; k++) {
        const struct st_rating_pair *p = &F->pairs[k];
        double z = pair_z(F, p, x);
        double pa = 1 / (1 + exp(-z)), pb = 1 / (1 + exp(z));
        /* S - G p_a written as S p_b - (G - S) p_a: no cancellation when
         * p_a rounds to 1. */
        double g = C_ELO * (p->score_a * pb - (p->games - p->score_a) * pa);
        F->grad[p->a] += g;
        F->grad[p->b] -= g;
        F->w[k] = C_ELO * C_ELO * p->games * pa * pb;
        F->diag[p->a] += F->w[k];
        F->diag[p->b] += F->w[k];
        if (p->white) {
            F->grad[F->n] += p->white * g;
            F->diag[F->n] += F->w[k];
        }
    }
}

static void apply_h(const struct fit *F, const double *v, double *out)
{
    for (size_t i = 0; i < F->nv; i++)
        out[i] = F->inv_var * v[i];
    for (size_t k = 0; k < F->np; k++) {
        const struct st_rating_pair *p = &F->pairs[k];
        double diff = v[p->a] - v[p->b];
        if (p->white)
            diff += p->white * v[F->n];
        double d = F->w[k] * diff;
        out[p->a] += d;
        out[p->b] -= d;
        if (p->white)
            out[F->n] += p->white * d;
    }
}

static double dot(const double *a, const double *b, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

/* Solve H d = grad by preconditioned conjugate gradients (tmp: 4n) until
 * the residual is `rel` times the gradient.  An early stop still gives an
 * ascent direction, so Newton goes on. */
static void solve_newton(const struct fit *F, double rel, double *d, double *tmp)
{
    size_t n = F->nv;
    double *r = tmp, *z = tmp + n, *p = tmp + 2 * n, *hp = tmp + 3 * n;
    memset(d, 0, n * sizeof *d);
    memcpy(r, F->grad, n * sizeof *r);
    double goal = rel * rel * dot(r, r, n);
    for (size_t i = 0; i < n; i++)
        p[i] = z[i] = r[i] / F->diag[i];
    double rz = dot(r, z, n);
    for (int it = 0; it < CG_MAX && dot(r, r, n) > goal; it++) {
        apply_h(F, p, hp);
        double php = dot(p, hp, n);
        if (!(php > 0))
            break;
        double alpha = rz / php;
        for (size_t i = 0; i < n; i++) {
            d[i] += alpha * p[i];
            r[i] -= alpha * hp[i];
            z[i] = r[i] / F->diag[i];
        }
        double rz_next = dot(r, z, n);
        double beta = rz_next / rz;
        rz = rz_next;
        for (size_t i = 0; i < n; i++)
            p[i] = z[i] + beta * p[i];
    }
}

/* On x86-64, clear the upper halves of the vector registers if the CPU
 * has them.  Code of a library built for AVX (ISA-L's inflate on the
 * walking thread, for one) may return with them dirty, and every call of
 * the fit's SSE code into libm's exp (built with FMA, VEX-encoded) then
 * pays the state transition: with -j 2 an exp took 556 to 669 cycles in
 * place of 54 to 58, about half a second of CPU on the bench set's
 * 2.6 million (docs/performance.md).  vzeroupper keeps the lower halves,
 * where SSE code holds its values, so no value of the caller changes. */
static void clean_vector_uppers(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx"))
        __asm__ volatile("vzeroupper");
#endif
}

/* x: ratings minus the centre.  0 converged, 1 diverged. */
static int maximise(struct fit *F, double *x, double *d, double *trial, double *tmp)
{
    clean_vector_uppers();
    size_t n = F->nv;
    double f = log_posterior(F, x), g0 = 0;
    for (int it = 0; it < NEWTON_MAX; it++) {
        linearise(F, x);
        /* Without the prior a perfect score sends ratings off to infinity,
         * where the information of its games underflows to 0. */
        for (size_t i = 0; i < n; i++)
            if (!(F->diag[i] > 0) || !isfinite(x[i]))
                return 1;
        /* Inexact Newton: far from the maximum a rough direction does as
         * well as an exact one, so the system is solved only as far as
         * the gradient has come down (CG_LOOSE at most); near it, to
         * CG_EXACT, as every step was before.  The stop below is the
         * same, so the maximum is found to the same precision. */
        double g = sqrt(dot(F->grad, F->grad, n));
        if (it == 0)
            g0 = g;
        double rel = g0 > 0 ? fmin(CG_LOOSE, g / g0) : CG_EXACT;
        solve_newton(F, fmax(rel, CG_EXACT), d, tmp);
        double t = 1, fn = f, step = 0;
        for (; t > 1e-12; t /= 2) {
            for (size_t i = 0; i < n; i++)
                trial[i] = x[i] + t * d[i];
            fn = log_posterior(F, trial);
            if (fn >= f - 1e-13 * fabs(f))
                break;
        }
        if (t <= 1e-12)
            return 0; /* no step improves: at the maximum to rounding */
        for (size_t i = 0; i < n; i++) {
            step = fmax(step, fabs(trial[i] - x[i]));
            x[i] = trial[i];
        }
        f = fn;
        if (step < 1e-10)
            return 0;
        for (size_t i = 0; i < n; i++)
            if (!(fabs(x[i]) <= DIVERGED))
                return 1;
    }
    return F->inv_var > 0 ? 0 : 1;
}

/* M = H + b 1 1^T (see the top) into m, dense, nv by nv: the ratings'
 * block shifted by b, W's row and column (when fitted) as they are. */
static void dense_information(const struct fit *F, double b, double *m)
{
    size_t n = F->n, nv = F->nv;
    for (size_t i = 0; i < nv; i++)
        for (size_t j = 0; j < nv; j++)
            m[i * nv + j] = i < n && j < n ? b : 0;
    for (size_t i = 0; i < nv; i++)
        m[i * nv + i] += F->diag[i];
    for (size_t k = 0; k < F->np; k++) {
        const struct st_rating_pair *p = &F->pairs[k];
        m[p->a * nv + p->b] -= F->w[k];
        m[p->b * nv + p->a] -= F->w[k];
        if (p->white) {
            double t = p->white * F->w[k];
            m[p->a * nv + n] += t;
            m[n * nv + p->a] += t;
            m[p->b * nv + n] -= t;
            m[n * nv + p->b] -= t;
        }
    }
}

/* Cholesky, lower triangle in place: M = L L^T.  0, or 1 when M is
 * singular. */
static int cholesky(double *m, size_t nv)
{
    for (size_t j = 0; j < nv; j++) {
        double s = m[j * nv + j], scale = s;
        for (size_t k = 0; k < j; k++)
            s -= m[j * nv + k] * m[j * nv + k];
        /* A pivot lost in rounding: singular (no prior, lists that never
         * met).  With the prior every pivot is at least 1/sd^2. */
        if (!(s > 1e-12 * scale))
            return 1;
        double ljj = sqrt(s);
        m[j * nv + j] = ljj;
        for (size_t i = j + 1; i < nv; i++) {
            double t = m[i * nv + j];
            for (size_t k = 0; k < j; k++)
                t -= m[i * nv + k] * m[j * nv + k];
            m[i * nv + j] = t / ljj;
        }
    }
    return 0;
}

/* z = L^-1 e_anchor, whose entries before the anchor are 0 (L in m, from
 * cholesky).  Returns z . z. */
static double anchor_solve(const double *m, size_t nv, size_t anchor, double *z)
{
    double zz = 0;
    for (size_t r = anchor; r < nv; r++) {
        double t = r == anchor ? 1 : 0;
        for (size_t k = anchor; k < r; k++)
            t -= m[r * nv + k] * z[k];
        z[r] = t / m[r * nv + r];
        zz += z[r] * z[r];
    }
    return zz;
}

/* Variances from the dense inverse (see the top): var[i] of R_i - mean(R),
 * or of R_i - R_anchor when anchor < n, and var[n] of W when it is fitted. */
static int exact_variances(const struct fit *F, double *var, size_t anchor)
{
    size_t n = F->n, nv = F->nv;
    double *m = malloc(nv * nv * sizeof *m), *y = malloc(nv * sizeof *y);
    double *z = anchor < n ? malloc(nv * sizeof *z) : NULL;
    if (!m || !y || (anchor < n && !z)) {
        free(m);
        free(y);
        free(z);
        return -1;
    }
    double trace = 0;
    for (size_t i = 0; i < n; i++)
        trace += F->diag[i];
    double b = trace / ((double)n * (double)n);
    dense_information(F, b, m);
    int rc = cholesky(m, nv);
    double zz = z && rc == 0 ? anchor_solve(m, nv, anchor, z) : 0;
    /* (M^-1)_ij = (L^-1 e_i) . (L^-1 e_j); M 1 = (1/sd^2 + b n) 1 gives the
     * mean's part. */
    double mean_part = 1 / ((F->inv_var + b * (double)n) * (double)n);
    for (size_t i = 0; i < nv && rc == 0; i++) {
        double sum = 0, cross = 0;
        for (size_t r = i; r < nv; r++) {
            double t = r == i ? 1 : 0;
            for (size_t k = i; k < r; k++)
                t -= m[r * nv + k] * y[k];
            y[r] = t / m[r * nv + r];
            sum += y[r] * y[r];
            if (z && r >= anchor)
                cross += y[r] * z[r];
        }
        if (i == n)
            var[i] = sum;
        else if (!z)
            var[i] = sum - mean_part;
        else
            var[i] = i == anchor ? 0 : sum + zz - 2 * cross;
    }
    free(m);
    free(y);
    free(z);
    return rc;
}

int st_rating_fit(size_t n, const struct st_rating_pair *pairs, size_t npairs,
                  double prior_sd, double *rating, double *se)
{
    return st_rating_fit_ex(n, pairs, npairs, prior_sd, 0, SIZE_MAX, rating, se, NULL);
}

int st_rating_fit_ex(size_t n, const struct st_rating_pair *pairs, size_t npairs,
                     double prior_sd, int white_adv, size_t anchor, double *rating, double *se,
                     struct st_rating_fit_out *out)
{
    if (n == 0)
        return 0;
    size_t nv = n + (white_adv ? 1 : 0);
    struct fit F = {n, npairs, nv, pairs, prior_sd > 0 ? 1 / (prior_sd * prior_sd) : 0,
                    malloc((npairs ? npairs : 1) * sizeof(double)), malloc(nv * sizeof(double)),
                    malloc(nv * sizeof(double))};
    double *work = malloc(7 * nv * sizeof *work);
    int rc = -1;
    if (!F.w || !F.diag || !F.grad || !work)
        goto out;
    double *x = work, *d = work + nv, *trial = work + 2 * nv, *tmp = work + 3 * nv;
    memset(x, 0, nv * sizeof *x);
    rc = maximise(&F, x, d, trial, tmp);
    if (rc != 0)
        goto out;
    double mean = 0;
    for (size_t i = 0; i < n; i++)
        mean += x[i];
    mean /= (double)n;
    for (size_t i = 0; i < n; i++)
        x[i] -= mean; /* already 0 with a prior, to rounding */
    linearise(&F, x);
    double *var = d;
    if (n <= ST_RATING_DENSE_MAX) {
        rc = exact_variances(&F, var, anchor);
        if (rc != 0)
            goto out;
    } else {
        /* Each one's own information, the others' ratings taken as exact;
         * an anchor's error adds to everyone else's. */
        for (size_t i = 0; i < nv; i++)
            var[i] = 1 / F.diag[i];
        if (anchor < n) {
            double va = var[anchor];
            for (size_t i = 0; i < n; i++)
                var[i] = i == anchor ? 0 : var[i] + va;
        }
    }
    for (size_t i = 0; i < n; i++) {
        rating[i] = ST_RATING_CENTRE + x[i];
        se[i] = var[i] > 0 ? sqrt(var[i]) : 0;
    }
    if (out) {
        out->white_advantage = white_adv ? x[n] : 0;
        out->white_advantage_se = white_adv && var[n] > 0 ? sqrt(var[n]) : 0;
    }
out:
    free(F.w);
    free(F.diag);
    free(F.grad);
    free(work);
    return rc;
}
