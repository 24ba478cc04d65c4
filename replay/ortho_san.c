/*
 * ortho_san: the san slot of the one-board orthodox family (replay.h):
 * the turn is resolved as play would resolve it, on a copy of the state,
 * described for san.c, and played on the copy for its check mark.
 */
#include "replay/ortho.h"

#include "replay/attacks.h"
#include "replay/movegen.h"
#include "replay/san.h"

/* The squares of the other pieces of m's kind that could go to m.to by
 * a legal move (the PGN standard disambiguates among legal moves only:
 * a pinned knight does not count). */
static unsigned disambiguation(struct rp_board *b, rp_move m)
{
    struct rp_movelist legal;
    legal.n = 0;
    rp_gen_legal(b, &legal);
    int files[RP_MAX_MOVES], ranks[RP_MAX_MOVES], n = 0;
    int type = rp_type_of(b->sq[m.from]);
    for (size_t i = 0; i < legal.n; i++) {
        rp_move o = legal.m[i];
        if (o.to != m.to || o.from == m.from || (o.flags & RP_MF_CASTLE) ||
            rp_type_of(b->sq[o.from]) != type)
            continue;
        int seen = 0;
        for (int k = 0; k < n; k++)
            seen |= files[k] == rp_file(o.from) && ranks[k] == rp_rank(o.from);
        if (!seen) {
            files[n] = rp_file(o.from);
            ranks[n++] = rp_rank(o.from);
        }
    }
    return rp_san_disambiguation(rp_file(m.from), rp_rank(m.from), files, ranks, n);
}

int rp_ortho_san(const void *state, const struct fmt_component *c, size_t n, char *buf,
                 size_t size)
{
    /* A copy: resolving makes and unmakes moves, and the state is the
     * loop's. */
    struct rp_ortho o = *(const struct rp_ortho *)state;
    struct rp_board *b = &o.b;
    struct rp_verdict v;
    rp_move m;
    if (!rp_ortho_resolve(&o, c, n, &m, &v))
        return -1;
    struct rp_san_move s = {0};
    s.from_file = rp_file(m.from), s.from_rank = rp_rank(m.from);
    s.to_file = rp_file(m.to), s.to_rank = rp_rank(m.to);
    if (m.flags & RP_MF_CASTLE) {
        const struct rp_castling *cs = &b->rules->castlings[m.castle];
        s.castle = rp_file(cs->rook_from) > rp_file(cs->king_from) ? RP_SAN_KING_SIDE
                                                                  : RP_SAN_QUEEN_SIDE;
    } else {
        int type = rp_type_of(b->sq[m.from]);
        s.piece = type == RP_PAWN ? 0 : "\0PNBRQK"[type];
        s.capture = (m.flags & (RP_MF_CAPTURE | RP_MF_EP)) != 0;
        if (m.flags & RP_MF_PROMO)
            s.promotion = "\0PNBRQK"[rp_type_of(m.promo)];
        if (type != RP_PAWN)
            s.disambiguate = disambiguation(b, m);
    }
    struct rp_undo u;
    rp_make(b, m, &u);
    if (b->rules->check && rp_in_check(b, b->side))
        s.mark = rp_has_legal_move(b) ? '+' : '#';
    return rp_san_write(&s, buf, size);
}
