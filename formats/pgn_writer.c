/*
 * pgn_writer: the text of one game in Portable Game Notation, in the
 * standard's export format (PGN standard, section 3.2): tag pairs one a
 * line, a blank line, the movetext in lines of at most 79 characters, a
 * blank line after the game.
 *
 * Tag values and comments come from logs written by anyone: a byte that
 * is no printable UTF-8 is written as "\xNN" (fmt_escape, the reports'
 * rule) and a tab as a space, so that a value stays on its line; in a tag
 * value '\' and '"' are escaped with '\' (8.1.1), and in a comment, which
 * PGN cannot escape anything in, '}' becomes ')' so that it cannot end
 * the comment early.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"

/* The export format's longest line (3.2.2: "no more than 79 characters"). */
#define LINE_MAX_CHARS 79

static void add(struct fmt_pgn *w, const char *s, size_t n)
{
    if (!w->failed && fmt_buf_add(w->out, s, n) != FMT_OK)
        w->failed = 1;
}

static void add_str(struct fmt_pgn *w, const char *s) { add(w, s, strlen(s)); }

/* s made printable (fmt_escape) with tabs as spaces: a malloc'd string,
 * or NULL when out of memory. */
static char *printable(const char *s)
{
    char *p = fmt_escape(s);
    for (char *c = p; c && *c; c++)
        if (*c == '\t')
            *c = ' ';
    return p;
}

void fmt_pgn_begin(struct fmt_pgn *w, struct fmt_buf *out)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->number = 1;
}

void fmt_pgn_tag(struct fmt_pgn *w, const char *name, const char *value)
{
    char *v = printable(value);
    if (!v) {
        w->failed = 1;
        return;
    }
    add_str(w, "[");
    add_str(w, name);
    add_str(w, " \"");
    for (const char *c = v; *c; c++) {
        if (*c == '\\' || *c == '"')
            add(w, "\\", 1);
        add(w, c, 1);
    }
    add_str(w, "\"]\n");
    free(v);
}

void fmt_pgn_moves_start(struct fmt_pgn *w, int number, int black_first)
{
    add(w, "\n", 1);
    w->line = 0;
    w->number = number > 0 ? number : 1;
    w->black = black_first != 0;
    w->renumber = 1;
}

/* One token of the movetext, after a space or on a new line when the line
 * would grow past LINE_MAX_CHARS.  A line never starts with '%', which
 * would make it an escape line (3.2.2): such a token stays on its line. */
static void token(struct fmt_pgn *w, const char *s, size_t n)
{
    if (w->line > 0 && w->line + 1 + n > LINE_MAX_CHARS && s[0] != '%') {
        add(w, "\n", 1);
        w->line = 0;
    } else if (w->line > 0) {
        add(w, " ", 1);
        w->line++;
    }
    add(w, s, n);
    w->line += n;
}

void fmt_pgn_move(struct fmt_pgn *w, const char *san)
{
    /* White's move always has its number; Black's only when something
     * came between (a comment, or the start: 8.2.2.2).  Written without
     * printf, which cost a tenth of an export. */
    if (!w->black || w->renumber) {
        char number[32], *p = number + 16;
        unsigned v = (unsigned)w->number;
        do
            *--p = (char)('0' + v % 10);
        while (v /= 10);
        size_t n = (size_t)(number + 16 - p);
        memmove(number, p, n);
        memcpy(number + n, w->black ? "..." : ".", w->black ? 4 : 2);
        token(w, number, n + (w->black ? 3 : 1));
    }
    token(w, san, strlen(san));
    w->renumber = 0;
    if (w->black)
        w->number++;
    w->black = !w->black;
}

void fmt_pgn_comment(struct fmt_pgn *w, const char *text)
{
    char *t = printable(text);
    size_t len = t ? strlen(t) : 0;
    char *c = t ? malloc(len + 3) : NULL;
    if (!c) {
        free(t);
        w->failed = 1;
        return;
    }
    c[0] = '{';
    for (size_t i = 0; i < len; i++)
        c[i + 1] = t[i] == '}' ? ')' : t[i];
    memcpy(c + len + 1, "}", 2);
    /* Word by word, so that a long comment wraps like the moves. */
    for (const char *s = c; *s;) {
        size_t n = strcspn(s, " ");
        if (n)
            token(w, s, n);
        s += n;
        s += strspn(s, " ");
    }
    free(c);
    free(t);
    w->renumber = 1;
}

enum fmt_rc fmt_pgn_end(struct fmt_pgn *w, const char *result)
{
    token(w, result, strlen(result));
    add(w, "\n\n", 2);
    return w->failed ? FMT_FATAL : FMT_OK;
}
