/*
 * fairy_san: the san slot of the defined variants (replay.h).  The turn is
 * resolved as play would resolve it (rp_fresolve), on a copy of the game,
 * described for san.c, and played on a copy of the position for its check
 * mark.  A piece is named by the upper-case FEN letter of its type, as
 * Fairy-Stockfish's SAN names it (Antichess's king, a commoner, is "K").
 */
#include <ctype.h>

#include "replay/san.h"
#include "replay/variant_fairy.h"

static char letter(const struct rp_fdef *d, int type)
{
    return (char)toupper((unsigned char)d->types[type].letter);
}

/* The squares of the other pieces of m's type that could go to m.to by a
 * legal move (the standard disambiguates among legal moves only). */
static unsigned disambiguation(const struct rp_fpos *p, rp_fmove m)
{
    struct rp_fmovelist legal;
    legal.n = 0;
    rp_fgen_legal(p, &legal);
    int files[RP_FMAX_MOVES], ranks[RP_FMAX_MOVES], n = 0;
    int type = rp_fp_type(p->b[m.from]);
    for (int i = 0; i < legal.n; i++) {
        rp_fmove o = legal.m[i];
        if (o.to != m.to || o.from == m.from || o.kind == RP_FM_DROP || o.kind == RP_FM_CASTLE ||
            o.kind == RP_FM_PASS || rp_fp_type(p->b[o.from]) != type)
            continue;
        int seen = 0;
        for (int k = 0; k < n; k++)
            seen |= files[k] == rp_ffile(o.from) && ranks[k] == rp_frank(o.from);
        if (!seen) {
            files[n] = rp_ffile(o.from);
            ranks[n++] = rp_frank(o.from);
        }
    }
    return rp_san_disambiguation(rp_ffile(m.from), rp_frank(m.from), files, ranks, n);
}

/* m, legal in p, as san.c wants it (the check mark apart). */
static void describe(const struct rp_fpos *p, rp_fmove m, struct rp_san_move *s)
{
    const struct rp_fdef *d = p->def;
    s->to_file = rp_ffile(m.to), s->to_rank = rp_frank(m.to);
    if (m.gate == RP_FGATE_WALL) {
        s->wall = 1;
        s->wall_file = rp_ffile(m.gate_sq), s->wall_rank = rp_frank(m.gate_sq);
    } else if (m.gate) {
        s->gate = letter(d, m.gate - 1);
        s->gate_file = rp_ffile(m.gate_sq), s->gate_rank = rp_frank(m.gate_sq);
    }
    switch (m.kind) {
    case RP_FM_PASS:
        s->pass = 1;
        return;
    case RP_FM_CASTLE:
        /* rp_fmove.castle: colour * 2 + 1 for the queen's side. */
        s->castle = (m.castle & 1) ? RP_SAN_QUEEN_SIDE : RP_SAN_KING_SIDE;
        return;
    case RP_FM_DROP:
        s->drop = 1;
        s->piece = letter(d, m.type);
        return;
    default:
        break;
    }
    int type = rp_fp_type(p->b[m.from]);
    s->from_file = rp_ffile(m.from), s->from_rank = rp_frank(m.from);
    s->piece = type == d->pawn ? 0 : letter(d, type);
    s->capture = rp_fmove_is_capture(p, m);
    if (m.kind == RP_FM_PROMOTE)
        s->promotion = letter(d, m.type);
    else if (m.kind == RP_FM_PIECE_PROMOTE && d->types[type].promoted >= 0)
        s->promotion = letter(d, d->types[type].promoted);
    if (type != d->pawn)
        s->disambiguate = disambiguation(p, m);
}

int rp_fsan(const void *state, const struct fmt_component *c, size_t n, char *buf, size_t size)
{
    /* Copies: the state is the loop's, and rp_fresolve takes a game it
     * may use as scratch (its position and definition, not the history). */
    const struct rp_fgame *from = state;
    struct rp_fgame g;
    g.pos = from->pos;
    g.def = from->def;
    struct rp_verdict v;
    rp_fmove m;
    if (!rp_fresolve(&g, c, n, &m, &v))
        return -1;
    struct rp_san_move s = {0};
    describe(&g.pos, m, &s);
    struct rp_fpos after = g.pos;
    rp_fmake(&after, m);
    if (after.in_check)
        s.mark = rp_fhas_legal(&after) ? '+' : '#';
    return rp_san_write(&s, buf, size);
}
