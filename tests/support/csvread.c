/*
 * csvread: reports parsed back with libcsv (csv_parse callbacks build the
 * rows).
 */
#include "tests/support/csvread.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/support.h"

struct builder {
    struct ts_csv *t;
    char **row;
    size_t n;
};

static void on_field(void *s, size_t len, void *data)
{
    struct builder *b = data;
    b->row = realloc(b->row, (b->n + 1) * sizeof *b->row);
    b->row[b->n] = malloc(len + 1);
    memcpy(b->row[b->n], s, len);
    b->row[b->n++][len] = '\0';
}

static void on_row(int c, void *data)
{
    (void)c;
    struct builder *b = data;
    struct ts_csv *t = b->t;
    t->rows = realloc(t->rows, (t->nrows + 1) * sizeof *t->rows);
    t->ncols = realloc(t->ncols, (t->nrows + 1) * sizeof *t->ncols);
    t->rows[t->nrows] = b->row;
    t->ncols[t->nrows++] = b->n;
    b->row = NULL;
    b->n = 0;
}

int ts_csv_read(const char *path, struct ts_csv *out)
{
    memset(out, 0, sizeof *out);
    size_t len;
    char *text = ts_read_file(path, &len);
    if (!text)
        return -1;
    struct csv_parser p;
    struct builder b = {out, NULL, 0};
    int rc = csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) == 0 ? 0 : -1;
    if (rc == 0 && csv_parse(&p, text, len, on_field, on_row, &b) != len)
        rc = -1;
    if (rc == 0 && csv_fini(&p, on_field, on_row, &b) != 0)
        rc = -1;
    csv_free(&p);
    free(b.row);
    free(text);
    return rc;
}

void ts_csv_free(struct ts_csv *t)
{
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t c = 0; c < t->ncols[r]; c++)
            free(t->rows[r][c]);
        free(t->rows[r]);
    }
    free(t->rows);
    free(t->ncols);
    memset(t, 0, sizeof *t);
}

int ts_csv_col(const struct ts_csv *t, const char *name)
{
    if (!t->nrows)
        return -1;
    for (size_t c = 0; c < t->ncols[0]; c++)
        if (strcmp(t->rows[0][c], name) == 0)
            return (int)c;
    return -1;
}

const char *ts_csv_get(const struct ts_csv *t, size_t r, const char *name)
{
    int c = ts_csv_col(t, name);
    if (c < 0 || r >= t->nrows || (size_t)c >= t->ncols[r])
        return "";
    return t->rows[r][c];
}
