/*
 * xlsx_text: a text cell of the workbook cut to Excel's limit (see
 * xlsx_text.h).  Excel counts a cell's characters in UTF-16 code units,
 * libxlsxwriter (1.1) in UTF-8 code points, never more than Excel; the
 * cut follows Excel's count, so that the cell fits both.  A string of at
 * most CLI_XLSX_CELL_MAX bytes always fits (no character takes more
 * UTF-16 units than UTF-8 bytes), which spares nearly every cell the
 * count.
 */
#include "cli/xlsx_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ELLIPSIS "\xE2\x80\xA6" /* U+2026, one character */

size_t cli_xlsx_text_keep(const char *text)
{
    size_t units = 0, keep = 0, i = 0;
    for (; text[i]; i++) {
        unsigned char b = (unsigned char)text[i];
        if ((b & 0xC0) == 0x80)
            continue; /* a continuation byte: part of the character before */
        /* Every character before this one fits with the ellipsis after. */
        if (units <= CLI_XLSX_CELL_MAX - 1)
            keep = i;
        units += b >= 0xF0 ? 2 : 1;
    }
    if (units <= CLI_XLSX_CELL_MAX)
        return i;
    return keep;
}

lxw_error cli_xlsx_text(lxw_worksheet *ws, lxw_row_t row, lxw_col_t col, const char *text,
                        lxw_format *format, struct cli_xlsx_cuts *cuts)
{
    if (strnlen(text, CLI_XLSX_CELL_MAX + 1) <= CLI_XLSX_CELL_MAX)
        return worksheet_write_string(ws, row, col, text, format);
    size_t len = strlen(text), keep = cli_xlsx_text_keep(text);
    if (keep == len)
        return worksheet_write_string(ws, row, col, text, format);
    char *cut = malloc(keep + sizeof ELLIPSIS);
    if (!cut)
        return LXW_ERROR_MEMORY_MALLOC_FAILED;
    memcpy(cut, text, keep);
    memcpy(cut + keep, ELLIPSIS, sizeof ELLIPSIS);
    lxw_error rc = worksheet_write_string(ws, row, col, cut, format);
    free(cut);
    if (!rc && cuts->n++ == 0) {
        snprintf(cuts->sheet, sizeof cuts->sheet, "%s", ws->name ? ws->name : "");
        lxw_rowcol_to_cell(cuts->cell, row, col);
    }
    return rc;
}
