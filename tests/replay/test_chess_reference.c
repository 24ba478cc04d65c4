/*
 * Chess against the reference build's board (tests/ffish/chess_games.js):
 * random games played on ffish, each with the end the Laws of Chess give
 * it (docs/rules.md, Chess: its ends in the order it checks them),
 * decided by the script from ffish's legal moves, checks, FEN and halfmove
 * clock alone, never from gcaudit's engine.  Every game must replay with no violation,
 * as many turns, the same result and the same termination.  The shared
 * vectors hold sixty games; these are two hundred more a run, mates,
 * stalemates, dead positions, fivefold repetitions (a side taking back
 * its own move in every fourth game) and 75 moves among them, each game
 * written in its own mix of the notation's freedom (labels, companions,
 * placements, comments, no turn markers: the script says which).
 * GC_ORACLE_GAMES and GC_ORACLE_SEED play others (docs/testing.md).
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/csvread.h"
#include "tests/support/ffish.h"
#include "tests/support/support.h"

#define GAMES 200

TestSuite(replay_chess_reference, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* The games the script wrote into ts_scratch, and its verdicts. */
static void make_games(int first, int count, char **log, size_t *len, struct ts_csv *expect)
{
    char *node = ts_ffish_node();
    char *cmd = ts_fmt("'%s' '%s/chess_games.js' '%s' %d %d", node, TS_FFISH_DIR, ts_scratch, first, count);
    cr_assert_eq(ts_run(cmd), 0, "the script failed: %s", cmd);
    free(cmd);
    free(node);
    char *build = ts_slurp(ts_scratch, "build.txt");
    cr_assert(strstr(build, TS_FFISH_BUILD), "ffish is not the pinned build (%s): %s", TS_FFISH_BUILD, build);
    free(build);
    char *path = ts_fmt("%s/games.log", ts_scratch);
    *log = ts_read_file(path, len);
    cr_assert_not_null(*log, "no %s", path);
    free(path);
    path = ts_fmt("%s/expect.csv", ts_scratch);
    cr_assert_eq(ts_csv_read(path, expect), 0, "cannot read %s", path);
    free(path);
    cr_assert_eq(expect->nrows, (size_t)count, "%zu verdicts for %d games", expect->nrows, count);
}

Test(replay_chess_reference, random_games_end_as_the_laws_say_on_ffish_board, .timeout = 300)
{
    int games = ts_env_count("GC_ORACLE_GAMES", GAMES), first = ts_env_count("GC_ORACLE_SEED", 0);
    char *text;
    size_t len;
    struct ts_csv expect;
    make_games(first, games, &text, &len, &expect);
    fmt_parser *p = fmt_parser_new(text, len);
    int bad = 0, ends[5] = {0};
    static const char *const kinds[5] = {"checkmate", "stalemate", "insufficient-material", "fivefold-repetition",
                                         "seventy-five-moves"};
    for (size_t i = 0; i < expect.nrows; i++) {
        /* expect.csv has no header: row i is game i's verdict. */
        char **v = expect.rows[i];
        cr_assert_eq(expect.ncols[i], 4, "expect.csv row %zu", i + 1);
        struct fmt_game g;
        cr_assert_eq(fmt_parser_next(p, &g), FMT_OK, "game %zu of games.log", i + 1);
        struct rp_report r;
        cr_assert_eq(rp_replay(&g, &r, NULL, NULL), RP_DONE);
        cr_assert_str_eq(g.log, v[0]);
        int ok = r.nviolations == 0 && r.turns == atoi(v[1]) && strcmp(rp_result_name(r.result), v[2]) == 0 &&
                 strcmp(r.termination_name, v[3]) == 0;
        if (!ok) {
            bad++;
            cr_log_error("%s: gcaudit says %d turns, %s %s%s%s; the script %s plies, %s %s", v[0], r.turns,
                         rp_result_name(r.result), r.termination_name,
                         r.nviolations ? ", violation " : "",
                         r.nviolations ? rp_code_name(r.violations[0].code) : "", v[1], v[2], v[3]);
        }
        for (int k = 0; k < 5; k++)
            ends[k] += strcmp(v[3], kinds[k]) == 0;
        rp_report_release(&r);
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    ts_csv_free(&expect);
    free(text);
    cr_log_info("%d games: %d checkmates, %d stalemates, %d dead positions, %d fivefold repetitions, "
                "%d by 75 moves", games, ends[0], ends[1], ends[2], ends[3], ends[4]);
    cr_expect_eq(bad, 0, "%d of %d games differ from the Laws on ffish's board", bad, games);
    /* The suite's own games reach every end (a soak's may not). */
    if (first == 0 && games == GAMES)
        for (int k = 0; k < 5; k++)
            cr_expect_gt(ends[k], 0, "no game ended by %s", kinds[k]);
}
