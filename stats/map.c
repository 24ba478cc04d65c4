/*
 * map: the hash table behind the per-player, per-pair and per-termination
 * tables.  Keys are a few small integers (interned ids), so a fixed-size
 * key with linear probing is all that is needed; the table is never
 * iterated, so its layout cannot leak into the report order.
 */
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

#define EMPTY UINT32_MAX

void st_map_init(struct st_map *m) { memset(m, 0, sizeof *m); }

void st_map_release(struct st_map *m)
{
    free(m->keys);
    free(m->vals);
    st_map_init(m);
}

/* splitmix64's finaliser over the key words: cheap and well mixed. */
static uint64_t hash_key(const struct st_key *key)
{
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 4; i++) {
        h ^= key->k[i];
        h *= 0xBF58476D1CE4E5B9u;
        h ^= h >> 31;
    }
    h ^= h >> 29;
    h *= 0x94D049BB133111EBu;
    return h ^ (h >> 32);
}

static size_t find_slot(const struct st_map *m, const struct st_key *key)
{
    size_t mask = m->cap - 1;
    size_t i = (size_t)hash_key(key) & mask;
    while (m->vals[i] != EMPTY && memcmp(&m->keys[i], key, sizeof *key) != 0)
        i = (i + 1) & mask;
    return i;
}

static int grow(struct st_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    struct st_map bigger = {malloc(cap * sizeof *m->keys), malloc(cap * sizeof *m->vals), cap, 0};
    if (!bigger.keys || !bigger.vals) {
        free(bigger.keys);
        free(bigger.vals);
        return -1;
    }
    for (size_t i = 0; i < cap; i++)
        bigger.vals[i] = EMPTY;
    for (size_t i = 0; i < m->cap; i++) {
        if (m->vals[i] == EMPTY)
            continue;
        size_t j = find_slot(&bigger, &m->keys[i]);
        bigger.keys[j] = m->keys[i];
        bigger.vals[j] = m->vals[i];
    }
    bigger.n = m->n;
    free(m->keys);
    free(m->vals);
    *m = bigger;
    return 0;
}

int st_map_get_or_add(struct st_map *m, const struct st_key *key, uint32_t fresh,
                      uint32_t *value, int *added)
{
    *added = 0;
    /* Keep the load under 1/2 so probes stay short. */
    if ((m->n + 1) * 2 > m->cap && grow(m) != 0)
        return -1;
    size_t i = find_slot(m, key);
    if (m->vals[i] == EMPTY) {
        m->keys[i] = *key;
        m->vals[i] = fresh;
        m->n++;
        *added = 1;
    }
    *value = m->vals[i];
    return 0;
}
