/*
 * notation: names of squares, pieces and sides as Game Courier writes them
 * and as violation messages say them ("the knight on f5").
 */
#ifndef GC_REPLAY_NOTATION_H
#define GC_REPLAY_NOTATION_H

#include <stddef.h>

#include "replay/board.h"

/* "e4" (or "E4" on a board whose files start at 'A'); buf holds >= 8 bytes. */
char *rp_square_name(const struct rp_board *b, char *buf, rp_sq sq);

/* The 0x88 square named "a1".."h8" with files from file_a, or -1.
 * Inline: every component's squares are read on every ply. */
static inline int rp_parse_square(const char *name, char file_a)
{
    if (name[0] < file_a || name[0] > file_a + 7 || name[1] < '1' || name[1] > '8' || name[2])
        return -1;
    return rp_square(name[0] - file_a, name[1] - '1');
}

/* The eight ranks of b as text, rank 8 first ("8  r  n ...\n"), at most
 * size bytes with the terminator; returns how many it wrote (size when
 * it ran out). */
size_t rp_board_diagram(const struct rp_board *b, char *buf, size_t size);

/* b in Forsyth-Edwards Notation, with fullmove as its last field: the
 * placement (one letter a piece: a handed rook is R), the side to move,
 * the castlings still possible as K, Q, k, q (the castling whose rook
 * starts on the king's right, as seen from White, is K or k), the en
 * passant square when a pawn could take there, the halfmove clock.  Returns the length, or 0 when size is too small. */
size_t rp_board_fen(const struct rp_board *b, int fullmove, char *buf, size_t size);

/* "pawn", "knight", ... "king". */
const char *rp_type_name(int type);

/* Like rp_type_name, but a Palindromic rook says its hand. */
const char *rp_piece_name(rp_piece p);

/* "White" or "Black". */
const char *rp_colour_name(int colour);

/* The label Game Courier writes for p: "N", "n", "RR", "lr". */
const char *rp_piece_label(rp_piece p);

/* Nonzero when a written label names piece p (case gives the colour;
 * "R"/"r" names a rook of either hand, docs/rules.md, Palindromic
 * Chess). */
int rp_label_matches_any(rp_piece p, const char *label);

/* The same, inline for the one-letter label of nearly every move: the
 * letter of p's type and colour (p & 15), NUL where none. */
static inline int rp_label_matches(rp_piece p, const char *label)
{
    if (label[0] && !label[1])
        return label[0] == "\0PNBRQK\0\0pnbrqk\0"[p & 15];
    return rp_label_matches_any(p, label);
}

/* The piece a placement label names ("Q" white queen, "lr" black
 * left-handed rook), or 0 when the label names no piece. */
rp_piece rp_piece_for_label(const char *label);

#endif
