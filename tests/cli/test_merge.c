/*
 * merge trusts no shard (issue 29, item 2): a shard carries what it was
 * made with and the digests of its files; merge refuses a shard whose
 * files changed after it wrote them (a line of its state deleted,
 * repeated or edited, a row of games.csv edited), shards made with
 * different options (--variants definitions, aliases, version), and
 * writes every viewer record again through the page's escaping, so that
 * `</script><script>` in a shard's records is text, not a script.
 *
 * Behind the digests (a forger can compute them again: forge_line),
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

#include "tests/support/browser.h"
#include "tests/support/shard.h"
#include "tests/support/support.h"

/* Two good shards of the shared vectors, made once for the whole suite
 * (every test reads them; their making is what the tests share, not
 * what they check), copied into each test's scratch directory. */
ReportHook(PRE_ALL)(struct criterion_test_set *set)
{
    (void)set;
    char *cmd = ts_fmt("for k in 1 2; do '%s' analyze -q -j1 --shard $k/2 '%s/oracle' -o good$k "
                       "|| exit 1; done",
                       GC_BINARY, GC_FIXTURES);
    ts_once_make(cmd);
    free(cmd);
}

ReportHook(POST_ALL)(struct criterion_global_stats *stats)
{
    (void)stats;
    ts_once_remove();
}

static void setup(void)
{
    ts_scratch_setup();
    ts_once_copy();
    /* And a copy of each to edit. */
    char *cmd = ts_fmt("cd '%s' && cp -r good1 s1 && cp -r good2 s2", ts_scratch);
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

/* The digests of the shard in ts_scratch/NAME (the first `len` bytes of
 * name) computed again, as a forger would. */
static void reseal(const char *name, size_t len)
{
    char *dir = ts_fmt("%s/%.*s", ts_scratch, (int)len, name);
    ts_shard_reseal(dir);
    free(dir);
}

/* edit_line, then the shard's digests computed again: what merge checks
 * behind them must refuse the edit on its own. */
static void forge_line(const char *file, const char *prefix, const char *line)
{
    edit_line(file, prefix, line);
    reseal(file, strcspn(file, "/"));
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
    forge_line("s1/gcaudit-shard.txt", "games ", "games 18446744073709551615 150");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 23: games: 2 numbers from 0 to "
                   "2^53-1 expected, not '18446744073709551615 150'\n");
}

Test(cli_merge, a_selected_games_counter_of_two_to_the_64_minus_one_is_refused)
{
    forge_line("s1/gcaudit-shard.txt", "games ", "games 150 18446744073709551615");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 23: games: 2 numbers from 0 to "
                   "2^53-1 expected, not '150 18446744073709551615'\n");
}

Test(cli_merge, a_counter_past_two_to_the_64_is_refused)
{
    forge_line("s1/gcaudit-shard.txt", "turns ", "turns 18446744073709551616");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 26: turns: 1 number from 0 to "
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
         "line 4: results: 'verified' or 'declared' expected, not 'maybe'"},
        {"results ", "result verified", "line 4: 'results' expected, not 'result'"},
        {"excel ", "excel yes", "line 6: excel: '0' or '1' expected, not 'yes'"},
        {"shard ", "shard 3 2", "line 3: shard: K N with 1 <= K <= N <= 1000000 expected, not '3 2'"},
        {"shard ", "shard 1", "line 3: shard: 2 numbers from 0 to 2^64-1 expected, not '1'"},
        {"selection ", "selection =a%2", "line 7: selection: '%' not followed by two hex digits "
                                         "(00 excepted)"},
        {"selection ", "selection chess", "line 7: selection: '-' or '=' and the text expected"},
        {"entries ", "entries 1 2 x 4",
         "line 22: entries: 4 numbers from 0 to 2^53-1 expected, not '1 2 x 4'"},
        {"illegal-games ", "illegal-games some",
         "line 12: illegal-games: 'forfeit', 'result' or 'exclude' expected, not 'some'"},
        {"anchor ", "anchor Ada", "line 13: anchor: '-' or '=' and the text expected"},
        {"anchor-rating ", "anchor-rating 1e7",
         "line 14: anchor-rating: a number from -1000000 to 1000000 expected, not '1e7'"},
        {"average ", "average x",
         "line 15: average: a number from -1000000 to 1000000 expected, not 'x'"},
        {"white-advantage ", "white-advantage 2",
         "line 16: white-advantage: '0' or '1' expected, not '2'"},
        {"latest ", "latest 2024-02-30",
         "line 28: latest: a date YYYY-MM-DD or '-' expected, not '2024-02-30'"},
        {"made-by ", "made-by 1 2", "line 2: made-by: a version expected, not '1 2'"},
        {"definitions ", "definitions abc",
         "line 19: definitions: a SHA-256 (64 hex digits) expected, not 'abc'"},
        {"aliases-sha256 ", "aliases-sha256 x",
         "line 20: aliases-sha256: a SHA-256 (64 hex digits) or '-' expected, not 'x'"},
        {"max-inflated ", "max-inflated -1",
         "line 21: max-inflated: 1 number from 0 to 2^64-1 expected, not '-1'"},
        {"file games.csv ", "file game.csv 1 ab",
         "after the statistics: file: 'games.csv' expected, not 'game.csv'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *reset = ts_fmt("cp '%s/good1/gcaudit-shard.txt' '%s/s1/'", ts_scratch, ts_scratch);
        cr_assert_eq(ts_run(reset), 0);
        free(reset);
        forge_line("s1/gcaudit-shard.txt", cases[i].prefix, cases[i].line);
        char *want = ts_fmt("gcaudit: merge: s1/gcaudit-shard.txt, %s\n", cases[i].message);
        expect_refused(want);
        free(want);
    }
}

/* A state cut short (a copy that stopped half way) has lost its last
 * line, its digest. */
Test(cli_merge, a_state_cut_short_is_refused)
{
    char *cut = ts_fmt("cd '%s' && head -5 good1/gcaudit-shard.txt >s1/gcaudit-shard.txt", ts_scratch);
    cr_assert_eq(ts_run(cut), 0);
    free(cut);
    expect_refused("gcaudit: merge: 's1/gcaudit-shard.txt' was changed after its shard wrote it: "
                   "its last line is not its digest\n");
}

/* Forged (its digest made again), it names the field it lacks. */
Test(cli_merge, a_forged_state_cut_short_names_the_field_it_lacks)
{
    char *cut = ts_fmt("cd '%s' && head -6 good1/gcaudit-shard.txt >s1/gcaudit-shard.txt && "
                       "echo 'sha256 0' >>s1/gcaudit-shard.txt", ts_scratch);
    cr_assert_eq(ts_run(cut), 0);
    free(cut);
    reseal("s1", 2);
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt, line 7: 'selection' expected, not "
                   "'sha256'\n");
}

Test(cli_merge, games_that_are_not_the_sum_of_the_statuses_are_refused)
{
    forge_line("s1/gcaudit-shard.txt", "games ", "games 151 151");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 151 games "
                   "but 150 counted by status\n");
}

Test(cli_merge, entries_that_are_not_the_sum_of_their_statuses_are_refused)
{
    forge_line("s1/gcaudit-shard.txt", "entries ", "entries 10 5 5 1");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 10 entries "
                   "are not 5 ok + 5 skipped + 1 failed\n");
}

Test(cli_merge, results_for_more_games_than_are_ok_are_refused)
{
    forge_line("s1/gcaudit-shard.txt", "results-count ", "results-count 5 38 39 22");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 104 results "
                   "counted for 103 ok games\n");
}

Test(cli_merge, more_selected_games_than_read_are_refused)
{
    forge_line("s1/gcaudit-shard.txt", "games ", "games 149 150");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: 150 games "
                   "selected of 149 read\n");
}

Test(cli_merge, shards_that_counted_the_entries_differently_are_refused)
{
    forge_line("s2/gcaudit-shard.txt", "entries ", "entries 11 6 5 0");
    expect_refused("gcaudit: merge: 's1' and 's2' counted their entries differently\n");
}

Test(cli_merge, statistics_that_count_other_games_than_the_summary_are_refused)
{
    forge_line("s1/gcaudit-shard.txt", "variant =chess ",
              "variant =chess 31 17 8 4 5 1 12 0 1 30 30 2476");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: the counts do not add up: the "
                   "statistics count 151 games, the summary 150\n");
}

Test(cli_merge, a_variant_whose_counts_do_not_add_up_is_refused)
{
    forge_line("s1/gcaudit-shard.txt", "variant =chess ",
              "variant =chess 30 17 8 4 4 1 12 0 0 30 30 2476");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 33: variant: valid is not "
                   "white wins + black wins + draws\n");
}

Test(cli_merge, a_histogram_that_does_not_hold_the_valid_games_is_refused)
{
    forge_line("s1/gcaudit-shard.txt", "hist =chess ", "hist =chess 31:1");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: statistics, variant 'chess': its "
                   "length histogram does not hold its valid games\n");
}

Test(cli_merge, a_histogram_count_past_the_range_is_refused)
{
    forge_line("s1/gcaudit-shard.txt", "hist =chess ", "hist =chess 31:9007199254740992");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 34: hist: a count is larger "
                   "than 2^53-1\n");
}

Test(cli_merge, a_histogram_of_absurd_length_is_refused)
{
    forge_line("s1/gcaudit-shard.txt", "hist =chess ", "hist =chess 4294967296:1");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 34: a number of turns "
                   "is larger than 2^31-1\n");
}

Test(cli_merge, a_player_whose_games_are_not_his_results_is_refused)
{
    forge_line("s1/gcaudit-shard.txt", "player ", "player - =X 3 1 1 0 2 1 2 2 0");
    expect_refused("gcaudit: merge: s1/gcaudit-shard.txt: line 41: player: games is not wins + "
                   "draws + losses\n");
}

/* The rows' index must name games this shard owns, in input order, as
 * many as its state counts. */
Test(cli_merge, an_index_row_of_a_game_another_shard_owns_is_refused)
{
    forge_line("s1/gcaudit-shard-rows.csv", "1,2,", "1,3,0");
    expect_refused("gcaudit: merge: the reports in 's1' are incomplete\n");
}

Test(cli_merge, an_index_row_past_the_entries_is_refused)
{
    forge_line("s1/gcaudit-shard-rows.csv", "1,2,", "18446744073709551617,2,0");
    expect_refused("gcaudit: merge: the reports in 's1' are incomplete\n");
}

Test(cli_merge, an_index_with_fewer_games_than_the_state_is_refused)
{
    char *cmd = ts_fmt("cd '%s/s1' && sed -i '$d' gcaudit-shard-rows.csv games.csv gcaudit-viewer.txt", ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    reseal("s1", 2);
    expect_refused("gcaudit: merge: the reports in 's1' hold 149 games and 47 violations, its "
                   "state counts 150 and 47\n");
}

Test(cli_merge, inputs_with_fewer_rows_than_the_entries_are_refused)
{
    char *cmd = ts_fmt("cd '%s' && sed -i '$d' s1/inputs.csv s2/inputs.csv", ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    reseal("s1", 2);
    reseal("s2", 2);
    expect_refused("gcaudit: merge: 's1/inputs.csv' has 9 rows, its state counts 10 entries\n");
}

/* Each shard's counts in range, their sum not. */
Test(cli_merge, counts_whose_sum_passes_the_range_are_refused)
{
    forge_line("s1/gcaudit-shard.txt", "turns ", "turns 9007199254740991");
    expect_refused("gcaudit: merge: the shards' counts add up to more than 2^53-1\n");
}

/* ------------------------------------------------ the shard's digests */

/* The first line of dir/FILE that starts with `prefix` deleted (how 0),
 * written twice (1), or with its last character changed (2). */
static void change_line(const char *file, const char *prefix, int how)
{
    char *path = ts_fmt("%s/%s", ts_scratch, file);
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "%s", path);
    char *at = text;
    while (at && strncmp(at, prefix, strlen(prefix)) != 0) {
        at = strchr(at, '\n');
        at = at ? at + 1 : NULL;
    }
    cr_assert_not_null(at, "no line '%s' in %s", prefix, file);
    char *next = strchr(at, '\n') + 1;
    int line = (int)(next - at);
    char *edited;
    if (how == 0)
        edited = ts_fmt("%.*s%s", (int)(at - text), text, next);
    else if (how == 1)
        edited = ts_fmt("%.*s%.*s%s", (int)(next - text), text, line, at, next);
    else
        edited = ts_fmt("%.*s%c\n%s", (int)(next - 2 - text), text, next[-2] == '1' ? '2' : '1',
                        next);
    cr_assert_eq(ts_write_file(path, edited, strlen(edited)), 0);
    free(edited);
    free(text);
    free(path);
}

/* The cases: a player, pair, event and termination line of a
 * state deleted, repeated or edited (each used to change head-to-head,
 * ratings or standings silently). */
Test(cli_merge, a_line_of_a_state_deleted_repeated_or_edited_is_refused)
{
    const char *records[] = {"player ", "pair ", "event ", "term "};
    for (size_t r = 0; r < 4; r++)
        for (int how = 0; how < 3; how++) {
            char *reset = ts_fmt("cp '%s/good1/gcaudit-shard.txt' '%s/s1/'", ts_scratch, ts_scratch);
            cr_assert_eq(ts_run(reset), 0);
            free(reset);
            change_line("s1/gcaudit-shard.txt", records[r], how);
            expect_refused("gcaudit: merge: 's1/gcaudit-shard.txt' was changed after its shard "
                           "wrote it: its bytes do not match its digest\n");
        }
}

Test(cli_merge, an_edited_row_of_games_csv_is_refused)
{
    change_line("s2/games.csv", "", 2);
    expect_refused("gcaudit: merge: 's2/games.csv' was changed after its shard wrote it: its "
                   "bytes do not match the digest in 's2/gcaudit-shard.txt'\n");
}

Test(cli_merge, every_file_merge_reads_is_checked)
{
    const char *files[] = {"inputs.csv", "violations.csv", "gcaudit-shard-rows.csv",
                           "gcaudit-viewer.txt"};
    for (size_t i = 0; i < 4; i++) {
        char *reset = ts_fmt("rm -r '%s/s1' && cp -r '%s/good1' '%s/s1'", ts_scratch, ts_scratch,
                             ts_scratch);
        cr_assert_eq(ts_run(reset), 0);
        free(reset);
        char *file = ts_fmt("s1/%s", files[i]);
        change_line(file, "", 1);
        char *want = ts_fmt("gcaudit: merge: 's1/%s' was changed after its shard wrote it: its "
                            "bytes do not match the digest in 's1/gcaudit-shard.txt'\n",
                            files[i]);
        expect_refused(want);
        free(want);
        free(file);
    }
}

/* ------------------------------------------------- what it was made with */

/* The value of the state's line `key` in dir. */
static char *state_value(const char *dir, const char *key)
{
    char *name = ts_fmt("%s/gcaudit-shard.txt", dir);
    char *text = ts_slurp(ts_scratch, name);
    free(name);
    char *at = strstr(text, key);
    cr_assert_not_null(at, "%s in %s", key, dir);
    at += strlen(key);
    char *value = ts_fmt("%.*s", (int)strcspn(at, "\n"), at);
    free(text);
    return value;
}

/* Shard 1 with its own --variants file, shard 2 without: the defined
 * variants differ, so the shards counted different games as what. */
Test(cli_merge, shards_made_with_different_variant_definitions_are_refused)
{
    char *cmd = ts_fmt("cd '%s' && rm -r s1 && '%s' analyze -q -j1 --shard 1/2 --variants "
                       "'%s/definitions/renamed.ini' '%s/oracle' -o s1",
                       ts_scratch, GC_BINARY, GC_FIXTURES, GC_FIXTURES);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    char *a = state_value("s1", "\ndefinitions "), *b = state_value("s2", "\ndefinitions ");
    cr_expect_str_neq(a, b);
    char *want = ts_fmt("gcaudit: merge: 's1' and 's2' were made with different options: the "
                        "variant definitions (SHA-256 of the shipped ones and --variants) is "
                        "'%s' in 's1' and '%s' in 's2'\n", a, b);
    expect_refused(want);
    free(want);
    free(a);
    free(b);
}

/* The digest is of the definitions' bytes, not their path: the same file
 * under another name on another host merges. */
Test(cli_merge, the_same_definitions_elsewhere_merge)
{
    char *cmd = ts_fmt("cd '%s' && cp '%s/definitions/renamed.ini' copy.ini && rm -r s1 s2 && "
                       "'%s' analyze -q -j1 --shard 1/2 --variants '%s/definitions/renamed.ini' "
                       "'%s/oracle' -o s1 && '%s' analyze -q -j1 --shard 2/2 --variants copy.ini "
                       "'%s/oracle' -o s2 && '%s' merge -q s1 s2 -o merged",
                       ts_scratch, GC_FIXTURES, GC_BINARY, GC_FIXTURES, GC_FIXTURES, GC_BINARY,
                       GC_FIXTURES, GC_BINARY);
    cr_expect_eq(ts_run(cmd), 0);
    free(cmd);
}

/* An alias file edited between the shards: the same path, other names. */
Test(cli_merge, shards_that_read_different_alias_files_are_refused)
{
    char *cmd = ts_fmt("cd '%s' && rm -r s1 s2 && printf 'Ada,Ada Quill\n' >aliases.csv && "
                       "'%s' analyze -q -j1 --shard 1/2 --player-alias aliases.csv '%s/oracle' "
                       "-o s1 && printf 'Ada,A. Quill\n' >aliases.csv && '%s' analyze -q -j1 "
                       "--shard 2/2 --player-alias aliases.csv '%s/oracle' -o s2",
                       ts_scratch, GC_BINARY, GC_FIXTURES, GC_BINARY, GC_FIXTURES);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    char *a = state_value("s1", "\naliases-sha256 "), *b = state_value("s2", "\naliases-sha256 ");
    char *want = ts_fmt("gcaudit: merge: 's1' and 's2' were made with different options: the "
                        "--player-alias file (SHA-256 of its bytes) is '%s' in 's1' and '%s' in "
                        "'s2'\n", a, b);
    expect_refused(want);
    free(want);
    free(a);
    free(b);
    /* Both shards read one file, which changed before the merge. */
    cmd = ts_fmt("cd '%s' && rm -r s1 && '%s' analyze -q -j1 --shard 1/2 --player-alias "
                 "aliases.csv '%s/oracle' -o s1 && printf 'Ada,Ada Q.\n' >aliases.csv",
                 ts_scratch, GC_BINARY, GC_FIXTURES);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    expect_refused("gcaudit: merge: --player-alias aliases.csv is not the file the shards read: "
                   "its bytes have changed since\n");
}

Test(cli_merge, shards_of_another_gcaudit_version_are_refused)
{
    forge_line("s1/gcaudit-shard.txt", "made-by ", "made-by 0.0.1");
    forge_line("s2/gcaudit-shard.txt", "made-by ", "made-by 0.0.1");
    expect_refused("gcaudit: merge: 's1' was made by gcaudit 0.0.1, this is gcaudit " GC_VERSION
                   ": shards and merge must be the same version\n");
    forge_line("s2/gcaudit-shard.txt", "made-by ", "made-by " GC_VERSION);
    expect_refused("gcaudit: merge: 's1' was made by gcaudit 0.0.1, this is gcaudit " GC_VERSION
                   ": shards and merge must be the same version\n");
    forge_line("s1/gcaudit-shard.txt", "made-by ", "made-by " GC_VERSION);
    forge_line("s2/gcaudit-shard.txt", "made-by ", "made-by 0.0.1");
    expect_refused("gcaudit: merge: 's1' and 's2' were made with different options: the gcaudit "
                   "version is '" GC_VERSION "' in 's1' and '0.0.1' in 's2'\n");
}

/* ------------------------------------------- the viewer records, again */

/* Where forge_record puts its text in s1's first viewer record. */
enum where { IN_TEXT, AFTER, INSTEAD };

/* s1's first viewer record with `insert` put in after its first `"t":"`
 * (inside a turn's text, a JSON string), after the record, or instead of
 * it; the shard then sealed again, as a forger would. */
static void forge_record(const char *insert, enum where where)
{
    char *path = ts_fmt("%s/s1/gcaudit-viewer.txt", ts_scratch);
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text);
    char *record = strstr(text, "\n{");
    cr_assert_not_null(record, "no record in s1");
    record++;
    char *eol = strchr(record, '\n');
    char *at = where == IN_TEXT ? strstr(record, "\"t\":\"") + 5 : where == AFTER ? eol : record;
    char *edited = ts_fmt("%.*s%s%s", (int)(at - text), text, insert, where == INSTEAD ? eol : at);
    cr_assert_eq(ts_write_file(path, edited, strlen(edited)), 0);
    free(edited);
    free(text);
    free(path);
    reseal("s1", 2);
}

/* The case: a record whose text closes the page's script element
 * and opens another.  The merged page holds it escaped, as text, and a
 * browser runs no more scripts than on the honest page. */
Test(cli_merge, a_record_that_closes_the_script_element_is_inert, .timeout = 180)
{
    char *cmd = ts_fmt("cd '%s' && '%s' merge -q good1 good2 -o honest", ts_scratch, GC_BINARY);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    forge_record("</script><script>alert(1)</script>", IN_TEXT);
    cmd = ts_fmt("cd '%s' && '%s' merge -q s1 s2 -o merged", ts_scratch, GC_BINARY);
    cr_assert_eq(ts_run(cmd), 0, "a well-formed record merges");
    free(cmd);
    char *page = ts_slurp(ts_scratch, "merged/games/1.html");
    cr_expect_null(strstr(page, "</script><script>alert(1)"), "the record's markup is in the page");
    cr_expect_null(strstr(page, "alert(1)</script>"), "the record's markup is in the page");
    cr_expect_not_null(strstr(page, "\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"
                                    "\\u003c/script\\u003e"), "the text, escaped");
    free(page);
    static const char js[] =
        "document.body.setAttribute('data-scripts', String(document.scripts.length));";
    char *honest = ts_fmt("%s/honest/games/1.html", ts_scratch);
    char *merged = ts_fmt("%s/merged/games/1.html", ts_scratch);
    char *a = ts_browser_run(honest, NULL, js), *b = ts_browser_run(merged, NULL, js);
    const char *na = strstr(a, "data-scripts=\""), *nb = strstr(b, "data-scripts=\"");
    cr_assert(na && nb, "the browser ran the test script");
    cr_expect_eq(atoi(na + 14), atoi(nb + 14), "scripts: %d on the honest page, %d merged",
                 atoi(na + 14), atoi(nb + 14));
    free(a);
    free(b);
    free(honest);
    free(merged);
}

/* Markup after the record is no record: refused, saying where (the
 * column of the '<', one past the record). */
Test(cli_merge, a_record_with_markup_after_it_is_refused)
{
    char *text = ts_slurp(ts_scratch, "s1/gcaudit-viewer.txt");
    char *record = strstr(text, "\n{") + 1;
    size_t len = strcspn(record, "\n");
    free(text);
    forge_record("</script><script>alert(1)</script>", AFTER);
    char *want = ts_fmt("gcaudit: merge: 's1/gcaudit-viewer.txt', line 3: not a viewer record: "
                        "end of file expected near '<' (column %zu)\n", len + 1);
    expect_refused(want);
    free(want);
}

/* Not sealed again, the same edit is a changed file. */
Test(cli_merge, a_record_edited_without_its_digest_is_refused)
{
    change_line("s1/gcaudit-viewer.txt", "{", 2);
    expect_refused("gcaudit: merge: 's1/gcaudit-viewer.txt' was changed after its shard wrote "
                   "it: its bytes do not match the digest in 's1/gcaudit-shard.txt'\n");
}

/* Records that are JSON but no record: not an object, a key twice, a
 * number that is not whole. */
Test(cli_merge, json_that_is_no_record_is_refused)
{
    static const struct {
        const char *line, *why;
    } cases[] = {
        {"[1,2]", "not a JSON object"},
        {"{\"a\":1,\"a\":2}", "duplicate object key near '\"a\"' (column 10)"},
        {"{\"a\":1.5}", "a number that is not whole (1.5)"},
        {"{\"a\":\"\\u0000\"}", "\\u0000 is not allowed without JSON_ALLOW_NUL near "
                                "'\"\\u0000\"' (column 13)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *reset = ts_fmt("rm -r '%s/s1' && cp -r '%s/good1' '%s/s1'", ts_scratch, ts_scratch,
                             ts_scratch);
        cr_assert_eq(ts_run(reset), 0);
        free(reset);
        forge_record(cases[i].line, INSTEAD);
        char *want = ts_fmt("gcaudit: merge: 's1/gcaudit-viewer.txt', line 3: not a viewer "
                            "record: %s\n", cases[i].why);
        expect_refused(want);
        free(want);
    }
}
