/*
 * stats_xlsx: the run as one workbook (--xlsx) for people who live in
 * spreadsheets: the four statistics tables, every game and every
 * violation (read back from games.csv and violations.csv, one game at a
 * time), and an info sheet (the run: date, version, inputs, options,
 * selection, counts).  Numbers are stored as numbers (with the same
 * rounding as the CSV, so both show the same figures), rates and shares
 * as fractions formatted as percentages, dates as dates; every sheet has
 * its header row bold and frozen and an autofilter over its columns.
 * Text is written as text cells, never as formulas: a player named
 * `=HYPERLINK("x")` is a string a spreadsheet shows as it is; a text
 * over a cell's 32,767 characters is cut to fit, with one warning for the
 * workbook (xlsx_text.c).
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
#include <time.h>
#include <unistd.h>
#include <xlsxwriter.h>

#include "cli/audit.h"
#include "cli/cli.h"
#include "cli/crosstable.h"
#include "cli/xlsx_text.h"
#include "stats/stats.h"

_Static_assert(CLI_SHEET_ROWS == LXW_ROW_MAX, "xlsx_text.h's CLI_SHEET_ROWS is libxlsxwriter's");

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

/* The cells cut so far, and where the first one is. */
struct cuts {
    unsigned long long n;         /* cells cut */
    char sheet[32];               /* the first one's sheet (a name has 31 characters at most) */
    char cell[16];                /* and its cell, A1-style ("B2") */
};

/* The formats every sheet shares, and the text cells cut to fit. */
struct formats {
    lxw_format *bold, *pct, *date, *datetime;
    struct cuts *cuts;
};

/* text into (row, col) of ws as a string cell, cut to fit (xlsx_text.h),
 * the cut counted. */
static lxw_error text_cell(lxw_worksheet *ws, lxw_row_t row, lxw_col_t col, const char *text,
                           lxw_format *format, struct cuts *cuts)
{
    char *cut;
    const char *fit = cli_xlsx_text_fit(text, &cut);
    if (!fit)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    lxw_error rc = worksheet_write_string(ws, row, col, fit, format);
    int was_cut = cut != NULL;
    free(cut);
    if (!rc && was_cut && cuts->n++ == 0) {
        snprintf(cuts->sheet, sizeof cuts->sheet, "%s", ws->name ? ws->name : "");
        lxw_rowcol_to_cell(cuts->cell, row, col);
    }
    return rc;
}

/* A sheet laid out by another module (xlsx_text.h): the worksheet, the
 * workbook's formats, and libxlsxwriter's reason for the first cell it
 * refused. */
struct cli_sheet {
    lxw_worksheet *ws;
    const struct formats *fm;
    lxw_error refused;
};

static enum cli_sheet_rc sheet_rc(cli_sheet *sh, lxw_error rc)
{
    if (rc == LXW_NO_ERROR)
        return CLI_SHEET_OK;
    sh->refused = rc;
    return CLI_SHEET_REFUSED;
}

enum cli_sheet_rc cli_sheet_text(cli_sheet *sh, uint32_t row, uint16_t col, const char *text,
                                 enum cli_sheet_style style)
{
    lxw_format *f = style == CLI_SHEET_BOLD ? sh->fm->bold : NULL;
    return sheet_rc(sh, text_cell(sh->ws, row, col, text, f, sh->fm->cuts));
}

enum cli_sheet_rc cli_sheet_number(cli_sheet *sh, uint32_t row, uint16_t col, double v,
                                   enum cli_sheet_style style)
{
    lxw_format *f = style == CLI_SHEET_BOLD ? sh->fm->bold : NULL;
    return sheet_rc(sh, worksheet_write_number(sh->ws, row, col, v, f));
}

void cli_sheet_width(cli_sheet *sh, uint16_t col, double width)
{
    worksheet_set_column(sh->ws, col, col, width, NULL);
}

/* The crosstables sheet (crosstable.c lays it out). */
static lxw_error write_crosstables(lxw_workbook *wb, const struct formats *fm,
                                   const cli_crosstables *ct)
{
    cli_sheet sh = {workbook_add_worksheet(wb, "crosstables"), fm, LXW_NO_ERROR};
    if (!sh.ws)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    switch (cli_crosstables_sheet(&sh, ct)) {
    case CLI_SHEET_OK:
        return LXW_NO_ERROR;
    case CLI_SHEET_REFUSED:
        return sh.refused;
    case CLI_SHEET_NO_MEMORY:
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    case CLI_SHEET_FULL:
        break;
    }
    return LXW_ERROR_WORKSHEET_INDEX_OUT_OF_RANGE;
}


/* A column holding a rate or a share, a fraction shown as a percentage:
 * the *_rate columns and their intervals, White's score (a rate of
 * points) and its interval, and a termination's share. */
static int percent_column(const char *name)
{
    return strstr(name, "rate") != NULL || strcmp(name, "share") == 0 ||
           strncmp(name, "white_score", 11) == 0;
}

/* Header row: bold, frozen, with an autofilter over nrows data rows. */
static lxw_error header(lxw_worksheet *ws, const struct formats *fm, const char *const *names,
                        size_t ncols, size_t nrows)
{
    worksheet_freeze_panes(ws, 1, 0);
    lxw_error rc = LXW_NO_ERROR;
    for (size_t c = 0; c < ncols && !rc; c++)
        rc = worksheet_write_string(ws, 0, (lxw_col_t)c, names[c], fm->bold);
    if (!rc)
        rc = worksheet_autofilter(ws, 0, 0, (lxw_row_t)nrows, (lxw_col_t)(ncols - 1));
    return rc;
}

static lxw_error write_sheet(lxw_workbook *wb, const struct formats *fm, const st_stats *s,
                             enum st_table t)
{
    lxw_worksheet *ws = workbook_add_worksheet(wb, st_table_name(t));
    if (!ws)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    size_t ncols = st_table_ncols(t);
    const char *const *names = st_table_header(t);
    double width[MAX_COLS];
    column_widths(s, t, width);
    for (size_t c = 0; c < ncols; c++)
        worksheet_set_column(ws, (lxw_col_t)c, (lxw_col_t)c, width[c],
                             percent_column(names[c]) ? fm->pct : NULL);
    size_t nrows = st_table_nrows(s, t);
    if (nrows >= LXW_ROW_MAX)
        return LXW_ERROR_WORKSHEET_INDEX_OUT_OF_RANGE;
    lxw_error rc = header(ws, fm, names, ncols, nrows);
    struct st_cell cells[MAX_COLS];
    char num[NUM_SIZE];
    for (size_t r = 0; r < nrows && !rc; r++) {
        st_table_row(s, t, r, cells);
        lxw_row_t row = (lxw_row_t)(r + 1);
        for (size_t c = 0; c < ncols && !rc; c++) {
            const struct st_cell *cell = &cells[c];
            const char *text = st_cell_text(cell, num, sizeof num);
            if (cell->kind == ST_CELL_TEXT)
                rc = text_cell(ws, row, (lxw_col_t)c, text, NULL, fm->cuts);
            else if (cell->kind != ST_CELL_EMPTY)
                /* The number the CSV shows, not more digits. */
                rc = worksheet_write_number(ws, row, (lxw_col_t)c, strtod(text, NULL),
                                            percent_column(names[c]) ? fm->pct : NULL);
        }
    }
    return rc;
}

/* ------------------------------------------------- games, violations */

/* YYYY-MM-DD at the start of s, a time HH:MM[:SS] after it allowed: 1
 * with *out set, or 0 (the cell then stays text, as written). */
static int parse_date(const char *s, lxw_datetime *out)
{
    int y, mo, d, h = 0, mi = 0, n = 0;
    double sec = 0;
    if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 || n != 10)
        return 0;
    const char *rest = s + 10;
    if (*rest) {
        int m = 0;
        if (sscanf(rest, "%*[ T]%2d:%2d%n", &h, &mi, &m) != 2)
            return 0;
        if (rest[m] == ':')
            sec = strtod(rest + m + 1, NULL);
    }
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] || h > 23 || mi > 59 ||
        sec < 0 || sec >= 60)
        return 0;
    *out = (lxw_datetime){y, mo, d, h, mi, sec};
    return 1;
}

/* A value from the log (the round) that is a number as a spreadsheet
 * shows it again, the same text: "3", "12", "2.5", not "03", "2.50",
 * " 3", "1e3" or "inf" (text, as the log wrote it). */
static int plain_number(const char *s)
{
    size_t n = strspn(s, "0123456789");
    if (n == 0 || n > 15 || (s[0] == '0' && n > 1))
        return 0;
    if (!s[n])
        return 1;
    size_t f = strspn(s + n + 1, "0123456789");
    return s[n] == '.' && f > 0 && f <= 6 && !s[n + 1 + f] && s[n + f] != '0';
}

/* One cell read back from a row report: a number, a date or text, as
 * its column's type says (rows.h); a cell that does not read as its type
 * is text. */
static lxw_error report_cell(lxw_worksheet *ws, const struct formats *fm, lxw_row_t row, int c,
                             const char *text, enum cli_cell_type type)
{
    if (!text[0])
        return LXW_NO_ERROR;
    char *end;
    double v = strtod(text, &end);
    int number = type == CLI_CELL_NUMBER || (type == CLI_CELL_LOG_NUMBER && plain_number(text));
    if (number && !*end)
        return worksheet_write_number(ws, row, (lxw_col_t)c, v, NULL);
    lxw_datetime dt;
    if (type == CLI_CELL_DATE && parse_date(text, &dt))
        return worksheet_write_datetime(ws, row, (lxw_col_t)c, &dt,
                                        strlen(text) > 10 ? fm->datetime : fm->date);
    return text_cell(ws, row, (lxw_col_t)c, text, NULL, fm->cuts);
}

static void widths(lxw_worksheet *ws, const char *const *names, size_t n)
{
    for (size_t c = 0; c < n; c++) {
        double w = (double)strlen(names[c]) + 3;
        if (strcmp(names[c], "source") == 0 || strcmp(names[c], "entry") == 0)
            w = 30;
        else if (strcmp(names[c], "message") == 0)
            w = 60;
        else if (strcmp(names[c], "started") == 0 || strcmp(names[c], "ended") == 0)
            w = 17;
        else if (w < 10)
            w = 10;
        worksheet_set_column(ws, (lxw_col_t)c, (lxw_col_t)c, w, NULL);
    }
}

/* The games and violations sheets, one game at a time.  A sheet holds at
 * most LXW_ROW_MAX rows: rows past that are counted in *cut, not written
 * (the info sheet says so; the CSV files have them all). */
static lxw_error write_rows(lxw_workbook *wb, const struct formats *fm,
                            const struct cli_report_files *files, unsigned long long *cut,
                            char *err, size_t errsize)
{
    lxw_worksheet *gs = workbook_add_worksheet(wb, "games");
    lxw_worksheet *vs = workbook_add_worksheet(wb, "violations");
    if (!gs || !vs)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    cli_rows *r = cli_rows_open(files, err, errsize);
    if (!r)
        return LXW_ERROR_CREATING_TMPFILE;
    widths(gs, cli_games_header, CLI_GAMES_COLS);
    widths(vs, cli_violations_header, CLI_VIOLATIONS_COLS);
    worksheet_freeze_panes(gs, 1, 0);
    worksheet_freeze_panes(vs, 1, 0);
    lxw_error rc = LXW_NO_ERROR;
    for (int c = 0; c < CLI_GAMES_COLS && !rc; c++)
        rc = worksheet_write_string(gs, 0, (lxw_col_t)c, cli_games_header[c], fm->bold);
    for (int c = 0; c < CLI_VIOLATIONS_COLS && !rc; c++)
        rc = worksheet_write_string(vs, 0, (lxw_col_t)c, cli_violations_header[c], fm->bold);
    struct cli_game_rows g;
    lxw_row_t grow = 0, vrow = 0;
    int more;
    *cut = 0;
    while (!rc && (more = cli_rows_next(r, &g)) == 1) {
        if (grow + 1 >= LXW_ROW_MAX) {
            ++*cut;
            continue;
        }
        grow++;
        for (int c = 0; c < CLI_GAMES_COLS && !rc; c++)
            rc = report_cell(gs, fm, grow, c, g.game[c], cli_games_types[c]);
        for (size_t i = 0; i < g.nviolations && !rc && vrow + 1 < LXW_ROW_MAX; i++) {
            vrow++;
            for (int c = 0; c < CLI_VIOLATIONS_COLS && !rc; c++)
                rc = report_cell(vs, fm, vrow, c, g.violation[i][c], cli_violations_types[c]);
        }
    }
    if (!rc && more < 0)
        rc = LXW_ERROR_CREATING_TMPFILE;
    cli_rows_free(r);
    if (!rc)
        rc = worksheet_autofilter(gs, 0, 0, grow, CLI_GAMES_COLS - 1);
    if (!rc)
        rc = worksheet_autofilter(vs, 0, 0, vrow, CLI_VIOLATIONS_COLS - 1);
    return rc;
}

/* ------------------------------------------------------------- info */

static lxw_error info_row(lxw_worksheet *ws, lxw_row_t *row, const char *key, const char *value,
                          struct cuts *cuts)
{
    ++*row;
    lxw_error rc = worksheet_write_string(ws, *row, 0, key, NULL);
    if (!rc && value[0])
        rc = text_cell(ws, *row, 1, value, NULL, cuts);
    return rc;
}

static lxw_error info_count(lxw_worksheet *ws, lxw_row_t *row, const char *key,
                            unsigned long long v)
{
    ++*row;
    lxw_error rc = worksheet_write_string(ws, *row, 0, key, NULL);
    return rc ? rc : worksheet_write_number(ws, *row, 1, (double)v, NULL);
}

static lxw_error write_info(lxw_workbook *wb, const struct formats *fm,
                            const struct cli_html_run *run, unsigned long long cut)
{
    lxw_worksheet *ws = workbook_add_worksheet(wb, "info");
    if (!ws)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    const struct cli_run_info *in = run->info;
    const struct st_summary *s = run->sum;
    worksheet_set_column(ws, 0, 0, 22, NULL);
    worksheet_set_column(ws, 1, 1, 60, NULL);
    static const char *const names[] = {"item", "value"};
    lxw_error rc = header(ws, fm, names, 2, 0);
    lxw_row_t row = 0;
    char viewer[96];
    time_t t = (time_t)in->started;
    struct tm tm;
    if (!rc && gmtime_r(&t, &tm)) {
        lxw_datetime dt = {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                           tm.tm_sec};
        row++;
        rc = worksheet_write_string(ws, row, 0, "date (UTC)", NULL);
        if (!rc)
            rc = worksheet_write_datetime(ws, row, 1, &dt, fm->datetime);
    }
    if (!rc)
        rc = info_row(ws, &row, "version", "gcaudit " GC_VERSION, fm->cuts);
    for (size_t i = 0; i < in->ninputs && !rc; i++)
        rc = info_row(ws, &row, "input", in->inputs[i], fm->cuts);
    if (!rc)
        rc = info_row(ws, &row, "results", run->results, fm->cuts);
    if (!rc)
        rc = info_row(ws, &row, "player aliases", in->aliases ? in->aliases : "none", fm->cuts);
    if (!rc)
        rc = info_count(ws, &row, "min-games", run->min_games);
    if (!rc)
        rc = info_row(ws, &row, "CSV", in->excel ? "for Excel (BOM, CRLF)" : "plain", fm->cuts);
    if (!rc)
        rc = info_row(ws, &row, "viewer", cli_viewer_text(in, viewer, sizeof viewer), fm->cuts);
    if (!rc && in->pgn)
        rc = info_row(ws, &row, "PGN", in->pgn, fm->cuts);
    if (!rc)
        rc = info_row(ws, &row, "selection",
                      run->selection && run->selection[0] ? run->selection : "every game",
                      fm->cuts);
    static const char *const status[] = {"games ok", "games illegal", "games malformed",
                                         "games unsupported"};
    /* The copies of earlier games are selected but counted nowhere: their
     * own rows, so that games read = selected + not selected and
     * selected = counted + copies. */
    const struct st_summary none = {0};
    const struct st_summary *d = run->copies ? run->copies : &none;
    const struct { const char *k; unsigned long long v; } counts[] = {
        {"entries", s->entries},
        {"entries ok", s->entries_ok},
        {"entries skipped", s->entries_skipped},
        {"entries failed", s->entries_failed},
        {"games read", run->games_found},
        {"games selected", s->games + d->games},
        {"copies of earlier games (not counted; games.csv: duplicate_of)", d->games},
        {"games counted", s->games},
        {"violations", s->violations},
        {"result mismatches", s->mismatches},
        {"violations in the copies (not counted)", d->violations},
        {"result mismatches in the copies (not counted)", d->mismatches}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0] && !rc; i++)
        rc = info_count(ws, &row, counts[i].k, counts[i].v);
    for (int i = 0; i < 4 && !rc; i++)
        rc = info_count(ws, &row, status[i], s->by_status[i]);
    if (!rc && cut)
        rc = info_count(ws, &row, "games not in the games sheet (row limit; see games.csv)",
                        cut);
    if (!rc)
        rc = worksheet_autofilter(ws, 0, 0, row, 1);
    return rc;
}

int cli_write_stats_xlsx(const st_stats *s, const struct cli_html_run *run, const char *path,
                         long long created, char *err, size_t errsize)
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
    struct cuts cuts = {0};
    struct formats fm = {workbook_add_format(wb), workbook_add_format(wb),
                         workbook_add_format(wb), workbook_add_format(wb), &cuts};
    format_set_bold(fm.bold);
    format_set_num_format(fm.pct, "0.0%");
    format_set_num_format(fm.date, "yyyy-mm-dd");
    format_set_num_format(fm.datetime, "yyyy-mm-dd hh:mm:ss");
    lxw_error rc = LXW_NO_ERROR;
    char why[512] = "";
    unsigned long long cut = 0;
    for (int t = 0; t < ST_TABLE_COUNT && !rc; t++)
        rc = write_sheet(wb, &fm, s, (enum st_table)t);
    if (!rc)
        rc = write_rows(wb, &fm, &run->info->files, &cut, why, sizeof why);
    if (!rc)
        rc = write_info(wb, &fm, run, cut);
    if (!rc)
        rc = write_crosstables(wb, &fm, run->crosstables);
    lxw_error closed = workbook_close(wb);
    if (!rc)
        rc = closed;
    if (!rc && cli_report_put(tmp, path) != 0)
        rc = LXW_ERROR_CREATING_XLSX_FILE;
    if (rc) {
        snprintf(err, errsize, "cannot write '%s': %s", path, why[0] ? why : lxw_strerror(rc));
        unlink(tmp);
    } else if (cuts.n) {
        cli_warning("'%s': %llu cell%s over Excel's limit of 32,767 characters cut to fit, "
                    "ending in '\xE2\x80\xA6' (the first: sheet '%s', cell %s); the CSV files hold "
                    "them whole",
                    path, cuts.n, cuts.n == 1 ? "" : "s", cuts.sheet, cuts.cell);
    }
    free(tmp);
    return rc ? -1 : 0;
}
