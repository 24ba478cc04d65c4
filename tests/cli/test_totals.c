/*
 * totals: a batch's counts added to its run's (analyze's writer), every
 * count at most ST_COUNT_MAX: a sum past 2^53-1 is refused whole, the
 * run's counts left as they were, and the writer stops the run on it
 * ("the run's totals: a count would pass 2^53-1").
 */
#include <criterion/criterion.h>
#include <string.h>

#include "cli/totals.h"

/* A batch's totals: n of everything. */
static struct cli_totals batch(uint64_t n, const char *latest)
{
    struct cli_totals t;
    memset(&t, 0, sizeof t);
    t.sum.entries = t.sum.entries_ok = t.sum.games = t.sum.turns = n;
    t.sum.by_status[RP_STATUS_OK] = t.sum.by_result[RP_RESULT_WHITE] = n;
    t.dups.games = n;
    t.games_found = n;
    snprintf(t.latest, sizeof t.latest, "%s", latest);
    cli_skips_add(&t.skips, "not a log", 1);
    return t;
}

Test(cli_totals, a_batch_adds_every_count)
{
    struct cli_totals run = batch(3, "2024-05-01"), b = batch(4, "2025-01-02");
    cr_assert_eq(cli_totals_add(&run, &b), ST_OK);
    cr_expect_eq(run.sum.games, 7);
    cr_expect_eq(run.sum.entries_ok, 7);
    cr_expect_eq(run.sum.by_status[RP_STATUS_OK], 7);
    cr_expect_eq(run.sum.turns, 7);
    cr_expect_eq(run.dups.games, 7);
    cr_expect_eq(run.games_found, 7);
    cr_expect_str_eq(run.latest, "2025-01-02");
    cr_expect_str_eq(run.skips.why[0], "not a log");
    cr_expect_eq(run.skips.n[0], 2);
    /* An earlier date leaves the latest as it was. */
    b = batch(1, "2020-01-01");
    cr_assert_eq(cli_totals_add(&run, &b), ST_OK);
    cr_expect_str_eq(run.latest, "2025-01-02");
}

/* Each count that could pass 2^53-1 on its own: the run's counts stay as
 * they were. */
Test(cli_totals, a_count_past_2_53_is_refused_whole)
{
    for (int field = 0; field < 4; field++) {
        struct cli_totals run = batch(5, "2024-05-01"), b = batch(1, "2025-01-02");
        uint64_t *at[] = {&run.sum.games, &run.sum.turns, &run.dups.games, &run.games_found};
        *at[field] = ST_COUNT_MAX;
        struct cli_totals before = run;
        cr_expect_eq(cli_totals_add(&run, &b), ST_TOO_LARGE, "field %d", field);
        cr_expect_eq(memcmp(&run.sum, &before.sum, sizeof run.sum), 0, "field %d", field);
        cr_expect_eq(memcmp(&run.dups, &before.dups, sizeof run.dups), 0, "field %d", field);
        cr_expect_eq(run.games_found, before.games_found, "field %d", field);
        cr_expect_str_eq(run.latest, "2024-05-01", "field %d", field);
        cr_expect_eq(run.skips.n[0], 1, "field %d", field);
        /* Exactly at the bound is a count the reports write. */
        *at[field] = ST_COUNT_MAX - 1;
        cr_expect_eq(cli_totals_add(&run, &b), ST_OK, "field %d", field);
        cr_expect_eq(*at[field], ST_COUNT_MAX, "field %d", field);
    }
    /* A batch's own count past the bound (games_found is not a summary's). */
    struct cli_totals run = batch(0, ""), b = batch(0, "");
    b.games_found = ST_COUNT_MAX + 1;
    cr_expect_eq(cli_totals_add(&run, &b), ST_TOO_LARGE);
    cr_expect_eq(run.games_found, 0);
}
