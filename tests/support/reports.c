/*
 * reports: the sample-archive fixture (see reports.h).
 */
#include "tests/support/reports.h"

#include <criterion/criterion.h>
#include <stdio.h>
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

void ts_expect_entries_ok_but_readme(const struct ts_reports *r, size_t nentries)
{
    cr_assert_eq(r->inputs.nrows - 1, nentries);
    for (size_t i = 1; i < r->inputs.nrows; i++) {
        const char *entry = ts_csv_get(&r->inputs, i, "entry");
        const char *want = strstr(entry, "README.txt") ? "skipped" : "ok";
        cr_expect_str_eq(ts_csv_get(&r->inputs, i, "status"), want, "%s", entry);
    }
}

void ts_expect_games(const struct ts_reports *r, const struct ts_expected_game *want, size_t n)
{
    static const char *const cols[] = {"log_id", "variant", "status", "turns", "declared_result",
                                       "result", "termination", "detail", "winner",
                                       "first_violation_code", "first_violation_turn"};
    cr_assert_eq(r->games.nrows - 1, n);
    for (size_t i = 0; i < n; i++) {
        const struct ts_expected_game *e = &want[i];
        const char *values[] = {e->log_id, e->variant, e->status, e->turns, e->declared, e->result,
                                e->termination, e->detail, e->winner, e->first_code, e->first_turn};
        for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
            cr_expect_str_eq(ts_csv_get(&r->games, i + 1, cols[c]), values[c], "%s: %s", e->log_id,
                             cols[c]);
    }
}

void ts_expect_violations(const struct ts_reports *r, const char *const (*want)[3], size_t n)
{
    cr_assert_eq(r->violations.nrows - 1, n);
    for (size_t i = 0; i < n; i++) {
        cr_expect_str_eq(ts_csv_get(&r->violations, i + 1, "log_id"), want[i][0]);
        cr_expect_str_eq(ts_csv_get(&r->violations, i + 1, "code"), want[i][1]);
        cr_expect_str_eq(ts_csv_get(&r->violations, i + 1, "message"), want[i][2]);
    }
}

void ts_oom_sweep_big_log(const char *env, const char *args, int step)
{
    static const char *const same[] = {"games.csv", "violations.csv", "variants.csv", "players.csv"};
    int failed_seen = 0, ok_seen = 0;
    for (int at = 0; at <= 3000 && !ok_seen; at += step) {
        char *cmd = ts_fmt("cd '%s' && %s GCAUDIT_TEST_OOM=big.log@%d '%s' analyze -q %s -o out "
                           ">/dev/null 2>&1",
                           ts_scratch, env, at, GC_BINARY, args);
        int rc = ts_run(cmd);
        free(cmd);
        char *inputs = ts_slurp(ts_scratch, "out/inputs.csv");
        const char *row = strstr(inputs, "\nbig.log,,");
        cr_assert(row, "@%d: %s", at, inputs);
        const char *eol = strchr(row + 1, '\n');
        const char *ok = strstr(row, ",160,ok,\n");
        if (ok && ok < eol) {
            cr_assert_eq(rc, 0, "@%d", at);
            ok_seen = 1;
        } else {
            failed_seen++;
            cr_assert_eq(rc, 1, "@%d: exit status %d", at, rc);
            const char *failed = strstr(row, ",0,failed,out of memory\n");
            cr_assert(failed && failed < eol, "@%d: %s", at, inputs);
            for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
                char *pa = ts_fmt("ref/%s", same[i]), *pb = ts_fmt("out/%s", same[i]);
                char *a = ts_slurp(ts_scratch, pa), *b = ts_slurp(ts_scratch, pb);
                cr_assert_str_eq(b, a, "@%d: %s", at, same[i]);
                free(a), free(b), free(pa), free(pb);
            }
        }
        free(inputs);
    }
    cr_assert_gt(failed_seen, 3, "the sweep never ran out of memory in the entry");
    cr_assert(ok_seen, "big.log was never read whole: sweep further");
}

char *ts_mixed_log(size_t *len)
{
    size_t cap = 64 * 1024, n = 0;
    char *text = malloc(cap);
    cr_assert_not_null(text);
    for (int k = 0; k < 40; k++)
        n += (size_t)snprintf(text + n, cap - n,
                              "Game: Chess\nWhite: P%d\nBlack: Q%d\nResult: 1-0\n\n"
                              "1. P e2-e4 1... p e7-e5\n2. B f1-c4 2... n b8-c6\n"
                              "3. Q d1-h5 3... n g8-f6\n4. Q h5-f7\n\n"
                              "Game: Chess\nWhite: P%d\nBlack: R%d\n\n"
                              "1. P e2-e4 1... p e7-e5\n2. K e1-e3\n\n"
                              "Game: Shogi\nWhite: A\nBlack: B\n\n1. P 7g-7f\n\n"
                              "Game: Chess\nWhite: X\nBlack: Y\n\nhello\n\n",
                              k % 7, k % 5, k, k);
    *len = n;
    return text;
}
