/*
 * `gcaudit replay` addressing a game the way the reports do: the source,
 * the entry inside it (FILE!PATH, the form -v prints, or --entry) and the
 * game's index in the entry; --turn for one position, --fen, the legend;
 * and every refusal, word for word.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

static void setup(void)
{
    ts_scratch_setup();
    /* The sample archive, under a short name, so messages are exact. */
    char *cmd = ts_fmt("cp '%s/sample-data/chess-open-2024.tar.gz' '%s/open.tar.gz'",
                       GC_SOURCE_DIR, ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
}

TestSuite(replay, .init = setup, .fini = ts_scratch_teardown);

#define OPERA "open.tar.gz!chess-open-2024/round-1/open24-r1-volkov-oconnell.log"

static char *out_of(const char *args, int want_status)
{
    cr_expect_eq(ts_gcaudit(ts_scratch, args), want_status, "gcaudit %s", args);
    return ts_slurp(ts_scratch, "stdout.txt");
}

static void expect_error(const char *args, int want_status, const char *message)
{
    cr_expect_eq(ts_gcaudit(ts_scratch, args), want_status, "gcaudit %s", args);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, message, "gcaudit %s", args);
    free(err);
}

static const char start_diagram[] =
    "8  r  n  b  q  k  b  n  r \n"
    "7  p  p  p  p  p  p  p  p \n"
    "6  .  .  .  .  .  .  .  . \n"
    "5  .  .  .  .  .  .  .  . \n"
    "4  .  .  .  .  .  .  .  . \n"
    "3  .  .  .  .  .  .  .  . \n"
    "2  P  P  P  P  P  P  P  P \n"
    "1  R  N  B  Q  K  B  N  R \n"
    "   a  b  c  d  e  f  g  h\n"
    "White to move\n";

Test(replay, archive_bang_entry_and_entry_option_name_the_same_game)
{
    char *a = out_of("replay '" OPERA "'", 0);
    char *b = out_of("replay open.tar.gz --entry chess-open-2024/round-1/open24-r1-volkov-oconnell.log"
                     " --game 1", 0);
    cr_expect_str_eq(a, b);
    cr_expect(strncmp(a, "Chess: Dmitri Volkov (White) v Siobh\xC3\xA1n O'Connell (Black), log "
                         "open24-r1-volkov-oconnell\n"
                         "K king, Q queen, R rook, B bishop, N knight, P pawn; upper case White, "
                         "lower case Black; . empty\n\nstarting position\n",
                      200) == 0,
              "%.300s", a);
    free(a);
    free(b);
}

Test(replay, one_position_with_turn)
{
    char *out = out_of("replay '" OPERA "' --turn 0", 0);
    char *want = ts_fmt("Chess: Dmitri Volkov (White) v Siobh\xC3\xA1n O'Connell (Black), log "
                        "open24-r1-volkov-oconnell\n"
                        "K king, Q queen, R rook, B bishop, N knight, P pawn; upper case White, "
                        "lower case Black; . empty\n\nstarting position\n%s\n"
                        "status ok, 42 turns, result 1/2-1/2 (agreement)\n",
                        start_diagram);
    cr_expect_str_eq(out, want);
    free(want);
    free(out);
    out = out_of("replay '" OPERA "' -t 3...", 0);
    cr_expect(strstr(out, "\n\n3... n g8-f6\n8  r  .  b  q  k  b  .  r \n") &&
                  strstr(out, "White to move\n\nstatus ok") && !strstr(out, "\n4. "),
              "%s", out);
    free(out);
}

Test(replay, fen_lines_and_one_fen_alone)
{
    char *out = out_of("replay '" OPERA "' --turn 3... --fen", 0);
    cr_expect_str_eq(out, "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\n");
    free(out);
    out = out_of("replay '" OPERA "' --fen", 0);
    cr_expect(strstr(out, "\nstarting position\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq "
                          "- 0 1\n\n1. e2-e4\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
                          "KQkq - 0 1\n"),
              "%.600s", out);
    cr_expect(!strstr(out, "K king"), "no legend beside FEN");
    free(out);
}

Test(replay, refusals_say_why)
{
    expect_error("replay open.tar.gz", 2,
                 "gcaudit: replay: 'open.tar.gz' holds 31 logs: name one with --entry PATH or as "
                 "'open.tar.gz!PATH' (PATH as in the entry column of inputs.csv)\n");
    expect_error("replay 'open.tar.gz!nope.log'", 3,
                 "gcaudit: replay: 'open.tar.gz' has no entry 'nope.log' (see the entry column of "
                 "inputs.csv)\n");
    expect_error("replay '" OPERA "' --game 2", 3,
                 "gcaudit: replay: '" OPERA "' holds 1 game, no game 2\n");
    expect_error("replay 'open.tar.gz!chess-open-2024/round-6/open24-r6-fernandez-oconnell.log.gz'",
                 3,
                 "gcaudit: replay: 'open.tar.gz!chess-open-2024/round-6/"
                 "open24-r6-fernandez-oconnell.log.gz' cannot be read: truncated compressed data: "
                 "truncated gzip input\n");
    expect_error("replay 'open.tar.gz!chess-open-2024/README.txt'", 3,
                 "gcaudit: replay: 'open.tar.gz!chess-open-2024/README.txt' is not read as a log: "
                 "not a log: no Game: header in the first 4 KiB\n");
    expect_error("replay '" OPERA "' --turn 30...", 3,
                 "gcaudit: replay: turn 30... of game 1 was not played: the last turn played is "
                 "21...\n");
    expect_error("replay 'open.tar.gz!chess-open-2024/round-2/open24-r2-mensah-oconnell.log' "
                 "--turn 9",
                 3,
                 "gcaudit: replay: turn 9. of game 1 was not played: the last turn played is "
                 "4..., before the violation\n");
    expect_error("replay '" OPERA "' --turn 2..", 2,
                 "gcaudit: replay: --turn wants a turn as the logs mark it: 12 or 12. (White), "
                 "12... (Black), or 0 for the starting position; not '2..'\n");
    expect_error("replay '" OPERA "' --entry x", 2,
                 "gcaudit: replay: the entry is given twice ('" OPERA "' and --entry)\n");
    expect_error("replay .", 2,
                 "gcaudit: replay: '.' is a directory: name one of its logs (the source column "
                 "of inputs.csv)\n");
}

Test(replay, fen_only_where_the_variant_has_one)
{
    char *cmd = ts_fmt("cp '%s/sample-data/backlash-2024.tar.gz' '%s/bl.tar.gz'", GC_SOURCE_DIR,
                       ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    expect_error("replay 'bl.tar.gz!backlash-2024/bl24-r2-webb-aoyama.log' --fen", 2,
                 "gcaudit: replay: --fen: Backlash (two boards, demotion to pockets, drops, king "
                 "capture) has no FEN\n");
    char *out = out_of("replay 'bl.tar.gz!backlash-2024/bl24-r2-webb-aoyama.log' --turn 0", 0);
    cr_expect(strstr(out, "\nK king, Q queen, R rook, B bishop, N knight, P pawn; upper case "
                          "White, lower case Black; . empty; p1 P1 White's pockets for the left "
                          "and right boards, p8 P8 Black's\n"),
              "%.400s", out);
    free(out);
}

Test(replay, an_archive_of_one_log_needs_no_entry)
{
    char *cmd = ts_fmt("cd '%s' && mkdir one && tar xzf open.tar.gz "
                       "chess-open-2024/round-1/open24-r1-volkov-oconnell.log && "
                       "tar czf one.tar.gz chess-open-2024", ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    char *a = out_of("replay one.tar.gz --turn 1 --fen", 0);
    cr_expect_str_eq(a, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    free(a);
}

/* A shell command line run in the scratch directory: its exit status. */
static int in_scratch(const char *cmd)
{
    char *line = ts_fmt("cd '%s' && %s", ts_scratch, cmd);
    int rc = ts_run(line);
    free(line);
    return rc;
}

/* An archive whose logs cannot be read says so, not that it holds none:
 * the first unreadable entry and why. */
Test(replay, an_archive_of_unreadable_logs_says_why)
{
    cr_assert_eq(in_scratch("tar -xzf open.tar.gz chess-open-2024/round-6 chess-open-2024/README.txt "
                                       "&& tar -cf bad.tar "
                                       "chess-open-2024/round-6/open24-r6-fernandez-oconnell.log.gz "
                                       "chess-open-2024/README.txt && cp chess-open-2024/round-6/"
                                       "open24-r6-fernandez-oconnell.log.gz again.log.gz && tar "
                                       "-cf bad2.tar chess-open-2024/round-6/"
                                       "open24-r6-fernandez-oconnell.log.gz again.log.gz"),
                 0);
    expect_error("replay bad.tar", 3,
                 "gcaudit: replay: 'bad.tar' holds no log that can be read: "
                 "'chess-open-2024/round-6/open24-r6-fernandez-oconnell.log.gz' cannot be read: "
                 "truncated compressed data: truncated gzip input\n");
    expect_error("replay bad2.tar", 3,
                 "gcaudit: replay: 'bad2.tar' holds no log that can be read: 2 entries cannot be "
                 "read, the first 'chess-open-2024/round-6/open24-r6-fernandez-oconnell.log.gz' "
                 "cannot be read: truncated compressed data: truncated gzip input\n");
}

/* Out of memory while the archive's one log is kept (the test hook of
 * cli/alloc.c, GCAUDIT_TEST_OOM=TEXT@N: allocations fail after the first
 * N) says so, never that the archive holds no log; past the last
 * allocation the game is shown. */
Test(replay, out_of_memory_says_so)
{
    cr_assert_eq(in_scratch("tar -xzf open.tar.gz chess-open-2024/round-1/"
                                       "open24-r1-volkov-oconnell.log && tar -cf one.tar "
                                       "chess-open-2024/round-1/open24-r1-volkov-oconnell.log"),
                 0);
    const char *kept = "gcaudit: replay: out of memory while reading "
                       "'one.tar!chess-open-2024/round-1/open24-r1-volkov-oconnell.log'\n";
    int shown = 0;
    for (int n = 0; n <= 8 && !shown; n++) {
        char *cmd = ts_fmt("GCAUDIT_TEST_OOM=one.tar@%d '%s' replay one.tar >stdout.txt "
                           "2>stderr.txt",
                           n, GC_BINARY);
        int rc = in_scratch(cmd);
        free(cmd);
        char *err = ts_slurp(ts_scratch, "stderr.txt");
        if (n < 2)
            cr_expect_str_eq(err, kept, "@%d", n);
        shown = rc == 0;
        if (!shown) {
            cr_expect_eq(rc, 3, "@%d", n);
            cr_expect(strstr(err, "out of memory") && !strstr(err, "holds"), "@%d: %s", n, err);
        }
        free(err);
    }
    cr_expect(shown, "the game was never shown: sweep further");
}
