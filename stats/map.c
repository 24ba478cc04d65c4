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

/* The slot of key (hash h), or the empty slot where it would go. */
static size_t find_slot(const struct st_map *m, const struct st_key *key, uint32_t h,
                        st_map_key_fn *key_of, const void *ctx)
{
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        const struct st_map_slot *slot = &m->slots[i];
        if (slot->val == EMPTY)
            return i;
        if (slot->hash == h) {
            struct st_key there;
            key_of(ctx, slot->val, &there);
            if (same_key(&there, key))
                return i;
        }
    }
}

static int grow(struct st_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    struct st_map_slot *slots = malloc(cap * sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < cap; i++)
        slots[i].val = EMPTY;
    /* Every key is distinct, so a slot's new place is the first empty one
     * from its hash: no key need be read. */
    for (size_t i = 0; i < m->cap; i++) {
        if (m->slots[i].val == EMPTY)
            continue;
        size_t j = m->slots[i].hash & (cap - 1);
        while (slots[j].val != EMPTY)
            j = (j + 1) & (cap - 1);
        slots[j] = m->slots[i];
    }
    free(m->slots);
    m->slots = slots;
    m->cap = cap;
    return 0;
}

int st_map_get_or_add(struct st_map *m, const struct st_key *key, uint32_t fresh,
                      st_map_key_fn *key_of, const void *ctx, uint32_t *value, int *added)
{
    *added = 0;
    /* Keep the load under 1/2 so probes stay short. */
    if ((m->n + 1) * 2 > m->cap && grow(m) != 0)
        return -1;
    uint32_t h = (uint32_t)hash_key(key);
    struct st_map_slot *slot = &m->slots[find_slot(m, key, h, key_of, ctx)];
    if (slot->val == EMPTY) {
        slot->val = fresh;
        slot->hash = h;
        m->n++;
        *added = 1;
    }
    *value = slot->val;
    return 0;
}
