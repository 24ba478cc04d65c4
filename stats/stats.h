/*
 * stats: aggregation of replayed games.  For now the run summary that
 * `gcaudit analyze` prints; win rates, players and ratings build on it.
 *
 * Ownership: arguments are borrowed; nothing here prints or exits.
 */
#ifndef GC_STATS_H
#define GC_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "replay/replay.h"

/* Counts over a run, per status and per verified result. */
struct st_summary {
    uint64_t entries, entries_ok, entries_skipped, entries_failed;
    uint64_t games;
    uint64_t by_status[4];       /* indexed by enum rp_status */
    uint64_t by_result[4];       /* indexed by enum rp_result; replayed games only */
    uint64_t turns;              /* turns replayed */
    uint64_t violations;         /* all violations, result-mismatch included */
    uint64_t mismatches;         /* result-mismatch violations */
};

void st_summary_init(struct st_summary *s);
void st_summary_add_game(struct st_summary *s, const struct rp_report *r);

#endif
