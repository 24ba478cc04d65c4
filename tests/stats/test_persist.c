/*
 * What the statistics' calls return when they fail (stats.h, enum st_rc):
 * a call on finished statistics is misuse, a count past 2^53-1 is too
 * large, a damaged state is a bad state, each with its own code, so that
 * the command never calls either "out of memory".
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"

static const struct st_game game = {"chess", RP_STATUS_OK, RP_RESULT_WHITE, 20, "checkmate",
                                    NULL, "Ada", "Bob", 0, {0, 0}, NULL, 0};

/* A state file's text, as a FILE to load. */
static FILE *state(const char *text)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    cr_assert_not_null(f);
    return f;
}

Test(stats_persist, calls_on_finished_statistics_are_misuse)
{
    st_stats *s = st_stats_new(), *other = st_stats_new();
    char err[128];
    cr_assert(s && other);
    cr_assert_eq(st_stats_add(s, &game), ST_OK);
    cr_assert_eq(st_stats_finish(s, NULL), ST_OK);
    cr_expect_eq(st_stats_finish(s, NULL), ST_OK, "a second finish does nothing");
    cr_expect_eq(st_stats_add(s, &game), ST_MISUSE);
    cr_expect_eq(st_stats_merge(s, other), ST_MISUSE);
    cr_expect_eq(st_stats_merge(other, s), ST_MISUSE);
    FILE *out = fopen("/dev/null", "w");
    cr_assert_not_null(out);
    cr_expect_eq(st_stats_save(s, out), ST_MISUSE);
    fclose(out);
    FILE *in = state("stats 3\nend\n");
    cr_expect_eq(st_stats_load(s, in, 0, err, sizeof err), ST_MISUSE);
    cr_expect_str_eq(err, "statistics: already finished");
    fclose(in);
    cr_expect_str_eq(st_rc_text(ST_MISUSE), "the statistics were used after they were finished");
    cr_expect_str_eq(st_rc_text(ST_NO_MEMORY), "out of memory");
    st_stats_free(s);
    st_stats_free(other);
}

/* One more checkmate where the file already counts 2^53-1 of them. */
Test(stats_persist, a_count_past_the_largest_is_too_large)
{
    st_stats *s = st_stats_new(), *t = st_stats_new();
    char err[128];
    cr_assert(s && t);
    FILE *in = state("stats 3\n"
                     "variant =chess 9007199254740991 9007199254740991 9007199254740991 0 0 0 0 "
                     "0 0 9007199254740991 9007199254740991 0\n"
                     "hist =chess 0:9007199254740991\n"
                     "term =chess =checkmate - - 9007199254740991\n"
                     "end\n");
    cr_assert_eq(st_stats_load(s, in, 0, err, sizeof err), ST_OK, "%s", err);
    fclose(in);
    cr_expect_eq(st_stats_add(s, &game), ST_TOO_LARGE);
    cr_expect_eq(st_stats_add(t, &game), ST_OK);
    cr_expect_eq(st_stats_merge(t, s), ST_TOO_LARGE);
    cr_expect_str_eq(st_rc_text(ST_TOO_LARGE), "a count would pass 2^53-1");
    st_stats_free(s);
    st_stats_free(t);
}

Test(stats_persist, a_damaged_state_is_a_bad_state_with_its_reason)
{
    st_stats *s = st_stats_new();
    char err[128];
    cr_assert_not_null(s);
    FILE *in = state("stats 3\nterm =chess\nend\n");
    cr_expect_eq(st_stats_load(s, in, 10, err, sizeof err), ST_BAD_STATE);
    cr_expect(strncmp(err, "line 12: ", 9) == 0, "%s", err);
    fclose(in);
    in = state("stats 1\n");
    cr_expect_eq(st_stats_load(s, in, 0, err, sizeof err), ST_BAD_STATE);
    cr_expect_str_eq(err, "statistics: not version 3 (\"stats 3\" expected)");
    fclose(in);
    st_stats_free(s);
}

/* Each kind of record says what it must be. */
Test(stats_persist, a_bad_record_names_its_kind)
{
    static const struct {
        const char *line, *why;
    } cases[] = {
        {"variant =chess 1 2\n", "line 2: variant: a name and 12 counts expected"},
        {"player - =Ada 1 1 0 0 1 0 2 0 x\n", "line 2: player: a count is not a decimal number"},
        {"pair - =Ada 1 0 0 1\n", "line 2: pair: a variant or -, two names and 6 counts expected"},
        {"event =E =Ada 1 0 0 1\n", "line 2: event: an event, two names and 13 counts expected"},
        {"event =E =Ada =Bo 1 1 1 0 0 0 0 0 0 0 0 0 x\n",
         "line 2: event: a count is not a decimal number"},
        {"term =chess =mate - - 99999999999999999\n",
         "line 2: term: a count is larger than 2^53-1"},
        {"hist =chess 3-4\n", "line 2: hist: a name and TURNS:COUNT pairs expected"},
        {"players - =Ada 1\n",
         "line 2: not a record of the statistics (variant, hist, player, pair, term, event or "
         "end)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        st_stats *s = st_stats_new();
        char err[160], text[200];
        cr_assert_not_null(s);
        snprintf(text, sizeof text, "stats 3\n%send\n", cases[i].line);
        FILE *in = state(text);
        cr_expect_eq(st_stats_load(s, in, 0, err, sizeof err), ST_BAD_STATE, "%s", cases[i].line);
        cr_expect_str_eq(err, cases[i].why);
        fclose(in);
        st_stats_free(s);
    }
}

/* Regression: a record naming a variant that no variant line counted
 * read past the variants' array (a null pointer when there was none). */
Test(stats_persist, records_without_their_variant_line_are_refused)
{
    st_stats *s = st_stats_new();
    char err[160];
    cr_assert_not_null(s);
    FILE *in = state("stats 3\nterm =chess =checkmate - - 1\nend\n");
    cr_expect_eq(st_stats_load(s, in, 0, err, sizeof err), ST_BAD_STATE);
    cr_expect_str_eq(err, "statistics, variant 'chess': its terminations do not add up to its "
                          "terminated games");
    fclose(in);
    st_stats_free(s);
}
