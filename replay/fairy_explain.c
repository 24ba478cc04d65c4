/*
 * fairy_explain: why a move written in a defined variant's log is no
 * legal move, in words: the region a piece must stay in, the way it
 * moves (its atoms one by one: the path, the screen, the lame leaper's
 * block), the castling it is not, and the rule rp_flegal found broken.
 * The resolver (fairy_resolve.c) calls these once it knows the turn is
 * rejected, so the usual legal turn never formats a word.
 */
#include <stdio.h>
#include <stdlib.h>

#include "replay/fairy_turn.h"
#include "replay/verdict.h"

/* rp_verdict_set, returning 0 for the resolver's "rejected". */
#define set(v, ...) (rp_verdict_set((v), __VA_ARGS__), 0)

/* Where a piece confined by mobilityRegion may stand, in words: whole
 * ranks ("ranks 1 to 5": a Xiangqi elephant stays on its side of the
 * river), a rectangle ("the area d1 to f3": a palace), else the bare
 * fact. */
static void region_words(const struct rp_fturn *t, int type, int us, char *why, size_t size)
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
        snprintf(why, size, "%s %s may not stand on %s", rp_farticle(name), name, rp_fturn_square(t, t->to, a));
    else if (f0 == 0 && f1 == d->files - 1)
        snprintf(why, size, "%s %s must stay on ranks %s to %s", rp_farticle(name), name, d->rank_labels[r0], d->rank_labels[r1]);
    else
        snprintf(why, size, "%s %s must stay within the area %s to %s", rp_farticle(name), name, rp_fturn_square(t, rp_fsq(f0, r0), a),
                 rp_fturn_square(t, rp_fsq(f1, r1), b));
}

/* Why a pawn has no move to `to` (a pawn's words, or none). */
static void explain_pawn(const struct rp_fturn *t, int from, int to, char *why, size_t size)
{
    const struct rp_fpos *p = t->p;
    int push = p->side ? -RP_FMB_COLS : RP_FMB_COLS, diff = to - from;
    char a[8];
    if (diff == push || diff == 2 * push) {
        if (p->b[to])
            snprintf(why, size, RP_WHY_PAWN_AHEAD);
        else if (diff == 2 * push && p->b[from + push])
            snprintf(why, size, RP_WHY_BLOCKED, rp_fturn_square(t, from + push, a));
        else if (diff == 2 * push)
            snprintf(why, size, RP_WHY_PAWN_DOUBLE);
    } else if (diff == push - 1 || diff == push + 1) {
        snprintf(why, size, RP_WHY_NO_VICTIM, rp_fturn_square(t, to, a));
    }
}

/* Does the atom's direction lead from `from` by (dx, dy), its distance
 * (for a leaper, its one leap) within its range? */
static int atom_heads_there(const struct rp_fatom *at, int dx, int dy)
{
    if (at->kind == RP_FA_LEAP)
        return at->dx == dx && at->dy == dy;
    int steps = 0;
    for (int s = 1; s <= 12 && !steps; s++)
        if (at->dx * s == dx && at->dy * s == dy)
            steps = s;
    return steps && !(at->range && steps > at->range);
}

/* Why a rider's or hopper's atom, heading to `to`, does not get there:
 * the pieces on the way (1 when that is why), else 0. */
static int explain_path(const struct rp_fturn *t, const struct rp_fatom *at, int from, int to, const char *name,
                        char *why, size_t size)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    const struct rp_ftype *ty = &d->types[rp_fp_type(p->b[from])];
    int step = (at->dx + at->dy * RP_FMB_COLS) * (p->side ? -1 : 1), screens = 0, first = -1;
    int cannon_screen = 0;
    char a[8];
    for (int s = from + step; s != to; s += step)
        if (p->b[s]) {
            if (first < 0)
                first = s;
            screens++;
            cannon_screen |= rp_fp_real(p->b[s]) && d->types[rp_fp_type(p->b[s])].role == RP_FR_JANGGI_CANNON;
        }
    if (at->kind == RP_FA_RIDE && first >= 0)
        return snprintf(why, size, RP_WHY_BLOCKED, rp_fturn_square(t, first, a)), 1;
    if (at->kind != RP_FA_HOP && at->kind != RP_FA_GRASSHOP)
        return 0;
    if (ty->role == RP_FR_JANGGI_CANNON && cannon_screen)
        return snprintf(why, size, "%s %s cannot jump over a cannon", rp_farticle(name), name), 1;
    if (ty->role == RP_FR_JANGGI_CANNON && rp_fp_real(p->b[to]) &&
        d->types[rp_fp_type(p->b[to])].role == RP_FR_JANGGI_CANNON)
        return snprintf(why, size, "%s %s cannot capture a cannon", rp_farticle(name), name), 1;
    if (screens != 1)
        return snprintf(why, size, "the %s needs exactly one piece to jump over%s%s", name,
                        screens ? ", and there are " : "", screens ? "more" : ""), 1;
    if (at->kind == RP_FA_GRASSHOP)
        return snprintf(why, size, "the %s lands right behind the piece it jumps (%s)", name, rp_fturn_square(t, first, a)), 1;
    return 0;
}

/* Why one atom heading from `from` to `to` does not make the move: 1
 * when that settles it, 0 to look at the next atom (why may hold a
 * reason kept unless a later atom gives a better one). */
static int explain_atom(const struct rp_fturn *t, const struct rp_fatom *at, int from, int to, char *why, size_t size)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int type = rp_fp_type(p->b[from]), us = p->side, capture = rp_fp_real(p->b[to]);
    char a[8], name[RP_FNAME_MAX];
    rp_fpiece_name(d, type, p->unpromoted[from], name);
    if (at->cond == RP_FAC_PROMOTED_SOLDIER && !rp_fattack_from(p, type, us, from, at, to))
        return snprintf(why, size, "%s %s may step sideways only from rank %d on", rp_farticle(name), name,
                        d->soldier_promotion_rank), 1;
    if (at->cond == RP_FAC_DIAGONAL_LINES &&
        (!rp_fset_has(&d->diagonal_lines, from) || !rp_fset_has(&d->diagonal_lines, to)))
        return snprintf(why, size, "diagonal moves are only along the palace's diagonals"), 0;
    if (!(at->mode & (capture ? RP_FA_CAPTURE : RP_FA_MOVE)))
        return snprintf(why, size, capture ? "the %s cannot capture that way" : "the %s moves that way only to capture",
                        name), 0;
    if (at->kind != RP_FA_LEAP)
        return explain_path(t, at, from, to, name, why, size);
    for (int i = 0; i < at->nblock; i++) {
        int bsq = from + at->block[i][0] + (us ? -at->block[i][1] : at->block[i][1]) * RP_FMB_COLS;
        if (p->b[bsq])
            return snprintf(why, size, "the %s is blocked at %s", name, rp_fturn_square(t, bsq, a)), 1;
    }
    return 0;
}

/* Why the piece on from has no move to `to` (after the own-piece case). */
static void explain(const struct rp_fturn *t, int from, int to, char *why, size_t size)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int type = rp_fp_type(p->b[from]), us = p->side;
    why[0] = '\0';
    if (from == to) {
        snprintf(why, size, RP_WHY_SAME_SQUARE);
        return;
    }
    if (!(d->allowed[us][to] >> type & 1)) {
        region_words(t, type, us, why, size);
        return;
    }
    if (type == d->pawn) {
        explain_pawn(t, from, to, why, size);
        return;
    }
    const struct rp_ftype *ty = &d->types[type];
    int dx = rp_ffile(to) - rp_ffile(from), dy = rp_frank(to) - rp_frank(from);
    if (us)
        dx = -dx, dy = -dy;
    for (int k = 0; k < ty->natoms; k++)
        if (atom_heads_there(&ty->atoms[k], dx, dy) && explain_atom(t, &ty->atoms[k], from, to, why, size))
            return;
    if (!why[0] && d->cambodian_moves && rp_fexplain_leap(t, from, to, why, size))
        return;
    if (!why[0]) {
        char name[RP_FNAME_MAX];
        rp_fpiece_name(d, type, p->unpromoted[from], name);
        snprintf(why, size, RP_WHY_NOT_ITS_MOVE, rp_farticle(name), name);

    }
}

/* A king's move to a castling destination or onto its own castling rook
 * that is no castling now: why (1), or 0 when it is no castling shape. */
static int explain_castling(const struct rp_fturn *t, int from, int to, char *why, size_t size)
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
    int onto_rook = rp_fcastling_rook(d, p->b[to], us);
    int dest = rp_ffile(to) == d->castling_kingside_file || rp_ffile(to) == d->castling_queenside_file;
    if (!onto_rook && !(dest && abs(rp_ffile(to) - rp_ffile(from)) >= 2))
        return 0;
    int queen = onto_rook ? to < from : rp_ffile(to) == d->castling_queenside_file;
    int idx = us * 2 + queen;
    char a[8], king[RP_FNAME_MAX], rook_name[RP_FNAME_MAX];
    rp_fturn_piece(t, from, king);
    int rsq = p->castle_rook[idx];
    int rook_there = rsq && rp_fcastling_rook(d, p->b[rsq], us);
    rp_fpiece_name(d, rook_there ? rp_fp_type(p->b[rsq]) : d->castling_rook, 0, rook_name);
    if (!(p->castle_rights >> idx & 1)) {
        if (!rook_there)
            snprintf(why, size, "there is no %s to castle with on that side", rook_name);
        else if (!(p->castle_rights >> (us * 2) & 3))
            snprintf(why, size, RP_WHY_KING_MOVED, king);
        else
            snprintf(why, size, RP_WHY_ROOK_MOVED, rook_name, rp_fturn_square(t, rsq, a));
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
            snprintf(why, size, RP_WHY_CASTLE_PATH, rp_fturn_square(t, sq, a));
            return 1;
        }
    snprintf(why, size, "castling is written as the %s's move to %s or onto its own %s", king,
             rp_fturn_square(t, kto, a), rook_name);
    return 1;
}

/* ----------------------------------------------------- legality words */

/* extinctionPseudoRoyal: the guarded piece the move blows up (a capture
 * removes its own pieces next to it, blastOnCapture), or leaves
 * attacked. */
static int explain_royal(const struct rp_fturn *t, rp_fmove m, enum rp_fillegal why)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int us = p->side;
    char a[8], b[8], name[RP_FNAME_MAX], other[RP_FNAME_MAX];
    struct rp_fpos q = *p;
    rp_fmake(&q, m);
    if (why == RP_FL_ROYAL_BLASTED) {
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int sq = m.to + dx + dy * RP_FMB_COLS, from = sq == m.to ? m.from : sq;
                rp_fpiece pc = p->b[from];
                if (!rp_fp_real(pc) || rp_fp_colour(pc) != us || !(d->extinction_types >> rp_fp_type(pc) & 1) ||
                    rp_fp_real(q.b[sq]))
                    continue;
                return set(t->v, RP_ILLEGAL_MOVE, "the capture on %s would blow up %s's own %s on %s",
                           rp_fturn_square(t, m.to, a), rp_fcolour_name(us), rp_fturn_piece(t, from, name),
                           rp_fturn_square(t, sq, b));
            }
        return set(t->v, RP_ILLEGAL_MOVE, "the capture on %s would blow up %s's own %s", rp_fturn_square(t, m.to, a),
                   rp_fcolour_name(us), rp_fpiece_name(d, rp_fp_type(p->b[m.from]), 0, name));
    }
    q.side = us;
    int k = rp_froyal_checked(&q), by = k == RP_FNOSQ ? RP_FNOSQ : rp_fattacker(&q, k, !us);
    if (by == RP_FNOSQ)
        return set(t->v, RP_KING_IN_CHECK, "a piece %s must guard as its king would be attacked", rp_fcolour_name(us));
    rp_verdict_king_attacked(t->v, us, rp_fpiece_name(d, rp_fp_type(q.b[k]), q.unpromoted[k], name),
                             rp_fturn_square(t, k, a), rp_fpiece_name(d, rp_fp_type(q.b[by]), q.unpromoted[by], other),
                             rp_fturn_square(t, by, b),
                             d->duple_check ? ", and so would every other (a duple check)" : "");
    return 0;
}

/* The move would leave the king attacked: by which piece, from where. */
static int explain_king_attacked(const struct rp_fturn *t, rp_fmove m)
{
    const struct rp_fdef *d = t->d;
    int us = t->p->side;
    char a[8], b[8], name[RP_FNAME_MAX], other[RP_FNAME_MAX];
    /* A gated piece, or a wall, does not block (rp_flegal): show the move
     * without it. */
    rp_fmove bare = m;
    bare.gate = 0;
    struct rp_fpos q = *t->p;
    rp_fmake(&q, bare);
    int k = q.king[us], by = rp_fattacker(&q, k, !us);
    /* The written gating may be why no candidate is legal even when
     * the one reported is the bare move. */
    int gating = m.gate || (d->seirawan_gating && t->n > 1 && t->c[t->n - 1].kind == FMT_COMP_PLACE);
    const char *note = m.gate == RP_FGATE_WALL ? " (a wall does not block a check)"
                       : gating                 ? " (a piece brought in may not block a check)"
                                                : "";
    if (k == RP_FNOSQ || by == RP_FNOSQ)
        return set(t->v, RP_KING_IN_CHECK, "the %s king would be attacked%s", us ? "black" : "white", note);
    rp_verdict_king_attacked(t->v, us, rp_fpiece_name(d, d->king, 0, name), rp_fturn_square(t, k, a),
                             rp_fpiece_name(d, rp_fp_type(q.b[by]), q.unpromoted[by], other),
                             rp_fturn_square(t, by, b), note);
    return 0;
}

/* The castling king would pass an attacked square: the first one. */
static int explain_castle_through(const struct rp_fturn *t, rp_fmove m)
{
    char a[8], name[RP_FNAME_MAX], reason[160];
    int step = m.to > m.from ? -1 : 1, s = m.to + step;
    while (s != m.from && !rp_fattacked(t->p, s, !t->p->side))
        s += step;
    rp_fturn_piece(t, m.from, name);
    if (s != m.from)
        snprintf(reason, sizeof reason, RP_WHY_CASTLE_ATTACKED, name, rp_fturn_square(t, s, a));
    else
        snprintf(reason, sizeof reason, "the %s may not castle through an attacked square", name);
    rp_verdict_unreachable(t->v, name, t->c[0].from, t->c[0].to, reason);
    return 0;
}

/* The flying general: after the move the kings would face each other on
 * an open file or rank, or a castling king would pass a square where they
 * would (the first one). */
static int explain_kings_face(const struct rp_fturn *t, rp_fmove m)
{
    const struct rp_fdef *d = t->d;
    const struct rp_fpos *p = t->p;
    char a[8], name[RP_FNAME_MAX], reason[320];
    int them = p->king[!p->side];
    rp_fpiece_name(d, d->king, 0, name);
    if (m.kind == RP_FM_CASTLE) {
        int step = m.to > m.from ? -1 : 1, s = m.to;
        while (s != m.from && !rp_fkings_face(p, s, them, m.from))
            s += step;
        int on = s != m.from ? rp_fkings_face(p, s, them, m.from) : RP_FACE_FILE;
        snprintf(reason, sizeof reason, "the %s may not castle across %s, where the two %ss would face each other on an open %s",
                 name, rp_fturn_square(t, s != m.from ? s : m.to, a), name, on == RP_FACE_RANK ? "rank" : "file");
        rp_verdict_unreachable(t->v, name, t->c[0].from, t->c[0].to, reason);
        return 0;
    }
    struct rp_fpos q = *p;
    rp_fmake(&q, m);
    int on = rp_fkings_face(&q, q.king[0], q.king[1], -1);
    return set(t->v, RP_KING_IN_CHECK, "the two %ss would face each other on an open %s", name,
               on == RP_FACE_RANK ? "rank" : "file");
}

/* The wall of m (wallingRule) stands where the rule does not put it: why,
 * by the first of the rule's tests it fails (fairy_walls.c). */
static int explain_wall(const struct rp_fturn *t, rp_fmove m)
{
    const struct rp_fdef *d = t->d;
    const struct rp_fpos *p = t->p;
    int sq = m.gate_sq;
    char a[8], b[8], name[RP_FNAME_MAX];
    rp_fturn_square(t, sq, a);
    if (p->b[sq] == RP_FOFF)
        return set(t->v, RP_ILLEGAL_MOVE, d->walling_rule == RP_FWALL_DUCK ? RP_WHY_DUCK_STAYS : RP_WHY_WALL_TAKEN,
                   a);
    if (sq == m.to || (rp_fp_real(p->b[sq]) && sq != m.from))
        return set(t->v, RP_ILLEGAL_MOVE, "the wall cannot go on %s: a piece stands there", a);
    if (!rp_fset_has(&d->walling_region[p->side], sq))
        return set(t->v, RP_ILLEGAL_MOVE, "a wall may not be placed on %s in %s", a, d->short_title);
    switch (d->walling_rule) {
    case RP_FWALL_ARROW:
        return set(t->v, RP_ILLEGAL_MOVE, "the wall is shot from %s as the %s moves, and cannot reach %s",
                   rp_fturn_square(t, m.to, b), rp_fturn_piece(t, m.from, name), a);
    case RP_FWALL_PAST:
        return set(t->v, RP_ILLEGAL_MOVE, "the wall goes on the square the piece leaves (%s), not on %s",
                   rp_fturn_square(t, m.from, b), a);
    case RP_FWALL_EDGE:
        return set(t->v, RP_ILLEGAL_MOVE, "a wall goes on the board's edge or beside another wall, and %s is neither",
                   a);
    default: return set(t->v, RP_ILLEGAL_MOVE, "the wall cannot go on %s", a);
    }
}

int rp_fexplain_illegal(const struct rp_fturn *t, rp_fmove m, enum rp_fillegal why)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    char a[8], b[8], name[RP_FNAME_MAX], reason[160];
    switch (why) {
    case RP_FL_OK: return 1;
    case RP_FL_KING_ATTACKED: return explain_king_attacked(t, m);
    case RP_FL_CASTLE_OUT:
        rp_fturn_piece(t, m.from, name);
        snprintf(reason, sizeof reason, RP_WHY_CASTLE_CHECKED, name);
        rp_verdict_unreachable(t->v, name, t->c[0].from, t->c[0].to, reason);
        return 0;
    case RP_FL_CASTLE_THROUGH: return explain_castle_through(t, m);
    case RP_FL_FLYING_GENERAL: return explain_kings_face(t, m);
    case RP_FL_CHECK_FORBIDDEN:
        if (m.kind == RP_FM_PROMOTE && d->sittuyin_promotion)
            return set(t->v, RP_ILLEGAL_MOVE, RP_WHY_SITTUYIN_CHECK, d->short_title);
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
                           d->short_title, rp_fturn_piece(t, l.m[i].from, name), rp_fturn_square(t, l.m[i].from, a), rp_fturn_square(t, l.m[i].to, b));
        return set(t->v, RP_ILLEGAL_MOVE, "capturing is compulsory in %s", d->short_title);
    }
    case RP_FL_MUST_DROP:
        return set(t->v, RP_ILLEGAL_MOVE, "a piece in hand must be dropped first in %s", d->short_title);
    case RP_FL_IMMOBILE:
        if (m.kind == RP_FM_DROP)
            return set(t->v, RP_BAD_DROP, "%s %s dropped on %s could never move",
                       rp_farticle(rp_fpiece_name(d, m.type, 0, name)), name, rp_fturn_square(t, m.to, a));
        return set(t->v, RP_BAD_PROMOTION, "the %s reaching %s must be promoted: it could never move from there",
                   rp_fturn_piece(t, m.from, name), rp_fturn_square(t, m.to, a));
    case RP_FL_MAKPONG:
        return set(t->v, RP_ILLEGAL_MOVE, "in check, the %s may only capture the checking piece (Makpong)",
                   rp_fpiece_name(d, d->king, 0, name));
    case RP_FL_PAWN_DROP_MATE:
        break;
    case RP_FL_PASS_NOT_STALEMATED: {
        struct rp_fmovelist l;
        rp_fgen_legal(p, &l);
        for (int i = 0; i < l.n; i++)
            if (l.m[i].kind == RP_FM_DROP)
                return set(t->v, RP_ILLEGAL_MOVE, RP_PASS_NOT_STALEMATED ": %s %s may be dropped on %s", d->short_title,
                           rp_farticle(rp_fpiece_name(d, l.m[i].type, 0, name)), name, rp_fturn_square(t, l.m[i].to, a));
            else if (l.m[i].kind != RP_FM_PASS)
                return set(t->v, RP_ILLEGAL_MOVE, RP_PASS_NOT_STALEMATED ": the %s on %s can move to %s", d->short_title,
                           rp_fturn_piece(t, l.m[i].from, name), rp_fturn_square(t, l.m[i].from, a),
                           rp_fturn_square(t, l.m[i].to, b));
        return set(t->v, RP_ILLEGAL_MOVE, RP_PASS_NOT_STALEMATED, d->short_title);
    }
    case RP_FL_MUTUALLY_IMMUNE:
        rp_fturn_piece(t, m.from, name);
        return set(t->v, RP_ILLEGAL_MOVE, "%s %s may not capture %s %s in %s", rp_farticle(name), name,
                   rp_farticle(name), name, d->short_title);
    case RP_FL_ROYAL_BLASTED:
    case RP_FL_ROYAL_ATTACKED:
        return explain_royal(t, m, why);
    case RP_FL_WALL_MISSING: {
        rp_fset walls;
        rp_fwall_squares(p, m, &walls);
        return set(t->v, RP_ILLEGAL_MOVE, rp_fset_empty(&walls) ? RP_WHY_WALL_NONE_LEFT : RP_WHY_WALL_MISSING,
                   d->short_title);
    }
    case RP_FL_WALL_SQUARE: return explain_wall(t, m);
    case RP_FL_BISHOP_COLOURS: {
        char bishop[RP_FNAME_MAX];
        rp_fpiece_name(d, RP_FTYPE_BISHOP, 0, bishop);
        if (m.hand_type == RP_FTYPE_BISHOP)
            return set(t->v, RP_BAD_DROP,
                       "%s %s dropped on %s would stand on the colour of more than half of %s's %ss: in %s "
                       "they go on squares of both colours",
                       rp_farticle(bishop), bishop, rp_fturn_square(t, m.to, a), rp_fcolour_name(p->side), bishop,
                       d->short_title);
        return set(t->v, RP_BAD_DROP,
                   "%s %s dropped on %s leaves too few squares of one colour for %s's %ss in hand: in %s they "
                   "go on squares of both colours",
                   rp_farticle(rp_fpiece_name(d, m.type, 0, name)), name, rp_fturn_square(t, m.to, a),
                   rp_fcolour_name(p->side), bishop, d->short_title);
    }
    }
    return set(t->v, RP_ILLEGAL_MOVE, "the move is not legal in %s", d->short_title);
}

/* -------------------------------------------------- unreachable moves */

int rp_fexplain_unreachable(const struct rp_fturn *t)
{
    const struct fmt_component *c = &t->c[0];
    const struct rp_fpos *p = t->p;
    int from = t->from, to = t->to;
    char a[8], why[160], name[RP_FNAME_MAX], own[RP_FNAME_MAX];
    rp_fturn_piece(t, from, name);
    if (!explain_castling(t, from, to, why, sizeof why)) {
        if (rp_fp_real(p->b[to]) && rp_fp_colour(p->b[to]) == p->side)
            snprintf(why, sizeof why, RP_WHY_OWN_PIECE, rp_fturn_square(t, to, a), rp_fturn_piece(t, to, own));
        else if (p->b[to] == RP_FOFF)
            snprintf(why, sizeof why, "%s is a wall square", rp_fturn_square(t, to, a));
        else
            explain(t, from, to, why, sizeof why);
    }
    rp_verdict_unreachable(t->v, name, c->from, c->to, why);
    return 0;

}
