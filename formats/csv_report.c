/*
 * CSV report files (reports.md): RFC 4180 through libcsv, UTF-8, '\n' line
 * ends, or a byte-order mark and "\r\n" for spreadsheet programs (--excel).
 *
 * A report is written to "NAME.tmp-PID" beside its final name and renamed
 * into place only when complete, so that a run that stops half way never
 * leaves a report that looks whole.
 */
#include "formats/formats.h"

#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct fmt_csv {
    FILE *f;
    char *tmp_path;    /* where rows go while the report is incomplete */
    char *final_path;  /* where it lands when closed */
    const char *eol;
    int failed;        /* a write failed: close reports it */
};

static char *join_path(const char *dir, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s%s", dir, name, suffix);
    return p;
}

/* Quote only where RFC 4180 needs it, so plain cells stay readable in a
 * pager; the quoting itself is libcsv's. */
static int needs_quotes(const char *s)
{
    return s[strcspn(s, ",\"\r\n")] != '\0' ||
           (s[0] == ' ' || (s[0] && s[strlen(s) - 1] == ' '));
}

static void write_cell(fmt_csv *csv, const char *cell)
{
    const char *s = cell ? cell : "";
    int rc;
    if (needs_quotes(s))
        rc = csv_fwrite(csv->f, s, strlen(s));
    else
        rc = fputs(s, csv->f) == EOF ? EOF : 0;
    if (rc != 0)
        csv->failed = 1;
}

fmt_csv *fmt_csv_open(const char *dir, const char *name,
                      const char *const *header, size_t ncols, int excel)
{
    fmt_csv *csv = calloc(1, sizeof *csv);
    if (!csv)
        return NULL;
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".tmp-%ld", (long)getpid());
    csv->tmp_path = join_path(dir, name, suffix);
    csv->final_path = join_path(dir, name, "");
    csv->eol = excel ? "\r\n" : "\n";
    if (csv->tmp_path && csv->final_path)
        csv->f = fopen(csv->tmp_path, "wb");
    if (!csv->f) {
        int saved = errno;
        free(csv->tmp_path);
        free(csv->final_path);
        free(csv);
        errno = saved;
        return NULL;
    }
    if (excel && fputs("\xEF\xBB\xBF", csv->f) == EOF)
        csv->failed = 1;
    fmt_csv_row(csv, header, ncols);
    return csv;
}

int fmt_csv_row(fmt_csv *csv, const char *const *cells, size_t ncols)
{
    for (size_t i = 0; i < ncols; i++) {
        if (i > 0 && fputc(',', csv->f) == EOF)
            csv->failed = 1;
        write_cell(csv, cells[i]);
    }
    if (fputs(csv->eol, csv->f) == EOF)
        csv->failed = 1;
    return csv->failed ? FMT_FATAL : FMT_OK;
}

static void csv_free_paths(fmt_csv *csv)
{
    free(csv->tmp_path);
    free(csv->final_path);
    free(csv);
}

int fmt_csv_close(fmt_csv *csv)
{
    if (!csv)
        return FMT_FATAL;
    int failed = csv->failed;
    if (fclose(csv->f) != 0)
        failed = 1;
    if (!failed && rename(csv->tmp_path, csv->final_path) != 0)
        failed = 1;
    if (failed)
        unlink(csv->tmp_path);
    csv_free_paths(csv);
    return failed ? FMT_FATAL : FMT_OK;
}

void fmt_csv_abort(fmt_csv *csv)
{
    if (!csv)
        return;
    fclose(csv->f);
    unlink(csv->tmp_path);
    csv_free_paths(csv);
}
