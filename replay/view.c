/*
 * view: what the five built-in variants share in drawing a position for
 * the game viewer (replay.h, struct rp_view): one 8x8 board of the
 * orthodox family as a view board, and the pieces a holding shows.
 */
#include <ctype.h>
#include <string.h>

#include "replay/notation.h"
#include "replay/view.h"

void rp_view_hold(struct rp_view_holding *h, const char *label, int count)
{
    for (int i = 0; i < h->n; i++)
        if (strcmp(h->held[i].label, label) == 0) {
            h->held[i].count += count;
            return;
        }
    if (h->n == RP_VIEW_HELD || count <= 0)
        return;
    snprintf(h->held[h->n].label, sizeof h->held[h->n].label, "%s", label);
    h->held[h->n++].count = count;
}

void rp_view_label(rp_piece p, char out[RP_VIEW_LABEL])
{
    const char *l = rp_piece_label(p);
    size_t i = 0;
    for (; l[i] && i + 1 < RP_VIEW_LABEL; i++)
        out[i] = (char)toupper((unsigned char)l[i]);
    out[i] = '\0';
}

void rp_view_board(const struct rp_board *b, const char *name, struct rp_view_board *out)
{
    snprintf(out->name, sizeof out->name, "%s", name);
    out->files = 8;
    out->ranks = 8;
    for (int i = 0; i < 8; i++) {
        out->file_name[i][0] = (char)(b->file_a + i);
        out->file_name[i][1] = '\0';
        out->rank_name[i][0] = (char)('1' + i);
        out->rank_name[i][1] = '\0';
    }
    for (int rank = 0; rank < 8; rank++)
        for (int file = 0; file < 8; file++) {
            rp_piece p = b->sq[rp_square(file, rank)];
            struct rp_view_piece *c = &out->cell[rank][file];
            if (!p) {
                c->label[0] = '\0';
                c->colour = -1;
                continue;
            }
            rp_view_label(p, c->label);
            c->colour = (signed char)rp_colour_of(p);
        }
}
