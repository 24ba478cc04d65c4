/*
 * selfplay: self-play and mutated games of every shipped definition,
 * replayed through gcaudit move for move against a build of
 * Fairy-Stockfish (docs/testing.md: the two oracles).  GC_ORACLE_GAMES,
 * GC_ORACLE_SEED and GC_ORACLE_ONLY change a run by hand.
 */
#ifndef GC_TEST_SELFPLAY_H
#define GC_TEST_SELFPLAY_H

enum ts_engine {
    TS_FSF11,                    /* Debian's Fairy-Stockfish 11.1 (uci.h) */
    TS_FFISH                     /* the reference build, 230826 (ffish.h) */
};

/* Every shipped definition (registered by the caller, ts_defs_load_shipped)
 * against the engine: the test fails, naming definition, game and ply,
 * on any difference. */
void ts_selfplay_shipped(enum ts_engine which);

#endif
