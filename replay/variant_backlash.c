/*
 * Backlash: two orthodox boards side by side (files a-h on the left, A-H
 * on the right), no check, captured pieces demoted onto the owner's pocket
 * for the other board and dropped from there; a king capture on either
 * board ends the game (docs/rules.md "Backlash").
 *
 * A turn is one board move per board: White's first turn one move on the
 * right board, then White left-then-right and Black right-then-left.  The
 * components are first grouped by board (a main component and the
 * companions that directly follow it; explicit pocket placements are set
 * aside, as they may stand anywhere), then each board's move is resolved on
 * its own board, the one-board resolver of ortho.c doing the orthodox
 * moves, and the drops are resolved here.  The two boards are independent
 * within a turn (a capture fills only the opponent's pockets), so both
 * moves are resolved against the position before the turn and the first
 * violation in the order of docs/rules.md is reported, the rule-order board
 * first on a tie.  Only when everything checks out are the moves played, in
 * rule order; a game that ends after the first (king capture, or no move on
 * the second board) makes whatever is left `after-end` in a turn that still
 * counts (docs/rules.md, Backlash: King capture, Stalemate).
 *
 * Decisions (docs/rules.md "Backlash"): `bad-turn` ranks right after
 * `no-such-square`; a board without a move is no `bad-turn` when the player
 * has no move or drop there; a drop from an empty pocket ranks as
 * `no-piece` does (Drops); stalemate carries `board=left|right` like a king
 * capture.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/backlash.h"
#include "replay/movegen.h"
#include "replay/notation.h"
#include "replay/view.h"
#include "replay/ortho.h"
#include "replay/pockets.h"
#include "replay/verdict.h"

#include "replay/rules.h"
#include "replay/variants.h"

static const char *const title = RP_BACKLASH_TITLE;

static int backlash_setup(void *state, const struct rp_variant *self, const struct fmt_game *game,
                          char *why, size_t whysize)
{
    (void)self, (void)game, (void)why, (void)whysize;
    struct rp_backlash *s = state;
    memset(s, 0, sizeof *s);
    /* Each board alternates on its own: White opens the right board,
     * Black the left one (White's first turn is right-board only). */
    rp_ortho_setup(&s->o[RP_LEFT], &rp_backlash_rules,
                   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", title);
    rp_ortho_setup(&s->o[RP_RIGHT], &rp_backlash_rules, RP_START_FEN, title);
    s->o[RP_RIGHT].b.file_a = 'A';
    return 0;
}

static int side_of(const struct rp_backlash *s) { return s->turns & 1; }

static int backlash_side_to_move(const void *state) { return side_of(state); }

/* docs/rules.md, Backlash: White plays left then right, Black right then left;
 * White's very first turn is the right board alone. */
static int first_board(const struct rp_backlash *s)
{
    return side_of(s) == 0 && s->turns > 0 ? RP_LEFT : RP_RIGHT;
}

static int second_board(const struct rp_backlash *s)
{
    return s->turns == 0 ? -1 : !first_board(s);
}

/* ---------------------------------------------------------- squares */

/* Where a square name points: a board square or a pocket. */
struct bl_where {
    int board;                   /* RP_LEFT / RP_RIGHT */
    int pocket;                  /* nonzero: the pocket of `colour` for `board` */
    int colour;
    rp_sq sq;                    /* board square when not a pocket */
};

static int locate(const char *name, struct bl_where *w)
{
    memset(w, 0, sizeof *w);
    if (rp_pocket_parse(name, &w->board, &w->colour)) {
        w->pocket = 1;
        return 1;
    }
    for (int bd = 0; bd < 2; bd++) {
        int sq = rp_parse_square(name, bd == RP_LEFT ? 'a' : 'A');
        if (sq >= 0) {
            w->board = bd;
            w->sq = (rp_sq)sq;
            return 1;
        }
    }
    return 0;
}

static int square_exists(const char *name, const void *unused)
{
    struct bl_where w;
    (void)unused;
    return locate(name, &w);
}

/* Nonzero when every square the component names is a square of `board`. */
static int on_board(const struct fmt_component *c, int board)
{
    struct bl_where w;
    if (c->kind == FMT_COMP_MOVE &&
        (!locate(c->from, &w) || w.pocket || w.board != board))
        return 0;
    return locate(c->to, &w) && !w.pocket && w.board == board;
}

/* ---------------------------------------------------------- grouping */

#define BL_GROUP_MAX 4           /* a main component and up to three companions */
#define BL_NONE ((size_t)-1)

/* The components written for one board. */
struct bl_group {
    int count;                   /* board moves (main components) on this board */
    size_t idx[BL_GROUP_MAX];    /* the first one: main component, then its companions */
    size_t n;
    size_t overflow;             /* a companion beyond idx, or BL_NONE */
    int castling;                /* the main is a castling-shaped king move */
    int rook;                    /* ... and its rook companion is attached */
};

struct bl_turn {
    struct bl_group g[2];
    size_t pass;                 /* first `pass`, or BL_NONE */
    size_t stray;                /* first component of no move, or BL_NONE */
};

/* docs/rules.md, Backlash: Turns.  A castling shape: a king moving two
 * files along its rank. */
static int castling_shaped(const struct rp_backlash *s, const struct fmt_component *c, int board)
{
    struct bl_where f, t;
    if (!locate(c->from, &f) || !locate(c->to, &t) || f.pocket || t.pocket ||
        f.board != board || t.board != board)
        return 0;
    rp_piece p = s->o[board].b.sq[f.sq];
    int king = (p && rp_type_of(p) == RP_KING) || !strcmp(c->label, "K") || !strcmp(c->label, "k");
    return king && rp_rank(f.sq) == rp_rank(t.sq) && abs(rp_file(f.sq) - rp_file(t.sq)) == 2;
}

/* A new board move on `board`; returns the group that now takes
 * companions, or -1 (a surplus move takes none: the turn is bad-turn). */
static int add_main(const struct rp_backlash *s, struct bl_turn *t, const struct fmt_component *c,
                    size_t i, int board)
{
    struct bl_group *g = &t->g[board];
    if (g->count++)
        return -1;
    g->idx[0] = i;
    g->n = 1;
    g->castling = c[i].kind == FMT_COMP_MOVE && castling_shaped(s, &c[i], board);
    return board;
}

static void attach(struct bl_group *g, size_t i)
{
    if (g->n < BL_GROUP_MAX)
        g->idx[g->n++] = i;
    else if (g->overflow == BL_NONE)
        g->overflow = i;
}

/* docs/rules.md, Common to all variants: the companions that may follow a
 * main move (a drop has none, but what looks like one is read as one and
 * refused). */
static int is_companion(const struct bl_group *g, const struct fmt_component *c,
                        const struct fmt_component *main, int board)
{
    struct bl_where w;
    switch (c->kind) {
    case FMT_COMP_PLACE: return strcmp(c->to, main->to) == 0;      /* promotion */
    case FMT_COMP_REMOVE: return on_board(c, board);                 /* en passant */
    case FMT_COMP_MOVE:                                              /* castling rook */
        return g->castling && !g->rook && locate(c->from, &w) && !w.pocket && w.board == board;
    default: return 0;
    }
}

/* The board a main component plays on: a move's from-square (or pocket),
 * a placement's target. */
static int board_of(const struct fmt_component *c)
{
    struct bl_where w;
    locate(c->kind == FMT_COMP_MOVE ? c->from : c->to, &w);
    return w.board;
}

static void group_turn(const struct rp_backlash *s, const struct fmt_component *c, size_t n,
                       struct bl_turn *t)
{
    memset(t, 0, sizeof *t);
    t->pass = t->stray = t->g[0].overflow = t->g[1].overflow = BL_NONE;
    int open = -1;               /* the board whose move takes companions now */
    for (size_t i = 0; i < n; i++) {
        struct bl_where w;
        if (c[i].kind == FMT_COMP_PLACE && locate(c[i].to, &w) && w.pocket)
            continue;            /* pocket placements go anywhere (docs/rules.md) */
        if (open >= 0 && is_companion(&t->g[open], &c[i], &c[t->g[open].idx[0]], open)) {
            if (c[i].kind == FMT_COMP_MOVE)
                t->g[open].rook = 1;
            attach(&t->g[open], i);
            continue;
        }
        if (c[i].kind == FMT_COMP_MOVE || c[i].kind == FMT_COMP_PLACE) {
            open = add_main(s, t, c, i, board_of(&c[i]));
            continue;
        }
        if (c[i].kind == FMT_COMP_PASS && t->pass == BL_NONE)
            t->pass = i;
        else if (c[i].kind != FMT_COMP_PASS && t->stray == BL_NONE)
            t->stray = i;
        open = -1;
    }
}

/* ------------------------------------------------------- resolution */

/* One board move, resolved against the position before the turn. */
struct bl_move {
    int board, side;
    int drop;                    /* a drop of `piece` on `to` rather than `m` */
    rp_move m;
    rp_piece piece;
    rp_sq to;
    rp_piece captured;           /* what it takes, 0 if nothing */
    struct rp_verdict v;         /* RP_OK when legal */
    int stage;                   /* rank of v.code in the order of docs/rules.md */
};

/* The order of docs/rules.md "Common to all variants", with bad-turn (the
 * shape of the turn) ranked right after no-such-square, before anything
 * that looks at a piece. */
static int stage_of(enum rp_code code)
{
    static const enum rp_code order[] = {
        RP_AFTER_END, RP_SYNTAX, RP_NO_SUCH_SQUARE, RP_BAD_TURN, RP_NO_PIECE,
        RP_WRONG_PIECE, RP_WRONG_SIDE, RP_ILLEGAL_MOVE, RP_KING_IN_CHECK,
        RP_BAD_PROMOTION, RP_BAD_DROP, RP_EXTRA_COMPONENT,
    };
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (order[i] == code)
            return (int)i;
    return (int)(sizeof order / sizeof order[0]);
}

static void fail(struct bl_move *m, enum rp_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(struct bl_move *m, enum rp_code code, const char *fmt, ...)
{
    va_list ap;
    m->v.code = code;
    va_start(ap, fmt);
    vsnprintf(m->v.message, sizeof m->v.message, fmt, ap);
    va_end(ap);
    m->stage = stage_of(code);
}

/* The piece checks of a board move (verdict.c words them). */
static int check_piece(const struct rp_board *b, const struct fmt_component *c, rp_sq from,
                       struct bl_move *m)
{
    char at[16];
    snprintf(at, sizeof at, "on %s", c->from);
    if (rp_check_piece(b->sq[from], b->side, c->label, at, &m->v))
        return 1;
    m->stage = stage_of(m->v.code);
    return 0;
}

/* A board piece sent to the other board or to a pocket (docs/rules.md,
 * Backlash: Moves). */
static void resolve_cross(const struct rp_backlash *s, const struct fmt_component *c, int board,
                          rp_sq from, const struct bl_where *to, struct bl_move *m)
{
    const struct rp_board *b = &s->o[board].b;
    if (!check_piece(b, c, from, m))
        return;
    if (to->pocket) {
        fail(m, RP_ILLEGAL_MOVE, "the %s on %s cannot move to pocket %s: pieces enter pockets only by capture",
             rp_piece_name(b->sq[from]), c->from, c->to);
        return;
    }
    char why[96];
    snprintf(why, sizeof why, "a piece cannot move from the %s board to the %s board", rp_board_side_name(board),
             rp_board_side_name(to->board));
    rp_verdict_unreachable(&m->v, rp_piece_name(b->sq[from]), c->from, c->to, why);
    m->stage = stage_of(m->v.code);

}

static rp_piece captured_by(const struct rp_board *b, rp_move mv)
{
    if (mv.flags & RP_MF_EP)
        return rp_make_piece(RP_PAWN, !b->side);
    return b->sq[mv.to];
}

/* An orthodox move on its own board: ortho.c resolves the main component
 * with the companions that lie on this board. */
static void resolve_board(struct rp_backlash *s, const struct bl_group *g,
                          const struct fmt_component *c, int board, struct bl_move *m)
{
    const struct fmt_component *main = &c[g->idx[0]];
    struct bl_where from, to;
    locate(main->from, &from);
    locate(main->to, &to);
    if (to.pocket || to.board != board) {
        resolve_cross(s, main, board, from.sq, &to, m);
        return;
    }
    struct fmt_component mine[BL_GROUP_MAX];
    size_t k = 0, foreign = g->overflow;
    for (size_t j = 0; j < g->n && foreign == g->overflow; j++) {
        if (j == 0 || on_board(&c[g->idx[j]], board))
            mine[k++] = c[g->idx[j]];
        else
            foreign = g->idx[j];    /* a rook "companion" that leaves the board */
    }
    if (!rp_ortho_resolve(&s->o[board], mine, k, &m->m, &m->v)) {
        m->stage = stage_of(m->v.code);
        return;
    }
    if (foreign != BL_NONE) {
        rp_verdict_stray_component(&m->v, c[foreign].text, "move", main->from, main->to);
        m->stage = stage_of(m->v.code);
        return;
    }
    m->captured = captured_by(&s->o[board].b, m->m);
}

/* Where a drop lands (docs/rules.md, Backlash: Drops): its own board, not
 * a pocket, an empty square, no pawn on rank 1 or 8. */
static void check_drop_target(const struct rp_backlash *s, const struct fmt_component *c,
                              const char *pocket, const struct bl_where *to, struct bl_move *m)
{
    const struct rp_board *b = &s->o[m->board].b;
    if (to->pocket)
        fail(m, RP_ILLEGAL_MOVE, "the %s in pocket %s cannot be dropped on pocket %s",
             rp_piece_name(m->piece), pocket, c->to);
    else if (to->board != m->board)
        fail(m, RP_ILLEGAL_MOVE, "the %s in pocket %s can only be dropped on the %s board, not on %s",
             rp_piece_name(m->piece), pocket, rp_board_side_name(m->board), c->to);
    else if (b->sq[to->sq])
        fail(m, RP_BAD_DROP, RP_WHY_DROP_OCCUPIED ": " RP_WHY_DROP_EMPTY_ONLY, c->to);
    else if (!rp_drop_allowed(b, m->piece, to->sq))
        fail(m, RP_BAD_DROP, "a pawn cannot be dropped on rank %d", rp_rank(to->sq) + 1);
    else
        m->to = to->sq;
}

/* A drop, as `P8-C5` (from a named pocket) or `b-C5` / `b*C5` (from the
 * mover's pocket for the target's board).  docs/rules.md (Backlash: Drops)
 * orders the checks: an empty pocket first (ranked as no-piece), then the
 * label, then whose pocket it is, then the target. */
static void resolve_drop(const struct rp_backlash *s, const struct fmt_component *c, int board,
                         struct bl_move *m)
{
    struct bl_where pocket = {board, 1, m->side, 0}, to;
    if (c->kind == FMT_COMP_MOVE)
        locate(c->from, &pocket);
    locate(c->to, &to);
    const char *name = rp_pocket_name(pocket.board, pocket.colour);
    m->drop = 1;
    m->piece = s->pk.p[pocket.board][pocket.colour];
    if (!m->piece) {
        if (pocket.colour == m->side)
            fail(m, RP_BAD_DROP, "%s has no piece in pocket %s to drop on the %s board",
                 rp_colour_name(m->side), name, rp_board_side_name(board));
        else
            fail(m, RP_BAD_DROP, "there is no piece in pocket %s", name);
        m->stage = stage_of(RP_NO_PIECE);
    } else {
        char at[16];
        snprintf(at, sizeof at, "in pocket %s", name);
        if (rp_check_piece(m->piece, m->side, c->label, at, &m->v))
            check_drop_target(s, c, name, &to, m);
        else
            m->stage = stage_of(m->v.code);
    }
}

static void resolve(struct rp_backlash *s, const struct bl_turn *t, const struct fmt_component *c,
                    int board, struct bl_move *m)
{
    const struct bl_group *g = &t->g[board];
    const struct fmt_component *main = &c[g->idx[0]];
    struct bl_where from;
    memset(m, 0, sizeof *m);
    m->board = board;
    m->side = side_of(s);
    m->stage = stage_of(RP_OK);
    if (main->kind == FMT_COMP_MOVE && locate(main->from, &from) && !from.pocket) {
        resolve_board(s, g, c, board, m);
        return;
    }
    resolve_drop(s, main, board, m);
    size_t extra = g->n > 1 ? g->idx[1] : g->overflow;
    if (m->v.code == RP_OK && extra != BL_NONE)
        fail(m, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to the drop %s",
             c[extra].text, main->text);
}

/* ---------------------------------------------------------- playing */

/* docs/rules.md, Backlash: a captured Q R B N, demoted, goes to its owner's
 * pocket for the OTHER board, destroying what was there. */
static void predict_fill(const struct bl_move *m, struct rp_pockets *fills)
{
    rp_piece d = rp_demoted(m->captured);
    if (d)
        fills->p[!m->board][rp_colour_of(d)] = d;
}

/* docs/rules.md, Backlash: Captures.  An explicit pocket placement must
 * name what this turn's captures put there.  Returns how many matched; *bad
 * is the first that does not, or BL_NONE. */
static size_t match_placements(const struct fmt_component *c, size_t n,
                               const struct rp_pockets *fills, size_t *bad)
{
    int used[2][2] = {{0, 0}, {0, 0}};
    size_t matched = 0;
    *bad = BL_NONE;
    for (size_t i = 0; i < n; i++) {
        struct bl_where w;
        if (c[i].kind != FMT_COMP_PLACE || !locate(c[i].to, &w) || !w.pocket)
            continue;
        rp_piece want = fills->p[w.board][w.colour];
        if (want && rp_piece_for_label(c[i].label) == want && !used[w.board][w.colour]) {
            used[w.board][w.colour] = 1;
            matched++;
        } else if (*bad == BL_NONE) {
            *bad = i;
        }
    }
    return matched;
}

static void end_game(struct rp_backlash *s, enum rp_result result, enum rp_termination termination, int board)
{
    s->over = 1;
    s->ending.result = result;
    s->ending.termination = (struct rp_term){termination, 0};
    snprintf(s->ending.detail, sizeof s->ending.detail, "board=%s", rp_board_side_name(board));
}

static void apply(struct rp_backlash *s, const struct bl_move *m)
{
    struct rp_board *b = &s->o[m->board].b;
    struct rp_undo u;
    if (m->drop) {
        rp_drop(b, m->piece, m->to, &u);
        s->pk.p[m->board][m->side] = 0;
    } else {
        rp_make(b, m->m, &u);
    }
    predict_fill(m, &s->pk);
    if (rp_type_of(m->captured) == RP_KING) {
        /* docs/rules.md, Backlash: a king capture ends the game at once. */
        end_game(s, m->side ? RP_RESULT_BLACK : RP_RESULT_WHITE, RP_TERM_KING_CAPTURED, m->board);
        snprintf(s->how, sizeof s->how, "%s captured the %s king on the %s board",
                 rp_colour_name(m->side), m->side ? "white" : "black", rp_board_side_name(m->board));
    }
}

/* docs/rules.md, Backlash: Stalemate.  A player with no board move and no
 * drop on the board he must play next. */
static int can_play(struct rp_backlash *s, int board)
{
    struct rp_board *b = &s->o[board].b;
    return rp_has_legal_move(b) || rp_drop_squares(b, s->pk.p[board][b->side]) > 0;
}

static void stalemate(struct rp_backlash *s, int board)
{
    int side = s->o[board].b.side;
    end_game(s, RP_RESULT_DRAW, RP_TERM_STALEMATE, board);

    snprintf(s->how, sizeof s->how, "%s had no move and no drop on the %s board (stalemate)",
             rp_colour_name(side), rp_board_side_name(board));
}

static void bad_count(const struct bl_group *g, int board, struct bl_move *m)
{
    memset(m, 0, sizeof *m);
    if (g->count == 0)
        fail(m, RP_BAD_TURN, "the turn has no move on the %s board", rp_board_side_name(board));
    else
        fail(m, RP_BAD_TURN, "the turn has %d moves on the %s board, not one", g->count,
             rp_board_side_name(board));
}

/* The first board's move ended the game (docs/rules.md, Backlash: King
 * capture, Stalemate): it counts, and anything else in the turn is
 * after-end. */
static void finish_early(struct rp_backlash *s, const struct bl_turn *t, int first,
                         const struct fmt_component *c, size_t n, const struct bl_move *m1,
                         struct rp_verdict *v)
{
    struct rp_pockets fills = {{{0, 0}, {0, 0}}};
    size_t bad, used = t->g[first].n;
    predict_fill(m1, &fills);
    used += match_placements(c, n, &fills, &bad);
    apply(s, m1);
    if (!s->over)
        stalemate(s, !first);
    s->turns++;
    v->accepted = 1;
    if (used < n)
        rp_verdict_set(v, RP_AFTER_END, RP_ALREADY_ENDED ": %s", s->how);
}

static const struct bl_move *worse(const struct bl_move *a, const struct bl_move *b)
{
    return b->stage < a->stage ? b : a;
}

/* Everything but the two board moves: a pass, a stray component, an
 * explicit placement that does not match. */
static void check_rest(const struct bl_turn *t, const struct fmt_component *c, size_t n,
                       const struct bl_move *m1, const struct bl_move *m2, struct bl_move *rest)
{
    memset(rest, 0, sizeof *rest);
    rest->stage = stage_of(RP_OK);
    if (t->pass != BL_NONE) {
        rp_verdict_no_pass(&rest->v, title);
        rest->stage = stage_of(rest->v.code);
        return;
    }
    if (t->stray != BL_NONE) {
        rp_verdict_stray_component(&rest->v, c[t->stray].text, "move", NULL, NULL);
        rest->stage = stage_of(rest->v.code);
        return;
    }
    struct rp_pockets fills = {{{0, 0}, {0, 0}}};
    size_t bad;
    predict_fill(m1, &fills);
    if (m2)
        predict_fill(m2, &fills);
    match_placements(c, n, &fills, &bad);
    if (bad != BL_NONE)
        fail(rest, RP_EXTRA_COMPONENT, "placement \"%s\" does not match what this turn's captures put in pocket %s",
             c[bad].text, c[bad].to);
}

/* docs/rules.md, Backlash: Which violation is reported.  The shape of the
 * turn is judged before any of its components.  The board played first must
 * have exactly one move (on White's first turn the left board none), the
 * other at most one, even when the first board's move will end the game.
 * Whether the other board may have none depends on the position
 * (judge_second). */
static int check_shape(const struct bl_turn *t, int first, int second, struct rp_verdict *v)
{
    struct bl_move m;
    if (t->g[first].count != 1 || (second < 0 && t->g[!first].count)) {
        bad_count(&t->g[first], first, &m);
        *v = m.v;
        if (t->g[first].count == 1)
            rp_verdict_set(v, RP_BAD_TURN, "White's first turn is one move on the right board, "
                                           "but this one also moves on the left board");
        return 0;
    }
    if (second >= 0 && t->g[second].count > 1) {
        bad_count(&t->g[second], second, &m);
        *v = m.v;
        return 0;
    }
    return 1;
}

/* The second board's move, resolved into *m2; returns the worse of it
 * and *m1. */
static const struct bl_move *judge_second(struct rp_backlash *s, const struct bl_turn *t,
                                          const struct fmt_component *c, int second,
                                          const struct bl_move *m1, struct bl_move *m2)
{
    if (t->g[second].count == 1)
        resolve(s, t, c, second, m2);
    else if (can_play(s, second))
        bad_count(&t->g[second], second, m2);
    else
        return m1;   /* no move possible there (stalemate): the first board's verdict stands */
    return worse(m1, m2);
}

static void backlash_play(void *state, const struct fmt_component *c, size_t n, struct rp_verdict *v)
{
    struct rp_backlash *s = state;
    struct bl_turn t;
    struct bl_move m1, m2, rest;
    const struct bl_move *worst;
    int first = first_board(s), second = second_board(s);
    memset(&m2, 0, sizeof m2);
    if (!rp_check_squares(c, n, square_exists, NULL, title, v))
        return;
    group_turn(s, c, n, &t);
    if (!check_shape(&t, first, second, v))
        return;
    resolve(s, &t, c, first, &m1);
    if (m1.v.code == RP_OK && (rp_type_of(m1.captured) == RP_KING ||
                               (second >= 0 && !can_play(s, second)))) {
        finish_early(s, &t, first, c, n, &m1, v);
        return;
    }
    worst = second >= 0 ? judge_second(s, &t, c, second, &m1, &m2) : &m1;
    if (worst->v.code == RP_OK) {
        check_rest(&t, c, n, &m1, second >= 0 ? &m2 : NULL, &rest);
        worst = &rest;
    }
    if (worst->v.code != RP_OK) {
        *v = worst->v;
        return;
    }
    apply(s, &m1);
    if (second >= 0)
        apply(s, &m2);
    s->turns++;
    v->accepted = 1;
}

static int backlash_ended(void *state, struct rp_ending *e)
{
    struct rp_backlash *s = state;
    /* docs/rules.md, Backlash: Stalemate, before the next turn's first board
     * move. */
    if (!s->over && !can_play(s, first_board(s)))
        stalemate(s, first_board(s));
    if (!s->over)
        return 0;
    *e = s->ending;
    return 1;
}

/* ------------------------------------------------------------ render */

static void emit(char *buf, size_t size, size_t *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void emit(char *buf, size_t size, size_t *at, const char *fmt, ...)
{
    if (*at >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *at, size - *at, fmt, ap);
    va_end(ap);
    if (k > 0)
        *at = *at + (size_t)k < size ? *at + (size_t)k : size - 1;
}

static void emit_pockets(const struct rp_backlash *s, int colour, char *buf, size_t size, size_t *at)
{
    rp_piece left = s->pk.p[RP_LEFT][colour], right = s->pk.p[RP_RIGHT][colour];
    emit(buf, size, at, "   %s %-24s%s %s\n", rp_pocket_name(RP_LEFT, colour),
         left ? rp_piece_label(left) : ".", rp_pocket_name(RP_RIGHT, colour),
         right ? rp_piece_label(right) : ".");
}

static void emit_turn_line(const struct rp_backlash *s, char *buf, size_t size, size_t *at)
{
    if (s->over)
        emit(buf, size, at, "game over: %s\n", s->how);
    else if (s->turns == 0)
        emit(buf, size, at, "White to move: the right board only (first turn)\n");
    else
        emit(buf, size, at, "%s to move: %s board, then %s board\n", rp_colour_name(side_of(s)),
             rp_board_side_name(first_board(s)), rp_board_side_name(second_board(s)));
}

/* Both boards side by side, each with its pockets: Black's above, White's
 * below, so p8 sits over the left board and P1 under the right one. */
static void backlash_render(const void *state, char *buf, size_t size)
{
    const struct rp_backlash *s = state;
    size_t at = 0;
    buf[0] = '\0';
    emit_pockets(s, 1, buf, size, &at);
    for (int rank = 7; rank >= 0; rank--) {
        for (int bd = 0; bd < 2; bd++) {
            emit(buf, size, &at, "%d ", rank + 1);
            for (int file = 0; file < 8; file++) {
                rp_piece p = s->o[bd].b.sq[rp_square(file, rank)];
                emit(buf, size, &at, " %s%s", p ? rp_piece_label(p) : ".", file < 7 ? " " : "");
            }
            emit(buf, size, &at, bd == RP_LEFT ? "     " : "\n");
        }
    }
    emit(buf, size, &at, "   a  b  c  d  e  f  g  h        A  B  C  D  E  F  G  H\n");
    emit_pockets(s, 0, buf, size, &at);
    emit_turn_line(s, buf, size, &at);
}

/* Both boards, the four pockets (Black's first, each with its board) and
 * whose turn it is on which board. */
static void backlash_view(const void *state, struct rp_view *out)
{
    const struct rp_backlash *s = state;
    out->nboards = 2;
    out->nholdings = 0;
    for (int bd = 0; bd < 2; bd++)
        rp_view_board(&s->o[bd].b, rp_board_side_name(bd), &out->board[bd]);
    for (int colour = 1; colour >= 0; colour--)
        for (int bd = 0; bd < 2; bd++) {
            struct rp_view_holding *h = &out->holding[out->nholdings++];
            snprintf(h->name, sizeof h->name, "%s (%s's pocket, %s board)",
                     rp_pocket_name(bd, colour), rp_colour_name(colour), rp_board_side_name(bd));
            h->colour = (signed char)colour;
            h->board = bd;
            h->n = 0;
            rp_piece p = s->pk.p[bd][colour];
            if (p) {
                char label[RP_VIEW_LABEL];
                rp_view_label(p, label);
                rp_view_hold(h, label, 1);
            }
        }
    out->side_to_move = side_of(s);
    char line[RP_MESSAGE_MAX + 32];
    size_t at = 0;
    emit_turn_line(s, line, sizeof line, &at);
    if (at && line[at - 1] == '\n')
        line[at - 1] = '\0';
    /* The status is short on purpose: a long ending message is cut. */
    size_t n = strlen(line) < sizeof out->status ? strlen(line) : sizeof out->status - 1;
    memcpy(out->status, line, n);
    out->status[n] = '\0';
}

/* ------------------------------------------------------------- table */

static const char *const backlash_names[] = {"backlash", NULL};

RP_BUILT_IN_VARIANT(backlash,
                    "Backlash (two boards, demotion to pockets, drops, king capture)",
                    .state_size = sizeof(struct rp_backlash), .side_to_move = backlash_side_to_move,
                    .render = backlash_render, .view = backlash_view,
                    .legend = RP_ORTHO_LEGEND
                    "; p1 P1 White's pockets for the left and right boards, p8 P8 Black's");
