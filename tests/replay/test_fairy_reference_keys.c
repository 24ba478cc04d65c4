/*
 * Keys of the reference build (Fairy-Stockfish 230826, inside ffish
 * 0.7.10) that the general engine implements as the reference plays
 * them: each test loads a small definition (on a built-in parent where
 * the variant is one), replays a game or reads a position, and checks
 * what ffish gives for the same moves (the expected FENs and move
 * counts were taken from ffish), and the message a director reads when
 * a move breaks the rule.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy.h"
#include "replay/replay.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/support.h"

static void setup(void) { rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin"); }

static void teardown(void)
{
    rp_defs_reset();
    rp_defs_builtin_dir(NULL);
}

TestSuite(replay_fairy_reference_keys, .init = setup, .fini = teardown);

/* The refusal of a definition file's text: "line: key: message". */
static void expect_refused(const char *text, const char *want)
{
    struct rp_def_error e;
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    cr_assert_not_null(f);
    cr_assert_neq(rp_defs_load_stream(f, "t.ini", &e), RP_DONE, "%s loads", text);
    fclose(f);
    char got[512];
    snprintf(got, sizeof got, "%d: %s: %s", e.line, e.key, e.message);
    cr_expect_str_eq(got, want);
}

static void keep_fen(void *ctx, const struct fmt_turn *t, const struct rp_variant *v, const void *state)
{
    (void)t;
    cr_assert_eq(v->fen(state, ctx, 256), 0);
}

/* The game replays without a fault and ends on fen. */
static void expect_fen(const char *game, const char *fen)
{
    struct rp_report r;
    char last[256] = "";
    ts_replay_text(game, &r, keep_fen, last);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s: %s", game, r.nviolations ? r.violations[0].message : "");
    cr_expect_str_eq(last, fen, "%s", game);
    rp_report_release(&r);
}

/* The game's first fault is an illegal move with this message. */
static void expect_illegal(const char *game, const char *message)
{
    struct rp_report r;
    ts_replay_text(game, &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL, "%s", game);
    cr_assert_geq(r.nviolations, 1, "%s", game);
    cr_expect_str_eq(r.violations[0].message, message);
    rp_report_release(&r);
}

/* The number of legal moves of name in fen. */
static int legal_moves(const char *name, const char *fen)
{
    struct rp_fpos p;
    ts_fpos_read(&p, name, fen);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    return l.n;
}

/* ----------------------------------------------------------- castling */

/* castlingRookKingsideFile and castlingRookQueensideFile (Shako: i and b,
 * the rooks stand inside the cannons): a FEN's K takes the first rook
 * from the i-file towards the king, Q the first from the b-file, as
 * the reference's set_castling_right looks (ffish: e2h2 castles with
 * i2, not j2; with rooks on a2 and c2, Q castles with c2). */
Test(replay_fairy_reference_keys, castling_finds_its_rook_from_the_rook_files)
{
    ts_defs_load_text("[shk:shako]\n");
    cr_expect_eq(legal_moves("shk", "4k5/10/10/10/10/10/10/10/1R2K3RR/10 w K - 0 1"), 42);
    expect_fen("Game: shk\nFEN: 4k5/10/10/10/10/10/10/10/1R2K3RR/10 w K - 0 1\n\n1. K e2-h2\n",
               "4k5/10/10/10/10/10/10/10/1R4RK1R/10 b - - 1 1");
    cr_expect_eq(legal_moves("shk", "4k5/10/10/10/10/10/10/10/R1R1K5/10 w Q - 0 1"), 30);
    expect_fen("Game: shk\nFEN: 4k5/10/10/10/10/10/10/10/R1R1K5/10 w Q - 0 1\n\n1. K e2-d2; R c2-e2\n",
               "4k5/10/10/10/10/10/10/10/R2KR5/10 b - - 1 1");
    /* The j-file rook has no right: its castling is no move. */
    expect_illegal("Game: shk\nFEN: 4k5/10/10/10/10/10/10/10/4K3RR/10 w K - 0 1\n\n1. K e2-h2; R j2-g2\n",
                   "component \"R j2-g2\" does not belong to the move e2-h2");
}

/* -------------------------------------------------------------- walls */

/* A FEN's '*' is a wall (Gustav III's corners, Omicron's frame,
 * Troitzky's board): nothing stands on it, moves to it or passes it;
 * the FEN written keeps it (ffish: 22 moves at Gustav III's start, and
 * c1b3 gives the FEN below). */
Test(replay_fairy_reference_keys, a_wall_square_is_no_square)
{
    ts_defs_load_text("[gus:gustav3]\n");
    const struct rp_fdef *d = rp_fairy_find("gus");
    cr_expect_eq(legal_moves("gus", d->start_fen), 22);
    expect_fen("Game: gus\n\n1. N c1-b3\n", "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*N7*/*PPPPPPPP*/AR1BQKBNRA b KQkq - 1 1");
    expect_illegal("Game: gus\n\n1. N c1-a2\n", "the knight on c1 cannot reach a2: a2 is a wall square");
    expect_illegal("Game: gus\n\n1. P a2-a3\n", "there is no piece on a2");
    /* A pawn's capture promotes where it lands: Troitzky's a6 is the
     * a-file's last square, b6 is not the b-file's (ffish: b5a6 only as
     * b5a6q, r, b and n, 7 moves in all; it was the plain capture). */
    ts_defs_load_text("[tro:troitzky]\n");
    const char *tro = "****1k****/**4nr**/*3p4*/*7p*/qp4P3/1P5p1b/*3r4*/*7b*/**3K2**/****2**** w - - 5 25";
    cr_expect_eq(legal_moves("tro", tro), 7);
    char *game = ts_fmt("Game: tro\nFEN: %s\n\n25. P b5-a6; R-a6\n", tro);
    expect_fen(game, "****1k****/**4nr**/*3p4*/*7p*/Rp4P3/7p1b/*3r4*/*7b*/**3K2**/****2**** b - - 0 25");
    free(game);
    /* A wall in a FEN: header stops a rook, and the diagram shows it. */
    ts_defs_load_text("[wc:chess]\n");
    expect_illegal("Game: wc\nFEN: 4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1\n\n1. R a4-e4\n",
                   "the rook on a4 cannot reach e4: the path is blocked at d4");
    struct rp_fpos p;
    char diagram[512];
    ts_fpos_read(&p, "wc", "4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1");
    rp_frender(&p, diagram, sizeof diagram);
    cr_expect_not_null(strstr(diagram, "  4 R  .  .  *  .  .  .  .\n"), "%s", diagram);
}

/* A wall where a piece hops is refused: gcaudit does not make a wall a
 * cannon's screen, as the reference does. */
Test(replay_fairy_reference_keys, a_wall_where_pieces_hop_is_refused)
{
    expect_refused("[wallcannon:chess]\ncannon = c\n"
                   "startFen = rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[Cc] w KQkq - 0 1\n",
                   "3: startFen: [wallcannon] a wall square ('*') in the FEN: gcaudit does not implement walls where "
                   "pieces hop (a cannon's or a grasshopper's screen)");
}

/* ------------------------------------------------- pawn-like pieces */

/* enPassantTypes with a custom pawn (Berolina's p:mfFcfeWimfnA, whose
 * 'e' the reference reads as nothing): its initial diagonal double step
 * leaves the square passed and its own square as the FEN's en passant
 * field (ffish: d3c4), and an enemy piece that captures onto the square
 * passed, and may not move there, takes the pawn that stepped. */
Test(replay_fairy_reference_keys, a_custom_pawn_double_steps_and_is_taken_en_passant)
{
    ts_defs_load_text("[ber:berolina]\n");
    expect_fen("Game: ber\nFEN: 4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1\n\n1. P e2-c4\n",
               "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1");
    cr_expect_eq(legal_moves("ber", "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1"), 8);
    expect_fen("Game: ber\nFEN: 4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1\n\n1. P e2-c4 1... p d4-d3\n",
               "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
    /* The pawn that stepped elsewhere cannot be taken on d3. */
    cr_expect_eq(legal_moves("ber", "4k3/8/8/8/3p2P1/8/8/4K3 b - f3g4 0 1"), 7);
    expect_illegal("Game: ber\nFEN: 4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1\n\n1. P e2-g4 1... p d4-d3\n",
                   "the P piece on d4 cannot reach d3: the P piece moves that way only to capture");
}

/* promotionPawnTypes and nMoveRuleTypes with a custom pawn (Pawn
 * Sideways' p:fsmWfceFifmnD): it promotes by its own moves into the zone,
 * and a sideways step, which it can take back, does not reset the clock
 * (ffish: 11 moves, b7b8q among them; d2c2 leaves the clock at 6, d2d3
 * resets it). */
Test(replay_fairy_reference_keys, a_custom_pawn_promotes_and_keeps_the_clock_when_it_steps_aside)
{
    ts_defs_load_text("[side:pawnsideways]\n");
    cr_expect_eq(legal_moves("side", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), 11);
    expect_fen("Game: side\nFEN: 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\n\n1. P b7-b8; Q-b8\n",
               "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    expect_fen("Game: side\nFEN: 4k3/8/8/8/8/8/3P4/4K3 w - - 5 10\n\n10. P d2-c2\n", "4k3/8/8/8/8/8/2P5/4K3 b - - 6 10");
    expect_fen("Game: side\nFEN: 4k3/8/8/8/8/8/3P4/4K3 w - - 5 10\n\n10. P d2-d3\n", "4k3/8/8/8/8/3P4/8/4K3 b - - 0 10");
    expect_illegal("Game: side\nFEN: 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\n\n1. P b7-b8\n", "the P piece reaching b8 must be promoted: name the new piece (e.g. \"Q-b8\")");
}

/* A second pawn-like type beside the pawn (Wolf Chess's sergeant,
 * s:fKifmnD): its initial double step leaves an en passant square pair
 * and resets the clock (ffish: b3b5 gives b4b5 and 0). */
Test(replay_fairy_reference_keys, a_sergeant_double_steps_beside_the_pawn)
{
    ts_defs_load_text("[wlf:wolf]\n");
    cr_expect_eq(legal_moves("wlf", "k7/8/8/8/8/8/8/1S6/8/K7 w - - 3 5"), 7);
    expect_fen("Game: wlf\nFEN: k7/8/8/8/8/8/8/1S6/8/K7 w - - 3 5\n\n5. S b3-b5\n", "k7/8/8/8/8/1S6/8/8/8/K7 b - b4b5 0 5");
}

/* ------------------------------------------------------------ connect */

/* connectDiagonal = false (Nine Holes): three on a diagonal is no line,
 * three on a file is (ffish: 9 moves in the first position, the second
 * over, 0-1). */
Test(replay_fairy_reference_keys, connect_counts_only_the_lines_it_names)
{
    ts_defs_load_text("[ttt]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\nstartFen = 3/3/3[PPPPPpppp] w - - 0 1\n"
                      "pieceDrops = true\ndoubleStep = false\ncastling = false\nimmobilityIllegal = false\n"
                      "connectN = 3\n"
                      "[nh:ttt]\ncustomPiece1 = p:mKmNmAmD\nstartFen = 3/3/3[PPPppp] w - - 0 1\nmustDrop = true\n"
                      "nMoveRule = 0\nnFoldRule = 0\nconnectDiagonal = false\n");
    cr_expect_eq(legal_moves("nh", "P1p/1pP/p1P[] w - - 0 1"), 9);
    struct rp_fpos p;
    struct rp_ending e;
    ts_fpos_read(&p, "nh", "Pp1/Pp1/1pP[] w - - 0 1");
    cr_assert(rp_fimmediate_end(&p, &e));
    cr_expect_eq(e.result, RP_RESULT_BLACK);
    cr_expect_eq(e.termination.kind, RP_TERM_CONNECT);
}

/* ------------------------------------------------------------ duple check */

/* dupleCheck (Spartan's two kings, commoners of the extinction type): a
 * king may stand attacked while the other is not, but no move may leave
 * both attacked (ffish: 8 moves with a rook on d8's rank; 7 with a bishop
 * on c7's diagonal too, d8c7 gone; 6 with a queen on both kings). */
Test(replay_fairy_reference_keys, a_duple_check_leaves_one_king_safe)
{
    ts_defs_load_text("[spa:spartan]\n");
    cr_expect_eq(legal_moves("spa", "R2kk3/8/8/8/8/8/8/4K3 b - - 0 1"), 8);
    cr_expect_eq(legal_moves("spa", "R2kk3/8/8/8/8/8/7B/4K3 b - - 0 1"), 7);
    cr_expect_eq(legal_moves("spa", "3k4/8/8/8/8/8/8/k2QK3 b - - 0 1"), 6);
    expect_illegal("Game: spa\nFEN: R2kk3/8/8/8/8/8/7B/4K3 b - - 0 1\n\n1... k d8-c7\n",
                   "the black commoner on c7 would be attacked by the bishop on h2, and so would every other (a duple "
                   "check)");
}

/* ------------------------------------------------------------- Shatar */

static enum rp_result mate_result(const char *variant, const char *fen)
{
    struct rp_fpos p;
    struct rp_ending e;
    ts_fpos_read(&p, variant, fen);
    cr_assert(rp_fmate_or_stalemate(&p, &e), "%s is no mate", fen);
    cr_expect_eq(e.termination.kind, RP_TERM_CHECKMATE, "%s", fen);
    return e.result;
}

/* shatarMateRule (ffish: a knight's mate 0-1, won by the side mated; a
 * bishop's mate after no shak a draw; a rook's mate, itself a shak, 1-0;
 * a bishop's mate ending a run of checks that began with a rook's, 1-0). */
Test(replay_fairy_reference_keys, a_shatar_mate_needs_a_shak)
{
    ts_defs_load_text("[sha:shatar]\n");
    cr_expect_eq(mate_result("sha", "6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1"), RP_RESULT_BLACK);
    cr_expect_eq(mate_result("sha", "7k/7P/6K1/8/8/8/8/B7 b - - 0 1"), RP_RESULT_DRAW);
    cr_expect_eq(mate_result("sha", "R6k/6pp/8/8/8/8/8/4K3 b - - 0 1"), RP_RESULT_WHITE);
}

/* --------------------------------------------------------- triple step */

/* tripleStepRegion (Wildebeest): a pawn steps three squares; each square
 * passed that an enemy pawn attacks is an en passant square (ffish:
 * e2e5 gives e3e4; d4e3 and f5e4 both take the pawn on e5). */
Test(replay_fairy_reference_keys, a_triple_step_leaves_two_en_passant_squares)
{
    ts_defs_load_text("[wb:chess]\nmaxRank = 10\nmaxFile = k\ncustomPiece1 = c:C\ncustomPiece2 = w:NC\n"
                      "doubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *9 *8\ntripleStepRegionWhite = *2\n"
                      "tripleStepRegionBlack = *9\n"
                      "startFen = rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1\n"
                      "promotionPieceTypes = qw\npromotionRegionWhite = *9 *10\npromotionRegionBlack = *2 *1\n"
                      "mandatoryPawnPromotion = false\ncastling = false\n");
    const char *game = "Game: wb\nFEN: k10/11/11/11/11/5p5/3p7/11/4P6/K10 w - - 0 1\n\n1. P e2-e5";
    char *text = ts_fmt("%s\n", game);
    expect_fen(text, "k10/11/11/11/11/4Pp5/3p7/11/11/K10 b - e3e4 0 1");
    free(text);
    cr_expect_eq(legal_moves("wb", "k10/11/11/11/11/4Pp5/3p7/11/11/K10 b - e3e4 0 1"), 7);
    text = ts_fmt("%s 1... p d4-e3\n", game);
    expect_fen(text, "k10/11/11/11/11/5p5/11/4p6/11/K10 w - - 0 2");
    free(text);
    text = ts_fmt("%s 1... p f5-e4\n", game);
    expect_fen(text, "k10/11/11/11/11/11/3pp6/11/11/K10 w - - 0 2");
    free(text);
}

/* ------------------------------------------------------------ Placement */

/* dropOppositeColoredBishop (Placement): a side's bishops go on squares
 * of both colours (ffish: with the bishop on c1, the second only on b1,
 * d1, f1 or h1, 32 moves in all; with g1 and h1 free and a rook and a
 * bishop in hand, only R@g1 and B@h1). */
Test(replay_fairy_reference_keys, dropped_bishops_stand_on_both_colours)
{
    ts_defs_load_text("[pl:placement]\n");
    cr_expect_eq(legal_moves("pl", "2b5/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbnn] w - - 0 2"), 32);
    cr_expect_eq(legal_moves("pl", "rnbqkn2/pppppppp/8/8/8/8/PPPPPPPP/RNBQKN2[RBrb] w - - 0 7"), 2);
    expect_fen("Game: pl\nFEN: rnbqkn2/pppppppp/8/8/8/8/PPPPPPPP/RNBQKN2[RBrb] w - - 0 7\n\n"
               "7. R*g1 7... r*g8 8. B*h1\n",
               "rnbqknr1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNRB[b] b - - 0 8");
    expect_illegal("Game: pl\nFEN: rnbqkn2/pppppppp/8/8/8/8/PPPPPPPP/RNBQKN2[RBrb] w - - 0 7\n\n7. B*g1\n",
                   "a bishop dropped on g1 would stand on the colour of more than half of White's bishops: in pl "
                   "they go on squares of both colours");
    expect_illegal("Game: pl\nFEN: rnbqkn2/pppppppp/8/8/8/8/PPPPPPPP/RNBQKN2[RBrb] w - - 0 7\n\n7. R*h1\n",
                   "a rook dropped on h1 leaves too few squares of one colour for White's bishops in hand: in pl "
                   "they go on squares of both colours");
}

/* castlingDroppedPiece (Placement): a king dropped on e1 may castle with
 * a rook in a corner of the first rank, a rook dropped in a corner with
 * the king on e1 too; a king dropped on d1 may not (ffish's FENs). */
Test(replay_fairy_reference_keys, a_dropped_king_and_rook_may_castle)
{
    ts_defs_load_text("[pl:placement]\n");
    expect_fen("Game: pl\nFEN: r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[R] w - - 0 7\n\n7. R*a1\n",
               "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[] b Q - 0 7");
    expect_fen("Game: pl\nFEN: r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[R] w - - 0 7\n\n7. R*h1\n",
               "r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[] b K - 0 7");
    expect_fen("Game: pl\nFEN: r3k3/pppppppp/8/8/8/8/PPPPPPPP/R7[K] w - - 0 7\n\n7. K*e1\n",
               "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[] b Q - 0 7");
    expect_fen("Game: pl\nFEN: r3k3/pppppppp/8/8/8/8/PPPPPPPP/R7[K] w - - 0 7\n\n7. K*d1\n",
               "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R2K4[] b - - 0 7");
    expect_fen("Game: pl\nFEN: r3k3/pppppppp/8/8/8/8/PPPPPPPP/R7[K] w - - 0 7\n\n7. K*e1 7... p h7-h6 8. K e1-c1\n",
               "r3k3/ppppppp1/7p/8/8/8/PPPPPPPP/2KR4[] b - - 1 8");
}

/* ------------------------------------------------------ flying general */

/* flyingGeneral as the reference reads it (Empire, Synochess): the kings
 * may not face each other on an open file or an open rank (its rook
 * attack from the king), nor may a castling king pass or reach a square
 * where they would (ffish: Black has no move at k7/2K5; with the white
 * king on f1 Black's e8 has d7, e7 and d8 only, on g1 no castling, on a1
 * e8g8; with the white king on d1 no e8c8). */
Test(replay_fairy_reference_keys, the_flying_general_looks_along_ranks_and_castling_paths)
{
    ts_defs_load_text("[fg:chess]\nflyingGeneral = true\n");
    cr_expect_eq(legal_moves("fg", "k7/2K5/8/8/8/8/8/8 b - - 0 1"), 0);
    cr_expect_eq(legal_moves("fg", "4k2r/8/8/8/8/8/8/5K2 b k - 0 1"), 12);
    cr_expect_eq(legal_moves("fg", "4k2r/8/8/8/8/8/8/6K1 b k - 0 1"), 14);
    cr_expect_eq(legal_moves("fg", "4k2r/8/8/8/8/8/8/K7 b k - 0 1"), 15);
    cr_expect_eq(legal_moves("fg", "r3k3/8/8/8/8/8/8/3K4 b q - 0 1"), 13);
    expect_illegal("Game: fg\nFEN: k7/2K5/8/8/p7/8/8/8 b - - 0 1\n\n1... k a8-a7\n",
                   "the two kings would face each other on an open rank");
    expect_illegal("Game: fg\nFEN: 4k2r/8/8/8/8/8/8/5K2 b k - 0 1\n\n1... k e8-g8\n",
                   "the king on e8 cannot reach g8: the king may not castle across f8, where the two kings would "
                   "face each other on an open file");
    expect_fen("Game: fg\nFEN: 4k2r/8/8/8/8/8/8/K7 b k - 0 1\n\n1... k e8-g8\n", "5rk1/8/8/8/8/8/8/K7 w - - 1 2");
}

/* ------------------------------------------------ castling rook types */

/* castlingRookPieces of two types (Perfect Chess: the rook and the
 * chancellor; ffish's perfect for every value): 28 moves, the king
 * castles queenside with the chancellor on a1 (e1-c1 puts it on d1,
 * whose file then bars Black's own queenside castling), a chancellor
 * that moved and came back castles no more. */
Test(replay_fairy_reference_keys, castling_takes_any_of_its_rook_types)
{
    ts_defs_load_text("[per:perfect]\n");
    const char *start = "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1";
    cr_expect_eq(legal_moves("per", start), 28);
    static const struct {
        const char *moves, *fen, *illegal; /* the FEN after, or the first fault's message */
    } rows[] = {
        {"1. K e1-c1", "c3k2r/8/8/8/8/8/8/2KC3R b kq - 1 1", NULL},
        {"1. K e1-c1 1... k e8-c8", NULL,
         "the king on e8 cannot reach c8: the king may not castle through d8, which is attacked"},
        {"1. C a1-a2 1... k e8-c8", "2kc3r/8/8/8/8/8/C7/4K2R w K - 2 2", NULL},
        {"1. C a1-a2 1... k e8-c8 2. C a2-a1 2... k c8-b8 3. K e1-c1", NULL,
         "the king on e1 cannot reach c1: the chancellor on a1 has already moved, so it cannot castle"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *game = ts_fmt("Game: per\nFEN: %s\n\n%s\n", start, rows[i].moves);
        if (rows[i].fen)
            expect_fen(game, rows[i].fen);
        else
            expect_illegal(game, rows[i].illegal);
        free(game);
    }
}

/* ------------------------------------------------------- flagPieceSafe */

/* Does the game end in fen, and how: the result, or RP_RESULT_NONE when
 * it goes on. */
static enum rp_result immediate_end(const char *variant, const char *fen, enum rp_termination *kind)
{
    struct rp_fpos p;
    struct rp_ending e;
    ts_fpos_read(&p, variant, fen);
    if (!rp_fimmediate_end(&p, &e))
        return RP_RESULT_NONE;
    *kind = e.termination.kind;
    return e.result;
}

/* flagPieceSafe (Dobutsu's lion, a commoner whose capture ends the game;
 * ffish's dobutsu for every value): the lion that reaches the far rank
 * unattacked wins at once (b3-c4, 1-0); attacked there (b3-b4, by the
 * elephant on c3) the game goes on, Black has 6 moves, and White wins
 * when its turn comes with the lion still there unattacked (c3-b2, 1-0),
 * Black by taking it (c3xb4, 0-1); both lions on their flag ranks
 * unattacked is a draw, whoever is to move; a lion attacked there on its
 * own turn has not won (5 moves). */
Test(replay_fairy_reference_keys, a_flag_piece_must_stand_unattacked)
{
    ts_defs_load_text("[dob:dobutsu]\n");
    enum rp_termination kind = RP_TERM_NONE;
    cr_expect_eq(immediate_end("dob", "2L/2e/2l/3[] b - - 1 1", &kind), RP_RESULT_WHITE);
    cr_expect_eq(kind, RP_TERM_FLAG);
    cr_expect_eq(immediate_end("dob", "1L1/2e/2l/3[] b - - 1 1", &kind), RP_RESULT_NONE);
    cr_expect_eq(legal_moves("dob", "1L1/2e/2l/3[] b - - 1 1"), 6);
    cr_expect_eq(immediate_end("dob", "1L1/3/1el/3[] w - - 2 2", &kind), RP_RESULT_WHITE);
    cr_expect_eq(kind, RP_TERM_FLAG);
    cr_expect_eq(immediate_end("dob", "1e1/3/2l/3[l] w - - 0 2", &kind), RP_RESULT_BLACK);
    cr_expect_eq(kind, RP_TERM_EXTINCTION);
    cr_expect_eq(immediate_end("dob", "1L1/3/3/1l1[] w - - 0 1", &kind), RP_RESULT_DRAW);
    cr_expect_eq(immediate_end("dob", "1L1/3/3/1l1[] b - - 0 1", &kind), RP_RESULT_DRAW);
    cr_expect_eq(immediate_end("dob", "1L1/1l1/3/3[] w - - 0 1", &kind), RP_RESULT_NONE);
    cr_expect_eq(legal_moves("dob", "1L1/1l1/3/3[] w - - 0 1"), 5);
    expect_fen("Game: dob\nFEN: 3/1Le/2l/3[] w - - 0 1\n\n1. L b3-b4 1... e c3-b2\n", "1L1/3/1el/3[] w - - 2 2");
}

/* flagPieceSafe's attack test does not see a blast, and the reference's
 * parser refuses the pair. */
Test(replay_fairy_reference_keys, a_safe_flag_piece_refuses_blasts)
{
    expect_refused("[x:atomic]\nflagPiece = k\nflagRegion = *4\nflagPieceSafe = true\n",
                   "4: flagPieceSafe: [x] flagPieceSafe does not go with blastOnCapture (its attack test does not see a "
                   "blast)");
}

/* ------------------------------------------------------- pieceDemotion */

/* pieceDemotion (ffish's kyotoshogi and micro for every value): in Kyoto
 * Shogi every move of a piece that can turn over must, 12 moves at the
 * start: the promoted lance on a1 becomes a lance as it steps to a2
 * ("L-a2"), the silver a bishop ("+S-b2").  Micro Shogi turns a piece
 * over only by a capture: a promoted rook (a gold) has 6 moves, its
 * capture demoting it; a rook 5, its capture promoting it. */
Test(replay_fairy_reference_keys, a_promoted_piece_turns_back)
{
    ts_defs_load_text("[kyo:kyotoshogi]\n[mic:micro]\n");
    cr_expect_eq(legal_moves("kyo", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"), 12);
    expect_fen("Game: kyo\n\n1. +L a1-a2; L-a2\n", "p+nks+l/5/5/L4/1SK+NP[] b - - 1 1");
    expect_fen("Game: kyo\n\n1. S b1-b2; +S-b2\n", "p+nks+l/5/5/1+S3/+L1K+NP[] b - - 1 1");
    cr_expect_eq(legal_moves("mic", "k3/4/1p2/1+R2/3K[] w - - 0 1"), 9);
    expect_fen("Game: mic\nFEN: k3/4/1p2/1+R2/3K[] w - - 0 1\n\n1. +R b2-b3; R-b3\n", "k3/4/1R2/4/3K[P] b - - 0 1");
    cr_expect_eq(legal_moves("mic", "k3/4/1p2/1R2/3K[] w - - 0 1"), 8);
    expect_fen("Game: mic\nFEN: k3/4/1p2/1R2/3K[] w - - 0 1\n\n1. R b2-b3; +R-b3\n", "k3/4/1+R2/4/3K[P] b - - 0 1");
}

/* ---------------------------------------------------- custom pieces */

/* customPiece25, the last slot the reference's header names (its 26th
 * is a custom king's): a piece like any other (ffish: 7 moves at the
 * FEN below, a1b1 and a1a2 the wazir's); customPiece26 is no key. */
Test(replay_fairy_reference_keys, the_twenty_fifth_custom_piece_is_a_piece)
{
    ts_defs_load_text("[c25:chess]\ncustomPiece25 = a:W\nmobilityRegionWhiteCustomPiece25 = *1 *2\n"
                      "startFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n");
    cr_expect_eq(legal_moves("c25", "4k3/8/8/8/8/8/8/A3K3 w - - 0 1"), 7);
    expect_fen("Game: c25\n\n1. A a1-a2\n", "4k3/8/8/8/8/8/A7/4K3 b - - 1 1");
    expect_illegal("Game: c25\nFEN: 4k3/8/8/8/8/8/A7/4K3 w - - 0 1\n\n1. A a2-a3\n",
                   "the A piece on a2 cannot reach a3: an A piece must stay on ranks 1 to 2");
    expect_refused("[c26:chess]\ncustomPiece26 = a:W\n", "2: customPiece26: [c26] unknown key \"customPiece26\"");
}

/* --------------------------------------------------- Cambodian's leaps */

#define CAMBODIAN "[cam:cambodian]\ngcNames = s=khon, m=met\n[mk:makruk]\n[ko:karouk]\n"

/* cambodianMoves (Cambodian Chess, built-in cambodian): the king on its
 * gate leaps as a knight to the rank in front, the met on its gate two
 * squares straight ahead, over what stands between; neither captures.
 * ffish: 25 moves at the start, d1b2 and d1f2 among them; 14 with a
 * knight between the met and e3; in check, the king has no leap (3
 * moves) and the met leaps only to block (5 moves, e1e3 among them). */
Test(replay_fairy_reference_keys, the_king_and_the_met_leap_on_their_first_move)
{
    ts_defs_load_text(CAMBODIAN);
    cr_expect_eq(legal_moves("cam", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"), 25);
    expect_fen("Game: cam\n\n1. K d1-b2\n", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1");
    expect_fen("Game: cam\n\n1. P e3-e4 1... p e6-e5 2. M e1-e3\n",
               "rnsmksnr/8/pppp1ppp/4p3/4P3/PPPPMPPP/8/RNSK1SNR b Dde - 1 2");
    cr_expect_eq(legal_moves("cam", "4k3/8/8/8/8/8/4N3/3KM3 w DE - 0 1"), 14);
    cr_expect_eq(legal_moves("cam", "4k3/8/8/8/8/8/8/3K3r w D - 0 1"), 3);
    cr_expect_eq(legal_moves("cam", "4k3/8/8/8/8/K6r/8/4M3 w E - 0 1"), 5);
}

/* A leap is the piece's first move; the king's goes too once an enemy
 * rook moves onto its file or rank, whatever stands between (ffish: no
 * d1b2 after the king's d1-d2-d1, nor after a7-d7; no d8b7 for Black
 * after R a1-d1 with a pawn on d7, 5 moves where 7 were). */
Test(replay_fairy_reference_keys, a_leap_is_lost_by_moving_or_by_a_rook_on_the_kings_line)
{
    ts_defs_load_text(CAMBODIAN);
    const char *back = "Game: cam\n\n1. K d1-d2 1... p a6-a5 2. K d2-d1 2... p a5-a4\n";
    expect_fen(back, "rnsmksnr/8/1ppppppp/8/p7/PPPPPPPP/8/RNSKMSNR w Ede - 0 3");
    char *game = ts_fmt("%s3. K d1-b2\n", back);
    expect_illegal(game, "the king on d1 cannot reach b2: the king leaps so only as its first move, and only until "
                         "an enemy rook has moved onto its file or rank");
    free(game);
    const char *aimed = "Game: cam\n\n1. P a3-a4 1... r a8-a7 2. P b3-b4 2... r a7-d7\n";
    expect_fen(aimed, "1nsmksnr/3r4/pppppppp/8/PP6/2PPPPPP/8/RNSKMSNR w Ede - 1 3");
    game = ts_fmt("%s3. K d1-f2\n", aimed);
    expect_illegal(game, "the king on d1 cannot reach f2: the king leaps so only as its first move, and only until "
                         "an enemy rook has moved onto its file or rank");
    free(game);
    expect_fen("Game: cam\nFEN: 3k4/3p4/8/8/8/8/8/R3K3 w Ed - 0 1\n\n1. R a1-d1\n", "3k4/3p4/8/8/8/8/8/3RK3 b E 126 0 1");
    cr_expect_eq(legal_moves("cam", "3k4/3p4/8/8/8/8/8/3RK3 b E 126 0 1"), 5);
    cr_expect_eq(legal_moves("cam", "3k4/3p4/8/8/8/8/R7/4K3 b Ed 126 0 1"), 7);
}

/* Why a leap is refused: the met's spent, the king's out of check, a
 * leap onto a piece. */
Test(replay_fairy_reference_keys, a_refused_leap_says_why)
{
    static const struct {
        const char *game, *message;
    } cases[] = {
        {"Game: cam\n\n1. P e3-e4 1... p e6-e5 2. M e1-d2 2... p a6-a5 3. M d2-e1 3... p a5-a4 4. M e1-e3\n",
         "the met on e1 cannot reach e3: the met leaps so only as its first move"},
        {"Game: cam\nFEN: 4k3/8/8/8/8/8/8/3K3r w D - 0 1\n\n1. K d1-b2\n",
         "the king on d1 cannot reach b2: the king may not leap out of check"},
        {"Game: cam\nFEN: 4k3/8/8/8/8/8/5p2/3K4 w D - 0 1\n\n1. K d1-f2\n",
         "the king on d1 cannot reach f2: the king's leap cannot capture"},
    };
    ts_defs_load_text(CAMBODIAN);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_illegal(cases[i].game, cases[i].message);
}

/* The leaps stand on the FEN's gates: without gating there are none, and
 * gcaudit refuses the key rather than read it as nothing, as the
 * reference does. */
Test(replay_fairy_reference_keys, cambodian_moves_need_gating)
{
    expect_refused("[x:makruk]\ncambodianMoves = true\n",
                   "2: cambodianMoves: [x] cambodianMoves needs gating = true (the FEN's gating files say which "
                   "pieces may still leap)");
}

/* countingRule = cambodian: Makruk's counts less one move, and the
 * board's honour (a side of two or three pieces) counted with pawns on
 * the board (ffish: 126 after a7a6 where Makruk gives none; 30 where
 * Makruk counts 32 for a bare king against one rook). */
Test(replay_fairy_reference_keys, cambodian_counting_is_makruks_less_one_and_counts_with_pawns)
{
    ts_defs_load_text(CAMBODIAN);
    expect_fen("Game: cam\nFEN: 4k3/pppppppp/8/8/8/8/8/R2K4 b - - 0 1\n\n1... p a7-a6\n",
               "4k3/1ppppppp/p7/8/8/8/8/R2K4 w - 126 0 2");
    expect_fen("Game: mk\nFEN: 4k3/pppppppp/8/8/8/8/8/R2K4 b - - 0 1\n\n1... p a7-a6\n",
               "4k3/1ppppppp/p7/8/8/8/8/R2K4 w - - 0 2");
    expect_fen("Game: cam\nFEN: 4k3/8/8/8/8/8/8/rN1K4 b - - 0 1\n\n1... r a1-b1\n", "4k3/8/8/8/8/8/8/1r1K4 w - 30 6 2");
    expect_fen("Game: mk\nFEN: 4k3/8/8/8/8/8/8/rN1K4 b - - 0 1\n\n1... r a1-b1\n", "4k3/8/8/8/8/8/8/1r1K4 w - 32 6 2");
    expect_fen("Game: cam\nFEN: 4k3/pppppppp/8/8/8/8/8/RN1KR3 b - - 0 1\n\n1... p a7-a6\n",
               "4k3/1ppppppp/p7/8/8/8/8/RN1KR3 w - - 0 2");
}

/* Kar Ouk (built-in karouk): Cambodian Chess where the first check wins
 * (ffish: 1-0 after a1a8, the FEN's check counts 0+1). */
Test(replay_fairy_reference_keys, the_first_check_wins_kar_ouk)
{
    ts_defs_load_text(CAMBODIAN);
    expect_fen("Game: ko\nFEN: 4k3/8/8/8/8/8/8/R2K4 w - - 0 1\n\n1. R a1-a7\n", "4k3/R7/8/8/8/8/8/3K4 b - 30 1+1 6 1");
    struct rp_fpos p;
    struct rp_ending e;
    ts_fpos_read(&p, "ko", "R3k3/8/8/8/8/8/8/3K4 b - 30 0+1 6 1");
    cr_assert(rp_fimmediate_end(&p, &e));
    cr_expect_eq(e.result, RP_RESULT_WHITE);
}

/* ----------------------------------------------------------- Reversi */

#define REVERSI                                                                                    \
    "[fl:flipello]\n[fs:flipersi]\n"                                                                 \
    "[f6:flipello]\nmaxRank = 6\nmaxFile = 6\n"                                                      \
    "startFen = 6/6/2pP2/2Pp2/6/6[PPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppp] w 0 1\n"                \
    "enclosingDropStart = c3 d3 c4 d4\n"                                                             \
    "[an:flipello]\nmaxRank = 10\nmaxFile = 10\n"                                                    \
    "startFen = ***4***/***4***/***4***/10/4pP4/4Pp4/10/***4***/***4***/***4***"                     \
    "[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppp] w 0 1\n"

/* enclosingDrop = reversi (Flipello): a drop must enclose enemy pieces
 * on a line, which flipEnclosedPieces turns over; while a square of
 * enclosingDropStart is empty (Flipersi), the drops go there (ffish: 4
 * drops at Flipello's start, 3 after P@e3, which turns e4; 7 three
 * drops on; 4, then 3, at Flipersi's). */
Test(replay_fairy_reference_keys, a_reversi_drop_encloses_and_turns_over)
{
    ts_defs_load_text(REVERSI);
    cr_expect_eq(legal_moves("fl", "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPpppppppppp] w - - 0 1"), 4);
    expect_fen("Game: fl\n\n1. P*e3\n", "8/8/8/3pP3/3PP3/4P3/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] b - - 0 1");
    expect_fen("Game: fl\n\n1. P*e3 1... p*f5 2. P*e6 2... p*f3\n",
               "8/8/4P3/3pPp2/3Pp3/4Pp2/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 3");
    cr_expect_eq(legal_moves("fl", "8/8/4P3/3pPp2/3Pp3/4Pp2/8/8[PPPPPPPPPPpppppppppp] w - - 0 3"), 7);
    cr_expect_eq(legal_moves("fs", "8/8/8/8/8/8/8/8[PPPPPPPPpppppppp] w - - 0 1"), 4);
    cr_expect_eq(legal_moves("fs", "8/8/8/8/3P4/8/8/8[PPPPPPPPpppppppp] b - - 0 1"), 3);
    expect_illegal("Game: fl\n\n1. P*d3\n", "a piece may not be dropped on d3 in fl");
}

/* The reference's drop test runs its lines over wall squares (a wall is
 * no board square to it) and its flips stop there: on Annexation's board
 * Black may drop on d1, which reaches its own a4 over the walls c2 and b3
 * and turns nothing (ffish: 11 drops, P@d1 among them). */
Test(replay_fairy_reference_keys, a_reversi_line_runs_over_walls_and_turns_nothing_there)
{
    ts_defs_load_text(REVERSI);
    const char *fen = "***pP2***/***1p2***/***pPpp***/PPPPPPp2P/2ppPpppP1/PPPPPPPP2/ppPPPpPP2/***PPPp***/"
                      "***1Ppp***/***2Pp***[PPPPPPPPppppppppp] b - - 0 22";
    cr_expect_eq(legal_moves("an", fen), 11);
    char *game = ts_fmt("Game: an\nFEN: %s\n\n22... p*d1\n", fen);
    expect_fen(game, "***pP2***/***1p2***/***pPpp***/PPPPPPp2P/2ppPpppP1/PPPPPPPP2/ppPPPpPP2/***PPPp***/"
                     "***1Ppp***/***p1Pp***[PPPPPPPPpppppppp] w - - 0 23");
    free(game);
}

/* passOnStalemate: a side with no drop passes (Game Courier's "pass",
 * from its first piece as the reference writes it: g1g1), and only
 * then; adjudicateFullBoard ends a full board by its material (ffish:
 * 1/2-1/2 at 32-32, 1-0 at 33-31). */
Test(replay_fairy_reference_keys, a_reversi_side_passes_only_when_it_must_and_a_full_board_ends)
{
    ts_defs_load_text(REVERSI);
    const char *rows = "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPp1[PPPPpppp]";
    char *fen = ts_fmt("%s b - - 0 1", rows);
    cr_expect_eq(legal_moves("fl", fen), 1);
    char *game = ts_fmt("Game: fl\nFEN: %s\n\n1... pass\n", fen);
    expect_fen(game, "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPp1[PPPPpppp] w - - 1 2");
    free(game);
    free(fen);
    game = ts_fmt("Game: fl\nFEN: %s w - - 0 1\n\n1. pass\n", rows);
    expect_illegal(game, "in fl a player may pass only when no move is legal: a piece may be dropped on h1");
    free(game);
    struct rp_fpos p;
    struct rp_ending e;
    ts_fpos_read(&p, "fl", "pppppppp/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP[PPPPpppp] w 0 1");
    cr_assert(rp_fimmediate_end(&p, &e));
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    cr_expect_eq(e.termination.kind, RP_TERM_FULL_BOARD);
    ts_fpos_read(&p, "fl", "pppppppp/pppppppp/pppppppp/ppppPppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP[PPPPpppp] w 0 1");
    cr_assert(rp_fimmediate_end(&p, &e));
    cr_expect_eq(e.result, RP_RESULT_WHITE);
    cr_expect_str_eq(e.detail, "material=33-31");
}

/* A game ffish played on the 6x6 board to its end, two passes in it
 * (White's at 14 and 17): every drop, flip and pass as ffish made them,
 * and Black's win on the full board. */
Test(replay_fairy_reference_keys, a_reversi_game_replays_to_ffishs_end)
{
    ts_defs_load_text(REVERSI);
    struct rp_report r;
    char last[256] = "";
    ts_replay_text("Game: f6\nResult: 0-1\n\n1. P*d2 1... p*e4 2. P*f5 2... p*b2 3. P*b3 3... p*d1 4. P*c5 4... p*f4 "
                   "5. P*e1 5... p*a3 6. P*c1 6... p*d5 7. P*e3 7... p*e2 8. P*c2 8... p*e5 9. P*f2 9... p*f6 "
                   "10. P*d6 10... p*e6 11. P*b5 11... p*b4 12. P*b1 12... p*a2 13. P*a4 13... p*a1 14. pass "
                   "14... p*a5 15. P*a6 15... p*c6 16. P*b6 16... p*f3 17. pass 17... p*f1\n",
                   &r, keep_fen, last);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s", r.nviolations ? r.violations[0].message : "");
    cr_expect_str_eq(last, "PPpppp/pPPppp/pPPPpp/pPpppp/ppPPpp/pppppp[PPPPPPPppppp] w - - 0 18");
    cr_expect_eq(r.result, RP_RESULT_BLACK);
    cr_expect_str_eq(r.termination_name, "full-board");
    rp_report_release(&r);
}

/* Ataxx's drops and turning over are not implemented: refused with the
 * key's line. */
Test(replay_fairy_reference_keys, ataxx_enclosing_is_refused)
{
    expect_refused("[x:flipello]\nenclosingDrop = ataxx\n",
                   "2: enclosingDrop: [x] gcaudit implements enclosingDrop only as reversi (not Ataxx's drops)");
}

/* ------------------------------------------------------------ petrify */

#define PETRIFY "[pa:chess]\npetrifyOnCaptureTypes = nbrq\n[pd:chess]\npetrifyOnCaptureTypes = p\n"

/* petrifyOnCaptureTypes (the reference build's key; variants.ini's
 * header of 84e305ff has petrifyOnCapture, which the build does not
 * read): a piece of the types that captures leaves the board and a wall
 * stands where it landed; a petrified piece gives no check; a pawn of
 * the types that captures as it promotes to a type that is not leaves
 * the square empty (ffish: the FENs below; 29 moves with the wall on d5,
 * 5 for the king the rook would have checked). */
Test(replay_fairy_reference_keys, a_capturing_piece_turns_into_a_wall)
{
    ts_defs_load_text(PETRIFY);
    expect_fen("Game: pa\n\n1. P e2-e4 1... p d7-d5 2. P e4-d5 2... q d8-d5\n",
               "rnb1kbnr/ppp1pppp/8/3*4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    cr_expect_eq(legal_moves("pa", "rnb1kbnr/ppp1pppp/8/3*4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"), 29);
    expect_fen("Game: pa\nFEN: 4k3/8/8/8/4p3/8/8/K3R3 w - - 0 1\n\n1. R e1-e4\n", "4k3/8/8/8/4*3/8/8/K7 b - - 0 1");
    cr_expect_eq(legal_moves("pa", "4k3/8/8/8/4*3/8/8/K7 b - - 0 1"), 5);
    expect_fen("Game: pd\nFEN: 1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1\n\n1. P a7-b8; Q-b8\n", "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    expect_fen("Game: pd\nFEN: 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1\n\n1. P e4-d5\n", "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
    /* The wall is in the repetition key as a FEN's '*' is. */
    struct rp_fpos p, q;
    struct rp_fmovelist l;
    ts_fpos_read(&p, "pa", "4k3/8/8/8/4p3/8/8/K3R3 w - - 0 1");
    rp_fgen_legal(&p, &l);
    for (int i = 0; i < l.n; i++)
        if (l.m[i].from == rp_fsq(4, 0) && l.m[i].to == rp_fsq(4, 3))
            rp_fmake(&p, l.m[i]);
    ts_fpos_read(&q, "pa", "4k3/8/8/8/4*3/8/8/K7 b - - 0 1");
    cr_expect_eq(rp_fkey(&p), rp_fkey(&q));
}

/* A royal king among the types would leave its side without one. */
Test(replay_fairy_reference_keys, a_petrified_king_is_refused)
{
    expect_refused("[x:chess]\npetrifyOnCaptureTypes = k\n",
                   "2: petrifyOnCaptureTypes: [x] the royal king may not turn into a wall (the reference build "
                   "would leave its side without one)");
}
