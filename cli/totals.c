/*
 * totals: what a run counts besides the statistics tables (struct
 * cli_totals), added up part by part: each batch of analyze into the
 * run's, with every count kept at most ST_COUNT_MAX as the statistics'
 * are, so that a report never writes a count it cannot write exactly.
 */
#include <stdio.h>
#include <string.h>

#include "cli/totals.h"

void cli_skips_add(struct cli_skips *s, const char *why, uint64_t n)
{
    for (int i = 0; i < CLI_SKIP_KINDS; i++) {
        if (!s->why[i][0]) {
            snprintf(s->why[i], sizeof s->why[i], "%s", why[0] ? why : "no reason given");
            s->n[i] = n;
            return;
        }
        if (strncmp(s->why[i], why, sizeof s->why[i] - 1) == 0) {
            s->n[i] += n;
            return;
        }
    }
    s->others += n;
}

void cli_skips_merge(struct cli_skips *s, const struct cli_skips *from)
{
    for (int i = 0; i < CLI_SKIP_KINDS && from->why[i][0]; i++)
        cli_skips_add(s, from->why[i], from->n[i]);
    s->others += from->others;
}

enum st_rc cli_totals_add(struct cli_totals *into, const struct cli_totals *from)
{
    struct st_summary sum = into->sum, dups = into->dups;
    if (st_summary_add(&sum, &from->sum) != ST_OK || st_summary_add(&dups, &from->dups) != ST_OK ||
        from->games_found > ST_COUNT_MAX || into->games_found > ST_COUNT_MAX - from->games_found)
        return ST_TOO_LARGE;
    into->sum = sum;
    into->dups = dups;
    into->games_found += from->games_found;
    if (strcmp(from->latest, into->latest) > 0)
        memcpy(into->latest, from->latest, sizeof into->latest);
    cli_skips_merge(&into->skips, &from->skips);
    return ST_OK;
}
