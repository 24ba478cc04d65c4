/*
 * The documentation as shipped: the manual page builds without a troff
 * warning (man --warnings, groff -ww), documents every option each
 * command's --help lists, and `cmake --install` puts the command, the
 * page and the docs in place; the Markdown files link only to files that
 * exist and refer to nothing outside the repository (docs/README.md); no
 * tracked file of the repository cites a document that is not in it.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "tests/support/support.h"

#define MAN_PAGE GC_BUILD_DIR "/gcaudit.1"
#define MAN_SOURCE GC_SOURCE_DIR "/docs/gcaudit.1.scd"

TestSuite(manual, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* Run a shell command in dir, its standard error in dir/err.txt; a
 * program that is not installed (127) fails the test naming it. */
static int run_in_dir(const char *program, const char *cmdline)
{
    char *cmd = ts_fmt("cd '%s' && %s 2>err.txt", ts_scratch, cmdline);
    int rc = ts_run(cmd);
    free(cmd);
    cr_assert_neq(rc, 127, "%s is not installed (setup.sh installs it)", program);
    return rc;
}

Test(manual, man_reads_the_page_without_a_warning)
{
    int rc = run_in_dir("man (man-db)", "LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l '" MAN_PAGE
                                        "' >page.txt");
    cr_assert_eq(rc, 0);
    char *err = ts_slurp(ts_scratch, "err.txt"), *page = ts_slurp(ts_scratch, "page.txt");
    cr_expect_str_eq(err, "");
    cr_expect(strstr(page, "gcaudit - audit archives of Game Courier chess-variant game logs"),
              "NAME line missing:\n%.400s", page);
    /* A source line that starts with '.' becomes a troff request and its
     * text vanishes: the formats list is the line that once did. */
    cr_expect(strstr(page, ".tar.bz2, .tar.xz"), "a line of the INPUTS section was lost");
    free(err);
    free(page);
}

Test(manual, groff_finds_no_warning)
{
    int rc = run_in_dir("groff", "groff -ww -man -z < '" MAN_PAGE "'");
    cr_assert_eq(rc, 0);
    char *err = ts_slurp(ts_scratch, "err.txt");
    cr_expect_str_eq(err, "");
    free(err);
}

/* Nonzero when the page's source has a definition of the option written
 * *NAME* (want): a line that starts with '*' and holds it, not the
 * SYNOPSIS (lines starting *gcaudit) nor a mention in a paragraph. */
static int defines(const char *source, const char *want)
{
    for (const char *p = source; (p = strstr(p, want)) != NULL; p++) {
        const char *line = p;
        while (line > source && line[-1] != '\n')
            line--;
        if (line[0] == '*' && strncmp(line, "*gcaudit", 8) != 0)
            return 1;
    }
    return 0;
}

/* Every option word ("--name", or a short "-x" before ",") of a --help
 * text has its definition in the page. */
static void expect_options_documented(const char *command, const char *source)
{
    char *args = ts_fmt("%s --help", command);
    cr_assert_eq(ts_gcaudit(ts_scratch, args), 0, "gcaudit %s", args);
    free(args);
    char *help = ts_slurp(ts_scratch, "stdout.txt");
    int found = 0;
    for (const char *p = help; (p = strchr(p, '-')) != NULL;) {
        const char *start = p;
        if (p > help && !isspace((unsigned char)p[-1]) && p[-1] != '[') {
            p++;
            continue;
        }
        p += p[1] == '-' ? 2 : 1;
        while (islower((unsigned char)*p) || *p == '-')
            p++;
        size_t n = (size_t)(p - start);
        int is_long = start[1] == '-' && n > 2;
        int is_short = start[1] != '-' && n == 2 && (*p == ',' || *p == ' ' || *p == ']');
        if (!is_long && !is_short)
            continue;
        char *want = ts_fmt("*%.*s*", (int)n, start);
        cr_expect(defines(source, want), "gcaudit %s --help lists %.*s, the manual page does not",
                  command, (int)n, start);
        free(want);
        found++;
    }
    cr_expect_gt(found, 0, "no options found in gcaudit %s --help:\n%s", command, help);
    free(help);
}

Test(manual, every_option_of_every_command_is_documented)
{
    char *source = ts_read_file(MAN_SOURCE, NULL);
    cr_assert_not_null(source);
    expect_options_documented("analyze", source);
    expect_options_documented("merge", source);
    expect_options_documented("replay", source);
    free(source);
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

Test(manual, cmake_install_puts_the_command_the_page_and_the_docs_in_place)
{
    char *cmd = ts_fmt("'%s' --install '%s' --prefix '%s/prefix' >/dev/null", GC_CMAKE,
                       GC_BUILD_DIR, ts_scratch);
    cr_assert_eq(run_in_dir("cmake", cmd), 0);
    free(cmd);
    static const char *const files[] = {"bin/gcaudit", "share/man/man1/gcaudit.1",
                                        "share/doc/gcaudit/README.md",
                                        "share/doc/gcaudit/docs/rules.md",
                                        "share/doc/gcaudit/docs/statistics.md"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *path = ts_fmt("%s/prefix/%s", ts_scratch, files[i]);
        cr_expect(exists(path), "cmake --install did not write %s", files[i]);
        free(path);
    }
    char *installed = ts_fmt("%s/prefix/share/man/man1/gcaudit.1", ts_scratch);
    char *a = ts_read_file(installed, NULL), *b = ts_read_file(MAN_PAGE, NULL);
    cr_expect(a && b && strcmp(a, b) == 0, "the installed page is not the built one");
    free(a);
    free(b);
    free(installed);
}

/* Each relative link [text](path) or [text](path#anchor) of a Markdown
 * file names a file of the repository. */
static void expect_links_resolve(const char *file, const char *text)
{
    const char *slash = strrchr(file, '/');
    int dirlen = slash ? (int)(slash - file) : 0;
    for (const char *p = text; (p = strstr(p, "](")) != NULL;) {
        p += 2;
        size_t n = strcspn(p, ")#");
        if (n == 0 || strncmp(p, "http://", 7) == 0 || strncmp(p, "https://", 8) == 0)
            continue;
        char *path = ts_fmt("%s/%.*s%s%.*s", GC_SOURCE_DIR, dirlen, file, dirlen ? "/" : "",
                            (int)n, p);
        cr_expect(exists(path), "%s links to %.*s, which does not exist", file, (int)n, p);
        free(path);
    }
}

/* A documentation file (relative to the source tree) refers to nothing
 * outside the repository, and its links resolve. */
static void check_doc(const char *rel)
{
    /* (The specification's file names, for every file, are the next test's.) */
    static const char *const outside[] = {"/work/", "shared/spec", "spec/", "the spec"};
    char *path = ts_fmt("%s/%s", GC_SOURCE_DIR, rel);
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "%s cannot be read", rel);
    for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++)
        cr_expect(!strstr(text, outside[k]), "%s refers to '%s', outside the repository", rel,
                  outside[k]);
    expect_links_resolve(rel, text);
    free(text);
    free(path);
}

Test(manual, docs_link_to_files_that_exist_and_nothing_outside)
{
    check_doc("README.md");
    /* Every file of docs/, so that a new one is checked too. */
    DIR *d = opendir(GC_SOURCE_DIR "/docs");
    cr_assert_not_null(d);
    int files = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        if (de->d_name[0] == '.')
            continue;
        char *rel = ts_fmt("docs/%s", de->d_name);
        check_doc(rel);
        free(rel);
        files++;
    }
    closedir(d);
    cr_expect_geq(files, 8, "docs/ holds %d files", files);
}

/* The names a file of the repository must not mention: the files of the
 * specification the project was written from, and the directory they live
 * in, which are not part of the repository.  Every ruling the code, tests
 * and docs cite is in docs/ (docs/rules.md, gcaudit(1), ...).  Spelt in
 * pieces, lower case, so that this file does not mention them itself. */
static const char *const elsewhere[] = {"fine-" "points", "log-" "format.md", "reports" ".md",
                                        "../" "shared", "/work/" "shared"};

/* Where in text[0..n) one of the names of elsewhere[] occurs, ASCII case
 * ignored, or a numbered "fine point N" / "fine points N" (a citation of
 * the specification by number); NULL when none does.  *what gets the
 * name found. */
static const char *mention(const char *text, size_t n, const char **what)
{
    static const char *const numbered[] = {"fine" " point ", "fine" " points "};
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < sizeof elsewhere / sizeof elsewhere[0]; k++) {
            size_t m = strlen(elsewhere[k]);
            if (m <= n - i && strncasecmp(text + i, elsewhere[k], m) == 0) {
                *what = elsewhere[k];
                return text + i;
            }
        }
        for (size_t k = 0; k < 2; k++) {
            size_t m = strlen(numbered[k]);
            if (m < n - i && strncasecmp(text + i, numbered[k], m) == 0 &&
                isdigit((unsigned char)text[i + m])) {
                *what = numbered[k];
                return text + i;
            }
        }
    }
    return NULL;
}

Test(manual, no_tracked_file_mentions_the_specification)
{
    /* The search itself finds what it must, and only that. */
    static const char *const found[] = {"see Fine-" "Points.md 26a", "(log-" "format.md)",
                                        "cf. ../../" "shared/spec", "fine" " point 28",
                                        "/WORK/" "SHARED/"};
    const char *what;
    for (size_t k = 0; k < sizeof found / sizeof found[0]; k++)
        cr_assert_not_null(mention(found[k], strlen(found[k]), &what), "'%s' not found", found[k]);
    static const char plain[] = "docs/rules.md, a fine point, reports (gcaudit(1))";
    cr_assert_null(mention(plain, strlen(plain), &what), "'%s' found in '%s'", what, plain);

    char *cmd = ts_fmt("git -C '%s' ls-files -z >files.txt", GC_SOURCE_DIR);
    cr_assert_eq(run_in_dir("git", cmd), 0, "git ls-files failed in %s: not a checkout?",
                 GC_SOURCE_DIR);
    free(cmd);
    char *listing = ts_fmt("%s/files.txt", ts_scratch);
    size_t size = 0;
    char *list = ts_read_file(listing, &size);
    cr_assert_not_null(list, "git ls-files wrote no list");
    free(listing);

    int files = 0, read = 0, self = 0, rules = 0;
    for (size_t at = 0; at < size; at += strlen(list + at) + 1) {
        const char *rel = list + at;
        char *path = ts_fmt("%s/%s", GC_SOURCE_DIR, rel);
        struct stat st;
        files++;
        if (lstat(path, &st) != 0 && errno == ENOENT) {
            free(path); /* deleted in the work tree, not yet in the index */
            continue;
        }
        size_t n = 0;
        char *text = ts_read_file(path, &n);
        free(path);
        cr_expect_not_null(text, "%s is tracked but cannot be read", rel);
        if (!text)
            continue;
        read++;
        self += strcmp(rel, "tests/cli/test_manual.c") == 0;
        rules += strcmp(rel, "docs/rules.md") == 0 && strstr(text, "## Violation codes") != NULL;
        const char *hit = mention(text, n, &what);
        if (hit) {
            int line = 1;
            for (const char *p = text; p < hit; p++)
                line += *p == '\n';
            cr_expect_fail("%s:%d mentions '%s', which is not in the repository: cite the "
                           "repository's own docs (docs/rules.md, gcaudit(1), ...)",
                           rel, line, what);
        }
        free(text);
    }
    free(list);
    /* Not vacuous: the listing is this repository's, and it was read. */
    cr_expect(self && rules, "git ls-files in %s did not list this test and docs/rules.md",
              GC_SOURCE_DIR);
    cr_expect_geq(read, 400, "only %d of the %d tracked files were read", read, files);
}

Test(manual, readme_quick_start_is_the_two_commands)
{
    char *text = ts_read_file(GC_SOURCE_DIR "/README.md", NULL);
    cr_assert_not_null(text);
    const char *qs = strstr(text, "\n## Quick start\n");
    cr_assert_not_null(qs, "README.md has no 'Quick start' heading");
    cr_expect(strstr(qs, "```sh\n./setup.sh\n./run-tests.sh\n```\n"),
              "the quick start is not ./setup.sh then ./run-tests.sh");
    free(text);
}

/* ------------------------------------------------ the examples, run */

/* Every command the man page's EXAMPLES and the README show, with the
 * exit status it has on the sample archives.  A command the documents
 * show that is not here, or one here they no longer show, fails the
 * test: the list is kept with the documents. */
static const struct example {
    const char *command;
    int status;
} examples[] = {
    /* the man page (1: the sample's damaged .log.gz fails to read) */
    {"gcaudit analyze sample-data/chess-open-2024.tar.gz -o report", 1},
    {"gcaudit analyze -q -v sample-data/chess-open-2024.tar.gz -o report", 1},
    {"gcaudit replay 'sample-data/chess-open-2024.tar.gz!chess-open-2024/round-7/"
     "open24-round-7.log' --game 5", 0},
    {"gcaudit replay sample-data/chess-open-2024.tar.gz --entry "
     "chess-open-2024/round-7/open24-round-7.log --game 5 --turn 16... --fen", 0},
    {"gcaudit analyze sample-data --variant extinction --since 2024-01-01 --until 2024-12-31 "
     "--xlsx extinction.xlsx -o extinction", 1},
    {"gcaudit analyze sample-data/variant-festival-2024.tar.gz --pgn festival.pgn -o festival", 0},
    {"gcaudit analyze sample-data --shard 1/2 -o shard-1", 1},
    {"gcaudit analyze sample-data --shard 2/2 -o shard-2", 1},
    {"gcaudit merge shard-1 shard-2 -o merged --xlsx merged/stats.xlsx", 1},
    /* the README's walk-through (replay: 1, the game is illegal) */
    {"build/gcaudit analyze sample-data/chess-open-2024.tar.gz -o report", 1},
    {"build/gcaudit analyze -q -v sample-data/chess-open-2024.tar.gz -o report", 1},
    {"build/gcaudit replay 'sample-data/chess-open-2024.tar.gz!chess-open-2024/round-4/"
     "open24-r4-quill-chen.log'", 1},
    {"build/gcaudit replay 'sample-data/chess-open-2024.tar.gz!chess-open-2024/round-4/"
     "open24-r4-quill-chen.log' --turn 4", 1},
};

/* One example found in a document: the command, and the lines the
 * document shows it printing (the README's; the man page shows none). */
struct shown {
    char *command;
    char *output;                 /* lines joined by '\n', or "" */
};

/* The commands of the code blocks (```) of text[0..n): lines that begin
 * with "gcaudit ", "build/gcaudit " or "$ build/gcaudit "; a line ending
 * in a backslash (scdoc writes it "\\") goes on on the next one.  The
 * lines after a "$ " command up to the next command or the block's end
 * are what it printed. */
static size_t find_examples(const char *text, size_t n, int scdoc, struct shown *out, size_t max)
{
    size_t found = 0;
    int in_block = 0;
    struct shown *last = NULL;
    for (size_t at = 0; at < n;) {
        size_t len = strcspn(text + at, "\n");
        const char *line = text + at;
        at += len + (at + len < n);
        if (len >= 3 && strncmp(line, "```", 3) == 0) {
            in_block = !in_block;
            last = NULL;
            continue;
        }
        if (!in_block)
            continue;
        int dollar = strncmp(line, "$ ", 2) == 0;
        const char *cmd = dollar ? line + 2 : line;
        size_t clen = len - (size_t)(cmd - line);
        if (strncmp(cmd, "gcaudit ", 8) != 0 && strncmp(cmd, "build/gcaudit ", 14) != 0) {
            if (last && dollar == 0) {
                char *more = ts_fmt("%s%s%.*s", last->output, *last->output ? "\n" : "",
                                    (int)len, line);
                free(last->output);
                last->output = more;
            }
            continue;
        }
        cr_assert_lt(found, max, "more examples than expected");
        char *joined = ts_fmt("%.*s", (int)clen, cmd);
        const char *cont = scdoc ? "\\\\" : "\\";
        size_t cl = strlen(cont);
        while (strlen(joined) >= cl && strcmp(joined + strlen(joined) - cl, cont) == 0 && at < n) {
            size_t next = strcspn(text + at, "\n");
            const char *p = text + at;
            while (*p == ' ' || *p == '\t')
                p++;
            joined[strlen(joined) - cl] = '\0';
            while (*joined && joined[strlen(joined) - 1] == ' ')
                joined[strlen(joined) - 1] = '\0';
            char *longer = ts_fmt("%s %.*s", joined, (int)(next - (size_t)(p - (text + at))), p);
            free(joined);
            joined = longer;
            at += next + (at + next < n);
        }
        out[found] = (struct shown){joined, ts_fmt("%s", "")};
        last = dollar ? &out[found] : NULL;
        found++;
    }
    return found;
}

/* Whether the line shown is among the lines printed: the same, but for a
 * time ("in 0.01 s" matches "in 0.23 s"), or its end when it starts with
 * "..." (a path cut short). */
static int printed(const char *shown, size_t n, const char *lines)
{
    if (n >= 3 && strncmp(shown, "...", 3) == 0) {
        for (const char *p = lines; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
            size_t len = strcspn(p, "\n");
            if (len >= n - 3 && strncmp(p + len - (n - 3), shown + 3, n - 3) == 0)
                return 1;
        }
        return 0;
    }
    for (const char *p = lines; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
        size_t len = strcspn(p, "\n"), i = 0, j = 0;
        while (i < n && j < len) {
            if (i + 3 < n && strncmp(shown + i, "in ", 3) == 0 && strncmp(p + j, "in ", 3) == 0 &&
                isdigit((unsigned char)shown[i + 3]) && isdigit((unsigned char)p[j + 3])) {
                i += 3, j += 3;
                while (i < n && (isdigit((unsigned char)shown[i]) || shown[i] == '.'))
                    i++;
                while (j < len && (isdigit((unsigned char)p[j]) || p[j] == '.'))
                    j++;
            } else if (shown[i] == p[j]) {
                i++, j++;
            } else {
                break;
            }
        }
        if (i == n && j == len)
            return 1;
    }
    return 0;
}

/* Run every example of one document in a scratch directory that holds
 * sample-data/ and build/gcaudit; check its exit status, and that it
 * prints the lines the document shows.  Marks the examples[] seen. */
static void run_examples(const char *file, int scdoc, const char *from, const char *to,
                         int *seen)
{
    char *path = ts_fmt("%s/%s", GC_SOURCE_DIR, file);
    char *text = ts_read_file(path, NULL);
    free(path);
    cr_assert_not_null(text, "%s cannot be read", file);
    const char *start = from ? strstr(text, from) : text;
    cr_assert_not_null(start, "%s has no '%s'", file, from);
    const char *end = to ? strstr(start, to) : NULL;
    size_t n = end ? (size_t)(end - start) : strlen(start);
    struct shown shown[32];
    size_t found = find_examples(start, n, scdoc, shown, 32);
    cr_expect_geq(found, 4, "%s shows %zu examples", file, found);
    for (size_t i = 0; i < found; i++) {
        size_t k = 0;
        while (k < sizeof examples / sizeof examples[0] &&
               strcmp(examples[k].command, shown[i].command) != 0)
            k++;
        if (k == sizeof examples / sizeof examples[0]) {
            cr_expect_fail("%s shows '%s', not in this test's list: add it with its exit status",
                           file, shown[i].command);
        } else {
            seen[k] = 1;
            const char *args = shown[i].command + (shown[i].command[0] == 'b' ? 14 : 8);
            char *cmd = ts_fmt("cd '%s' && build/gcaudit %s >out.txt 2>err.txt", ts_scratch, args);
            int rc = ts_run(cmd);
            free(cmd);
            cr_expect_eq(rc, examples[k].status, "%s: '%s' exits with %d, not %d", file,
                         shown[i].command, rc, examples[k].status);
            char *out = ts_slurp(ts_scratch, "out.txt"), *err = ts_slurp(ts_scratch, "err.txt");
            char *both = ts_fmt("%s%s", err, out);
            for (const char *p = shown[i].output; *p;) {
                size_t len = strcspn(p, "\n");
                if (!(len == 3 && strncmp(p, "...", 3) == 0))
                    cr_expect(printed(p, len, both), "%s: '%s' does not print\n%.*s\nbut\n%s",
                              file, shown[i].command, (int)len, p, both);
                p += len + (p[len] == '\n');
            }
            free(both);
            free(out);
            free(err);
        }
        free(shown[i].command);
        free(shown[i].output);
    }
    free(text);
}

Test(manual, every_example_of_the_man_page_and_the_readme_runs, .timeout = 300)
{
    char *cmd = ts_fmt("cd '%s' && ln -s '%s/sample-data' sample-data && mkdir build && "
                       "ln -s '%s' build/gcaudit",
                       ts_scratch, GC_SOURCE_DIR, GC_BINARY);
    cr_assert_eq(ts_run(cmd), 0);
    free(cmd);
    int seen[sizeof examples / sizeof examples[0]] = {0};
    run_examples("docs/gcaudit.1.scd", 1, "\n# EXAMPLES\n", "\n# SEE ALSO", seen);
    run_examples("README.md", 0, NULL, NULL, seen);
    for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++)
        cr_expect(seen[k], "'%s' is in this test's list but in neither document",
                  examples[k].command);
}
