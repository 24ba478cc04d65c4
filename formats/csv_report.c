/*
 * CSV report files (gcaudit(1) REPORTS): RFC 4180 through libcsv, UTF-8,
 * '\n' line ends, or a byte-order mark and "\r\n" for spreadsheet programs
 * (--excel).
 *
 * A report is written to "NAME.tmp-PID" beside its final name and renamed
 * into place only when complete, so that a run that stops half way never
 * leaves a report that looks whole.
 *
 * Every cell is made safe on its way out, since names and texts come from
 * hostile input: control characters and invalid UTF-8 become "\xNN"
 * (escape.c), and CSV injection is defused as OWASP advises for
 * spreadsheet-facing files: a cell a spreadsheet would evaluate as a
 * formula gets a leading apostrophe and is quoted, and a cell holding a
 * ';' or a tab is quoted, so that a spreadsheet splitting on either finds
 * no formula inside it.
 */
#include "formats/formats.h"

#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct fmt_csv {
    FILE *f;
    char *tmp_path;    /* where rows go while the report is incomplete */
    char *final_path;  /* where it lands when closed */
    int excel;         /* "\r\n" line ends */
    int failed;        /* a write failed: close reports it */
    int err;           /* the first failed write's errno */
    struct fmt_buf row; /* the row being formatted */
    char *iobuf;       /* f's buffer (fmt_io_buffer), freed after fclose */
};

char *fmt_io_buffer(FILE *f)
{
    char *b = malloc(FMT_IO_BUFFER);
    if (b && setvbuf(f, b, _IOFBF, FMT_IO_BUFFER) != 0) {
        free(b);
        b = NULL;
    }
    return b;
}

static char *join_path(const char *dir, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s%s", dir, name, suffix);
    return p;
}

/* Quote only where RFC 4180 needs it, or where a spreadsheet set to
 * another separator would split the cell (';' is the usual one where the
 * decimal mark is a comma, a tab the other), so plain cells stay readable
 * in a pager; the quoting itself is libcsv's.  Split there, "a;=1+2"
 * would put a formula in a cell of its own. */
static int needs_quotes(const char *s)
{
    return s[strcspn(s, ",;\t\"\r\n")] != '\0' ||
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

void fmt_buf_release(struct fmt_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

static int buf_reserve(struct fmt_buf *b, size_t more)
{
    if (b->cap - b->len >= more)
        return FMT_OK;
    if (more > SIZE_MAX / 2 - b->len)
        return FMT_FATAL;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < more)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p)
        return FMT_FATAL;
    b->data = p;
    b->cap = cap;
    return FMT_OK;
}

enum fmt_rc fmt_buf_add(struct fmt_buf *b, const char *s, size_t n)
{
    if (buf_reserve(b, n) != FMT_OK)
        return FMT_FATAL;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    return FMT_OK;
}

/* The general path: escaped, defused, quoted as the cell needs. */
static int format_any_cell(struct fmt_buf *out, const char *cell)
{
    char *owned;
    int quote, rc = FMT_FATAL;
    const char *s = safe_cell(cell, &owned, &quote);
    if (s && (quote || needs_quotes(s))) {
        /* libcsv's quoting: quotes around, inner quotes doubled. */
        size_t n = strlen(s), need = 2 * n + 2;
        if (buf_reserve(out, need) == FMT_OK) {
            out->len += csv_write(out->data + out->len, need, s, n);
            rc = FMT_OK;
        }
    } else if (s) {
        rc = fmt_buf_add(out, s, strlen(s));
    }
    free(owned);
    return rc;
}

/* Outside printable ASCII (0x20 to 0x7E), or a comma, semicolon or
 * double quote. */
static int byte_needs_care(unsigned char c)
{
    return c < 0x20 || c >= 0x7F || c == ',' || c == ';' || c == '"';
}

/* Can the cell go out as it is?  Printable ASCII with no separator or quote
 * (nothing to escape, nothing to quote), no space at either end (quoted),
 * and not starting with a character that a formula or an apostrophe
 * starts with (formula_like's concern).  Nearly every cell is like this:
 * names, numbers, codes.  Byte by byte: testing 8 bytes at a time
 * made no difference a whole run could measure. */
static int is_plain_cell(const char *s, size_t len)
{
    if (len == 0)
        return 1;
    switch (s[0]) {
    case '=': case '+': case '-': case '@': case '\'': case ' ':
        return 0;
    }
    if (s[len - 1] == ' ')
        return 0;
    for (size_t i = 0; i < len; i++)
        if (byte_needs_care((unsigned char)s[i]))
            return 0;
    return 1;
}

/* byte_needs_care as a table, NUL included (it ends a cell): one load a
 * byte in format_cell's copy. */
static const unsigned char stops_plain[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* The longest cell format_cell copies as it checks; a longer one is
 * measured and checked first (is_plain_cell).  Nearly every cell is
 * shorter: names, numbers, codes. */
#define SHORT_CELL 64

/* One cell, after a comma unless it is the first.  A short cell is
 * copied while it is checked, a byte at a time, in one pass where
 * strlen, is_plain_cell and memcpy took three (and two calls); at a byte
 * that needs care, or a space at its end, what was copied is dropped
 * and the general path formats the cell.  The bytes are those of
 * is_plain_cell's test and memcpy (tests/formats/test_csv_report.c:
 * every kind of byte at every place of cells of up to 24 bytes, and about
 * the 64th of cells of 60 to 72). */
static int format_cell(struct fmt_buf *out, const char *cell, int first)
{
    const char *s = cell ? cell : "";
    if (buf_reserve(out, SHORT_CELL + 1) != FMT_OK)
        return FMT_FATAL;
    if (!first)
        out->data[out->len++] = ',';
    switch (s[0]) {
    case '=': case '+': case '-': case '@': case '\'': case ' ':
        return format_any_cell(out, s);
    }
    char *to = out->data + out->len;
    size_t i = 0;
    while (i < SHORT_CELL && !stops_plain[(unsigned char)s[i]]) {
        to[i] = s[i];
        i++;
    }
    if (s[i] == '\0' && (i == 0 || s[i - 1] != ' ')) {
        out->len += i;
        return FMT_OK;
    }
    if (i < SHORT_CELL)
        return format_any_cell(out, s);
    /* A long cell: measured, checked and copied as it is. */
    size_t len = strlen(s);
    if (!is_plain_cell(s, len))
        return format_any_cell(out, s);
    return fmt_buf_add(out, s, len);
}

enum fmt_rc fmt_csv_format_cells(struct fmt_buf *out, const char *const *cells, size_t n,
                                 int start)
{
    for (size_t i = 0; i < n; i++)
        if (format_cell(out, cells[i], start && i == 0) != FMT_OK)
            return FMT_FATAL;
    return FMT_OK;
}

enum fmt_rc fmt_csv_format_end(struct fmt_buf *out, int excel)
{
    return excel ? fmt_buf_add(out, "\r\n", 2) : fmt_buf_add(out, "\n", 1);
}

enum fmt_rc fmt_csv_format_row(struct fmt_buf *out, const char *const *cells, size_t ncols, int excel)
{
    if (fmt_csv_format_cells(out, cells, ncols, 1) != FMT_OK)
        return FMT_FATAL;
    return fmt_csv_format_end(out, excel);
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
    csv->excel = excel;
    /* Never through a link: the temporary is a file of our own. */
    int fd = csv->tmp_path && csv->final_path
                 ? open(csv->tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666)
                 : -1;
    if (fd >= 0 && !(csv->f = fdopen(fd, "wb"))) {
        int saved = errno;
        close(fd);
        unlink(csv->tmp_path);
        errno = saved;
    }
    if (csv->f)
        csv->iobuf = fmt_io_buffer(csv->f);
    if (!csv->f) {
        int saved = errno;
        free(csv->tmp_path);
        free(csv->final_path);
        free(csv);
        errno = saved;
        return NULL;
    }
    /* Into the stream's buffer: a failure here is out of memory. */
    if ((excel && fputs("\xEF\xBB\xBF", csv->f) == EOF) ||
        (header && fmt_csv_row(csv, header, ncols) != FMT_OK)) {
        int saved = errno ? errno : ENOMEM;
        fmt_csv_abort(csv);
        errno = saved;
        return NULL;
    }
    return csv;
}

const char *fmt_csv_tmp_path(const fmt_csv *csv)
{
    return csv->tmp_path;
}

enum fmt_rc fmt_csv_row(fmt_csv *csv, const char *const *cells, size_t ncols)
{
    csv->row.len = 0;
    if (fmt_csv_format_row(&csv->row, cells, ncols, csv->excel) != FMT_OK) {
        csv->failed = 1;
        return FMT_FATAL;
    }
    return fmt_csv_write(csv, csv->row.data, csv->row.len);
}

enum fmt_rc fmt_csv_write(fmt_csv *csv, const char *bytes, size_t len)
{
    if (len && fwrite(bytes, 1, len, csv->f) != len && !csv->failed) {
        csv->failed = 1;
        csv->err = errno ? errno : EIO;
    }
    if (csv->failed)
        errno = csv->err;
    return csv->failed ? FMT_FATAL : FMT_OK;
}

const char *fmt_csv_path(const fmt_csv *csv) { return csv->final_path; }

static void csv_free_paths(fmt_csv *csv)
{
    fmt_buf_release(&csv->row);
    free(csv->iobuf);             /* after fclose, which flushed it */
    free(csv->tmp_path);
    free(csv->final_path);
    free(csv);
}

enum fmt_rc fmt_csv_close(fmt_csv *csv)
{
    return fmt_csv_close_by(csv, rename);
}

enum fmt_rc fmt_csv_close_by(fmt_csv *csv, int (*place)(const char *tmp, const char *final))
{
    if (!csv)
        return FMT_FATAL;
    int failed = csv->failed, err = csv->err;
    if (fclose(csv->f) != 0 && !failed)
        failed = 1, err = errno;
    if (!failed && place(csv->tmp_path, csv->final_path) != 0)
        failed = 1, err = errno;
    if (failed)
        unlink(csv->tmp_path);
    csv_free_paths(csv);
    errno = err;
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

/* ------------------------------------------------------------- reading */

long fmt_csv_split(char *line, const char **cells, size_t max)
{
    for (size_t i = 0; i < max; i++)
        cells[i] = "";
    long n = 0;
    char *p = line;
    for (;;) {
        char *start = p, *out = p;
        int quoted = *p == '"';
        if (quoted) {
            /* RFC 4180: "" inside quotes is one quote. */
            for (p++;; p++) {
                if (*p == '\0')
                    return -1;
                if (*p == '"' && p[1] != '"')
                    break;
                if (*p == '"')
                    p++;
                *out++ = *p;
            }
            p++;
            if (*p != ',' && *p != '\0')
                return -1;
        } else {
            /* strchr finds the one byte several at a time, where
             * strcspn's set of one is slower at the same search. */
            char *comma = strchr(p, ',');
            p = comma ? comma : p + strlen(p);
            out = p;
        }
        char end = *p;
        *out = '\0';
        /* Only a quoted cell can carry the apostrophe that defused it, and
         * it did exactly when the rest still looks like a formula
         * (formula_like looks through leading apostrophes). */
        if (quoted && start[0] == '\'' && formula_like(start + 1))
            start++;
        if ((size_t)n < max)
            cells[n] = start;
        n++;
        if (end == '\0')
            return n;
        p++;
    }
}
