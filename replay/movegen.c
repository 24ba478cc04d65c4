/*
 * movegen: orthodox move generation on one board.
 *
 * Pseudo-legal generation plus a king-safety filter (one attack test on
 * the position after the move, make/test/unmake where a move changes a
 * third square): slower than pin-aware generators, but the same code
 * decides legality for every variant, and perft (tests/replay/test_perft.c)
 * proves it.
 */
#include "replay/movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/attacks.h"
#include "replay/notation.h"
#include "replay/verdict.h"


static const int knight_steps[8] = {33, 31, 18, 14, -33, -31, -18, -14};
static const int king_steps[8] = {1, -1, 16, -16, 17, 15, -17, -15};

static void add(struct rp_movelist *l, int from, int to, int flags, rp_piece promo, int castle)
{
    if (l->n < RP_MAX_MOVES)
        l->m[l->n++] = (rp_move){(rp_sq)from, (rp_sq)to, promo, (uint8_t)flags, (uint8_t)castle};
}

/* Order of promotion choices: the usual ones first, then Extinction's king. */
static const int promo_order[5] = {RP_QUEEN, RP_ROOK, RP_BISHOP, RP_KNIGHT, RP_KING};

static void add_pawn_move(const struct rp_board *b, struct rp_movelist *l, int from, int to, int flags)
{
    int colour = b->side;
    if (rp_rank((rp_sq)to) != (colour ? 0 : 7)) {
        add(l, from, to, flags, 0, 0);
        return;
    }
    for (int i = 0; i < 5; i++)
        if (b->rules->promo_types & (1u << promo_order[i]))
            add(l, from, to, flags | RP_MF_PROMO, rp_make_piece(promo_order[i], colour), 0);
}

/* The pawn moves from `from`, only those to `only` unless that is -1:
 * resolving a played move wants one target, not the pawn's every move. */
static void gen_pawn_to(const struct rp_board *b, int from, int only, struct rp_movelist *l)
{
    int colour = b->side, fwd = colour ? -16 : 16;
    int one = from + fwd;
    if (rp_on_board(one) && !b->sq[one]) {
        if (only < 0 || only == one)
            add_pawn_move(b, l, from, one, 0);
        int two = one + fwd;
        if ((only < 0 || only == two) && rp_rank((rp_sq)from) == (colour ? 6 : 1) &&
            rp_on_board(two) && !b->sq[two])
            add(l, from, two, RP_MF_DOUBLE, 0, 0);
    }
    for (int dx = -1; dx <= 1; dx += 2) {
        int t = one + dx;
        if (!rp_on_board(t) || (only >= 0 && only != t))
            continue;
        if (b->sq[t] && rp_colour_of(b->sq[t]) != colour)
            add_pawn_move(b, l, from, t, RP_MF_CAPTURE);
        else if (t == b->ep && !b->sq[t])
            add(l, from, t, RP_MF_CAPTURE | RP_MF_EP, 0, 0);
    }
}

static void gen_steps(const struct rp_board *b, int from, const int *steps, struct rp_movelist *l)
{
    for (int i = 0; i < 8; i++) {
        int t = from + steps[i];
        if (!rp_on_board(t))
            continue;
        if (!b->sq[t])
            add(l, from, t, 0, 0, 0);
        else if (rp_colour_of(b->sq[t]) != b->side)
            add(l, from, t, RP_MF_CAPTURE, 0, 0);
    }
}

static void gen_slides(const struct rp_board *b, int from, int first, int last, struct rp_movelist *l)
{
    for (int i = first; i < last; i++) {
        for (int t = from + king_steps[i]; rp_on_board(t); t += king_steps[i]) {
            if (!b->sq[t]) {
                add(l, from, t, 0, 0, 0);
                continue;
            }
            if (rp_colour_of(b->sq[t]) != b->side)
                add(l, from, t, RP_MF_CAPTURE, 0, 0);
            break;
        }
    }
}

static int castling_rook_home(const struct rp_board *b, const struct rp_castling *c)
{
    rp_piece p = b->sq[c->rook_from];
    return p && rp_type_of(p) == RP_ROOK && rp_colour_of(p) == c->colour;
}

/* Rights are lost together when the king moves, one at a time when a rook
 * does: that tells the two apart. */
static void explain_lost_castling(const struct rp_board *b, const struct rp_castling *c,
                                  char *why, size_t size)
{
    char sq[8];
    unsigned colour_rights = 0;
    for (int k = 0; k < b->rules->ncastlings; k++)
        if (b->rules->castlings[k].colour == c->colour)
            colour_rights |= 1u << k;
    if (!castling_rook_home(b, c))
        snprintf(why, size, "there is no rook on %s to castle with", rp_square_name(b, sq, c->rook_from));
    else if (!(b->castle & colour_rights))
        snprintf(why, size, RP_WHY_KING_MOVED, "king");
    else
        snprintf(why, size, RP_WHY_ROOK_MOVED, "rook", rp_square_name(b, sq, c->rook_from));
}

/* Castling i is possible now; *why (if given) says what stops it. */
static int castling_ok(const struct rp_board *b, int i, char *why, size_t size)
{
    const struct rp_castling *c = &b->rules->castlings[i];
    char sq[8];
    if (!(b->castle & (1u << i)) || !castling_rook_home(b, c)) {
        if (why)
            explain_lost_castling(b, c, why, size);
        return 0;
    }
    int lo = c->king_from < c->rook_from ? c->king_from : c->rook_from;
    int hi = c->king_from < c->rook_from ? c->rook_from : c->king_from;
    int ends[2] = {c->king_to, c->rook_to};
    for (int s = lo + 1; s < hi; s++)
        if (b->sq[s]) {
            if (why)
                snprintf(why, size, RP_WHY_CASTLE_PATH, rp_square_name(b, sq, (rp_sq)s));
            return 0;
        }
    for (int k = 0; k < 2; k++)
        if (b->sq[ends[k]] && ends[k] != c->king_from && ends[k] != c->rook_from) {
            if (why)
                snprintf(why, size, RP_WHY_CASTLE_PATH, rp_square_name(b, sq, (rp_sq)ends[k]));

            return 0;
        }
    if (b->rules->castle_through_check || !b->rules->check)
        return 1;
    if (rp_attacked(b, c->king_from, !c->colour)) {
        if (why)
            snprintf(why, size, RP_WHY_CASTLE_CHECKED, "king");
        return 0;
    }
    int step = c->king_to > c->king_from ? 1 : -1;
    for (int s = c->king_from + step; s != c->king_to; s += step)
        if (rp_attacked(b, (rp_sq)s, !c->colour)) {
            if (why)
                snprintf(why, size, RP_WHY_CASTLE_ATTACKED, "king", rp_square_name(b, sq, (rp_sq)s));
            return 0;
        }
    return 1;
}

/* The castlings of the king on `from`, only those to `only` unless that
 * is -1. */
static void gen_castlings_to(const struct rp_board *b, int from, int only, struct rp_movelist *l)
{
    for (int i = 0; i < b->rules->ncastlings; i++) {
        const struct rp_castling *c = &b->rules->castlings[i];
        if (c->colour == b->side && c->king_from == from && (only < 0 || only == c->king_to) &&
            castling_ok(b, i, NULL, 0))
            add(l, from, c->king_to, RP_MF_CASTLE, 0, i);
    }
}

void rp_gen_from(const struct rp_board *b, rp_sq from, struct rp_movelist *l)
{
    rp_piece p = b->sq[from];
    if (!p || rp_colour_of(p) != b->side)
        return;
    switch (rp_type_of(p)) {
    case RP_PAWN: gen_pawn_to(b, from, -1, l); break;
    case RP_KNIGHT: gen_steps(b, from, knight_steps, l); break;
    case RP_BISHOP: gen_slides(b, from, 4, 8, l); break;
    case RP_ROOK: gen_slides(b, from, 0, 4, l); break;
    case RP_QUEEN: gen_slides(b, from, 0, 8, l); break;
    case RP_KING:
        gen_steps(b, from, king_steps, l);
        gen_castlings_to(b, from, -1, l);
        break;
    default: break;
    }
}

static int sign(int x) { return (x > 0) - (x < 0); }

/* The step a slider would take from `from` to `to`, or 0 if not on a line. */
static int line_step(rp_sq from, rp_sq to)
{
    int df = rp_file(to) - rp_file(from), dr = rp_rank(to) - rp_rank(from);
    if (df != 0 && dr != 0 && abs(df) != abs(dr))
        return 0;
    return sign(dr) * 16 + sign(df);
}

static int knight_jump(rp_sq from, rp_sq to)
{
    int df = abs(rp_file(to) - rp_file(from)), dr = abs(rp_rank(to) - rp_rank(from));
    return (df == 1 && dr == 2) || (df == 2 && dr == 1);
}

/* For a bishop, rook or queen going from `from` to `to`: 0 when that is
 * not a move of its kind; else 1, with *blocked the first occupied square
 * on the way, or RP_NO_SQ. */
static int slider_path(const struct rp_board *b, int type, rp_sq from, rp_sq to, rp_sq *blocked)
{
    int step = line_step(from, to);
    int diagonal = step && rp_file(from) != rp_file(to) && rp_rank(from) != rp_rank(to);
    if (!step || (type == RP_ROOK && diagonal) || (type == RP_BISHOP && !diagonal))
        return 0;
    *blocked = RP_NO_SQ;
    for (int s = from + step; s != to; s += step)
        if (b->sq[s]) {
            *blocked = (rp_sq)s;
            break;
        }
    return 1;
}

/* A pawn's push, double step or capture to `to` (not promoting, not en
 * passant), as gen_pawn_to would find it. */
static int plain_pawn_move(const struct rp_board *b, int from, int to, int *flags)
{
    int fwd = b->side ? -16 : 16;
    if (rp_rank((rp_sq)to) == (b->side ? 0 : 7))
        return 0;
    if (to == from + fwd)
        return !b->sq[to];
    if (to == from + 2 * fwd) {
        *flags = RP_MF_DOUBLE;
        return !b->sq[to] && !b->sq[from + fwd] && rp_rank((rp_sq)from) == (b->side ? 6 : 1);
    }
    /* 0x88: off by one file from a neighbour on the next rank is off the board */
    return (to == from + fwd - 1 || to == from + fwd + 1) && b->sq[to];
}

rp_move rp_plain_move(const struct rp_board *b, rp_sq from, rp_sq to)
{
    const rp_move none = {from, from, 0, 0, 0};
    rp_piece p = b->sq[from];
    if (!p || rp_colour_of(p) != b->side || (to & 0x88) || to == from)
        return none;
    rp_piece there = b->sq[to];
    if (there && rp_colour_of(there) == b->side)
        return none;
    int type = rp_type_of(p), flags = there ? RP_MF_CAPTURE : 0;
    int ok = type == RP_PAWN ? plain_pawn_move(b, from, to, &flags)
                             : rp_piece_reaches(b, from, to, type);
    return ok ? (rp_move){from, to, 0, (uint8_t)flags, 0} : none;
}

/* What rp_gen_from would list with target `to`, in its order, without
 * generating the rest: the played move is resolved on every ply. */
void rp_gen_from_to(const struct rp_board *b, rp_sq from, rp_sq to, struct rp_movelist *l)
{
    rp_piece p = b->sq[from];
    if (!p || rp_colour_of(p) != b->side || (to & 0x88))
        return;
    int type = rp_type_of(p);
    rp_move m;
    if (type == RP_PAWN) {
        gen_pawn_to(b, from, to, l);
        return;
    }
    if (!rp_move_none(m = rp_plain_move(b, from, to)))
        add(l, m.from, m.to, m.flags, 0, 0);
    if (type == RP_KING)
        gen_castlings_to(b, from, to, l);
}

void rp_gen_pseudo(const struct rp_board *b, struct rp_movelist *l)
{
    for (int sq = 0; sq < 128; sq++) {
        if (sq & 0x88) {
            sq += 7;
            continue;
        }
        if (b->sq[sq] && rp_colour_of(b->sq[sq]) == b->side)
            rp_gen_from(b, (rp_sq)sq, l);
    }
}

/* One attack test on the position after the move answers for every move
 * that changes two squares: for a king's step, its new square with the
 * old one emptied (a piece it takes there attacks nothing from there);
 * for any other piece, its king with the mover's square emptied and the
 * taken piece gone.  Castling and en passant, which change a third
 * square, make the move and look. */
int rp_leaves_king_safe(struct rp_board *b, rp_move m)
{
    if (!b->rules->check)
        return 1;
    int mover = b->side;
    rp_sq k = b->king[mover];
    if (k != RP_NO_SQ && !(m.flags & (RP_MF_EP | RP_MF_CASTLE)))
        return m.from != k ? !rp_attacked_after(b, k, !mover, m.from, m.to)
                           : !rp_attacked_vacated(b, m.to, !mover, 1ULL << rp_bit_of(k));
    struct rp_undo u;
    rp_make(b, m, &u);
    int safe = !rp_in_check(b, mover);
    rp_unmake(b, m, &u);
    return safe;
}

void rp_gen_legal(struct rp_board *b, struct rp_movelist *l)
{
    struct rp_movelist pseudo;
    pseudo.n = 0;
    rp_gen_pseudo(b, &pseudo);
    for (size_t i = 0; i < pseudo.n; i++)
        if (rp_leaves_king_safe(b, pseudo.m[i]))
            l->m[l->n++] = pseudo.m[i];
}

/* Can the piece on sq move at all, judged from the squares around it?
 * 1 or 0 when that is certain; -1 when only the generator can tell (a
 * king, a pawn about to promote or with en passant in the air).  A slider
 * that cannot take its first step in any direction cannot move. */
static int quick_mobility(const struct rp_board *b, rp_sq sq, int type)
{
    int side = b->side;
    uint64_t own = b->bb[side][0];
    if (type >= RP_KNIGHT && type <= RP_QUEEN)
        return (rp_first_steps(sq, type) & ~own) != 0;
    int rank = side ? 7 - rp_rank(sq) : rp_rank(sq);
    if (type != RP_PAWN || rank < 1 || rank > 5)
        return -1;
    int one = sq + (side ? -16 : 16);
    if (!b->sq[one])
        return 1;
    for (int dx = -1; dx <= 1; dx += 2)
        if (rp_on_board(one + dx) && b->sq[one + dx] && rp_colour_of(b->sq[one + dx]) != side)
            return 1;
    return b->ep == RP_NO_SQ ? 0 : -1;
}

/* Every move of the piece on sq, until one is legal. */
static int piece_has_legal_move(struct rp_board *b, rp_sq sq)
{
    struct rp_movelist l;
    l.n = 0;
    rp_gen_from(b, sq, &l);
    for (size_t k = 0; k < l.n; k++)
        if (rp_leaves_king_safe(b, l.m[k]))
            return 1;
    return 0;
}

/* Asked after every ply (mate and stalemate), and nearly always answered
 * yes, so it stops at the first piece that can move.  When the king is
 * not attacked, a piece other than the king that can move at all and
 * does not shield its king from a slider has a legal move: the squares
 * around it tell, without generating anything.  Everything else (the
 * king, a shielding piece, the king in check, a pawn's special moves)
 * generates its moves and tests them. */
int rp_has_legal_move(struct rp_board *b)
{
    int check = b->rules->check, in_check = check && rp_in_check(b, b->side);
    rp_sq king = b->king[b->side];
    for (uint64_t own = b->bb[b->side][0]; own; own &= own - 1) {
        int i = __builtin_ctzll(own);
        rp_sq sq = rp_sq_of_bit(i);
        int type = rp_type_of(b->sq[sq]), quick = -1;
        if (!in_check && type != RP_KING)
            quick = quick_mobility(b, sq, type);
        if (quick == 0)
            continue;
        if (quick == 1 && (!check || king == RP_NO_SQ || !rp_aligned(king, sq) ||
                           !rp_attacked_vacated(b, king, !b->side, 1ULL << i)))
            return 1;
        if (piece_has_legal_move(b, sq))
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------ explanations */

static void explain_slider(const struct rp_board *b, rp_sq from, rp_sq to, int type, char *buf, size_t size)
{
    rp_sq blocked;
    char sq[8];
    buf[0] = '\0';
    if (!slider_path(b, type, from, to, &blocked))
        snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", rp_type_name(type));
    else if (blocked != RP_NO_SQ)
        snprintf(buf, size, RP_WHY_BLOCKED, rp_square_name(b, sq, blocked));
}

static void explain_pawn(const struct rp_board *b, rp_sq from, rp_sq to, char *buf, size_t size)
{
    int colour = rp_colour_of(b->sq[from]), fwd = colour ? -1 : 1;
    int df = rp_file(to) - rp_file(from), dr = (rp_rank(to) - rp_rank(from)) * fwd;
    char sq[8];
    buf[0] = '\0';
    if (df == 0 && dr == 1) {
        if (b->sq[to])
            snprintf(buf, size, RP_WHY_PAWN_AHEAD);
    } else if (df == 0 && dr == 2) {
        rp_sq mid = (rp_sq)((from + to) / 2);
        if (rp_rank(from) != (colour ? 6 : 1))
            snprintf(buf, size, RP_WHY_PAWN_DOUBLE);
        else if (b->sq[mid])
            snprintf(buf, size, RP_WHY_BLOCKED, rp_square_name(b, sq, mid));
        else if (b->sq[to])
            snprintf(buf, size, RP_WHY_PAWN_AHEAD);
    } else if (abs(df) == 1 && dr == 1) {
        if (!b->sq[to] && to != b->ep)
            snprintf(buf, size, RP_WHY_NO_VICTIM, rp_square_name(b, sq, to));
    } else {
        snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", "pawn");
    }
}

static void explain_king(const struct rp_board *b, rp_sq from, rp_sq to, char *buf, size_t size)
{
    int df = rp_file(to) - rp_file(from), dr = rp_rank(to) - rp_rank(from);
    buf[0] = '\0';
    if (abs(df) <= 1 && abs(dr) <= 1)
        return;
    for (int i = 0; i < b->rules->ncastlings; i++) {
        const struct rp_castling *c = &b->rules->castlings[i];
        if (c->king_from == from && c->king_to == to && c->colour == rp_colour_of(b->sq[from])) {
            castling_ok(b, i, buf, size);
            return;
        }
    }
    snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", "king");
}

void rp_explain_unreachable(const struct rp_board *b, rp_sq from, rp_sq to, char *buf, size_t size)
{
    rp_piece p = b->sq[from];
    int type = rp_type_of(p);
    char sq[8];
    buf[0] = '\0';
    if (from == to) {
        snprintf(buf, size, RP_WHY_SAME_SQUARE);
        return;
    }
    if (b->sq[to] && rp_colour_of(b->sq[to]) == rp_colour_of(p) &&
        !(type == RP_KING && abs(rp_file(to) - rp_file(from)) == 2)) {
        snprintf(buf, size, RP_WHY_OWN_PIECE, rp_square_name(b, sq, to), rp_piece_name(b->sq[to]));
        return;
    }
    switch (type) {
    case RP_PAWN: explain_pawn(b, from, to, buf, size); break;
    case RP_KNIGHT:
        if (!knight_jump(from, to))
            snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", "knight");

        break;
    case RP_BISHOP:
    case RP_ROOK:
    case RP_QUEEN: explain_slider(b, from, to, type, buf, size); break;
    case RP_KING: explain_king(b, from, to, buf, size); break;
    default: break;
    }
}

/* An en passant capture onto b->ep that does not expose the capturer's king. */
static int ep_capture_legal(struct rp_board *b)
{
    int side = b->side;
    int back = side ? 16 : -16; /* from the ep square toward the capturer's pawns */
    for (int dx = -1; dx <= 1; dx += 2) {
        int from = b->ep + back + dx;
        if (!rp_piece_at(b, from, RP_PAWN, side))
            continue;
        rp_move m = {(rp_sq)from, b->ep, 0, RP_MF_CAPTURE | RP_MF_EP, 0};
        struct rp_undo u;
        rp_make(b, m, &u);
        int safe = !b->rules->check || !rp_in_check(b, side);
        rp_unmake(b, m, &u);
        if (safe)
            return 1;
    }
    return 0;
}

uint64_t rp_repetition_key(struct rp_board *b)
{
    if (b->ep != RP_NO_SQ && ep_capture_legal(b))
        return b->key ^ rp_key_ep(b->ep);
    return b->key;
}
