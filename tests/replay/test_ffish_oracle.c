/*
 * The general rules engine against the reference build of Fairy-Stockfish
 * (ffish 0.7.10, 230826) on whole games: self-play and mutated games of
 * every shipped definition, and perft at positions of the first games
 * (tests/support/selfplay.c says how).
 */
#include <criterion/criterion.h>

#include "replay/replay.h"
#include "tests/support/definitions.h"
#include "tests/support/selfplay.h"

static void load(void) { ts_defs_load_shipped(); }
static void unload(void) { rp_defs_reset(); }

TestSuite(replay_ffish_games, .init = load, .fini = unload);

TS_SELFPLAY_PART(replay_ffish_games, TS_FFISH, 1, 3)
TS_SELFPLAY_PART(replay_ffish_games, TS_FFISH, 2, 3)
TS_SELFPLAY_PART(replay_ffish_games, TS_FFISH, 3, 3)
