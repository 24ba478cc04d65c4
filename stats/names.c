/*
 * names: interned strings (variant names, player names, termination
 * words), so that the tables key on small integers and each name is stored
 * once however many games mention it.  Ids follow first appearance; the
 * reports order names by their bytes (st_names_ranks), never by id.
 */
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

void st_names_init(struct st_names *t) { memset(t, 0, sizeof *t); }

void st_names_release(struct st_names *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->str[i]);
    free(t->str);
    free(t->slots);
    st_names_init(t);
}

/* FNV-1a: strings are short names. */
static uint64_t hash_str(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3u;
    }
    return h;
}

/* A slot's parts (struct st_names): the id + 1, and the hash's tag. */
#define SLOT_ID(v) ((uint32_t)(v))
#define SLOT_TAG(h) ((h) >> 32 << 32)

/* The slot of s (hash h): where it is, or the empty slot it would take. */
static size_t slot_of(const struct st_names *t, const char *s, uint64_t h)
{
    size_t mask = t->nslots - 1;
    size_t i = (size_t)h & mask;
    uint64_t tag = SLOT_TAG(h);
    for (uint64_t v; (v = t->slots[i]) != 0; i = (i + 1) & mask)
        if (SLOT_TAG(v) == tag && strcmp(t->str[SLOT_ID(v) - 1], s) == 0)
            break;
    return i;
}

static int rehash(struct st_names *t)
{
    size_t nslots = t->nslots ? t->nslots * 2 : 64;
    uint64_t *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return -1;
    size_t mask = nslots - 1;
    for (size_t k = 0; k < t->nslots; k++) {
        uint64_t v = t->slots[k];
        if (!v)
            continue;
        /* The slot keeps the hash's high half; the low half, which
         * picks the slot, is computed again. */
        size_t i = (size_t)hash_str(t->str[SLOT_ID(v) - 1]) & mask;
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = v;
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = nslots;
    return 0;
}

uint32_t st_names_find(const struct st_names *t, const char *s)
{
    if (!t->nslots)
        return UINT32_MAX;
    uint64_t v = t->slots[slot_of(t, s, hash_str(s))];
    return v ? SLOT_ID(v) - 1 : UINT32_MAX;
}

int st_names_id(struct st_names *t, const char *s, uint32_t *id)
{
    uint64_t h = hash_str(s);
    size_t i = t->nslots ? slot_of(t, s, h) : 0;
    if (t->nslots && t->slots[i]) {
        *id = SLOT_ID(t->slots[i]) - 1;
        return 0;
    }
    /* Ids must stay below UINT32_MAX, which callers use as "none". */
    if (t->n >= UINT32_MAX - 1)
        return -1;
    if ((t->n + 1) * 2 > t->nslots) {
        if (rehash(t) != 0)
            return -1;
        i = slot_of(t, s, h);
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        char **str = realloc(t->str, cap * sizeof *str);
        if (!str)
            return -1;
        t->str = str;
        t->cap = cap;
    }
    char *copy = strdup(s);
    if (!copy)
        return -1;
    t->str[t->n] = copy;
    t->slots[i] = SLOT_TAG(h) | ((uint64_t)t->n + 1);
    *id = (uint32_t)t->n++;
    return 0;
}

static int by_bytes(const void *a, const void *b)
{
    return strcmp(**(char *const *const *)a, **(char *const *const *)b);
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

int st_natural_cmp(const char *a, const char *b)
{
    const char *x = a, *y = b;
    while (*x && *y) {
        if (is_digit(*x) && is_digit(*y)) {
            const char *xs = x, *ys = y;
            while (*xs == '0')
                xs++;
            while (*ys == '0')
                ys++;
            const char *xe = xs, *ye = ys;
            while (is_digit(*xe))
                xe++;
            while (is_digit(*ye))
                ye++;
            /* Without leading zeros, the longer run is the larger number. */
            if (xe - xs != ye - ys)
                return xe - xs < ye - ys ? -1 : 1;
            int c = memcmp(xs, ys, (size_t)(xe - xs));
            if (c)
                return c;
            x = xe, y = ye;
            continue;
        }
        if (*x != *y)
            return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        x++, y++;
    }
    if (*x || *y)
        return *x ? 1 : -1;
    return strcmp(a, b);
}

static int by_nature(const void *a, const void *b)
{
    return st_natural_cmp(**(char *const *const *)a, **(char *const *const *)b);
}

static uint32_t *ranks(const struct st_names *t, int (*cmp)(const void *, const void *))
{
    if (t->n == 0)
        return NULL;
    /* Sort pointers into str[]: the id is the pointer's offset. */
    char *const **order = malloc(t->n * sizeof *order);
    uint32_t *rank = malloc(t->n * sizeof *rank);
    if (!order || !rank) {
        free(order);
        free(rank);
        return NULL;
    }
    for (size_t i = 0; i < t->n; i++)
        order[i] = &t->str[i];
    qsort(order, t->n, sizeof *order, cmp);
    for (size_t i = 0; i < t->n; i++)
        rank[order[i] - t->str] = (uint32_t)i;
    free(order);
    return rank;
}

uint32_t *st_names_ranks(const struct st_names *t) { return ranks(t, by_bytes); }

uint32_t *st_names_ranks_natural(const struct st_names *t) { return ranks(t, by_nature); }
