/*
 * verdict: the one wording of the checks every variant makes on a turn
 * (in the order of docs/rules.md "Common to all variants"), and the one
 * way a verdict is filled in (verdict.c).  A variant calls these instead
 * of writing the messages itself, so that "there is no piece on e4" reads
 * the same everywhere.
 */
#ifndef GC_REPLAY_VERDICT_H
#define GC_REPLAY_VERDICT_H

#include <stddef.h>

#include "formats/formats.h"
#include "replay/board.h"
#include "replay/replay.h"

/* The message of an after-end violation: the game had already ended
 * before the turn (a variant may add ": " and how). */
#define RP_ALREADY_ENDED "the game had already ended"

/* Set a verdict: code and printf-style message. */
void rp_verdict_set(struct rp_verdict *v, enum rp_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* no-such-square, over every square a component names (a move's from and
 * to, a placement's or removal's target), before anything looks at the
 * position.  exists(name, ctx) says whether a square of that name is in
 * the variant titled `title`.  Returns 1 when all exist, else 0 with *v
 * saying which does not. */
int rp_check_squares(const struct fmt_component *c, size_t n,
                     int (*exists)(const char *name, const void *ctx), const void *ctx,
                     const char *title, struct rp_verdict *v);

/* The piece a component moves, in the order of docs/rules.md: there is one
 * (no-piece), it is the one the label names, if any (wrong-piece), it is
 * the mover's (wrong-side).  p is what stands `at` ("on e2", "in pocket
 * P8": as the message says where), 0 when nothing does; side is the side
 * to move.  Returns 1 when all pass, else 0 with *v set. */
int rp_check_piece(rp_piece p, int side, const char *label, const char *at,
                   struct rp_verdict *v);

/* The same checks for a piece described in words, for a variant whose
 * pieces are not rp_pieces (the defined variants): present 0 when the
 * square is empty; its label as the logs write it, its name for messages
 * ("knight"), its colour. */
struct rp_piece_words {
    int present;
    const char *label, *name;
    int colour;
};

int rp_check_piece_words(const struct rp_piece_words *p, int side, const char *label,
                         const char *at, struct rp_verdict *v);

/* A pass in a variant that has none: illegal-move. */
void rp_verdict_no_pass(struct rp_verdict *v, const char *title);

/* ------------------------------------- the sentences the engines share */

/* Why a piece cannot make a move, as the clause after "cannot reach e4: "
 * (printf formats; each engine fills in its own names and squares). */
#define RP_WHY_SAME_SQUARE "a move must leave its square"
#define RP_WHY_NOT_ITS_MOVE "that is not %s %s move"          /* article, piece */

#define RP_WHY_OWN_PIECE "%s is occupied by its own %s"        /* square, piece */
#define RP_WHY_DROP_OCCUPIED "%s is occupied"                 /* square: a drop's target */
#define RP_WHY_DROP_EMPTY_ONLY "a piece can only be dropped on an empty square"
#define RP_WHY_BLOCKED "the path is blocked at %s"             /* square */
#define RP_WHY_PAWN_AHEAD "a pawn cannot capture straight ahead"
#define RP_WHY_PAWN_DOUBLE "a pawn moves two squares only from its starting rank"
#define RP_WHY_NO_VICTIM "there is nothing to capture on %s"   /* square */
#define RP_WHY_KING_MOVED "the %s has already moved, so it cannot castle" /* king */
#define RP_WHY_ROOK_MOVED "the %s on %s has already moved, so it cannot castle" /* rook, square */
#define RP_WHY_CASTLE_PATH "castling needs %s empty"         /* square */
#define RP_WHY_CASTLE_CHECKED "the %s may not castle out of check" /* king */
#define RP_WHY_CASTLE_ATTACKED "the %s may not castle through %s, which is attacked" /* king, square */
/* passOnStalemate (Flipello): a pass while a move is legal; the variant's
 * title, then ": " and a move there is may follow. */
#define RP_PASS_NOT_STALEMATED "in %s a player may pass only when no move is legal"

/* Ouk Chatrang's first-move leaps (cambodianMoves): the king's knight leap
 * forward, the met's two squares straight ahead. */
#define RP_WHY_LEAP_SPENT "the %s leaps so only as its first move"          /* piece */
#define RP_WHY_LEAP_KING_SPENT "the %s leaps so only as its first move, and only until an enemy rook " \
                               "has moved onto its file or rank"             /* king */
#define RP_WHY_LEAP_EMPTY "the %s's leap cannot capture"                     /* piece */
#define RP_WHY_LEAP_CHECKED "the %s may not leap out of check"               /* king */
/* sittuyinPromotion (Sittuyin): a pawn's promotion in place or by the
 * new piece's step; the variant's title. */
#define RP_WHY_SITTUYIN_CHECK "a promotion may not give check in %s"
/* bad-promotion: a promotion to a type the side has its limit of
 * (promotionLimit: Makruk's and Sittuyin's one ferz); the count, the
 * piece, "s" or "", the variant's title. */
/* wallingRule (fairy_walls.c): the wall a move places. */
#define RP_WHY_WALL_MISSING "every move places a wall in %s: write it after the move, as \"*-f7\"" /* title */
#define RP_WHY_WALL_NONE_LEFT "every move places a wall in %s, and this one leaves no square for it" /* title */
#define RP_WHY_WALL_TAKEN "the wall cannot go on %s: a wall stands there" /* square */
#define RP_WHY_DUCK_STAYS "the duck must move: it stands on %s already"   /* square */
#define RP_WHY_PROMOTION_LIMIT "there may be no more than %d %s%s of one side in %s"
/* bad-promotion (sittuyinPromotion): off the promotion squares while the
 * side has another pawn; the square, the variant's title. */
#define RP_WHY_SITTUYIN_ZONE "%s is not a promotion square, and only a side's last pawn promotes elsewhere in %s"
/* bad-promotion (sittuyinPromotion): the new piece would attack an enemy
 * piece; the piece, the square. */
#define RP_WHY_SITTUYIN_ATTACKS "%s %s may not be placed on %s, where it would attack an enemy piece" /* article */
/* bad-promotion (sittuyinPromotion): a pawn's move with a placement on its
 * square that is no promotion: the square taken; then the piece, the
 * pawn's square, the square, the variant's title. */
#define RP_WHY_SITTUYIN_STEP_TAKEN "a pawn promotes by a step to an empty square only: %s is taken"
#define RP_WHY_SITTUYIN_STEP "the %s's step from %s to %s is no promotion in %s: a pawn promotes in place (the placement alone) or by one of the new piece's moves to an empty square where it attacks no enemy piece"


/* illegal-move: "the knight on g1 cannot reach g4", then ": " and why
 * unless why is "". */
void rp_verdict_unreachable(struct rp_verdict *v, const char *piece, const char *from, const char *to,
                            const char *why);

/* king-in-check: "the white king on e1 would be attacked by the bishop on
 * b4" and a note ("" or " (...)"); king is the king's name in the
 * variant ("king", "general"). */
void rp_verdict_king_attacked(struct rp_verdict *v, int side, const char *king, const char *square,
                              const char *by, const char *by_square, const char *note);

/* bad-promotion: a piece reaching its promotion square written without
 * the new piece; example is a label the placement could name. */
void rp_verdict_unnamed_promotion(struct rp_verdict *v, const char *piece, const char *to,
                                  const char *example);

/* bad-promotion: the placement after a promotion names another square. */
void rp_verdict_placement_elsewhere(struct rp_verdict *v, const char *text, const char *square);

/* bad-promotion: the placement after a promotion names a piece of the
 * other colour (colour and side: FMT_WHITE or FMT_BLACK). */
void rp_verdict_placement_colour(struct rp_verdict *v, const char *text, int colour, const char *piece, int side);

/* bad-promotion: a placement that no promotion takes. */

void rp_verdict_stray_placement(struct rp_verdict *v, const char *text);

/* extra-component: a component that belongs to no move of the turn:
 * "any move" (from NULL) or "the move e2-e4"; kind is "move" or
 * "unmove". */
void rp_verdict_stray_component(struct rp_verdict *v, const char *text, const char *kind, const char *from,
                                const char *to);

#endif
