/*
 * fairy_leaps: Ouk Chatrang's (Cambodian chess's) first-move leaps, the
 * reference build's cambodianMoves (src/movegen.cpp, "Special moves";
 * src/position.cpp, do_move).  A side's gates are the squares its FEN's
 * gating files name on its back rank (Cambodian's "DEde": d1 and e1,
 * d8 and e8); a piece leaves its gate when it moves, and loses it when
 * it is taken there.  While its gate stands:
 *
 * - the king may leap as a knight to one of the two squares of the rank
 *   in front of it (d1-b2, d1-f2), not out of check, never capturing;
 * - a fers (the met) may leap two squares straight forward (e1-e3), over
 *   whatever stands between, never capturing; in check only to block.
 *
 * The king's gate goes too when an enemy rook moves (or is dropped) onto
 * any square of the king's file or rank, whatever stands between: the
 * reference's reading of "the king loses its leap once checked".
 * Definitions without the key never call these (the compiled flag
 * cambodian_moves, tested once a piece and once a move).
 */
#include <stdio.h>
#include <string.h>

#include "replay/fairy_turn.h"
#include "replay/verdict.h"

static void add_leap(struct rp_fmovelist *out, int from, int to, int only)
{
    if ((only >= 0 && to != only) || out->n >= RP_FMAX_MOVES)
        return;
    out->m[out->n++] = rp_fmove_of(from, to, RP_FM_NORMAL);
}

void rp_fgen_leaps(const struct rp_fpos *p, int from, int only, struct rp_fmovelist *out)
{
    int us = p->side, up = us ? -RP_FMB_COLS : RP_FMB_COLS;
    if (!rp_fset_has(&p->gates[us], from))
        return;
    if (from == p->king[us]) {
        if (p->in_check)
            return;
        for (int side = -2; side <= 2; side += 4)
            if (p->b[from + up + side] == 0)
                add_leap(out, from, from + up + side, only);
    } else if (rp_fp_type(p->b[from]) == RP_FTYPE_FERS && p->b[from + 2 * up] == 0) {
        add_leap(out, from, from + 2 * up, only);
    }
}

void rp_fleaps_aimed(struct rp_fpos *p, rp_fmove m)
{
    int them = !p->side, k = p->king[them];
    if (k == RP_FNOSQ || !rp_fset_has(&p->gates[them], k))
        return;
    /* The piece the reference's do_move calls moved: the one dropped, or
     * the one on the from-square; a castling's square is its rook's. */
    int type = m.kind == RP_FM_DROP ? m.type : rp_fp_type(p->b[m.from]);
    int to = m.kind == RP_FM_CASTLE ? p->castle_rook[m.castle] : m.to;
    if (type == RP_FTYPE_ROOK && (rp_ffile(to) == rp_ffile(k) || rp_frank(to) == rp_frank(k)))
        rp_fset_del(&p->gates[them], k);
}

int rp_fexplain_leap(const struct rp_fturn *t, int from, int to, char *why, size_t size)
{
    const struct rp_fpos *p = t->p;
    int us = p->side, dx = rp_ffile(to) - rp_ffile(from), dy = rp_frank(to) - rp_frank(from);
    if (us)
        dx = -dx, dy = -dy;
    int king = from == p->king[us], fers = rp_fp_type(p->b[from]) == RP_FTYPE_FERS;
    if (!(king && (dx == 2 || dx == -2) && dy == 1) && !(fers && !king && dx == 0 && dy == 2))
        return 0;
    char name[RP_FNAME_MAX];
    rp_fturn_piece(t, from, name);
    if (!rp_fset_has(&p->gates[us], from))
        snprintf(why, size, king ? RP_WHY_LEAP_KING_SPENT : RP_WHY_LEAP_SPENT, name);
    else if (p->b[to])
        snprintf(why, size, RP_WHY_LEAP_EMPTY, name);
    else if (king && p->in_check)
        snprintf(why, size, RP_WHY_LEAP_CHECKED, name);
    else
        return 0;
    return 1;
}
