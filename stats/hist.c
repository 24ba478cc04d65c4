/*
 * hist: a variant's valid games by number of turns, for the exact median
 * of variants.csv.  Lengths below ST_HIST_DENSE are counted in an array;
 * the rare longer ones in a list of their own, each length once, found
 * through a hash map, so that a game of millions of turns costs one entry
 * rather than an array of millions (issue 15: memory must not grow with a
 * game's length).
 */
#include <stdlib.h>

#include "stats/stats_internal.h"

/* A longer length's key, read back from its entry (st_map_key_fn). */
static void length_key(const void *ctx, uint32_t idx, struct st_key *out)
{
    uint64_t turns = ((const struct st_variant_rec *)ctx)->longer[idx].turns;
    *out = (struct st_key){{(uint32_t)turns, (uint32_t)(turns >> 32), 0, 0}};
}

int st_hist_add(struct st_variant_rec *V, uint64_t turns, uint64_t count)
{
    uint64_t *slot;
    if (turns < ST_HIST_DENSE) {
        if (st_grow((void **)&V->turns_hist, &V->hist_len, (size_t)turns + 1,
                    sizeof *V->turns_hist) != 0)
            return -1;
        slot = &V->turns_hist[turns];
    } else {
        if (V->nlonger == V->longer_cap &&
            st_grow((void **)&V->longer, &V->longer_cap, V->nlonger + 1, sizeof *V->longer) != 0)
            return -1;
        struct st_key key = {{(uint32_t)turns, (uint32_t)(turns >> 32), 0, 0}};
        uint32_t at;
        int added;
        if (st_map_get_or_add(&V->longer_map, &key, (uint32_t)V->nlonger, length_key, V, &at, &added) != 0)
            return -1;
        if (added) {
            V->longer[at].turns = turns;
            V->longer[at].count = 0;
            V->nlonger++;
        }
        slot = &V->longer[at].count;
    }
    if (count > ST_COUNT_MAX || *slot > ST_COUNT_MAX - count)
        return -2;
    *slot += count;
    return 0;
}

int st_hist_each(const struct st_variant_rec *V, st_hist_fn fn, void *ctx)
{
    int rc = 0;
    for (size_t t = 0; t < V->hist_len && rc == 0; t++)
        if (V->turns_hist[t])
            rc = fn(ctx, t, V->turns_hist[t]);
    for (size_t i = 0; i < V->nlonger && rc == 0; i++)
        if (V->longer[i].count)
            rc = fn(ctx, V->longer[i].turns, V->longer[i].count);
    return rc;
}

static int by_turns(const void *a, const void *b)
{
    const struct st_hist_long *x = a, *y = b;
    return (x->turns > y->turns) - (x->turns < y->turns);
}

void st_hist_finish(struct st_variant_rec *V)
{
    /* In order of length for the median; the map's indices are not
     * needed any more (nothing is added once the statistics are
     * finished). */
    if (V->nlonger > 1)
        qsort(V->longer, V->nlonger, sizeof *V->longer, by_turns);
    st_map_release(&V->longer_map);
}

double st_hist_median_of(const struct st_variant_rec *V)
{
    uint64_t total = V->valid, dense = 0;
    for (size_t t = 0; t < V->hist_len; t++)
        dense += V->turns_hist[t];
    if (total == 0)
        return 0;
    if (V->nlonger == 0 || dense > total / 2)
        return st_hist_median(V->turns_hist, V->hist_len, total);
    /* The middle is among the long games, in order of length since
     * st_hist_finish. */
    uint64_t lo_pos = (total - 1) / 2, hi_pos = total / 2, seen = dense;
    double lo = 0;
    int have_lo = 0;
    if (dense > lo_pos) {
        /* The lower middle is the longest dense length. */
        for (size_t t = V->hist_len; t-- > 0;)
            if (V->turns_hist[t]) {
                lo = (double)t;
                break;
            }
        have_lo = 1;
    }
    for (size_t i = 0; i < V->nlonger; i++) {
        seen += V->longer[i].count;
        if (!have_lo && seen > lo_pos) {
            lo = (double)V->longer[i].turns;
            have_lo = 1;
        }
        if (seen > hi_pos)
            return (lo + (double)V->longer[i].turns) / 2;
    }
    return lo;
}

void st_hist_release(struct st_variant_rec *V)
{
    free(V->turns_hist);
    free(V->longer);
    st_map_release(&V->longer_map);
}

double st_hist_median(const uint64_t *hist, size_t len, uint64_t total)
{
    /* The values at 0-based positions (total-1)/2 and total/2. */
    uint64_t lo_pos = (total - 1) / 2, hi_pos = total / 2, seen = 0;
    double lo = 0;
    int have_lo = 0;
    for (size_t t = 0; t < len; t++) {
        seen += hist[t];
        if (!have_lo && seen > lo_pos) {
            lo = (double)t;
            have_lo = 1;
        }
        if (seen > hi_pos)
            return (lo + (double)t) / 2;
    }
    return lo;
}
