/*
 * game: the replay loop.  It walks the turns of one parsed game through the
 * variant its header names and stops at the first rejected turn.  It knows
 * no variant by name: markers, commands, after-end and the counting of
 * turns are the same for all (docs/rules.md "Common to all variants").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/outcome.h"
#include "replay/report.h"
#include "replay/verdict.h"

static int is_ending_command(enum fmt_comp_kind k)
{
    return k == FMT_COMP_RESIGN || k == FMT_COMP_DRAW || k == FMT_COMP_TIMEOUT;
}

/* Checks that come before the variant sees the turn: the marker, the side it
 * names, component syntax (the order of docs/rules.md "Common to all
 * variants").  After-end comes before them all; the caller decides it. */
static enum rp_code precheck(const struct fmt_turn *t, int to_move, char *msg, size_t size)
{
    if (t->marker_bad) {
        snprintf(msg, size, t->ncomps ? "bad turn marker \"%s\"" : "turn marker \"%s\" has no move",
                 t->marker);
        return RP_SYNTAX;
    }
    if ((int)t->side != to_move) {
        snprintf(msg, size, "turn marker %s is for %s, but %s is to move", t->marker,
                 t->side ? "Black" : "White", to_move ? "Black" : "White");
        return RP_WRONG_SIDE;
    }
    for (size_t i = 0; i < t->ncomps; i++)
        if (t->comps[i].kind == FMT_COMP_BAD) {
            snprintf(msg, size, "cannot parse component \"%s\": " FMT_MOVE_FORMS,
                     t->comps[i].text);
            return RP_SYNTAX;
        }
    return RP_OK;
}

static void apply_command(struct rp_run *run, const struct fmt_turn *t, enum fmt_comp_kind k)
{
    int side = t->side;
    run->by_command = 1;
    run->command_turn = t->number;
    if (k == FMT_COMP_DRAW) {
        run->command = FMT_DECL_DRAW;
        run->command_termination = RP_TERM_AGREEMENT;
        return;
    }
    run->command = side ? FMT_DECL_WHITE : FMT_DECL_BLACK;
    run->command_termination = k == FMT_COMP_RESIGN ? RP_TERM_RESIGNATION : RP_TERM_TIMEOUT;
}

struct loop {
    const struct rp_variant *v;
    void *state;
    struct rp_report *out;
    struct rp_run run;
    rp_turn_hook hook;
    void *ctx;
    int unsettled;   /* the position may still be mate or stalemate: see settle() */
    int number;      /* the last number given to a ply without a marker */
    rp_san_hook san_hook;  /* rp_game_notate's, or NULL */
    void *san_ctx;
};

/* A ply of a move list without turn markers (fmt_turn.unmarked) as if it
 * had its marker: the side to move plays it, and the number goes up
 * before every White ply but a game's first, as the markers count (in
 * Retro Chess, whose Black moves first, 1... then 2.).  own and marker
 * hold the copy, which lives as long as they do. */
static const struct fmt_turn *marked(struct loop *L, const struct fmt_turn *t, int to_move,
                                     struct fmt_turn *own, char *marker, size_t size)
{
    if (L->number == 0 || to_move == FMT_WHITE)
        L->number++;
    *own = *t;
    own->number = L->number;
    own->side = to_move ? FMT_BLACK : FMT_WHITE;
    snprintf(marker, size, "%d%s", L->number, to_move ? "..." : ".");
    own->marker = marker;
    return own;
}

/* The rules' full word on the position after the last accepted turn, when
 * the variant let it wait (ended_given_move): the next turn did not prove
 * the side to move had a legal turn, or no turn follows. */
static void settle(struct loop *L)
{
    if (!L->unsettled)
        return;
    L->unsettled = 0;
    if (L->v->ended(L->state, &L->run.rule))
        L->run.by_rule = 1;
}

/* After an accepted turn: the endings now, or those that need no search
 * for a legal turn and a note that the rest waits for the next turn.  An
 * ending found either way is settled in full (the order of the endings,
 * docs/rules.md "Orthodox Chess", puts mate and stalemate first). */
static void after_accepted(struct loop *L)
{
    if (!L->v->ended_given_move) {
        if (L->v->ended(L->state, &L->run.rule))
            L->run.by_rule = 1;
        return;
    }
    struct rp_ending e;
    L->unsettled = 1;
    if (L->v->ended_given_move(L->state, &e))
        settle(L);
}

/* Reject the turn: the game is illegal from here on.  Returns the status
 * for the loop: 0 stop, RP_NO_MEMORY. */
static int reject(struct loop *L, const struct fmt_turn *t, enum rp_code code, const char *msg)
{
    L->out->status = RP_STATUS_ILLEGAL;
    if (code != RP_AFTER_END)
        L->run.rejected = 1;
    return rp_report_add(L->out, t, code, msg) == RP_DONE ? 0 : RP_NO_MEMORY;
}

/* The game had ended before turn t: whatever t holds breaks that. */
static int after_end(struct loop *L, const struct fmt_turn *t)
{
    return reject(L, t, RP_AFTER_END, RP_ALREADY_ENDED);
}

/* One turn.  Returns 1 to go on, 0 to stop, RP_NO_MEMORY. */
static int play_turn(struct loop *L, const struct fmt_turn *t)
{
    char msg[RP_MESSAGE_MAX];
    int to_move = L->v->side_to_move(L->state);
    struct fmt_turn own;
    char marker[24];
    if (t->unmarked)
        t = marked(L, t, to_move, &own, marker, sizeof marker);
    size_t n = t->ncomps;
    enum fmt_comp_kind command = FMT_COMP_BAD;
    if (n && is_ending_command(t->comps[n - 1].kind))
        command = t->comps[--n].kind;
    enum rp_code code = precheck(t, to_move, msg, sizeof msg);
    /* Only a move that gets past the checks before the variant can, once
     * accepted, stand in for the search for a legal turn. */
    if (L->unsettled && (code != RP_OK || n == 0))
        settle(L);
    if (L->run.by_rule || L->run.by_command)
        return after_end(L, t);
    if (code != RP_OK)
        return reject(L, t, code, msg);

    if (n) {
        /* Not "= {...}": that would clear the whole message buffer on
         * every turn, and the replay is the hot path. */
        struct rp_verdict verdict;
        verdict.code = RP_OK;
        verdict.accepted = 0;
        verdict.message[0] = '\0';
        /* The notation needs the position before the move. */
        char san[RP_SAN_MAX];
        int notated = L->san_hook && L->v->san(L->state, t->comps, n, san, sizeof san) == 0;
        L->v->play(L->state, t->comps, n, &verdict);
        if (!verdict.accepted && L->unsettled) {
            /* No proof of a legal turn: if there was none, the game had
             * ended before this turn, and that is what it broke. */
            settle(L);
            if (L->run.by_rule)
                return after_end(L, t);
        }
        if (verdict.accepted) {
            L->unsettled = 0;
            L->out->turns++;
            if (L->hook)
                L->hook(L->ctx, t, L->v, L->state);
            if (L->san_hook)
                L->san_hook(L->san_ctx, t, notated ? san : NULL);
            after_accepted(L);
        }
        if (verdict.code != RP_OK)
            return reject(L, t, verdict.code, verdict.message);
    }
    if (command != FMT_COMP_BAD) {
        settle(L);
        if (L->run.by_rule)
            return after_end(L, t);
        apply_command(&L->run, t, command);
    }
    return 1;
}

/* gcaudit(1), Malformed games: a malformed game's line and reason are in
 * the reports, as a `syntax` violation without a turn. */
static int report_malformed(struct rp_report *out, const char *why, int line)
{
    if (rp_report_add(out, NULL, RP_SYNTAX, why) != RP_DONE)
        return RP_NO_MEMORY;
    out->violations[out->nviolations - 1].line = line;
    return RP_DONE;
}

/* A game that is not replayed: malformed (by the parser, or refused by
 * the variant's setup: why) or of no known variant. */
static int not_replayed(const struct fmt_game *g, struct rp_report *out, const char *why,
                        int line)
{
    struct rp_run run;
    memset(&run, 0, sizeof run);
    out->status = why ? RP_STATUS_MALFORMED : RP_STATUS_UNSUPPORTED;
    if (why && report_malformed(out, why, line) != RP_DONE)
        return RP_NO_MEMORY;
    return rp_outcome(g, &run, NULL, out);
}

/* Set up the variant's state for g: 0, or nonzero with the reason in why
 * when the variant refuses the game. */
static int set_up(struct loop *L, const struct fmt_game *g, char *why, size_t size)
{
    why[0] = '\0';
    if (L->v->setup(L->state, L->v, g, why, size) == 0)
        return 0;
    if (!why[0])
        snprintf(why, size, "%s cannot be played from this game's headers", L->v->name);
    return -1;
}

/* A game being replayed while it is parsed (replay.h, rp_game_start). */
enum game_mode {
    GAME_PLAYING,        /* its turns are played as they come */
    GAME_STOPPED,        /* a turn was rejected: later ones are not played */
    GAME_NOT_REPLAYED    /* unsupported, or refused by the variant (why) */
};

struct rp_game {
    struct loop L;
    enum game_mode mode;
    char why[RP_MESSAGE_MAX];    /* GAME_NOT_REPLAYED: the variant's reason, "" if none */
    int why_line;
};

/* *out as a game that has not begun. */
static void report_start(const struct fmt_game *g, struct rp_report *out)
{
    memset(out, 0, sizeof *out);
    out->winner = out->loser = -1;
    out->variant = g->game ? rp_variant_for_game(g->game) : NULL;
}

rp_game *rp_game_start(const struct fmt_game *g, struct rp_report *out, rp_turn_hook hook,
                       void *ctx)
{
    /* *out first: a NULL return leaves it empty, as the header says, and
     * the callers release it (it was the caller's uninitialised stack). */
    report_start(g, out);
    rp_game *G = calloc(1, sizeof *G);
    if (!G)
        return NULL;
    G->L = (struct loop){out->variant, NULL, out, {0}, hook, ctx, 0, 0, NULL, NULL};
    G->mode = GAME_NOT_REPLAYED;
    /* A game malformed in its header is decided at the end (the moves may
     * make it malformed too, and then the moves never count). */
    if (g->malformed || !out->variant)
        return G;
    if (!(G->L.state = calloc(1, G->L.v->state_size))) {
        free(G);
        return NULL;
    }
    if (set_up(&G->L, g, G->why, sizeof G->why) != 0) {
        G->why_line = g->line;
        return G;
    }
    if (hook)
        hook(ctx, NULL, G->L.v, G->L.state);
    out->replayed = 1;
    out->status = RP_STATUS_OK;
    G->mode = GAME_PLAYING;
    return G;
}

enum rp_rc rp_game_turns(rp_game *G, const struct fmt_turn *turns, size_t n)
{
    for (size_t i = 0; i < n && G->mode == GAME_PLAYING; i++) {
        int rc = play_turn(&G->L, &turns[i]);
        if (rc == RP_NO_MEMORY)
            return RP_NO_MEMORY;
        if (rc <= 0)
            G->mode = GAME_STOPPED;
    }
    return RP_DONE;
}

const struct rp_variant *rp_game_variant(const rp_game *G) { return G->L.v; }

enum rp_rc rp_game_notate(rp_game *G, rp_san_hook hook, void *ctx)
{
    if (G->mode != GAME_PLAYING || !G->L.v->san)
        return RP_MISUSE;
    G->L.san_hook = hook;
    G->L.san_ctx = ctx;
    return RP_DONE;
}

enum rp_rc rp_game_fen(const rp_game *G, char *buf, size_t size)
{
    if (G->mode != GAME_PLAYING) {
        snprintf(buf, size, "the game is not being replayed");
        return RP_MISUSE;
    }
    if (!G->L.v->fen) {
        snprintf(buf, size, "%s has no FEN", G->L.v->name);
        return RP_MISUSE;
    }
    return G->L.v->fen(G->L.state, buf, size) == 0 ? RP_DONE : RP_MISUSE;
}

enum rp_rc rp_game_finish(rp_game *G, const struct fmt_game *g, struct rp_report *out)
{
    int rc;
    struct loop *L = &G->L;
    if (g->malformed) {
        /* Malformed, by the header or by a line of the moves: not replayed,
         * whatever was played of it (gcaudit(1), Malformed games). */
        rp_report_release(out);
        report_start(g, out);
        const char *reason = g->malformed_reason ? g->malformed_reason : "the game cannot be read";
        rc = not_replayed(g, out, reason, g->malformed_line);
    } else if (G->mode == GAME_NOT_REPLAYED) {
        rc = not_replayed(g, out, G->why[0] ? G->why : NULL, G->why_line);
    } else {
        settle(L);
        rc = rp_outcome(g, &L->run, L->state, out);
    }
    if (L->state && L->v->release)
        L->v->release(L->state);
    free(L->state);
    free(G);
    if (rc != RP_DONE)
        rp_report_release(out);
    return rc;
}

void rp_game_free(rp_game *G)
{
    if (!G)
        return;
    if (G->L.state && G->L.v->release)
        G->L.v->release(G->L.state);
    free(G->L.state);
    free(G);
}

enum rp_rc rp_replay(const struct fmt_game *g, struct rp_report *out, rp_turn_hook hook, void *ctx)
{
    rp_game *G = rp_game_start(g, out, hook, ctx);
    if (!G) {
        rp_report_release(out);
        return RP_NO_MEMORY;
    }
    if (rp_game_turns(G, g->turns, g->nturns) != RP_DONE) {
        rp_game_free(G);
        rp_report_release(out);
        return RP_NO_MEMORY;
    }
    return rp_game_finish(G, g, out);
}
