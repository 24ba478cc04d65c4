/*
 * sort: the player and pair records in report order, by a radix sort on
 * one 64-bit key per record.  qsort compared records through a function
 * pointer n log n times, and the pair table has a record for every pair
 * of players in every list, so it grows with the games: for 30,000 games
 * sorting cost 29M instructions, about a thousand a game, and more per
 * game the more games there are.  A radix sort costs a few passes over
 * the keys whatever their number.
 */
#include <string.h>

#include "stats/stats_internal.h"

/* One counting pass on byte `shift / 8` of the keys, from a into out. */
static void radix_pass(const struct st_keyed *a, struct st_keyed *out, size_t n, int shift)
{
    size_t start[256] = {0};
    for (size_t i = 0; i < n; i++)
        start[(a[i].key >> shift) & 0xFF]++;
    for (size_t b = 0, at = 0; b < 256; b++) {
        size_t count = start[b];
        start[b] = at;
        at += count;
    }
    for (size_t i = 0; i < n; i++)
        out[start[(a[i].key >> shift) & 0xFF]++] = a[i];
}

struct st_keyed *st_radix_sort(struct st_keyed *a, struct st_keyed *tmp, size_t n)
{
    /* Bytes where every key agrees need no pass: counts and ranks are
     * small, so most of the 64 bits are the same zeros. */
    uint64_t differ = 0;
    for (size_t i = 1; i < n; i++)
        differ |= a[i].key ^ a[0].key;
    for (int shift = 0; shift < 64; shift += 8) {
        if (!((differ >> shift) & 0xFF))
            continue;
        radix_pass(a, tmp, n, shift);
        struct st_keyed *t = a;
        a = tmp;
        tmp = t;
    }
    return a;
}
