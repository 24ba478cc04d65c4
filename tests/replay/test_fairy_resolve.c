/*
 * How the defined variants read Game Courier's components and say what
 * is wrong with a turn (replay/fairy_resolve.c), for the rules part 2 of
 * the definitions brought: drops and their restrictions, Shogi's
 * promotions and "+X" labels, Seirawan gating, Xiangqi's and Janggi's
 * palaces, river, blocked leapers, cannons and flying general, Janggi's
 * pass and bikjang; and a definition that renames coordinates and labels
 * (gcFiles, gcRanks, gcLabels).  Every message is asserted whole: it is
 * what a tournament director reads.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/support.h"

static void load(void)
{
    struct rp_def_error e;
    char *dir = ts_fmt("%s/replay/definitions", GC_SOURCE_DIR);
    char *renamed = ts_fmt("%s/tests/fixtures/definitions/renamed.ini", GC_SOURCE_DIR);
    char *limits = ts_fmt("%s/tests/fixtures/definitions/drop-limits.ini", GC_SOURCE_DIR);
    char *builtin = ts_fmt("%s/replay/definitions/builtin", GC_SOURCE_DIR);
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin"); /* the shipped sections' parents */
    cr_assert_eq(rp_defs_load_dir(dir, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    cr_assert_eq(rp_defs_load_file(renamed, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    rp_defs_builtin_dir(builtin);
    cr_assert_eq(rp_defs_load_file(limits, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    rp_defs_builtin_dir(NULL);
    free(limits);
    free(builtin);
    free(renamed);
    free(dir);
}

static void unload(void) { rp_defs_reset(); }

TestSuite(replay_fairy_resolve, .init = load, .fini = unload);

struct last {
    char fen[256], diagram[4096];
};

static void keep_last(void *ctx, const struct fmt_turn *t, const struct rp_variant *v, const void *state)
{
    struct last *l = ctx;
    (void)t;
    cr_assert_eq(v->fen(state, l->fen, sizeof l->fen), 0);
    v->render(state, l->diagram, sizeof l->diagram);
}

/* Replay one game: Game: name, an optional FEN: header, the moves. */
static void replay(const char *game, const char *fen, const char *moves, struct rp_report *r, struct last *l)
{
    char *text = fen ? ts_fmt("Game: %s\nFEN: %s\n\n%s\n", game, fen, moves) : ts_fmt("Game: %s\n\n%s\n", game, moves);
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    if (l)
        memset(l, 0, sizeof *l);
    cr_assert_eq(rp_replay(&g, r, l ? keep_last : NULL, l), RP_DONE);
    fmt_game_release(&g);
    fmt_parser_free(p);
    free(text);
}

/* The game stops at turn `turn` (1-based plies) with this violation. */
static void expect_violation(const char *game, const char *fen, const char *moves, int ply, enum rp_code code,
                             const char *message)
{
    struct rp_report r;
    replay(game, fen, moves, &r, NULL);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL, "%s: %s", game, moves);
    cr_assert_geq(r.nviolations, 1, "%s: %s: no violation", game, moves);
    cr_expect_eq(r.violations[0].code, code, "%s: %s: code %s", game, moves, rp_code_name(r.violations[0].code));
    cr_expect_str_eq(r.violations[0].message, message, "%s: %s: the message is \"%s\"", game, moves,
                     r.violations[0].message);
    cr_expect_eq(r.turns, ply - 1, "%s: %s: stopped after %d plies", game, moves, r.turns);
    rp_report_release(&r);
}

/* The game is accepted whole, and its last position is `fen_after`. */
static void expect_accepted(const char *game, const char *fen, const char *moves, const char *fen_after)
{
    struct rp_report r;
    struct last l;
    replay(game, fen, moves, &r, &l);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s: %s: %s", game, moves,
                 r.nviolations ? r.violations[0].message : "");
    cr_expect_str_eq(l.fen, fen_after, "%s: %s: the FEN after is %s", game, moves, l.fen);
    rp_report_release(&r);
}

/* ------------------------------------------------------------ drops */

Test(replay_fairy_resolve, shogi_drops_and_their_rules)
{
    /* Two pawns on a file (nifu). */
    expect_violation("Shogi", "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1", "1. P*e5", 1, RP_BAD_DROP,
                     "a pawn may not be dropped on a file that already holds your unpromoted pawn (e3)");
    /* A promoted pawn on the file does not count.  A drop resets the
     * move-rule clock (the reference build's irreversible move). */
    expect_accepted("Shogi", "4k4/9/9/9/9/9/4+P4/9/4K4[P] w - - 3 1", "1. P*e5",
                    "4k4/9/9/9/4P4/9/4+P4/9/4K4[] b - - 0 1");
    /* Mate by a pawn drop (uchifuzume); the same drop without the gold is
     * no mate, and legal. */
    expect_violation("Shogi", "kn7/9/1G7/9/9/9/9/9/K8[P] w - - 0 1", "1. P*a8", 1, RP_BAD_DROP,
                     "a pawn may not be dropped to give checkmate");
    expect_accepted("Shogi", "kn7/9/9/9/9/9/9/9/K8[P] w - - 0 1", "1. P*a8",
                    "kn7/P8/9/9/9/9/9/9/K8[] b - - 0 1");
    /* dropNoDoubledCount: two pawns a file, then none; with 0 never. */
    expect_accepted("Drop Limits", "4k3/8/8/8/8/8/4P3/4K3[PP] w - - 0 1", "1. P*e5",
                    "4k3/8/8/4P3/8/8/4P3/4K3[P] b - - 0 1");
    expect_violation("Drop Limits", "4k3/8/8/8/8/8/4P3/4K3[PP] w - - 0 1", "1. P*e5 1... k e8-d8 2. P*e6", 3,
                     RP_BAD_DROP, "a pawn may not be dropped on a file that already holds 2 of your unpromoted pawns");
    expect_violation("No Pawn Drops", "4k3/8/8/8/8/8/8/4K3[PP] w - - 0 1", "1. P*e5", 1, RP_BAD_DROP,
                     "a pawn is never dropped in No Pawn Drops");
    /* Pieces that could never move again. */
    expect_violation("Shogi", "kn7/9/9/9/9/9/9/9/K8[PNL] w - - 0 1", "1. P*e9", 1, RP_BAD_DROP,
                     "a pawn dropped on e9 could never move");
    expect_violation("Shogi", "kn7/9/9/9/9/9/9/9/K8[PNL] w - - 0 1", "1. N*e8", 1, RP_BAD_DROP,
                     "a knight dropped on e8 could never move");
    expect_violation("Shogi", "kn7/9/9/9/9/9/9/9/K8[PNL] w - - 0 1", "1. L-e9", 1, RP_BAD_DROP,
                     "a lance dropped on e9 could never move");
    /* What is not in hand, and where something stands. */
    expect_violation("Shogi", "kn7/9/9/9/9/9/9/9/K8[P] w - - 0 1", "1. G*e5", 1, RP_BAD_DROP,
                     "White has no gold general in hand");
    expect_violation("Shogi", "kn7/9/9/9/9/9/9/9/K8[P] w - - 0 1", "1. P*b9", 1, RP_BAD_DROP,
                     "b9 is occupied");
    expect_violation("Shogi", "kn7/9/9/9/9/9/9/9/K8[Pp] w - - 0 1", "1. p*e5", 1, RP_WRONG_SIDE,
                     "a black piece cannot be dropped: White is to move");
    /* A drop is no promotion. */
    expect_violation("Shogi", "kn7/9/9/9/9/9/9/9/K8[B] w - - 0 1", "1. B*e5; +B-e5", 1, RP_BAD_PROMOTION,
                     "placement \"+B-e5\" without a promotion");
}

Test(replay_fairy_resolve, crazyhouse_captures_go_to_hand_and_promoted_pieces_return_as_pawns)
{
    /* The queen from the promotion is taken: Black's hand gets a pawn. */
    expect_accepted("Crazyhouse", "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1",
                    "1. P b7-b8; Q-b8 1... r a8-b8\n2. K e1-d2 2... p*b2",
                    "1r2k3/8/8/8/8/8/1p1K4/8[] w - - 0 3");
    expect_violation("Crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "1. P*d8", 1, RP_BAD_DROP,
                     "a pawn may not be dropped on d8, where it would promote");
    expect_violation("Crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "1. P*d1", 1, RP_BAD_DROP,
                     "a pawn may not be dropped on its first rank");
}

/* ------------------------------------------------------- promotions */

Test(replay_fairy_resolve, shogi_promotions)
{
    /* Optional in the zone: both ways accepted, "dest" too; a promotion
     * resets the move-rule clock, a plain move does not. */
    expect_accepted("Shogi", "4k4/9/9/4S4/9/9/9/9/4K4[] w - - 0 1", "1. S e6-e7",
                    "4k4/9/4S4/9/9/9/9/9/4K4[] b - - 1 1");
    expect_accepted("Shogi", "4k4/9/9/4S4/9/9/9/9/4K4[] w - - 0 1", "1. S e6-e7; +S-dest",
                    "4k4/9/4+S4/9/9/9/9/9/4K4[] b - - 0 1");
    /* Leaving the zone promotes too. */
    expect_accepted("Shogi", "4k4/9/4S4/9/9/9/9/9/4K4[] w - - 0 1", "1. S e7-d6; +S-d6",
                    "4k4/9/9/3+S5/9/9/9/9/4K4[] b - - 0 1");
    /* Forced where the piece could not move again. */
    expect_violation("Shogi", "3k5/4P4/9/9/9/9/9/9/K8[] w - - 0 1", "1. P e8-e9", 1, RP_BAD_PROMOTION,
                     "the pawn reaching e9 must be promoted: it could never move from there");
    /* The wrong "+X", a plain label, a wrong colour. */
    expect_violation("Shogi", "4k4/9/4P4/9/9/9/9/9/K8[] w - - 0 1", "1. P e7-e8; +L-e8", 1, RP_BAD_PROMOTION,
                     "a pawn promotes to \"+P\", not \"+L\"");
    expect_violation("Shogi", "4k4/9/4P4/9/9/9/9/9/K8[] w - - 0 1", "1. P e7-e8; G-e8", 1, RP_BAD_PROMOTION,
                     "a pawn promotes to \"+P\", not \"G\"");
    expect_violation("Shogi", "4k4/9/4P4/9/9/9/9/9/K8[] w - - 0 1", "1. P e7-e8; +p-e8", 1, RP_BAD_PROMOTION,
                     "placement \"+p-e8\" is a black piece, but the promoting pawn is white");
    /* Outside the zone, a piece that never promotes, one promoted already. */
    expect_violation("Shogi", "4k4/9/9/9/9/4P4/9/9/K8[] w - - 0 1", "1. P e4-e5; +P-e5", 1, RP_BAD_PROMOTION,
                     "placement \"+P-e5\": a pawn promotes only on a move into, within or out of White's "
                     "promotion zone (ranks 7 to 9)");
    expect_violation("Shogi", "4k4/9/9/9/9/9/9/4p4/K8[] b - - 0 1", "1... p e2-e1; +P-e1", 1, RP_BAD_PROMOTION,
                     "placement \"+P-e1\" is a white piece, but the promoting pawn is black");
    expect_violation("Shogi", "4k4/9/4G4/9/9/9/9/9/K8[] w - - 0 1", "1. G e7-e8; +G-e8", 1, RP_BAD_PROMOTION,
                     "placement \"+G-e8\": a gold general never promotes");
    expect_violation("Shogi", "4k4/9/4+P4/9/9/9/9/9/K8[] w - - 0 1", "1. +P e7-e8; +P-e8", 1, RP_BAD_PROMOTION,
                     "placement \"+P-e8\": the promoted pawn has promoted already");
    /* A promoted piece moves under its "+X" label. */
    expect_violation("Shogi", "4k4/9/4+P4/9/9/9/9/9/K8[] w - - 0 1", "1. P e7-e8", 1, RP_WRONG_PIECE,
                     "the piece on e7 is +P, not P");
    expect_accepted("Shogi", "4k4/9/4+P4/9/9/9/9/9/K8[] w - - 0 1", "1. +P e7-d7",
                    "4k4/9/3+P5/9/9/9/9/9/K8[] b - - 1 1");
}

/* Regression (issue 27): a piece's name came from one static buffer, so
 * a message naming two pieces said the second name twice ("e6 is
 * occupied by its own promoted pawn").  Every message that names two
 * pieces, each with a name that is formatted rather than constant. */
Test(replay_fairy_resolve, a_message_naming_two_pieces_names_each)
{
    expect_violation("Shogi", "4k4/9/9/4+B4/4+P4/9/9/9/4K4[] w - - 0 1", "1. +P e5-e6", 1, RP_ILLEGAL_MOVE,
                     "the promoted pawn on e5 cannot reach e6: e6 is occupied by its own promoted bishop");
    expect_violation("Shogi", "4k4/9/9/4+B4/4+P4/9/9/9/4K4[] w - - 0 1", "1. +B e6-e5", 1, RP_ILLEGAL_MOVE,
                     "the promoted bishop on e6 cannot reach e5: e5 is occupied by its own promoted pawn");
    expect_violation("Shogi", "4k4/9/9/9/9/9/9/+r8/4K4[] w - - 0 1", "1. K e1-e2", 1, RP_KING_IN_CHECK,
                     "the white king on e2 would be attacked by the promoted rook on a2");
    expect_violation("Shogi", "4k4/9/9/9/9/9/9/9/4K3+r[] w - - 0 1", "1. K e1-d1", 1, RP_KING_IN_CHECK,
                     "the white king on d1 would be attacked by the promoted rook on i1");
    /* The castling rook and the king; the pawn and the piece it may not become. */
    expect_violation("Capablanca Chess", "r4k3r/10/10/10/10/10/10/R3NK3R w KQkq - 0 1", "1. K f1-c1", 1,
                     RP_ILLEGAL_MOVE, "the king on f1 cannot reach c1: castling needs e1 empty");
    expect_violation("Crazyhouse", "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "1. P a7-a8; K-a8", 1, RP_BAD_PROMOTION,
                     "a pawn cannot promote to a king in Crazyhouse");
}

/* A drop or a gating in a variant without it is a bad drop in words of
 * its own, never a promotion gone wrong (issue 25). */
Test(replay_fairy_resolve, a_drop_or_a_gating_the_variant_does_not_have)
{
    expect_violation("Capablanca Chess", NULL, "1. N b1-c3; Q-b1", 1, RP_BAD_DROP,
                     "there is no gating in Capablanca Chess: no piece may be brought in on b1 (placement \"Q-b1\")");
    expect_violation("Seirawan Chess", NULL, "1. H-e4", 1, RP_BAD_DROP,
                     "there are no drops in Seirawan Chess: a piece in hand is brought in with a move, on the square "
                     "the move leaves (placement \"H-e4\")");
    /* A placement elsewhere after a plain move is still no promotion. */
    expect_violation("Capablanca Chess", NULL, "1. N b1-c3; Q-e4", 1, RP_BAD_PROMOTION,
                     "placement \"Q-e4\" without a promotion");
}

/* ------------------------------------------------------------ gating */

Test(replay_fairy_resolve, seirawan_gating)
{
    const char *start = NULL;
    expect_accepted("Seirawan Chess", start, "1. N g1-f3; H-g1 1... n g8-f6; e-g8",
                    "rnbqkber/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBHR[Eh] w KQABCDEFHkqabcdefh - 2 2");
    /* Castling with a gating on the king's or the rook's square, the
     * rook's move before or after the placement. */
    expect_accepted("Seirawan Chess", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQABCDEFGHkqabcdefgh - 0 1",
                    "1. K e1-g1; H-e1 1... k e8-c8; r a8-d8; e-a8",
                    "e1kr3r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eh] w ABCDFGbcdfgh - 2 2");
    expect_accepted("Seirawan Chess", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQABCDEFGHkqabcdefgh - 0 1",
                    "1. K e1-g1; E-h1; R h1-f1",
                    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKE[Heh] b ABCDFGkqabcdefgh - 1 1");
    expect_violation("Seirawan Chess", start, "1. N g1-f3; H-g1 1... n g8-f6\n2. N f3-g5; E-f3", 3, RP_BAD_DROP,
                     "a piece may be brought in only on the square a first-rank piece leaves on its first move "
                     "(f3 is not one)");
    expect_violation("Seirawan Chess", start, "1. N g1-f3 1... n g8-f6\n2. N f3-g1; H-f3", 3, RP_BAD_DROP,
                     "a piece may be brought in only on the square a first-rank piece leaves on its first move "
                     "(f3 is not one)");
    expect_violation("Seirawan Chess", start, "1. N g1-f3; E-g1 1... n g8-f6\n2. P e2-e4 2... p e7-e5\n"
                     "3. B f1-c4; E-f1", 5, RP_BAD_DROP, "White has no elephant in hand to bring in");
    /* A move landing on the opponent's gate closes it, capture or not (a
     * FEN may give a gate with no piece on it): Fairy-Stockfish 11.1. */
    expect_accepted("Seirawan Chess", "4k3/8/8/8/8/8/8/rN2K1NR[He] w Kbg - 0 1",
                    "1. R h1-h7 1... k e8-d8\n2. R h7-g7 2... k d8-e8\n3. R g7-g8",
                    "4k1R1/8/8/8/8/8/8/rN2K1N1[He] b Eb - 5 3");
    /* The piece brought in may not block a check. */
    expect_violation("Seirawan Chess", "4k1nR/8/8/8/8/8/8/4K3[Hh] b g - 0 1", "1... n g8-f6; h-g8", 1,
                     RP_KING_IN_CHECK, "the black king on e8 would be attacked by the rook on h8 (a piece brought "
                     "in may not block a check)");
}

/* ------------------------------------------- palaces, river, cannons */

Test(replay_fairy_resolve, xiangqi_rules_in_words)
{
    expect_violation("Xiangqi", NULL, "1. B c1-e3 1... p a7-a6\n2. B e3-c5 2... p a6-a5\n3. B c5-e7", 5,
                     RP_ILLEGAL_MOVE, "the elephant on c5 cannot reach e7: an elephant must stay on ranks 1 to 5");
    expect_violation("Xiangqi", "4k4/9/9/9/9/9/9/4K4/9/9 w - - 0 1", "1. K e3-e4", 1, RP_ILLEGAL_MOVE,
                     "the general on e3 cannot reach e4: a general must stay within the area d1 to f3");
    expect_violation("Xiangqi", "4k4/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "1. A d1-c2", 1, RP_ILLEGAL_MOVE,
                     "the advisor on d1 cannot reach c2: an advisor must stay within the area d1 to f3");
    expect_violation("Xiangqi", NULL, "1. N b1-c3 1... p a7-a6\n2. N c3-d5", 3, RP_ILLEGAL_MOVE,
                     "the horse on c3 cannot reach d5: the horse is blocked at c4");
    expect_violation("Xiangqi", NULL, "1. C b3-b8", 1, RP_ILLEGAL_MOVE,
                     "the cannon on b3 cannot reach b8: the cannon needs exactly one piece to jump over");
    expect_violation("Xiangqi", NULL, "1. P a4-b4", 1, RP_ILLEGAL_MOVE,
                     "the soldier on a4 cannot reach b4: a soldier may step sideways only from rank 6 on");
    expect_violation("Xiangqi", NULL, "1. K e1-e2 1... k e10-e9\n2. K e2-d2 2... k e9-d9", 4, RP_KING_IN_CHECK,
                     "the two generals would face each other on an open file");
    /* The cannon takes over exactly one piece; passing is no move here. */
    expect_accepted("Xiangqi", NULL, "1. C b3-b10",
                    "rCbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR b - - 0 1");
    expect_violation("Xiangqi", NULL, "1. pass", 1, RP_ILLEGAL_MOVE, "a player cannot pass in Xiangqi");
}

Test(replay_fairy_resolve, janggi_cannons_passes_and_bikjang)
{
    expect_violation("Janggi", NULL, "1. C b3-b10", 1, RP_ILLEGAL_MOVE,
                     "the cannon on b3 cannot reach b10: a cannon cannot jump over a cannon");
    expect_violation("Janggi", NULL, "1. C b3-b5", 1, RP_ILLEGAL_MOVE,
                     "the cannon on b3 cannot reach b5: the cannon needs exactly one piece to jump over");
    /* Two passes end the game; 11.1 counts the material, Black winning a
     * tie. */
    struct rp_report r;
    replay("Janggi", NULL, "1. pass 1... pass", &r, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_BLACK);
    cr_expect_str_eq(r.termination_name, "passes");
    cr_expect_str_eq(r.detail, "material=72-72");
    rp_report_release(&r);
    /* Bikjang: the generals face each other; the reply may only break
     * it or pass, and a pass ends the game. */
    expect_violation("Janggi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "1. K d1-e1 1... k e10-e9", 2,
                     RP_KING_IN_CHECK, "the two generals would face each other on an open file");
    replay("Janggi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "1. K d1-e1 1... pass", &r, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_str_eq(r.termination_name, "bikjang");
    cr_expect_str_eq(r.detail, "material=0-0");
    cr_expect_eq(r.result, RP_RESULT_BLACK);
    rp_report_release(&r);
}

/* A repetition in Xiangqi that is no perpetual check: 11.1 draws it and
 * does not judge chasing, so the game stops undecided; a declared winner
 * stands, and the detail says what to look at. */
Test(replay_fairy_resolve, xiangqi_repetition_is_left_to_review)
{
    const char *moves = "1. R a1-a2 1... r a10-a9\n2. R a2-a1 2... r a9-a10\n"
                        "3. R a1-a2 3... r a10-a9\n4. R a2-a1 4... r a9-a10\n";
    struct rp_report r;
    replay("Xiangqi", NULL, moves, &r, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_DRAW);
    cr_expect_str_eq(r.termination_name, "threefold-repetition");
    cr_expect_str_eq(r.detail, "review=chasing");
    cr_expect_eq(r.turns, 8);
    rp_report_release(&r);
    replay("Xiangqi\nResult: 0-1", NULL, moves, &r, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_BLACK);
    cr_expect_str_eq(r.detail, "review=chasing");
    cr_expect_eq(r.nviolations, 0, "a declared winner is no mismatch");
    rp_report_release(&r);
}

/* ------------------------------------------------- renamed notation */

Test(replay_fairy_resolve, a_definition_renames_coordinates_and_labels)
{
    /* Files lettered from Black's side, ranks 0 to 9, the horse an H and
     * the elephant an E: the moves of Xiangqi's 1. C h3-e3 n h10-g8
     * 2. N h1-g3 b c10-e8 3. B g1-i3 written so. */
    const char *moves = "1. C b2-e2 1... h b9-c7\n2. H b0-c2 2... e g9-e7\n3. E c0-a2";
    struct rp_report r;
    struct last l;
    replay("Xiangqi Renamed", NULL, moves, &r, &l);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s", r.nviolations ? r.violations[0].message : "");
    /* The FEN is Fairy-Stockfish's, whatever the preset calls things. */
    cr_expect_str_eq(l.fen, "rn1akab1r/9/1c2b1nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N1B/9/RNBAKA2R b - - 5 3");
    cr_expect(strstr(l.diagram, "    i  h  g  f  e  d  c  b  a\n") != NULL, "%s", l.diagram);
    cr_expect(strstr(l.diagram, "  0 R  H  E  A  K  A  .  .  R\n") != NULL, "%s", l.diagram);
    rp_report_release(&r);
    /* The shipped names mean nothing there, and messages use the new ones. */
    expect_violation("Xiangqi Renamed", NULL, "1. C h3-e3", 1, RP_NO_PIECE, "there is no piece on h3");
    expect_violation("Xiangqi Renamed", NULL, "1. N b0-c2", 1, RP_WRONG_PIECE, "the piece on b0 is H, not N");
    expect_violation("Xiangqi Renamed", NULL, "1. H b0-c2 1... e g9-g7", 2, RP_ILLEGAL_MOVE,
                     "the elephant on g9 cannot reach g7: that is not an elephant move");
}

/* Makruk's count as the reference build (230826) starts it: a bare king
 * that takes the last pawn counts at once, from the pieces left (a rook:
 * 16 moves, 32 plies; 5 counted, 2 x 3 pieces - 1), where 11.1 waited. */
Test(replay_fairy_resolve, makruk_count_starts_when_a_bare_king_takes_the_last_pawn)
{
    expect_accepted("Makruk", "8/8/4k3/3P4/8/8/8/R3K3 b - - 0 1", "1... k e6-d5", "8/8/8/3k4/8/8/8/R3K3 w - 32 5 2");
}

/* A pawn's two-step push from Horde's first rank gives no en passant
 * square: the reference build's horde takes en passant on the third and
 * sixth ranks only (enPassantRegion), and 11.1 sets none for it; a pawn
 * that takes on the square passed takes nothing.  From the second rank,
 * as in Chess. */
Test(replay_fairy_resolve, horde_first_rank_double_step_gives_no_en_passant)
{
    expect_accepted("Horde", "4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1", "1. P a1-a3", "4k3/8/8/8/8/Pp6/8/4K3 b - - 0 1");
    expect_violation("Horde", "4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1", "1. P a1-a3 1... p b3-a2", 2, RP_ILLEGAL_MOVE,
                     "the pawn on b3 cannot reach a2: there is nothing to capture on a2");
    expect_accepted("Horde", "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", "1. P a2-a4 1... p b4-a3",
                    "4k3/8/8/8/8/p7/8/4K3 w - - 0 2");
}
