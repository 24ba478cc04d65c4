/*
 * stats_csv: the statistics tables as CSV reports, one file per table
 * (gcaudit(1) REPORTS), through the same writer as the per-game reports: same
 * quoting, --excel, and rename into place when complete.  The tables only
 * read the finished statistics, so they may be written on a thread of
 * their own while the page is drawn (report.c); they are then kept under
 * their temporary names, for the report set to take in its own order.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "stats/stats.h"

#define MAX_COLS 32
#define NUM_SIZE 40

_Static_assert(ST_V_COLS <= MAX_COLS && ST_P_COLS <= MAX_COLS, "room for every column");

_Static_assert(ST_TABLE_COUNT <= CLI_KEPT_MAX, "room for every table's file");

/* fmt_csv_close_by's place for a file kept where it is. */
static int keep(const char *tmp, const char *final)
{
    (void)tmp, (void)final;
    return 0;
}

/* Table t into dir; kept in k when k is not NULL, else put in place. */
static int write_table(const st_stats *s, enum st_table t, const char *dir, int excel,
                       struct cli_kept *k)
{
    char name[64];
    snprintf(name, sizeof name, "%s.csv", st_table_name(t));
    size_t ncols = st_table_ncols(t);
    fmt_csv *csv = fmt_csv_open(dir, name, st_table_header(t), ncols, excel);
    if (!csv)
        return -1;
    struct st_cell cells[MAX_COLS];
    char nums[MAX_COLS][NUM_SIZE];
    const char *text[MAX_COLS];
    int rc = FMT_OK;
    for (size_t r = 0; r < st_table_nrows(s, t) && rc == FMT_OK; r++) {
        st_table_row(s, t, r, cells);
        for (size_t c = 0; c < ncols; c++)
            text[c] = st_cell_text(&cells[c], nums[c], NUM_SIZE);
        rc = fmt_csv_row(csv, text, ncols);
    }
    if (rc != FMT_OK) {
        fmt_csv_abort(csv);
        errno = EIO;
        return -1;
    }
    char *tmp = k ? strdup(fmt_csv_tmp_path(csv)) : NULL, *final = k ? strdup(fmt_csv_path(csv)) : NULL;
    if (k && (!tmp || !final)) {
        free(tmp), free(final);
        fmt_csv_abort(csv);
        errno = ENOMEM;
        return -1;
    }
    if (fmt_csv_close_by(csv, k ? keep : cli_report_put) != FMT_OK) {
        free(tmp), free(final);
        if (!errno)
            errno = EIO;
        return -1;
    }
    if (k) {
        k->tmp[k->n] = tmp;
        k->final[k->n++] = final;
    }
    return 0;
}

int cli_write_stats_csv(const st_stats *s, const char *dir, int excel, struct cli_kept *k)
{
    for (int t = 0; t < ST_TABLE_COUNT; t++)
        if (write_table(s, (enum st_table)t, dir, excel, k) != 0)
            return -1;
    return 0;
}
