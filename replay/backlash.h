/*
 * backlash: what the tests need from variant_backlash.c beyond its
 * rp_variant table: constructed positions and the per-board perft.  The
 * state stays private to the variant's file; callers hold it as an opaque
 * block of rp_variant_backlash.state_size bytes.
 */
#ifndef GC_REPLAY_BACKLASH_H
#define GC_REPLAY_BACKLASH_H

#include <stdint.h>

#include "replay/board.h"

/* Load a constructed position into a Backlash state: each board as a FEN
 * (its side field says who moves next on that board), the pockets as
 * "p1=N P8=b" ("" when all are empty), and how many turns were played,
 * which says whose turn it is (White's when even).  Returns 0, or -1 when
 * a FEN or a pocket cannot be read. */
int rp_backlash_load(void *state, const char *left_fen, const char *right_fen,
                     const char *pockets, int turns);

/* The piece in pocket [board][colour] of a Backlash state (board
 * RP_LEFT or RP_RIGHT of pockets.h), 0 when the pocket is empty. */
rp_piece rp_backlash_pocket(const void *state, int board, int colour);

/* Per-board perft: the leaf count of the tree of board moves on b alone,
 * with drops from pocket[colour] (the pocket of that colour for this
 * board; a drop empties it, and captures on this board fill only the
 * other board's pockets, so none refills it).  No check; a position
 * without one of the kings is a leaf (the game is over there). */
uint64_t rp_backlash_perft(struct rp_board *b, rp_piece pocket[2], int depth);

#endif
