/*
 * The radix sort behind the report order (stats/sort.c) against qsort:
 * keys that differ in any byte, in a few bytes only, and not at all;
 * equal keys must keep their order, since the records' order must not
 * depend on anything but the keys and where the records started.
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "stats/stats_internal.h"

static uint64_t rng_state = 12345;

static uint64_t next_random(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int by_key_then_index(const void *x, const void *y)
{
    const struct st_keyed *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* Sort n keys made by `make` both ways and compare. */
static void check(size_t n, uint64_t (*make)(size_t))
{
    struct st_keyed *a = malloc((2 * n + 1) * sizeof *a), *want = malloc((n + 1) * sizeof *want);
    cr_assert(a && want);
    for (size_t i = 0; i < n; i++)
        want[i] = a[i] = (struct st_keyed){make(i), i};
    qsort(want, n, sizeof *want, by_key_then_index);
    const struct st_keyed *got = st_radix_sort(a, a + n, n);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(got[i].key, want[i].key, "n %zu, position %zu", n, i);
        cr_assert_eq(got[i].index, want[i].index, "n %zu, position %zu: equal keys keep order", n, i);
    }
    free(a);
    free(want);
}

static uint64_t any_bits(size_t i) { (void)i; return next_random(); }
static uint64_t few_values(size_t i) { (void)i; return next_random() % 7; }
static uint64_t high_bytes(size_t i) { (void)i; return next_random() & 0xFF000000FF000000u; }
static uint64_t all_equal(size_t i) { (void)i; return 42; }
static uint64_t descending(size_t i) { return ~(uint64_t)i; }

/* Pair keys as tables.c builds them: two ranks and a list. */
static uint64_t pair_like(size_t i)
{
    (void)i;
    return (next_random() % 3600) << 42 | (next_random() % 3600) << 21 | next_random() % 3;
}

Test(stats_sort, matches_a_stable_qsort)
{
    static const size_t sizes[] = {0, 1, 2, 3, 10, 255, 256, 257, 5000};
    uint64_t (*const makers[])(size_t) = {any_bits, few_values, high_bytes, all_equal, descending,
                                          pair_like};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t m = 0; m < sizeof makers / sizeof makers[0]; m++)
            check(sizes[s], makers[m]);
}
