/*
 * retro_moves: the geometry of Retro Chess unmoves (docs/rules.md "Retro
 * Chess"): where a piece may go backwards from a square and how (plainly,
 * with an uncapture, as an un-passant, an unpromotion, an uncastling),
 * why it may not, playing an unmove, and whether the side to move has any
 * turn at all.
 *
 * Steps are geometry and board only: the phase, the reserve and the retro
 * checks are the caller's, so that the turn resolver can say which rule a
 * written turn breaks in the order of docs/rules.md (Retro Chess: Order of
 * faults).
 */
#include <stdio.h>
#include <stdlib.h>

#include "replay/attacks.h"
#include "replay/notation.h"
#include "replay/retro.h"
#include "replay/verdict.h"


/* Check matters (for attacks and rule 1); castling and promotion are
 * Retro's own business, done here and not by board.c. */
static const struct rp_rules retro_rules = {.check = 1};

static const int knight_steps[8] = {33, 31, 18, 14, -33, -31, -18, -14};
static const int king_steps[8] = {1, -1, 16, -16, 17, 15, -17, -15};

void rp_retro_setup(struct rp_retro *r)
{
    rp_board_clear(&r->b, &retro_rules);
    rp_board_put(&r->b, rp_square(4, 5), rp_make_piece(RP_KING, 0)); /* White king e6 */
    rp_board_put(&r->b, rp_square(4, 2), rp_make_piece(RP_KING, 1)); /* Black king e3 */
    r->b.side = 1;                                                   /* Black first */
    r->b.key ^= rp_key_side();
    r->phase = 1;
    r->count[0][RP_KING] = r->count[1][RP_KING] = 1;
    r->must_double = RP_NO_SQ;
    r->frozen = 0;
}

/* ------------------------------------------------------------ helpers */

/* One step toward the colour's own first rank. */
static int back(int colour) { return colour ? 16 : -16; }

/* Rank counted from the colour's own side: 0 its first rank, 7 its last. */
static int rel_rank(int sq, int colour) { return colour ? 7 - rp_rank((rp_sq)sq) : rp_rank((rp_sq)sq); }

static int empty(const struct rp_board *b, int sq) { return rp_on_board(sq) && !b->sq[sq]; }

static void add(struct rp_retro_step *out, size_t *n, int to, int kind, int ways)
{
    if (*n < RP_RETRO_MAX_STEPS)
        out[(*n)++] = (struct rp_retro_step){(rp_sq)to, (uint8_t)kind, (uint8_t)ways};
}

/* ---------------------------------------------------------------- pawns */

/* Back one square (never onto the own first rank), two from the fourth
 * rank to the second, or diagonally with an uncapture; from the sixth rank
 * a diagonal unmove may be an un-passant when the enemy pawn's square
 * beside `to` and its starting square are empty (docs/rules.md). */
static void pawn_steps(const struct rp_board *b, int from, int colour,
                       struct rp_retro_step *out, size_t *n)
{
    int rr = rel_rank(from, colour), one = from + back(colour);
    if (rr <= 1)
        return;
    if (empty(b, one))
        add(out, n, one, 0, RP_WAY_PLAIN);
    if (rr == 3 && empty(b, one) && empty(b, one + back(colour)))
        add(out, n, one + back(colour), 0, RP_WAY_PLAIN);
    for (int dx = -1; dx <= 1; dx += 2) {
        int to = one + dx;
        if (!empty(b, to))
            continue;
        int ways = RP_WAY_UNCAPTURE;
        if (rr == 5 && empty(b, rp_retro_unpassant_square((rp_sq)from, (rp_sq)to)) &&
            empty(b, from - back(colour)))
            ways |= RP_WAY_UNPASSANT;
        add(out, n, to, 0, ways);
    }
}

/* ------------------------------------------------------------- pieces */

static void leaps(const struct rp_board *b, int from, const int *steps,
                  struct rp_retro_step *out, size_t *n)
{
    for (int i = 0; i < 8; i++)
        if (empty(b, from + steps[i]))
            add(out, n, from + steps[i], 0, RP_WAY_PLAIN | RP_WAY_UNCAPTURE);
}

static void slides(const struct rp_board *b, int from, int first, int last,
                   struct rp_retro_step *out, size_t *n)
{
    for (int i = first; i < last; i++)
        for (int to = from + king_steps[i]; empty(b, to); to += king_steps[i])
            add(out, n, to, 0, RP_WAY_PLAIN | RP_WAY_UNCAPTURE);
}

/* A non-king piece on its last rank may become the pawn it was: one square
 * back, straight (plainly) or diagonally (with an uncapture). */
static void unpromotions(const struct rp_board *b, int from, int colour,
                         struct rp_retro_step *out, size_t *n)
{
    for (int dx = -1; dx <= 1; dx++)
        if (empty(b, from + back(colour) + dx))
            add(out, n, from + back(colour) + dx, RP_UM_UNPROMOTE,
                dx ? RP_WAY_UNCAPTURE : RP_WAY_PLAIN);
}

/* ----------------------------------------------------------- uncastling */

/* The squares of an uncastling by the king on `from`, or 0 if the king is
 * not on g1/c1 (g8/c8). */
static int uncastle_squares(int from, int colour, int *king_to, int *rook_from, int *rook_to)
{
    int home = colour ? 7 : 0, file = rp_file((rp_sq)from);
    if (rp_rank((rp_sq)from) != home || (file != 6 && file != 2))
        return 0;
    *king_to = rp_square(4, home);
    *rook_from = rp_square(file == 6 ? 5 : 3, home);
    *rook_to = rp_square(file == 6 ? 7 : 0, home);
    return 1;
}

/* docs/rules.md, Retro Chess: Uncastling.  The rook beside the king, the
 * king's and rook's initial squares and those between empty after the
 * unmove, and the king's square, the square it crosses and its landing
 * square not attacked in the position after uncastling.  Writes why not
 * to buf. */
static int uncastle_ok(const struct rp_board *b, int from, char *buf, size_t size)
{
    int colour = rp_colour_of(b->sq[from]), king_to = 0, rook_from = 0, rook_to = 0;
    char s1[8], s2[8];
    if (!uncastle_squares(from, colour, &king_to, &rook_from, &rook_to)) {
        snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", "king");
        return 0;
    }
    rp_piece rook = rp_make_piece(RP_ROOK, colour);
    if (b->sq[rook_from] != rook) {
        snprintf(buf, size, "uncastling needs a %s rook on %s", colour ? "black" : "white",
                 rp_square_name(b, s1, (rp_sq)rook_from));
        return 0;
    }
    int lo = rook_to < king_to ? rook_to : king_to, hi = rook_to < king_to ? king_to : rook_to;
    for (int s = lo; s <= hi; s++)
        if (b->sq[s] && s != from && s != rook_from) {
            snprintf(buf, size, "uncastling needs %s empty", rp_square_name(b, s1, (rp_sq)s));
            return 0;
        }
    struct rp_board after = *b;
    rp_board_remove(&after, (rp_sq)from);
    rp_board_remove(&after, (rp_sq)rook_from);
    rp_board_put(&after, (rp_sq)king_to, b->sq[from]);
    rp_board_put(&after, (rp_sq)rook_to, rook);
    int step = from > king_to ? 1 : -1;
    for (int s = king_to; s != from + step; s += step) {
        rp_sq by = rp_attacker(&after, (rp_sq)s, !colour);
        if (by != RP_NO_SQ) {
            snprintf(buf, size, "uncastling needs the king's squares unattacked, but %s is attacked by the %s on %s",
                     rp_square_name(b, s1, (rp_sq)s), rp_piece_name(after.sq[by]),
                     rp_square_name(b, s2, by));
            return 0;
        }
    }
    return 1;
}

size_t rp_retro_steps(const struct rp_retro *r, rp_sq from, struct rp_retro_step *out)
{
    const struct rp_board *b = &r->b;
    rp_piece p = b->sq[from];
    int colour = rp_colour_of(p), type = rp_type_of(p);
    size_t n = 0;
    char why[RP_MESSAGE_MAX];
    switch (type) {
    case RP_PAWN: pawn_steps(b, from, colour, out, &n); return n;
    case RP_KNIGHT: leaps(b, from, knight_steps, out, &n); break;
    case RP_BISHOP: slides(b, from, 4, 8, out, &n); break;
    case RP_ROOK: slides(b, from, 0, 4, out, &n); break;
    case RP_QUEEN: slides(b, from, 0, 8, out, &n); break;
    case RP_KING: {
        leaps(b, from, king_steps, out, &n);
        int king_to = 0, rook_from = 0, rook_to = 0;
        if (uncastle_squares(from, colour, &king_to, &rook_from, &rook_to) &&
            empty(b, king_to) && uncastle_ok(b, from, why, sizeof why))
            add(out, &n, king_to, RP_UM_UNCASTLE, RP_WAY_PLAIN);
        return n;
    }
    default: return 0;
    }
    if (rel_rank(from, colour) == 7)
        unpromotions(b, from, colour, out, &n);
    return n;
}

/* -------------------------------------------------------- explanations */

static int sign(int x) { return (x > 0) - (x < 0); }

static void explain_slider(const struct rp_board *b, int from, int to, int type, char *buf, size_t size)
{
    int df = rp_file((rp_sq)to) - rp_file((rp_sq)from), dr = rp_rank((rp_sq)to) - rp_rank((rp_sq)from);
    int on_line = df == 0 || dr == 0 || abs(df) == abs(dr), diagonal = df != 0 && dr != 0;
    if (!on_line || (type == RP_ROOK && diagonal) || (type == RP_BISHOP && !diagonal)) {
        snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", rp_type_name(type));
        return;
    }
    int step = sign(dr) * 16 + sign(df);
    char sq[8];
    for (int s = from + step; s != to; s += step)
        if (b->sq[s]) {
            snprintf(buf, size, RP_WHY_BLOCKED, rp_square_name(b, sq, (rp_sq)s));
            return;
        }
    buf[0] = '\0';
}

static void explain_pawn(const struct rp_board *b, int from, int to, char *buf, size_t size)
{
    int colour = rp_colour_of(b->sq[from]);
    int df = abs(rp_file((rp_sq)to) - rp_file((rp_sq)from));
    int dback = rel_rank(from, colour) - rel_rank(to, colour);
    char sq[8];
    if (dback <= 0)
        snprintf(buf, size, "a pawn unmoves only backward");
    else if (rel_rank(to, colour) == 0)
        snprintf(buf, size, "a %s pawn never unmoves onto rank %d", colour ? "black" : "white",
                 colour ? 8 : 1);
    else if (df == 0 && dback == 2 && rel_rank(from, colour) != 3)
        snprintf(buf, size, "a pawn unmoves two squares only from its fourth rank to its second");
    else if (df == 0 && dback == 2)
        snprintf(buf, size, RP_WHY_BLOCKED, rp_square_name(b, sq, (rp_sq)(from + back(colour))));
    else if (!((df == 0 && dback == 1) || (df == 1 && dback == 1)))
        snprintf(buf, size, "that is not a pawn unmove");
    else
        buf[0] = '\0';
}

static void explain_unpromotion(const struct rp_board *b, int from, int to, char *buf, size_t size)
{
    rp_piece p = b->sq[from];
    int colour = rp_colour_of(p), type = rp_type_of(p);
    int df = abs(rp_file((rp_sq)to) - rp_file((rp_sq)from));
    if (type == RP_KING || type == RP_PAWN)
        snprintf(buf, size, "a %s cannot unpromote", rp_type_name(type));
    else if (rel_rank(from, colour) != 7)
        snprintf(buf, size, "only a piece on %s's last rank can unpromote", rp_colour_name(colour));
    else if (rel_rank(to, colour) != 6 || df > 1)
        snprintf(buf, size, "an unpromotion goes one square back to rank %d, straight or diagonally",
                 colour ? 2 : 7);
    else
        buf[0] = '\0';
}

void rp_retro_explain(const struct rp_retro *r, rp_sq from, rp_sq to, int kind,
                      char *buf, size_t size)
{
    const struct rp_board *b = &r->b;
    rp_piece p = b->sq[from];
    char sq[8];
    buf[0] = '\0';
    if (from == to) {
        snprintf(buf, size, "an unmove must leave its square");
        return;
    }
    if (kind == RP_UM_UNPROMOTE) {
        explain_unpromotion(b, from, to, buf, size);
        if (buf[0])
            return;
    }
    if (b->sq[to]) {
        snprintf(buf, size, "%s is occupied by the %s %s", rp_square_name(b, sq, to),
                 rp_colour_of(b->sq[to]) ? "black" : "white", rp_piece_name(b->sq[to]));
        return;
    }
    int df = abs(rp_file(to) - rp_file(from)), dr = abs(rp_rank(to) - rp_rank(from));
    switch (kind == RP_UM_UNPROMOTE ? RP_EMPTY : rp_type_of(p)) {
    case RP_PAWN: explain_pawn(b, from, to, buf, size); break;
    case RP_KNIGHT:
        if (!((df == 1 && dr == 2) || (df == 2 && dr == 1)))
            snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", "knight");

        break;
    case RP_BISHOP:
    case RP_ROOK:
    case RP_QUEEN: explain_slider(b, from, to, rp_type_of(p), buf, size); break;
    case RP_KING: {
        int king_to = 0, rook_from = 0, rook_to = 0;
        if (df <= 1 && dr <= 1)
            break;
        if (uncastle_squares(from, rp_colour_of(p), &king_to, &rook_from, &rook_to) &&
            to == king_to)
            uncastle_ok(b, from, buf, size);
        else
            snprintf(buf, size, RP_WHY_NOT_ITS_MOVE, "a", "king");
        break;
    }
    default: break;
    }
}

/* --------------------------------------------------------------- playing */

static uint64_t bit(rp_sq sq) { return 1ULL << (rp_rank(sq) * 8 + rp_file(sq)); }

static void place(struct rp_retro *r, rp_sq sq, rp_piece p)
{
    rp_board_put(&r->b, sq, p);
    r->count[rp_colour_of(p)][rp_type_of(p)]++;
}

void rp_retro_apply(struct rp_retro *r, const struct rp_unmove *u)
{
    struct rp_board *b = &r->b;
    int side = b->side;
    rp_piece p = b->sq[u->from];
    rp_board_remove(b, u->from);
    if (u->kind == RP_UM_UNPROMOTE) {
        /* The piece goes back to the reserve, a pawn comes out of it. */
        r->count[side][rp_type_of(p)]--;
        r->count[side][RP_PAWN]++;
        p = rp_make_piece(RP_PAWN, side);
    }
    rp_board_put(b, u->to, p);
    if (u->kind == RP_UM_UNCASTLE) {
        int king_to = 0, rook_from = 0, rook_to = 0;
        (void)uncastle_squares(u->from, side, &king_to, &rook_from, &rook_to);
        rp_board_remove(b, (rp_sq)rook_from);
        rp_board_put(b, (rp_sq)rook_to, rp_make_piece(RP_ROOK, side));
        r->frozen |= bit(u->to) | bit((rp_sq)rook_to);
    }
    r->must_double = RP_NO_SQ;
    if (u->way == RP_WAY_UNCAPTURE) {
        place(r, u->from, u->placed);
    } else if (u->way == RP_WAY_UNPASSANT) {
        /* The opponent's next turn must be this pawn's double step back. */
        r->must_double = rp_retro_unpassant_square(u->from, u->to);
        place(r, r->must_double, u->placed);
    }
    int total = 0;
    for (int t = RP_PAWN; t <= RP_KING; t++)
        total += r->count[0][t] + r->count[1][t];
    if (total == 32)
        r->phase = 2; /* docs/rules.md: Phase I ends with all 32 pieces on the board */
    b->side ^= 1;
    b->key ^= rp_key_side();
}

/* ------------------------------------------------ is there any turn? */

static int passes(const struct rp_retro *r, const struct rp_unmove *u, struct rp_retro_memo *memo)
{
    struct rp_retro t = *r;
    rp_retro_apply(&t, u);
    return rp_retro_check(&t, r->b.side, memo, NULL, 0) == RP_OK;
}

/* Some way to take the step is legal: plainly, or in Phase I with an
 * uncapture of any type left in the enemy's reserve, or an un-passant. */
static int step_playable(const struct rp_retro *r, rp_sq from, const struct rp_retro_step *s,
                         struct rp_retro_memo *memo)
{
    int side = r->b.side;
    struct rp_unmove u = {from, s->to, s->kind, RP_WAY_PLAIN, 0};
    if (s->kind == RP_UM_UNPROMOTE &&
        (r->phase != 1 || rp_retro_reserve(r, rp_make_piece(RP_PAWN, side)) <= 0))
        return 0;
    if ((s->ways & RP_WAY_PLAIN) && passes(r, &u, memo))
        return 1;
    if (r->phase != 1)
        return 0;
    for (int type = RP_PAWN; type <= RP_QUEEN && (s->ways & RP_WAY_UNCAPTURE); type++) {
        u.way = RP_WAY_UNCAPTURE;
        u.placed = rp_make_piece(type, !side);
        if (rp_retro_reserve(r, u.placed) > 0 && passes(r, &u, memo))
            return 1;
    }
    u.way = RP_WAY_UNPASSANT;
    u.placed = rp_make_piece(RP_PAWN, !side);
    return (s->ways & RP_WAY_UNPASSANT) && rp_retro_reserve(r, u.placed) > 0 && passes(r, &u, memo);
}

int rp_retro_has_turn(const struct rp_retro *r, struct rp_retro_memo *memo)
{
    const struct rp_board *b = &r->b;
    if (r->must_double != RP_NO_SQ) {
        /* After an un-passant only the double step back is a turn. */
        struct rp_unmove u = {r->must_double, (rp_sq)(r->must_double + 2 * back(b->side)), 0,
                              RP_WAY_PLAIN, 0};
        return passes(r, &u, memo);
    }
    for (int sq = 0; sq < 128; sq++) {
        rp_piece p = rp_on_board(sq) ? b->sq[sq] : 0;
        if (!p || rp_colour_of(p) != b->side || (r->frozen & bit((rp_sq)sq)))
            continue;
        struct rp_retro_step steps[RP_RETRO_MAX_STEPS];
        size_t n = rp_retro_steps(r, (rp_sq)sq, steps);
        for (size_t i = 0; i < n; i++)
            if (step_playable(r, (rp_sq)sq, &steps[i], memo))
                return 1;
    }
    return 0;
}
