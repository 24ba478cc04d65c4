/*
 * fairy_legal: which pseudo-legal moves of a defined variant are legal,
 * as the reference build decides them (src/position.cpp: legal), and the
 * repetition key, which needs the legality test for its en passant part.
 * The ends a position shows are fairy_end.c's.
 *
 * A move is tried on a copy of the position: the mover's king must not be
 * attacked afterwards, castling must not start in check nor cross an
 * attacked square, and the variant's own rules apply: no check where
 * checks are forbidden, the flying general and bikjang, Makpong, pieces
 * that could never move again, compulsory captures and drops.
 */
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_pos.h"

static int is_capture(const struct rp_fpos *p, rp_fmove m)
{
    if (m.kind == RP_FM_EP)
        return 1;
    if (m.kind == RP_FM_CASTLE || m.kind == RP_FM_DROP || m.kind == RP_FM_PASS)
        return 0;
    return rp_fp_real(p->b[m.to]) && rp_fp_colour(p->b[m.to]) != p->side;
}

int rp_fmove_is_capture(const struct rp_fpos *p, rp_fmove m)
{
    return is_capture(p, m);
}

/* Does a `type` piece on sq have a move on an empty board?  (The
 * reference build's immobilityIllegal reads the type's quiet moves, a
 * hopper's as those of the rider it is, initial moves left out.) */
static int mobile(const struct rp_fdef *d, int type, int colour, int sq)
{
    if (type == d->pawn)
        return rp_fset_has(&d->board, sq + (colour ? -RP_FMB_COLS : RP_FMB_COLS));
    const struct rp_ftype *ty = &d->types[type];
    for (int k = 0; k < ty->natoms; k++) {
        const struct rp_fatom *a = &ty->atoms[k];
        if (!(a->mode & RP_FA_MOVE) || a->cond == RP_FAC_DIAGONAL_LINES || a->cond == RP_FAC_INITIAL)
            continue;
        int to = sq + (a->dx + a->dy * RP_FMB_COLS) * (colour ? -1 : 1);
        if (rp_fset_has(&d->board, to))
            return 1;
    }
    return 0;
}

static int any_legal(const struct rp_fpos *p, int captures, int drops);
static uint64_t perft_walls(const struct rp_fpos *p, const struct rp_fmovelist *l, int depth);

/* ------------------------------------------------- pseudo-royal pieces */

#define MAX_SQUARES (RP_FMAX_FILES * RP_FMAX_RANKS)

/* extinctionPseudoRoyal: colour c's pieces guarded like a king, as the
 * reference build's set_check_info finds them: every piece of an
 * extinction type of which c has at most extinctionPieceCount + 1 on
 * the board.  Their squares into sq; returns how many. */
static int royal_squares(const struct rp_fpos *p, int c, int *sq)
{
    const struct rp_fdef *d = p->def;
    uint64_t types = 0;
    for (int i = 0; i < d->ntypes; i++) {
        int t = d->present[i];
        if ((d->extinction_types >> t & 1) && p->count[c][t] <= d->extinction_piece_count + 1)
            types |= (uint64_t)1 << t;
    }
    int n = 0;
    for (int r = 0; r < d->ranks && types; r++)
        for (int f = 0; f < d->files; f++) {
            rp_fpiece pc = p->b[rp_fsq(f, r)];
            if (rp_fp_real(pc) && rp_fp_colour(pc) == c && (types >> rp_fp_type(pc) & 1))
                sq[n++] = rp_fsq(f, r);
        }
    return n;
}

/* Is the guarded piece on sq attacked by `them` in q?  With blasts, one
 * next to a guarded piece of theirs is not: taking it would blow up
 * their own. */
static int royal_attacked(const struct rp_fpos *q, int sq, int them, const int *theirs, int ntheirs)
{
    if (q->def->blast_on_capture)
        for (int i = 0; i < ntheirs; i++)
            if (theirs[i] != sq && abs(rp_ffile(theirs[i]) - rp_ffile(sq)) <= 1 &&
                abs(rp_frank(theirs[i]) - rp_frank(sq)) <= 1)
                return 0;
    return rp_fattacked(q, sq, them);
}

/* dupleCheck: colour c's pieces of its extinction types, however many
 * (the reference's pseudoRoyalCandidates); their squares into sq. */
static int candidate_squares(const struct rp_fpos *p, int c, int *sq)
{
    const struct rp_fdef *d = p->def;
    int n = 0;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            rp_fpiece pc = p->b[rp_fsq(f, r)];
            if (rp_fp_real(pc) && rp_fp_colour(pc) == c && (d->extinction_types >> rp_fp_type(pc) & 1))
                sq[n++] = rp_fsq(f, r);
        }
    return n;
}

/* dupleCheck: are all of colour c's candidates in q attacked (and there
 * is one)?  The first of them into *first. */
static int duple_checked(const struct rp_fpos *q, int c, const int *theirs, int nt, int *first)
{
    int cand[MAX_SQUARES];
    int n = candidate_squares(q, c, cand);
    for (int i = 0; i < n; i++)
        if (!royal_attacked(q, cand[i], !c, theirs, nt))
            return 0;
    *first = n ? cand[0] : RP_FNOSQ;
    return n > 0;
}

int rp_froyal_checked(const struct rp_fpos *p)
{
    int mine[MAX_SQUARES], theirs[MAX_SQUARES], first;
    int nm = royal_squares(p, p->side, mine), nt = royal_squares(p, !p->side, theirs);
    for (int i = 0; i < nm; i++)
        if (royal_attacked(p, mine[i], !p->side, theirs, nt))
            return mine[i];
    if (p->def->duple_check && duple_checked(p, p->side, theirs, nt, &first))
        return first;
    return RP_FNOSQ;
}

/* The reference build's legality test of pseudo-royal pieces (legal(),
 * "Check for attacks to pseudo-royal pieces"): p before the move, q
 * after it.  The mover's guarded pieces are those of p, the moved one
 * at its destination, a pawn promoted to an extinction type added (or
 * that type's all dropped when it has more than extinctionPieceCount
 * already).  None may be blown up; unless the move removes one of the
 * opponent's, none may be attacked afterwards; a guarded piece castles
 * neither out of nor through an attacked square. */
static enum rp_fillegal royal_legal(const struct rp_fpos *p, const struct rp_fpos *q, rp_fmove m)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, them = !us;
    int mine[MAX_SQUARES + 1], theirs[MAX_SQUARES];
    int nm = royal_squares(p, us, mine), nt = royal_squares(p, them, theirs);
    for (int i = 0; i < nm && m.kind != RP_FM_DROP && m.kind != RP_FM_PASS; i++) {
        if (mine[i] != m.from)
            continue;
        if (m.kind == RP_FM_CASTLE) {
            struct rp_fpos r = *p;
            rp_fpos_take(&r, m.from);
            int step = m.to > m.from ? 1 : -1;
            for (int s = m.from; s != m.to; s += step)
                if (royal_attacked(&r, s, them, theirs, nt))
                    return s == m.from ? RP_FL_CASTLE_OUT : RP_FL_CASTLE_THROUGH;
        }
        mine[i] = m.to;
    }
    if (m.kind == RP_FM_PROMOTE && (d->extinction_types >> m.type & 1)) {
        if (p->count[us][m.type] > d->extinction_piece_count) {
            int k = 0;
            for (int i = 0; i < nm; i++)
                if (p->b[mine[i]] != rp_fp_make(m.type, us))
                    mine[k++] = mine[i];
            nm = k;
        } else {
            mine[nm++] = m.to;
        }
    }
    for (int i = 0; i < nm; i++)
        if (!rp_fp_real(q->b[mine[i]]))
            return RP_FL_ROYAL_BLASTED;
    int first;
    if (d->duple_check && duple_checked(q, us, theirs, nt, &first))
        return RP_FL_ROYAL_ATTACKED; /* every candidate attacked: the reference's duple check */
    for (int i = 0; i < nt; i++)
        if (!rp_fp_real(q->b[theirs[i]]))
            return RP_FL_OK;
    for (int i = 0; i < nm; i++)
        if (royal_attacked(q, mine[i], them, theirs, nt))
            return RP_FL_ROYAL_ATTACKED;
    return RP_FL_OK;
}

/* dropOppositeColoredBishop, as the reference build's legal(): the
 * side's bishops (on the board and in hand) must end on squares of both
 * colours, half on each.  A bishop may not be dropped where more than
 * half of them would stand on its colour; another piece may not take a
 * square that leaves too few free for the bishops still in hand. */
static int bishops_apart(const struct rp_fpos *p, rp_fmove m)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, bishop = RP_FTYPE_BISHOP;
    if (!d->types[bishop].letter)
        return 1;
    int all = p->count[us][bishop] + p->hand[us][bishop], dark_to = (rp_ffile(m.to) + rp_frank(m.to)) % 2 == 0;
    int on[2] = {0, 0}; /* light, dark: own bishops, and with them the free squares a bishop may take */
    int own[2] = {0, 0};
    rp_fpiece mine = rp_fp_make(bishop, us);
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r), dark = (f + r) % 2 == 0;
            if (p->b[sq] == mine) {
                own[dark]++;
                on[dark]++;
            } else if (m.hand_type != bishop && sq != m.to && rp_fdrop_allowed(p, bishop, sq)) {
                on[dark]++;
            }
        }
    if (m.hand_type == bishop)
        return own[dark_to] + 1 <= (all + 1) / 2;
    return on[1] >= all / 2 && on[0] >= all / 2;
}

/* The king's safety after a move that lifts a piece (the king's own, or
 * any move out of check) and sets it down, judged on the board alone:
 * the attack test on a copy with only the two squares changed, instead
 * of playing the move.  The king checked is the one playing the move
 * leaves tracked (fairy_position.c): the moved piece when it is (or
 * becomes) of the king's type. */
static int board_king_safe(const struct rp_fpos *p, rp_fmove m)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    int type = m.kind == RP_FM_NORMAL ? rp_fp_type(p->b[m.from]) : m.type;
    int k = type == d->king ? m.to : m.from == p->king[us] ? RP_FNOSQ : p->king[us];
    if (k == RP_FNOSQ)
        return 1;
    /* The king's own step: the board after it differs for an attack on
     * its destination only by the line through the square it leaves (a
     * piece taken there attacks nothing of its own square), so the board
     * as it is, and that one line, judge it without a copy. */
    if (k == m.to && p->b[m.from] == rp_fp_make(type, us))
        return !rp_fattacked(p, k, !us) && !rp_fline_attack(p, k, m.from, m.from, -1, !us);
    struct rp_fpos q = *p;
    q.b[m.from] = 0;
    q.b[m.to] = rp_fp_make(type, us);
    return !rp_fattacked(&q, k, !us);
}

/* The king's safety after m without playing it, where that is simple:
 * nothing attacks but plain leaps and lines, and no rule but the king's
 * safety looks at the position after the move.  A piece other than the
 * king, the king not in check: only the line through its square can
 * open; else the board after the move (board_king_safe), but for a
 * blast, which takes more than the two squares.  -1: not simple, play
 * it. */
static int quick_king_safe(const struct rp_fpos *p, rp_fmove m)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, k = p->king[us];
    if (!d->simple_attacks || k == RP_FNOSQ || d->flying_general || p->bikjang ||
        d->extinction_pseudo_royal ||
        !d->checking || (!d->drop_checks && m.kind == RP_FM_DROP))
        return -1;
    if (m.kind == RP_FM_DROP)
        return p->in_check ? -1 : 1; /* a drop adds a piece: it opens nothing */
    if (m.kind != RP_FM_NORMAL && m.kind != RP_FM_PROMOTE && m.kind != RP_FM_PIECE_PROMOTE &&
        m.kind != RP_FM_PIECE_DEMOTE)
        return -1;
    if (m.kind == RP_FM_PROMOTE && d->sittuyin_promotion)
        return -1; /* the promotion may give no check: played below */
    if (m.gate)
        return -1;
    if (!p->in_check && m.from != k)
        return !rp_fline_attack(p, k, m.from, m.from, m.to, !us);
    if (d->blast_on_capture)
        return -1;
    return board_king_safe(p, m);
}

/* A royal king's castling: not out of check, not through an attacked
 * square, and (the reference's legal()) not where the kings would face
 * each other, the king's own square read as left. */
static enum rp_fillegal castle_legal(const struct rp_fpos *p, rp_fmove m)
{
    int them = !p->side, kfrom = m.from, kto = m.to, step = kto > kfrom ? -1 : 1;
    if (p->in_check)
        return RP_FL_CASTLE_OUT;
    for (int s = kto; s != kfrom; s += step) {
        if (s != kto && rp_fattacked(p, s, them))
            return RP_FL_CASTLE_THROUGH;
        if (p->def->flying_general && rp_fkings_face(p, s, p->king[them], kfrom))
            return RP_FL_FLYING_GENERAL;
    }
    return RP_FL_OK;
}

static enum rp_fillegal legal(const struct rp_fpos *p, rp_fmove m, int plain)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, them = !us;
    if (m.kind == RP_FM_PASS) {
        if (d->pass_on_stalemate && !p->in_check && any_legal(p, 0, 0))
            return RP_FL_PASS_NOT_STALEMATED;
        if (p->bikjang)
            return RP_FL_OK;
        return p->in_check ? RP_FL_KING_ATTACKED : RP_FL_OK;
    }
    /* wallingRule: the move places its wall where the rule lets it. */
    if (d->walling_rule) {
        if (m.gate != RP_FGATE_WALL)
            return RP_FL_WALL_MISSING;
        rp_fset walls;
        rp_fwall_squares(p, m, &walls);
        if (!rp_fset_has(&walls, m.gate_sq))
            return RP_FL_WALL_SQUARE;
    }
    /* Only a royal piece is stopped by attacked squares (11.1). */
    if (m.kind == RP_FM_CASTLE && p->king[us] == m.from) {
        enum rp_fillegal why = castle_legal(p, m);
        if (why != RP_FL_OK)
            return why;
    }
    /* Seirawan: "one cannot use the placing of an elephant or hawk to
     * block check" (the game's rules; 11.1 judges so too): the king's
     * safety is that of the move without its gating.  Nor does a wall
     * block one in the reference build (ffish 0.7.10: a rook's move
     * whose arrow would cover its king is no legal move). */
    rp_fmove bare = m;
    bare.gate = 0;
    bare.gate_sq = 0;
    int quick = plain ? -1 : quick_king_safe(p, bare);
    if (quick == 0)
        return RP_FL_KING_ATTACKED;
    if (quick < 0) {
        struct rp_fpos q = *p;
        rp_fmake(&q, bare);
        if (q.king[us] != RP_FNOSQ && rp_fattacked(&q, q.king[us], them))
            return RP_FL_KING_ATTACKED;
        if (m.gate && m.gate != RP_FGATE_WALL) {
            q = *p;
            rp_fmake(&q, m);
        }
        if (((d->flying_general && p->king[us] != RP_FNOSQ) || p->bikjang) &&
            rp_fkings_face(&q, q.king[0], q.king[1], -1))
            return RP_FL_FLYING_GENERAL;
        if ((!d->checking || (!d->drop_checks && m.kind == RP_FM_DROP) ||
             (m.kind == RP_FM_PROMOTE && d->sittuyin_promotion)) && q.in_check)
            return RP_FL_CHECK_FORBIDDEN;
        if (d->extinction_pseudo_royal) {
            enum rp_fillegal why = royal_legal(p, &q, m);
            if (why != RP_FL_OK)
                return why;
        }
    }
    if (d->mutually_immune_types && is_capture(p, m) && m.kind != RP_FM_EP &&
        rp_fp_type(p->b[m.to]) == rp_fp_type(p->b[m.from]) && (d->mutually_immune_types >> rp_fp_type(p->b[m.to]) & 1))
        return RP_FL_MUTUALLY_IMMUNE;
    if (d->makpong && p->in_check && rp_fp_real(p->b[m.from]) && rp_fp_type(p->b[m.from]) == d->king &&
        m.kind != RP_FM_DROP) {
        /* Only the king's capture of its one checker. */
        int checker = rp_fattacker(p, p->king[us], them);
        struct rp_fpos r = *p;
        r.b[checker] = 0;
        if (checker != m.to || rp_fattacked(&r, p->king[us], them))
            return RP_FL_MAKPONG;
    }
    if (d->landing_rules && (m.kind == RP_FM_DROP || m.kind == RP_FM_NORMAL)) {
        if (m.kind == RP_FM_DROP && d->drop_opposite_coloured_bishop && !bishops_apart(p, m))
            return RP_FL_BISHOP_COLOURS;
        int type = m.kind == RP_FM_DROP ? m.type : rp_fp_type(p->b[m.from]);
        if (d->immobility_illegal && !mobile(d, type, us, m.to))
            return RP_FL_IMMOBILE;
    }
    if (d->must_capture && !is_capture(p, m) && any_legal(p, 1, 0))
        return RP_FL_MUST_CAPTURE;
    if (d->must_drop && m.kind != RP_FM_DROP) {
        int in_hand = 0;
        for (int i = 0; i < d->ntypes; i++) {
            int t = d->present[i];
            if (d->must_drop_type < 0 || d->must_drop_type == t)
                in_hand += p->hand[us][t];
        }
        if (in_hand && any_legal(p, 0, 1))
            return RP_FL_MUST_DROP;
    }
    return RP_FL_OK;
}

enum rp_fillegal rp_flegal(const struct rp_fpos *p, rp_fmove m)
{
    return legal(p, m, 0);
}

enum rp_fillegal rp_flegal_plain(const struct rp_fpos *p, rp_fmove m)
{
    return legal(p, m, 1);
}

/* Is m (without its wall, where the variant places walls) legal? */
static int playable(const struct rp_fpos *p, rp_fmove m)
{
    if (p->def->walling_rule && m.kind != RP_FM_PASS) {
        rp_fset walls;
        return rp_fwalls_legal(p, m, &walls) > 0;
    }
    return rp_flegal(p, m) == RP_FL_OK;
}

/* Is there a legal capture (captures), drop (drops), or with neither any
 * legal move but a pass? */
static int any_legal(const struct rp_fpos *p, int captures, int drops)
{
    struct rp_fmovelist l;
    rp_fgen_pseudo(p, &l);
    for (int i = 0; i < l.n; i++) {
        if (l.m[i].kind == RP_FM_PASS || (captures && !is_capture(p, l.m[i])))
            continue;
        if (drops && l.m[i].kind != RP_FM_DROP)
            continue;
        if (playable(p, l.m[i]))
            return 1;
    }
    return 0;
}

void rp_fgen_legal(const struct rp_fpos *p, struct rp_fmovelist *out)
{
    struct rp_ending e;
    out->n = 0;
    if (rp_fimmediate_end(p, &e))
        return;
    struct rp_fmovelist l;
    rp_fgen_pseudo(p, &l);
    for (int i = 0; i < l.n; i++)
        if (playable(p, l.m[i]))
            out->m[out->n++] = l.m[i];
}

int rp_fhas_legal(const struct rp_fpos *p)
{
    struct rp_ending e;
    if (rp_fimmediate_end(p, &e))
        return 0;
    struct rp_fmovelist l;
    rp_fgen_pseudo(p, &l);
    for (int i = 0; i < l.n; i++)
        if (playable(p, l.m[i]))
            return 1;
    return 0;
}

uint64_t rp_fperft(const struct rp_fpos *p, int depth)
{
    struct rp_fmovelist l;
    rp_fgen_legal(p, &l);
    if (p->def->walling_rule && depth >= 1)
        return perft_walls(p, &l, depth);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)l.n : 1;
    uint64_t n = 0;
    for (int i = 0; i < l.n; i++) {
        struct rp_fpos q = *p;
        rp_fmake(&q, l.m[i]);
        n += rp_fperft(&q, depth - 1);
    }
    return n;
}

/* rp_fperft where each move places a wall: each wall a move of its own. */
static uint64_t perft_walls(const struct rp_fpos *p, const struct rp_fmovelist *l, int depth)
{
    uint64_t n = 0;
    for (int i = 0; i < l->n; i++) {
        rp_fset walls;
        int count = l->m[i].kind == RP_FM_PASS ? 1 : rp_fwalls_legal(p, l->m[i], &walls);
        if (depth == 1) {
            n += (uint64_t)count;
            continue;
        }
        if (l->m[i].kind == RP_FM_PASS) {
            struct rp_fpos q = *p;
            rp_fmake(&q, l->m[i]);
            n += rp_fperft(&q, depth - 1);
            continue;
        }
        for (int w = 0; w < RP_FSET_WORDS; w++)
            for (uint64_t b = walls.w[w]; b; b &= b - 1) {
                struct rp_fpos q = *p;
                rp_fmake(&q, rp_fwith_wall(l->m[i], w * 64 + __builtin_ctzll(b)));
                n += rp_fperft(&q, depth - 1);
            }
    }
    return n;
}

/* ---------------------------------------------------------------- key */

/* The repetition key: the pieces on their squares (key_board), the side
 * to move, castling rights, the hands, the check counts, and the en
 * passant square only when an en passant capture is legal (FIDE 9.2.2):
 * it needs the legality test, which is why it lives here. */

/* Is an en passant capture onto p->ep legal?  Only then does the en
 * passant square make the position differ (FIDE 9.2.2, docs/rules.md
 * "Orthodox Chess"). */
/* A pawn's legal en passant capture onto target. */
static int pawn_ep_legal(const struct rp_fpos *p, int target)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    rp_fpiece mine = rp_fp_make(d->pawn, us);
    int back = target - (us ? -RP_FMB_COLS : RP_FMB_COLS);
    for (int s = -1; s <= 1; s += 2) {
        if (d->pawn < 0 || p->b[back + s] != mine)
            continue;
        rp_fmove m;
        memset(&m, 0, sizeof m);
        m.from = (uint16_t)(back + s);
        m.to = (uint16_t)target;
        m.kind = RP_FM_EP;
        if (rp_flegal(p, m) == RP_FL_OK)
            return 1;
    }
    return 0;
}

static int ep_capture_legal(const struct rp_fpos *p)
{
    if (p->ep == RP_FNOSQ)
        return 0;
    const struct rp_fdef *d = p->def;
    int us = p->side;
    if (pawn_ep_legal(p, p->ep))
        return 1;
    /* Other pieces that take en passant (enPassantTypes): their moves. */
    if (!(d->pawn_like[us] & d->en_passant_types[us]))
        return 0;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            rp_fpiece pc = p->b[sq];
            if (!rp_fp_real(pc) || rp_fp_colour(pc) != us || !(d->en_passant_types[us] >> rp_fp_type(pc) & 1) ||
                rp_fp_type(pc) == d->pawn)
                continue;
            struct rp_fmovelist l;
            l.n = 0;
            rp_fgen_from_to(p, sq, p->ep, &l);
            for (int i = 0; i < l.n; i++)
                if (l.m[i].kind == RP_FM_EP && rp_flegal(p, l.m[i]) == RP_FL_OK)
                    return 1;
        }
    return 0;
}

uint64_t rp_fkey(const struct rp_fpos *p)
{
    const struct rp_fdef *d = p->def;
    uint64_t k = p->key_board ^ (p->side ? 0x5D7E1B3C2A4F6E8DULL : 0);
    if (d->piece_drops || d->captures_to_hand || d->seirawan_gating)
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < d->ntypes; i++) {
                int t = d->present[i];
                if (p->hand[c][t])
                    k ^= rp_fmix(0x100000ULL | (uint64_t)c << 12 | (uint64_t)t << 8 | p->hand[c][t]);
            }
    k ^= p->key_castle;
    if (d->check_counting)
        k ^= rp_fmix(0x400000ULL | (uint64_t)p->checks_left[0] << 8 | (uint64_t)p->checks_left[1]);
    if (ep_capture_legal(p))
        k ^= rp_fmix(0x500000ULL | (uint64_t)p->ep);
    if (p->ep2 != RP_FNOSQ && pawn_ep_legal(p, p->ep2))
        k ^= rp_fmix(0x600000ULL | (uint64_t)p->ep2);
    return k;
}
