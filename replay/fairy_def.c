/*
 * fairy_def: one variants.ini section applied to a definition, and the
 * compiled tables the engine reads.
 *
 * Keys are applied as Fairy-Stockfish 11.1 applies them (src/parser.cpp):
 * the piece keys first, then the rules keys in a fixed order, whatever
 * order the file writes them in, so that "promotionPieceTypes = ac" finds
 * pieces declared further down.  A section without a parent starts from
 * 11.1's defaults with no pieces; with a parent, from the parent.
 *
 * Every key falls in one of four groups, and only these:
 *   - rules keys gcaudit implements: applied;
 *   - rules keys gcaudit does not implement: an error when the value
 *     differs from 11.1's default (docs/defined-variants.md: never silently
 *     ignored);
 *   - keys that only tune Fairy-Stockfish's play or display: ignored;
 *   - gcaudit's own keys (gc...): applied.
 * Any other key is an error, as a misspelt rules key would otherwise
 * change the game unnoticed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_def.h"

int rp_fset_empty(const rp_fset *s)
{
    for (int i = 0; i < RP_FSET_WORDS; i++)
        if (s->w[i])
            return 0;
    return 1;
}

static void set_all(rp_fset *s)
{
    for (int r = 0; r < RP_FMAX_RANKS; r++)
        for (int f = 0; f < RP_FMAX_FILES; f++)
            rp_fset_add(s, rp_fsq(f, r));
}

void rp_fdef_defaults(struct rp_fdef *d)
{
    memset(d, 0, sizeof *d);
    d->files = 8;
    d->ranks = 8;
    snprintf(d->start_fen, sizeof d->start_fen, "%s",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for (int t = 0; t < RP_FMAX_TYPES; t++) {
        d->types[t].promoted = -1;
        const struct rp_fnamed *n = rp_fnamed_at(t);
        if (n) {
            snprintf(d->types[t].betza, sizeof d->types[t].betza, "%s", n->betza);
            d->types[t].role = n->role;
        }
    }
    d->promotion_rank = 8;
    d->mandatory_pawn_promotion = 1;
    d->double_step = 1;
    d->double_step_rank = 2;
    d->castling = 1;
    d->castling_kingside_file = 6;
    d->castling_queenside_file = 2;
    d->castling_rank = 1;
    d->castling_rook = RP_FTYPE_ROOK;
    d->king_moves = RP_FTYPE_KING;
    d->checking = 1;
    d->drop_checks = 1;
    d->shogi_doubled_pawn = 1;
    d->soldier_promotion_rank = 1;
    d->must_drop_type = -1;
    d->flag_piece = -1;
    d->n_move_rule = 50;
    d->n_fold_rule = 3;
    d->n_fold_value = RP_FV_DRAW;
    d->stalemate_value = RP_FV_DRAW;
    d->checkmate_value = RP_FV_LOSS;
    d->extinction_value = RP_FV_NONE;
    set_all(&d->drop_region[0]);
    set_all(&d->drop_region[1]);
}

/* ------------------------------------------------------ value readers */

static int fail(struct rp_fdef_error *err, const struct rp_fkv *kv, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(struct rp_fdef_error *err, const struct rp_fkv *kv, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->line = kv ? kv->line : 0;
    snprintf(err->key, sizeof err->key, "%s", kv ? kv->key : "");
    return -1;
}

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static int read_bool(const struct rp_fkv *kv, int *out, struct rp_fdef_error *err)
{
    if (strcmp(kv->value, "true") == 0)
        *out = 1;
    else if (strcmp(kv->value, "false") == 0)
        *out = 0;
    else
        return fail(err, kv, "\"%s\" is not a bool (true or false)", kv->value);
    return 0;
}

static int read_int(const struct rp_fkv *kv, int lo, int hi, int *out, struct rp_fdef_error *err)
{
    char *end;
    long v = strtol(kv->value, &end, 10);
    if (end == kv->value || *skip_space(end) || v < lo || v > hi)
        return fail(err, kv, "\"%s\" is not a number from %d to %d", kv->value, lo, hi);
    *out = (int)v;
    return 0;
}

/* A rank, 1-based. */
static int read_rank(const struct rp_fkv *kv, int *out, struct rp_fdef_error *err)
{
    return read_int(kv, 1, RP_FMAX_RANKS, out, err);
}

/* A file, 0-based: a number from 1 or a letter from a. */
static int read_file(const struct rp_fkv *kv, int *out, struct rp_fdef_error *err)
{
    const char *v = kv->value;
    if (isalpha((unsigned char)v[0]) && !*skip_space(v + 1) && tolower((unsigned char)v[0]) - 'a' < RP_FMAX_FILES) {
        *out = tolower((unsigned char)v[0]) - 'a';
        return 0;
    }
    int n = 0;  /* read_int sets it; GCC -O2 cannot see that (-Werror in Release) */
    if (read_int(kv, 1, RP_FMAX_FILES, &n, err) != 0)
        return fail(err, kv, "\"%s\" is not a file (a to l, or 1 to 12)", v);
    *out = n - 1;
    return 0;
}

static int read_value(const struct rp_fkv *kv, enum rp_fvalue *out, struct rp_fdef_error *err)
{
    static const char *const names[] = {"none", "win", "loss", "draw"};
    for (int i = 0; i < 4; i++)
        if (strcmp(kv->value, names[i]) == 0) {
            *out = (enum rp_fvalue)i;
            return 0;
        }
    return fail(err, kv, "\"%s\" is not a result (win, loss, draw or none)", kv->value);
}

/* The type a letter names in the variant as declared so far, -1 if none:
 * the first of 11.1's order, as its pieceToChar.find does. */
static int type_of_letter(const struct rp_fdef *d, char c)
{
    if (!isalpha((unsigned char)c))
        return -1;
    c = (char)tolower((unsigned char)c);
    for (int t = 0; t < RP_FMAX_TYPES; t++)
        if (d->types[t].letter == c)
            return t;
    return -1;
}

static int read_type(const struct rp_fdef *d, const struct rp_fkv *kv, int *out,
                     struct rp_fdef_error *err)
{
    const char *v = skip_space(kv->value);
    int t = type_of_letter(d, v[0]);
    if (t < 0 || *skip_space(v + 1))
        return fail(err, kv, "\"%s\" names no piece type of the variant", kv->value);
    *out = t;
    return 0;
}

/* Letters naming types; '-' alone: none.  all: '*' is allowed. */
static int read_type_set(const struct rp_fdef *d, const struct rp_fkv *kv, uint64_t *set,
                         int *all, char *order, int *norder, struct rp_fdef_error *err)
{
    *set = 0;
    if (all)
        *all = 0;
    if (norder)
        *norder = 0;
    for (const char *v = kv->value; *v; v++) {
        if (*v == ' ' || *v == '\t')
            continue;
        if (*v == '-' && !*skip_space(v + 1))
            break;
        if (*v == '*' && all) {
            *all = 1;
            continue;
        }
        int t = type_of_letter(d, *v);
        if (t < 0)
            return fail(err, kv, "'%c' names no piece type of the variant", *v);
        *set |= (uint64_t)1 << t;
        if (order && norder && *norder < RP_FMAX_TYPES)
            order[(*norder)++] = (char)t;
    }
    return 0;
}

/* "letter:number ..." (promotionLimit) or "letter:letter ..." (promotedPieceType). */
static int read_pairs(struct rp_fdef *d, const struct rp_fkv *kv, int numbers,
                      struct rp_fdef_error *err)
{
    const char *v = skip_space(kv->value);
    while (*v) {
        int t = type_of_letter(d, v[0]);
        if (t < 0)
            return fail(err, kv, "'%c' names no piece type of the variant", v[0]);
        if (v[1] != ':')
            return fail(err, kv, "expected \"%c:\" in \"%s\"", v[0], kv->value);
        v += 2;
        if (numbers) {
            char *end;
            long n = strtol(v, &end, 10);
            if (end == v || n < 0 || n > 99)
                return fail(err, kv, "a count from 0 to 99 must follow \"%c:\"", kv->value[0]);
            d->types[t].promotion_limit = (int)n;
            v = end;
        } else {
            int to = -1;
            if (*v != '-' && (to = type_of_letter(d, *v)) < 0)
                return fail(err, kv, "'%c' names no piece type of the variant", *v);
            d->types[t].promoted = to;
            v++;
        }
        if (*v && *v != ' ' && *v != '\t')
            return fail(err, kv, "unexpected '%c' in \"%s\"", *v, kv->value);
        v = skip_space(v);
    }
    return 0;
}

/* Squares ("d4 e5") and whole ranks ("*1"), as 11.1 reads a Bitboard. */
static int read_squares(const struct rp_fkv *kv, rp_fset *out, struct rp_fdef_error *err)
{
    memset(out, 0, sizeof *out);
    const char *v = skip_space(kv->value);
    while (*v) {
        char f = (char)tolower((unsigned char)*v++);
        char *end;
        long r = strtol(v, &end, 10);
        if (end == v || r < 1 || r > RP_FMAX_RANKS || (f != '*' && (f < 'a' || f - 'a' >= RP_FMAX_FILES)))
            return fail(err, kv, "\"%s\" is not a list of squares (\"d4 e5\", \"*1\" for a rank)",
                        kv->value);
        if (f == '*')
            for (int file = 0; file < RP_FMAX_FILES; file++)
                rp_fset_add(out, rp_fsq(file, (int)r - 1));
        else
            rp_fset_add(out, rp_fsq(f - 'a', (int)r - 1));
        v = skip_space(end);
    }
    return 0;
}

/* ------------------------------------------------------- piece keys */

static const struct rp_fkv *find_key(const struct rp_fkv *kv, size_t n, const char *key)
{
    const struct rp_fkv *last = NULL;
    for (size_t i = 0; i < n; i++)
        if (strcmp(kv[i].key, key) == 0)
            last = &kv[i]; /* a repeated key: the last wins, as in 11.1 */
    return last;
}

/* "letter" or "letter:betza" (a custom piece, or a king that moves so). */
static int apply_piece(struct rp_fdef *d, int t, const struct rp_fkv *kv, int custom,
                       struct rp_fdef_error *err)
{
    const char *v = skip_space(kv->value);
    if (!*v)
        return 0;
    if (!isalpha((unsigned char)v[0])) {
        if (v[0] != '-' || *skip_space(v + 1))
            return fail(err, kv, "\"%s\" is not a piece letter (or - to remove the piece)", kv->value);
        d->types[t].letter = 0;
        return 0;
    }
    d->types[t].letter = (char)tolower((unsigned char)v[0]);
    v = skip_space(v + 1);
    if (*v == ':') {
        v = skip_space(v + 1);
        if (strlen(v) >= sizeof d->types[t].betza)
            return fail(err, kv, "the Betza notation is too long");
        snprintf(d->types[t].betza, sizeof d->types[t].betza, "%s", v);
        struct rp_fatom a[RP_FMAX_ATOMS];
        int n;
        char why[160];
        if (rp_betza_compile(d->types[t].betza, a, RP_FMAX_ATOMS, &n, why, sizeof why) != 0)
            return fail(err, kv, "Betza notation \"%s\": %s", d->types[t].betza, why);
    } else if (*v) {
        return fail(err, kv, "\"%s\" is not a piece letter%s", kv->value,
                    custom ? " with its moves (\"a:mRcpR\")" : "");
    } else if (custom) {
        return fail(err, kv, "a custom piece needs its moves: \"%c:BETZA\"", d->types[t].letter);
    }
    return 0;
}

static int apply_pieces(struct rp_fdef *d, const struct rp_fkv *kv, size_t n, struct rp_fdef_error *err)
{
    for (int t = 0; t < RP_FNAMED_TYPES; t++) {
        const struct rp_fnamed *pn = rp_fnamed_at(t);
        const struct rp_fkv *k = find_key(kv, n, pn->name);
        if (k && apply_piece(d, t, k, 0, err) != 0)
            return -1;
    }
    for (int i = 0; i < RP_FMAX_CUSTOM; i++) {
        char key[32];
        snprintf(key, sizeof key, "customPiece%d", i + 1);
        const struct rp_fkv *k = find_key(kv, n, key);
        if (k && apply_piece(d, RP_FNAMED_TYPES + i, k, 1, err) != 0)
            return -1;
    }
    for (int t = 0; t < RP_FMAX_TYPES; t++)
        for (int c = 0; c < 2; c++) {
            char key[64], name[32];
            if (t < RP_FNAMED_TYPES)
                snprintf(name, sizeof name, "%s", rp_fnamed_at(t)->name);
            else
                snprintf(name, sizeof name, "customPiece%d", t - RP_FNAMED_TYPES + 1);
            name[0] = (char)toupper((unsigned char)name[0]);
            snprintf(key, sizeof key, "mobilityRegion%s%s", c ? "Black" : "White", name);
            const struct rp_fkv *k = find_key(kv, n, key);
            if (!k)
                continue;
            if (read_squares(k, &d->types[t].region[c], err) != 0)
                return -1;
            d->types[t].has_region[c] = !rp_fset_empty(&d->types[t].region[c]);
        }
    return 0;
}

/* ------------------------------------------------------- rules keys */

enum key_kind {
    K_BOOL, K_INT, K_RANK, K_FILE, K_VALUE, K_TYPE, K_TYPE_OR_NONE, K_SQUARES, K_STRING,
    K_SPECIAL,     /* its own reader below */
    K_IGNORED,     /* tunes Fairy-Stockfish's play or display only */
    K_UNSUPPORTED  /* a rules key gcaudit does not implement: only its default */
};

struct key {
    const char *name;
    enum key_kind kind;
    size_t offset;            /* field of struct rp_fdef */
    const char *def;          /* K_UNSUPPORTED: 11.1's default value */
};

#define F(field) offsetof(struct rp_fdef, field)

/* 11.1's order (src/parser.cpp), so that later keys see earlier ones. */
static const struct key keys[] = {
    {"variantTemplate", K_IGNORED, 0, NULL},
    {"pieceToCharTable", K_IGNORED, 0, NULL},
    {"pocketSize", K_IGNORED, 0, NULL},
    {"maxRank", K_RANK, F(ranks), NULL},
    {"maxFile", K_SPECIAL, 0, NULL},
    {"chess960", K_BOOL, F(chess960), NULL},
    {"twoBoards", K_UNSUPPORTED, 0, "false"},
    {"startFen", K_STRING, F(start_fen), NULL},
    {"promotionRank", K_RANK, F(promotion_rank), NULL},
    {"promotionPieceTypes", K_SPECIAL, 0, NULL},
    {"sittuyinPromotion", K_UNSUPPORTED, 0, "false"},
    {"promotionLimit", K_SPECIAL, 0, NULL},
    {"promotedPieceType", K_SPECIAL, 0, NULL},
    {"piecePromotionOnCapture", K_BOOL, F(piece_promotion_on_capture), NULL},
    {"mandatoryPawnPromotion", K_BOOL, F(mandatory_pawn_promotion), NULL},
    {"mandatoryPiecePromotion", K_BOOL, F(mandatory_piece_promotion), NULL},
    {"pieceDemotion", K_UNSUPPORTED, 0, "false"},
    {"endgameEval", K_IGNORED, 0, NULL},
    {"doubleStep", K_BOOL, F(double_step), NULL},
    {"doubleStepRank", K_RANK, F(double_step_rank), NULL},
    {"firstRankDoubleSteps", K_BOOL, F(first_rank_double_steps), NULL},
    {"castling", K_BOOL, F(castling), NULL},
    {"castlingDroppedPiece", K_UNSUPPORTED, 0, "false"},
    {"castlingKingsideFile", K_FILE, F(castling_kingside_file), NULL},
    {"castlingQueensideFile", K_FILE, F(castling_queenside_file), NULL},
    {"castlingRank", K_RANK, F(castling_rank), NULL},
    {"castlingRookPiece", K_TYPE, F(castling_rook), NULL},
    {"kingType", K_TYPE, F(king_moves), NULL},
    {"checking", K_BOOL, F(checking), NULL},
    {"dropChecks", K_BOOL, F(drop_checks), NULL},
    {"mustCapture", K_BOOL, F(must_capture), NULL},
    {"mustDrop", K_BOOL, F(must_drop), NULL},
    {"mustDropType", K_TYPE_OR_NONE, F(must_drop_type), NULL},
    {"pieceDrops", K_BOOL, F(piece_drops), NULL},
    {"dropLoop", K_BOOL, F(drop_loop), NULL},
    {"capturesToHand", K_BOOL, F(captures_to_hand), NULL},
    {"firstRankPawnDrops", K_BOOL, F(first_rank_pawn_drops), NULL},
    {"promotionZonePawnDrops", K_BOOL, F(promotion_zone_pawn_drops), NULL},
    {"dropOnTop", K_BOOL, F(drop_on_top), NULL},
    {"whiteDropRegion", K_SQUARES, F(drop_region[0]), NULL},
    {"blackDropRegion", K_SQUARES, F(drop_region[1]), NULL},
    {"sittuyinRookDrop", K_UNSUPPORTED, 0, "false"},
    {"dropOppositeColoredBishop", K_UNSUPPORTED, 0, "false"},
    {"dropPromoted", K_BOOL, F(drop_promoted), NULL},
    {"shogiDoubledPawn", K_BOOL, F(shogi_doubled_pawn), NULL},
    {"immobilityIllegal", K_BOOL, F(immobility_illegal), NULL},
    {"gating", K_BOOL, F(gating), NULL},
    {"seirawanGating", K_BOOL, F(seirawan_gating), NULL},
    {"cambodianMoves", K_UNSUPPORTED, 0, "false"},
    {"diagonalLines", K_SPECIAL, 0, NULL},
    {"kingPass", K_BOOL, F(king_pass), NULL},
    {"kingPassOnStalemate", K_UNSUPPORTED, 0, "false"},
    {"makpongRule", K_BOOL, F(makpong), NULL},
    {"flyingGeneral", K_BOOL, F(flying_general), NULL},
    {"soldierPromotionRank", K_RANK, F(soldier_promotion_rank), NULL},
    {"nMoveRule", K_SPECIAL, 0, NULL},
    {"nFoldRule", K_SPECIAL, 0, NULL},
    {"nFoldValue", K_VALUE, F(n_fold_value), NULL},
    {"nFoldValueAbsolute", K_BOOL, F(n_fold_value_absolute), NULL},
    {"perpetualCheckIllegal", K_BOOL, F(perpetual_check_illegal), NULL},
    {"stalemateValue", K_VALUE, F(stalemate_value), NULL},
    {"checkmateValue", K_VALUE, F(checkmate_value), NULL},
    {"shogiPawnDropMateIllegal", K_BOOL, F(shogi_pawn_drop_mate_illegal), NULL},
    {"shatarMateRule", K_UNSUPPORTED, 0, "false"},
    {"bikjangRule", K_BOOL, F(bikjang), NULL},
    {"extinctionValue", K_VALUE, F(extinction_value), NULL},
    {"extinctionClaim", K_BOOL, F(extinction_claim), NULL},
    {"extinctionPieceTypes", K_SPECIAL, 0, NULL},
    {"extinctionPieceCount", K_SPECIAL, 0, NULL},
    {"extinctionOpponentPieceCount", K_SPECIAL, 0, NULL},
    {"flagPiece", K_TYPE_OR_NONE, F(flag_piece), NULL},
    {"whiteFlag", K_SQUARES, F(flag[0]), NULL},
    {"blackFlag", K_SQUARES, F(flag[1]), NULL},
    {"flagMove", K_BOOL, F(flag_move), NULL},
    {"checkCounting", K_BOOL, F(check_counting), NULL},
    {"connectN", K_SPECIAL, 0, NULL},
    {"materialCounting", K_SPECIAL, 0, NULL},
    {"countingRule", K_SPECIAL, 0, NULL},
    /* Later Fairy-Stockfish releases: piece values tune the search only. */
    {"pieceValueMg", K_IGNORED, 0, NULL},
    {"pieceValueEg", K_IGNORED, 0, NULL},
};

static int apply_special(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    const char *k = kv->key;
    int n;
    if (strcmp(k, "maxFile") == 0) {
        if (read_file(kv, &n, err) != 0)
            return -1;
        d->files = n + 1;
    } else if (strcmp(k, "promotionPieceTypes") == 0) {
        return read_type_set(d, kv, &d->promotion_types, NULL, NULL, NULL, err);
    } else if (strcmp(k, "promotionLimit") == 0) {
        return read_pairs(d, kv, 1, err);
    } else if (strcmp(k, "promotedPieceType") == 0) {
        return read_pairs(d, kv, 0, err);
    } else if (strcmp(k, "diagonalLines") == 0) {
        if (read_squares(kv, &d->diagonal_lines, err) != 0)
            return -1;
        d->has_diagonal_lines = !rp_fset_empty(&d->diagonal_lines);
    } else if (strcmp(k, "nMoveRule") == 0) {
        return read_int(kv, 0, 10000, &d->n_move_rule, err);
    } else if (strcmp(k, "nFoldRule") == 0) {
        return read_int(kv, 0, 100, &d->n_fold_rule, err);
    } else if (strcmp(k, "extinctionPieceTypes") == 0) {
        return read_type_set(d, kv, &d->extinction_types, &d->extinction_all, d->extinction_order,
                             &d->extinction_norder, err);
    } else if (strcmp(k, "extinctionPieceCount") == 0) {
        return read_int(kv, 0, 1000, &d->extinction_piece_count, err);
    } else if (strcmp(k, "extinctionOpponentPieceCount") == 0) {
        return read_int(kv, 0, 1000, &d->extinction_opponent_piece_count, err);
    } else if (strcmp(k, "connectN") == 0) {
        return read_int(kv, 0, RP_FMAX_FILES, &d->connect_n, err);
    } else if (strcmp(k, "materialCounting") == 0) {
        if (strcmp(kv->value, "none") == 0)
            d->material_counting = RP_FMAT_NONE;
        else if (strcmp(kv->value, "janggi") == 0)
            d->material_counting = RP_FMAT_JANGGI;
        else if (strcmp(kv->value, "unweighted") == 0)
            d->material_counting = RP_FMAT_UNWEIGHTED;
        else
            return fail(err, kv, "\"%s\" is not a material counting (janggi, unweighted or none)", kv->value);
    } else if (strcmp(k, "countingRule") == 0) {
        if (strcmp(kv->value, "none") == 0)
            d->counting_rule = RP_FCOUNT_NONE;
        else if (strcmp(kv->value, "makruk") == 0)
            d->counting_rule = RP_FCOUNT_MAKRUK;
        else if (strcmp(kv->value, "asean") == 0)
            d->counting_rule = RP_FCOUNT_ASEAN;
        else
            return fail(err, kv, "\"%s\" is not a counting rule (makruk, asean or none)", kv->value);
    }
    return 0;
}

static int apply_key(struct rp_fdef *d, const struct key *k, const struct rp_fkv *kv,
                     struct rp_fdef_error *err)
{
    void *field = (char *)d + k->offset;
    switch (k->kind) {
    case K_BOOL: return read_bool(kv, field, err);
    case K_INT: return read_int(kv, 0, 10000, field, err);
    case K_RANK: return read_rank(kv, field, err);
    case K_FILE: return read_file(kv, field, err);
    case K_VALUE: return read_value(kv, field, err);
    case K_TYPE: return read_type(d, kv, field, err);
    case K_TYPE_OR_NONE:
        if (strcmp(skip_space(kv->value), "-") == 0 || strcmp(skip_space(kv->value), "*") == 0) {
            *(int *)field = -1;
            return 0;
        }
        return read_type(d, kv, field, err);
    case K_SQUARES: return read_squares(kv, field, err);
    case K_STRING:
        if (strlen(kv->value) >= sizeof d->start_fen)
            return fail(err, kv, "the value is too long");
        snprintf(field, sizeof d->start_fen, "%s", kv->value);
        return 0;
    case K_SPECIAL: return apply_special(d, kv, err);
    case K_IGNORED: return 0;
    case K_UNSUPPORTED:
        if (strcmp(kv->value, k->def) != 0)
            return fail(err, kv, "gcaudit does not implement %s = %s (only %s)", k->name, kv->value,
                        k->def);
        return 0;
    }
    return 0;
}

/* A list value copied for strtok_r: one too long for the copy is an error,
 * never a list silently cut short. */
static int list_copy(char *buf, size_t size, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    size_t n = strlen(kv->value);
    if (n >= size)
        return fail(err, kv, "the list is too long (%zu characters; at most %zu)", n, size - 1);
    memcpy(buf, kv->value, n + 1);
    return 0;
}

/* ---------------------------------------------------- gcaudit's keys */

static int apply_gc_labels(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    char buf[512];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        item = (char *)skip_space(item);
        char *eq = strchr(item, '=');
        if (!eq || eq == item)
            return fail(err, kv, "\"%s\" is not a pair letter=label", item);
        *eq = '\0';
        char *label = (char *)skip_space(eq + 1);
        size_t n = strlen(label);
        while (n && (label[n - 1] == ' ' || label[n - 1] == '\t'))
            label[--n] = '\0';
        size_t ln = strlen(item);
        while (ln && (item[ln - 1] == ' ' || item[ln - 1] == '\t'))
            item[--ln] = '\0';
        int t = ln == 1 ? type_of_letter(d, item[0]) : -1;
        if (t < 0)
            return fail(err, kv, "'%s' names no piece type of the variant", item);
        /* What the log parser reads as a label: one or two letters. */
        if (n == 0 || n > 2 || !isalpha((unsigned char)label[0]) || (n == 2 && !isalpha((unsigned char)label[1])))
            return fail(err, kv, "label \"%s\" must be one or two letters", label);
        for (size_t i = 0; i <= n; i++) {
            d->labels[0][t][i] = (char)toupper((unsigned char)label[i]);
            d->labels[1][t][i] = (char)tolower((unsigned char)label[i]);
        }
    }
    return 0;
}

/* gcFiles / gcRanks: comma-separated labels, one per file or rank. */
static int apply_gc_coords(struct rp_fdef *d, const struct rp_fkv *kv, int ranks,
                           struct rp_fdef_error *err)
{
    char buf[512];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    int n = 0, max = ranks ? RP_FMAX_RANKS : RP_FMAX_FILES;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        item = (char *)skip_space(item);
        size_t len = strlen(item);
        while (len && (item[len - 1] == ' ' || item[len - 1] == '\t'))
            item[--len] = '\0';
        if (n >= max)
            return fail(err, kv, "more than %d labels", max);
        if (len != 1 && !(ranks && len == 2))
            return fail(err, kv, "\"%s\": a %s label is %s", item, ranks ? "rank" : "file",
                        ranks ? "one or two digits" : "one letter");
        for (size_t i = 0; i < len; i++)
            if (ranks ? !isdigit((unsigned char)item[i]) : !isalpha((unsigned char)item[i]))
                return fail(err, kv, "\"%s\": a %s label is %s", item, ranks ? "rank" : "file",
                            ranks ? "one or two digits" : "one letter");
        snprintf(ranks ? d->rank_labels[n] : d->file_labels[n], 4, "%s", item);
        n++;
    }
    if (n == 0)
        return fail(err, kv, "no labels");
    *(ranks ? &d->nrank_labels : &d->nfile_labels) = n;
    return 0;
}

static int apply_gc_games(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    char buf[1024];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    d->ngames = 0;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char norm[64];
        fmt_normalise_game_name(item, norm, sizeof norm);
        if (!norm[0])
            continue;
        int seen = 0;
        for (int i = 0; i < d->ngames; i++)
            seen |= strcmp(d->games[i], norm) == 0;
        if (seen)
            continue; /* "Three-Check Chess" and "Three Check Chess" are one name */
        if (d->ngames >= RP_FMAX_NAMES)
            return fail(err, kv, "more than %d names", RP_FMAX_NAMES);
        snprintf(d->games[d->ngames++], sizeof d->games[0], "%s", norm);
    }
    if (d->ngames == 0)
        return fail(err, kv, "no game names");
    return 0;
}

static int apply_gc_names(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    char buf[512];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        item = (char *)skip_space(item);
        char *eq = strchr(item, '=');
        if (!eq || eq != item + 1)
            return fail(err, kv, "\"%s\" is not a pair letter=name", item);
        int t = type_of_letter(d, item[0]);
        if (t < 0)
            return fail(err, kv, "'%c' names no piece type of the variant", item[0]);
        char *name = (char *)skip_space(eq + 1);
        size_t n = strlen(name);
        while (n && (name[n - 1] == ' ' || name[n - 1] == '\t'))
            name[--n] = '\0';
        if (n == 0 || n >= sizeof d->piece_names[t])
            return fail(err, kv, "name \"%s\" must have 1 to %zu characters", name,
                        sizeof d->piece_names[t] - 1);
        snprintf(d->piece_names[t], sizeof d->piece_names[t], "%s", name);
    }
    return 0;
}

/* gcPgnVariant: the name PGN tools give the variant in a Variant tag
 * ("Crazyhouse"), written into the tag as it is; "" leaves the variant's
 * games out of a PGN export. */
static int apply_gc_pgn_variant(struct rp_fdef *d, const struct rp_fkv *kv,
                                struct rp_fdef_error *err)
{
    const char *v = kv->value;
    size_t n = strlen(v);
    if (n >= sizeof d->pgn_variant)
        return fail(err, kv, "a Variant tag of at most %zu characters expected",
                    sizeof d->pgn_variant - 1);
    for (const char *c = v; *c; c++)
        if (*c < ' ' || *c > '~' || *c == '"' || *c == '\\')
            return fail(err, kv, "a Variant tag of printable ASCII without '\"' or '\\' expected");
    memcpy(d->pgn_variant, v, n + 1);
    return 0;
}

/* gcRepetitionReview: a word for the detail review=WORD. */
static int apply_gc_review(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    size_t n = strlen(kv->value);
    if (n == 0 || n >= sizeof d->repetition_review || strspn(kv->value, "abcdefghijklmnopqrstuvwxyz-") != n)
        return fail(err, kv, "\"%s\" is not a word of 1 to %zu lower-case letters and hyphens", kv->value,
                    sizeof d->repetition_review - 1);
    memcpy(d->repetition_review, kv->value, n + 1);
    return 0;
}

static const char *const gc_keys[] = {
    "gcGames", "gcTitle", "gcFiles", "gcRanks", "gcLabels", "gcNames",
    "gcRepetitionEnd", "gcMoveRuleEnd", "gcInsufficientMaterial", "gcPgnVariant", "gcRepetitionReview", NULL,
};

static int apply_gc(struct rp_fdef *d, const struct rp_fkv *kv, size_t n, struct rp_fdef_error *err)
{
    const struct rp_fkv *k;
    if ((k = find_key(kv, n, "gcGames")) && apply_gc_games(d, k, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcTitle")))
        snprintf(d->title, sizeof d->title, "%s", k->value);
    if ((k = find_key(kv, n, "gcFiles")) && apply_gc_coords(d, k, 0, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcRanks")) && apply_gc_coords(d, k, 1, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcLabels")) && apply_gc_labels(d, k, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcNames")) && apply_gc_names(d, k, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcRepetitionEnd")) && read_int(k, 0, 100, &d->repetition_end, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcMoveRuleEnd")) && read_int(k, 0, 10000, &d->move_rule_end, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcInsufficientMaterial")) && read_bool(k, &d->insufficient_material, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcPgnVariant")) && apply_gc_pgn_variant(d, k, err) != 0)
        return -1;
    if ((k = find_key(kv, n, "gcRepetitionReview")) && apply_gc_review(d, k, err) != 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------ apply */

static int is_piece_key(const char *key)
{
    if (rp_fnamed_find(key) >= 0 || strncmp(key, "mobilityRegion", 14) == 0)
        return 1;
    if (strncmp(key, "customPiece", 11) == 0) {
        char *end;
        long i = strtol(key + 11, &end, 10);
        return !*end && i >= 1 && i <= RP_FMAX_CUSTOM;
    }
    return 0;
}

static int known_key(const char *key)
{
    if (is_piece_key(key))
        return 1;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].name, key) == 0)
            return 1;
    for (const char *const *g = gc_keys; *g; g++)
        if (strcmp(*g, key) == 0)
            return 1;
    return 0;
}

int rp_fdef_apply(struct rp_fdef *d, const struct rp_fkv *kv, size_t n, struct rp_fdef_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (!known_key(kv[i].key))
            return fail(err, &kv[i], "unknown key \"%s\"", kv[i].key);
        if (strncmp(kv[i].key, "mobilityRegion", 14) == 0) {
            /* A region for a type no key names is a typo, not a no-op. */
            int ok = 0;
            for (int t = 0; t < RP_FMAX_TYPES && !ok; t++)
                for (int c = 0; c < 2 && !ok; c++) {
                    char name[32], key[64];
                    if (t < RP_FNAMED_TYPES)
                        snprintf(name, sizeof name, "%s", rp_fnamed_at(t)->name);
                    else
                        snprintf(name, sizeof name, "customPiece%d", t - RP_FNAMED_TYPES + 1);
                    name[0] = (char)toupper((unsigned char)name[0]);
                    snprintf(key, sizeof key, "mobilityRegion%s%s", c ? "Black" : "White", name);
                    ok = strcmp(key, kv[i].key) == 0;
                }
            if (!ok)
                return fail(err, &kv[i], "unknown key \"%s\"", kv[i].key);
        }
    }
    if (apply_pieces(d, kv, n, err) != 0)
        return -1;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const struct rp_fkv *k = find_key(kv, n, keys[i].name);
        if (k && apply_key(d, &keys[i], k, err) != 0)
            return -1;
    }
    return apply_gc(d, kv, n, err);
}
