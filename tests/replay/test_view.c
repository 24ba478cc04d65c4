/*
 * The variants' view slot (replay.h, struct rp_view): what the game
 * viewer draws, for the starting position of every built-in variant and
 * after moves that change holdings (a Backlash demotion, a Retro
 * uncapture).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/replay.h"
#include "replay/variants.h"

static void *start(const struct rp_variant *v)
{
    void *s = calloc(1, v->state_size);
    cr_assert_not_null(s);
    char why[256];
    cr_assert_eq(v->setup(s, v, NULL, why, sizeof why), 0, "%s: %s", v->name, why);
    return s;
}

static void finish(const struct rp_variant *v, void *s)
{
    if (v->release)
        v->release(s);
    free(s);
}

/* "wK" / "bP" / "" for a cell. */
static const char *cell(const struct rp_view *w, int board, const char *sq)
{
    static char out[8];
    const struct rp_view_board *b = &w->board[board];
    int f = -1, r = -1;
    for (int i = 0; i < b->files; i++)
        if (b->file_name[i][0] == sq[0])
            f = i;
    for (int i = 0; i < b->ranks; i++)
        if (strcmp(b->rank_name[i], sq + 1) == 0)
            r = i;
    cr_assert(f >= 0 && r >= 0, "no square %s", sq);
    const struct rp_view_piece *p = &b->cell[r][f];
    if (!p->label[0])
        return "";
    snprintf(out, sizeof out, "%c%s", p->colour == FMT_BLACK ? 'b' : 'w', p->label);
    return out;
}

static void play(const struct rp_variant *v, void *s, const char *text)
{
    /* One component FROM-TO, with an optional label. */
    struct fmt_component c;
    memset(&c, 0, sizeof c);
    cr_assert_eq(sscanf(text, "%3s %7[^-]-%7s", c.label, c.from, c.to), 3, "%s", text);
    c.kind = FMT_COMP_MOVE;
    struct rp_verdict vd = {0};
    v->play(s, &c, 1, &vd);
    cr_assert(vd.accepted, "%s: %s", text, vd.message);
}

Test(replay_view, every_variant_draws_its_start)
{
    for (size_t i = 0; i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        cr_assert_not_null(v->view, "%s has no view", v->name);
        void *s = start(v);
        struct rp_view w;
        memset(&w, 0, sizeof w);
        v->view(s, &w);
        cr_expect(w.nboards >= 1 && w.nboards <= RP_VIEW_BOARDS, "%s", v->name);
        for (int b = 0; b < w.nboards; b++)
            cr_expect(w.board[b].files == 8 && w.board[b].ranks == 8, "%s", v->name);
        finish(v, s);
    }
}

Test(replay_view, chess_and_palindromic)
{
    const struct rp_variant *v = &rp_variant_chess;
    void *s = start(v);
    struct rp_view w;
    v->view(s, &w);
    cr_expect_eq(w.nboards, 1);
    cr_expect_str_eq(w.board[0].name, "");
    cr_expect_str_eq(cell(&w, 0, "e1"), "wK");
    cr_expect_str_eq(cell(&w, 0, "d8"), "bQ");
    cr_expect_str_eq(cell(&w, 0, "e4"), "");
    cr_expect_eq(w.nholdings, 0);
    cr_expect_eq(w.side_to_move, FMT_WHITE);
    cr_expect_str_eq(w.status, "");
    play(v, s, "P e2-e4");
    v->view(s, &w);
    cr_expect_str_eq(cell(&w, 0, "e4"), "wP");
    cr_expect_str_eq(cell(&w, 0, "e2"), "");
    cr_expect_eq(w.side_to_move, FMT_BLACK);
    finish(v, s);
    v = &rp_variant_palindromic;
    s = start(v);
    v->view(s, &w);
    /* Labels of more than one letter, the same for both colours. */
    cr_expect_str_eq(cell(&w, 0, "a1"), "wRR");
    cr_expect_str_eq(cell(&w, 0, "h1"), "wLR");
    cr_expect_str_eq(cell(&w, 0, "a8"), "bLR");
    cr_expect_str_eq(cell(&w, 0, "d8"), "bK");
    finish(v, s);
}

Test(replay_view, backlash_two_boards_and_four_pockets)
{
    const struct rp_variant *v = &rp_variant_backlash;
    void *s = start(v);
    struct rp_view w;
    v->view(s, &w);
    cr_expect_eq(w.nboards, 2);
    cr_expect_str_eq(w.board[0].name, "left");
    cr_expect_str_eq(w.board[1].name, "right");
    cr_expect_str_eq(w.board[1].file_name[0], "A");
    cr_expect_str_eq(cell(&w, 1, "E1"), "wK");
    cr_expect_eq(w.nholdings, 4);
    const char *names[] = {"p8 (Black's pocket, left board)", "P8 (Black's pocket, right board)",
                           "p1 (White's pocket, left board)", "P1 (White's pocket, right board)"};
    const int boards[] = {0, 1, 0, 1}, colours[] = {1, 1, 0, 0};
    for (int i = 0; i < 4; i++) {
        cr_expect_str_eq(w.holding[i].name, names[i]);
        cr_expect_eq(w.holding[i].board, boards[i]);
        cr_expect_eq(w.holding[i].colour, colours[i]);
        cr_expect_eq(w.holding[i].n, 0, "pockets start empty");
    }
    cr_expect_str_eq(w.status, "White to move: the right board only (first turn)");
    finish(v, s);
}

Test(replay_view, retro_reserves_phase_and_points)
{
    const struct rp_variant *v = &rp_variant_retro;
    void *s = start(v);
    struct rp_view w;
    v->view(s, &w);
    cr_expect_eq(w.nboards, 1);
    cr_expect_str_eq(cell(&w, 0, "e6"), "wK");
    cr_expect_str_eq(cell(&w, 0, "e3"), "bK");
    cr_expect_eq(w.nholdings, 2);
    cr_expect_str_eq(w.holding[0].name, "White's reserve");
    cr_expect_str_eq(w.holding[1].name, "Black's reserve");
    /* Everything but the king, by type from the queen down. */
    const char *labels[] = {"Q", "R", "B", "N", "P"};
    const int counts[] = {1, 2, 2, 2, 8};
    for (int c = 0; c < 2; c++) {
        cr_expect_eq(w.holding[c].n, 5);
        for (int k = 0; k < 5; k++) {
            cr_expect_str_eq(w.holding[c].held[k].label, labels[k]);
            cr_expect_eq(w.holding[c].held[k].count, counts[k]);
        }
    }
    cr_expect_eq(w.side_to_move, FMT_BLACK, "Black unmoves first");
    cr_expect_str_eq(w.status, "Phase I; points 0-0");
    finish(v, s);
}

Test(replay_view, holdings_merge_by_label)
{
    struct rp_view_holding h;
    memset(&h, 0, sizeof h);
    rp_view_hold(&h, "P", 2);
    rp_view_hold(&h, "+P", 1);
    rp_view_hold(&h, "P", 3);
    rp_view_hold(&h, "N", 0);
    cr_expect_eq(h.n, 2);
    cr_expect_str_eq(h.held[0].label, "P");
    cr_expect_eq(h.held[0].count, 5);
    cr_expect_str_eq(h.held[1].label, "+P");
}
