/*
 * uci: a minimal driver for a UCI chess engine (Fairy-Stockfish) run as a
 * child process on a pair of pipes, for tests that use the engine as an
 * independent oracle.  No network.  Every read has a deadline, so a hung
 * or crashed engine makes the test fail instead of hanging it.
 *
 * Ownership: ts_uci_find_engine() returns a string the caller frees; a
 * line returned by ts_uci_line()/ts_uci_until() lives until the next call
 * on the same engine.
 */
#ifndef GC_TEST_UCI_H
#define GC_TEST_UCI_H

#include <stddef.h>
#include <stdint.h>

struct ts_uci;

/* The Fairy-Stockfish binary: $GC_FAIRY_STOCKFISH if set, else
 * fairy-stockfish on $PATH, else /usr/games/fairy-stockfish (where
 * Debian's package puts it, outside a root user's PATH).  NULL if none is
 * executable. */
char *ts_uci_find_engine(void);

/* Start the engine and do the uci/uciok handshake within timeout_ms,
 * which also becomes the deadline of every later read.  NULL on failure,
 * with the reason in err. */
struct ts_uci *ts_uci_start(const char *path, int timeout_ms, char *err, size_t errsize);

/* Send one command line (the newline is added).  0, or -1 if the engine
 * is gone. */
int ts_uci_send(struct ts_uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The next line the engine prints, without its newline; NULL on timeout
 * or end of output. */
const char *ts_uci_line(struct ts_uci *u);

/* Read lines up to and including the first that starts with prefix and
 * return it; each earlier line goes to each_line (when not NULL).  NULL
 * when that line has not come within one timeout_ms (however much else
 * the engine prints) or the output ends. */
const char *ts_uci_until(struct ts_uci *u, const char *prefix,
                         void (*each_line)(void *ctx, const char *line), void *ctx);

/* "go perft depth" on "position fen": the engine's leaf count, or
 * UINT64_MAX if it did not answer in time. */
uint64_t ts_uci_perft(struct ts_uci *u, const char *fen, int depth);

/* Send quit, wait for the engine to exit (killing it if it does not
 * within a second) and free u.  u may be NULL. */
void ts_uci_quit(struct ts_uci *u);

#endif
