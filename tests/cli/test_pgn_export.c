/*
 * analyze --pgn (cli/pgn_export.c, formats/pgn_writer.c): the exact PGN of
 * small games (en passant, a promotion that checks, castling both ways, a
 * violation as a comment where the game is cut, disambiguation by file and
 * by rank, and by both in a Chess960 game from a FEN: header, a checkmate,
 * a game without moves and without Log: or date, a name with '"' and '\'),
 * each variant's games in a file of their own with lichess's tags,
 * the summary line and the games left out, the selection options, -j,
 * and shards merged into the same bytes as one run.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/shard.h"
#include "tests/support/support.h"
#include "tests/support/zip.h"

TestSuite(cli_pgn_export, .init = ts_scratch_setup, .fini = ts_scratch_teardown, .timeout = 120);

static const char games_log[] =
    "Game: Chess\n"
    "Log: pgn-ep-promotion\n"
    "Event: PGN Test\n"
    "Round: 1\n"
    "White: Ada Quill\n"
    "Black: Chen Wei\n"
    "Started: 2024-05-01\n"
    "\n"
    "1. P e2-e4\n"
    "1... p f7-f5\n"
    "2. P e4-f5\n"
    "2... p e7-e5\n"
    "3. P f5-e6; @-e5\n"
    "3... n g8-f6\n"
    "4. P e6-e7\n"
    "4... k e8-f7\n"
    "5. P e7-e8; Q-e8\n"
    "5... q d8-e8\n"
    "\n"
    "Game: Chess\n"
    "Log: pgn-castling-cut\n"
    "Event: PGN Test\n"
    "Round: 2\n"
    "White: Chen Wei\n"
    "Black: Ada Quill\n"
    "Started: 2024-05-02\n"
    "Result: 1-0\n"
    "\n"
    "1. P e2-e4\n"
    "1... p e7-e5\n"
    "2. N g1-f3\n"
    "2... n b8-c6\n"
    "3. B f1-c4\n"
    "3... p d7-d6\n"
    "4. K e1-g1\n"
    "4... b c8-e6\n"
    "5. P d2-d3\n"
    "5... q d8-d7\n"
    "6. N b1-c3\n"
    "6... k e8-c8\n"
    "7. R a1-a3\n"
    "7... p h7-h6\n"
    "\n"
    "Game: Chess\n"
    "Log: pgn-disambiguation\n"
    "Event: PGN Test\n"
    "Round: 3\n"
    "White: Ada Quill\n"
    "Black: Chen Wei\n"
    "Started: 2024-05-03\n"
    "Status: Drawn by agreement\n"
    "\n"
    "1. P a2-a4\n"
    "1... p a7-a5\n"
    "2. P h2-h4\n"
    "2... p h7-h5\n"
    "3. R a1-a3\n"
    "3... r a8-a6\n"
    "4. R a3-h3\n"
    "4... r a6-h6\n"
    "5. R h3-h2\n"
    "5... r h6-h7\n"
    "6. N g1-f3\n"
    "6... n g8-f6\n"
    "7. N f3-d4\n"
    "7... n f6-d5\n"
    "8. N b1-c3\n"
    "8... n b8-c6\n"
    "9. N c3-b5\n"
    "9... n d5-b4\n"
    "\n"
    "Game: Chess\n"
    "Log: pgn-fools-mate\n"
    "Event: PGN Test\n"
    "Round: 4\n"
    "White: Ann \"the Rook\" O\\Neil\n"
    "Black: Chen Wei\n"
    "Started: 2024-05-04\n"
    "\n"
    "1. P f2-f3\n"
    "1... p e7-e5\n"
    "2. P g2-g4\n"
    "2... q d8-h4\n"
    "\n"
    "Game: Chess\n"
    "Event: PGN Test\n"
    "Round: 5\n"
    "White: Ada Quill\n"
    "Black: Chen Wei\n"
    "Started: sometime in May\n"
    "Status: In progress\n"
    "\n"
    "Game: Chess960\n"
    "Log: pgn-chess960\n"
    "Event: PGN Test\n"
    "Round: 6\n"
    "White: Ada Quill\n"
    "Black: Chen Wei\n"
    "Started: 2024-05-06\n"
    "FEN: 4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1\n"
    "\n"
    "1. Q a1-b2\n"
    "1... k e8-d7\n"
    "2. Q b2-b7\n";

static const char games_pgn[] =
    "[Event \"PGN Test\"]\n"
    "[Site \"Game Courier\"]\n"
    "[Date \"2024.05.01\"]\n"
    "[Round \"1\"]\n"
    "[White \"Ada Quill\"]\n"
    "[Black \"Chen Wei\"]\n"
    "[Result \"*\"]\n"
    "[Annotator \"gcaudit\"]\n"
    "[GameCourierLog \"pgn-ep-promotion\"]\n"
    "[Termination \"unfinished\"]\n"
    "\n"
    "1. e4 f5 2. exf5 e5 3. fxe6 Nf6 4. e7 Kf7 5. e8=Q+ Qxe8+ *\n"
    "\n"
    "[Event \"PGN Test\"]\n"
    "[Site \"Game Courier\"]\n"
    "[Date \"2024.05.02\"]\n"
    "[Round \"2\"]\n"
    "[White \"Chen Wei\"]\n"
    "[Black \"Ada Quill\"]\n"
    "[Result \"1-0\"]\n"
    "[Annotator \"gcaudit\"]\n"
    "[GameCourierLog \"pgn-castling-cut\"]\n"
    "[Termination \"illegal\"]\n"
    "\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. O-O Be6 5. d3 Qd7 6. Nc3 O-O-O {gcaudit:\n"
    "illegal-move: 7. R a1-a3: the rook on a1 cannot reach a3: the path is blocked\n"
    "at a2} 1-0\n"
    "\n"
    "[Event \"PGN Test\"]\n"
    "[Site \"Game Courier\"]\n"
    "[Date \"2024.05.03\"]\n"
    "[Round \"3\"]\n"
    "[White \"Ada Quill\"]\n"
    "[Black \"Chen Wei\"]\n"
    "[Result \"1/2-1/2\"]\n"
    "[Annotator \"gcaudit\"]\n"
    "[GameCourierLog \"pgn-disambiguation\"]\n"
    "[Termination \"agreement\"]\n"
    "\n"
    "1. a4 a5 2. h4 h5 3. Ra3 Ra6 4. Rah3 Rah6 5. R3h2 R6h7 6. Nf3 Nf6 7. Nd4 Nd5 8.\n"
    "Nc3 Nc6 9. Ncb5 Ndb4 1/2-1/2\n"
    "\n"
    "[Event \"PGN Test\"]\n"
    "[Site \"Game Courier\"]\n"
    "[Date \"2024.05.04\"]\n"
    "[Round \"4\"]\n"
    "[White \"Ann \\\"the Rook\\\" O\\\\Neil\"]\n"
    "[Black \"Chen Wei\"]\n"
    "[Result \"0-1\"]\n"
    "[Annotator \"gcaudit\"]\n"
    "[GameCourierLog \"pgn-fools-mate\"]\n"
    "[Termination \"checkmate\"]\n"
    "\n"
    "1. f3 e5 2. g4 Qh4# 0-1\n"
    "\n"
    "[Event \"PGN Test\"]\n"
    "[Site \"Game Courier\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"5\"]\n"
    "[White \"Ada Quill\"]\n"
    "[Black \"Chen Wei\"]\n"
    "[Result \"*\"]\n"
    "[Annotator \"gcaudit\"]\n"
    "[GameCourierLog \"games.log, game 5\"]\n"
    "[Termination \"unfinished\"]\n"
    "\n"
    "*\n"
    "\n";

/* The Chess960 game goes into a file of its own, beside games.pgn. */
static const char chess960_pgn[] =
    "[Event \"PGN Test\"]\n"
    "[Site \"Game Courier\"]\n"
    "[Date \"2024.05.06\"]\n"
    "[Round \"6\"]\n"
    "[White \"Ada Quill\"]\n"
    "[Black \"Chen Wei\"]\n"
    "[Result \"*\"]\n"
    "[Annotator \"gcaudit\"]\n"
    "[FEN \"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1\"]\n"
    "[GameCourierLog \"pgn-chess960\"]\n"
    "[SetUp \"1\"]\n"
    "[Termination \"unfinished\"]\n"
    "[Variant \"Chess960\"]\n"
    "\n"
    "1. Qa1b2 Kd7 2. Qb7+ *\n"
    "\n";

/* Write games.log into the scratch directory. */
static void write_games(void)
{
    char *path = ts_fmt("%s/games.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, games_log, strlen(games_log)), 0);
    free(path);
}

/* The scratch folder's file name holds text. */
static void expect_in(const char *name, const char *text)
{
    char *got = ts_slurp(ts_scratch, name);
    cr_expect(strstr(got, text), "%s lacks '%s':\n%s", name, text, got);
    free(got);
}

/* The scratch folder holds no file name (why: what it would mean). */
static void expect_absent(const char *name, const char *why)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_expect_neq(access(path, F_OK), 0, "%s: %s", name, why);
    free(path);
}

Test(cli_pgn_export, small_games_exactly)
{
    write_games();
    int rc = ts_gcaudit(ts_scratch, "analyze games.log -o rep --pgn games.pgn");
    cr_assert_eq(rc, 0, "%s", ts_slurp(ts_scratch, "stderr.txt"));
    char *pgn = ts_slurp(ts_scratch, "games.pgn");
    cr_expect_str_eq(pgn, games_pgn);
    free(pgn);
    pgn = ts_slurp(ts_scratch, "games.chess960.pgn");
    cr_expect_str_eq(pgn, chess960_pgn);
    free(pgn);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "\n  pgn: 5 games exported to games.pgn; 1 to a file per variant (1 "
                          "Chess960 to games.chess960.pgn)\n"),
              "%s", out);
    free(out);
    /* The variants without a game have no file, nor a temporary left. */
    char *ls = ts_fmt("cd '%s' && ls | grep -v -e '^rep$' -e '^ls.txt$' | tr '\\n' ' ' > ls.txt", ts_scratch);
    cr_assert_eq(ts_run(ls), 0);
    free(ls);
    ls = ts_slurp(ts_scratch, "ls.txt");
    cr_expect_str_eq(ls, "games.chess960.pgn games.log games.pgn stderr.txt stdout.txt ");
    free(ls);
}

Test(cli_pgn_export, games_left_out_are_counted_by_why)
{
    static const char mixed[] = "Game: Chess\nLog: a\nWhite: A\nBlack: B\n\n1. P e2-e4\n\n"
                                "Game: Backlash\nLog: b\n\n1. P e2-e4\n\n"
                                "Game: Ultima\nLog: c\n\n1. P e2-e4\n\n"
                                "Game: Chess\nLog: d\n\n1. P e2-e4\nhello there\n\n"
                                "Game: Shogi\nLog: e\n\n1. P c3-c4\n";
    char *path = ts_fmt("%s/mixed.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, mixed, strlen(mixed)), 0);
    free(path);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze mixed.log -o rep --pgn mixed.pgn"), 0);
    expect_in("stdout.txt", "\n  pgn: 1 game exported to mixed.pgn; 4 left out (2 of variants "
                            "PGN tools do not read, 2 not replayed)\n");
    char *pgn = ts_slurp(ts_scratch, "mixed.pgn");
    cr_expect_str_eq(pgn, "[Event \"?\"]\n[Site \"Game Courier\"]\n[Date \"????.??.??\"]\n"
                          "[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n"
                          "[Annotator \"gcaudit\"]\n[GameCourierLog \"a\"]\n"
                          "[Termination \"unfinished\"]\n\n1. e4 *\n\n");
    free(pgn);
    /* -q: no summary, the same file */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q mixed.log -o rep --pgn again.pgn"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect_str_eq(out, "");
    free(out);
}

/* The GameCourierLog tags of a PGN file, one a line. */
static char *logs_of(const char *file)
{
    char *pgn = ts_slurp(ts_scratch, file);
    char *out = ts_fmt("%s", "");
    for (char *at = pgn; (at = strstr(at, "[GameCourierLog \"")) != NULL;) {
        at += 17;
        char *was = out;
        out = ts_fmt("%s%.*s\n", was, (int)strcspn(at, "\""), at);
        free(was);
    }
    free(pgn);
    return out;
}

Test(cli_pgn_export, the_selection_options_choose_the_games)
{
    write_games();
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q games.log -o rep --pgn v.pgn "
                                        "--variant chess960"),
                 0);
    char *logs = logs_of("v.chess960.pgn");
    cr_expect_str_eq(logs, "pgn-chess960\n");
    free(logs);
    logs = logs_of("v.pgn");
    cr_expect_str_eq(logs, "", "no Chess game selected: an empty v.pgn");
    free(logs);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q games.log -o rep --pgn d.pgn "
                                        "--since 2024-05-02 --until 2024-05-04"),
                 0);
    logs = logs_of("d.pgn");
    cr_expect_str_eq(logs, "pgn-castling-cut\npgn-disambiguation\npgn-fools-mate\n");
    free(logs);
    /* No game selected: the run keeps what was there (exit 4), unless an
     * empty set is wanted: an empty PGN file. */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q games.log -o rep --pgn e.pgn --event nothing"),
                 4);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q games.log -o rep --pgn e.pgn --event nothing "
                                        "--allow-empty"),
                 0);
    char *pgn = ts_slurp(ts_scratch, "e.pgn");
    cr_expect_str_eq(pgn, "", "no game selected: an empty PGN file");
    free(pgn);
}

Test(cli_pgn_export, a_bad_pgn_file_is_said_before_anything_is_read)
{
    write_games();
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze games.log -o rep --pgn nowhere/g.pgn"), 3);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: cannot write the PGN file 'nowhere/g.pgn': the "
                          "directory 'nowhere' does not exist\n");
    free(err);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze games.log -o rep --pgn ''"), 2);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: the --pgn file name is empty\n");
    free(err);
    /* A run that reads nothing leaves an earlier PGN file as it was. */
    char *path = ts_fmt("%s/old.pgn", ts_scratch);
    cr_assert_eq(ts_write_file(path, "old\n", 4), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze missing.log -o rep --pgn old.pgn"), 2);
    char *old = ts_slurp(ts_scratch, "old.pgn");
    cr_expect_str_eq(old, "old\n");
    free(old);
    free(path);
}

/* The PGN file may go into the report folder the run makes: its folder
 * is checked once that exists (it was refused as "does not exist"). */
Test(cli_pgn_export, the_pgn_file_may_go_into_a_new_report_folder)
{
    write_games();
    int rc = ts_gcaudit(ts_scratch, "analyze games.log -o rep --pgn rep/games.pgn");
    cr_assert_eq(rc, 0, "%s", ts_slurp(ts_scratch, "stderr.txt"));
    char *pgn = ts_slurp(ts_scratch, "rep/games.pgn");
    cr_expect_str_eq(pgn, games_pgn);
    free(pgn);
    /* A folder refused for the PGN file leaves no report folder made. */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze games.log -o new --pgn nowhere/g.pgn"), 3);
    expect_absent("new", "the report folder made for the run stays");
}

/* Issue 26, item 6: a Crazyhouse drop and a Horde game without a FEN in
 * the one --pgn file made pgn-extract read 42 games as 61.  Each variant
 * now has its file beside FILE, with the Variant tag, and FEN and SetUp
 * for a start other than the orthodox array, as lichess writes them. */
static const char split_log[] = "Game: Crazyhouse\nLog: zh-1\nEvent: Split Test\n"
                                "White: Ada Quill\nBlack: Chen Wei\nStarted: 2024-06-01\n\n"
                                "1. P e2-e4\n1... p d7-d5\n2. P e4-d5\n2... q d8-d5\n"
                                "3. N b1-c3\n3... q d5-a5\n4. P*e6\n\n"
                                "Game: Horde\nLog: horde-1\nEvent: Split Test\n"
                                "White: Ada Quill\nBlack: Chen Wei\nStarted: 2024-06-02\n\n"
                                "1. P f5-f6\n1... p e7-e6\n\n"
                                "Game: Chess\nLog: chess-1\nEvent: Split Test\n"
                                "White: Ada Quill\nBlack: Chen Wei\nStarted: 2024-06-03\n\n"
                                "1. P e2-e4\n";

#define SPLIT_ROSTER(date)                                                                   \
    "[Event \"Split Test\"]\n[Site \"Game Courier\"]\n[Date \"" date "\"]\n[Round \"?\"]\n"     \
    "[White \"Ada Quill\"]\n[Black \"Chen Wei\"]\n[Result \"*\"]\n[Annotator \"gcaudit\"]\n"

Test(cli_pgn_export, each_variant_in_its_file_with_the_start_lichess_gives)
{
    char *path = ts_fmt("%s/v.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, split_log, strlen(split_log)), 0);
    free(path);
    int rc = ts_gcaudit(ts_scratch, "analyze v.log -o rep --pgn rep/v.pgn");
    cr_assert_eq(rc, 0, "%s", ts_slurp(ts_scratch, "stderr.txt"));
    char *pgn = ts_slurp(ts_scratch, "rep/v.pgn");
    cr_expect_str_eq(pgn, SPLIT_ROSTER("2024.06.03") "[GameCourierLog \"chess-1\"]\n"
                                                     "[Termination \"unfinished\"]\n\n1. e4 *\n\n");
    free(pgn);
    pgn = ts_slurp(ts_scratch, "rep/v.crazyhouse.pgn");
    cr_expect_str_eq(pgn, SPLIT_ROSTER("2024.06.01") "[GameCourierLog \"zh-1\"]\n"
                                                     "[Termination \"unfinished\"]\n"
                                                     "[Variant \"Crazyhouse\"]\n\n"
                                                     "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e6 *\n\n");
    free(pgn);
    pgn = ts_slurp(ts_scratch, "rep/v.horde.pgn");
    cr_expect_str_eq(pgn, SPLIT_ROSTER("2024.06.02")
                     "[FEN \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq "
                     "- 0 1\"]\n[GameCourierLog \"horde-1\"]\n[SetUp \"1\"]\n"
                     "[Termination \"unfinished\"]\n[Variant \"Horde\"]\n\n1. f6 e6 *\n\n");
    free(pgn);
    expect_in("stdout.txt", "\n  pgn: 1 game exported to rep/v.pgn; 2 to a file per variant (1 "
                            "Crazyhouse to rep/v.crazyhouse.pgn, 1 Horde to rep/v.horde.pgn)\n");
    expect_in("rep/summary.html", "<p id=\"pgn-files\">PGN: 1 game exported to rep/v.pgn; 2 to a "
                                  "file per variant (1 Crazyhouse to rep/v.crazyhouse.pgn, 1 "
                                  "Horde to rep/v.horde.pgn).</p>");
    expect_in("rep/gcaudit-files.txt", " v.pgn\n");
    expect_in("rep/gcaudit-files.txt", " v.crazyhouse.pgn\n");
    expect_in("rep/gcaudit-files.txt", " v.horde.pgn\n");

    /* The next run into the folder with Chess only: the variants' files
     * of the first, which it did not write, go (gcaudit-files.txt). */
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q v.log -o rep --pgn rep/v.pgn --variant chess"),
                 0);
    expect_absent("rep/v.horde.pgn", "an earlier run's file stays beside the new set");
    expect_absent("rep/v.crazyhouse.pgn", "an earlier run's file stays beside the new set");

    /* A symbolic link where a variant's file may go is refused before the
     * run, as at FILE itself, and left as it is. */
    char *ln = ts_fmt("cd '%s' && ln -s v.log rep/v.antichess.pgn", ts_scratch);
    cr_assert_eq(ts_run(ln), 0);
    free(ln);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q v.log -o rep --pgn rep/v.pgn"), 2);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: cannot write the PGN file 'rep/v.antichess.pgn': it "
                          "is a symbolic link (to 'v.log'), and gcaudit replaces only plain "
                          "files; nothing was written\n");
    free(err);
    expect_absent("rep/v.horde.pgn", "the refused run wrote a file");
}

/* Outside the report folder gcaudit removes nothing, so a variant's file
 * of an earlier run that this run did not write would look current
 * beside the new ones: the run says so on stderr, naming it, and leaves
 * it as it is (docs/pgn.md). */
Test(cli_pgn_export, an_earlier_runs_variant_file_outside_the_report_folder_is_said)
{
    char *path = ts_fmt("%s/v.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, split_log, strlen(split_log)), 0);
    free(path);
    char *dir = ts_fmt("%s/pgn", ts_scratch);
    cr_assert_eq(mkdir(dir, 0777), 0);
    free(dir);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q v.log -o rep --pgn pgn/v.pgn"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "", "a first run has nothing to say");
    free(err);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q v.log -o rep --pgn pgn/v.pgn --variant "
                                        "crazyhouse --variant chess"),
                 0);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: 'pgn/v.horde.pgn' is an earlier run's: this run "
                          "wrote no game to it, and gcaudit removes nothing outside the report "
                          "folder; it is left as it is (the summary names the files this run "
                          "wrote)\n");
    free(err);
    char *kept = ts_slurp(ts_scratch, "pgn/v.horde.pgn");
    cr_expect(kept && strstr(kept, "[GameCourierLog \"horde-1\"]"), "the file is left as it is");
    free(kept);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q v.log -o rep --pgn pgn/v.pgn --variant chess "
                                        "--xlsx rep/book.xlsx"),
                 0);
    /* The workbook's info sheet says what went where, as the summary does. */
    char *book = ts_fmt("%s/rep/book.xlsx", ts_scratch);
    char *info = ts_zip_member(book, "xl/worksheets/sheet9.xml");
    cr_expect(info && strstr(info, "<t>PGN</t></is></c><c r=\"B") &&
                  strstr(info, "<t>1 game exported to pgn/v.pgn</t>"),
              "%s", info);
    free(info);
    free(book);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: 'pgn/v.crazyhouse.pgn' and 1 other variant's file "
                          "beside 'pgn/v.pgn' are an earlier run's: this run wrote no game to "
                          "them, and gcaudit removes nothing outside the report folder; they are "
                          "left as they are (the summary names the files this run wrote)\n");
    free(err);
}

/* The samples and the shared vectors, the PGN written by one run with
 * `args`, into file. */
static void run_samples(const char *args, const char *file)
{
    char *cmd = ts_fmt("cd '%s' && '%s' analyze -q %s '%s/sample-data/chess-open-2024.tar.gz' "
                       "'%s/sample-data/variant-festival-2024.tar.gz' '%s/oracle' --pgn '%s' "
                       "2>/dev/null",
                       ts_scratch, GC_BINARY, args, GC_SOURCE_DIR, GC_SOURCE_DIR, GC_FIXTURES,
                       file);
    int rc = ts_run(cmd);
    cr_assert_eq(rc, 1, "%s: exit %d (1: the sample's broken entry)", cmd, rc);
    free(cmd);
}

/* The files the samples' games go into, FILE's name without ".pgn"
 * before each. */
static const char *const sample_files[] = {".pgn", ".antichess.pgn", ".chess960.pgn",
                                           ".horde.pgn", ".king-of-the-hill.pgn",
                                           ".three-check.pgn"};

/* a.pgn and b.pgn, and each variant's file beside them, the same bytes. */
static void expect_same_files(const char *a, const char *b)
{
    for (size_t i = 0; i < sizeof sample_files / sizeof sample_files[0]; i++) {
        size_t na, nb;
        char *pa = ts_fmt("%s/%s%s", ts_scratch, a, sample_files[i]);
        char *pb = ts_fmt("%s/%s%s", ts_scratch, b, sample_files[i]);
        char *ta = ts_read_file(pa, &na), *tb = ts_read_file(pb, &nb);
        cr_assert(ta && tb, "%s or %s missing", pa, pb);
        cr_expect(na == nb && memcmp(ta, tb, na) == 0, "%s and %s differ", pa, pb);
        cr_expect_gt(na, i ? 200 : 10000, "%s: %zu bytes only", pa, na);
        free(ta), free(tb), free(pa), free(pb);
    }
}

Test(cli_pgn_export, the_same_bytes_whatever_the_threads_and_shards)
{
    run_samples("-j1 -o one", "one.pgn");
    run_samples("-j3 -o three", "three.pgn");
    expect_same_files("one", "three");
    for (int k = 1; k <= 3; k++) {
        char *args = ts_fmt("-j2 --shard %d/3 -o s%d", k, k);
        run_samples(args, "merged.pgn");
        free(args);
    }
    char *merged = ts_fmt("%s/merged.pgn", ts_scratch);
    cr_assert_null(ts_read_file(merged, NULL), "a shard wrote the merged file itself");
    char *horde = ts_fmt("%s/merged.horde.pgn", ts_scratch);
    cr_assert_null(ts_read_file(horde, NULL), "a shard wrote a variant's file itself");
    free(horde);
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge s1 s2 s3 -o m"), 1);
    expect_same_files("one", "merged");
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "\n  pgn: 93 games exported to merged.pgn; 7 to a file per variant "
                          "(1 Antichess to merged.antichess.pgn, 2 Chess960 to "
                          "merged.chess960.pgn, 1 Horde to merged.horde.pgn, 1 King of the Hill "
                          "to merged.king-of-the-hill.pgn, 2 Three-check to "
                          "merged.three-check.pgn); 251 left out (250 of variants PGN tools do "
                          "not read, 1 not replayed)\n"),
              "%s", out);
    free(out);
    /* --pgn puts it elsewhere */
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 s3 -o m2 --pgn other.pgn"), 1);
    expect_same_files("one", "other");
    free(merged);
}

Test(cli_pgn_export, merge_refuses_what_does_not_fit)
{
    write_games();
    for (int k = 1; k <= 2; k++) {
        char *args = ts_fmt("analyze -q --shard %d/2 games.log -o s%d --pgn g.pgn", k, k);
        cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
        free(args);
        args = ts_fmt("analyze -q --shard %d/2 games.log -o n%d", k, k);
        cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
        free(args);
    }
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q n1 n2 -o m --pgn g.pgn"), 2);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: merge: --pgn: the shards made no PGN (give --pgn FILE to "
                          "every 'analyze --shard')\n");
    free(err);
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s1 n2 -o m"), 3);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: merge: 's1' and 'n2' were made with different options: "
                          "--pgn is 'g.pgn' in 's1' and 'none' in 'n2'\n");
    free(err);
    /* A damaged part: a record's count that does not match (its digest
     * made again, as a forger would, so that what merge checks behind
     * the digests is reached) */
    char *part = ts_fmt("%s/s1/gcaudit-shard-pgn.txt", ts_scratch);
    char *text = ts_read_file(part, NULL);
    cr_assert_not_null(text);
    char *at = strstr(text, "\npgn ");
    cr_assert_not_null(at);
    at[5] = '9';
    cr_assert_eq(ts_write_file(part, text, strlen(text)), 0);
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o m"), 3);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: merge: 's1/gcaudit-shard-pgn.txt' was changed after its "
                          "shard wrote it: its bytes do not match the digest in "
                          "'s1/gcaudit-shard.txt'\n");
    free(err);
    char *s1 = ts_fmt("%s/s1", ts_scratch);
    ts_shard_reseal(s1);
    free(s1);
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s1 s2 -o m"), 3);
    err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: merge: the reports in 's1' do not match its index\n");
    free(err);
    char *pgn = ts_fmt("%s/g.pgn", ts_scratch);
    cr_expect_null(ts_read_file(pgn, NULL), "no PGN file from a refused merge");
    free(pgn);
    free(text);
    free(part);
}
