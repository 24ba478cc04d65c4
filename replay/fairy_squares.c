/*
 * fairy_squares: a defined variant's square names, the usual "e4", "j10",
 * or the definition's gcFiles and gcRanks labels, written and read.
 */
#include <stdio.h>
#include <string.h>

#include "replay/fairy_def.h"

void rp_fsquare_name(const struct rp_fdef *d, int sq, char *out)
{
    int f = rp_ffile(sq), r = rp_frank(sq);
    if (f < 0 || f >= d->files || r < 0 || r >= d->ranks) {
        snprintf(out, 8, "?");
        return;
    }
    snprintf(out, 8, "%s%s", d->file_labels[f], d->rank_labels[r]);
}

int rp_fsquare_parse_labels(const struct rp_fdef *d, const char *name)
{
    for (int f = 0; f < d->files; f++) {
        size_t n = strlen(d->file_labels[f]);
        if (strncmp(name, d->file_labels[f], n) != 0)
            continue;
        for (int r = 0; r < d->ranks; r++)
            if (strcmp(name + n, d->rank_labels[r]) == 0)
                return rp_fsq(f, r);
    }
    return -1;
}
