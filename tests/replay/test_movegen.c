/*
 * Move generation details the perft counts do not see: rp_gen_from_to,
 * which resolves a played move by geometry for knights and sliders, must
 * give exactly the moves of rp_gen_from that go to the square, in order,
 * and rp_plain_move the first of them whenever it is an ordinary move.
 * Checked for every from-to pair of every perft.tsv position and of every
 * position one legal move after it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/movegen.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/support.h"

static int same_moves(const struct rp_movelist *a, const struct rp_movelist *b)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (memcmp(&a->m[i], &b->m[i], sizeof a->m[i]) != 0)
            return 0;
    return 1;
}

/* rp_plain_move finds the generator's first move to the square exactly
 * when that move is an ordinary one (the resolver then skips the list). */
static void check_plain(const struct rp_board *b, rp_sq from, rp_sq to, const struct rp_movelist *want)
{
    rp_move m = rp_plain_move(b, from, to);
    int plain = !rp_move_none(m);
    int special = RP_MF_PROMO | RP_MF_CASTLE | RP_MF_EP;
    int expect = want->n > 0 && !(want->m[0].flags & special);
    cr_assert_eq(plain, expect, "from %#x to %#x: plain move %d, expected %d", from, to, plain, expect);
    if (plain)
        cr_assert(memcmp(&m, &want->m[0], sizeof m) == 0, "from %#x to %#x: another move", from, to);
    else
        cr_assert(m.from == from && m.to == from, "from %#x to %#x: no move is one to itself", from, to);
}

/* Every from-to pair of one position; returns how many had a move. */
static int compare_position(const struct rp_board *b)
{
    int found = 0;
    for (int from = 0; from < 128; from++) {
        if (from & 0x88)
            continue;
        struct rp_movelist all;
        all.n = 0;
        rp_gen_from(b, (rp_sq)from, &all);
        for (int to = 0; to < 128; to++) {
            struct rp_movelist want, got;
            want.n = got.n = 0;
            for (size_t i = 0; i < all.n; i++)
                if (all.m[i].to == to)
                    want.m[want.n++] = all.m[i];
            rp_gen_from_to(b, (rp_sq)from, (rp_sq)to, &got);
            cr_assert(same_moves(&want, &got), "from %#x to %#x: %zu moves, expected %zu", from,
                      to, got.n, want.n);
            check_plain(b, (rp_sq)from, (rp_sq)to, &want);
            found += want.n > 0;
        }
    }
    return found;
}

Test(replay_movegen, gen_from_to_matches_gen_from)
{
    size_t len;
    char *tsv = ts_read_file(GC_FIXTURES "/perft.tsv", &len);
    cr_assert_not_null(tsv, "perft.tsv is missing");
    int positions = 0, found = 0;
    char *save = NULL;
    for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[32], fen[128];
        if (sscanf(line, "%31[^\t]\t%127[^\t]", name, fen) != 2 || strcmp(name, "chess") != 0)
            continue;
        struct rp_board b;
        if (rp_board_from_fen(&b, &rp_chess_rules, fen) != 0)
            continue;
        found += compare_position(&b);
        struct rp_movelist l;
        l.n = 0;
        rp_gen_legal(&b, &l);
        for (size_t i = 0; i < l.n; i++) {
            struct rp_undo u;
            rp_make(&b, l.m[i], &u);
            found += compare_position(&b);
            rp_unmake(&b, l.m[i], &u);
            positions++;
        }
    }
    free(tsv);
    cr_expect_gt(positions, 100, "only %d positions", positions);
    cr_expect_gt(found, positions * 10, "too few moves found to test anything");
}

static int legal_count(struct rp_board *b)
{
    struct rp_movelist l;
    l.n = 0;
    rp_gen_legal(b, &l);
    return (int)l.n;
}

/* rp_has_legal_move decides most positions from the squares around the
 * pieces; the full generator is the reference.  Random games to their
 * end (mates and stalemates included), with a few positions where only a
 * pinned piece, an en passant capture or a promotion could move. */
Test(replay_movegen, has_legal_move_matches_generator)
{
    static const char *const fens[] = {
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",            /* stalemate */
        "k7/P7/1K6/8/8/8/8/8 b - - 0 1",             /* stalemate by a pawn */
        "4k3/8/8/8/8/8/4r3/4K2R w - - 0 1",          /* only the king can move */
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",         /* en passant would expose the king */
        "8/8/8/8/1k1Pp3/8/8/3K4 b - d3 0 1",         /* only en passant and the king */
        "6k1/5P2/6K1/8/8/8/8/8 w - - 0 1",           /* promotions */
        "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",         /* a pinned bishop */
        "rr5k/8/8/8/8/8/B7/K7 w - - 0 1",            /* stalemate: the bishop is pinned */
        "k7/2K5/1P6/8/3Pp3/4B3/8/8 b - d3 0 1",      /* en passant is the only move */
        "kr6/5P2/8/8/8/8/1r6/K7 w - - 0 1",          /* promoting is the only move */
        "4k3/8/8/b7/8/8/3R4/4K3 w - - 0 1",          /* a pinned rook */
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    };
    int positions = 0, without = 0;
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        struct rp_board b;
        cr_assert_eq(rp_board_from_fen(&b, &rp_chess_rules, fens[f]), 0, "bad FEN %s", fens[f]);
        cr_expect_eq(rp_has_legal_move(&b), legal_count(&b) > 0, "%s", fens[f]);
    }
    srand(4242);
    for (int game = 0; game < 300; game++) {
        struct rp_board b;
        cr_assert_eq(rp_board_from_fen(&b, &rp_chess_rules, RP_START_FEN), 0);
        for (int ply = 0; ply < 300; ply++) {
            int n = legal_count(&b);
            cr_assert_eq(rp_has_legal_move(&b), n > 0, "game %d ply %d", game, ply);
            positions++;
            if (!n) {
                without++;
                break;
            }
            struct rp_movelist l;
            l.n = 0;
            rp_gen_legal(&b, &l);
            struct rp_undo u;
            rp_make(&b, l.m[(size_t)rand() % l.n], &u);
        }
    }
    cr_log_info("%d positions, %d without a move", positions, without);
    cr_expect_gt(positions, 20000, "only %d positions", positions);
    cr_expect_gt(without, 5, "only %d games reached mate or stalemate", without);
}
