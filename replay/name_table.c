/*
 * name_table: names to positions, hashed (name_table.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "replay/name_table.h"

/* FNV-1a over the name's bytes. */
static size_t hash_name(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3u;
    }
    return (size_t)(h ^ (h >> 32));
}

/* The slot holding name, or the empty slot where it would go. */
static size_t find_slot(const struct rp_name_table *t, const char *name, rp_name_of name_of,
                        const void *list)
{
    size_t mask = t->cap - 1, i = hash_name(name) & mask;
    while (t->slot[i] && strcmp(name_of(t->slot[i] - 1, list), name) != 0)
        i = (i + 1) & mask;
    return i;
}

size_t rp_name_table_get(const struct rp_name_table *t, const char *name, rp_name_of name_of,
                         const void *list)
{
    if (!t->cap)
        return (size_t)-1;
    size_t i = find_slot(t, name, name_of, list);
    return t->slot[i] ? t->slot[i] - 1 : (size_t)-1;
}

static int grow(struct rp_name_table *t, rp_name_of name_of, const void *list)
{
    struct rp_name_table bigger = {NULL, t->cap ? 2 * t->cap : 16, t->n};
    bigger.slot = calloc(bigger.cap, sizeof *bigger.slot);
    if (!bigger.slot)
        return -1;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i])
            bigger.slot[find_slot(&bigger, name_of(t->slot[i] - 1, list), name_of, list)] = t->slot[i];
    free(t->slot);
    *t = bigger;
    return 0;
}

int rp_name_table_reserve(struct rp_name_table *t, size_t n, rp_name_of name_of, const void *list)
{
    while (2 * n > t->cap)
        if (grow(t, name_of, list) != 0)
            return -1;
    return 0;
}

int rp_name_table_put(struct rp_name_table *t, const char *name, size_t i, rp_name_of name_of,
                      const void *list)
{
    if (2 * (t->n + 1) > t->cap && grow(t, name_of, list) != 0)
        return -1;
    size_t s = find_slot(t, name, name_of, list);
    if (!t->slot[s])
        t->n++;
    t->slot[s] = i + 1;
    return 0;
}

void rp_name_table_clear(struct rp_name_table *t)
{
    free(t->slot);
    memset(t, 0, sizeof *t);
}
