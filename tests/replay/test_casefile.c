/*
 * The case-file runner the rule tests stand on (tests/support/casefile.c):
 * a case that expects nothing could never fail, so the runner counts it
 * as failed; a case with its expectations passes or fails on them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/casefile.h"
#include "tests/support/support.h"

static char said[512];   /* the runner's first complaint, without the file's path */

/* Run the cases of text quietly; the number that failed. */
static int run_text(const char *text, int *ncases)
{
    char *dir = ts_tempdir(), *path = ts_fmt("%s/cases.txt", dir), first[512];
    cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
    int failed = ts_run_casefile_quietly(path, "Chess", ncases, first, sizeof first);
    size_t skip = strncmp(first, path, strlen(path)) == 0 ? strlen(path) : 0;
    snprintf(said, sizeof said, "%s", first + skip);
    free(path);
    ts_rmtree(dir);
    free(dir);
    return failed;
}

Test(casefile, a_case_without_expectations_fails)
{
    int n;
    cr_expect_eq(run_text("== nothing-expected\nmoves: 1. P e2-e4\n", &n), 1);
    cr_expect_eq(n, 1);
    cr_expect_str_eq(said, ":1: case nothing-expected expects nothing: give it a status, "
                           "result, violation, ...");
    cr_expect_eq(run_text("== fine\nmoves: 1. P e2-e4\nstatus: ok\n"
                          "== empty\n", &n), 1, "the second one fails");
    cr_expect_eq(n, 2);
    cr_expect_str_eq(said, ":4: case empty expects nothing: give it a status, result, "
                           "violation, ...");
}

Test(casefile, cases_pass_and_fail_on_their_expectations)
{
    int n;
    cr_expect_eq(run_text("== ok\nmoves: 1. P e2-e4\nstatus: ok\nturns: 1\n", &n), 0);
    cr_expect_str_eq(said, "");
    cr_expect_eq(run_text("== wrong\nmoves: 1. P e2-e5\nstatus: ok\n", &n), 1);
    cr_expect_str_eq(said, ":1: case wrong: status is \"illegal\", expected \"ok\"");
    cr_expect_eq(run_text("== unknown-key\nmoves: 1. P e2-e4\ncolour: green\n", &n), 1);
    cr_expect_eq(run_text("stray: line\n== ok\nmoves: 1. P e2-e4\nstatus: ok\n", &n), 1);
}
