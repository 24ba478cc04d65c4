/*
 * tables: the rules engine's process-wide state (tables.c): the hash keys
 * and the attack masks.  They are computed once per process, by the first
 * rp_tables_ready() (rp_board_clear calls it, so every board finds them
 * ready, whichever thread made it), and never written again: every replay
 * thread reads them at once.  Nothing else in replay/ is global.
 */
#ifndef GC_REPLAY_TABLES_H
#define GC_REPLAY_TABLES_H

#include <stdint.h>

#include "replay/square.h"

/* Fill the tables below, once per process; later calls return at once. */
void rp_tables_ready(void);

/* The splitmix64 finaliser: a bijection with good avalanche. */
static inline uint64_t rp_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Hash keys of the board's parts (splitmix64 of a number naming the
 * part), for Zobrist-style incremental hashing.  Inline, so that the
 * side's key, flipped every ply, is a constant where it is used. */
static inline uint64_t rp_key_piece(rp_piece p, rp_sq sq) { return rp_mix64(((uint64_t)p << 8) | sq); }
static inline uint64_t rp_key_castle(unsigned castle) { return castle ? rp_mix64(0x10000ULL | castle) : 0; }
static inline uint64_t rp_key_side(void) { return rp_mix64(0x20000ULL); }
static inline uint64_t rp_key_ep(rp_sq sq) { return rp_mix64(0x30000ULL | sq); }

/* rp_key_piece tabled: a move changes two or three piece keys, and the
 * mixing's chain of multiplications stalled every ply.  [piece, all its
 * bits fit in 6][bit of the square]; "no piece" (0) has no key. */
extern uint64_t rp_piece_keys[64][64];

/* Attack masks, by bit square (square.h's rp_bit_of). */
struct rp_masks {
    uint64_t knight[64], king[64];
    uint64_t pawn_from[2][64];    /* squares a pawn of the colour attacks this one from */
    uint64_t orthogonal[64], diagonal[64];
    uint64_t first_step[RP_KING + 1][64];  /* one step of the type: a slider's adjacent squares */
    uint64_t between[64][64];     /* strictly between two squares on one line; 0 if none */
    uint64_t reach[RP_KING + 1][64];  /* where a knight..king goes on an empty board */
};

extern struct rp_masks rp_masks;

/* Nonzero once the tables are filled (for debug builds' asserts). */
int rp_tables_filled(void);

#endif
