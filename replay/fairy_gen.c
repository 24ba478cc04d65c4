/*
 * fairy_gen: pseudo-legal moves and attacks of a defined variant, as
 * Fairy-Stockfish 11.1 generates them (src/movegen.cpp, position.h's
 * attacks_from/moves_from and position.cpp's attackers_to).
 *
 * A piece moves by its atoms (fairy_compile.c); the pawn alone moves by
 * its role: one step forward to an empty square, the double step from
 * doubleStepRank (and the first rank with firstRankDoubleSteps), captures
 * diagonally forward, en passant, promotion on promotionRank (any rank of
 * the zone when promotion is optional).  A move's target must lie in the
 * type's mobility region; a drop's in the drop region.
 *
 * The attack test walks each capture atom backwards from the attacked
 * square, so it needs no move list; its result is that of generating the
 * attacker's captures.
 */
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_pos.h"

static inline int push_of(int colour) { return colour ? -RP_FMB_COLS : RP_FMB_COLS; }

/* 1-based rank counted from the colour's own side. */
static inline int rel_rank(const struct rp_fdef *d, int colour, int sq)
{
    int r = rp_frank(sq);
    return colour ? d->ranks - r : r + 1;
}

static inline int offset(const struct rp_fatom *a, int colour, int dx, int dy)
{
    (void)a;
    return colour ? -(dx + dy * RP_FMB_COLS) : dx + dy * RP_FMB_COLS;
}

static inline int allowed(const struct rp_fdef *d, int colour, int type, int sq)
{
    return (int)(d->allowed[colour][sq] >> type & 1);
}

static void add(struct rp_fmovelist *l, rp_fmove m)
{
    /* RP_FMAX_MOVES is above any position of a board of 120 squares with
     * seven types in hand; the bound only keeps a bad input from writing
     * past the list. */
    if (l->n < RP_FMAX_MOVES)
        l->m[l->n++] = m;
}

/* Does the atom's extra condition hold for a move from `from`? */
static int cond_from(const struct rp_fpos *p, const struct rp_fatom *a, int colour, int from)
{
    const struct rp_fdef *d = p->def;
    switch (a->cond) {
    case RP_FAC_PROMOTED_SOLDIER: return rel_rank(d, colour, from) >= d->soldier_promotion_rank;
    case RP_FAC_DIAGONAL_LINES: return rp_fset_has(&d->diagonal_lines, from);
    case RP_FAC_INITIAL: return rp_fset_has(&d->double_step_region[colour], from);
    default: return 1;
    }
}

static int is_janggi_cannon(const struct rp_fdef *d, rp_fpiece pc)
{
    return rp_fp_real(pc) && d->types[rp_fp_type(pc)].role == RP_FR_JANGGI_CANNON;
}

/* The targets of one atom: calls out(ctx, to, capture) for each, or
 * with `only` a square (on the atom's line) for that one alone: the walk
 * stops there. */
typedef void (*target_fn)(void *ctx, int to, int capture);

static void atom_targets(const struct rp_fpos *p, int type, int colour, int from,
                         const struct rp_fatom *a, int only, target_fn out, void *ctx)
{
    const struct rp_fdef *d = p->def;
    if (!cond_from(p, a, colour, from))
        return;
    int step = offset(a, colour, a->dx, a->dy);
    int diag = a->cond == RP_FAC_DIAGONAL_LINES;
    int cannon = d->types[type].role == RP_FR_JANGGI_CANNON;
    if (a->kind == RP_FA_LEAP) {
        int to = from + step;
        rp_fpiece t = p->b[to];
        if (t == RP_FOFF || (diag && !rp_fset_has(&d->diagonal_lines, to)) || (only >= 0 && to != only))
            return;
        for (int i = 0; i < a->nblock; i++)
            if (p->b[from + offset(a, colour, a->block[i][0], a->block[i][1])])
                return;
        if (!t) {
            if (a->mode & RP_FA_MOVE)
                out(ctx, to, 0);
        } else if (rp_fp_colour(t) != colour && (a->mode & RP_FA_CAPTURE)) {
            out(ctx, to, 1);
        }
        return;
    }
    int screen = 0;
    for (int k = 1, to = from + step; a->range == 0 || k <= a->range; k++, to += step) {
        rp_fpiece t = p->b[to];
        int wanted = only < 0 || to == only;
        if (t == RP_FOFF || (diag && !rp_fset_has(&d->diagonal_lines, to)))
            return;
        if (a->kind == RP_FA_RIDE) {
            if (!t) {
                if ((a->mode & RP_FA_MOVE) && wanted)
                    out(ctx, to, 0);
                if (to == only)
                    return;
                continue;
            }
            if (rp_fp_colour(t) != colour && (a->mode & RP_FA_CAPTURE) && wanted)
                out(ctx, to, 1);
            return;
        }
        /* A cannon or a grasshopper: nothing before its screen. */
        if (!screen) {
            if (t) {
                if (cannon && is_janggi_cannon(d, t))
                    return; /* a janggi cannon never jumps a cannon */
                screen = 1;
            } else if (a->kind == RP_FA_GRASSHOP) {
                continue;
            }
            if (to == only)
                return;
            continue;
        }
        if (!t) {
            if ((a->mode & RP_FA_MOVE) && wanted)
                out(ctx, to, 0);
        } else {
            if (rp_fp_colour(t) != colour && (a->mode & RP_FA_CAPTURE) && !(cannon && is_janggi_cannon(d, t)) &&
                wanted)
                out(ctx, to, 1);
            return;
        }
        if (a->kind == RP_FA_GRASSHOP || to == only)
            return;
    }
}

/* ------------------------------------------------------------ attacks */

static int on_line_d(const struct rp_fatom *a, int dx, int dy);

/* Would the atom of a `type` piece of `by` on `from` capture on sq, were
 * an enemy piece there?  (The target may hold anything.) */
int rp_fattack_from(const struct rp_fpos *p, int type, int by, int from, const struct rp_fatom *a, int sq);

/* The square of a `by` piece that attacks sq, or RP_FNOSQ.  Occupancy as
 * on the board; the piece on sq (if any) does not matter (11.1's
 * attackers_to).  Each probe looks at the one square an attacker of its
 * geometry would stand on: one step back for a leaper, the first piece
 * back along the line for a rider, the second for a cannon.  The first
 * probe's in their order; with `any` (a yes or no) a ride asks the leap
 * merged into it on its first square, and the leap is skipped. */
static int attacker(const struct rp_fpos *p, int sq, int by, int any)
{
    const struct rp_fdef *d = p->def;
    uint64_t live = p->live[by] & d->allowed[by][sq];
    if (!live)
        return RP_FNOSQ;
    const struct rp_fprobe *pr = d->probes[by];
    for (int i = 0; i < d->nprobes[by]; i++, pr++) {
        uint64_t types = pr->types & live, near = any ? pr->near & live : 0;
        if ((any && pr->merged) || !(types | near))
            continue;
        int from = sq - pr->off;
        if (pr->kind != RP_FA_LEAP && types) {
            while (p->b[from] == 0)
                from -= pr->off;
            if (pr->kind != RP_FA_RIDE && p->b[from] != RP_FOFF)
                for (from -= pr->off; p->b[from] == 0; from -= pr->off)
                    ;
        }
        rp_fpiece pc = p->b[from];
        if (from == sq - pr->off)
            types |= near;
        /* live, not just the probe's types: a probe shared by several
         * types may find one that may not stand on sq (a general outside
         * its palace) where another could. */
        if (!rp_fp_real(pc) || rp_fp_colour(pc) != by || !(types >> rp_fp_type(pc) & 1))
            continue;
        if (pr->slow && !rp_fattack_from(p, pr->type, by, from, &d->types[pr->type].atoms[pr->atom], sq))
            continue;
        return from;
    }
    return RP_FNOSQ;
}

int rp_fattack_from(const struct rp_fpos *p, int type, int by, int from, const struct rp_fatom *a, int sq)
{
    const struct rp_fdef *d = p->def;
    if (!cond_from(p, a, by, from))
        return 0;
    int step = offset(a, by, a->dx, a->dy);
    int diag = a->cond == RP_FAC_DIAGONAL_LINES;
    int cannon = d->types[type].role == RP_FR_JANGGI_CANNON;
    if (diag && (!rp_fset_has(&d->diagonal_lines, sq) || !rp_fset_has(&d->diagonal_lines, from)))
        return 0;
    if (a->kind == RP_FA_LEAP) {
        if (from + step != sq)
            return 0;
        for (int i = 0; i < a->nblock; i++)
            if (p->b[from + offset(a, by, a->block[i][0], a->block[i][1])])
                return 0;
        return 1;
    }
    int screen = 0;
    for (int k = 1, to = from + step; a->range == 0 || k <= a->range; k++, to += step) {
        rp_fpiece t = p->b[to];
        if (t == RP_FOFF || (diag && !rp_fset_has(&d->diagonal_lines, to)))
            return 0;
        if (to == sq)
            return a->kind == RP_FA_RIDE ? 1 : screen;
        if (!t)
            continue;
        if (a->kind == RP_FA_RIDE || screen)
            return 0;
        if (cannon && is_janggi_cannon(d, t))
            return 0;
        screen = 1;
        if (a->kind == RP_FA_GRASSHOP)
            return to + step == sq;
    }
    return 0;
}

/* simple_attacks only: does a `by` rider attack k along the line from k
 * through `through` (the first piece beyond k that way), `skip` counted
 * empty and `block` full?  0 when the squares are not on one rook or
 * bishop line. */
int rp_fline_attack(const struct rp_fpos *p, int k, int through, int skip, int block, int by)
{
    const struct rp_fdef *d = p->def;
    int df = rp_ffile(through) - rp_ffile(k), dr = rp_frank(through) - rp_frank(k);
    if ((!df && !dr) || (df && dr && abs(df) != abs(dr)))
        return 0;
    int step = (df > 0) - (df < 0) + ((dr > 0) - (dr < 0)) * RP_FMB_COLS;
    int s = k + step;
    while (s != block && (s == skip || p->b[s] == 0))
        s += step;
    if (s == block)
        return 0;
    rp_fpiece pc = p->b[s];
    if (!rp_fp_real(pc) || rp_fp_colour(pc) != by || !(d->allowed[by][k] >> rp_fp_type(pc) & 1))
        return 0;
    return (int)(d->line_types[by][rp_fline_index(-step)] >> rp_fp_type(pc) & 1);
}

/* simple_attacks only: does the piece on sq attack k? */
int rp_fpiece_attacks(const struct rp_fpos *p, int sq, int k)
{
    const struct rp_fdef *d = p->def;
    rp_fpiece pc = p->b[sq];
    int t = rp_fp_type(pc), by = rp_fp_colour(pc);
    if (!(d->allowed[by][k] >> t & 1))
        return 0;
    if (t == d->pawn) {
        int back = k - (by ? -RP_FMB_COLS : RP_FMB_COLS);
        return sq == back - 1 || sq == back + 1;
    }
    const struct rp_ftype *ty = &d->types[t];
    int dx = rp_ffile(k) - rp_ffile(sq), dy = rp_frank(k) - rp_frank(sq);
    if (by)
        dx = -dx, dy = -dy;
    for (uint64_t w = ty->towards[rp_fdir_class(dx, dy)]; w; w &= w - 1) {
        const struct rp_fatom *a = &ty->atoms[__builtin_ctzll(w)];
        if ((a->mode & RP_FA_CAPTURE) && on_line_d(a, dx, dy) && rp_fattack_from(p, t, by, sq, a, k))
            return 1;
    }
    return 0;
}

int rp_fattacker(const struct rp_fpos *p, int sq, int by)
{
    return attacker(p, sq, by, 0);
}

int rp_fattacked(const struct rp_fpos *p, int sq, int by)
{
    return attacker(p, sq, by, 1) != RP_FNOSQ;
}

/* ---------------------------------------------------------- generation */

struct gen_ctx {
    const struct rp_fpos *p;
    struct rp_fmovelist *out;
    int from, type, colour;
};

static int count_hand(const struct rp_fpos *p, int colour)
{
    int n = 0;
    for (int i = 0; i < p->def->ntypes; i++)
        n += p->hand[colour][p->def->present[i]];
    return n;
}

/* Seirawan gating: the move again with each piece in hand entering `gate`. */
static void add_gatings(const struct rp_fpos *p, struct rp_fmovelist *out, rp_fmove m, int gate)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    if (!d->seirawan_gating || !rp_fset_has(&p->gates[us], gate))
        return;
    for (int i = 0; i < d->ntypes; i++) {
        int t = d->present[i];
        if (!p->hand[us][t] || !rp_fset_has(&d->drop_region[us], gate) || !allowed(d, us, t, gate))
            continue;
        rp_fmove g = m;
        g.gate = (uint8_t)(t + 1);
        g.gate_sq = (uint16_t)gate;
        add(out, g);
    }
}

static void add_move(const struct rp_fpos *p, struct rp_fmovelist *out, rp_fmove m)
{
    add(out, m);
    if (m.kind == RP_FM_NORMAL)
        add_gatings(p, out, m, m.from);
}

/* A piece's move to `to`: its promotion where it has one, its demotion
 * where it is promoted and pieceDemotion lets it turn back (into, within
 * or out of the zone, as a promotion: the reference's PIECE_DEMOTION),
 * and the plain move unless `plain` is 0 (a pawn-like piece's mandatory
 * promotion) or mandatoryPiecePromotion takes it. */
static void piece_move(struct gen_ctx *g, int to, int capture, int plain)
{
    const struct rp_fpos *p = g->p;
    const struct rp_fdef *d = p->def;
    int t = g->type, us = g->colour, base = p->unpromoted[g->from];
    int prom = d->types[t].promoted;
    int can_promote = prom >= 0 && (!d->types[prom].promotion_limit ||
                                    d->types[prom].promotion_limit > p->count[us][prom]);
    int demote = d->piece_demotion && base && base != RP_FPROMOTED_NO_BASE ? base - 1 : -1;
    if (can_promote || demote >= 0) {
        const rp_fset *zone = &d->promotion_zone[us];
        int in_from = rp_fset_has(zone, g->from), in_to = rp_fset_has(zone, to);
        if (d->mandatory_piece_promotion && plain)
            plain = (!in_from && !in_to) || (d->piece_promotion_on_capture && !capture);
        if ((in_from || in_to) && (!d->piece_promotion_on_capture || capture)) {
            rp_fmove m = rp_fmove_of(g->from, to, RP_FM_PIECE_PROMOTE);
            m.type = (uint8_t)prom;
            if (can_promote)
                add(g->out, m);
            m.kind = RP_FM_PIECE_DEMOTE;
            m.type = (uint8_t)demote;
            if (demote >= 0)
                add(g->out, m);
        }
    }
    if (plain)
        add_move(p, g->out, rp_fmove_of(g->from, to, RP_FM_NORMAL));
}

static void piece_target(void *vctx, int to, int capture)
{
    struct gen_ctx *g = vctx;
    if (allowed(g->p->def, g->colour, g->type, to))
        piece_move(g, to, capture, 1);
}

/* The promotions to promotionPieceTypes of a move from `from` to `to`. */
static void promotions_to_types(const struct rp_fpos *p, struct rp_fmovelist *out, int from, int to)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    for (int i = d->ntypes - 1; i >= 0; i--) {
        int t = d->present[i];
        if (!(d->promotion_types[us] >> t & 1))
            continue;
        if (d->types[t].promotion_limit && d->types[t].promotion_limit <= p->count[us][t])
            continue;
        rp_fmove m = rp_fmove_of(from, to, RP_FM_PROMOTE);
        m.type = (uint8_t)t;
        add(out, m);
    }
}

/* A pawn-like piece's move (promotionPawnTypes): into the zone it
 * promotes as a pawn does, by the move it makes (the reference's
 * pawnPromotions, quiet moves and captures alike); the plain move stays
 * only where promotion is optional. */
static void pawn_like_target(void *vctx, int to, int capture)
{
    struct gen_ctx *g = vctx;
    const struct rp_fpos *p = g->p;
    const struct rp_fdef *d = p->def;
    if (!allowed(d, g->colour, g->type, to))
        return;
    int promotes = (d->promotion_pawn_types[g->colour] >> g->type & 1) && rp_fset_has(&d->promotion_zone[g->colour], to);
    if (promotes)
        promotions_to_types(p, g->out, g->from, to);
    piece_move(g, to, capture, !promotes || !d->mandatory_pawn_promotion);
}

/* A pawn-like piece's en passant capture (enPassantTypes): onto the en
 * passant square, where one of its capturing moves leads and none of its
 * quiet ones (the reference's attacks & ~quiets & ep_squares). */
static void gen_ep(const struct rp_fpos *p, int t, int from, struct rp_fmovelist *out)
{
    const struct rp_fdef *d = p->def;
    const struct rp_ftype *ty = &d->types[t];
    int us = p->side, capture = 0;
    if (p->b[p->ep] || !allowed(d, us, t, p->ep))
        return;
    for (int k = 0; k < ty->natoms; k++) {
        const struct rp_fatom *a = &ty->atoms[k];
        if (rp_fattack_from(p, t, us, from, a, p->ep)) {
            if (a->mode & RP_FA_MOVE)
                return;
            capture = 1;
        }
    }
    if (capture)
        add(out, rp_fmove_of(from, p->ep, RP_FM_EP));
}

static void pawn_promotions(const struct rp_fpos *p, struct rp_fmovelist *out, int from, int to,
                            int capture)
{
    const struct rp_fdef *d = p->def;
    promotions_to_types(p, out, from, to);
    int prom = d->pawn >= 0 ? d->types[d->pawn].promoted : -1;
    if (prom >= 0 && !(d->piece_promotion_on_capture && !capture)) {
        rp_fmove m = rp_fmove_of(from, to, RP_FM_PIECE_PROMOTE);
        m.type = (uint8_t)prom;
        add(out, m);
    }
}

/* Is `to` where a pawn of `us` must (mandatory) or may promote? */
static int pawn_promotes_on(const struct rp_fdef *d, int us, int to)
{
    return rp_fset_has(&d->pawn_promotion_zone[us], to);
}

static void gen_pawn(const struct rp_fpos *p, int from, struct rp_fmovelist *out)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, push = push_of(us), pawn = d->pawn;
    int one = from + push;
    /* A pawn one step short of the promotion rank promotes; with optional
     * promotion it may also stay a pawn (11.1: pawnsOn7, pawnsNotOn7). */
    int promoting = pawn_promotes_on(d, us, one) && p->b[one] != RP_FOFF;
    int plain = !promoting || !d->mandatory_pawn_promotion;
    if (p->b[one] == 0 && allowed(d, us, pawn, one)) {
        if (promoting)
            pawn_promotions(p, out, from, one, 0);
        if (plain)
            add_move(p, out, rp_fmove_of(from, one, RP_FM_NORMAL));
        /* A double step into the promotion zone promotes, as the
         * reference build's does (Epic Atomic's zone starts mid-board). */
        int two = one + push;
        if (d->double_step && rp_fset_has(&d->double_step_region[us], from) && p->b[two] == 0 &&
            allowed(d, us, pawn, two)) {
            int promoting2 = pawn_promotes_on(d, us, two);
            if (promoting2)
                pawn_promotions(p, out, from, two, 0);
            if (!promoting2 || !d->mandatory_pawn_promotion)
                add_move(p, out, rp_fmove_of(from, two, RP_FM_NORMAL));
            /* tripleStepRegion (inside the double-step region, checked
             * when compiled): three steps over two empty squares. */
            int three = two + push;
            if (rp_fset_has(&d->triple_step_region[us], from) && p->b[three] == 0 && allowed(d, us, pawn, three)) {
                int promoting3 = pawn_promotes_on(d, us, three);
                if (promoting3)
                    pawn_promotions(p, out, from, three, 0);
                if (!promoting3 || !d->mandatory_pawn_promotion)
                    add_move(p, out, rp_fmove_of(from, three, RP_FM_NORMAL));
            }
        }
    }
    /* A capture promotes where it lands: on a board of irregular edges the
     * square ahead and the square taken need not both be in the zone
     * (Troitzky: b5xa6 promotes, a6 being the a-file's last square, while
     * b6 is not the b-file's). */
    for (int s = -1; s <= 1; s += 2) {
        int to = one + s;
        rp_fpiece t = p->b[to];
        int promotes = pawn_promotes_on(d, us, to);
        int stays = !promotes || !d->mandatory_pawn_promotion;
        if (rp_fp_real(t) && rp_fp_colour(t) != us) {
            if (promotes)
                pawn_promotions(p, out, from, to, 1);
            if (stays)
                add_move(p, out, rp_fmove_of(from, to, RP_FM_NORMAL));
        } else if (p->ep != RP_FNOSQ && (to == p->ep || to == p->ep2) && stays && t == 0) {
            add(out, rp_fmove_of(from, to, RP_FM_EP));
        }
    }
    if (d->sittuyin_promotion)
        rp_fgen_sittuyin(p, from, out);
}

static int castling_rank_sq(const struct rp_fdef *d, int colour, int file)
{
    return rp_fsq(file, colour ? d->ranks - d->castling_rank : d->castling_rank - 1);
}

/* The king's and the rook's destinations of castling idx. */
void rp_fcastle_squares(const struct rp_fpos *p, int idx, int *kto, int *rto)
{
    const struct rp_fdef *d = p->def;
    int colour = idx >> 1, queen = idx & 1;
    *kto = castling_rank_sq(d, colour, queen ? d->castling_queenside_file : d->castling_kingside_file);
    *rto = *kto + (queen ? 1 : -1);
}

/* Every square between a and b on one rank, b included, a excluded. */
static int rank_clear(const struct rp_fpos *p, int a, int b, int kfrom, int rfrom)
{
    int step = b > a ? 1 : -1;
    for (int s = a; s != b;) {
        s += step;
        if (s != kfrom && s != rfrom && p->b[s])
            return 0;
    }
    return 1;
}

int rp_fcastle_path_clear(const struct rp_fpos *p, int idx)
{
    int kfrom = p->castle_king[idx], rfrom = p->castle_rook[idx], kto, rto;
    rp_fcastle_squares(p, idx, &kto, &rto);
    if ((kto != kfrom && kto != rfrom && p->b[kto]) || (rto != kfrom && rto != rfrom && p->b[rto]))
        return 0;
    return rank_clear(p, kfrom, kto, kfrom, rfrom) && rank_clear(p, rfrom, rto, kfrom, rfrom);
}

static void gen_castling(const struct rp_fpos *p, int from, struct rp_fmovelist *out)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    if (!d->castling)
        return;
    for (int q = 0; q < 2; q++) {
        int idx = us * 2 + q, kfrom = p->castle_king[idx], rfrom = p->castle_rook[idx];
        /* A right whose rook stands where the king does (a FEN's `k`
         * read with no king, the outermost rook on castlingKingFile) is
         * no castling: a piece does not castle with itself. */
        if (!(p->castle_rights >> idx & 1) || kfrom != from || rfrom == kfrom || !rp_fp_real(p->b[kfrom]) ||
            rp_fp_colour(p->b[kfrom]) != us || !rp_fp_real(p->b[rfrom]) || rp_fp_colour(p->b[rfrom]) != us ||
            !rp_fcastle_path_clear(p, idx))
            continue;
        int kto, rto;
        rp_fcastle_squares(p, idx, &kto, &rto);
        rp_fmove m = rp_fmove_of(kfrom, kto, RP_FM_CASTLE);
        m.castle = (uint8_t)idx;
        add(out, m);
        add_gatings(p, out, m, kfrom);
        add_gatings(p, out, m, p->castle_rook[idx]);
    }
}

/* Can the atom's line pass from a square to another dx files and dy
 * ranks (from the mover's side) away, at any distance? */
static int on_line_d(const struct rp_fatom *a, int dx, int dy)
{
    if (a->kind == RP_FA_LEAP)
        return dx == a->dx && dy == a->dy;
    /* A step of one file or rank or both (a rook's, a bishop's): the
     * same direction, without a division (the common case). */
    if (a->dx >= -1 && a->dx <= 1 && a->dy >= -1 && a->dy <= 1)
        return dx * a->dy == dy * a->dx && dx * a->dx + dy * a->dy > 0;
    int k = a->dx ? dx / a->dx : a->dy ? dy / a->dy : 0;
    return k > 0 && dx == a->dx * k && dy == a->dy * k;
}


/* The moves from out->m[first] on, each once: atoms that reach one
 * square make one move there. */
static void drop_repeats(struct rp_fmovelist *out, int first)
{
    int n = first;
    for (int i = first; i < out->n; i++) {
        int seen = 0;
        for (int j = first; j < n && !seen; j++)
            seen = out->m[j].to == out->m[i].to && out->m[j].kind == out->m[i].kind &&
                   out->m[j].type == out->m[i].type && out->m[j].gate == out->m[i].gate &&
                   out->m[j].gate_sq == out->m[i].gate_sq;
        if (!seen)
            out->m[n++] = out->m[i];
    }
    out->n = n;
}

static void gen_from(const struct rp_fpos *p, int from, int only, struct rp_fmovelist *out)
{
    const struct rp_fdef *d = p->def;
    rp_fpiece pc = p->b[from];
    if (!rp_fp_real(pc) || rp_fp_colour(pc) != p->side)
        return;
    int t = rp_fp_type(pc);
    if (t == d->pawn) {
        gen_pawn(p, from, out);
        return;
    }
    struct gen_ctx g = {p, out, from, t, p->side};
    const struct rp_ftype *ty = &d->types[t];
    int dx = 0, dy = 0;
    if (only >= 0) {
        dx = rp_ffile(only) - rp_ffile(from);
        dy = rp_frank(only) - rp_frank(from);
        if (p->side)
            dx = -dx, dy = -dy;
    }
    int first = out->n;
    target_fn target = piece_target;
    if (d->pawn_like[p->side] >> t & 1) {
        target = pawn_like_target;
        if (p->ep != RP_FNOSQ && (d->en_passant_types[p->side] >> t & 1) && (only < 0 || only == p->ep))
            gen_ep(p, t, from, out);
    }
    if (only < 0)
        for (int k = 0; k < ty->natoms; k++)
            atom_targets(p, t, p->side, from, &ty->atoms[k], only, target, &g);
    else
        for (uint64_t w = ty->towards[rp_fdir_class(dx, dy)]; w; w &= w - 1) {
            const struct rp_fatom *a = &ty->atoms[__builtin_ctzll(w)];
            if (on_line_d(a, dx, dy))
                atom_targets(p, t, p->side, from, a, only, target, &g);
        }
    if (ty->overlap)
        drop_repeats(out, first);
    if (t == d->king && d->king_pass)
        add(out, rp_fmove_of(from, from, RP_FM_PASS));
    /* The king castles; with no king, the piece on the e-file square of
     * the castling rank does (11.1: "castling with non-king piece"). */
    gen_castling(p, from, out);
    if (d->cambodian_moves)
        rp_fgen_leaps(p, from, only, out);
}

/* rp_fplain_move: did an atom reach the square asked for? */
struct reach {
    int to, hit;
};

static void reach_target(void *ctx, int to, int capture)
{
    struct reach *r = ctx;
    (void)capture;
    r->hit |= to == r->to;
}

/* rp_fplain_move for the pawn: what gen_pawn lists first on `to` when
 * it is a push, a double step or a capture that does not promote (no
 * en passant, no triple step, nothing that Sittuyin's promotion or
 * gating would add beside it), under gen_pawn's own conditions; 0 for
 * everything else, which the generator then lists.  A third of Chess's
 * moves are a pawn's. */
static int plain_pawn_move(const struct rp_fpos *p, int from, int to, rp_fmove *out)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, push = push_of(us), pawn = d->pawn, one = from + push;
    if (d->types[pawn].promoted >= 0 || (d->piece_demotion && p->unpromoted[from]) ||
        d->seirawan_gating || d->sittuyin_promotion || pawn_promotes_on(d, us, to))
        return 0;
    int ok;
    if (to == one) {
        ok = p->b[one] == 0 && allowed(d, us, pawn, one);
    } else if (to == one + push) {
        ok = p->b[one] == 0 && allowed(d, us, pawn, one) && d->double_step &&
             rp_fset_has(&d->double_step_region[us], from) && p->b[to] == 0 &&
             allowed(d, us, pawn, to);
    } else if (to == one - 1 || to == one + 1) {
        rp_fpiece t = p->b[to];
        ok = rp_fp_real(t) && rp_fp_colour(t) != us;
    } else {
        ok = 0;
    }
    if (ok)
        *out = rp_fmove_of(from, to, RP_FM_NORMAL);
    return ok;
}

int rp_fplain_move(const struct rp_fpos *p, int from, int to, rp_fmove *out)
{
    const struct rp_fdef *d = p->def;
    rp_fpiece pc = p->b[from];
    int us = p->side;
    if (!rp_fp_real(pc) || rp_fp_colour(pc) != us || from == to)
        return 0;
    int t = rp_fp_type(pc);
    if (t == d->pawn)
        return plain_pawn_move(p, from, to, out);
    const struct rp_ftype *ty = &d->types[t];
    /* Whatever else gen_from adds for the piece: a pawn-like piece's
     * moves, a promotion or demotion, a gating, Cambodian leaps,
     * castling (the piece on a castling square with its right). */
    if ((d->pawn_like[us] >> t & 1) || ty->promoted >= 0 ||
        (d->piece_demotion && p->unpromoted[from]) || d->seirawan_gating || d->cambodian_moves ||
        !allowed(d, us, t, to))
        return 0;
    if (d->castling)
        for (int idx = 0; idx < 4; idx++)
            if ((p->castle_rights >> idx & 1) && p->castle_king[idx] == from)
                return 0;
    int dx = rp_ffile(to) - rp_ffile(from), dy = rp_frank(to) - rp_frank(from);
    if (us)
        dx = -dx, dy = -dy;
    struct reach r = {to, 0};
    for (uint64_t w = ty->towards[rp_fdir_class(dx, dy)]; w && !r.hit; w &= w - 1) {
        const struct rp_fatom *a = &ty->atoms[__builtin_ctzll(w)];
        if (on_line_d(a, dx, dy))
            atom_targets(p, t, us, from, a, to, reach_target, &r);
    }
    if (!r.hit)
        return 0;
    *out = rp_fmove_of(from, to, RP_FM_NORMAL);
    return 1;
}

void rp_fgen_from(const struct rp_fpos *p, int from, struct rp_fmovelist *out)
{
    gen_from(p, from, -1, out);
}

void rp_fgen_from_to(const struct rp_fpos *p, int from, int to, struct rp_fmovelist *out)
{
    gen_from(p, from, to, out);
}

/* rp_fquiet_moves: a target the atom reaches without capturing. */
static void quiet_target(void *ctx, int to, int capture)
{
    if (!capture)
        rp_fset_add(ctx, to);
}

void rp_fquiet_moves(const struct rp_fpos *p, int type, int colour, int from, rp_fset *out)
{
    const struct rp_fdef *d = p->def;
    memset(out, 0, sizeof *out);
    if (type == d->pawn) {
        /* The pawn's step, its double step being an initial move. */
        int one = from + push_of(colour);
        if (p->b[one] == 0)
            rp_fset_add(out, one);
        return;
    }
    const struct rp_ftype *ty = &d->types[type];
    for (int k = 0; k < ty->natoms; k++)
        if ((ty->atoms[k].mode & RP_FA_MOVE) && ty->atoms[k].cond != RP_FAC_INITIAL)
            atom_targets(p, type, colour, from, &ty->atoms[k], -1, quiet_target, out);
}

/* The squares where a `type` piece from the hand of `us` may be dropped
 * (11.1's drop_region with the pawn rules). */
int rp_fdrop_allowed(const struct rp_fpos *p, int type, int sq)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    if (p->b[sq] != 0 || !rp_fset_has(&d->drop_region[us], sq) || !allowed(d, us, type, sq))
        return 0;
    if (d->sittuyin_rook_drop && type == RP_FTYPE_ROOK && rel_rank(d, us, sq) != 1)
        return 0;
    if (d->drop_on_top && rp_frank(sq) > 0 && !rp_fp_real(p->b[sq - RP_FMB_COLS]))
        return 0;
    if (d->enclosing_drop && !rp_fenclosing_drop(p, sq))
        return 0;
    if (type == d->pawn) {
        if (!d->promotion_zone_pawn_drops && rp_fset_has(&d->promotion_zone[us], sq))
            return 0;
        if (!d->first_rank_pawn_drops && rel_rank(d, us, sq) == 1)
            return 0;
    }
    int limit = rp_fdrop_file_limit(d, type);
    if (limit >= 0) {
        rp_fpiece own = rp_fp_make(type, us);
        int n = 0;
        for (int r = 0; r < d->ranks; r++)
            n += p->b[rp_fsq(rp_ffile(sq), r)] == own;
        if (n >= limit)
            return 0;
    }
    return 1;
}

int rp_fdrop_file_limit(const struct rp_fdef *d, int type)
{
    if (type == d->drop_no_doubled)
        return d->drop_no_doubled_count;
    return d->types[type].role == RP_FR_SHOGI_PAWN && !d->shogi_doubled_pawn ? 1 : -1;
}

static void gen_drops(const struct rp_fpos *p, struct rp_fmovelist *out)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    if (!d->piece_drops || !count_hand(p, us))
        return;
    for (int i = 0; i < d->ntypes; i++) {
        int t = d->present[i];
        if (!p->hand[us][t])
            continue;
        int prom = d->drop_promoted ? d->types[t].promoted : -1;
        for (int r = 0; r < d->ranks; r++)
            for (int f = 0; f < d->files; f++) {
                int sq = rp_fsq(f, r);
                if (!rp_fdrop_allowed(p, t, sq))
                    continue;
                rp_fmove m = rp_fmove_of(RP_FNOSQ, sq, RP_FM_DROP);
                m.hand_type = (uint8_t)t;
                m.type = (uint8_t)t;
                add(out, m);
                if (prom >= 0) {
                    m.type = (uint8_t)prom;
                    add(out, m);
                }
            }
    }
}

void rp_fgen_pseudo(const struct rp_fpos *p, struct rp_fmovelist *out)
{
    const struct rp_fdef *d = p->def;
    out->n = 0;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            if (rp_fp_real(p->b[sq]) && rp_fp_colour(p->b[sq]) == p->side)
                rp_fgen_from(p, sq, out);
        }
    gen_drops(p, out);
    /* passOnStalemate: the pass, which legality allows only when nothing
     * else is legal; a king that passes anyway has its own (gen_from). */
    if (d->pass_on_stalemate && !(d->king_pass && p->king[p->side] != RP_FNOSQ)) {
        int from = rp_fstalemate_pass_from(p);
        if (from != RP_FNOSQ)
            add(out, rp_fmove_of(from, from, RP_FM_PASS));
    }
}
