/*
 * variants: the registry.  Adding a built-in variant means one file and
 * one line in `builtin` below; a variant made at run time (from a
 * definition file) is added with rp_registry_add before any game is read.
 *
 * The built-in order is the order `gcaudit variants` lists them: orthodox
 * Chess first, as the reference the others are described against, then
 * Extinction Chess, which differs from it least (same board, moves and
 * draws; no check and a different goal).
 *
 * Threads: the registry starts as a static table (no initialisation to
 * race on) and changes only by rp_registry_add and rp_registry_reset,
 * which the command calls on its one thread before the replay threads
 * start; from then on every thread only reads it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/name_table.h"
#include "replay/variants.h"

/* A listed variant and when it was registered: of two variants claiming a
 * Game: name, the later one (the higher seq) gets it. */
struct entry {
    const struct rp_variant *v;
    unsigned long seq;
};

static const struct entry builtin[] = {
    {&rp_variant_chess, 0},
    {&rp_variant_extinction, 1},  /* Chess without check, with another goal */
    {&rp_variant_backlash, 2},    /* orthodox moves still, on two boards with drops */
    {&rp_variant_palindromic, 3},
    {&rp_variant_retro, 4},       /* last: the furthest from Chess (played backwards) */
};

#define NBUILTIN (sizeof builtin / sizeof builtin[0])

static const struct entry *listing = builtin;  /* builtin, or `grown` once one is added */
static struct entry *grown;
static size_t nlisted = NBUILTIN, capacity;
static unsigned long next_seq = NBUILTIN;

size_t rp_variant_count(void) { return nlisted; }

const struct rp_variant *rp_variant_at(size_t i)
{
    return i < nlisted ? listing[i].v : NULL;
}

/* The listing's variant names, hashed to their place in `grown`, so that
 * a variant replacing one of the same name is found at once (filled when
 * the first variant is added). */
static struct rp_name_table listed;

static const char *listed_name(size_t i, const void *l) { return ((const struct entry *)l)[i].v->name; }

static int index_listed(void)
{
    for (size_t i = listed.n; i < nlisted; i++)
        if (rp_name_table_put(&listed, grown[i].v->name, i, listed_name, grown) != 0)
            return -1;
    return 0;
}

/* While held (rp_registry_hold, nested), additions leave the Game: name
 * index below unbuilt, and lookups scan; the last release builds it once. */
static int held;

/* The Game: names of the registered variants, sorted, each with the
 * variant that has it (the one registered last, as the scan below
 * decides): rebuilt whenever the registry changes, NULL while only the
 * built-in variants are listed (a handful of names) or when memory ran
 * out, and then the scan answers.  With the shipped definitions loaded
 * there are some 60 names, and the scan compared every one of them for
 * every game read (1% of a Chess run's instructions). */
struct name_ref {
    const char *name;
    const struct entry *e;
};

static struct name_ref *names;
static size_t nnames;

static int by_name_then_latest(const void *a, const void *b)
{
    const struct name_ref *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    return (x->e->seq < y->e->seq) - (x->e->seq > y->e->seq);
}

static void drop_index(void)
{
    free(names);
    names = NULL;
    nnames = 0;
}

static void index_names(void)
{
    drop_index();
    if (listing == builtin)
        return;
    size_t n = 0;
    for (size_t i = 0; i < nlisted; i++)
        for (const char *const *g = listing[i].v->game_names; *g; g++)
            n++;
    struct name_ref *all = malloc((n ? n : 1) * sizeof *all);
    if (!all)
        return;
    n = 0;
    for (size_t i = 0; i < nlisted; i++)
        for (const char *const *g = listing[i].v->game_names; *g; g++)
            all[n++] = (struct name_ref){*g, &listing[i]};
    qsort(all, n, sizeof *all, by_name_then_latest);
    size_t kept = 0;              /* of each name, its first: the latest */
    for (size_t i = 0; i < n; i++)
        if (!kept || strcmp(all[kept - 1].name, all[i].name) != 0)
            all[kept++] = all[i];
    names = all;
    nnames = kept;
}

const struct rp_variant *rp_variant_for_game_scan(const char *game_name)
{
    char key[128];
    if (!game_name)
        return NULL;
    fmt_normalise_game_name(game_name, key, sizeof key);
    const struct entry *best = NULL;
    for (size_t i = 0; i < nlisted; i++)
        for (const char *const *n = listing[i].v->game_names; *n; n++)
            if (strcmp(*n, key) == 0 && (!best || listing[i].seq > best->seq))
                best = &listing[i];
    return best ? best->v : NULL;
}

const struct rp_variant *rp_variant_for_game(const char *game_name)
{
    if (!names || !game_name)
        return rp_variant_for_game_scan(game_name);
    char key[128];
    fmt_normalise_game_name(game_name, key, sizeof key);
    size_t lo = 0, hi = nnames;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(key, names[mid].name);
        if (c == 0)
            return names[mid].e->v;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* What a table lacks of what every variant has, or NULL. */
static const char *missing_part(const struct rp_variant *v)
{
    if (!v->name || !v->name[0])
        return "name";
    if (!v->game_names || !v->game_names[0])
        return "Game: name";
    if (!v->state_size)
        return "state size";
    if (!v->setup)
        return "setup function";
    if (!v->side_to_move)
        return "side_to_move function";
    if (!v->play)
        return "play function";
    if (!v->ended)
        return "ended function";
    if (!v->render)
        return "render function";
    return NULL;
}

enum rp_rc rp_registry_add(const struct rp_variant *v, char *why, size_t whysize)
{
    const char *lacks = missing_part(v);
    if (lacks) {
        snprintf(why, whysize, "variant '%s' has no %s", v->name ? v->name : "", lacks);
        return RP_MISUSE;
    }
    if (listing == builtin || nlisted == capacity) {
        size_t cap = capacity ? 2 * capacity : 2 * NBUILTIN;
        struct entry *bigger = realloc(grown, cap * sizeof *bigger);
        if (!bigger) {
            snprintf(why, whysize, "out of memory");
            return RP_NO_MEMORY;
        }
        if (listing == builtin)
            memcpy(bigger, builtin, sizeof builtin);
        grown = bigger;
        capacity = cap;
        listing = grown;
    }
    if (index_listed() != 0 || rp_name_table_reserve(&listed, nlisted + 1, listed_name, grown) != 0) {
        snprintf(why, whysize, "out of memory");
        return RP_NO_MEMORY;
    }
    struct entry e = {v, next_seq++};
    size_t i = rp_name_table_get(&listed, v->name, listed_name, grown);
    if (i == (size_t)-1) {
        i = nlisted++;
        (void)rp_name_table_put(&listed, v->name, i, listed_name, grown); /* room reserved above */
    }
    grown[i] = e;                 /* the same name replaces in place */
    if (!held)
        index_names();
    else
        drop_index();
    return RP_DONE;
}

void rp_registry_hold(int on)
{
    held += on ? 1 : -1;
    if (!held && listing != builtin)
        index_names();
}

void rp_registry_reset(void)
{
    free(names);
    names = NULL;
    nnames = 0;
    free(grown);
    grown = NULL;
    rp_name_table_clear(&listed);
    held = 0;
    listing = builtin;
    nlisted = NBUILTIN;
    capacity = 0;
    next_seq = NBUILTIN;
}
