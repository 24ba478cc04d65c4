/*
 * ortho: turn resolution and draw rules shared by the one-board orthodox
 * family.
 *
 * A turn is a main move followed by the companions docs/rules.md allows for
 * it (the rook of a castling, the pawn taken en passant, the promotion
 * placement); anything else is a violation.  Checks run in the order of
 * docs/rules.md "Common to all variants", so the first violation found is
 * the one reported.
 */
#include "replay/ortho.h"

#include <stdio.h>
#include <string.h>

#include "replay/attacks.h"
#include "replay/movegen.h"
#include "replay/notation.h"
#include "replay/view.h"

/* Reading a FEN costs more than a short game's first moves (about 600
 * ns against 60 for the copy), and every game of a variant starts from
 * the same one: each thread keeps the last board it read.  The board is
 * a function of the rules table and the FEN's text alone, and both are
 * the key, so the cache cannot change a result.  It is per thread, not
 * per game, because what it saves is across games; without it a Chess
 * run (bench/gen.c's 50,000 games, -j 1) takes about 10% more CPU
 * (whole-process CPU time, median of 15 paired runs).  The only
 * per-thread state of the engine. */
static void load_start(struct rp_board *b, const struct rp_rules *rules, const char *fen)
{
    static _Thread_local struct {
        const struct rp_rules *rules;
        char fen[128];
        struct rp_board b;
    } memo;
    if (memo.rules == rules && strcmp(memo.fen, fen) == 0) {
        *b = memo.b;
        return;
    }
    /* The FENs are our own constants: a failure here is a programming
     * error that the variant tests catch. */
    (void)rp_board_from_fen(b, rules, fen);
    if (strlen(fen) < sizeof memo.fen) {
        memo.rules = rules;
        strcpy(memo.fen, fen);
        memo.b = *b;
    }
}

void rp_ortho_setup(struct rp_ortho *o, const struct rp_rules *rules, const char *fen,
                    const char *title)
{
    memset(o, 0, sizeof *o);
    load_start(&o->b, rules, fen);
    o->title = title;
    o->history[0] = rp_repetition_key(&o->b);
    o->nhistory = 1;
}

/* ---------------------------------------------------------- squares */

static int square_exists(const char *name, const void *ortho)
{
    return rp_parse_square(name, ((const struct rp_ortho *)ortho)->b.file_a) >= 0;
}

int rp_ortho_check_squares(const struct rp_ortho *o, const struct fmt_component *c, size_t n,
                           struct rp_verdict *v)
{
    return rp_check_squares(c, n, square_exists, o, o->title, v);
}

/* ------------------------------------------------------- main move */

static int first_is_move(const struct rp_ortho *o, const struct fmt_component *c, struct rp_verdict *v)
{
    switch (c->kind) {
    case FMT_COMP_MOVE: return 1;
    case FMT_COMP_PLACE:
        rp_verdict_stray_placement(v, c->text);
        return 0;
    case FMT_COMP_PASS:
        rp_verdict_no_pass(v, o->title);
        return 0;
    default:
        rp_verdict_stray_component(v, c->text, "move", NULL, NULL);
        return 0;
    }
}

static int check_piece(const struct rp_ortho *o, const struct fmt_component *c, rp_sq from,
                       struct rp_verdict *v)
{
    char at[16] = "on ";          /* "on %s", without snprintf: a turn of every game */
    fmt_copy_text(at + 3, sizeof at - 3, c->from);
    return rp_check_piece(o->b.sq[from], o->b.side, c->label, at, v);
}

static int is_last_rank_pawn_move(const struct rp_board *b, rp_sq from, rp_sq to)
{
    return rp_type_of(b->sq[from]) == RP_PAWN && rp_rank(to) == (b->side ? 0 : 7);
}

/* The candidate moves from->to (several when promotion types differ). */
static int find_moves(struct rp_ortho *o, const struct fmt_component *c, rp_sq from, rp_sq to,
                      struct rp_movelist *cand, struct rp_verdict *v)
{
    cand->n = 0;
    rp_gen_from_to(&o->b, from, to, cand);
    if (cand->n)
        return 1;
    char why[160];
    rp_explain_unreachable(&o->b, from, to, why, sizeof why);
    if (!why[0] && is_last_rank_pawn_move(&o->b, from, to) && !o->b.rules->promo_types) {
        rp_verdict_set(v, RP_BAD_PROMOTION, "a pawn may not promote in %s", o->title);
        return 0;
    }
    rp_verdict_unreachable(v, rp_piece_name(o->b.sq[from]), c->from, c->to, why);
    return 0;
}

static int check_king_safety(struct rp_ortho *o, rp_move m, struct rp_verdict *v)
{
    struct rp_board *b = &o->b;
    if (rp_leaves_king_safe(b, m))
        return 1;
    struct rp_undo u;
    int mover = b->side;
    rp_make(b, m, &u);
    rp_sq king = rp_find_king(b, mover), by = rp_attacker(b, king, !mover);
    char ksq[8], bysq[8];
    rp_verdict_king_attacked(v, mover, "king", rp_square_name(b, ksq, king), rp_piece_name(b->sq[by]),
                             rp_square_name(b, bysq, by), "");
    rp_unmake(b, m, &u);
    return 0;
}

/* ------------------------------------------------------ companions */

static int is_rook_companion(const struct rp_ortho *o, const struct fmt_component *c, rp_move m)
{
    const struct rp_castling *cs = &o->b.rules->castlings[m.castle];
    rp_piece rook = o->b.sq[cs->rook_from];
    return c->kind == FMT_COMP_MOVE && rp_parse_square(c->from, o->b.file_a) == cs->rook_from &&
           rp_parse_square(c->to, o->b.file_a) == cs->rook_to &&
           (!c->label[0] || rp_label_matches(rook, c->label));
}

static int is_ep_companion(const struct rp_ortho *o, const struct fmt_component *c, rp_move m)
{
    rp_sq victim = rp_square(rp_file(m.to), rp_rank(m.from));
    return c->kind == FMT_COMP_REMOVE && rp_parse_square(c->to, o->b.file_a) == victim;
}

/* The placement after a promotion names the new piece (docs/rules.md,
 * Common to all variants: Promotion). */
static int pick_promotion(const struct rp_ortho *o, const struct fmt_component *c,
                          const struct rp_movelist *cand, const struct fmt_component *main,
                          rp_move *m, struct rp_verdict *v)
{
    const struct rp_board *b = &o->b;
    if (!c || c->kind != FMT_COMP_PLACE) {
        rp_verdict_unnamed_promotion(v, "pawn", main->to, b->side ? "q" : "Q");
        return 0;
    }
    rp_piece p = rp_piece_for_label(c->label);
    if (strcmp(c->to, main->to) != 0) {
        rp_verdict_placement_elsewhere(v, c->text, main->to);
        return 0;
    }
    if (!p) {
        rp_verdict_set(v, RP_BAD_PROMOTION, "placement \"%s\" names no piece", c->text);
        return 0;
    }
    if (rp_colour_of(p) != b->side) {
        rp_verdict_placement_colour(v, c->text, rp_colour_of(p), "pawn", b->side);

        return 0;
    }
    for (size_t i = 0; i < cand->n; i++)
        if (rp_type_of(cand->m[i].promo) == rp_type_of(p) && !(p & (RP_ALT_BIT | RP_HANDED_BIT))) {
            *m = cand->m[i];
            return 1;
        }
    rp_verdict_set(v, RP_BAD_PROMOTION, "a pawn cannot promote to a %s in %s", rp_piece_name(p), o->title);
    return 0;
}

/* Companions consumed; the rest must not exist (docs/rules.md, Common to
 * all variants: Equivalent notations). */
static int check_leftovers(const struct fmt_component *c, size_t n, size_t i,
                           const struct fmt_component *main, struct rp_verdict *v)
{
    for (size_t k = i; k < n; k++)
        if (c[k].kind == FMT_COMP_PLACE) {
            rp_verdict_stray_placement(v, c[k].text);
            return 0;
        }
    if (i < n) {
        rp_verdict_stray_component(v, c[i].text, "move", main->from, main->to);

        return 0;
    }
    return 1;
}

/* The turn that is one ordinary legal move, as the rest of the resolver
 * would find it (its first candidate, no companion possible), without a
 * move list.  0 leaves every other turn, and every verdict, to the rest. */
static int plain_turn(struct rp_ortho *o, const struct fmt_component *c, rp_sq from, rp_sq to,
                      rp_move *m)
{
    rp_piece p = o->b.sq[from];
    if (!p || (c->label[0] && !rp_label_matches(p, c->label)))
        return 0;
    rp_move mv = rp_plain_move(&o->b, from, to);
    if (rp_move_none(mv) || !rp_leaves_king_safe(&o->b, mv))
        return 0;
    *m = mv;
    return 1;
}

/* rp_ortho_resolve for every turn plain_turn does not take: out of line,
 * so that its move list and messages cost the plain turn nothing. */
static __attribute__((noinline)) int resolve_general(struct rp_ortho *o,
                                                     const struct fmt_component *c, size_t n,
                                                     int from, int to, rp_move *m,
                                                     struct rp_verdict *v)
{
    if ((n > 1 || from < 0 || to < 0) && !rp_ortho_check_squares(o, c, n, v))
        return 0;
    if (!first_is_move(o, &c[0], v))
        return 0;
    struct rp_movelist cand;
    if (!check_piece(o, &c[0], (rp_sq)from, v) ||
        !find_moves(o, &c[0], (rp_sq)from, (rp_sq)to, &cand, v) ||
        !check_king_safety(o, cand.m[0], v))
        return 0;
    size_t i = 1;
    *m = cand.m[0];
    if (m->flags & RP_MF_PROMO) {
        if (!pick_promotion(o, i < n ? &c[i] : NULL, &cand, &c[0], m, v))
            return 0;
        i++;
    } else if ((m->flags & RP_MF_CASTLE) && i < n && is_rook_companion(o, &c[i], *m)) {
        i++;
    } else if ((m->flags & RP_MF_EP) && i < n && is_ep_companion(o, &c[i], *m)) {
        i++;
    }
    return check_leftovers(c, n, i, &c[0], v);
}

int rp_ortho_resolve(struct rp_ortho *o, const struct fmt_component *c, size_t n,
                     rp_move *m, struct rp_verdict *v)
{
    if (n == 0)
        return 0;
    /* A lone move with good squares, nearly every turn, needs no second
     * look at its squares. */
    int from = -1, to = -1;
    if (c[0].kind == FMT_COMP_MOVE) {
        from = rp_parse_square(c[0].from, o->b.file_a);
        to = rp_parse_square(c[0].to, o->b.file_a);
    }
    if (n == 1 && from >= 0 && to >= 0 && plain_turn(o, &c[0], (rp_sq)from, (rp_sq)to, m))
        return 1;
    return resolve_general(o, c, n, from, to, m, v);
}

/* Positions before an irreversible move can never recur: the history
 * restarts there (and cannot overflow, as the 75-move rule ends a game
 * long before RP_ORTHO_HISTORY plies). */
static void record_position(struct rp_ortho *o)
{
    o->plies++;
    if (o->b.halfmove == 0 || o->nhistory >= RP_ORTHO_HISTORY)
        o->nhistory = 0;
    o->history[o->nhistory++] = rp_repetition_key(&o->b);
}

void rp_ortho_apply(struct rp_ortho *o, rp_move m)
{
    struct rp_undo u;
    rp_make(&o->b, m, &u);
    record_position(o);
}

void rp_ortho_pass(struct rp_ortho *o)
{
    struct rp_board *b = &o->b;
    b->ep = RP_NO_SQ;
    b->halfmove++;
    b->side ^= 1;
    b->key ^= rp_key_side();
    record_position(o);
}

void rp_ortho_play(struct rp_ortho *o, const struct fmt_component *c, size_t n, struct rp_verdict *v)
{
    rp_move m;
    if (!rp_ortho_resolve(o, c, n, &m, v))
        return;
    rp_ortho_apply(o, m);
    v->accepted = 1;
}

/* -------------------------------------------------------- endings */

/* Every ply is recorded and changes the side to move (a pass too), so
 * only every second position can equal this one. */
int rp_ortho_repetitions(const struct rp_ortho *o)
{
    uint64_t now = o->history[o->nhistory - 1];
    int count = 0;
    for (int i = o->nhistory - 1; i >= 0; i -= 2)
        count += o->history[i] == now;
    return count;
}

int rp_ortho_mate_or_stalemate(struct rp_ortho *o, struct rp_ending *e)
{
    if (rp_has_legal_move(&o->b))
        return 0;
    int side = o->b.side;
    if (o->b.rules->check && rp_in_check(&o->b, side)) {
        e->result = side ? RP_RESULT_WHITE : RP_RESULT_BLACK;
        e->termination.kind = RP_TERM_CHECKMATE;
    } else {
        e->result = RP_RESULT_DRAW;
        e->termination.kind = RP_TERM_STALEMATE;
    }
    return 1;
}

int rp_ortho_draw_by_count(const struct rp_ortho *o, struct rp_ending *e)
{
    /* Five occurrences need nine positions (see rp_ortho_repetitions). */
    if (o->nhistory >= 9 && rp_ortho_repetitions(o) >= 5)
        e->termination = (struct rp_term){RP_TERM_REPETITION, 5};
    else if (o->b.halfmove >= 150)
        e->termination = (struct rp_term){RP_TERM_MOVE_RULE, 75};
    else
        return 0;
    e->result = RP_RESULT_DRAW;
    return 1;
}

int rp_ortho_side_to_move(const void *state)
{
    return ((const struct rp_ortho *)state)->b.side;
}

void rp_ortho_end(const void *state, enum rp_end_how how, struct rp_end *out)
{
    const struct rp_ortho *o = state;
    if (how != RP_END_DECLARED_DRAW)
        return;
    int threefold = rp_ortho_repetitions(o) >= 3, fifty = o->b.halfmove >= 100;
    snprintf(out->detail, sizeof out->detail, "%s%s%s%s", threefold || fifty ? "claimable=" : "",
             threefold ? "threefold" : "", threefold && fifty ? "," : "", fifty ? "fifty-moves" : "");
}

int rp_ortho_fen(const void *state, char *buf, size_t size)
{
    const struct rp_ortho *o = state;
    if (rp_board_fen(&o->b, 1 + o->plies / 2, buf, size) > 0)
        return 0;
    snprintf(buf, size, "no room for the FEN");
    return -1;
}

void rp_ortho_view(const void *state, struct rp_view *out)
{
    const struct rp_ortho *o = state;
    out->nboards = 1;
    rp_view_board(&o->b, "", &out->board[0]);
    out->nholdings = 0;
    out->side_to_move = o->b.side;
    out->status[0] = '\0';
}

void rp_ortho_render(const void *state, char *buf, size_t size)
{
    const struct rp_ortho *o = state;
    const struct rp_board *b = &o->b;
    size_t at = rp_board_diagram(b, buf, size);
    if (at < size)
        at += (size_t)snprintf(buf + at, size - at, "   a  b  c  d  e  f  g  h\n%s to move\n",
                               rp_colour_name(b->side));
}
