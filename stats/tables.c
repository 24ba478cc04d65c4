/*
 * tables: the statistics as report rows.  st_stats_finish sorts every
 * table into its documented order (names compared byte by byte, which for
 * UTF-8 is code point order; the `all` rows after every variant) and fits
 * the ratings; st_table_row then turns one record into typed cells.
 *
 * Sorting happens before the fits so that the floating-point sums of a fit
 * run in an order fixed by the names alone: the same games give the same
 * digits whatever order the archive held them in.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

static const char *const variants_header[ST_V_COLS] = {
    "variant", "games", "valid_games", "white_wins", "black_wins", "draws", "unfinished",
    "white_win_rate", "black_win_rate", "draw_rate", "white_score", "white_score_ci_low",
    "white_score_ci_high", "mean_turns", "median_turns", "illegal_games", "illegal_rate",
    "white_win_rate_ci_low", "white_win_rate_ci_high", "black_win_rate_ci_low",
    "black_win_rate_ci_high", "draw_rate_ci_low", "draw_rate_ci_high", "illegal_rate_ci_low",
    "illegal_rate_ci_high", "malformed_games", "unsupported_games"};

static const char *const terminations_header[ST_T_COLS] = {
    "variant", "termination", "detail_key", "detail_value", "games", "share"};

static const char *const players_header[ST_P_COLS] = {
    "player", "variant", "games", "wins", "draws", "losses", "score", "score_rate",
    "white_games", "white_score_rate", "black_games", "black_score_rate", "rating",
    "rating_ci_low", "rating_ci_high", "violations", "gcr", "rating_group"};

static const char *const headtohead_header[ST_H_COLS] = {
    "player_a", "player_b", "variant", "games", "a_wins", "draws", "b_wins", "a_score_rate",
    "elo_difference", "elo_difference_error", "los", "draw_ratio"};

static const char *const standings_header[ST_S_COLS] = {
    "event", "format", "rank", "player", "points", "games", "wins", "draws", "losses",
    "direct_encounter", "sonneborn_berger", "buchholz", "buchholz_cut1", "games_not_scored",
    "points_under_review"};

static const char *const rating_lists_header[ST_R_COLS] = {
    "variant", "players", "games", "groups", "average", "anchor", "anchor_rating",
    "white_advantage", "white_advantage_ci_low", "white_advantage_ci_high"};

static const struct {
    const char *name;
    const char *const *header;
    size_t ncols;
} tables[ST_TABLE_COUNT] = {
    {"variants", variants_header, ST_V_COLS},
    {"terminations", terminations_header, ST_T_COLS},
    {"players", players_header, ST_P_COLS},
    {"headtohead", headtohead_header, ST_H_COLS},
    {"standings", standings_header, ST_S_COLS},
    {"rating_lists", rating_lists_header, ST_R_COLS},
};

const char *st_table_name(enum st_table t) { return tables[t].name; }
size_t st_table_ncols(enum st_table t) { return tables[t].ncols; }
const char *const *st_table_header(enum st_table t) { return tables[t].header; }

/* Decimals (docs/statistics.md, What counts: Numbers): rates and shares 4,
 * turns 2, points and ratings 1, Sonneborn-Berger 2 (it counts quarter
 * points). */
#define DEC_RATE 4
#define DEC_TURNS 2
#define DEC_POINTS 1
#define DEC_RATING 1
#define DEC_SB 2

/* ------------------------------------------------------------ finishing */

static int by_player_rank(const void *x, const void *y)
{
    const struct st_player_rec *a = x, *b = y;
    int c = st_cmp_u32(a->rank_player, b->rank_player);
    return c ? c : st_cmp_u32(a->rank_variant, b->rank_variant);
}

static int by_pair_rank(const void *x, const void *y)
{
    const struct st_pair_rec *a = x, *b = y;
    int c = st_cmp_u32(a->rank_a, b->rank_a);
    if (!c)
        c = st_cmp_u32(a->rank_b, b->rank_b);
    return c ? c : st_cmp_u32(a->rank_variant, b->rank_variant);
}

static int by_term_rank(const void *x, const void *y)
{
    const struct st_term_rec *a = x, *b = y;
    for (int i = 0; i < 4; i++)
        if (a->rank[i] != b->rank[i])
            return st_cmp_u32(a->rank[i], b->rank[i]);
    return 0;
}

static uint32_t variant_rank(const uint32_t *vrank, size_t nvariants, uint32_t v)
{
    return v == ST_NONE ? (uint32_t)nvariants : vrank[v];
}

static int by_event_pair_rank(const void *x, const void *y)
{
    const struct st_epair_rec *a = x, *b = y;
    int c = st_cmp_u32(a->rank_event, b->rank_event);
    if (!c)
        c = st_cmp_u32(a->rank_a, b->rank_a);
    return c ? c : st_cmp_u32(a->rank_b, b->rank_b);
}

/* The event pairs by event, then player a, then b, a the first by name. */
static int sort_event_pairs(st_stats *s, const uint32_t *prank)
{
    if (s->nep == 0)
        return 0;
    /* Events in natural order: "Round 2" before "Round 10". */
    uint32_t *erank = st_names_ranks_natural(&s->events);
    if (!erank)
        return -1;
    for (size_t i = 0; i < s->nep; i++) {
        struct st_epair_rec *p = &s->ep[i];
        if (prank[p->a] > prank[p->b])
            st_epair_swap(p);
        p->rank_event = erank[p->event];
        p->rank_a = prank[p->a];
        p->rank_b = prank[p->b];
    }
    free(erank);
    qsort(s->ep, s->nep, sizeof *s->ep, by_event_pair_rank);
    return 0;
}

/* The player records by player, then list (each variant's, then `all`). */
static void sort_players(st_stats *s, const uint32_t *prank, const uint32_t *vrank, size_t nv)
{
    for (size_t i = 0; i < s->npl; i++) {
        s->pl[i].rank_player = prank[s->pl[i].player];
        s->pl[i].rank_variant = variant_rank(vrank, nv, s->pl[i].variant);
    }
    if (s->npl)
        qsort(s->pl, s->npl, sizeof *s->pl, by_player_rank);
}

/* The pair records by player a, then b, then list, a the first by name:
 * a pair whose a comes after b by name is turned round. */
static void sort_pairs(st_stats *s, const uint32_t *prank, const uint32_t *vrank, size_t nv)
{
    for (size_t i = 0; i < s->npr; i++) {
        struct st_pair_rec *p = &s->pr[i];
        if (prank[p->a] > prank[p->b]) {
            uint32_t t = p->a;
            p->a = p->b;
            p->b = t;
            /* b had White in the games a had not, and scored in them the
             * points a did not score with Black. */
            uint64_t a_half = 2 * p->a_wins + p->draws, b_white = p->games - p->a_white_games;
            p->a_white_half = 2 * b_white - (a_half - p->a_white_half);
            p->a_white_games = b_white;
            uint64_t w = p->a_wins;
            p->a_wins = p->b_wins;
            p->b_wins = w;
        }
        p->rank_a = prank[p->a];
        p->rank_b = prank[p->b];
        p->rank_variant = variant_rank(vrank, nv, p->variant);
    }
    if (s->npr)
        qsort(s->pr, s->npr, sizeof *s->pr, by_pair_rank);
}

/* The termination rows by variant, termination, key and value. */
static void sort_terminations(st_stats *s, const uint32_t *vrank, const uint32_t *wrank)
{
    for (size_t i = 0; i < s->ntm; i++) {
        struct st_term_rec *t = &s->tm[i];
        t->rank[0] = vrank[t->variant];
        t->rank[1] = wrank[t->termination];
        /* The total row (no key) before the detail rows. */
        t->rank[2] = t->key == ST_NONE ? 0 : wrank[t->key] + 1;
        t->rank[3] = t->value == ST_NONE ? 0 : wrank[t->value] + 1;
    }
    if (s->ntm)
        qsort(s->tm, s->ntm, sizeof *s->tm, by_term_rank);
}

/* The rows of players.csv: the records of players with --min-games games.
 * 0, or -1 when out of memory. */
static int select_player_rows(st_stats *s)
{
    s->pl_rows = malloc((s->npl ? s->npl : 1) * sizeof *s->pl_rows);
    if (!s->pl_rows)
        return -1;
    for (size_t i = 0; i < s->npl; i++)
        if (s->pl[i].games >= s->opt.min_games)
            s->pl_rows[s->npl_rows++] = (uint32_t)i;
    return 0;
}

/* The event pairs sorted and the standings built: they read and write
 * only the event pairs and the standings, and read the names, so with
 * threads this runs beside the player and pair records' sorting and the
 * rating fits, which never touch them; then the caller's standings_done,
 * which reads only them. */
struct events_job {
    st_stats *s;
    const uint32_t *prank;
    int rc;
};

static void *sort_and_stand(void *arg)
{
    struct events_job *j = arg;
    j->rc = sort_event_pairs(j->s, j->prank) != 0 || st_standings_build(j->s, j->prank) != 0
                ? -1
                : 0;
    if (j->rc == 0 && j->s->opt.standings_done)
        j->s->opt.standings_done(j->s->opt.standings_ctx, j->s);
    return NULL;
}

enum st_rc st_stats_finish(st_stats *s, const struct st_options *o)
{
    if (s->finished)
        return ST_OK;
    s->finished = 1;
    if (o)
        s->opt = *o;
    if (s->opt.prior_sd == 0)
        s->opt.prior_sd = ST_RATING_PRIOR_SD;
    for (size_t v = 0; v < s->variants.n && v < s->var_cap; v++)
        st_hist_finish(&s->var[v]);
    size_t nv = s->variants.n;
    uint32_t *vrank = st_names_ranks(&s->variants);
    uint32_t *prank = st_names_ranks(&s->players);
    uint32_t *wrank = st_names_ranks(&s->words);
    int rc = ST_NO_MEMORY;
    if ((nv && !vrank) || (s->players.n && !prank) || (s->words.n && !wrank))
        goto out;
    s->var_order = malloc((nv ? nv : 1) * sizeof *s->var_order);
    if (!s->var_order)
        goto out;
    for (size_t v = 0; v < nv; v++)
        s->var_order[vrank[v]] = (uint32_t)v;
    /* With threads, the events' standings are built beside the rest. */
    struct events_job ev = {s, prank, 0};
    pthread_t beside;
    int threaded = s->opt.threads > 1 && (s->nep || s->opt.standings_done) &&
                   pthread_create(&beside, NULL, sort_and_stand, &ev) == 0;
    sort_players(s, prank, vrank, nv);
    sort_pairs(s, prank, vrank, nv);
    sort_terminations(s, vrank, wrank);
    if (!threaded)
        sort_and_stand(&ev);
    int fitted = ev.rc == 0 || threaded ? st_rating_lists_fit(s, nv) : -1;
    if (threaded)
        pthread_join(beside, NULL);
    if (ev.rc != 0 || fitted != 0 || select_player_rows(s) != 0)
        goto out;
    rc = ST_OK;
out:
    free(vrank);
    free(prank);
    free(wrank);
    return rc;
}

/* ---------------------------------------------------------------- rows */

size_t st_table_nrows(const st_stats *s, enum st_table t)
{
    if (!s->finished)
        return 0;
    switch (t) {
    case ST_TABLE_VARIANTS:
        return s->variants.n;
    case ST_TABLE_TERMINATIONS:
        return s->ntm;
    case ST_TABLE_PLAYERS:
        return s->npl_rows;
    case ST_TABLE_HEADTOHEAD:
        return s->npr;
    case ST_TABLE_STANDINGS:
        return s->nsd;
    case ST_TABLE_RATING_LISTS:
        return s->nlists;
    default:
        return 0;
    }
}

static struct st_cell empty(void) { return (struct st_cell){ST_CELL_EMPTY, NULL, 0, 0}; }
static struct st_cell text(const char *t) { return (struct st_cell){ST_CELL_TEXT, t, 0, 0}; }
static struct st_cell count(uint64_t n) { return (struct st_cell){ST_CELL_INT, NULL, (double)n, 0}; }
static struct st_cell real(double v, int decimals)
{
    return (struct st_cell){ST_CELL_REAL, NULL, v, decimals};
}
static struct st_cell rate(uint64_t k, uint64_t n)
{
    return n ? real((double)k / (double)n, DEC_RATE) : empty();
}
static struct st_cell finite(double v, int decimals)
{
    return isfinite(v) ? real(v, decimals) : empty();
}

static const char *variant_name(const st_stats *s, uint32_t v)
{
    return v == ST_NONE ? ST_ALL_VARIANTS : s->variants.str[v];
}

static void variants_row(const st_stats *s, size_t row, struct st_cell *c)
{
    uint32_t v = s->var_order[row];
    const struct st_variant_rec *V = &s->var[v];
    c[ST_V_VARIANT] = text(s->variants.str[v]);
    c[ST_V_GAMES] = count(V->games);
    c[ST_V_VALID] = count(V->valid);
    c[ST_V_WHITE_WINS] = count(V->white_wins);
    c[ST_V_BLACK_WINS] = count(V->black_wins);
    c[ST_V_DRAWS] = count(V->draws);
    c[ST_V_UNFINISHED] = count(V->unfinished);
    c[ST_V_ILLEGAL] = count(V->illegal);
    c[ST_V_MALFORMED] = count(V->malformed);
    c[ST_V_UNSUPPORTED] = count(V->unsupported);
    c[ST_V_WHITE_RATE] = rate(V->white_wins, V->valid);
    c[ST_V_BLACK_RATE] = rate(V->black_wins, V->valid);
    c[ST_V_DRAW_RATE] = rate(V->draws, V->valid);
    c[ST_V_ILLEGAL_RATE] = rate(V->illegal, V->replayed);
    const struct { uint64_t k, n; int lo, hi; } wil[] = {
        {V->white_wins, V->valid, ST_V_WHITE_LO, ST_V_WHITE_HI},
        {V->black_wins, V->valid, ST_V_BLACK_LO, ST_V_BLACK_HI},
        {V->draws, V->valid, ST_V_DRAW_LO, ST_V_DRAW_HI},
        {V->illegal, V->replayed, ST_V_ILLEGAL_LO, ST_V_ILLEGAL_HI}};
    for (size_t i = 0; i < sizeof wil / sizeof wil[0]; i++) {
        double lo, hi;
        c[wil[i].lo] = c[wil[i].hi] = empty();
        if (wil[i].n) {
            st_wilson(wil[i].k, wil[i].n, ST_Z95, &lo, &hi);
            c[wil[i].lo] = real(lo, DEC_RATE);
            c[wil[i].hi] = real(hi, DEC_RATE);
        }
    }
    c[ST_V_SCORE] = c[ST_V_SCORE_LO] = c[ST_V_SCORE_HI] = empty();
    c[ST_V_MEAN_TURNS] = c[ST_V_MEDIAN_TURNS] = empty();
    if (V->valid) {
        double sc, lo, hi;
        st_score_interval(V->white_wins, V->draws, V->black_wins, ST_Z95, &sc, &lo, &hi);
        c[ST_V_SCORE] = real(sc, DEC_RATE);
        c[ST_V_SCORE_LO] = real(lo, DEC_RATE);
        c[ST_V_SCORE_HI] = real(hi, DEC_RATE);
        c[ST_V_MEAN_TURNS] = real((double)V->turns_sum / (double)V->valid, DEC_TURNS);
        c[ST_V_MEDIAN_TURNS] = real(st_hist_median_of(V), DEC_TURNS);
    }
}

static void terminations_row(const st_stats *s, size_t row, struct st_cell *c)
{
    const struct st_term_rec *t = &s->tm[row];
    c[ST_T_VARIANT] = text(s->variants.str[t->variant]);
    c[ST_T_TERMINATION] = text(s->words.str[t->termination]);
    c[ST_T_KEY] = t->key == ST_NONE ? empty() : text(s->words.str[t->key]);
    c[ST_T_VALUE] = t->value == ST_NONE ? empty() : text(s->words.str[t->value]);
    c[ST_T_GAMES] = count(t->games);
    c[ST_T_SHARE] = rate(t->games, s->var[t->variant].terminated);
}

static void players_row(const st_stats *s, size_t row, struct st_cell *c)
{
    const struct st_player_rec *p = &s->pl[s->pl_rows[row]];
    c[ST_P_PLAYER] = text(s->players.str[p->player]);
    c[ST_P_VARIANT] = text(variant_name(s, p->variant));
    c[ST_P_GAMES] = count(p->games);
    c[ST_P_WINS] = count(p->wins);
    c[ST_P_DRAWS] = count(p->draws);
    c[ST_P_LOSSES] = count(p->losses);
    uint64_t half = p->white_half + p->black_half;
    c[ST_P_SCORE] = real((double)half / 2, DEC_POINTS);
    c[ST_P_SCORE_RATE] = rate(half, 2 * p->games);
    c[ST_P_WHITE_GAMES] = count(p->white_games);
    c[ST_P_WHITE_RATE] = rate(p->white_half, 2 * p->white_games);
    c[ST_P_BLACK_GAMES] = count(p->black_games);
    c[ST_P_BLACK_RATE] = rate(p->black_half, 2 * p->black_games);
    c[ST_P_RATING] = c[ST_P_RATING_LO] = c[ST_P_RATING_HI] = empty();
    if (p->rated) {
        c[ST_P_RATING] = real(p->rating, DEC_RATING);
        c[ST_P_RATING_LO] = real(p->rating - ST_Z95 * p->se, DEC_RATING);
        c[ST_P_RATING_HI] = real(p->rating + ST_Z95 * p->se, DEC_RATING);
    }
    c[ST_P_VIOLATIONS] = count(p->violations);
    c[ST_P_GCR] = p->rated ? real(p->gcr, DEC_RATING) : empty();
    c[ST_P_RATING_GROUP] = p->rated ? count(p->group) : empty();
}

static void headtohead_row(const st_stats *s, size_t row, struct st_cell *c)
{
    const struct st_pair_rec *p = &s->pr[row];
    c[ST_H_PLAYER_A] = text(s->players.str[p->a]);
    c[ST_H_PLAYER_B] = text(s->players.str[p->b]);
    c[ST_H_VARIANT] = text(variant_name(s, p->variant));
    c[ST_H_GAMES] = count(p->games);
    c[ST_H_A_WINS] = count(p->a_wins);
    c[ST_H_DRAWS] = count(p->draws);
    c[ST_H_B_WINS] = count(p->b_wins);
    struct st_match m;
    st_match_stats(p->a_wins, p->draws, p->b_wins, &m);
    c[ST_H_A_SCORE_RATE] = finite(m.score, DEC_RATE);
    c[ST_H_ELO_DIFFERENCE] = finite(m.elo, DEC_RATING);
    c[ST_H_ELO_ERROR] = finite(m.elo_error, DEC_RATING);
    c[ST_H_LOS] = finite(m.los, DEC_RATE);
    c[ST_H_DRAW_RATIO] = finite(m.draw_ratio, DEC_RATE);
}

/* A tie-break kept doubled (or quadrupled: scale 4), empty when it is not
 * the format's. */
static struct st_cell scaled(int64_t v, int scale, int decimals)
{
    return v == ST_NA ? empty() : real((double)v / scale, decimals);
}

static void standings_row(const st_stats *s, size_t row, struct st_cell *c)
{
    const struct st_standing *r = &s->sd[row];
    c[ST_S_EVENT] = text(s->events.str[r->event]);
    c[ST_S_FORMAT] = text(st_format_name(r->format));
    c[ST_S_RANK] = count(r->rank);
    c[ST_S_PLAYER] = text(s->players.str[r->player]);
    c[ST_S_POINTS] = real((double)r->half / 2, DEC_POINTS);
    c[ST_S_GAMES] = count(r->games);
    c[ST_S_WINS] = count(r->wins);
    c[ST_S_DRAWS] = count(r->draws);
    c[ST_S_LOSSES] = count(r->losses);
    c[ST_S_DIRECT_ENCOUNTER] = scaled(r->de_half, 2, DEC_POINTS);
    c[ST_S_SONNEBORN_BERGER] = scaled(r->sb_quarter, 4, DEC_SB);
    c[ST_S_BUCHHOLZ] = scaled(r->bh_half, 2, DEC_POINTS);
    c[ST_S_BUCHHOLZ_CUT1] = scaled(r->bhc1_half, 2, DEC_POINTS);
    c[ST_S_NOT_SCORED] = count(r->not_scored);
    c[ST_S_POINTS_UNDER_REVIEW] = real((double)r->review_half / 2, DEC_POINTS);
}

static void rating_lists_row(const st_stats *s, size_t row, struct st_cell *c)
{
    const struct st_list_info *l = &s->lists[row];
    c[ST_R_VARIANT] = text(variant_name(s, l->variant));
    c[ST_R_PLAYERS] = count(l->players);
    c[ST_R_GAMES] = count(l->games);
    c[ST_R_GROUPS] = count(l->groups);
    c[ST_R_AVERAGE] = l->groups ? real(l->average, DEC_RATING) : empty();
    c[ST_R_ANCHOR] = l->anchored ? text(s->opt.anchor) : empty();
    c[ST_R_ANCHOR_RATING] = l->anchored ? real(s->opt.anchor_rating, DEC_RATING) : empty();
    c[ST_R_WHITE_ADVANTAGE] = c[ST_R_WHITE_ADVANTAGE_LO] = c[ST_R_WHITE_ADVANTAGE_HI] = empty();
    if (l->white_fitted && l->groups) {
        c[ST_R_WHITE_ADVANTAGE] = real(l->white_advantage, DEC_RATING);
        c[ST_R_WHITE_ADVANTAGE_LO] = real(l->white_advantage - ST_Z95 * l->white_se, DEC_RATING);
        c[ST_R_WHITE_ADVANTAGE_HI] = real(l->white_advantage + ST_Z95 * l->white_se, DEC_RATING);
    }
}

const char *st_rating_list_name(const st_stats *s, size_t list)
{
    return variant_name(s, s->lists[list].variant);
}

uint32_t st_rating_list_groups(const st_stats *s, size_t list) { return s->lists[list].groups; }

size_t st_rating_group_names(const st_stats *s, size_t list, uint32_t g, const char **names,
                             size_t max)
{
    uint32_t rv = s->lists[list].rank_variant;
    size_t n = 0;
    for (size_t i = 0; i < s->npl; i++) {
        const struct st_player_rec *p = &s->pl[i];
        if (p->rank_variant == rv && p->rated && p->group == g) {
            if (n < max)
                names[n] = s->players.str[p->player];
            n++;
        }
    }
    return n;
}

void st_table_row(const st_stats *s, enum st_table t, size_t row, struct st_cell *cells)
{
    switch (t) {
    case ST_TABLE_VARIANTS:
        variants_row(s, row, cells);
        break;
    case ST_TABLE_TERMINATIONS:
        terminations_row(s, row, cells);
        break;
    case ST_TABLE_PLAYERS:
        players_row(s, row, cells);
        break;
    case ST_TABLE_HEADTOHEAD:
        headtohead_row(s, row, cells);
        break;
    case ST_TABLE_STANDINGS:
        standings_row(s, row, cells);
        break;
    case ST_TABLE_RATING_LISTS:
        rating_lists_row(s, row, cells);
        break;
    default:
        break;
    }
}

/* "%.*f" text cut to the decimals it needs: "0.5300" -> "0.53", "1.0" -> "1". */
static void drop_zero_decimals(char *buf, size_t len)
{
    char *dot = memchr(buf, '.', len);
    if (!dot)
        return;
    char *end = buf + len;
    while (end > dot + 1 && end[-1] == '0')
        end--;
    if (end == dot + 1)
        end = dot;
    *end = '\0';
}

const char *st_cell_text(const struct st_cell *c, char *buf, size_t size)
{
    size_t len;
    switch (c->kind) {
    case ST_CELL_TEXT:
        return c->text ? c->text : "";
    case ST_CELL_INT:
        /* A count is a whole number below 2^53, whose "%.0f" is its digits. */
        if (c->value >= 0 && c->value < 9007199254740992.0 && !signbit(c->value) &&
            c->value == (double)(uint64_t)c->value && size >= ST_INT_TEXT)
            st_format_u64(buf, (uint64_t)c->value);
        else
            st_format_fixed(buf, size, c->value, 0);
        return buf;
    case ST_CELL_REAL:
        if (!size)
            return buf;
        len = st_format_fixed(buf, size, c->value, c->decimals);
        drop_zero_decimals(buf, len < size ? len : size - 1);
        /* A tiny negative rounding to zero prints "-0": it is 0. */
        if (strcmp(buf, "-0") == 0)
            strcpy(buf, "0");
        return buf;
    default:
        if (size)
            buf[0] = '\0';
        return buf;
    }
}
