/*
 * pockets: Backlash's pocket squares and drops (docs/rules.md "Backlash").
 *
 * Four pocket squares hold at most one piece each: p1 (White's, for the
 * left board), P1 (White's, right board), p8 (Black's, left board) and P8
 * (Black's, right board).  A captured Q R B N is demoted one step into
 * its owner's pocket for the other board; a pocket piece may be dropped on
 * an empty square of its board.  This module knows the squares, the
 * demotion and what makes a drop square legal; the variant
 * (variant_backlash.c) decides when they apply.  Nothing allocates.
 */
#ifndef GC_REPLAY_POCKETS_H
#define GC_REPLAY_POCKETS_H

#include <stddef.h>

#include "replay/board.h"

enum rp_side_board { RP_LEFT = 0, RP_RIGHT = 1 };

/* The pockets of one game: [board][colour], 0 when empty. */
struct rp_pockets {
    rp_piece p[2][2];
};

/* The pocket square named `name` ("p1", "P1", "p8", "P8"): 1 with *board
 * and *colour set, or 0 if name is no pocket square. */
int rp_pocket_parse(const char *name, int *board, int *colour);

/* "p1", "P1", "p8" or "P8". */
const char *rp_pocket_name(int board, int colour);

/* "left" or "right". */
const char *rp_board_side_name(int board);

/* docs/rules.md, Backlash: the piece a captured piece becomes in its owner's
 * pocket (Q->R, R->B, B->N, N->P, same colour), or 0 when it leaves the game
 * (a pawn; a king ends the game instead). */
rp_piece rp_demoted(rp_piece captured);

/* Nonzero when p may be dropped on sq of b: sq empty, and a pawn not on
 * rank 1 or 8. */
int rp_drop_allowed(const struct rp_board *b, rp_piece p, rp_sq sq);

/* Number of squares of b on which p may be dropped (0 when p is 0). */
int rp_drop_squares(const struct rp_board *b, rp_piece p);

/* Drop p on sq as the board's move: the other side is to move on this
 * board, no en passant, and the square never gives castling back (a
 * dropped rook can never castle).  rp_drop_allowed must hold; *u (the
 * caller's) lets rp_undrop restore the board exactly. */
void rp_drop(struct rp_board *b, rp_piece p, rp_sq sq, struct rp_undo *u);
void rp_undrop(struct rp_board *b, rp_sq sq, const struct rp_undo *u);

#endif
