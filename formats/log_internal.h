/*
 * Private to the log parser (log_*.c): the character classes the parser
 * agrees on, and what its parts offer one another.  log_parser.c splits
 * an entry into games, headers and moves sections; log_turns.c turns one
 * moves line into turns, whose components log_components.c reads;
 * log_status.c reads the declared results from the header; their
 * strings are allocated in the game's arena (log_mem.h).
 */
#ifndef GC_FORMATS_LOG_INTERNAL_H
#define GC_FORMATS_LOG_INTERNAL_H

#include "formats/formats.h"
#include "formats/log_mem.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* --------------------------------------------------------- characters */

/* ASCII only, on purpose: the C library's ctype functions depend on the
 * locale and are undefined for negative chars, and none of the notation is
 * outside ASCII.  '\r' counts as white space so that a stray one never
 * changes a token. */
static inline int fmt_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline int fmt_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static inline int fmt_is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline char fmt_to_lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* Narrow [*s, *e) to leave out white space at both ends. */
static inline void fmt_trim(const char **s, const char **e)
{
    while (*s < *e && fmt_is_space(**s))
        (*s)++;
    while (*e > *s && fmt_is_space((*e)[-1]))
        (*e)--;
}

/* ------------------------------------------------- log_components.c */

/* A label is one or two ASCII letters (a longer word is prose). */
#define FMT_LABEL_LETTERS_MAX 2

/* Game Courier's keyword for the destination of the move before a
 * placement ("P e7-e8; Q-dest"): kept as the placement's target until
 * the turn's components are all read (resolve_dest).  It is no square
 * name (a square is one letter, then digits), so it cannot be mistaken. */
#define FMT_DEST_KEYWORD "dest"

/* Classify one component (n bytes at s, trimmed) by the component
 * grammar; c->text is the caller's and kept.  What does not read is
 * FMT_COMP_BAD, with nothing half-read left in c. */
void fmt_log_classify_component(struct fmt_component *c, const char *s, size_t n);

/* ------------------------------------------------------- log_turns.c */

/* Why reading a moves section stopped. */
enum fmt_moves_stop {
    FMT_MOVES_LIMIT,  /* every line before the limit was read */
    FMT_MOVES_LETTER, /* at a line whose first non-space byte is a letter: a header
                         line (the next game) or a malformed one; the caller tells */
    FMT_MOVES_OTHER,  /* at a line that does not start with a turn marker: the game
                         is malformed */
    FMT_MOVES_NOMEM   /* out of memory */
};

struct fmt_moves {
    const char *pos;   /* start of the next line; at a stop, of the line stopped at */
    int line;          /* the number of that line */
    const char *first; /* FMT_MOVES_OTHER: that line's first non-space byte */
    const char *eol;   /* FMT_MOVES_OTHER: its '\n' */
    size_t max_turns;  /* stop (FMT_MOVES_LIMIT) after the line that reaches this many turns */
};

/* Tokenise the lines of a moves section from mv->pos into turns appended
 * to g, per gcaudit(1) LOG FORMAT, Moves: blank lines, comment lines and
 * lines of turns, up to limit or the first other line.  Every line ends
 * with a '\n' before end (the text's end): the tokeniser's scans stop at
 * it. */
enum fmt_moves_stop fmt_log_moves(struct fmt_game *g, struct fmt_moves *mv,
                                  const char *limit, const char *end);

/* fmt_log_moves without its plain readers: every turn by the component
 * grammar.  The slow twin, for the test that the two agree. */
enum fmt_moves_stop fmt_log_moves_general(struct fmt_game *g, struct fmt_moves *mv,
                                          const char *limit, const char *end);

/* A moves section without turn markers, as Game Courier lists moves: one
 * ply per line, or plies separated by commas, each a turn of components
 * (';' between them); the sides alternate, so the replay gives each its
 * number and side (fmt_turn.unmarked).  A line [s, e), without its '\n',
 * of such a section becomes its plies, numbered line.  Returns the plies,
 * or -1 out of memory. */
int fmt_log_plies(struct fmt_game *g, int line, const char *s, const char *e);

/* What a line [s, e) would be as the first of such a section: its plies,
 * how many read as components, and the first that does not.  A line of
 * prose has plies that do not read; a move list written some other way
 * (e4, Nf3, e4xd5) has plies that are each one short word with a digit. */
struct fmt_plies_survey {
    int plies;                    /* plies on the line */
    int read;                     /* of them, the ones whose components all read */
    int words;                    /* of them, the ones that read or are one word of
                                     at most 8 bytes with a digit, or O-O */
    const char *bad;              /* the first ply that does not read, or NULL */
    size_t nbad;
};
void fmt_log_plies_survey(const char *s, const char *e, struct fmt_plies_survey *sv);

/* Nonzero when the line [s, e) starts (after white space) with a turn
 * marker: digits, then a dot or an ellipsis. */
int fmt_log_starts_with_marker(const char *s, const char *e);

/* ------------------------------------------------------ log_status.c */

/* Fill result_decl, status_decl and status_how from the game's Result,
 * Status, White and Black headers.  0, or -1 when out of memory. */
int fmt_log_declared(struct fmt_game *g);

#endif
