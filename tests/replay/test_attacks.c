/*
 * Attack detection (replay/attacks.c) against a naive reference that
 * asks every piece whether it reaches the square, on positions reached by
 * random legal play; and the board's bit sets against its squares after
 * every make and unmake, since the fast test trusts them.
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "replay/attacks.h"
#include "replay/movegen.h"
#include "replay/rules.h"
#include "replay/variants.h"

/* Does the piece on `from` attack `to`, by geometry and a clear path? */
static int reaches(const struct rp_board *b, int from, int to)
{
    rp_piece p = b->sq[from];
    int df = rp_file((rp_sq)to) - rp_file((rp_sq)from), dr = rp_rank((rp_sq)to) - rp_rank((rp_sq)from);
    int adf = abs(df), adr = abs(dr);
    switch (rp_type_of(p)) {
    case RP_PAWN: return adf == 1 && dr == (rp_colour_of(p) ? -1 : 1);
    case RP_KNIGHT: return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    case RP_KING: return adf <= 1 && adr <= 1 && (adf || adr);
    default: break;
    }
    int line = (df == 0) != (dr == 0), diag = adf == adr && adf;
    int type = rp_type_of(p);
    if (!((line && (type == RP_ROOK || type == RP_QUEEN)) ||
          (diag && (type == RP_BISHOP || type == RP_QUEEN))))
        return 0;
    int step = ((dr > 0) - (dr < 0)) * 16 + ((df > 0) - (df < 0));
    for (int s = from + step; s != to; s += step)
        if (b->sq[s])
            return 0;
    return 1;
}

static int naive_attacked(const struct rp_board *b, int sq, int by)
{
    for (int from = 0; from < 128; from++)
        if (!(from & 0x88) && b->sq[from] && rp_colour_of(b->sq[from]) == by && from != sq &&
            reaches(b, from, sq))
            return 1;
    return 0;
}

static void assert_bits_match(const struct rp_board *b)
{
    uint64_t want[2][8] = {{0}};
    for (int sq = 0; sq < 128; sq++) {
        rp_piece p = b->sq[sq];
        if ((sq & 0x88) || !p)
            continue;
        uint64_t bit = 1ULL << rp_bit_of((rp_sq)sq);
        want[rp_colour_of(p)][0] |= bit;
        want[rp_colour_of(p)][rp_type_of(p)] |= bit;
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 8; t++)
            cr_assert_eq(b->bb[c][t], want[c][t], "bit set %d/%d differs from the squares", c, t);
}

static int compare_all_squares(const struct rp_board *b)
{
    int attacked = 0;
    for (int sq = 0; sq < 128; sq++) {
        if (sq & 0x88)
            continue;
        for (int by = 0; by < 2; by++) {
            int want = naive_attacked(b, sq, by);
            cr_assert_eq(rp_attacked(b, (rp_sq)sq, by), want, "square %#x by %d", sq, by);
            cr_assert_eq(rp_attacker(b, (rp_sq)sq, by) != RP_NO_SQ, want);
            attacked += want;
        }
    }
    return attacked;
}

/* Random legal games from two positions; every position checked whole,
 * and every move also made and unmade to check the bit sets both ways. */
Test(replay_attacks, agrees_with_naive_scan_on_random_play)
{
    static const char *const fens[] = {
        RP_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    };
    srand(12345);
    int positions = 0, attacked = 0;
    for (int game = 0; game < 40; game++) {
        struct rp_board b;
        cr_assert_eq(rp_board_from_fen(&b, &rp_chess_rules, fens[game % 2]), 0);
        for (int ply = 0; ply < 120; ply++) {
            assert_bits_match(&b);
            attacked += compare_all_squares(&b);
            positions++;
            struct rp_movelist l;
            l.n = 0;
            rp_gen_legal(&b, &l);
            if (!l.n)
                break;
            for (size_t i = 0; i < l.n; i++) {
                struct rp_undo u;
                rp_make(&b, l.m[i], &u);
                assert_bits_match(&b);
                rp_unmake(&b, l.m[i], &u);
            }
            assert_bits_match(&b);
            struct rp_undo u;
            rp_make(&b, l.m[(size_t)rand() % l.n], &u);
        }
    }
    cr_expect_gt(positions, 2000, "only %d positions", positions);
    cr_expect_gt(attacked, positions * 10, "too few attacked squares to test anything");
}

/* A knight and a bishop both attack e8: the message names the knight, as
 * the fixed order (pawns, knights and kings, then sliders) always did. */
Test(replay_attacks, attacker_named_in_fixed_order)
{
    struct rp_board b;
    cr_assert_eq(rp_board_from_fen(&b, &rp_chess_rules, "4k3/8/3N4/8/B7/8/8/4K3 b - - 0 1"), 0);
    cr_expect_eq(rp_attacker(&b, rp_square(4, 7), 0), rp_square(3, 5));
    cr_assert_eq(rp_board_from_fen(&b, &rp_chess_rules, "4k3/8/8/8/B7/8/8/4K3 b - - 0 1"), 0);
    cr_expect_eq(rp_attacker(&b, rp_square(4, 7), 0), rp_square(0, 3));
    cr_expect_eq(rp_attacker(&b, rp_square(4, 6), 0), RP_NO_SQ, "e7 is not on a4's diagonal");
    cr_expect(!rp_attacked(&b, RP_NO_SQ, 0), "an off-board square is attacked by nothing");
}
