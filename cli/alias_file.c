/*
 * alias_file: the --player-alias file, read with libcsv's parser.  The
 * format is Ordo's synonyms file: one row per player, the name the reports
 * use first, then the other spellings of it:
 *
 *     "Ada Quill","A. Quill",ada_quill
 *     Dmitri Volkov,D. Volkov
 *
 * Cells are trimmed of spaces and tabs; empty cells and blank lines are
 * ignored; a UTF-8 byte-order mark is skipped (spreadsheets write one).
 *
 * Reading is linear in the file: names and spellings are interned in a
 * hash (stats/alias.c), a spelling listed again is known from it, and the
 * list of spellings grows by doubling.  Ctrl-C stops the reading between
 * blocks (cli_interrupted).
 */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "stats/stats.h"

struct reader {
    st_alias *alias;
    struct cli_alias_spellings *spellings; /* each spelling and its row, or NULL */
    const char *path;
    char **cells;
    size_t ncells, cap;
    unsigned long row;
    size_t spellings_cap;        /* room in spellings->v */
    int failed;
    char *err;
    size_t errsize;
};

static void fail(struct reader *R, const char *fmt, const char *a, const char *b)
{
    if (R->failed)
        return;
    R->failed = 1;
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    snprintf(R->err, R->errsize, "%s, row %lu: %s", R->path, R->row, msg);
}

static void on_field(void *s, size_t len, void *data)
{
    struct reader *R = data;
    const char *p = s ? s : "";
    while (len && (*p == ' ' || *p == '\t'))
        p++, len--;
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
        len--;
    if (R->failed || len == 0)
        return;
    if (R->ncells == R->cap) {
        size_t cap = R->cap ? R->cap * 2 : 8;
        char **cells = realloc(R->cells, cap * sizeof *cells);
        if (!cells) {
            fail(R, "out of memory%s%s", "", "");
            return;
        }
        R->cells = cells;
        R->cap = cap;
    }
    char *cell = malloc(len + 1);
    if (!cell) {
        fail(R, "out of memory%s%s", "", "");
        return;
    }
    memcpy(cell, p, len);
    cell[len] = '\0';
    R->cells[R->ncells++] = cell;
}

/* Keep a spelling and its row for the warning about spellings no game
 * has (analyze_writer.c); a spelling listed twice for one name once
 * (known: it was a spelling before this row added it). */
static int note_spelling(struct reader *R, const char *spelling, int known)
{
    struct cli_alias_spellings *sp = R->spellings;
    if (!sp || known || strcmp(spelling, R->cells[0]) == 0)
        return 0;
    if (sp->n == R->spellings_cap) {
        size_t cap = R->spellings_cap ? 2 * R->spellings_cap : 16;
        void *grown = realloc(sp->v, cap * sizeof *sp->v);
        if (!grown)
            return -1;
        sp->v = grown;
        R->spellings_cap = cap;
    }
    if (!(sp->v[sp->n].text = strdup(spelling)))
        return -1;
    sp->v[sp->n++].row = R->row;
    return 0;
}

static void on_row(int c, void *data)
{
    (void)c;
    struct reader *R = data;
    R->row++;
    for (size_t i = 1; i < R->ncells && !R->failed; i++) {
        const char *other = NULL;
        int known = st_alias_resolve(R->alias, R->cells[i]) != R->cells[i];
        switch (st_alias_add(R->alias, R->cells[0], R->cells[i], &other)) {
        case ST_OK:
            if (note_spelling(R, R->cells[i], known) != 0)
                fail(R, "out of memory%s%s", "", "");
            break;
        case ST_ALIAS_CONFLICT:
            fail(R, "'%s' is already a spelling of '%s'", R->cells[i], other);
            break;
        case ST_ALIAS_CHAIN:
            /* other is the spelling itself when it is already a name. */
            if (strcmp(other, R->cells[i]) == 0)
                fail(R, "'%s' is already a player's name, so it cannot be a spelling of '%s'",
                     R->cells[i], R->cells[0]);
            else
                fail(R, "'%s' is already a spelling of '%s'", R->cells[0], other);
            break;
        default:
            fail(R, "out of memory%s%s", "", "");
        }
    }
    /* A name alone declares it (so that it cannot become a spelling). */
    if (R->ncells == 1 && !R->failed) {
        const char *other = NULL;
        if (st_alias_add(R->alias, R->cells[0], R->cells[0], &other) != ST_OK)
            fail(R, "'%s' is already a spelling of '%s'", R->cells[0], other ? other : "");
    }
    for (size_t i = 0; i < R->ncells; i++)
        free(R->cells[i]);
    R->ncells = 0;
}

void cli_alias_spellings_release(struct cli_alias_spellings *sp)
{
    for (size_t i = 0; i < sp->n; i++)
        free(sp->v[i].text);
    free(sp->v);
    sp->v = NULL;
    sp->n = 0;
}

st_alias *cli_alias_read(const char *path, struct cli_alias_spellings *spellings, char *err,
                         size_t errsize)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        return NULL;
    }
    struct reader R = {st_alias_new(), spellings, path, NULL, 0, 0, 0, 0, 0, err, errsize};
    struct csv_parser p;
    int inited = R.alias && csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) == 0;
    if (!inited)
        fail(&R, "out of memory%s%s", "", "");
    char buf[65536];
    size_t n, total = 0;
    while (!R.failed && (n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (cli_interrupted()) {
            fail(&R, "interrupted%s%s", "", "");
            break;
        }
        const char *data = buf;
        if (total == 0 && n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
            data += 3, n -= 3;
        total += n + 1;
        if (csv_parse(&p, data, n, on_field, on_row, &R) != n) {
            R.row++;
            fail(&R, "not valid CSV: %s%s", csv_strerror(csv_error(&p)), "");
        }
    }
    if (!R.failed && ferror(f))
        fail(&R, "cannot be read: %s%s", strerror(errno), "");
    if (inited && !R.failed && csv_fini(&p, on_field, on_row, &R) != 0) {
        R.row++;
        fail(&R, "not valid CSV: %s%s", csv_strerror(csv_error(&p)), "");
    }
    if (inited)
        csv_free(&p);
    for (size_t i = 0; i < R.ncells; i++)
        free(R.cells[i]);
    free(R.cells);
    fclose(f);
    if (R.failed) {
        st_alias_free(R.alias);
        return NULL;
    }
    return R.alias;
}
