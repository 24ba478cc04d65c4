/*
 * view: helpers for the variants' `view` slot (replay.h, struct rp_view).
 */
#ifndef GC_REPLAY_VIEW_H
#define GC_REPLAY_VIEW_H

#include <stdio.h>

#include "replay/board.h"
#include "replay/replay.h"

/* p's label for a view: the type's letters in upper case ("RR" for either
 * colour's right-handed rook). */
void rp_view_label(rp_piece p, char out[RP_VIEW_LABEL]);

/* Board b as a view board named name ("" for a game of one board). */
void rp_view_board(const struct rp_board *b, const char *name, struct rp_view_board *out);

#endif
