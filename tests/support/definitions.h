/*
 * definitions: the variant definitions gcaudit ships (the .ini files of
 * replay/definitions), found by globbing at test time so that a definition added later
 * is covered by every test that walks them, and the fixture of positions
 * constructed for them (tests/fixtures/definitions/positions.tsv).
 *
 * Ownership: the arrays returned are the caller's (free them with free()).
 */
#ifndef GC_TEST_DEFINITIONS_H
#define GC_TEST_DEFINITIONS_H

#include <stddef.h>

#include "replay/fairy.h"
#include "replay/replay.h"

/* One section of a shipped definition file. */
struct ts_def {
    char file[512];              /* the .ini file's path */
    char name[64];               /* the section name: the variant's name */
    char games[8][64];           /* its gcGames values as the file spells them (the name without) */
    int ngames;
};

/* Every section of every .ini file of replay/definitions, files in name order,
 * sections in file order; *n gets their number.  The test fails when
 * there is none. */
struct ts_def *ts_defs_shipped(size_t *n);

/* Register every shipped definition with the replay library
 * (rp_defs_load_dir); the test fails naming the file, line and key when
 * one does not load. */
void ts_defs_load_shipped(void);

/* One row of the positions fixture: a position constructed for a
 * definition, and the perft depth to check it to. */
struct ts_position {
    char section[64];
    char what[160];              /* what the position exercises */
    char fen[256];               /* "startpos": the definition's start position */
    int depth;
    int line;                    /* its line in the fixture */
};

/* The rows of tests/fixtures/definitions/positions.tsv (section, what,
 * FEN, depth; tab-separated, '#' comments); *n gets their number.  The
 * test fails naming the line of a malformed row. */
struct ts_position *ts_positions_load(size_t *n);

/* Replay the one game of a log's text through the parser and rp_replay
 * into *r (released by the caller), calling hook with ctx after each
 * turn (NULL: none); the test fails when the text holds no game or the
 * replay does not run. */
void ts_replay_text(const char *text, struct rp_report *r, rp_turn_hook hook, void *ctx);

/* Register the definitions of a file's text (named t.ini); the test
 * fails naming the line of a refusal. */
void ts_defs_load_text(const char *text);

/* Read fen into *p as the registered variant `variant` plays it (p is a
 * struct rp_fpos, replay/fairy_pos.h); the test fails naming the FEN when
 * the variant or the FEN is not there. */
void ts_fpos_read(struct rp_fpos *p, const char *variant, const char *fen);

/* A move of the position as Fairy-Stockfish's UCI::move writes it
 * (11.1's and the reference build's alike: "e2e4", "a7a8q", "P@e5",
 * "+P@e5", "e1h1" in Chess960 mode, a pass as "e2e2"). */
void ts_fmove_uci(const struct rp_fpos *p, rp_fmove m, char *out, size_t size);

#endif
