/*
 * fairy_moverep: moveRepetitionIllegal, Kakao Janggi's ban on moving one
 * piece back and forth (the reference build's janggimodern), as the
 * reference judges it in is_optional_game_end: the side that has just
 * moved a piece back to where it came from for the fifth move in a row of
 * its own (x-y, y-x, x-y, y-x, x-y; a pass of its own may stand for one
 * move back), without a capture by the first of them, none of its
 * positions in between in check, loses, where the piece may enter the
 * palace of the other side's king.  Only moves played are looked at, from
 * the history variant_fairy.c keeps.
 */
#include "replay/variant_fairy.h"

static int ring(const struct rp_fgame *g, int offset) { return (g->nhist - 1 - offset) & (RP_FHISTORY - 1); }

static int kind(const struct rp_fgame *g, int offset) { return g->hist_move[ring(g, offset)]; }

static int check_back(const struct rp_fgame *g, int offset)
{
    int i = ring(g, offset);
    return g->hist_check[i >> 3] >> (i & 7) & 1;
}

/* Is the move `a` plies back the move `b` plies back played backwards? */
static int reverses(const struct rp_fgame *g, int a, int b)
{
    int ia = ring(g, a), ib = ring(g, b);
    return (kind(g, a) & RP_FHIST_PLAIN) && (kind(g, b) & RP_FHIST_PLAIN) && g->hist_from[ia] == g->hist_to[ib] &&
           g->hist_to[ia] == g->hist_from[ib];
}

/* May a `type` piece of colour c stand somewhere in the palace of the
 * other side's king (its region; the whole board without one)? */
static int reaches_palace(const struct rp_fdef *d, int type, int c)
{
    const struct rp_ftype *ty = &d->types[type], *k = d->king >= 0 ? &d->types[d->king] : NULL;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            if ((!ty->has_region[c] || rp_fset_has(&ty->region[c], sq)) &&
                (!k || !k->has_region[!c] || rp_fset_has(&k->region[!c], sq)))
                return 1;
        }
    return 0;
}

int rp_fmove_repetition(const struct rp_fgame *g)
{
    const struct rp_fdef *d = g->def;
    const struct rp_fpos *p = &g->pos;
    int end = d->captures_to_hand || p->rule50 > g->played ? g->played : p->rule50;
    if (end > g->nhist - 1)
        end = g->nhist - 1;
    if (!d->n_fold_rule || end < 4 || !(kind(g, 0) & RP_FHIST_PLAIN) || check_back(g, 1) || check_back(g, 3))
        return 0;
    int to = g->hist_to[ring(g, 0)];
    int type = rp_fp_type(p->b[rp_fsq(to % RP_FMAX_FILES, to / RP_FMAX_FILES)]);
    if (!reaches_palace(d, type, !p->side))
        return 0;
    /* The run of moves back: 2 when the mover's move before reversed the
     * last, 1 when it was a pass. */
    int run = reverses(g, 2, 0) ? 2 : (kind(g, 2) & RP_FHIST_PASS) ? 1 : 0;
    for (int i = 4; i <= end && run > 0; i += 2) {
        if (i + 1 <= end && check_back(g, i + 1))
            return 0;
        if (run < 4)
            run = reverses(g, i, run == 1 ? 0 : i - 2) ? run + 1 : 0;
        else
            return !(kind(g, i) & RP_FHIST_CAPTURE) && g->hist_from[ring(g, i - 2)] == g->hist_to[ring(g, i)];
    }
    return 0;
}
