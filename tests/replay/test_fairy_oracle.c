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

Test(replay_fairy_fsf_games, self_play_and_mutated_games_of_every_shipped_definition, .timeout = 600)
{
    ts_selfplay_shipped(TS_FSF11);
}
