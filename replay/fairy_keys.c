/*
 * fairy_keys: the key table.  Every key a definition section may write is
 * one row here: Fairy-Stockfish's keys and gcaudit's own (gc...), each
 * with its reader, the field it sets, its default and its status
 * (implemented, ignored, refused), and nothing else says which keys
 * exist (docs/defined-variants.md "The keys" is this table in words, and
 * tests/replay/test_fairy_keys.c holds the two to each other).
 *
 * The rows are in the order keys are applied, whatever order a section
 * writes them in: the piece keys first (Fairy-Stockfish 11.1's
 * src/parser.cpp declares pieces before the rules that name them, so that
 * "promotionPieceTypes = ac" finds pieces declared further down), then
 * the rules keys in 11.1's order, then gcaudit's keys (gcLabels and
 * gcNames name the pieces by their letters).  A key written twice: its
 * last value, as in 11.1.
 *
 * A default is a value of the key, applied by rp_fdef_defaults through
 * the key's own reader, so a section without a parent starts from what
 * this table says; a refused key's default is the one value it accepts.
 */
#include <stddef.h>

#include "replay/fairy_def.h"

#define F(field) offsetof(struct rp_fdef, field)
#define ROW(key, reader, field, def) {key, reader, F(field), 0, def, RP_FKEY_IMPLEMENTED, NULL, 0}
#define INT(key, field, max, def, note) {key, RP_FK_INT, F(field), max, def, RP_FKEY_IMPLEMENTED, note, 0}
#define NOTE(key, reader, field, note) {key, reader, F(field), 0, NULL, RP_FKEY_IMPLEMENTED, note, 0}
#define IGNORED(key, why) {key, RP_FK_NONE, 0, 0, NULL, RP_FKEY_IGNORED, why, 0}
#define REFUSED(key, def, why) {key, RP_FK_NONE, 0, 0, def, RP_FKEY_REFUSED, why, 0}
#define BOTH(key, reader, field, def) {key, reader, F(field), 0, def, RP_FKEY_IMPLEMENTED, NULL, 1}

/* Every square of the largest board: the drop regions' default. */
#define ALL_SQUARES "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10"

static const struct rp_fkey keys[] = {
    /* pieces */
    NOTE("<named piece>", RP_FK_NAMED_PIECE, types, "absent: a type is in the variant only by its key"),
    NOTE("customPiece<N>", RP_FK_CUSTOM_PIECE, types, "absent"),
    NOTE("mobilityRegion<Colour><Type>", RP_FK_REGION, types, "every square"),
    /* rules, in 11.1's order */
    IGNORED("variantTemplate", "display: the board a GUI draws"),
    IGNORED("pieceToCharTable", "display: the letters a GUI shows"),
    IGNORED("pocketSize", "display: the hand a GUI draws"),
    ROW("maxRank", RP_FK_RANK, ranks, "8"),
    ROW("maxFile", RP_FK_MAX_FILE, files, "8"),
    ROW("chess960", RP_FK_BOOL, chess960, "false"),
    REFUSED("twoBoards", "false", "a second board (Bughouse)"),
    ROW("startFen", RP_FK_FEN, start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    NOTE("promotionRank", RP_FK_PROMOTION_RANK, promotion_region, "none: the promotion regions'"),
    ROW("promotionRegionWhite", RP_FK_SQUARES, promotion_region[0], "*8"),
    ROW("promotionRegionBlack", RP_FK_SQUARES, promotion_region[1], "*1"),
    ROW("pawnTypes", RP_FK_PAWN_TYPES, promotion_pawn_types, "pawn"),
    BOTH("promotionPawnTypes", RP_FK_PIECE_SET, promotion_pawn_types, "pawn"),
    ROW("promotionPawnTypesWhite", RP_FK_PIECE_SET, promotion_pawn_types[0], "pawn"),
    ROW("promotionPawnTypesBlack", RP_FK_PIECE_SET, promotion_pawn_types[1], "pawn"),
    BOTH("promotionPieceTypes", RP_FK_PIECE_SET, promotion_types, "-"),
    ROW("promotionPieceTypesWhite", RP_FK_PIECE_SET, promotion_types[0], "-"),
    ROW("promotionPieceTypesBlack", RP_FK_PIECE_SET, promotion_types[1], "-"),
    ROW("sittuyinPromotion", RP_FK_BOOL, sittuyin_promotion, "false"),
    ROW("promotionLimit", RP_FK_PROMOTION_LIMIT, types, ""),
    ROW("promotedPieceType", RP_FK_PROMOTED_TYPE, types, ""),
    ROW("piecePromotionOnCapture", RP_FK_BOOL, piece_promotion_on_capture, "false"),
    ROW("mandatoryPawnPromotion", RP_FK_BOOL, mandatory_pawn_promotion, "true"),
    ROW("mandatoryPiecePromotion", RP_FK_BOOL, mandatory_piece_promotion, "false"),
    ROW("pieceDemotion", RP_FK_BOOL, piece_demotion, "false"),
    IGNORED("endgameEval", "play: the search's evaluation"),
    ROW("blastOnCapture", RP_FK_BOOL, blast_on_capture, "false"),
    ROW("blastImmuneTypes", RP_FK_PIECE_SET, blast_immune_types, "-"),
    ROW("mutuallyImmuneTypes", RP_FK_PIECE_SET, mutually_immune_types, "-"),
    ROW("petrifyOnCaptureTypes", RP_FK_PIECE_SET, petrify_types, "-"),
    REFUSED("petrifyOnCapture", "false", "pieces turned into walls, which the reference build (ffish 0.7.10) does not read: no oracle plays it"),
    REFUSED("petrifyBlastPieces", "false", "pieces turned into walls, which the reference build (ffish 0.7.10) does not read: no oracle plays it"),
    ROW("doubleStep", RP_FK_BOOL, double_step, "true"),
    NOTE("doubleStepRank", RP_FK_DOUBLE_STEP_RANK, double_step_region, "none: the double-step regions'"),
    ROW("doubleStepRegionWhite", RP_FK_SQUARES, double_step_region[0], "*2"),
    ROW("doubleStepRegionBlack", RP_FK_SQUARES, double_step_region[1], "*7"),
    ROW("firstRankDoubleSteps", RP_FK_BOOL, first_rank_double_steps, "false"),
    ROW("tripleStepRegionWhite", RP_FK_SQUARES, triple_step_region[0], "-"),
    ROW("tripleStepRegionBlack", RP_FK_SQUARES, triple_step_region[1], "-"),
    ROW("enPassantRegion", RP_FK_SQUARES, en_passant_region, ALL_SQUARES),
    BOTH("enPassantTypes", RP_FK_PIECE_SET, en_passant_types, "pawn"),
    ROW("enPassantTypesWhite", RP_FK_PIECE_SET, en_passant_types[0], "pawn"),
    ROW("enPassantTypesBlack", RP_FK_PIECE_SET, en_passant_types[1], "pawn"),
    ROW("castling", RP_FK_BOOL, castling, "true"),
    ROW("castlingDroppedPiece", RP_FK_BOOL, castling_dropped_piece, "false"),
    ROW("castlingKingsideFile", RP_FK_FILE, castling_kingside_file, "g"),
    ROW("castlingQueensideFile", RP_FK_FILE, castling_queenside_file, "c"),
    ROW("castlingRank", RP_FK_RANK, castling_rank, "1"),
    ROW("castlingKingFile", RP_FK_FILE, castling_king_file, "e"),
    BOTH("castlingKingPiece", RP_FK_TYPE, castling_king_type, "king"),
    ROW("castlingKingPieceWhite", RP_FK_TYPE, castling_king_type[0], "king"),
    ROW("castlingKingPieceBlack", RP_FK_TYPE, castling_king_type[1], "king"),
    ROW("castlingRookKingsideFile", RP_FK_FILE, castling_rook_kingside_file, "l"),
    ROW("castlingRookQueensideFile", RP_FK_FILE, castling_rook_queenside_file, "a"),
    BOTH("castlingRookPiece", RP_FK_PIECE_SET, castling_rook_types, "rook"),
    BOTH("castlingRookPieces", RP_FK_PIECE_SET, castling_rook_types, "rook"),
    ROW("castlingRookPiecesWhite", RP_FK_PIECE_SET, castling_rook_types[0], "rook"),
    ROW("castlingRookPiecesBlack", RP_FK_PIECE_SET, castling_rook_types[1], "rook"),
    ROW("kingType", RP_FK_TYPE, king_moves, "king"),
    ROW("checking", RP_FK_BOOL, checking, "true"),
    ROW("dropChecks", RP_FK_BOOL, drop_checks, "true"),
    ROW("mustCapture", RP_FK_BOOL, must_capture, "false"),
    ROW("mustDrop", RP_FK_BOOL, must_drop, "false"),
    ROW("mustDropType", RP_FK_TYPE_OR_NONE, must_drop_type, "*"),
    ROW("pieceDrops", RP_FK_BOOL, piece_drops, "false"),
    ROW("dropLoop", RP_FK_BOOL, drop_loop, "false"),
    ROW("capturesToHand", RP_FK_BOOL, captures_to_hand, "false"),
    ROW("firstRankPawnDrops", RP_FK_BOOL, first_rank_pawn_drops, "false"),
    ROW("promotionZonePawnDrops", RP_FK_BOOL, promotion_zone_pawn_drops, "false"),
    ROW("dropOnTop", RP_FK_BOOL, drop_on_top, "false"),
    ROW("whiteDropRegion", RP_FK_SQUARES, drop_region[0], ALL_SQUARES),
    ROW("blackDropRegion", RP_FK_SQUARES, drop_region[1], ALL_SQUARES),
    ROW("sittuyinRookDrop", RP_FK_BOOL, sittuyin_rook_drop, "false"),
    ROW("dropOppositeColoredBishop", RP_FK_BOOL, drop_opposite_coloured_bishop, "false"),
    ROW("dropPromoted", RP_FK_BOOL, drop_promoted, "false"),
    ROW("shogiDoubledPawn", RP_FK_BOOL, shogi_doubled_pawn, "true"),
    ROW("dropNoDoubled", RP_FK_TYPE_OR_NONE, drop_no_doubled, "-"),
    INT("dropNoDoubledCount", drop_no_doubled_count, 100, "1", NULL),
    ROW("enclosingDrop", RP_FK_ENCLOSING, enclosing_drop, "none"),
    ROW("enclosingDropStart", RP_FK_SQUARES, enclosing_drop_start, "-"),
    ROW("immobilityIllegal", RP_FK_BOOL, immobility_illegal, "false"),
    ROW("gating", RP_FK_BOOL, gating, "false"),
    REFUSED("arrowGating", "false", "the reference build (ffish 0.7.10) ignores it: write wallingRule = arrow"),
    REFUSED("duckGating", "false", "the reference build (ffish 0.7.10) ignores it: write wallingRule = duck"),
    REFUSED("staticGating", "false", "the reference build (ffish 0.7.10) ignores it: write wallingRule = static"),
    REFUSED("pastGating", "false", "the reference build (ffish 0.7.10) ignores it: write wallingRule = past"),
    REFUSED("staticGatingRegion", ALL_SQUARES, "the reference build (ffish 0.7.10) ignores it: write wallingRule = static, wallingRegion"),
    ROW("seirawanGating", RP_FK_BOOL, seirawan_gating, "false"),
    ROW("cambodianMoves", RP_FK_BOOL, cambodian_moves, "false"),
    ROW("diagonalLines", RP_FK_DIAGONAL_LINES, diagonal_lines, ""),
    ROW("kingPass", RP_FK_BOOL, king_pass, "false"),
    REFUSED("kingPassOnStalemate", "false", "a pass allowed only when stalemated"),
    ROW("pass", RP_FK_BOOL, king_pass, "false"),
    ROW("passOnStalemate", RP_FK_BOOL, pass_on_stalemate, "false"),
    ROW("makpongRule", RP_FK_BOOL, makpong, "false"),
    ROW("flyingGeneral", RP_FK_BOOL, flying_general, "false"),
    ROW("soldierPromotionRank", RP_FK_RANK, soldier_promotion_rank, "1"),
    ROW("flipEnclosedPieces", RP_FK_ENCLOSING, flip_enclosed, "none"),
    BOTH("nMoveRuleTypes", RP_FK_PIECE_SET, n_move_rule_types, "pawn"),
    ROW("nMoveRuleTypesWhite", RP_FK_PIECE_SET, n_move_rule_types[0], "pawn"),
    ROW("nMoveRuleTypesBlack", RP_FK_PIECE_SET, n_move_rule_types[1], "pawn"),
    INT("nMoveRule", n_move_rule, 10000, "50", NULL),
    INT("nFoldRule", n_fold_rule, 100, "3", NULL),
    ROW("nFoldValue", RP_FK_VALUE, n_fold_value, "draw"),
    ROW("nFoldValueAbsolute", RP_FK_BOOL, n_fold_value_absolute, "false"),
    ROW("perpetualCheckIllegal", RP_FK_BOOL, perpetual_check_illegal, "false"),
    ROW("moveRepetitionIllegal", RP_FK_BOOL, move_repetition_illegal, "false"),
    ROW("chasingRule", RP_FK_CHASING, chasing_rule, "none"),
    ROW("stalemateValue", RP_FK_VALUE, stalemate_value, "draw"),
    ROW("stalematePieceCount", RP_FK_BOOL, stalemate_piece_count, "false"),
    ROW("checkmateValue", RP_FK_VALUE, checkmate_value, "loss"),
    ROW("shogiPawnDropMateIllegal", RP_FK_BOOL, shogi_pawn_drop_mate_illegal, "false"),
    ROW("shatarMateRule", RP_FK_BOOL, shatar_mate_rule, "false"),
    ROW("bikjangRule", RP_FK_BOOL, bikjang, "false"),
    ROW("extinctionValue", RP_FK_VALUE, extinction_value, "none"),
    ROW("extinctionClaim", RP_FK_BOOL, extinction_claim, "false"),
    ROW("extinctionPseudoRoyal", RP_FK_BOOL, extinction_pseudo_royal, "false"),
    ROW("dupleCheck", RP_FK_BOOL, duple_check, "false"),
    ROW("extinctionPieceTypes", RP_FK_EXTINCTION_TYPES, extinction_types, ""),
    INT("extinctionPieceCount", extinction_piece_count, 1000, "0", NULL),
    INT("extinctionOpponentPieceCount", extinction_opponent_piece_count, 1000, "0", NULL),
    ROW("flagPiece", RP_FK_FLAG_PIECE, flag_piece, "*"),
    REFUSED("flagPieceWhite", "*", "a flag piece of each side's own"),
    REFUSED("flagPieceBlack", "*", "a flag piece of each side's own"),
    ROW("whiteFlag", RP_FK_SQUARES, flag[0], ""),
    ROW("blackFlag", RP_FK_SQUARES, flag[1], ""),
    BOTH("flagRegion", RP_FK_SQUARES, flag, ""),
    ROW("flagRegionWhite", RP_FK_SQUARES, flag[0], ""),
    ROW("flagRegionBlack", RP_FK_SQUARES, flag[1], ""),
    INT("flagPieceCount", flag_piece_count, 1000, "1", NULL),
    ROW("flagPieceBlockedWin", RP_FK_BOOL, flag_piece_blocked_win, "false"),
    ROW("flagMove", RP_FK_BOOL, flag_move, "false"),
    ROW("flagPieceSafe", RP_FK_BOOL, flag_piece_safe, "false"),
    ROW("checkCounting", RP_FK_BOOL, check_counting, "false"),
    INT("connectN", connect_n, RP_FMAX_FILES, "0", NULL),
    ROW("connectVertical", RP_FK_BOOL, connect_vertical, "true"),
    ROW("connectHorizontal", RP_FK_BOOL, connect_horizontal, "true"),
    ROW("connectDiagonal", RP_FK_BOOL, connect_diagonal, "true"),
    ROW("materialCounting", RP_FK_MATERIAL, material_counting, "none"),
    ROW("countingRule", RP_FK_COUNTING, counting_rule, "none"),
    /* later Fairy-Stockfish releases (the build inside ffish 0.7.10 reads
     * the walls from wallingRule, not from the ...Gating keys) */
    IGNORED("pieceValueMg", "play: the search's piece values"),
    IGNORED("pieceValueEg", "play: the search's piece values"),
    ROW("wallingRule", RP_FK_WALLING, walling_rule, "none"),
    /* the reference reads wallingRegion after the colours' keys */
    ROW("wallingRegionWhite", RP_FK_SQUARES, walling_region[0], ALL_SQUARES),
    ROW("wallingRegionBlack", RP_FK_SQUARES, walling_region[1], ALL_SQUARES),
    BOTH("wallingRegion", RP_FK_SQUARES, walling_region, ALL_SQUARES),
    ROW("adjudicateFullBoard", RP_FK_BOOL, adjudicate_full_board, "false"),
    /* gcaudit's own */
    NOTE("gcGames", RP_FK_GC_GAMES, games, "the section name"),
    NOTE("gcTitle", RP_FK_GC_TITLE, title, "the section name"),
    NOTE("gcFiles", RP_FK_GC_FILES, file_labels, "a, b, ..."),
    NOTE("gcRanks", RP_FK_GC_RANKS, rank_labels, "1, 2, ..."),
    NOTE("gcLabels", RP_FK_GC_LABELS, labels, "the FEN letters"),
    NOTE("gcNames", RP_FK_GC_NAMES, piece_names, "Fairy-Stockfish's piece names"),
    INT("gcRepetitionEnd", repetition_end, 100, NULL, "nFoldRule"),
    INT("gcMoveRuleEnd", move_rule_end, 10000, NULL, "nMoveRule"),
    ROW("gcInsufficientMaterial", RP_FK_BOOL, insufficient_material, "false"),
    NOTE("gcPgnVariant", RP_FK_GC_PGN_VARIANT, pgn_variant, "none: not exported to PGN"),
    NOTE("gcRepetitionReview", RP_FK_GC_REVIEW, repetition_review, "none"),
    NOTE("gcOracles", RP_FK_GC_ORACLES, oracles, "none"),
};

const struct rp_fkey *rp_fkeys(size_t *n)
{
    *n = sizeof keys / sizeof keys[0];
    return keys;
}
