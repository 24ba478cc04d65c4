/*
 * Declared results (gcaudit(1) LOG FORMAT, "Declared results"):
 * what the Result: and Status: headers say about how a game ended, and
 * the normalised game name used to find a variant.
 *
 * Status text and player names are compared after normalising both the
 * same way: white space trimmed and collapsed to one space, case folded,
 * and a trailing run of '.' and '!' dropped.  Case folding covers ASCII
 * and the two-byte UTF-8 letters with a simple one-to-one lower case
 * (Latin-1, Latin Extended-A, Greek, Cyrillic: "ŞAHIN" matches "Şahin");
 * letters elsewhere must match exactly.  Folding never changes a letter's
 * length in bytes, so a normalised string never outgrows its source.
 */
#include "formats/log_internal.h"

#include <string.h>

/* ---------------------------------------------------------- folding */

/* Lower case of a code point in U+0080..U+07FF, staying in that range. */
static unsigned fold2(unsigned cp)
{
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)
        return cp + 0x20;
    if (cp == 0x178)
        return 0xFF;  /* Ÿ -> ÿ */
    if ((cp >= 0x100 && cp <= 0x12F) || (cp >= 0x132 && cp <= 0x137) ||
        (cp >= 0x14A && cp <= 0x177))
        return cp | 1;  /* pairs: upper even, lower odd (İ/ı excluded: not one-to-one) */
    if ((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E))
        return (cp & 1) ? cp + 1 : cp;  /* pairs: upper odd, lower even */
    if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2)
        return cp + 0x20;
    if (cp == 0x386)
        return 0x3AC;
    if (cp >= 0x388 && cp <= 0x38A)
        return cp + 0x25;
    if (cp == 0x38C)
        return 0x3CC;
    if (cp == 0x38E || cp == 0x38F)
        return cp + 0x3F;
    if (cp == 0x3C2)
        return 0x3C3;  /* final sigma */
    if (cp >= 0x400 && cp <= 0x40F)
        return cp + 0x50;
    if (cp >= 0x410 && cp <= 0x42F)
        return cp + 0x20;
    return cp;
}

/* Normalise s into out (room for strlen(s) + 1 bytes); returns the length. */
static size_t normalise(const char *s, char *out)
{
    size_t o = 0;
    int space = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        if (*p > ' ' && *p < 0x80 && !space) {
            /* the usual byte, printable ASCII not after white space:
             * none of the cases below applies to it */
            out[o++] = fmt_to_lower((char)*p++);
            continue;
        }
        if (fmt_is_space((char)*p)) {
            space = o > 0;
            p++;
            continue;
        }
        if (space)
            out[o++] = ' ';
        space = 0;
        if (p[0] >= 0xC2 && p[0] <= 0xDF && (p[1] & 0xC0) == 0x80) {
            unsigned cp = fold2(((p[0] & 0x1Fu) << 6) | (p[1] & 0x3Fu));
            out[o++] = (char)(0xC0 | (cp >> 6));
            out[o++] = (char)(0x80 | (cp & 0x3F));
            p += 2;
        } else {
            out[o++] = fmt_to_lower((char)*p++);
        }
    }
    while (o > 0 && (out[o - 1] == '.' || out[o - 1] == '!' || out[o - 1] == ' '))
        o--;
    out[o] = '\0';
    return o;
}

/* A normalised copy of s in g's storage; "" for NULL, NULL when out of memory. */
static char *normalised(struct fmt_game *g, const char *s)
{
    if (!s)
        s = "";
    char *out = fmt_mem_alloc(g, strlen(s) + 1);
    if (out)
        normalise(s, out);
    return out;
}

/* ------------------------------------------------------------ Result */

static enum fmt_declared result_value(const char *v)
{
    if (!v)
        return FMT_DECL_NONE;
    if (strcmp(v, "1-0") == 0)
        return FMT_DECL_WHITE;
    if (strcmp(v, "0-1") == 0)
        return FMT_DECL_BLACK;
    if (strcmp(v, "1/2-1/2") == 0)
        return FMT_DECL_DRAW;
    if (strcmp(v, "*") == 0)
        return FMT_DECL_UNFINISHED;
    return FMT_DECL_NONE;  /* gcaudit(1): anything else is ignored */
}

/* ------------------------------------------------------------ Status */

enum who { WHO_NOBODY, WHO_WHITE, WHO_BLACK, WHO_BOTH };

/* gcaudit(1), Declared results: player names first, then the words White
 * and Black; a name that matches both players names nobody.  *person says
 * whether a player's name matched (0, 1) or a word (-1): in Retro Chess
 * only a person's declaration follows the colour switch (docs/rules.md,
 * Retro Chess: Colours and persons). */
static enum who resolve(const char *name, size_t n, const char *white, const char *black,
                        int *person)
{
    int w = strlen(white) == n && memcmp(name, white, n) == 0;
    int b = strlen(black) == n && memcmp(name, black, n) == 0;
    *person = w && !b ? 0 : b && !w ? 1 : -1;
    if (w && b)
        return WHO_BOTH;
    if (w || (!b && n == 5 && memcmp(name, "white", 5) == 0))
        return WHO_WHITE;
    if (b || (n == 5 && memcmp(name, "black", 5) == 0))
        return WHO_BLACK;
    return WHO_NOBODY;
}

static const struct {
    const char *text;  /* normalised, with the space before it */
    int wins;          /* NAME wins; else NAME loses */
    enum fmt_how how;
} name_phrases[] = {
    /* longer before shorter, so "X has resigned" is first read with NAME "X" */
    {" has resigned", 0, FMT_HOW_RESIGNATION},
    {" resigned", 0, FMT_HOW_RESIGNATION},
    {" has won", 1, FMT_HOW_WON},
    {" wins", 1, FMT_HOW_WON},
    {" ran out of time", 0, FMT_HOW_TIMEOUT},
    {" timed out", 0, FMT_HOW_TIMEOUT},
};

static const struct {
    const char *text;
    enum fmt_declared decl;
    enum fmt_how how;
} whole_phrases[] = {
    {"draw", FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
    {"drawn", FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
    {"draw agreed", FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
    {"drawn by agreement", FMT_DECL_DRAW, FMT_HOW_AGREEMENT},
    {"in progress", FMT_DECL_UNFINISHED, FMT_HOW_PROGRESS},
};

/* Try every NAME phrase in turn, so that a player called "X has" still
 * resigns in "X has resigned" when nobody is called "X". */
static void status_named(struct fmt_game *g, const char *st, size_t n,
                         const char *white, const char *black)
{
    for (size_t i = 0; i < sizeof name_phrases / sizeof name_phrases[0]; i++) {
        size_t pn = strlen(name_phrases[i].text);
        if (n <= pn || memcmp(st + n - pn, name_phrases[i].text, pn) != 0)
            continue;
        size_t nn = n - pn;
        /* the NAME's own trailing '.' or '!' is ignored too ("Jr. resigned") */
        while (nn > 0 && (st[nn - 1] == '.' || st[nn - 1] == '!' || st[nn - 1] == ' '))
            nn--;
        int person = -1;
        enum who who = nn ? resolve(st, nn, white, black, &person) : WHO_NOBODY;
        if (who != WHO_WHITE && who != WHO_BLACK)
            continue;
        int white_wins = (who == WHO_WHITE) == name_phrases[i].wins;
        g->status_decl = white_wins ? FMT_DECL_WHITE : FMT_DECL_BLACK;
        g->status_how = name_phrases[i].how;
        g->status_person = person;
        return;
    }
}

static int status_value(struct fmt_game *g)
{
    char *st = normalised(g, g->status);
    if (!st)
        return -1;
    for (size_t i = 0; i < sizeof whole_phrases / sizeof whole_phrases[0]; i++) {
        if (strcmp(st, whole_phrases[i].text) == 0) {
            g->status_decl = whole_phrases[i].decl;
            g->status_how = whole_phrases[i].how;
            return 0;
        }
    }
    char *white = normalised(g, g->white);
    char *black = normalised(g, g->black);
    if (!white || !black)
        return -1;
    status_named(g, st, strlen(st), white, black);
    return 0;
}

int fmt_log_declared(struct fmt_game *g)
{
    g->result_decl = result_value(g->result);
    g->status_decl = FMT_DECL_NONE;
    g->status_how = FMT_HOW_NONE;
    g->status_person = -1;
    return g->status ? status_value(g) : 0;
}

/* --------------------------------------------------------- game names */

void fmt_normalise_game_name(const char *in, char *out, size_t outsz)
{
    if (!out || outsz == 0)
        return;
    size_t o = 0;
    const unsigned char *p = (const unsigned char *)(in ? in : "");
    while (*p) {
        if (*p == ' ' || *p == '\t' || *p == '-' || *p == '\'') {
            p++;
            continue;
        }
        if (p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0x99) {
            p += 3;  /* U+2019, the typographic apostrophe */
            continue;
        }
        /* copy whole UTF-8 sequences only, so a cut never splits one */
        size_t len = 1;
        while (len < 4 && (p[len] & 0xC0) == 0x80 && *p >= 0xC0)
            len++;
        if (o + len > outsz - 1)
            break;
        for (size_t i = 0; i < len; i++)
            out[o++] = fmt_to_lower((char)p[i]);
        p += len;
    }
    out[o] = '\0';
}
