/*
 * fairy_enclose: Reversi's rules (Flipello, Flipersi), as the reference
 * build reads enclosingDrop = reversi, enclosingDropStart,
 * flipEnclosedPieces = reversi, passOnStalemate and adjudicateFullBoard
 * (src/position.h drop_region, src/position.cpp do_move, legal and
 * is_immediate_game_end):
 *
 * - while a square of enclosingDropStart is empty, a piece is dropped on
 *   one of those squares; after that only where it encloses: along one
 *   of the eight lines from the square, one or more enemy pieces and
 *   then one of the side's own;
 * - the enemy pieces a move encloses so, on every line from where it
 *   lands, change sides;
 * - a side with no legal move passes (Game Courier's "pass"), and may
 *   pass only then; two passes in a row end the game, as a full board
 *   does, scored by materialCounting.
 *
 * Definitions without these keys never call here (compiled flags, tested
 * once a drop square, once a move).
 */
#include "replay/fairy_pos.h"

/* The eight lines from a square, as mailbox steps. */
static const int lines[8] = {1, -1, RP_FMB_COLS, -RP_FMB_COLS, RP_FMB_COLS + 1, -RP_FMB_COLS - 1,
                             RP_FMB_COLS - 1, -RP_FMB_COLS + 1};

static int enemy(rp_fpiece pc, int us) { return rp_fp_real(pc) && rp_fp_colour(pc) != us; }

/* The square of us's piece that closes a run of enemy pieces starting
 * next to sq along step, or -1 when there is no such run. */
static int enclosing_end(const struct rp_fpos *p, int sq, int step, int us)
{
    int s = sq + step;
    if (!enemy(p->b[s], us))
        return -1;
    while (enemy(p->b[s], us))
        s += step;
    return rp_fp_real(p->b[s]) && rp_fp_colour(p->b[s]) == us ? s : -1;
}

/* A line of the drop test passes an enemy piece, and a wall: the
 * reference's line runs over every board square that is not a wall
 * and not the side's own or empty (its occupancy is the board less the
 * enemy's pieces, and a wall is no board square). */
static int passed(const struct rp_fpos *p, int s, int us)
{
    return enemy(p->b[s], us) || (p->b[s] == RP_FOFF && rp_fset_has(&p->def->board, s));
}

int rp_fenclosing_drop(const struct rp_fpos *p, int sq)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, next_to_enemy = 0;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++)
            if (rp_fset_has(&d->enclosing_drop_start, rp_fsq(f, r)) && p->b[rp_fsq(f, r)] == 0)
                return rp_fset_has(&d->enclosing_drop_start, sq);
    for (int i = 0; i < 8; i++)
        next_to_enemy |= enemy(p->b[sq + lines[i]], us);
    /* Next to an enemy piece, and along some line, past enemy pieces (or
     * walls: the reference's, which a flip then stops at), one of the
     * side's own that is not next to sq. */
    for (int i = 0; i < 8 && next_to_enemy; i++) {
        int s = sq + lines[i];
        while (passed(p, s, us))
            s += lines[i];
        if (s != sq + lines[i] && rp_fp_real(p->b[s]) && rp_fp_colour(p->b[s]) == us)
            return 1;
    }
    return 0;
}

void rp_fflip(struct rp_fpos *p, int to, int us)
{
    for (int i = 0; i < 8; i++) {
        int end = enclosing_end(p, to, lines[i], us);
        for (int s = to + lines[i]; end >= 0 && s != end; s += lines[i]) {
            int type = rp_fp_type(p->b[s]), unpromoted = p->unpromoted[s];
            rp_fpos_take(p, s);
            rp_fpos_put(p, s, type, us, unpromoted);
        }
    }
}

int rp_fboard_full(const struct rp_fpos *p)
{
    const struct rp_fdef *d = p->def;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++)
            if (p->b[rp_fsq(f, r)] == 0)
                return 0;
    return 1;
}

int rp_fstalemate_pass_from(const struct rp_fpos *p)
{
    const struct rp_fdef *d = p->def;
    int us = p->side;
    if (p->king[us] != RP_FNOSQ)
        return p->king[us];
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            rp_fpiece pc = p->b[rp_fsq(f, r)];
            if (rp_fp_real(pc) && rp_fp_colour(pc) == us)
                return rp_fsq(f, r);
        }
    return RP_FNOSQ;
}
