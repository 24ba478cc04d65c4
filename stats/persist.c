/*
 * persist: the statistics' raw state, merged and kept in a file, so that
 * parts counted apart (worker threads of one run, shards run on several
 * machines) add up to exactly what one pass over everything would count.
 *
 * Every statistic is a sum of integers (counters, length histograms, the
 * player, pair and termination records) keyed by names; st_stats_finish
 * derives the rates, ratings and row order from those sums alone, sorted
 * by name.  So adding records by name is exact and the order of the parts
 * does not matter: ids are re-interned on the way in.
 *
 * The file format ("stats 3") is text, one record per line, fields
 * separated by one space; a name is written '=' followed by its bytes,
 * with the bytes up to space, '%' and DEL as %XX, and "-" stands for no
 * name (the `all` list, a termination's total row):
 *
 *   stats 3
 *   variant NAME games valid white_wins black_wins draws unfinished illegal
 *           malformed unsupported replayed terminated turns_sum
 *   hist NAME TURNS:COUNT ...
 *   player VARIANT NAME games wins draws losses white_games black_games
 *          white_half black_half violations
 *   pair VARIANT NAME_A NAME_B games a_wins draws b_wins a_white_games
 *        a_white_half
 *   term VARIANT TERMINATION KEY VALUE games
 *   event EVENT NAME_A NAME_B paired games a_wins draws b_wins rv_a_wins
 *         rv_draws rv_b_wins fo_a_wins fo_draws fo_b_wins a_broke b_broke
 *   end
 *
 * (each record on one line).  A reader that meets another version refuses it.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

#define NONE_TOKEN "-"

/* What adding to the statistics can fail with (stats.h's codes). */
enum { ADD_NO_MEMORY = ST_NO_MEMORY, ADD_TOO_LARGE = ST_TOO_LARGE };

/* *into + n, unless that passes ST_COUNT_MAX: then ADD_TOO_LARGE, *into
 * unchanged. */
static int add_count(uint64_t *into, uint64_t n)
{
    return st_add_count(into, n) == ST_OK ? 0 : ADD_TOO_LARGE;
}

/* ------------------------------------------------- adding by name */

/* The id of a name in t, or ST_NONE for no name. */
static int intern(struct st_names *t, const char *name, uint32_t *id)
{
    if (!name) {
        *id = ST_NONE;
        return 0;
    }
    return st_names_id(t, name, id);
}

static struct st_variant_rec *variant_rec(st_stats *s, const char *name)
{
    uint32_t v;
    if (st_names_id(&s->variants, name, &v) != 0 ||
        st_grow((void **)&s->var, &s->var_cap, (size_t)v + 1, sizeof *s->var) != 0)
        return NULL;
    return &s->var[v];
}

/* The id of a variant name, or ST_NONE for no name; every variant
 * interned has its record (st_stats_free and the tables walk them all). */
static int variant_id(st_stats *s, const char *name, uint32_t *id)
{
    if (!name) {
        *id = ST_NONE;
        return 0;
    }
    struct st_variant_rec *V = variant_rec(s, name);
    if (!V)
        return ADD_NO_MEMORY;
    *id = (uint32_t)(V - s->var);
    return 0;
}

/* The counters of a variant (the histogram apart). */
enum { VAR_FIELDS = 12 };

static void variant_fields(struct st_variant_rec *V, uint64_t *f[VAR_FIELDS])
{
    uint64_t *p[VAR_FIELDS] = {&V->games, &V->valid, &V->white_wins, &V->black_wins,
                               &V->draws, &V->unfinished, &V->illegal, &V->malformed,
                               &V->unsupported, &V->replayed, &V->terminated, &V->turns_sum};
    memcpy(f, p, sizeof p);
}

/* st_hist_add's -1 and -2 are ADD_NO_MEMORY and ADD_TOO_LARGE. */
static int add_hist(struct st_variant_rec *V, size_t turns, uint64_t count)
{
    return st_hist_add(V, turns, count);
}

static int add_hist_to(void *V, uint64_t turns, uint64_t count)
{
    return add_hist(V, (size_t)turns, count);
}

/* Player record fields in file order. */
enum { PLAYER_FIELDS = 9 };

static void player_fields(struct st_player_rec *p, uint64_t *f[PLAYER_FIELDS])
{
    uint64_t *q[PLAYER_FIELDS] = {&p->games, &p->wins, &p->draws, &p->losses, &p->white_games,
                                  &p->black_games, &p->white_half, &p->black_half,
                                  &p->violations};
    memcpy(f, q, sizeof q);
}

static int add_player(st_stats *s, const char *variant, const char *name, const uint64_t *n)
{
    uint32_t v, id;
    if (variant_id(s, variant, &v) != 0 || st_names_id(&s->players, name, &id) != 0)
        return -1;
    struct st_player_rec *p = st_player_rec(s, v, id);
    if (!p)
        return -1;
    uint64_t *f[PLAYER_FIELDS];
    player_fields(p, f);
    for (int i = 0; i < PLAYER_FIELDS; i++)
        if (add_count(f[i], n[i]) != 0)
            return ADD_TOO_LARGE;
    return 0;
}

/* n: games, a_wins, draws, b_wins, a_white_games, a_white_half (counts
 * that add up: pair_adds_up).  The record is keyed lower id first, so the
 * wins and colours swap when the ids come the other way round here: b had
 * White in the games a had not, and scored in them the points a did not
 * score with Black. */
enum { PAIR_FIELDS = 6 };

static int add_pair(st_stats *s, const char *variant, const char *a, const char *b,
                    const uint64_t *n)
{
    uint32_t v, ia, ib;
    if (variant_id(s, variant, &v) != 0 || st_names_id(&s->players, a, &ia) != 0 ||
        st_names_id(&s->players, b, &ib) != 0)
        return -1;
    int swap = ia > ib;
    struct st_pair_rec *p = swap ? st_pair_rec(s, v, ib, ia) : st_pair_rec(s, v, ia, ib);
    if (!p)
        return -1;
    uint64_t a_half = 2 * n[1] + n[2];
    uint64_t white = swap ? n[0] - n[4] : n[4];
    uint64_t white_half = swap ? 2 * (n[0] - n[4]) - (a_half - n[5]) : n[5];
    return add_count(&p->games, n[0]) || add_count(&p->a_wins, swap ? n[3] : n[1]) ||
                   add_count(&p->draws, n[2]) || add_count(&p->b_wins, swap ? n[1] : n[3]) ||
                   add_count(&p->a_white_games, white) || add_count(&p->a_white_half, white_half)
               ? ADD_TOO_LARGE
               : 0;
}

/* n: paired, games, a_wins, draws, b_wins, then the games under review
 * (rv_a_wins, rv_draws, rv_b_wins, fo_a_wins, fo_draws, fo_b_wins,
 * a_broke, b_broke; event_adds_up); keyed lower id first. */
enum { EVENT_FIELDS = 13 };

/* The fields of p in that order, their pointers. */
static void event_fields(struct st_epair_rec *p, uint64_t *f[EVENT_FIELDS])
{
    uint64_t *q[EVENT_FIELDS] = {&p->paired,    &p->games,    &p->a_wins,    &p->draws,
                                 &p->b_wins,    &p->rv_a_wins, &p->rv_draws, &p->rv_b_wins,
                                 &p->fo_a_wins, &p->fo_draws, &p->fo_b_wins, &p->a_broke,
                                 &p->b_broke};
    memcpy(f, q, sizeof q);
}

/* The fields of p as numbers. */
static void event_numbers(const struct st_epair_rec *p, uint64_t *n)
{
    uint64_t *f[EVENT_FIELDS];
    event_fields((struct st_epair_rec *)p, f);
    for (int i = 0; i < EVENT_FIELDS; i++)
        n[i] = *f[i];
}

static int add_event_pair(st_stats *s, const char *event, const char *a, const char *b,
                          const uint64_t *n)
{
    uint32_t e, ia, ib;
    if (st_names_id(&s->events, event, &e) != 0 || st_names_id(&s->players, a, &ia) != 0 ||
        st_names_id(&s->players, b, &ib) != 0)
        return -1;
    int swap = ia > ib;
    struct st_epair_rec *p = swap ? st_epair_rec(s, e, ib, ia) : st_epair_rec(s, e, ia, ib);
    if (!p)
        return -1;
    /* The counts as a record keyed like p: swapped, a's wins are b's. */
    struct st_epair_rec from = {.a = ia, .b = ib};
    uint64_t *f[EVENT_FIELDS], *g[EVENT_FIELDS];
    event_fields(&from, g);
    for (int i = 0; i < EVENT_FIELDS; i++)
        *g[i] = n[i];
    if (swap)
        st_epair_swap(&from);
    event_fields(p, f);
    for (int i = 0; i < EVENT_FIELDS; i++)
        if (add_count(f[i], *g[i]))
            return ADD_TOO_LARGE;
    return 0;
}

static int add_term(st_stats *s, const char *variant, const char *term, const char *key,
                    const char *value, uint64_t games)
{
    uint32_t v, t, k, val;
    if (variant_id(s, variant, &v) != 0 || st_names_id(&s->words, term, &t) != 0 ||
        intern(&s->words, key, &k) != 0 || intern(&s->words, value, &val) != 0)
        return -1;
    return st_term_add(s, v, t, k, val, games);
}

/* ---------------------------------------------------------- merging */

static const char *name_or_none(const struct st_names *t, uint32_t id)
{
    return id == ST_NONE ? NULL : t->str[id];
}

static int merge_variants(st_stats *into, const st_stats *from)
{
    int rc;
    for (size_t v = 0; v < from->variants.n; v++) {
        struct st_variant_rec *V = variant_rec(into, from->variants.str[v]);
        if (!V)
            return ADD_NO_MEMORY;
        struct st_variant_rec *W = (struct st_variant_rec *)&from->var[v];
        uint64_t *a[VAR_FIELDS], *b[VAR_FIELDS];
        variant_fields(V, a);
        variant_fields(W, b);
        for (int i = 0; i < VAR_FIELDS; i++)
            if ((rc = add_count(a[i], *b[i])) != 0)
                return rc;
        if ((rc = st_hist_each(W, add_hist_to, V)) != 0)
            return rc;
    }
    return 0;
}

static int merge_records(st_stats *into, const st_stats *from)
{
    int rc;
    for (size_t i = 0; i < from->npl; i++) {
        struct st_player_rec *p = &from->pl[i];
        uint64_t n[PLAYER_FIELDS], *f[PLAYER_FIELDS];
        player_fields(p, f);
        for (int k = 0; k < PLAYER_FIELDS; k++)
            n[k] = *f[k];
        if ((rc = add_player(into, name_or_none(&from->variants, p->variant),
                             from->players.str[p->player], n)) != 0)
            return rc;
    }
    for (size_t i = 0; i < from->npr; i++) {
        const struct st_pair_rec *p = &from->pr[i];
        uint64_t n[PAIR_FIELDS] = {p->games, p->a_wins, p->draws, p->b_wins, p->a_white_games,
                                   p->a_white_half};
        if ((rc = add_pair(into, name_or_none(&from->variants, p->variant),
                           from->players.str[p->a], from->players.str[p->b], n)) != 0)
            return rc;
    }
    for (size_t i = 0; i < from->nep; i++) {
        const struct st_epair_rec *p = &from->ep[i];
        uint64_t n[EVENT_FIELDS];
        event_numbers(p, n);
        if ((rc = add_event_pair(into, from->events.str[p->event], from->players.str[p->a],
                                 from->players.str[p->b], n)) != 0)
            return rc;
    }
    for (size_t i = 0; i < from->ntm; i++) {
        const struct st_term_rec *t = &from->tm[i];
        if ((rc = add_term(into, from->variants.str[t->variant], from->words.str[t->termination],
                           name_or_none(&from->words, t->key),
                           name_or_none(&from->words, t->value), t->games)) != 0)
            return rc;
    }
    return 0;
}

enum st_rc st_stats_merge(st_stats *into, const st_stats *from)
{
    if (into->finished || from->finished)
        return ST_MISUSE;
    int rc = merge_variants(into, from);
    return rc ? rc : merge_records(into, from);
}

/* ----------------------------------------------------------- saving */

static int put_name(FILE *f, const char *name)
{
    if (!name)
        return fputs(" " NONE_TOKEN, f) == EOF ? -1 : 0;
    if (fputs(" =", f) == EOF)
        return -1;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        int rc = *p <= ' ' || *p == '%' || *p == 0x7F ? fprintf(f, "%%%02X", *p) : fputc(*p, f);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static int put_numbers(FILE *f, const uint64_t *n, int count)
{
    for (int i = 0; i < count; i++)
        if (fprintf(f, " %llu", (unsigned long long)n[i]) < 0)
            return -1;
    return fputc('\n', f) == EOF ? -1 : 0;
}

static int put_length(void *f, uint64_t turns, uint64_t count)
{
    return fprintf(f, " %llu:%llu", (unsigned long long)turns, (unsigned long long)count) < 0
               ? -1
               : 0;
}

static int save_variant(FILE *f, const st_stats *s, size_t v)
{
    struct st_variant_rec *V = (struct st_variant_rec *)&s->var[v];
    uint64_t n[VAR_FIELDS], *p[VAR_FIELDS];
    variant_fields(V, p);
    for (int i = 0; i < VAR_FIELDS; i++)
        n[i] = *p[i];
    if (fputs("variant", f) == EOF || put_name(f, s->variants.str[v]) != 0 ||
        put_numbers(f, n, VAR_FIELDS) != 0)
        return -1;
    if (fputs("hist", f) == EOF || put_name(f, s->variants.str[v]) != 0)
        return -1;
    if (st_hist_each(V, put_length, f) != 0)
        return -1;
    return fputc('\n', f) == EOF ? -1 : 0;
}

static int save_records(FILE *f, const st_stats *s)
{
    for (size_t i = 0; i < s->npl; i++) {
        struct st_player_rec *p = &s->pl[i];
        uint64_t n[PLAYER_FIELDS], *q[PLAYER_FIELDS];
        player_fields(p, q);
        for (int k = 0; k < PLAYER_FIELDS; k++)
            n[k] = *q[k];
        if (fputs("player", f) == EOF || put_name(f, name_or_none(&s->variants, p->variant)) ||
            put_name(f, s->players.str[p->player]) || put_numbers(f, n, PLAYER_FIELDS))
            return -1;
    }
    for (size_t i = 0; i < s->npr; i++) {
        const struct st_pair_rec *p = &s->pr[i];
        uint64_t n[PAIR_FIELDS] = {p->games, p->a_wins, p->draws, p->b_wins, p->a_white_games,
                                   p->a_white_half};
        if (fputs("pair", f) == EOF || put_name(f, name_or_none(&s->variants, p->variant)) ||
            put_name(f, s->players.str[p->a]) || put_name(f, s->players.str[p->b]) ||
            put_numbers(f, n, PAIR_FIELDS))
            return -1;
    }
    for (size_t i = 0; i < s->nep; i++) {
        const struct st_epair_rec *p = &s->ep[i];
        uint64_t n[EVENT_FIELDS];
        event_numbers(p, n);
        if (fputs("event", f) == EOF || put_name(f, s->events.str[p->event]) ||
            put_name(f, s->players.str[p->a]) || put_name(f, s->players.str[p->b]) ||
            put_numbers(f, n, EVENT_FIELDS))
            return -1;
    }
    for (size_t i = 0; i < s->ntm; i++) {
        const struct st_term_rec *t = &s->tm[i];
        if (fputs("term", f) == EOF || put_name(f, s->variants.str[t->variant]) ||
            put_name(f, s->words.str[t->termination]) ||
            put_name(f, name_or_none(&s->words, t->key)) ||
            put_name(f, name_or_none(&s->words, t->value)) || put_numbers(f, &t->games, 1))
            return -1;
    }
    return 0;
}

enum st_rc st_stats_save(const st_stats *s, FILE *f)
{
    if (s->finished)
        return ST_MISUSE;
    if (fputs("stats 3\n", f) == EOF)
        return ST_WRITE_FAILED;
    for (size_t v = 0; v < s->variants.n; v++)
        if (save_variant(f, s, v) != 0)
            return ST_WRITE_FAILED;
    if (save_records(f, s) != 0)
        return ST_WRITE_FAILED;
    return fputs("end\n", f) == EOF ? ST_WRITE_FAILED : ST_OK;
}

/* ---------------------------------------------------------- loading */

#define MAX_FIELDS (4 + EVENT_FIELDS)

/* Split a line in place into fields at single spaces. */
static int split(char *line, char **field, int max)
{
    int n = 0;
    line[strcspn(line, "\n")] = '\0';
    for (char *p = line; n < max;) {
        field[n++] = p;
        char *sp = strchr(p, ' ');
        if (!sp)
            return n;
        *sp = '\0';
        p = sp + 1;
    }
    return -1;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decode a name field in place: NULL for "-" (no name); *bad on error. */
static const char *name_field(char *s, int *bad)
{
    if (strcmp(s, NONE_TOKEN) == 0)
        return NULL;
    if (s[0] != '=') {
        *bad = 1;
        return NULL;
    }
    char *out = s;
    for (char *p = s + 1; *p; p++) {
        if (*p != '%') {
            *out++ = *p;
            continue;
        }
        int hi = hexval(p[1]), lo = hi < 0 ? -1 : hexval(p[2]);
        if (lo < 0 || (hi == 0 && lo == 0)) {
            *bad = 1;
            return NULL;
        }
        *out++ = (char)(hi * 16 + lo);
        p += 2;
    }
    *out = '\0';
    return s;
}

/* Why a line of the file is refused: what each kind of record must be,
 * and what its counts were not. */
struct kind {
    const char *shape, *not_count, *too_large;
};

static const struct kind variant_kind = {
    "variant: a name and 12 counts expected", "variant: a count is not a decimal number",
    "variant: a count is larger than 2^53-1"};
static const struct kind hist_kind = {
    "hist: a name and TURNS:COUNT pairs expected", "hist: a count is not a decimal number",
    "hist: a count is larger than 2^53-1"};
static const struct kind player_kind = {
    "player: a variant or -, a name and 9 counts expected",
    "player: a count is not a decimal number", "player: a count is larger than 2^53-1"};
static const struct kind pair_kind = {
    "pair: a variant or -, two names and 6 counts expected",
    "pair: a count is not a decimal number", "pair: a count is larger than 2^53-1"};
static const struct kind event_kind = {
    "event: an event, two names and 13 counts expected",
    "event: a count is not a decimal number", "event: a count is larger than 2^53-1"};
static const struct kind term_kind = {
    "term: a variant, a termination, a key or -, a value or - and a count expected",
    "term: a count is not a decimal number", "term: a count is larger than 2^53-1"};

static const char *const not_a_record =
    "not a record of the statistics (variant, hist, player, pair, term, event or end)";
static const char *const too_large = "a count is larger than 2^53-1";
static const char *const no_memory = "out of memory";

static const char *add_failed(const struct kind *k, int rc)
{
    return rc == ADD_TOO_LARGE ? k->too_large : no_memory;
}

/* count decimal fields, each at most ST_COUNT_MAX.  NULL, or why not. */
static const char *numbers(const struct kind *k, char **field, int count, uint64_t *n)
{
    for (int i = 0; i < count; i++) {
        char *end;
        errno = 0;
        if (field[i][0] < '0' || field[i][0] > '9')
            return k->not_count;
        unsigned long long v = strtoull(field[i], &end, 10);
        if (*end)
            return k->not_count;
        if (errno || v > ST_COUNT_MAX)
            return k->too_large;
        n[i] = v;
    }
    return NULL;
}

/* A variant's counters as counting leaves them (tally.c, st_stats_add):
 * a game is replayed (ok or illegal), malformed or unsupported; an ok
 * game is valid (finished) or unfinished; a valid one a win, a loss or a
 * draw; each game has at most one termination. */
static const char *variant_adds_up(const uint64_t *n)
{
    uint64_t games = n[0], valid = n[1], ww = n[2], bw = n[3], draws = n[4],
             unfinished = n[5], illegal = n[6], malformed = n[7], unsupported = n[8],
             replayed = n[9], terminated = n[10];
    /* Every count is at most ST_COUNT_MAX < 2^53: no sum of three wraps. */
    if (games != replayed + malformed + unsupported)
        return "variant: games is not replayed + malformed + unsupported";
    if (illegal > replayed || valid + unfinished != replayed - illegal)
        return "variant: valid + unfinished is not the replayed games less the illegal ones";
    if (valid != ww + bw + draws)
        return "variant: valid is not white wins + black wins + draws";
    if (terminated > games)
        return "variant: more terminations than games";
    return NULL;
}

static const char *load_variant(st_stats *s, char **field, int nf)
{
    int bad = 0;
    uint64_t n[VAR_FIELDS];
    const char *name = name_field(field[1], &bad), *why;
    if (nf != 2 + VAR_FIELDS || bad || !name)
        return variant_kind.shape;
    if ((why = numbers(&variant_kind, field + 2, VAR_FIELDS, n)) || (why = variant_adds_up(n)))
        return why;
    struct st_variant_rec *V = variant_rec(s, name);
    if (!V)
        return no_memory;
    uint64_t *f[VAR_FIELDS];
    variant_fields(V, f);
    for (int i = 0; i < VAR_FIELDS; i++)
        if (add_count(f[i], n[i]) != 0)
            return variant_kind.too_large;
    return NULL;
}

/* "hist NAME T:C T:C ...": the line may be long, so it is read apart.
 * T is a number of turns, an int where it is counted (rp_report). */
static const char *load_hist(st_stats *s, char *line)
{
    line[strcspn(line, "\n")] = '\0';
    char *name = line + 5, *sp = strchr(name, ' ');
    if (sp)
        *sp = '\0';
    int bad = 0;
    const char *vname = name_field(name, &bad);
    if (bad || !vname)
        return hist_kind.shape;
    struct st_variant_rec *V = variant_rec(s, vname);
    if (!V)
        return no_memory;
    for (char *p = sp ? sp + 1 : NULL; p && *p;) {
        char *end;
        errno = 0;
        if (*p < '0' || *p > '9')
            return hist_kind.shape;
        unsigned long long t = strtoull(p, &end, 10);
        if (*end != ':' || end[1] < '0' || end[1] > '9')
            return hist_kind.shape;
        if (errno || t > INT_MAX)
            return "a number of turns is larger than 2^31-1";
        unsigned long long c = strtoull(end + 1, &p, 10);
        if (*p && *p != ' ')
            return hist_kind.shape;
        if (errno || c > ST_COUNT_MAX)
            return hist_kind.too_large;
        int rc = add_hist(V, (size_t)t, c);
        if (rc != 0)
            return add_failed(&hist_kind, rc);
        p += *p == ' ';
    }
    return NULL;
}

/* Player record fields: games, wins, draws, losses, white_games,
 * black_games, white_half, black_half (points doubled), violations. */
static const char *player_adds_up(const uint64_t *n)
{
    if (n[0] != n[1] + n[2] + n[3])
        return "player: games is not wins + draws + losses";
    if (n[0] != n[4] + n[5])
        return "player: games is not white games + black games";
    if (n[6] > 2 * n[4] || n[7] > 2 * n[5] || n[6] + n[7] != 2 * n[1] + n[2])
        return "player: the points do not match the wins and draws";
    return NULL;
}

/* Pair record fields: games, a_wins, draws, b_wins, a_white_games,
 * a_white_half (a's points doubled in the games she had White). */
static const char *pair_adds_up(const uint64_t *n)
{
    if (n[0] != n[1] + n[2] + n[3])
        return "pair: games is not wins + draws + losses";
    uint64_t a_half = 2 * n[1] + n[2];
    if (n[4] > n[0] || n[5] > 2 * n[4] || n[5] > a_half || a_half - n[5] > 2 * (n[0] - n[4]))
        return "pair: the colours do not match the games and points";
    return NULL;
}

/* Event pair fields: as add_event_pair takes them. */
static const char *event_adds_up(const uint64_t *n)
{
    if (n[1] != n[2] + n[3] + n[4])
        return "event: games is not wins + draws + losses";
    uint64_t review = n[5] + n[6] + n[7];
    if (n[8] + n[9] + n[10] != review)
        return "event: the games under review do not add up";
    if (n[11] > n[10] || n[12] > n[8])
        return "event: more games forfeited than lost";
    if (n[1] + review > n[0])
        return "event: more games scored than paired";
    return NULL;
}

static const char *load_record(st_stats *s, char **field, int nf)
{
    int bad = 0;
    uint64_t n[EVENT_FIELDS]; /* the most counts a record has */
    _Static_assert((int)EVENT_FIELDS >= (int)PLAYER_FIELDS &&
                       (int)EVENT_FIELDS >= (int)PAIR_FIELDS,
                   "n holds any record's counts");
    const char *why;
    if (strcmp(field[0], "player") == 0 && nf == 3 + PLAYER_FIELDS) {
        const char *v = name_field(field[1], &bad), *p = name_field(field[2], &bad);
        if (bad || !p)
            return player_kind.shape;
        if ((why = numbers(&player_kind, field + 3, PLAYER_FIELDS, n)) || (why = player_adds_up(n)))
            return why;
        int rc = add_player(s, v, p, n);
        return rc == 0 ? NULL : add_failed(&player_kind, rc);
    }
    if (strcmp(field[0], "pair") == 0 && nf == 4 + PAIR_FIELDS) {
        const char *v = name_field(field[1], &bad), *a = name_field(field[2], &bad),
                   *b = name_field(field[3], &bad);
        if (bad || !a || !b)
            return pair_kind.shape;
        if ((why = numbers(&pair_kind, field + 4, PAIR_FIELDS, n)) || (why = pair_adds_up(n)))
            return why;
        if (strcmp(a, b) == 0)
            return "pair: a player paired with himself";
        int rc = add_pair(s, v, a, b, n);
        return rc == 0 ? NULL : add_failed(&pair_kind, rc);
    }
    if (strcmp(field[0], "event") == 0 && nf == 4 + EVENT_FIELDS) {
        const char *e = name_field(field[1], &bad), *a = name_field(field[2], &bad),
                   *b = name_field(field[3], &bad);
        if (bad || !e || !a || !b)
            return event_kind.shape;
        if ((why = numbers(&event_kind, field + 4, EVENT_FIELDS, n)) || (why = event_adds_up(n)))
            return why;
        if (strcmp(a, b) == 0)
            return "event: a player paired with himself";
        int rc = add_event_pair(s, e, a, b, n);
        return rc == 0 ? NULL : add_failed(&event_kind, rc);
    }
    if (strcmp(field[0], "term") == 0 && nf == 6) {
        const char *v = name_field(field[1], &bad), *t = name_field(field[2], &bad),
                   *k = name_field(field[3], &bad), *val = name_field(field[4], &bad);
        if (bad || !v || !t || (!k && val))
            return term_kind.shape;
        if ((why = numbers(&term_kind, field + 5, 1, n)))
            return why;
        int rc = add_term(s, v, t, k, val, n[0]);
        return rc == 0 ? NULL : add_failed(&term_kind, rc);
    }
    if (strcmp(field[0], "player") == 0)
        return player_kind.shape;
    if (strcmp(field[0], "pair") == 0)
        return pair_kind.shape;
    if (strcmp(field[0], "term") == 0)
        return term_kind.shape;
    if (strcmp(field[0], "event") == 0)
        return event_kind.shape;
    return not_a_record;
}

static const char *load_line(st_stats *s, char *line)
{
    if (strncmp(line, "hist ", 5) == 0)
        return load_hist(s, line);
    char *field[MAX_FIELDS];
    int nf = split(line, field, MAX_FIELDS);
    if (nf < 2)
        return not_a_record;
    if (strcmp(field[0], "variant") == 0)
        return load_variant(s, field, nf);
    return load_record(s, field, nf);
}

/* The games and turns of a length histogram, added up. */
struct lengths_sum {
    uint64_t games, turns;
};

static int add_length(void *ctx, uint64_t t, uint64_t c)
{
    struct lengths_sum *sum = ctx;
    return (t > ST_COUNT_MAX / c || add_count(&sum->turns, t * c) != 0 ||
            add_count(&sum->games, c) != 0)
               ? -1
               : 0;
}

/* After the whole file: each variant's histogram holds its valid games,
 * and their turns add up to its turns_sum.  (Checked on the sums so far,
 * which are consistent when every part was.) */
static const char *histograms_add_up(const st_stats *s, const char **variant)
{
    for (size_t v = 0; v < s->variants.n; v++) {
        *variant = s->variants.str[v];
        const struct st_variant_rec *V = &s->var[v];
        struct lengths_sum sum = {0, 0};
        if (st_hist_each(V, add_length, &sum) != 0)
            return "the turns of its games add up to more than 2^53-1";
        uint64_t games = sum.games, turns = sum.turns;
        if (games != V->valid)
            return "its length histogram does not hold its valid games";
        if (turns != V->turns_sum)
            return "its length histogram does not add up to its turns";
        uint64_t terminated = 0;
        for (size_t i = 0; i < s->ntm; i++)
            if (s->tm[i].variant == v && s->tm[i].key == ST_NONE && s->tm[i].value == ST_NONE &&
                add_count(&terminated, s->tm[i].games) != 0)
                return too_large;
        if (terminated != V->terminated)
            return "its terminations do not add up to its terminated games";
    }
    return NULL;
}

uint64_t st_stats_games(const st_stats *s)
{
    uint64_t n = 0;
    for (size_t v = 0; v < s->variants.n; v++)
        if (add_count(&n, s->var[v].games) != 0)
            return UINT64_MAX;
    return n;
}

enum st_rc st_stats_load(st_stats *into, FILE *f, long lines_before, char *err, size_t errsize)
{
    char *line = NULL;
    size_t cap = 0;
    long n = lines_before;
    int rc = ST_BAD_STATE, started = 0;
    const char *why;
    err[0] = '\0';
    if (into->finished) {
        snprintf(err, errsize, "statistics: already finished");
        return ST_MISUSE;
    }
    while (getline(&line, &cap, f) > 0) {
        n++;
        if (!started) {
            started = strcmp(line, "stats 3\n") == 0;
            if (!started) {
                snprintf(err, errsize, "statistics: not version 3 (\"stats 3\" expected)");
                break;
            }
        } else if (strcmp(line, "end\n") == 0) {
            rc = 0;
            break;
        } else if ((why = load_line(into, line)) != NULL) {
            snprintf(err, errsize, "line %ld: %s", n, why);
            if (why == no_memory)
                rc = ST_NO_MEMORY;
            break;
        }
    }
    const char *variant;
    if (rc == 0 && (why = histograms_add_up(into, &variant)) != NULL) {
        snprintf(err, errsize, "statistics, variant '%s': %s", variant, why);
        rc = ST_BAD_STATE;
    }
    if (rc != 0 && !err[0])
        snprintf(err, errsize, started ? "statistics: cut short (no \"end\")" : "statistics: missing");
    free(line);
    return rc;
}
