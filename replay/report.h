/*
 * report: building an rp_report (report.c), for the replay loop and the
 * reconciliation of results, which both add violations to it.
 */
#ifndef GC_REPLAY_REPORT_H
#define GC_REPLAY_REPORT_H

#include "formats/formats.h"
#include "replay/replay.h"

/* Append a violation; strings are copied.  turn may be NULL.  Returns
 * RP_DONE or RP_NO_MEMORY. */
int rp_report_add(struct rp_report *r, const struct fmt_turn *turn, enum rp_code code,
                  const char *message);

#endif
