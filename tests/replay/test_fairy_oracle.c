/*
 * The general rules engine against Fairy-Stockfish 11.1 on whole games:
 * self-play and mutated games of every shipped definition
 * (tests/support/selfplay.c says how).
 */
#include <criterion/criterion.h>

#include "replay/replay.h"
#include "tests/support/definitions.h"
#include "tests/support/selfplay.h"

static void load(void) { ts_defs_load_shipped(); }
static void unload(void) { rp_defs_reset(); }

TestSuite(replay_fairy_fsf_games, .init = load, .fini = unload);

TS_SELFPLAY_PART(replay_fairy_fsf_games, TS_FSF11, 1, 2)
TS_SELFPLAY_PART(replay_fairy_fsf_games, TS_FSF11, 2, 2)
