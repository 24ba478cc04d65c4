/*
 * betza: Betza's funny notation to move atoms, as Fairy-Stockfish reads it
 * for its custom pieces (https://www.gnu.org/software/xboard/Betza.html,
 * the subset Fairy-Stockfish documents in variants.ini).
 *
 * A piece is a run of atoms, each with its modifiers in front:
 *   - atoms: W F D N A H C L J Z G (leapers), K (= WF), R B Q (riders);
 *     an atom letter doubled (NN) or followed by a digit (R4) rides, the
 *     digit bounding the distance;
 *   - m (moves only to an empty square), c (captures only), neither: both;
 *   - p (a cannon: over exactly one piece), g (a grasshopper: lands right
 *     behind the first piece), n (a lame leaper: the squares on its way
 *     must be empty), i (only from the double-step ranks);
 *   - directions f b l r v s h, alone or paired (fs, rf, ...).
 *
 * The eight images of an atom (a forward, b sideways) and the direction
 * words that select each are those of Fairy-Stockfish's own reader, so a
 * custom piece means the same piece to both programs.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_def.h"

struct atom_geo {
    char letter;
    int a, b;        /* steps forward and to the side of the first image */
    int rider;       /* R, B, Q: ride without a suffix */
};

static const struct atom_geo atoms_table[] = {
    {'W', 1, 0, 0}, {'F', 1, 1, 0}, {'D', 2, 0, 0}, {'N', 2, 1, 0}, {'A', 2, 2, 0},
    {'H', 3, 0, 0}, {'L', 3, 1, 0}, {'C', 3, 1, 0}, {'J', 3, 2, 0}, {'Z', 3, 2, 0},
    {'G', 3, 3, 0}, {'R', 1, 0, 1}, {'B', 1, 1, 1},
};

/* K and Q are two atoms each. */
static int atoms_of(char c, struct atom_geo *out)
{
    if (c == 'K' || c == 'Q') {
        out[0] = (struct atom_geo){c, 1, 0, c == 'Q'};
        out[1] = (struct atom_geo){c, 1, 1, c == 'Q'};
        return 2;
    }
    for (size_t i = 0; i < sizeof atoms_table / sizeof atoms_table[0]; i++)
        if (atoms_table[i].letter == c) {
            out[0] = atoms_table[i];
            return 1;
        }
    return 0;
}

/* The eight images of atom (a, b) as (forward, rightward) steps, and the
 * direction words, any of which selects the image. */
static const struct {
    int fa, fb, sa, sb;          /* forward = fa*a + fb*b, right = sa*a + sb*b */
    const char *words;           /* two-letter words, space separated */
} images[8] = {
    {1, 0, 0, 1, "ff vv rf rv fh rh hr"},
    {-1, 0, 0, -1, "bb vv lb lv bh lh hr"},
    {0, -1, 1, 0, "rr ss br bs bh rh hr"},
    {0, 1, -1, 0, "ll ss fl fs fh lh hr"},
    {0, 1, 1, 0, "rr ss fr fs fh rh hl"},
    {0, -1, -1, 0, "ll ss bl bs bh lh hl"},
    {-1, 0, 0, 1, "bb vv rb rv bh rh hl"},
    {1, 0, 0, -1, "ff vv lf lv fh lh hl"},
};

static int word_in(const char *word, const char *words)
{
    for (const char *w = words; *w; w += w[2] ? 3 : 2)
        if (w[0] == word[0] && w[1] == word[1])
            return 1;
    return 0;
}

static int is_vertical(char c) { return c && strchr("fbvh", c) != NULL; }
static int is_horizontal(char c) { return c && strchr("rlsh", c) != NULL; }

/* The squares a lame leaper passes, as Fairy-Stockfish walks them: the
 * longer leg first, a diagonal step when both are equal. */
static int lame_path(int dx, int dy, int8_t block[2][2])
{
    int x = 0, y = 0, n = 0;
    int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    while (x != dx || y != dy) {
        int diff = abs(dx - x) - abs(dy - y);
        if (diff > 0)
            x += sx;
        else if (diff < 0)
            y += sy;
        else
            x += sx, y += sy;
        if (x == dx && y == dy)
            break;
        if (n == 2)
            return -1;
        block[n][0] = (int8_t)x;
        block[n][1] = (int8_t)y;
        n++;
    }
    return n;
}

struct mods {
    int mode;                    /* RP_FA_MOVE | RP_FA_CAPTURE, 0 = both */
    int hop, grass, lame, initial;
    char words[16][3];
    int nwords;
};

static int add_atom(struct rp_fatom *out, int max, int *n, const struct rp_fatom *a)
{
    for (int i = 0; i < *n; i++)
        if (out[i].dx == a->dx && out[i].dy == a->dy && out[i].kind == a->kind &&
            out[i].range == a->range && out[i].cond == a->cond && out[i].nblock == a->nblock) {
            out[i].mode |= a->mode;
            return 0;
        }
    if (*n >= max)
        return -1;
    out[(*n)++] = *a;
    return 0;
}

static int emit(const struct mods *m, const struct atom_geo *g, int ride, int range,
                struct rp_fatom *out, int max, int *n, char *why, size_t size)
{
    /* A word of two different orthogonal directions splits for a one-atom
     * orthogonal piece ("fsW" is forward and sideways, not a corner). */
    char words[32][3];
    int nw = 0;
    for (int i = 0; i < m->nwords; i++) {
        if (g->b == 0 && m->words[i][0] != m->words[i][1] && g->letter != 'K' && g->letter != 'Q') {
            words[nw][0] = words[nw][1] = m->words[i][0], words[nw++][2] = 0;
            words[nw][0] = words[nw][1] = m->words[i][1], words[nw++][2] = 0;
        } else {
            memcpy(words[nw++], m->words[i], 3);
        }
    }
    for (int k = 0; k < 8; k++) {
        int sel = nw == 0;
        for (int i = 0; i < nw && !sel; i++)
            sel = word_in(words[i], images[k].words);
        if (!sel)
            continue;
        struct rp_fatom a;
        memset(&a, 0, sizeof a);
        a.dy = (int8_t)(images[k].fa * g->a + images[k].fb * g->b);
        a.dx = (int8_t)(images[k].sa * g->a + images[k].sb * g->b);
        a.mode = (uint8_t)(m->mode ? m->mode : RP_FA_MOVE | RP_FA_CAPTURE);
        a.cond = (uint8_t)(m->initial ? RP_FAC_INITIAL : RP_FAC_ALWAYS);
        a.kind = m->grass ? RP_FA_GRASSHOP : m->hop ? RP_FA_HOP : ride ? RP_FA_RIDE : RP_FA_LEAP;
        a.range = (uint8_t)range;
        if (abs(a.dx) > RP_FMAX_STEP || abs(a.dy) > RP_FMAX_STEP) {
            snprintf(why, size, "atom %c leaps too far (at most %d files or ranks)", g->letter, RP_FMAX_STEP);
            return -1;
        }
        if (m->lame && a.kind == RP_FA_LEAP) {
            int nb = lame_path(a.dx, a.dy, a.block);
            if (nb < 0) {
                snprintf(why, size, "lame atom n%c is longer than three steps", g->letter);
                return -1;
            }
            a.nblock = (uint8_t)nb;
        }
        if (add_atom(out, max, n, &a) != 0) {
            snprintf(why, size, "too many moves (at most %d atoms)", max);
            return -1;
        }
    }
    return 0;
}

int rp_betza_compile(const char *betza, struct rp_fatom *out, int max, int *n, char *why,
                     size_t size)
{
    struct mods m;
    memset(&m, 0, sizeof m);
    *n = 0;
    for (size_t i = 0; betza[i]; i++) {
        char c = betza[i];
        if (c == 'm' || c == 'c') {
            m.mode |= c == 'm' ? RP_FA_MOVE : RP_FA_CAPTURE;
        } else if (c == 'p' || c == 'g') {
            m.hop = 1;
            m.grass = c == 'g';
        } else if (c == 'n') {
            m.lame = 1;
        } else if (c == 'i') {
            m.initial = 1;
        } else if (c == 'e') {
            /* En passant: the reference build's parser (piece.cpp) reads
             * no 'e' ("fceF" is its "fcF"); who captures en passant is
             * enPassantTypes, onto squares the piece captures but does
             * not move to. */
        } else if (is_vertical(c) || is_horizontal(c)) {
            char c2 = betza[i + 1];
            if (m.nwords >= 16) {
                snprintf(why, size, "too many direction modifiers");
                return -1;
            }
            char *w = m.words[m.nwords++];
            w[0] = c, w[2] = 0;
            if (c2 == c || (is_vertical(c) && is_horizontal(c2)) ||
                (is_horizontal(c) && is_vertical(c2))) {
                w[1] = c2;
                i++;
            } else {
                w[1] = c;
            }
        } else {
            struct atom_geo g[2];
            int ng = atoms_of(c, g);
            if (!ng) {
                snprintf(why, size, "unexpected '%c' at position %zu", c, i + 1);
                return -1;
            }
            int ride = g[0].rider, range = 0;
            char next = betza[i + 1];
            if (next && (isdigit((unsigned char)next) || next == c)) {
                ride = 1;
                if (isdigit((unsigned char)next))
                    range = next - '0';
                i++;
            }
            for (int k = 0; k < ng; k++)
                if (emit(&m, &g[k], ride, range, out, max, n, why, size) != 0)
                    return -1;
            memset(&m, 0, sizeof m);
            continue;
        }
    }
    if (m.mode || m.hop || m.lame || m.initial || m.nwords) {
        snprintf(why, size, "modifiers at the end with no atom after them");
        return -1;
    }
    return 0;
}
