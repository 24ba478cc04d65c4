/*
 * variant_fairy: one rp_variant table per defined variant, all sharing
 * these functions; the table's `def` says which definition it plays.
 *
 * Ends, in this order (docs/rules.md's for Chess, generalised):
 *   1. what the position shows by itself (fairy_legal.c: extinction, the
 *      flag, n-check, connect-n, bikjang, two passes);
 *   2. no legal move: checkmate or stalemate, with the definition's
 *      checkmateValue and stalemateValue;
 *   3. gcInsufficientMaterial: FIDE's dead positions, as docs/rules.md
 *      says for Chess;
 *   4. repetition: the position's gcRepetitionEnd-th occurrence (default
 *      nFoldRule) ends the game with nFoldValue, or as a loss for the side
 *      that gave every check of the cycle when perpetualCheckIllegal;
 *   5. the move rule: gcMoveRuleEnd moves (default nMoveRule) without a
 *      capture or pawn move;
 *   6. Makruk's and ASEAN counting, when the count runs out.
 * A draw that could have been claimed earlier (nFoldRule or nMoveRule
 * reached, the end not yet) is reported for a declared draw, as Chess's
 * threefold and fifty-move claims are (docs/rules.md "Orthodox Chess").
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "replay/name_table.h"
#include "replay/variant_fairy.h"

/* ------------------------------------------------------------ history */

static uint64_t key_at(const struct rp_fgame *g, int i) { return g->hist[i & (RP_FHISTORY - 1)]; }

static int check_at(const struct rp_fgame *g, int i)
{
    i &= RP_FHISTORY - 1;
    return g->hist_check[i >> 3] >> (i & 7) & 1;
}

void rp_fgame_record(struct rp_fgame *g, const rp_fmove *m)
{
    const struct rp_fdef *d = g->def;
    /* Before a capture or a pawn move nothing can recur, except where
     * captured pieces come back from the hand (11.1 counts the whole game
     * there). */
    if (g->pos.rule50 == 0 && !d->captures_to_hand && !d->piece_drops)
        g->nhist = 0;
    int i = g->nhist & (RP_FHISTORY - 1);
    g->hist[i] = rp_fkey(&g->pos);
    if (g->pos.in_check)
        g->hist_check[i >> 3] |= (uint8_t)(1u << (i & 7));
    else
        g->hist_check[i >> 3] &= (uint8_t)~(1u << (i & 7));
    if (d->chasing_rule || d->move_repetition_illegal) {
        g->hist_from[i] = m && m->from != RP_FNOSQ ? (uint8_t)rp_fsquares_bit(m->from) : RP_FCHASE_NOSQ;
        g->hist_to[i] = m ? (uint8_t)rp_fsquares_bit(m->to) : RP_FCHASE_NOSQ;
        g->hist_move[i] = (uint8_t)(!m                         ? 0
                                    : m->kind == RP_FM_NORMAL ? RP_FHIST_PLAIN
                                    : m->kind == RP_FM_PASS   ? RP_FHIST_PASS
                                                              : 0) |
                          (m && g->pos.last_capture ? RP_FHIST_CAPTURE : 0);
    }
    if (d->chasing_rule)
        rp_fchase_record(g, i, m);
    g->nhist++;
    g->played += m != NULL;
}

/* How often the current position occurred; *first: the index of the
 * earliest of the last `upto` occurrences. */
static int occurrences(const struct rp_fgame *g, int upto, int *first)
{
    int last = g->nhist - 1, n = 0;
    int oldest = g->nhist > RP_FHISTORY ? g->nhist - RP_FHISTORY : 0;
    uint64_t now = key_at(g, last);
    *first = last;
    for (int i = last; i >= oldest; i -= 2)
        if (key_at(g, i) == now) {
            n++;
            *first = i;
            if (n == upto)
                break;
        }
    return n;
}

/* ------------------------------------------------------------- ends */

static enum rp_result for_side(enum rp_fvalue v, int side)
{
    switch (v) {
    case RP_FV_WIN: return side ? RP_RESULT_BLACK : RP_RESULT_WHITE;
    case RP_FV_LOSS: return side ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    default: return RP_RESULT_DRAW;
    }
}

/* FIDE's dead positions that need no search (docs/rules.md, Orthodox
 * Chess): only kings, knights and bishops; a knight alone, or bishops all
 * on squares of one colour. */
static int insufficient(const struct rp_fpos *p)
{
    const struct rp_fdef *d = p->def;
    uint64_t allowed = (uint64_t)1 << RP_FTYPE_KNIGHT | (uint64_t)1 << RP_FTYPE_BISHOP;
    if (d->king >= 0)
        allowed |= (uint64_t)1 << d->king;
    /* Most positions: some other piece is on the board. */
    if ((p->live[0] | p->live[1]) & ~allowed)
        return 0;
    int minors = 0, knights = 0, light = 0, dark = 0;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            rp_fpiece pc = p->b[rp_fsq(f, r)];
            if (!pc)
                continue;
            int t = rp_fp_type(pc);
            if (t == d->king)
                continue;
            if (t == RP_FTYPE_KNIGHT)
                knights++;
            else if (t == RP_FTYPE_BISHOP && (f + r) % 2)
                light++;
            else if (t == RP_FTYPE_BISHOP)
                dark++;
            else
                return 0;
            minors++;
        }
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < d->ntypes; i++)
            if (p->hand[c][d->present[i]])
                return 0;
    return minors <= 1 || (knights == 0 && (!light || !dark));
}

static int repetition_end(const struct rp_fgame *g, struct rp_ending *e)
{
    const struct rp_fdef *d = g->def;
    if (!d->repetition_end || g->nhist < 2 * d->repetition_end - 1)
        return 0;
    int first;
    if (occurrences(g, d->repetition_end, &first) < d->repetition_end)
        return 0;
    int stm = g->pos.side;
    e->detail[0] = '\0';
    if (d->perpetual_check_illegal) {
        /* Every position of the cycle with one side to move had it in
         * check: the other side checked perpetually and loses; when both
         * sides checked all through, the reference build draws (and
         * counts the material where the definition says so). */
        int them_all = 1, us_all = 1;
        for (int i = first; i < g->nhist; i++) {
            int side = (g->nhist - 1 - i) % 2 ? !stm : stm;
            if (side == stm)
                them_all &= check_at(g, i);
            else
                us_all &= check_at(g, i);
        }
        if (them_all && us_all) {
            e->result = RP_RESULT_DRAW;
            if (d->material_counting)
                e->result = rp_fmaterial_result(&g->pos, e->detail, sizeof e->detail);
            e->termination.kind = RP_TERM_PERPETUAL_CHECK;
            return 1;
        }
        if (them_all || us_all) {
            e->result = for_side(them_all ? RP_FV_WIN : RP_FV_LOSS, stm);
            e->termination.kind = RP_TERM_PERPETUAL_CHECK;
            return 1;
        }
    }
    int chase = d->chasing_rule ? rp_fchase_verdict(g, first) : 0;
    if (chase) {
        /* Only one side's pieces chased all through: the chaser loses. */
        e->result = chase == 2 ? RP_RESULT_DRAW : for_side(chase > 0 ? RP_FV_WIN : RP_FV_LOSS, stm);
        if (e->result == RP_RESULT_DRAW && d->material_counting)
            e->result = rp_fmaterial_result(&g->pos, e->detail, sizeof e->detail);
        e->termination.kind = RP_TERM_PERPETUAL_CHASE;
        return 1;
    }
    if (d->repetition_review[0]) {
        /* A rule the moves alone do not decide (Xiangqi's chasing, which
         * 11.1 does not judge): the game stops undecided, a declared
         * winner stands, and the detail says what to look at. */
        e->undecided = 1;
        snprintf(e->detail, sizeof e->detail, RP_REVIEW_KEY "%s", d->repetition_review);
    }
    enum rp_fvalue v = d->n_fold_value;
    if (d->n_fold_value_absolute && stm == 1)
        v = v == RP_FV_WIN ? RP_FV_LOSS : v == RP_FV_LOSS ? RP_FV_WIN : v;
    e->result = for_side(v, stm);
    if (e->result == RP_RESULT_DRAW && d->material_counting) {
        e->result = rp_fmaterial_result(&g->pos, e->detail, sizeof e->detail);
    }
    e->termination = (struct rp_term){RP_TERM_REPETITION, d->repetition_end};
    return 1;
}

/* moveRepetitionIllegal: the side that moved one piece back and forth
 * five times loses (before the repetition's count, as the reference). */
static int move_repetition_end(const struct rp_fgame *g, struct rp_ending *e)
{
    if (!g->def->move_repetition_illegal || !rp_fmove_repetition(g))
        return 0;
    e->result = for_side(RP_FV_WIN, g->pos.side);
    e->termination.kind = RP_TERM_MOVE_REPETITION;
    return 1;
}

static int move_rule_end(const struct rp_fgame *g, struct rp_ending *e)
{
    const struct rp_fdef *d = g->def;
    if (!d->move_rule_end || g->pos.rule50 < 2 * d->move_rule_end)
        return 0;
    /* chasingRule: a side that checked more than ten times since the
     * last capture lengthens the count (the reference build's). */
    if (d->chasing_rule && g->pos.rule50 - rp_fchase_move_rule_extra(g) < 2 * d->move_rule_end)
        return 0;
    e->detail[0] = '\0';
    e->result = RP_RESULT_DRAW;
    if (d->material_counting) {
        e->result = rp_fmaterial_result(&g->pos, e->detail, sizeof e->detail);
    }
    e->termination = (struct rp_term){RP_TERM_MOVE_RULE, d->move_rule_end};
    return 1;
}

static int counting_end(const struct rp_fgame *g, struct rp_ending *e)
{
    const struct rp_fpos *p = &g->pos;
    if (!g->def->counting_rule || !p->counting_limit || p->counting_ply <= p->counting_limit)
        return 0;
    e->detail[0] = '\0';
    snprintf(e->detail, sizeof e->detail, "count=%d", p->counting_limit / 2);
    e->result = RP_RESULT_DRAW;
    e->termination.kind = RP_TERM_COUNTING;
    return 1;
}

/* sittuyinPromotion: a king and a pawn whose only moves are promotions
 * are stalemated, a draw (fairy_sittuyin.c). */
static int sittuyin_stalemate(const struct rp_fgame *g, struct rp_ending *e)
{
    if (!rp_fsittuyin_stalemate(&g->pos))
        return 0;
    e->result = RP_RESULT_DRAW;
    e->termination.kind = RP_TERM_STALEMATE;
    return 1;
}

static int ended_given_move(void *state, struct rp_ending *e)
{
    struct rp_fgame *g = state;
    e->undecided = 0;
    if (rp_fimmediate_end(&g->pos, e))
        return 1;
    e->detail[0] = '\0';
    if (g->def->insufficient_material && insufficient(&g->pos)) {
        e->result = RP_RESULT_DRAW;
        e->termination.kind = RP_TERM_INSUFFICIENT_MATERIAL;
        return 1;
    }
    if (rp_fdef_move_rule_first(g->def))
        return move_rule_end(g, e) || move_repetition_end(g, e) || repetition_end(g, e) ||
               counting_end(g, e) || (g->def->sittuyin_promotion && sittuyin_stalemate(g, e));
    return move_repetition_end(g, e) || repetition_end(g, e) || move_rule_end(g, e) || counting_end(g, e) ||
           (g->def->sittuyin_promotion && sittuyin_stalemate(g, e));
}

static int ended(void *state, struct rp_ending *e)
{
    struct rp_fgame *g = state;
    e->undecided = 0;
    if (rp_fimmediate_end(&g->pos, e))
        return 1;
    return rp_fmate_or_stalemate(&g->pos, e) || ended_given_move(state, e);
}

/* A declared draw: what could have been claimed (docs/rules.md, Orthodox
 * Chess). */
static void end(const void *state, enum rp_end_how how, struct rp_end *out)
{
    const struct rp_fgame *g = state;
    const struct rp_fdef *d = g->def;
    if (how != RP_END_DECLARED_DRAW)
        return;
    int first, fold = d->n_fold_rule && d->n_fold_rule < d->repetition_end &&
                      occurrences(g, d->n_fold_rule, &first) >= d->n_fold_rule;
    int moves = d->n_move_rule && d->n_move_rule < d->move_rule_end && g->pos.rule50 >= 2 * d->n_move_rule;
    if (fold || moves)
        snprintf(out->detail, sizeof out->detail, "claimable=%s%s%s", fold ? d->fold_claim : "",
                 fold && moves ? "," : "", moves ? d->moves_claim : "");
}

/* -------------------------------------------------------------- table */

/* A registered definition: its table, and its start position read once
 * from startFen, which a game without a FEN: header starts from a copy of
 * (reading the FEN for every game was a hundredth of a definition's
 * replay). */
struct registered {
    struct rp_fdef *def;
    struct rp_variant table;
    struct rp_fpos start;
};

static int setup(void *state, const struct rp_variant *self, const struct fmt_game *game, char *why,
                 size_t whysize)
{
    struct rp_fgame *g = state;
    const struct rp_fdef *d = self->def;
    g->def = d;
    const char *fen = d->start_fen;
    for (size_t i = 0; game && i < game->nextra; i++)
        if (strcasecmp(game->extra[i].key, "FEN") == 0)
            fen = game->extra[i].value;
    char reason[200];
    if (fen == d->start_fen) {
        const struct registered *r = (const void *)((const char *)self - offsetof(struct registered, table));
        g->pos = r->start;
    } else if (rp_ffen_read_start(&g->pos, d, fen, reason, sizeof reason) != 0) {
        snprintf(why, whysize, "the FEN: header does not fit %s: %s", d->short_title, reason);
        return 1;
    }
    g->start_checks[0] = g->pos.checks_left[0];
    g->start_checks[1] = g->pos.checks_left[1];
    g->nhist = 0;
    g->played = 0;
    rp_fgame_record(g, NULL);
    return 0;
}

static int side_to_move(const void *state)
{
    return ((const struct rp_fgame *)state)->pos.side;
}

static void play(void *state, const struct fmt_component *c, size_t n, struct rp_verdict *v)
{
    struct rp_fgame *g = state;
    rp_fmove m;
    if (!rp_fresolve(g, c, n, &m, v))
        return;
    rp_fmake(&g->pos, m);
    rp_fgame_record(g, &m);
    v->accepted = 1;
}

static int fen(const void *state, char *buf, size_t size)
{
    const struct rp_fgame *g = state;
    rp_ffen_write(&g->pos, buf, size);
    return 0;
}

static void view(const void *state, struct rp_view *out)
{
    rp_fview(&((const struct rp_fgame *)state)->pos, out);
}

static void render(const void *state, char *buf, size_t size)
{
    const struct rp_fgame *g = state;
    rp_frender(&g->pos, buf, size);
}

/* ------------------------------------------------------- registration */

static struct registered **list;
static size_t nlist, caplist;
static struct rp_name_table by_name; /* each section name: its last in list */

static const char *name_at(size_t i, const void *l)
{
    return ((struct registered *const *)l)[i]->def->name;
}

const struct rp_fdef *rp_fairy_find(const char *name)
{
    size_t i = rp_name_table_get(&by_name, name, name_at, list);
    return i == (size_t)-1 ? NULL : list[i]->def;
}

int rp_fairy_register(struct rp_fdef *d, char *why, size_t size)
{
    if (nlist >= RP_FAIRY_MAX) {
        snprintf(why, size, "more than %d definitions loaded in all (docs/defined-variants.md, Limits)",
                 RP_FAIRY_MAX);
        return RP_MISUSE;
    }
    if (nlist == caplist) {
        size_t cap = caplist ? 2 * caplist : 16;
        struct registered **grown = realloc(list, cap * sizeof *grown);
        if (!grown) {
            snprintf(why, size, "out of memory");
            return RP_NO_MEMORY;
        }
        list = grown;
        caplist = cap;
    }
    struct registered *r = calloc(1, sizeof *r);
    if (!r || rp_name_table_reserve(&by_name, nlist + 1, name_at, list) != 0) {
        free(r);
        snprintf(why, size, "out of memory");
        return RP_NO_MEMORY;
    }
    r->def = d;
    /* rp_fdef_compile read startFen so already: it cannot fail here. */
    if (rp_ffen_read_start(&r->start, d, d->start_fen, why, size) != 0) {
        free(r);
        return RP_MISUSE;
    }
    r->table = (struct rp_variant){
        .name = d->name,
        .title = d->title,
        .game_names = d->game_ptrs,
        .origin = d->origin,
        .def = d,
        .parent = d->parent,
        .parent_builtin = d->parent_builtin,
        .oracles = d->oracles,
        .state_size = sizeof(struct rp_fgame),
        .setup = setup,
        .side_to_move = side_to_move,
        .play = play,
        .ended = ended,
        .ended_given_move = ended_given_move,
        .end = end,
        .render = render,
        .fen = fen,
        .legend = d->legend,
        .view = view,
        .san = rp_fsan,
        .pgn_variant = d->pgn_variant[0] ? d->pgn_variant : NULL,
    };
    int rc = rp_registry_add(&r->table, why, size);
    if (rc != RP_DONE) {
        free(r);
        return rc;
    }
    list[nlist] = r;
    (void)rp_name_table_put(&by_name, d->name, nlist, name_at, list); /* room reserved above */
    nlist++;
    return RP_DONE;
}

void rp_defs_reset(void)
{
    rp_registry_reset();
    for (size_t i = 0; i < nlist; i++) {
        free(list[i]->def);
        free(list[i]);
    }
    free(list);
    list = NULL;
    nlist = caplist = 0;
    rp_name_table_clear(&by_name);
}
