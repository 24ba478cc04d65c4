/*
 * fairy_resolve: the turn resolver, which maps one turn's Game Courier
 * components to one legal move of a defined variant, or says in words
 * why there is none (docs/defined-variants.md "Notation in the logs").
 *
 * A turn is a main component and the companions that belong to it: the
 * promotion placement on the destination ("P e7-e8; Q-e8", "Q-dest",
 * "+S-c8"), the rook of a castling, the pawn taken en passant ("e5-"),
 * Seirawan's gating placement on the vacated square ("H-g1").  Checks run
 * in the order of docs/rules.md "Common to all variants", so the first
 * violation found is the one reported: no-such-square, no-piece,
 * wrong-piece, wrong-side, illegal-move, king-in-check, bad-promotion,
 * bad-drop, extra-component.
 *
 * Castling is the king's move to its destination, or onto its own rook
 * (always accepted, and the only way when the king does not move).  When
 * a king's step is both a plain move and a castling, the plain move is
 * meant unless the rook's move follows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/variant_fairy.h"
#include "replay/verdict.h"

/* ---------------------------------------------------------- verdicts */

/* rp_verdict_set, returning 0 for the resolver's "rejected". */
#define set(v, ...) (rp_verdict_set((v), __VA_ARGS__), 0)

struct turn {
    int from, to;                /* the first component's squares, when a move */
    struct rp_fgame *g;
    const struct rp_fpos *p;
    const struct rp_fdef *d;
    const struct fmt_component *c;
    size_t n;
    struct rp_verdict *v;
};

static const char *sqname(const struct turn *t, int sq, char *buf)
{
    rp_fsquare_name(t->d, sq, buf);
    return buf;
}

/* The name of the piece on sq, into buf (RP_FNAME_MAX bytes). */
static const char *piece_on(const struct turn *t, int sq, char *buf)
{
    return rp_fpiece_name(t->d, rp_fp_type(t->p->b[sq]), t->p->unpromoted[sq], buf);
}

/* A component's square: its text, or with "dest" the main move's target. */
static int square_of(const struct turn *t, const char *name, int dest)
{
    if (dest >= 0 && strcmp(name, "dest") == 0)
        return dest;
    return rp_fsquare_parse(t->d, name);
}

static int square_exists(const char *name, const void *ctx)
{
    return rp_fsquare_parse(ctx, name) >= 0 || strcmp(name, "dest") == 0;
}

static int check_squares(const struct turn *t)
{
    return rp_check_squares(t->c, t->n, square_exists, t->d, t->d->short_title, t->v);
}

static int label_is(const struct turn *t, int sq, const char *label)
{
    char l[RP_FLABEL_MAX + 2];
    rp_flabel(t->d, t->p->b[sq], t->p->unpromoted[sq], l);
    return strcmp(l, label) == 0;
}

/* The type and colour a placement's label names, or -1. */
static int label_type(const struct turn *t, const char *label, int *colour, int *promoted_from)
{
    const struct rp_fdef *d = t->d;
    *promoted_from = -1;
    const char *l = label;
    if (l[0] == '+')
        l++;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < d->ntypes; i++) {
            int ty = d->present[i];
            char b[RP_FLABEL_MAX + 2];
            rp_fbase_label(d, ty, c, b);
            if (strcmp(b, l) != 0)
                continue;
            *colour = c;
            if (label[0] == '+') {
                if (d->types[ty].promoted < 0)
                    return -1;
                *promoted_from = ty;
                return d->types[ty].promoted;
            }
            return ty;
        }
    return -1;
}

/* ------------------------------------------------------ explanations */

/* Where a piece confined by mobilityRegion may stand, in words: whole
 * ranks ("ranks 1 to 5": a Xiangqi elephant stays on its side of the
 * river), a rectangle ("the area d1 to f3": a palace), else the bare
 * fact. */
static void region_words(const struct turn *t, int type, int us, char *why, size_t size)
{
    const struct rp_fdef *d = t->d;
    const rp_fset *r = &d->types[type].region[us];
    int f0 = d->files, f1 = -1, r0 = d->ranks, r1 = -1, n = 0;
    for (int rk = 0; rk < d->ranks; rk++)
        for (int f = 0; f < d->files; f++)
            if (rp_fset_has(r, rp_fsq(f, rk))) {
                n++;
                f0 = f < f0 ? f : f0, f1 = f > f1 ? f : f1;
                r0 = rk < r0 ? rk : r0, r1 = rk > r1 ? rk : r1;
            }
    char name[RP_FNAME_MAX], a[8], b[8];
    rp_fpiece_name(d, type, 0, name);
    if (n == 0 || n != (f1 - f0 + 1) * (r1 - r0 + 1))
        snprintf(why, size, "%s %s may not stand on %s", rp_farticle(name), name, sqname(t, t->to, a));
    else if (f0 == 0 && f1 == d->files - 1)
        snprintf(why, size, "%s %s must stay on ranks %s to %s", rp_farticle(name), name, d->rank_labels[r0], d->rank_labels[r1]);
    else
        snprintf(why, size, "%s %s must stay within the area %s to %s", rp_farticle(name), name, sqname(t, rp_fsq(f0, r0), a),
                 sqname(t, rp_fsq(f1, r1), b));
}

/* Why the piece on from has no move to `to` (after the own-piece case). */
static void explain(const struct turn *t, int from, int to, char *why, size_t size)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int type = rp_fp_type(p->b[from]), us = p->side;
    char a[8], b[8];
    why[0] = '\0';
    if (from == to) {
        snprintf(why, size, "a move must leave its square");
        return;
    }
    if (!(d->allowed[us][to] >> type & 1)) {
        region_words(t, type, us, why, size);
        return;
    }
    if (type == d->pawn) {
        int push = us ? -RP_FMB_COLS : RP_FMB_COLS, diff = to - from;
        if (diff == push || diff == 2 * push) {
            if (p->b[to])
                snprintf(why, size, "a pawn cannot capture straight ahead");
            else if (diff == 2 * push && p->b[from + push])
                snprintf(why, size, "the path is blocked at %s", sqname(t, from + push, a));
            else if (diff == 2 * push)
                snprintf(why, size, "a pawn moves two squares only from its starting rank");
        } else if (diff == push - 1 || diff == push + 1) {
            snprintf(why, size, "there is nothing to capture on %s", sqname(t, to, a));
        }
        return;
    }
    const struct rp_ftype *ty = &d->types[type];
    int dx = rp_ffile(to) - rp_ffile(from), dy = rp_frank(to) - rp_frank(from);
    if (us)
        dy = -dy;
    int capture = rp_fp_real(p->b[to]);
    for (int k = 0; k < ty->natoms; k++) {
        const struct rp_fatom *at = &ty->atoms[k];
        int steps = 0;
        if (at->kind == RP_FA_LEAP) {
            if (at->dx != dx || at->dy != dy)
                continue;
            steps = 1;
        } else {
            for (int s = 1; s <= 12 && !steps; s++)
                if (at->dx * s == dx && at->dy * s == dy)
                    steps = s;
            if (!steps || (at->range && steps > at->range))
                continue;
        }
        char name[RP_FNAME_MAX];
        rp_fpiece_name(d, type, p->unpromoted[from], name);
        if (at->cond == RP_FAC_PROMOTED_SOLDIER && !rp_fattack_from(p, type, us, from, at, to)) {
            snprintf(why, size, "%s %s may step sideways only from rank %d on", rp_farticle(name), name, d->soldier_promotion_rank);
            return;
        }
        if (at->cond == RP_FAC_DIAGONAL_LINES &&
            (!rp_fset_has(&d->diagonal_lines, from) || !rp_fset_has(&d->diagonal_lines, to))) {
            snprintf(why, size, "diagonal moves are only along the palace's diagonals");
            continue;
        }
        if (!(at->mode & (capture ? RP_FA_CAPTURE : RP_FA_MOVE))) {
            snprintf(why, size, capture ? "the %s cannot capture that way" : "the %s moves that way only to capture", name);
            continue;
        }
        if (at->kind == RP_FA_LEAP) {
            for (int i = 0; i < at->nblock; i++) {
                int bsq = from + at->block[i][0] + (us ? -at->block[i][1] : at->block[i][1]) * RP_FMB_COLS;
                if (p->b[bsq]) {
                    snprintf(why, size, "the %s is blocked at %s", name, sqname(t, bsq, a));
                    return;
                }
            }
            continue;
        }
        int step = at->dx + (us ? -at->dy : at->dy) * RP_FMB_COLS, screens = 0, first = -1;
        int cannon_screen = 0;
        for (int s = from + step; s != to; s += step)
            if (p->b[s]) {
                if (first < 0)
                    first = s;
                screens++;
                cannon_screen |= d->types[rp_fp_type(p->b[s])].role == RP_FR_JANGGI_CANNON;
            }
        if (at->kind == RP_FA_RIDE && first >= 0) {
            snprintf(why, size, "the path is blocked at %s", sqname(t, first, a));
            return;
        }
        if (at->kind == RP_FA_HOP || at->kind == RP_FA_GRASSHOP) {
            if (ty->role == RP_FR_JANGGI_CANNON && cannon_screen) {
                snprintf(why, size, "%s %s cannot jump over a cannon", rp_farticle(name), name);
                return;
            }
            if (ty->role == RP_FR_JANGGI_CANNON && capture &&
                d->types[rp_fp_type(p->b[to])].role == RP_FR_JANGGI_CANNON) {
                snprintf(why, size, "%s %s cannot capture a cannon", rp_farticle(name), name);
                return;
            }
            if (screens != 1) {
                snprintf(why, size, "the %s needs exactly one piece to jump over%s%s", name,
                         screens ? ", and there are " : "", screens ? "more" : "");
                return;
            }
            if (at->kind == RP_FA_GRASSHOP) {
                snprintf(why, size, "the %s lands right behind the piece it jumps (%s)", name,
                         sqname(t, first, b));
                return;
            }
        }
    }
    if (!why[0]) {
        char name[RP_FNAME_MAX];
        rp_fpiece_name(d, type, p->unpromoted[from], name);
        snprintf(why, size, "that is not %s %s move", rp_farticle(name), name);
    }
}

/* A king's move to a castling destination or onto its own castling rook
 * that is no castling now: why (1), or 0 when it is no castling shape. */
static int explain_castling(const struct turn *t, int from, int to, char *why, size_t size)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int us = p->side;
    if (!d->castling || (p->castle_king[us * 2] != from && p->castle_king[us * 2 + 1] != from &&
                         p->king[us] != from))
        return 0;
    int rank = us ? d->ranks - d->castling_rank : d->castling_rank - 1;
    if (rp_frank(from) != rank || rp_frank(to) != rank)
        return 0;
    rp_fpiece rook = rp_fp_make(d->castling_rook, us);
    int onto_rook = p->b[to] == rook;
    int dest = rp_ffile(to) == d->castling_kingside_file || rp_ffile(to) == d->castling_queenside_file;
    if (!onto_rook && !(dest && abs(rp_ffile(to) - rp_ffile(from)) >= 2))
        return 0;
    int queen = onto_rook ? to < from : rp_ffile(to) == d->castling_queenside_file;
    int idx = us * 2 + queen;
    char a[8], king[RP_FNAME_MAX], rook_name[RP_FNAME_MAX];
    piece_on(t, from, king);
    rp_fpiece_name(d, d->castling_rook, 0, rook_name);
    if (!(p->castle_rights >> idx & 1)) {
        int rsq = p->castle_rook[idx];
        if (!rsq || p->b[rsq] != rook)
            snprintf(why, size, "there is no %s to castle with on that side", rook_name);
        else if (!(p->castle_rights >> (us * 2) & 3))
            snprintf(why, size, "the %s has already moved, so it cannot castle", king);
        else
            snprintf(why, size, "the %s on %s has already moved, so it cannot castle",
                     rook_name, sqname(t, rsq, a));
        return 1;
    }
    int kto, rto, rfrom = p->castle_rook[idx];
    rp_fcastle_squares(p, idx, &kto, &rto);
    int lo = from < rfrom ? from : rfrom, hi = from < rfrom ? rfrom : from;
    if (kto < lo)
        lo = kto;
    if (rto < lo)
        lo = rto;
    if (kto > hi)
        hi = kto;
    if (rto > hi)
        hi = rto;
    for (int sq = lo; sq <= hi; sq++)
        if (sq != from && sq != rfrom && p->b[sq]) {
            snprintf(why, size, "castling needs %s empty", sqname(t, sq, a));
            return 1;
        }
    snprintf(why, size, "castling is written as the %s's move to %s or onto its own %s", king,
             sqname(t, kto, a), rook_name);
    return 1;
}

/* ----------------------------------------------------- legality words */

static int reject_illegal(const struct turn *t, rp_fmove m, enum rp_fillegal why)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int us = p->side;
    char a[8], b[8], name[RP_FNAME_MAX], other[RP_FNAME_MAX];
    switch (why) {
    case RP_FL_OK: return 1;
    case RP_FL_KING_ATTACKED: {
        /* A gated piece does not block (rp_flegal): show the move without it. */
        rp_fmove bare = m;
        bare.gate = 0;
        struct rp_fpos q = *p;
        rp_fmake(&q, bare);
        int k = q.king[us], by = rp_fattacker(&q, k, !us);
        /* The written gating may be why no candidate is legal even when
         * the one reported is the bare move. */
        int gating = m.gate || (d->seirawan_gating && t->n > 1 && t->c[t->n - 1].kind == FMT_COMP_PLACE);
        const char *note = gating ? " (a piece brought in may not block a check)" : "";
        if (k == RP_FNOSQ || by == RP_FNOSQ)
            return set(t->v, RP_KING_IN_CHECK, "the %s king would be attacked%s", us ? "black" : "white", note);
        return set(t->v, RP_KING_IN_CHECK, "the %s %s on %s would be attacked by the %s on %s%s",
                   us ? "black" : "white", rp_fpiece_name(d, d->king, 0, name), sqname(t, k, a),
                   rp_fpiece_name(d, rp_fp_type(q.b[by]), q.unpromoted[by], other), sqname(t, by, b), note);
    }
    case RP_FL_CASTLE_OUT:
        return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot reach %s: the %s may not castle out of check",
                   piece_on(t, m.from, name), t->c[0].from, t->c[0].to, name);
    case RP_FL_CASTLE_THROUGH: {
        int step = m.to > m.from ? -1 : 1;
        for (int s = m.to + step; s != m.from; s += step)
            if (rp_fattacked(p, s, !us))
                return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot reach %s: the %s may not castle through %s, "
                           "which is attacked", piece_on(t, m.from, name), t->c[0].from, t->c[0].to, name,
                           sqname(t, s, a));
        return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot reach %s: the %s may not castle through an "
                   "attacked square", piece_on(t, m.from, name), t->c[0].from, t->c[0].to, name);
    }
    case RP_FL_FLYING_GENERAL:
        return set(t->v, RP_KING_IN_CHECK, "the two %ss would face each other on an open file",
                   rp_fpiece_name(d, d->king, 0, name));
    case RP_FL_CHECK_FORBIDDEN:
        return set(t->v, RP_ILLEGAL_MOVE, m.kind == RP_FM_DROP && d->checking
                                               ? "a drop may not give check in %s"
                                               : "a move may not give check in %s",
                   d->short_title);
    case RP_FL_MUST_CAPTURE: {
        struct rp_fmovelist l;
        rp_fgen_legal(p, &l);
        for (int i = 0; i < l.n; i++)
            if (rp_fmove_is_capture(p, l.m[i]))
                return set(t->v, RP_ILLEGAL_MOVE, "capturing is compulsory in %s: the %s on %s can take on %s",
                           d->short_title, piece_on(t, l.m[i].from, name), sqname(t, l.m[i].from, a), sqname(t, l.m[i].to, b));
        return set(t->v, RP_ILLEGAL_MOVE, "capturing is compulsory in %s", d->short_title);
    }
    case RP_FL_MUST_DROP:
        return set(t->v, RP_ILLEGAL_MOVE, "a piece in hand must be dropped first in %s", d->short_title);
    case RP_FL_IMMOBILE:
        if (m.kind == RP_FM_DROP)
            return set(t->v, RP_BAD_DROP, "%s %s dropped on %s could never move",
                       rp_farticle(rp_fpiece_name(d, m.type, 0, name)), name, sqname(t, m.to, a));
        return set(t->v, RP_BAD_PROMOTION, "the %s reaching %s must be promoted: it could never move from there",
                   piece_on(t, m.from, name), sqname(t, m.to, a));
    case RP_FL_MAKPONG:
        return set(t->v, RP_ILLEGAL_MOVE, "in check, the %s may only capture the checking piece (Makpong)",
                   rp_fpiece_name(d, d->king, 0, name));
    case RP_FL_PAWN_DROP_MATE:
        break;
    }
    return set(t->v, RP_ILLEGAL_MOVE, "the move is not legal in %s", d->short_title);
}

/* -------------------------------------------------------------- moves */

static int is_move(const struct fmt_component *c) { return c->kind == FMT_COMP_MOVE; }

static void gen_to(const struct turn *t, int from, int to, struct rp_fmovelist *l, struct rp_fmovelist *out)
{
    l->n = 0;
    rp_fgen_from_to(t->p, from, to, l);
    out->n = 0;
    for (int i = 0; i < l->n; i++) {
        rp_fmove m = l->m[i];
        int hit = m.to == to;
        if (m.kind == RP_FM_CASTLE && !hit)
            hit = t->p->castle_rook[m.castle] == to;
        if (hit)
            out->m[out->n++] = m;
    }
}

/* Is the component the castling's rook move? */
static int is_rook_companion(const struct turn *t, const struct fmt_component *c, rp_fmove m)
{
    if (!is_move(c))
        return 0;
    int kto, rto, rfrom = t->p->castle_rook[m.castle];
    rp_fcastle_squares(t->p, m.castle, &kto, &rto);
    return rp_fsquare_parse(t->d, c->from) == rfrom && rp_fsquare_parse(t->d, c->to) == rto &&
           (!c->label[0] || label_is(t, rfrom, c->label));
}

/* The placement after a move that names a promotion's new piece: the
 * move's destination (or "dest"). */
static int is_promotion_placement(const struct turn *t, const struct fmt_component *c, int to)
{
    return c->kind == FMT_COMP_PLACE && square_of(t, c->to, to) == to;
}

/* Why a "+X" placement after a move is no promotion (Shogi's kind): the
 * piece never promotes, or the move neither starts nor ends in the zone.
 * 1 when it said so, 0 when the placement is of another kind. */
static int explain_no_promotion(const struct turn *t, const struct fmt_component *c)
{
    const struct rp_fdef *d = t->d;
    const struct rp_fpos *p = t->p;
    if (c->label[0] != '+' || t->from < 0 || !p->b[t->from])
        return 0;
    int type = rp_fp_type(p->b[t->from]), us = p->side;
    char name[RP_FNAME_MAX];
    piece_on(t, t->from, name);
    if (p->unpromoted[t->from]) {
        rp_verdict_set(t->v, RP_BAD_PROMOTION, "placement \"%s\": the %s has promoted already", c->text, name);
    } else if (d->types[type].promoted < 0) {
        rp_verdict_set(t->v, RP_BAD_PROMOTION, "placement \"%s\": %s %s never promotes", c->text, rp_farticle(name), name);
    } else {
        int lo = us ? 1 : d->promotion_rank, hi = us ? d->ranks - d->promotion_rank + 1 : d->ranks;
        rp_verdict_set(t->v, RP_BAD_PROMOTION, "placement \"%s\": %s %s promotes only on a move into, within or out of "
            "%s's promotion zone (ranks %s to %s)", c->text, rp_farticle(name), name, rp_fcolour_name(us),
            d->rank_labels[lo - 1], d->rank_labels[hi - 1]);
    }
    return 1;
}

/* A placement on the square a move leaves, in a variant without gating or
 * drops: a gating the variant does not have (1 when it said so). */
static int explain_no_gating(const struct turn *t, const struct fmt_component *c)
{
    char a[8];
    if (t->d->seirawan_gating || t->d->piece_drops || t->from < 0 || square_of(t, c->to, -1) != t->from)
        return 0;
    rp_verdict_set(t->v, RP_BAD_DROP, "there is no gating in %s: no piece may be brought in on %s (placement \"%s\")",
                   t->d->short_title, sqname(t, t->from, a), c->text);
    return 1;
}

static int check_leftovers(const struct turn *t, size_t i, const struct fmt_component *main)
{
    for (size_t k = i; k < t->n; k++)
        if (t->c[k].kind == FMT_COMP_PLACE)
            return main->kind == FMT_COMP_MOVE && k == 1 &&
                           (explain_no_promotion(t, &t->c[k]) || explain_no_gating(t, &t->c[k]))
                       ? 0
                       : set(t->v, RP_BAD_PROMOTION, "placement \"%s\" without a promotion", t->c[k].text);
    if (i < t->n) {
        if (main->kind == FMT_COMP_MOVE)
            return set(t->v, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to the move %s-%s",
                       t->c[i].text, main->from, main->to);
        return set(t->v, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to \"%s\"", t->c[i].text, main->text);
    }
    return 1;
}

/* Which candidates the written turn means, once king safety is known:
 * the promotion its placement names, the gating its placement names, the
 * castling its rook companion confirms. */
static int pick(const struct turn *t, const struct rp_fmovelist *cand, const enum rp_fillegal *legal, int from,
                int to, rp_fmove *out)
{
    const struct rp_fdef *d = t->d;
    const struct fmt_component *c = t->c;
    size_t i = 1;
    const struct fmt_component *next = t->n > 1 ? &c[1] : NULL;
    int any_promo = 0, any_plain = 0;
    for (int k = 0; k < cand->n; k++) {
        if (cand->m[k].kind == RP_FM_PROMOTE || cand->m[k].kind == RP_FM_PIECE_PROMOTE)
            any_promo = 1;
        else if (cand->m[k].kind != RP_FM_CASTLE)
            any_plain = 1;
    }
    char a[8], mover_name[RP_FNAME_MAX], name[RP_FNAME_MAX];
    piece_on(t, from, mover_name);
    int gate_sq = -1, gate_type = -1;
    rp_fmove chosen;
    int found = 0;
    if (any_promo && next && is_promotion_placement(t, next, to)) {
        int colour, pfrom;
        int ty = label_type(t, next->label, &colour, &pfrom);
        if (ty < 0)
            return set(t->v, RP_BAD_PROMOTION, "placement \"%s\" names no piece of %s", next->text, d->short_title);
        if (colour != t->p->side)
            return set(t->v, RP_BAD_PROMOTION, "placement \"%s\" is a %s piece, but the promoting %s is %s",
                       next->text, colour ? "black" : "white", mover_name, t->p->side ? "black" : "white");
        /* "+X" names the promoted form of X itself: Shogi's promoted
         * pawn, lance, knight and silver all move as golds, but a pawn
         * becomes a "+P", never a "+L" or a "G". */
        int mover = rp_fp_type(t->p->b[from]);
        for (int k = 0; k < cand->n && !found; k++) {
            rp_fmove m = cand->m[k];
            if ((m.kind == RP_FM_PROMOTE || m.kind == RP_FM_PIECE_PROMOTE) && m.type == ty && !m.gate &&
                (m.kind == RP_FM_PIECE_PROMOTE ? pfrom == mover : pfrom < 0) && legal[k] == RP_FL_OK)
                chosen = m, found = 1;
        }
        for (int k = 0; k < cand->n && !found; k++) {
            rp_fmove m = cand->m[k];
            if (m.kind == RP_FM_PIECE_PROMOTE && legal[k] == RP_FL_OK) {
                char label[RP_FLABEL_MAX + 2];
                rp_flabel(d, rp_fp_make(m.type, t->p->side), mover + 1, label);
                return set(t->v, RP_BAD_PROMOTION, "%s %s promotes to \"%s\", not \"%s\"", rp_farticle(mover_name), mover_name,
                           label, next->label);
            }
        }
        if (!found) {
            rp_fpiece_name(d, ty, pfrom >= 0 ? pfrom + 1 : 0, name);
            if (d->types[ty].promotion_limit && d->types[ty].promotion_limit <= t->p->count[t->p->side][ty])
                return set(t->v, RP_BAD_PROMOTION, "there may be no more than %d %s%s of one side in %s",
                           d->types[ty].promotion_limit, name, d->types[ty].promotion_limit > 1 ? "s" : "",
                           d->short_title);
            return set(t->v, RP_BAD_PROMOTION, "%s %s cannot promote to %s %s in %s", rp_farticle(mover_name), mover_name, rp_farticle(name), name,
                       d->short_title);
        }
        i = 2;
    } else {
        /* A gating placement on the vacated square (or the rook's); when
         * castling it may also come after the rook's move. */
        const struct fmt_component *gate = next;
        if (next && is_move(next) && t->n > 2 && c[2].kind == FMT_COMP_PLACE)
            for (int k = 0; k < cand->n; k++)
                if (cand->m[k].kind == RP_FM_CASTLE && is_rook_companion(t, next, cand->m[k]))
                    gate = &c[2];
        if (gate && gate->kind == FMT_COMP_PLACE && d->seirawan_gating) {
            int sq = square_of(t, gate->to, to), colour, pfrom;
            int ty = label_type(t, gate->label, &colour, &pfrom);
            int rook = -1;
            for (int k = 0; k < cand->n; k++)
                if (cand->m[k].kind == RP_FM_CASTLE)
                    rook = t->p->castle_rook[cand->m[k].castle];
            if (sq == from || sq == rook) {
                if (ty < 0 || colour != t->p->side)
                    return set(t->v, RP_BAD_DROP, "placement \"%s\" names no piece of %s's hand", gate->text,
                               rp_fcolour_name(t->p->side));
                if (!t->p->hand[t->p->side][ty])
                    return set(t->v, RP_BAD_DROP, "%s has no %s in hand to bring in", rp_fcolour_name(t->p->side),
                               rp_fpiece_name(d, ty, 0, name));
                if (!rp_fset_has(&t->p->gates[t->p->side], sq)) {
                    int first = rp_frank(sq) == (t->p->side ? d->ranks - 1 : 0);
                    if (!first)
                        return set(t->v, RP_BAD_DROP, "a piece may be brought in only on the square a first-rank "
                                   "piece leaves on its first move (%s is not one)", sqname(t, sq, a));
                    return set(t->v, RP_BAD_DROP, "a piece may be brought in on %s only when the piece that "
                               "started there makes its first move", sqname(t, sq, a));
                }
                gate_sq = sq;
                gate_type = ty;
            } else if (!any_promo && gate == next) {
                char b[8];
                if (rook >= 0)
                    return set(t->v, RP_BAD_DROP, "a piece may be brought in only on the king's square %s or the "
                               "rook's square %s", sqname(t, from, a), sqname(t, rook, b));
                return set(t->v, RP_BAD_DROP, "a piece may be brought in only on the square the move leaves (%s)",
                           sqname(t, from, a));
            }
        }
        if (any_promo && next && next->kind == FMT_COMP_PLACE && gate_sq < 0)
            return set(t->v, RP_BAD_PROMOTION, "placement \"%s\" is not on the promotion square %s", next->text,
                       c[0].to);
        int want_castle = 0;
        for (int k = 0; k < cand->n; k++)
            if (cand->m[k].kind == RP_FM_CASTLE &&
                (t->p->castle_rook[cand->m[k].castle] == to || !any_plain ||
                 (next && is_rook_companion(t, next, cand->m[k]))))
                want_castle = 1;
        enum rp_fillegal first_reason = RP_FL_OK;
        rp_fmove first_move;
        int have_first = 0;
        for (int k = 0; k < cand->n && !found; k++) {
            rp_fmove m = cand->m[k];
            if (m.kind == RP_FM_PROMOTE || m.kind == RP_FM_PIECE_PROMOTE)
                continue;
            if ((m.kind == RP_FM_CASTLE) != want_castle)
                continue;
            if (gate_sq >= 0 ? (m.gate != gate_type + 1 || m.gate_sq != gate_sq) : m.gate != 0)
                continue;
            enum rp_fillegal why = legal[k];
            if (why == RP_FL_OK)
                chosen = m, found = 1;
            else if (!have_first)
                first_move = m, first_reason = why, have_first = 1;
        }
        if (!found) {
            if (have_first)
                return reject_illegal(t, first_move, first_reason);
            if (any_promo) {
                /* The example: a queen where one may be had, else the first. */
                char label[RP_FLABEL_MAX + 2] = "";
                for (int k = 0; k < cand->n; k++) {
                    rp_fmove m = cand->m[k];
                    if (m.kind != RP_FM_PROMOTE && m.kind != RP_FM_PIECE_PROMOTE)
                        continue;
                    if (label[0] && m.type != RP_FTYPE_QUEEN)
                        continue;
                    rp_flabel(d, rp_fp_make(m.type, t->p->side),
                              m.kind == RP_FM_PIECE_PROMOTE ? rp_fp_type(t->p->b[from]) + 1 : 0, label);
                }
                return set(t->v, RP_BAD_PROMOTION, "the %s reaching %s must be promoted: name the new piece (e.g. \"%s-%s\")",
                           mover_name, c[0].to, label, c[0].to);
            }
            if (gate_sq >= 0)
                return set(t->v, RP_BAD_DROP, "the %s cannot enter on %s with this move", rp_fpiece_name(d, gate_type, 0, name),
                           sqname(t, gate_sq, a));
            return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot make that move", mover_name, c[0].from);
        }
        if (gate_sq >= 0 && gate != next)
            i = 3; /* the rook's move, then the placement */
        else if (gate_sq >= 0)
            i = 2;
        else if (chosen.kind == RP_FM_CASTLE && next && is_rook_companion(t, next, chosen))
            i = 2;
        else if (chosen.kind == RP_FM_EP && next && next->kind == FMT_COMP_REMOVE &&
                 square_of(t, next->to, -1) == chosen.to - (t->p->side ? -RP_FMB_COLS : RP_FMB_COLS))
            i = 2;
        /* The rook companion may also follow a gating placement. */
        if (i == 2 && gate_sq >= 0 && gate == next && chosen.kind == RP_FM_CASTLE && t->n > 2 &&
            is_rook_companion(t, &c[2], chosen))
            i = 3;
    }
    if (!check_leftovers(t, i, &c[0]))
        return 0;
    *out = chosen;
    return 1;
}

static int resolve_move(const struct turn *t, rp_fmove *out)
{
    const struct fmt_component *c = &t->c[0];
    const struct rp_fpos *p = t->p;
    int from = t->from, to = t->to;
    char a[8];
    /* The usual turn passes these checks: words only for a failure. */
    if (!p->b[from] || (c->label[0] && !label_is(t, from, c->label)) || rp_fp_colour(p->b[from]) != p->side) {
        char label[RP_FLABEL_MAX + 2] = "", at[16], name[RP_FNAME_MAX] = "";
        if (p->b[from]) {
            rp_flabel(t->d, p->b[from], p->unpromoted[from], label);
            piece_on(t, from, name);
        }
        struct rp_piece_words w = {p->b[from] != 0, label, name,
                                   p->b[from] ? rp_fp_colour(p->b[from]) : 0};
        snprintf(at, sizeof at, "on %s", c->from);
        return rp_check_piece_words(&w, p->side, c->label, at, t->v);
    }
    struct rp_fmovelist all, cand;
    gen_to(t, from, to, &all, &cand);
    if (cand.n == 0) {
        char why[160], name[RP_FNAME_MAX], own[RP_FNAME_MAX];
        piece_on(t, from, name);
        if (explain_castling(t, from, to, why, sizeof why))
            return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot reach %s: %s", name, c->from,
                       c->to, why);
        if (rp_fp_real(p->b[to]) && rp_fp_colour(p->b[to]) == p->side)
            return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot reach %s: %s is occupied by its own %s",
                       name, c->from, c->to, sqname(t, to, a), piece_on(t, to, own));
        explain(t, from, to, why, sizeof why);
        return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot reach %s%s%s", name, c->from,
                   c->to, why[0] ? ": " : "", why);
    }
    /* King safety and the variant's rules come before the promotion's
     * piece is looked at (the order of docs/rules.md "Common to all
     * variants"): if no candidate of any kind is legal, that is the
     * violation. */
    int any_legal = 0;
    enum rp_fillegal reason = RP_FL_OK, legal[RP_FMAX_MOVES];
    rp_fmove reason_move = cand.m[0];
    for (int k = 0; k < cand.n; k++) {
        enum rp_fillegal why = legal[k] = rp_flegal(p, cand.m[k]);
        if (why == RP_FL_OK)
            any_legal = 1;
        else if (reason == RP_FL_OK || (why != RP_FL_IMMOBILE && reason == RP_FL_IMMOBILE))
            reason = why, reason_move = cand.m[k];
    }
    if (!any_legal)
        return reject_illegal(t, reason_move, reason);
    return pick(t, &cand, legal, from, to, out);
}

/* A drop: "P*e4" or "P-e4" (docs/defined-variants.md). */
static int resolve_drop(const struct turn *t, rp_fmove *out)
{
    const struct fmt_component *c = &t->c[0];
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int to = rp_fsquare_parse(d, c->to), us = p->side, colour, pfrom;
    char a[8];
    int ty = label_type(t, c->label, &colour, &pfrom);
    if (ty < 0)
        return set(t->v, RP_WRONG_PIECE, "\"%s\" names no piece of %s", c->label, d->short_title);
    if (colour != us)
        return set(t->v, RP_WRONG_SIDE, "a %s piece cannot be dropped: %s is to move", colour ? "black" : "white",
                   rp_fcolour_name(us));
    int hand_type = pfrom >= 0 ? pfrom : ty;
    char name[RP_FNAME_MAX];
    rp_fpiece_name(d, hand_type, 0, name);
    if (!p->hand[us][hand_type])
        return set(t->v, RP_BAD_DROP, "%s has no %s in hand", rp_fcolour_name(us), name);
    if (pfrom >= 0 && !d->drop_promoted)
        return set(t->v, RP_BAD_DROP, "a piece is dropped unpromoted in %s", d->short_title);
    if (p->b[to])
        return set(t->v, RP_BAD_DROP, "%s is occupied", c->to);
    if (!rp_fdrop_allowed(p, hand_type, to)) {
        if (d->types[hand_type].role == RP_FR_SHOGI_PAWN && !d->shogi_doubled_pawn) {
            rp_fpiece own = rp_fp_make(hand_type, us);
            for (int r = 0; r < d->ranks; r++)
                if (p->b[rp_fsq(rp_ffile(to), r)] == own)
                    return set(t->v, RP_BAD_DROP,
                               "%s %s may not be dropped on a file that already holds your unpromoted %s (%s)",
                               rp_farticle(name), name, name, sqname(t, rp_fsq(rp_ffile(to), r), a));
        }
        if (hand_type == d->pawn && !d->first_rank_pawn_drops &&
            (us ? d->ranks - rp_frank(to) : rp_frank(to) + 1) == 1)
            return set(t->v, RP_BAD_DROP, "a pawn may not be dropped on its first rank");
        if (hand_type == d->pawn && !d->promotion_zone_pawn_drops && rp_fset_has(&d->promotion_zone[us], to))
            return set(t->v, RP_BAD_DROP, "a pawn may not be dropped on %s, where it would promote", c->to);
        return set(t->v, RP_BAD_DROP, "%s %s may not be dropped on %s in %s", rp_farticle(name), name, c->to, d->short_title);
    }
    rp_fmove m;
    memset(&m, 0, sizeof m);
    m.from = RP_FNOSQ;
    m.to = (uint16_t)to;
    m.kind = RP_FM_DROP;
    m.hand_type = (uint8_t)hand_type;
    m.type = (uint8_t)ty;
    enum rp_fillegal why = rp_flegal(p, m);
    if (why != RP_FL_OK)
        return reject_illegal(t, m, why);
    /* No mate by a dropped pawn (Shogi's uchifuzume): 11.1 lets the mated
     * side win instead; here it is the illegal drop it is. */
    if (d->shogi_pawn_drop_mate_illegal && d->types[hand_type].role == RP_FR_SHOGI_PAWN) {
        struct rp_fpos q = *p;
        rp_fmake(&q, m);
        if (q.in_check && !rp_fhas_legal(&q))
            return set(t->v, RP_BAD_DROP, "%s %s may not be dropped to give checkmate", rp_farticle(name),
                       name);
    }
    if (!check_leftovers(t, 1, c))
        return 0;
    *out = m;
    return 1;
}

static int resolve_pass(const struct turn *t, rp_fmove *out)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    if (!d->king_pass || p->king[p->side] == RP_FNOSQ)
        return set(t->v, RP_ILLEGAL_MOVE, "a player cannot pass in %s", d->short_title);
    rp_fmove m;
    memset(&m, 0, sizeof m);
    m.from = m.to = (uint16_t)p->king[p->side];
    m.kind = RP_FM_PASS;
    enum rp_fillegal why = rp_flegal(p, m);
    if (why != RP_FL_OK)
        return set(t->v, RP_ILLEGAL_MOVE, "a player in check cannot pass");
    if (!check_leftovers(t, 1, &t->c[0]))
        return 0;
    *out = m;
    return 1;
}

int rp_fresolve(struct rp_fgame *g, const struct fmt_component *c, size_t n, rp_fmove *m, struct rp_verdict *v)
{
    struct turn t = {-1, -1, g, &g->pos, g->def, c, n, v};
    if (n == 0)
        return 0;
    if (c[0].kind == FMT_COMP_MOVE) {
        t.from = rp_fsquare_parse(t.d, c[0].from);
        t.to = rp_fsquare_parse(t.d, c[0].to);
    }
    /* A lone move whose squares were just read needs no second look. */
    if ((n > 1 || t.from < 0 || t.to < 0) && !check_squares(&t))
        return 0;
    switch (c[0].kind) {
    case FMT_COMP_MOVE: return resolve_move(&t, m);
    case FMT_COMP_PASS: return resolve_pass(&t, m);
    case FMT_COMP_PLACE:
        if (t.d->piece_drops)
            return resolve_drop(&t, m);
        if (t.d->seirawan_gating)
            return set(v, RP_BAD_DROP, "there are no drops in %s: a piece in hand is brought in with a move, on "
                       "the square the move leaves (placement \"%s\")", t.d->short_title, c[0].text);
        /* As the built-in engines say it (test_fairy_differential). */
        return set(v, RP_BAD_PROMOTION, "placement \"%s\" without a promotion", c[0].text);
    default: return set(v, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to any move", c[0].text);
    }
}
