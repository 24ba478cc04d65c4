/*
 * input_limits: the walker's limits in words and the decompression
 * budget (input.h), which both the archive reader (input_archive.c) and
 * the gzip feed below it (input_feed.c) enforce.
 */
#include "formats/input.h"

#include <stdio.h>

void fmt_input_limit_text(uint64_t limit, char *out, size_t outsz)
{
    if (limit % ((uint64_t)1 << 40) == 0)
        snprintf(out, outsz, "%llu TiB", (unsigned long long)(limit >> 40));
    else if (limit % ((uint64_t)1 << 30) == 0)
        snprintf(out, outsz, "%llu GiB", (unsigned long long)(limit >> 30));
    else if (limit % ((uint64_t)1 << 20) == 0)
        snprintf(out, outsz, "%llu MiB", (unsigned long long)(limit >> 20));
    else if (limit % 1024 == 0)
        snprintf(out, outsz, "%llu KiB", (unsigned long long)(limit >> 10));
    else
        snprintf(out, outsz, "%llu bytes", (unsigned long long)limit);
}

uint64_t fmt_input_budget(const struct fmt_walker *w)
{
    uint64_t by_size = w->raw > UINT64_MAX / FMT_INFLATE_RATIO ? UINT64_MAX
                                                               : w->raw * FMT_INFLATE_RATIO;
    return by_size > w->max_inflated ? by_size : w->max_inflated;
}

void fmt_input_budget_message(const struct fmt_walker *w, char *msg, size_t msgsz)
{
    char limit[64];
    fmt_input_limit_text(fmt_input_budget(w), limit, sizeof limit);
    snprintf(msg, msgsz, "input decompresses to more than its budget of %s (--max-inflated)",
             limit);
}
