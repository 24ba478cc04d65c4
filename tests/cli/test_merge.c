/*
 * merge refuses shard states whose numbers are out of range or do not add
 * up (issue 15, item 9): a games counter of 2^64-1 used to wrap round
 * when the shards were added, and the summary then disagreed with the
 * status counts.  Every number merge reads is range-checked (a count is
 * at most 2^53-1, the largest the reports write exactly; a sum of counts
 * too), and every total must add up as counting makes it.  Each case
 * edits one line of a good shard's files, runs merge and checks the exact
 * message, exit status 3, and that no report was written.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

static void setup(void)
{
    ts_scratch_setup();
    /* Two good shards of the shared vectors, and a copy of each to edit. */
    char *cmd = ts_fmt("cd '%s' && for k in 1 2; do '%s' analyze -q -j1 --shard $k/2 '%s/oracle' "
                       "-o good$k && cp -r good$k s$k || exit 1; done",
                       ts_scratch, GC_BINARY, GC_FIXTURES);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
}

TestSuite(cli_merge, .init = setup, .fini = ts_scratch_teardown, .timeout = 60);

/* Replace the first line of dir/FILE that starts with `prefix` by `line`. */
static void edit_line(const char *file, const char *prefix, const char *line)
{
    char *path = ts_fmt("%s/%s", ts_scratch, file);
    size_t len;
    char *text = ts_read_file(path, &len);
    cr_assert_not_null(text, "%s", path);
    char *at = text;
    size_t plen = strlen(prefix);
    while (at && strncmp(at, prefix, plen) != 0) {
        at = strchr(at, '\n');
        at = at ? at + 1 : NULL;
    }
    cr_assert_not_null(at, "no line '%s' in %s", prefix, file);
    char *eol = strchr(at, '\n');
    char *edited = ts_fmt("%.*s%s%s", (int)(at - text), text, line, eol);
    cr_assert_eq(ts_write_file(path, edited, strlen(edited)), 0);
    free(edited);
    free(text);
    free(path);
}

/* merge s1 s2 exits 3 with exactly `want` on stderr, and writes nothing. */
static void expect_refused(const char *want)
{
    char *cmd = ts_fmt("cd '%s' && '%s' merge s1 s2 -o merged 2>merge.err", ts_scratch, GC_BINARY);
    int rc = ts_run(cmd);
    free(cmd);
    char *err = ts_slurp(ts_scratch, "merge.err");
    cr_expect_eq(rc, 3, "merge exits %d: %s", rc, err);
    cr_expect_str_eq(err, want);
    free(err);
    char *games = ts_fmt("%s/merged/games.csv", ts_scratch);
    cr_expect_null(ts_read_file(games, NULL), "a report was written");
    free(games);
}

Test(cli_merge, the_good_shards_merge)
{
    char *cmd = ts_fmt("cd '%s' && '%s' merge -q s1 s2 -o merged", ts_scratch, GC_BINARY);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
}

/* The case: 2^64-1 games. */
Test(cli_merge, a_counter_of_two_to_the_64_minus_one_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "games ", "games 18446744073709551615 150");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 19: games: 2 numbers from 0 to "
                   "2^53-1 expected, not '18446744073709551615 150'\n");
}

Test(cli_merge, a_selected_games_counter_of_two_to_the_64_minus_one_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "games ", "games 150 18446744073709551615");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 19: games: 2 numbers from 0 to "
                   "2^53-1 expected, not '150 18446744073709551615'\n");
}

Test(cli_merge, a_counter_past_two_to_the_64_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "turns ", "turns 18446744073709551616");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 22: turns: 1 number from 0 to "
                   "2^53-1 expected, not '18446744073709551616'\n");
}

/* A state that cannot be read says which field of which line, and why
 * (issue 14). */
Test(cli_merge, an_unreadable_state_names_the_field_and_the_reason)
{
    static const struct {
        const char *prefix, *line, *message;
    } cases[] = {
        {"results ", "results maybe",
         "line 3: results: 'verified' or 'declared' expected, not 'maybe'"},
        {"results ", "result verified", "line 3: 'results' expected, not 'result'"},
        {"excel ", "excel yes", "line 5: excel: '0' or '1' expected, not 'yes'"},
        {"shard ", "shard 3 2", "line 2: shard: K N with 1 <= K <= N <= 1000000 expected, not '3 2'"},
        {"shard ", "shard 1", "line 2: shard: 2 numbers from 0 to 2^64-1 expected, not '1'"},
        {"selection ", "selection =a%2", "line 6: selection: '%' not followed by two hex digits "
                                         "(00 excepted)"},
        {"selection ", "selection chess", "line 6: selection: '-' or '=' and the text expected"},
        {"entries ", "entries 1 2 x 4",
         "line 18: entries: 4 numbers from 0 to 2^53-1 expected, not '1 2 x 4'"},
        {"illegal-games ", "illegal-games some",
         "line 11: illegal-games: 'result' or 'exclude' expected, not 'some'"},
        {"anchor ", "anchor Ada", "line 12: anchor: '-' or '=' and the text expected"},
        {"anchor-rating ", "anchor-rating 1e7",
         "line 13: anchor-rating: a number from -1000000 to 1000000 expected, not '1e7'"},
        {"average ", "average x",
         "line 14: average: a number from -1000000 to 1000000 expected, not 'x'"},
        {"white-advantage ", "white-advantage 2",
         "line 15: white-advantage: '0' or '1' expected, not '2'"},
        {"latest ", "latest 2024-02-30",
         "line 24: latest: a date YYYY-MM-DD or '-' expected, not '2024-02-30'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *reset = ts_fmt("cp '%s/good1/gcaudit-shard.txt' '%s/s1/'", ts_scratch, ts_scratch);
        cr_assert_eq(ts_run(reset), 0);
        free(reset);
        edit_line("s1/gcaudit-shard.txt", cases[i].prefix, cases[i].line);
        char *want = ts_fmt("gcaudit: merge: s1/gcaudit-shard.txt, %s\n", cases[i].message);
        expect_refused(want);
        free(want);
    }
}

Test(cli_merge, a_state_cut_short_names_the_field_it_lacks)
{
    char *cut = ts_fmt("cd '%s' && head -5 good1/gcaudit-shard.txt >s1/gcaudit-shard.txt", ts_scratch);
    cr_assert_eq(ts_run(cut), 0);
    free(cut);
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 6: 'selection' expected, but the "
                   "file ends\n");
}

Test(cli_merge, games_that_are_not_the_sum_of_the_statuses_are_refused)
{
    edit_line("s1/gcaudit-shard.txt", "games ", "games 151 151");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 151 games "
                   "but 150 counted by status\n");
}

Test(cli_merge, entries_that_are_not_the_sum_of_their_statuses_are_refused)
{
    edit_line("s1/gcaudit-shard.txt", "entries ", "entries 10 5 5 1");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 10 entries "
                   "are not 5 ok + 5 skipped + 1 failed\n");
}

Test(cli_merge, results_for_more_games_than_are_ok_are_refused)
{
    edit_line("s1/gcaudit-shard.txt", "results-count ", "results-count 5 38 39 22");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 104 results "
                   "counted for 103 ok games\n");
}

Test(cli_merge, more_selected_games_than_read_are_refused)
{
    edit_line("s1/gcaudit-shard.txt", "games ", "games 149 150");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 150 games "
                   "selected of 149 read\n");
}

Test(cli_merge, shards_that_counted_the_entries_differently_are_refused)
{
    edit_line("s2/gcaudit-shard.txt", "entries ", "entries 11 6 5 0");
    expect_refused("gcaudit: merge: 's1' and 's2' counted their entries differently\n");
}

Test(cli_merge, statistics_that_count_other_games_than_the_summary_are_refused)
{
    edit_line("s1/gcaudit-shard.txt", "variant =chess ",
              "variant =chess 31 17 8 4 5 1 12 0 1 30 30 2476");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: the "
                   "statistics count 151 games, the summary 150\n");
}

Test(cli_merge, a_variant_whose_counts_do_not_add_up_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "variant =chess ",
              "variant =chess 30 17 8 4 4 1 12 0 0 30 30 2476");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 29: variant: valid is not "
                   "white wins + black wins + draws\n");
}

Test(cli_merge, a_histogram_that_does_not_hold_the_valid_games_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "hist =chess ", "hist =chess 31:1");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: statistics, variant 'chess': its "
                   "length histogram does not hold its valid games\n");
}

Test(cli_merge, a_histogram_count_past_the_range_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "hist =chess ", "hist =chess 31:9007199254740992");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 30: hist: a count is larger "
                   "than 2^53-1\n");
}

Test(cli_merge, a_histogram_of_absurd_length_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "hist =chess ", "hist =chess 4294967296:1");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 30: a number of turns "
                   "is larger than 2^31-1\n");
}

Test(cli_merge, a_player_whose_games_are_not_his_results_is_refused)
{
    edit_line("s1/gcaudit-shard.txt", "player ", "player - =X 3 1 1 0 2 1 2 2 0");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 37: player: games is not wins + "
                   "draws + losses\n");
}

/* The rows' index must name games this shard owns, in input order, as
 * many as its state counts. */
Test(cli_merge, an_index_row_of_a_game_another_shard_owns_is_refused)
{
    edit_line("s1/gcaudit-shard-rows.csv", "1,2,", "1,3,0");
    expect_refused("gcaudit: merge: the reports in 's1' are incomplete\n");
}

Test(cli_merge, an_index_row_past_the_entries_is_refused)
{
    edit_line("s1/gcaudit-shard-rows.csv", "1,2,", "18446744073709551617,2,0");
    expect_refused("gcaudit: merge: the reports in 's1' are incomplete\n");
}

Test(cli_merge, an_index_with_fewer_games_than_the_state_is_refused)
{
    char *cmd = ts_fmt("cd '%s/s1' && sed -i '$d' gcaudit-shard-rows.csv games.csv gcaudit-viewer.txt", ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    expect_refused("gcaudit: merge: the reports in 's1' hold 149 games and 47 violations, its "
                   "state counts 150 and 47\n");
}

Test(cli_merge, inputs_with_fewer_rows_than_the_entries_are_refused)
{
    char *cmd = ts_fmt("cd '%s' && sed -i '$d' s1/inputs.csv s2/inputs.csv", ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    expect_refused("gcaudit: merge: 's1/inputs.csv' has 9 rows, its state counts 10 entries\n");
}

/* Each shard's counts in range, their sum not. */
Test(cli_merge, counts_whose_sum_passes_the_range_are_refused)
{
    edit_line("s1/gcaudit-shard.txt", "turns ", "turns 9007199254740991");
    expect_refused("gcaudit: merge: the shards' counts add up to more than 2^53-1\n");
}
