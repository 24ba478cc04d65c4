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
 * to the hand, a piece the FEN writes with its base (Shogi's +P and +L:
 * a tokin is not a promoted lance, and neither is a gold).  A piece
 * promoted as Chess promotes (Crazyhouse's Q~, or a queen under dropLoop,
 * which the FEN writes Q) is keyed as the queen it is: the reference build
 * counts a repetition across such a swap (ffish: R~ and R changing
 * squares three times is a draw in crazyhouse, chessgi and loop), as
 * FIDE's "same position" does, and under dropLoop the FEN has no mark to
 * tell them apart by. */
static int key_base(const struct rp_fpos *p, int type, int unpromoted)
{
    const struct rp_fdef *d = p->def;
    if (!d->captures_to_hand || !unpromoted || unpromoted == RP_FPROMOTED_NO_BASE)
        return 0;
    return d->types[unpromoted - 1].promoted == type ? unpromoted : 0;
}

void rp_fpos_put(struct rp_fpos *p, int sq, int type, int colour, int unpromoted)
{
    p->b[sq] = rp_fp_make(type, colour);
    p->unpromoted[sq] = (uint8_t)unpromoted;
    p->count[colour][type]++;
    p->live[colour] |= (uint64_t)1 << type;
    p->key_board ^= rp_fpiece_key(p->b[sq], key_base(p, type, unpromoted), sq);
    if (type == p->def->king)
        p->king[colour] = sq;
}

void rp_fpos_take(struct rp_fpos *p, int sq)
{
    rp_fpiece pc = p->b[sq];
    int t = rp_fp_type(pc), c = rp_fp_colour(pc);
    if (--p->count[c][t] == 0)
        p->live[c] &= ~((uint64_t)1 << t);
    p->key_board ^= rp_fpiece_key(pc, key_base(p, t, p->unpromoted[sq]), sq);
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
