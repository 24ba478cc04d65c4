/*
 * verdict: the names the reports use for violation codes, results and
 * statuses, and the checks and messages every variant shares
 * (verdict.h).
 */
#include "replay/verdict.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "replay/notation.h"

const char *rp_code_name(enum rp_code code)
{
    static const char *const names[RP_CODE_COUNT] = {
        [RP_OK] = "ok",
        [RP_SYNTAX] = "syntax",
        [RP_NO_SUCH_SQUARE] = "no-such-square",
        [RP_NO_PIECE] = "no-piece",
        [RP_WRONG_PIECE] = "wrong-piece",
        [RP_WRONG_SIDE] = "wrong-side",
        [RP_ILLEGAL_MOVE] = "illegal-move",
        [RP_KING_IN_CHECK] = "king-in-check",
        [RP_BAD_PROMOTION] = "bad-promotion",
        [RP_BAD_DROP] = "bad-drop",
        [RP_BAD_TURN] = "bad-turn",
        [RP_MUST_PASS] = "must-pass",
        [RP_BAD_PASS] = "bad-pass",
        [RP_RETRO_ILLEGAL] = "retro-illegal",
        [RP_RESERVE_EMPTY] = "reserve-empty",
        [RP_EXTRA_COMPONENT] = "extra-component",
        [RP_AFTER_END] = "after-end",
        [RP_RESULT_MISMATCH] = "result-mismatch",
    };
    return (code >= 0 && code < RP_CODE_COUNT) ? names[code] : "unknown";
}

const char *rp_result_name(enum rp_result r)
{
    switch (r) {
    case RP_RESULT_WHITE: return "1-0";
    case RP_RESULT_BLACK: return "0-1";
    case RP_RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

const char *rp_status_name(enum rp_status s)
{
    switch (s) {
    case RP_STATUS_OK: return "ok";
    case RP_STATUS_ILLEGAL: return "illegal";
    case RP_STATUS_MALFORMED: return "malformed";
    default: return "unsupported";
    }
}

void rp_verdict_set(struct rp_verdict *v, enum rp_code code, const char *fmt, ...)
{
    va_list ap;
    v->code = code;
    va_start(ap, fmt);
    vsnprintf(v->message, sizeof v->message, fmt, ap);
    va_end(ap);
}

int rp_check_squares(const struct fmt_component *c, size_t n,
                     int (*exists)(const char *name, const void *ctx), const void *ctx,
                     const char *title, struct rp_verdict *v)
{
    for (size_t i = 0; i < n; i++) {
        const char *names[2] = {NULL, NULL};
        if (c[i].kind == FMT_COMP_MOVE) {
            names[0] = c[i].from;
            names[1] = c[i].to;
        } else if (c[i].kind == FMT_COMP_PLACE || c[i].kind == FMT_COMP_REMOVE) {
            names[0] = c[i].to;
        }
        for (int k = 0; k < 2; k++)
            if (names[k] && !exists(names[k], ctx)) {
                rp_verdict_set(v, RP_NO_SUCH_SQUARE, "there is no square %s in %s", names[k], title);
                return 0;
            }
    }
    return 1;
}

int rp_check_piece_words(const struct rp_piece_words *p, int side, const char *label,
                         const char *at, struct rp_verdict *v)
{
    if (!p->present)
        rp_verdict_set(v, RP_NO_PIECE, "there is no piece %s", at);
    else if (label[0] && strcmp(label, p->label) != 0)
        rp_verdict_set(v, RP_WRONG_PIECE, "the piece %s is %s, not %s", at, p->label, label);
    else if (p->colour != side)
        rp_verdict_set(v, RP_WRONG_SIDE, "the %s %s belongs to %s, but %s is to move", p->name, at,
                       rp_colour_name(p->colour), rp_colour_name(side));
    else
        return 1;
    return 0;
}

int rp_check_piece(rp_piece p, int side, const char *label, const char *at,
                   struct rp_verdict *v)
{
    /* The orthodox labels accept either handedness of a rook ("R" for RR
     * and LR, docs/rules.md, Palindromic Chess): the label matches as
     * written. */
    if (p && label[0] && rp_label_matches(p, label))
        label = "";
    struct rp_piece_words w = {p != 0, p ? rp_piece_label(p) : "", p ? rp_piece_name(p) : "",
                               p ? rp_colour_of(p) : 0};
    return rp_check_piece_words(&w, side, label, at, v);
}

void rp_verdict_no_pass(struct rp_verdict *v, const char *title)
{
    rp_verdict_set(v, RP_ILLEGAL_MOVE, "a player cannot pass in %s", title);
}

void rp_verdict_unreachable(struct rp_verdict *v, const char *piece, const char *from, const char *to,
                            const char *why)
{
    rp_verdict_set(v, RP_ILLEGAL_MOVE, "the %s on %s cannot reach %s%s%s", piece, from, to, why[0] ? ": " : "", why);
}

void rp_verdict_king_attacked(struct rp_verdict *v, int side, const char *king, const char *square,
                              const char *by, const char *by_square, const char *note)
{
    rp_verdict_set(v, RP_KING_IN_CHECK, "the %s %s on %s would be attacked by the %s on %s%s",
                   side ? "black" : "white", king, square, by, by_square, note);
}

void rp_verdict_unnamed_promotion(struct rp_verdict *v, const char *piece, const char *to,
                                  const char *example)
{
    rp_verdict_set(v, RP_BAD_PROMOTION, "the %s reaching %s must be promoted: name the new piece (e.g. \"%s-%s\")",
                   piece, to, example, to);
}

void rp_verdict_stray_placement(struct rp_verdict *v, const char *text)
{
    rp_verdict_set(v, RP_BAD_PROMOTION, "placement \"%s\" without a promotion", text);
}

void rp_verdict_stray_component(struct rp_verdict *v, const char *text, const char *kind, const char *from,
                                const char *to)
{
    if (!from)
        rp_verdict_set(v, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to any %s", text, kind);
    else
        rp_verdict_set(v, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to the %s %s-%s", text, kind, from, to);
}

void rp_verdict_placement_elsewhere(struct rp_verdict *v, const char *text, const char *square)
{
    rp_verdict_set(v, RP_BAD_PROMOTION, "placement \"%s\" is not on the promotion square %s", text, square);
}

void rp_verdict_placement_colour(struct rp_verdict *v, const char *text, int colour, const char *piece, int side)
{
    rp_verdict_set(v, RP_BAD_PROMOTION, "placement \"%s\" is a %s piece, but the promoting %s is %s", text,
                   colour ? "black" : "white", piece, side ? "black" : "white");
}

void rp_count_words(int n, char *out, size_t size)
{
    static const char *const small[] = {"zero", "one", "two", "three", "four", "five", "six", "seven",
                                        "eight", "nine", "ten", "eleven", "twelve", "thirteen",
                                        "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                                        "nineteen"};
    static const char *const tens[] = {"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
                                       "eighty", "ninety"};
    if (n >= 0 && n < 20)
        snprintf(out, size, "%s", small[n]);
    else if (n >= 20 && n < 100)
        snprintf(out, size, "%s%s%s", tens[n / 10], n % 10 ? "-" : "", n % 10 ? small[n % 10] : "");
    else
        snprintf(out, size, "%d", n);
}

const char *rp_term_name(struct rp_term t, char *buf)
{
    /* In the order of enum rp_termination; the counted kinds' are the
     * words after their count. */
    static const char *const names[] = {
        "", "checkmate", "stalemate", "fold-repetition", "-moves", "insufficient-material", "extinction",
        "bare-king", "no-pieces", "king-captured", "flag", "checks", "connect", "bikjang", "passes", "full-board",
        "perpetual-check", "perpetual-chase", "move-repetition", "counting", "reversal", "setup-restored", "points",
        "resignation", "timeout", "agreement", "unfinished", "declared", "illegal"};
    _Static_assert(sizeof names / sizeof names[0] == RP_TERM_COUNT, "a name for every termination");
    if (t.kind < 0 || t.kind >= RP_TERM_COUNT)
        return NULL;
    if (t.kind != RP_TERM_REPETITION && t.kind != RP_TERM_MOVE_RULE)
        return names[t.kind];
    char count[24];
    rp_count_words(t.count, count, sizeof count);
    snprintf(buf, RP_TERM_NAME_MAX, "%s%s", count, names[t.kind]);
    return buf;
}
