/*
 * fairy_def: what a loaded section is.  A definition (struct rp_fdef) is
 * everything the general engine reads of a variant: the board, the piece
 * types and how they move (Betza atoms), promotion, castling, drops,
 * gating, the ways a game ends, gcaudit's own keys, and the tables
 * compiled from them.  It is built in three stages: the defaults
 * (rp_fdef_defaults) or a parent's copy, a section's keys applied
 * (rp_fdef_apply, the key table of fairy_keys.c), and compiled
 * (rp_fdef_compile); then it is read-only.  The position a game plays on
 * is fairy_pos.h.
 *
 * The board is a padded mailbox: 16 columns (12 files and 4 of padding)
 * by 18 rows (10 ranks and 4 rows of padding above and below), so that a
 * step of up to 4 files or ranks from any square lands either on a
 * square or on a padding cell, and a move never needs a bounds test.
 *
 * Ownership: arguments are borrowed; nothing here allocates.
 */
#ifndef GC_REPLAY_FAIRY_DEF_H
#define GC_REPLAY_FAIRY_DEF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"

/* ------------------------------------------------------------ geometry */

#define RP_FMAX_FILES 12
#define RP_FMAX_RANKS 10
#define RP_FMB_COLS 16           /* mailbox columns: files 0..11, padding 12..15 */
#define RP_FMB_PAD 4             /* padding rows below and above the board */
#define RP_FMB_SIZE (RP_FMB_COLS * (RP_FMAX_RANKS + 2 * RP_FMB_PAD))
#define RP_FMAX_STEP 4           /* largest file or rank distance of one leap */
#define RP_FNOSQ 0               /* never a board square (it is in the bottom padding) */
#define RP_FSET_WORDS ((RP_FMB_SIZE + 63) / 64)

static inline int rp_fsq(int file, int rank) { return (rank + RP_FMB_PAD) * RP_FMB_COLS + file; }
static inline int rp_ffile(int sq) { return sq % RP_FMB_COLS; }
static inline int rp_frank(int sq) { return sq / RP_FMB_COLS - RP_FMB_PAD; }

/* A set of mailbox squares. */
typedef struct rp_fset {
    uint64_t w[RP_FSET_WORDS];
} rp_fset;

static inline int rp_fset_has(const rp_fset *s, int sq) { return (int)((s->w[sq >> 6] >> (sq & 63)) & 1); }
static inline void rp_fset_add(rp_fset *s, int sq) { s->w[sq >> 6] |= (uint64_t)1 << (sq & 63); }
static inline void rp_fset_del(rp_fset *s, int sq) { s->w[sq >> 6] &= ~((uint64_t)1 << (sq & 63)); }
int rp_fset_empty(const rp_fset *s);

/* The eight rook and bishop steps, numbered 0..7 (line_types). */
static inline int rp_fline_index(int step)
{
    switch (step) {
    case 1: return 0;
    case -1: return 1;
    case 16: return 2;
    case -16: return 3;
    case 17: return 4;
    case -17: return 5;
    case 15: return 6;
    default: return 7; /* -15 */
    }
}

/* ---------------------------------------------------------- pieces */

#define RP_FNAMED_TYPES 38       /* Fairy-Stockfish 11.1's named piece types */
#define RP_FMAX_CUSTOM 25        /* customPiece1..25, as the reference */
#define RP_FMAX_TYPES (RP_FNAMED_TYPES + RP_FMAX_CUSTOM) /* type ids: named first */
#define RP_FMAX_ATOMS 48         /* move atoms of one piece type */
#define RP_FLABEL_MAX 4          /* a label and its terminator: "+P", "RR" */

/* Pieces on the board: 0 empty, RP_FOFF outside the board, else the
 * type plus one, with RP_FBLACK for Black's. */
typedef uint8_t rp_fpiece;
#define RP_FOFF 0xFF
#define RP_FBLACK 0x80
static inline int rp_fp_type(rp_fpiece p) { return (p & 0x7F) - 1; }
static inline int rp_fp_colour(rp_fpiece p) { return (p & RP_FBLACK) ? 1 : 0; }
static inline rp_fpiece rp_fp_make(int type, int colour) { return (rp_fpiece)((type + 1) | (colour ? RP_FBLACK : 0)); }
static inline int rp_fp_real(rp_fpiece p) { return p != 0 && p != RP_FOFF; }
/* What a promoted piece was (rp_fpos.unpromoted[], rp_flabel): its type
 * plus one, or this when it was promoted from an unknown base (a pawn). */
#define RP_FPROMOTED_NO_BASE 0x7F

/* What a move atom may do on its target. */
#define RP_FA_MOVE 1             /* to an empty square */
#define RP_FA_CAPTURE 2          /* onto an enemy piece */

enum rp_fa_kind {
    RP_FA_LEAP,                  /* one step; lame: the block squares must be empty */
    RP_FA_RIDE,                  /* repeated steps over empty squares */
    RP_FA_HOP,                   /* a cannon: over exactly one piece (the screen) */
    RP_FA_GRASSHOP               /* lands right behind the first piece of the line */
};

/* When an atom applies beyond its geometry. */
enum rp_fa_cond {
    RP_FAC_ALWAYS,
    RP_FAC_PROMOTED_SOLDIER,     /* only from the soldier's promotion zone (xiangqi) */
    RP_FAC_DIAGONAL_LINES,       /* only along the definition's diagonalLines (janggi palace) */
    RP_FAC_INITIAL               /* Betza 'i': only from the double-step ranks */
};

/* One move of a piece type, from White's side (Black's turned half a
 * circle, files and ranks both, as the reference build turns them: a
 * piece that steps right steps to White's left for Black). */
struct rp_fatom {
    int8_t dx, dy;               /* one step */
    uint8_t kind;                /* enum rp_fa_kind */
    uint8_t mode;                /* RP_FA_MOVE | RP_FA_CAPTURE */
    uint8_t range;               /* RIDE/HOP: most steps, 0 = unlimited */
    uint8_t cond;                /* enum rp_fa_cond */
    uint8_t nblock;              /* lame leaper: squares that must be empty */
    int8_t block[2][2];          /* their (dx, dy) from the origin */
};

/* The part of a type's rules that no atom can say. */
enum rp_frole {
    RP_FR_PLAIN,
    RP_FR_PAWN,                  /* double step, en passant, promotion by promotionPieceTypes */
    RP_FR_SHOGI_PAWN,            /* two-pawn rule, no mate by a dropped pawn */
    RP_FR_SOLDIER,               /* sideways steps past soldierPromotionRank */
    RP_FR_JANGGI_CANNON,         /* cannot jump over or capture a cannon */
    RP_FR_KING                   /* the royal piece: check, castling */
};

struct rp_ftype {
    char letter;                 /* lower-case FEN letter; 0: not in the variant */
    char synonym;                /* a second FEN letter, or 0 */
    enum rp_frole role;
    char betza[64];              /* how it moves (a named type: fairy_pieces.c) */
    struct rp_fatom atoms[RP_FMAX_ATOMS]; /* compiled from betza */
    int natoms;
    int lame;                    /* some atom is a lame leaper (attacks need its blocks) */
    int overlap;                 /* two atoms may reach one square (QNAD's alfil on the queen's
                                    diagonal): the generator drops the second move there */
    int promoted;                /* promotedPieceType: the type it promotes to, or -1 */
    int promotion_limit;         /* promotionLimit: most of this type per side, 0 = no limit */
    int has_region[2];           /* mobilityRegion given for the colour */
    uint64_t towards[9];         /* derived: per rp_fdir_class, a bit per atom whose steps go
                                    that way (a move's or an attack's atoms, found without
                                    trying every atom) */
    int initial_ep;              /* derived: it has a quiet initial move ('i') of two steps along
                                    a line that its other moves do not make, which leaves an
                                    en passant square (the reference's do_move) */
    rp_fset region[2];           /* squares the type may stand on, per colour */
};

/* The class of a direction dx files and dy ranks away (from the mover's
 * side): the signs of both.  Every step of an atom, however many, is of
 * the atom's class. */
static inline int rp_fdir_class(int dx, int dy)
{
    return ((dx > 0) - (dx < 0) + 1) * 3 + (dy > 0) - (dy < 0) + 1;
}

/* A named piece type of Fairy-Stockfish 11.1 (fairy_pieces.c). */
struct rp_fnamed {
    const char *name;            /* the variants.ini key: "knight", "janggiCannon" */
    const char *betza;           /* its moves as 11.1 makes them */
    enum rp_frole role;
};

/* The named type with this id (0 .. RP_FNAMED_TYPES-1), in 11.1's order. */
const struct rp_fnamed *rp_fnamed_at(int id);
/* The id of a variants.ini piece key, or -1. */
int rp_fnamed_find(const char *name);

#define RP_FTYPE_PAWN 0          /* ids of the types the rules name */
#define RP_FTYPE_KNIGHT 1
#define RP_FTYPE_BISHOP 2
#define RP_FTYPE_ROOK 3
#define RP_FTYPE_QUEEN 4
#define RP_FTYPE_FERS 5
#define RP_FTYPE_SILVER 8
#define RP_FTYPE_SHOGI_PAWN 18
#define RP_FTYPE_CANNON 27
#define RP_FTYPE_JANGGI_CANNON 28
#define RP_FTYPE_SOLDIER 29
#define RP_FTYPE_HORSE 30
#define RP_FTYPE_ELEPHANT 31
#define RP_FTYPE_JANGGI_ELEPHANT 32
#define RP_FTYPE_WAZIR 34
#define RP_FTYPE_COMMONER 35
#define RP_FTYPE_KING 37

/* Compile a Betza string into atoms.  Returns 0, or -1 with the reason. */
int rp_betza_compile(const char *betza, struct rp_fatom *atoms, int max, int *n,
                     char *why, size_t size);

/* One way an attacker may stand relative to the attacked square, for all
 * the types that attack so (fairy_compile.c builds them, fairy_gen.c reads
 * them): the attack test looks at a few squares instead of trying every
 * atom of every type. */
struct rp_fprobe {
    int16_t off;                 /* mailbox step from the attacker towards the target */
    uint8_t kind;                /* RP_FA_LEAP: one step; RP_FA_RIDE: the first piece along -off */
    uint8_t slow;                /* the attack needs the atom's own test (lame, a condition, a
                                    range, a cannon): type and atom say which */
    uint8_t type, atom;          /* slow: the one type and its atom */
    uint8_t merged;              /* a fast leap whose square a fast ride of the same step looks
                                    at first: the yes-or-no attack test asks it there (`near`) */
    uint64_t types;              /* fast: bit per type that attacks so */
    uint64_t near;               /* a fast ride: the types of the merged leap of its step, which
                                    attack from its first square only */
};

#define RP_FMAX_PROBES 256

/* ------------------------------------------------------------- rules */

/* A result for the side to move, as variants.ini writes it. */
enum rp_fvalue { RP_FV_NONE, RP_FV_WIN, RP_FV_LOSS, RP_FV_DRAW };

enum rp_fcounting { RP_FCOUNT_NONE, RP_FCOUNT_MAKRUK, RP_FCOUNT_ASEAN, RP_FCOUNT_CAMBODIAN };
/* enclosingDrop and flipEnclosedPieces, as variants.ini writes them; gcaudit implements reversi. */
enum rp_fenclosing { RP_FENCLOSE_NONE, RP_FENCLOSE_REVERSI, RP_FENCLOSE_ATAXX };
/* wallingRule, as the reference build's variants.ini writes it (fairy_walls.c). */
enum rp_fwalling { RP_FWALL_NONE, RP_FWALL_ARROW, RP_FWALL_DUCK, RP_FWALL_EDGE, RP_FWALL_PAST, RP_FWALL_STATIC };
enum rp_fmaterial { RP_FMAT_NONE, RP_FMAT_JANGGI, RP_FMAT_UNWEIGHTED, RP_FMAT_WHITE_DRAW_ODDS, RP_FMAT_BLACK_DRAW_ODDS };

#define RP_FMAX_NAMES 16
#define RP_FANY_TYPE (-2)        /* flagPiece = *: any piece */

/* A compiled definition: everything the engine reads. */
struct rp_fdef {
    char name[64];               /* section name: the report key */
    char title[96];              /* gcTitle */
    char short_title[96];        /* the title before any " (": what messages call it */
    char origin[512];            /* file the section came from */
    char games[RP_FMAX_NAMES][64]; /* gcGames, normalised */
    int ngames;
    const char *game_ptrs[RP_FMAX_NAMES + 1]; /* NULL-terminated view of games */

    int files, ranks;            /* maxFile, maxRank */
    char start_fen[256];
    int chess960;

    struct rp_ftype types[RP_FMAX_TYPES];
    uint8_t present[RP_FMAX_TYPES]; /* ids of the types in the variant, ascending */
    int ntypes;
    int king;                    /* the royal type, or -1 */
    int king_moves;              /* kingType: the type whose moves the king makes */
    int pawn;                    /* the pawn type, or -1 */

    /* promotion */
    rp_fset promotion_region[2]; /* promotionRegionWhite/Black (promotionRank sets both) */
    int promotion_rank;          /* derived: the lowest relative rank of White's zone, for messages */
    uint64_t promotion_types[2]; /* bit per type a pawn of the colour may become */
    uint64_t promotion_pawn_types[2]; /* promotionPawnTypes: the pawn promotes in any case (as in
                                         the reference); another type listed promotes as a pawn on
                                         the squares of the zone it moves to */
    int mandatory_pawn_promotion;
    int sittuyin_promotion;      /* sittuyinPromotion: a pawn becomes a promotion type in place or
                                    by that type's step, never by its own move (fairy_gen.c) */
    int mandatory_piece_promotion;
    int piece_demotion;          /* pieceDemotion: a promoted piece may turn back into what it
                                    was, moving into, within or out of the zone (Kyoto Shogi) */
    int piece_promotion_on_capture;
    int immobility_illegal;
    int drop_opposite_coloured_bishop; /* dropOppositeColoredBishop: a side's bishops, on the board
                                    and in hand, must be dropped on squares of both colours */
    int landing_rules;           /* derived: immobilityIllegal or dropOppositeColoredBishop, what
                                    legality looks at where a piece lands (fairy_legal.c) */

    /* pawns */
    int double_step;
    rp_fset double_step_region[2]; /* doubleStepRegionWhite/Black (doubleStepRank sets both) */
    int first_rank_double_steps; /* 11.1's key: adds the first rank to the region */
    rp_fset triple_step_region[2]; /* tripleStepRegionWhite/Black: where a pawn steps three */
    uint64_t en_passant_types[2]; /* enPassantTypes: the types besides the pawn that capture en
                                     passant (the pawn always does, as in the reference) */
    rp_fset en_passant_region;   /* squares en passant may capture on */
    uint64_t pawn_like[2];       /* derived: per colour, the types other than the pawn that
                                    promote as pawns or capture en passant (the generator's
                                    own path, fairy_gen.c) */
    uint64_t make_rules[2];      /* derived: per colour, the types whose moves the clock, en
                                    passant or promotion look at after the move (fairy_make.c) */

    /* castling */
    int castling;
    int castling_kingside_file;  /* 0-based */
    int castling_queenside_file;
    int castling_rank;           /* relative, 1-based */
    int castling_rook;           /* derived: the first of White's castling rook types present
                                    (the one a message names when no piece stands there) */
    uint64_t castling_rooks[2];  /* derived: each side's castling rook types present */
    uint64_t castling_rook_types[2]; /* castlingRookPieces (castlingRookPiece sets it too) */
    int castling_king_type[2];   /* castlingKingPiece: the king (checked when compiled) */
    int castling_king_file;      /* castlingKingFile: where a dropped king starts castling
                                    (castlingDroppedPiece) */
    int castling_dropped_piece;  /* castlingDroppedPiece: a king dropped on castlingKingFile of the
                                    castling rank, or a rook in its corner beside such a king,
                                    gives the castling right (Placement) */
    int castling_rook_kingside_file;  /* castlingRookKingsideFile: where a FEN's K starts looking
                                         for its rook, towards the king (0-based) */
    int castling_rook_queenside_file; /* castlingRookQueensideFile: where Q starts */

    /* check */
    int checking;
    int drop_checks;
    int flying_general;
    int bikjang;
    int makpong;
    int king_pass;
    int perpetual_check_illegal;
    int chasing_rule;            /* chasingRule = axf: a repetition's chase loses (fairy_chase.c) */
    int move_repetition_illegal; /* moveRepetitionIllegal: moving back and forth loses (fairy_moverep.c) */
    int shogi_pawn_drop_mate_illegal;
    rp_fset diagonal_lines;
    int has_diagonal_lines;
    int soldier_promotion_rank;  /* relative, 1-based */

    /* drops and hands */
    int piece_drops;
    int captures_to_hand;
    int drop_loop;
    int first_rank_pawn_drops;
    int promotion_zone_pawn_drops;
    int drop_promoted;
    int shogi_doubled_pawn;
    int drop_no_doubled;         /* dropNoDoubled: the type never dropped on a file holding one, or -1 */
    int drop_no_doubled_count;   /* dropNoDoubledCount: ... holding that many */
    int drop_on_top;
    int sittuyin_rook_drop;      /* sittuyinRookDrop: a rook is dropped on its side's first rank only */
    rp_fset drop_region[2];
    int must_capture;
    int must_drop;
    int must_drop_type;          /* type, or -1 for any */
    int gating, seirawan_gating;
    int cambodian_moves;         /* cambodianMoves: a king or a fers (met) on one of its side's
                                    gates may leap on its first move (fairy_leaps.c) */
    int enclosing_drop;          /* enum rp_fenclosing: enclosingDrop = reversi: a drop must enclose enemy pieces
                                    between it and one of its side's (fairy_enclose.c) */
    rp_fset enclosing_drop_start; /* enclosingDropStart: while one of these is empty, the drops go
                                    there, and only there */
    int flip_enclosed;           /* enum rp_fenclosing: flipEnclosedPieces = reversi: the enemy pieces a move
                                    encloses change sides */
    int pass_on_stalemate;       /* passOnStalemate: a side with no other legal move passes */
    int walling_rule;            /* enum rp_fwalling: every move places a wall (fairy_walls.c) */
    rp_fset walling_region[2];   /* wallingRegionWhite/Black (wallingRegion sets both): where
                                    each side's walls may go */

    /* ends */
    int n_move_rule;
    uint64_t n_move_rule_types[2]; /* nMoveRuleTypes: types whose moves that cannot be taken back
                                      reset the clock */
    int n_fold_rule;
    enum rp_fvalue n_fold_value;
    int n_fold_value_absolute;
    enum rp_fvalue stalemate_value;
    int stalemate_piece_count;   /* stalematePieceCount: a stalemate is stalemateValue for the side
                                    with fewer pieces, a draw when even */
    enum rp_fvalue checkmate_value;
    enum rp_fvalue extinction_value;
    int extinction_claim;
    uint64_t extinction_types;   /* bit per type */
    int extinction_all;          /* '*': every piece counts */
    char extinction_order[RP_FMAX_TYPES]; /* types as the key lists them, for details */
    int extinction_norder;
    int extinction_piece_count;
    int extinction_opponent_piece_count;
    int extinction_pseudo_royal; /* extinctionPseudoRoyal: the last extinction pieces are guarded
                                    as kings (fairy_legal.c) */
    int shatar_mate_rule;        /* shatarMateRule: a mate by knights alone wins for the mated
                                    side; a mate ending a run of checks none of which was a
                                    shak (by a knight, rook or bers) is a draw */
    uint64_t shak_types;         /* derived: the knight, the rook and the bers */
    int duple_check;             /* dupleCheck: with extinctionPseudoRoyal, a side may not leave
                                    every piece of its extinction types attacked, however many
                                    (Spartan's two kings), and is mated so */
    int blast_on_capture;        /* blastOnCapture: a capture removes the capturer, the captured
                                    and every non-pawn piece next to them (Atomic) */
    uint64_t blast_immune_types; /* blastImmuneTypes: types no blast removes */
    uint64_t mutually_immune_types; /* mutuallyImmuneTypes: types that may not take their own type */
    uint64_t petrify_types;      /* petrifyOnCaptureTypes (the reference build's key): a piece of
                                    these types that captures leaves the board, and the square
                                    becomes a wall when what stands there is of them too */
    int flag_piece;              /* type, RP_FANY_TYPE for any piece, or -1 for none */
    rp_fset flag[2];
    int flag_piece_count;        /* flagPieceCount: how many flag pieces the region must hold */
    int flag_piece_blocked_win;  /* flagPieceBlockedWin: or fewer, when the region is full */
    int flag_beyond_board[2];    /* derived: the region as written reaches past the board (a
                                    whole rank, "*3", on a board narrower than 12 files), so it
                                    is never full, as in the reference build */
    int flag_move;
    int flag_piece_safe;         /* flagPieceSafe: a flag piece attacked in the region does not
                                    win yet (Dobutsu's lion) */
    int check_counting;
    int adjudicate_full_board;   /* adjudicateFullBoard: a full board ends the game, scored by
                                    materialCounting */
    int connect_n;
    int connect_vertical, connect_horizontal, connect_diagonal; /* the lines connectN counts */
    enum rp_fmaterial material_counting;
    int counting_rule;           /* enum rp_fcounting */

    /* gcaudit's own keys (docs/defined-variants.md) */
    int repetition_end;          /* gcRepetitionEnd: occurrences that end the game by themselves */
    int move_rule_end;           /* gcMoveRuleEnd: moves (of both sides) that end it by themselves */
    int insufficient_material;   /* gcInsufficientMaterial: FIDE's dead positions (docs/rules.md) */
    char repetition_review[24];  /* gcRepetitionReview: what a director judges of a repetition
                                    that is no perpetual check ("chasing"); "" none */
    char file_labels[RP_FMAX_FILES][4]; /* gcFiles */
    char rank_labels[RP_FMAX_RANKS][4]; /* gcRanks */
    int nfile_labels, nrank_labels;     /* how many gcFiles/gcRanks gave; 0: the defaults */
    char labels[2][RP_FMAX_TYPES][RP_FLABEL_MAX]; /* gcLabels per colour and type; "" = the letter */
    char piece_names[RP_FMAX_TYPES][24]; /* gcNames: words for messages; "" = fairy_pieces.c's */
    char pgn_variant[32];        /* gcPgnVariant: the PGN Variant tag; "": not exported to PGN */
    unsigned oracles;            /* gcOracles: the builds of Fairy-Stockfish the suite holds it to
                                    (RP_ORACLE_*); not inherited */
    char parent[64];             /* the section it starts from ([name:parent]); "" none */
    int parent_builtin;          /* that parent is a built-in variant of the reference build */

    /* derived when compiled */
    char legend[640];            /* what the diagram's labels mean, for `gcaudit replay` */
    char fold_claim[40];         /* "threefold" for nFoldRule 3 */
    char moves_claim[40];        /* "fifty-moves" for nMoveRule 50 */
    rp_fset board;               /* the squares of the board */
    rp_fset promotion_zone[2];
    rp_fset pawn_promotion_zone[2]; /* derived: where a pawn's own move promotes it: the zone, none
                                       with sittuyinPromotion */
    uint64_t allowed[2][RP_FMB_SIZE]; /* bit per type that may stand on the square */
    struct rp_fprobe probes[2][RP_FMAX_PROBES]; /* per attacking colour */
    int nprobes[2];
    uint64_t line_types[2][8];   /* per attacking colour and rp_fline_index: the types whose
                                    fast rides attack along that step */
    int extinction_ends;         /* extinction ends the game: extinctionValue set, and not
                                    pseudo-royal pieces that cannot be taken (no blast) */
    int has_flag;                /* a flag piece and a flag region: the flag is looked at */
    int hoppers;                 /* some piece hops (a cannon, a grasshopper): a FEN may hold no
                                    wall, which gcaudit does not make a screen */
    int simple_attacks;          /* every attack is a plain leap or a rook or bishop line: a
                                    move can only open a line through its from-square (the
                                    fast legality test of fairy_legal.c) */
};

/* Does the move rule end a game before a repetition completed on the same
 * ply?  Where both ends are the reference build's own (nMoveRule,
 * nFoldRule), it judges the move rule first (is_optional_game_end), and
 * so does gcaudit; where gcRepetitionEnd or gcMoveRuleEnd sets a later end
 * than the reference's (the FIDE ladder: fivefold, 75 moves), the
 * reference has no say, and docs/rules.md's order holds: the repetition
 * first. */
static inline int rp_fdef_move_rule_first(const struct rp_fdef *d)
{
    return d->move_rule_end == d->n_move_rule && d->repetition_end == d->n_fold_rule;
}

/* ----------------------------------------------------------- stages */

/* One key of a section as the file gives it. */
struct rp_fkv {
    char key[64];
    char *value;                 /* trimmed */
    int line;
};

/* Where a definition went wrong: the loader adds the file. */
struct rp_fdef_error {
    int line;                    /* 0: the section as a whole */
    char key[64];                /* "" when no key is to blame */
    char message[256];
};

/* ------------------------------------------------------------ keys */

/* How a key's value is read (fairy_def.c). */
enum rp_fkey_reader {
    RP_FK_BOOL,                  /* true or false */
    RP_FK_INT,                   /* 0 .. max */
    RP_FK_RANK,                  /* 1 .. 10 */
    RP_FK_FILE,                  /* a letter from a, or a number from 1: 0-based */
    RP_FK_MAX_FILE,              /* maxFile: a file, the board's width */
    RP_FK_VALUE,                 /* win, loss, draw or none */
    RP_FK_TYPE,                  /* one piece letter of the variant */
    RP_FK_TYPE_OR_NONE,          /* a piece letter, or - or * for none (-1) */
    RP_FK_PIECE_SET,             /* a set of types: letters, '*' all, '-' none (uint64_t; `both`:
                                    the field and the one after it, White's and Black's) */
    RP_FK_PAWN_TYPES,            /* pawnTypes: promotion, en passant and move-rule types at once */
    RP_FK_FLAG_PIECE,            /* a piece letter, '*' any piece, '-' none */
    RP_FK_PROMOTION_RANK,        /* promotionRank: both promotion regions from a rank */
    RP_FK_DOUBLE_STEP_RANK,      /* doubleStepRank: both double-step regions from a rank */
    RP_FK_EXTINCTION_TYPES,      /* letters, * for every piece, in the order given */
    RP_FK_PROMOTION_LIMIT,       /* "letter:count ..." */
    RP_FK_PROMOTED_TYPE,         /* "letter:letter ..." */
    RP_FK_SQUARES,               /* "d4 e5", "*1" for a rank */
    RP_FK_DIAGONAL_LINES,        /* squares, and whether any is given */
    RP_FK_FEN,                   /* startFen: text, read when compiled */
    RP_FK_MATERIAL,              /* materialCounting: janggi, unweighted or none */
    RP_FK_COUNTING,              /* countingRule: makruk, asean or none */
    RP_FK_CHASING,               /* chasingRule: axf or none */
    RP_FK_ENCLOSING,             /* enclosingDrop, flipEnclosedPieces: reversi, ataxx or none */
    RP_FK_WALLING,               /* wallingRule: arrow, duck, edge, past, static or none */
    RP_FK_NAMED_PIECE,           /* a family: every named type's key, "letter" or - */
    RP_FK_CUSTOM_PIECE,          /* a family: customPiece1..25, "letter:betza" */
    RP_FK_REGION,                /* a family: mobilityRegion{White,Black}{Type}, squares */
    RP_FK_GC_GAMES,              /* gcaudit's own keys, each its own reader */
    RP_FK_GC_TITLE,
    RP_FK_GC_FILES,
    RP_FK_GC_RANKS,
    RP_FK_GC_LABELS,
    RP_FK_GC_NAMES,
    RP_FK_GC_PGN_VARIANT,
    RP_FK_GC_REVIEW,
    RP_FK_GC_ORACLES,            /* gcOracles: "ffish, fsf11" */
    RP_FK_NONE                   /* ignored or refused: the value is not read */
};

enum rp_fkey_status {
    RP_FKEY_IMPLEMENTED,         /* applied */
    RP_FKEY_IGNORED,             /* tunes Fairy-Stockfish's play or display only: accepted, unread */
    RP_FKEY_REFUSED              /* not implemented: an error unless set to its default */
};

/* One row of the key table (fairy_keys.c): every key a section may
 * write, in the order keys are applied. */
struct rp_fkey {
    const char *name;            /* the key; a family's pattern ("customPiece<N>") */
    enum rp_fkey_reader reader;
    size_t offset;               /* the field of struct rp_fdef it sets */
    int max;                     /* RP_FK_INT: the largest value */
    const char *def;             /* the default, a value of the key that rp_fdef_defaults
                                    applies (RP_FK_TYPE: a named type's key); NULL: none
                                    applied, `note` says what stands instead */
    enum rp_fkey_status status;
    const char *note;            /* ignored or refused: why; else what the default means
                                    when it is no value of the key; NULL: nothing */
    int both;                    /* RP_FK_PIECE_SET, RP_FK_TYPE, RP_FK_SQUARES: sets White's
                                    field and Black's after it */
};

/* The key table, in the order keys are applied; *n its rows. */
const struct rp_fkey *rp_fkeys(size_t *n);

/* fairy_def.c: a definition with the key table's defaults, for a section
 * without a parent ("standard chess without pieces").  Returns 0, or -1
 * with *err filled when a default does not read (the table is wrong). */
int rp_fdef_defaults(struct rp_fdef *d, struct rp_fdef_error *err);

/* Apply a section's keys (11.1's order, the last of a repeated key).
 * Returns 0, or -1 with *err filled. */
int rp_fdef_apply(struct rp_fdef *d, const struct rp_fkv *kv, size_t n, struct rp_fdef_error *err);

/* Derive the tables the engine reads and check that the definition can be
 * replayed (the start position read included).  Returns 0, or -1. */
int rp_fdef_compile(struct rp_fdef *d, struct rp_fdef_error *err);

/* fairy_fen.c: the type a FEN letter names in the variant, or -1. */
int rp_ftype_of_letter(const struct rp_fdef *d, char c);

/* ------------------------------------------------------------ names */

/* fairy_names.c.  A piece's label: "K", "+p", gcLabels applied (out: at
 * least RP_FLABEL_MAX + 1 bytes). */
void rp_flabel(const struct rp_fdef *d, rp_fpiece p, int unpromoted, char *out);
/* A type's own label for the colour, never "+X". */
void rp_fbase_label(const struct rp_fdef *d, int type, int colour, char *out);
/* fairy_squares.c: square names with gcFiles/gcRanks (out: at least 8
 * bytes); parsing one gives the mailbox square or -1. */
void rp_fsquare_name(const struct rp_fdef *d, int sq, char *out);
int rp_fsquare_parse_labels(const struct rp_fdef *d, const char *name); /* gcFiles or gcRanks given */
static inline int rp_fsquare_parse(const struct rp_fdef *d, const char *name)
{
    if (d->nfile_labels || d->nrank_labels)
        return rp_fsquare_parse_labels(d, name);
    /* The usual labels, read directly: "e4", "j10" (not "e04"). */
    int f = name[0] - 'a', r = name[1] - '0';
    if (f < 0 || f >= d->files || r < 1 || r > 9)
        return -1;
    if (name[2]) {
        if (name[2] < '0' || name[2] > '9' || name[3])
            return -1;
        r = r * 10 + name[2] - '0';
    }
    return r <= d->ranks ? rp_fsq(f, r - 1) : -1;
}
/* A piece's name for messages ("knight", "promoted pawn", the
 * definition's gcNames), written into buf (RP_FNAME_MAX bytes), which it
 * returns: a message naming two pieces gives each its own buffer. */
#define RP_FNAME_MAX 48
const char *rp_fpiece_name(const struct rp_fdef *d, int type, int unpromoted, char *buf);

/* Is pc a piece colour castles with: one of its castlingRookPieces? */
static inline int rp_fcastling_rook(const struct rp_fdef *d, rp_fpiece pc, int colour)
{
    return rp_fp_real(pc) && rp_fp_colour(pc) == colour && (d->castling_rooks[colour] >> rp_fp_type(pc) & 1);
}

static inline const char *rp_fcolour_name(int colour) { return colour ? "Black" : "White"; }
/* The article before a piece's name: "an elephant", "a horse". */
static inline const char *rp_farticle(const char *word)
{
    /* A letter's name ("the A piece", a type with no name but its
     * letter) is read as the letter is said: "an F piece", "a B piece". */
    if (word[0] >= 'A' && word[0] <= 'Z' && (word[1] == ' ' || word[1] == '\0'))
        return strchr("AEFHILMNORSX", word[0]) ? "an" : "a";
    return word[0] && strchr("aeiouAEIOU", word[0]) ? "an" : "a";
}

#endif
