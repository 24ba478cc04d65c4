/*
 * fairy_chase: Xiangqi's chasing rule (chasingRule = axf) as the reference
 * build (Fairy-Stockfish 230826) judges it: Position::chased() says which
 * pieces of the side to move the last move chased, and a repetition in
 * which one side's pieces were chased all through the cycle, the same
 * piece followed from square to square as it moved, is lost by the side
 * that chased (both sides: a draw).  A perpetual check is judged before
 * (variant_fairy.c).  It is worked out once per position played, only in
 * a definition with the key, by asking the pieces' attacks square by
 * square: no move generation nor legality test looks at it.
 *
 * A move chases (docs/defined-variants.md says it in words):
 *   - what the moved piece attacks anew (a rook or cannon: off the line
 *     it moved along), and what a horse, elephant, rook or cannon of the
 *     mover attacks that it did not before the move (a discovered attack):
 *     a rook when a horse or cannon attacks it, a rook, cannon or horse
 *     when an elephant or advisor does, and any piece the attacker's side
 *     could take without it being retaken (no defender but pinned ones,
 *     or only a king that would then face the other king); never a king
 *     or a soldier before the river, nor a piece of the attacker's kind
 *     that attacks it back (unless pinned);
 *   - a piece only a newly pinned piece defended, where an unpinned piece
 *     of the mover attacks it;
 *   - what a newly unmasked piece of the mover (one whose move would give
 *     check) attacks, but for what the king retakes safely.
 */
#include <stdlib.h>

#include "replay/variant_fairy.h"

/* ------------------------------------------------------------ squares */

static int bit_of(int sq) { return rp_fsquares_bit(sq); }

static int sq_of(int bit) { return rp_fsq(bit % RP_FMAX_FILES, bit / RP_FMAX_FILES); }

static int has(const rp_fsquares *s, int sq)
{
    int b = bit_of(sq);
    return (int)(s->w[b >> 6] >> (b & 63) & 1);
}

static void put(rp_fsquares *s, int sq)
{
    int b = bit_of(sq);
    s->w[b >> 6] |= (uint64_t)1 << (b & 63);
}

static int any(const rp_fsquares *s) { return (s->w[0] | s->w[1]) != 0; }

/* The squares in turn: for (int sq = first(&s); sq; sq = next(&s, sq)). */
static int next(const rp_fsquares *s, int after)
{
    for (int b = after ? bit_of(after) + 1 : 0; b < 128; b++)
        if (s->w[b >> 6] >> (b & 63) & 1)
            return sq_of(b);
    return 0;
}
#define EACH(sq, set) for (int sq = next(&(set), 0); sq; sq = next(&(set), sq))

/* The board's squares that hold a piece of colour c (-1: any). */
static rp_fsquares pieces(const struct rp_fpos *p, int c)
{
    rp_fsquares s = {{0, 0}};
    for (int r = 0; r < p->def->ranks; r++)
        for (int f = 0; f < p->def->files; f++) {
            rp_fpiece pc = p->b[rp_fsq(f, r)];
            if (rp_fp_real(pc) && (c < 0 || rp_fp_colour(pc) == c))
                put(&s, rp_fsq(f, r));
        }
    return s;
}

/* ------------------------------------------------------------ attacks */

/* Would a `type` piece of colour c on `from` take on `to`, with the
 * occupancy of q?  region: as the reference's attacks_from and
 * attackers_to (only onto the type's mobility region; a soldier sideways
 * only past the river); else as its attacks_bb (a soldier's fsW whole). */
static int attacks(const struct rp_fpos *q, int type, int c, int from, int to, int region)
{
    const struct rp_fdef *d = q->def;
    if (from == to || (region && !(d->allowed[c][to] >> type & 1)))
        return 0;
    if (type == d->pawn) {
        int back = to - (c ? -RP_FMB_COLS : RP_FMB_COLS);
        return from == back - 1 || from == back + 1;
    }
    const struct rp_ftype *ty = &d->types[type];
    for (int i = 0; i < ty->natoms; i++) {
        struct rp_fatom a = ty->atoms[i];
        if (!(a.mode & RP_FA_CAPTURE))
            continue;
        if (!region && a.cond == RP_FAC_PROMOTED_SOLDIER)
            a.cond = RP_FAC_ALWAYS;
        if (rp_fattack_from(q, type, c, from, &a, to))
            return 1;
    }
    return 0;
}

/* What the piece on `from` attacks among `among`, with q's occupancy. */
static rp_fsquares attacked(const struct rp_fpos *q, int type, int c, int from, const rp_fsquares *among,
                            int region)
{
    rp_fsquares s = {{0, 0}};
    EACH(to, *among)
    if (attacks(q, type, c, from, to, region))
        put(&s, to);
    return s;
}

/* The pieces of colour c that attack sq (the reference's attackers_to). */
static rp_fsquares attackers(const struct rp_fpos *q, int sq, int c)
{
    rp_fsquares s = {{0, 0}}, mine = pieces(q, c);
    EACH(from, mine)
    if (attacks(q, rp_fp_type(q->b[from]), c, from, sq, 1))
        put(&s, from);
    return s;
}

/* The pieces of either colour between colour c's king and an enemy piece
 * that would attack it were that one piece gone (a cannon's two: either);
 * the reference's blockers_for_king. */
static rp_fsquares blockers(const struct rp_fpos *p, int c)
{
    rp_fsquares s = {{0, 0}};
    int k = p->king[c];
    if (k == RP_FNOSQ)
        return s;
    struct rp_fpos q = *p;
    rp_fsquares all = pieces(p, -1), enemies = pieces(p, !c), quiet = {{0, 0}};
    EACH(e, enemies)
    if (!attacks(p, rp_fp_type(p->b[e]), !c, e, k, 0))
        put(&quiet, e);
    EACH(x, all)
    {
        if (x == k)
            continue;
        q.b[x] = 0;
        EACH(e, quiet)
        if (e != x && attacks(&q, rp_fp_type(p->b[e]), !c, e, k, 0)) {
            put(&s, x);
            break;
        }
        q.b[x] = p->b[x];
    }
    return s;
}

/* ------------------------------------------------------------ chases */

struct chase {
    const struct rp_fpos *p;
    int us;                      /* the side to move, whose pieces are chased */
    rp_fsquares pins;            /* pieces that may not leave their squares */
    rp_fsquares b;               /* the chased pieces found so far */
};

static int type_on(const struct rp_fpos *p, int sq) { return rp_fp_type(p->b[sq]); }

/* A soldier that has not crossed the river. */
static int raw_soldier(const struct rp_fpos *p, int sq)
{
    int c = rp_fp_colour(p->b[sq]), r = rp_frank(sq);
    int rel = c ? p->def->ranks - 1 - r : r;
    return type_on(p, sq) == RP_FTYPE_SOLDIER && rel + 1 < p->def->soldier_promotion_rank;
}

/* May the piece on s be taken by the mover for nothing: no defender but
 * pinned ones, or only the king, which would then face the other king? */
static int unrooted(struct chase *ch, int attacker, int s)
{
    const struct rp_fpos *p = ch->p;
    struct rp_fpos q = *p;
    q.b[attacker] = 0;
    rp_fsquares roots = attackers(&q, s, ch->us);
    for (int w = 0; w < 2; w++)
        roots.w[w] &= ~ch->pins.w[w];
    if (!any(&roots))
        return 1;
    int k = p->king[ch->us];
    rp_fsquares king_only = {{0, 0}};
    if (k != RP_FNOSQ)
        put(&king_only, k);
    return p->def->flying_general && roots.w[0] == king_only.w[0] && roots.w[1] == king_only.w[1] &&
           rp_fkings_face(p, p->king[!ch->us], s, attacker);
}

/* The reference's addChased: the pieces of the side to move that the
 * piece on `from` (of `type`) attacks, among `att`, that count as chased. */
static void add_chased(struct chase *ch, int from, int type, rp_fsquares att)
{
    const struct rp_fpos *p = ch->p;
    for (int w = 0; w < 2; w++)
        att.w[w] &= ~ch->b.w[w];
    if (!any(&att))
        return;
    rp_fsquares keep = {{0, 0}};
    EACH(s, att)
    {
        int t = type_on(p, s);
        if (s == p->king[ch->us] || raw_soldier(p, s))
            continue;
        if (((type == RP_FTYPE_HORSE || type == RP_FTYPE_CANNON) && t == RP_FTYPE_ROOK) ||
            ((type == RP_FTYPE_ELEPHANT || type == RP_FTYPE_FERS) &&
             (t == RP_FTYPE_ROOK || t == RP_FTYPE_CANNON || t == RP_FTYPE_HORSE)))
            put(&ch->b, s);
        put(&keep, s);
    }
    /* Not a mutual attack: a horse whose leg is free both ways is
     * attacked back by a horse it attacks (an impaired horse only by one
     * that reaches it); another piece's own kind attacks back unless
     * pinned. */
    int impaired = 0;
    for (int dx = -1; dx <= 1; dx += 2)
        for (int dy = -1; dy <= 1; dy += 2)
            impaired |= rp_fp_real(p->b[from + dx + dy * RP_FMB_COLS]);
    EACH(s, keep)
    {
        if (type_on(p, s) == type) {
            if (type == RP_FTYPE_HORSE && impaired) {
                if (attacks(p, type, ch->us, s, from, 0))
                    continue;
            } else if (!has(&ch->pins, s))
                continue;
        }
        if (unrooted(ch, from, s))
            put(&ch->b, s);
    }
}

/* The moved piece's new attacks (a rook's or cannon's off its line). */
static void direct(struct chase *ch, const rp_fmove *m, const rp_fsquares *ours)
{
    const struct rp_fpos *p = ch->p;
    int t = type_on(p, m->to);
    if (t == p->def->king || t == RP_FTYPE_SOLDIER)
        return;
    rp_fsquares att = attacked(p, t, !ch->us, m->to, ours, 1), off = {{0, 0}};
    EACH(s, att)
    {
        int along = m->from != RP_FNOSQ && (t == RP_FTYPE_ROOK || t == RP_FTYPE_CANNON) &&
                    (rp_ffile(m->from) == rp_ffile(m->to) ? rp_ffile(s) == rp_ffile(m->to)
                                                          : rp_frank(s) == rp_frank(m->to));
        if (!along)
            put(&off, s);
    }
    add_chased(ch, m->to, t, off);
}

/* May the mover's piece on s attack anew for what the move vacated (a
 * horse's leg, an elephant's eye, a rook's or cannon's line) or, for a
 * cannon, the screen it put down? */
static int discovers(const struct rp_fpos *p, int s, const rp_fmove *m)
{
    int t = type_on(p, s), df, dr;
    if (t == RP_FTYPE_CANNON && (rp_ffile(s) == rp_ffile(m->to) || rp_frank(s) == rp_frank(m->to)) && s != m->to)
        return 1;
    if (m->from == RP_FNOSQ)
        return 0;
    df = abs(rp_ffile(s) - rp_ffile(m->from));
    dr = abs(rp_frank(s) - rp_frank(m->from));
    if (t == RP_FTYPE_HORSE)
        return df + dr == 1;
    if (t == RP_FTYPE_ELEPHANT)
        return df == 1 && dr == 1;
    return (t == RP_FTYPE_ROOK || t == RP_FTYPE_CANNON) && (df == 0) != (dr == 0);
}

/* Attacks of the mover's pieces that the move opened. */
static void discovered(struct chase *ch, const rp_fmove *m, const rp_fsquares *ours)
{
    const struct rp_fpos *p = ch->p;
    struct rp_fpos before = *p;
    if (!p->last_capture)
        before.b[m->to] = 0;
    if (m->from != RP_FNOSQ)
        before.b[m->from] = p->b[m->to];
    rp_fsquares theirs = pieces(p, !ch->us);
    EACH(s, theirs)
    {
        if (!discovers(p, s, m))
            continue;
        int t = type_on(p, s);
        rp_fsquares now = attacked(p, t, !ch->us, s, ours, 0), then = attacked(&before, t, !ch->us, s, ours, 0);
        for (int w = 0; w < 2; w++)
            now.w[w] &= ~then.w[w];
        add_chased(ch, s, t, now);
    }
}

/* Defenders newly pinned, and newly unmasked pieces of the mover. */
static void unmasked(struct chase *ch, const rp_fsquares *prev, const rp_fsquares now[2], const rp_fsquares *ours)
{
    const struct rp_fpos *p = ch->p;
    int us = ch->us, k = p->king[us];
    const rp_fsquares *their_blockers = &now[!us];
    EACH(s, now[us])
    {
        if (has(prev, s))
            continue;
        int t = type_on(p, s);
        if (rp_fp_colour(p->b[s]) == us) {
            rp_fsquares defended = attacked(p, t, us, s, ours, 0);
            EACH(s2, defended)
            {
                if (s2 == k || raw_soldier(p, s2))
                    continue;
                rp_fsquares by = attackers(p, s2, !us);
                for (int w = 0; w < 2; w++)
                    by.w[w] &= ~their_blockers->w[w];
                if (any(&by))
                    put(&ch->b, s2);
            }
            continue;
        }
        rp_fsquares hit = attacked(p, t, !us, s, ours, 1);
        struct rp_fpos q = *p;
        q.b[s] = 0;
        if (k != RP_FNOSQ)
            q.b[k] = 0;
        EACH(s2, hit)
        {
            /* Chased unless the king may take it back safely. */
            rp_fsquares by = {{0, 0}};
            if (k != RP_FNOSQ && attacks(p, type_on(p, k), us, k, s2, 1))
                by = attackers(&q, s2, !us);
            if (k == RP_FNOSQ || !attacks(p, type_on(p, k), us, k, s2, 1) || any(&by))
                put(&ch->b, s2);
        }
    }
}

void rp_fchase_record(struct rp_fgame *g, int i, const rp_fmove *m)
{
    const struct rp_fpos *p = &g->pos;
    rp_fsquares prev = g->blockers[p->side];
    g->blockers[0] = blockers(p, 0);
    g->blockers[1] = blockers(p, 1);
    struct chase ch = {p, p->side, g->blockers[p->side], {{0, 0}}};
    if (!m || m->kind == RP_FM_PASS || !rp_fp_real(p->b[m->to])) {
        g->hist_chased[i] = ch.b;
        return;
    }
    int them = p->king[!ch.us];
    if (p->def->flying_general && them != RP_FNOSQ && p->king[ch.us] != RP_FNOSQ &&
        rp_ffile(p->king[ch.us]) == rp_ffile(them)) {
        rp_fsquares file = {{0, 0}};
        int n = 0;
        for (int r = 0; r < p->def->ranks; r++) {
            int sq = rp_fsq(rp_ffile(them), r);
            if (rp_fp_real(p->b[sq]) && rp_fp_colour(p->b[sq]) == ch.us && sq != p->king[ch.us])
                put(&file, sq), n++;
        }
        if (n <= 1)
            for (int w = 0; w < 2; w++)
                ch.pins.w[w] |= file.w[w];
    }
    rp_fsquares ours = pieces(p, ch.us);
    direct(&ch, m, &ours);
    discovered(&ch, m, &ours);
    unmasked(&ch, &prev, g->blockers, &ours);
    g->hist_chased[i] = ch.b;
}

/* ------------------------------------------------------------ cycles */

static int ring(const struct rp_fgame *g, int offset) { return (g->nhist - 1 - offset) & (RP_FHISTORY - 1); }

/* b, with the piece the move to the position `offset` plies back moved
 * put back where it came from (the reference's undo_move_board), and
 * kept only where the position `keep` plies back had a piece chased. */
static rp_fsquares back(const struct rp_fgame *g, rp_fsquares b, int offset, int keep)
{
    int from = g->hist_from[ring(g, offset)], to = g->hist_to[ring(g, offset)];
    if (from != RP_FCHASE_NOSQ && to != RP_FCHASE_NOSQ && (b.w[to >> 6] >> (to & 63) & 1)) {
        b.w[to >> 6] &= ~((uint64_t)1 << (to & 63));
        b.w[from >> 6] |= (uint64_t)1 << (from & 63);
    }
    const rp_fsquares *c = &g->hist_chased[ring(g, keep)];
    b.w[0] &= c->w[0];
    b.w[1] &= c->w[1];
    return b;
}

int rp_fchase_verdict(const struct rp_fgame *g, int first)
{
    int cycle = g->nhist - 1 - first;
    if (cycle < 4)
        return 0;
    /* The side to move's pieces chased in every position of the cycle
     * with it to move (none chased in the game's first: not counted),
     * and the other side's in the others. */
    rp_fsquares them = back(g, g->hist_chased[ring(g, 0)], 1, 2);
    rp_fsquares us = back(g, g->hist_chased[ring(g, 1)], 2, 3);
    for (int i = 4; i <= cycle; i += 2) {
        if (i != g->played)
            them = back(g, them, i - 1, i);
        if (i < cycle)
            us = back(g, us, i, i + 1);
    }
    int t = any(&them), u = any(&us);
    return t && u ? 2 : t ? 1 : u ? -1 : 0;
}

static int check_back(const struct rp_fgame *g, int offset)
{
    int i = ring(g, offset);
    return g->hist_check[i >> 3] >> (i & 7) & 1;
}

int rp_fchase_move_rule_extra(const struct rp_fgame *g)
{
    if (g->played < 20)
        return 0;
    int end = g->pos.rule50 < g->played ? g->pos.rule50 : g->played;
    if (end > g->nhist - 1)
        end = g->nhist - 1;
    if (end > RP_FHISTORY - 1)
        end = RP_FHISTORY - 1;
    int them = check_back(g, 0), us = check_back(g, 1);
    for (int i = 2; i < end; i += 2) {
        them += check_back(g, i);
        us += check_back(g, i + 1);
    }
    int most = them > us ? them : us;
    return most > 10 ? 2 * (most - 10) : 0;
}
