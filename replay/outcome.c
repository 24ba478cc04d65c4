/*
 * outcome: the result the tool stands behind.
 *
 * A log can declare a result three ways (Result:, Status:, a command in the
 * moves) and the rules can end the game themselves.  docs/rules.md ("Common
 * to all variants": After the end, Declared versus verified) decides: Result:
 * wins over Status:, which wins over commands; the rules win over all of
 * them; any disagreement is one result-mismatch; a game stopped at an illegal
 * turn keeps the declared result, else "*".  The variant's end call, told
 * which of these ends the game had, adds what only it knows: whether the
 * persons switched colours, a detail (what could have been claimed; Retro
 * Chess's points) and a declared draw decided otherwise (docs/rules.md, Retro
 * Chess: Endings, Points).
 */
#include <stdio.h>
#include <string.h>

#include "replay/outcome.h"
#include "replay/report.h"

static enum rp_result to_result(enum fmt_declared d)
{
    switch (d) {
    case FMT_DECL_WHITE: return RP_RESULT_WHITE;
    case FMT_DECL_BLACK: return RP_RESULT_BLACK;
    case FMT_DECL_DRAW: return RP_RESULT_DRAW;
    default: return RP_RESULT_NONE;
    }
}

/* The declarations, in order of authority. */
struct source {
    enum fmt_declared decl;
    const char *name;            /* for messages */
    enum rp_termination termination; /* how it says the game ended, RP_TERM_NONE if it does not */
};

static enum rp_termination status_termination(enum fmt_how how)
{
    switch (how) {
    case FMT_HOW_RESIGNATION: return RP_TERM_RESIGNATION;
    case FMT_HOW_TIMEOUT: return RP_TERM_TIMEOUT;
    case FMT_HOW_AGREEMENT: return RP_TERM_AGREEMENT;
    case FMT_HOW_PROGRESS: return RP_TERM_UNFINISHED;
    default: return RP_TERM_NONE;
    }
}

/* docs/rules.md, Declared versus verified: a result given without the how. */
static enum rp_termination bare_termination(enum fmt_declared d)
{
    switch (d) {
    case FMT_DECL_DRAW: return RP_TERM_AGREEMENT;
    case FMT_DECL_UNFINISHED: return RP_TERM_UNFINISHED;
    case FMT_DECL_NONE: return RP_TERM_UNFINISHED;
    default: return RP_TERM_DECLARED;
    }
}

/* docs/rules.md, Retro Chess: Colours and persons.  A Status NAME means
 * the colour that person controls at the end.  The parser read a player's
 * name as the colour of his header line; once the persons have switched
 * colours (Retro Chess) that is the other one.  The words White and Black
 * stay colours. */
static enum fmt_declared status_colour(const struct fmt_game *g, int swapped)
{
    int by_person = g->status_person >= 0 && (g->status_how == FMT_HOW_RESIGNATION ||
                                              g->status_how == FMT_HOW_TIMEOUT ||
                                              g->status_how == FMT_HOW_WON);
    if (!swapped || !by_person)
        return g->status_decl;
    return g->status_decl == FMT_DECL_WHITE ? FMT_DECL_BLACK
         : g->status_decl == FMT_DECL_BLACK ? FMT_DECL_WHITE
         : g->status_decl;
}

static size_t gather(const struct fmt_game *g, const struct rp_run *run, int swapped,
                     struct source *s)
{
    size_t n = 0;
    if (g->result_decl != FMT_DECL_NONE)
        s[n++] = (struct source){g->result_decl, "Result:", RP_TERM_NONE};
    if (g->status_decl != FMT_DECL_NONE)
        s[n++] = (struct source){status_colour(g, swapped), "Status:",
                                 status_termination(g->status_how)};
    if (run->by_command)
        s[n++] = (struct source){run->command, "the command in the moves", run->command_termination};
    return n;
}

static const char *decl_text(enum fmt_declared d)
{
    return d == FMT_DECL_UNFINISHED ? "* (unfinished)" : rp_result_name(to_result(d));
}

/* First disagreement between declarations, as a message; "" if none. */
static void compare_declarations(const struct source *s, size_t n, char *msg, size_t size)
{
    msg[0] = '\0';
    for (size_t i = 1; i < n; i++)
        if (s[i].decl != s[0].decl) {
            snprintf(msg, size, "%s says %s but %s says %s", s[0].name, decl_text(s[0].decl),
                     s[i].name, decl_text(s[i].decl));
            return;
        }
}

/* The termination of a declared result: from the most authoritative
 * source that agrees with it and says how, else the bare default. */
static struct rp_term declared_termination(const struct source *s, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (s[i].decl == s[0].decl && s[i].termination != RP_TERM_NONE)
            return (struct rp_term){s[i].termination, 0};
    return (struct rp_term){bare_termination(n ? s[0].decl : FMT_DECL_NONE), 0};
}

/* The rules' ending in r, and in msg how the log's declaration
 * contradicts it (docs/rules.md, Declared versus verified): an explicit
 * "*" always; another result when the rules decided the game. */
static void by_rule(const struct rp_run *run, const struct source *s, size_t n,
                    struct rp_report *r, char *msg, size_t size, int decided)
{
    r->result = run->rule.result;
    r->termination = run->rule.termination;
    fmt_copy_text(r->detail, sizeof r->detail, run->rule.detail);
    if (msg[0] || !n)
        return;
    char buf[RP_TERM_NAME_MAX];
    const char *how = rp_term_name(run->rule.termination, buf);
    if (s[0].decl == FMT_DECL_UNFINISHED)
        snprintf(msg, size, "the log declares the game unfinished but it ended %s by %s",
                 rp_result_name(run->rule.result), how);
    else if (decided && to_result(s[0].decl) != run->rule.result)
        snprintf(msg, size, "the log declares %s but the game ended %s by %s",
                 decl_text(s[0].decl), rp_result_name(run->rule.result), how);
}

/* docs/rules.md, Retro Chess: Endings.  The rules stopped the game without
 * deciding it (Retro Chess: the side to move has no legal turn).  A declared
 * winner stands with its termination; a declared draw, or nothing, is the
 * rules' adjudication without a mismatch; an explicit "*" contradicts it.
 * The rules' detail stays either way: it says what a director should look
 * at (a Xiangqi repetition: review=chasing). */
static void by_rule_undecided(const struct rp_run *run, const struct source *s, size_t n,
                              struct rp_report *r, char *msg, size_t size)
{
    enum rp_result declared = n ? to_result(s[0].decl) : RP_RESULT_NONE;
    if (declared == RP_RESULT_WHITE || declared == RP_RESULT_BLACK) {
        r->result = declared;
        r->termination = declared_termination(s, n);
        fmt_copy_text(r->detail, sizeof r->detail, run->rule.detail);
        return;
    }
    by_rule(run, s, n, r, msg, size, 0);
}

/* How the game ended, for the variant's end call.  The kind is known
 * before the persons are: a swap of persons turns no draw into a win
 * (status_colour swaps only the winning colours), so the declaration
 * gathered as if none had happened says whether a draw is declared. */
static enum rp_end_how end_how(const struct fmt_game *g, const struct rp_run *run)
{
    struct source s[3];
    if (run->by_rule)
        return RP_END_BY_RULE;
    if (run->rejected)
        return RP_END_ILLEGAL;
    return gather(g, run, 0, s) && s[0].decl == FMT_DECL_DRAW ? RP_END_DECLARED_DRAW
                                                               : RP_END_DECLARED;
}

/* Results name colours; winner and loser are persons (docs/rules.md,
 * Retro Chess: Colours and persons). */
static void set_persons(struct rp_report *r)
{
    r->winner = r->loser = -1;
    if (r->result == RP_RESULT_WHITE || r->result == RP_RESULT_BLACK) {
        r->winner = (r->result == RP_RESULT_WHITE ? 0 : 1) ^ r->colours_swapped;
        r->loser = !r->winner;
    }
}

/* docs/rules.md, Retro Chess: Colours and persons.  A turn's violation is
 * charged to the person who played it: the colour's person at the end, when
 * the persons have switched (the replay stops at the violation, so the end is
 * then). */
static void charge_persons(struct rp_report *r)
{
    for (size_t i = 0; r->colours_swapped && i < r->nviolations; i++)
        if (r->violations[i].person >= 0)
            r->violations[i].person = !r->violations[i].side;
}

int rp_outcome(const struct fmt_game *g, const struct rp_run *run, const void *state,
               struct rp_report *r)
{
    struct source s[3];
    struct rp_end end;
    memset(&end, 0, sizeof end);
    enum rp_end_how how = end_how(g, run);
    if (state && r->variant->end)
        r->variant->end(state, how, &end);
    r->colours_swapped = end.colours_swapped;
    size_t n = gather(g, run, r->colours_swapped, s);
    char msg[RP_MESSAGE_MAX];
    compare_declarations(s, n, msg, sizeof msg);
    r->declared = n ? to_result(s[0].decl) : RP_RESULT_NONE;

    if (run->by_rule && run->rule.undecided) {
        by_rule_undecided(run, s, n, r, msg, sizeof msg);
    } else if (run->by_rule) {
        by_rule(run, s, n, r, msg, sizeof msg, 1);
    } else {
        r->result = r->declared;
        if (!r->replayed)
            r->termination = (struct rp_term){RP_TERM_NONE, 0};
        else if (run->rejected)
            r->termination = (struct rp_term){RP_TERM_ILLEGAL, 0};
        else
            r->termination = declared_termination(s, n);
        if (how == RP_END_DECLARED_DRAW && end.adjudicated) {
            r->result = end.result;
            r->termination = end.termination;
        }
    }
    if (end.detail[0])
        fmt_copy_text(r->detail, sizeof r->detail, end.detail);
    char name[RP_TERM_NAME_MAX];
    fmt_copy_text(r->termination_name, sizeof r->termination_name, rp_term_name(r->termination, name));
    set_persons(r);
    charge_persons(r);
    if (msg[0])
        return rp_report_add(r, NULL, RP_RESULT_MISMATCH, msg);
    return RP_DONE;
}
