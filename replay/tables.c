/*
 * tables: the hash keys and attack masks (tables.h), filled once per
 * process under one pthread_once.
 *
 * Hash keys come from a mixing function: a key is a few multiplications
 * on a number naming the part, so the side, castling and en passant keys
 * need no table; the piece keys, asked two or three times a ply, are
 * tabled.  The attack masks are the squares a knight, king or pawn
 * attacks from, the lines a slider could come along, and the squares
 * between two squares (attacks.c says how they are used).
 */
#include "replay/tables.h"

#include <pthread.h>

uint64_t rp_piece_keys[64][64];
struct rp_masks rp_masks;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void fill_keys(void)
{
    for (int p = 1; p < 64; p++)
        for (int i = 0; i < 64; i++)
            rp_piece_keys[p][i] = rp_key_piece((rp_piece)p, rp_sq_of_bit(i));
}

static const int knight_steps[8] = {33, 31, 18, 14, -33, -31, -18, -14};
static const int king_steps[8] = {1, -1, 16, -16, 17, 15, -17, -15};

static uint64_t sq_bit(int sq0x88) { return 1ULL << rp_bit_of((rp_sq)sq0x88); }

static uint64_t step_mask(int from, const int *steps, int n)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        if (rp_on_board(from + steps[i]))
            m |= sq_bit(from + steps[i]);
    return m;
}

/* The ray from `from` along `step`, recording `between` for each square. */
static uint64_t ray(int from, int step)
{
    uint64_t seen = 0;
    for (int t = from + step; rp_on_board(t); t += step) {
        rp_masks.between[rp_bit_of((rp_sq)from)][rp_bit_of((rp_sq)t)] = seen;
        seen |= sq_bit(t);
    }
    return seen;
}

static void fill_masks(void)
{
    static const int pawn_back[2][2] = {{-17, -15}, {15, 17}}; /* White's pawns stand below */
    struct rp_masks *m = &rp_masks;
    for (int i = 0; i < 64; i++) {
        int sq = rp_sq_of_bit(i);
        m->knight[i] = step_mask(sq, knight_steps, 8);
        m->king[i] = step_mask(sq, king_steps, 8);
        m->first_step[RP_KNIGHT][i] = m->knight[i];
        m->first_step[RP_KING][i] = m->king[i];
        m->first_step[RP_QUEEN][i] = m->king[i];
        m->first_step[RP_ROOK][i] = step_mask(sq, king_steps, 4);
        m->first_step[RP_BISHOP][i] = step_mask(sq, king_steps + 4, 4);
        for (int c = 0; c < 2; c++)
            m->pawn_from[c][i] = step_mask(sq, pawn_back[c], 2);
        for (int d = 0; d < 8; d++) {
            uint64_t r = ray(sq, king_steps[d]);
            if (d < 4)
                m->orthogonal[i] |= r;
            else
                m->diagonal[i] |= r;
        }
        m->reach[RP_KNIGHT][i] = m->knight[i];
        m->reach[RP_BISHOP][i] = m->diagonal[i];
        m->reach[RP_ROOK][i] = m->orthogonal[i];
        m->reach[RP_QUEEN][i] = m->orthogonal[i] | m->diagonal[i];
        m->reach[RP_KING][i] = m->king[i];
    }
}

static void fill(void)
{
    fill_keys();
    fill_masks();
}

void rp_tables_ready(void) { pthread_once(&once, fill); }

/* A knight on any square attacks some square: an empty mask is one not
 * yet filled. */
int rp_tables_filled(void) { return rp_masks.knight[0] != 0; }
