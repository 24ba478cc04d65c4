/*
 * The reference build, ffish 0.7.10 (Fairy-Stockfish 230826), as the
 * suite drives it (tests/support/ffish.h, tests/ffish/uci.js): the pinned
 * build answers, counts leaves as published, reports the end of a game
 * and its result, refuses a variant it does not know, and loads a
 * definition file.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/ffish.h"
#include "tests/support/support.h"
#include "tests/support/uci.h"

#define TIMEOUT_MS 60000

TestSuite(replay_ffish_reference, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* Leaf counts published for these positions (the Chess Programming
 * Wiki's perft results; Shogi's and Xiangqi's from their engines'
 * documentation), counted here by the harness's recursion over ffish's
 * legal moves. */
Test(replay_ffish_reference, perft_agrees_with_published_counts)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    static const struct {
        const char *variant, *fen;
        int depth;
        uint64_t nodes;
    } rows[] = {
        {"chess", NULL, 3, 8902},
        {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039},
        {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
        {"shogi", NULL, 3, 25470},
        {"xiangqi", NULL, 3, 79666},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ts_uci_send(u, "setoption name UCI_Variant value %s", rows[i].variant);
        uint64_t got = ts_uci_perft(u, rows[i].fen, rows[i].depth);
        cr_expect_eq(got, rows[i].nodes, "%s %s depth %d: %" PRIu64 " leaves, not %" PRIu64, rows[i].variant,
                     rows[i].fen ? rows[i].fen : "startpos", rows[i].depth, got, rows[i].nodes);
    }
    ts_uci_quit(u);
}

Test(replay_ffish_reference, a_mate_ends_the_game_with_its_result)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    ts_uci_send(u, "setoption name UCI_Variant value chess");
    const char *before = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1";
    const char *mate[] = {"f7g7"};
    struct ts_uci_result r;
    int v;
    ts_uci_position(u, before, NULL, 0);
    cr_assert_eq(ts_uci_go(u, "go depth 1", &r), 0);
    cr_expect_str_eq(r.bestmove, "f7g7", "the one-ply player takes the mate in one");
    cr_expect_eq(ts_uci_score(&r, &v), 1);
    cr_expect_eq(v, 1);
    ts_uci_position(u, before, mate, 1);
    char fen[256], result[16];
    int check = 0;
    cr_assert_eq(ts_uci_show(u, fen, sizeof fen, &check), 0);
    cr_expect_str_eq(fen, "7k/6Q1/6K1/8/8/8/8/8 b - - 1 1");
    cr_expect_eq(check, 1);
    cr_assert_eq(ts_ffish_result(u, result, sizeof result), 0);
    cr_expect_str_eq(result, "1-0");
    cr_assert_eq(ts_uci_go(u, "go depth 1", &r), 0);
    cr_expect_str_eq(r.bestmove, "(none)");
    cr_expect_str_eq(r.score, "mate 0");
    /* A stalemate: over, drawn. */
    ts_uci_position(u, "7k/8/6QK/8/8/8/8/8 b - - 0 1", NULL, 0);
    cr_assert_eq(ts_uci_go(u, "go depth 1", &r), 0);
    cr_expect_str_eq(r.bestmove, "(none)");
    cr_expect_str_eq(r.score, "cp 0");
    cr_assert_eq(ts_ffish_result(u, result, sizeof result), 0);
    cr_expect_str_eq(result, "1/2-1/2");
    /* A game that goes on. */
    ts_uci_position(u, NULL, NULL, 0);
    cr_assert_eq(ts_ffish_result(u, result, sizeof result), 0);
    cr_expect_str_eq(result, "*");
    ts_uci_quit(u);
}

Test(replay_ffish_reference, loads_a_definition_file_and_refuses_unknown_variants)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    char *ini = ts_fmt("%s/mini.ini", ts_scratch);
    const char *text = "[mini-chess]\nmaxFile = 5\nmaxRank = 5\npawn = p\nrook = r\nking = k\n"
                       "startFen = rpk2/5/5/5/2KPR w - - 0 1\npromotionRank = 5\npromotionPieceTypes = r\n"
                       "doubleStep = false\ncastling = false\n";
    cr_assert_eq(ts_write_file(ini, text, strlen(text)), 0);
    cr_expect_eq(ts_uci_variant(u, ini, "nosuchvariant"), -1);
    cr_assert_eq(ts_uci_variant(u, ini, "mini-chess"), 0);
    ts_uci_position(u, NULL, NULL, 0);
    char fen[256];
    cr_assert_eq(ts_uci_show(u, fen, sizeof fen, NULL), 0);
    cr_expect_str_eq(fen, "rpk2/5/5/5/2KPR w - - 0 1");
    char moves[64][16];
    /* King c1 to b1, b2, c2 or d2; the pawn d1-d2 (no double step); the
     * rook e1 to e2, e3, e4 or e5. */
    cr_expect_eq(ts_uci_legal_moves(u, moves, 64), 9);
    /* A name not loaded is unknown after loading too, and the engine
     * still answers. */
    cr_expect_eq(ts_uci_variant(u, ini, "chess-not-loaded"), -1);
    cr_assert_eq(ts_uci_variant(u, ini, "chess"), 0);
    cr_expect_eq(ts_uci_perft(u, NULL, 2), 400);
    free(ini);
    ts_uci_quit(u);
}
