/*
 * casefile: table-driven rule tests (like jq.test).  A case file
 * holds cases of the form
 *
 *     == name
 *     game: Chess                (optional; the file's default otherwise)
 *     header: Result: 1-0        (optional, repeatable: extra header lines)
 *     moves: 1. P e2-e4 1... p e7-e5   (repeatable: one log line each)
 *     status: ok                 (expectations, each optional)
 *     result: 1-0
 *     declared: 1-0
 *     termination: checkmate
 *     detail: claimable=threefold
 *     turns: 4
 *     violation: king-in-check 3 white    (first violation: code, turn, side)
 *     message: the white king on e1 would be attacked by the queen on h4
 *     violations: 1              (how many in all)
 *     winner: White Player       (names are "White Player" and "Black Player")
 *     loser: Black Player
 *     player: White Player       (who played the first violation's turn)
 *
 * Each case becomes a Game Courier log, goes through the real parser and
 * replay, and every expectation given is compared; a failure names the
 * file's line of the case.  A case that expects nothing, or has more
 * lines of a kind than the runner keeps, is a failure too: it could
 * never fail otherwise.
 */
#ifndef GC_TEST_CASEFILE_H
#define GC_TEST_CASEFILE_H

#include <stddef.h>

#include "replay/replay.h"


/* Run every case of path with `game` as the default Game: value.  Returns
 * the number of failed cases (each reported with cr_log_error) and sets
 * *ncases. */
int ts_run_casefile(const char *path, const char *game, int *ncases);

/* The same, logging nothing: the first complaint goes into first (size
 * bytes), for the tests of the runner itself, where a logged error would
 * fail the test run. */
int ts_run_casefile_quietly(const char *path, const char *game, int *ncases, char *first,
                            size_t size);

/* A termination's name, as games.csv writes it, for an assertion on a
 * variant's ending (the compound literal holds a counted one's name). */
#define ts_term_name(t) rp_term_name((t), (char[RP_TERM_NAME_MAX]){0})


#endif
