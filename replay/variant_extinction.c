/*
 * Extinction Chess: rules.md "Extinction Chess".  Orthodox moves without
 * check (the king is an ordinary, capturable piece; castling out of,
 * through and into attack is legal), promotion also to a king, and a side
 * that has lost every piece of one of the types K Q R B N P is extinct and
 * loses.  The orthodox family's resolver does the moves; this file adds the
 * endings and an extinction-aware perft.
 */
#include <stdio.h>

#include "replay/movegen.h"
#include "replay/ortho.h"
#include "replay/variants.h"

static const struct rp_rules extinction_rules = {
    .check = 0,
    .castle_through_check = 1,
    .promo_types = (1u << RP_QUEEN) | (1u << RP_ROOK) | (1u << RP_BISHOP) | (1u << RP_KNIGHT) |
                   (1u << RP_KING),
    .ncastlings = 4,
    .castlings = RP_ORTHODOX_CASTLINGS,
};

const struct rp_rules *rp_extinction_rules(void) { return &extinction_rules; }

/* The types whose loss is extinction, in the order fine-points.md 22 names
 * them in `detail`. */
static const int extinction_order[6] = {RP_KING, RP_QUEEN, RP_ROOK, RP_BISHOP, RP_KNIGHT, RP_PAWN};

/* gone[c]: bit (1 << type) for each of the six types colour c has no piece
 * of.  The board is scanned, not board.king[]: promotion can make several
 * kings and board.king[] follows only one of them. */
static void extinct_types(const struct rp_board *b, unsigned gone[2])
{
    unsigned present[2] = {0, 0};
    for (int sq = 0; sq < 128; sq++) {
        if (sq & 0x88) {
            sq += 7;
            continue;
        }
        if (b->sq[sq])
            present[rp_colour_of(b->sq[sq])] |= 1u << rp_type_of(b->sq[sq]);
    }
    unsigned all = 0;
    for (int i = 0; i < 6; i++)
        all |= 1u << extinction_order[i];
    gone[0] = all & ~present[0];
    gone[1] = all & ~present[1];
}

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
 * sides are extinct and the mover wins (rules.md: the inventor's ruling,
 * the capture happens before the promotion). */
static int extinction_ending(const struct rp_board *b, struct rp_ending *e)
{
    int mover = !b->side;
    unsigned gone[2];
    extinct_types(b, gone);
    int loser;
    if (gone[!mover])
        loser = !mover;
    else if (gone[mover])
        loser = mover;
    else
        return 0;
    e->result = loser ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    e->termination = "extinction";
    extinct_detail(gone[loser], e->detail, sizeof e->detail);
    return 1;
}

static void extinction_setup(void *state)
{
    rp_ortho_setup(state, &extinction_rules, RP_START_FEN, "Extinction Chess");
}

static void extinction_play(void *state, const struct fmt_component *c, size_t n,
                            struct rp_verdict *v)
{
    rp_ortho_play(state, c, n, v);
}

/* fine-points.md 17 with extinction in front: it ends the game the moment
 * the move is made, so the next side never has to find a move.  Without
 * check, "no legal move" is always stalemate; insufficient material cannot
 * arise (a lone king is extinct). */
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

uint64_t rp_extinction_perft(struct rp_board *b, int depth)
{
    /* Fairy-Stockfish's convention, which perft.tsv follows: a position
     * where a side is extinct is a leaf, so it has no moves to count. */
    if (depth == 0)
        return 1;
    unsigned gone[2];
    extinct_types(b, gone);
    if (gone[0] | gone[1])
        return 0;
    struct rp_movelist l;
    l.n = 0;
    rp_gen_legal(b, &l);
    if (depth == 1)
        return l.n;
    uint64_t nodes = 0;
    for (size_t i = 0; i < l.n; i++) {
        struct rp_undo u;
        rp_make(b, l.m[i], &u);
        nodes += rp_extinction_perft(b, depth - 1);
        rp_unmake(b, l.m[i], &u);
    }
    return nodes;
}

static const char *const extinction_names[] = {"extinctionchess", "extinction", NULL};

const struct rp_variant rp_variant_extinction = {
    .name = "extinction",
    .title = "Extinction Chess (no check; losing a whole piece type loses)",
    .game_names = extinction_names,
    .state_size = sizeof(struct rp_ortho),
    .setup = extinction_setup,
    .side_to_move = rp_ortho_side_to_move,
    .play = extinction_play,
    .ended = extinction_ended,
    .ended_given_move = extinction_ended_given_move,
    .claimable = rp_ortho_claimable,
    .render = rp_ortho_render,
};
