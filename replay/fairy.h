/*
 * fairy: the general rules engine behind the variants that definition
 * files describe (docs/defined-variants.md), in Fairy-Stockfish's
 * variants.ini terms, in two stages (docs/design.md, "The general
 * engine"):
 *
 *   definition (fairy_def.h): fairy_load.c reads files and sections and
 *     resolves parents; fairy_keys.c is the key table (every key, its
 *     default, its reader, its status); fairy_def.c applies a section;
 *     fairy_pieces.c names the piece types, betza.c reads their moves;
 *     fairy_compile.c derives the tables; variant_fairy.c registers it.
 *   position (fairy_pos.h): fairy_fen.c, fairy_position.c, fairy_gen.c
 *     (moves and attacks), fairy_legal.c (legality), fairy_end.c
 *     (ends), fairy_make.c, fairy_resolve.c (Game Courier components to moves),
 *     fairy_names.c (labels, names, diagrams), fairy_san.c.
 *
 * Include the stage a file needs; this header is both.
 */
#ifndef GC_REPLAY_FAIRY_H
#define GC_REPLAY_FAIRY_H

#include "replay/fairy_def.h"
#include "replay/fairy_pos.h"

#endif
