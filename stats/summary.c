/*
 * summary: the counts behind the few lines `gcaudit analyze` prints at the
 * end of a run, so a director sees at once whether anything needs a look.
 */
#include <string.h>

#include "stats/stats.h"

void st_summary_init(struct st_summary *s) { memset(s, 0, sizeof *s); }

void st_summary_add_game(struct st_summary *s, const struct rp_report *r,
                         enum rp_result counted)
{
    s->games++;
    s->by_status[r->status]++;
    /* What variants.csv counts: the results of the valid games (status
     * ok and finished), and the unfinished ones apart. */
    if (r->status == RP_STATUS_OK)
        s->by_result[counted]++;
    s->turns += (uint64_t)r->turns;
    s->violations += r->nviolations;
    for (size_t i = 0; i < r->nviolations; i++)
        s->mismatches += r->violations[i].code == RP_RESULT_MISMATCH;
}
