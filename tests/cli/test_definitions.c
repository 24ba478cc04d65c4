/*
 * Variants from definition files through the command (cli/definitions.c):
 * the shipped folder is found without options, `variants` names where
 * each variant comes from, --variants adds and overrides, a bad
 * definition stops the command before any input is read (exit 2, file,
 * line and key named), and a game of a defined variant is replayed into
 * the reports.  Runs the built binary (GC_BINARY).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/definitions.h"
#include "tests/support/selfplay.h"
#include "tests/support/support.h"

TestSuite(cli_definitions, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static void write_in_dir(const char *name, const char *text)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path);
}

static const char *const shipped[] = {
    "fischerandom-gc", "courier-gc", "capablanca-gc", "caparandom-gc", "gothic-gc", "janus-gc",
    "grand-gc", "shatranj-gc", "makruk-gc", "3check-gc", "kingofthehill-gc",
    "horde-gc", "antichess-gc", "knightmate-gc", "crazyhouse-gc", "shogi-gc",
    "minishogi-gc", "xiangqi-gc", "janggi-gc", "seirawan-gc", "chancellor-gc", "orda-gc",
    "shinobi-gc", "newzealand-gc", "hoppelpoppel-gc", "losers-gc", "amazon-gc", "cambodian-gc", "karouk-gc",
    "sittuyin-gc", "chessgi-gc", "loop-gc", "opulent-gc", "wolf-gc", "shoshogi-gc", "kyotoshogi-gc",
    "micro-gc", "legan-gc", "perfect-gc", "placement-gc", "gustav3-gc", "troitzky-gc",
};

/* A shipped file's own words, read here from its text: the parent of its
 * section's header and its gcOracles line. */
static void file_says(const char *file, char *parent, size_t psize, char *oracles, size_t osize)
{
    char *text = ts_read_file(file, NULL);
    cr_assert_not_null(text, "cannot read %s", file);
    parent[0] = oracles[0] = '\0';
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *colon = l[0] == '[' ? strchr(l, ':') : NULL;
        if (colon)
            snprintf(parent, psize, "%.*s", (int)strcspn(colon + 1, "]"), colon + 1);
        if (strncmp(l, "gcOracles = ", 12) == 0)
            snprintf(oracles, osize, "%s", l + 12);
    }
    free(text);
}

/* Issue 25, point 4: every variant with where it comes from and what
 * checked it, exactly: the built-in engines and their test vectors, each
 * shipped definition with its file, its parent (a built-in variant of the
 * reference build) and the oracles its gcOracles names, with the games the
 * oracle tests play (tests/support/selfplay.h). */
Test(cli_definitions, variants_says_where_each_comes_from_and_what_checked_it)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "variants"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    const char *pad = "                   ";
    size_t ndefs, lines = 0;
    for (const char *c = out; *c; c++)
        lines += *c == '\n';
    struct ts_def *defs = ts_defs_shipped(&ndefs);
    cr_expect_eq(lines, 4 * (5 + ndefs), "%zu lines for %zu variants:\n%s", lines, 5 + ndefs, out);
    static const char *const engines[] = {"chess", "extinction", "backlash", "palindromic", "retro"};
    for (size_t i = 0; i < 5; i++) {
        char *want = ts_fmt("%sfrom: built in (gcaudit's own engine)\n%schecked: the suite's independent test "
                            "vectors (tests/fixtures/oracle)\n",
                            pad, pad);
        char *head = ts_fmt("%-18s ", engines[i]), *at = strstr(out, head);
        cr_assert_not_null(at, "no %s in:\n%s", engines[i], out);
        const char *third = strchr(strchr(at, '\n') + 1, '\n') + 1;
        cr_expect(strncmp(third, want, strlen(want)) == 0, "%s:\n%s", engines[i], out);
        char *vectors = ts_fmt("%s.log", engines[i]);
        cr_expect(ts_exists(GC_FIXTURES "/oracle", vectors), "no test vectors %s", vectors);
        free(vectors);
        free(head);
        free(want);
    }
    for (size_t i = 0; i < ndefs; i++) {
        char parent[64], oracles[64];
        file_says(defs[i].file, parent, sizeof parent, oracles, sizeof oracles);
        int ffish = strstr(oracles, "ffish") != NULL, fsf = strstr(oracles, "fsf11") != NULL;
        cr_expect(ffish || fsf, "%s: no oracle in gcOracles", defs[i].file);
        char *from = parent[0] ? ts_fmt("%sfrom: %s (shipped; parent: %s, the reference build's built-in)\n", pad,
                                        defs[i].file, parent)
                               : ts_fmt("%sfrom: %s (shipped)\n", pad, defs[i].file);
        char *by_ffish = ts_fmt("ffish 0.7.10 (Fairy-Stockfish 230826): perft and %d+%d games in the suite",
                                TS_GAMES_FFISH, TS_GAMES_FFISH / TS_MUTATE_EVERY_FFISH);
        int fsf_games = ffish ? TS_GAMES_FSF_COVERED : TS_GAMES_FSF;
        char *by_fsf = ts_fmt("Fairy-Stockfish 11.1%s: perft and %d+%d games", ffish ? " too" : "", fsf_games,
                              fsf_games);
        char *want = ts_fmt("%s%schecked: %s%s%s\n", from, pad, ffish ? by_ffish : "", ffish && fsf ? "; " : "",
                            fsf ? by_fsf : "");
        char *head = ts_fmt("\n%-18s ", defs[i].name), *at = strstr(out, head);
        cr_assert_not_null(at, "no %s in:\n%s", defs[i].name, out);
        const char *third = strchr(strchr(at + 1, '\n') + 1, '\n') + 1;
        cr_expect(strncmp(third, want, strlen(want)) == 0, "%s: want\n%sgot\n%.*s", defs[i].name, want,
                  (int)strlen(want), third);
        free(head);
        free(want);
        free(by_fsf);
        free(by_ffish);
        free(from);
    }
    free(defs);
    free(out);
}

Test(cli_definitions, variants_lists_the_shipped_definitions_with_their_files)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "variants"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt"), *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "");
    cr_expect(strstr(out, "chess              Chess (orthodox, FIDE rules)\n"
                          "                   Game: chess, orthodoxchess, fidechess\n"
                          "                   from: built in (gcaudit's own engine)\n") != NULL, "%s", out);
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        char *want = ts_fmt("\n%-18s ", shipped[i]);
        cr_expect(strstr(out, want) != NULL, "no %s in:\n%s", shipped[i], out);
        free(want);
    }
    char *from = ts_fmt("                   from: %s/replay/definitions/fischer-random.ini (shipped)\n", GC_SOURCE_DIR);
    cr_expect(strstr(out, "fischerandom-gc    Fischer Random Chess (Chess960; start position from the "
                          "FEN: header)\n"
                          "                   Game: fischerrandomchess, fischerrandom, chess960, frc\n") != NULL,
              "%s", out);
    cr_expect(strstr(out, from) != NULL, "%s", out);
    free(from);
    free(out);
    free(err);
}

Test(cli_definitions, variants_file_adds_and_overrides)
{
    write_in_dir("mine.ini",
                 "# two definitions: a new one and one that replaces a shipped one\n"
                 "[mini-chess]\n"
                 "gcGames = Tiny Chess\n"
                 "maxFile = 5\n"
                 "maxRank = 5\n"
                 "pawn = p\nrook = r\nking = k\n"
                 "startFen = rpk2/5/5/5/2KPR w - - 0 1\n"
                 "promotionRank = 5\n"
                 "promotionPieceTypes = r\n"
                 "doubleStep = false\n"
                 "castling = false\n"
                 "\n"
                 "[courier-gc:mini-chess]\n"
                 "gcTitle = not Courier any more\n"
                 "gcOracles = ffish, fsf11\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "variants --variants mine.ini"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "mini-chess         mini-chess\n"
                          "                   Game: tinychess\n"
                          "                   from: mine.ini (a user's file)\n"
                          "                   checked: not by gcaudit's test suite\n") != NULL, "%s", out);
    /* A user's file is not the suite's, whatever its gcOracles says. */
    cr_expect(strstr(out, "courier-gc         not Courier any more\n"
                          "                   Game: couriergc\n"
                          "                   from: mine.ini (a user's file; parent: mini-chess)\n"
                          "                   checked: not by gcaudit's test suite\n") != NULL, "%s", out);
    free(out);
}

/* A parent not defined before is the reference build's built-in variant
 * of that name, read from replay/definitions/builtin (issue 25): Shako
 * as Fairy-Stockfish's variants.ini writes it. */
Test(cli_definitions, a_builtin_variant_is_a_parent)
{
    write_in_dir("shako.ini", "[shako:chess]\n"
                              "maxRank = 10\nmaxFile = 10\n"
                              "cannon = c\nfersAlfil = e\n"
                              "castlingKingsideFile = h\ncastlingQueensideFile = d\ncastlingRank = 2\n"
                              "startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1\n"
                              "promotionRegionWhite = *10\npromotionRegionBlack = *1\n"
                              "promotionPieceTypes = qbrnce\n"
                              "doubleStepRegionWhite = *3\ndoubleStepRegionBlack = *8\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "variants --variants shako.ini"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "shako              shako\n"
                          "                   Game: shako\n"
                          "                   from: shako.ini (a user's file; parent: chess, the reference "
                          "build's built-in)\n") != NULL, "%s", out);
    free(out);
}

static const struct {
    const char *ini, *message;
} bad[] = {
    {"[x]\npawn = p\nking = k\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\ncastlng = false\n",
     "gcaudit: variants: bad.ini:5: castlng: [x] unknown key \"castlng\""},
    {"[x]\npawn = p\nking = k\ntwoBoards = true\n",
     "gcaudit: variants: bad.ini:4: twoBoards: [x] gcaudit does not implement twoBoards = true (only false)"},
    {"[x]\npawn = p\nking = k\ncheckmateValue = lose\n",
     "gcaudit: variants: bad.ini:4: checkmateValue: [x] \"lose\" is not a result (win, loss, draw or none)"},
    {"[x]\npawn = p\ncustomPiece1 = a:mRcpX\n",
     "gcaudit: variants: bad.ini:3: customPiece1: [x] Betza notation \"mRcpX\": unexpected 'X' at position 5"},
    {"[x]\npawn = p\nking = k\nstartFen = 8/8/8/8/8/8/8/7 w - - 0 1\n",
     "gcaudit: variants: bad.ini:4: startFen: [x] rank 1 of the FEN has 7 squares, not 8"},
    {"[x:chesss]\n", "gcaudit: variants: bad.ini:1: [x] parent variant \"chesss\" is neither defined before \"x\" "
                     "nor a built-in variant (the nearest built-in is \"chess\")"},
    {"[x:../builtin/chess]\n", "gcaudit: variants: bad.ini:1: [x] parent variant \"../builtin/chess\" is neither "
                               "defined before \"x\" nor a built-in variant (the nearest built-in is \"antichess\")"},
    {"[x:bughouse]\n", "gcaudit: variants: " GC_SOURCE_DIR "/replay/definitions/builtin/bughouse.ini:42: "
                       "twoBoards: [bughouse] gcaudit does not implement twoBoards = true (only "
                       "false) (the built-in parent of [x])"},
    {"[x:chess]\ncustomPiece1 = a:mWifmR3\n",
     "gcaudit: variants: bad.ini:2: customPiece1: [x] an initial move ('i') that passes more than one square: gcaudit "
     "keeps one en passant square"},
    {"pawn = p\n[x]\n", "gcaudit: variants: bad.ini:1: a key before the first [section]"},
    {"[x]\nthis is not a key\n", "gcaudit: variants: bad.ini:2: not a section, a key = value line or a comment"},
    {"# nothing\n", "gcaudit: variants: bad.ini: no [section]: nothing is defined"},
};

Test(cli_definitions, a_bad_definition_names_file_line_and_key)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_in_dir("bad.ini", bad[i].ini);
        cr_expect_eq(ts_gcaudit(ts_scratch, "variants --variants bad.ini"), 2, "%s", bad[i].ini);
        char *err = ts_slurp(ts_scratch, "stderr.txt"), *out = ts_slurp(ts_scratch, "stdout.txt");
        size_t first = strcspn(err, "\n");
        cr_expect(strlen(bad[i].message) == first && strncmp(err, bad[i].message, first) == 0,
                  "said \"%.*s\", not \"%s\"", (int)first, err, bad[i].message);
        cr_expect_str_eq(out, "", "nothing listed after a bad definition");
        free(err);
        free(out);
    }
}

/* A list longer than gcaudit copies is refused, not cut short: 15 names
 * of 70 letters would have lost the end of the last one. */
Test(cli_definitions, a_list_too_long_is_refused_not_cut_short)
{
    char names[15 * 72 + 1] = "", *at = names;
    for (int i = 0; i < 15; i++)
        at += snprintf(at, sizeof names - (size_t)(at - names), "%s%c%069d", i ? ", " : "", 'a' + i, 0);
    char *ini = ts_fmt("[x]\ngcGames = %s\n", names);
    write_in_dir("long.ini", ini);
    free(ini);
    cr_expect_eq(ts_gcaudit(ts_scratch, "variants --variants long.ini"), 2);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: variants: long.ini:2: gcGames: [x] the list is too long (1078 characters; at "
                          "most 1023)\n");
    free(err);
}

/* Lines up to 4,094 characters are read (inih's heap buffer is sized to
 * it); a longer one is named, not cut. */
Test(cli_definitions, a_line_is_read_up_to_its_limit)
{
    static char line[4100];
    for (int len = 4094; len <= 4095; len++) {
        memset(line, ' ', (size_t)len);
        memcpy(line, "gcTitle = t", 11);
        line[len] = '\0';
        char *ini = ts_fmt("[x:knightmate-gc]\n\n\n%s\n", line);
        write_in_dir("long.ini", ini);
        free(ini);
        cr_expect_eq(ts_gcaudit(ts_scratch, "variants --variants long.ini"), len == 4094 ? 0 : 2, "%d", len);
        char *err = ts_slurp(ts_scratch, "stderr.txt");
        cr_expect_str_eq(err, len == 4094 ? "" : "gcaudit: variants: long.ini:4: longer than 4094 characters\n");
        free(err);
    }
}

/* analyze with args (the reports into out/) stopped with exit status 2,
 * said only want, and made no folder. */
static void expect_stopped(const char *args, const char *want)
{
    char *cmd = ts_fmt("analyze %s -o out", args);
    cr_expect_eq(ts_gcaudit(ts_scratch, cmd), 2);
    free(cmd);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, want);
    free(err);
    char *test = ts_fmt("test -e '%s/out'", ts_scratch);
    cr_expect_neq(ts_run(test), 0, "an output folder was made");
    free(test);
}

Test(cli_definitions, analyze_stops_before_reading_an_input)
{
    write_in_dir("bad.ini", "[x]\nking = k\ncastling = maybe\n");
    write_in_dir("g.log", "Game: Chess\n\n1. e2-e4\n");
    expect_stopped("g.log --variants bad.ini",
                   "gcaudit: analyze: bad.ini:3: castling: [x] \"maybe\" is not a bool (true or false)\n");
}

Test(cli_definitions, a_defined_variant_is_replayed_into_the_reports)
{
    write_in_dir("capa.log", "Game: Capablanca Chess\n"
                             "Log: capa-1\n"
                             "White: Ann\nBlack: Bob\n"
                             "Result: 1-0\n"
                             "\n"
                             "1. P f2-f4 1... p e7-e5\n"
                             "2. P g2-g4 2... q e8-i4 // the f7 pawn is in the way\n"
                             "\n"
                             "Game: Capablanca Chess\n"
                             "Log: capa-2\n"
                             "White: Ann\nBlack: Bob\n"
                             "\n"
                             "1. P f2-f4 1... p f7-f5\n"
                             "2. C h1-i3 2... a c8-d6\n"
                             "3. C i3-k5 // no such square\n");
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze capa.log -q -o out"), 0);
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect(strstr(games, "capa.log,,1,capa-1,capablanca-gc,,,Ann,Bob,,,3,1-0,1-0,illegal,,,,illegal,1,2,illegal-move,\n") != NULL,
              "%s", games);
    cr_expect(strstr(games, "capa.log,,2,capa-2,capablanca-gc,,,Ann,Bob,,,4,*,*,illegal,,,,illegal,1,3,no-such-square,\n") != NULL,
              "%s", games);
    free(games);
    char *v = ts_slurp(ts_scratch, "out/violations.csv");
    cr_expect(strstr(v, "capa.log,,1,capa-1,capablanca-gc,8,2,black,Bob,q e8-i4,illegal-move,the queen on e8 "
                        "cannot reach i4: the path is blocked at f7,the f7 pawn is in the way\n") != NULL,
              "%s", v);
    cr_expect(strstr(v, "no-such-square,there is no square k5 in Capablanca Chess,no such square\n") != NULL, "%s", v);
    free(v);
}

/* --variant names a defined variant by its report key, hyphen and all,
 * or by any Game: name it answers to; the definitions are loaded after
 * the options are read, and the names are looked up then. */
Test(cli_definitions, variant_selects_a_defined_variant_by_key_or_game_name)
{
    write_in_dir("two.log", "Game: Shogi\nLog: s-1\nWhite: Ann\nBlack: Bob\n\n1. P c3-c4\n\n"
                            "Game: Chess\nLog: c-1\nWhite: Ann\nBlack: Bob\n\n1. P e2-e4\n");
    const char *names[] = {"shogi-gc", "Shogi-GC", "'Japanese Chess'", "shogi"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *cmd = ts_fmt("analyze -q two.log -o out --variant %s", names[i]);
        cr_assert_eq(ts_gcaudit(ts_scratch, cmd), 0, "%s", cmd);
        char *err = ts_slurp(ts_scratch, "stderr.txt"), *games = ts_slurp(ts_scratch, "out/games.csv");
        cr_expect_str_eq(err, "", "%s", cmd);
        cr_expect(strstr(games, ",s-1,shogi-gc,") != NULL && strstr(games, ",c-1,") == NULL, "%s:\n%s", cmd,
                  games);
        free(games);
        free(err);
        free(cmd);
    }
}

/* A folder of the user's (GCAUDIT_DEFINITIONS) is loaded as a whole
 * before any game is read, whatever the games need: a bad definition in
 * it stops every run (the folder gcaudit ships is compiled on first need
 * instead, replay/test_variants.c and docs/defined-variants.md). */
static void folder_with(const char *name, const char *text)
{
    char *dir = ts_fmt("%s/defs", ts_scratch);
    char *mk = ts_fmt("mkdir -p '%s'", dir);
    cr_assert_eq(ts_run(mk), 0);
    char *path = ts_fmt("%s/%s", dir, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    cr_assert_eq(setenv("GCAUDIT_DEFINITIONS", dir, 1), 0);
    free(path);
    free(mk);
    free(dir);
}

Test(cli_definitions, a_bad_definition_in_a_folder_of_ones_own_stops_every_run)
{
    folder_with("bad.ini", "[bad]\ngcGames = Bad Chess\nking = k\ncastling = maybe\n");
    write_in_dir("chess.log", "Game: Chess\n\n1. P e2-e4\n");
    char *want = ts_fmt("gcaudit: analyze: %s/defs/bad.ini:4: castling: [bad] \"maybe\" is not a bool (true or false)\n",
                        ts_scratch);
    expect_stopped("chess.log -q", want);
    free(want);
    unsetenv("GCAUDIT_DEFINITIONS");
}

/* A definition of the folder that claims a built-in's Game: name has it:
 * it is registered after the built-ins. */
Test(cli_definitions, a_folder_definition_claiming_a_builtin_name_has_it)
{
    folder_with("mine.ini", "[mine]\ngcGames = Chess\npawn = p\nknight = n\nbishop = b\nrook = r\n"
                            "queen = q\nking = k\n"
                            "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    write_in_dir("chess.log", "Game: Chess\n\n1. P e2-e4\n");
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze chess.log -q -o out"), 0);
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect(strstr(games, ",mine,") != NULL, "%s", games);
    free(games);
    unsetenv("GCAUDIT_DEFINITIONS");
}
