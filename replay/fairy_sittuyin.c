/*
 * fairy_sittuyin: Sittuyin's promotion, the reference build's
 * sittuyinPromotion (src/movegen.cpp, "Sittuyin promotions";
 * src/position.cpp, legal and is_optional_game_end).  A pawn never
 * promotes by its own move.  A pawn on a square of its promotion region,
 * or the side's last pawn on any square, may instead become a
 * promotionPieceTypes piece under its promotionLimit, as a move of its
 * own: in place, or by one of the new piece's moves to an empty square.
 * The new piece may attack no enemy piece there (the pawn's square read
 * as empty), and the move may give no check (rp_flegal).  A side with
 * its king and one pawn alone, not in check, whose every legal move is
 * such a promotion, is stalemated.  Definitions without the key never
 * call these (the compiled flag sittuyin_promotion, tested once a pawn).
 */
#include <string.h>

#include "replay/fairy_pos.h"

/* Does a `type` piece of `us` on sq attack an enemy piece of q? */
static int attacks_enemy(const struct rp_fpos *q, int type, int us, int sq)
{
    const struct rp_fdef *d = q->def;
    const struct rp_ftype *ty = &d->types[type];
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int s = rp_fsq(f, r);
            if (!rp_fp_real(q->b[s]) || rp_fp_colour(q->b[s]) == us)
                continue;
            for (int k = 0; k < ty->natoms; k++)
                if ((ty->atoms[k].mode & RP_FA_CAPTURE) && rp_fattack_from(q, type, us, sq, &ty->atoms[k], s))
                    return 1;
        }
    return 0;
}

static void add_promotion(struct rp_fmovelist *out, int from, int to, int type)
{
    for (int i = 0; i < out->n; i++)
        if (out->m[i].kind == RP_FM_PROMOTE && out->m[i].from == from && out->m[i].to == to &&
            out->m[i].type == type)
            return; /* two moves to one square: one promotion */
    if (out->n >= RP_FMAX_MOVES)
        return;
    rp_fmove m = rp_fmove_of(from, to, RP_FM_PROMOTE);
    m.type = (uint8_t)type;
    out->m[out->n++] = m;
}

/* The promotions of the pawn on `from` to `type`: the new piece's moves
 * from there (a copy of the position with it in the pawn's place). */
static void promotions_to(const struct rp_fpos *p, int from, int type, struct rp_fmovelist *out)
{
    struct rp_fpos q = *p;
    struct rp_fmovelist steps;
    int us = p->side;
    q.b[from] = rp_fp_make(type, us);
    steps.n = 0;
    rp_fgen_from(&q, from, &steps);
    q.b[from] = 0;
    if (!attacks_enemy(&q, type, us, from))
        add_promotion(out, from, from, type);
    for (int i = 0; i < steps.n; i++) {
        rp_fmove m = steps.m[i];
        if (m.kind == RP_FM_NORMAL && !m.gate && p->b[m.to] == 0 && !attacks_enemy(&q, type, us, m.to))
            add_promotion(out, from, m.to, type);
    }
}

void rp_fgen_sittuyin(const struct rp_fpos *p, int from, struct rp_fmovelist *out)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    if (p->count[us][d->pawn] > 1 && !rp_fset_has(&d->promotion_zone[us], from))
        return;
    for (int i = d->ntypes - 1; i >= 0; i--) {
        int t = d->present[i];
        if ((d->promotion_types[us] >> t & 1) &&
            (!d->types[t].promotion_limit || d->types[t].promotion_limit > p->count[us][t]))
            promotions_to(p, from, t, out);
    }
}

int rp_fsittuyin_stalemate(const struct rp_fpos *p)
{
    const struct rp_fdef *d = p->def;
    int n = 0;
    for (int i = 0; i < d->ntypes; i++)
        n += p->count[p->side][d->present[i]];
    if (n != 2 || d->pawn < 0 || p->count[p->side][d->pawn] != 1 || p->in_check)
        return 0;
    struct rp_fmovelist l;
    rp_fgen_legal(p, &l);
    for (int i = 0; i < l.n; i++)
        if (l.m[i].kind != RP_FM_PROMOTE)
            return 0;
    return 1;
}
