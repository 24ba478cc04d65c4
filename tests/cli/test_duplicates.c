/*
 * Duplicate games (cli/duplicates.c): a game whose variant, players and
 * moves are an earlier game's is named in games.csv's last column,
 * duplicate_of, and counted once in the statistics and the summary, the
 * same whatever -j or --shard says; --keep-duplicates counts every copy;
 * the same file given twice is read once, with a warning.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "tests/support/csvread.h"
#include "tests/support/support.h"
#include "tests/support/zip.h"

static void write_in_dir(const char *name, const char *text)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    free(path);
}

/* a.log: a mate with markers and labels, and an empty game; b.log: the
 * same mate as Game Courier lists moves, under other headers, with an
 * illegal move of Ada's after it, and another empty game; c.log: the
 * mate again, between other players. */
static void setup(void)
{
    ts_scratch_setup();
    write_in_dir("a.log", "Game: Chess\nLog: g1\nEvent: Spring\nWhite: Ada\nBlack: Bob\n"
                          "Result: 0-1\n\n1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n\n"
                          "Game: Chess\nWhite: Ada\nBlack: Bob\n\n");
    write_in_dir("b.log", "Game: Chess\nLog: g1-copy\nEvent: Autumn\nWhite: Ada\nBlack: Bob\n\n"
                          "f2-f3, e7-e5, g2 - g4\nq d8-h4 // mate\n\n"
                          "Game: Chess\nWhite: Ada\nBlack: Bob\n\n");
    write_in_dir("c.log", "Game: Chess\nWhite: Cy\nBlack: Dee\n\n"
                          "1. P f2-f3 1... p e7-e5\n2. P g2-g4 2... q d8-h4\n");
}

TestSuite(duplicates, .init = setup, .fini = ts_scratch_teardown);

static struct ts_csv read_report(const char *name)
{
    struct ts_csv t;
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(ts_csv_read(path, &t), 0, "%s", name);
    free(path);
    return t;
}

Test(duplicates, a_copy_is_named_and_counted_once)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze a.log b.log c.log -o out"), 0);
    struct ts_csv g = read_report("out/games.csv");
    cr_assert_eq(g.nrows - 1, 5u);
    cr_expect_str_eq(g.rows[0][g.ncols[0] - 1], "duplicate_of", "the last column");
    cr_expect_str_eq(ts_csv_get(&g, 1, "duplicate_of"), "");
    cr_expect_str_eq(ts_csv_get(&g, 2, "duplicate_of"), "", "a game without moves is no copy");
    cr_expect_str_eq(ts_csv_get(&g, 3, "duplicate_of"), "a.log, game 1");
    cr_expect_str_eq(ts_csv_get(&g, 4, "duplicate_of"), "");
    cr_expect_str_eq(ts_csv_get(&g, 5, "duplicate_of"), "", "other players: another game");
    ts_csv_free(&g);
    struct ts_csv v = read_report("out/variants.csv");
    cr_expect_str_eq(ts_csv_get(&v, 1, "games"), "4");
    cr_expect_str_eq(ts_csv_get(&v, 1, "valid_games"), "2");
    ts_csv_free(&v);
    struct ts_csv p = read_report("out/players.csv");
    cr_expect_str_eq(ts_csv_get(&p, 1, "player"), "Ada");
    cr_expect_str_eq(ts_csv_get(&p, 1, "games"), "1", "Ada lost the mate once, not twice");
    ts_csv_free(&p);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    const char *games = strstr(out, "\n  copies:");
    cr_assert_not_null(games, "%s", out);
    cr_expect_str_eq(games + 1,
                     "  copies: 1 game is a copy of an earlier one, not counted below (games.csv: "
                     "duplicate_of; violations.csv lists its 0 violations too)\n"
                     "  games: 4 ok (2 finished, 2 unfinished), 0 illegal, 0 malformed, 0 "
                     "unsupported\n"
                     "  results of the 2 valid games (verified, as the statistics count them): 0 "
                     "white wins, 2 black wins, 0 draws\n"
                     "  violations: 0 (0 result mismatches); reports in out/\n");
    free(out);
}

Test(duplicates, keep_duplicates_counts_every_copy)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q --keep-duplicates a.log b.log c.log -o out"), 0);
    struct ts_csv g = read_report("out/games.csv");
    cr_expect_str_eq(ts_csv_get(&g, 3, "duplicate_of"), "");
    ts_csv_free(&g);
    struct ts_csv v = read_report("out/variants.csv");
    cr_expect_str_eq(ts_csv_get(&v, 1, "games"), "5");
    cr_expect_str_eq(ts_csv_get(&v, 1, "valid_games"), "3");
    ts_csv_free(&v);
}

/* Every report of a run, concatenated. */
static char *reports(const char *out)
{
    static const char *const names[] = {"inputs.csv", "games.csv", "violations.csv",
                                        "variants.csv", "players.csv", "headtohead.csv",
                                        "terminations.csv"};
    char *all = ts_fmt("%s", "");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *path = ts_fmt("%s/%s", out, names[i]);
        char *text = ts_slurp(ts_scratch, path);
        char *next = ts_fmt("%s== %s\n%s", all, names[i], text);
        free(all);
        free(text);
        free(path);
        all = next;
    }
    return all;
}

Test(duplicates, the_first_copy_is_the_same_whatever_j_or_shards)
{
    /* Many copies in many entries, so that -j 8 replays them out of order. */
    char *logs = ts_fmt("%s/logs", ts_scratch);
    cr_assert_eq(mkdir(logs, 0777), 0);
    free(logs);
    for (int i = 0; i < 40; i++) {
        char *name = ts_fmt("logs/m%02d.log", i);
        char *text = ts_fmt("Game: Chess\nWhite: P%d\nBlack: Q%d\n\n1. P f2-f3 1... p e7-e5\n"
                            "2. P g2-g4 2... q d8-h4\n",
                            i % 3, i % 3);
        write_in_dir(name, text);
        free(name);
        free(text);
    }
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q -j 1 logs -o j1"), 0);
    char *one = reports("j1");
    cr_expect(strstr(one, "logs/m03.log,,1,,chess,,,P0,Q0") &&
                  strstr(one, "\"logs/m00.log, game 1\"\n"),
              "%s", one);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q -j 8 logs -o j8"), 0);
    char *eight = reports("j8");
    cr_expect_str_eq(eight, one, "-j 8");
    for (int k = 1; k <= 3; k++) {
        char *args = ts_fmt("analyze -q -j 2 --shard %d/3 logs -o s%d", k, k);
        cr_assert_eq(ts_gcaudit(ts_scratch, args), 0);
        free(args);
    }
    cr_assert_eq(ts_gcaudit(ts_scratch, "merge -q s3 s1 s2 -o merged"), 0);
    char *merged = reports("merged");
    cr_expect_str_eq(merged, one, "three shards merged");
    free(one);
    free(eight);
    free(merged);
}

Test(duplicates, the_same_file_twice_is_read_once)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q a.log ./a.log -o out"), 0);
    char *err = ts_slurp(ts_scratch, "stderr.txt");
    cr_expect_str_eq(err, "gcaudit: warning: './a.log' is given twice (also as 'a.log'): it is "
                          "read once\n");
    free(err);
    struct ts_csv in = read_report("out/inputs.csv");
    cr_expect_eq(in.nrows - 1, 1u);
    ts_csv_free(&in);
    cr_expect_eq(ts_gcaudit(ts_scratch, "analyze -q --strict a.log a.log -o out"), 2);
}

/* ------------------------------------------ the counts, in every output */

/* The number after `key` in text (its first occurrence; thousands
 * separators skipped), or -1. */
static long long number_after(const char *text, const char *key)
{
    const char *p = strstr(text, key);
    if (!p)
        return -1;
    p += strlen(key);
    while (*p == ' ' || *p == '>' || *p == '(')
        p++;
    if (*p < '0' || *p > '9')
        return -1;
    long long v = 0;
    for (; (*p >= '0' && *p <= '9') || (*p == ',' && p[1] >= '0' && p[1] <= '9'); p++)
        if (*p != ',')
            v = 10 * v + (*p - '0');
    return v;
}

/* The number before `key` in text (the first occurrence), or -1. */
static long long number_before(const char *text, const char *key)
{
    const char *p = strstr(text, key);
    if (!p)
        return -1;
    while (p > text && p[-1] == ' ')
        p--;
    const char *end = p;
    while (p > text && ((p[-1] >= '0' && p[-1] <= '9') || p[-1] == ','))
        p--;
    if (p == end)
        return -1;
    long long v = 0;
    for (; p < end; p++)
        if (*p != ',')
            v = 10 * v + (*p - '0');
    return v;
}

/* The rows of the JSON table `id` of summary.html (each starts a line
 * with '['), or -1 when the page has no such table. */
/* Where text holds what the format fmt makes of arg, or NULL. */
static const char *find_made(const char *text, const char *fmt, const char *arg)
{
    char *what = ts_fmt(fmt, arg);
    const char *p = strstr(text, what);
    free(what);
    return p;
}

static long long json_rows(const char *page, const char *id)
{
    const char *p = find_made(page, "id=\"%s\">", id);
    if (!p)
        return -1;
    const char *end = strstr(p, "</script>");
    long long n = 0;
    for (const char *q = p; (q = strstr(q, "\n[")) != NULL && q < end; q++)
        n++;
    return n;
}

/* The cells of the first data row after the header row `head` of an
 * HTML table: the numbers of its <td>s, up to max. */
static size_t html_row(const char *page, const char *head, long long *v, size_t max)
{
    const char *p = strstr(page, head);
    cr_assert_not_null(p, "summary.html has no table headed %s", head);
    p = strstr(p, "</tr>");
    size_t n = 0;
    const char *end = strstr(p + 5, "</tr>");
    for (const char *q = p; n < max && (q = strstr(q, "<td>")) != NULL && q < end; q += 4)
        v[n++] = number_after(q, "<td>");
    return n;
}

/* The value beside `key` in the workbook's info sheet (its cells inline
 * strings, then a number), or -1. */
static long long info_value(const char *sheet, const char *key)
{
    const char *p = find_made(sheet, "<t>%s</t>", key);
    p = p ? strstr(p, "<v>") : NULL;
    return p ? strtoll(p + 3, NULL, 10) : -1;
}

/* The rows of a CSV report (header not counted) whose column `col` is
 * `want` ("*": any, "+": not empty). */
static long long csv_rows(const char *name, const char *col, const char *want)
{
    struct ts_csv t = read_report(name);
    long long n = 0;
    for (size_t r = 1; r < t.nrows; r++) {
        const char *c = col ? ts_csv_get(&t, r, col) : "";
        n += strcmp(want, "*") == 0 || (strcmp(want, "+") == 0 ? c[0] != 0 : strcmp(c, want) == 0);
    }
    ts_csv_free(&t);
    return n;
}

/* The same archive under two names: every count of games, violations and
 * mismatches of the printed summary, the progress line's last state, the
 * counts and tables of summary.html, the workbook's info sheet and the
 * rows of the CSV reports is the same number, or the copies make up the
 * difference, said as such (issue 26). */
Test(duplicates, copies_make_every_count_agree, .timeout = 120)
{
    char *cmd = ts_fmt("cp '%s/sample-data/chess-open-2024.tar.gz' '%s/a.tar.gz' && "
                       "cp '%s/a.tar.gz' '%s/b.tar.gz'",
                       GC_SOURCE_DIR, ts_scratch, ts_scratch, ts_scratch);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    /* Under a pseudo-terminal (script(1)), for the progress line. */
    cmd = ts_fmt("cd '%s' && script -qec \"'%s' analyze a.tar.gz b.tar.gz -o out "
                 "--xlsx out/stats.xlsx\" /dev/null >typescript.txt 2>&1",
                 ts_scratch, GC_BINARY);
    int rc = ts_run(cmd);
    free(cmd);
    cr_assert_neq(rc, 127, "script(1) is not installed (util-linux)");
    char *tty = ts_slurp(ts_scratch, "typescript.txt");

    /* The printed summary. */
    const char *summary = strstr(tty, "gcaudit: 66 entries read");
    cr_assert_not_null(summary, "no summary in\n%s", tty);
    long long read = number_before(summary, "games in");
    long long copies = number_after(summary, "copies:");
    long long copy_violations = number_before(summary, "violations too");
    long long ok = number_before(summary, "ok (");
    long long illegal = number_before(summary, "illegal,");
    long long malformed = number_before(summary, "malformed,");
    long long unsupported = number_before(summary, "unsupported");
    long long counted = ok + illegal + malformed + unsupported;
    long long violations = number_after(summary, "  violations:");
    long long mismatches = number_before(strstr(summary, "  violations:"), "result mismatch");
    cr_expect_eq(read, 70);
    cr_expect_eq(copies, 35);
    cr_expect_eq(counted, 35);
    cr_expect_eq(read, counted + copies, "games read = counted + copies");
    cr_expect_eq(violations, 7);
    cr_expect_eq(copy_violations, 7);
    cr_expect_eq(mismatches, 1);

    /* The progress line's last state, just before the summary. */
    char *before = ts_fmt("%.*s", (int)(summary - tty), tty);
    const char *last = NULL;
    for (const char *p = before; (p = strstr(p, "\033[K[")) != NULL; p++)
        last = p + 3;
    cr_assert_not_null(last, "no progress line drawn:\n%s", before);
    cr_expect_eq(number_before(last, "entries,"), 66);
    cr_expect_eq(number_before(last, "games ("), read, "the progress line's games");
    cr_expect_eq(number_before(last, "violations"), violations,
                 "the progress line's violations: %s", last);
    free(before);

    /* summary.html: the counts, the copies' sentence, the tables. */
    char *page = ts_slurp(ts_scratch, "out/summary.html");
    long long row[8] = {0};
    cr_assert_eq(html_row(page, "<tr><th>games</th><th>ok</th>", row, 8), 7u);
    cr_expect_eq(row[0], counted);
    cr_expect_eq(row[1], ok);
    cr_expect_eq(row[2], illegal);
    cr_expect_eq(row[3], malformed);
    cr_expect_eq(row[4], unsupported);
    cr_expect_eq(row[5], violations);
    cr_expect_eq(row[6], mismatches);
    const char *note = strstr(page, "id=\"copies-note\"");
    cr_assert_not_null(note, "summary.html does not say that copies are not counted");
    cr_expect_eq(number_before(note, "copies of earlier games"), copies);
    cr_expect_eq(number_before(note, "violations and"), copy_violations);
    cr_expect_eq(number_after(page, "Games with violations"), illegal + malformed);
    cr_expect_eq(json_rows(page, "games-data"), illegal + malformed);
    cr_expect_eq(number_after(page, "Result mismatches"), mismatches);
    cr_expect_eq(json_rows(page, "mismatches-data"), mismatches);
    cr_expect_eq(number_after(page, "Copies of earlier games ("), copies);
    cr_expect_eq(json_rows(page, "copies-data"), copies);
    cr_expect(strstr(page, "\"b.tar.gz!chess-open-2024/round-4/open24-r4-quill-chen.log\"") ||
                  strstr(page, "\"a.tar.gz!chess-open-2024/round-4/open24-r4-quill-chen.log, game 1\""),
              "a copy names the game it copies");
    free(page);

    /* The workbook's info sheet (sheetN.xml, N its place in the list). */
    char *book = ts_fmt("%s/out/stats.xlsx", ts_scratch);
    char *wb = ts_zip_member(book, "xl/workbook.xml");
    cr_assert_not_null(wb);
    const char *info_at = strstr(wb, "<sheet name=\"info\"");
    cr_assert_not_null(info_at, "no info sheet");
    int sheets = 0;
    for (const char *p = wb; (p = strstr(p, "<sheet ")) != NULL && p <= info_at; p++)
        sheets++;
    char *name = ts_fmt("xl/worksheets/sheet%d.xml", sheets);
    char *info = ts_zip_member(book, name);
    cr_assert_not_null(info);
    cr_expect_eq(info_value(info, "games read"), read);
    cr_expect_eq(info_value(info, "games selected"), read, "no selection: every game");
    cr_expect_eq(info_value(info, "copies of earlier games (not counted; games.csv: duplicate_of)"),
                 copies);
    cr_expect_eq(info_value(info, "games counted"), counted);
    cr_expect_eq(info_value(info, "violations"), violations);
    cr_expect_eq(info_value(info, "result mismatches"), mismatches);
    cr_expect_eq(info_value(info, "violations in the copies (not counted)"), copy_violations);
    cr_expect_eq(info_value(info, "games illegal"), illegal);
    cr_expect(!strstr(info, "not selected"), "the copies called not selected");
    free(info);
    free(name);
    free(wb);
    free(book);

    /* The CSV reports. */
    cr_expect_eq(csv_rows("out/games.csv", NULL, "*"), read);
    cr_expect_eq(csv_rows("out/games.csv", "duplicate_of", "+"), copies);
    cr_expect_eq(csv_rows("out/violations.csv", NULL, "*"), violations + copy_violations);
    cr_expect_eq(csv_rows("out/violations.csv", "code", "result-mismatch"), 2 * mismatches);
    struct ts_csv v = read_report("out/variants.csv");
    long long in_variants = 0;
    for (size_t r = 1; r < v.nrows; r++)
        in_variants += strtoll(ts_csv_get(&v, r, "games"), NULL, 10);
    ts_csv_free(&v);
    cr_expect_eq(in_variants, counted, "variants.csv's games");
    free(tty);
}

/* A shard's printed summary counts its part of the games only, and says
 * which part it is; merge's counts the whole (issue 26). */
Test(duplicates, a_shards_summary_names_the_shard)
{
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze --shard 2/3 a.log b.log c.log -o s2"), 0);
    char *out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect_eq(strncmp(out, "gcaudit: shard 2 of 3: ", 23), 0, "%s", out);
    free(out);
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze a.log b.log c.log -o whole"), 0);
    out = ts_slurp(ts_scratch, "stdout.txt");
    cr_expect_eq(strncmp(out, "gcaudit: 3 entries read", 23), 0, "%s", out);
    free(out);
}

/* ------------------------------------------------------ the table alone */

/* The fingerprint of game i of the table tests: any 128 bits, distinct. */
static void test_fp(unsigned i, uint64_t fp[2])
{
    uint64_t z = (uint64_t)i * 0x9E3779B97F4A7C15ULL + 12345;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    fp[0] = z ^ (z >> 27);
    fp[1] = fp[0] * 0x94D049BB133111EBULL + i;
}

/* n distinct games, one entry each, with a copy of an earlier one after
 * every seventh (so names are read back between names written) and a copy
 * of each of the last ones at the end: every copy names its first. */
static void check_table(cli_dups *d, unsigned n)
{
    const char *first;
    uint64_t fp[2];
    uint64_t seq = 0;
    for (unsigned i = 0; i < n; i++) {
        test_fp(i, fp);
        char entry[32];
        snprintf(entry, sizeof entry, "g%u.log", i);
        cr_assert_eq(cli_dups_check(d, fp, seq++, "t.tar", entry, 1 + (int)(i % 3), &first), 0,
                     "game %u is new", i);
        if (i % 7 == 6) {
            unsigned k = (i * 2654435761u) % (i + 1);
            test_fp(k, fp);
            cr_assert_eq(cli_dups_check(d, fp, seq++, "u.tar", "x.log", 1, &first), 1, "copy of %u", k);
            char *want = ts_fmt("t.tar!g%u.log, game %u", k, 1 + k % 3);
            cr_assert_str_eq(first, want);
            free(want);
        }
    }
    for (unsigned k = n > 50 ? n - 50 : 0; k < n; k++) {
        test_fp(k, fp);
        cr_assert_eq(cli_dups_check(d, fp, seq++, "v.tar", "y.log", 2, &first), 1, "late copy of %u", k);
        char *want = ts_fmt("t.tar!g%u.log, game %u", k, 1 + k % 3);
        cr_assert_str_eq(first, want);
        free(want);
    }
}

Test(duplicates_table, names_written_and_read_back_in_turn)
{
    cli_dups *d = cli_dups_new();
    cr_assert_not_null(d);
    check_table(d, 5000);
    cli_dups_free(d);
}

/* A table of 16 slots spills a sorted run every 12 games: 5,000 games make
 * over 400 runs, and every copy is still found, naming its first. */
Test(duplicates_table, a_bounded_table_finds_what_the_plain_one_finds)
{
    cr_assert_null(cli_dups_new_bounded(8), "at least 16 slots");
    cr_assert_null(cli_dups_new_bounded(48), "a power of two");
    cli_dups *d = cli_dups_new_bounded(16);
    cr_assert_not_null(d);
    check_table(d, 5000);
    cli_dups_free(d);
    d = cli_dups_new_bounded(1024);
    check_table(d, 5000);
    cli_dups_free(d);
}

/* The same fingerprint's first 64 bits with other last 32: another game,
 * in a run or in the table. */
Test(duplicates_table, a_fingerprint_differing_in_its_last_bits_is_another_game)
{
    cli_dups *d = cli_dups_new_bounded(16);
    const char *first;
    for (unsigned i = 0; i < 100; i++) {
        uint64_t fp[2] = {0x1234567890abcdefULL | 1, i};
        cr_assert_eq(cli_dups_check(d, fp, i, "a", "", 1, &first), 0, "%u", i);
    }
    for (unsigned i = 0; i < 100; i += 9) {
        uint64_t fp[2] = {0x1234567890abcdefULL | 1, i};
        cr_assert_eq(cli_dups_check(d, fp, 1000 + i, "b", "", 1, &first), 1, "%u", i);
        cr_expect_str_eq(first, "a, game 1");
    }
    cli_dups_free(d);
}

/* The names file keeps its last 64 KiB in memory and reads back blocks of
 * 64 KiB: names of every length, from one byte to four blocks, each
 * named again by a copy of it at once and by copies in an order that
 * jumps about the file (a name across a block's end, one beyond the
 * block read last, one still in memory, one longer than any block so
 * far), come back whole. */
Test(duplicates_table, names_of_any_length_read_back_whole)
{
    enum { N = 64 };
    static const size_t lengths[] = {1, 7, 4095, 4096, 4097, 30000, 65535, 65536,
                                     65537, 70000, 131072, 262145, 12, 3};
    char *names[N];
    cli_dups *d = cli_dups_new();
    cr_assert_not_null(d);
    const char *first;
    uint64_t fp[2], seq = 0;
    for (unsigned i = 0; i < N; i++) {
        size_t len = lengths[i % (sizeof lengths / sizeof *lengths)] + i;
        names[i] = malloc(len + 1);
        cr_assert_not_null(names[i]);
        for (size_t k = 0; k < len; k++)
            names[i][k] = (char)('a' + (i + k) % 26);
        names[i][len] = '\0';
        test_fp(i, fp);
        cr_assert_eq(cli_dups_check(d, fp, seq++, names[i], "", 1, &first), 0, "game %u is new", i);
        cr_assert_eq(cli_dups_check(d, fp, seq++, "copy", "", 1, &first), 1, "copy of %u", i);
        cr_assert_eq(strlen(first), strlen(names[i]) + strlen(", game 1"), "name %u", i);
        cr_assert(strncmp(first, names[i], strlen(names[i])) == 0, "name %u", i);
    }
    /* In order first (a name begins in the block read for the one before
     * it and ends beyond it), then jumping about. */
    for (unsigned j = 0; j < 5 * N; j++) {
        unsigned i = j < N ? j : (j * 37 + j / N) % N;
        test_fp(i, fp);
        cr_assert_eq(cli_dups_check(d, fp, seq++, "copy", "", 1, &first), 1, "copy of %u", i);
        cr_assert_eq(strlen(first), strlen(names[i]) + strlen(", game 1"), "name %u", i);
        cr_assert(strncmp(first, names[i], strlen(names[i])) == 0, "name %u", i);
    }
    for (unsigned i = 0; i < N; i++)
        free(names[i]);
    cli_dups_free(d);
}

/* The command with its table made small (GCAUDIT_TEST_DUPS_SLOTS): every
 * report the same bytes as with the table of its usual size, on 300
 * distinct games given twice (each game of the second copy a copy). */
Test(duplicates, the_bounded_table_writes_the_same_reports)
{
    for (int k = 0; k < 2; k++) {
        char *logs = ts_fmt("%s/%s", ts_scratch, k ? "again" : "many");
        cr_assert_eq(mkdir(logs, 0777), 0);
        free(logs);
    }
    for (int i = 0; i < 30; i++) {
        char *text = ts_fmt("%s", "");
        for (int g = 0; g < 10; g++) {
            static const char *const moves[] = {"P a2-a3", "P b2-b3", "P c2-c3", "P d2-d3", "P e2-e3",
                                                "P f2-f3", "P g2-g3", "P h2-h3", "N b1-a3", "N g1-h3"};
            char *next = ts_fmt("%sGame: Chess\nWhite: W%d\nBlack: B%d\n\n1. %s 1... p a7-a6\n\n", text,
                                i, g, moves[(i + g) % 10]);
            free(text);
            text = next;
        }
        for (int k = 0; k < 2; k++) {
            char *name = ts_fmt("%s/m%02d.log", k ? "again" : "many", i);
            write_in_dir(name, text);
            free(name);
        }
        free(text);
    }
    cr_assert_eq(ts_gcaudit(ts_scratch, "analyze -q -j 2 many again -o plain"), 0);
    cr_assert_eq(setenv("GCAUDIT_TEST_DUPS_SLOTS", "16", 1), 0);
    int rc = ts_gcaudit(ts_scratch, "analyze -q -j 2 many again -o bounded");
    unsetenv("GCAUDIT_TEST_DUPS_SLOTS");
    cr_assert_eq(rc, 0);
    char *plain = reports("plain"), *bounded = reports("bounded");
    cr_expect(strstr(plain, "again/m29.log,,10,,chess,,,W29,B9,,,2,*,*,unfinished,,,,ok,0,,,\"many/m29.log, game 10\""),
              "copies are named: %s", plain);
    cr_expect_str_eq(bounded, plain);
    free(plain);
    free(bounded);
}

/* ------------------------------------------------------ the fingerprint */

/* The fingerprint of the first game of a log's text, as a worker takes it. */
static void fingerprint_of(const char *moves, uint64_t fp[2])
{
    char *text = ts_fmt("Game: Chess\nWhite: Ann\nBlack: Bob\n\n%s", moves);
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    cr_assert(p);
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    cr_assert_eq(cli_game_fingerprint(&g, "Chess", fp), 0, "%s", moves);
    fmt_game_release(&g);
    fmt_parser_free(p);
    free(text);
}

static int same_game(const char *a, const char *b)
{
    uint64_t x[2], y[2];
    fingerprint_of(a, x);
    fingerprint_of(b, y);
    return x[0] == y[0] && x[1] == y[1];
}

/* Two squares of at most four bytes share a word, longer ones take one
 * each, and a turn's start is a flag on its first component: each way,
 * what the components are decides, never how they are written. */
Test(duplicates_fingerprint, what_the_moves_are_decides)
{
    cr_expect(same_game("1. P e2-e4 1... p e7-e5\n", "1. e2 - e4 1... e7-e5\n"));
    cr_expect(same_game("1. a10000-a10001\n", "1. a10000 - a10001\n"));
    /* Other squares, short and long. */
    cr_expect(!same_game("1. e2-e4\n", "1. e2-e5\n"));
    cr_expect(!same_game("1. a10000-b2\n", "1. a10001-b2\n"));
    cr_expect(!same_game("1. b2-a10000\n", "1. b2-a10001\n"));
    /* Squares of three bytes (one word a ply) against four (two). */
    cr_expect(same_game("1. a100-b2\n", "1. a100 - b2\n"));
    cr_expect(!same_game("1. a10-b2\n", "1. a11-b2\n"));
    cr_expect(!same_game("1. b2-a10\n", "1. b2-a11\n"));
    cr_expect(!same_game("1. a1-a100\n", "1. a1-a1000\n"));
    cr_expect(!same_game("1. a100-a1\n", "1. a1000-a1\n"));
    /* The same components cut into turns otherwise: one turn of two, two
     * turns of one, an empty component (ignored) in between. */
    cr_expect(!same_game("1. e2-e4; e7-e5\n", "1. e2-e4 1... e7-e5\n"));
    cr_expect(same_game("1. e2-e4; ; e7-e5\n", "1. e2-e4; e7-e5\n"));
    /* A placement's piece counts; a move's label does not. */
    cr_expect(!same_game("1. P-e4\n", "1. N-e4\n"));
    cr_expect(same_game("1. N g1-f3\n", "1. g1-f3\n"));
}
