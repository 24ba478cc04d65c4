/*
 * xlsx_text: a text cell of the workbook (--xlsx) that always fits, and
 * the sheet a module that lays out a sheet of its own writes into.
 *
 * A cell of Excel holds at most 32,767 characters (libxlsxwriter refuses
 * a longer string, which would lose the whole workbook); a longer name,
 * comment or entry name is cut to that length, its last character an
 * ellipsis (U+2026), and the workbook's writer counts the cuts so that the
 * run says so once (gcaudit(1), --xlsx).
 *
 * libxlsxwriter's types stay in the one file that writes the workbook
 * (stats_xlsx.c): a module that lays out a sheet (crosstable.c) writes
 * its cells through cli_sheet, in gcaudit's types.
 *
 * Ownership: arguments are borrowed.
 */
#ifndef GC_CLI_XLSX_TEXT_H
#define GC_CLI_XLSX_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "cli/must_check.h"

/* Excel's limit on a cell's text, in characters as Excel counts them
 * (UTF-16 code units: a character beyond U+FFFF counts two). */
#define CLI_XLSX_CELL_MAX 32767

/* The rows a sheet holds (Excel's limit, libxlsxwriter's LXW_ROW_MAX). */
#define CLI_SHEET_ROWS 1048576u

/* The cut text: the bytes of text kept before the ellipsis, given that
 * text is longer than CLI_XLSX_CELL_MAX characters; or the whole length
 * when it is not (nothing to cut).  Never splits a UTF-8 sequence. */
size_t cli_xlsx_text_keep(const char *text);

/* The text of text's cell: text itself when it fits (*cut NULL); else a
 * copy cut to fit, ending in the ellipsis, which *cut holds too (the
 * caller's to free).  NULL when out of memory. */
const char *cli_xlsx_text_fit(const char *text, char **cut);

/* A worksheet of the workbook being written (made by stats_xlsx.c). */
typedef struct cli_sheet cli_sheet;

enum cli_sheet_rc {
    CLI_SHEET_OK = 0,
    CLI_SHEET_REFUSED,            /* the workbook's writer refused the cell (the sheet keeps why) */
    CLI_SHEET_NO_MEMORY,
    CLI_SHEET_FULL                /* more rows than CLI_SHEET_ROWS */
};

enum cli_sheet_style {
    CLI_SHEET_PLAIN,
    CLI_SHEET_BOLD
};

/* A text cell (cut to fit, the cut counted) and a number cell at (row,
 * col), and a column's width in characters. */
CLI_MUST_CHECK enum cli_sheet_rc
cli_sheet_text(cli_sheet *sh, uint32_t row, uint16_t col, const char *text,
               enum cli_sheet_style style);
CLI_MUST_CHECK enum cli_sheet_rc
cli_sheet_number(cli_sheet *sh, uint32_t row, uint16_t col, double v, enum cli_sheet_style style);
void cli_sheet_width(cli_sheet *sh, uint16_t col, double width);

#endif
