/*
 * stats_xlsx: the statistics tables as one workbook (--xlsx), one sheet
 * per table, for people who live in spreadsheets: numbers are stored as
 * numbers (with the same rounding as the CSV, so both show the same
 * figures), the header row is bold and frozen, and each column is as wide
 * as its longest cell (within reason).
 *
 * libxlsxwriter's constant-memory mode streams each row out as it is
 * written, so a workbook of a huge players table needs no more memory
 * than the CSV.  The file is written under a temporary name and renamed,
 * like every report, and its creation date is given (not the clock's), so
 * the same input gives the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xlsxwriter.h>

#include "cli/cli.h"
#include "stats/stats.h"

#define MAX_COLS 32
#define NUM_SIZE 40
#define MAX_WIDTH 60.0

/* Characters a spreadsheet shows: UTF-8 code points. */
static size_t shown_width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void column_widths(const st_stats *s, enum st_table t, double *width)
{
    size_t ncols = st_table_ncols(t);
    struct st_cell cells[MAX_COLS];
    char num[NUM_SIZE];
    for (size_t c = 0; c < ncols; c++)
        width[c] = (double)shown_width(st_table_header(t)[c]);
    for (size_t r = 0; r < st_table_nrows(s, t); r++) {
        st_table_row(s, t, r, cells);
        for (size_t c = 0; c < ncols; c++) {
            double w = (double)shown_width(st_cell_text(&cells[c], num, sizeof num));
            if (w > width[c])
                width[c] = w;
        }
    }
    for (size_t c = 0; c < ncols; c++)
        width[c] = width[c] + 2 > MAX_WIDTH ? MAX_WIDTH : width[c] + 2;
}

static lxw_error write_sheet(lxw_workbook *wb, lxw_format *bold, const st_stats *s,
                             enum st_table t)
{
    lxw_worksheet *ws = workbook_add_worksheet(wb, st_table_name(t));
    if (!ws)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    size_t ncols = st_table_ncols(t);
    double width[MAX_COLS];
    column_widths(s, t, width);
    for (size_t c = 0; c < ncols; c++)
        worksheet_set_column(ws, (lxw_col_t)c, (lxw_col_t)c, width[c], NULL);
    worksheet_freeze_panes(ws, 1, 0);
    lxw_error rc = LXW_NO_ERROR;
    for (size_t c = 0; c < ncols && !rc; c++)
        rc = worksheet_write_string(ws, 0, (lxw_col_t)c, st_table_header(t)[c], bold);
    struct st_cell cells[MAX_COLS];
    char num[NUM_SIZE];
    size_t nrows = st_table_nrows(s, t);
    if (nrows >= LXW_ROW_MAX)
        return LXW_ERROR_WORKSHEET_INDEX_OUT_OF_RANGE;
    for (size_t r = 0; r < nrows && !rc; r++) {
        st_table_row(s, t, r, cells);
        lxw_row_t row = (lxw_row_t)(r + 1);
        for (size_t c = 0; c < ncols && !rc; c++) {
            const struct st_cell *cell = &cells[c];
            const char *text = st_cell_text(cell, num, sizeof num);
            if (cell->kind == ST_CELL_TEXT)
                rc = worksheet_write_string(ws, row, (lxw_col_t)c, text, NULL);
            else if (cell->kind != ST_CELL_EMPTY)
                /* The number the CSV shows, not more digits. */
                rc = worksheet_write_number(ws, row, (lxw_col_t)c, strtod(text, NULL), NULL);
        }
    }
    return rc;
}

int cli_write_stats_xlsx(const st_stats *s, const char *path, long long created, char *err,
                         size_t errsize)
{
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    snprintf(tmp, n, "%s.tmp-%ld", path, (long)getpid());
    lxw_workbook_options opt = {.constant_memory = LXW_TRUE};
    lxw_workbook *wb = workbook_new_opt(tmp, &opt);
    if (!wb) {
        snprintf(err, errsize, "cannot create '%s'", path);
        free(tmp);
        return -1;
    }
    /* libxlsxwriter stamps the current time unless told otherwise. */
    lxw_doc_properties props = {.title = "gcaudit statistics", .created = (time_t)created};
    workbook_set_properties(wb, &props);
    lxw_format *bold = workbook_add_format(wb);
    format_set_bold(bold);
    lxw_error rc = LXW_NO_ERROR;
    for (int t = 0; t < ST_TABLE_COUNT && !rc; t++)
        rc = write_sheet(wb, bold, s, (enum st_table)t);
    lxw_error closed = workbook_close(wb);
    if (!rc)
        rc = closed;
    if (!rc && rename(tmp, path) != 0)
        rc = LXW_ERROR_CREATING_XLSX_FILE;
    if (rc) {
        snprintf(err, errsize, "cannot write '%s': %s", path, lxw_strerror(rc));
        unlink(tmp);
    }
    free(tmp);
    return rc ? -1 : 0;
}
