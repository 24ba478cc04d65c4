/*
 * fairy_pos: the runtime board and state of a game of a defined variant.
 * A position (struct rp_fpos) is a value the caller owns, read from a FEN
 * (fairy_fen.c) and changed by rp_fmake (fairy_make.c); moves are
 * generated (fairy_gen.c), tested for legality (fairy_legal.c) and the
 * game's end (fairy_end.c), and shown (fairy_names.c, fairy_san.c).  Its
 * definition is fairy_def.h.
 *
 * Ownership: arguments are borrowed; nothing here allocates.
 */
#ifndef GC_REPLAY_FAIRY_POS_H
#define GC_REPLAY_FAIRY_POS_H

#include <stddef.h>
#include <string.h>

#include "replay/fairy_def.h"

/* ---------------------------------------------------------- position */

enum rp_fmove_kind {
    RP_FM_NORMAL,
    RP_FM_DROP,
    RP_FM_CASTLE,
    RP_FM_EP,
    RP_FM_PROMOTE,               /* a pawn becomes `type` */
    RP_FM_PIECE_PROMOTE,         /* a piece becomes its promotedPieceType (shogi) */
    RP_FM_PASS,
    RP_FM_PIECE_DEMOTE           /* a promoted piece becomes what it was (pieceDemotion: Kyoto Shogi) */
};

typedef struct rp_fmove {
    uint16_t from, to;           /* drop: from is RP_FNOSQ; castling: to is the king's destination */
    uint8_t kind;                /* enum rp_fmove_kind */
    uint8_t type;                /* DROP: the type placed; PROMOTE: the new type */
    uint8_t hand_type;           /* DROP: the type taken from the hand */
    uint8_t castle;              /* CASTLE: index 0..3 (colour * 2 + queen side) */
    uint8_t gate;                /* gating: type + 1; RP_FGATE_WALL: a wall (wallingRule); or 0 */
    uint8_t zero;                /* always 0: no padding byte, as moves are compared with memcmp */
    uint16_t gate_sq;            /* gating: the square the gated piece enters */
} rp_fmove;
_Static_assert(sizeof(rp_fmove) == 12, "rp_fmove has no padding");

#define RP_FMAX_MOVES 1024
/* rp_fmove.gate of a move that places a wall on gate_sq (fairy_walls.c). */
#define RP_FGATE_WALL 0xFF

/* A move from `from` to `to` of that kind, every other field 0.  Where
 * the byte order allows, built as the two integers its 12 bytes are:
 * gcc builds the compound literal on the stack two bytes at a time and
 * reads it back eight at a time, to store or pass it, and that read
 * waits for the stores it spans (a fifth of rp_fplain_move's samples
 * on Chess's own games). */
static inline rp_fmove rp_fmove_of(int from, int to, int kind)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(rp_fmove, to) == 2 && offsetof(rp_fmove, kind) == 4 &&
                       sizeof(rp_fmove) == 12,
                   "rp_fmove_of's integers are the fields' bytes");
    uint64_t lo = (uint64_t)(uint16_t)from | (uint64_t)(uint16_t)to << 16 |
                  (uint64_t)(uint8_t)kind << 32;
    uint32_t hi = 0;
    rp_fmove m;
    memcpy(&m, &lo, sizeof lo);
    memcpy((char *)&m + sizeof lo, &hi, sizeof hi);
    return m;
#else
    return (rp_fmove){.from = (uint16_t)from, .to = (uint16_t)to, .kind = (uint8_t)kind};
#endif
}

/* m placing its wall on sq. */
static inline rp_fmove rp_fwith_wall(rp_fmove m, int sq)
{
    m.gate = RP_FGATE_WALL;
    m.gate_sq = (uint16_t)sq;
    return m;
}

struct rp_fmovelist {
    rp_fmove m[RP_FMAX_MOVES];
    int n;
};

struct rp_fpos {
    const struct rp_fdef *def;
    rp_fpiece b[RP_FMB_SIZE];
    uint8_t unpromoted[RP_FMB_SIZE]; /* promoted piece: its original type + 1; else 0 */
    uint8_t hand[2][RP_FMAX_TYPES];
    uint8_t count[2][RP_FMAX_TYPES];
    uint64_t live[2];            /* bit per type of which the colour has a piece on the board */
    uint64_t key_board;          /* the pieces on their squares, kept as they move (rp_fkey) */
    uint64_t key_castle;         /* the castling rights' part of the key, kept as they change
                                    (rp_fcastle_key) */
    int side;                    /* FMT_WHITE or FMT_BLACK to move */
    int king[2];                 /* the royal piece's square, RP_FNOSQ if none */
    int ep;                      /* en passant target, or RP_FNOSQ */
    int ep2;                     /* a second one, after a pawn's triple step, or RP_FNOSQ */
    int ep_victim;               /* the piece an en passant capture onto ep takes: a custom
                                    piece's square after its initial double step (the
                                    reference's occupied en passant square); RP_FNOSQ: the
                                    nearest enemy piece behind ep on its file (a pawn's) */
    int castle_rights;           /* bit per castle index */
    int castle_rook[4];          /* the rook's square of each castling */
    int castle_king[4];          /* the castling piece's square: the king's, or with no king
                                    the e-file square of the castling rank (11.1) */
    rp_fset gates[2];            /* Seirawan: squares whose piece may still gate */
    int checks_left[2];          /* n-check: checks each side still needs */
    int rule50;                  /* plies since a capture or pawn move */
    int plies;                   /* plies played since the start position */
    int counting_limit;          /* Makruk counting: plies allowed, 0 when not counting */
    int counting_ply;
    int pass;                    /* the last move was a pass */
    int prev_pass;
    int bikjang;                 /* the kings face each other (janggi) */
    int prev_bikjang;
    int in_check;                /* the side to move is in check */
    int shak_run[2];             /* shatarMateRule: the colour is in a run of checks (at each of
                                    its turns) of which one was a shak */
    int last_capture;            /* the last move captured */
    int last_drop_pawn_check;    /* the last move dropped a shogi pawn that gives check */
};

/* ------------------------------------------------------------- api */

/* fairy_fen.c: read a FEN into *p.  Returns 0, or -1 with the reason. */
int rp_ffen_read(struct rp_fpos *p, const struct rp_fdef *d, const char *fen, char *why, size_t size);
/* The same for a position a game starts from (startFen, a FEN: header),
 * which must not leave the side not to move in check. */
int rp_ffen_read_start(struct rp_fpos *p, const struct rp_fdef *d, const char *fen, char *why, size_t size);
/* The position's FEN, Fairy-Stockfish's fields for the variant. */
void rp_ffen_write(const struct rp_fpos *p, char *buf, size_t size);

/* fairy_position.c: put a piece on sq (its counts, the king's square, the
 * key). */
void rp_fpos_put(struct rp_fpos *p, int sq, int type, int colour, int unpromoted);

/* A well-spread 64-bit key from a small index (splitmix64's finaliser):
 * the repetition keys are sums (xor) of these. */
static inline uint64_t rp_fmix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* A piece's part of the repetition key, with the base it was promoted
 * from where that counts (fairy_position.c: where captures go to the
 * hand; Shogi's +P and +L both move as golds but go back to the hand as
 * different pieces). */
static inline uint64_t rp_fpiece_key(rp_fpiece pc, int unpromoted, int sq)
{
    return rp_fmix((uint64_t)unpromoted << 32 | (uint64_t)pc << 16 | (uint64_t)sq);
}

/* Take the piece off sq (its counts, the king's square, the key). */
void rp_fpos_take(struct rp_fpos *p, int sq);

/* The castling rights' part of the repetition key, from the rights and
 * their rooks' squares: kept in key_castle whenever the rights change. */
uint64_t rp_fcastle_key(const struct rp_fpos *p);

/* Do a king on k and one on o face each other, on a file or a rank with
 * nothing between (the square `empty` read as empty, -1 for none)?  The
 * flying general and bikjang, as the reference's rook attack from the
 * king: RP_FACE_FILE, RP_FACE_RANK, or 0. */
enum { RP_FACE_FILE = 1, RP_FACE_RANK };
int rp_fkings_face(const struct rp_fpos *p, int k, int o, int empty);
int rp_fbikjang(const struct rp_fpos *p);      /* the kings face each other */

/* fairy_legal.c: the repetition key, computed from p->key_board and the
 * rest of the position (an en passant square only when usable). */
uint64_t rp_fkey(const struct rp_fpos *p);

/* fairy_gen.c */
int rp_fattacked(const struct rp_fpos *p, int sq, int by);
int rp_fattacker(const struct rp_fpos *p, int sq, int by); /* a square attacking sq, or RP_FNOSQ */
void rp_fgen_pseudo(const struct rp_fpos *p, struct rp_fmovelist *out);
void rp_fgen_from(const struct rp_fpos *p, int from, struct rp_fmovelist *out);
/* rp_fgen_from without the atoms that cannot reach `to` (its moves to
 * `to` are among those it adds, with castlings and the pawn's moves). */
void rp_fgen_from_to(const struct rp_fpos *p, int from, int to, struct rp_fmovelist *out);
int rp_fgives_check(const struct rp_fpos *p, rp_fmove m);
/* The usual written move, found without generating the piece's moves:
 * 1 with *out when the piece of the side to move on `from` reaches `to`
 * by a plain move and by nothing else rp_fgen_from_to would list there
 * (no promotion, castling, gating or pawn's move is possible for it);
 * 0 when it does not, or when only the generator can say. */
int rp_fplain_move(const struct rp_fpos *p, int from, int to, rp_fmove *out);
/* The squares a `type` piece of `colour` on `from` moves to without
 * capturing, on p's board: the reference's moves_bb (its moves but the
 * initial ones), which an Amazon's arrow flies along. */
void rp_fquiet_moves(const struct rp_fpos *p, int type, int colour, int from, rp_fset *out);

/* fairy_walls.c, wallingRule only.  The squares where move m (without its
 * wall) may place its wall, p before the move: empty for a pass and where
 * the variant has no walls.  The legal ones (those where the walled move
 * is legal, rp_flegal), and their number.  Put the wall on sq, after the
 * move (the duck's walls before it taken off). */
void rp_fwall_squares(const struct rp_fpos *p, rp_fmove m, rp_fset *out);
int rp_fwalls_legal(const struct rp_fpos *p, rp_fmove m, rp_fset *out);
void rp_fwall_place(struct rp_fpos *p, int sq);

/* fairy_leaps.c, cambodianMoves only: the first-move leap of the king or
 * fers on `from`, to `only` alone when it is a square (>= 0); and, before
 * move m is made, the enemy king's leap taken away when m is a rook's
 * move onto its file or rank. */
void rp_fgen_leaps(const struct rp_fpos *p, int from, int only, struct rp_fmovelist *out);
void rp_fleaps_aimed(struct rp_fpos *p, rp_fmove m);

/* fairy_enclose.c, Reversi's keys only.  May the side to move drop on
 * the empty square sq (enclosingDrop = reversi, enclosingDropStart)?
 * Turn the enemy pieces a move of `us` landing on `to` encloses
 * (flipEnclosedPieces = reversi).  Is every square of the board taken
 * (adjudicateFullBoard)?  The square a pass of the side to move is
 * written from (passOnStalemate: its king's, else its first piece's from
 * a1 on, as the reference's), or RP_FNOSQ when it has no piece. */
int rp_fenclosing_drop(const struct rp_fpos *p, int sq);
void rp_fflip(struct rp_fpos *p, int to, int us);
int rp_fboard_full(const struct rp_fpos *p);
int rp_fstalemate_pass_from(const struct rp_fpos *p);

/* Castling idx: the king's and the rook's destination squares; whether
 * the squares between are free (11.1's castling_impeded). */
void rp_fcastle_squares(const struct rp_fpos *p, int idx, int *kto, int *rto);
int rp_fcastle_path_clear(const struct rp_fpos *p, int idx);
/* May a `type` piece from the hand of the side to move be dropped on sq? */
int rp_fdrop_allowed(const struct rp_fpos *p, int type, int sq);
/* sittuyinPromotion (fairy_sittuyin.c): the promotions of the pawn on
 * `from`, appended to out; and is the side to move stalemated by
 * Sittuyin's rule (its king and one pawn alone, not in check, every
 * legal move a promotion)? */
void rp_fgen_sittuyin(const struct rp_fpos *p, int from, struct rp_fmovelist *out);
int rp_fsittuyin_stalemate(const struct rp_fpos *p);
int rp_fattack_from(const struct rp_fpos *p, int type, int by, int from, const struct rp_fatom *a, int sq);
/* For definitions with simple_attacks: a `by` rider on the line from k
 * through `through` (skip counted empty, block full); the piece on sq
 * attacking k. */
int rp_fline_attack(const struct rp_fpos *p, int k, int through, int skip, int block, int by);
int rp_fpiece_attacks(const struct rp_fpos *p, int sq, int k);

/* fairy_make.c: play a move (no legality test). */
void rp_fmake(struct rp_fpos *p, rp_fmove m);
/* The square of the piece an en passant capture onto p->ep takes. */
int rp_fep_victim(const struct rp_fpos *p);

/* fairy_legal.c */
enum rp_fillegal {
    RP_FL_OK,
    RP_FL_KING_ATTACKED,         /* own king attacked after the move */
    RP_FL_CASTLE_THROUGH,        /* castling through an attacked square */
    RP_FL_CASTLE_OUT,            /* castling out of check */
    RP_FL_CHECK_FORBIDDEN,       /* a check where the rules forbid giving one */
    RP_FL_FLYING_GENERAL,
    RP_FL_MUST_CAPTURE,
    RP_FL_MUST_DROP,
    RP_FL_IMMOBILE,
    RP_FL_MAKPONG,
    RP_FL_PAWN_DROP_MATE,
    RP_FL_MUTUALLY_IMMUNE,       /* mutuallyImmuneTypes: a piece taking its own type */
    RP_FL_ROYAL_BLASTED,         /* extinctionPseudoRoyal: the move's blast takes a piece of its own
                                    that is guarded like a king */
    RP_FL_ROYAL_ATTACKED,        /* extinctionPseudoRoyal: such a piece attacked after the move */
    RP_FL_BISHOP_COLOURS,        /* dropOppositeColoredBishop: the drop leaves the bishops no way
                                    onto squares of both colours */
    RP_FL_PASS_NOT_STALEMATED,   /* passOnStalemate: a pass while another move is legal */
    RP_FL_WALL_MISSING,          /* wallingRule: a move that places no wall */
    RP_FL_WALL_SQUARE            /* wallingRule: the wall on a square the rule does not give it */
};
enum rp_fillegal rp_flegal(const struct rp_fpos *p, rp_fmove m);
/* The same without the quick king-safety test (quick_king_safe): every
 * move played on a copy.  The slow twin the tests compare it with. */
enum rp_fillegal rp_flegal_plain(const struct rp_fpos *p, rp_fmove m);
/* The legal moves.  Where walls are placed (wallingRule), each move once
 * without its wall (gate 0), when at least one wall makes it legal:
 * rp_fwalls_legal gives them. */
void rp_fgen_legal(const struct rp_fpos *p, struct rp_fmovelist *out);
/* dropNoDoubled (and 11.1's shogiDoubledPawn = false): how many of its
 * side's unpromoted `type` a file may hold for one more to be dropped
 * there (0: never dropped), or -1 for no limit. */
int rp_fdrop_file_limit(const struct rp_fdef *d, int type);
int rp_fhas_legal(const struct rp_fpos *p);
uint64_t rp_fperft(const struct rp_fpos *p, int depth);
int rp_fmove_is_capture(const struct rp_fpos *p, rp_fmove m);

/* extinctionPseudoRoyal: a square of a piece of the side to move that
 * is guarded like a king and attacked (the reference build's
 * checked_pseudo_royals), or RP_FNOSQ. */
int rp_froyal_checked(const struct rp_fpos *p);

/* fairy_end.c */
/* An end the position shows on its own, before legal moves are counted
 * (Fairy-Stockfish's immediate ends): extinction, the flag, n-check,
 * bikjang and two passes.  Returns nonzero and fills *e. */
int rp_fimmediate_end(const struct rp_fpos *p, struct rp_ending *e);

/* The types of the pieces that check the side to move's king (a bit per
 * type). */
uint64_t rp_fchecker_types(const struct rp_fpos *p);

/* After the immediate ends: no legal move means checkmate or stalemate,
 * with the definition's values.  Returns nonzero and fills *e. */
int rp_fmate_or_stalemate(const struct rp_fpos *p, struct rp_ending *e);
/* Janggi's or the unweighted material count, as a result; the counts
 * go into detail as "material=W-B". */
enum rp_result rp_fmaterial_result(const struct rp_fpos *p, char *detail, size_t size);

/* fairy_san.c: the san slot of every defined variant (replay.h). */
int rp_fsan(const void *state, const struct fmt_component *c, size_t n, char *buf, size_t size);
/* The board as text for `gcaudit replay`. */
void rp_frender(const struct rp_fpos *p, char *buf, size_t size);
/* The position for the game viewer. */
void rp_fview(const struct rp_fpos *p, struct rp_view *v);

#endif
