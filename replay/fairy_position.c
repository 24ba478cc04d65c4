/*
 * fairy_position: a defined variant's position kept in step with its
 * pieces: a piece put on or taken off a square updates the counts, the
 * types alive, the kings' squares and the pieces' part of the repetition
 * key; and what the placement alone says (the generals facing each other,
 * Janggi's bikjang).  The lowest layer of the engine: FEN reading and
 * making moves both stand on it.
 */
#include "replay/fairy_pos.h"

/* A promoted piece's base, where it counts in the key: where captures go
 * to the hand, what a captured piece becomes there (Shogi's +P and +L,
 * Crazyhouse's Q~), as the FEN shows it; elsewhere a promoted queen is a
 * queen. */
static int key_base(const struct rp_fpos *p, int unpromoted)
{
    return p->def->captures_to_hand ? unpromoted : 0;
}

void rp_fpos_put(struct rp_fpos *p, int sq, int type, int colour, int unpromoted)
{
    p->b[sq] = rp_fp_make(type, colour);
    p->unpromoted[sq] = (uint8_t)unpromoted;
    p->count[colour][type]++;
    p->live[colour] |= (uint64_t)1 << type;
    p->key_board ^= rp_fpiece_key(p->b[sq], key_base(p, unpromoted), sq);
    if (type == p->def->king)
        p->king[colour] = sq;
}

void rp_fpos_take(struct rp_fpos *p, int sq)
{
    rp_fpiece pc = p->b[sq];
    int t = rp_fp_type(pc), c = rp_fp_colour(pc);
    if (--p->count[c][t] == 0)
        p->live[c] &= ~((uint64_t)1 << t);
    p->key_board ^= rp_fpiece_key(pc, key_base(p, p->unpromoted[sq]), sq);
    if (t == p->def->king && p->king[c] == sq)
        p->king[c] = RP_FNOSQ;
    p->b[sq] = 0;
    p->unpromoted[sq] = 0;
}

uint64_t rp_fcastle_key(const struct rp_fpos *p)
{
    uint64_t k = 0;
    if (p->castle_rights) {
        k ^= rp_fmix(0x200000ULL | (uint64_t)p->castle_rights);
        for (int idx = 0; idx < 4; idx++)
            if (p->castle_rights >> idx & 1)
                k ^= rp_fmix(0x300000ULL | (uint64_t)idx << 12 | (uint64_t)p->castle_rook[idx]);
    }
    return k;
}

int rp_fkings_face(const struct rp_fpos *p, int k, int o, int empty)
{
    int step, on;
    if (k == RP_FNOSQ || o == RP_FNOSQ || k == o)
        return 0;
    if (rp_ffile(k) == rp_ffile(o))
        step = RP_FMB_COLS, on = RP_FACE_FILE;
    else if (rp_frank(k) == rp_frank(o))
        step = 1, on = RP_FACE_RANK;
    else
        return 0;
    if (o < k)
        step = -step;
    for (int s = k + step; s != o; s += step)
        if (s != empty && p->b[s])
            return 0;
    return on;
}

int rp_fbikjang(const struct rp_fpos *p)
{
    return p->def->bikjang && rp_fkings_face(p, p->king[p->side], p->king[!p->side], -1) != 0;
}
