/*
 * san: Standard Algebraic Notation (the PGN standard, section 8.2.3)
 * written from a neutral description of one move.  Each engine with a san
 * slot (ortho_san.c for the orthodox board, fairy_san.c for defined
 * variants) describes the move it resolved; this one writer spells it, so
 * that a move reads the same whichever engine played it.
 */
#ifndef GC_REPLAY_SAN_H
#define GC_REPLAY_SAN_H

#include <stddef.h>

enum rp_san_castle { RP_SAN_NO_CASTLE, RP_SAN_KING_SIDE, RP_SAN_QUEEN_SIDE };

/* What tells the moving piece from the others of its kind. */
#define RP_SAN_FILE 1u            /* the from-square's file */
#define RP_SAN_RANK 2u            /* the from-square's rank */

/* One move as SAN needs it.  Files and ranks count from 0 (file a, rank
 * 1); the writer spells them "a".."l" and "1".."10". */
struct rp_san_move {
    char piece;                   /* upper-case letter of the piece moved or dropped; 0 for a
                                     pawn's move (SAN names no pawn) */
    int drop;                     /* the piece comes from the hand: "N@f3" */
    int pass;                     /* a pass: PGN's null move "--" */
    enum rp_san_castle castle;    /* O-O or O-O-O; the squares are then not written */
    int from_file, from_rank;
    int to_file, to_rank;
    int capture;                  /* "x"; a pawn's capture names the pawn's file */
    unsigned disambiguate;        /* RP_SAN_FILE | RP_SAN_RANK: rp_san_disambiguation */
    char promotion;               /* the letter after "=", 0 for none */
    char gate;                    /* a piece gated in (Seirawan): "/H", 0 for none */
    int gate_file, gate_rank;     /* castling with a gate: the square it enters */
    int wall;                     /* a wall placed after the move (wallingRule): ",f7" */
    int wall_file, wall_rank;
    char mark;                    /* '+' check, '#' checkmate, 0 */
};

/* Which parts of the from-square (file, rank) tell it from the n others
 * (files[i], ranks[i]: the other pieces of its kind that could go to the
 * same square by a legal move), as the standard asks: none without
 * others; the file when no other shares it; else the rank when no other
 * shares that; else both. */
unsigned rp_san_disambiguation(int file, int rank, const int *files, const int *ranks, int n);

/* The move in SAN into buf (size bytes).  0, or -1 when it does not fit
 * (buf then holds "").  RP_SAN_MAX always fits an 8x8 or 12x10 move. */
int rp_san_write(const struct rp_san_move *m, char *buf, size_t size);

#endif
