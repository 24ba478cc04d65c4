/*
 * ffish: the reference build of Fairy-Stockfish (230826, inside the npm
 * package ffish 0.7.10 that setup.sh installs in tests/ffish/) as an
 * oracle.  tests/ffish/uci.js speaks the part of UCI that uci.h uses, so
 * an engine opened here is driven with the ts_uci_* calls, as Debian's
 * Fairy-Stockfish 11.1 is; what differs is listed in that script (no
 * search: its `go` is a one-ply player; "Checkers:" names the checked
 * royal squares).
 */
#ifndef GC_TEST_FFISH_H
#define GC_TEST_FFISH_H

#include <stddef.h>

#include "tests/support/uci.h"

struct ts_uci;

/* The version of the package the tests are written against, and the
 * build it contains (ffish.info()). */
#define TS_FFISH_VERSION "0.7.10"
#define TS_FFISH_BUILD "Fairy-Stockfish 230826"

/* Start `node tests/ffish/uci.js` and check it is the pinned build, or
 * fail the test saying what is missing: Node.js ($GC_NODE, else node or
 * nodejs on $PATH), the package (./setup.sh runs `npm ci` in
 * tests/ffish), or the build.  Never a skip.  timeout_ms is the deadline
 * of every read, as in ts_uci_start. */
struct ts_uci *ts_ffish_open(int timeout_ms);

/* The Node.js executable to run a script of tests/ffish with, after the
 * same checks of the package as ts_ffish_open (the test fails saying
 * what is missing); the caller frees it.  The build itself is checked
 * only by ts_ffish_open, which asks it. */
char *ts_ffish_node(void);

/* tests/ffish, where its scripts are. */
#define TS_FFISH_DIR GC_SOURCE_DIR "/tests/ffish"

/* ffish's result(false) of the current position ("1-0", "0-1",
 * "1/2-1/2", "*") into out, and into *insufficient (unless NULL) whether
 * ffish's isInsufficientMaterial() holds there, which its result() puts
 * before the rules' checkmate and stalemate.  0, or -1 when it did not
 * answer in time. */
int ts_ffish_result(struct ts_uci *u, char *out, size_t size, int *insufficient);

/* One ply of a game in one exchange ("play [MOVE]" in uci.js): MOVE
 * (when not NULL) pushed on the current position, then that position's
 * FEN into fen, whether the side to move is in check, and its legal
 * moves (at most max) into legal, as ts_uci_show and ts_uci_legal_moves
 * give them (a move ffish refuses leaves the position, and so its FEN,
 * as it was).  The number of legal moves, or -1 when the answer did not
 * come in time. */
int ts_ffish_play(struct ts_uci *u, const char *move, char *fen, size_t size, int *in_check, char (*legal)[16],
                  int max);

/* The same for the move ffish's player chooses ("play go ..." in uci.js):
 * `go` (a "go ..." command) answered into r as ts_uci_go answers it, its
 * bestmove pushed, and what ts_ffish_play gives of the position reached.
 * Only where the position has a legal move. */
int ts_ffish_go_play(struct ts_uci *u, const char *go, struct ts_uci_result *r, char *fen, size_t size,
                     int *in_check, char (*legal)[16], int max);

#endif
