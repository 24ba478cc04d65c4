/*
 * Palindromic Chess: orthodox chess from a mirrored setup (Black's king on
 * d8, queen on e8; left- and right-handed rooks), won by the player whose
 * move brings both armies onto each other's starting squares
 * (docs/rules.md "Palindromic Chess").
 *
 * Decisions (docs/rules.md): captures are legal; promotion is illegal (the
 * pawn has passed its destination rank); a side that is home passes on
 * every turn until the game ends, even in check, and is never mated or
 * stalemated; checkmate and stalemate otherwise stand, as do fivefold
 * repetition, the 75-move rule and claimable draws (a pass is a ply).
 */
#include <string.h>

#include "replay/movegen.h"
#include "replay/notation.h"
#include "replay/ortho.h"
#include "replay/rules.h"
#include "replay/variants.h"

#define SQ(f, r) ((rp_sq)((r) * 16 + (f)))

static int palindromic_setup(void *state, const struct rp_variant *self,
                             const struct fmt_game *game, char *why, size_t whysize)
{
    (void)self, (void)game, (void)why, (void)whysize;
    struct rp_ortho *o = state;
    rp_ortho_setup(o, &rp_palindromic_rules,
                   "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "Palindromic Chess");
    /* FEN has no handed rooks: RR a1, LR h1, lr a8, rr h8. */
    rp_board_put(&o->b, SQ(0, 0), (rp_piece)(rp_make_piece(RP_ROOK, 0) | RP_HANDED_BIT));
    rp_board_put(&o->b, SQ(7, 0), (rp_piece)(rp_make_piece(RP_ROOK, 0) | RP_ALT_BIT));
    rp_board_put(&o->b, SQ(0, 7), (rp_piece)(rp_make_piece(RP_ROOK, 1) | RP_ALT_BIT));
    rp_board_put(&o->b, SQ(7, 7), (rp_piece)(rp_make_piece(RP_ROOK, 1) | RP_HANDED_BIT));
    o->history[0] = rp_repetition_key(&o->b);
    return 0;
}

/* A piece's destinations are the opponent's starting squares of its type;
 * written for White and mirrored for Black (rank r <-> 7-r). */
static int is_destination(rp_piece p, rp_sq sq)
{
    int colour = rp_colour_of(p), file = rp_file(sq), rank = rp_rank(sq);
    if (colour)
        rank = 7 - rank;   /* Black's targets are White's mirrored through the middle */
    if (rp_type_of(p) == RP_PAWN)
        return rank == 6;
    if (rank != 7)
        return 0;
    switch (rp_type_of(p)) {
    case RP_KNIGHT: return file == 1 || file == 6;
    case RP_BISHOP: return file == 2 || file == 5;
    case RP_QUEEN: return file == (colour ? 3 : 4);
    case RP_KING: return file == (colour ? 4 : 3);
    /* White's right-handed rook (a1) goes to h8 and Black's (h8) to a1. */
    case RP_ROOK: return file == (((p & RP_ALT_BIT) != 0) == (colour != 0) ? 7 : 0);
    default: return 0;
    }
}

/* Every piece of the side on one of its destinations; as pieces never
 * share a square, "no two on the same square" holds by itself. */
static int is_home(const struct rp_board *b, int colour)
{
    for (uint64_t own = b->bb[colour][0]; own; own &= own - 1) {
        rp_sq sq = rp_sq_of_bit(__builtin_ctzll(own));
        if (!is_destination(b->sq[sq], sq))
            return 0;
    }
    return 1;
}

static int find_pass(const struct fmt_component *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (c[i].kind == FMT_COMP_PASS)
            return (int)i;
    return -1;
}

/* The turn of a side that is home: exactly one pass (docs/rules.md,
 * Palindromic Chess: Passing). */
static void play_home(struct rp_ortho *o, const struct fmt_component *c, size_t n,
                      struct rp_verdict *v)
{
    const char *side = rp_colour_name(o->b.side);
    if (c[0].kind != FMT_COMP_PASS) {
        rp_verdict_set(v, RP_MUST_PASS, "%s must pass: all its pieces are on their destination squares",
                       side);
        return;
    }
    if (n > 1) {
        rp_verdict_set(v, RP_EXTRA_COMPONENT, "component \"%s\" does not belong to the pass", c[1].text);
        return;
    }
    rp_ortho_pass(o);
    v->accepted = 1;
}

static void palindromic_play(void *state, const struct fmt_component *c, size_t n,
                             struct rp_verdict *v)
{
    struct rp_ortho *o = state;
    if (!rp_ortho_check_squares(o, c, n, v))
        return;
    if (is_home(&o->b, o->b.side)) {
        play_home(o, c, n, v);
        return;
    }
    if (find_pass(c, n) >= 0) {
        rp_verdict_set(v, RP_BAD_PASS, "%s may not pass: not all its pieces are on their destination squares",
                       rp_colour_name(o->b.side));
        return;
    }
    rp_ortho_play(o, c, n, v);
}

/* The mover made both sides home: a pass never can, so this is a move. */
static int reversal(const struct rp_board *b, struct rp_ending *e)
{
    if (!is_home(b, 0) || !is_home(b, 1))
        return 0;
    e->result = b->side ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    e->termination.kind = RP_TERM_REVERSAL;
    return 1;
}

static int palindromic_ended(void *state, struct rp_ending *e)
{
    struct rp_ortho *o = state;
    struct rp_board *b = &o->b;
    e->detail[0] = '\0';
    if (reversal(b, e))
        return 1;
    if (!is_home(b, b->side) && rp_ortho_mate_or_stalemate(o, e))
        return 1;
    return rp_ortho_draw_by_count(o, e);
}

/* The same without the search for a move, which a legal turn answers (a
 * side at home passes, and then the search is skipped anyway). */
static int palindromic_ended_given_move(void *state, struct rp_ending *e)
{
    struct rp_ortho *o = state;
    e->detail[0] = '\0';
    return reversal(&o->b, e) || rp_ortho_draw_by_count(o, e);
}

static const char *const palindromic_names[] = {"palindromicchess", "palindromic", NULL};

/* FEN has one letter a piece type: both hands of rook are R there. */
RP_BUILT_IN_VARIANT(palindromic, "Palindromic Chess (reach the opponent's setup)",
                    RP_ORTHO_SLOTS(palindromic),
                    .legend = RP_ORTHO_LEGEND
                    "; RR, rr a right-handed rook, LR, lr a left-handed one");
