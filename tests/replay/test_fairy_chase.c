/*
 * The reference build's (ffish 0.7.10) rules of repeated moves:
 * Xiangqi's chasing rule (chasingRule = axf), where the side whose move
 * attacked the same unprotected piece (or a stronger one) all through a
 * repetition's cycle loses, and Kakao Janggi's back and forth
 * (moveRepetitionIllegal), where the side that moves one piece back and
 * forth the fifth time loses.  Each game is played on the built-in
 * Xiangqi ([xq:xiangqi]) or janggimodern ([jm:janggimodern]) and its end
 * is ffish's for the same moves (Board.result(true) after each ply: the
 * expected values below were taken from it).
 */
#include <criterion/criterion.h>
#include <stdio.h>

#include "replay/fairy.h"
#include "replay/replay.h"
#include "tests/support/definitions.h"
#include "tests/support/support.h"

static void setup(void)
{
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin");
    ts_defs_load_text("[xq:xiangqi]\n[xq-nochase:xiangqi]\nchasingRule = none\n"
                      "[jm:janggimodern]\n[jm-free:janggimodern]\nmoveRepetitionIllegal = false\n"
                      "[kmp:knightmate]\nperpetualCheckIllegal = true\n"
                      "[kmp-count:knightmate]\nperpetualCheckIllegal = true\nmaterialCounting = janggi\n"
                      "[rep-loss:chess]\nnFoldValue = loss\n"
                      "[rep-loss-ladder:chess]\nnFoldValue = loss\ngcMoveRuleEnd = 50\ngcRepetitionEnd = 4\n");
}

static void teardown(void)
{
    rp_defs_reset();
    rp_defs_builtin_dir(NULL);
}

TestSuite(replay_fairy_chase, .init = setup, .fini = teardown);

static void expect_end_at(const char *game, const char *fen, const char *moves, int turns,
                          enum rp_result result, const char *termination)
{
    char text[1024];
    snprintf(text, sizeof text, "Game: %s\nFEN: %s\n\n%s\n", game, fen, moves);
    struct rp_report r;
    ts_replay_text(text, &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s", text);
    cr_expect_eq(r.turns, turns, "%s: %d turns", text, r.turns);
    cr_expect_eq(r.result, result, "%s: result %d, not %d", text, r.result, result);
    cr_expect_str_eq(r.termination_name, termination, "%s", text);
    cr_expect_str_eq(r.detail, "");
    rp_report_release(&r);
}

/* A cycle of eight turns. */
static void expect_end(const char *game, const char *fen, const char *moves, enum rp_result result,
                       const char *termination)
{
    expect_end_at(game, fen, moves, 8, result, termination);
}

/* A rook follows an unprotected cannon from file to file: the third
 * occurrence ends the game, lost by the chaser, White or Black. */
Test(replay_fairy_chase, the_side_that_chases_an_unprotected_piece_loses)
{
    const char *fen = "5k3/9/1c7/9/9/9/9/9/R8/3K5 w - - 0 1";
    const char *moves = "1. R a2-b2 1... c b8-a8 2. R b2-a2 2... c a8-b8\n"
                        "3. R a2-b2 3... c b8-a8 4. R b2-a2 4... c a8-b8";
    expect_end("xq", fen, moves, RP_RESULT_BLACK, "perpetual-chase");
    /* Without the key the same cycle is a plain repetition, drawn. */
    expect_end("xq-nochase", fen, moves, RP_RESULT_DRAW, "threefold-repetition");
    expect_end("xq", "3k5/r8/9/9/9/9/9/1C7/9/5K3 b - - 0 1",
               "1... r a9-b9 2. C b3-a3 2... r b9-a9 3. C a3-b3\n"
               "3... r a9-b9 4. C b3-a3 4... r b9-a9 5. C a3-b3",
               RP_RESULT_WHITE, "perpetual-chase");
}

/* A horse attacks a rook, a stronger piece, protected or not. */
Test(replay_fairy_chase, a_horse_chasing_a_protected_rook_loses)
{
    expect_end("xq", "r4k3/9/r8/9/9/1N7/9/9/9/3K5 w - - 0 1",
               "1. N b5-c7 1... r a8-a7 2. N c7-b5 2... r a7-a8\n"
               "3. N b5-c7 3... r a8-a7 4. N c7-b5 4... r a7-a8",
               RP_RESULT_BLACK, "perpetual-chase");
}

/* No chase: a rook attacking a protected cannon, and a horse that
 * attacks a rook every other move only. */
Test(replay_fairy_chase, a_protected_piece_or_an_attack_now_and_then_is_no_chase)
{
    expect_end("xq", "5k3/9/1c6r/9/9/9/9/9/R8/3K5 w - - 0 1",
               "1. R a2-b2 1... c b8-a8 2. R b2-a2 2... c a8-b8\n"
               "3. R a2-b2 3... c b8-a8 4. R b2-a2 4... c a8-b8",
               RP_RESULT_DRAW, "threefold-repetition");
    expect_end("xq", "r4k3/9/r8/9/9/1N7/9/9/9/3K5 w - - 0 1",
               "1. N b5-c7 1... k f10-f9 2. N c7-b5 2... k f9-f10\n"
               "3. N b5-c7 3... k f10-f9 4. N c7-b5 4... k f9-f10",
               RP_RESULT_DRAW, "threefold-repetition");
}

/* Eleven checks by White since the last capture: the move rule's draw
 * comes two plies late (ffish: none at the 100th ply of the count, the
 * draw at the 102nd); without the key, at the 100th. */
Test(replay_fairy_chase, checks_past_ten_lengthen_the_move_rule)
{
    const char *fen = "4k4/9/9/9/9/9/9/9/R7R/3K5 w - - 78 40";
    const char *moves = "40. R a2-e2 40... k e10-f10 41. R e2-f2 41... k f10-e10 42. R f2-f10 42... k e10-e9\n"
                        "43. R f10-f9 43... k e9-e8 44. R f9-f8 44... k e8-e9 45. R i2-i9 45... k e9-e10\n"
                        "46. R f8-e8 46... k e10-f10 47. R i9-i10 47... k f10-f9 48. R e8-f8 48... k f9-e9\n"
                        "49. R f8-f9 49... k e9-e8 50. R f9-e9 50... k e8-f8";
    char all[1024];
    snprintf(all, sizeof all, "%s\n51. R e9-e1 51... k f8-f9", moves);
    expect_end_at("xq-nochase", fen, moves, 22, RP_RESULT_DRAW, "fifty-moves");
    expect_end_at("xq", fen, moves, 22, RP_RESULT_NONE, "unfinished");
    expect_end_at("xq", fen, all, 24, RP_RESULT_DRAW, "fifty-moves");
}

/* ---------------------------------------------- moveRepetitionIllegal */

#define JANGGI "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"

/* White's chariot a1-a2 and back, twice, Black's soldiers elsewhere. */
#define FOUR_BACK "1. R a1-a2 1... p a7-b7 2. R a2-a1 2... p i7-h7\n3. R a1-a2 3... p c7-d7 4. R a2-a1 4... p g7-f7"

/* The chariot's fifth move loses (ffish: 0-1 after the ninth ply); the
 * four before do not, nor the fifth without the key. */
Test(replay_fairy_chase, the_fifth_move_back_and_forth_loses)
{
    expect_end_at("jm", JANGGI, FOUR_BACK, 8, RP_RESULT_NONE, "unfinished");
    expect_end_at("jm", JANGGI, FOUR_BACK "\n5. R a1-a2", 9, RP_RESULT_BLACK, "move-repetition");
    expect_end_at("jm-free", JANGGI, FOUR_BACK "\n5. R a1-a2", 9, RP_RESULT_NONE, "unfinished");
}

/* A pass of the same side may stand for one move back (ffish: 0-1 after
 * the eleventh ply, none after the ninth). */
Test(replay_fairy_chase, a_pass_stands_for_a_move_back)
{
    expect_end_at("jm", JANGGI, FOUR_BACK "\n5. pass 5... p b7-b6", 10, RP_RESULT_NONE, "unfinished");
    expect_end_at("jm", JANGGI, FOUR_BACK "\n5. pass 5... p b7-b6\n6. R a1-a2", 11, RP_RESULT_BLACK,
                  "move-repetition");
}

/* Both sides check all through the cycle (Knightmate's kings, which move
 * as knights, each step discovering a rook's or the bishop's check on the
 * other): ffish draws at the third occurrence, and with materialCounting
 * counts the material (janggi: 1-0 here); Fairy-Stockfish 11.1 gives the
 * side to move the win. */
Test(replay_fairy_chase, a_mutual_perpetual_check_is_a_draw)
{
    const char *fen = "8/6b1/8/R7/8/R1Kk4/8/3r4 w - - 0 1";
    const char *moves = "1. K c3-d5 1... k d3-e5 2. K d5-c3 2... k e5-d3\n"
                        "3. K c3-d5 3... k d3-e5 4. K d5-c3 4... k e5-d3";
    expect_end("kmp", fen, moves, RP_RESULT_DRAW, "perpetual-check");
    char text[512];
    snprintf(text, sizeof text, "Game: kmp-count\nFEN: %s\n\n%s\n", fen, moves);
    struct rp_report r;
    ts_replay_text(text, &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.turns, 8);
    cr_expect_eq(r.result, RP_RESULT_WHITE, "result %d", r.result);
    cr_expect_str_eq(r.termination_name, "perpetual-check");
    cr_expect_str_eq(r.detail, "material=26-13");
    rp_report_release(&r);
}

/* A third occurrence on the ply that completes fifty moves: ffish 0.7.10
 * draws by the move rule (judged first), where the repetition alone
 * (clock 80) loses for the side to move (nFoldValue = loss). */
Test(replay_fairy_chase, the_move_rule_is_judged_before_a_repetition_on_the_same_ply)
{
    const char *moves = "1. N g1-f3 1... k e8-d8 2. N f3-g1 2... k d8-e8\n"
                        "3. N g1-f3 3... k e8-d8 4. N f3-g1 4... k d8-e8";
    expect_end("rep-loss", "4k3/8/8/p7/P7/8/8/4K1N1 w - - 92 1", moves, RP_RESULT_DRAW,
               "fifty-moves");
    expect_end("rep-loss", "4k3/8/8/p7/P7/8/8/4K1N1 w - - 80 1", moves, RP_RESULT_BLACK,
               "threefold-repetition");
}

/* Where gcRepetitionEnd sets an end later than the reference's, docs/rules.md's
 * order holds: the repetition first (here the fourth occurrence, twelve
 * plies, on the ply that completes fifty moves). */
Test(replay_fairy_chase, a_later_gc_end_keeps_the_repetition_first)
{
    const char *moves = "1. N g1-f3 1... k e8-d8 2. N f3-g1 2... k d8-e8\n"
                        "3. N g1-f3 3... k e8-d8 4. N f3-g1 4... k d8-e8\n"
                        "5. N g1-f3 5... k e8-d8 6. N f3-g1 6... k d8-e8";
    expect_end_at("rep-loss-ladder", "4k3/8/8/p7/P7/8/8/4K1N1 w - - 88 1", moves, 12,
                  RP_RESULT_BLACK, "fourfold-repetition");
}
