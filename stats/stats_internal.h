/*
 * stats internals: the pieces the statistics are built from, each in its
 * own file, shared by tally.c and tables.c and reachable by the tests.
 *
 * Ownership as in stats.h: arguments are borrowed, _init/_release pairs
 * for structs embedded in others.
 */
#ifndef GC_STATS_INTERNAL_H
#define GC_STATS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "stats/stats.h"

/* ------------------------------------------------------ map.c: hashing */

/* A hash table from a key of four 32-bit words to a 32-bit value (an index
 * into a record array).  Open addressing; iteration order is never used,
 * so the hash needs no secret.  The keys are not copied into the table:
 * each record holds its own, and the owner's st_map_key_fn reads it back
 * on a hash match, so a slot is 8 bytes, not 20 (the pair and event-pair
 * tables are the larger part of the statistics' memory on a big archive).
 * A slot keeps the key's whole 32-bit hash, so growing rehashes without
 * reading a record. */
struct st_key {
    uint32_t k[4];
};

struct st_map_slot {
    uint32_t val;     /* UINT32_MAX: empty slot */
    uint32_t hash;
};

struct st_map {
    struct st_map_slot *slots;
    size_t cap;       /* power of two, or 0 */
    size_t n;
};

/* The key of record idx of the owner ctx (as given to st_map_get_or_add). */
typedef void st_map_key_fn(const void *ctx, uint32_t idx, struct st_key *out);

void st_map_init(struct st_map *m);
void st_map_release(struct st_map *m);

/* The value stored for key; when absent, store `fresh` and set *added
 * (the caller then fills record `fresh`, whose key key_of must return
 * from then on).  ctx and key_of read a stored value's key.  0, or -1
 * when out of memory. */
int st_map_get_or_add(struct st_map *m, const struct st_key *key, uint32_t fresh,
                      st_map_key_fn *key_of, const void *ctx, uint32_t *value, int *added);

/* ---------------------------------------------- names.c: interned strings */

/* Strings numbered in order of first appearance; each copied once. */
struct st_names {
    char **str;
    size_t n, cap;
    uint64_t *slots;  /* hash slots holding id + 1 (0 = empty) in the low 32
                       * bits and the name's hash's high 32 bits above, so
                       * that a probe compares the bytes of a name only
                       * when the hashes agree */
    size_t nslots;
};

void st_names_init(struct st_names *t);
void st_names_release(struct st_names *t);

/* The id of s (interned on first sight).  0, or -1 when out of memory. */
int st_names_id(struct st_names *t, const char *s, uint32_t *id);

/* The id of s, or UINT32_MAX when never seen. */
uint32_t st_names_find(const struct st_names *t, const char *s);

/* rank[id] = position of the name in byte order (strcmp), for all names.
 * The caller frees the array; NULL when out of memory (or no names). */
uint32_t *st_names_ranks(const struct st_names *t);

/* The same in natural order (st_natural_cmp): "Round 2" before "Round 10". */
uint32_t *st_names_ranks_natural(const struct st_names *t);

/* Natural order: runs of ASCII digits compare as numbers ("Round 2" <
 * "Round 10"; "007" = "7" as a number, then the shorter run first), the
 * rest byte by byte; names equal so are ordered by their bytes, so the
 * order is total. */
int st_natural_cmp(const char *a, const char *b);

/* ------------------------------------------------ interval.c: intervals */

/* The normal quantile for 95% two-sided intervals. */
#define ST_Z95 1.959963984540054

/* Wilson score interval for k successes out of n (n > 0). */
void st_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi);

/* White's score (wins + draws/2) / n and its normal interval from the
 * per-game variance of the 1 / 0.5 / 0 scores, clipped to [0, 1] (n > 0). */
void st_score_interval(uint64_t wins, uint64_t draws, uint64_t losses, double z,
                       double *score, double *lo, double *hi);

/* -------------------------------------------------- rating.c: the model */

/* Games between two players of one fit: a and b are 0-based player
 * indices, score_a the points a made (a win 1, a draw 1/2).  white: +1
 * when a had White in these games, -1 when b had, 0 when the fit has no
 * white-advantage term (then every pair has 0). */
struct st_rating_pair {
    uint32_t a, b;
    double games, score_a;
    int white;
};

/* What one fit gives besides the ratings. */
struct st_rating_fit_out {
    double white_advantage;       /* Elo, when fitted */
    double white_advantage_se;
};

/* Above this many players in one list, intervals use each player's own
 * information only (docs/statistics.md "The rating model"): the exact inverse needs
 * n^2 memory and n^3 time. */
#define ST_RATING_DENSE_MAX 2000

/* Fit n players' ratings (Elo scale, mean ST_RATING_CENTRE) to the pairs:
 * the maximum of the Bradley-Terry log-likelihood with draws as half
 * points plus a normal prior N(centre, prior_sd^2) on each rating;
 * prior_sd <= 0 fits the plain likelihood (then every player needs a
 * finite maximum: a connected list without perfect scores).  rating[i]
 * gets the estimate and se[i] its standard error relative to the mean of
 * the list, from the observed information.  Returns 0; 1 when there is no
 * finite maximum (no prior only); -1 when out of memory. */
int st_rating_fit(size_t n, const struct st_rating_pair *pairs, size_t npairs,
                  double prior_sd, double *rating, double *se);

/* The same with the options of Ordo: white_adv nonzero adds a term W to
 * the rating difference of every game, in favour of White (the pairs carry
 * their colours), with the same prior N(0, prior_sd^2), and out gets its
 * estimate and standard error; anchor < n makes se[i] the error of
 * R_i - R_anchor (se[anchor] = 0) instead of R_i - mean.  The ratings keep
 * mean ST_RATING_CENTRE: the caller shifts them. */
int st_rating_fit_ex(size_t n, const struct st_rating_pair *pairs, size_t npairs,
                     double prior_sd, int white_adv, size_t anchor, double *rating, double *se,
                     struct st_rating_fit_out *out);

/* ---------------------------------------------------- gcr.c: Game Courier */

/* The Game Courier rating start and the clamp of its expectation. */
#define ST_GCR_START 1500.0
#define ST_GCR_SPREAD 400.0

/* Game Courier ratings (docs/standings-and-ratings.md) of n players from
 * the pairs (white ignored), in the pairs' order and its reverse:
 * gcr[i] = (forward[i] + reverse[i]) / 2.  forward and reverse may be
 * NULL.  Returns 0, -1 when out of memory. */
int st_gcr(size_t n, const struct st_rating_pair *pairs, size_t npairs, double *gcr,
           double *forward, double *reverse);

/* ------------------------------------------- cutechess.c: a match's Elo */

/* A match of wins, draws and losses as cutechess-cli reports it
 * (docs/standings-and-ratings.md): the score rate, the Elo difference
 * -400 log10(1/s - 1), half the width of its 95% interval (the normal
 * interval of the score, mapped through the Elo curve), the likelihood of
 * superiority and the draw ratio.  A figure that does not exist (a perfect
 * score's infinite difference; LOS without a decisive game) is NAN. */
struct st_match {
    double score, elo, elo_error, los, draw_ratio;
};

void st_match_stats(uint64_t wins, uint64_t draws, uint64_t losses, struct st_match *m);

/* ------------------------------------- tally.c, tables.c: the statistics */

#define ST_NONE UINT32_MAX  /* no id: the `all` variant; a termination's total row */

/* ------------------------------------- hist.c: lengths of valid games */

/* Lengths below this are counted in an array; longer ones, rare, one
 * entry each: a game of millions of turns costs one entry (issue 15). */
#define ST_HIST_DENSE 4096

struct st_hist_long {
    uint64_t turns, count;
};

struct st_variant_rec;

/* Count `count` games of `turns` turns.  0, -1 when out of memory, -2
 * when the count would pass ST_COUNT_MAX. */
int st_hist_add(struct st_variant_rec *V, uint64_t turns, uint64_t count);

/* fn(ctx, turns, count) for every length counted, until fn returns
 * nonzero (returned). */
typedef int (*st_hist_fn)(void *ctx, uint64_t turns, uint64_t count);
int st_hist_each(const struct st_variant_rec *V, st_hist_fn fn, void *ctx);

/* Order the long lengths for the median (st_stats_finish). */
void st_hist_finish(struct st_variant_rec *V);

/* The median of V's valid games' lengths, after st_hist_finish. */
double st_hist_median_of(const struct st_variant_rec *V);

void st_hist_release(struct st_variant_rec *V);

struct st_variant_rec {
    uint64_t games, valid, white_wins, black_wins, draws, unfinished;
    uint64_t illegal, malformed, unsupported, replayed;
    uint64_t terminated;         /* games with a termination: the share's denominator */
    uint64_t turns_sum;          /* over valid games */
    /* Valid games by number of turns, for the exact median (hist.c): */
    uint64_t *turns_hist;        /* lengths below ST_HIST_DENSE */
    size_t hist_len;
    struct st_hist_long *longer; /* the longer ones, each once; in order after finish */
    size_t nlonger, longer_cap;
    struct st_map longer_map;    /* length -> index in longer, until finish */
};

struct st_player_rec {
    uint32_t variant, player;    /* variant ST_NONE: all variants */
    uint32_t rank_player, rank_variant; /* sort keys, set by finish */
    uint64_t games, wins, draws, losses;
    uint64_t white_games, black_games;
    uint64_t white_half, black_half; /* points scored with each colour, doubled */
    uint64_t violations;
    int rated;
    double rating, se;
    double gcr;                  /* Game Courier rating, when rated */
    uint32_t group;              /* 1-based group of the rating list, when rated */
};

struct st_pair_rec {
    uint32_t variant, a, b;      /* before finish a < b by id; after, a sorts first */
    uint32_t rank_a, rank_b, rank_variant;
    uint64_t games, a_wins, draws, b_wins;
    uint64_t a_white_games;      /* of games, those a played with White */
    uint64_t a_white_half;       /* a's points in them, doubled */
};

/* One pair of players of one event (the Event: header; "" when none). */
struct st_epair_rec {
    uint32_t event, a, b;        /* before finish a < b by id; after, a sorts first */
    uint32_t rank_event, rank_a, rank_b;
    uint64_t paired;             /* games of status ok or illegal between them */
    uint64_t games, a_wins, draws, b_wins; /* the valid games (status ok, finished) */
    /* The games under review (illegal, with a result): scored as their
     * result says (rv_) and as the forfeit policy scores them (fo_), and
     * how many stopped at a's and at b's illegal turn (forfeited). */
    uint64_t rv_a_wins, rv_draws, rv_b_wins;
    uint64_t fo_a_wins, fo_draws, fo_b_wins;
    uint64_t a_broke, b_broke;
};

/* A row of standings.csv.  Points are kept doubled, Sonneborn-Berger
 * quadrupled: every tie-break is exact integer arithmetic. */
#define ST_NA (-1)
struct st_standing {
    uint32_t event, player;      /* ids */
    uint32_t rank_event, rank_player; /* byte order of the names */
    enum st_format format;       /* the event's */
    uint32_t ev;                 /* the event's place in st_stats.ev */
    uint64_t rank;               /* 1-based; equal for players tied on everything */
    uint64_t half, games, wins, draws, losses, not_scored;
    int64_t de_half, sb_quarter, bh_half, bhc1_half; /* ST_NA: not this format's */
    uint64_t review_half;        /* points from games under review, doubled */
    uint64_t rank_under[ST_ILLEGAL_POLICIES]; /* the rank under each policy */
};

struct st_event_info {
    uint32_t event;
    enum st_format format;
    size_t first, n;             /* its rows of standings */
    size_t ep_first, ep_n;       /* its pairs in st_stats.ep (sorted by event first) */
    uint64_t review;             /* its games under review */
};

/* A row of rating_lists.csv. */
struct st_list_info {
    uint32_t variant;            /* ST_NONE: all */
    uint32_t rank_variant;
    uint64_t players, games;
    uint32_t groups;
    double average;
    int anchored;                /* the anchor is rated in this list */
    int white_fitted;
    double white_advantage, white_se;
};

struct st_term_rec {
    uint32_t variant, termination, key, value; /* key = value = ST_NONE: the total row */
    uint32_t rank[4];
    uint64_t games;
};

struct st_stats {
    struct st_names variants, players, words;
    struct st_variant_rec *var;  /* indexed by variant id */
    size_t var_cap;
    struct st_player_rec *pl;
    size_t npl, pl_cap;
    struct st_map pl_map;        /* (variant, player) -> index in pl */
    struct st_pair_rec *pr;
    size_t npr, pr_cap;
    struct st_map pr_map;        /* (variant, lower id, higher id) -> index in pr */
    struct st_term_rec *tm;
    size_t ntm, tm_cap;
    struct st_map tm_map;        /* (variant, termination, key, value) -> index in tm */

    struct st_names events;
    struct st_epair_rec *ep;
    size_t nep, ep_cap;
    struct st_map ep_map;        /* (event, lower id, higher id) -> index in ep */

    int finished;
    struct st_options opt;
    uint32_t *var_order;         /* variant ids in byte order of their names */
    uint32_t *pl_rows;           /* indices into pl of the rows shown (min_games) */
    size_t npl_rows;
    struct st_standing *sd;      /* standings rows, in report order */
    size_t nsd;
    struct st_event_info *ev;    /* events in report order */
    size_t nev;
    struct st_list_info *lists;  /* rating lists in report order */
    size_t nlists;
};

/* The record of a player in a list (variant id, or ST_NONE for `all`),
 * created zeroed on first use; NULL when out of memory.  Valid until the
 * next record is added (the array may move). */
struct st_player_rec *st_player_rec(st_stats *s, uint32_t variant, uint32_t player);

/* The record of a pair in a list, lo < hi by player id; as above. */
struct st_pair_rec *st_pair_rec(st_stats *s, uint32_t variant, uint32_t lo, uint32_t hi);

/* The record of a pair in an event, lo < hi by player id; as above. */
struct st_epair_rec *st_epair_rec(st_stats *s, uint32_t event, uint32_t lo, uint32_t hi);

/* a and b of an event pair trade places, with every count taken from
 * their side (wins, forfeits). */
void st_epair_swap(struct st_epair_rec *p);

/* Standings and their tie-breaks from the sorted event pairs (standings.c,
 * called by st_stats_finish once ep is in report order).  0, or -1 when out
 * of memory. */
int st_standings_build(st_stats *s, const uint32_t *prank);

/* Fit every rating list (rating_lists.c, called by st_stats_finish once the
 * player and pair records are in report order): s->lists and the players'
 * ratings.  0, or -1 when out of memory. */
int st_rating_lists_fit(st_stats *s, size_t nvariants);

/* The order of two ranks, for qsort's comparators: -1, 0 or 1. */
static inline int st_cmp_u32(uint32_t a, uint32_t b) { return a < b ? -1 : a > b; }

/* Add games to the termination row (variant, termination, key, value),
 * key = value = ST_NONE for the total row.  0, -1 when out of memory, or
 * -2 when the row's count would pass ST_COUNT_MAX (left unchanged). */
int st_term_add(st_stats *s, uint32_t variant, uint32_t term, uint32_t key, uint32_t value,
                uint64_t games);

/* grow.c: grow *arr (elements of size elem) to hold at least `need`,
 * zeroing the new elements.  0, or -1 when out of memory. */
int st_grow(void **arr, size_t *cap, size_t need, size_t elem);

/* grow.c: the same without zeroing, for arrays filled one element at a
 * time (the records), each cleared when it is added: the capacity a
 * doubling adds beyond them is never touched, so it costs no page faults
 * and no resident memory until it is used. */
int st_reserve(void **arr, size_t *cap, size_t need, size_t elem);

/* hist.c: the median of a histogram of counts (total > 0): the middle
 * value, or the mean of the two middle ones. */
double st_hist_median(const uint64_t *hist, size_t len, uint64_t total);

/* *into + n, unless that passes ST_COUNT_MAX: then ST_TOO_LARGE, *into
 * unchanged. */
ST_MUST_CHECK static inline enum st_rc st_add_count(uint64_t *into, uint64_t n)
{
    if (n > ST_COUNT_MAX || *into > ST_COUNT_MAX - n)
        return ST_TOO_LARGE;
    *into += n;
    return ST_OK;
}

#endif
