/*
 * Chess (orthodox): FIDE rules, docs/rules.md "Orthodox Chess".  The
 * orthodox family's resolver does the moves; this file adds the endings:
 * checkmate, stalemate, insufficient material, fivefold repetition and the
 * 75-move rule, in that order (docs/rules.md).
 */
#include "replay/ortho.h"
#include "replay/rules.h"
#include "replay/variants.h"

static int chess_setup(void *state, const struct rp_variant *self, const struct fmt_game *game,
                       char *why, size_t whysize)
{
    (void)self, (void)game, (void)why, (void)whysize;
    rp_ortho_setup(state, &rp_chess_rules, RP_START_FEN, "Chess");
    return 0;
}

static void chess_play(void *state, const struct fmt_component *c, size_t n, struct rp_verdict *v)
{
    rp_ortho_play(state, c, n, v);
}

/* docs/rules.md, Orthodox Chess: the dead positions that need no search.
 * No pawn, rook or queen on the board, and either no bishop and at most one
 * knight (K v K, K+N v K), or no knight and every bishop of both sides on
 * squares of one colour (K+B v K, K+B v K+B, K+B+B v K with the bishops on
 * one colour, ...).  Asked after every ply, so it reads the bit sets and
 * not the squares. */
static int insufficient_material(const struct rp_board *b)
{
    const uint64_t light = 0x55AA55AA55AA55AAULL;  /* b1, d1, ...: file + rank odd */
    uint64_t bishops = 0, knights = 0;
    for (int side = 0; side < 2; side++) {
        const uint64_t *p = b->bb[side];
        if (p[RP_PAWN] | p[RP_ROOK] | p[RP_QUEEN])
            return 0;
        bishops |= p[RP_BISHOP];
        knights |= p[RP_KNIGHT];
    }
    if (!bishops)
        return (knights & (knights - 1)) == 0;
    return !knights && ((bishops & light) == 0 || (bishops & light) == bishops);
}

/* The endings after mate and stalemate, which a legal move rules out. */
static int chess_ended_given_move(void *state, struct rp_ending *e)
{
    struct rp_ortho *o = state;
    e->detail[0] = '\0';
    if (insufficient_material(&o->b)) {
        e->result = RP_RESULT_DRAW;
        e->termination.kind = RP_TERM_INSUFFICIENT_MATERIAL;
        return 1;
    }
    return rp_ortho_draw_by_count(o, e);
}

static int chess_ended(void *state, struct rp_ending *e)
{
    e->detail[0] = '\0';
    return rp_ortho_mate_or_stalemate(state, e) || chess_ended_given_move(state, e);
}

static const char *const chess_names[] = {"chess", "orthodoxchess", "fidechess", NULL};

RP_BUILT_IN_VARIANT(chess, "Chess (orthodox, FIDE rules)", RP_ORTHO_SLOTS(chess),
                    .legend = RP_ORTHO_LEGEND, .san = rp_ortho_san,
                    .pgn_variant = "" /* PGN's own game: no Variant tag */);
