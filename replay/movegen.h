/*
 * movegen: move generation on one orthodox board under rp_rules, the perft
 * counter that proves it, and the explanation of why a given move is not
 * possible (for violation messages).
 *
 * The caller supplies the move buffer; nothing allocates.
 */
#ifndef GC_REPLAY_MOVEGEN_H
#define GC_REPLAY_MOVEGEN_H

#include <stddef.h>
#include <stdint.h>

#include "replay/board.h"

#define RP_MAX_MOVES 320

struct rp_movelist {
    size_t n;
    rp_move m[RP_MAX_MOVES];
};

/* Every pseudo-legal move of the side to move (own king safety not
 * checked, castling conditions fully checked).  Appends to list. */
void rp_gen_pseudo(const struct rp_board *b, struct rp_movelist *list);

/* Pseudo-legal moves of the piece on `from` only. */
void rp_gen_from(const struct rp_board *b, rp_sq from, struct rp_movelist *list);

/* Those of them that go to `to`, in the same order: resolving a played
 * move needs no others (several only for a promotion's choices). */
void rp_gen_from_to(const struct rp_board *b, rp_sq from, rp_sq to, struct rp_movelist *list);

/* The one move from `from` to `to` when it is an ordinary one (no
 * promotion, castling or en passant): the first move rp_gen_from_to
 * would list.  Otherwise a move from `from` to itself (rp_move_none),
 * when the list may still hold special moves.  Most moves played are
 * ordinary, and this finds them without a list.  The move is returned,
 * not stored through a pointer: its five bytes come back in a register,
 * where a caller reading back the bytes just stored one at a time waited
 * for each store (a third of rp_ortho_resolve's samples). */
rp_move rp_plain_move(const struct rp_board *b, rp_sq from, rp_sq to);
static inline int rp_move_none(rp_move m) { return m.from == m.to; }

/* Nonzero when playing m leaves the mover's king safe (always when the
 * rules have no check).  m must be pseudo-legal. */
int rp_leaves_king_safe(struct rp_board *b, rp_move m);

/* Legal moves of the side to move. */
void rp_gen_legal(struct rp_board *b, struct rp_movelist *list);

/* Nonzero when the side to move has at least one legal move. */
int rp_has_legal_move(struct rp_board *b);

/* Hash for repetition (FIDE 9.2.2, docs/rules.md "Orthodox Chess"): the
 * board's key, with the en passant square only when an en passant capture is
 * actually legal. */
uint64_t rp_repetition_key(struct rp_board *b);

/* Leaf count of the legal move tree to `depth` (perft.c). */
uint64_t rp_perft(struct rp_board *b, int depth);

/* Why the piece on `from` cannot move to `to` (geometry, path, own piece,
 * castling conditions), as the end of a sentence; writes "" if it can. */
void rp_explain_unreachable(const struct rp_board *b, rp_sq from, rp_sq to,
                            char *buf, size_t size);

#endif
