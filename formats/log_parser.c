/*
 * The log parser's outer layer (gcaudit(1) LOG FORMAT): it cuts an
 * entry's text into games, reads each game's header block, hands the lines
 * of its moves section to log_turns.c, and records a game that cannot be
 * tokenised as malformed.  Each game's strings live in a small arena that
 * the game owns (log_mem.c), so a game costs a few allocations, not one
 * per token.
 *
 * Lines are classified once, in this order:
 *   - blank: only white space;
 *   - header: optional white space, a key that starts with an ASCII
 *     letter and goes on with letters, digits, '-' or '_', optional spaces
 *     or tabs, then ':'; the value is the rest of the line, trimmed, and
 *     may be empty.  The spaces before ':' are allowed because the input
 *     walker's Game: sniff (input_text.c) allows them: an entry let through
 *     for its Game: line must yield that game.  A moves line always starts
 *     with a digit or '/', so it is never a header;
 *   - anything else belongs to a moves section (log_turns.c decides).
 *
 * The parser walks the text once; a header block is read twice at most
 * (once while seeking its Game: line, once to store it).
 *
 * The text is either given whole (fmt_parser_new) or read from a source
 * in windows (fmt_parser_new_stream), so that an entry of 255 MiB costs
 * a window, not its size (issue 15).  The window holds whole lines only,
 * up to p->end; the bytes of a line not yet ended wait after it.  Every
 * loop below asks have_text() for the next line, which slides the window
 * on when it is used up, keeping the lines still needed: from the line at
 * pos, or from the start of the header block seek_game may go back to
 * (p->keep).  Nothing else points into the window across that call: a
 * game's strings are copies (log_mem.c), and fmt_log_moves reads lines
 * that are all in it.  Whole text is one window that never slides.
 */
#include "formats/log_internal.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- lines */

struct text_line {
    const char *s;    /* first byte */
    size_t len;       /* bytes, without the '\n' */
    const char *next; /* start of the following line */
};

static void line_at(const char *pos, const char *end, struct text_line *l)
{
    const char *nl = memchr(pos, '\n', (size_t)(end - pos));
    l->s = pos;
    l->len = (size_t)((nl ? nl : end) - pos);
    l->next = nl ? nl + 1 : end;
}

struct header_line {
    const char *key, *value;
    size_t klen, vlen;
};

/* The header-line rule of the comment at the top of this file. */
static int header_line(const struct text_line *l, struct header_line *h)
{
    const char *p = l->s, *e = l->s + l->len;
    while (p < e && fmt_is_space(*p))
        p++;
    if (p == e || !fmt_is_alpha(*p))
        return 0;
    const char *k = p;
    while (p < e && (fmt_is_alpha(*p) || fmt_is_digit(*p) || *p == '-' || *p == '_'))
        p++;
    h->key = k;
    h->klen = (size_t)(p - k);
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    if (p == e || *p != ':')
        return 0;
    const char *v = p + 1;
    fmt_trim(&v, &e);
    h->value = v;
    h->vlen = (size_t)(e - v);
    return 1;
}

/* name: lower case, n bytes. */
static int key_is_n(const struct header_line *h, const char *name, size_t n)
{
    if (h->klen != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (fmt_to_lower(h->key[i]) != name[i])
            return 0;
    return 1;
}

#define key_is(h, name) key_is_n((h), (name), sizeof(name) - 1)

/* ------------------------------------------------------------- header */

#define KNOWN(name) {#name, sizeof #name - 1, offsetof(struct fmt_game, name)}

/* Sorted by length, which tells most keys apart: a header line is
 * compared with the keys of its key's length only. */
static const struct {
    const char *name;  /* lower case */
    size_t len;        /* of name */
    size_t off;        /* of the char * field in struct fmt_game */
} known_keys[] = {
    KNOWN(log),
    KNOWN(game),
    KNOWN(event), KNOWN(round), KNOWN(white), KNOWN(black), KNOWN(ended),
    KNOWN(status), KNOWN(result),
    KNOWN(started),
    KNOWN(settings),
};

/* known_keys[by_len[n]] is the first key of length n (when there is one),
 * known_keys[by_len[n + 1]] the first past them. */
#define KEY_LEN_MAX 8
static const unsigned char by_len[KEY_LEN_MAX + 2] = {0, 0, 0, 0, 1, 2, 7, 9, 10, 11};

static int add_extra(struct fmt_game *g, const struct header_line *h)
{
    /* Capacity is implicit: 4, then doubled whenever the count reaches a
     * power of two, so the public struct needs no capacity field. */
    size_t n = g->nextra;
    if (n == 0 || (n >= 4 && (n & (n - 1)) == 0)) {
        size_t cap = n ? n * 2 : 4;
        if (cap > SIZE_MAX / sizeof *g->extra)
            return -1;
        struct fmt_header_field *x = realloc(g->extra, cap * sizeof *x);
        if (!x)
            return -1;
        g->extra = x;
    }
    char *key = fmt_mem_strndup(g, h->key, h->klen);
    char *value = fmt_mem_strndup(g, h->value, h->vlen);
    if (!key || !value)
        return -1;
    g->extra[n].key = key;
    g->extra[n].value = value;
    g->nextra = n + 1;
    return 0;
}

static int store_header(struct fmt_game *g, const struct header_line *h)
{
    size_t n = h->klen <= KEY_LEN_MAX ? h->klen : 0;
    for (size_t i = by_len[n]; i < by_len[n + 1]; i++) {
        if (key_is_n(h, known_keys[i].name, known_keys[i].len)) {
            char *v = fmt_mem_strndup(g, h->value, h->vlen);
            if (!v)
                return -1;
            /* gcaudit(1), Header: a repeated key keeps the last value. */
            *(char **)((char *)g + known_keys[i].off) = v;
            return 0;
        }
    }
    return add_extra(g, h);
}

static int ascii_casecmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int d = (unsigned char)fmt_to_lower(*a) - (unsigned char)fmt_to_lower(*b);
        if (d || !*a)
            return d;
    }
}

struct extra_ref {
    const char *key;
    size_t at;  /* position in g->extra */
};

static int extra_ref_cmp(const void *a, const void *b)
{
    const struct extra_ref *x = a, *y = b;
    int d = ascii_casecmp(x->key, y->key);
    if (d)
        return d;
    return (x->at > y->at) - (x->at < y->at);
}

/* The same for unknown keys (gcaudit(1), Header): one entry per key
 * (case-insensitive), at the place of its first line, holding its last
 * line.  Sorting instead of
 * searching keeps a huge header block from costing quadratic time. */
static int merge_extras(struct fmt_game *g)
{
    size_t n = g->nextra;
    if (n < 2)
        return 0;
    struct extra_ref *r = malloc(n * sizeof *r);
    if (!r)
        return -1;
    for (size_t i = 0; i < n; i++)
        r[i] = (struct extra_ref){g->extra[i].key, i};
    qsort(r, n, sizeof *r, extra_ref_cmp);
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && ascii_casecmp(r[i].key, r[j].key) == 0; j++)
            ;
        if (j - i > 1) {
            g->extra[r[i].at] = g->extra[r[j - 1].at];
            for (size_t k = i + 1; k < j; k++)
                g->extra[r[k].at].key = NULL;
        }
    }
    free(r);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (g->extra[i].key)
            g->extra[kept++] = g->extra[i];
    g->nextra = kept;
    return 0;
}

/* ------------------------------------------------------------- parser */

struct fmt_parser {
    const char *pos;  /* start of the next line to read */
    const char *end;  /* end of the text (streamed: of the window's whole lines) */
    const char *tail; /* start of a last line with no '\n' after it; else end */
    const char *keep; /* streamed: seek_game's header block, kept in the window; or NULL */
    int line;         /* number of the line at pos */
    int ngames;       /* games returned so far */
    int at_header;    /* pos is a header line that starts the next game;
                         else seek the next Game: line (gcaudit(1):
                         Header, Malformed games) */
    size_t part;      /* turns of a game handed over at once (fmt_parser_in_parts) */
    /* Streamed text (fmt_parser_new_stream); read is NULL for whole text. */
    fmt_text_fn read;
    void *ctx;
    char *win;        /* the window: text read, from the first line still needed */
    size_t len, cap;  /* bytes in it, its size */
    size_t most;      /* the largest cap so far (fmt_parser_window) */
    int eof;          /* read said the text ends */
    int failed;       /* out of memory or read failed: the parser stops */
};

fmt_parser *fmt_parser_new(const char *text, size_t len)
{
    fmt_parser *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->pos = text ? text : "";
    p->end = p->pos + (text ? len : 0);
    p->tail = p->end;
    while (p->tail > p->pos && p->tail[-1] != '\n')
        p->tail--;
    p->part = SIZE_MAX;
    p->line = 1;
    return p;
}

fmt_parser *fmt_parser_new_stream(fmt_text_fn read, void *ctx)
{
    fmt_parser *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->read = read;
    p->ctx = ctx;
    p->pos = p->end = p->tail = "";
    p->part = SIZE_MAX;
    p->line = 1;
    return p;
}

void fmt_parser_free(fmt_parser *p)
{
    if (p)
        free(p->win);
    free(p);
}

size_t fmt_parser_window(const fmt_parser *p) { return p->most; }

/* Slide the window on: drop the lines before pos (or keep), read until a
 * whole line follows pos or the text ends.  0, or -1 (p->failed). */
static int slide(fmt_parser *p)
{
    const char *from = p->keep && p->keep < p->pos ? p->keep : p->pos;
    size_t drop = p->win ? (size_t)(from - p->win) : 0;
    size_t at = p->win ? (size_t)(p->pos - p->win) - drop : 0;
    size_t keep_at = p->keep ? (size_t)(p->keep - p->win) - drop : 0;
    if (drop) {
        memmove(p->win, p->win + drop, p->len - drop);
        p->len -= drop;
    }
    size_t scanned = at;  /* no '\n' at or after pos before this */
    for (;;) {
        const char *nl = p->len > scanned ? memchr(p->win + scanned, '\n', p->len - scanned)
                                          : NULL;
        if (nl || p->eof)
            break;
        scanned = p->len;
        if (p->cap - p->len < FMT_PARSER_READ) {
            size_t cap = p->cap ? p->cap * 2 : FMT_PARSER_WINDOW;
            while (cap - p->len < FMT_PARSER_READ)
                cap *= 2;
            char *w = realloc(p->win, cap);
            if (!w) {
                p->failed = 1;
                return -1;
            }
            p->win = w;
            p->cap = cap;
            if (cap > p->most)
                p->most = cap;
        }
        ptrdiff_t got = p->read(p->ctx, p->win + p->len, p->cap - p->len);
        if (got < 0) {
            p->failed = 1;
            return -1;
        }
        if (got == 0)
            p->eof = 1;
        p->len += (size_t)got;
    }
    const char *w = p->win ? p->win : "";
    p->pos = w + at;
    p->keep = p->keep ? w + keep_at : NULL;
    if (p->eof) {
        p->end = w + p->len;
        p->tail = p->end;
        while (p->tail > p->pos && p->tail[-1] != '\n')
            p->tail--;
    } else {
        const char *e = w + p->len;
        while (e[-1] != '\n')
            e--;
        p->end = p->tail = e;
    }
    return 0;
}

/* Is there a line at pos?  Slides a streamed window on when it is used up. */
static int have_text(fmt_parser *p)
{
    if (p->pos < p->end)
        return 1;
    if (!p->read || p->eof || p->failed || slide(p) != 0)
        return 0;
    return p->pos < p->end;
}

static void advance(fmt_parser *p, const struct text_line *l)
{
    p->pos = l->next;
    if (p->line < INT_MAX)
        p->line++;
}

/* Before the first game and after a malformed one, only a Game: line
 * starts a game, together with the header lines directly above it.
 * Leaves pos on the first line of that header block; 0 at end of text. */
static int seek_game(fmt_parser *p)
{
    int block_line = 0;
    struct text_line l;
    struct header_line h;
    p->keep = NULL;
    while (have_text(p)) {
        line_at(p->pos, p->end, &l);
        if (header_line(&l, &h)) {
            if (!p->keep) {
                p->keep = l.s;
                block_line = p->line;
            }
            if (key_is(&h, "game")) {
                p->pos = p->keep;
                p->line = block_line;
                p->keep = NULL;
                return 1;
            }
        } else {
            p->keep = NULL;
        }
        advance(p, &l);
    }
    p->keep = NULL;
    return 0;
}

enum header_end {
    HEADER_DONE,      /* the header is read; the moves section follows */
    HEADER_NEXT_GAME, /* a second Game: line starts the next game at once */
    HEADER_NO_GAME,   /* the block has no Game: key */
    HEADER_NOMEM
};

/* Read the header block at pos.  A second Game: key is not a repeated key
 * but the next game (gcaudit(1), Header); the
 * lines already read stay with this game. */
static enum header_end read_header(fmt_parser *p, struct fmt_game *g)
{
    int have_game = 0;
    struct text_line l;
    struct header_line h;
    g->line = p->line;
    while (have_text(p)) {
        line_at(p->pos, p->end, &l);
        if (!header_line(&l, &h))
            break;
        if (key_is(&h, "game")) {
            if (have_game)
                return HEADER_NEXT_GAME;
            have_game = 1;
        }
        if (store_header(g, &h) != 0)
            return HEADER_NOMEM;
        advance(p, &l);
    }
    if (merge_extras(g) != 0)
        return HEADER_NOMEM;
    return have_game ? HEADER_DONE : HEADER_NO_GAME;
}

#define QUOTE_MAX 60 /* bytes of an offending line quoted in a reason */

static int set_malformed(struct fmt_game *g, int line, const char *reason,
                         const char *quote, size_t qlen)
{
    const char *dots = "";
    if (qlen > QUOTE_MAX) {
        qlen = QUOTE_MAX;
        /* never cut a UTF-8 sequence: back off over continuation bytes */
        while (qlen > 0 && ((unsigned char)quote[qlen] & 0xC0) == 0x80)
            qlen--;
        dots = "...";
    }
    size_t n = strlen(reason) + qlen + 8;
    char *r = fmt_mem_alloc(g, n);
    if (!r)
        return -1;
    if (quote)
        snprintf(r, n, "%s: \"%.*s%s\"", reason, (int)qlen, quote, dots);
    else
        snprintf(r, n, "%s", reason);
    g->malformed = 1;
    g->malformed_line = line;
    g->malformed_reason = r;
    return 0;
}

enum moves_step {
    MOVES_MORE,   /* lines were read: go on */
    MOVES_HEADER, /* pos is a header line: the next game starts there */
    MOVES_DONE,   /* the game is malformed and pos past its bad line */
    MOVES_NOMEM
};

/* Past n bytes of the text (a copy's last '\n' counted), never past its end. */
static void advance_by(fmt_parser *p, size_t n)
{
    p->pos = n < (size_t)(p->end - p->pos) ? p->pos + n : p->end;
}

/* A moves section without turn markers (fmt_log_plies), from its first
 * line at pos: every line is plies, a comment or blank, up to a header
 * line (the next game) or the end.  A line with a turn marker in such a
 * section makes the game malformed: the two forms do not mix. */
static enum moves_step read_plies(fmt_parser *p, struct fmt_game *g)
{
    struct text_line l;
    struct header_line h;
    while (have_text(p)) {
        line_at(p->pos, p->end, &l);
        const char *s = l.s, *e = l.s + l.len;
        fmt_trim(&s, &e);
        if (s < e && !(e - s >= 2 && s[0] == '/' && s[1] == '/')) {
            if (header_line(&l, &h)) {
                p->at_header = 1;
                return MOVES_HEADER;
            }
            if (fmt_log_starts_with_marker(s, e)) {
                if (set_malformed(g, p->line,
                                  "turn marker in a list of moves without turn markers", s,
                                  (size_t)(e - s)) != 0)
                    return MOVES_NOMEM;
                advance(p, &l);
                return MOVES_DONE;
            }
            if (fmt_log_plies(g, p->line, s, e) < 0)
                return MOVES_NOMEM;
        }
        advance(p, &l);
    }
    return MOVES_DONE;
}

/* The lines at s (pos, or a copy of its line) up to limit, each ended by
 * a '\n' before end, while they are blank, comments or turns; then what
 * stopped them.  A line whose first non-space byte is a letter may be a
 * header line, which ends the moves section; any other line that is not
 * turns makes the game malformed. */
static enum moves_step moves_lines(fmt_parser *p, struct fmt_game *g, const char *s,
                                   const char *limit, const char *end)
{
    struct fmt_moves mv = {s, p->line, NULL, NULL, p->part};
    enum fmt_moves_stop stop = fmt_log_moves(g, &mv, limit, end);
    advance_by(p, (size_t)(mv.pos - s));
    p->line = mv.line;
    if (stop == FMT_MOVES_NOMEM)
        return MOVES_NOMEM;
    if (stop == FMT_MOVES_LIMIT)
        return MOVES_MORE;
    if (stop == FMT_MOVES_LETTER) {
        struct text_line l;
        struct header_line h;
        line_at(mv.pos, end, &l);
        if (header_line(&l, &h)) {
            p->at_header = 1;
            return MOVES_HEADER;
        }
        mv.first = l.s;
        mv.eol = l.s + l.len;
    }
    const char *q = mv.first, *e = mv.eol;
    fmt_trim(&q, &e);
    /* A first moves line that is plies without a marker opens a section
     * of Game Courier's own move list, read on from pos: the line stopped
     * at, in the text itself (not the copy of a last line). */
    struct fmt_plies_survey sv;
    if (g->nturns == 0)
        fmt_log_plies_survey(q, e, &sv);
    if (g->nturns == 0 && sv.plies > 0 && sv.read == sv.plies)
        return read_plies(p, g);
    /* gcaudit(1), Malformed games: the next call seeks a Game: line.  A
     * list of moves written otherwise (e4, e4xd5) names the first move
     * that does not read; any other line is quoted. */
    int rc;
    if (g->nturns == 0 && sv.words == sv.plies && (sv.plies >= 2 || sv.read == 0) && sv.bad &&
        sv.nbad <= 8) {
        char reason[256];
        snprintf(reason, sizeof reason,
                 "move list without turn markers: \"%.*s\" does not read as a move: %s",
                 (int)sv.nbad, sv.bad, FMT_MOVE_FORMS);
        rc = set_malformed(g, p->line, reason, NULL, 0);
    } else {
        rc = set_malformed(g, p->line, "line does not start with a turn marker", q,
                           (size_t)(e - q));
    }
    if (rc != 0)
        return MOVES_NOMEM;
    advance_by(p, (size_t)(mv.eol - mv.pos) + 1);
    if (p->line < INT_MAX)
        p->line++;
    return MOVES_DONE;
}

/* The last line of a text that does not end with '\n', read from a copy
 * that does, so that every line ends the same way. */
static enum moves_step moves_last_line(fmt_parser *p, struct fmt_game *g)
{
    size_t n = (size_t)(p->end - p->pos);
    char *copy = malloc(n + 1);
    if (!copy)
        return MOVES_NOMEM;
    memcpy(copy, p->pos, n);
    copy[n] = '\n';
    enum moves_step step = moves_lines(p, g, copy, copy + n + 1, copy + n + 1);
    free(copy);
    return step;
}

/* Read the moves section up to the next header line (which starts the
 * next game, gcaudit(1) Header) or the end of the text.  0, or -1 when out of
 * memory. */
static int read_moves(fmt_parser *p, struct fmt_game *g)
{
    p->at_header = 0;
    g->more = 0;
    while (have_text(p)) {
        enum moves_step step = p->pos < p->tail ? moves_lines(p, g, p->pos, p->tail, p->end)
                                                : moves_last_line(p, g);
        if (step == MOVES_NOMEM)
            return -1;
        if (step != MOVES_MORE)
            return 0;
        if (g->nturns >= p->part) {
            /* A part is full: the rest comes with fmt_parser_more. */
            g->more = have_text(p);
            return p->failed ? -1 : 0;
        }
    }
    return p->failed ? -1 : 0;
}

static int parse_game(fmt_parser *p, struct fmt_game *g)
{
    enum header_end he = read_header(p, g);
    if (he == HEADER_NOMEM || fmt_log_declared(g) != 0)
        return -1;
    switch (he) {
    case HEADER_NO_GAME:
        /* gcaudit(1), Header: only possible after the first game */
        p->at_header = 0;
        return set_malformed(g, g->line, "header block has no Game: key", NULL, 0);
    case HEADER_NEXT_GAME:
        p->at_header = 1;
        return 0;
    default:
        /* What the parts of a long game keep: the header, read. */
        fmt_mem_mark(g);
        return read_moves(p, g);
    }
}

void fmt_parser_in_parts(fmt_parser *p, size_t turns)
{
    p->part = turns ? turns : SIZE_MAX;
}

enum fmt_rc fmt_parser_more(fmt_parser *p, struct fmt_game *game)
{
    if (!game->more)
        return FMT_EOF;
    fmt_mem_rewind(game);
    game->turns = NULL;
    game->nturns = 0;
    if (read_moves(p, game) != 0 || p->failed) {
        fmt_game_release(game);
        return FMT_FATAL;
    }
    return FMT_OK;
}

enum fmt_rc fmt_parser_next(fmt_parser *p, struct fmt_game *game)
{
    memset(game, 0, sizeof *game);
    if (!p->at_header && !seek_game(p))
        return p->failed ? FMT_FATAL : FMT_EOF;
    if (!have_text(p))
        return p->failed ? FMT_FATAL : FMT_EOF;
    game->index = p->ngames < INT_MAX ? ++p->ngames : INT_MAX;
    if (parse_game(p, game) != 0 || p->failed) {
        fmt_game_release(game);
        return FMT_FATAL;
    }
    return FMT_OK;
}
