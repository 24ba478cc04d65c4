/*
 * xlsx_text: a text cell of the workbook (--xlsx) that always fits.  A
 * cell of Excel holds at most 32,767 characters (libxlsxwriter refuses a
 * longer string, which would lose the whole workbook); a longer name,
 * comment or entry name is cut to that length, its last character an
 * ellipsis (U+2026), and the cuts are counted so that the run says so
 * once (gcaudit(1), --xlsx).
 *
 * Ownership: arguments are borrowed.
 */
#ifndef GC_CLI_XLSX_TEXT_H
#define GC_CLI_XLSX_TEXT_H

#include <xlsxwriter.h>

/* Excel's limit on a cell's text, in characters as Excel counts them
 * (UTF-16 code units: a character beyond U+FFFF counts two). */
#define CLI_XLSX_CELL_MAX 32767

/* The cells cut so far, and where the first one is. */
struct cli_xlsx_cuts {
    unsigned long long n;   /* cells cut */
    char sheet[32];         /* the first one's sheet (a name has 31 characters at most) */
    char cell[16];          /* and its cell, A1-style ("B2") */
};

/* text into (row, col) of ws as a string cell, cut as above when it is
 * longer, the cut counted in cuts.  libxlsxwriter's error, or
 * LXW_NO_ERROR. */
lxw_error cli_xlsx_text(lxw_worksheet *ws, lxw_row_t row, lxw_col_t col, const char *text,
                        lxw_format *format, struct cli_xlsx_cuts *cuts);

/* The cut text: the bytes of text kept before the ellipsis, given that
 * text is longer than CLI_XLSX_CELL_MAX characters; or the whole length
 * when it is not (nothing to cut).  Never splits a UTF-8 sequence. */
size_t cli_xlsx_text_keep(const char *text);

#endif
