/*
 * CSV reports (formats/csv_report.c) and the text-for-people rules
 * (formats/escape.c): what a cell becomes when the input is hostile.
 * Control characters and invalid UTF-8 are written as \xNN; a cell a
 * spreadsheet would run as a formula gets a leading apostrophe and quotes
 * (OWASP, "CSV Injection"), while numbers, negative ones included, and a
 * lone "-" stay as they are.  Reports are read back with libcsv, as a
 * spreadsheet would see the cells.
 */
#include "formats/formats.h"
#include "tests/support/csvread.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

TestSuite(formats_csv, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* ------------------------------------------------------------- escaping */

static void expect_escape(const char *in, const char *want)
{
    char *got = fmt_escape(in);
    cr_assert_not_null(got);
    cr_assert_str_eq(got, want, "escaping '%s'", in);
    size_t len = strlen(in);
    cr_assert_eq(fmt_printable_span(in, len) == len, strcmp(in, want) == 0,
                 "span of '%s' agrees with the escape", in);
    free(got);
}

Test(formats_csv, printable_text_is_left_alone)
{
    expect_escape("", "");
    expect_escape("Ada Quill", "Ada Quill");
    expect_escape("François Lévesque", "François Lévesque");
    expect_escape("Влади́мир 李 😀", "Влади́мир 李 😀");
    expect_escape("round-3/g17.log", "round-3/g17.log");
    expect_escape("tab\there", "tab\there");
    expect_escape("C:\\games\\x.log", "C:\\games\\x.log");
}

Test(formats_csv, control_characters_become_hex_escapes)
{
    expect_escape("red\x1b[31mname", "red\\x1B[31mname");
    expect_escape("two\nlines", "two\\x0Alines");
    expect_escape("cr\rhere", "cr\\x0Dhere");
    expect_escape("bell\a", "bell\\x07");
    expect_escape("del\x7f", "del\\x7F");
    /* C1: U+009B is CSI on terminals that honour 8-bit controls. */
    expect_escape("c1\xc2\x9b" "2J", "c1\\xC2\\x9B2J");
    expect_escape("\xc2\xa0nbsp", "\xc2\xa0nbsp");   /* U+00A0 is printable */
}

Test(formats_csv, invalid_utf8_bytes_become_hex_escapes)
{
    expect_escape("latin1 caf\xe9.log", "latin1 caf\\xE9.log");
    expect_escape("cut \xe2\x82", "cut \\xE2\\x82");
    expect_escape("overlong \xc0\xaf", "overlong \\xC0\\xAF");
    expect_escape("surrogate \xed\xa0\x80", "surrogate \\xED\\xA0\\x80");
    expect_escape("\xff", "\\xFF");
}

Test(formats_csv, span_stops_at_the_first_unsafe_byte)
{
    cr_assert_eq(fmt_printable_span("ab\x1b" "cd", 5), 2);
    cr_assert_eq(fmt_printable_span("é\xff", 3), 2);
    cr_assert_eq(fmt_printable_span("abc", 2), 2, "never past len");
    cr_assert_eq(fmt_printable_span("\xe2\x82\xac", 2), 0, "a sequence cut by len");
}

/* ---------------------------------------------------------------- cells */

/* Write one row of cells and read back what a spreadsheet would see. */
static struct ts_csv write_and_read(const char *const *cells, size_t n, int excel)
{
    const char *header[16];
    cr_assert_leq(n, 16);
    for (size_t i = 0; i < n; i++)
        header[i] = "h";
    fmt_csv *csv = fmt_csv_open(ts_scratch, "t.csv", header, n, excel);
    cr_assert_not_null(csv);
    cr_assert_eq(fmt_csv_row(csv, cells, n), FMT_OK);
    cr_assert_eq(fmt_csv_close(csv), FMT_OK);
    char *path = ts_fmt("%s/t.csv", ts_scratch);
    struct ts_csv t;
    cr_assert_eq(ts_csv_read(path, &t), 0);
    free(path);
    cr_assert_eq(t.nrows, 2);
    cr_assert_eq(t.ncols[1], n);
    return t;
}

static char *raw_report(void)
{
    char *path = ts_fmt("%s/t.csv", ts_scratch);
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text);
    free(path);
    return text;
}

Test(formats_csv, formulas_get_an_apostrophe)
{
    const char *cells[] = {"=HYPERLINK(\"http://x\",\"y\")", "+1+2", "-2+3", "@SUM(A1)",
                           "\tpad", "=", "-x", "'=already"};
    const char *want[] = {"'=HYPERLINK(\"http://x\",\"y\")", "'+1+2", "'-2+3", "'@SUM(A1)",
                          "'\tpad", "'=", "'-x", "''=already"};
    struct ts_csv t = write_and_read(cells, 8, 0);
    for (size_t i = 0; i < 8; i++)
        cr_assert_str_eq(t.rows[1][i], want[i], "cell %zu", i);
    ts_csv_free(&t);
    /* Quoted too, as OWASP advises, so no reader splits or trims them. */
    char *raw = raw_report();
    cr_assert(strstr(raw, ",\"'+1+2\",\"'-2+3\",\"'@SUM(A1)\",\"'\tpad\",\"'=\","), "%s", raw);
    free(raw);
}

/* A spreadsheet set to ';' (or tab) as its separator would split "a;=1+2"
 * and evaluate "=1+2": such cells are quoted, and read back whole. */
Test(formats_csv, cells_holding_a_semicolon_or_tab_are_quoted)
{
    const char *cells[] = {"a;=1+2", "P e7-e8; Q-e8", "x\t=2", "plain"};
    struct ts_csv t = write_and_read(cells, 4, 0);
    for (size_t i = 0; i < 4; i++)
        cr_assert_str_eq(t.rows[1][i], cells[i], "cell %zu", i);
    ts_csv_free(&t);
    char *raw = raw_report();
    cr_assert(strstr(raw, "\n\"a;=1+2\",\"P e7-e8; Q-e8\",\"x\t=2\",plain\n"), "%s", raw);
    free(raw);
}

Test(formats_csv, carriage_return_first_is_escaped_then_neutralised)
{
    /* "\r=1" would start with CR; escaped, it starts with a backslash. */
    const char *cells[] = {"\r=1+1", "\x1b=cmd"};
    struct ts_csv t = write_and_read(cells, 2, 0);
    cr_assert_str_eq(t.rows[1][0], "\\x0D=1+1");
    cr_assert_str_eq(t.rows[1][1], "\\x1B=cmd");
    ts_csv_free(&t);
}

Test(formats_csv, numbers_and_a_lone_dash_stay_as_they_are)
{
    const char *cells[] = {"-", "-12", "-3.25", "+7", "0", "42", "-1.5e-05", "1E+3", "", "a-b"};
    struct ts_csv t = write_and_read(cells, 10, 0);
    for (size_t i = 0; i < 10; i++)
        cr_assert_str_eq(t.rows[1][i], cells[i], "cell %zu", i);
    ts_csv_free(&t);
    char *raw = raw_report();
    cr_assert(strstr(raw, "\n-,-12,-3.25,+7,0,42,-1.5e-05,1E+3,,a-b\n"), "not quoted: %s", raw);
    free(raw);
}

Test(formats_csv, near_numbers_are_not_numbers)
{
    const char *cells[] = {"-1.", "-.5", "-1e", "-1e+", "--1", "-1-1", "-0x10", "- 1"};
    struct ts_csv t = write_and_read(cells, 8, 0);
    for (size_t i = 0; i < 8; i++) {
        cr_assert_eq(t.rows[1][i][0], '\'', "cell %zu '%s'", i, cells[i]);
        cr_assert_str_eq(t.rows[1][i] + 1, cells[i]);
    }
    ts_csv_free(&t);
}

Test(formats_csv, control_characters_never_reach_a_cell)
{
    const char *cells[] = {"name\nforged,row", "caf\xe9", "ok \xe2\x82\xac"};
    struct ts_csv t = write_and_read(cells, 3, 1);
    cr_assert_str_eq(t.rows[1][0], "name\\x0Aforged,row");
    cr_assert_str_eq(t.rows[1][1], "caf\\xE9");
    cr_assert_str_eq(t.rows[1][2], "ok \xe2\x82\xac");
    ts_csv_free(&t);
    char *raw = raw_report();
    cr_assert(strncmp(raw, "\xef\xbb\xbfh,h,h\r\n", 10) == 0, "excel: BOM and CRLF");
    free(raw);
}

/* The row formatter copies a cell of up to 64 bytes while it checks it,
 * and measures and checks a longer one first: one unsafe byte at every
 * position of cells of 1 to 24 bytes, and about the 64th byte of cells of
 * 60 to 72, on both paths and across the change, must still be escaped or
 * quoted, and the safe bytes at the edges of the printable range must
 * not be. */
static void expect_formatted(const char *cell, const char *want)
{
    struct fmt_buf out = {0};
    cr_assert_eq(fmt_csv_format_row(&out, &cell, 1, 0), FMT_OK);
    cr_assert_eq(out.len, strlen(want) + 1, "'%s' gave '%.*s'", cell, (int)out.len, out.data);
    cr_assert(memcmp(out.data, want, out.len - 1) == 0 && out.data[out.len - 1] == '\n',
              "'%s' gave '%.*s', want '%s'", cell, (int)out.len, out.data, want);
    fmt_buf_release(&out);
}

Test(formats_csv, every_byte_position_of_a_cell_is_checked)
{
    static const struct {
        char c;
        const char *shown;
        int quoted;
    } cases[] = {{',', ",", 1}, {'"', "\"\"", 1}, {'\n', "\\x0A", 0}, {'\x01', "\\x01", 0},
                 {'\x1f', "\\x1F", 0}, {'\x7f', "\\x7F", 0}, {'\xff', "\\xFF", 0},
                 {'\x80', "\\x80", 0}, {' ', " ", -1}, {'~', "~", 0}, {'\t', "\t", 1},
                 {';', ";", 1}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (size_t len = 1; len <= 72; len++)
            for (size_t pos = 0; pos < len; pos++) {
                /* every place up to 24 bytes; past that, the places about
                 * format_cell's 64-byte copy */
                if (len > 24 && len < 60)
                    continue;
                if (len > 24 && pos > 1 && pos < 60 && pos != len / 2)
                    continue;
                char cell[96], want[192];
                memset(cell, 'a', len);
                cell[len] = '\0';
                cell[pos] = cases[k].c;
                int at_edge = pos == 0 || pos == len - 1;
                /* A space is quoted at either end, a tab defused at the start. */
                if ((cases[k].quoted < 0 && at_edge) || (cases[k].c == '\t' && pos == 0))
                    continue;
                snprintf(want, sizeof want, "%s%.*s%s%.*s%s", cases[k].quoted > 0 ? "\"" : "",
                         (int)pos, cell, cases[k].shown, (int)(len - pos - 1), cell + pos + 1,
                         cases[k].quoted > 0 ? "\"" : "");
                expect_formatted(cell, want);
            }
    expect_formatted(" lead", "\" lead\"");
    expect_formatted("trail ", "\"trail \"");
    expect_formatted("12345678 ", "\"12345678 \"");
    /* Around the length format_cell copies as it checks (64 bytes). */
    for (size_t len = 60; len <= 70; len++) {
        char cell[96], want[192];
        memset(cell, 'x', len);
        cell[len] = '\0';
        expect_formatted(cell, cell);
        cell[len - 1] = ' ';
        snprintf(want, sizeof want, "\"%s\"", cell);
        expect_formatted(cell, want);
    }
    expect_formatted("", "");
}

Test(formats_csv, report_is_renamed_into_place_only_when_closed)
{
    const char *header[] = {"a"};
    fmt_csv *csv = fmt_csv_open(ts_scratch, "r.csv", header, 1, 0);
    cr_assert_not_null(csv);
    char *final = ts_fmt("%s/r.csv", ts_scratch);
    struct stat st;
    cr_assert_neq(stat(final, &st), 0, "no report before close");
    fmt_csv_abort(csv);
    cr_assert_neq(stat(final, &st), 0, "none after abort either");
    char *left = ts_fmt("ls -A '%s' | grep -q .", ts_scratch);
    cr_assert_neq(ts_run(left), 0, "abort leaves no temporary file");
    free(final), free(left);
}

/* ------------------------------------------------------ reading back */

/* fmt_csv_split undoes fmt_csv_format_row: quotes, doubled quotes, and
 * the apostrophe that defused a formula-like cell, no more. */
Test(formats_csv, a_row_reads_back_as_written)
{
    const char *cells[] = {"plain", "with, comma", "say \"hi\"", "=HYPERLINK(\"x\")",
                           "'=already quoted", "-12", "-", "'plain apostrophe", "",
                           "+1 phone", " padded ", "@at", "ctl\x01" "char"};
    const char *want[] = {"plain", "with, comma", "say \"hi\"", "=HYPERLINK(\"x\")",
                          "'=already quoted", "-12", "-", "'plain apostrophe", "",
                          "+1 phone", " padded ", "@at", "ctl\\x01char"};
    size_t n = sizeof cells / sizeof cells[0];
    struct fmt_buf out = {0};
    cr_assert_eq(fmt_csv_format_row(&out, cells, n, 0), FMT_OK);
    cr_assert(out.len > 0 && out.data[out.len - 1] == '\n');
    char *line = strndup(out.data, out.len - 1);
    const char *got[16];
    cr_assert_eq(fmt_csv_split(line, got, 16), (long)n, "%s", out.data);
    for (size_t i = 0; i < n; i++)
        cr_expect_str_eq(got[i], want[i], "cell %zu of %s", i, out.data);
    cr_expect_str_eq(got[n], "", "missing cells are empty");
    free(line);
    fmt_buf_release(&out);
}

Test(formats_csv, a_broken_row_is_refused)
{
    char open_quote[] = "a,\"b";
    char after_quote[] = "\"a\"b,c";
    const char *got[4];
    cr_expect_eq(fmt_csv_split(open_quote, got, 4), -1);
    cr_expect_eq(fmt_csv_split(after_quote, got, 4), -1);
    char more[] = "a,b,c";
    cr_expect_eq(fmt_csv_split(more, got, 2), 3, "the count says there were more");
    cr_expect_str_eq(got[1], "b");
}

/* ----------------------------------------------------------- buffering */

static off_t size_on_disk(const char *path)
{
    struct stat st;
    cr_assert_eq(stat(path, &st), 0, "%s", path);
    return st.st_size;
}

/* Rows reach the kernel FMT_IO_BUFFER bytes at a time, not a row or 4 KiB
 * at a time: a report of a game a row makes no system call a game. */
Test(formats_csv, rows_reach_the_file_a_whole_buffer_at_a_time)
{
    cr_assert_geq(FMT_IO_BUFFER, 64 * 1024);
    fmt_csv *csv = fmt_csv_open(ts_scratch, "b.csv", NULL, 0, 0);
    cr_assert_not_null(csv);
    char row[100];
    memset(row, 'x', sizeof row - 1);
    row[sizeof row - 1] = '\n';
    size_t rows = (FMT_IO_BUFFER - 1) / sizeof row;
    for (size_t i = 0; i < rows; i++)
        cr_assert_eq(fmt_csv_write(csv, row, sizeof row), FMT_OK);
    cr_expect_eq(size_on_disk(fmt_csv_tmp_path(csv)), 0, "nothing written before the buffer is full");
    cr_assert_eq(fmt_csv_write(csv, row, sizeof row), FMT_OK);
    cr_expect_eq(size_on_disk(fmt_csv_tmp_path(csv)), FMT_IO_BUFFER, "one whole buffer written");
    char *path = ts_fmt("%s/b.csv", ts_scratch);
    cr_assert_eq(fmt_csv_close(csv), FMT_OK);
    cr_expect_eq(size_on_disk(path), (off_t)((rows + 1) * sizeof row));
    free(path);
}

/* fmt_io_buffer on any stream: the buffer is the caller's, freed after
 * fclose, and what is written is all there. */
Test(formats_csv, an_io_buffer_holds_writes_until_full_or_closed)
{
    char *path = ts_fmt("%s/t.bin", ts_scratch);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    char *buf = fmt_io_buffer(f);
    cr_assert_not_null(buf);
    for (int i = 0; i < 8192; i++)
        cr_assert_eq(fputc('a' + i % 26, f), 'a' + i % 26);
    cr_expect_eq(size_on_disk(path), 0, "8 KiB stay in the buffer");
    cr_assert_eq(fclose(f), 0);
    free(buf);
    cr_expect_eq(size_on_disk(path), 8192);
    free(path);
}

Test(formats_text, copy_text_cuts_as_snprintf_does)
{
    const char *in[] = {"", "a", "abcdefg", "abcdefgh", "abcdefghi", "é-ü"};
    for (size_t size = 1; size <= 10; size++)
        for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
            char got[16], want[16];
            memset(got, 'x', sizeof got);
            memset(want, 'x', sizeof want);
            size_t n = fmt_copy_text(got, size, in[i]);
            snprintf(want, size, "%s", in[i]);
            cr_assert_eq(memcmp(got, want, sizeof got), 0, "size %zu, \"%s\"", size, in[i]);
            cr_assert_eq(n, strlen(want));
        }
}
