/*
 * backlash: the state of a Backlash game, shared by the variant
 * (variant_backlash.c, which alone plays it) and the constructed
 * positions of the tests (backlash_position.c).  Callers outside these
 * two hold a state as an opaque block of rp_variant_backlash.state_size
 * bytes.
 */
#ifndef GC_REPLAY_BACKLASH_H
#define GC_REPLAY_BACKLASH_H

#include <stdint.h>

#include "replay/board.h"
#include "replay/ortho.h"
#include "replay/pockets.h"

#define RP_BACKLASH_TITLE "Backlash"

struct rp_backlash {
    struct rp_ortho o[2];        /* the boards: RP_LEFT (files a-h), RP_RIGHT (A-H) */
    struct rp_pockets pk;        /* p1 P1 p8 P8 */
    int turns;                   /* turns played: White's turn when even */
    int over;                    /* the rules ended the game; `ending` says how */
    struct rp_ending ending;
    char how[RP_MESSAGE_MAX];    /* the ending in words, for after-end and the diagram */
};

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

#endif
