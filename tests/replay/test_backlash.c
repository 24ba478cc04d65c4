/*
 * Backlash: the table-driven cases of tests/fixtures/backlash/ (turn
 * structure, moves on two boards, demotion and pockets, drops, king
 * capture and the rest of the turn), a full game whose pieces go round the
 * demotion chain, the per-board perft, and the positions that need
 * constructing (stalemate before a turn and within one).
 */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/backlash.h"
#include "replay/movegen.h"
#include "replay/notation.h"
#include "replay/perft.h"
#include "replay/pockets.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/casefile.h"
#include "tests/support/support.h"

static void run_cases(const char *file, int at_least)
{
    int n;
    char *path = ts_fmt("%s/backlash/%s", GC_FIXTURES, file);
    int failures = ts_run_casefile(path, "Backlash", &n);
    cr_expect_geq(n, at_least, "only %d cases of %s ran", n, file);
    cr_expect_eq(failures, 0, "%d of %d cases of %s failed", failures, n, file);
    free(path);
}

Test(replay_backlash, turn_structure_cases) { run_cases("turns.txt", 35); }
Test(replay_backlash, board_move_cases) { run_cases("moves.txt", 24); }
Test(replay_backlash, pocket_and_drop_cases) { run_cases("pockets.txt", 38); }
Test(replay_backlash, ending_cases) { run_cases("endings.txt", 19); }

/* ------------------------------------------------- the demotion chain */

/* The four pockets after each turn of demotion-chain.log, as
 * "p1 P1 p8 P8" ("." for empty), worked out by hand from the rules: a
 * captured Q R B N goes one step down to its owner's pocket for the
 * OTHER board, destroying what was there; a captured pawn leaves. */
static const char *const chain_pockets[] = {
    ". . . .", ". . . .",   /* 1. */
    ". . . .", ". . . .",   /* 2. */
    ". . . .", "R . . .",   /* 3... the white queen taken on the right: R in p1 */
    ". . . .", ". B . .",   /* 4. dropped on the left; 4... taken there: B in P1 */
    ". . . .", "N . . .",   /* 5. dropped on the right; 5... taken: N in p1 */
    ". . . .", ". P . .",   /* 6. dropped on the left; 6... taken: P in P1 */
    ". . . .", ". . . .",   /* 7. dropped on the right; 7... taken: gone */
    ". . . p", ". R . .",   /* 8. a black knight: p in P8; 8... dropped, and a white queen: R in P1 */
    ". R . .", ". R . .",   /* 9. */
    ". R r .", ". R . .",   /* 10. the black queen: r in p8; 10... dropped on the left */
    ". R . b", ". R . .",   /* 11. taken there: b in P8; 11... dropped on the right */
    ". R n .", "P R . .",   /* 12. taken there: n in p8; 12... dropped, a white knight: P in p1 */
    "P . . .", "B P . .",   /* 13. R dropped; 13... taken: B in p1 (the P is destroyed), P in P1 */
    "B . . p", "B . . p",   /* 14. a black knight: p in P8 */
    ". . b p", ". . b p",   /* 15. B dropped; the promotion takes a rook: b in p8 */
    ". . b p",              /* 16. the king */
};

struct chain_log {
    int turns;
    int mismatches;
};

static void pocket_text(const void *state, char *buf)
{
    static const int order[4][2] = {{RP_LEFT, 0}, {RP_RIGHT, 0}, {RP_LEFT, 1}, {RP_RIGHT, 1}};
    for (int i = 0; i < 4; i++) {
        rp_piece p = rp_backlash_pocket(state, order[i][0], order[i][1]);
        buf[2 * i] = p ? rp_piece_label(p)[0] : '.';
        buf[2 * i + 1] = i < 3 ? ' ' : '\0';
    }
}

static void check_chain_turn(void *ctx, const struct fmt_turn *t, const struct rp_variant *v,
                             const void *state)
{
    struct chain_log *log = ctx;
    char got[8];
    (void)v;
    if (!t)
        return;
    pocket_text(state, got);
    int i = log->turns++;
    if (i >= (int)(sizeof chain_pockets / sizeof chain_pockets[0]) || strcmp(got, chain_pockets[i])) {
        cr_log_error("after %s %s the pockets are \"%s\", expected \"%s\"", t->marker, t->text, got,
                     i < (int)(sizeof chain_pockets / sizeof chain_pockets[0]) ? chain_pockets[i] : "-");
        log->mismatches++;
    }
}

Test(replay_backlash, demotion_chain_game)
{
    size_t len;
    char *text = ts_read_file(GC_FIXTURES "/backlash/demotion-chain.log", &len);
    cr_assert_not_null(text);
    fmt_parser *p = fmt_parser_new(text, len);
    struct fmt_game g;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    struct chain_log log = {0, 0};
    struct rp_report r;
    cr_assert_eq(rp_replay(&g, &r, check_chain_turn, &log), RP_DONE);
    cr_expect_eq(log.mismatches, 0, "%d turns left the pockets wrong", log.mismatches);
    cr_expect_str_eq(rp_status_name(r.status), "ok");
    cr_expect_eq(r.nviolations, 0u);
    cr_expect_eq(r.turns, 31);
    cr_expect_str_eq(r.termination_name, "king-captured");
    cr_expect_str_eq(r.detail, "board=left");
    cr_expect_eq(r.result, RP_RESULT_WHITE);
    rp_report_release(&r);
    fmt_game_release(&g);
    fmt_parser_free(p);
    free(text);
}

/* ------------------------------------------------------------ perft */

static uint64_t perft(const char *fen, const char *pockets, int depth)
{
    struct rp_board b;
    rp_piece pocket[2] = {0, 0};
    cr_assert_eq(rp_board_from_fen(&b, &rp_backlash_rules, fen), 0, "bad FEN %s", fen);
    for (const char *c = pockets; *c && *c != '-'; c++) {
        char label[2] = {*c, '\0'};
        rp_piece piece = rp_piece_for_label(label);
        cr_assert(piece, "bad pocket %s", pockets);
        pocket[rp_colour_of(piece)] = piece;
    }
    return rp_backlash_perft(&b, pocket, depth);
}

/* Counts checked by hand, independent of any engine. */
Test(replay_backlash, perft_by_hand)
{
    const char *start = RP_START_FEN;
    /* 16 pawn moves and 4 knight moves; no check can arise before the
     * fourth ply, so depths 1-3 are Chess's 20, 400, 8902. */
    cr_expect_eq(perft(start, "-", 1), 20u);
    cr_expect_eq(perft(start, "-", 3), 8902u);
    /* A knight in the pocket adds the 32 empty squares: 20 + 32. */
    cr_expect_eq(perft(start, "N", 1), 52u);
    /* Bare kings, a pawn in each pocket: the king on e1 has 5 moves, the
     * pawn 48 drops (ranks 2-7, not 1 or 8): 53.  At depth 2 Black has 5
     * king moves and 48 drops, one drop fewer when White's king (d2 e2
     * f2) or pawn stands on ranks 2-7: 2 x 53 + 3 x 52 + 48 x 52 = 2758. */
    cr_expect_eq(perft("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Pp", 1), 53u);
    cr_expect_eq(perft("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Pp", 2), 2758u);
    /* No check: the rook on e7 has e6-e2 (5), the seven other squares of
     * rank 7, and e8, taking the king (the position after it is a leaf);
     * the king on e1 has 5: 18. */
    cr_expect_eq(perft("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "-", 1), 18u);
}

/* The rows of tests/fixtures/backlash/perft.tsv, counted by Fairy-Stockfish
 * on a variant defined as one Backlash board (fairy-stockfish.ini there):
 * an independent move generator, its drops included. */
Test(replay_backlash, perft_against_fairy_stockfish)
{
    char *tsv = ts_read_file(GC_FIXTURES "/backlash/perft.tsv", NULL);
    cr_assert_not_null(tsv);
    int rows = 0, failures = 0;
    char *save = NULL;
    for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char fen[128], pockets[8];
        int depth;
        unsigned long long nodes;
        if (line[0] == '#' ||
            sscanf(line, "%127[^\t]\t%7[^\t]\t%d\t%llu", fen, pockets, &depth, &nodes) != 4)
            continue;
        uint64_t got = perft(fen, pockets, depth);
        if (got != nodes) {
            cr_log_error("perft %s [%s] depth %d: got %" PRIu64 ", expected %llu", fen, pockets,
                         depth, got, nodes);
            failures++;
        }
        rows++;
    }
    free(tsv);
    cr_expect_geq(rows, 38, "only %d perft rows ran", rows);
    cr_expect_eq(failures, 0, "%d of %d perft rows differ", failures, rows);
}

/* -------------------------------------------------------- stalemate */

/* A Backlash state holding a constructed position; free() it. */
static void *position(const char *left, const char *right, const char *pockets, int turns)
{
    void *s = calloc(1, rp_variant_backlash.state_size);
    cr_assert_not_null(s);
    cr_assert_eq(rp_backlash_load(s, left, right, pockets, turns), 0, "cannot load %s / %s", left, right);
    return s;
}

static struct fmt_component comp(enum fmt_comp_kind kind, const char *label, const char *from,
                                  const char *to)
{
    struct fmt_component c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    snprintf(c.label, sizeof c.label, "%s", label);
    snprintf(c.from, sizeof c.from, "%s", from);
    snprintf(c.to, sizeof c.to, "%s", to);
    c.text = (char *)"(component)";
    return c;
}

/* White's king on a8 is walled in by its own pawns, which cannot move
 * either (b8 is past the last rank: not a position of play, but the rule
 * only counts moves).  Black's mirror image has its king on a1. */
#define WHITE_STUCK "KP5k/PP6/8/8/8/8/8/8 w - - 0 1"
#define BLACK_STUCK "K7/8/8/8/8/8/pp6/kp6 b - - 0 1"
#define START_BLACK "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"

/* docs/rules.md, Backlash: Stalemate.  Checked before each board move, so
 * before White's turn starts on the left board. */
Test(replay_backlash, stalemate_before_the_turn)
{
    struct rp_ending e;
    void *s = position(WHITE_STUCK, RP_START_FEN, "", 2);
    memset(&e, 0, sizeof e);
    cr_assert_eq(rp_variant_backlash.ended(s, &e), 1);
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    cr_expect_str_eq(ts_term_name(e.termination), "stalemate");
    cr_expect_str_eq(e.detail, "board=left");
    free(s);
    /* A piece in the pocket for that board can be dropped: play goes on. */
    s = position(WHITE_STUCK, RP_START_FEN, "p1=N", 2);
    cr_expect_eq(rp_variant_backlash.ended(s, &e), 0);
    free(s);
    /* Black's pocket does not help White. */
    s = position(WHITE_STUCK, RP_START_FEN, "p8=n", 2);
    cr_expect_eq(rp_variant_backlash.ended(s, &e), 1);
    free(s);
}

/* Black plays the right board, then has no move on the left board: the
 * game ends there, a draw; the turn counts, and a left-board move written
 * in it is after-end. */
Test(replay_backlash, stalemate_within_the_turn)
{
    struct fmt_component c[2] = {comp(FMT_COMP_MOVE, "p", "E7", "E5"),
                                 comp(FMT_COMP_MOVE, "p", "b2", "c1")};
    struct rp_verdict v = {RP_OK, 0, ""};
    struct rp_ending e;
    void *s = position(BLACK_STUCK, START_BLACK, "", 3);
    rp_variant_backlash.play(s, c, 1, &v);
    cr_expect(v.accepted);
    cr_expect_eq(v.code, RP_OK, "%s", v.message);
    cr_assert_eq(rp_variant_backlash.ended(s, &e), 1);
    cr_expect_str_eq(ts_term_name(e.termination), "stalemate");
    cr_expect_str_eq(e.detail, "board=left");
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    free(s);

    s = position(BLACK_STUCK, START_BLACK, "", 3);
    v = (struct rp_verdict){RP_OK, 0, ""};
    rp_variant_backlash.play(s, c, 2, &v);
    cr_expect(v.accepted);
    cr_expect_eq(v.code, RP_AFTER_END);
    cr_expect_str_eq(v.message, "the game had already ended: Black had no move and no drop on the left board (stalemate)");
    free(s);

    /* docs/rules.md, Backlash: Which violation is reported.  Two moves on
     * the left board are bad-turn before the right board's move is played,
     * though it would end the game. */
    struct fmt_component three[3] = {c[0], c[1], comp(FMT_COMP_MOVE, "k", "a1", "a2")};
    s = position(BLACK_STUCK, START_BLACK, "", 3);
    v = (struct rp_verdict){RP_OK, 0, ""};
    rp_variant_backlash.play(s, three, 3, &v);
    cr_expect_not(v.accepted);
    cr_expect_eq(v.code, RP_BAD_TURN);
    cr_expect_str_eq(v.message, "the turn has 2 moves on the left board, not one");
    cr_expect_eq(rp_variant_backlash.ended(s, &e), 0, "nothing was played");
    free(s);

    /* With a piece in p8 Black must drop it: a turn without a left move
     * is bad-turn, and nothing was played. */
    s = position(BLACK_STUCK, START_BLACK, "p8=n", 3);
    v = (struct rp_verdict){RP_OK, 0, ""};
    rp_variant_backlash.play(s, c, 1, &v);
    cr_expect_not(v.accepted);
    cr_expect_eq(v.code, RP_BAD_TURN);
    cr_expect_str_eq(v.message, "the turn has no move on the left board");
    cr_expect_eq(rp_variant_backlash.side_to_move(s), 1);
    free(s);
}

/* An illegal first move is no move: the stalemate on the second board is
 * never reached and the turn is rejected. */
Test(replay_backlash, no_stalemate_after_an_illegal_first_move)
{
    struct fmt_component c = comp(FMT_COMP_MOVE, "p", "E7", "E4");
    struct rp_verdict v = {RP_OK, 0, ""};
    struct rp_ending e;
    void *s = position(BLACK_STUCK, START_BLACK, "", 3);
    rp_variant_backlash.play(s, &c, 1, &v);
    cr_expect_not(v.accepted);
    cr_expect_eq(v.code, RP_ILLEGAL_MOVE);
    /* The position is untouched: Black still to move, E7 still there. */
    cr_expect_eq(rp_variant_backlash.side_to_move(s), 1);
    c = comp(FMT_COMP_MOVE, "p", "E7", "E5");
    v = (struct rp_verdict){RP_OK, 0, ""};
    rp_variant_backlash.play(s, &c, 1, &v);
    cr_expect(v.accepted);
    cr_expect_eq(rp_variant_backlash.ended(s, &e), 1);
    free(s);
}

/* ------------------------------------------------- render and registry */

Test(replay_backlash, diagram_shows_both_boards_and_the_pockets)
{
    static const char start[] =
        "   p8 .                       P8 .\n"
        "8  r  n  b  q  k  b  n  r     8  r  n  b  q  k  b  n  r\n"
        "7  p  p  p  p  p  p  p  p     7  p  p  p  p  p  p  p  p\n"
        "6  .  .  .  .  .  .  .  .     6  .  .  .  .  .  .  .  .\n"
        "5  .  .  .  .  .  .  .  .     5  .  .  .  .  .  .  .  .\n"
        "4  .  .  .  .  .  .  .  .     4  .  .  .  .  .  .  .  .\n"
        "3  .  .  .  .  .  .  .  .     3  .  .  .  .  .  .  .  .\n"
        "2  P  P  P  P  P  P  P  P     2  P  P  P  P  P  P  P  P\n"
        "1  R  N  B  Q  K  B  N  R     1  R  N  B  Q  K  B  N  R\n"
        "   a  b  c  d  e  f  g  h        A  B  C  D  E  F  G  H\n"
        "   p1 .                       P1 .\n"
        "White to move: the right board only (first turn)\n";
    char buf[4096];
    void *s = calloc(1, rp_variant_backlash.state_size);
    char why[64];
    cr_assert_eq(rp_variant_backlash.setup(s, &rp_variant_backlash, NULL, why, sizeof why), 0);
    rp_variant_backlash.render(s, buf, sizeof buf);
    cr_expect_str_eq(buf, start);
    free(s);

    /* Pockets and whose turn it is. */
    s = position(RP_START_FEN, START_BLACK, "p1=R P8=b", 5);
    rp_variant_backlash.render(s, buf, sizeof buf);
    cr_expect(strstr(buf, "   p8 .                       P8 b\n"), "%s", buf);
    cr_expect(strstr(buf, "   p1 R                       P1 .\n"), "%s", buf);
    cr_expect(strstr(buf, "Black to move: right board, then left board\n"), "%s", buf);
    /* A small buffer is cut, never overrun. */
    rp_variant_backlash.render(s, buf, 40);
    cr_expect_eq(strlen(buf), 39u);
    free(s);
}

Test(replay_backlash, registry_names)
{
    cr_expect_eq(rp_variant_for_game("Backlash"), &rp_variant_backlash);
    cr_expect_eq(rp_variant_for_game("BACKLASH"), &rp_variant_backlash);
    cr_expect_eq(rp_variant_for_game("Back-lash"), &rp_variant_backlash);
    cr_expect_str_eq(rp_variant_backlash.name, "backlash");
}

Test(replay_backlash, pocket_squares_and_demotion)
{
    int board, colour;
    cr_expect(rp_pocket_parse("P8", &board, &colour));
    cr_expect_eq(board, RP_RIGHT);
    cr_expect_eq(colour, 1);
    cr_expect(rp_pocket_parse("p1", &board, &colour));
    cr_expect_eq(board, RP_LEFT);
    cr_expect_eq(colour, 0);
    cr_expect_not(rp_pocket_parse("p5", &board, &colour));
    cr_expect_not(rp_pocket_parse("P", &board, &colour));
    cr_expect_eq(rp_demoted(rp_make_piece(RP_QUEEN, 1)), rp_make_piece(RP_ROOK, 1));
    cr_expect_eq(rp_demoted(rp_make_piece(RP_ROOK, 0)), rp_make_piece(RP_BISHOP, 0));
    cr_expect_eq(rp_demoted(rp_make_piece(RP_BISHOP, 0)), rp_make_piece(RP_KNIGHT, 0));
    cr_expect_eq(rp_demoted(rp_make_piece(RP_KNIGHT, 1)), rp_make_piece(RP_PAWN, 1));
    cr_expect_eq(rp_demoted(rp_make_piece(RP_PAWN, 0)), 0);
    cr_expect_eq(rp_demoted(rp_make_piece(RP_KING, 0)), 0);
}

Test(replay_backlash, constructed_positions_are_checked)
{
    void *s = calloc(1, rp_variant_backlash.state_size);
    cr_expect_eq(rp_backlash_load(s, "not a fen", RP_START_FEN, "", 0), -1);
    cr_expect_eq(rp_backlash_load(s, RP_START_FEN, RP_START_FEN, "p5=N", 0), -1);
    cr_expect_eq(rp_backlash_load(s, RP_START_FEN, RP_START_FEN, "p1=n", 0), -1);
    cr_expect_eq(rp_backlash_load(s, RP_START_FEN, RP_START_FEN, "p1=K", 0), -1);
    cr_expect_eq(rp_backlash_load(s, RP_START_FEN, RP_START_FEN, " p1=N  P8=q ", 0), 0);
    cr_expect_eq(rp_backlash_pocket(s, RP_LEFT, 0), rp_make_piece(RP_KNIGHT, 0));
    cr_expect_eq(rp_backlash_pocket(s, RP_RIGHT, 1), rp_make_piece(RP_QUEEN, 1));
    free(s);
}
