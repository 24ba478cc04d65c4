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
 * a pinned knight does not count).  Only the rivals are tried, not every
 * move of the position: generating them all cost the export two thirds
 * of its time (bench/gen.c's Chess games, perf). */
static unsigned disambiguation(struct rp_board *b, rp_move m)
{
    int type = rp_type_of(b->sq[m.from]);
    int files[64], ranks[64], n = 0;
    uint64_t rivals = b->bb[b->side][type] & ~(1ULL << rp_bit_of(m.from));
    for (; rivals; rivals &= rivals - 1) {
        rp_sq sq = rp_sq_of_bit(__builtin_ctzll(rivals));
        /* A piece other than a pawn has only ordinary moves to a square
         * (castling is the king's, and is told apart anyway). */
        rp_move o = rp_plain_move(b, sq, m.to);
        if (!rp_move_none(o) && rp_leaves_king_safe(b, o)) {
            files[n] = rp_file(sq);
            ranks[n++] = rp_rank(sq);
        }
    }
    return rp_san_disambiguation(rp_file(m.from), rp_rank(m.from), files, ranks, n);
}

int rp_ortho_san(const void *state, const struct fmt_component *c, size_t n, char *buf,
                 size_t size)
{
    /* A copy: resolving makes and unmakes moves, and the state is the
     * loop's.  Resolving reads the board and the title alone, so the
     * position history (most of the state's bytes) is not copied. */
    const struct rp_ortho *src = state;
    struct rp_ortho o;
    o.b = src->b;
    o.title = src->title;
    o.nhistory = o.plies = 0;
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
