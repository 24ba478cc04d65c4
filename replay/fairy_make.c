/*
 * fairy_make: playing a move on a defined variant's position, as
 * Fairy-Stockfish 11.1's do_move does (src/position.cpp): captures to the
 * hand (a promoted piece goes back as what it was), castling rights lost
 * by a move from or to a king's or rook's square, the en passant square
 * set when an enemy pawn stands beside the double-stepped pawn (or the
 * enemy has other pieces that capture en passant) and after a custom
 * piece's initial double step, the clock by nMoveRuleTypes, promotion,
 * gating, the check count, Makruk's counting.
 *
 * The repetition key is computed from scratch (rp_fkey): the pieces on
 * their squares, the side to move, castling rights, the hands, the check
 * counts, and the en passant square only when an en passant capture is
 * legal (FIDE 9.2.2, docs/rules.md "Orthodox Chess").
 */
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_pos.h"

static inline int push_of(int colour) { return colour ? -RP_FMB_COLS : RP_FMB_COLS; }

/* 11.1: a captured piece joins the captor's hand as what it was before
 * any promotion (a pawn when that is unknown), unless dropLoop. */
static void to_hand(struct rp_fpos *p, rp_fpiece pc, int unpromoted)
{
    const struct rp_fdef *d = p->def;
    int t = rp_fp_type(pc), captor = !rp_fp_colour(pc);
    if (unpromoted && !d->drop_loop)
        t = unpromoted == RP_FPROMOTED_NO_BASE ? (d->pawn >= 0 ? d->pawn : t) : unpromoted - 1;
    if (p->hand[captor][t] < 255)
        p->hand[captor][t]++;
}

/* Castling rights die with a move from or to their king's or rook's square. */
static void update_castling(struct rp_fpos *p, int sq)
{
    if (!p->castle_rights)
        return;
    int before = p->castle_rights;
    for (int idx = 0; idx < 4; idx++)
        if ((p->castle_rights >> idx & 1) &&
            (sq == p->castle_rook[idx] || sq == p->castle_king[idx]))
            p->castle_rights &= ~(1 << idx);
    if (p->castle_rights != before)
        p->key_castle = rp_fcastle_key(p);
}

static int count_hand(const struct rp_fpos *p, int colour)
{
    int n = 0;
    for (int i = 0; i < p->def->ntypes; i++)
        n += p->hand[colour][p->def->present[i]];
    return n;
}

static int count_all(const struct rp_fpos *p, int colour)
{
    int n = 0;
    for (int i = 0; i < p->def->ntypes; i++)
        n += p->count[colour][p->def->present[i]];
    return n;
}

static int count_type(const struct rp_fpos *p, int colour, int type)
{
    return type >= 0 ? p->count[colour][type] : 0;
}

/* The reference build's count_limit(us): the moves `us` counts to, 0
 * when it does not count.  Cambodian's counts are Makruk's less one
 * (63 for 64), and its board's honour counts with pawns on the board, for
 * a side with at most three pieces. */
static int counting_moves(const struct rp_fpos *p, int us)
{
    const struct rp_fdef *d = p->def;
    int them = !us;
    int rook = RP_FTYPE_ROOK, khon = RP_FTYPE_SILVER, knight = RP_FTYPE_KNIGHT;
    int pawns = count_type(p, 0, d->pawn) + count_type(p, 1, d->pawn);
    if (d->counting_rule == RP_FCOUNT_ASEAN) {
        if (pawns || count_all(p, us) > 1)
            return 0;
        if (count_type(p, them, rook))
            return 16;
        if (count_type(p, them, khon))
            return 44;
        if (count_type(p, them, knight))
            return 64;
        return 0;
    }
    int cambodian = d->counting_rule == RP_FCOUNT_CAMBODIAN;
    if ((cambodian ? count_all(p, us) > 3 : pawns) || count_all(p, them) == 1)
        return 0;
    if (count_all(p, us) > 1)
        return 64 - cambodian;
    if (pawns)
        return 0;
    int moves = 64;
    if (count_type(p, them, rook) > 1)
        moves = 8;
    else if (count_type(p, them, rook) == 1)
        moves = 16;
    else if (count_type(p, them, khon) > 1)
        moves = 22;
    else if (count_type(p, them, knight) > 1)
        moves = 32;
    else if (count_type(p, them, khon) == 1)
        moves = 44;
    return moves - cambodian;
}

/* The clocks and flags every ply moves on, before the move itself. */
static void begin_ply(struct rp_fpos *p, rp_fmove m)
{
    p->plies++;
    p->rule50++;
    if (p->counting_limit)
        p->counting_ply++;
    p->prev_pass = p->pass;
    p->prev_bikjang = p->bikjang;
    p->pass = m.kind == RP_FM_PASS;
    p->last_drop_pawn_check = 0;
    p->ep = p->ep2 = p->ep_victim = RP_FNOSQ;
}

/* The king and the rook to their squares; the side's rights and gates
 * go.  Returns the king's destination. */
static int make_castle(struct rp_fpos *p, rp_fmove m)
{
    int us = p->side, rfrom = p->castle_rook[m.castle], kfrom = m.from, kto, rto;
    rp_fcastle_squares(p, m.castle, &kto, &rto);
    rp_fpiece king = p->b[kfrom], rook = p->b[rfrom];
    rp_fpos_take(p, kfrom);
    rp_fpos_take(p, rfrom);
    rp_fpos_put(p, kto, rp_fp_type(king), us, 0);
    rp_fpos_put(p, rto, rp_fp_type(rook), us, 0);
    p->castle_rights &= ~(3 << (us * 2));
    p->key_castle = rp_fcastle_key(p);
    if (p->def->gating) {
        rp_fset_del(&p->gates[us], kfrom);
        rp_fset_del(&p->gates[us], rfrom);
    }
    return kto;
}

/* castlingDroppedPiece, as the reference build's do_move: a king
 * dropped on castlingKingFile of its castling rank may castle with each
 * rook in a corner of that rank; a rook dropped in such a corner, with
 * the king already there, may castle with it. */
static void dropped_castling(struct rp_fpos *p, int to, int type)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, rank = us ? d->ranks - d->castling_rank : d->castling_rank - 1;
    if (rp_frank(to) != rank)
        return;
    int ksq = rp_fsq(d->castling_king_file, rank), corner[2] = {rp_fsq(0, rank), rp_fsq(d->files - 1, rank)};
    int king = d->castling_king_type[us];
    uint64_t rooks = d->castling_rook_types[us];
    for (int i = 0; i < 2; i++) {
        int rook = corner[i];
        if (type == king && to == ksq) {
            if (!rp_fp_real(p->b[rook]) || rp_fp_colour(p->b[rook]) != us || !(rooks >> rp_fp_type(p->b[rook]) & 1))
                continue;
        } else if (!(rooks >> type & 1) || to != rook || p->b[ksq] != rp_fp_make(king, us)) {
            continue;
        }
        int idx = us * 2 + (rook < ksq);
        p->castle_rights |= 1 << idx;
        p->castle_rook[idx] = rook;
        p->castle_king[idx] = ksq;
        p->key_castle = rp_fcastle_key(p);
    }
}

static void make_drop(struct rp_fpos *p, rp_fmove m)
{
    int us = p->side;
    p->hand[us][m.hand_type]--;
    rp_fpos_put(p, m.to, m.type, us, m.type != m.hand_type ? m.hand_type + 1 : 0);
    p->rule50 = 0; /* any drop: the reference build's irreversible move */
    if (p->def->castling_dropped_piece)
        dropped_castling(p, m.to, m.type);
}

/* blastOnCapture: a capture on `at` removes the piece that took, and
 * every piece next to it but pawns, of both sides, except the
 * blastImmuneTypes (the reference build's do_move: its PAWN, the named
 * pawn type, is what stays).  Each goes to the hand as a captured piece
 * would, and takes the castling rights of its square. */
static void blast(struct rp_fpos *p, int at)
{
    const struct rp_fdef *d = p->def;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int sq = at + dx + dy * RP_FMB_COLS;
            rp_fpiece pc = p->b[sq];
            if (!rp_fp_real(pc))
                continue;
            int t = rp_fp_type(pc), unpromoted = p->unpromoted[sq];
            if ((sq != at && t == RP_FTYPE_PAWN) || (d->blast_immune_types >> t & 1))
                continue;
            update_castling(p, sq);
            rp_fpos_take(p, sq);
            if (d->captures_to_hand)
                to_hand(p, pc, unpromoted);
        }
}

/* The piece an en passant capture onto `to` takes: the square the
 * double step left (ep_victim, a custom piece's), else the nearest enemy
 * piece behind `to` on its file, as the reference's capture_square. */
static int ep_victim(const struct rp_fpos *p, int to, int victim)
{
    int us = p->side;
    if (victim != RP_FNOSQ && victim != to)
        return victim;
    for (int s = to - push_of(us); p->b[s] != RP_FOFF; s -= push_of(us))
        if (rp_fp_real(p->b[s]) && rp_fp_colour(p->b[s]) != us)
            return s;
    return to - push_of(us);
}

int rp_fep_victim(const struct rp_fpos *p)
{
    return ep_victim(p, p->ep, p->ep_victim);
}

/* Does a quiet move of a `type` piece of `us` lead from `from` to `to`
 * on an empty board: one of its initial moves ('i') when `initial`, else
 * one of the others (the reference's PseudoMoves[initial]). */
static int quiet_move(const struct rp_fdef *d, int type, int us, int from, int to, int initial)
{
    const struct rp_ftype *ty = &d->types[type];
    int dx = rp_ffile(to) - rp_ffile(from), dy = rp_frank(to) - rp_frank(from);
    if (us)
        dx = -dx, dy = -dy;
    for (int k = 0; k < ty->natoms; k++) {
        const struct rp_fatom *a = &ty->atoms[k];
        if (!(a->mode & RP_FA_MOVE) || (a->cond == RP_FAC_INITIAL) != initial || a->kind == RP_FA_HOP ||
            a->kind == RP_FA_GRASSHOP)
            continue;
        int reach = a->kind == RP_FA_RIDE ? (a->range ? a->range : RP_FMAX_RANKS) : 1;
        for (int n = 1; n <= reach; n++)
            if (a->dx * n == dx && a->dy * n == dy)
                return 1;
    }
    return 0;
}

/* Does a pawn's step over `sq` leave it as an en passant square: in the
 * region, and an enemy pawn attacks it or the enemy has other pieces that
 * capture en passant (the reference's do_move)? */
static int pawn_ep(const struct rp_fpos *p, int sq, int them)
{
    const struct rp_fdef *d = p->def;
    rp_fpiece enemy = rp_fp_make(d->pawn, them);
    int ahead = sq + push_of(!them);
    return rp_fset_has(&d->en_passant_region, sq) &&
           (p->b[ahead - 1] == enemy || p->b[ahead + 1] == enemy || (d->pawn_like[them] & d->en_passant_types[them]));
}

/* What a pawn's or a pawn-like piece's move does beyond the move: the
 * clock (nMoveRuleTypes, a promotion), the en passant square a double
 * step or an initial move leaves. */
static void pawn_rules(struct rp_fpos *p, rp_fmove m, int t)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, them = !us;
    /* A move the piece can take back resets nothing (the reference's
     * "irreversible" moves). */
    if (m.kind == RP_FM_PROMOTE ||
        ((d->n_move_rule_types[us] >> t & 1) && (t == d->pawn || !quiet_move(d, t, us, m.to, m.from, 0))))
        p->rule50 = 0;
    if (m.kind != RP_FM_NORMAL)
        return; /* a promotion leaves no en passant square (the reference's branches) */
    int mid = (m.from + m.to) / 2;
    if (t == d->pawn) {
        /* Any two-step push, as the reference build (a first-rank one in
         * Horde too), when an enemy pawn could take on the square passed
         * or the enemy has other pieces that take en passant. */
        if (m.to - m.from == 2 * push_of(us) && pawn_ep(p, mid, them))
            p->ep = mid;
        /* A triple step: each square passed that an enemy pawn attacks. */
        if (m.to - m.from == 3 * push_of(us)) {
            int near = m.to - push_of(us), far = m.to - 2 * push_of(us);
            if (pawn_ep(p, near, them))
                p->ep = near;
            if (pawn_ep(p, far, them))
                *(p->ep == RP_FNOSQ ? &p->ep : &p->ep2) = far;
        }
        return;
    }
    /* A custom piece's initial move of two steps: the square passed, and
     * the piece itself as what the capture takes (the reference's ep
     * squares are between_bb(from, to), both ends included); not when it
     * leapt over a piece: there is no empty square to take on, and the
     * FEN's pair could not say which square is which. */
    if (d->types[t].initial_ep && quiet_move(d, t, us, m.from, m.to, 1) && !quiet_move(d, t, us, m.from, m.to, 0)) {
        int df = rp_ffile(m.to) - rp_ffile(m.from), dr = rp_frank(m.to) - rp_frank(m.from);
        if (df % 2 == 0 && dr % 2 == 0 && (!df || !dr || abs(df) == abs(dr)) && rp_fset_has(&d->en_passant_region, mid) &&
            p->b[mid] == 0) {
            p->ep = mid;
            p->ep_victim = rp_fset_has(&d->en_passant_region, m.to) ? m.to : RP_FNOSQ;
        }
    }
}

/* petrifyOnCaptureTypes, as the reference build's do_move: the piece
 * that captured (its type before the move among the types) leaves the
 * board; the square turns into a wall when the piece that stood there,
 * as it became, is of the types too (a promoted pawn's new type), and
 * into an empty square when not.  A wall is a piece of the repetition
 * key as a FEN's '*' is (fairy_fen.c). */
static void petrify(struct rp_fpos *p, int to)
{
    int now = rp_fp_type(p->b[to]);
    rp_fpos_take(p, to);
    if (p->def->petrify_types >> now & 1) {
        p->b[to] = RP_FOFF;
        p->key_board ^= rp_fpiece_key(RP_FOFF, 0, to);
    }
}

/* A move on the board: the capture (en passant's beside the target),
 * the piece to its square as what it becomes, the pawn's rules.
 * `victim` is the piece an en passant capture takes, RP_FNOSQ for the
 * nearest behind the target.  Returns the captured piece's type plus
 * one, 0 for none. */
static int make_board_move(struct rp_fpos *p, rp_fmove m, int victim)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, captured = 0;
    victim = m.kind == RP_FM_EP ? ep_victim(p, m.to, victim) : m.to;
    rp_fpiece pc = p->b[m.from];
    int unpromoted = p->unpromoted[m.from];
    if (rp_fp_real(p->b[victim]) && victim != m.from) { /* not a promotion in place */
        rp_fpiece cap = p->b[victim];
        int cap_unpromoted = p->unpromoted[victim];
        update_castling(p, victim);
        rp_fpos_take(p, victim);
        if (d->captures_to_hand)
            to_hand(p, cap, cap_unpromoted);
        p->rule50 = 0;
        captured = 1 + rp_fp_type(cap);
    }
    update_castling(p, m.from);
    update_castling(p, m.to);
    rp_fpos_take(p, m.from);
    int t = rp_fp_type(pc);
    if (m.kind == RP_FM_PROMOTE) {
        rp_fpos_put(p, m.to, m.type, us, RP_FPROMOTED_NO_BASE);
    } else if (m.kind == RP_FM_PIECE_PROMOTE) {
        rp_fpos_put(p, m.to, m.type, us, t + 1);
        if (!d->piece_demotion)
            p->rule50 = 0; /* irreversible: the reference build resets the clock */
    } else if (m.kind == RP_FM_PIECE_DEMOTE) {
        rp_fpos_put(p, m.to, m.type, us, 0); /* the clock goes on, as the reference's */
    } else {
        rp_fpos_put(p, m.to, t, us, unpromoted);
    }
    if (d->make_rules[us] >> t & 1)
        pawn_rules(p, m, t);
    if (d->gating) {
        rp_fset_del(&p->gates[us], m.from);
    }
    if (captured && d->blast_on_capture)
        blast(p, m.to);
    if (captured && (d->petrify_types >> t & 1))
        petrify(p, m.to);
    return captured;
}

/* Seirawan's gates after a move that landed on `landed`, and the piece
 * the move brings in. */
static void make_gating(struct rp_fpos *p, rp_fmove m, int landed)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, them = !us;
    /* 11.1 closes the opponent's gate on the square a move lands on (the
     * king's square when castling), a capture or not: a FEN may give a
     * gate with no piece on it. */
    if (d->gating && m.kind != RP_FM_PASS)
        rp_fset_del(&p->gates[them], landed);
    if (m.gate == RP_FGATE_WALL) {
        rp_fwall_place(p, m.gate_sq);
        /* A pawn's double step leaves no en passant square under its
         * wall (the reference's do_move); a custom piece's keeps it, no
         * capture landing on a wall. */
        if (rp_fp_type(p->b[m.to]) == d->pawn && (p->ep == m.gate_sq || p->ep2 == m.gate_sq)) {
            if (p->ep2 == m.gate_sq)
                p->ep2 = RP_FNOSQ;
            if (p->ep == m.gate_sq) {
                p->ep = p->ep2;
                p->ep2 = RP_FNOSQ;
            }
        }
    } else if (m.gate) {
        int gt = m.gate - 1;
        rp_fpos_put(p, m.gate_sq, gt, us, 0);
        p->hand[us][gt]--;
        rp_fset_del(&p->gates[us], m.gate_sq);
    }
    if (d->gating && d->seirawan_gating && !count_hand(p, us) && !d->captures_to_hand)
        memset(&p->gates[us], 0, sizeof p->gates[us]);
}

/* Whether the move just made checks the other side's king.  Where
 * nothing but leaps and lines attack, a plain move checks by the piece
 * it moves or by the line it opens. */
static int gave_check(const struct rp_fpos *p, rp_fmove m)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, k = p->king[!us];
    if (k == RP_FNOSQ)
        return 0;
    if (d->simple_attacks && !m.gate && (!d->petrify_types || rp_fp_real(p->b[m.to])) &&
        (m.kind == RP_FM_NORMAL || m.kind == RP_FM_PROMOTE || m.kind == RP_FM_PIECE_PROMOTE ||
         m.kind == RP_FM_PIECE_DEMOTE || m.kind == RP_FM_DROP))
        return rp_fpiece_attacks(p, m.to, k) || (m.kind != RP_FM_DROP && rp_fline_attack(p, k, m.from, -1, -1, us));
    return rp_fattacked(p, k, us);
}

/* Makruk's and ASEAN counting, after the move (the side to move is the
 * one that did not move), as the reference build's do_move: a bare king
 * that takes the last pawn counts at once (Makruk); else the count starts
 * when none runs, or restarts when a capture or a promotion leaves the
 * side to move a bare king, once its conditions hold. */
static void update_counting(struct rp_fpos *p, int captured, int promoted)
{
    const struct rp_fdef *d = p->def;
    if (!d->counting_rule)
        return;
    int stm = p->side, mover = !stm, all = count_all(p, 0) + count_all(p, 1);
    int limit = counting_moves(p, mover);
    if (d->counting_rule != RP_FCOUNT_ASEAN && d->pawn >= 0 && captured == d->pawn + 1 && count_all(p, mover) == 1 &&
        !(count_type(p, 0, d->pawn) + count_type(p, 1, d->pawn)) && limit) {
        p->counting_limit = 2 * limit;
        p->counting_ply = 2 * all - 1;
    }
    limit = counting_moves(p, stm);
    if ((!p->counting_limit || ((captured || promoted) && count_all(p, stm) == 1)) && limit) {
        p->counting_limit = 2 * limit;
        p->counting_ply = d->counting_rule == RP_FCOUNT_ASEAN || count_all(p, stm) > 1 ? 0 : 2 * all;
    }
}

void rp_fmake(struct rp_fpos *p, rp_fmove m)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, captured = 0, landed = m.to, victim = p->ep_victim;
    if (d->cambodian_moves)
        rp_fleaps_aimed(p, m);
    begin_ply(p, m);
    if (m.kind == RP_FM_CASTLE)
        landed = make_castle(p, m);
    else if (m.kind == RP_FM_DROP)
        make_drop(p, m);
    else if (m.kind != RP_FM_PASS)
        captured = make_board_move(p, m, victim);
    make_gating(p, m, landed);
    if (d->flip_enclosed && m.kind != RP_FM_PASS)
        rp_fflip(p, landed, us);
    p->last_capture = captured != 0;

    /* A check counts against the checker's remaining (n-check). */
    int gives_check = gave_check(p, m);
    if (d->check_counting && gives_check && p->checks_left[us] > 0)
        p->checks_left[us]--;
    if (m.kind == RP_FM_DROP && gives_check && d->types[m.hand_type].role == RP_FR_SHOGI_PAWN)
        p->last_drop_pawn_check = 1;

    p->side = !us;
    p->in_check = gives_check;
    /* shatarMateRule's run of checks: looked at only on a check. */
    p->shak_run[!us] &= gives_check;
    if (gives_check && d->shatar_mate_rule)
        p->shak_run[!us] = p->shak_run[!us] || (rp_fchecker_types(p) & d->shak_types);
    update_counting(p, captured, m.kind == RP_FM_PROMOTE);
    p->bikjang = rp_fbikjang(p);
}
