/*
 * Turns and components (log-format.md "Moves", fine points 5-8): one line
 * of a moves section becomes one or more turns, each cut into components.
 * Nothing here judges a move; what cannot be read is kept, marked, for the
 * replay engine to report as `syntax`.
 *
 * Markers: ASCII digits followed by a run of '.' and U+2026 '…', at the
 * start of the line (after white space) or after white space or ';'.  The
 * run "." names White and "..." Black; any other run ("..", "....", "…",
 * ".…") is a bad marker.  Its side is Black: only the Black marker has
 * more than one dot, so a run of several dots, or an ellipsis, is a
 * mistyped Black marker.  A marker whose turn has no component ("5.",
 * "5. ;") is bad too, and keeps the side its dots name.
 *
 * Components, after trimming (white space around '-' and '*' optional):
 *   [LABEL] FROM-TO   MOVE     LABEL then white space then FROM
 *   LABEL-TO LABEL*TO PLACE
 *   @-SQ  SQ-         REMOVE
 *   resign draw timeout pass   commands, any case, alone
 * A square is one ASCII letter then one or more digits, a label one or two
 * ASCII letters (Game Courier's labels are one letter; two allow a doubled
 * label like "RR"; a longer word is prose, not a label).  Everything else
 * is FMT_COMP_BAD.
 */
#include "formats/log_internal.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LABEL_LETTERS_MAX 2

/* ----------------------------------------------------------- markers */

struct marker {
    const char *s, *e; /* the marker as written */
    int number;        /* its digits, INT_MAX when too large */
    int good;          /* "." or "..." */
    enum fmt_side side;
};

static int is_ellipsis(const char *p, const char *end)
{
    return end - p >= 3 && (unsigned char)p[0] == 0xE2 &&
           (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0xA6;
}

/* Is there a marker at p?  Fill *m if so. */
static int marker_at(const char *p, const char *end, struct marker *m)
{
    const char *q = p;
    long long n = 0;
    while (q < end && fmt_is_digit(*q)) {
        if (n <= INT_MAX)
            n = n * 10 + (*q - '0');
        q++;
    }
    if (q == p)
        return 0;
    const char *dots = q;
    int ndots = 0, ellipsis = 0;
    for (;;) {
        if (q < end && *q == '.') {
            q++;
            ndots++;
        } else if (is_ellipsis(q, end)) {
            q += 3;
            ellipsis = 1;
        } else {
            break;
        }
    }
    if (q == dots)
        return 0;
    m->s = p;
    m->e = q;
    m->number = n > INT_MAX ? INT_MAX : (int)n;
    m->good = !ellipsis && (ndots == 1 || ndots == 3);
    m->side = (ndots == 1 && !ellipsis) ? FMT_WHITE : FMT_BLACK;
    return 1;
}

/* The next marker in (from, end) that follows white space or ';', or end. */
static const char *next_marker(const char *from, const char *end, struct marker *m)
{
    for (const char *p = from; p < end; p++)
        if (fmt_is_digit(*p) && (fmt_is_space(p[-1]) || p[-1] == ';') &&
            marker_at(p, end, m))
            return p;
    return end;
}

/* --------------------------------------------------------- components */

enum word { W_NONE, W_LABEL, W_SQUARE };

struct cursor {
    const char *p, *e;
};

static void skip_space(struct cursor *c)
{
    while (c->p < c->e && fmt_is_space(*c->p))
        c->p++;
}

static int at(const struct cursor *c, char ch)
{
    return c->p < c->e && *c->p == ch;
}

/* The maximal run of ASCII letters and digits at the cursor, classified.
 * Taking the whole run is what makes "Pe2" and "e2e4" bad (fine point 8). */
static enum word read_word(struct cursor *c, const char **w, size_t *n)
{
    const char *s = c->p;
    while (c->p < c->e && (fmt_is_alpha(*c->p) || fmt_is_digit(*c->p)))
        c->p++;
    *w = s;
    *n = (size_t)(c->p - s);
    size_t letters = 0;
    while (letters < *n && fmt_is_alpha(s[letters]))
        letters++;
    if (*n == 0)
        return W_NONE;
    if (letters == *n)
        return letters <= LABEL_LETTERS_MAX ? W_LABEL : W_NONE;
    for (size_t i = letters; i < *n; i++)
        if (!fmt_is_digit(s[i]))
            return W_NONE;
    return letters == 1 ? W_SQUARE : W_NONE;
}

/* A square, then only white space to the end. */
static int read_last_square(struct cursor *c, const char **w, size_t *n)
{
    skip_space(c);
    if (read_word(c, w, n) != W_SQUARE)
        return 0;
    skip_space(c);
    return c->p == c->e;
}

static void copy_name(char *dst, size_t dstsz, const char *s, size_t n)
{
    if (n > dstsz - 1)
        n = dstsz - 1;  /* an absurd square: never on a board anyway */
    memcpy(dst, s, n);
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

/* "@-SQ", the cursor after '@'. */
static int removal_at(struct fmt_component *c, struct cursor *cur)
{
    const char *w;
    size_t n;
    skip_space(cur);
    if (!at(cur, '-'))
        return 0;
    cur->p++;
    if (!read_last_square(cur, &w, &n))
        return 0;
    c->kind = FMT_COMP_REMOVE;
    copy_name(c->to, sizeof c->to, w, n);
    return 1;
}

/* After a label: "-TO", "*TO" (PLACE) or " FROM-TO" (MOVE). */
static int after_label(struct fmt_component *c, struct cursor *cur)
{
    const char *w1, *w2;
    size_t n1, n2;
    skip_space(cur);
    if (at(cur, '-') || at(cur, '*')) {
        char op = *cur->p++;
        if (!read_last_square(cur, &w1, &n1))
            return 0;
        c->kind = FMT_COMP_PLACE;
        c->op = op;
        copy_name(c->to, sizeof c->to, w1, n1);
        return 1;
    }
    if (read_word(cur, &w1, &n1) != W_SQUARE)
        return 0;
    skip_space(cur);
    if (!at(cur, '-'))
        return 0;
    cur->p++;
    if (!read_last_square(cur, &w2, &n2))
        return 0;
    c->kind = FMT_COMP_MOVE;
    copy_name(c->from, sizeof c->from, w1, n1);
    copy_name(c->to, sizeof c->to, w2, n2);
    return 1;
}

/* After a first square: "-TO" (MOVE) or "-" alone (REMOVE). */
static int after_square(struct fmt_component *c, struct cursor *cur,
                        const char *sq, size_t sqn)
{
    const char *w;
    size_t n;
    skip_space(cur);
    if (!at(cur, '-'))
        return 0;
    cur->p++;
    skip_space(cur);
    if (cur->p == cur->e) {
        c->kind = FMT_COMP_REMOVE;
        copy_name(c->to, sizeof c->to, sq, sqn);
        return 1;
    }
    if (!read_last_square(cur, &w, &n))
        return 0;
    c->kind = FMT_COMP_MOVE;
    copy_name(c->from, sizeof c->from, sq, sqn);
    copy_name(c->to, sizeof c->to, w, n);
    return 1;
}

static int parse_component(struct fmt_component *c, const char *s, size_t n)
{
    struct cursor cur = {s, s + n};
    const char *w;
    size_t wn;
    if (command(c, s, n))
        return 1;
    if (at(&cur, '@')) {
        cur.p++;
        return removal_at(c, &cur);
    }
    switch (read_word(&cur, &w, &wn)) {
    case W_LABEL:
        copy_name(c->label, sizeof c->label, w, wn);
        return after_label(c, &cur);
    case W_SQUARE:
        return after_square(c, &cur, w, wn);
    default:
        return 0;
    }
}

/* Classify one component (n bytes at s, trimmed); c->text is the caller's. */
static void classify_component(struct fmt_component *c, const char *s, size_t n)
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

/* -------------------------------------------------------------- turns */

/* Components of the turn text [s, e), into storage owned by g. */
static int split_components(struct fmt_game *g, struct fmt_turn *t,
                            const char *s, const char *e)
{
    size_t most = 1;
    for (const char *p = s; p < e; p++)
        most += *p == ';';
    if (s == e)
        return 0;
    if (most > SIZE_MAX / sizeof *t->comps)
        return -1;
    t->comps = fmt_mem_alloc(g, most * sizeof *t->comps);
    if (!t->comps)
        return -1;
    for (const char *p = s; p <= e;) {
        const char *semi = memchr(p, ';', (size_t)(e - p));
        const char *cs = p, *ce = semi ? semi : e;
        fmt_trim(&cs, &ce);
        if (cs < ce) {
            struct fmt_component *c = &t->comps[t->ncomps++];
            c->text = fmt_mem_strndup(g, cs, (size_t)(ce - cs));
            if (!c->text)
                return -1;
            classify_component(c, cs, (size_t)(ce - cs));
        }
        if (!semi)
            break;
        p = semi + 1;
    }
    if (t->ncomps == 0)
        t->comps = NULL;  /* "5. ;": the storage is simply not used */
    return 0;
}

/* A fresh zeroed turn at the end of g->turns, or NULL.  Capacity is
 * implicit, as for header extras: 16, doubled whenever the count reaches
 * a power of two, so growth stays linear without a capacity field. */
static struct fmt_turn *new_turn(struct fmt_game *g)
{
    size_t n = g->nturns;
    if (n == 0 || (n >= 16 && (n & (n - 1)) == 0)) {
        size_t cap = n ? n * 2 : 16;
        if (cap > SIZE_MAX / sizeof *g->turns)
            return NULL;
        struct fmt_turn *t = realloc(g->turns, cap * sizeof *t);
        if (!t)
            return NULL;
        g->turns = t;
    }
    struct fmt_turn *t = &g->turns[n];
    memset(t, 0, sizeof *t);
    g->nturns = n + 1;
    return t;
}

static struct fmt_turn *add_turn(struct fmt_game *g, int line,
                                 const struct marker *m, const char *s, const char *e)
{
    struct fmt_turn *t = new_turn(g);
    if (!t)
        return NULL;
    fmt_trim(&s, &e);
    t->number = m->number;
    t->side = m->side;
    t->line = line;
    t->marker = fmt_mem_strndup(g, m->s, (size_t)(m->e - m->s));
    t->text = fmt_mem_strndup(g, s, (size_t)(e - s));
    if (!t->marker || !t->text || split_components(g, t, s, e) != 0)
        return NULL;
    t->marker_bad = !m->good || t->ncomps == 0;
    return t;
}

static const char *find_comment(const char *s, const char *e)
{
    for (const char *p = s; p + 1 < e; p++)
        if (p[0] == '/' && p[1] == '/')
            return p;
    return NULL;
}

enum fmt_line_kind fmt_log_moves_line(struct fmt_game *g, const char *s,
                                      size_t len, int line)
{
    const char *e = s + len;
    const char *slash = find_comment(s, e);
    const char *content_end = slash ? slash : e;
    const char *p = s;
    struct marker m, next;
    while (p < content_end && fmt_is_space(*p))
        p++;
    if (p == content_end && slash)
        return FMT_LINE_COMMENT;  /* fine point 7: belongs to no turn */
    if (!marker_at(p, content_end, &m))
        return FMT_LINE_OTHER;
    struct fmt_turn *last;
    for (;;) {
        const char *q = next_marker(m.e, content_end, &next);
        last = add_turn(g, line, &m, m.e, q);
        if (!last)
            return FMT_LINE_NOMEM;
        if (q == content_end)
            break;
        m = next;
    }
    if (slash) {
        /* fine point 7: the comment goes with the last turn of its line */
        const char *cs = slash + 2, *ce = e;
        fmt_trim(&cs, &ce);
        if (cs < ce && !(last->comment = fmt_mem_strndup(g, cs, (size_t)(ce - cs))))
            return FMT_LINE_NOMEM;
    }
    return FMT_LINE_TURNS;
}
