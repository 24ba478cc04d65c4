/*
 * perft: leaf counts of the move trees of the variants whose moves are
 * not Chess's (perft.c), checked against published counts and
 * Fairy-Stockfish by the tests.  Chess's own is movegen.h's rp_perft.
 */
#ifndef GC_REPLAY_PERFT_H
#define GC_REPLAY_PERFT_H

#include <stdint.h>

#include "replay/board.h"

/* Extinction Chess: the leaf count of the legal move tree to `depth`,
 * where a position with an extinct side is a leaf (it has no moves), as
 * Fairy-Stockfish and perft.tsv count. */
uint64_t rp_extinction_perft(struct rp_board *b, int depth);

/* Backlash, per board: the leaf count of the tree of board moves on b
 * alone, with drops from pocket[colour] (the pocket of that colour for
 * this board; a drop empties it, and captures on this board fill only
 * the other board's pockets, so none refills it).  No check; a position
 * without one of the kings is a leaf (the game is over there). */
uint64_t rp_backlash_perft(struct rp_board *b, rp_piece pocket[2], int depth);

#endif
