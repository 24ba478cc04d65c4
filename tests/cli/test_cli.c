/*
 * The gcaudit command as users run it: exit codes (gcaudit(1)), the exact
 * rows of the three reports for a small log, --excel, byte-identical
 * reruns, and `replay`.  Runs the built binary (GC_BINARY).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/support.h"

TestSuite(cli, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const char small_log[] =
    "Game: Chess\n"
    "Log: small-1\n"
    "Event: Club, \"Spring\" Cup\n"
    "White: Ada Quill\n"
    "Black: Dmitri Volkov\n"
    "Result: 0-1\n"
    "\n"
    "1. P f2-f3 1... p e7-e5\n"
    "2. P g2-g4 2... q d8-h4 // mate\n"
    "\n"
    "Game: Chess\n"
    "Log: small-2\n"
    "White: Dmitri Volkov\n"
    "Black: Ada Quill\n"
    "\n"
    "1. P e2-e4 1... p e7-e5\n"
    "2. B f1-b5 2... n b8-c6\n"
    "3. B c1-g5 // through the d2 pawn\n";

static void write_small_log(void)
{
    char *path = ts_fmt("%s/small.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, small_log, strlen(small_log)), 0);
    free(path);
}

/* The help a command prints is tests/fixtures/cli/NAME-help.txt, byte
 * for byte, on stdout, with nothing on stderr. */
static char *read_fixture(const char *name)
{
    char *path = ts_fmt("%s/cli/%s", GC_FIXTURES, name);
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "no fixture %s", path);
    free(path);
    return text;
}

static void expect_help(const char *args, const char *fixture)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, args), 0, "gcaudit %s", args);
    char *want = read_fixture(fixture);
    char *out = ts_slurp(ts_scratch, "stdout.txt"), *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(out, want, "gcaudit %s", args);
    cr_expect_str_eq(err, "", "gcaudit %s", args);
    free(want);
    free(out);
    free(err);
}

Test(cli, version_and_help)
{
    cr_expect_eq(ts_gcaudit(ts_scratch, "--version"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    char *want = ts_fmt("gcaudit %s\n", GC_VERSION);
    cr_expect_str_eq(out, want);
    free(want);
    free(out);
    expect_help("--help", "gcaudit-help.txt");
    expect_help("-h", "gcaudit-help.txt");
    expect_help("help", "gcaudit-help.txt");
    expect_help("analyze --help", "analyze-help.txt");
    expect_help("analyze -h --bogus", "analyze-help.txt");
    expect_help("merge --help", "merge-help.txt");
    expect_help("merge -h", "merge-help.txt");
}

/* A usage error: its exit status, the first line on stderr, and whether
 * the command's help follows it there (nothing on stdout either way). */
static const struct usage_case {
    const char *args;
    int status;
    const char *message;
    const char *help;             /* the fixture that follows the message, or NULL */
} usage_cases[] = {
    {"", 2, "usage: gcaudit COMMAND [OPTIONS]", NULL},
    {"frobnicate", 2, "gcaudit: unknown command 'frobnicate' (see 'gcaudit --help')", NULL},
    {"analyse x.log", 2, "gcaudit: unknown command 'analyse' (did you mean 'analyze'?)", NULL},
    {"repaly x.log", 2, "gcaudit: unknown command 'repaly' (did you mean 'replay'?)", NULL},
    {"analyze", 2, "gcaudit: analyze: no input given", "analyze-help.txt"},
    {"analyze --bogus x.log", 2,
     "gcaudit: analyze: unknown option '--bogus' (see 'gcaudit analyze --help')", NULL},
    {"analyze --bogus -h", 2,
     "gcaudit: analyze: unknown option '--bogus' (see 'gcaudit analyze --help')", NULL},
    {"analyze -qv x.log", 2,
     "gcaudit: analyze: unknown option '-qv' (write the letters apart: '-q -v')", NULL},
    {"analyze x.log --excel=1", 2,
     "gcaudit: analyze: unknown option '--excel=1' (--excel takes no value)", NULL},
    {"analyze x.log --verb", 2,
     "gcaudit: analyze: unknown option '--verb' (did you mean '--verbose'?)", NULL},
    {"analyze x.log --jbos 2", 2,
     "gcaudit: analyze: unknown option '--jbos' (did you mean '--jobs'?)", NULL},
    {"analyze x.log --ouptut=r", 2,
     "gcaudit: analyze: unknown option '--ouptut=r' (did you mean '--output'?)", NULL},
    {"analyze x.log -o", 2, "gcaudit: -o needs a directory", NULL},
    {"analyze x.log --output", 2, "gcaudit: --output needs a directory", NULL},
    {"analyze x.log -o ''", 2, "gcaudit: analyze: the output directory name is empty", NULL},
    {"analyze x.log --output=", 2, "gcaudit: analyze: the output directory name is empty", NULL},
    {"analyze x.log --variant", 2, "gcaudit: analyze: --variant needs a value", NULL},
    {"analyze x.log --since 2024-13-01", 2,
     "gcaudit: analyze: --since wants a date YYYY-MM-DD, not '2024-13-01'", NULL},
    {"analyze x.log --until=2024-02-30", 2,
     "gcaudit: analyze: --until wants a date YYYY-MM-DD, not '2024-02-30'", NULL},
    {"analyze x.log --results foo", 2,
     "gcaudit: analyze: --results is 'verified' or 'declared', not 'foo'", NULL},
    {"analyze x.log --min-games -3", 2, "gcaudit: analyze: --min-games wants a number, not '-3'",
     NULL},
    {"analyze x.log --xlsx=", 2, "gcaudit: analyze: the --xlsx file name is empty", NULL},
    {"analyze x.log -j", 2, "gcaudit: analyze: -j wants a number of threads from 1 to 1024", NULL},
    {"analyze x.log -j0", 2, "gcaudit: analyze: -j wants a number of threads from 1 to 1024", NULL},
    {"analyze x.log --jobs=2000", 2,
     "gcaudit: analyze: -j wants a number of threads from 1 to 1024", NULL},
    {"analyze x.log --shard", 2,
     "gcaudit: analyze: --shard wants K/N with 1 <= K <= N, e.g. --shard 2/8", NULL},
    {"analyze x.log --shard 3/2", 2,
     "gcaudit: analyze: --shard wants K/N with 1 <= K <= N, e.g. --shard 2/8", NULL},
    {"analyze x.log --shard 1/2 --xlsx a.xlsx", 2,
     "gcaudit: analyze: a shard has no statistics: give --xlsx to 'gcaudit merge'", NULL},
    {"merge", 2, "gcaudit: merge: no shard directory given", "merge-help.txt"},
    {"merge --bogus", 2, "gcaudit: merge: unknown option '--bogus' (see 'gcaudit merge --help')",
     NULL},
    {"merge d -o", 2, "gcaudit: merge: -o needs a value", NULL},
    {"merge d --xlsx ''", 2, "gcaudit: merge: an output name is empty", NULL},
    {"replay", 2, "usage: gcaudit replay FILE [--entry PATH] [--game N] [--turn T] [--fen]",
     NULL},
    {"replay a.log --game 0", 2, "gcaudit: replay: --game needs a number from 1 up", NULL},
    {"variants extra", 2, "gcaudit: variants: takes no arguments (not 'extra')", NULL},
    {"variants --variants", 2, "gcaudit: variants: --variants needs a value", NULL},
};

/* Output that cannot be written is an error (exit 3, said on stderr),
 * never a silent 0: a full device, a closed descriptor. */
Test(cli, unwritable_standard_output_exits_3)
{
    static const char *const args[] = {"variants", "--help", "variants --help", "--version",
                                       "replay --help", "analyze --help"};
    for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
        char *cmd = ts_fmt("cd '%s' && '%s' %s >/dev/full 2>stderr.txt", ts_scratch, GC_BINARY, args[i]);
        cr_expect_eq(ts_run(cmd), 3, "%s", args[i]);
        free(cmd);
        char *err = ts_slurp(ts_scratch, "stderr.txt");
        cr_expect_str_eq(err, "gcaudit: cannot write to standard output: No space left on device\n", "%s", args[i]);
        free(err);
    }
    char *cmd = ts_fmt("cd '%s' && '%s' variants >&- 2>stderr.txt", ts_scratch, GC_BINARY);
    cr_expect_eq(ts_run(cmd), 3);
    free(cmd);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: cannot write to standard output: Bad file descriptor\n");
    free(err);
}

/* A report passing `ulimit -f` (SIGXFSZ) fails its write with EFBIG: the
 * run stops with exit 3 naming the file and the reason, not killed. */
Test(cli, a_file_size_limit_is_reported_not_fatal)
{
    char *path = ts_fmt("%s/many.log", ts_scratch);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    for (int i = 0; i < 200; i++)
        fprintf(f, "%s\n", small_log);
    cr_assert_eq(fclose(f), 0);
    free(path);
    char *cmd = ts_fmt("cd '%s' && ulimit -f 8 && '%s' analyze -q many.log -o out --viewer none 2>stderr.txt",
                       ts_scratch, GC_BINARY);
    cr_expect_eq(ts_run(cmd), 3);
    free(cmd);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect(strstr(err, "gcaudit: cannot write 'out/games.csv': File too large\n"), "%s", err);
    cr_expect(strstr(err, "gcaudit: the reports in 'out' could not be written completely: none was written\n"),
              "%s", err);
    free(err);
}

/* The page past `ulimit -f` (the CSV reports fit): its path is said
 * once, then the reason (it was said twice). */
Test(cli, a_summary_page_that_cannot_be_written_is_named_once)
{
    char *path = ts_fmt("%s/one.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, small_log, strlen(small_log)), 0);
    free(path);
    char *cmd = ts_fmt("cd '%s' && ulimit -f 40 && '%s' analyze -q one.log -o out --viewer none "
                       "2>stderr.txt",
                       ts_scratch, GC_BINARY);
    cr_expect_eq(ts_run(cmd), 3);
    free(cmd);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: cannot write 'out/summary.html': File too large\n"
                          "gcaudit: the reports in 'out' could not be written completely: none "
                          "was written\n");
    free(err);
}

Test(cli, usage_errors_say_what_is_wrong)
{
    for (size_t i = 0; i < sizeof usage_cases / sizeof usage_cases[0]; i++) {
        const struct usage_case *c = &usage_cases[i];
        cr_expect_eq(ts_gcaudit(ts_scratch, c->args), c->status, "gcaudit %s", c->args);
        char *err = ts_slurp(ts_scratch, "stderr.txt"), *out = ts_slurp(ts_scratch, "stdout.txt");
        size_t first = strcspn(err, "\n");
        cr_expect(strlen(c->message) == first && strncmp(err, c->message, first) == 0,
                  "gcaudit %s said \"%.*s\", not \"%s\"", c->args, (int)first, err, c->message);
        cr_expect_str_eq(out, "", "gcaudit %s wrote on stdout", c->args);
        if (c->help) {
            char *help = read_fixture(c->help);
            cr_expect_str_eq(err + first + (err[first] == '\n'), help,
                             "gcaudit %s: not the help after the message", c->args);
            free(help);
        } else if (strncmp(c->message, "usage:", 6) != 0) {
            cr_expect_eq(err[first], '\n', "gcaudit %s", c->args);
            cr_expect_eq(err[first + 1], '\0', "gcaudit %s: more than the message", c->args);
        }
        free(err);
        free(out);
    }
}

Test(cli, reports_of_a_small_log)
{
    write_small_log();
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze small.log -o out"), 0);
    char *inputs = ts_slurp(ts_scratch, "out/inputs.csv");
    char *want = ts_fmt("source,entry,bytes,games,status,message\n"
                        "small.log,,%zu,2,ok,\n", strlen(small_log));
    cr_expect_str_eq(inputs, want);
    free(want);
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect_str_eq(games,
        "source,entry,game_index,log_id,variant,event,round,white,black,started,ended,turns,"
        "declared_result,result,termination,detail,winner,loser,status,violations,"
        "first_violation_turn,first_violation_code,duplicate_of\n"
        "small.log,,1,small-1,chess,\"Club, \"\"Spring\"\" Cup\",,Ada Quill,Dmitri Volkov,,,4,"
        "0-1,0-1,checkmate,,Dmitri Volkov,Ada Quill,ok,0,,,\n"
        "small.log,,2,small-2,chess,,,Dmitri Volkov,Ada Quill,,,4,*,*,illegal,,,,illegal,1,3,"
        "illegal-move,\n");
    char *viol = ts_slurp(ts_scratch, "out/violations.csv");
    cr_expect_str_eq(viol,
        "source,entry,game_index,log_id,variant,line,turn,side,player,text,code,message,comment\n"
        "small.log,,2,small-2,chess,18,3,white,Dmitri Volkov,B c1-g5,illegal-move,"
        "the bishop on c1 cannot reach g5: the path is blocked at d2,through the d2 pawn\n");
    free(inputs);
    free(games);
    free(viol);
}

Test(cli, excel_adds_bom_and_crlf)
{
    write_small_log();
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze small.log --excel -q -o out"), 0);
    char *inputs = ts_slurp(ts_scratch, "out/inputs.csv");
    char *want = ts_fmt("\xEF\xBB\xBFsource,entry,bytes,games,status,message\r\n"
                        "small.log,,%zu,2,ok,\r\n", strlen(small_log));
    cr_expect_str_eq(inputs, want);
    free(want);
    free(inputs);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect_str_eq(out, "", "--quiet printed: %s", out);
    free(out);
}

Test(cli, missing_input_exits_2_before_the_run)
{
    /* Nothing is read and no report folder is made; stderr says why. */
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze nowhere.log -o out"), 2);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: analyze: cannot read the input 'nowhere.log': No such file "
                          "or directory; nothing was read\n");
    free(err);
    char *out = ts_fmt("%s/out", ts_scratch);
    struct stat st;
    cr_expect_neq(stat(out, &st), 0, "the refused run made its report folder");
    free(out);
}

Test(cli, one_failed_input_of_two_exits_1)
{
    write_small_log();
    /* A gzip stream cut after its first bytes: there, and unreadable. */
    static const char cut[] = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\x4c\x4a";
    char *path = ts_fmt("%s/cut.gz", ts_scratch);
    cr_assert_eq(ts_write_file(path, cut, sizeof cut - 1), 0);
    free(path);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze small.log cut.gz -o out"), 1);
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect(strstr(games, "small-2") != NULL, "the good input's games are still reported");
    free(games);
}

Test(cli, unwritable_output_exits_3)
{
    write_small_log();
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze small.log -o /proc/gcaudit-cannot-be-here"), 3);
}

Test(cli, reruns_are_byte_identical)
{
    char *args = ts_fmt("analyze -q '%s/oracle' -o a", GC_FIXTURES);
    cr_assert_leq(ts_gcaudit(ts_scratch, args), 1);
    free(args);
    args = ts_fmt("analyze -q '%s/oracle' -o b", GC_FIXTURES);
    cr_assert_leq(ts_gcaudit(ts_scratch, args), 1);
    free(args);
    const char *names[] = {"inputs.csv", "games.csv", "violations.csv"};
    for (int i = 0; i < 3; i++) {
        char *pa = ts_fmt("a/%s", names[i]), *pb = ts_fmt("b/%s", names[i]);
        char *a = ts_slurp(ts_scratch, pa), *b = ts_slurp(ts_scratch, pb);
        cr_expect_str_eq(a, b, "%s differs between two runs", names[i]);
        cr_expect_gt(strlen(a), 300, "%s is nearly empty", names[i]);
        free(a); free(b); free(pa); free(pb);
    }
}

Test(cli, replay_shows_boards_and_stops_at_the_violation)
{
    write_small_log();
    cr_expect_eq(ts_gcaudit(ts_scratch, "replay small.log --game 2"), 1);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "starting position") != NULL);
    cr_expect(strstr(out, "2... n b8-c6") != NULL, "each turn is printed");
    cr_expect(strstr(out, "1  R  N  B  Q  K  .  N  R") != NULL, "board after 2... n b8-c6:\n%s", out);
    cr_expect(strstr(out, "small.log:18: game 2, turn 3. ('B c1-g5'): illegal-move: the bishop on c1 "
                          "cannot reach g5: the path is blocked at d2") != NULL, "%s", out);
    free(out);
    cr_expect_eq(ts_gcaudit(ts_scratch, "replay small.log"), 0);
    out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "result 0-1 (checkmate)") != NULL, "%s", out);
    free(out);
    cr_expect_eq(ts_gcaudit(ts_scratch, "replay small.log --game 3"), 3);
}

Test(cli, variants_lists_the_registry)
{
    cr_expect_eq(ts_gcaudit(ts_scratch, "variants"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "chess") != NULL && strstr(out, "orthodoxchess") != NULL, "%s", out);
    free(out);
}

/* Issue 5: a constructed Palindromic game that reaches reversal, replayed
 * through the command as a user would. */
Test(cli, palindromic_reversal_through_replay_and_analyze)
{
    char *args = ts_fmt("replay '%s/palindromic/reversal.log'", GC_FIXTURES);
    cr_expect_eq(ts_gcaudit(ts_scratch, args), 0);
    free(args);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "69... k e2-e1") != NULL, "the completing move is shown");
    cr_expect(strstr(out, "status ok, 138 turns, result 0-1 (reversal)") != NULL, "%s",
              strstr(out, "status") ? strstr(out, "status") : out);
    cr_expect(strstr(out, "8  lr n  b  k  q  b  n  rr") != NULL, "the mirrored setup is drawn");
    free(out);
    args = ts_fmt("analyze -q '%s/palindromic/reversal.log' -o out", GC_FIXTURES);
    cr_expect_eq(ts_gcaudit(ts_scratch, args), 0);
    free(args);
    char *games = ts_slurp(ts_scratch, "out/games.csv");
    cr_expect(strstr(games, ",palindromic,") && strstr(games, ",138,*,0-1,reversal,,Black Player,White Player,ok,0,,"),
              "%s", games);
    free(games);
}

/* One game is "1 game", in the summary, the selection line and the page's
 * chart (issue 26: "1 games"). */
Test(cli, one_game_is_singular)
{
    static const char one[] = "Game: Chess\nWhite: Ada\nBlack: Bob\nEvent: Club\n\n"
                              "1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n";
    char *path = ts_fmt("%s/one.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, one, strlen(one)), 0);
    free(path);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze one.log --event Club -o out"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect(strstr(out, "), 1 game in "), "%s", out);
    cr_expect(strstr(out, "\n  selected: 1 of 1 game (event Club)\n"), "%s", out);
    cr_expect(!strstr(out, "1 games"), "%s", out);
    char *page = ts_slurp(ts_scratch, "out/summary.html");
    cr_expect(strstr(page, ">1 valid game<"), "the chart's label");
    cr_expect(strstr(page, " of 1 game ("), "the selection");
    cr_expect(!strstr(page, ">1 games") && !strstr(page, " 1 games"), "1 games on the page");
    free(page);
    free(out);
}
