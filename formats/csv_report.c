/*
 * CSV report files (reports.md): RFC 4180 through libcsv, UTF-8, '\n' line
 * ends, or a byte-order mark and "\r\n" for spreadsheet programs (--excel).
 *
 * A report is written to "NAME.tmp-PID" beside its final name and renamed
 * into place only when complete, so that a run that stops half way never
 * leaves a report that looks whole.
 *
 * Every cell is made safe on its way out, since names and texts come from
 * hostile input: control characters and invalid UTF-8 become "\xNN"
 * (escape.c), and CSV injection is defused as OWASP advises for
 * spreadsheet-facing files: a cell a spreadsheet would evaluate as a
 * formula gets a leading apostrophe and is quoted.
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

/* -?digits[.digits][e[+-]digits]: what the numeric columns hold, negative
 * bounds included.  A spreadsheet reads these as numbers, never formulas,
 * and they must stay numbers. */
static int is_plain_number(const char *s)
{
    const char *p = s + (*s == '-' || *s == '+');
    size_t n = strspn(p, "0123456789");
    if (n == 0)
        return 0;
    p += n;
    if (*p == '.') {
        n = strspn(++p, "0123456789");
        if (n == 0)
            return 0;
        p += n;
    }
    if (*p == 'e' || *p == 'E') {
        p += 1 + (p[1] == '-' || p[1] == '+');
        n = strspn(p, "0123456789");
        if (n == 0)
            return 0;
        p += n;
    }
    return *p == '\0';
}

/* Would a spreadsheet take the cell for a formula?  The characters are
 * OWASP's list.  Apostrophes already leading the cell are looked through,
 * so that one more is added to "'=x" too and taking one off always gives
 * back what was written.  A lone "-" (standard input's name, and a common
 * "nothing" in a table) is no formula and stays as it is. */
static int formula_like(const char *s)
{
    if (is_plain_number(s) || strcmp(s, "-") == 0)
        return 0;
    s += strspn(s, "'");
    return *s != '\0' && strchr("=+-@\t\r", *s) != NULL;
}

/* A cell for people: escaped when it holds a control character or invalid
 * UTF-8, with an apostrophe in front when it looks like a formula.
 * Returns s itself, or a malloc'd string stored in *owned; NULL when out
 * of memory. */
static const char *safe_cell(const char *s, char **owned, int *quote)
{
    *owned = NULL;
    size_t len = strlen(s);
    if (fmt_printable_span(s, len) < len) {
        if (!(s = *owned = fmt_escape(s)))
            return NULL;
        len = strlen(s);
    }
    *quote = formula_like(s);
    if (!*quote)
        return s;
    char *p = malloc(len + 2);
    if (p) {
        p[0] = '\'';
        memcpy(p + 1, s, len + 1);
    }
    free(*owned);
    return *owned = p;
}

static void write_cell(fmt_csv *csv, const char *cell)
{
    char *owned;
    int quote, rc;
    const char *s = safe_cell(cell ? cell : "", &owned, &quote);
    if (!s)
        rc = EOF;
    else if (quote || needs_quotes(s))
        rc = csv_fwrite(csv->f, s, strlen(s));
    else
        rc = fputs(s, csv->f) == EOF ? EOF : 0;
    if (rc != 0)
        csv->failed = 1;
    free(owned);
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
