/*
 * standings: the table of each event (the Event: header) as a director
 * publishes it, with the tie-breaks of FIDE's Tie-Break Regulations
 * (Handbook C.07) that fit how the event was paired
 * (docs/standings-and-ratings.md says which, in what order, and why).
 *
 * Everything is computed from the event's pair records (tally.c counts
 * them; no game is kept): the points, wins, draws and losses of each
 * player, the pairings that decide the format, and the tie-breaks.  Points
 * are kept doubled and Sonneborn-Berger quadrupled, so every figure and
 * every comparison is exact integer arithmetic, and the table depends on
 * the sums alone: the same whatever order the games came in, and the same
 * after `merge`.
 *
 * The games under review (illegal, with a result) are scored by the
 * policy of the options (--illegal-games: forfeited, as their result says,
 * or left out); the table is also ranked under the other two policies, so
 * that a note can say when the places depend on how those games are
 * scored.
 *
 * Format.  An event is a round robin when every two of its players were
 * paired (played a game of status ok or illegal, finished or not) the same
 * number of times, at least once; otherwise it is a Swiss event.
 *
 * Tie-breaks, in the order applied after the points:
 *   round robin: direct encounter, number of wins, Sonneborn-Berger;
 *   Swiss:       Buchholz Cut-1, Buchholz, number of wins.
 * Players still level share their rank (1, 2, 2, 4) and are listed by name:
 * FIDE's last resort, drawing lots, is not something a report can do.
 */
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

const char *st_format_name(enum st_format f)
{
    return f == ST_FORMAT_ROUND_ROBIN ? "round-robin" : "swiss";
}

const char *st_illegal_name(enum st_illegal p)
{
    return p == ST_ILLEGAL_RESULT ? "result" : p == ST_ILLEGAL_EXCLUDE ? "exclude" : "forfeit";
}

/* The games of a pair the standings score under a policy, and how. */
struct score {
    uint64_t games, a_wins, draws, b_wins;
};

static struct score score_of(const struct st_epair_rec *p, enum st_illegal policy)
{
    struct score r = {p->games, p->a_wins, p->draws, p->b_wins};
    if (policy == ST_ILLEGAL_RESULT) {
        r.a_wins += p->rv_a_wins;
        r.draws += p->rv_draws;
        r.b_wins += p->rv_b_wins;
    } else if (policy == ST_ILLEGAL_FORFEIT) {
        r.a_wins += p->fo_a_wins;
        r.draws += p->fo_draws;
        r.b_wins += p->fo_b_wins;
    }
    r.games = r.a_wins + r.draws + r.b_wins;
    return r;
}

/* The games under review of a pair. */
static uint64_t review_of(const struct st_epair_rec *p)
{
    return p->rv_a_wins + p->rv_draws + p->rv_b_wins;
}

/* One player of the event being built. */
struct entrant {
    enum st_format format;        /* the event's: the comparison needs it */
    uint32_t player, rank_player;
    uint64_t half, games, wins, draws, losses, not_scored;
    int64_t de_half, sb_quarter, bh_half, bhc1_half;
    uint64_t min_opp_half;        /* the lowest score among the opponents of scored games */
    int has_opp;
};

static int cmp_i64(int64_t a, int64_t b) { return a < b ? -1 : a > b; }
static int cmp_u64(uint64_t a, uint64_t b) { return a < b ? -1 : a > b; }

/* The tie-break keys, best first: 0 when two players are level on all. */
static int compare_keys(const struct entrant *a, const struct entrant *b, enum st_format f)
{
    int c = cmp_u64(b->half, a->half);
    if (c)
        return c;
    if (f == ST_FORMAT_ROUND_ROBIN) {
        if ((c = cmp_i64(b->de_half, a->de_half)) != 0 || (c = cmp_u64(b->wins, a->wins)) != 0)
            return c;
        return cmp_i64(b->sb_quarter, a->sb_quarter);
    }
    if ((c = cmp_i64(b->bhc1_half, a->bhc1_half)) != 0 || (c = cmp_i64(b->bh_half, a->bh_half)) != 0)
        return c;
    return cmp_u64(b->wins, a->wins);
}

static int by_standing(const void *x, const void *y)
{
    const struct entrant *a = x, *b = y;
    int c = compare_keys(a, b, a->format);
    return c ? c : cmp_u64(a->rank_player, b->rank_player);
}

/* a's doubled points against b in a pair's score (a is the pair's a or b). */
static uint64_t half_of(const struct score *p, int a_is_first)
{
    return a_is_first ? 2 * p->a_wins + p->draws : 2 * p->b_wins + p->draws;
}

/* Is every two players paired equally often, at least once? */
static enum st_format pairing_format(const struct st_epair_rec *p, size_t np, size_t n)
{
    if (n < 2 || np != n * (n - 1) / 2)
        return ST_FORMAT_SWISS;
    for (size_t k = 1; k < np; k++)
        if (p[k].paired != p[0].paired)
            return ST_FORMAT_SWISS;
    return ST_FORMAT_ROUND_ROBIN;
}

/* The points, and the tie-breaks of the format, of every entrant. */
static void tie_breaks(struct entrant *e, size_t n, const struct st_epair_rec *p,
                       const struct score *sc, size_t np, const uint32_t *local, enum st_format f)
{
    for (size_t k = 0; k < np; k++) {
        struct entrant *a = &e[local[p[k].a]], *b = &e[local[p[k].b]];
        a->half += half_of(&sc[k], 1);
        b->half += half_of(&sc[k], 0);
        a->games += sc[k].games;
        b->games += sc[k].games;
        a->wins += sc[k].a_wins;
        a->losses += sc[k].b_wins;
        b->wins += sc[k].b_wins;
        b->losses += sc[k].a_wins;
        a->draws += sc[k].draws;
        b->draws += sc[k].draws;
        a->not_scored += p[k].paired - sc[k].games;
        b->not_scored += p[k].paired - sc[k].games;
    }
    for (size_t i = 0; i < n; i++)
        e[i].de_half = e[i].sb_quarter = e[i].bh_half = e[i].bhc1_half = ST_NA;
    if (f == ST_FORMAT_ROUND_ROBIN) {
        /* Sonneborn-Berger: the points scored against each opponent times
         * that opponent's points.  Direct encounter: the points scored
         * against the players level on points, for a player who has any;
         * in a round robin every two of them met. */
        for (size_t i = 0; i < n; i++) {
            e[i].sb_quarter = 0;
            for (size_t j = 0; j < n; j++)
                if (j != i && e[j].half == e[i].half)
                    e[i].de_half = 0;
        }
        for (size_t k = 0; k < np; k++) {
            struct entrant *a = &e[local[p[k].a]], *b = &e[local[p[k].b]];
            uint64_t ha = half_of(&sc[k], 1), hb = half_of(&sc[k], 0);
            a->sb_quarter += (int64_t)(ha * b->half);
            b->sb_quarter += (int64_t)(hb * a->half);
            if (a->half == b->half) {
                a->de_half += (int64_t)ha;
                b->de_half += (int64_t)hb;
            }
        }
        return;
    }
    /* Buchholz: the sum of the opponents' points, once per game scored
     * against them; Cut-1 leaves out the lowest of those scores. */
    for (size_t i = 0; i < n; i++)
        e[i].bh_half = 0;
    for (size_t k = 0; k < np; k++) {
        if (!sc[k].games)
            continue;
        struct entrant *a = &e[local[p[k].a]], *b = &e[local[p[k].b]];
        a->bh_half += (int64_t)(sc[k].games * b->half);
        b->bh_half += (int64_t)(sc[k].games * a->half);
        if (!a->has_opp || b->half < a->min_opp_half)
            a->min_opp_half = b->half;
        if (!b->has_opp || a->half < b->min_opp_half)
            b->min_opp_half = a->half;
        a->has_opp = b->has_opp = 1;
    }
    for (size_t i = 0; i < n; i++)
        e[i].bhc1_half = e[i].bh_half - (e[i].has_opp ? (int64_t)e[i].min_opp_half : 0);
}

/* The entrants of an event (n players, local numbering) ranked with the
 * games under review scored by policy: sorted, their scores in sc. */
static void rank_event(struct entrant *e, size_t n, const struct st_epair_rec *p,
                       struct score *sc, size_t np, const uint32_t *local, const uint32_t *who,
                       const uint32_t *prank, enum st_format f, enum st_illegal policy)
{
    memset(e, 0, n * sizeof *e);
    for (size_t i = 0; i < n; i++) {
        e[i].format = f;
        e[i].player = who[i];
        e[i].rank_player = prank[who[i]];
    }
    for (size_t k = 0; k < np; k++)
        sc[k] = score_of(&p[k], policy);
    tie_breaks(e, n, p, sc, np, local, f);
    qsort(e, n, sizeof *e, by_standing);
}

/* The rank of e[i] among the sorted entrants: shared by players level on
 * every key. */
static uint64_t rank_at(const struct entrant *e, size_t i, const uint64_t *ranks)
{
    return i && compare_keys(&e[i - 1], &e[i], e[i].format) == 0 ? ranks[i - 1] : i + 1;
}

/* The rows of one event: its pairs p[0 .. np-1]. */
static int build_event(st_stats *s, size_t *cap, const struct st_epair_rec *p, size_t np,
                       const uint32_t *prank, uint32_t *local, uint32_t *who)
{
    size_t n = 0;
    for (size_t k = 0; k < np; k++) {
        uint32_t ends[2] = {p[k].a, p[k].b};
        for (int x = 0; x < 2; x++)
            if (local[ends[x]] == ST_NONE) {
                local[ends[x]] = (uint32_t)n;
                who[n++] = ends[x];
            }
    }
    struct entrant *e = calloc(n, sizeof *e);
    struct score *sc = calloc(np, sizeof *sc);
    uint64_t *ranks = calloc(n, sizeof *ranks);
    size_t *row_of = calloc(n, sizeof *row_of); /* local number -> row of standings */
    int rc = -1;
    if (!e || !sc || !ranks || !row_of ||
        st_grow((void **)&s->sd, cap, s->nsd + n, sizeof *s->sd) != 0)
        goto out;
    enum st_format f = pairing_format(p, np, n);
    enum st_illegal policy = s->opt.illegal;
    rank_event(e, n, p, sc, np, local, who, prank, f, policy);

    struct st_event_info *info = &s->ev[s->nev++];
    info->event = p[0].event;
    info->format = f;
    info->first = s->nsd;
    info->n = n;
    info->ep_first = (size_t)(p - s->ep);
    info->ep_n = np;
    info->review = 0;
    for (size_t k = 0; k < np; k++)
        info->review += review_of(&p[k]);
    for (size_t i = 0; i < n; i++) {
        struct st_standing *r = &s->sd[s->nsd++];
        memset(r, 0, sizeof *r);
        r->event = p[0].event;
        r->rank_event = p[0].rank_event;
        r->player = e[i].player;
        r->rank_player = e[i].rank_player;
        r->format = f;
        r->ev = (uint32_t)(s->nev - 1);
        r->rank = ranks[i] = rank_at(e, i, ranks);
        r->rank_under[policy] = r->rank;
        r->half = e[i].half;
        r->games = e[i].games;
        r->wins = e[i].wins;
        r->draws = e[i].draws;
        r->losses = e[i].losses;
        r->not_scored = e[i].not_scored;
        r->de_half = e[i].de_half;
        r->sb_quarter = e[i].sb_quarter;
        r->bh_half = e[i].bh_half;
        r->bhc1_half = e[i].bhc1_half;
        row_of[local[e[i].player]] = info->first + i;
    }
    /* Points from games under review: the policy's score less the valid
     * games'. */
    for (size_t k = 0; k < np; k++) {
        struct score valid = score_of(&p[k], ST_ILLEGAL_EXCLUDE);
        s->sd[row_of[local[p[k].a]]].review_half += half_of(&sc[k], 1) - half_of(&valid, 1);
        s->sd[row_of[local[p[k].b]]].review_half += half_of(&sc[k], 0) - half_of(&valid, 0);
    }
    for (int other = 0; other < ST_ILLEGAL_POLICIES; other++) {
        if (other == (int)policy)
            continue;
        rank_event(e, n, p, sc, np, local, who, prank, f, (enum st_illegal)other);
        for (size_t i = 0; i < n; i++)
            s->sd[row_of[local[e[i].player]]].rank_under[other] = ranks[i] = rank_at(e, i, ranks);
    }
    rc = 0;
out:
    for (size_t i = 0; i < n; i++)
        local[who[i]] = ST_NONE;
    free(e);
    free(sc);
    free(ranks);
    free(row_of);
    return rc;
}

int st_standings_build(st_stats *s, const uint32_t *prank)
{
    if (s->nep == 0)
        return 0;
    size_t nev = 0;
    for (size_t k = 0; k < s->nep; k++)
        nev += k == 0 || s->ep[k].event != s->ep[k - 1].event;
    uint32_t *local = malloc(s->players.n * sizeof *local);
    uint32_t *who = malloc(s->players.n * sizeof *who);
    s->ev = calloc(nev, sizeof *s->ev);
    size_t cap = 0;
    int rc = -1;
    if (!local || !who || !s->ev)
        goto out;
    for (size_t i = 0; i < s->players.n; i++)
        local[i] = ST_NONE;
    rc = 0;
    for (size_t k = 0; k < s->nep && rc == 0;) {
        size_t end = k + 1;
        while (end < s->nep && s->ep[end].event == s->ep[k].event)
            end++;
        rc = build_event(s, &cap, s->ep + k, end - k, prank, local, who);
        k = end;
    }
out:
    free(local);
    free(who);
    return rc;
}

/* ------------------------------------------------------------- reading */

size_t st_events(const st_stats *s) { return s->finished ? s->nev : 0; }

const char *st_event_name(const st_stats *s, size_t e) { return s->events.str[s->ev[e].event]; }

enum st_format st_event_format(const st_stats *s, size_t e) { return s->ev[e].format; }

uint64_t st_event_review(const st_stats *s, size_t e) { return s->ev[e].review; }

uint64_t st_standing_rank_under(const st_stats *s, size_t row, enum st_illegal p)
{
    return s->sd[row].rank_under[p];
}

enum st_illegal st_standings_policy(const st_stats *s) { return s->opt.illegal; }

void st_event_rows(const st_stats *s, size_t e, size_t *first, size_t *players)
{
    *first = s->ev[e].first;
    *players = s->ev[e].n;
}

void st_event_encounter(const st_stats *s, size_t i, size_t j, struct st_encounter *out)
{
    const struct st_standing *x = &s->sd[i], *y = &s->sd[j];
    memset(out, 0, sizeof *out);
    if (x->event != y->event || i == j)
        return;
    int x_first = x->rank_player < y->rank_player;
    uint32_t ra = x_first ? x->rank_player : y->rank_player;
    uint32_t rb = x_first ? y->rank_player : x->rank_player;
    /* Only the event's own pairs: a crosstable asks for every two of its
     * players, tens of thousands of times in a large archive. */
    const struct st_event_info *ev = &s->ev[x->ev];
    size_t lo = ev->ep_first, hi = ev->ep_first + ev->ep_n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const struct st_epair_rec *p = &s->ep[mid];
        int c = p->rank_event != x->rank_event ? (p->rank_event < x->rank_event ? -1 : 1)
                : p->rank_a != ra                ? (p->rank_a < ra ? -1 : 1)
                : p->rank_b != rb                ? (p->rank_b < rb ? -1 : 1)
                                                 : 0;
        if (c == 0) {
            struct score sc = score_of(p, s->opt.illegal), valid = score_of(p, ST_ILLEGAL_EXCLUDE);
            out->games = sc.games;
            out->half = half_of(&sc, x_first);
            out->paired = p->paired;
            out->review = review_of(p);
            out->review_half = out->half - half_of(&valid, x_first);
            out->i_broke = x_first ? p->a_broke : p->b_broke;
            out->j_broke = x_first ? p->b_broke : p->a_broke;
            return;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
}
