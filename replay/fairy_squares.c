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

int rp_fsquare_parse(const struct rp_fdef *d, const char *name)
{
    if (!d->nfile_labels && !d->nrank_labels) {
        /* The usual labels, read directly: "e4", "j10" (not "e04"). */
        int f = name[0] - 'a', r = name[1] - '0';
        if (f < 0 || f >= d->files || r < 1 || r > 9)
            return -1;
        if (name[2]) {
            if (name[2] < '0' || name[2] > '9' || name[3])
                return -1;
            r = r * 10 + name[2] - '0';
        }
        return r <= d->ranks ? rp_fsq(f, r - 1) : -1;
    }
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
