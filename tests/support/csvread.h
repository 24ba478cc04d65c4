/*
 * csvread: read a report back with libcsv's parser, so tests check the
 * cells a spreadsheet would see, quoting undone.
 */
#ifndef GC_TEST_CSVREAD_H
#define GC_TEST_CSVREAD_H

#include <stddef.h>

struct ts_csv {
    char ***rows;     /* rows[r][c], header row first */
    size_t *ncols;
    size_t nrows;
};

/* 0 on success; the file must parse as strict RFC 4180. */
int ts_csv_read(const char *path, struct ts_csv *out);
void ts_csv_free(struct ts_csv *t);

/* Column index of a header name, or -1. */
int ts_csv_col(const struct ts_csv *t, const char *name);

/* Cell of row r (1 = first data row) in the named column; "" if absent. */
const char *ts_csv_get(const struct ts_csv *t, size_t r, const char *name);

#endif
