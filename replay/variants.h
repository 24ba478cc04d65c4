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

/* rp_variant_for_game's plain twin: every registered name compared, the
 * latest registered kept (variants.c looks names up in a sorted index;
 * tests/replay/test_variants.c holds the two together). */
const struct rp_variant *rp_variant_for_game_scan(const char *game_name);

#endif
