/*
 * grow: the one way the statistics' arrays grow (st_grow,
 * stats_internal.h), used by the records, the histograms and the
 * standings alike.
 */
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

int st_reserve(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? *cap : 16;
    while (cap2 < need)
        cap2 *= 2;
    char *p = realloc(*arr, cap2 * elem);
    if (!p)
        return -1;
    *arr = p;
    *cap = cap2;
    return 0;
}

int st_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
    size_t old = *cap;
    if (st_reserve(arr, cap, need, elem) != 0)
        return -1;
    if (*cap > old)
        memset((char *)*arr + old * elem, 0, (*cap - old) * elem);
    return 0;
}
