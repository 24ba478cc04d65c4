/*
 * The length histogram of a variant's valid games (stats/hist.c; issue
 * 15, item 2): a game of millions of turns used to grow the histogram's
 * array to millions of counts, 8 bytes a turn.  Lengths past
 * ST_HIST_DENSE are now kept once each; the median, the saved state and
 * merging stay exact.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

static struct st_variant_rec *chess(st_stats *s)
{
    uint32_t v = st_names_find(&s->variants, "chess");
    cr_assert_neq(v, UINT32_MAX);
    return &s->var[v];
}

/* A valid game of `turns` turns. */
static void add(st_stats *s, int turns)
{
    struct st_game g = {.variant = "chess", .status = RP_STATUS_OK, .result = RP_RESULT_WHITE,
                        .turns = turns, .termination = "checkmate"};
    cr_assert_eq(st_stats_add(s, &g), ST_OK);
}

static double median(st_stats *s)
{
    struct st_options o;
    memset(&o, 0, sizeof o);
    cr_assert_eq(st_stats_finish(s, &o), ST_OK);
    return st_hist_median_of(chess(s));
}

Test(stats_hist, a_game_of_millions_of_turns_costs_one_entry)
{
    st_stats *s = st_stats_new();
    add(s, 40);
    add(s, 10000000);
    add(s, 10000000);
    const struct st_variant_rec *V = chess(s);
    cr_expect_leq(V->hist_len, ST_HIST_DENSE);
    cr_expect_eq(V->nlonger, 1);
    cr_expect_eq(median(s), 10000000.0);
    st_stats_free(s);
}

/* The median wherever the middle falls: among the short lengths, across
 * both, among the long ones, with long lengths counted out of order. */
Test(stats_hist, the_median_is_exact)
{
    static const struct {
        int turns[6];
        size_t n;
        double want;
    } cases[] = {
        {{10, 20, 30, 99999}, 4, 25.0},
        {{10, 20, 5000, 99999}, 4, 2510.0},
        {{5000, 10, 7000, 6000}, 4, 5500.0},
        {{9000, 8000, 7000, 10}, 4, 7500.0},
        {{9000, 8000, 7000}, 3, 8000.0},
        {{4096, 4095, 4097}, 3, 4096.0},
        {{100000, 100000, 3}, 3, 100000.0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        st_stats *s = st_stats_new();
        for (size_t k = 0; k < cases[i].n; k++)
            add(s, cases[i].turns[k]);
        cr_expect_eq(median(s), cases[i].want, "case %zu", i);
        st_stats_free(s);
    }
}

/* Saved and loaded, or merged from two parts: the same median and counts. */
Test(stats_hist, long_lengths_survive_the_state_and_merging)
{
    st_stats *a = st_stats_new(), *b = st_stats_new(), *all = st_stats_new();
    int turns[] = {12, 70000, 5000, 70000, 13, 1000000};
    for (int i = 0; i < 6; i++) {
        add(i % 2 ? b : a, turns[i]);
        add(all, turns[i]);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_eq(st_stats_save(b, f), ST_OK);
    fclose(f);
    f = fmemopen(text, len, "r");
    char err[256];
    cr_assert_eq(st_stats_load(a, f, 0, err, sizeof err), ST_OK, "%s", err);
    fclose(f);
    cr_expect_eq(chess(a)->nlonger, chess(all)->nlonger);
    cr_expect_eq(median(a), median(all));
    st_stats *c = st_stats_new();
    add(c, 1000000);
    add(c, 3);
    cr_assert_eq(st_stats_merge(c, b), ST_OK);
    cr_expect_eq(chess(c)->valid, 5);
    free(text);
    st_stats_free(a), st_stats_free(b), st_stats_free(all), st_stats_free(c);
}
