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

/* Data rows whose column col holds value. */
size_t ts_csv_count(const struct ts_csv *t, const char *col, const char *value);

#endif
