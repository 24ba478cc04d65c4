/*
 * totals: what a run counts besides the statistics tables, added up part
 * by part (totals.c).
 *
 * Ownership: arguments are borrowed.
 */
#ifndef GC_CLI_TOTALS_H
#define GC_CLI_TOTALS_H

#include <stdint.h>

#include "stats/stats.h"

/* Why entries were skipped: the first CLI_SKIP_KINDS reasons (inputs.csv's
 * message) with how many entries each, and how many had another reason,
 * so that a run without games can say why (run_guard.c). */
#define CLI_SKIP_KINDS 4
#define CLI_SKIP_WHY 80
struct cli_skips {
    char why[CLI_SKIP_KINDS][CLI_SKIP_WHY]; /* "" where unused; cut to fit */
    uint64_t n[CLI_SKIP_KINDS];
    uint64_t others;              /* entries skipped for a reason not kept */
};

/* Count n entries skipped for the reason why. */
void cli_skips_add(struct cli_skips *s, const char *why, uint64_t n);

/* Add every reason of from to s. */
void cli_skips_merge(struct cli_skips *s, const struct cli_skips *from);

/* What a run counted besides the statistics tables. */
struct cli_totals {
    struct st_summary sum;        /* entries, and the selected games (every row of games.csv) */
    struct st_summary dups;       /* of those, the copies of earlier games (duplicates.c): in
                                     games.csv and violations.csv, not in the statistics nor
                                     in the printed summary's counts */
    uint64_t games_found;         /* every game read (of this shard), selected or not */
    char latest[11];              /* the latest date of a selected game, "" if none */
    struct cli_skips skips;       /* why the skipped entries were skipped */
};

/* Add every count of from to into (a batch into its run): ST_OK, or
 * ST_TOO_LARGE when a count would pass ST_COUNT_MAX (into is then
 * unchanged). */
ST_MUST_CHECK enum st_rc cli_totals_add(struct cli_totals *into, const struct cli_totals *from);

#endif
