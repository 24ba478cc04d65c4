/*
 * The documentation as shipped: the manual page builds without a troff
 * warning (man --warnings, groff -ww), documents every option each
 * command's --help lists, and `cmake --install` puts the command, the
 * page and the docs in place; the Markdown files link only to files that
 * exist and refer to nothing outside the repository (docs/README.md).
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
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
    static const char *const outside[] = {"../shared", "/work/", "shared/spec", "spec/",
                                          "the spec", "fine-points.md", "log-format.md",
                                          "reports.md"};
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
