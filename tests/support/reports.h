/*
 * reports: run `gcaudit analyze` on a sample archive into a scratch
 * directory and read inputs.csv, games.csv and violations.csv back, the
 * fixture every end-to-end sample test starts from.
 */
#ifndef GC_TEST_REPORTS_H
#define GC_TEST_REPORTS_H

#include <stddef.h>

#include "tests/support/csvread.h"

struct ts_reports {
    char *dir;                 /* the scratch output directory */
    int exit_status;           /* gcaudit's */
    struct ts_csv inputs, games, violations;
};

/* `gcaudit analyze -q sample-data/ARCHIVE -o DIR`; asserts the three
 * reports parse as CSV. */
void ts_reports_analyze_sample(struct ts_reports *r, const char *archive);
void ts_reports_free(struct ts_reports *r);

/* One game of a sample's games.csv as sample-data/EXPECTED.md gives it;
 * "" where the column is empty. */
struct ts_expected_game {
    const char *log_id, *variant, *status, *turns, *declared, *result, *termination, *detail,
        *winner, *first_code, *first_turn;
};

/* Expects nentries rows in inputs.csv, each `ok` but the README.txt
 * (`skipped`). */
void ts_expect_entries_ok_but_readme(const struct ts_reports *r, size_t nentries);
/* Expects games.csv to hold exactly these n games, in this order. */
void ts_expect_games(const struct ts_reports *r, const struct ts_expected_game *want, size_t n);
/* Expects violations.csv to hold exactly these n rows of {log_id, code,
 * message}, in this order. */
void ts_expect_violations(const struct ts_reports *r, const char *const (*want)[3], size_t n);

/* A log of 40 rounds of four games (a mate, an illegal move, Shogi, a
 * malformed one), about 12 KiB, with copies of earlier games among them;
 * *len gets its length.  The caller frees it. */
char *ts_mixed_log(size_t *len);

/* In the scratch directory, after a reference run wrote ref/: runs
 * `ENV GCAUDIT_TEST_OOM=big.log@N gcaudit analyze -q ARGS -o out` for N =
 * 0, step, 2 step, ... until big.log is read whole (its row `160,ok`).
 * Each run where an allocation failed in big.log must exit 1 with its
 * row `0,failed,out of memory` and games, violations, variants and
 * players the same bytes as ref/'s; more than three such runs must come
 * before the whole read. */
void ts_oom_sweep_big_log(const char *env, const char *args, int step);

/* Data rows whose column col holds value. */
size_t ts_csv_count(const struct ts_csv *t, const char *col, const char *value);

#endif
