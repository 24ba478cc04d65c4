/*
 * The list of a run's files (cli/report_set.c, CLI_FILES_LIST) with the
 * digests taken ahead (cli_report_digest_file on another thread, handed
 * over by cli_report_digest_ahead): the same lines as the digests the
 * list takes itself at the commit, and a digest whose file has changed
 * size since is not used.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "tests/support/support.h"

TestSuite(report_list, .init = ts_scratch_setup);

static char *in_scratch(const char *dir, const char *name)
{
    return ts_fmt("%s/%s/%s", ts_scratch, dir, name);
}

static void write_file(const char *path, const char *text, size_t copies)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s", path);
    for (size_t i = 0; i < copies; i++)
        fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

/* A set of three files into dir, their digests taken ahead when ahead
 * says so, the second grown after its digest was taken; the list. */
static char *run(const char *name, int ahead)
{
    char *dir = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_eq(mkdir(dir, 0777), 0);
    cli_report_set_begin(dir);
    static const char *const names[] = {"games.csv", "inputs.csv", "violations.csv"};
    struct cli_digest_ahead d[3];
    for (int i = 0; i < 3; i++) {
        char *tmp = in_scratch(name, "x.tmp"), *final = in_scratch(name, names[i]);
        tmp[strlen(tmp) - 5] = (char)('a' + i);
        write_file(tmp, "1,Ann,Bob,\"a \"\"b\"\"\",chess\n", 1000 + 517 * (size_t)i);
        cr_assert_eq(cli_report_put(tmp, final), 0);
        cr_assert_eq(cli_report_digest_file(tmp, &d[i]), 0);
        if (i == 1)
            write_file(tmp, "grown after its digest\n", 3);
        free(tmp), free(final);
    }
    for (int i = 0; i < 3; i++)
        if (ahead)
            cli_report_digest_ahead(&d[i]);
        else
            free(d[i].tmp);
    cr_assert_eq(cli_report_set_commit(), 0);
    char *list = ts_fmt("%s/%s", name, CLI_FILES_LIST), *text = ts_slurp(ts_scratch, list);
    free(list), free(dir);
    return text;
}

Test(report_list, digests_taken_ahead_give_the_list_taken_at_the_end)
{
    char *plain = run("plain", 0), *ahead = run("ahead", 1);
    cr_expect_str_eq(ahead, plain);
    cr_expect(strstr(plain, "file 69 ") != NULL, "the grown file's size: %s", plain);
    free(plain), free(ahead);
}
