/*
 * sittuyinPromotion and sittuyinRookDrop, the keys of the reference
 * build's Sittuyin (replay/definitions/builtin/sittuyin.ini): a pawn
 * becomes a ferz only while its side has none, in place or by a
 * diagonal step, from the promotion diagonals (anywhere when it is the
 * side's last pawn), where the ferz attacks no enemy piece and the move
 * gives no check; a rook is dropped on the first rank only.  Each
 * position's legal moves are compared with ffish 0.7.10's
 * (Board.legalMoves() for the same FEN: the expected values below were
 * taken from it).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy.h"
#include "replay/fairy_pos.h"
#include "replay/replay.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/support.h"

static void setup(void)
{
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin");
    ts_defs_load_text("[sit:sittuyin]\n");
}

static void teardown(void)
{
    rp_defs_reset();
    rp_defs_builtin_dir(NULL);
}

TestSuite(replay_fairy_sittuyin, .init = setup, .fini = teardown);

/* The move as ffish writes it: d5c4f, d5d5f, R@a1 (drops: of the kinds
 * asked for only). */
static void uci(const struct rp_fdef *d, rp_fmove m, char *out)
{
    int ff = rp_ffile(m.from), fr = rp_frank(m.from) + 1, tf = rp_ffile(m.to), tr = rp_frank(m.to) + 1;
    if (m.kind == RP_FM_DROP)
        sprintf(out, "%c@%c%d", d->types[m.type].letter - 'a' + 'A', 'a' + tf, tr);
    else if (m.kind == RP_FM_PROMOTE)
        sprintf(out, "%c%d%c%d%c", 'a' + ff, fr, 'a' + tf, tr, d->types[m.type].letter);
    else
        sprintf(out, "%c%d%c%d", 'a' + ff, fr, 'a' + tf, tr);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* gcaudit's legal moves from `fen`: their number, and the promotions (or
 * the drops of `drop`) in alphabetical order, joined by spaces. */
static void expect_moves(const char *fen, int count, const char *picked, char drop)
{
    const struct rp_fdef *d = rp_fairy_find("sit");
    cr_assert_not_null(d);
    struct rp_fpos p;
    char why[200];
    cr_assert_eq(rp_ffen_read(&p, d, fen, why, sizeof why), 0, "%s: %s", fen, why);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    static char names[RP_FMAX_MOVES][16];
    int n = 0;
    for (int i = 0; i < l.n; i++)
        if (drop ? l.m[i].kind == RP_FM_DROP && d->types[l.m[i].type].letter == drop
                 : l.m[i].kind == RP_FM_PROMOTE)
            uci(d, l.m[i], names[n++]);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    char got[1024] = "";
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(got, " ");
        strcat(got, names[i]);
    }
    cr_expect_eq(l.n, count, "%s: %d legal moves, ffish %d", fen, l.n, count);
    cr_expect_str_eq(got, picked, "%s: %s, ffish %s", fen, got, picked);
}

Test(replay_fairy_sittuyin, a_pawn_on_the_diagonals_becomes_a_ferz_attacking_nothing)
{
    /* d5d5f would attack the king on e4 (a check); e4 holds the king. */
    expect_moves("8/8/8/3P4/4k3/8/8/4K3 w - - 0 1", 9, "d5c4f d5c6f d5e6f", 0);
    expect_moves("8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", 11, "d5c4f d5c6f d5d5f d5e4f d5e6f", 0);
    /* A ferz on the board already: no promotion. */
    expect_moves("8/4k3/8/3P4/8/8/8/F3K3 w - - 0 1", 7, "", 0);
    /* Nor the rook on c6, from d5 or c6's neighbours (d5c6 is the capture). */
    expect_moves("8/8/2r5/3P4/8/8/8/k3K3 w - - 0 1", 10, "d5c4f d5e4f d5e6f", 0);
    /* Off the diagonals with another pawn left: no promotion. */
    expect_moves("8/6k1/4pppp/pppp1P2/4P1PP/PPPP4/8/K7 w - - 0 1", 13, "", 0);
}

Test(replay_fairy_sittuyin, a_promotion_may_not_discover_check)
{
    /* Leaving d5 opens the d-file to the king on d8; e4, e6 attack the
     * rook on f5. */
    expect_moves("3k4/8/8/3P1r2/8/8/8/3RK3 w - - 0 1", 10, "d5d5f", 0);
}

Test(replay_fairy_sittuyin, the_last_pawn_promotes_anywhere)
{
    expect_moves("k7/8/8/8/8/2P5/8/4K3 w - - 0 1", 11, "c3b2f c3b4f c3c3f c3d2f c3d4f", 0);
}

Test(replay_fairy_sittuyin, a_rook_is_set_up_on_the_first_rank_only)
{
    expect_moves("8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1", 88,
                 "R@a1 R@b1 R@c1 R@d1 R@e1 R@f1 R@g1 R@h1", 'r');
}

/* The position after each turn, as a FEN without the pieces in hand
 * (ffish lists them in another order). */
static void keep_fen(void *ctx, const struct fmt_turn *turn, const struct rp_variant *v, const void *state)
{
    (void)turn;
    (void)v;
    char fen[256], *out = ctx;
    rp_ffen_write(&((const struct rp_fgame *)state)->pos, fen, sizeof fen);
    size_t board = strcspn(fen, "["), hand = strcspn(fen + board, "]");
    snprintf(out, 256, "%.*s%s", (int)board, fen, fen[board] ? fen + board + hand + 1 : "");
}

/* One turn from `fen` in Game Courier's notation: accepted, with the
 * position ffish reaches (its FEN's placement and side), or refused with
 * the violation's code and message. */
static void expect_turn(const char *fen, const char *turn, const char *after)
{
    char text[512];
    snprintf(text, sizeof text, "Game: sit\nFEN: %s\n\n%s\n", fen, turn);
    struct rp_report r;
    char now[256] = "";
    ts_replay_text(text, &r, keep_fen, now);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s", text);
    cr_expect_eq(r.turns, 1, "%s", text);
    cr_expect_eq(strncmp(now, after, strlen(after)), 0, "%s: %s, ffish %s", text, now, after);
    rp_report_release(&r);
}

static void expect_refused(const char *fen, const char *turn, enum rp_code code, const char *message)
{
    char text[512];
    snprintf(text, sizeof text, "Game: sit\nFEN: %s\n\n%s\n", fen, turn);
    struct rp_report r;
    ts_replay_text(text, &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL, "%s", text);
    cr_assert_geq(r.nviolations, 1, "%s", text);
    cr_expect_eq(r.violations[0].code, code, "%s", text);
    cr_expect_str_eq(r.violations[0].message, message, "%s", text);
    rp_report_release(&r);
}

Test(replay_fairy_sittuyin, a_promotion_is_a_placement_on_the_pawn_or_a_step_and_a_placement)
{
    expect_turn("3k4/8/8/3P1r2/8/8/8/3RK3 w - - 0 1", "1. F-d5", "3k4/8/8/3F1r2/8/8/8/3RK3 b");
    expect_turn("3k4/8/8/3P1r2/8/8/8/3RK3 w - - 0 1", "1. P d5-d5; F-d5", "3k4/8/8/3F1r2/8/8/8/3RK3 b");
    expect_turn("8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "1. P d5-c6; F-c6", "8/4k3/2F5/8/8/8/8/4K3 b");
    expect_turn("k7/8/8/8/8/2P5/8/4K3 w - - 0 1", "1. F-c3", "k7/8/8/8/8/2F5/8/4K3 b");
}

Test(replay_fairy_sittuyin, a_director_reads_why_a_promotion_is_refused)
{
    /* The fers on c6 attacks nothing, but the d-file opens to the king. */
    expect_refused("3k4/8/8/3P4/8/8/8/3RK3 w - - 0 1", "1. P d5-c6; F-c6", RP_ILLEGAL_MOVE,
                   "a promotion may not give check in sit");
    /* A king is a piece the fers may not attack. */
    expect_refused("8/8/8/3P4/4k3/8/8/4K3 w - - 0 1", "1. F-d5", RP_BAD_PROMOTION,
                   "a fers may not be placed on d5, where it would attack an enemy piece");
    expect_refused("8/4k3/8/3P4/8/8/8/F3K3 w - - 0 1", "1. F-d5", RP_BAD_PROMOTION,
                   "there may be no more than 1 fers of one side in sit");
    expect_refused("k7/8/8/8/8/2P5/7P/4K3 w - - 0 1", "1. F-c3", RP_BAD_PROMOTION,
                   "c3 is not a promotion square, and only a side's last pawn promotes elsewhere in sit");
    expect_refused("8/8/2r5/3P4/8/8/8/k3K3 w - - 0 1", "1. F-d5", RP_BAD_PROMOTION,
                   "a fers may not be placed on d5, where it would attack an enemy piece");
    expect_refused("8/8/8/3P4/8/8/8/k3K3 w - - 0 1", "1. N-d5", RP_BAD_PROMOTION,
                   "a pawn cannot promote to a knight in sit");
    /* A step written as a promotion that is none (ffish: d5d6 only
     * plain; d5c6 with a knight there only the capture): why, not that
     * the pawn cannot move so. */
    expect_refused("8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "1. P d5-d6; F-d6", RP_BAD_PROMOTION,
                   "the fers's step from d5 to d6 is no promotion in sit: a pawn promotes in place (the "
                   "placement alone) or by one of the new piece's moves to an empty square where it attacks no "
                   "enemy piece");
    expect_refused("8/4k3/2n5/3P4/8/8/8/4K3 w - - 0 1", "1. P d5-c6; F-c6", RP_BAD_PROMOTION,
                   "a pawn promotes by a step to an empty square only: c6 is taken");
    expect_refused("8/4k3/8/3P4/8/8/8/F3K3 w - - 0 1", "1. P d5-c6; F-c6", RP_BAD_PROMOTION,
                   "there may be no more than 1 fers of one side in sit");
    expect_refused("k7/8/8/8/8/2P5/7P/4K3 w - - 0 1", "1. P c3-d4; F-d4", RP_BAD_PROMOTION,
                   "c3 is not a promotion square, and only a side's last pawn promotes elsewhere in sit");
    expect_refused("8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "1. P d5-c6; N-c6", RP_BAD_PROMOTION,
                   "a pawn cannot promote to a knight in sit");
}

Test(replay_fairy_sittuyin, the_set_up_is_one_drop_a_turn_the_rooks_on_the_first_rank)
{
    const char *start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    expect_turn(start, "1. R*a1", "8/8/4pppp/pppp4/4PPPP/PPPP4/8/R7 b");
    expect_turn(start, "1. K-e2", "8/8/4pppp/pppp4/4PPPP/PPPP4/4K3/8 b");
    expect_refused(start, "1. R*a2", RP_BAD_DROP, "a rook may not be dropped on a2 in sit");
}

/* White's king and pawn alone, every legal move a promotion: a draw
 * (ffish: Board.result(true) is 1/2-1/2 after Black's move). */
Test(replay_fairy_sittuyin, a_king_and_pawn_whose_only_moves_are_promotions_are_stalemated)
{
    struct rp_report r;
    ts_replay_text("Game: sit\nFEN: 8/8/8/8/8/p7/P2k4/K7 b - - 0 1\n\n1... k d2-c2\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_DRAW);
    cr_expect_str_eq(r.termination_name, "stalemate");
    rp_report_release(&r);
}
