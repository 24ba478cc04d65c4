/*
 * fairy_walls: wallingRule, the reference build's walls placed by a move
 * (Game of the Amazons' arrows, Duck Chess's duck, Isolation, Joust).  A
 * wall is a square nothing stands on, moves to or passes: a FEN's '*',
 * RP_FOFF on the board.  Every move but a pass places one, written after
 * it as the placement "*-SQ" (docs/defined-variants.md).
 *
 * A walled move is the move with gate RP_FGATE_WALL and the wall's square
 * in gate_sq.  The generator gives each move once, without its wall, and
 * the walls it may place are a set: the moves of a position are not
 * multiplied in a list (Amazons has 2,176 at the start).
 *
 * Where the wall may go, as the reference's movegen (make_move_and_gating)
 * and legal() say it: a board square that was empty before the move or
 * that the move empties (its from-square, the castling rook's, the pawn
 * taken en passant), not one the move fills (the destination, the
 * castling king's and rook's), within the mover's wallingRegion, and by
 * the rule:
 *   arrow   where the moved piece, as it was, moves from its destination
 *           without capturing, its from-square read as empty;
 *   duck    anywhere: the walls standing are taken off as it is placed
 *           (the duck moves on; it may not stay where it stands);
 *   edge    on the board's edge, or beside a wall (a rook's step away);
 *   past    the square the piece left;
 *   static  anywhere.
 * A wall on a square a blast empties is no choice: the square was not
 * empty before the move (the reference's order).
 */
#include <string.h>

#include "replay/fairy_pos.h"

/* The squares a move leaves empty and those it fills, besides the
 * board's other empty squares. */
struct wall_ctx {
    int vacated[2], filled[2];
};

static void move_squares(const struct rp_fpos *p, rp_fmove m, struct wall_ctx *c)
{
    c->vacated[0] = m.kind == RP_FM_DROP ? RP_FNOSQ : m.from;
    c->vacated[1] = RP_FNOSQ;
    c->filled[0] = m.to;
    c->filled[1] = RP_FNOSQ;
    if (m.kind == RP_FM_CASTLE) {
        rp_fcastle_squares(p, m.castle, &c->filled[0], &c->filled[1]);
        c->vacated[1] = p->castle_rook[m.castle];
    } else if (m.kind == RP_FM_EP) {
        c->vacated[1] = rp_fep_victim(p);
    }
}

static int is_wall(const struct rp_fpos *p, int sq)
{
    return rp_fset_has(&p->def->board, sq) && p->b[sq] == RP_FOFF;
}

/* edge: on the board's rim, or a rook's step from a wall. */
static int edge_square(const struct rp_fpos *p, int sq)
{
    const struct rp_fdef *d = p->def;
    int f = rp_ffile(sq), r = rp_frank(sq);
    if (f == 0 || r == 0 || f == d->files - 1 || r == d->ranks - 1)
        return 1;
    return is_wall(p, sq - 1) || is_wall(p, sq + 1) || is_wall(p, sq - RP_FMB_COLS) || is_wall(p, sq + RP_FMB_COLS);
}

void rp_fwall_squares(const struct rp_fpos *p, rp_fmove m, rp_fset *out)
{
    const struct rp_fdef *d = p->def;
    memset(out, 0, sizeof *out);
    if (!d->walling_rule || m.kind == RP_FM_PASS)
        return;
    struct wall_ctx c;
    move_squares(p, m, &c);
    rp_fset arrow;
    if (d->walling_rule == RP_FWALL_ARROW) {
        /* The piece on its destination, its from-square empty: what it
         * attacks there is read off that board. */
        struct rp_fpos q = *p;
        rp_fpiece mover = p->b[m.from];
        q.b[m.from] = 0;
        q.b[m.to] = mover;
        rp_fquiet_moves(&q, rp_fp_type(mover), p->side, m.to, &arrow);
    }
    const rp_fset *region = &d->walling_region[p->side];
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            int empty = p->b[sq] == 0 || sq == c.vacated[0] || sq == c.vacated[1];
            if (!empty || sq == c.filled[0] || sq == c.filled[1] || !rp_fset_has(region, sq))
                continue;
            switch (d->walling_rule) {
            case RP_FWALL_ARROW:
                if (!rp_fset_has(&arrow, sq))
                    continue;
                break;
            case RP_FWALL_PAST:
                if (sq != c.vacated[0])
                    continue;
                break;
            case RP_FWALL_EDGE:
                if (!edge_square(p, sq))
                    continue;
                break;
            default: break;
            }
            rp_fset_add(out, sq);
        }
}

void rp_fwall_place(struct rp_fpos *p, int sq)
{
    const struct rp_fdef *d = p->def;
    if (d->walling_rule == RP_FWALL_DUCK)
        for (int r = 0; r < d->ranks; r++)
            for (int f = 0; f < d->files; f++) {
                int s = rp_fsq(f, r);
                if (p->b[s] == RP_FOFF) {
                    p->b[s] = 0;
                    p->key_board ^= rp_fpiece_key(RP_FOFF, 0, s);
                }
            }
    p->b[sq] = RP_FOFF;
    p->key_board ^= rp_fpiece_key(RP_FOFF, 0, sq);
}

int rp_fwalls_legal(const struct rp_fpos *p, rp_fmove m, rp_fset *out)
{
    /* Whether a walled move is legal does not depend on where its wall
     * goes, once the rule allows the square (rp_flegal: a wall blocks no
     * check): one wall judges them all. */
    rp_fwall_squares(p, m, out);
    int n = 0, first = RP_FNOSQ;
    for (int i = 0; i < RP_FSET_WORDS; i++)
        for (uint64_t w = out->w[i]; w; w &= w - 1) {
            if (first == RP_FNOSQ)
                first = i * 64 + __builtin_ctzll(w);
            n++;
        }
    if (n && rp_flegal(p, rp_fwith_wall(m, first)) != RP_FL_OK) {
        memset(out, 0, sizeof *out);
        n = 0;
    }
    return n;
}
