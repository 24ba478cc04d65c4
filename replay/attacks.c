/*
 * attacks: is a square attacked, and by which piece.
 *
 * The question is asked two or three times a ply (is the mover's king
 * safe, has the side to move a legal move), nearly always answered "no",
 * and a scan of the eight rays from the square paid for every "no".  The
 * board's bit sets answer it with a handful of masks instead: the squares
 * a knight, king or pawn would attack from, the lines a slider could come
 * along, and the squares between two squares, which must be empty.
 *
 * Which attacker is named only matters when there is one, for a message;
 * that keeps the old fixed-order scan, so no message changes.
 *
 * The masks are tables.c's, filled once per process before any board
 * exists.
 */
#include "replay/attacks.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const int knight_steps[8] = {33, 31, 18, 14, -33, -31, -18, -14};
static const int king_steps[8] = {1, -1, 16, -16, 17, 15, -17, -15};

/* Every board starts in rp_board_clear, which readies the tables: the
 * attack tests, asked several times a ply, need no call of their own. */
static void masks_ready(void) { assert(rp_tables_filled()); }

int rp_attacked(const struct rp_board *b, rp_sq sq, int by)
{
    return rp_attacked_vacated(b, sq, by, 0);
}

#ifndef NDEBUG
/* Do the bit sets say what the squares say?  Checked on every attack test
 * in debug builds (the sanitizer suite and the fuzzers), so that a write
 * to a square that bypassed rp_board_set cannot go unseen. */
static int bits_match(const struct rp_board *b)
{
    uint64_t want[2][8] = {{0}};
    for (int i = 0; i < 64; i++) {
        rp_piece p = b->sq[rp_sq_of_bit(i)];
        if (p) {
            want[rp_colour_of(p)][0] |= 1ULL << i;
            want[rp_colour_of(p)][rp_type_of(p)] |= 1ULL << i;
        }
    }
    return memcmp(want, b->bb, sizeof want) == 0;
}
#endif

/* Is bit square i attacked by `by`'s pieces, less those on `gone`, with
 * `occupied` the squares that block a slider? */
static int attacked_with(const struct rp_board *b, int i, int by, uint64_t occupied, uint64_t gone)
{
    const uint64_t *p = b->bb[by];
    if (((rp_masks.pawn_from[by][i] & p[RP_PAWN]) | (rp_masks.knight[i] & p[RP_KNIGHT]) |
         (rp_masks.king[i] & p[RP_KING])) & ~gone)
        return 1;
    uint64_t sliders = ((rp_masks.orthogonal[i] & (p[RP_ROOK] | p[RP_QUEEN])) |
                        (rp_masks.diagonal[i] & (p[RP_BISHOP] | p[RP_QUEEN]))) & ~gone;
    for (; sliders; sliders &= sliders - 1)
        if (!(rp_masks.between[i][__builtin_ctzll(sliders)] & occupied))
            return 1;
    return 0;
}

int rp_attacked_vacated(const struct rp_board *b, rp_sq sq, int by, uint64_t vacated)
{
    assert(bits_match(b));
    if (sq & 0x88)
        return 0;
    masks_ready();
    return attacked_with(b, rp_bit_of(sq), by, (b->bb[0][0] | b->bb[1][0]) & ~vacated, 0);
}

int rp_attacked_after(const struct rp_board *b, rp_sq sq, int by, rp_sq from, rp_sq to)
{
    assert(bits_match(b));
    if ((sq | from | to) & 0x88)
        return 0;
    masks_ready();
    uint64_t left = 1ULL << rp_bit_of(from), taken = 1ULL << rp_bit_of(to);
    uint64_t occupied = ((b->bb[0][0] | b->bb[1][0]) & ~left) | taken;
    return attacked_with(b, rp_bit_of(sq), by, occupied, taken);
}

uint64_t rp_first_steps(rp_sq sq, int type)
{
    masks_ready();
    return (sq & 0x88) || type < RP_KNIGHT || type > RP_KING ? 0 : rp_masks.first_step[type][rp_bit_of(sq)];
}

int rp_piece_reaches(const struct rp_board *b, rp_sq from, rp_sq to, int type)
{
    masks_ready();
    if ((from & 0x88) || (to & 0x88) || type < RP_KNIGHT || type > RP_KING)
        return 0;
    /* A leaper's squares have nothing between them and it: one test for
     * all five, no branch on the type to mispredict. */
    int i = rp_bit_of(from), j = rp_bit_of(to);
    return ((rp_masks.reach[type][i] >> j) & 1) &&
           !(rp_masks.between[i][j] & (b->bb[0][0] | b->bb[1][0]));
}

int rp_aligned(rp_sq a, rp_sq b)
{
    masks_ready();
    if ((a & 0x88) || (b & 0x88))
        return 0;
    int i = rp_bit_of(a);
    return (((rp_masks.orthogonal[i] | rp_masks.diagonal[i]) >> rp_bit_of(b)) & 1) != 0;
}

/* ------------------------------------------------ naming the attacker */

/* First piece met from sq along step, or RP_NO_SQ. */
static rp_sq ray_hit(const struct rp_board *b, rp_sq sq, int step)
{
    for (int t = sq + step; rp_on_board(t); t += step)
        if (b->sq[t])
            return (rp_sq)t;
    return RP_NO_SQ;
}

static rp_sq slider_attacker(const struct rp_board *b, rp_sq sq, int by)
{
    for (int i = 0; i < 8; i++) {
        rp_sq hit = ray_hit(b, sq, king_steps[i]);
        if (hit == RP_NO_SQ || rp_colour_of(b->sq[hit]) != by)
            continue;
        int t = rp_type_of(b->sq[hit]);
        int diagonal = i >= 4;
        if (t == RP_QUEEN || t == (diagonal ? RP_BISHOP : RP_ROOK))
            return hit;
    }
    return RP_NO_SQ;
}

rp_sq rp_attacker(const struct rp_board *b, rp_sq sq, int by)
{
    if (!rp_attacked(b, sq, by))
        return RP_NO_SQ;
    int pawn_from = by ? 16 : -16; /* pawns attack forward, so look backward */
    for (int dx = -1; dx <= 1; dx += 2)
        if (rp_piece_at(b, sq + pawn_from + dx, RP_PAWN, by))
            return (rp_sq)(sq + pawn_from + dx);
    for (int i = 0; i < 8; i++) {
        if (rp_piece_at(b, sq + knight_steps[i], RP_KNIGHT, by))
            return (rp_sq)(sq + knight_steps[i]);
        if (rp_piece_at(b, sq + king_steps[i], RP_KING, by))
            return (rp_sq)(sq + king_steps[i]);
    }
    return slider_attacker(b, sq, by);
}

int rp_in_check(const struct rp_board *b, int colour)
{
    rp_sq k = rp_find_king(b, colour);
    return k != RP_NO_SQ && rp_attacked(b, k, !colour);
}
