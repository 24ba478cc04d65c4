/*
 * backlash_position: Backlash positions built from FENs and pocket
 * lists, for the tests that start a game in the middle (backlash.h).
 */
#include <stdio.h>
#include <string.h>

#include "replay/backlash.h"
#include "replay/notation.h"
#include "replay/rules.h"

static int load_pockets(struct rp_backlash *s, const char *spec)
{
    char name[8], label[4];
    int used = 0;
    while (sscanf(spec, " %2[pP18]=%3[A-Za-z]%n", name, label, &used) == 2) {
        int bd, colour;
        rp_piece p = rp_piece_for_label(label);
        if (!rp_pocket_parse(name, &bd, &colour) || !p || rp_type_of(p) == RP_KING ||
            rp_colour_of(p) != colour)
            return -1;
        s->pk.p[bd][colour] = p;
        spec += used;
    }
    while (*spec == ' ')
        spec++;
    return *spec ? -1 : 0;
}

int rp_backlash_load(void *state, const char *left_fen, const char *right_fen,
                     const char *pockets, int turns)
{
    struct rp_backlash *s = state;
    struct rp_board probe;
    if (rp_board_from_fen(&probe, &rp_backlash_rules, left_fen) < 0 ||
        rp_board_from_fen(&probe, &rp_backlash_rules, right_fen) < 0)
        return -1;
    memset(s, 0, sizeof *s);
    rp_ortho_setup(&s->o[RP_LEFT], &rp_backlash_rules, left_fen, RP_BACKLASH_TITLE);
    rp_ortho_setup(&s->o[RP_RIGHT], &rp_backlash_rules, right_fen, RP_BACKLASH_TITLE);
    s->o[RP_RIGHT].b.file_a = 'A';
    s->turns = turns;
    return load_pockets(s, pockets);
}

rp_piece rp_backlash_pocket(const void *state, int board, int colour)
{
    const struct rp_backlash *s = state;
    return s->pk.p[board & 1][colour & 1];
}
