/*
 * pockets: the pocket squares, demotion and drops of Backlash.
 */
#include "replay/pockets.h"

#include <string.h>

/* Indexed [board][colour]: the names docs/rules.md gives the four pockets. */
static const char *const pocket_names[2][2] = {{"p1", "p8"}, {"P1", "P8"}};

int rp_pocket_parse(const char *name, int *board, int *colour)
{
    for (int bd = 0; bd < 2; bd++)
        for (int c = 0; c < 2; c++)
            if (strcmp(name, pocket_names[bd][c]) == 0) {
                *board = bd;
                *colour = c;
                return 1;
            }
    return 0;
}

const char *rp_pocket_name(int board, int colour) { return pocket_names[board & 1][colour & 1]; }

const char *rp_board_side_name(int board) { return board == RP_LEFT ? "left" : "right"; }

rp_piece rp_demoted(rp_piece captured)
{
    int type = rp_type_of(captured);
    /* The enum runs P N B R Q, so one step down is one less. */
    if (type < RP_KNIGHT || type > RP_QUEEN)
        return 0;
    return rp_make_piece(type - 1, rp_colour_of(captured));
}

int rp_drop_allowed(const struct rp_board *b, rp_piece p, rp_sq sq)
{
    if (!p || !rp_on_board(sq) || b->sq[sq])
        return 0;
    /* docs/rules.md, Backlash: pawns may not be dropped on rank 1 or 8. */
    return rp_type_of(p) != RP_PAWN || (rp_rank(sq) != 0 && rp_rank(sq) != 7);
}

int rp_drop_squares(const struct rp_board *b, rp_piece p)
{
    int n = 0;
    for (int sq = 0; sq < 128; sq++)
        if (!(sq & 0x88) && rp_drop_allowed(b, p, (rp_sq)sq))
            n++;
    return n;
}


void rp_drop(struct rp_board *b, rp_piece p, rp_sq sq, struct rp_undo *u)
{
    u->captured = 0;
    u->captured_sq = sq;
    rp_undo_keep(u, b);
    rp_board_put(b, sq, p);
    /* docs/rules.md, Backlash: a dropped rook can never castle.  A right
     * still held means its rook never left its square, so a drop there cannot
     * happen; clearing anyway keeps the rule true by construction. */
    uint8_t castle = b->castle & (uint8_t)~rp_castlings_at(b->rules, sq);
    b->key ^= rp_key_castle(b->castle) ^ rp_key_castle(castle);
    b->castle = castle;
    b->ep = RP_NO_SQ;
    b->halfmove = 0;
    b->side ^= 1;
    b->key ^= rp_key_side();
}

void rp_undrop(struct rp_board *b, rp_sq sq, const struct rp_undo *u)
{
    rp_board_set(b, sq, 0);
    rp_undo_restore(b, u);
}
