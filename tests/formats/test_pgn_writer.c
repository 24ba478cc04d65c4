/*
 * The PGN text of one game (formats/pgn_writer.c): tags and their
 * escaping, move numbers (Black's after a comment and from a position
 * with Black to move), comments made safe, lines of at most 79
 * characters, a game without moves.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "formats/formats.h"

static struct fmt_buf out;
static struct fmt_pgn w;

static void begin(void)
{
    memset(&out, 0, sizeof out);
    fmt_pgn_begin(&w, &out);
}

static const char *text(void)
{
    cr_assert_eq(fmt_buf_add(&out, "", 1), FMT_OK);
    out.len--;
    return out.data;
}

static void done(void) { fmt_buf_release(&out); }

TestSuite(formats_pgn_writer, .init = begin, .fini = done);

Test(formats_pgn_writer, tags_escape_quotes_backslashes_and_controls)
{
    fmt_pgn_tag(&w, "White", "Ann \"the Rook\" O\\Neil");
    fmt_pgn_tag(&w, "Black", "tab\there, bell\a");
    fmt_pgn_tag(&w, "Event", "Café");
    fmt_pgn_moves_start(&w, 1, 0);
    cr_assert_eq(fmt_pgn_end(&w, "*"), FMT_OK);
    cr_expect_str_eq(text(), "[White \"Ann \\\"the Rook\\\" O\\\\Neil\"]\n"
                             "[Black \"tab here, bell\\\\x07\"]\n"
                             "[Event \"Café\"]\n"
                             "\n"
                             "*\n\n");
}

Test(formats_pgn_writer, moves_are_numbered_and_black_renumbered_after_a_comment)
{
    fmt_pgn_moves_start(&w, 1, 0);
    fmt_pgn_move(&w, "e4");
    fmt_pgn_comment(&w, "a {nested} comment}");
    fmt_pgn_move(&w, "e5");
    fmt_pgn_move(&w, "Nf3");
    fmt_pgn_move(&w, "Nc6");
    cr_assert_eq(fmt_pgn_end(&w, "1-0"), FMT_OK);
    cr_expect_str_eq(text(), "\n1. e4 {a {nested) comment)} 1... e5 2. Nf3 Nc6 1-0\n\n");
}

Test(formats_pgn_writer, a_game_from_a_position_with_black_to_move)
{
    fmt_pgn_moves_start(&w, 12, 1);
    fmt_pgn_move(&w, "Qh4#");
    cr_assert_eq(fmt_pgn_end(&w, "0-1"), FMT_OK);
    cr_expect_str_eq(text(), "\n12... Qh4# 0-1\n\n");
}

Test(formats_pgn_writer, a_game_without_moves_and_a_comment_alone)
{
    fmt_pgn_moves_start(&w, 1, 0);
    fmt_pgn_comment(&w, "gcaudit: wrong-side: turn marker 1... is for Black");
    cr_assert_eq(fmt_pgn_end(&w, "*"), FMT_OK);
    cr_expect_str_eq(text(), "\n{gcaudit: wrong-side: turn marker 1... is for Black} *\n\n");
}

Test(formats_pgn_writer, lines_wrap_at_79_characters_words_of_comments_too)
{
    fmt_pgn_moves_start(&w, 1, 0);
    const char *moves[] = {"Nf3", "Nf6", "c4",  "g6",  "Nc3", "Bg7", "d4",  "O-O",
                           "Bf4", "d5",  "Qb3", "dxc4", "Qxc4", "c6", "e4",  "Nbd7"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        fmt_pgn_move(&w, moves[i]);
    fmt_pgn_comment(&w, "gcaudit: illegal-move: 9. B f4-h7: the bishop on f4 cannot reach "
                        "h7: the path is blocked at g5");
    cr_assert_eq(fmt_pgn_end(&w, "*"), FMT_OK);
    const char *want =
        "\n"
        "1. Nf3 Nf6 2. c4 g6 3. Nc3 Bg7 4. d4 O-O 5. Bf4 d5 6. Qb3 dxc4 7. Qxc4 c6 8. e4\n"
        "Nbd7 {gcaudit: illegal-move: 9. B f4-h7: the bishop on f4 cannot reach h7: the\n"
        "path is blocked at g5} *\n\n";
    cr_expect_str_eq(text(), want);
    for (const char *line = text(); *line;) {
        size_t n = strcspn(line, "\n");
        cr_expect_leq(n, 79, "a line of %zu characters", n);
        line += n + (line[n] == '\n');
    }
}

Test(formats_pgn_writer, a_line_never_starts_with_a_percent_sign)
{
    fmt_pgn_moves_start(&w, 1, 0);
    fmt_pgn_comment(&w, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx "
                        "%escape");
    cr_assert_eq(fmt_pgn_end(&w, "*"), FMT_OK);
    cr_expect_str_eq(text(), "\n{xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx "
                             "%escape}\n*\n\n");
}
