/*
 * tally: counting one game into the statistics, during the one pass over
 * the archive.  Nothing about a game is kept once counted: its variant's
 * counters and length histogram, its players' records, its pair's record
 * and its termination rows absorb it.
 *
 * Persons and colours: the colour that counts is the colour at the end of
 * the game (docs/statistics.md, What counts: Colours; docs/rules.md, Retro
 * Chess: Colours and persons), so in a Retro game whose persons switched
 * colours the White: person is counted as Black.  Violations belong to the
 * person who entered the turn, whatever colour that was.
 */
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

st_stats *st_stats_new(void)
{
    st_stats *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    st_names_init(&s->variants);
    st_names_init(&s->players);
    st_names_init(&s->words);
    st_names_init(&s->events);
    st_map_init(&s->pl_map);
    st_map_init(&s->pr_map);
    st_map_init(&s->tm_map);
    st_map_init(&s->ep_map);
    return s;
}

void st_stats_free(st_stats *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->variants.n; i++)
        st_hist_release(&s->var[i]);
    free(s->var);
    free(s->pl);
    free(s->pr);
    free(s->tm);
    st_map_release(&s->pl_map);
    st_map_release(&s->pr_map);
    st_map_release(&s->tm_map);
    free(s->ep);
    st_map_release(&s->ep_map);
    st_names_release(&s->variants);
    st_names_release(&s->players);
    st_names_release(&s->words);
    st_names_release(&s->events);
    free(s->var_order);
    free(s->pl_rows);
    free(s->sd);
    free(s->ev);
    free(s->lists);
    free(s);
}

/* The keys the maps below read back from the records (st_map_key_fn). */
static void player_key(const void *ctx, uint32_t idx, struct st_key *out)
{
    const struct st_player_rec *r = &((const st_stats *)ctx)->pl[idx];
    *out = (struct st_key){{r->variant, r->player, 0, 0}};
}

static void pair_key(const void *ctx, uint32_t idx, struct st_key *out)
{
    const struct st_pair_rec *r = &((const st_stats *)ctx)->pr[idx];
    *out = (struct st_key){{r->variant, r->a, r->b, 0}};
}

static void epair_key(const void *ctx, uint32_t idx, struct st_key *out)
{
    const struct st_epair_rec *r = &((const st_stats *)ctx)->ep[idx];
    *out = (struct st_key){{r->event, r->a, r->b, 0}};
}

static void term_key(const void *ctx, uint32_t idx, struct st_key *out)
{
    const struct st_term_rec *r = &((const st_stats *)ctx)->tm[idx];
    *out = (struct st_key){{r->variant, r->termination, r->key, r->value}};
}

struct st_player_rec *st_player_rec(st_stats *s, uint32_t variant, uint32_t player)
{
    struct st_key key = {{variant, player, 0, 0}};
    uint32_t idx;
    int added;
    if (st_reserve((void **)&s->pl, &s->pl_cap, s->npl + 1, sizeof *s->pl) != 0 ||
        st_map_get_or_add(&s->pl_map, &key, (uint32_t)s->npl, player_key, s, &idx, &added) != 0)
        return NULL;
    if (added) {
        memset(&s->pl[idx], 0, sizeof s->pl[idx]);
        s->pl[idx].variant = variant;
        s->pl[idx].player = player;
        s->npl++;
    }
    return &s->pl[idx];
}

struct st_pair_rec *st_pair_rec(st_stats *s, uint32_t variant, uint32_t lo, uint32_t hi)
{
    struct st_key key = {{variant, lo, hi, 0}};
    uint32_t idx;
    int added;
    if (st_reserve((void **)&s->pr, &s->pr_cap, s->npr + 1, sizeof *s->pr) != 0 ||
        st_map_get_or_add(&s->pr_map, &key, (uint32_t)s->npr, pair_key, s, &idx, &added) != 0)
        return NULL;
    if (added) {
        memset(&s->pr[idx], 0, sizeof s->pr[idx]);
        s->pr[idx].variant = variant;
        s->pr[idx].a = lo;
        s->pr[idx].b = hi;
        s->npr++;
    }
    return &s->pr[idx];
}

struct st_epair_rec *st_epair_rec(st_stats *s, uint32_t event, uint32_t lo, uint32_t hi)
{
    struct st_key key = {{event, lo, hi, 0}};
    uint32_t idx;
    int added;
    if (st_reserve((void **)&s->ep, &s->ep_cap, s->nep + 1, sizeof *s->ep) != 0 ||
        st_map_get_or_add(&s->ep_map, &key, (uint32_t)s->nep, epair_key, s, &idx, &added) != 0)
        return NULL;
    if (added) {
        memset(&s->ep[idx], 0, sizeof s->ep[idx]);
        s->ep[idx].event = event;
        s->ep[idx].a = lo;
        s->ep[idx].b = hi;
        s->nep++;
    }
    return &s->ep[idx];
}

void st_epair_swap(struct st_epair_rec *p)
{
    uint32_t t = p->a;
    p->a = p->b;
    p->b = t;
    uint64_t *pairs[][2] = {{&p->a_wins, &p->b_wins},
                            {&p->rv_a_wins, &p->rv_b_wins},
                            {&p->fo_a_wins, &p->fo_b_wins},
                            {&p->a_broke, &p->b_broke}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        uint64_t w = *pairs[i][0];
        *pairs[i][0] = *pairs[i][1];
        *pairs[i][1] = w;
    }
}

int st_term_add(st_stats *s, uint32_t variant, uint32_t term, uint32_t key, uint32_t value,
                uint64_t games)
{
    struct st_key k = {{variant, term, key, value}};
    uint32_t idx;
    int added;
    if (st_reserve((void **)&s->tm, &s->tm_cap, s->ntm + 1, sizeof *s->tm) != 0 ||
        st_map_get_or_add(&s->tm_map, &k, (uint32_t)s->ntm, term_key, s, &idx, &added) != 0)
        return -1;
    if (added) {
        memset(&s->tm[idx], 0, sizeof s->tm[idx]);
        s->tm[idx].variant = variant;
        s->tm[idx].termination = term;
        s->tm[idx].key = key;
        s->tm[idx].value = value;
        s->ntm++;
    }
    if (games > ST_COUNT_MAX - s->tm[idx].games)
        return -2;
    s->tm[idx].games += games;
    return 0;
}

/* A name of len bytes as an id of s->words. */
static int word_id(st_stats *s, const char *text, size_t len, uint32_t *id)
{
    char buf[RP_DETAIL_MAX];
    if (len >= sizeof buf)
        len = sizeof buf - 1;
    memcpy(buf, text, len);
    buf[len] = '\0';
    return st_names_id(&s->words, buf, id);
}

/* The termination's total row, then one row per pair of the detail: a
 * value of words that is a comma list ("claimable=threefold,fifty-moves")
 * counts once per item, a key without a value with an empty value, a
 * measurement not at all (Retro Chess puts points=W-B on every game, and
 * a row per score would bury how the games ended).  A pair repeated
 * within one game counts once. */
static int count_termination(st_stats *s, uint32_t variant, const char *termination,
                             const struct rp_detail *detail)
{
    uint32_t term;
    int rc;
    if (st_names_id(&s->words, termination, &term) != 0)
        return ST_NO_MEMORY;
    if ((rc = st_term_add(s, variant, term, ST_NONE, ST_NONE, 1)) != 0)
        return rc;
    s->var[variant].terminated++;
    if (!detail)
        return 0;
    uint32_t seen[RP_DETAIL_MAX][2];
    size_t nseen = 0;
    for (size_t p = 0; p < detail->n; p++) {
        const struct rp_detail_pair *d = &detail->pair[p];
        if (d->kind == RP_DETAIL_MEASURE)
            continue;
        uint32_t key;
        if (word_id(s, d->key, d->key_len, &key) != 0)
            return -1;
        /* Empty items of a list are dropped, but an empty value still counts. */
        const char *item = d->value, *end = d->value + d->value_len;
        for (int counted_any = 0;; ) {
            const char *comma = memchr(item, ',', (size_t)(end - item));
            const char *stop = comma ? comma : end;
            if (stop > item || (!comma && !counted_any)) {
                uint32_t val;
                if (word_id(s, item, (size_t)(stop - item), &val) != 0)
                    return -1;
                int dup = 0;
                for (size_t i = 0; i < nseen && !dup; i++)
                    dup = seen[i][0] == key && seen[i][1] == val;
                if (!dup && nseen < RP_DETAIL_MAX) {
                    seen[nseen][0] = key;
                    seen[nseen++][1] = val;
                    if ((rc = st_term_add(s, variant, term, key, val, 1)) != 0)
                        return rc;
                }
                counted_any = 1;
            }
            if (!comma)
                break;
            item = comma + 1;
        }
    }
    return 0;
}

static int count_turns(struct st_variant_rec *V, int turns)
{
    size_t t = turns > 0 ? (size_t)turns : 0;
    if (st_hist_add(V, t, 1) != 0)
        return -1;
    V->turns_sum += t;
    return 0;
}

static const char *person(const char *name) { return name && name[0] ? name : NULL; }

/* One player's valid game in one variant list (and the `all` list). */
static int count_player(st_stats *s, uint32_t variant, uint32_t player, int white, unsigned half)
{
    uint32_t lists[2] = {variant, ST_NONE};
    for (int i = 0; i < 2; i++) {
        struct st_player_rec *p = st_player_rec(s, lists[i], player);
        if (!p)
            return -1;
        p->games++;
        p->wins += half == 2;
        p->draws += half == 1;
        p->losses += half == 0;
        if (white) {
            p->white_games++;
            p->white_half += half;
        } else {
            p->black_games++;
            p->black_half += half;
        }
    }
    return 0;
}

static int count_pair(st_stats *s, uint32_t variant, uint32_t w, uint32_t b, unsigned white_half)
{
    uint32_t lists[2] = {variant, ST_NONE};
    int white_lower = w < b;
    for (int i = 0; i < 2; i++) {
        struct st_pair_rec *p = white_lower ? st_pair_rec(s, lists[i], w, b) : st_pair_rec(s, lists[i], b, w);
        if (!p)
            return -1;
        unsigned lower_half = white_lower ? white_half : 2 - white_half;
        p->games++;
        p->a_wins += lower_half == 2;
        p->draws += lower_half == 1;
        p->b_wins += lower_half == 0;
        if (white_lower) {
            p->a_white_games++;
            p->a_white_half += white_half;
        }
    }
    return 0;
}

/* The kinds of pairing count_event counts. */
enum pairing { PAIRING_UNSCORED, PAIRING_VALID, PAIRING_REVIEW };

/* A pairing of an event between the persons w and b (White and Black at
 * the end): unscored, a valid game, or a game under review; white_half is
 * White's points doubled by its result, and broke (review) the person at
 * the end holding White (1) or Black (2) whose illegal turn stopped the
 * game, 0 when the rules had ended it first. */
static int count_event(st_stats *s, const char *event, uint32_t w, uint32_t b, enum pairing kind,
                       unsigned white_half, int broke)
{
    uint32_t e;
    if (st_names_id(&s->events, event ? event : "", &e) != 0)
        return -1;
    int white_lower = w < b;
    struct st_epair_rec *p = white_lower ? st_epair_rec(s, e, w, b) : st_epair_rec(s, e, b, w);
    if (!p)
        return -1;
    p->paired++;
    unsigned lower_half = white_lower ? white_half : 2 - white_half;
    if (kind == PAIRING_VALID) {
        p->games++;
        p->a_wins += lower_half == 2;
        p->draws += lower_half == 1;
        p->b_wins += lower_half == 0;
    } else if (kind == PAIRING_REVIEW) {
        p->rv_a_wins += lower_half == 2;
        p->rv_draws += lower_half == 1;
        p->rv_b_wins += lower_half == 0;
        /* The forfeit policy: the breaker loses; an ending before the
         * illegal turn keeps its result. */
        int a_broke = broke && (broke == 1) == white_lower;
        int b_broke = broke && !a_broke;
        unsigned fo_half = a_broke ? 0 : b_broke ? 2 : lower_half;
        p->fo_a_wins += fo_half == 2;
        p->fo_draws += fo_half == 1;
        p->fo_b_wins += fo_half == 0;
        p->a_broke += a_broke;
        p->b_broke += b_broke;
    }
    return 0;
}

static int count_violations(st_stats *s, uint32_t variant, const char *name, uint64_t n)
{
    uint32_t id;
    if (!n || !name)
        return 0;
    if (st_names_id(&s->players, name, &id) != 0)
        return -1;
    /* One record at a time: adding one may move the others. */
    uint32_t lists[2] = {variant, ST_NONE};
    for (int i = 0; i < 2; i++) {
        struct st_player_rec *p = st_player_rec(s, lists[i], id);
        if (!p)
            return -1;
        p->violations += n;
    }
    return 0;
}

enum st_rc st_stats_add(st_stats *s, const struct st_game *g)
{
    uint32_t v;
    int rc;
    if (s->finished)
        return ST_MISUSE;
    if (st_names_id(&s->variants, g->variant ? g->variant : "", &v) != 0 ||
        st_grow((void **)&s->var, &s->var_cap, (size_t)v + 1, sizeof *s->var) != 0)
        return ST_NO_MEMORY;
    struct st_variant_rec *V = &s->var[v];
    V->games++;
    int valid = 0;
    switch (g->status) {
    case RP_STATUS_OK:
        valid = g->result != RP_RESULT_NONE;
        V->unfinished += !valid;
        V->replayed++;
        break;
    case RP_STATUS_ILLEGAL:
        V->illegal++;
        V->replayed++;
        break;
    case RP_STATUS_MALFORMED:
        V->malformed++;
        break;
    case RP_STATUS_UNSUPPORTED:
        V->unsupported++;
        break;
    }
    if (valid) {
        V->valid++;
        V->white_wins += g->result == RP_RESULT_WHITE;
        V->black_wins += g->result == RP_RESULT_BLACK;
        V->draws += g->result == RP_RESULT_DRAW;
        if (count_turns(V, g->turns) != 0)
            return ST_NO_MEMORY;
    }
    if (g->termination && g->termination[0] &&
        (rc = count_termination(s, v, g->termination, g->detail)) != 0)
        return rc;

    const char *white = person(g->white), *black = person(g->black);
    if (count_violations(s, v, white, g->violations[0]) != 0 ||
        count_violations(s, v, black, g->violations[1]) != 0)
        return ST_NO_MEMORY;
    /* A game needs two distinct named persons to say who beat whom.  It
     * pairs them in its event when it was replayed (ok or illegal); the
     * standings score it when it is valid, and an illegal one with a
     * result as the policy says (standings.c). */
    int paired = g->status == RP_STATUS_OK || g->status == RP_STATUS_ILLEGAL;
    if ((!valid && !paired) || !white || !black || strcmp(white, black) == 0)
        return ST_OK;
    uint32_t w, b;
    if (st_names_id(&s->players, g->colours_swapped ? black : white, &w) != 0 ||
        st_names_id(&s->players, g->colours_swapped ? white : black, &b) != 0)
        return ST_NO_MEMORY;
    /* w, b: the persons holding White and Black at the end. */
    unsigned white_half = g->result == RP_RESULT_WHITE ? 2 : g->result == RP_RESULT_DRAW ? 1 : 0;
    enum pairing kind = valid ? PAIRING_VALID
                        : g->status == RP_STATUS_ILLEGAL && g->result != RP_RESULT_NONE
                            ? PAIRING_REVIEW
                            : PAIRING_UNSCORED;
    /* The breaker as a header person, then as the colour held at the end. */
    int broke = g->breaker == ST_BREAKER_NONE ? 0
                : (g->breaker == ST_BREAKER_WHITE) != (g->colours_swapped != 0) ? 1
                                                                                 : 2;
    if (count_event(s, g->event, w, b, kind, white_half, broke) != 0)
        return ST_NO_MEMORY;
    if (valid && (count_player(s, v, w, 1, white_half) != 0 ||
                  count_player(s, v, b, 0, 2 - white_half) != 0 ||
                  count_pair(s, v, w, b, white_half) != 0))
        return ST_NO_MEMORY;
    return ST_OK;
}
