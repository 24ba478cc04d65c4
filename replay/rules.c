/*
 * rules: each orthodox-family game's rules table, and the extinction
 * test (rules.h).
 */
#include "replay/rules.h"

const struct rp_rules rp_chess_rules = {
    .check = 1,
    .castle_through_check = 0,
    .promo_types = (1u << RP_QUEEN) | (1u << RP_ROOK) | (1u << RP_BISHOP) | (1u << RP_KNIGHT),
    .ncastlings = 4,
    .castlings = RP_ORTHODOX_CASTLINGS,
};

const struct rp_rules rp_extinction_rules = {
    .check = 0,
    .castle_through_check = 1,
    .promo_types = (1u << RP_QUEEN) | (1u << RP_ROOK) | (1u << RP_BISHOP) | (1u << RP_KNIGHT) |
                   (1u << RP_KING),
    .ncastlings = 4,
    .castlings = RP_ORTHODOX_CASTLINGS,
};

const struct rp_rules rp_backlash_rules = {
    .check = 0,                 /* docs/rules.md, Backlash: kings may be left attacked */
    .castle_through_check = 1,
    .promo_types = (1u << RP_QUEEN) | (1u << RP_ROOK) | (1u << RP_BISHOP) | (1u << RP_KNIGHT),
    .ncastlings = 4,
    .castlings = RP_ORTHODOX_CASTLINGS, /* on the right board E1-G1 etc. */
};

#define SQ(f, r) ((rp_sq)((r) * 16 + (f)))

const struct rp_rules rp_palindromic_rules = {
    .check = 1,
    .castle_through_check = 0,
    .promo_types = 0,
    .ncastlings = 4,
    .castlings = {
        {0, SQ(4, 0), SQ(6, 0), SQ(7, 0), SQ(5, 0)}, /* White: e1-g1 with the h1 rook */
        {0, SQ(4, 0), SQ(2, 0), SQ(0, 0), SQ(3, 0)}, /* White: e1-c1 with the a1 rook */
        {1, SQ(3, 7), SQ(5, 7), SQ(7, 7), SQ(4, 7)}, /* Black: d8-f8 with the h8 rook */
        {1, SQ(3, 7), SQ(1, 7), SQ(0, 7), SQ(2, 7)}, /* Black: d8-b8 with the a8 rook */
    },
};

/* The board's bit sets, not a scan of its squares: a piece type is gone
 * when its set is empty.  Promotion can make several kings, so the king's
 * set is read, not board.king[], which follows only one of them. */
void rp_extinct_types(const struct rp_board *b, unsigned gone[2])
{
    for (int colour = 0; colour < 2; colour++) {
        gone[colour] = 0;
        for (int type = RP_PAWN; type <= RP_KING; type++)
            if (!b->bb[colour][type])
                gone[colour] |= 1u << type;
    }
}
