/*
 * perft: the move-tree counts of Chess (movegen.h), Extinction Chess and
 * of one Backlash board (perft.h), the variants' move generators' check against
 * independent counts.
 */
#include "replay/perft.h"

#include "replay/movegen.h"
#include "replay/pockets.h"
#include "replay/rules.h"

/* The leaves depth plies below b, every legal move made and unmade in
 * turn.  With extinction, Fairy-Stockfish's convention, which perft.tsv
 * follows: a position where a side is extinct is a leaf, so it has no
 * moves to count. */
static uint64_t leaves(struct rp_board *b, int depth, int extinction)
{
    if (depth <= 0)
        return 1;
    if (extinction) {
        unsigned gone[2];
        rp_extinct_types(b, gone);
        if (gone[0] | gone[1])
            return 0;
    }
    struct rp_movelist l;
    l.n = 0;
    rp_gen_legal(b, &l);
    if (depth == 1)
        return l.n;
    uint64_t nodes = 0;
    for (size_t i = 0; i < l.n; i++) {
        struct rp_undo u;
        rp_make(b, l.m[i], &u);
        nodes += leaves(b, depth - 1, extinction);
        rp_unmake(b, l.m[i], &u);
    }
    return nodes;
}

uint64_t rp_perft(struct rp_board *b, int depth)
{
    return leaves(b, depth, 0);
}

uint64_t rp_extinction_perft(struct rp_board *b, int depth)
{
    return leaves(b, depth, 1);
}

uint64_t rp_backlash_perft(struct rp_board *b, rp_piece pocket[2], int depth)
{
    if (depth <= 0)
        return 1;
    if (b->king[0] == RP_NO_SQ || b->king[1] == RP_NO_SQ)
        return 0;                /* a king was captured: the game is over */
    struct rp_movelist l;
    l.n = 0;
    rp_gen_pseudo(b, &l);
    int side = b->side;
    rp_piece drop = pocket[side];
    if (depth == 1)
        return l.n + (uint64_t)rp_drop_squares(b, drop);
    uint64_t nodes = 0;
    for (size_t i = 0; i < l.n; i++) {
        struct rp_undo u;
        rp_make(b, l.m[i], &u);
        nodes += rp_backlash_perft(b, pocket, depth - 1);
        rp_unmake(b, l.m[i], &u);
    }
    pocket[side] = 0;
    for (int sq = 0; drop && sq < 128; sq++) {
        if ((sq & 0x88) || !rp_drop_allowed(b, drop, (rp_sq)sq))
            continue;
        struct rp_undo u;
        rp_drop(b, drop, (rp_sq)sq, &u);
        nodes += rp_backlash_perft(b, pocket, depth - 1);
        rp_undrop(b, (rp_sq)sq, &u);
    }
    pocket[side] = drop;
    return nodes;
}
