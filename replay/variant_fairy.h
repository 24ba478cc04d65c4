/*
 * variant_fairy: the rp_variant table every defined variant shares, and
 * the list of compiled definitions behind them.
 *
 * Ownership: rp_fairy_register takes a malloc'd definition and frees it
 * with the rest on rp_fairy_reset (or at exit); definitions are read-only
 * once registered.
 */
#ifndef GC_REPLAY_VARIANT_FAIRY_H
#define GC_REPLAY_VARIANT_FAIRY_H

#include "replay/fairy_pos.h"
#include "replay/replay.h"

/* The most definitions registered in all, shipped ones and replaced ones
 * included (docs/defined-variants.md, Limits): each holds some 60 KiB. */
#define RP_FAIRY_MAX 4096

/* Register a compiled definition as a variant (it replaces a variant of
 * the same name).  Returns RP_DONE, RP_MISUSE (also past RP_FAIRY_MAX) or
 * RP_NO_MEMORY (why says). */
int rp_fairy_register(struct rp_fdef *d, char *why, size_t size);

/* The definition registered last under this section name, or NULL. */
const struct rp_fdef *rp_fairy_find(const char *name);

/* Positions a game keeps for repetitions: the last irreversible move
 * restarts the count, and a ring of this many bounds a game's memory
 * whatever its length (a repetition further apart than this many plies
 * is not counted; the 75-move rule alone ends a game of Chess within
 * 150, and drop games repeat in short cycles).  A power of two. */
#define RP_FHISTORY 512

/* A set of board squares, a bit each at file + RP_FMAX_FILES * rank
 * (Xiangqi's chases). */
typedef struct rp_fsquares {
    uint64_t w[2];
} rp_fsquares;

#define RP_FCHASE_NOSQ 0xFF      /* hist_from: a drop's (no square) */
#define RP_FHIST_PLAIN 1         /* hist_move: a plain move from one square to another */
#define RP_FHIST_PASS 2          /* a pass */
#define RP_FHIST_CAPTURE 4       /* the move captured */

/* The state of one game of a defined variant. */
struct rp_fgame {
    struct rp_fpos pos;
    const struct rp_fdef *def;
    uint64_t hist[RP_FHISTORY];  /* ring: keys of the positions since the last irreversible move */
    uint8_t hist_check[RP_FHISTORY / 8]; /* bit i: in that position the side to move was in check */
    int nhist;                   /* positions recorded (may pass RP_FHISTORY) */
    int start_checks[2];         /* n-check: checks needed at the start */
    /* chasingRule only (fairy_chase.c), beside each key of the ring: */
    rp_fsquares hist_chased[RP_FHISTORY]; /* the pieces of the side to move the last move chased */
    /* chasingRule and moveRepetitionIllegal: the move that led there, its
     * squares as rp_fsquares bits (RP_FCHASE_NOSQ: none), its kind */
    uint8_t hist_from[RP_FHISTORY], hist_to[RP_FHISTORY];
    uint8_t hist_move[RP_FHISTORY]; /* RP_FHIST_* */
    rp_fsquares blockers[2];     /* of the position recorded last: pieces between each colour's
                                    king and an enemy piece that would attack it without them */
    int played;                  /* moves played since the game's first position */
};

/* Record the position after a move (the repetition history); m is the
 * move that led there, NULL for the game's first position. */
void rp_fgame_record(struct rp_fgame *g, const rp_fmove *m);

/* The bit of a board square in an rp_fsquares (file + RP_FMAX_FILES * rank). */
static inline int rp_fsquares_bit(int sq) { return rp_ffile(sq) + RP_FMAX_FILES * rp_frank(sq); }

/* fairy_moverep.c, moveRepetitionIllegal: has the side not to move just
 * moved one piece back and forth the fifth time (it loses)? */
int rp_fmove_repetition(const struct rp_fgame *g);

/* fairy_chase.c, chasingRule = axf (the reference build's
 * Position::chased() and its use in is_optional_game_end):
 * record the chase of the move m (NULL: none) that led to the position
 * at history index i of g; */
void rp_fchase_record(struct rp_fgame *g, int i, const rp_fmove *m);
/* in a repetition whose earliest counted occurrence is history index
 * `first`: 1 when only the side to move's pieces were chased all through
 * the cycle (it wins), -1 when only the other side's were, 2 when both
 * sides' were (a draw), 0 when no piece was; */
int rp_fchase_verdict(const struct rp_fgame *g, int first);
/* the plies the move rule is lengthened by, 2 for each check past ten
 * that one side gave since the last capture. */
int rp_fchase_move_rule_extra(const struct rp_fgame *g);

/* fairy_resolve.c: map one turn's components to a legal move of the
 * position, or fill *v.  Returns 1 with *m set, or 0. */
int rp_fresolve(struct rp_fgame *g, const struct fmt_component *c, size_t n, rp_fmove *m,
                struct rp_verdict *v);

#endif
