/*
 * The row contract (cli/rows.c, issue 27 item 4): each report's columns
 * are one table, from which the header, the count, the typed row and its
 * cells are derived; analyze's games.csv row is formatted by a worker up
 * to duplicate_of, which the writer fills in the typed row before
 * formatting its column through the same table.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "cli/rows.h"

/* games.csv's header as gcaudit(1) documents it. */
static const char *const documented[] = {
    "source", "entry", "game_index", "log_id", "variant", "event", "round", "white",
    "black", "started", "ended", "turns", "declared_result", "result", "termination",
    "detail", "winner", "loser", "status", "violations", "first_violation_turn",
    "first_violation_code", "duplicate_of"};

Test(rows, games_header_is_the_documented_one)
{
    cr_assert_eq(CLI_GAMES_COLS, sizeof documented / sizeof documented[0]);
    for (int c = 0; c < CLI_GAMES_COLS; c++)
        cr_expect_str_eq(cli_games_header[c], documented[c], "column %d", c);
    cr_expect_str_eq(cli_games_header[CLI_G_DUPLICATE_OF], "duplicate_of");
    cr_expect_str_eq(cli_violations_header[CLI_V_COMMENT], "comment");
    cr_expect_str_eq(cli_inputs_header[CLI_I_MESSAGE], "message");
}

Test(rows, cell_types_follow_the_table)
{
    for (int c = 0; c < CLI_GAMES_COLS; c++) {
        enum cli_cell_type want = c == CLI_G_INDEX || c == CLI_G_TURNS ||
                                          c == CLI_G_VIOLATIONS || c == CLI_G_FIRST_TURN
                                      ? CLI_CELL_NUMBER
                                  : c == CLI_G_STARTED || c == CLI_G_ENDED ? CLI_CELL_DATE
                                  : c == CLI_G_ROUND                       ? CLI_CELL_LOG_NUMBER
                                                                           : CLI_CELL_TEXT;
        cr_expect_eq(cli_games_types[c], want, "games.csv %s", cli_games_header[c]);
    }
    for (int c = 0; c < CLI_VIOLATIONS_COLS; c++) {
        enum cli_cell_type want =
            c == CLI_V_INDEX || c == CLI_V_LINE || c == CLI_V_TURN ? CLI_CELL_NUMBER
                                                                    : CLI_CELL_TEXT;
        cr_expect_eq(cli_violations_types[c], want, "violations.csv %s",
                     cli_violations_header[c]);
    }
}

/* A game's games.csv line, as the writer formats it (duplicate_of empty). */
static void expect_games_line(const struct fmt_entry *e, const struct fmt_game *g,
                              const struct rp_report *r, const char *want)
{
    struct cli_games_row row;
    struct cli_row_buf buf;
    const char *cells[CLI_GAMES_COLS];
    cli_games_row(e, g, r, &row);
    cli_games_cells(&row, &buf, cells);
    cr_expect_str_eq(cells[CLI_G_DUPLICATE_OF], "");
    struct fmt_buf line = {0};
    cr_assert_eq(fmt_csv_format_row(&line, cells, CLI_GAMES_COLS, 0), FMT_OK);
    cr_assert_eq(fmt_buf_add(&line, "", 1), FMT_OK);
    cr_expect_str_eq(line.data, want);
    fmt_buf_release(&line);
}

/* An illegal game: its first violation names the turn and the code, the
 * winner and loser stay empty (the result is only the log's claim), and
 * absent headers (Game:, Event:, Round:) are empty cells. */
Test(rows, games_row_of_an_illegal_game)
{
    struct fmt_entry e = {.source = "a.tar", .entry = "r1/g.log"};
    struct fmt_game g = {.index = 2, .log = "L7", .white = "Ann", .black = "Bo",
                         .started = "2024-01-02"};
    struct rp_violation v = {.turn = 12, .code = RP_AFTER_END, .person = 1};
    struct rp_report r = {.status = RP_STATUS_ILLEGAL, .replayed = 1, .turns = 12,
                          .declared = RP_RESULT_BLACK, .result = RP_RESULT_BLACK,
                          .termination = {RP_TERM_ILLEGAL, 0}, .termination_name = "illegal",
                          .winner = 1, .loser = 0,
                          .violations = &v, .nviolations = 1};
    expect_games_line(&e, &g, &r,
                      "a.tar,r1/g.log,2,L7,,,,Ann,Bo,2024-01-02,,12,0-1,0-1,illegal,,,,"
                      "illegal,1,12,after-end,\n");
}

/* A game not replayed has no turns: the number cell is empty, not 0. */
Test(rows, absent_numbers_are_empty_cells)
{
    struct fmt_entry e = {.source = "s", .entry = "e"};
    struct fmt_game g = {.index = 1, .game = "Tic"};
    struct rp_report r = {.status = RP_STATUS_UNSUPPORTED, .termination = {RP_TERM_NONE, 0},
                          .termination_name = "", .winner = -1, .loser = -1};
    expect_games_line(&e, &g, &r, "s,e,1,,Tic,,,,,,,,*,*,,,,,unsupported,0,,,\n");
}

Test(rows, inputs_row_counts)
{
    struct fmt_entry e = {.source = "s.zip", .entry = "x.log", .bytes = 4096,
                          .status = FMT_ENTRY_SKIPPED, .message = "not a log"};
    struct cli_inputs_row row;
    struct cli_row_buf buf;
    const char *cells[CLI_INPUTS_COLS];
    cli_inputs_row(&e, 0, &row);
    cli_inputs_cells(&row, &buf, cells);
    const char *want[CLI_INPUTS_COLS] = {"s.zip", "x.log", "4096", "0", "skipped", "not a log"};
    for (int c = 0; c < CLI_INPUTS_COLS; c++)
        cr_expect_str_eq(cells[c], want[c], "column %s", cli_inputs_header[c]);
}

/* The two parts of analyze's games.csv row: the worker's, up to
 * duplicate_of, packed and read back, then the writer's, from a typed row
 * that holds only duplicate_of, are the bytes of the whole row formatted
 * at once, in either line ending. */
Test(rows, a_row_head_ended_by_the_writer_is_the_whole_row)
{
    struct fmt_entry e = {.source = "a.tar", .entry = "r1/g.log"};
    struct fmt_game g = {.index = 3, .log = "L9", .white = "Ann, \"the\" =1", .black = "Bo",
                         .round = "-2"};   /* quoted; a formula's start; a number's */
    struct rp_report r = {.status = RP_STATUS_UNSUPPORTED, .termination = {RP_TERM_NONE, 0},
                          .termination_name = "", .winner = -1, .loser = -1};
    struct cli_games_row row;
    cli_games_row(&e, &g, &r, &row);
    struct fmt_buf packed = {0};
    cr_assert_eq(cli_games_head_pack(&packed, &row), FMT_OK);
    cr_assert_eq(cli_games_head_pack(&packed, &row), FMT_OK);
    const char *dups[] = {"", "a.log, game 1", "=b.log"};
    for (int excel = 0; excel < 2; excel++) {
        for (size_t d = 0; d < sizeof dups / sizeof *dups; d++) {
            size_t at = 0;
            for (int n = 0; n < 2; n++) {
                const char *head;
                size_t len;
                at += cli_games_head_unpack(packed.data + at, &head, &len);
                struct cli_games_row tail = {.duplicate_of = dups[d]};
                struct fmt_buf parts = {0}, whole = {0};
                cr_assert_eq(fmt_buf_add(&parts, head, len), FMT_OK);
                cr_assert_eq(cli_games_tail_format(&parts, &tail, excel), FMT_OK);
                row.duplicate_of = dups[d];
                struct cli_row_buf buf;
                const char *cells[CLI_GAMES_COLS];
                cli_games_cells(&row, &buf, cells);
                cr_assert_eq(fmt_csv_format_row(&whole, cells, CLI_GAMES_COLS, excel), FMT_OK);
                cr_expect(parts.len == whole.len && memcmp(parts.data, whole.data, whole.len) == 0,
                          "%.*s against %.*s", (int)parts.len, parts.data, (int)whole.len,
                          whole.data);
                fmt_buf_release(&parts), fmt_buf_release(&whole);
            }
            cr_expect_eq(at, packed.len, "two rows, both read");
        }
    }
    fmt_buf_release(&packed);
}
