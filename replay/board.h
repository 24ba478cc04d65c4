/*
 * board: one 8x8 board of an orthodox-family game: its moves and rules
 * tables, make/unmake and incremental hashing (board.c), on the value
 * types of square.h; attack detection is attacks.h's.  Two boards side by
 * side (Backlash) are two of these; a reserve or pockets (Retro,
 * Backlash) live in the variant's own state.  Everything here is a small
 * value type; nothing allocates.
 */
#ifndef GC_REPLAY_BOARD_H
#define GC_REPLAY_BOARD_H

#include <stdint.h>

#include "replay/square.h"
#include "replay/tables.h"

/* Move flags. */
#define RP_MF_CAPTURE 1
#define RP_MF_EP 2        /* en passant: the victim is beside `to`, not on it */
#define RP_MF_DOUBLE 4    /* pawn double step: sets the en passant square */
#define RP_MF_CASTLE 8    /* king move of a castling; `castle` names which */
#define RP_MF_PROMO 16

typedef struct rp_move {
    rp_sq from, to;
    rp_piece promo;       /* piece that replaces the pawn, 0 if none */
    uint8_t flags;
    uint8_t castle;       /* index into the rules' castling table */
} rp_move;

/* One castling of the rules' table (king and rook squares). */
struct rp_castling {
    int colour;
    rp_sq king_from, king_to, rook_from, rook_to;
};

/* The four castlings of orthodox chess, in FEN's KQkq order (king and
 * rook from, then to), for the variants that keep them. */
#define RP_ORTHODOX_CASTLINGS                                           \
    {                                                                   \
        {0, 0x04, 0x06, 0x07, 0x05}, /* White O-O: e1-g1, h1-f1 */      \
        {0, 0x04, 0x02, 0x00, 0x03}, /* White O-O-O: e1-c1, a1-d1 */    \
        {1, 0x74, 0x76, 0x77, 0x75}, /* Black O-O: e8-g8, h8-f8 */      \
        {1, 0x74, 0x72, 0x70, 0x73}, /* Black O-O-O: e8-c8, a8-d8 */    \
    }

/* What differs between the orthodox-family games on one board. */
struct rp_rules {
    int check;                 /* a move may not leave the own king attacked */
    int castle_through_check;  /* castling out of/through/into attack allowed */
    unsigned promo_types;      /* bit (1 << type) per type a pawn may become; 0: none */
    int ncastlings;
    struct rp_castling castlings[4];
};

/* One board and what its future depends on. */
struct rp_board {
    rp_piece sq[128];
    /* The same pieces as bit sets (bit rank * 8 + file), per colour: [0]
     * every piece of the colour, [type] those of one type.  They let
     * attack detection test whole piece sets at once (attacks.c); every
     * write to sq[] goes through rp_board_put or rp_board_set to keep
     * them equal. */
    uint64_t bb[2][8];
    uint8_t side;             /* 0 White, 1 Black to move */
    uint8_t castle;           /* bit i: castlings[i] still possible */
    rp_sq ep;                 /* square a pawn may capture onto en passant, or RP_NO_SQ */
    uint16_t halfmove;        /* plies since the last capture or pawn move */
    uint64_t key;             /* Zobrist-style hash of pieces, side and castling */
    rp_sq king[2];            /* each side's king (the last placed), RP_NO_SQ if none */
    char file_a;              /* letter of the first file: 'a', or 'A' for Backlash's right board */
    const struct rp_rules *rules;
    uint64_t castle_squares;  /* bit set: the rules' castling king and rook squares */
};

/* Undo record for rp_make/rp_unmake, supplied by the caller. */
struct rp_undo {
    rp_piece captured;
    rp_sq captured_sq;
    uint8_t castle;
    rp_sq ep;
    uint16_t halfmove;
    uint64_t key;
    rp_sq king[2];
};

/* What a move or a drop changes besides squares, kept in u to be put back. */
static inline void rp_undo_keep(struct rp_undo *u, const struct rp_board *b)
{
    u->castle = b->castle;
    u->ep = b->ep;
    u->halfmove = b->halfmove;
    u->key = b->key;
    u->king[0] = b->king[0];
    u->king[1] = b->king[1];
}

/* Put back what rp_undo_keep kept, and the side to move. */
static inline void rp_undo_restore(struct rp_board *b, const struct rp_undo *u)
{
    b->castle = u->castle;
    b->ep = u->ep;
    b->halfmove = u->halfmove;
    b->key = u->key;
    b->king[0] = u->king[0];
    b->king[1] = u->king[1];
    b->side ^= 1;
}

/* Is a `type` piece of `colour` on sq (which may be off the board)? */
static inline int rp_piece_at(const struct rp_board *b, int sq, int type, int colour)
{
    return rp_on_board(sq) && b->sq[sq] && rp_type_of(b->sq[sq]) == type &&
           rp_colour_of(b->sq[sq]) == colour;
}

/* Write one square and its bit sets, leaving hash and kings alone: for
 * undoing a move, whose record restores those. */
static inline void rp_board_set(struct rp_board *b, rp_sq sq, rp_piece p)
{
    uint64_t bit = 1ULL << rp_bit_of(sq);
    rp_piece old = b->sq[sq];
    if (old) {
        b->bb[rp_colour_of(old)][0] &= ~bit;
        b->bb[rp_colour_of(old)][rp_type_of(old)] &= ~bit;
    }
    if (p) {
        b->bb[rp_colour_of(p)][0] |= bit;
        b->bb[rp_colour_of(p)][rp_type_of(p)] |= bit;
    }
    b->sq[sq] = p;
}

/* Bit i set when castlings[i] of r starts its king or rook on sq: the
 * castlings lost when a piece leaves or arrives there. */
uint8_t rp_castlings_at(const struct rp_rules *r, rp_sq sq);

/* Empty board with the given rules, White to move. */
void rp_board_clear(struct rp_board *b, const struct rp_rules *rules);

/* Put or remove a piece, keeping the hash right. */
void rp_board_put(struct rp_board *b, rp_sq sq, rp_piece p);
void rp_board_remove(struct rp_board *b, rp_sq sq);

/* Load a FEN (board, side, castling KQkq for the rules' castlings in order
 * white-king-side, white-queen-side, black-king-side, black-queen-side,
 * en passant, halfmove).  Returns 0, or -1 if the FEN cannot be read. */
int rp_board_from_fen(struct rp_board *b, const struct rp_rules *rules, const char *fen);

/* Square of `colour`'s king, or RP_NO_SQ.  With several kings (Extinction
 * promotes to king) the one placed last; such variants have no check. */
static inline rp_sq rp_find_king(const struct rp_board *b, int colour) { return b->king[colour]; }

/* Play a move known to be pseudo-legal.  rp_unmake restores exactly. */
void rp_make(struct rp_board *b, rp_move m, struct rp_undo *u);
void rp_unmake(struct rp_board *b, rp_move m, const struct rp_undo *u);


#endif
