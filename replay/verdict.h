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

#endif
