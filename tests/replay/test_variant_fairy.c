/*
 * The rp_variant table of the defined variants (replay/variant_fairy.c):
 * the FEN: header (a start position, or a malformed game with the
 * reason), the view, the diagram, the FEN and the legend, and the ends a
 * definition's keys make: the claims a declared draw reports, the
 * automatic repetition and move-rule ends, counting, check counts and the
 * flag.  Games go through the real parser and rp_replay.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/support.h"

static void load(void)
{
    struct rp_def_error e;
    char *dir = ts_fmt("%s/replay/definitions", GC_SOURCE_DIR);
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin"); /* the shipped sections' parents */
    cr_assert_eq(rp_defs_load_dir(dir, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    free(dir);
}

static void unload(void) { rp_defs_reset(); }

TestSuite(replay_variant_fairy, .init = load, .fini = unload);


struct last {
    const struct rp_variant *v;
    char fen[256], diagram[2048];
    struct rp_view view;
};

static void keep_last(void *ctx, const struct fmt_turn *t, const struct rp_variant *v, const void *state)
{
    struct last *l = ctx;
    (void)t;
    l->v = v;
    cr_assert_eq(v->fen(state, l->fen, sizeof l->fen), 0);
    v->render(state, l->diagram, sizeof l->diagram);
    v->view(state, &l->view);
}

/* The game of text replays without a fault, and its last position is fen. */
static void expect_last_fen(const char *text, const char *fen)
{
    struct rp_report r;
    struct last l;
    memset(&l, 0, sizeof l);
    ts_replay_text(text, &r, keep_last, &l);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_str_eq(l.fen, fen);
    rp_report_release(&r);
}

/* A game without a FEN: header starts from a copy of the start position
 * read once at registration (variant_fairy.c): for every shipped
 * definition it is the position its startFen, given as a FEN: header, is
 * read into. */
Test(replay_variant_fairy, the_kept_start_position_is_the_one_read_from_the_fen)
{
    size_t n;
    struct ts_def *defs = ts_defs_shipped(&n);
    for (size_t i = 0; i < n; i++) {
        const struct rp_fdef *d = rp_fairy_find(defs[i].name);
        cr_assert_not_null(d, "%s", defs[i].name);
        const char *game = defs[i].ngames ? defs[i].games[0] : defs[i].name;
        char *plain = ts_fmt("Game: %s\n\n", game), *given = ts_fmt("Game: %s\nFEN: %s\n\n", game, d->start_fen);
        struct rp_report r;
        struct last a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        ts_replay_text(plain, &r, keep_last, &a);
        rp_report_release(&r);
        ts_replay_text(given, &r, keep_last, &b);
        rp_report_release(&r);
        cr_expect(a.fen[0], "%s: no start position", defs[i].name);
        cr_expect_str_eq(a.fen, b.fen, "%s", defs[i].name);
        cr_expect_str_eq(a.diagram, b.diagram, "%s", defs[i].name);
        free(plain);
        free(given);
    }
    free(defs);
}

Test(replay_variant_fairy, fen_header_sets_the_start)
{
    expect_last_fen("Game: Chess960\nFEN: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n\n"
                    "1. N e1-f3\n",
                    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P1N2/NPP1P1PP/BQ1B1RKR b HFhf - 3 9");
}

Test(replay_variant_fairy, a_bad_fen_header_makes_the_game_malformed)
{
    struct rp_report r;
    ts_replay_text("Game: Chess960\nFEN: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP w HFhf - 2 9\n\n1. N e1-f3\n",
                &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_MALFORMED);
    cr_assert_eq(r.nviolations, 1);
    cr_expect_str_eq(r.violations[0].message,
                     "the FEN: header does not fit Fischer Random Chess: the FEN has 7 ranks, not 8");
    rp_report_release(&r);
}

/* Every number of a FEN is at most 1,000,000: a larger one (which would
 * overflow the counters a move advances) makes the game malformed with the
 * reason, and so do negative numbers and fields too long to be numbers. */
Test(replay_variant_fairy, fen_numbers_out_of_range_make_the_game_malformed)
{
    static const struct {
        const char *fen, *why;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483647 1",
         "the FEN's halfmove clock 2147483647 is over 1000000"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483646 1",
         "the FEN's halfmove clock 2147483646 is over 1000000"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1073741825",
         "the FEN's move number 1073741825 is over 1000000"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 4294967297",
         "the FEN's move number 4294967297 is over 1000000"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000001 1",
         "the FEN's halfmove clock 1000001 is over 1000000"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999999999999",
         "the FEN's move number 99999999999999999999999999999 is over 1000000"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999999999999999999999",
         "a field of the FEN is longer than 31 characters"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "\"-1\" in the FEN is no move number"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -2147483648 1",
         "\"-2147483648\" in the FEN is no halfmove clock"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = ts_fmt("Game: Chess960\nFEN: %s\n\n1. N g1-f3\n2. N f3-g1\n", cases[i].fen);
        struct rp_report r;
        ts_replay_text(text, &r, NULL, NULL);
        cr_expect_eq(r.status, RP_STATUS_MALFORMED, "%s", cases[i].fen);
        cr_assert_eq(r.nviolations, 1, "%s", cases[i].fen);
        char *want = ts_fmt("the FEN: header does not fit Fischer Random Chess: %s", cases[i].why);
        cr_expect_str_eq(r.violations[0].message, want);
        free(want);
        rp_report_release(&r);
        free(text);
    }
    /* The largest move number is read, and the game goes on from it. */
    expect_last_fen("Game: Chess960\nFEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000000\n\n"
                    "1. N g1-f3 1... n g8-f6\n",
                    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w HAha - 2 1000001");
}

/* Makruk's counting limit and the counted plies are bounded the same. */
Test(replay_variant_fairy, makruk_counting_fields_out_of_range_make_the_game_malformed)
{
    struct rp_report r;
    ts_replay_text("Game: Makruk\nFEN: 8/8/4k3/8/8/4K3/8/R7 w - 2147483647 2147483647 1\n\n1. K e3-d3\n", &r, NULL,
                NULL);
    cr_expect_eq(r.status, RP_STATUS_MALFORMED);
    cr_assert_eq(r.nviolations, 1);
    cr_expect_str_eq(r.violations[0].message,
                     "the FEN: header does not fit Makruk: the FEN's counting limit 2147483647 is over 1000000");
    rp_report_release(&r);
    ts_replay_text("Game: Makruk\nFEN: 8/8/4k3/8/8/4K3/8/R7 w - 16 2147483647 1\n\n1. K e3-d3\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_MALFORMED);
    cr_assert_eq(r.nviolations, 1);
    cr_expect_str_eq(r.violations[0].message,
                     "the FEN: header does not fit Makruk: the FEN's halfmove clock 2147483647 is over 1000000");
    rp_report_release(&r);
}

Test(replay_variant_fairy, view_diagram_and_legend)
{
    struct rp_report r;
    struct last l;
    memset(&l, 0, sizeof l);
    ts_replay_text("Game: Capablanca Chess\n\n1. P e2-e4\n", &r, keep_last, &l);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_str_eq(l.v->legend, "P pawn, N knight, B bishop, R rook, Q queen, A archbishop, C chancellor, "
                                  "K king; upper case White, lower case Black; . empty");
    cr_expect_eq(l.view.nboards, 1);
    cr_expect_eq(l.view.board[0].files, 10);
    cr_expect_eq(l.view.board[0].ranks, 8);
    cr_expect_str_eq(l.view.board[0].file_name[9], "j");
    cr_expect_str_eq(l.view.board[0].cell[3][4].label, "P");
    cr_expect_eq(l.view.board[0].cell[3][4].colour, 0);
    cr_expect_str_eq(l.view.board[0].cell[7][2].label, "A");
    cr_expect_eq(l.view.board[0].cell[7][2].colour, 1);
    cr_expect_eq(l.view.board[0].cell[4][4].colour, -1);
    cr_expect_eq(l.view.side_to_move, 1);
    cr_expect_str_eq(l.diagram, "  8 r  n  a  b  q  k  b  c  n  r\n"
                                "  7 p  p  p  p  p  p  p  p  p  p\n"
                                "  6 .  .  .  .  .  .  .  .  .  .\n"
                                "  5 .  .  .  .  .  .  .  .  .  .\n"
                                "  4 .  .  .  .  P  .  .  .  .  .\n"
                                "  3 .  .  .  .  .  .  .  .  .  .\n"
                                "  2 P  P  P  P  .  P  P  P  P  P\n"
                                "  1 R  N  A  B  Q  K  B  C  N  R\n"
                                "    a  b  c  d  e  f  g  h  i  j\n"
                                "Black to move\n");
    rp_report_release(&r);
}

/* One game of many moves: the b-file knights out and back, repeating the
 * start. */
static char *shuffle(const char *game, int cycles, const char *tail)
{
    size_t cap = 256 + (size_t)cycles * 80 + strlen(tail);
    char *t = malloc(cap);
    size_t at = (size_t)snprintf(t, cap, "Game: %s\n\n", game);
    int n = 1;
    for (int i = 0; i < cycles; i++) {
        at += (size_t)snprintf(t + at, cap - at, "%d. N b1-c3 %d... n b8-c6\n%d. N c3-b1 %d... n c6-b8\n", n, n,
                               n + 1, n + 1);
        n += 2;
    }
    snprintf(t + at, cap - at, "%s", tail);
    return t;
}

Test(replay_variant_fairy, repetition_claim_and_end)
{
    struct rp_report r;
    /* Threefold (two cycles) is a claim for a declared draw ... */
    char *t = shuffle("Gothic Chess", 2, "5. draw\n");
    ts_replay_text(t, &r, NULL, NULL);
    cr_expect_eq(r.result, RP_RESULT_DRAW);
    cr_expect_str_eq(r.termination_name, "agreement");
    cr_expect_str_eq(r.detail, "claimable=threefold");
    rp_report_release(&r);
    free(t);
    /* ... fivefold (four cycles) ends the game by itself (gcRepetitionEnd). */
    t = shuffle("Gothic Chess", 4, "");
    ts_replay_text(t, &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_DRAW);
    cr_expect_str_eq(r.termination_name, "fivefold-repetition");
    cr_expect_eq(r.turns, 16);
    rp_report_release(&r);
    free(t);
    /* Where the definition sets no end of its own, nFoldRule ends it. */
    t = shuffle("Shatranj", 2, "");
    ts_replay_text(t, &r, NULL, NULL);
    cr_expect_str_eq(r.termination_name, "threefold-repetition");
    cr_expect_eq(r.turns, 8);
    rp_report_release(&r);
    free(t);
}

/* Two rooks, one promoted, changing squares: the same position each
 * cycle for the reference (ffish 0.7.10: isGameOver(true) after the 17th
 * ply, 1/2-1/2, in chessgi, loop and crazyhouse alike), so the third
 * time ends the game where nFoldRule does; crazyhouse-gc's own end is
 * the fifth, and a draw declared there is a threefold claim. */
Test(replay_variant_fairy, a_promoted_rook_and_a_rook_changing_squares_repeat)
{
    static const char *const games[] = {"Chessgi", "Loop Chess", "Crazyhouse"};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        char *t = ts_fmt("Game: %s\nFEN: 7R/P7/8/3k4/8/8/8/4K3[] w - - 0 1\n\n"
                         "1. P a7-a8; R-a8 1... k d5-e5\n2. R a8-a7 2... k e5-d5\n"
                         "3. R h8-a8 3... k d5-e5\n4. R a7-h7 4... k e5-d5\n"
                         "5. R h7-h8 5... k d5-e5\n6. R a8-a7 6... k e5-d5\n"
                         "7. R h8-a8 7... k d5-e5\n8. R a7-h7 8... k e5-d5\n9. R h7-h8\n%s",
                         games[i], i < 2 ? "" : "9... draw\n");
        struct rp_report r;
        ts_replay_text(t, &r, NULL, NULL);
        cr_expect_eq(r.status, RP_STATUS_OK, "%s", games[i]);
        cr_expect_eq(r.turns, 17, "%s", games[i]);
        if (i < 2) {
            cr_expect_eq(r.result, RP_RESULT_DRAW, "%s", games[i]);
            cr_expect_str_eq(r.termination_name, "threefold-repetition", "%s", games[i]);
        } else {
            cr_expect_eq(r.result, RP_RESULT_DRAW, "%s", games[i]);
            cr_expect_str_eq(r.termination_name, "agreement", "%s", games[i]);
            cr_expect_str_eq(r.detail, "claimable=threefold", "%s", games[i]);
        }
        rp_report_release(&r);
        free(t);
    }
}

Test(replay_variant_fairy, three_check_and_the_hill)
{
    struct rp_report r;
    /* The FEN's check counts: each side needs one more. */
    ts_replay_text("Game: Three-Check Chess\n"
                "FEN: rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+1 0 2\n\n"
                "2. Q d1-h5\n",
                &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_WHITE);
    cr_expect_str_eq(r.termination_name, "checks");
    cr_expect_eq(r.turns, 1);
    rp_report_release(&r);
    ts_replay_text("Game: King of the Hill\n\n"
                "1. P e2-e4 1... p a7-a6\n2. K e1-e2 2... p a6-a5\n3. K e2-e3 3... p a5-a4\n4. K e3-d4\n",
                &r, NULL, NULL);
    cr_expect_eq(r.result, RP_RESULT_WHITE);
    cr_expect_str_eq(r.termination_name, "flag");
    cr_expect_str_eq(r.detail, "flag=d4");
    rp_report_release(&r);
}

Test(replay_variant_fairy, antichess_must_capture)
{
    struct rp_report r;
    ts_replay_text("Game: Antichess\n\n1. P e2-e3 1... p b7-b5\n2. P a2-a3\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL);
    cr_assert_geq(r.nviolations, 1);
    cr_expect_eq(r.violations[0].code, RP_ILLEGAL_MOVE);
    cr_expect_str_eq(r.violations[0].message,
                     "capturing is compulsory in Antichess: the bishop on f1 can take on b5");
    rp_report_release(&r);
}

/* Shipped definitions whose moves the notation writes as Chess writes
 * them, with pieces Chess does not have; the FENs are ffish's (0.7.10)
 * after the same moves. */
Test(replay_variant_fairy, berolina_en_passant_is_taken_straight_ahead)
{
    /* White's pawn steps a2-c4 past b3; Black's, capturing straight,
     * takes it on b3, with or without its removal written. */
    const char *const games[] = {
        "Game: Berolina Chess\nFEN: 4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1\n\n1. P a2-c4 1... p b4-b3\n",
        "Game: Berolina Chess\nFEN: 4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1\n\n1. P a2-c4 1... p b4-b3; c4-\n",
        "Game: Berolina\nFEN: 4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1\n\n1. P a2-c4 1... p b4-b3; @-c4\n",
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        expect_last_fen(games[i], "4k3/8/8/8/8/1p6/8/4K3 w - - 0 2");
}

Test(replay_variant_fairy, spartan_castles_with_its_commoner_king)
{
    static const struct {
        const char *turn, *fen;
    } castlings[] = {
        {"K e1-g1", "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/R4RK1 b - - 1 1"},
        {"K e1-a1", "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/2KR3R b - - 1 1"},
        {"K e1-c1; R a1-d1", "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/2KR3R b - - 1 1"},
    };
    for (size_t i = 0; i < sizeof castlings / sizeof castlings[0]; i++) {
        char *text = ts_fmt("Game: Spartan Chess\nFEN: lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1\n\n"
                            "1. %s\n",
                            castlings[i].turn);
        expect_last_fen(text, castlings[i].fen);
        free(text);
    }
}

Test(replay_variant_fairy, chak_divine_king_on_the_temple_wins)
{
    struct rp_report r;
    ts_replay_text("Game: Chak\nFEN: k8/9/3+K5/9/9/9/9/9/9 w - - 0 1\n\n1. +K d7-e8\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_WHITE);
    cr_expect_str_eq(r.termination_name, "flag");
    cr_expect_str_eq(r.detail, "flag=e8");
    rp_report_release(&r);
}

/* ------------------------------------------------------- gcPgnVariant */

/* Load text as a definition file named "t.ini"; its error into *e. */
static int load_text(const char *text, struct rp_def_error *e)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    cr_assert(f);
    int rc = rp_defs_load_stream(f, "t.ini", e);
    fclose(f);
    return rc;
}

/* text made of n copies of the section "[vI:fischerandom-gc]" (I from
 * 0), then tail. */
static char *sections(int n, const char *tail)
{
    size_t size = (size_t)n * 32 + strlen(tail) + 1, at = 0;
    char *text = malloc(size);
    cr_assert(text);
    for (int i = 0; i < n; i++)
        at += (size_t)snprintf(text + at, size - at, "[v%d:fischerandom-gc]\n", i);
    snprintf(text + at, size - at, "%s", tail);
    return text;
}

/* A UTF-8 byte-order mark before the first line is no part of it. */
Test(replay_variant_fairy, a_byte_order_mark_is_skipped)
{
    struct rp_def_error e;
    cr_assert_eq(load_text("\xEF\xBB\xBF[bom:fischerandom-gc]\ngcGames = Marked\n", &e), RP_DONE, "%d: %s",
                 e.line, e.message);
    const struct rp_variant *v = rp_variant_for_game("Marked");
    cr_assert_not_null(v);
    cr_expect_str_eq(v->name, "bom");
    /* Only at the start of the file: on another line it is an error. */
    cr_expect_eq(load_text("[a:fischerandom-gc]\n\xEF\xBB\xBF[b:fischerandom-gc]\n", &e), RP_MISUSE);
    cr_expect_eq(e.line, 2);
}

/* A file holds at most 4,096 sections: the next is refused at its line,
 * before any section is loaded. */
Test(replay_variant_fairy, a_file_of_more_than_4096_sections_is_refused)
{
    char *text = sections(RP_DEFS_MAX_SECTIONS + 1, "");
    struct rp_def_error e;
    cr_assert_eq(load_text(text, &e), RP_MISUSE);
    cr_expect_eq(e.line, RP_DEFS_MAX_SECTIONS + 1);
    cr_expect_str_eq(e.message, "more than 4096 sections in one file");
    cr_expect_null(rp_variant_for_game("v0"), "nothing loaded");
    free(text);
}

/* A section holds at most 1,024 keys. */
Test(replay_variant_fairy, a_section_of_more_than_1024_keys_is_refused)
{
    size_t size = 40 + 16 * (RP_DEFS_MAX_KEYS + 1), at = 0;
    char *text = malloc(size);
    cr_assert(text);
    at += (size_t)snprintf(text, size, "[keys:fischerandom-gc]\n");
    for (int i = 0; i <= RP_DEFS_MAX_KEYS; i++)
        at += (size_t)snprintf(text + at, size - at, "gcTitle = t%d\n", i);
    struct rp_def_error e;
    cr_assert_eq(load_text(text, &e), RP_MISUSE);
    cr_expect_eq(e.line, RP_DEFS_MAX_KEYS + 2);
    cr_expect_str_eq(e.message, "more than 1024 keys in section [keys]");
    free(text);
}

/* A file is at most 16 MiB: the line past it is named. */
Test(replay_variant_fairy, a_file_over_16_mib_is_refused)
{
    size_t line = 4000, lines = ((size_t)RP_DEFS_MAX_BYTES / line) + 1;
    char *text = malloc(lines * line + 64);
    cr_assert(text);
    size_t at = (size_t)sprintf(text, "[big:fischerandom-gc]\n");
    for (size_t i = 0; i < lines; i++) {
        memset(text + at, ' ', line - 1);
        text[at] = '#';
        text[at + line - 1] = '\n';
        at += line;
    }
    text[at] = '\0';
    struct rp_def_error e;
    cr_assert_eq(load_text(text, &e), RP_MISUSE);
    cr_expect_eq(e.line, (int)(((size_t)RP_DEFS_MAX_BYTES - 22) / line) + 2);
    cr_expect_str_eq(e.message, "the file is longer than 16 MiB");
    free(text);
}

/* At most 4,096 definitions are loaded in all (the 20 shipped ones
 * included): the next is refused, with its section. */
Test(replay_variant_fairy, more_than_4096_definitions_in_all_are_refused, .timeout = 120)
{
    size_t shipped = rp_variant_count() - 5;
    char *text = sections(4096 - (int)shipped, "");
    struct rp_def_error e;
    cr_assert_eq(load_text(text, &e), RP_DONE, "%d: %s", e.line, e.message);
    free(text);
    cr_assert_eq(load_text("# one more\n[one:fischerandom-gc]\n", &e), RP_MISUSE);
    cr_expect_eq(e.line, 2);
    cr_expect_str_eq(e.message, "[one] more than 4096 definitions loaded in all (docs/defined-variants.md, Limits)");
}

/* A section named twice is found however many come between. */
Test(replay_variant_fairy, a_section_repeated_late_in_a_long_file_is_refused)
{
    char *text = sections(300, "[v299:fischerandom-gc]\n");
    struct rp_def_error e;
    cr_assert_eq(load_text(text, &e), RP_MISUSE);
    cr_expect_eq(e.line, 301);
    cr_expect_str_eq(e.message, "variant \"v299\" is defined twice in this file");
    free(text);
}

Test(replay_variant_fairy, pgn_variant_names_the_tag_and_is_not_inherited)
{
    static const struct {
        const char *game, *tag;
    } shipped[] = {{"Chess960", "Chess960"},       {"Crazyhouse", "Crazyhouse"},
                   {"Three-Check", "Three-check"}, {"KOTH", "King of the Hill"},
                   {"Horde", "Horde"},             {"Losing Chess", "Antichess"}};
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        const struct rp_variant *v = rp_variant_for_game(shipped[i].game);
        cr_assert(v && v->san && v->pgn_variant, "%s", shipped[i].game);
        cr_expect_str_eq(v->pgn_variant, shipped[i].tag);
    }
    cr_expect_null(rp_variant_for_game("Capablanca")->pgn_variant, "no PGN name: not exported");
    struct rp_def_error e;
    cr_assert_eq(load_text("[zh2:crazyhouse-gc]\ngcGames = Crazyhouse Two\n"
                           "[mine:crazyhouse-gc]\ngcGames = Mine\ngcPgnVariant = My Chess\n",
                           &e),
                 RP_DONE, "%s", e.message);
    cr_expect_null(rp_variant_for_game("Crazyhouse Two")->pgn_variant);
    cr_expect_str_eq(rp_variant_for_game("Mine")->pgn_variant, "My Chess");
}

/* A startFen whose numbers are out of range is refused at load, with the
 * file, line and key. */
Test(replay_variant_fairy, a_start_fen_number_out_of_range_is_refused)
{
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483647 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1073741825",
    };
    static const char *why[] = {
        "[big] the FEN's halfmove clock 2147483647 is over 1000000",
        "[big] the FEN's move number 1073741825 is over 1000000",
    };
    for (size_t i = 0; i < 2; i++) {
        struct rp_def_error e;
        char *text = ts_fmt("[big:fischerandom-gc]\ngcGames = Big\nstartFen = %s\n", fens[i]);
        cr_assert_eq(load_text(text, &e), RP_MISUSE, "%s", fens[i]);
        cr_expect_str_eq(e.file, "t.ini");
        cr_expect_eq(e.line, 3);
        cr_expect_str_eq(e.key, "startFen");
        cr_expect_str_eq(e.message, why[i]);
        free(text);
    }
}

/* A pawn that may promote to the king is refused with the key's line:
 * the reference build lets a side have two kings (ffish: a7a8k beside
 * the king on e1), gcaudit plays one a side; the fuzzer found a file
 * that did it. */
Test(replay_variant_fairy, promotion_to_the_king_is_refused)
{
    struct rp_def_error e;
    cr_assert_eq(load_text("[pk:chess]\ngcGames = PK\npromotionPieceTypes = kq\n", &e), RP_MISUSE);
    cr_expect_eq(e.line, 3);
    cr_expect_str_eq(e.key, "promotionPieceTypes");
    cr_expect_str_eq(e.message, "[pk] a pawn cannot promote to the king: gcaudit plays one king a side");
    /* Where k is a commoner (antichess's), it may. */
    cr_expect_eq(load_text("[pc:chess]\ngcGames = PC\nking = -\ncommoner = k\npromotionPieceTypes = kq\n", &e),
                 RP_DONE, "%s", e.message);
}

Test(replay_variant_fairy, a_bad_pgn_variant_is_refused)
{
    struct rp_def_error e;
    cr_assert_eq(load_text("[mine]\ngcPgnVariant = My \"Chess\"\n", &e), RP_MISUSE);
    cr_expect_eq(e.line, 2);
    cr_expect_str_eq(e.key, "gcPgnVariant");
    cr_expect_str_eq(e.message,
                     "[mine] a Variant tag of printable ASCII without '\"' or '\\' expected");
    cr_assert_eq(load_text("[mine]\ngcPgnVariant = 0123456789012345678901234567890123\n", &e),
                 RP_MISUSE);
    cr_expect_str_eq(e.message, "[mine] a Variant tag of at most 31 characters expected");
}

/* ------------------------------------------------ the reference decides */

/* A FEN: header whose side not to move is in check: no move led there, so
 * the position is refused (issue 25; Fairy-Stockfish 230826 plays on and
 * keeps the check, gcaudit used to forget it after the next move). */
Test(replay_variant_fairy, a_fen_header_with_the_side_not_to_move_in_check_is_malformed)
{
    struct rp_report r;
    ts_replay_text("Game: Chess960\nFEN: 7k/8/8/8/8/8/8/qRK4R w HB - 0 1\n\n1. K c1-c2 1... q a1-a2\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_MALFORMED);
    cr_assert_eq(r.nviolations, 1);
    cr_expect_str_eq(r.violations[0].message,
                     "the FEN: header does not fit Fischer Random Chess: Black is in check with White to move");
    rp_report_release(&r);
    /* The side to move may be in check. */
    expect_last_fen("Game: Chess960\nFEN: 7k/8/8/8/8/8/8/qRK4R b HB - 0 1\n\n1... k h8-g8\n",
                    "6k1/8/8/8/8/8/8/qRK4R w HB - 1 2");
}

/* Stalemate on the move that completes the move-count rule: the
 * stalemate, scored as the definition scores it, as Fairy-Stockfish 230826
 * does (11.1 declares the fifty-move draw instead). */
Test(replay_variant_fairy, a_stalemate_on_the_move_completing_the_move_rule_is_the_stalemate)
{
    struct rp_report r;
    ts_replay_text("Game: Xiangqi\nFEN: 4k4/9/R8/9/9/5R3/9/9/9/3K5 w - - 99 60\n\n60. R a8-a9\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_str_eq(r.termination_name, "stalemate");
    cr_expect_eq(r.result, RP_RESULT_WHITE);
    rp_report_release(&r);
}
