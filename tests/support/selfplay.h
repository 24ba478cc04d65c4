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

/* The shipped definitions (registered by the caller, ts_defs_load_shipped)
 * of part `part` (1 to parts: the i-th definition in file order is in
 * part i % parts + 1) against the engine: the test fails, naming
 * definition, game and ply, on any difference.  A suite's parts are its
 * tests part_1 ... part_N, each its own ctest test (tests/CMakeLists.txt),
 * so that ctest -j runs them side by side. */
void ts_selfplay_shipped(enum ts_engine which, int part, int parts);

/* Part i of n of a suite: a line of its own, which tests/CMakeLists.txt
 * counts. */
#define TS_SELFPLAY_PART(suite, which, i, n)                                                        \
    Test(suite, part_##i, .timeout = 600) { ts_selfplay_shipped(which, i, n); }

#endif
