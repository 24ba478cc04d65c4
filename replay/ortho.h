/*
 * ortho: what the one-board orthodox-family variants (Chess, Extinction,
 * Palindromic) share: the turn resolver that maps Game Courier components
 * to one legal move with every equivalent notation of docs/rules.md, the
 * position history for repetitions, draw rules and the text diagram.
 *
 * A variant embeds struct rp_ortho in its state and adds its own endings.
 */
#ifndef GC_REPLAY_ORTHO_H
#define GC_REPLAY_ORTHO_H

#include <stddef.h>

#include "formats/formats.h"
#include "replay/board.h"
#include "replay/replay.h"
#include "replay/verdict.h"

/* Positions since the last irreversible move: the 75-move rule ends a game
 * by 150 plies, so more can never repeat. */
#define RP_ORTHO_HISTORY 160

struct rp_ortho {
    struct rp_board b;
    const char *title;                     /* variant name in messages: "Chess" */
    uint64_t history[RP_ORTHO_HISTORY];    /* repetition keys, oldest first, current last */
    int nhistory;
    int plies;                             /* plies played */
};

/* The view of the one board (replay.h, the `view` slot). */
void rp_ortho_view(const void *state, struct rp_view *out);

void rp_ortho_setup(struct rp_ortho *o, const struct rp_rules *rules, const char *fen,
                    const char *title);

/* Every square named in the components exists, or *v says which does not
 * (the first check that looks beyond syntax, in the order of docs/rules.md
 * "Common to all variants"). */
int rp_ortho_check_squares(const struct rp_ortho *o, const struct fmt_component *c, size_t n,
                           struct rp_verdict *v);

/* Map the components of one turn to a legal move; fill *v on failure.
 * Returns 1 with *m set, or 0 (state untouched). */
int rp_ortho_resolve(struct rp_ortho *o, const struct fmt_component *c, size_t n,
                     rp_move *m, struct rp_verdict *v);

/* Play a resolved move and record the position. */
void rp_ortho_apply(struct rp_ortho *o, rp_move m);

/* A pass (Palindromic Chess): the other side is to move; it counts as a
 * ply for the repetition and move-count rules. */
void rp_ortho_pass(struct rp_ortho *o);

/* Resolve and apply: the play function of a simple variant. */
void rp_ortho_play(struct rp_ortho *o, const struct fmt_component *c, size_t n,
                   struct rp_verdict *v);

/* How often the current position has occurred (1 the first time). */
int rp_ortho_repetitions(const struct rp_ortho *o);

/* Checkmate, stalemate, fivefold and 75-move endings in the order of
 * docs/rules.md "Orthodox Chess" (insufficient material is the caller's: it
 * differs per variant).  Returns nonzero with *e filled if one applies. */
int rp_ortho_mate_or_stalemate(struct rp_ortho *o, struct rp_ending *e);
int rp_ortho_draw_by_count(const struct rp_ortho *o, struct rp_ending *e);

/* The next three take the variant state, a struct rp_ortho, as the
 * interface passes it, so a variant's table can point at them directly. */

/* FMT_WHITE or FMT_BLACK. */
int rp_ortho_side_to_move(const void *state);

/* The end call: for a declared draw, the detail says what could have
 * been claimed, "claimable=threefold,fifty-moves" or a part of it
 * (docs/rules.md "Orthodox Chess"). */
void rp_ortho_end(const void *state, enum rp_end_how how, struct rp_end *out);

/* Board diagram, White at the bottom. */
void rp_ortho_render(const void *state, char *buf, size_t size);

/* The position as FEN (rp_board_fen), the move number counted from the
 * plies played, White first: the fen slot of the one-board variants. */
int rp_ortho_fen(const void *state, char *buf, size_t size);

/* The san slot (replay.h): the turn in SAN, the state unchanged
 * (ortho_san.c).  0, or -1 when the turn is not one legal move or does
 * not fit in size bytes. */
int rp_ortho_san(const void *state, const struct fmt_component *c, size_t n, char *buf,
                 size_t size);

/* The legend of rp_ortho_render's labels. */
#define RP_ORTHO_LEGEND                                                                        \
    "K king, Q queen, R rook, B bishop, N knight, P pawn; upper case White, lower case "     \
    "Black; . empty"

#endif
