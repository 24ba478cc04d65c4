/*
 * xlsx_text: where a text cell longer than Excel's 32,767 characters is
 * cut (counted as Excel counts, in UTF-16 code units), that nothing
 * shorter is touched, and that libxlsxwriter takes every cut cell.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <xlsxwriter.h>

#include "cli/xlsx_text.h"
#include "tests/support/support.h"

TestSuite(cli_xlsx_text, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* n copies of the UTF-8 character c, then tail. */
static char *repeat(const char *c, size_t n, const char *tail)
{
    size_t w = strlen(c);
    char *s = malloc(n * w + strlen(tail) + 1);
    for (size_t i = 0; i < n; i++)
        memcpy(s + i * w, c, w);
    strcpy(s + n * w, tail);
    return s;
}

Test(cli_xlsx_text, where_the_cut_falls)
{
    struct {
        const char *c;
        size_t n;
        const char *tail;
        size_t keep; /* bytes kept, before the ellipsis */
    } cases[] = {
        {"a", 32767, "", 32767},           /* exactly the limit: whole */
        {"a", 32768, "", 32766},           /* one over: 32,766 and the ellipsis */
        {"a", 40000, "", 32766},
        {"\xC3\xA9", 32767, "", 2 * 32767}, /* é: one unit, two bytes: whole */
        {"\xC3\xA9", 32768, "", 2 * 32766},
        {"\xE2\x82\xAC", 32768, "", 3 * 32766}, /* €: one unit, three bytes */
        /* U+1F600: two units (a surrogate pair in Excel), four bytes. */
        {"\xF0\x9F\x98\x80", 16383, "a", 4 * 16383 + 1}, /* 32,767 units: whole */
        {"\xF0\x9F\x98\x80", 16383, "ab", 4 * 16383},    /* 32,768: no room for the a */
        {"\xF0\x9F\x98\x80", 16384, "", 4 * 16383},      /* 32,768 units: whole pairs only */
        {"\xF0\x9F\x98\x80", 16385, "", 4 * 16383},
        {"a", 32765, "\xF0\x9F\x98\x80" "b", 32765},     /* the pair would pass 32,766 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *s = repeat(cases[i].c, cases[i].n, cases[i].tail);
        cr_expect_eq(cli_xlsx_text_keep(s), cases[i].keep, "case %zu: %zu, not %zu", i,
                     cli_xlsx_text_keep(s), cases[i].keep);
        free(s);
    }
}

/* A text that fits is its own cell; a longer one is cut (the copy the
 * caller frees), and libxlsxwriter, which refuses it uncut, takes the cut
 * text.  (The cuts' count and first place: test_stats_reports.c,
 * xlsx_cells_over_excels_limit_are_cut.) */
Test(cli_xlsx_text, a_workbook_takes_every_cell)
{
    char *path = ts_fmt("%s/t.xlsx", ts_scratch);
    lxw_workbook *wb = workbook_new(path);
    cr_assert_not_null(wb);
    lxw_worksheet *ws = workbook_add_worksheet(wb, "names");
    char *texts[] = {repeat("a", 100, ""), repeat("\xF0\x9F\x98\x80", 20000, ""),
                     repeat("\xE2\x82\xAC", 40000, "")};
    for (lxw_row_t i = 0; i < 3; i++) {
        char *cut;
        const char *fit = cli_xlsx_text_fit(texts[i], &cut);
        cr_expect_eq(fit == texts[i], i == 0, "text %u cut: %d", i, fit != texts[i]);
        cr_expect_eq(fit == cut, i > 0);
        cr_expect_eq(worksheet_write_string(ws, i, 0, fit, NULL), LXW_NO_ERROR, "text %u", i);
        if (cut)
            cr_expect_str_eq(cut + strlen(cut) - 3, "\xE2\x80\xA6");
        free(cut);
    }
    /* Uncut, libxlsxwriter refuses it: the reason for the cut. */
    cr_expect_eq(worksheet_write_string(ws, 10, 0, texts[2], NULL),
                 LXW_ERROR_MAX_STRING_LENGTH_EXCEEDED);
    cr_expect_eq(workbook_close(wb), LXW_NO_ERROR);
    for (int i = 0; i < 3; i++)
        free(texts[i]);
    free(path);
}
