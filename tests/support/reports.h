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

/* Data rows whose column col holds value. */
size_t ts_csv_count(const struct ts_csv *t, const char *col, const char *value);

#endif
