/*
 * retro: Retro Chess, chess played backwards (docs/rules.md "Retro Chess"):
 * the state, the unmove value type and what the variant's files share.
 *
 * retro_moves.c knows the geometry of unmoves (what a piece may do from a
 * square, and why not) and plays them; retro_checks.c knows positions (the
 * standard set, the three retro-legality checks, the reserve, points, the
 * restored setup);
 * variant_retro.c turns the components of a turn into one unmove and
 * plugs the rest into the replay loop.
 *
 * Everything here is a small value: the state is one flat block, a trial
 * unmove is played on a copy of it, nothing allocates.
 */
#ifndef GC_REPLAY_RETRO_H
#define GC_REPLAY_RETRO_H

#include <stddef.h>
#include <stdint.h>

#include "replay/board.h"
#include "replay/replay.h"

/* What check 3 found for each colour's pawns, kept with the pawns it was
 * found for: the search for a legal turn asks it again and again for the
 * same pawns while it tries other pieces' unmoves.  The answer depends on
 * the colour and its pawns' squares alone, and both are the key. */
struct rp_retro_memo {
    uint64_t pawns[2];       /* by colour: the pawns' bit set the entry is for */
    int need[2];             /* their least file displacement */
    uint8_t valid[2];
};

/* The game: one board (whose `side` is the side to unmove) and what the
 * board alone does not say. */
struct rp_retro {
    struct rp_board b;
    uint8_t phase;           /* 1: uncaptures allowed; 2: unmoves only (all 32 on the board) */
    uint8_t count[2][7];     /* pieces on the board by colour and type */
    rp_sq must_double;       /* after an un-passant: the enemy pawn whose double step back
                                must be the next turn, else RP_NO_SQ (docs/rules.md) */
    uint64_t frozen;         /* bit rank * 8 + file: an uncastled king or rook, which never
                                unmoves again (docs/rules.md, uncastling) */
    struct rp_retro_memo memo; /* not part of the position: the game's check 3 answers */
};

/* Kinds of unmove (rp_unmove.kind, rp_retro_step.kind). */
#define RP_UM_UNPROMOTE 1    /* the piece on its last rank becomes its side's pawn on `to` */
#define RP_UM_UNCASTLE 2     /* the king goes g1->e1 or c1->e1 (rank 8 for Black), the rook too */

/* Ways a step may be taken (rp_retro_step.ways). */
#define RP_WAY_PLAIN 1       /* with nothing placed */
#define RP_WAY_UNCAPTURE 2   /* an enemy piece appears on the square left (Phase I) */
#define RP_WAY_UNPASSANT 4   /* an enemy pawn appears beside `to` (Phase I) */

/* One retro turn, resolved. */
struct rp_unmove {
    rp_sq from, to;
    uint8_t kind;            /* 0, RP_UM_UNPROMOTE or RP_UM_UNCASTLE */
    uint8_t way;             /* one RP_WAY_ */
    rp_piece placed;         /* the uncaptured enemy piece, 0 with RP_WAY_PLAIN */
};

/* Where a step may go and how. */
struct rp_retro_step {
    rp_sq to;
    uint8_t kind;
    uint8_t ways;            /* RP_WAY_ bits */
};

#define RP_RETRO_MAX_STEPS 48  /* a queen: 27 slides; with unpromotions and margin */

/* ------------------------------------------------------- retro_moves.c */

/* Start: White king e6, Black king e3, Black to unmove, Phase I. */
void rp_retro_setup(struct rp_retro *r);

/* Every step the piece on `from` could take by geometry and the board
 * (empty targets and paths, uncastling conditions, un-passant squares),
 * whatever the phase, reserve or retro checks say.  Returns how many were
 * written to out (room for RP_RETRO_MAX_STEPS). */
size_t rp_retro_steps(const struct rp_retro *r, rp_sq from, struct rp_retro_step *out);

/* Why the piece on `from` has no step to `to` of this kind, as the end of a
 * sentence ("the path is blocked at g2"). */
void rp_retro_explain(const struct rp_retro *r, rp_sq from, rp_sq to, int kind,
                      char *buf, size_t size);

/* The square where an un-passant from `from` to `to` places the enemy pawn:
 * beside `to`, on the file left (docs/rules.md: `P e6-d5; p-e5`). */
static inline rp_sq rp_retro_unpassant_square(rp_sq from, rp_sq to)
{
    return rp_square(rp_file(from), rp_rank(to));
}

/* Play an unmove known to fit a step: moves, placements, the phase, the
 * un-passant obligation, frozen pieces, the side to move. */
void rp_retro_apply(struct rp_retro *r, const struct rp_unmove *u);

/* Nonzero when the side to move has at least one turn that passes every rule
 * and retro check (docs/rules.md, Retro Chess: Endings).  memo (the game's,
 * or NULL) keeps check 3's answers for the search. */
int rp_retro_has_turn(const struct rp_retro *r, struct rp_retro_memo *memo);

/* ------------------------------------------------------ retro_checks.c */

/* The standard set (docs/rules.md): how many pieces of a type one colour has. */
int rp_retro_standard(int type);

/* How many pieces of piece p's colour and type are left in its reserve. */
int rp_retro_reserve(const struct rp_retro *r, rp_piece p);

/* The three retro-legality checks on the position after `mover`'s turn, in
 * the order of docs/rules.md (Retro Chess: the retro checks).  memo (the
 * game's, or NULL) may answer check 3.  Returns RP_OK, or RP_RETRO_ILLEGAL
 * with msg naming the failed check. */
enum rp_code rp_retro_check(const struct rp_retro *r, int mover, struct rp_retro_memo *memo,
                            char *msg, size_t size);

/* Points of each colour (docs/rules.md, Retro Chess: Points). */
void rp_retro_points(const struct rp_retro *r, int points[2]);

/* Nonzero when all 16 pieces of `colour` stand on their opening squares. */
int rp_retro_restored(const struct rp_retro *r, int colour);

#endif
