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

const char *cli_xlsx_text_fit(const char *text, char **cut)
{
    *cut = NULL;
    if (strnlen(text, CLI_XLSX_CELL_MAX + 1) <= CLI_XLSX_CELL_MAX)
        return text;
    size_t len = strlen(text), keep = cli_xlsx_text_keep(text);
    if (keep == len)
        return text;
    if (!(*cut = malloc(keep + sizeof ELLIPSIS)))
        return NULL;
    memcpy(*cut, text, keep);
    memcpy(*cut + keep, ELLIPSIS, sizeof ELLIPSIS);
    return *cut;
}
