/*
 * The one SAN writer (replay/san.c) on its own, and the replay loop's
 * notation (rp_game_notate, rp_game_fen): every accepted turn heard with
 * its SAN, none after the turn that was rejected.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "replay/san.h"

static const char *write(const struct rp_san_move *m)
{
    static char buf[RP_SAN_MAX];
    cr_assert_eq(rp_san_write(m, buf, sizeof buf), 0);
    return buf;
}

Test(replay_san, writes_each_part_in_the_standard_order)
{
    struct rp_san_move m = {.piece = 'N', .from_file = 1, .from_rank = 0, .to_file = 3,
                            .to_rank = 1, .capture = 1, .disambiguate = RP_SAN_FILE,
                            .mark = '+'};
    cr_expect_str_eq(write(&m), "Nbxd2+");
    m.disambiguate = RP_SAN_RANK;
    m.capture = 0;
    m.mark = 0;
    cr_expect_str_eq(write(&m), "N1d2");
    m.disambiguate = RP_SAN_FILE | RP_SAN_RANK;
    cr_expect_str_eq(write(&m), "Nb1d2");
    struct rp_san_move pawn = {.from_file = 4, .from_rank = 6, .to_file = 3, .to_rank = 7,
                               .capture = 1, .promotion = 'Q', .mark = '#'};
    cr_expect_str_eq(write(&pawn), "exd8=Q#");
    struct rp_san_move drop = {.piece = 'N', .drop = 1, .to_file = 5, .to_rank = 2};
    cr_expect_str_eq(write(&drop), "N@f3");
    struct rp_san_move oo = {.castle = RP_SAN_QUEEN_SIDE, .mark = '+'};
    cr_expect_str_eq(write(&oo), "O-O-O+");
    struct rp_san_move gated = {.piece = 'N', .from_file = 1, .to_file = 2, .to_rank = 2,
                                .gate = 'H'};
    cr_expect_str_eq(write(&gated), "Nc3/H");
    struct rp_san_move big = {.piece = 'R', .from_file = 11, .from_rank = 9, .to_file = 11,
                              .to_rank = 0, .disambiguate = RP_SAN_RANK};
    cr_expect_str_eq(write(&big), "R10l1");
    struct rp_san_move pass = {.pass = 1};
    cr_expect_str_eq(write(&pass), "--");
}

Test(replay_san, disambiguation_file_then_rank_then_both)
{
    int f1[] = {5}, r1[] = {0};
    cr_expect_eq(rp_san_disambiguation(1, 0, NULL, NULL, 0), 0u);
    cr_expect_eq(rp_san_disambiguation(1, 0, f1, r1, 1), RP_SAN_FILE);
    int f2[] = {0}, r2[] = {4};
    cr_expect_eq(rp_san_disambiguation(0, 0, f2, r2, 1), RP_SAN_RANK);
    int f3[] = {0, 2}, r3[] = {2, 0};
    cr_expect_eq(rp_san_disambiguation(0, 0, f3, r3, 2), RP_SAN_FILE | RP_SAN_RANK);
}

Test(replay_san, a_buffer_too_small_is_refused)
{
    char buf[4] = "xyz";
    struct rp_san_move m = {.castle = RP_SAN_QUEEN_SIDE};
    cr_expect_eq(rp_san_write(&m, buf, sizeof buf), -1);
    cr_expect_str_eq(buf, "");
}

/* ------------------------------------------------- through the loop */

struct heard {
    char text[512];
    int nulls;
};

static void hear(void *ctx, const struct fmt_turn *t, const char *san)
{
    struct heard *h = ctx;
    size_t len = strlen(h->text);
    if (!san)
        h->nulls++;
    snprintf(h->text + len, sizeof h->text - len, "%s%d%s%s", len ? " " : "", t->number,
             t->side ? "..." : ".", san ? san : "?");
}

/* Replay the one game of text notated; its report into *r. */
static void notate(const char *text, struct heard *h, char *fen, size_t fensize,
                   struct rp_report *r)
{
    memset(h, 0, sizeof *h);
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    rp_game *G = rp_game_start(&g, r, NULL, NULL);
    cr_assert(G);
    cr_assert_eq(rp_game_notate(G, hear, h), RP_DONE);
    cr_assert_eq(rp_game_fen(G, fen, fensize), RP_DONE);
    cr_assert_eq(rp_game_turns(G, g.turns, g.nturns), RP_DONE);
    cr_assert_eq(rp_game_finish(G, &g, r), RP_DONE);
    fmt_game_release(&g);
    fmt_parser_free(p);
}

Test(replay_san, the_loop_notates_every_accepted_turn_and_stops_at_the_rejected_one)
{
    struct heard h;
    struct rp_report r;
    char fen[128];
    notate("Game: Chess\n\n1. P e2-e4\n1... p e7-e5\n2. N g1-f3\n2... N b8-c6\n3. B f1-b5 // ok\n"
           "3... n b8-c6\n",
           &h, fen, sizeof fen, &r);
    cr_expect_str_eq(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /* 2... names a white knight: rejected, and nothing after it is heard */
    cr_expect_str_eq(h.text, "1.e4 1...e5 2.Nf3");
    cr_expect_eq(h.nulls, 0);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL);
    rp_report_release(&r);
}

Test(replay_san, moves_without_markers_are_heard_with_the_markers_given)
{
    struct heard h;
    struct rp_report r;
    char fen[128];
    notate("Game: Chess\n\nP e2-e4, p e7-e5, N g1-f3\n", &h, fen, sizeof fen, &r);
    cr_expect_str_eq(h.text, "1.e4 1...e5 2.Nf3");
    rp_report_release(&r);
}

/* The notation's writers (the PGN export) ask the game for its variant
 * instead of looking its Game: header up again. */
Test(replay_san, a_game_names_the_variant_it_is_replayed_with)
{
    const char *texts[] = {"Game: Chess\n\n1. P e2-e4\n", "Game: Backlash\n\n1. P e2-e4\n",
                           "Game: Tic Tac Toe\n\n1. X b2\n"};
    const char *names[] = {"chess", "backlash", NULL};
    for (int i = 0; i < 3; i++) {
        fmt_parser *p = fmt_parser_new(texts[i], strlen(texts[i]));
        struct fmt_game g;
        struct rp_report r;
        cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
        rp_game *G = rp_game_start(&g, &r, NULL, NULL);
        cr_assert(G);
        const struct rp_variant *v = rp_game_variant(G);
        cr_expect_eq(v, r.variant, "%s", texts[i]);
        if (names[i])
            cr_expect_str_eq(v ? v->name : "(none)", names[i]);
        else
            cr_expect_null(v, "%s", texts[i]);
        cr_assert_eq(rp_game_finish(G, &g, &r), RP_DONE);
        rp_report_release(&r);
        fmt_game_release(&g);
        fmt_parser_free(p);
    }
}

Test(replay_san, a_variant_without_san_or_a_game_not_replayed_cannot_be_notated)
{
    struct rp_report r;
    const char *texts[] = {"Game: Backlash\n\n1. P e2-e4\n", "Game: Shogi\n\n1. P c3-c4\n"};
    for (int i = 0; i < 2; i++) {
        fmt_parser *p = fmt_parser_new(texts[i], strlen(texts[i]));
        struct fmt_game g;
        char fen[128];
        cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
        rp_game *G = rp_game_start(&g, &r, NULL, NULL);
        cr_assert(G);
        cr_expect_eq(rp_game_notate(G, hear, NULL), RP_MISUSE, "%s", texts[i]);
        cr_expect_eq(rp_game_fen(G, fen, sizeof fen), RP_MISUSE, "%s", texts[i]);
        cr_assert_eq(rp_game_finish(G, &g, &r), RP_DONE);
        rp_report_release(&r);
        fmt_game_release(&g);
        fmt_parser_free(p);
    }
}
