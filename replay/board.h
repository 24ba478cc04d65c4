/*
 * board: one 8x8 board of an orthodox-family game, the value types every
 * variant shares (pieces, squares, moves), attack detection and incremental
 * hashing.  Two boards side by side (Backlash) are two of these; a reserve
 * or pockets (Retro, Backlash) live in the variant's own state.
 *
 * Squares are 0x88 indices (rank * 16 + file): off-board tests are one AND,
 * and a move's direction is a plain difference.  Pieces are one byte.
 * Everything here is a small value type; nothing allocates.
 */
#ifndef GC_REPLAY_BOARD_H
#define GC_REPLAY_BOARD_H

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

/* Is a `type` piece of `colour` on sq (which may be off the board)? */
static inline int rp_piece_at(const struct rp_board *b, int sq, int type, int colour)
{
    return rp_on_board(sq) && b->sq[sq] && rp_type_of(b->sq[sq]) == type &&
           rp_colour_of(b->sq[sq]) == colour;
}

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

/* Hash keys (board.c also tables the piece keys once per process). */
uint64_t rp_key_piece(rp_piece p, rp_sq sq);
uint64_t rp_key_castle(unsigned castle);
uint64_t rp_key_side(void);
uint64_t rp_key_ep(rp_sq sq);

/* Empty board with the given rules, White to move. */
void rp_board_clear(struct rp_board *b, const struct rp_rules *rules);

/* Put or remove a piece, keeping the hash right. */
void rp_board_put(struct rp_board *b, rp_sq sq, rp_piece p);
void rp_board_remove(struct rp_board *b, rp_sq sq);

/* Load a FEN (board, side, castling KQkq for the rules' castlings in order
 * white-king-side, white-queen-side, black-king-side, black-queen-side,
 * en passant, halfmove).  Returns 0, or -1 if the FEN cannot be read. */
int rp_board_from_fen(struct rp_board *b, const struct rp_rules *rules, const char *fen);

/* Nonzero when a piece of `by` attacks `sq` (attacks.c); _vacated as if
 * the squares of the `vacated` bit set were empty (a king stepping away
 * no longer blocks the line behind it). */
int rp_attacked(const struct rp_board *b, rp_sq sq, int by);
int rp_attacked_vacated(const struct rp_board *b, rp_sq sq, int by, uint64_t vacated);

/* Would `sq` be attacked by `by` after the piece on `from`, not of `by`,
 * moved to `to` and took what stands there?  Not for the piece on sq
 * itself, nor for a move that also changes another square (castling, en
 * passant): those make the move and look. */
int rp_attacked_after(const struct rp_board *b, rp_sq sq, int by, rp_sq from, rp_sq to);

/* The squares one step of a knight, bishop, rook, queen or king on sq
 * reaches (for a slider, the squares next to it in its directions). */
uint64_t rp_first_steps(rp_sq sq, int type);

/* Nonzero when a and b share a rank, file or diagonal (a != b). */
int rp_aligned(rp_sq a, rp_sq b);

/* Nonzero when a knight, bishop, rook, queen or king (type) could go
 * from `from` to `to` by its pattern, nothing standing between for a
 * slider (castling aside). */
int rp_piece_reaches(const struct rp_board *b, rp_sq from, rp_sq to, int type);

/* Compute the attack masks (once per process); rp_board_clear calls it. */
void rp_masks_ready(void);

/* Square of the first attacker of `sq` belonging to `by`, or RP_NO_SQ.
 * "First" is a fixed order (pawns, knights and kings, then sliders by
 * direction), so that a message naming the attacker never changes. */
rp_sq rp_attacker(const struct rp_board *b, rp_sq sq, int by);

/* Square of `colour`'s king, or RP_NO_SQ.  With several kings (Extinction
 * promotes to king) the one placed last; such variants have no check. */
static inline rp_sq rp_find_king(const struct rp_board *b, int colour) { return b->king[colour]; }

/* Nonzero when `colour`'s king stands attacked. */
int rp_in_check(const struct rp_board *b, int colour);

/* Play a move known to be pseudo-legal.  rp_unmake restores exactly. */
void rp_make(struct rp_board *b, rp_move m, struct rp_undo *u);
void rp_unmake(struct rp_board *b, rp_move m, const struct rp_undo *u);

/* Hash for repetition (FIDE 9.2.2, fine-points.md 18): the en passant square
 * counts only when an en passant capture is actually legal. */
uint64_t rp_board_repetition_key(struct rp_board *b);

#endif
