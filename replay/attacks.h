/*
 * attacks: is a square attacked, and by which piece (attacks.c), from the
 * board's bit sets and the masks of tables.c.  A board made by
 * rp_board_clear has the tables ready.
 */
#ifndef GC_REPLAY_ATTACKS_H
#define GC_REPLAY_ATTACKS_H

#include <stdint.h>

#include "replay/board.h"

/* Nonzero when a piece of `by` attacks `sq`; _vacated as if
 * the squares of the `vacated` bit set were empty (a king stepping away
 * no longer blocks the line behind it). */
int rp_attacked(const struct rp_board *b, rp_sq sq, int by);
int rp_attacked_vacated(const struct rp_board *b, rp_sq sq, int by, uint64_t vacated);

/* Would `sq` be attacked by `by` after the piece on `from`, not of `by`,
 * moved to `to` and took what stands there?  Not for the piece on sq
 * itself, nor for a move that also changes another square (castling, en
 * passant): those make the move and look. */
int rp_attacked_after(const struct rp_board *b, rp_sq sq, int by, rp_sq from, rp_sq to);

/* The squares one step of a knight, bishop, rook, queen or king on sq
 * reaches (for a slider, the squares next to it in its directions). */
uint64_t rp_first_steps(rp_sq sq, int type);

/* Nonzero when a and b share a rank, file or diagonal (a != b). */
int rp_aligned(rp_sq a, rp_sq b);

/* Nonzero when a knight, bishop, rook, queen or king (type) could go
 * from `from` to `to` by its pattern, nothing standing between for a
 * slider (castling aside). */
int rp_piece_reaches(const struct rp_board *b, rp_sq from, rp_sq to, int type);

/* Square of the first attacker of `sq` belonging to `by`, or RP_NO_SQ.
 * "First" is a fixed order (pawns, knights and kings, then sliders by
 * direction), so that a message naming the attacker never changes. */
rp_sq rp_attacker(const struct rp_board *b, rp_sq sq, int by);

/* Nonzero when `colour`'s king stands attacked. */
int rp_in_check(const struct rp_board *b, int colour);

#endif
