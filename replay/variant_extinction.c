/*
 * Extinction Chess: docs/rules.md "Extinction Chess".  Orthodox moves
 * without check (the king is an ordinary, capturable piece; castling out
 * of, through and into attack is legal), promotion also to a king, and a
 * side that has lost every piece of one of the types K Q R B N P is extinct
 * and loses.  The orthodox family's resolver does the moves; this file adds
 * the endings.
 */
#include <stdio.h>

#include "replay/ortho.h"
#include "replay/rules.h"
#include "replay/variants.h"

/* The types whose loss is extinction, in the order `detail` names them
 * (docs/rules.md, Extinction Chess). */
static const int extinction_order[6] = {RP_KING, RP_QUEEN, RP_ROOK, RP_BISHOP, RP_KNIGHT, RP_PAWN};

/* "extinct=R,N": the types of `mask`, in K Q R B N P order. */
static void extinct_detail(unsigned mask, char *detail, size_t size)
{
    static const char letters[] = " PNBRQK"; /* indexed by enum rp_type */
    size_t at = (size_t)snprintf(detail, size, "extinct=");
    for (int i = 0; i < 6 && at + 2 < size; i++) {
        int type = extinction_order[i];
        if (!(mask & (1u << type)))
            continue;
        if (detail[at - 1] != '=')
            detail[at++] = ',';
        detail[at++] = letters[type];
        detail[at] = '\0';
    }
}

/* The extinction ending, if either side is extinct after the last move.
 * The mover can only make itself extinct by promoting its last pawn; when
 * that same move also captures the opponent's last piece of a type, both
 * sides are extinct and the mover wins (docs/rules.md: the inventor's
 * ruling, the capture happens before the promotion). */
static int extinction_ending(const struct rp_board *b, struct rp_ending *e)
{
    int mover = !b->side;
    unsigned gone[2];
    rp_extinct_types(b, gone);
    int loser;
    if (gone[!mover])
        loser = !mover;
    else if (gone[mover])
        loser = mover;
    else
        return 0;
    e->result = loser ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    e->termination.kind = RP_TERM_EXTINCTION;
    extinct_detail(gone[loser], e->detail, sizeof e->detail);
    return 1;
}

static int extinction_setup(void *state, const struct rp_variant *self,
                            const struct fmt_game *game, char *why, size_t whysize)
{
    (void)self, (void)game, (void)why, (void)whysize;
    rp_ortho_setup(state, &rp_extinction_rules, RP_START_FEN, "Extinction Chess");
    return 0;
}

static void extinction_play(void *state, const struct fmt_component *c, size_t n,
                            struct rp_verdict *v)
{
    rp_ortho_play(state, c, n, v);
}

/* The endings of docs/rules.md "Extinction Chess", extinction in front: it
 * ends the game the moment the move is made, so the next side never has to
 * find a move.  Without check, "no legal move" is always stalemate;
 * insufficient material cannot arise (a lone king is extinct). */
static int extinction_ended(void *state, struct rp_ending *e)
{
    struct rp_ortho *o = state;
    e->detail[0] = '\0';
    if (extinction_ending(&o->b, e))
        return 1;
    if (rp_ortho_mate_or_stalemate(o, e))
        return 1;
    return rp_ortho_draw_by_count(o, e);
}

/* The same without the search for a move, which a legal move answers. */
static int extinction_ended_given_move(void *state, struct rp_ending *e)
{
    struct rp_ortho *o = state;
    e->detail[0] = '\0';
    return extinction_ending(&o->b, e) || rp_ortho_draw_by_count(o, e);
}

static const char *const extinction_names[] = {"extinctionchess", "extinction", NULL};

RP_BUILT_IN_VARIANT(extinction,
                    "Extinction Chess (no check; losing a whole piece type loses)",
                    RP_ORTHO_SLOTS(extinction), .legend = RP_ORTHO_LEGEND);
