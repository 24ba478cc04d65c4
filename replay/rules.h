/*
 * rules: the orthodox family's games as data (rules.c): what differs
 * between the one-board games (struct rp_rules, board.h) for each of
 * them, and the rule tests that more than one file asks.  The variants
 * play by these tables; the tests and perft read them too.
 */
#ifndef GC_REPLAY_RULES_H
#define GC_REPLAY_RULES_H

#include "replay/board.h"

#define RP_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

extern const struct rp_rules rp_chess_rules;       /* docs/rules.md "Orthodox Chess" */
extern const struct rp_rules rp_extinction_rules;  /* no check; promotion to a king too */
extern const struct rp_rules rp_backlash_rules;    /* each board: no check */
extern const struct rp_rules rp_palindromic_rules; /* no promotion; mirrored castlings */

/* docs/rules.md, Extinction Chess: gone[c] gets bit (1 << type) for each of
 * the types K Q R B N P that colour c has no piece of on b. */
void rp_extinct_types(const struct rp_board *b, unsigned gone[2]);

#endif
