/*
 * rating lists: the fit of every list, each variant's then `all`, once
 * st_stats_finish has sorted the pair records (the sums of a fit run in an
 * order fixed by the names alone).  A list's players are numbered in
 * order of first appearance, fitted with the options (Ordo's), given
 * their Game Courier ratings and numbered into groups of players who met;
 * a list with the same pairs as an earlier one takes its ratings.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats/stats_internal.h"

/* The player record (player rank, variant rank) by binary search. */
static struct st_player_rec *find_player(st_stats *s, uint32_t rank_player, uint32_t rank_variant)
{
    size_t lo = 0, hi = s->npl;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        struct st_player_rec *p = &s->pl[mid];
        int c = st_cmp_u32(p->rank_player, rank_player);
        if (!c)
            c = st_cmp_u32(p->rank_variant, rank_variant);
        if (!c)
            return p;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* Union-find over a list's players, for its groups. */
static uint32_t root_of(uint32_t *up, uint32_t i)
{
    while (up[i] != i)
        i = up[i] = up[up[i]];
    return i;
}

/* A group while it is numbered: its root, size and first name. */
struct group_key {
    uint32_t root, size, first;
};

static int by_size_then_name(const void *x, const void *y)
{
    const struct group_key *a = x, *b = y;
    if (a->size != b->size)
        return a->size > b->size ? -1 : 1;
    return st_cmp_u32(a->first, b->first);
}

/* Number the groups of players who met, directly or through others: 1 the
 * largest, ties by the first name in byte order (who[] holds name ranks).
 * group[i] gets player i's; returns the number of groups, or 0 when out of
 * memory. */
static uint32_t number_groups(size_t n, const struct st_rating_pair *pairs, size_t np,
                              const uint32_t *who, uint32_t *group)
{
    uint32_t *up = malloc(n * 3 * sizeof *up);
    struct group_key *keys = malloc(n * sizeof *keys);
    if (!up || !keys) {
        free(up);
        free(keys);
        return 0;
    }
    uint32_t *size = up + n, *first = up + 2 * n;
    for (size_t i = 0; i < n; i++) {
        up[i] = (uint32_t)i;
        size[i] = 0;
        first[i] = UINT32_MAX;
    }
    for (size_t k = 0; k < np; k++) {
        uint32_t a = root_of(up, pairs[k].a), b = root_of(up, pairs[k].b);
        if (a != b)
            up[a < b ? b : a] = a < b ? a : b;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t r = root_of(up, (uint32_t)i);
        size[r]++;
        if (who[i] < first[r])
            first[r] = who[i];
    }
    uint32_t ngroups = 0;
    for (size_t r = 0; r < n; r++)
        if (size[r])
            keys[ngroups++] = (struct group_key){(uint32_t)r, size[r], first[r]};
    qsort(keys, ngroups, sizeof *keys, by_size_then_name);
    /* size[] now maps a root to its number. */
    for (uint32_t g = 0; g < ngroups; g++)
        size[keys[g].root] = g + 1;
    for (size_t i = 0; i < n; i++)
        group[i] = size[root_of(up, (uint32_t)i)];
    free(up);
    free(keys);
    return ngroups;
}

/* The white-advantage fit sees each pair twice, once per colour of a. */
static size_t colour_pairs(const st_stats *s, const uint32_t *idx, size_t n,
                           const struct st_rating_pair *pairs, struct st_rating_pair *out)
{
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        const struct st_pair_rec *p = &s->pr[idx[k]];
        uint64_t a_half = 2 * p->a_wins + p->draws, b_white = p->games - p->a_white_games;
        if (p->a_white_games)
            out[m++] = (struct st_rating_pair){pairs[k].a, pairs[k].b, (double)p->a_white_games,
                                               (double)p->a_white_half / 2, 1};
        if (b_white)
            out[m++] = (struct st_rating_pair){pairs[k].a, pairs[k].b, (double)b_white,
                                               (double)(a_half - p->a_white_half) / 2, -1};
    }
    return m;
}

/* One rating list: the pairs first[0 .. n-1] (consecutive in the sorted
 * pair table's per-list order).  Players are numbered in order of first
 * appearance in that order, which depends on the names only.  Fits the
 * ratings with the options (Ordo's), the Game Courier ratings and the
 * groups, into the player records and *info. */
static int fit_list(st_stats *s, const uint32_t *idx, size_t n, uint32_t rank_variant,
                    uint32_t *local, uint32_t *who, struct st_list_info *info)
{
    const struct st_options *o = &s->opt;
    struct st_rating_pair *pairs = malloc(n * (o->white_advantage ? 3 : 1) * sizeof *pairs);
    size_t nplayers = 0, anchor = SIZE_MAX;
    uint32_t anchor_id = o->anchor ? st_names_find(&s->players, o->anchor) : ST_NONE;
    if (!pairs)
        return -1;
    for (size_t k = 0; k < n; k++) {
        const struct st_pair_rec *p = &s->pr[idx[k]];
        uint32_t ends[2] = {p->rank_a, p->rank_b}, ids[2] = {p->a, p->b};
        for (int e = 0; e < 2; e++)
            if (local[ends[e]] == ST_NONE) {
                if (ids[e] == anchor_id)
                    anchor = nplayers;
                local[ends[e]] = (uint32_t)nplayers;
                who[nplayers++] = ends[e];
            }
        pairs[k].a = local[p->rank_a];
        pairs[k].b = local[p->rank_b];
        pairs[k].games = (double)p->games;
        pairs[k].score_a = (double)p->a_wins + (double)p->draws / 2;
        pairs[k].white = 0;
        info->games += p->games;
    }
    struct st_rating_pair *fitp = pairs;
    size_t nfit = n;
    if (o->white_advantage) {
        fitp = pairs + n;
        nfit = colour_pairs(s, idx, n, pairs, fitp);
    }
    double *rating = malloc((nplayers ? nplayers : 1) * 4 * sizeof *rating);
    uint32_t *group = malloc((nplayers ? nplayers : 1) * sizeof *group);
    struct st_rating_fit_out fo = {0, 0};
    int rc = rating && group ? 0 : -1;
    if (rc == 0)
        rc = st_rating_fit_ex(nplayers, fitp, nfit, o->prior_sd, o->white_advantage, anchor, rating,
                              rating + nplayers, &fo);
    if (rc == 0)
        rc = st_gcr(nplayers, pairs, n, rating + 2 * nplayers, NULL, NULL);
    if (rc == 0 && !(info->groups = number_groups(nplayers, pairs, n, who, group)))
        rc = -1;
    /* Ordo's placings: the anchor at her rating, else the mean at R. */
    double shift = 0;
    if (anchor < nplayers)
        shift = o->anchor_rating - rating[anchor];
    else if (o->anchor)
        shift = o->anchor_rating - ST_RATING_CENTRE;
    else if (o->average_set)
        shift = o->average - ST_RATING_CENTRE;
    double sum = 0;
    for (size_t i = 0; i < nplayers; i++) {
        if (rc == 0) {
            struct st_player_rec *p = find_player(s, who[i], rank_variant);
            if (shift != 0)
                rating[i] += shift;
            sum += rating[i];
            if (p) {
                p->rated = 1;
                p->rating = rating[i];
                p->se = rating[nplayers + i];
                p->gcr = rating[2 * nplayers + i];
                p->group = group[i];
            }
        }
        local[who[i]] = ST_NONE;
    }
    info->players = nplayers;
    info->average = nplayers ? sum / (double)nplayers : 0;
    info->anchored = anchor < nplayers;
    info->white_fitted = o->white_advantage;
    info->white_advantage = fo.white_advantage;
    info->white_se = fo.white_advantage_se;
    free(rating);
    free(group);
    free(pairs);
    return rc < 0 ? -1 : 0;
}

/* Do two lists hold the same pairs with the same games and points (and
 * colours, when they are fitted), in the same order?  Then their fits are
 * the same arithmetic on the same numbers. */
static int same_list(const st_stats *s, const uint32_t *x, const uint32_t *y, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const struct st_pair_rec *p = &s->pr[x[k]], *q = &s->pr[y[k]];
        if (p->rank_a != q->rank_a || p->rank_b != q->rank_b || p->games != q->games ||
            2 * p->a_wins + p->draws != 2 * q->a_wins + q->draws)
            return 0;
        if (s->opt.white_advantage &&
            (p->a_white_games != q->a_white_games || p->a_white_half != q->a_white_half))
            return 0;
    }
    return 1;
}

/* List `to` is list `from` over again: its players get from's ratings.
 * A player of `to` who is in none of its pairs is in none of from's
 * either, so is unrated in both. */
static void copy_list(st_stats *s, uint32_t from, uint32_t to)
{
    for (size_t i = 0; i < s->npl; i++) {
        struct st_player_rec *b = &s->pl[i];
        const struct st_player_rec *a =
            b->rank_variant == to ? find_player(s, b->rank_player, from) : NULL;
        if (a) {
            b->rated = a->rated;
            b->rating = a->rating;
            b->se = a->se;
            b->gcr = a->gcr;
            b->group = a->group;
        }
    }
}

/* A list whose pairs are all of an earlier list's (the `all` list of an
 * archive of one variant, the common case) takes that list's ratings
 * rather than fitting the same numbers twice: UINT32_MAX when none. */
static uint32_t earlier_same_list(const st_stats *s, const size_t *start, const uint32_t *idx,
                                  size_t l)
{
    size_t n = start[l + 1] - start[l];
    for (size_t m = 0; m < l; m++)
        if (start[m + 1] - start[m] == n && same_list(s, idx + start[m], idx + start[l], n))
            return (uint32_t)m;
    return UINT32_MAX;
}

/* The lists to fit, shared by the threads that fit them: each takes the
 * next list not yet taken.  A list's fit reads only the pair table, the
 * names and the options, and writes only its own players' records and
 * its own st_list_info, so lists fit side by side give the same numbers
 * as one after another. */
struct fit_work {
    st_stats *s;
    const size_t *start;
    const uint32_t *idx;
    const uint32_t *todo;         /* the lists to fit, in order */
    size_t ntodo;
    struct st_list_info **info;   /* per list: where its fit goes */
    atomic_size_t next;           /* the next of todo to take */
    atomic_int failed;
};

/* Fit lists until none is left; local and who: the thread's own room
 * (fit_list's), of s->players.n entries each, local all ST_NONE. */
static void fit_lists(struct fit_work *w, uint32_t *local, uint32_t *who)
{
    for (size_t k; (k = atomic_fetch_add(&w->next, 1)) < w->ntodo && !atomic_load(&w->failed);) {
        uint32_t l = w->todo[k];
        if (fit_list(w->s, w->idx + w->start[l], w->start[l + 1] - w->start[l], l, local, who,
                     w->info[l]) != 0)
            atomic_store(&w->failed, 1);
    }
}

struct fit_thread {
    pthread_t t;
    struct fit_work *w;
    uint32_t *local, *who;
};

static void *fit_thread_main(void *arg)
{
    struct fit_thread *f = arg;
    fit_lists(f->w, f->local, f->who);
    return NULL;
}

/* Fit the lists of w with up to `threads` threads, the calling one
 * among them (local, who: its room).  A thread that cannot be started
 * leaves its lists to the others. */
static void fit_in_threads(struct fit_work *w, unsigned threads, uint32_t *local, uint32_t *who)
{
    size_t n = w->s->players.n, extra = threads > 1 ? threads - 1 : 0;
    if (w->ntodo == 0 || extra > w->ntodo - 1)
        extra = w->ntodo ? w->ntodo - 1 : 0;
    struct fit_thread *f = extra ? calloc(extra, sizeof *f) : NULL;
    size_t started = 0;
    for (size_t i = 0; f && i < extra; i++) {
        f[i].w = w;
        f[i].local = malloc((n ? n : 1) * sizeof *f[i].local);
        f[i].who = malloc((n ? n : 1) * sizeof *f[i].who);
        if (!f[i].local || !f[i].who) {
            free(f[i].local);
            free(f[i].who);
            break;
        }
        for (size_t p = 0; p < n; p++)
            f[i].local[p] = ST_NONE;
        if (pthread_create(&f[i].t, NULL, fit_thread_main, &f[i]) != 0) {
            free(f[i].local);
            free(f[i].who);
            break;
        }
        started++;
    }
    fit_lists(w, local, who);
    for (size_t i = 0; i < started; i++) {
        pthread_join(f[i].t, NULL);
        free(f[i].local);
        free(f[i].who);
    }
    free(f);
}

/* Every list: each variant's, then `all`; a row of rating_lists.csv each.
 * The lists with pairs of their own are fitted (by s->opt.threads threads
 * at most); a list with the same pairs as an earlier one then takes its
 * ratings. */
int st_rating_lists_fit(st_stats *s, size_t nvariants)
{
    if (s->npr == 0)
        return 0;
    /* Pair indices grouped by list, keeping the sorted (a, b) order. */
    size_t nlists = nvariants + 1;
    size_t *start = calloc(nlists + 1, sizeof *start);
    uint32_t *idx = malloc(s->npr * sizeof *idx);
    uint32_t *local = malloc(s->players.n * sizeof *local);
    uint32_t *who = malloc(s->players.n * sizeof *who);
    uint32_t *list_row = malloc(nlists * sizeof *list_row);
    uint32_t *same = malloc(nlists * sizeof *same);
    uint32_t *todo = malloc(nlists * sizeof *todo);
    struct st_list_info **info = malloc(nlists * sizeof *info);
    s->lists = calloc(nlists, sizeof *s->lists);
    int rc = -1;
    if (!start || !idx || !local || !who || !list_row || !same || !todo || !info || !s->lists)
        goto out;
    for (size_t k = 0; k < s->npr; k++)
        start[s->pr[k].rank_variant + 1]++;
    for (size_t l = 0; l < nlists; l++)
        start[l + 1] += start[l];
    for (size_t k = 0; k < s->npr; k++)
        idx[start[s->pr[k].rank_variant]++] = (uint32_t)k;
    for (size_t l = nlists; l > 0; l--)
        start[l] = start[l - 1];
    start[0] = 0;
    for (size_t i = 0; i < s->players.n; i++)
        local[i] = ST_NONE;
    struct fit_work w = {s, start, idx, todo, 0, info, 0, 0};
    for (size_t l = 0; l < nlists; l++) {
        info[l] = NULL;
        if (start[l + 1] == start[l])
            continue;
        info[l] = &s->lists[s->nlists];
        info[l]->variant = l < nvariants ? s->var_order[l] : ST_NONE;
        info[l]->rank_variant = (uint32_t)l;
        list_row[l] = (uint32_t)s->nlists++;
        same[l] = earlier_same_list(s, start, idx, l);
        if (same[l] == UINT32_MAX)
            todo[w.ntodo++] = (uint32_t)l;
    }
    fit_in_threads(&w, s->opt.threads, local, who);
    rc = atomic_load(&w.failed) ? -1 : 0;
    for (size_t l = 0; l < nlists && rc == 0; l++) {
        if (!info[l] || same[l] == UINT32_MAX)
            continue;
        copy_list(s, same[l], (uint32_t)l);
        struct st_list_info copy = s->lists[list_row[same[l]]];
        copy.variant = info[l]->variant;
        copy.rank_variant = info[l]->rank_variant;
        *info[l] = copy;
    }
out:
    free(start);
    free(idx);
    free(local);
    free(who);
    free(list_row);
    free(same);
    free(todo);
    free(info);
    return rc;
}
