/*
 * variants: the private list of variant tables and what their files share.
 * Each variant_<name>.c exports exactly its rp_variant_<name> table (and,
 * for tests, its rules); variants.c registers them.
 */
#ifndef GC_REPLAY_VARIANTS_H
#define GC_REPLAY_VARIANTS_H

#include "replay/board.h"
#include "replay/replay.h"

#define RP_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

extern const struct rp_variant rp_variant_chess;
extern const struct rp_variant rp_variant_extinction;
extern const struct rp_variant rp_variant_backlash;
extern const struct rp_variant rp_variant_palindromic;
extern const struct rp_variant rp_variant_retro;

/* Rules tables, for perft and unit tests. */
const struct rp_rules *rp_chess_rules(void);
const struct rp_rules *rp_extinction_rules(void);
const struct rp_rules *rp_backlash_rules(void);
const struct rp_rules *rp_palindromic_rules(void);

/* Extinction Chess perft: leaf count of the legal move tree to `depth`,
 * where a position with an extinct side is a leaf (it has no moves), as
 * Fairy-Stockfish and perft.tsv count. */
uint64_t rp_extinction_perft(struct rp_board *b, int depth);

#endif
