/*
 * reports: the sample-archive fixture (see reports.h).
 */
#include "tests/support/reports.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

static void load(const char *dir, const char *name, struct ts_csv *t)
{
    char *p = ts_fmt("%s/%s", dir, name);
    cr_assert_eq(ts_csv_read(p, t), 0, "%s does not parse as CSV", name);
    free(p);
}

void ts_reports_analyze_sample(struct ts_reports *r, const char *archive)
{
    memset(r, 0, sizeof *r);
    r->dir = ts_tempdir();
    cr_assert_not_null(r->dir);
    char *cmd = ts_fmt("'%s' analyze -q '%s/sample-data/%s' -o '%s'", GC_BINARY, GC_SOURCE_DIR,
                       archive, r->dir);
    r->exit_status = ts_run(cmd);
    free(cmd);
    load(r->dir, "inputs.csv", &r->inputs);
    load(r->dir, "games.csv", &r->games);
    load(r->dir, "violations.csv", &r->violations);
}

void ts_reports_free(struct ts_reports *r)
{
    ts_csv_free(&r->inputs);
    ts_csv_free(&r->games);
    ts_csv_free(&r->violations);
    ts_rmtree(r->dir);
    free(r->dir);
    r->dir = NULL;
}

size_t ts_csv_count(const struct ts_csv *t, const char *col, const char *value)
{
    size_t n = 0;
    for (size_t r = 1; r < t->nrows; r++)
        n += strcmp(ts_csv_get(t, r, col), value) == 0;
    return n;
}
