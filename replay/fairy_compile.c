/*
 * fairy_compile: a definition's keys turned into the tables the engine
 * reads, and the checks that it describes a game gcaudit can replay.
 *
 * Special moves of Fairy-Stockfish 11.1 that no Betza atom says are made
 * atoms with a condition here, so that the move generator and the attack
 * test read one list per type:
 *   - the soldier's sideways step, only past soldierPromotionRank
 *     (11.1: attacks_from, "Xiangqi soldier");
 *   - the palace diagonals of diagonalLines (11.1: "Janggi palace
 *     moves"): a wazir or a king that moves as one steps diagonally, a
 *     soldier steps diagonally forward, a rook rides, a janggi cannon
 *     jumps the centre; only from, to and through those squares.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_pos.h"

static int fail(struct rp_fdef_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(struct rp_fdef_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->line = 0;
    err->key[0] = '\0';
    return -1;
}

static const char *type_key(int t, char *buf, size_t size)
{
    if (t < RP_FNAMED_TYPES)
        snprintf(buf, size, "%s", rp_fnamed_at(t)->name);
    else
        snprintf(buf, size, "customPiece%d", t - RP_FNAMED_TYPES + 1);
    return buf;
}

static int add_atom(struct rp_ftype *ty, struct rp_fatom a, struct rp_fdef_error *err, int t)
{
    char name[32];
    if (ty->natoms >= RP_FMAX_ATOMS)
        return fail(err, "%s has too many moves", type_key(t, name, sizeof name));
    ty->atoms[ty->natoms++] = a;
    return 0;
}

static int leap(struct rp_ftype *ty, int dx, int dy, int kind, int range, int cond, int t,
                struct rp_fdef_error *err)
{
    struct rp_fatom a;
    memset(&a, 0, sizeof a);
    a.dx = (int8_t)dx;
    a.dy = (int8_t)dy;
    a.kind = (uint8_t)kind;
    a.mode = RP_FA_MOVE | RP_FA_CAPTURE;
    a.range = (uint8_t)range;
    a.cond = (uint8_t)cond;
    return add_atom(ty, a, err, t);
}

static int palace_atoms(struct rp_fdef *d, int t, struct rp_fdef_error *err)
{
    struct rp_ftype *ty = &d->types[t];
    int moves = t == d->king ? d->king_moves : t;
    for (int sx = -1; sx <= 1; sx += 2)
        for (int sy = -1; sy <= 1; sy += 2) {
            int rc = 0;
            if (moves == RP_FTYPE_WAZIR)
                rc = leap(ty, sx, sy, RP_FA_LEAP, 0, RP_FAC_DIAGONAL_LINES, t, err);
            else if (moves == RP_FTYPE_SOLDIER && sy > 0)
                rc = leap(ty, sx, sy, RP_FA_LEAP, 0, RP_FAC_DIAGONAL_LINES, t, err);
            else if (moves == RP_FTYPE_ROOK)
                rc = leap(ty, sx, sy, RP_FA_RIDE, 0, RP_FAC_DIAGONAL_LINES, t, err);
            else if (moves == RP_FTYPE_JANGGI_CANNON)
                rc = leap(ty, sx, sy, RP_FA_HOP, 2, RP_FAC_DIAGONAL_LINES, t, err);
            if (rc)
                return -1;
        }
    return 0;
}

/* Can a leap or ride `b` land where the leap or the first step of the
 * ride `a` lands, both moving or both capturing?  (The reference's move
 * bitboards hold a square once; an atom list can reach it twice.) */
static int atoms_overlap(const struct rp_fatom *a, const struct rp_fatom *b)
{
    if (!(a->mode & b->mode) || (a->kind != RP_FA_LEAP && a->kind != RP_FA_RIDE) ||
        (b->kind != RP_FA_LEAP && b->kind != RP_FA_RIDE))
        return 0;
    for (int k = 1; k <= (b->kind == RP_FA_LEAP ? 1 : b->range ? b->range : RP_FMAX_FILES); k++)
        if (b->dx * k == a->dx && b->dy * k == a->dy)
            return 1;
    return 0;
}

static int compile_type(struct rp_fdef *d, int t, struct rp_fdef_error *err)
{
    struct rp_ftype *ty = &d->types[t];
    /* The king moves as kingType says (Knightmate: as a knight). */
    int from = t == d->king ? d->king_moves : t;
    const char *betza = d->types[from].betza;
    char why[160], name[32];
    if (rp_betza_compile(betza, ty->atoms, RP_FMAX_ATOMS, &ty->natoms, why, sizeof why) != 0)
        return fail(err, "%s: Betza notation \"%s\": %s", type_key(from, name, sizeof name), betza, why);
    if (from == RP_FTYPE_SOLDIER)
        for (int s = -1; s <= 1; s += 2)
            if (leap(ty, s, 0, RP_FA_LEAP, 0, RP_FAC_PROMOTED_SOLDIER, t, err) != 0)
                return -1;
    if (d->has_diagonal_lines && palace_atoms(d, t, err) != 0)
        return -1;
    ty->lame = 0;
    ty->overlap = 0;
    memset(ty->towards, 0, sizeof ty->towards);
    for (int i = 0; i < ty->natoms; i++) {
        ty->lame |= ty->atoms[i].nblock > 0;
        ty->towards[rp_fdir_class(ty->atoms[i].dx, ty->atoms[i].dy)] |= (uint64_t)1 << i;
        for (int j = 0; j < ty->natoms; j++)
            ty->overlap |= j != i && atoms_overlap(&ty->atoms[i], &ty->atoms[j]);
    }
    return 0;
}

static int compile_types(struct rp_fdef *d, struct rp_fdef_error *err)
{
    d->ntypes = 0;
    for (int t = 0; t < RP_FMAX_TYPES; t++) {
        if (!d->types[t].letter)
            continue;
        for (int u = 0; u < t; u++)
            if (d->types[u].letter == d->types[t].letter) {
                char a[32], b[32];
                return fail(err, "letter '%c' names both %s and %s", d->types[t].letter,
                            type_key(u, a, sizeof a), type_key(t, b, sizeof b));
            }
        d->present[d->ntypes++] = (uint8_t)t;
    }
    if (d->ntypes == 0)
        return fail(err, "the variant has no pieces");
    d->king = d->types[RP_FTYPE_KING].letter ? RP_FTYPE_KING : -1;
    d->pawn = d->types[RP_FTYPE_PAWN].letter ? RP_FTYPE_PAWN : -1;
    if (d->king >= 0 && !d->types[d->king_moves].betza[0] && d->king_moves != RP_FTYPE_KING) {
        char a[32];
        return fail(err, "kingType %s has no moves", type_key(d->king_moves, a, sizeof a));
    }
    for (int i = 0; i < d->ntypes; i++)
        if (compile_type(d, d->present[i], err) != 0)
            return -1;
    for (int i = 0; i < d->ntypes; i++) {
        int t = d->present[i], p = d->types[t].promoted;
        if (p >= 0 && !d->types[p].letter) {
            char a[32];
            return fail(err, "promotedPieceType: %s promotes to a piece not in the variant",
                        type_key(t, a, sizeof a));
        }
    }
    return 0;
}

static void compile_regions(struct rp_fdef *d)
{
    memset(&d->board, 0, sizeof d->board);
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++)
            rp_fset_add(&d->board, rp_fsq(f, r));
    d->promotion_rank = d->ranks + 1;
    for (int c = 0; c < 2; c++) {
        d->promotion_zone[c] = d->promotion_region[c];
        if (d->first_rank_double_steps)
            for (int f = 0; f < d->files; f++)
                rp_fset_add(&d->double_step_region[c], rp_fsq(f, c ? d->ranks - 1 : 0));
        for (int r = 0; r < d->ranks; r++) {
            int rel = c ? d->ranks - r : r + 1; /* 1-based rank from the colour's side */
            for (int f = 0; f < d->files; f++) {
                int sq = rp_fsq(f, r);
                if (c == 0 && rp_fset_has(&d->promotion_zone[c], sq) && rel < d->promotion_rank)
                    d->promotion_rank = rel;
                uint64_t allowed = 0;
                for (int i = 0; i < d->ntypes; i++) {
                    int t = d->present[i];
                    if (!d->types[t].has_region[c] || rp_fset_has(&d->types[t].region[c], sq))
                        allowed |= (uint64_t)1 << t;
                }
                d->allowed[c][sq] = allowed;
            }
        }
        d->flag_beyond_board[c] = 0;
        for (int w = 0; w < RP_FSET_WORDS; w++)
            d->flag_beyond_board[c] |= (d->flag[c].w[w] & ~d->board.w[w]) != 0;
        for (int w = 0; w < RP_FSET_WORDS; w++) {
            d->promotion_zone[c].w[w] &= d->board.w[w];
            d->pawn_promotion_zone[c].w[w] = d->sittuyin_promotion ? 0 : d->promotion_zone[c].w[w];
            d->double_step_region[c].w[w] &= d->board.w[w];
            d->triple_step_region[c].w[w] &= d->board.w[w];
            d->drop_region[c].w[w] &= d->board.w[w];
            d->flag[c].w[w] &= d->board.w[w];
            d->diagonal_lines.w[w] &= d->board.w[w];
        }
    }
    /* No flag without a flag piece and a square to reach (flagPiece's
     * default is any piece, the regions' none): the ends do not look. */
    d->has_flag = d->flag_piece != -1 && (!rp_fset_empty(&d->flag[0]) || !rp_fset_empty(&d->flag[1]));
    /* Where a piece lands: looked at only when a key asks (one test per
     * move for both keys). */
    d->landing_rules = d->immobility_illegal || d->drop_opposite_coloured_bishop;
    /* Shatar's shak: a check by a knight, a rook or a bers (the
     * reference's byTypeBB of those named types). */
    d->shak_types = (uint64_t)1 << RP_FTYPE_KNIGHT | (uint64_t)1 << RP_FTYPE_ROOK |
                    (uint64_t)1 << rp_fnamed_find("bers");
}

static int fail_key(struct rp_fdef_error *err, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A compile error that one key is to blame for (the loader finds its line). */
static int fail_key(struct rp_fdef_error *err, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->line = 0;
    snprintf(err->key, sizeof err->key, "%s", key);
    return -1;
}

/* A type's quiet initial moves ('i') that leave an en passant square, as
 * the reference's do_move sets one (a move of its initial moves that its
 * other quiet moves do not make): 1 when some do, all of two steps along
 * a line (one square passed); -1 when one passes more squares, which
 * would leave several en passant squares at once. */
static int initial_ep(const struct rp_ftype *ty)
{
    int any = 0;
    for (int k = 0; k < ty->natoms; k++) {
        const struct rp_fatom *a = &ty->atoms[k];
        if (a->cond != RP_FAC_INITIAL || !(a->mode & RP_FA_MOVE) || a->kind == RP_FA_HOP ||
            a->kind == RP_FA_GRASSHOP)
            continue;
        int steps = a->kind == RP_FA_RIDE ? (a->range ? a->range : RP_FMAX_RANKS) : 1;
        int span = abs(a->dx) > abs(a->dy) ? abs(a->dx) : abs(a->dy);
        int aligned = !a->dx || !a->dy || abs(a->dx) == abs(a->dy);
        if (!aligned && a->kind == RP_FA_LEAP)
            continue; /* no square between: the reference's square is the occupied target */
        for (int n = 1; n <= steps; n++) {
            int dx = a->dx * n, dy = a->dy * n, plain = 0;
            for (int j = 0; j < ty->natoms && !plain; j++) {
                const struct rp_fatom *b = &ty->atoms[j];
                if (b->cond != RP_FAC_INITIAL && (b->mode & RP_FA_MOVE) && b->kind != RP_FA_HOP &&
                    b->kind != RP_FA_GRASSHOP) {
                    int reach = b->kind == RP_FA_RIDE ? (b->range ? b->range : RP_FMAX_RANKS) : 1;
                    for (int m = 1; m <= reach && !plain; m++)
                        plain = b->dx * m == dx && b->dy * m == dy;
                }
            }
            if (plain || n * span < 2)
                continue;
            if (n * span > 2 || !aligned)
                return -1;
            any = 1;
        }
    }
    return any;
}

/* The reference build's piece sets, as far as gcaudit's model of them
 * goes: the pawn promotes, captures en passant and resets the move rule
 * as a pawn; another type may too, by its own moves (promotionPawnTypes,
 * enPassantTypes, nMoveRuleTypes: Berolina's pawn, Wolf's sergeant);
 * castling is the king's with one type of rook.  A set the model cannot
 * play is refused, naming its key. */
static int check_piece_sets(struct rp_fdef *d, struct rp_fdef_error *err)
{
    uint64_t present = 0;
    for (int i = 0; i < d->ntypes; i++)
        present |= (uint64_t)1 << d->present[i];
    uint64_t pawn = d->pawn >= 0 ? (uint64_t)1 << d->pawn : 0, initial = 0;
    char name[32];
    for (int i = 0; i < d->ntypes; i++) {
        int t = d->present[i], ep = t == d->pawn ? 0 : initial_ep(&d->types[t]);
        if (ep < 0 && (pawn || ((d->en_passant_types[0] | d->en_passant_types[1]) & present & ~pawn)))
            return fail_key(err, type_key(t, name, sizeof name),
                            "an initial move ('i') that passes more than one square: gcaudit keeps one en passant "
                            "square");
        d->types[t].initial_ep = ep > 0;
        if (ep > 0)
            initial |= (uint64_t)1 << t;
    }
    for (int c = 0; c < 2; c++) {
        for (int w = 0; w < RP_FSET_WORDS; w++)
            if (d->triple_step_region[c].w[w] & ~d->double_step_region[c].w[w])
                return fail_key(err, c ? "tripleStepRegionBlack" : "tripleStepRegionWhite",
                                "gcaudit implements a triple step only from squares of the double-step region");
        /* The reference build lets a pawn become a second king, and then
         * looks after one of the two; gcaudit keeps one king a side. */
        if (d->king >= 0 && (d->promotion_types[c] >> d->king & 1))
            return fail_key(err, "promotionPieceTypes",
                            "a pawn cannot promote to the king: gcaudit plays one king a side");
        d->pawn_like[c] = (d->promotion_pawn_types[c] | d->en_passant_types[c]) & present & ~pawn;
        d->make_rules[c] = (d->n_move_rule_types[c] | d->promotion_pawn_types[c] | pawn | initial) & present;
    }
    /* Any of a side's castlingRookPieces castles (Perfect Chess: the
     * rook and the chancellor), as the reference's castling_rook_pieces. */
    for (int c = 0; c < 2; c++)
        d->castling_rooks[c] = d->castling_rook_types[c] & present;
    if (!d->castling)
        return 0;
    uint64_t any = d->castling_rooks[0] ? d->castling_rooks[0] : d->castling_rook_types[0];
    d->castling_rook = RP_FTYPE_ROOK;
    for (int t = 0; t < RP_FMAX_TYPES; t++)
        if (any >> t & 1) {
            d->castling_rook = t;
            break;
        }
    for (int c = 0; c < 2; c++)
        if (d->king >= 0 && d->castling_king_type[c] != d->king)
            return fail_key(err, "castlingKingPiece", "gcaudit castles with the king only, not the %s",
                            type_key(d->castling_king_type[c], name, sizeof name));
    return 0;
}

/* Atomic's keys, as far as the reference build plays them as it
 * documents them: a blast next to a royal king is not in its legality
 * test (it reads the king's square before the blast), and its
 * pseudo-royal test does not read blastImmuneTypes (its parser warns
 * that the two do not go together), so gcaudit refuses both pairs, and
 * flagPieceSafe with blastOnCapture, which its parser refuses likewise. */
/* petrifyOnCaptureTypes where the reference build's reading is sound:
 * not the royal king (it would leave its side without one), nor with the
 * keys whose pieces it would treat otherwise than a capture's wall. */
static int check_petrify(const struct rp_fdef *d, struct rp_fdef_error *err)
{
    const char *why = NULL;
    if (!d->petrify_types)
        return 0;
    if (d->king >= 0 && (d->petrify_types >> d->king & 1))
        why = "the royal king may not turn into a wall (the reference build would leave its side without one)";
    else if (d->blast_on_capture || d->extinction_pseudo_royal || d->captures_to_hand)
        why = "petrifyOnCaptureTypes goes neither with blastOnCapture, extinctionPseudoRoyal nor capturesToHand";
    else if (d->hoppers)
        why = "gcaudit does not implement walls where pieces hop (a cannon's or a grasshopper's screen)";
    return why ? fail_key(err, "petrifyOnCaptureTypes", "%s", why) : 0;
}

/* wallingRule where gcaudit and the reference build read it alike: the
 * reference's parser warns against drops and against a royal king with
 * the duck; a wall sits in gating's fields of a move; gcaudit makes no
 * screen of a wall (fairy_fen.c). */
static int check_walls(const struct rp_fdef *d, struct rp_fdef_error *err)
{
    const char *why = NULL;
    if (!d->walling_rule)
        return 0;
    if (d->piece_drops)
        why = "wallingRule does not go with pieceDrops (the reference build's parser says so)";
    else if (d->walling_rule == RP_FWALL_DUCK && d->king >= 0)
        why = "wallingRule = duck does not go with a royal king (the reference build's parser says so; Duck "
              "Chess's king is a commoner)";
    else if (d->gating)
        why = "wallingRule does not go with gating";
    else if (d->hoppers)
        why = "gcaudit does not implement walls where pieces hop (a cannon's or a grasshopper's screen)";
    return why ? fail_key(err, "wallingRule", "%s", why) : 0;
}

static int check_blast(struct rp_fdef *d, struct rp_fdef_error *err)
{
    if (d->blast_on_capture && d->king >= 0)
        return fail_key(err, "blastOnCapture",
                        "gcaudit implements blastOnCapture only without a royal king (Atomic's king is a commoner)");
    if (d->extinction_pseudo_royal && (d->blast_immune_types || d->mutually_immune_types))
        return fail_key(err, "extinctionPseudoRoyal",
                        "extinctionPseudoRoyal does not go with blastImmuneTypes or mutuallyImmuneTypes");
    if (d->flag_piece_safe && d->blast_on_capture)
        return fail_key(err, "flagPieceSafe",
                        "flagPieceSafe does not go with blastOnCapture (its attack test does not see a blast)");
    if (d->extinction_pseudo_royal && d->extinction_all)
        return fail_key(err, "extinctionPseudoRoyal",
                        "gcaudit implements extinctionPseudoRoyal only for the types extinctionPieceTypes lists, not *");
    /* Pseudo-royal pieces are never taken, so extinction cannot come
     * unless a blast removes them (the reference's is_immediate_game_end). */
    d->extinction_ends = d->extinction_value != RP_FV_NONE && (!d->extinction_pseudo_royal || d->blast_on_capture);
    return 0;
}

/* The attack probes of colour `by` (fairy.h): one fast probe for each
 * geometry that needs nothing but the attacker's type, every type that
 * attacks so in its mask; a slow one, with its type and atom, for each
 * atom that needs its own test. */
static int add_probe(struct rp_fdef *d, int by, struct rp_fprobe pr, struct rp_fdef_error *err)
{
    if (!pr.slow)
        for (int i = 0; i < d->nprobes[by]; i++) {
            struct rp_fprobe *q = &d->probes[by][i];
            if (!q->slow && q->kind == pr.kind && q->off == pr.off) {
                q->types |= pr.types;
                return 0;
            }
        }
    if (d->nprobes[by] == RP_FMAX_PROBES)
        return fail(err, "the pieces have too many ways to attack (at most %d)", RP_FMAX_PROBES);
    d->probes[by][d->nprobes[by]++] = pr;
    return 0;
}

/* A fast leap and a fast ride of one step: the ride's walk looks at the
 * leap's square first, so the yes-or-no attack test (rp_fattacked) asks
 * the leap's types there and skips the leap; rp_fattacker keeps to the
 * probes' order, both kept. */
static void merge_leaps(struct rp_fdef *d, int by)
{
    for (int i = 0; i < d->nprobes[by]; i++) {
        struct rp_fprobe *l = &d->probes[by][i];
        if (l->slow || l->kind != RP_FA_LEAP)
            continue;
        for (int j = 0; j < d->nprobes[by]; j++) {
            struct rp_fprobe *r = &d->probes[by][j];
            if (!r->slow && r->kind == RP_FA_RIDE && r->off == l->off) {
                r->near |= l->types;
                l->merged = 1;
                break;
            }
        }
    }
}

static int compile_probes(struct rp_fdef *d, struct rp_fdef_error *err)
{
    d->simple_attacks = 1;
    d->hoppers = 0;
    memset(d->line_types, 0, sizeof d->line_types);
    for (int by = 0; by < 2; by++) {
        d->nprobes[by] = 0;
        for (int i = 0; i < d->ntypes; i++) {
            int t = d->present[i];
            struct rp_fprobe pr;
            memset(&pr, 0, sizeof pr);
            if (t == d->pawn) {
                /* The pawn's captures are its role's, not its atoms. */
                for (int s = -1; s <= 1; s += 2) {
                    pr.kind = RP_FA_LEAP;
                    pr.off = (int16_t)(s + (by ? -RP_FMB_COLS : RP_FMB_COLS));
                    pr.types = (uint64_t)1 << t;
                    if (add_probe(d, by, pr, err) != 0)
                        return -1;
                }
                continue;
            }
            const struct rp_ftype *ty = &d->types[t];
            for (int k = 0; k < ty->natoms; k++) {
                const struct rp_fatom *a = &ty->atoms[k];
                d->hoppers |= a->kind == RP_FA_HOP || a->kind == RP_FA_GRASSHOP;
                if (!(a->mode & RP_FA_CAPTURE))
                    continue;
                memset(&pr, 0, sizeof pr);
                pr.off = (int16_t)((a->dx + a->dy * RP_FMB_COLS) * (by ? -1 : 1));
                pr.kind = a->kind;
                pr.slow = a->nblock || a->cond != RP_FAC_ALWAYS || (a->kind == RP_FA_RIDE && a->range) ||
                          a->kind == RP_FA_HOP || a->kind == RP_FA_GRASSHOP || ty->role == RP_FR_JANGGI_CANNON;
                pr.type = (uint8_t)t;
                pr.atom = (uint8_t)k;
                pr.types = (uint64_t)1 << t;
                if (pr.slow || (a->kind == RP_FA_RIDE && (abs(a->dx) > 1 || abs(a->dy) > 1)))
                    d->simple_attacks = 0;
                else if (a->kind == RP_FA_RIDE)
                    d->line_types[by][rp_fline_index(pr.off)] |= (uint64_t)1 << t;
                if (add_probe(d, by, pr, err) != 0)
                    return -1;
            }
        }
        merge_leaps(d, by);
    }
    return 0;
}

/* The names a Game: value matches and the line `gcaudit variants` shows. */
static void compile_names(struct rp_fdef *d)
{
    if (!d->title[0])
        snprintf(d->title, sizeof d->title, "%s", d->name);
    if (d->ngames == 0) {
        fmt_normalise_game_name(d->name, d->games[0], sizeof d->games[0]);
        d->ngames = 1;
    }
    snprintf(d->short_title, sizeof d->short_title, "%s", d->title);
    char *paren = strstr(d->short_title, " (");
    if (paren && paren != d->short_title)
        *paren = '\0';
    for (int i = 0; i < d->ngames; i++)
        d->game_ptrs[i] = d->games[i];
    d->game_ptrs[d->ngames] = NULL;
}

static int check_coords(struct rp_fdef *d, struct rp_fdef_error *err)
{
    if (d->nfile_labels && d->nfile_labels != d->files)
        return fail(err, "gcFiles gives %d labels for %d files", d->nfile_labels, d->files);
    if (d->nrank_labels && d->nrank_labels != d->ranks)
        return fail(err, "gcRanks gives %d labels for %d ranks", d->nrank_labels, d->ranks);
    static const char *const numbers[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"};
    for (int f = 0; f < d->files && !d->nfile_labels; f++) {
        d->file_labels[f][0] = (char)('a' + f);
        d->file_labels[f][1] = '\0';
    }
    for (int r = 0; r < d->ranks && !d->nrank_labels; r++)
        snprintf(d->rank_labels[r], sizeof d->rank_labels[r], "%s", numbers[r]);
    for (int a = 0; a < d->files; a++)
        for (int b = 0; b < a; b++)
            if (strcmp(d->file_labels[a], d->file_labels[b]) == 0)
                return fail(err, "gcFiles names two files \"%s\"", d->file_labels[a]);
    for (int a = 0; a < d->ranks; a++)
        for (int b = 0; b < a; b++)
            if (strcmp(d->rank_labels[a], d->rank_labels[b]) == 0)
                return fail(err, "gcRanks names two ranks \"%s\"", d->rank_labels[a]);
    /* "a1" and "a10": a rank label that starts another is ambiguous only
     * when both could be read; squares are read whole, so they cannot. */
    return 0;
}

/* The names of the repetition and move-rule claims, made once:
 * "threefold", "fifty-moves" (the names Chess uses, gcaudit(1) games.csv
 * detail claimable=). */
static void compile_end_names(struct rp_fdef *d)
{
    char w[24];
    rp_count_words(d->n_fold_rule, w, sizeof w);
    snprintf(d->fold_claim, sizeof d->fold_claim, "%sfold", w);
    rp_count_words(d->n_move_rule, w, sizeof w);
    snprintf(d->moves_claim, sizeof d->moves_claim, "%s-moves", w);
}

/* "K king, Q queen, ...; +P promoted pawn; upper case White, lower case
 * Black; . empty": the legend `gcaudit replay` prints. */
static void compile_legend(struct rp_fdef *d)
{
    size_t at = 0, size = sizeof d->legend;
    for (int i = 0; i < d->ntypes && at < size; i++) {
        int t = d->present[i];
        char label[RP_FLABEL_MAX + 2], name[RP_FNAME_MAX];
        rp_flabel(d, rp_fp_make(t, 0), 0, label);
        at += (size_t)snprintf(d->legend + at, size - at, "%s%s %s", i ? ", " : "", label,
                               rp_fpiece_name(d, t, 0, name));
    }
    for (int i = 0; i < d->ntypes && at < size; i++) {
        int t = d->present[i], p = d->types[t].promoted;
        if (p < 0)
            continue;
        char label[RP_FLABEL_MAX + 2], name[RP_FNAME_MAX];
        rp_flabel(d, rp_fp_make(p, 0), t + 1, label);
        at += (size_t)snprintf(d->legend + at, size - at, ", %s %s", label, rp_fpiece_name(d, p, t + 1, name));
    }
    if (at < size)
        snprintf(d->legend + at, size - at, "; upper case White, lower case Black; . empty");
}

int rp_fdef_compile(struct rp_fdef *d, struct rp_fdef_error *err)
{
    if (d->files < 1 || d->files > RP_FMAX_FILES || d->ranks < 1 || d->ranks > RP_FMAX_RANKS)
        return fail(err, "the board must have 1 to %d files and 1 to %d ranks", RP_FMAX_FILES, RP_FMAX_RANKS);
    compile_names(d);
    if (check_coords(d, err) != 0 || compile_types(d, err) != 0)
        return -1;
    compile_regions(d);
    if (check_piece_sets(d, err) != 0 || check_blast(d, err) != 0 || compile_probes(d, err) != 0 ||
        check_petrify(d, err) != 0 || check_walls(d, err) != 0)
        return -1;
    if (d->repetition_end == 0)
        d->repetition_end = d->n_fold_rule;
    if (d->move_rule_end == 0)
        d->move_rule_end = d->n_move_rule;
    if (d->repetition_end && d->n_fold_rule && d->repetition_end < d->n_fold_rule)
        return fail(err, "gcRepetitionEnd %d is below nFoldRule %d", d->repetition_end, d->n_fold_rule);
    if (d->move_rule_end && d->n_move_rule && d->move_rule_end < d->n_move_rule)
        return fail(err, "gcMoveRuleEnd %d is below nMoveRule %d", d->move_rule_end, d->n_move_rule);
    compile_end_names(d);
    compile_legend(d);
    if (d->seirawan_gating && !d->gating)
        return fail(err, "seirawanGating needs gating = true");
    if (d->cambodian_moves && !d->gating)
        return fail_key(err, "cambodianMoves", "cambodianMoves needs gating = true (the FEN's gating files say "
                                               "which pieces may still leap)");
    if (d->enclosing_drop == RP_FENCLOSE_ATAXX)
        return fail_key(err, "enclosingDrop", "gcaudit implements enclosingDrop only as reversi (not Ataxx's drops)");
    if (d->flip_enclosed == RP_FENCLOSE_ATAXX)
        return fail_key(err, "flipEnclosedPieces",
                        "gcaudit implements flipEnclosedPieces only as reversi (not Ataxx's turning of the "
                        "pieces around)");
    if (d->gating && !d->seirawan_gating && !d->cambodian_moves)
        return fail(err, "gcaudit implements gating only as seirawanGating or with cambodianMoves");
    struct rp_fpos p;
    char why[200];
    if (rp_ffen_read_start(&p, d, d->start_fen, why, sizeof why) != 0) {
        snprintf(err->key, sizeof err->key, "startFen");
        snprintf(err->message, sizeof err->message, "%s", why);
        err->line = 0;
        return -1;
    }
    return 0;
}
