/*
 * The statistics' hash table (stats/map.c): a slot holds an index and the
 * key's hash, and the key is read back from the owner's record.  Each key
 * maps to the index it was first given, through every growth of the
 * table, and keys that differ in any word map apart.
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "stats/stats_internal.h"

struct owner {
    struct st_key *keys;
    size_t n;
};

static void key_of(const void *ctx, uint32_t idx, struct st_key *out)
{
    *out = ((const struct owner *)ctx)->keys[idx];
}

/* The index of key, added as the next record when new. */
static uint32_t get(struct st_map *m, struct owner *o, struct st_key key, int *added)
{
    uint32_t v;
    cr_assert_eq(st_map_get_or_add(m, &key, (uint32_t)o->n, key_of, o, &v, added), 0);
    if (*added)
        o->keys[o->n++] = key;
    return v;
}

Test(stats_map, keys_keep_their_index_through_growth)
{
    enum { N = 50000 };
    struct owner o = {calloc(4 * N, sizeof *o.keys), 0};
    struct st_map m;
    st_map_init(&m);
    int added;
    /* Four keys a round, each differing from the others in one word. */
    for (uint32_t i = 0; i < N; i++) {
        cr_assert_eq(get(&m, &o, (struct st_key){{i, 0, 0, 0}}, &added), 4 * i);
        cr_assert(added);
        cr_assert_eq(get(&m, &o, (struct st_key){{0, i + 1, 0, 0}}, &added), 4 * i + 1);
        cr_assert(added);
        cr_assert_eq(get(&m, &o, (struct st_key){{0, 0, i + 1, 0}}, &added), 4 * i + 2);
        cr_assert(added);
        cr_assert_eq(get(&m, &o, (struct st_key){{0, 0, 0, i + 1}}, &added), 4 * i + 3);
        cr_assert(added);
    }
    cr_assert_eq(m.n, 4 * N);
    cr_assert_eq(m.cap, 524288, "load kept under 1/2: %zu slots", m.cap);
    for (uint32_t i = 0; i < N; i++) {
        cr_assert_eq(get(&m, &o, (struct st_key){{0, 0, i + 1, 0}}, &added), 4 * i + 2);
        cr_assert_not(added);
        cr_assert_eq(get(&m, &o, (struct st_key){{i, 0, 0, 0}}, &added), 4 * i);
        cr_assert_not(added);
    }
    cr_assert_eq(o.n, 4 * N);
    st_map_release(&m);
    free(o.keys);
}
