/*
 * report_read: the row reports of a run (inputs.csv, games.csv,
 * violations.csv and the viewer records) read back, game by game, for
 * the audit section of summary.html, the viewer pages and the workbook's
 * games and violations sheets.
 *
 * Reading the written reports rather than keeping rows in memory is what
 * keeps memory flat (one game's rows at a time) and makes `merge`, whose
 * row reports are byte for byte those of one run, write the very same
 * pages.  A game's violation rows follow each other in violations.csv in
 * the order of games.csv, and games.csv's `violations` column says how
 * many there are (merge relies on the same).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/audit.h"

struct cli_rows {
    FILE *games, *violations, *viewer;
    char *iobuf[3];                /* their buffers (open_report) */
    char *gline, *vline, *xline;   /* the current game's lines */
    size_t gcap, vcap, xcap;
    char **vlines;                 /* one violation row's line each */
    size_t *vcaps, nvcap;
    const char *(*vcells)[CLI_VIOLATIONS_COLS];
    long long row;
    char *err;
    size_t errsize;
};

/* Line end and, on the first line, the byte-order mark (--excel) off. */
static ssize_t read_line(FILE *f, char **line, size_t *cap, int first)
{
    ssize_t n = getline(line, cap, f);
    if (n <= 0)
        return n;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r'))
        (*line)[--n] = '\0';
    if (first && n >= 3 && memcmp(*line, "\xEF\xBB\xBF", 3) == 0) {
        memmove(*line, *line + 3, (size_t)n - 2);
        n -= 3;
    }
    return n;
}

/* The report at path, read through a buffer of FMT_IO_BUFFER bytes
 * (*iobuf, freed after fclose): stdio's own, the file system's 4 KiB
 * block, read games.csv back in 6,000 system calls for 100,000 games. */
static FILE *open_report(const char *path, char **iobuf, char *err, size_t errsize)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        snprintf(err, errsize, "cannot read '%s': %s", path, strerror(errno));
    else
        *iobuf = fmt_io_buffer(f);
    return f;
}

void cli_rows_free(cli_rows *r)
{
    if (!r)
        return;
    if (r->games)
        fclose(r->games);
    if (r->violations)
        fclose(r->violations);
    if (r->viewer)
        fclose(r->viewer);
    for (int i = 0; i < 3; i++)
        free(r->iobuf[i]);
    free(r->gline);
    free(r->vline);
    free(r->xline);
    for (size_t i = 0; i < r->nvcap; i++)
        free(r->vlines[i]);
    free(r->vlines);
    free(r->vcaps);
    free(r->vcells);
    free(r);
}

cli_rows *cli_rows_open(const struct cli_report_files *files, char *err, size_t errsize)
{
    cli_rows *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    r->err = err;
    r->errsize = errsize;
    if (!(r->games = open_report(files->games, &r->iobuf[0], err, errsize)) ||
        !(r->violations = open_report(files->violations, &r->iobuf[1], err, errsize)) ||
        (files->viewer && !(r->viewer = open_report(files->viewer, &r->iobuf[2], err, errsize)))) {
        cli_rows_free(r);
        return NULL;
    }
    /* The header rows. */
    if (read_line(r->games, &r->gline, &r->gcap, 1) < 0 ||
        read_line(r->violations, &r->vline, &r->vcap, 1) < 0 ||
        (r->viewer && read_line(r->viewer, &r->xline, &r->xcap, 1) < 0)) {
        snprintf(err, errsize, "'%s' or '%s' has no header row", files->games,
                 files->violations);
        cli_rows_free(r);
        return NULL;
    }
    return r;
}

/* Room for n violation rows. */
static int grow(cli_rows *r, size_t n)
{
    if (n <= r->nvcap)
        return 0;
    size_t cap = r->nvcap ? r->nvcap : 4;
    while (cap < n)
        cap *= 2;
    char **lines = realloc(r->vlines, cap * sizeof *lines);
    if (lines)
        r->vlines = lines;
    size_t *caps = realloc(r->vcaps, cap * sizeof *caps);
    if (caps)
        r->vcaps = caps;
    const char *(*cells)[CLI_VIOLATIONS_COLS] = realloc(r->vcells, cap * sizeof *cells);
    if (cells)
        r->vcells = cells;
    if (!lines || !caps || !cells)
        return -1;
    for (size_t i = r->nvcap; i < cap; i++) {
        r->vlines[i] = NULL;
        r->vcaps[i] = 0;
    }
    r->nvcap = cap;
    return 0;
}

int cli_rows_next(cli_rows *r, struct cli_game_rows *out)
{
    ssize_t n = read_line(r->games, &r->gline, &r->gcap, 0);
    if (n < 0)
        return ferror(r->games) ? (snprintf(r->err, r->errsize, "cannot read games.csv back"), -1)
                                : 0;
    r->row++;
    out->row = r->row;
    if (fmt_csv_split(r->gline, out->game, CLI_GAMES_COLS) < CLI_GAMES_COLS) {
        snprintf(r->err, r->errsize, "games.csv row %lld is not one gcaudit wrote", r->row);
        return -1;
    }
    char *end;
    unsigned long long nv = strtoull(out->game[CLI_G_VIOLATIONS], &end, 10);
    if (*end || nv > 1000000 || grow(r, (size_t)nv) != 0) {
        snprintf(r->err, r->errsize, "games.csv row %lld: bad violation count", r->row);
        return -1;
    }
    for (size_t i = 0; i < nv; i++) {
        if (read_line(r->violations, &r->vlines[i], &r->vcaps[i], 0) < 0 ||
            fmt_csv_split(r->vlines[i], r->vcells[i], CLI_VIOLATIONS_COLS) <
                CLI_VIOLATIONS_COLS) {
            snprintf(r->err, r->errsize, "violations.csv does not match games.csv at row %lld",
                     r->row);
            return -1;
        }
    }
    out->nviolations = (size_t)nv;
    out->violation = r->vcells;
    out->viewer = "";
    if (r->viewer) {
        if (read_line(r->viewer, &r->xline, &r->xcap, 0) < 0) {
            snprintf(r->err, r->errsize, "the viewer records end before games.csv row %lld",
                     r->row);
            return -1;
        }
        out->viewer = r->xline;
    }
    return 1;
}

/* ------------------------------------------------------------- entries */

struct cli_entries {
    FILE *f;
    char *iobuf;                   /* its buffer (open_report) */
    char *line;
    size_t cap;
};

cli_entries *cli_entries_open(const char *path, char *err, size_t errsize)
{
    cli_entries *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    if (!(e->f = open_report(path, &e->iobuf, err, errsize)) || read_line(e->f, &e->line, &e->cap, 1) < 0) {
        if (e->f)
            snprintf(err, errsize, "'%s' has no header row", path);
        cli_entries_free(e);
        return NULL;
    }
    return e;
}

int cli_entries_next(cli_entries *e, const char **cells)
{
    if (read_line(e->f, &e->line, &e->cap, 0) < 0)
        return ferror(e->f) ? -1 : 0;
    return fmt_csv_split(e->line, cells, CLI_INPUTS_COLS) >= CLI_INPUTS_COLS ? 1 : -1;
}

void cli_entries_free(cli_entries *e)
{
    if (!e)
        return;
    if (e->f)
        fclose(e->f);
    free(e->iobuf);
    free(e->line);
    free(e);
}
