/*
 * fairy_turn: one turn of a defined variant as the resolver reads it
 * (fairy_resolve.c), and the words for why a written move is no legal
 * move (fairy_explain.c).
 *
 * Ownership: a turn borrows everything it points to, for one call of
 * rp_fresolve; names go into the caller's buffers.
 */
#ifndef GC_REPLAY_FAIRY_TURN_H
#define GC_REPLAY_FAIRY_TURN_H

#include <stddef.h>

#include "replay/variant_fairy.h"

struct rp_fturn {
    int from, to;                /* the first component's squares, when a move */
    struct rp_fgame *g;
    const struct rp_fpos *p;
    const struct rp_fdef *d;
    const struct fmt_component *c; /* the turn's components */
    size_t n;
    struct rp_verdict *v;        /* what a rejection fills in */
    int wall;                    /* wallingRule: the square of the wall the turn places, taken
                                    off its components (its last); -1 for none */
};

/* The name of square sq, into buf (8 bytes); returns buf. */
static inline const char *rp_fturn_square(const struct rp_fturn *t, int sq, char *buf)
{
    rp_fsquare_name(t->d, sq, buf);
    return buf;
}

/* The name of the piece on sq, into buf (RP_FNAME_MAX bytes); returns buf. */
static inline const char *rp_fturn_piece(const struct rp_fturn *t, int sq, char *buf)
{
    return rp_fpiece_name(t->d, rp_fp_type(t->p->b[sq]), t->p->unpromoted[sq], buf);
}

/* The turn's first component is a move from t->from to t->to that no
 * move of the piece there makes: an illegal-move verdict saying why (the
 * castling it is not, the square its own piece holds, the way the piece
 * moves).  Returns 0, the resolver's "rejected". */
int rp_fexplain_unreachable(const struct rp_fturn *t);

/* The verdict for move m, which rp_flegal judged `why`: king-in-check
 * naming the attacker, or the variant's rule broken.  Returns 1 for
 * RP_FL_OK (nothing set), else 0 with *t->v set. */
/* fairy_leaps.c, cambodianMoves only: why the king or met on `from`
 * cannot leap to `to` (its leap spent, a capture, out of check), into
 * why; 0 when the move is no leap's shape. */
int rp_fexplain_leap(const struct rp_fturn *t, int from, int to, char *why, size_t size);

int rp_fexplain_illegal(const struct rp_fturn *t, rp_fmove m, enum rp_fillegal why);

/* The turn's move m as played: with its wall where the turn places one. */
static inline rp_fmove rp_fturn_walled(const struct rp_fturn *t, rp_fmove m)
{
    return t->wall >= 0 && m.kind != RP_FM_PASS ? rp_fwith_wall(m, t->wall) : m;
}

#endif
