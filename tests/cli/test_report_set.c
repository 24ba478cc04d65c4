/*
 * The report set of a run (issue 15, items 5, 6 and 7): what a run reads
 * and leaves in its output directory.
 *
 * Item 6: with -o inside an input directory, the next run read the
 * earlier reports and its own temporary files as inputs, so inputs.csv
 * held PIDs and differed between runs.  The output directory is never
 * read as input.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/support.h"

static char *dir;

static void setup(void)
{
    dir = ts_tempdir();
    cr_assert_not_null(dir);
}

static void teardown(void)
{
    ts_rmtree(dir);
    free(dir);
}

TestSuite(report_set, .init = setup, .fini = teardown, .timeout = 60);

static const char LOG[] = "Game: Chess\nWhite: Ann\nBlack: Bob\nResult: 1-0\n\n"
                          "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                          "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n";

static void write_in(const char *name, const char *text)
{
    char *p = ts_fmt("%s/%s", dir, name);
    cr_assert_eq(ts_write_file(p, text, strlen(text)), 0);
    free(p);
}

Test(report_set, the_output_directory_inside_an_input_is_not_read)
{
    char *in = ts_fmt("%s/in", dir);
    cr_assert_eq(mkdir(in, 0755), 0);
    write_in("in/a.log", LOG);
    write_in("in/b.log", LOG);
    /* A workbook inside the input directory too. */
    const char *args = "analyze -q -j2 in -o in/report --xlsx in/book.xlsx";
    cr_assert_eq(ts_gcaudit(dir, args), 0);
    char *first = ts_slurp(dir, "in/report/inputs.csv");
    cr_assert_eq(ts_gcaudit(dir, args), 0);
    char *second = ts_slurp(dir, "in/report/inputs.csv");
    cr_assert_str_eq(first, second);
    cr_assert_str_eq(first, "source,entry,bytes,games,status,message\n"
                            "in/a.log,,130,1,ok,\n"
                            "in/b.log,,130,1,ok,\n");
    /* Named as an input, the output directory is a skipped row. */
    cr_assert_eq(ts_gcaudit(dir, "analyze -q in/a.log in/report -o in/report"), 0);
    char *third = ts_slurp(dir, "in/report/inputs.csv");
    cr_assert_str_eq(third, "source,entry,bytes,games,status,message\n"
                            "in/a.log,,130,1,ok,\n"
                            "in/report,,0,0,skipped,gcaudit's own output: not read\n");
    free(first), free(second), free(third), free(in);
}
