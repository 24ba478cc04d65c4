/*
 * Components (gcaudit(1) LOG FORMAT, "Moves"): the grammar of one piece of
 * a turn, between ';'s, read into a struct fmt_component
 * (fmt_log_classify_component).  Nothing here judges a move; what
 * cannot be read is FMT_COMP_BAD, for the replay engine to report as
 * `syntax`.
 *
 * Components, after trimming (white space around '-' and '*' optional):
 *   [LABEL] FROM-TO   MOVE     LABEL then white space then FROM
 *   LABEL-TO LABEL*TO PLACE
 *   *-TO  * FROM-TO   PLACE, MOVE  a wall (wallingRule: an Amazon's arrow, the duck)
 *   @-SQ  SQ-         REMOVE
 *   resign draw timeout pass   commands, any case, alone
 * A square is one ASCII letter then one or more digits, a label one or two
 * ASCII letters (Game Courier's labels are one letter; two allow a doubled
 * label like "RR"; a longer word is prose, not a label), or "+" and such
 * a label for a promoted piece ("+P", docs/defined-variants.md: Shogi's
 * promoted pieces, "+S c4-d5", "+S-c8"), or "*", a wall, as a FEN writes
 * it (docs/defined-variants.md: walls placed by a move).  Everything else is
 * FMT_COMP_BAD.
 */
#include "formats/log_internal.h"

#include <stddef.h>
#include <string.h>

enum word { W_NONE, W_LABEL, W_SQUARE };

struct cursor {
    const char *p, *e;
};

static inline void skip_space(struct cursor *c)
{
    while (c->p < c->e && fmt_is_space(*c->p))
        c->p++;
}

static inline int at(const struct cursor *c, char ch)
{
    return c->p < c->e && *c->p == ch;
}

/* The maximal run of ASCII letters and digits at the cursor, classified.
 * Taking the whole run is what makes "Pe2" and "e2e4" bad (gcaudit(1),
 * Moves: a label and its square are separated by white space):
 * a letter after the digits means the run is neither a label nor a
 * square, so it need not be read any further. */
static inline enum word read_word(struct cursor *c, const char **w, size_t *n)
{
    const char *s = c->p, *p = s;
    while (p < c->e && fmt_is_alpha(*p))
        p++;
    size_t letters = (size_t)(p - s);
    while (p < c->e && fmt_is_digit(*p))
        p++;
    c->p = p;
    *w = s;
    *n = (size_t)(p - s);
    if (*n == 0 || (p < c->e && fmt_is_alpha(*p)))
        return W_NONE;
    if (letters == *n)
        return letters <= FMT_LABEL_LETTERS_MAX ? W_LABEL : W_NONE;
    return letters == 1 ? W_SQUARE : W_NONE;
}

/* A square, then only white space to the end. */
static inline int read_last_square(struct cursor *c, const char **w, size_t *n)
{
    skip_space(c);
    if (read_word(c, w, n) != W_SQUARE)
        return 0;
    skip_space(c);
    return c->p == c->e;
}

/* A byte loop, not memcpy: names are a few bytes, shorter than a call. */
static inline void copy_name(char *dst, size_t dstsz, const char *s, size_t n)
{
    if (n > dstsz - 1)
        n = dstsz - 1;  /* an absurd square: never on a board anyway */
    for (size_t i = 0; i < n; i++)
        dst[i] = s[i];
    dst[n] = '\0';
}

static int word_equals(const char *s, size_t n, const char *lower)
{
    size_t i = 0;
    for (; i < n && lower[i]; i++)
        if (fmt_to_lower(s[i]) != lower[i])
            return 0;
    return i == n && !lower[i];
}

static int command(struct fmt_component *c, const char *s, size_t n)
{
    static const struct {
        const char *word;
        enum fmt_comp_kind kind;
    } cmds[] = {
        {"resign", FMT_COMP_RESIGN},
        {"draw", FMT_COMP_DRAW},
        {"timeout", FMT_COMP_TIMEOUT},
        {"pass", FMT_COMP_PASS},
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        if (word_equals(s, n, cmds[i].word)) {
            c->kind = cmds[i].kind;
            return 1;
        }
    }
    return 0;
}

/* A '-' after white space: the cursor past it, or 0. */
static int dash(struct cursor *cur)
{
    skip_space(cur);
    if (!at(cur, '-'))
        return 0;
    cur->p++;
    return 1;
}

/* "-SQ" with SQ the component's last word: the square in *w, *n, or 0. */
static int dash_last_square(struct cursor *cur, const char **w, size_t *n)
{
    return dash(cur) && read_last_square(cur, w, n);
}

/* A component of one square, SQ, in field `to`. */
static int one_square(struct fmt_component *c, enum fmt_comp_kind kind, const char *sq,
                      size_t n)
{
    c->kind = kind;
    copy_name(c->to, sizeof c->to, sq, n);
    return 1;
}

/* A move FROM-TO. */
static int move(struct fmt_component *c, const char *from, size_t fn, const char *to,
                size_t tn)
{
    c->kind = FMT_COMP_MOVE;
    copy_name(c->from, sizeof c->from, from, fn);
    copy_name(c->to, sizeof c->to, to, tn);
    return 1;
}

/* "@-SQ", the cursor after '@'. */
static int removal_at(struct fmt_component *c, struct cursor *cur)
{
    const char *w;
    size_t n;
    return dash_last_square(cur, &w, &n) && one_square(c, FMT_COMP_REMOVE, w, n);
}

/* "dest", then only white space to the end. */
static int read_dest(struct cursor *c)
{
    skip_space(c);
    const char *s = c->p;
    while (c->p < c->e && fmt_is_alpha(*c->p))
        c->p++;
    if (!word_equals(s, (size_t)(c->p - s), FMT_DEST_KEYWORD))
        return 0;
    skip_space(c);
    return c->p == c->e;
}

/* After a label: "-TO", "*TO", "-dest" (PLACE) or " FROM-TO" (MOVE). */
static int after_label(struct fmt_component *c, struct cursor *cur)
{
    const char *w1, *w2;
    size_t n1, n2;
    skip_space(cur);
    if (at(cur, '-') || at(cur, '*')) {
        char op = *cur->p++;
        struct cursor again = *cur;
        if (read_dest(&again)) {
            w1 = FMT_DEST_KEYWORD;
            n1 = sizeof FMT_DEST_KEYWORD - 1;
        } else if (!read_last_square(cur, &w1, &n1)) {
            return 0;
        }
        c->op = op;
        return one_square(c, FMT_COMP_PLACE, w1, n1);
    }
    if (read_word(cur, &w1, &n1) != W_SQUARE || !dash_last_square(cur, &w2, &n2))
        return 0;
    return move(c, w1, n1, w2, n2);
}

/* After a first square: "-TO" (MOVE) or "-" alone (REMOVE). */
static int after_square(struct fmt_component *c, struct cursor *cur,
                        const char *sq, size_t sqn)
{
    const char *w;
    size_t n;
    if (!dash(cur))
        return 0;
    skip_space(cur);
    if (cur->p == cur->e)
        return one_square(c, FMT_COMP_REMOVE, sq, sqn);
    return read_last_square(cur, &w, &n) && move(c, sq, sqn, w, n);
}

/* The commands are tried last: each is one word of four letters or more,
 * which read_word never takes for a label or a square, so only a
 * component that is nothing else can be one. */
static int parse_component(struct fmt_component *c, const char *s, size_t n)
{
    struct cursor cur = {s, s + n};
    const char *w;
    size_t wn;
    if (at(&cur, '@')) {
        cur.p++;
        return removal_at(c, &cur);
    }
    if (at(&cur, '*')) {
        /* A wall's label, as a FEN writes a wall: "*-f7" places one,
         * "* d4-d5" moves one (the duck). */
        cur.p++;
        c->label[0] = '*';
        c->label[1] = '\0';
        return after_label(c, &cur);
    }
    if (at(&cur, '+')) {
        /* A promoted piece's label: "+" and a label, nothing between. */
        cur.p++;
        if (read_word(&cur, &w, &wn) != W_LABEL)
            return 0;
        c->label[0] = '+';
        copy_name(c->label + 1, sizeof c->label - 1, w, wn);
        return after_label(c, &cur);
    }
    switch (read_word(&cur, &w, &wn)) {
    case W_LABEL:
        copy_name(c->label, sizeof c->label, w, wn);
        return after_label(c, &cur);
    case W_SQUARE:
        return after_square(c, &cur, w, wn);
    default:
        return command(c, s, n);
    }
}

/* Classify one component (n bytes at s, trimmed); c->text is the caller's. */
void fmt_log_classify_component(struct fmt_component *c, const char *s, size_t n)
{
    char *text = c->text;
    memset(c, 0, sizeof *c);
    if (!parse_component(c, s, n)) {
        /* nothing half-read survives in a bad component */
        memset(c, 0, sizeof *c);
        c->kind = FMT_COMP_BAD;
    }
    c->text = text;
}
