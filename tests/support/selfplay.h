/*
 * selfplay: self-play and mutated games of every shipped definition,
 * replayed through gcaudit move for move against a build of
 * Fairy-Stockfish (docs/testing.md: the two oracles).  GC_ORACLE_GAMES,
 * GC_ORACLE_SEED and GC_ORACLE_ONLY change a run by hand.
 */
#ifndef GC_TEST_SELFPLAY_H
#define GC_TEST_SELFPLAY_H

/* Games per definition (selfplay.c says why): ffish's, of which every
 * third is played again with an illegal turn planted; 11.1's (each also
 * with one) where ffish reads the definition otherwise and where ffish
 * covers it.  `gcaudit variants` says these numbers (cli/cmd_variants.c),
 * and tests/cli/test_definitions.c holds it to them. */
#define TS_GAMES_FFISH 24
#define TS_MUTATE_EVERY_FFISH 3
#define TS_GAMES_FSF 15
#define TS_GAMES_FSF_COVERED 5

enum ts_engine {
    TS_FSF11,                    /* Debian's Fairy-Stockfish 11.1 (uci.h) */
    TS_FFISH                     /* the reference build, 230826 (ffish.h) */
};

/* The shipped definitions (registered by the caller, ts_defs_load_shipped)
 * of part `part` (1 to parts: the i-th definition in file order that the
 * engine plays, gcOracles naming it for 11.1, is in part i % parts + 1)
 * against the engine: the test fails, naming
 * definition, game and ply, on any difference.  A suite's parts are its
 * tests part_1 ... part_N, each its own ctest test (tests/CMakeLists.txt),
 * so that ctest -j runs them side by side. */
void ts_selfplay_shipped(enum ts_engine which, int part, int parts);

/* Part i of n of a suite: a line of its own, which tests/CMakeLists.txt
 * counts. */
#define TS_SELFPLAY_PART(suite, which, i, n)                                                        \
    Test(suite, part_##i, .timeout = 600) { ts_selfplay_shipped(which, i, n); }

#endif
