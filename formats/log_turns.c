/*
 * Turns and components (gcaudit(1) LOG FORMAT, "Moves"): one line
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
 * Components: their grammar is log_components.c's.
 *
 * Cost: nearly every turn is a plain move, "P e2-e4" or "e2-e4", with
 * nothing after it on its line but white space or the next turn.  Those
 * are read in one pass (plain_move_at; the way Game Courier writes them,
 * usual_move_at), which also finds the line's end; any other turn is cut
 * out of its line by turn_end_at and read by the component grammar,
 * which would make the same of a plain move (fmt_log_moves_general reads
 * every turn that way, and tests/formats/test_log_turns.c checks that
 * the two agree).  Each turn's strings and
 * components take one block of the game's storage, and the lines of a
 * moves section are read in one loop (fmt_log_moves), not a call each.
 */
#include "formats/log_internal.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- markers */

struct marker {
    const char *s, *e; /* the marker as written */
    int number;        /* its digits, INT_MAX when too large */
    int good;          /* "." or "..." */
    enum fmt_side side;
};

/* Every scan below runs inside one line, and a line always ends with a
 * '\n' (log_parser.c gives one to a last line that has none): no class
 * of byte the scans go on over holds '\n', so they stop there without
 * comparing their position with the line's end, which is most of what a
 * byte costs.  A test of a byte never reads past one that failed. */

static int is_ellipsis(const char *p)
{
    return (unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 &&
           (unsigned char)p[2] == 0xA6;
}

/* The rest of a run of dots that meets an ellipsis: rare, so kept out of
 * marker_at's path. */
static const char *mixed_dots(const char *q, size_t *ndots)
{
    for (;;) {
        if (*q == '.') {
            q++;
            ++*ndots;
        } else if (is_ellipsis(q)) {
            q += 3;
        } else {
            return q;
        }
    }
}

/* Is there a marker at p?  Fill *m if so.  Inline: every line starts
 * with one, and a call would cost as much as reading it.  The dots are
 * counted by a plain loop: an ellipsis is only looked for where the run
 * stops at its first byte. */
static inline int marker_at(const char *p, struct marker *m)
{
    const char *q = p;
    long long n = 0;
    while (fmt_is_digit(*q)) {
        if (n <= INT_MAX)
            n = n * 10 + (*q - '0');
        q++;
    }
    if (q == p)
        return 0;
    const char *dots = q;
    while (*q == '.')
        q++;
    size_t ndots = (size_t)(q - dots);
    int ellipsis = 0;
    if (is_ellipsis(q)) {
        ellipsis = 1;
        q = mixed_dots(q, &ndots);
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

/* Where a turn's text ends in its line, and what ends it. */
struct turn_end {
    const char *at;      /* end of the text: next marker, "//" or line end */
    const char *comment; /* the "//" when that ends it, else NULL */
    int has_next;        /* a marker starts at `at`: it is in next */
    struct marker next;
    size_t semis;        /* ';' in the text: its components, less one */
};

/* Read a turn's text from `from` (just after its marker) to the first of
 * the line's end, its "//" comment and a marker that follows white space
 * or ';'.  One pass does what a comment search, a marker search and a
 * count of separators would each do again: markers, comments and
 * separators are all in '/'..';', so most bytes cost one comparison. */
static void turn_end_at(const char *from, const char *end, struct turn_end *t)
{
    t->comment = NULL;
    t->has_next = 0;
    t->semis = 0;
    for (const char *p = from; p < end; p++) {
        unsigned char c = (unsigned char)*p;
        if ((unsigned)(c - '/') > (unsigned)(';' - '/'))
            continue;
        if (c == ';') {
            t->semis++;
        } else if (c == '/') {
            if (end - p >= 2 && p[1] == '/') {
                t->at = t->comment = p;
                return;
            }
        } else if (fmt_is_digit((char)c) && (fmt_is_space(p[-1]) || p[-1] == ';') &&
                   marker_at(p, &t->next)) {
            /* p[-1] is in the line: at from, the marker's own '.' or '…' */
            t->at = p;
            t->has_next = 1;
            return;
        }
    }
    t->at = end;
}

/* -------------------------------------------------------------- turns */

static inline const char *skip_spaces(const char *p)
{
    while (fmt_is_space(*p))
        p++;
    return p;
}

/* Is there a square at p?  Returns the end of its digits, or NULL.  The
 * caller checks that the run ends there. */
static inline const char *square_end(const char *p)
{
    if (!fmt_is_alpha(*p))
        return NULL;
    const char *q = ++p;
    while (fmt_is_digit(*q))
        q++;
    return q > p ? q : NULL;
}

/* A turn that is one "[LABEL] FROM-TO" move, the way Game Courier writes
 * nearly every one. */
struct plain_move {
    const char *label, *from, *to, *end; /* end: of the turn's text */
    size_t nlabel, nfrom, nto;           /* nlabel 0: no label */
    const char *stop;                    /* the line's '\n' or the next marker */
    int has_next;                        /* another turn follows, at *next */
    struct marker *next;                 /* where its marker goes: the caller's */
};

/* After the move's last square at q: the line's end, or one space and
 * the next marker. */
static inline int plain_end_at(const char *q, struct plain_move *pm)
{
    pm->end = q;
    q = skip_spaces(q);
    pm->stop = q;
    pm->has_next = *q != '\n';
    /* a digit right after the square's would have been one of its own:
     * one here follows white space */
    return !pm->has_next || (fmt_is_digit(*q) && marker_at(q, pm->next));
}

/* Is the turn at p one "P e2-e4" or "e2-e4" (white space around '-'
 * allowed), followed by white space, then the line's end or a marker?
 * Such a turn is read in one pass, where turn_end_at and parse_component
 * would each take it apart again, and they would find the same: it has
 * no ';', no "//" and no digit after white space but the next marker's,
 * and each word is a whole run of letters or digits, ended by white
 * space, '-' or the end.  Any other shape is left to them. */
static int plain_move_at(const char *p, struct plain_move *pm)
{
    p = skip_spaces(p);
    const char *q = p;
    while (fmt_is_alpha(*q))
        q++;
    pm->label = p;
    pm->nlabel = 0;
    if (q > p && q - p <= FMT_LABEL_LETTERS_MAX && fmt_is_space(*q)) {
        pm->nlabel = (size_t)(q - p);
        p = q = skip_spaces(q);
    }
    pm->from = p;
    if (!(q = square_end(p)))
        return 0;
    pm->nfrom = (size_t)(q - p);
    q = skip_spaces(q);
    if (*q != '-')
        return 0;
    q = skip_spaces(q + 1);
    pm->to = q;
    if (!(q = square_end(q)))
        return 0;
    pm->nto = (size_t)(q - pm->to);
    return plain_end_at(q, pm);
}

/* plain_move_at for the way Game Courier writes a move, " P e2-e4" or
 * " e2-e4" with one space, one-letter label and squares of one digit,
 * read from fixed places instead of by runs; 0 means "not this shape",
 * and plain_move_at decides.  Where it answers, it finds what
 * plain_move_at would: every byte it tests ends the run plain_move_at
 * reads there. */
static inline int usual_move_at(const char *p, struct plain_move *pm)
{
    if (*p++ != ' ')
        return 0;
    pm->label = p;
    pm->nlabel = 0;
    if (fmt_is_alpha(p[0]) && p[1] == ' ') {
        pm->nlabel = 1;
        p += 2;
    }
    if (!(fmt_is_alpha(p[0]) && fmt_is_digit(p[1]) && p[2] == '-' && fmt_is_alpha(p[3]) &&
          fmt_is_digit(p[4]) && (p[5] == '\n' || (p[5] == ' ' && fmt_is_digit(p[6])))))
        return 0;
    pm->from = p;
    pm->nfrom = 2;
    pm->to = p + 3;
    pm->nto = 2;
    return plain_end_at(p + 5, pm);
}

/* A placement on "dest" takes the target of the move before it in the
 * turn; with no move before it, it names nothing and is a syntax error. */
static void resolve_dest(struct fmt_turn *t)
{
    const char *last_to = NULL;
    for (size_t i = 0; i < t->ncomps; i++) {
        struct fmt_component *c = &t->comps[i];
        if (c->kind == FMT_COMP_MOVE)
            last_to = c->to;
        else if (c->kind == FMT_COMP_PLACE && strcmp(c->to, FMT_DEST_KEYWORD) == 0) {
            if (last_to)
                memcpy(c->to, last_to, sizeof c->to);
            else
                c->kind = FMT_COMP_BAD;
        }
    }
}

/* The components of t's text (tlen bytes at s, trimmed, semis of them
 * ';') into comps, each with its text copied to buf.  A lone component
 * is the whole text: it shares t->text rather than a copy of it. */
static void split_components(struct fmt_turn *t, struct fmt_component *comps,
                             const char *s, size_t tlen, size_t semis, char *buf)
{
    if (tlen == 0)
        return;
    t->comps = comps;
    if (semis == 0) {
        comps[0].text = t->text;
        fmt_log_classify_component(&comps[0], s, tlen);
        t->ncomps = 1;
        resolve_dest(t);
        return;
    }
    for (const char *p = s, *e = s + tlen; p <= e;) {
        const char *semi = memchr(p, ';', (size_t)(e - p));
        const char *cs = p, *ce = semi ? semi : e;
        fmt_trim(&cs, &ce);
        if (cs < ce) {
            struct fmt_component *c = &comps[t->ncomps++];
            size_t n = (size_t)(ce - cs);
            memcpy(buf, cs, n);
            buf[n] = '\0';
            c->text = buf;
            buf += n + 1;
            fmt_log_classify_component(c, cs, n);
        }
        if (!semi)
            break;
        p = semi + 1;
    }
    if (t->ncomps == 0)
        t->comps = NULL;  /* "5. ;": the storage is simply not used */
    resolve_dest(t);
}

/* Room for one more turn at the end of g->turns, or NULL.  The array is
 * in g's storage, like everything else of the game: a first one of 128
 * turns (nearly every game fits) shares the game's first block, and a
 * game that outgrows it moves to one twice as large, the old one left
 * until the game is released.  Its capacity is implicit, as for header
 * extras: doubled whenever the count reaches a power of two, so growth
 * stays linear without a capacity field. */
#define TURNS_FIRST 128

static int grow_turns(struct fmt_game *g)
{
    size_t n = g->nturns, cap = n ? n * 2 : TURNS_FIRST;
    if (cap > SIZE_MAX / sizeof *g->turns)
        return -1;
    struct fmt_turn *t = fmt_mem_alloc(g, cap * sizeof *t);
    if (!t)
        return -1;
    if (n)
        memcpy(t, g->turns, n * sizeof *t);
    g->turns = t;
    return 0;
}

/* The new turn is left unset: turn_storage and its callers set every
 * field once (zeroing it first would store each one twice). */
static inline struct fmt_turn *new_turn(struct fmt_game *g)
{
    size_t n = g->nturns;
    if ((n == 0 || (n >= TURNS_FIRST && (n & (n - 1)) == 0)) && grow_turns(g) != 0)
        return NULL;
    g->nturns = n + 1;
    return &g->turns[n];
}

/* A new turn of marker m and text [s, e) (trimmed) with its strings, and
 * room for `most` components after them in *comps, and for their texts
 * in *buf when there are several (together they never outgrow the
 * text).  One block of g's storage holds it all, not one block each: the
 * components first (the block is aligned for them), then the marker and
 * the text, copied at once with the white space between them, the first
 * byte of which becomes the marker's terminator.  The turn is set but
 * for comps, ncomps and marker_bad, which its components decide. */
static inline struct fmt_turn *turn_storage(struct fmt_game *g, int line,
                                            const struct marker *m,
                                            const char *s, const char *e, size_t most,
                                            struct fmt_component **comps, char **buf)
{
    size_t mlen = (size_t)(m->e - m->s), span = (size_t)(e - m->s);
    struct fmt_turn *t = new_turn(g);
    size_t texts = most > 1 ? (size_t)(e - s) + 1 : 0;
    *comps = t ? fmt_mem_alloc(g, most * sizeof **comps + span + 2 + texts) : NULL;
    if (!*comps)
        return NULL;
    t->number = m->number;
    t->side = m->side;
    t->line = line;
    t->marker = (char *)(*comps + most);
    if (s > m->e) {
        fmt_copy_short(t->marker, m->s, span);
        t->text = t->marker + (s - m->s);
    } else {
        fmt_copy_short(t->marker, m->s, mlen);
        t->text = t->marker + mlen + 1;
        fmt_copy_short(t->text, s, (size_t)(e - s));
    }
    t->marker[mlen] = '\0';
    t->text[e - s] = '\0';
    t->comment = NULL;
    t->unmarked = 0;
    *buf = t->text + (e - s) + 1;
    return t;
}

/* The turn of marker m and text [s, e), semis of its bytes ';'. */
static struct fmt_turn *add_turn(struct fmt_game *g, int line, const struct marker *m,
                                 const char *s, const char *e, size_t semis)
{
    fmt_trim(&s, &e);
    size_t tlen = (size_t)(e - s);
    struct fmt_component *comps;
    char *buf;
    /* no line that fits in memory makes turn_storage's sum overflow (a
     * plain turn's is smaller); an absurd one that would is refused as
     * out of memory */
    size_t most = tlen ? semis + 1 : 0;
    if (((size_t)(e - m->s) | most) > SIZE_MAX / 64)
        return NULL;
    struct fmt_turn *t = turn_storage(g, line, m, s, e, most, &comps, &buf);
    if (!t)
        return NULL;
    t->comps = NULL;
    t->ncomps = 0;
    split_components(t, comps, s, tlen, semis, buf);
    t->marker_bad = !m->good || t->ncomps == 0;
    return t;
}

/* A square's name, a letter and at least one digit, into its zeroed
 * field: two bytes are always there, so most names take no loop. */
static inline void put_square(char *dst, const char *s, size_t n)
{
    if (n > FMT_SQUARE_MAX - 1)
        n = FMT_SQUARE_MAX - 1;  /* an absurd square: never on a board anyway */
    dst[0] = s[0];
    dst[1] = s[1];
    for (size_t i = 2; i < n; i++)
        dst[i] = s[i];
}

/* The turn of marker m that is the plain move pm: what add_turn would
 * make of it, without reading it again. */
static inline struct fmt_turn *add_plain_turn(struct fmt_game *g, int line,
                                              const struct marker *m,
                                              const struct plain_move *pm)
{
    struct fmt_component *c;
    char *buf;
    struct fmt_turn *t = turn_storage(g, line, m, pm->label, pm->end, 1, &c, &buf);
    if (!t)
        return NULL;
    memset(c, 0, sizeof *c);
    c->kind = FMT_COMP_MOVE;
    if (pm->nlabel > 0)  /* at most FMT_LABEL_LETTERS_MAX, 2 */
        c->label[0] = pm->label[0];
    if (pm->nlabel > 1)
        c->label[1] = pm->label[1];
    put_square(c->from, pm->from, pm->nfrom);
    put_square(c->to, pm->to, pm->nto);
    c->text = t->text;
    t->comps = c;
    t->ncomps = 1;
    t->marker_bad = !m->good;
    return t;
}

/* The '\n' that ends the line of p (end: where the text ends). */
static const char *line_end(const char *p, const char *end)
{
    return memchr(p, '\n', (size_t)(end - p));
}

enum line_kind {
    LINE_TURNS,   /* one or more turns were added to the game */
    LINE_COMMENT, /* a // comment line: belongs to no turn */
    LINE_OTHER,   /* does not start with a turn marker */
    LINE_NOMEM
};

/* The turns from marker m to the end of its line (e), read by the
 * component grammar where they are not plain moves. */
static enum line_kind general_turns(struct fmt_game *g, int line, struct marker m,
                                    const char *e, int plain)
{
    struct turn_end end;
    struct marker next;
    struct plain_move pm = {.next = &next};
    struct fmt_turn *last;
    for (;;) {
        turn_end_at(m.e, e, &end);
        last = add_turn(g, line, &m, m.e, end.at, end.semis);
        if (!last)
            return LINE_NOMEM;
        if (!end.has_next)
            break;
        m = end.next;
        /* back to the plain reading as soon as a turn allows it */
        while (plain && plain_move_at(m.e, &pm)) {
            if (!add_plain_turn(g, line, &m, &pm))
                return LINE_NOMEM;
            if (!pm.has_next)
                return LINE_TURNS;
            m = next;
        }
    }
    if (end.comment) {
        /* gcaudit(1), Moves: the comment goes with the last turn of its line */
        const char *cs = end.comment + 2, *ce = e;
        fmt_trim(&cs, &ce);
        if (cs < ce && !(last->comment = fmt_mem_strndup(g, cs, (size_t)(ce - cs))))
            return LINE_NOMEM;
    }
    return LINE_TURNS;
}

/* A marker's bytes (digits, dots, '…') are never '/', so a marker never
 * runs into a "//" comment, and a comment line is one whose first
 * non-space bytes are "//".  The line's end is looked for only when a
 * turn is not a plain move: a plain move's reading stops there. */
static inline enum line_kind moves_line(struct fmt_game *g, const char *s,
                                        const char *end, int line, const char **eol,
                                        int plain)
{
    /* Two markers, the turn's and the next one's, taking turns: a marker
     * is filled a field at a time, and copying it whole right after
     * (16 bytes at a time) waited for those stores to land, a stall a
     * turn that took over a third of this function's samples. */
    struct marker mk[2], *m = &mk[0];
    struct plain_move pm;
    if (s[0] == '/' && s[1] == '/') {
        *eol = line_end(s, end);
        return LINE_COMMENT;  /* gcaudit(1), Moves: belongs to no turn */
    }
    if (!marker_at(s, m)) {
        *eol = line_end(s, end);
        return LINE_OTHER;
    }
    for (; plain;) {
        pm.next = m == &mk[0] ? &mk[1] : &mk[0];
        /* two calls, so that the usual move's is compiled for its sizes */
        if (usual_move_at(m->e, &pm)) {
            if (!add_plain_turn(g, line, m, &pm))
                return LINE_NOMEM;
        } else if (plain_move_at(m->e, &pm)) {
            if (!add_plain_turn(g, line, m, &pm))
                return LINE_NOMEM;
        } else {
            break;
        }
        if (!pm.has_next) {
            *eol = pm.stop;  /* nothing else on the line */
            return LINE_TURNS;
        }
        m = pm.next;
    }
    *eol = line_end(m->e, end);
    return general_turns(g, line, *m, *eol, plain);
}

/* fmt_log_moves, with the plain readers (usual_move_at, plain_move_at)
 * or without them (plain 0: every turn by the component grammar). */
static inline enum fmt_moves_stop read_moves(struct fmt_game *g, struct fmt_moves *mv,
                                             const char *limit, const char *end, int plain)
{
    const char *pos = mv->pos, *eol;
    int line = mv->line;
    enum fmt_moves_stop stop = FMT_MOVES_LIMIT;
    while (pos < limit) {
        const char *first = skip_spaces(pos);
        if (*first != '\n') {
            if (fmt_is_alpha(*first)) {
                stop = FMT_MOVES_LETTER;
                break;
            }
            enum line_kind k = moves_line(g, first, end, line, &eol, plain);
            if (k == LINE_NOMEM) {
                stop = FMT_MOVES_NOMEM;
                break;
            }
            if (k == LINE_OTHER) {
                stop = FMT_MOVES_OTHER;
                mv->first = first;
                mv->eol = eol;
                break;
            }
            first = eol;
        }
        pos = first + 1;
        if (line < INT_MAX)
            line++;
        /* A part of a long game is full (fmt_parser_in_parts). */
        if (g->nturns >= mv->max_turns)
            break;
    }
    mv->pos = pos;
    mv->line = line;
    return stop;
}

enum fmt_moves_stop fmt_log_moves(struct fmt_game *g, struct fmt_moves *mv,
                                  const char *limit, const char *end)
{
    return read_moves(g, mv, limit, end, 1);
}

enum fmt_moves_stop fmt_log_moves_general(struct fmt_game *g, struct fmt_moves *mv,
                                          const char *limit, const char *end)
{
    return read_moves(g, mv, limit, end, 0);
}

/* ------------------------------------------------ moves without markers */

int fmt_log_starts_with_marker(const char *s, const char *e)
{
    while (s < e && fmt_is_space(*s))
        s++;
    const char *d = s;
    while (s < e && fmt_is_digit(*s))
        s++;
    if (s == d || s == e)
        return 0;
    return *s == '.' || (e - s >= 3 && is_ellipsis(s));
}

/* Does every component of the ply [s, e) read?  (What a line must show to
 * open a section without markers: prose does not.) */
static int ply_reads(const char *s, const char *e)
{
    for (const char *p = s; p <= e;) {
        const char *semi = memchr(p, ';', (size_t)(e - p));
        const char *cs = p, *ce = semi ? semi : e;
        fmt_trim(&cs, &ce);
        if (cs < ce) {
            struct fmt_component c = {0};
            fmt_log_classify_component(&c, cs, (size_t)(ce - cs));
            if (c.kind == FMT_COMP_BAD)
                return 0;
        }
        if (!semi)
            break;
        p = semi + 1;
    }
    return 1;
}

/* Where the comment of the line [s, e) starts, or e. */
static const char *comment_start(const char *s, const char *e)
{
    for (const char *p = s; p + 1 < e; p++)
        if (p[0] == '/' && p[1] == '/')
            return p;
    return e;
}

/* Is the ply [s, e) one word of at most 8 bytes holding a digit, or
 * castling written O-O: a move, written as Game Courier does not? */
static int move_like_word(const char *s, const char *e)
{
    if (e - s > 8)
        return 0;
    int digit = 0;
    for (const char *p = s; p < e; p++) {
        if (fmt_is_space(*p))
            return 0;
        digit |= fmt_is_digit(*p);
    }
    return digit || (e - s >= 3 && strncmp(s, "O-O", 3) == 0);
}

void fmt_log_plies_survey(const char *s, const char *e, struct fmt_plies_survey *sv)
{
    memset(sv, 0, sizeof *sv);
    const char *stop = comment_start(s, e);
    for (const char *p = s; p <= stop;) {
        const char *comma = memchr(p, ',', (size_t)(stop - p));
        const char *ps = p, *pe = comma ? comma : stop;
        fmt_trim(&ps, &pe);
        if (ps < pe) {
            sv->plies++;
            if (ply_reads(ps, pe)) {
                sv->read++;
                sv->words++;
            } else {
                sv->words += move_like_word(ps, pe);
                if (!sv->bad)
                    sv->bad = ps, sv->nbad = (size_t)(pe - ps);
            }
        }
        if (!comma)
            break;
        p = comma + 1;
    }
}

int fmt_log_plies(struct fmt_game *g, int line, const char *s, const char *e)
{
    const char *comment = comment_start(s, e);
    const char *stop = comment;
    struct fmt_turn *last = NULL;
    int plies = 0;
    for (const char *p = s; p <= stop;) {
        const char *comma = memchr(p, ',', (size_t)(stop - p));
        const char *ps = p, *pe = comma ? comma : stop;
        fmt_trim(&ps, &pe);
        if (ps < pe) {
            size_t semis = 0;
            for (const char *q = ps; q < pe; q++)
                semis += *q == ';';
            /* An empty marker at the ply: add_turn keeps "" for it. */
            struct marker m = {ps, ps, 0, 1, FMT_WHITE};
            if (!(last = add_turn(g, line, &m, ps, pe, semis)))
                return -1;
            last->unmarked = 1;
            plies++;
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    if (last && comment < e) {
        const char *cs = comment + 2, *ce = e;
        fmt_trim(&cs, &ce);
        if (cs < ce && !(last->comment = fmt_mem_strndup(g, cs, (size_t)(ce - cs))))
            return -1;
    }
    return plies;
}
