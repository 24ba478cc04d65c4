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
 * start; from then on every thread only reads it.  The one exception is
 * a deferred registration (rp_registry_defer): until it has run, every
 * lookup takes `defer_lock`, and the one that needs it runs it there.
 */
#include <pthread.h>
#include <stdatomic.h>
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

/* A deferred registration (rp_registry_defer): the Game: names it will
 * claim, sorted, and what registers them.  `deferring` is set while it
 * waits; it is cleared (release) only once `load` has returned, so a
 * lookup that reads it clear (acquire) sees the whole registry. */
static pthread_mutex_t defer_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int deferring;
static char **deferred_names;
static size_t ndeferred;
static void (*deferred_load)(void);
static _Thread_local int loading; /* on the thread running deferred_load */

static void drop_deferred(void)
{
    for (size_t i = 0; i < ndeferred; i++)
        free(deferred_names[i]);
    free(deferred_names);
    deferred_names = NULL;
    ndeferred = 0;
    deferred_load = NULL;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The deferred registration, run once; defer_lock held. */
static void run_deferred(void)
{
    if (!atomic_load_explicit(&deferring, memory_order_relaxed))
        return;
    void (*load)(void) = deferred_load;
    drop_deferred();
    loading = 1;
    load();
    loading = 0;
    atomic_store_explicit(&deferring, 0, memory_order_release);
}

/* Every variant registered: the deferred ones too (but while they are
 * being registered, on the thread that registers them). */
static void undefer(void)
{
    if (!atomic_load_explicit(&deferring, memory_order_acquire) || loading)
        return;
    pthread_mutex_lock(&defer_lock);
    run_deferred();
    pthread_mutex_unlock(&defer_lock);
}

int rp_registry_defer(const char *const *names, size_t n, void (*load)(void))
{
    char **copy = malloc((n ? n : 1) * sizeof *copy);
    if (!copy)
        return -1;
    for (size_t i = 0; i < n; i++) {
        char key[128];
        fmt_normalise_game_name(names[i], key, sizeof key);
        if (!(copy[i] = strdup(key))) {
            while (i--)
                free(copy[i]);
            free(copy);
            return -1;
        }
    }
    qsort(copy, n, sizeof *copy, by_text);
    undefer(); /* one waits at a time: an earlier one first */
    deferred_names = copy;
    ndeferred = n;
    deferred_load = load;
    atomic_store_explicit(&deferring, 1, memory_order_release);
    return 0;
}

size_t rp_variant_count(void)
{
    undefer();
    return nlisted;
}

const struct rp_variant *rp_variant_at(size_t i)
{
    undefer();
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

static const struct rp_variant *scan(const char *game_name)
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

const struct rp_variant *rp_variant_for_game_scan(const char *game_name)
{
    undefer();
    return scan(game_name);
}

static const struct rp_variant *lookup(const char *game_name)
{
    if (!names || !game_name)
        return scan(game_name);
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

/* Is game_name one a deferred registration will claim? */
static int deferred_claims(const char *game_name)
{
    char key[128];
    fmt_normalise_game_name(game_name, key, sizeof key);
    const char *k = key;
    return bsearch(&k, deferred_names, ndeferred, sizeof *deferred_names, by_text) != NULL;
}

const struct rp_variant *rp_variant_for_game(const char *game_name)
{
    if (!atomic_load_explicit(&deferring, memory_order_acquire) || loading)
        return lookup(game_name);
    /* A name the deferred variants do not claim is answered as it would
     * be with them registered: by the variants registered already. */
    pthread_mutex_lock(&defer_lock);
    if (game_name && atomic_load_explicit(&deferring, memory_order_relaxed) &&
        deferred_claims(game_name))
        run_deferred();
    const struct rp_variant *v = lookup(game_name);
    pthread_mutex_unlock(&defer_lock);
    return v;
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
    undefer(); /* registered in the order asked: a deferred registration first */
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
    drop_deferred();
    atomic_store_explicit(&deferring, 0, memory_order_relaxed);
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
