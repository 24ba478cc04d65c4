/*
 * Retro Chess: chess played backwards from two bare kings (White e6, Black
 * e3, Black first) toward the opening setup (docs/rules.md "Retro
 * Chess").
 *
 * A turn is one unmove written as its main move plus the companions the
 * rules allow: the placement of the uncaptured enemy piece on the square
 * left (`k e7-f7; B-e7`), the pawn an unpromotion leaves (`Q e8-e7; P-e7`),
 * the enemy pawn an un-passant places beside it (`P e6-d5; p-e5`), the rook
 * of an uncastling (`K g1-e1; R f1-h1`, optional).  Companions may come in
 * any order after the main move.  Checks run in the order of docs/rules.md
 * (Retro Chess: Order of faults): squares, the piece, geometry, the
 * reserve, the retro checks, and last any component that belongs nowhere.
 *
 * Phase I ends when all 32 pieces stand on the board; the persons then
 * switch colours while the colours keep alternating.  The game ends when a
 * colour's setup is restored, or when the side to move has no legal turn
 * (then the points decide, docs/rules.md: Endings, Points).
 */
#include <stdio.h>
#include <string.h>

#include "replay/notation.h"
#include "replay/ortho.h"

#include "replay/retro.h"
#include "replay/variants.h"
#include "replay/verdict.h"
#include "replay/view.h"

static const char title[] = "Retro Chess";

static int retro_setup(void *state, const struct rp_variant *self, const struct fmt_game *game,
                       char *why, size_t whysize)
{
    (void)self, (void)game, (void)why, (void)whysize;
    rp_retro_setup(state);
    return 0;
}

static int retro_side_to_move(const void *state)
{
    return ((const struct rp_retro *)state)->b.side;
}

/* ------------------------------------------------------- reading a turn */

/* The components of a turn, sorted by what they are for. */
struct parsed {
    const struct fmt_component *main;
    const struct fmt_component *rook;     /* the uncastling rook's move */
    const struct fmt_component *on_to;    /* placement on `to`: an unpromotion's pawn */
    const struct fmt_component *on_from;  /* placement on `from`: an uncapture */
    const struct fmt_component *beside;   /* placement beside `to`: an un-passant */
    const struct fmt_component *extra;    /* the first component that belongs nowhere */
    rp_sq from, to;
};

static int sq_of(const char *name) { return rp_parse_square(name, 'a'); }

static int square_exists(const char *name, const void *unused)
{
    (void)unused;
    return sq_of(name) >= 0;
}

static int check_first(const struct fmt_component *c, struct rp_verdict *v)
{
    if (c->kind == FMT_COMP_MOVE)
        return 1;
    if (c->kind == FMT_COMP_PASS)
        rp_verdict_no_pass(v, title);
    else
        rp_verdict_stray_component(v, c->text, "unmove", NULL, NULL);
    return 0;
}

/* no-piece, wrong-piece, wrong-side, as in every variant (docs/rules.md). */
static int check_piece(const struct rp_retro *r, const struct parsed *P, struct rp_verdict *v)
{
    char at[16];
    snprintf(at, sizeof at, "on %s", P->main->from);
    return rp_check_piece(r->b.sq[P->from], r->b.side, P->main->label, at, v);
}

/* The rook companion of an uncastling king move: f1-h1 or d1-a1 (rank 8
 * for Black), its label optional (docs/rules.md: as in castling). */
static int is_rook_companion(const struct rp_retro *r, const struct parsed *P,
                             const struct fmt_component *c)
{
    rp_piece king = r->b.sq[P->from];
    int home = rp_colour_of(king) ? 7 : 0, file = rp_file(P->from);
    if (c->kind != FMT_COMP_MOVE || rp_type_of(king) != RP_KING || rp_rank(P->from) != home ||
        P->to != rp_square(4, home) || (file != 6 && file != 2))
        return 0;
    rp_sq rook_from = rp_square(file == 6 ? 5 : 3, home), rook_to = rp_square(file == 6 ? 7 : 0, home);
    return sq_of(c->from) == rook_from && sq_of(c->to) == rook_to &&
           (!c->label[0] || rp_label_matches(rp_make_piece(RP_ROOK, rp_colour_of(king)), c->label));
}

/* Each companion fills the one slot its square says; a second one for a
 * slot, or anything else, is extra (docs/rules.md, Retro Chess:
 * Companions). */
static void sort_companions(const struct rp_retro *r, const struct fmt_component *c, size_t n,
                            struct parsed *P)
{
    int pawn = rp_type_of(r->b.sq[P->from]) == RP_PAWN;
    for (size_t i = 1; i < n; i++) {
        const struct fmt_component *k = &c[i];
        int sq = k->kind == FMT_COMP_PLACE ? sq_of(k->to) : -1;
        if (sq >= 0 && sq == P->to && !P->on_to)
            P->on_to = k;
        else if (sq >= 0 && sq == P->from && !P->on_from)
            P->on_from = k;
        else if (sq >= 0 && pawn && rp_file(P->from) != rp_file(P->to) && !P->beside &&
                 sq == rp_retro_unpassant_square(P->from, P->to))
            P->beside = k;
        else if (!P->rook && is_rook_companion(r, P, k))
            P->rook = k;
        else if (!P->extra)
            P->extra = k;
    }
}

/* ------------------------------------------------------------ geometry */

static int find_step(const struct rp_retro *r, const struct parsed *P, struct rp_retro_step *out)
{
    struct rp_retro_step steps[RP_RETRO_MAX_STEPS];
    size_t n = rp_retro_steps(r, P->from, steps);
    int unpromote = P->on_to != NULL;
    for (size_t i = 0; i < n; i++)
        if (steps[i].to == P->to && (steps[i].kind == RP_UM_UNPROMOTE) == unpromote) {
            *out = steps[i];
            return 1;
        }
    return 0;
}

static int no_step(const struct rp_retro *r, const struct parsed *P, struct rp_verdict *v)
{
    char why[160];
    const char *name = rp_piece_name(r->b.sq[P->from]);
    int kind = P->on_to ? RP_UM_UNPROMOTE : 0;
    rp_retro_explain(r, P->from, P->to, kind, why, sizeof why);
    if (kind)
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "the %s on %s cannot unpromote on %s%s%s", name,
                       P->main->from, P->main->to, why[0] ? ": " : "", why);
    else
        rp_verdict_unreachable(v, name, P->main->from, P->main->to, why);

    return 0;
}

/* Uncapture, un-passant and plain: which of them the companions ask for,
 * and whether the step allows it (docs/rules.md, Retro Chess: Unmoves to
 * Un-passant). */
static int check_way(const struct rp_retro *r, const struct parsed *P,
                     const struct rp_retro_step *s, struct rp_verdict *v)
{
    int pawn = rp_type_of(r->b.sq[P->from]) == RP_PAWN;
    char a[8], b[8];
    if (P->on_from && P->beside) {
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "an unmove uncaptures one piece at most");
    } else if (P->on_from && !(s->ways & RP_WAY_UNCAPTURE)) {
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "%s cannot uncapture",
                       s->kind == RP_UM_UNCASTLE ? "an uncastling"
                       : s->kind == RP_UM_UNPROMOTE ? "a straight unpromotion"
                       : "a pawn unmoving straight back");
    } else if (P->beside && !(s->ways & RP_WAY_UNPASSANT)) {
        rp_sq start = (rp_sq)(P->from - (r->b.side ? 16 : -16));
        if ((r->b.side ? 7 - rp_rank(P->from) : rp_rank(P->from)) != 5)
            rp_verdict_set(v, RP_ILLEGAL_MOVE, "only a pawn on its sixth rank can unmove en passant");
        else
            rp_verdict_set(v, RP_ILLEGAL_MOVE, "an un-passant needs %s and %s empty",
                           rp_square_name(&r->b, a, rp_retro_unpassant_square(P->from, P->to)),
                           rp_square_name(&r->b, b, start));
    } else if (!P->on_from && !P->beside && !(s->ways & RP_WAY_PLAIN)) {
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "%s",
                       pawn ? "a pawn unmoves diagonally only with an uncapture"
                            : "a diagonal unpromotion needs an uncapture");
    } else {
        return 1;
    }
    return 0;
}

/* The piece a placement names, which must be the enemy's (uncapture,
 * un-passant: only a pawn) or the mover's pawn (unpromotion). */
static int check_label(const struct fmt_component *c, rp_piece want_colour_of, int only_pawn,
                       const char *what, rp_piece *out, struct rp_verdict *v)
{
    rp_piece p = rp_piece_for_label(c->label);
    int colour = rp_colour_of(want_colour_of);
    if (!p || (p & (RP_ALT_BIT | RP_HANDED_BIT))) {
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "placement \"%s\" names no %s piece", c->text, title);
        return 0;
    }
    if (rp_colour_of(p) != colour || (only_pawn && rp_type_of(p) != RP_PAWN)) {
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "%s places a %s %s: \"%s\" is not one", what,
                       colour ? "black" : "white", only_pawn ? "pawn" : "piece", c->text);
        return 0;
    }
    *out = p;
    return 1;
}

static int check_geometry(const struct rp_retro *r, const struct parsed *P, struct rp_unmove *u,
                          struct rp_verdict *v)
{
    int side = r->b.side;
    rp_piece mover = r->b.sq[P->from];
    struct rp_retro_step s;
    if (r->frozen & (1ULL << (rp_rank(P->from) * 8 + rp_file(P->from)))) {
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "the %s on %s has uncastled: it never unmoves again",
                       rp_piece_name(mover), P->main->from);
        return 0;
    }
    if (r->phase == 2 && (P->on_from || P->beside || P->on_to)) {
        rp_verdict_set(v, RP_ILLEGAL_MOVE, "there are no %s in Phase II",
                       P->on_to ? "unpromotions" : "uncaptures");
        return 0;
    }
    if (!find_step(r, P, &s))
        return no_step(r, P, v);
    if (!check_way(r, P, &s, v))
        return 0;
    rp_piece pawn;
    if (P->on_to && !check_label(P->on_to, mover, 1, "an unpromotion", &pawn, v))
        return 0;
    *u = (struct rp_unmove){P->from, P->to, s.kind, RP_WAY_PLAIN, 0};
    rp_piece enemy = rp_make_piece(RP_PAWN, !side);
    if (P->on_from) {
        u->way = RP_WAY_UNCAPTURE;
        return check_label(P->on_from, enemy, 0, "an uncapture", &u->placed, v);
    }
    if (P->beside) {
        u->way = RP_WAY_UNPASSANT;
        return check_label(P->beside, enemy, 1, "an un-passant", &u->placed, v);
    }
    return 1;
}

/* ------------------------------------------------- reserve and checks */

static int check_reserve(const struct rp_retro *r, const struct rp_unmove *u, struct rp_verdict *v)
{
    rp_piece pawn = rp_make_piece(RP_PAWN, r->b.side);
    rp_piece short_of = u->kind == RP_UM_UNPROMOTE && rp_retro_reserve(r, pawn) <= 0 ? pawn
                      : u->placed && rp_retro_reserve(r, u->placed) <= 0 ? u->placed
                      : 0;
    if (!short_of)
        return 1;
    rp_verdict_set(v, RP_RESERVE_EMPTY, "%s has no %s left in reserve",
                   rp_colour_name(rp_colour_of(short_of)), rp_type_name(rp_type_of(short_of)));
    return 0;
}

/* docs/rules.md: after an un-passant the opponent's next turn must be the
 * uncaptured pawn's double step back, else retro-illegal. */
static int check_obligation(const struct rp_retro *r, const struct rp_unmove *u, struct rp_verdict *v)
{
    rp_sq pawn = r->must_double;
    rp_sq home = (rp_sq)(pawn + (r->b.side ? 32 : -32));
    if (pawn == RP_NO_SQ || (u->from == pawn && u->to == home && u->way == RP_WAY_PLAIN))
        return 1;
    char a[8], b[8];
    rp_verdict_set(v, RP_RETRO_ILLEGAL, "after the un-passant %s must unmove %s %s-%s",
                   rp_colour_name(r->b.side), rp_piece_label(r->b.sq[pawn]),
                   rp_square_name(&r->b, a, pawn), rp_square_name(&r->b, b, home));
    return 0;
}

static void retro_play(void *state, const struct fmt_component *c, size_t n, struct rp_verdict *v)
{
    struct rp_retro *r = state;
    struct parsed P = {0};
    if (n == 0 || !rp_check_squares(c, n, square_exists, NULL, title, v) || !check_first(&c[0], v))
        return;
    P.main = &c[0];
    P.from = (rp_sq)sq_of(c[0].from);
    P.to = (rp_sq)sq_of(c[0].to);
    if (!check_piece(r, &P, v))
        return;
    sort_companions(r, c, n, &P);
    struct rp_unmove u;
    if (!check_geometry(r, &P, &u, v) || !check_reserve(r, &u, v) || !check_obligation(r, &u, v))
        return;
    struct rp_retro after = *r;
    rp_retro_apply(&after, &u);
    if (rp_retro_check(&after, r->b.side, &after.memo, v->message, sizeof v->message) != RP_OK) {
        v->code = RP_RETRO_ILLEGAL;
        return;
    }
    if (P.extra) {
        rp_verdict_stray_component(v, P.extra->text, "unmove", c[0].from, c[0].to);
        return;
    }
    *r = after;
    v->accepted = 1;
}

/* ------------------------------------------------------------- endings */

static enum rp_result on_points(const struct rp_retro *r)
{
    int pts[2];
    rp_retro_points(r, pts);
    return pts[0] > pts[1] ? RP_RESULT_WHITE : pts[1] > pts[0] ? RP_RESULT_BLACK : RP_RESULT_DRAW;
}

static int retro_ended(void *state, struct rp_ending *e)
{
    struct rp_retro *r = state;
    int white = rp_retro_restored(r, 0), black = rp_retro_restored(r, 1);
    int mover = !r->b.side;
    e->detail[0] = '\0';
    e->undecided = 0;
    if (white || black) {
        /* docs/rules.md, Retro Chess: Endings.  Both restored by one turn:
         * the mover's colour wins. */
        int winner = white && black ? mover : black;
        e->result = winner ? RP_RESULT_BLACK : RP_RESULT_WHITE;
        e->termination.kind = RP_TERM_SETUP_RESTORED;
        return 1;
    }
    if (rp_retro_has_turn(r, &r->memo))
        return 0;
    /* docs/rules.md, Retro Chess: Endings.  No legal turn ends the game
     * undecided; unless a winner is declared, the points decide. */
    e->result = on_points(r);
    e->termination.kind = RP_TERM_POINTS;
    e->undecided = 1;
    return 1;
}

/* docs/rules.md, Retro Chess: Points, Endings, Colours and persons.  The
 * points are every game's detail; a declared draw the rules did not make
 * is decided on them; from Phase II on the persons play the other
 * colours. */
static void retro_end(const void *state, enum rp_end_how how, struct rp_end *out)
{
    const struct rp_retro *r = state;
    int pts[2];
    rp_retro_points(r, pts);
    snprintf(out->detail, sizeof out->detail, "points=%d-%d", pts[0], pts[1]);
    out->colours_swapped = r->phase == 2;
    if (how == RP_END_DECLARED_DRAW) {
        out->adjudicated = 1;
        out->result = on_points(r);
        out->termination.kind = RP_TERM_POINTS;
    }
}

/* -------------------------------------------------------------- render */

static size_t reserve_line(const struct rp_retro *r, int colour, char *buf, size_t size)
{
    size_t at = (size_t)snprintf(buf, size, "%s reserve:", rp_colour_name(colour));
    int none = 1;
    for (int type = RP_QUEEN; type >= RP_PAWN && at < size; type--) {
        rp_piece p = rp_make_piece(type, colour);
        for (int k = rp_retro_reserve(r, p); k > 0 && at < size; k--, none = 0)
            at += (size_t)snprintf(buf + at, size - at, " %s", rp_piece_label(p));
    }
    if (at < size)
        at += (size_t)snprintf(buf + at, size - at, "%s\n", none ? " none" : "");
    return at < size ? at : size;
}

static void retro_render(const void *state, char *buf, size_t size)
{
    const struct rp_retro *r = state;
    const struct rp_board *b = &r->b;
    size_t at = rp_board_diagram(b, buf, size);
    int pts[2];
    rp_retro_points(r, pts);
    if (at < size)
        at += (size_t)snprintf(buf + at, size - at,
                               "   a  b  c  d  e  f  g  h\n%s%s; %s to move; points %d-%d\n",
                               r->phase == 1 ? "Phase I" : "Phase II",
                               r->phase == 1 ? "" : " (the players have switched colours)",
                               rp_colour_name(b->side), pts[0], pts[1]);
    for (int colour = 0; colour < 2 && at < size; colour++)
        at += reserve_line(r, colour, buf + at, size - at);
    if (r->must_double != RP_NO_SQ && at < size) {
        char sq[8];
        snprintf(buf + at, size - at, "the pawn on %s must step back two squares\n",
                 rp_square_name(b, sq, r->must_double));
    }
}

/* Retro Chess: the board, both reserves (pieces by type, counted), the
 * phase and the points. */
static void retro_view(const void *state, struct rp_view *out)
{
    const struct rp_retro *r = state;
    out->nboards = 1;
    rp_view_board(&r->b, "", &out->board[0]);
    out->nholdings = 2;
    for (int colour = 0; colour < 2; colour++) {
        struct rp_view_holding *h = &out->holding[colour];
        snprintf(h->name, sizeof h->name, "%s's reserve", rp_colour_name(colour));
        h->colour = (signed char)colour;
        h->board = -1;
        h->n = 0;
        for (int type = RP_KING; type >= RP_PAWN; type--) {
            rp_piece p = rp_make_piece(type, colour);
            char label[RP_VIEW_LABEL];
            rp_view_label(p, label);
            rp_view_hold(h, label, rp_retro_reserve(r, p));
        }
    }
    out->side_to_move = r->b.side;
    int pts[2];
    rp_retro_points(r, pts);
    size_t at = (size_t)snprintf(out->status, sizeof out->status, "%s; points %d-%d",
                                 r->phase == 1 ? "Phase I"
                                               : "Phase II (the players have switched colours)",
                                 pts[0], pts[1]);
    if (r->must_double != RP_NO_SQ && at < sizeof out->status) {
        char sq[8];
        snprintf(out->status + at, sizeof out->status - at, "; the pawn on %s must step back two",
                 rp_square_name(&r->b, sq, r->must_double));
    }
}

static const char *const retro_names[] = {"retrochess", "retro", NULL};

RP_BUILT_IN_VARIANT(retro, "Retro Chess (chess played backwards)",
                    .state_size = sizeof(struct rp_retro), .side_to_move = retro_side_to_move,
                    .end = retro_end, .render = retro_render, .view = retro_view,
                    .legend = RP_ORTHO_LEGEND
                    "; a reserve holds the pieces a colour can still uncapture");
