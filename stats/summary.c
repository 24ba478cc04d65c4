/*
 * summary: the counts behind the few lines `gcaudit analyze` prints at the
 * end of a run, so a director sees at once whether anything needs a look,
 * added up part by part; and the library's failures in words (st_rc_text).
 */
#include <stdio.h>
#include <string.h>

#include "stats/stats_internal.h"

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

enum st_rc st_summary_check(const struct st_summary *s, char *why, size_t whysize)
{
    const uint64_t *all[] = {&s->entries, &s->entries_ok, &s->entries_skipped, &s->entries_failed,
                             &s->games, &s->turns, &s->violations, &s->mismatches,
                             &s->by_status[0], &s->by_status[1], &s->by_status[2],
                             &s->by_status[3], &s->by_result[0], &s->by_result[1],
                             &s->by_result[2], &s->by_result[3]};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (*all[i] > ST_COUNT_MAX) {
            snprintf(why, whysize, "a count is larger than 2^53-1");
            return ST_BAD_STATE;
        }
    /* Each below is at most 4 * ST_COUNT_MAX: no sum can wrap. */
    uint64_t statuses = s->by_status[0] + s->by_status[1] + s->by_status[2] + s->by_status[3];
    uint64_t results = s->by_result[0] + s->by_result[1] + s->by_result[2] + s->by_result[3];
    uint64_t ok = s->by_status[RP_STATUS_OK];
    if (s->entries != s->entries_ok + s->entries_skipped + s->entries_failed)
        snprintf(why, whysize, "%llu entries are not %llu ok + %llu skipped + %llu failed",
                 (unsigned long long)s->entries, (unsigned long long)s->entries_ok,
                 (unsigned long long)s->entries_skipped, (unsigned long long)s->entries_failed);
    else if (s->games != statuses)
        snprintf(why, whysize, "%llu games but %llu counted by status",
                 (unsigned long long)s->games, (unsigned long long)statuses);
    else if (results != ok)
        snprintf(why, whysize, "%llu results counted for %llu ok games",
                 (unsigned long long)results, (unsigned long long)ok);
    else if (s->mismatches > s->violations)
        snprintf(why, whysize, "%llu result mismatches among %llu violations",
                 (unsigned long long)s->mismatches, (unsigned long long)s->violations);
    /* An illegal game has its turn's violation, a malformed one its syntax row. */
    else if (s->violations < s->by_status[RP_STATUS_ILLEGAL] + s->by_status[RP_STATUS_MALFORMED])
        snprintf(why, whysize, "%llu violations for %llu illegal and malformed games",
                 (unsigned long long)s->violations,
                 (unsigned long long)(s->by_status[RP_STATUS_ILLEGAL] +
                                      s->by_status[RP_STATUS_MALFORMED]));
    else
        return ST_OK;
    return ST_BAD_STATE;
}

/* The counts of a summary in one array, for adding them up field by field. */
enum { SUMMARY_FIELDS = 16 };

static void summary_fields(struct st_summary *s, uint64_t *f[SUMMARY_FIELDS])
{
    uint64_t *p[SUMMARY_FIELDS] = {
        &s->entries, &s->entries_ok, &s->entries_skipped, &s->entries_failed, &s->games,
        &s->by_status[0], &s->by_status[1], &s->by_status[2], &s->by_status[3],
        &s->by_result[0], &s->by_result[1], &s->by_result[2], &s->by_result[3],
        &s->turns, &s->violations, &s->mismatches};
    memcpy(f, p, sizeof p);
}

const char *st_rc_text(enum st_rc rc)
{
    switch (rc) {
    case ST_OK: return "done";
    case ST_NO_MEMORY: return "out of memory";
    case ST_TOO_LARGE: return "a count would pass 2^53-1";
    case ST_MISUSE: return "the statistics were used after they were finished";
    case ST_WRITE_FAILED: return "a write failed";
    case ST_BAD_STATE: return "not a statistics state";
    case ST_ALIAS_CONFLICT: return "the spelling is already one of another name";
    case ST_ALIAS_CHAIN: return "a name cannot be a spelling, nor a spelling a name";
    default: return "unknown failure";
    }
}

enum st_rc st_summary_add(struct st_summary *into, const struct st_summary *from)
{
    struct st_summary sum = *into, copy = *from;
    uint64_t *a[SUMMARY_FIELDS], *b[SUMMARY_FIELDS];
    summary_fields(&sum, a);
    summary_fields(&copy, b);
    for (int i = 0; i < SUMMARY_FIELDS; i++)
        if (st_add_count(a[i], *b[i]) != ST_OK)
            return ST_TOO_LARGE;
    *into = sum;
    return ST_OK;
}
