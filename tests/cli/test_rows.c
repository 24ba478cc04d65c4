/*
 * The row contract (cli/rows.c, issue 27 item 4): each report's columns
 * are one table, from which the header, the count, the typed row and its
 * cells are derived; games.csv's cells travel unformatted from a worker to
 * the writer, which fills duplicate_of in before formatting.
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

/* The writer's part: the packed cells come back as they went, duplicate_of
 * is set, and the row is formatted once, with it. */
Test(rows, packed_cells_come_back_and_take_duplicate_of)
{
    const char *cells[CLI_GAMES_COLS];
    for (int c = 0; c < CLI_GAMES_COLS; c++)
        cells[c] = cli_games_header[c];
    cells[CLI_G_EVENT] = NULL;
    cells[CLI_G_DETAIL] = "";
    cells[CLI_G_DUPLICATE_OF] = "";
    struct fmt_buf packed = {0};
    cr_assert_eq(cli_cells_pack(&packed, cells, CLI_GAMES_COLS), FMT_OK);
    cr_assert_eq(cli_cells_pack(&packed, cells, CLI_GAMES_COLS), FMT_OK);
    const char *back[CLI_GAMES_COLS];
    size_t at = cli_cells_unpack(packed.data, back, CLI_GAMES_COLS);
    cr_assert_eq(at * 2, packed.len, "two rows of the same size");
    for (int c = 0; c < CLI_GAMES_COLS; c++)
        cr_expect_str_eq(back[c], cells[c] ? cells[c] : "", "column %d", c);
    cr_assert_eq(cli_cells_unpack(packed.data + at, back, CLI_GAMES_COLS), at);
    back[CLI_G_DUPLICATE_OF] = "a.log, game 1";
    struct fmt_buf line = {0};
    cr_assert_eq(fmt_csv_format_row(&line, back, CLI_GAMES_COLS, 0), FMT_OK);
    const char *tail = ",first_violation_code,\"a.log, game 1\"\n";
    cr_assert_geq(line.len, strlen(tail));
    cr_expect(memcmp(line.data + line.len - strlen(tail), tail, strlen(tail)) == 0, "%.*s",
              (int)line.len, line.data);
    fmt_buf_release(&packed);
    fmt_buf_release(&line);
}
