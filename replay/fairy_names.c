/*
 * fairy_names: what a defined variant's pieces are called and how its
 * board looks: labels ("K", "+P", gcLabels), piece names for messages
 * ("promoted pawn", gcNames), the diagram `gcaudit replay` prints and the
 * position the game viewer draws.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "replay/fairy_pos.h"

/* ------------------------------------------------------------ names */

void rp_fbase_label(const struct rp_fdef *d, int type, int colour, char *out)
{
    if (d->labels[colour][type][0]) {
        snprintf(out, RP_FLABEL_MAX, "%s", d->labels[colour][type]);
        return;
    }
    char l = d->types[type].letter;
    out[0] = colour ? l : (char)toupper((unsigned char)l);
    out[1] = '\0';
}

/* A piece promoted the Shogi way, whose label is "+" and its base's. */
static int shogi_promoted(const struct rp_fdef *d, int type, int unpromoted)
{
    return unpromoted && unpromoted != RP_FPROMOTED_NO_BASE && d->types[unpromoted - 1].promoted == type;
}

void rp_flabel(const struct rp_fdef *d, rp_fpiece pc, int unpromoted, char *out)
{
    int t = rp_fp_type(pc), c = rp_fp_colour(pc);
    if (shogi_promoted(d, t, unpromoted)) {
        out[0] = '+';
        rp_fbase_label(d, unpromoted - 1, c, out + 1);
    } else {
        rp_fbase_label(d, t, c, out);
    }
}

static const struct {
    const char *key, *words;
} plain_names[] = {
    {"fersAlfil", "fers-alfil"}, {"silver", "silver general"}, {"shogiPawn", "pawn"},
    {"shogiKnight", "knight"}, {"euroshogiKnight", "knight"}, {"gold", "gold general"},
    {"dragonHorse", "dragon horse"}, {"bers", "dragon king"}, {"janggiCannon", "cannon"},
    {"janggiElephant", "elephant"}, {"breakthrough", "piece"}, {"immobile", "piece"},
};

/* The words for an unpromoted type: gcNames, plain_names, the key. */
static const char *type_words(const struct rp_fdef *d, int type)
{
    if (d->piece_names[type][0])
        return d->piece_names[type];
    const char *key = rp_fnamed_at(type)->name;
    for (size_t i = 0; i < sizeof plain_names / sizeof plain_names[0]; i++)
        if (strcmp(plain_names[i].key, key) == 0)
            return plain_names[i].words;
    return key;
}

const char *rp_fpiece_name(const struct rp_fdef *d, int type, int unpromoted, char *buf)
{
    if (shogi_promoted(d, type, unpromoted)) {
        char base[RP_FNAME_MAX];
        snprintf(buf, RP_FNAME_MAX, "promoted %s", rp_fpiece_name(d, unpromoted - 1, 0, base));
    } else if (!d->piece_names[type][0] && type >= RP_FNAMED_TYPES) {
        snprintf(buf, RP_FNAME_MAX, "%c piece", toupper((unsigned char)d->types[type].letter));
    } else {
        snprintf(buf, RP_FNAME_MAX, "%s", type_words(d, type));
    }
    return buf;
}


/* --------------------------------------------------------- rendering */

void rp_frender(const struct rp_fpos *p, char *buf, size_t size)
{
    const struct rp_fdef *d = p->def;
    size_t at = 0;
#define PUT(...) (at += (size_t)snprintf(buf + at, at < size ? size - at : 0, __VA_ARGS__))
    for (int r = d->ranks - 1; r >= 0; r--) {
        PUT("%3s", d->rank_labels[r]);
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            char l[RP_FLABEL_MAX + 2] = ".";
            if (p->b[sq] == RP_FOFF)
                l[0] = '*'; /* a wall, as the FEN writes it */
            else if (p->b[sq])
                rp_flabel(d, p->b[sq], p->unpromoted[sq], l);
            PUT(" %-2s", l);
        }
        while (at > 0 && at < size && buf[at - 1] == ' ')
            buf[--at] = '\0';
        PUT("\n");
    }
    PUT("   ");
    for (int f = 0; f < d->files; f++)
        PUT(" %-2s", d->file_labels[f]);
    while (at > 0 && at < size && buf[at - 1] == ' ')
        buf[--at] = '\0';
    PUT("\n");
    if (d->piece_drops || d->seirawan_gating)
        for (int c = 0; c < 2; c++) {
            PUT("%s in hand:", rp_fcolour_name(c));
            int any = 0;
            for (int i = 0; i < d->ntypes; i++) {
                int t = d->present[i];
                for (int k = 0; k < p->hand[c][t]; k++) {
                    char l[RP_FLABEL_MAX + 2];
                    rp_fbase_label(d, t, c, l);
                    PUT(" %s", l);
                    any = 1;
                }
            }
            PUT("%s\n", any ? "" : " -");
        }
    if (d->check_counting)
        PUT("checks still needed: White %d, Black %d\n", p->checks_left[0], p->checks_left[1]);
    PUT("%s to move\n", rp_fcolour_name(p->side));
#undef PUT
}

/* --------------------------------------------------------- the viewer */

/* The label of a piece for the viewer: its type alone, White's label
 * (the colour is the view's own field). */
static void view_label(const struct rp_fdef *d, rp_fpiece pc, int unpromoted, char *out)
{
    char l[RP_FLABEL_MAX + 2];
    rp_flabel(d, rp_fp_make(rp_fp_type(pc), 0), unpromoted, l);
    l[RP_VIEW_LABEL - 1] = '\0'; /* labels have at most three characters (gcLabels) */
    memcpy(out, l, RP_VIEW_LABEL);
}

void rp_fview(const struct rp_fpos *p, struct rp_view *v)
{
    const struct rp_fdef *d = p->def;
    memset(v, 0, sizeof *v);
    v->nboards = 1;
    struct rp_view_board *b = &v->board[0];
    b->files = d->files;
    b->ranks = d->ranks;
    for (int f = 0; f < d->files; f++)
        snprintf(b->file_name[f], RP_VIEW_LABEL, "%s", d->file_labels[f]);
    for (int r = 0; r < d->ranks; r++) {
        snprintf(b->rank_name[r], RP_VIEW_LABEL, "%s", d->rank_labels[r]);
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            struct rp_view_piece *cell = &b->cell[r][f];
            cell->colour = -1;
            if (p->b[sq] == RP_FOFF) {
                /* A wall, as the FEN writes it: the viewer darkens it. */
                snprintf(cell->label, RP_VIEW_LABEL, "*");
                continue;
            }
            if (!rp_fp_real(p->b[sq]))
                continue;
            view_label(d, p->b[sq], p->unpromoted[sq], cell->label);
            cell->colour = (signed char)rp_fp_colour(p->b[sq]);
        }
    }
    if (d->piece_drops || d->seirawan_gating)
        for (int c = 0; c < 2; c++) {
            struct rp_view_holding *h = &v->holding[v->nholdings++];
            snprintf(h->name, sizeof h->name, "%s's hand", rp_fcolour_name(c));
            h->colour = (signed char)c;
            h->board = 0;
            for (int i = 0; i < d->ntypes; i++) {
                int t = d->present[i];
                if (!p->hand[c][t])
                    continue;
                char label[RP_VIEW_LABEL];
                view_label(d, rp_fp_make(t, c), 0, label);
                rp_view_hold(h, label, p->hand[c][t]);
            }
        }
    v->side_to_move = p->side;
    if (d->check_counting)
        snprintf(v->status, sizeof v->status, "checks still needed: White %d, Black %d", p->checks_left[0],
                 p->checks_left[1]);
    else if (p->counting_limit)
        snprintf(v->status, sizeof v->status, "counting: move %d of %d", (p->counting_ply + 1) / 2,
                 p->counting_limit / 2);
}
