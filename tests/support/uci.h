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

/* A program: $env_name if set (NULL unless executable), else name on
 * $PATH, else fallback (may be NULL).  The caller frees the path. */
char *ts_uci_which(const char *env_name, const char *name, const char *fallback);

/* Start the engine and do the uci/uciok handshake within timeout_ms,
 * which also becomes the deadline of every later read.  NULL on failure,
 * with the reason in err. */
struct ts_uci *ts_uci_start(const char *path, int timeout_ms, char *err, size_t errsize);

/* The same for a command with arguments: argv[0] (a path) run with argv,
 * NULL-terminated ("node", "uci.js": tests/support/ffish.h). */
struct ts_uci *ts_uci_start_argv(const char *const *argv, int timeout_ms, char *err, size_t errsize);

/* Send one command line (the newline is added; any length).  0, or -1 if the engine
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

/* "go perft depth" on "position fen" (startpos when fen is NULL): the
 * engine's leaf count, or UINT64_MAX if it did not answer in time. */
uint64_t ts_uci_perft(struct ts_uci *u, const char *fen, int depth);

/* ts_uci_find_engine and ts_uci_start in one: the started engine, or the
 * test fails saying how to install Fairy-Stockfish (a missing engine is a
 * failure, never a skip).  Threads is set to 1, so searches of a given
 * depth or node count are reproducible. */
struct ts_uci *ts_uci_open(int timeout_ms);

/* Load the definition file ini ("setoption name VariantPath") and select
 * its section `name` (UCI_Variant).  0, or -1 when the engine did not
 * announce the variant ("info string variant NAME ...") before answering
 * isready: it did not load the file or has no such section. */
int ts_uci_variant(struct ts_uci *u, const char *ini, const char *name);

/* Select the variant `name` among those the engine knows (built in or
 * loaded before); 0, or -1 as above. */
int ts_uci_select(struct ts_uci *u, const char *name);

/* "position fen FEN moves M1 M2 ..." (startpos when fen is NULL); n may be
 * 0.  0, or -1 if the engine is gone. */
int ts_uci_position(struct ts_uci *u, const char *fen, const char *const *moves, int n);

/* "d" on the current position: its FEN into fen (size bytes) and whether
 * the side to move is in check (the engine's "Checkers:" line names a
 * square).  0, or -1 when the engine did not print both lines in time. */
int ts_uci_show(struct ts_uci *u, char *fen, size_t size, int *in_check);

/* The two lines of `d` (as ts_uci_show) after a command that prints
 * them, sent by the caller; 0, or -1 as ts_uci_show. */
int ts_uci_read_show(struct ts_uci *u, char *fen, size_t size, int *in_check);

/* What one `go` answered: the best move ("(none)" when the game is over
 * for the engine) and the score of the last info line that had one
 * ("mate 0", "cp -31", "mate -2"). */
struct ts_uci_result {
    char bestmove[32];
    char score[32];
};

/* Send the search command go ("go depth 2", "go depth 1 searchmoves
 * e2e4") on the current position and wait for bestmove.  0, or -1 when it
 * did not come in time. */
int ts_uci_go(struct ts_uci *u, const char *go, struct ts_uci_result *r);

/* The score's kind: 1 for "mate N", 0 for "cp N", with N in *value; -1
 * when the search printed no score. */
int ts_uci_score(const struct ts_uci_result *r, int *value);

/* The engine's legal moves on the current position ("go perft 1"), at
 * most max of them, each up to 15 characters, into moves; their number,
 * or -1 when the answer did not come in time. */
int ts_uci_legal_moves(struct ts_uci *u, char (*moves)[16], int max);

/* "go perft depth" on the current position, divided: each legal move
 * (up to max, each up to 15 characters) into moves and its leaf count
 * into counts (may be NULL); the number of moves, or -1 when the answer
 * did not come in time. */
int ts_uci_divide(struct ts_uci *u, int depth, char (*moves)[16], uint64_t *counts, int max);

/* The moves of a `go perft 1` listing (as ts_uci_legal_moves) after a
 * command that prints one, sent by the caller. */
int ts_uci_read_moves(struct ts_uci *u, char (*moves)[16], int max);

/* Send quit, wait for the engine to exit (killing it if it does not
 * within a second) and free u.  u may be NULL. */
void ts_uci_quit(struct ts_uci *u);

#endif
