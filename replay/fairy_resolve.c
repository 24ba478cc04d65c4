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
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_turn.h"
#include "replay/verdict.h"

/* ---------------------------------------------------------- verdicts */

/* rp_verdict_set, returning 0 for the resolver's "rejected". */
#define set(v, ...) (rp_verdict_set((v), __VA_ARGS__), 0)

/* A component's square: its text, or with "dest" the main move's target. */
static int square_of(const struct rp_fturn *t, const char *name, int dest)
{
    if (dest >= 0 && strcmp(name, "dest") == 0)
        return dest;
    return rp_fsquare_parse(t->d, name);
}

static int square_exists(const char *name, const void *ctx)
{
    return rp_fsquare_parse(ctx, name) >= 0 || strcmp(name, "dest") == 0;
}

static int check_squares(const struct rp_fturn *t)
{
    return rp_check_squares(t->c, t->n, square_exists, t->d, t->d->short_title, t->v);
}

static int label_is(const struct rp_fturn *t, int sq, const char *label)
{
    rp_fpiece pc = t->p->b[sq];
    int type = rp_fp_type(pc), colour = rp_fp_colour(pc);
    /* The usual label, the type's letter (no gcLabels, never promoted):
     * what rp_flabel would write, compared at once. */
    if (!t->p->unpromoted[sq] && !t->d->labels[colour][type][0]) {
        char letter = t->d->types[type].letter;
        return label[0] == (colour ? letter : (char)toupper((unsigned char)letter)) && !label[1];
    }
    char l[RP_FLABEL_MAX + 2];
    rp_flabel(t->d, t->p->b[sq], t->p->unpromoted[sq], l);
    return strcmp(l, label) == 0;
}

/* The type and colour a placement's label names, or -1. */
static int label_type(const struct rp_fturn *t, const char *label, int *colour, int *promoted_from)
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

/* -------------------------------------------------------------- moves */

static int is_move(const struct fmt_component *c) { return c->kind == FMT_COMP_MOVE; }

static void gen_to(const struct rp_fturn *t, int from, int to, struct rp_fmovelist *l, struct rp_fmovelist *out)
{
    l->n = 0;
    rp_fgen_from_to(t->p, from, to, l);
    out->n = 0;
    for (int i = 0; i < l->n; i++) {
        const rp_fmove *m = &l->m[i];
        int hit = m->to == to;
        if (m->kind == RP_FM_CASTLE && !hit)
            hit = t->p->castle_rook[m->castle] == to;
        /* Copied whole from the list: a copy of a move read a field at a
         * time was stored in pieces, and the whole move read back from
         * `out` at once waited for them. */
        if (hit)
            memcpy(&out->m[out->n++], m, sizeof *m);
    }
}

/* Is the component the castling's rook move? */
static int is_rook_companion(const struct rp_fturn *t, const struct fmt_component *c, rp_fmove m)
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
static int is_promotion_placement(const struct rp_fturn *t, const struct fmt_component *c, int to)
{
    return c->kind == FMT_COMP_PLACE && square_of(t, c->to, to) == to;
}

/* Why a "+X" placement after a move is no promotion (Shogi's kind): the
 * piece never promotes, or the move neither starts nor ends in the zone.
 * 1 when it said so, 0 when the placement is of another kind. */
static int explain_no_promotion(const struct rp_fturn *t, const struct fmt_component *c)
{
    const struct rp_fdef *d = t->d;
    const struct rp_fpos *p = t->p;
    if (c->label[0] != '+' || t->from < 0 || !p->b[t->from])
        return 0;
    int type = rp_fp_type(p->b[t->from]), us = p->side;
    char name[RP_FNAME_MAX];
    rp_fturn_piece(t, t->from, name);
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

/* sittuyinPromotion: a pawn's move with a placement on the square it
 * reaches ("P d5-d6; F-d6") that no promotion of the pawn makes: why
 * (1 when it said so). */
static int explain_sittuyin_step(const struct rp_fturn *t, const struct fmt_component *c)
{
    const struct rp_fdef *d = t->d;
    const struct rp_fpos *p = t->p;
    int us = p->side, colour = -1, pfrom = -1;
    if (!d->sittuyin_promotion || t->from < 0 || p->b[t->from] != rp_fp_make(d->pawn, us))
        return 0;
    int to = square_of(t, c->to, -1), ty = label_type(t, c->label, &colour, &pfrom);
    if (to < 0 || to != square_of(t, t->c[0].to, -1) || ty < 0 || colour != us)
        return 0;
    char name[RP_FNAME_MAX], a[8];
    rp_fpiece_name(d, ty, 0, name);
    int limit = d->types[ty].promotion_limit;
    if (p->b[to])
        rp_verdict_set(t->v, RP_BAD_PROMOTION, RP_WHY_SITTUYIN_STEP_TAKEN, c->to);
    else if (!(d->promotion_types[us] >> ty & 1))
        rp_verdict_set(t->v, RP_BAD_PROMOTION, "a pawn cannot promote to %s %s in %s", rp_farticle(name), name,
                       d->short_title);
    else if (limit && limit <= p->count[us][ty])
        rp_verdict_set(t->v, RP_BAD_PROMOTION, RP_WHY_PROMOTION_LIMIT, limit, name, limit > 1 ? "s" : "",
                       d->short_title);
    else if (!rp_fset_has(&d->promotion_zone[us], t->from) && p->count[us][d->pawn] > 1)
        rp_verdict_set(t->v, RP_BAD_PROMOTION, RP_WHY_SITTUYIN_ZONE, rp_fturn_square(t, t->from, a),
                       d->short_title);
    else
        rp_verdict_set(t->v, RP_BAD_PROMOTION, RP_WHY_SITTUYIN_STEP, name, rp_fturn_square(t, t->from, a), c->to,
                       d->short_title);
    return 1;
}

/* A placement on the square a move leaves, in a variant without gating or
 * drops: a gating the variant does not have (1 when it said so). */
static int explain_no_gating(const struct rp_fturn *t, const struct fmt_component *c)
{
    char a[8];
    if (t->d->seirawan_gating || t->d->piece_drops || t->from < 0 || square_of(t, c->to, -1) != t->from)
        return 0;
    rp_verdict_set(t->v, RP_BAD_DROP, "there is no gating in %s: no piece may be brought in on %s (placement \"%s\")",
                   t->d->short_title, rp_fturn_square(t, t->from, a), c->text);
    return 1;
}

static int check_leftovers(const struct rp_fturn *t, size_t i, const struct fmt_component *main)
{
    for (size_t k = i; k < t->n; k++)
        if (t->c[k].kind == FMT_COMP_PLACE)
            return main->kind == FMT_COMP_MOVE && k == 1 &&
                           (explain_no_promotion(t, &t->c[k]) || explain_sittuyin_step(t, &t->c[k]) ||
                            explain_no_gating(t, &t->c[k]))
                       ? 0
                       : (rp_verdict_stray_placement(t->v, t->c[k].text), 0);
    if (i < t->n) {
        if (main->kind == FMT_COMP_MOVE)
            return rp_verdict_stray_component(t->v, t->c[i].text, "move", main->from, main->to), 0;
        return set(t->v, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to \"%s\"", t->c[i].text, main->text);
    }
    return 1;
}

/* What pick knows of the candidates and of the written turn's gating. */
struct choice {
    const struct rp_fmovelist *cand;
    const enum rp_fillegal *legal; /* each candidate's legality */
    int from, to;                /* the first component's squares */
    int any_promo, any_plain;    /* some candidate promotes; some is neither promotion nor castling */
    const struct fmt_component *next; /* the second component, or NULL */
    const struct fmt_component *gate; /* where a gating placement may stand: next, or after the rook's move */
    int gate_sq, gate_type;      /* the gating read from it, or -1 */
};

/* A move that changes the piece, which the placement after it names
 * (a demotion: the piece it was, "N" for Kyoto Shogi's "+N"). */
static int is_promotion(rp_fmove m)
{
    return m.kind == RP_FM_PROMOTE || m.kind == RP_FM_PIECE_PROMOTE || m.kind == RP_FM_PIECE_DEMOTE;
}

/* The promotion the placement after the move names, into *chosen (1), or
 * why none is (0 with the verdict set). */
static int pick_promotion(const struct rp_fturn *t, const struct choice *ch, rp_fmove *chosen)
{
    const struct rp_fdef *d = t->d;
    const struct fmt_component *next = ch->next;
    char mover_name[RP_FNAME_MAX];
    rp_fturn_piece(t, ch->from, mover_name);
    int colour, pfrom;
    int ty = label_type(t, next->label, &colour, &pfrom);
    if (ty < 0)
        return set(t->v, RP_BAD_PROMOTION, "placement \"%s\" names no piece of %s", next->text, d->short_title);
    if (colour != t->p->side)
        return rp_verdict_placement_colour(t->v, next->text, colour, mover_name, t->p->side), 0;
    /* "+X" names the promoted form of X itself: Shogi's promoted
     * pawn, lance, knight and silver all move as golds, but a pawn
     * becomes a "+P", never a "+L" or a "G". */
    int mover = rp_fp_type(t->p->b[ch->from]);
    for (int k = 0; k < ch->cand->n; k++) {
        rp_fmove m = ch->cand->m[k];
        if (is_promotion(m) && m.type == ty && !m.gate &&
            (m.kind == RP_FM_PIECE_PROMOTE ? pfrom == mover : pfrom < 0) && ch->legal[k] == RP_FL_OK)
            return *chosen = m, 1;
    }
    for (int k = 0; k < ch->cand->n; k++) {
        rp_fmove m = ch->cand->m[k];
        if (m.kind == RP_FM_PIECE_PROMOTE && ch->legal[k] == RP_FL_OK) {
            char label[RP_FLABEL_MAX + 2];
            rp_flabel(d, rp_fp_make(m.type, t->p->side), mover + 1, label);
            return set(t->v, RP_BAD_PROMOTION, "%s %s promotes to \"%s\", not \"%s\"", rp_farticle(mover_name),
                       mover_name, label, next->label);
        }
    }
    char name[RP_FNAME_MAX];
    rp_fpiece_name(d, ty, pfrom >= 0 ? pfrom + 1 : 0, name);
    if (d->types[ty].promotion_limit && d->types[ty].promotion_limit <= t->p->count[t->p->side][ty])
        return set(t->v, RP_BAD_PROMOTION, RP_WHY_PROMOTION_LIMIT,
                   d->types[ty].promotion_limit, name, d->types[ty].promotion_limit > 1 ? "s" : "", d->short_title);
    return set(t->v, RP_BAD_PROMOTION, "%s %s cannot promote to %s %s in %s", rp_farticle(mover_name), mover_name,
               rp_farticle(name), name, d->short_title);
}

/* Seirawan's gating: a placement on the vacated square (or the castling
 * rook's), next or, when castling, after the rook's move.  Sets
 * ch->gate_sq and ch->gate_type when the turn brings a piece in; 0 with
 * the verdict set when its placement cannot be one. */
static int read_gating(const struct rp_fturn *t, struct choice *ch)
{
    const struct rp_fdef *d = t->d;
    const struct rp_fmovelist *cand = ch->cand;
    const struct fmt_component *next = ch->next, *gate = next;
    if (next && is_move(next) && t->n > 2 && t->c[2].kind == FMT_COMP_PLACE)
        for (int k = 0; k < cand->n; k++)
            if (cand->m[k].kind == RP_FM_CASTLE && is_rook_companion(t, next, cand->m[k]))
                gate = &t->c[2];
    ch->gate = gate;
    if (!gate || gate->kind != FMT_COMP_PLACE || !d->seirawan_gating)
        return 1;
    int sq = square_of(t, gate->to, ch->to), colour = -1, pfrom, us = t->p->side;
    int ty = label_type(t, gate->label, &colour, &pfrom);
    int rook = -1;
    char a[8], b[8], name[RP_FNAME_MAX];
    for (int k = 0; k < cand->n; k++)
        if (cand->m[k].kind == RP_FM_CASTLE)
            rook = t->p->castle_rook[cand->m[k].castle];
    if (sq != ch->from && sq != rook) {
        if (ch->any_promo || gate != next)
            return 1;
        if (rook >= 0)
            return set(t->v, RP_BAD_DROP, "a piece may be brought in only on the king's square %s or the "
                       "rook's square %s", rp_fturn_square(t, ch->from, a), rp_fturn_square(t, rook, b));
        return set(t->v, RP_BAD_DROP, "a piece may be brought in only on the square the move leaves (%s)",
                   rp_fturn_square(t, ch->from, a));
    }
    if (ty < 0 || colour != us)
        return set(t->v, RP_BAD_DROP, "placement \"%s\" names no piece of %s's hand", gate->text, rp_fcolour_name(us));
    if (!t->p->hand[us][ty])
        return set(t->v, RP_BAD_DROP, "%s has no %s in hand to bring in", rp_fcolour_name(us),
                   rp_fpiece_name(d, ty, 0, name));
    if (!rp_fset_has(&t->p->gates[us], sq)) {
        if (rp_frank(sq) != (us ? d->ranks - 1 : 0))
            return set(t->v, RP_BAD_DROP, "a piece may be brought in only on the square a first-rank "
                       "piece leaves on its first move (%s is not one)", rp_fturn_square(t, sq, a));
        return set(t->v, RP_BAD_DROP, "a piece may be brought in on %s only when the piece that "
                   "started there makes its first move", rp_fturn_square(t, sq, a));
    }
    ch->gate_sq = sq;
    ch->gate_type = ty;
    return 1;
}

/* Why no candidate of the written kind is the move, when none is even
 * illegal: a promotion without its piece, a gating the move cannot
 * have, or a move of another shape. */
static int reject_unpicked(const struct rp_fturn *t, const struct choice *ch)
{
    const struct rp_fdef *d = t->d;
    const struct fmt_component *c = t->c;
    char a[8], name[RP_FNAME_MAX], mover[RP_FNAME_MAX];
    if (ch->any_promo) {
        /* The example: a queen where one may be had, else the first. */
        char label[RP_FLABEL_MAX + 2] = "";
        for (int k = 0; k < ch->cand->n; k++) {
            rp_fmove m = ch->cand->m[k];
            if (!is_promotion(m))
                continue;
            if (label[0] && m.type != RP_FTYPE_QUEEN)
                continue;
            rp_flabel(d, rp_fp_make(m.type, t->p->side),
                      m.kind == RP_FM_PIECE_PROMOTE ? rp_fp_type(t->p->b[ch->from]) + 1 : 0, label);
        }
        return rp_verdict_unnamed_promotion(t->v, rp_fturn_piece(t, ch->from, mover), c[0].to, label), 0;
    }
    if (ch->gate_sq >= 0)
        return set(t->v, RP_BAD_DROP, "the %s cannot enter on %s with this move",
                   rp_fpiece_name(d, ch->gate_type, 0, name), rp_fturn_square(t, ch->gate_sq, a));
    return set(t->v, RP_ILLEGAL_MOVE, "the %s on %s cannot make that move", rp_fturn_piece(t, ch->from, mover),
               c[0].from);
}

/* The candidate that is neither a promotion nor, unless the turn means
 * one, a castling, with the gating read, into *chosen (1); else the
 * first such candidate's illegality, or why there is none (0). */
static int pick_plain(const struct rp_fturn *t, const struct choice *ch, rp_fmove *chosen)
{
    const struct rp_fmovelist *cand = ch->cand;
    int want_castle = 0;
    for (int k = 0; k < cand->n; k++)
        if (cand->m[k].kind == RP_FM_CASTLE &&
            (t->p->castle_rook[cand->m[k].castle] == ch->to || !ch->any_plain ||
             (ch->next && is_rook_companion(t, ch->next, cand->m[k]))))
            want_castle = 1;
    int first = -1;
    for (int k = 0; k < cand->n; k++) {
        rp_fmove m = cand->m[k];
        if (is_promotion(m) || (m.kind == RP_FM_CASTLE) != want_castle)
            continue;
        if (ch->gate_sq >= 0 ? (m.gate != ch->gate_type + 1 || m.gate_sq != ch->gate_sq) : m.gate != 0)
            continue;
        if (ch->legal[k] == RP_FL_OK)
            return *chosen = m, 1;
        if (first < 0)
            first = k;
    }
    if (first >= 0)
        return rp_fexplain_illegal(t, rp_fturn_walled(t, cand->m[first]), ch->legal[first]);
    return reject_unpicked(t, ch);
}

/* How many components the chosen plain move takes: the move, its gating
 * placement, the castling's rook move, the pawn taken en passant. */
static size_t components_used(const struct rp_fturn *t, const struct choice *ch, rp_fmove chosen)
{
    const struct fmt_component *next = ch->next;
    size_t i = 1;
    if (ch->gate_sq >= 0 && ch->gate != next)
        return 3; /* the rook's move, then the placement */
    if (ch->gate_sq >= 0)
        i = 2;
    else if (chosen.kind == RP_FM_CASTLE && next && is_rook_companion(t, next, chosen))
        i = 2;
    else if (chosen.kind == RP_FM_EP && next && next->kind == FMT_COMP_REMOVE &&
             square_of(t, next->to, -1) == rp_fep_victim(t->p))
        i = 2;
    /* The rook companion may also follow a gating placement. */
    if (i == 2 && ch->gate_sq >= 0 && chosen.kind == RP_FM_CASTLE && t->n > 2 && is_rook_companion(t, &t->c[2], chosen))
        i = 3;
    return i;
}

/* Which candidates the written turn means, once king safety is known:
 * the promotion its placement names, the gating its placement names, the
 * castling its rook companion confirms. */
static int pick(const struct rp_fturn *t, const struct rp_fmovelist *cand, const enum rp_fillegal *legal, int from,
                int to, rp_fmove *out)
{
    struct choice ch = {cand, legal, from, to, 0, 0, t->n > 1 ? &t->c[1] : NULL, NULL, -1, -1};
    for (int k = 0; k < cand->n; k++) {
        if (is_promotion(cand->m[k]))
            ch.any_promo = 1;
        else if (cand->m[k].kind != RP_FM_CASTLE)
            ch.any_plain = 1;
    }
    rp_fmove chosen;
    size_t used;
    if (ch.any_promo && ch.next && is_promotion_placement(t, ch.next, to)) {
        if (!pick_promotion(t, &ch, &chosen))
            return 0;
        used = 2;
    } else {
        if (!read_gating(t, &ch))
            return 0;
        if (ch.any_promo && ch.next && ch.next->kind == FMT_COMP_PLACE && ch.gate_sq < 0)
            return rp_verdict_placement_elsewhere(t->v, ch.next->text, t->c[0].to), 0;

        if (!pick_plain(t, &ch, &chosen))
            return 0;
        used = components_used(t, &ch, chosen);
    }
    if (!check_leftovers(t, used, &t->c[0]))
        return 0;
    *out = chosen;
    return 1;
}

/* rp_flegal of a move of a turn that places a wall, with the wall.  Out
 * of line, and the usual turn's calls apart from it: a move rebuilt on
 * the way to rp_flegal had its byte stores stall the load that passes
 * it on, a tenth of the resolver's time (perf). */
static __attribute__((noinline)) enum rp_fillegal walled_legal(const struct rp_fturn *t, rp_fmove m)
{
    return rp_flegal(t->p, rp_fturn_walled(t, m));
}

static int resolve_move(const struct rp_fturn *t, rp_fmove *out)
{
    const struct fmt_component *c = &t->c[0];
    const struct rp_fpos *p = t->p;
    int from = t->from, to = t->to;
    /* The usual turn passes these checks: words only for a failure. */
    int real = rp_fp_real(p->b[from]); /* a wall square (a FEN's '*') holds no piece */
    if (!real || (c->label[0] && !label_is(t, from, c->label)) || rp_fp_colour(p->b[from]) != p->side) {
        char label[RP_FLABEL_MAX + 2] = "", at[16], name[RP_FNAME_MAX] = "";
        if (real) {
            rp_flabel(t->d, p->b[from], p->unpromoted[from], label);
            rp_fturn_piece(t, from, name);
        }
        struct rp_piece_words w = {real, label, name, real ? rp_fp_colour(p->b[from]) : 0};
        snprintf(at, sizeof at, "on %s", c->from);
        return rp_check_piece_words(&w, p->side, c->label, at, t->v);
    }
    /* The usual turn: a plain move written alone, found without the
     * generator (what it would list, and the verdict below). */
    rp_fmove plain;
    if (t->n == 1 && !t->d->walling_rule && rp_fplain_move(p, from, to, &plain)) {
        enum rp_fillegal why = rp_flegal(p, plain);
        if (why != RP_FL_OK)
            return rp_fexplain_illegal(t, plain, why);
        *out = plain;
        return 1;
    }
    struct rp_fmovelist all, cand;
    gen_to(t, from, to, &all, &cand);
    if (cand.n == 0) {
        /* A pawn's step written as a promotion that is none (Sittuyin):
         * why it is no promotion, not why the pawn cannot step so. */
        if (t->n == 2 && t->c[1].kind == FMT_COMP_PLACE && explain_sittuyin_step(t, &t->c[1]))
            return 0;
        return rp_fexplain_unreachable(t);
    }
    /* The usual turn: one plain move, written alone, nothing to pick
     * (what pick() would choose, and its verdict when illegal). */
    rp_fmove only = cand.m[0];
    if (cand.n == 1 && t->n == 1 && !only.gate && (only.kind == RP_FM_NORMAL || only.kind == RP_FM_EP)) {
        enum rp_fillegal why = t->wall < 0 ? rp_flegal(p, only) : walled_legal(t, only);
        if (why != RP_FL_OK)
            return rp_fexplain_illegal(t, rp_fturn_walled(t, only), why);
        *out = only;
        if (t->wall >= 0)
            *out = rp_fturn_walled(t, *out);
        return 1;
    }
    /* King safety and the variant's rules come before the promotion's
     * piece is looked at (the order of docs/rules.md "Common to all
     * variants"): if no candidate of any kind is legal, that is the
     * violation. */
    int any_legal = 0;
    enum rp_fillegal reason = RP_FL_OK, legal[RP_FMAX_MOVES];
    rp_fmove reason_move = cand.m[0];
    for (int k = 0; k < cand.n; k++) {
        enum rp_fillegal why = legal[k] = t->wall < 0 ? rp_flegal(p, cand.m[k]) : walled_legal(t, cand.m[k]);
        if (why == RP_FL_OK)
            any_legal = 1;
        else if (reason == RP_FL_OK || (why != RP_FL_IMMOBILE && reason == RP_FL_IMMOBILE))
            reason = why, reason_move = cand.m[k];
    }
    if (!any_legal)
        return rp_fexplain_illegal(t, rp_fturn_walled(t, reason_move), reason);
    if (!pick(t, &cand, legal, from, to, out))
        return 0;
    if (t->wall >= 0)
        *out = rp_fturn_walled(t, *out);
    return 1;
}

/* sittuyinPromotion: a placement on the side's own pawn ("F-d5") is its
 * promotion in place (docs/defined-variants.md). */
static int resolve_in_place(const struct rp_fturn *t, int ty, int sq, rp_fmove *out)
{
    const struct rp_fdef *d = t->d;
    const struct rp_fpos *p = t->p;
    struct rp_fmovelist all, cand;
    gen_to(t, sq, sq, &all, &cand);
    for (int k = 0; k < cand.n; k++) {
        rp_fmove m = cand.m[k];
        if (m.kind != RP_FM_PROMOTE || m.type != ty)
            continue;
        enum rp_fillegal why = rp_flegal(p, m);
        if (why != RP_FL_OK)
            return rp_fexplain_illegal(t, m, why);
        if (!check_leftovers(t, 1, &t->c[0]))
            return 0;
        *out = m;
        return 1;
    }
    char name[RP_FNAME_MAX];
    rp_fpiece_name(d, ty, 0, name);
    int us = p->side, limit = d->types[ty].promotion_limit;
    if (!(d->promotion_types[us] >> ty & 1))
        return set(t->v, RP_BAD_PROMOTION, "a pawn cannot promote to %s %s in %s", rp_farticle(name), name,
                   d->short_title);
    if (limit && limit <= p->count[us][ty])
        return set(t->v, RP_BAD_PROMOTION, RP_WHY_PROMOTION_LIMIT, limit, name, limit > 1 ? "s" : "",
                   d->short_title);
    if (!rp_fset_has(&d->promotion_zone[us], sq))
        return set(t->v, RP_BAD_PROMOTION, RP_WHY_SITTUYIN_ZONE, t->c[0].to, d->short_title);
    return set(t->v, RP_BAD_PROMOTION, RP_WHY_SITTUYIN_ATTACKS, rp_farticle(name), name, t->c[0].to);
}

/* A drop: "P*e4" or "P-e4" (docs/defined-variants.md). */
static int resolve_drop(const struct rp_fturn *t, rp_fmove *out)
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
    if (d->sittuyin_promotion && p->b[to] == rp_fp_make(d->pawn, us))
        return resolve_in_place(t, ty, to, out);
    int hand_type = pfrom >= 0 ? pfrom : ty;
    char name[RP_FNAME_MAX];
    rp_fpiece_name(d, hand_type, 0, name);
    if (!p->hand[us][hand_type])
        return set(t->v, RP_BAD_DROP, "%s has no %s in hand", rp_fcolour_name(us), name);
    if (pfrom >= 0 && !d->drop_promoted)
        return set(t->v, RP_BAD_DROP, "a piece is dropped unpromoted in %s", d->short_title);
    if (p->b[to])
        return set(t->v, RP_BAD_DROP, p->b[to] == RP_FOFF ? "%s is a wall square" : RP_WHY_DROP_OCCUPIED, c->to);
    if (!rp_fdrop_allowed(p, hand_type, to)) {
        int limit = rp_fdrop_file_limit(d, hand_type);
        if (limit == 0)
            return set(t->v, RP_BAD_DROP, "%s %s is never dropped in %s", rp_farticle(name), name, d->short_title);
        if (limit > 1)
            return set(t->v, RP_BAD_DROP, "%s %s may not be dropped on a file that already holds %d of your "
                       "unpromoted %ss", rp_farticle(name), name, limit, name);
        if (limit == 1) {
            rp_fpiece own = rp_fp_make(hand_type, us);
            for (int r = 0; r < d->ranks; r++)
                if (p->b[rp_fsq(rp_ffile(to), r)] == own)
                    return set(t->v, RP_BAD_DROP,
                               "%s %s may not be dropped on a file that already holds your unpromoted %s (%s)",
                               rp_farticle(name), name, name, rp_fturn_square(t, rp_fsq(rp_ffile(to), r), a));
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
        return rp_fexplain_illegal(t, m, why);
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

static int resolve_pass(const struct rp_fturn *t, rp_fmove *out)
{
    const struct rp_fpos *p = t->p;
    const struct rp_fdef *d = t->d;
    int from = d->pass_on_stalemate ? rp_fstalemate_pass_from(p) : d->king_pass ? p->king[p->side] : RP_FNOSQ;
    if (from == RP_FNOSQ)
        return rp_verdict_no_pass(t->v, d->short_title), 0;
    rp_fmove m;
    memset(&m, 0, sizeof m);
    m.from = m.to = (uint16_t)from;
    m.kind = RP_FM_PASS;
    enum rp_fillegal why = rp_flegal(p, m);
    if (why == RP_FL_PASS_NOT_STALEMATED)
        return rp_fexplain_illegal(t, m, why);
    if (why != RP_FL_OK)
        return set(t->v, RP_ILLEGAL_MOVE, "a player in check cannot pass");
    if (!check_leftovers(t, 1, &t->c[0]))
        return 0;
    *out = m;
    return 1;
}

/* A wall's component: "*-f7", or the duck's move "* d4-d5". */
static int is_wall(const struct fmt_component *c)
{
    return (c->kind == FMT_COMP_PLACE || c->kind == FMT_COMP_MOVE) && strcmp(c->label, "*") == 0;
}

/* wallingRule: the wall a move's turn places, written last ("Q d1-d5;
 * *-f7"), taken off the components into t->wall.  0 with the verdict set
 * when it cannot be read as one. */
static int take_wall(struct rp_fturn *t)
{
    const struct rp_fdef *d = t->d;
    const struct fmt_component *c = &t->c[t->n - 1];
    char a[8];
    for (size_t i = 1; i + 1 < t->n; i++)
        if (is_wall(&t->c[i]))
            return set(t->v, RP_EXTRA_COMPONENT,
                       is_wall(c) ? "a move places one wall: \"%s\" and \"%s\" are two"
                                  : "the wall is placed last, after the move: \"%s\" comes before \"%s\"",
                       t->c[i].text, c->text);
    if (t->n < 2 || !is_wall(c))
        return 1;
    int sq = rp_fsquare_parse(d, c->to);
    if (sq < 0)
        return set(t->v, RP_ILLEGAL_MOVE, "the wall cannot go on the move's own destination (\"%s\")", c->text);
    if (c->kind == FMT_COMP_MOVE) {
        int from = rp_fsquare_parse(d, c->from);
        if (d->walling_rule != RP_FWALL_DUCK)
            return set(t->v, RP_ILLEGAL_MOVE, "a wall does not move in %s: each move places a new one (\"*-%s\")",
                       d->short_title, c->to);
        if (t->p->b[from] != RP_FOFF)
            return set(t->v, RP_ILLEGAL_MOVE, "the duck is not on %s (\"%s\")", rp_fturn_square(t, from, a),
                       c->text);
    }
    t->wall = sq;
    t->n--;
    return 1;
}

int rp_fresolve(struct rp_fgame *g, const struct fmt_component *c, size_t n, rp_fmove *m, struct rp_verdict *v)
{
    struct rp_fturn t = {-1, -1, g, &g->pos, g->def, c, n, v, -1};
    if (n == 0)
        return 0;
    if (c[0].kind == FMT_COMP_MOVE) {
        t.from = rp_fsquare_parse(t.d, c[0].from);
        t.to = rp_fsquare_parse(t.d, c[0].to);
    }
    /* A lone move whose squares were just read needs no second look. */
    if ((n > 1 || t.from < 0 || t.to < 0) && !check_squares(&t))
        return 0;
    if (t.d->walling_rule && c[0].kind == FMT_COMP_MOVE && !is_wall(&c[0]) && !take_wall(&t))
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
        return rp_verdict_stray_placement(v, c[0].text), 0;
    default: return rp_verdict_stray_component(v, c[0].text, "move", NULL, NULL), 0;

    }
}
