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
    free(m->slots);
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

static int same_key(const struct st_key *a, const struct st_key *b)
{
    return a->k[0] == b->k[0] && a->k[1] == b->k[1] && a->k[2] == b->k[2] && a->k[3] == b->k[3];
}

static size_t find_slot(const struct st_map *m, const struct st_key *key)
{
    size_t mask = m->cap - 1;
    size_t i = (size_t)hash_key(key) & mask;
    while (m->slots[i].val != EMPTY && !same_key(&m->slots[i].key, key))
        i = (i + 1) & mask;
    return i;
}

static int grow(struct st_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    struct st_map bigger = {malloc(cap * sizeof *m->slots), cap, 0};
    if (!bigger.slots)
        return -1;
    for (size_t i = 0; i < cap; i++)
        bigger.slots[i].val = EMPTY;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].val != EMPTY)
            bigger.slots[find_slot(&bigger, &m->slots[i].key)] = m->slots[i];
    bigger.n = m->n;
    free(m->slots);
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
    struct st_map_slot *slot = &m->slots[find_slot(m, key)];
    if (slot->val == EMPTY) {
        slot->key = *key;
        slot->val = fresh;
        m->n++;
        *added = 1;
    }
    *value = slot->val;
    return 0;
}
