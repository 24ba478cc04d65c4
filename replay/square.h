/*
 * square: the value types of one 8x8 board that every part of the rules
 * engine shares: piece types and pieces, 0x88 squares and their bit
 * numbers.  Squares are 0x88 indices (rank * 16 + file): off-board tests
 * are one AND, and a move's direction is a plain difference.  Pieces are
 * one byte.  Nothing here has state.
 */
#ifndef GC_REPLAY_SQUARE_H
#define GC_REPLAY_SQUARE_H

#include <stdint.h>

enum rp_type { RP_EMPTY = 0, RP_PAWN, RP_KNIGHT, RP_BISHOP, RP_ROOK, RP_QUEEN, RP_KING };

#define RP_BLACK_BIT 8   /* piece colour: set for Black */
#define RP_ALT_BIT 16    /* Palindromic: a left-handed rook */
#define RP_HANDED_BIT 32 /* Palindromic: a right-handed rook (orthodox rooks have neither bit) */

typedef uint8_t rp_piece;  /* type | colour bit | hand bits; 0 = empty */
typedef uint8_t rp_sq;     /* 0x88 square */

#define RP_NO_SQ 0x7F      /* 0x7F & 0x88 != 0: never on the board */

static inline int rp_type_of(rp_piece p) { return p & 7; }
static inline int rp_colour_of(rp_piece p) { return (p & RP_BLACK_BIT) ? 1 : 0; }
static inline rp_piece rp_make_piece(int type, int colour) { return (rp_piece)(type | (colour ? RP_BLACK_BIT : 0)); }
static inline int rp_on_board(int sq) { return sq >= 0 && !(sq & 0x88); }
static inline int rp_file(rp_sq sq) { return sq & 7; }
static inline int rp_rank(rp_sq sq) { return sq >> 4; }
static inline rp_sq rp_square(int file, int rank) { return (rp_sq)(rank * 16 + file); }

/* rank * 16 + file plus file, halved, is rank * 8 + file: one step
 * fewer than taking the two apart, on a conversion made several times a
 * ply. */
static inline int rp_bit_of(rp_sq sq) { return (sq + (sq & 7)) >> 1; }
static inline rp_sq rp_sq_of_bit(int i) { return rp_square(i & 7, i >> 3); }

/* Squares in a bit set, counted without popcount (a library call on the
 * baseline x86-64 target). */
static inline int rp_count_bits(uint64_t set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

#endif
