/*
 * rp_make and rp_unmake (replay/board.c): the board a move leaves must be
 * the board its squares describe, built again from nothing with
 * rp_board_put (the plain path every other write takes): the same bit
 * sets, the same hash of pieces, side and castling rights, the same
 * kings; the clock reset by a capture or a pawn move; and rp_unmake must
 * give back the board before it, byte for byte.  Every move of random
 * games and of positions chosen for captures, promotions, castling and en
 * passant, so that each of rp_make's paths (a quiet move, a plain capture
 * and make_general) is taken many times.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "replay/movegen.h"
#include "replay/rules.h"
#include "replay/tables.h"

/* The board b's squares, side and rights describe, built by rp_board_put. */
static void rebuilt(const struct rp_board *b, struct rp_board *out)
{
    rp_board_clear(out, b->rules);
    for (int sq = 0; sq < 128; sq++)
        if (!(sq & 0x88) && b->sq[sq])
            rp_board_put(out, (rp_sq)sq, b->sq[sq]);
    if (b->side)
        out->key ^= rp_key_side();
    out->key ^= rp_key_castle(b->castle);
}

static int captures = 0, quiet = 0, other = 0;

/* Make and unmake every legal move of b, checking each as above. */
static void check_moves(struct rp_board *b, const char *where)
{
    struct rp_movelist l;
    l.n = 0;
    rp_gen_legal(b, &l);
    for (size_t i = 0; i < l.n; i++) {
        rp_move m = l.m[i];
        struct rp_board before = *b, fresh;
        rp_piece mover = b->sq[m.from], taken = b->sq[m.to];
        struct rp_undo u;
        rp_make(b, m, &u);
        rebuilt(b, &fresh);
        cr_assert(memcmp(b->bb, fresh.bb, sizeof b->bb) == 0, "%s, move %zu: bit sets", where, i);
        cr_assert_eq(b->key, fresh.key, "%s, move %zu: hash", where, i);
        if (rp_type_of(mover) == RP_KING)
            cr_assert_eq(b->king[rp_colour_of(mover)], fresh.king[rp_colour_of(mover)],
                         "%s, move %zu: king", where, i);
        int reset = taken || (m.flags & RP_MF_EP) || rp_type_of(mover) == RP_PAWN;
        cr_assert_eq(b->halfmove, reset ? 0 : before.halfmove + 1, "%s, move %zu: clock", where,
                     i);
        cr_assert_eq(b->side, !before.side, "%s, move %zu: side", where, i);
        if (m.promo || (m.flags & (RP_MF_CASTLE | RP_MF_EP)))
            other++;
        else if (taken)
            captures++;
        else
            quiet++;
        rp_unmake(b, m, &u);
        cr_assert(memcmp(b, &before, sizeof before) == 0, "%s, move %zu: not undone", where, i);
    }
}

Test(replay_board, make_leaves_the_board_its_squares_describe)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 1",
        "8/8/8/8/1k1Pp3/8/8/3K4 b - d3 0 1",          /* en passant */
        "r1b1k2r/1P4P1/8/8/8/8/1p4p1/R1B1K2R w KQkq - 0 1", /* promotions, some capturing */
        "4k3/8/8/3q4/8/8/4K3/8 w - - 5 9",            /* a king that may take */
    };
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        struct rp_board b;
        cr_assert_eq(rp_board_from_fen(&b, &rp_chess_rules, fens[f]), 0, "bad FEN %s", fens[f]);
        check_moves(&b, fens[f]);
    }
    srand(2811);
    for (int game = 0; game < 60; game++) {
        struct rp_board b;
        cr_assert_eq(rp_board_from_fen(&b, &rp_chess_rules, RP_START_FEN), 0);
        for (int ply = 0; ply < 200; ply++) {
            check_moves(&b, "a random game");
            struct rp_movelist l;
            l.n = 0;
            rp_gen_legal(&b, &l);
            if (!l.n)
                break;
            struct rp_undo u;
            rp_make(&b, l.m[(size_t)rand() % l.n], &u);
        }
    }
    cr_log_info("%d quiet moves, %d plain captures, %d others", quiet, captures, other);
    cr_expect_gt(captures, 10000, "only %d plain captures", captures);
    cr_expect_gt(other, 1000, "only %d castlings, promotions and en passant captures", other);
}
