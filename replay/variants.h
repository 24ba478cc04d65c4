/*
 * variants: the built-in variant tables, which variants.c registers.
 * Each variant_<name>.c exports exactly its rp_variant_<name> table.
 */
#ifndef GC_REPLAY_VARIANTS_H
#define GC_REPLAY_VARIANTS_H

#include "replay/replay.h"

extern const struct rp_variant rp_variant_chess;
extern const struct rp_variant rp_variant_extinction;
extern const struct rp_variant rp_variant_backlash;
extern const struct rp_variant rp_variant_palindromic;
extern const struct rp_variant rp_variant_retro;

/* A built-in variant's table, rp_variant_ID, from its file's functions
 * named by one convention: the report key #ID, its Game: names in
 * ID_names, and the rules ID_setup, ID_play and ID_ended; the slots that
 * differ follow (the state, how it is shown, optional rules). */
#define RP_BUILT_IN_VARIANT(ID, TITLE, ...)                                                      \
    const struct rp_variant rp_variant_##ID = {.name = #ID,                                    \
                                               .title = TITLE,                                  \
                                               .game_names = ID##_names,                        \
                                               .origin = "built in",                            \
                                               .setup = ID##_setup,                             \
                                               .play = ID##_play,                               \
                                               .ended = ID##_ended,                             \
                                               __VA_ARGS__}

/* The slots of a variant played on one orthodox board (struct rp_ortho,
 * ortho.h: Chess, Extinction, Palindromic), alike but for the rules: the
 * side to move, the end call, the diagram and its legend's start, the
 * FEN (one letter a piece type) and the viewer's view; and the rules
 * given the next turn's move, ID_ended_given_move. */
#define RP_ORTHO_SLOTS(ID)                                                                       \
    .state_size = sizeof(struct rp_ortho), .side_to_move = rp_ortho_side_to_move,              \
    .ended_given_move = ID##_ended_given_move, .end = rp_ortho_end, .render = rp_ortho_render, \
    .fen = rp_ortho_fen, .view = rp_ortho_view

/* rp_variant_for_game's plain twin: every registered name compared, the
 * latest registered kept (variants.c looks names up in a sorted index;
 * tests/replay/test_variants.c holds the two together). */
const struct rp_variant *rp_variant_for_game_scan(const char *game_name);

#endif
