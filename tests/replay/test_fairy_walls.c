/*
 * wallingRule (replay/fairy_walls.c): walls placed by every move, as the
 * reference build (ffish 0.7.10) places them; every count below is
 * ffish's for the same variant and FEN (perft by recursion over its
 * legalMoves, as tests/ffish/uci.js counts).  And how a turn writes its
 * wall ("Q d1-d5; *-f7", the duck's "* e5-d5") and what a director reads
 * when the wall is missing or misplaced (fairy_resolve.c, fairy_explain.c).
 */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy.h"
#include "replay/replay.h"
#include "replay/san.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/support.h"

/* The rules ffish's built-ins do not show alone: the edge, a region, an
 * arrow and a past wall with Chess's royal king. */
static const char *const sections = "[edgy:chess]\nwallingRule = edge\ngcGames = Edgy\n"
                                    "[reg:chess]\nwallingRule = static\nwallingRegion = a3 b3\ngcGames = Reg\n"
                                    "[arrowk:chess]\nwallingRule = arrow\ngcGames = Arrowk\n"
                                    "[pastk:chess]\nwallingRule = past\n"
                                    "[reg1:chess]\nwallingRule = static\nwallingRegion = a3\ngcGames = Reg1\n";

static void load(void)
{
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin");
    ts_defs_load_shipped();
    ts_defs_load_text(sections);
}

static void unload(void)
{
    rp_defs_reset();
    rp_defs_builtin_dir(NULL);
}

TestSuite(replay_fairy_walls, .init = load, .fini = unload);

static uint64_t perft(const char *variant, const char *fen, int depth)
{
    struct rp_fpos p;
    ts_fpos_read(&p, variant, fen);
    return rp_fperft(&p, depth);
}

Test(replay_fairy_walls, perft_agrees_with_the_reference_build)
{
    static const struct {
        const char *variant, *fen;
        int depth;
        uint64_t nodes;
    } rows[] = {
        {"amazons-gc", NULL, 1, 2176},
        {"amazons-gc", NULL, 2, 4307152},
        {"duck-gc", NULL, 1, 640},
        {"duck-gc", NULL, 2, 379440},
        /* Castling: the king's and the rook's squares are not the duck's. */
        {"duck-gc", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 1, 1510},
        {"isolation-gc", NULL, 3, 13032440},
        {"edgy", NULL, 2, 24988},
        {"edgy", "4k3/8/8/3*4/8/8/8/4K3 w - - 0 1", 2, 23638},
        {"reg", NULL, 1, 37},
        /* The rook's check is not blocked by a wall (26 moves, the king's
         * and the rook's that cover e1's file none). */
        {"arrowk", "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1", 1, 26},
        {"arrowk", "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1", 2, 4279},
        {"arrowk", NULL, 2, 960},
        {"pastk", NULL, 3, 7526},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const struct rp_fdef *d = rp_fairy_find(rows[i].variant);
        cr_assert_not_null(d, "%s", rows[i].variant);
        uint64_t got = perft(rows[i].variant, rows[i].fen ? rows[i].fen : d->start_fen, rows[i].depth);
        cr_expect_eq(got, rows[i].nodes, "%s %s depth %d: %" PRIu64 ", ffish %" PRIu64, rows[i].variant,
                     rows[i].fen ? rows[i].fen : "start", rows[i].depth, got, rows[i].nodes);
    }
}

/* The legal moves are each move once, without its wall; the walls are a
 * set (reg: a3 or b3, whichever the move leaves empty). */
Test(replay_fairy_walls, moves_come_once_and_their_walls_as_a_set)
{
    struct rp_fpos p;
    ts_fpos_read(&p, "reg", rp_fairy_find("reg")->start_fen);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    cr_expect_eq(l.n, 20);
    int walls = 0;
    for (int i = 0; i < l.n; i++) {
        cr_expect_eq(l.m[i].gate, 0);
        rp_fset w;
        walls += rp_fwalls_legal(&p, l.m[i], &w);
        char uci[16];
        ts_fmove_uci(&p, l.m[i], uci, sizeof uci);
        if (strcmp(uci, "a2a3") == 0)
            cr_expect(rp_fset_has(&w, rp_fsquare_parse(p.def, "b3")) && !rp_fset_has(&w, rp_fsquare_parse(p.def, "a3")));
    }
    cr_expect_eq(walls, 37);
}

static void keep_fen(void *ctx, const struct fmt_turn *t, const struct rp_variant *v, const void *state)
{
    (void)t;
    cr_assert_eq(v->fen(state, ctx, 256), 0);
}

/* The FEN after the last turn of the game's text. */
static void fen_after(const char *text, const char *want)
{
    struct rp_report r;
    char fen[256] = "";
    ts_replay_text(text, &r, keep_fen, fen);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s", text);
    cr_expect_str_eq(fen, want, "%s", text);
    rp_report_release(&r);
}

/* The duck moves (the walls before it taken off); a pawn's double step
 * leaves no en passant square under the duck (ffish: "rnbqkbnr/pppppppp/
 * 8/8/4P3/4*3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"); castling's squares. */
Test(replay_fairy_walls, the_duck_moves_on_and_hides_no_en_passant_square)
{
    fen_after("Game: Duck Chess\n\n1. P e2-e4; *-e3\n",
              "rnbqkbnr/pppppppp/8/8/4P3/4*3/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    fen_after("Game: Duck Chess\n\n1. P e2-e4; *-e3\n1... p a7-a6; * e3-e5\n",
              "rnbqkbnr/1ppppppp/p7/4*3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    fen_after("Game: Duck Chess\nFEN: r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n\n1. K e1-g1; *-e1\n",
              "r3k2r/8/8/8/8/8/8/R3*RK1 b kq - 1 1");
    fen_after("Game: Amazons\n\n1. Q d1-d5; *-f7\n1... q d10-d6; **d7\n",
              "6q3/10/10/q2*1*3q/3q6/3Q6/Q8Q/10/10/6Q3 w - - 2 2");
}

static void expect_violation(const char *text, enum rp_code code, const char *message)
{
    struct rp_report r;
    ts_replay_text(text, &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL, "%s", text);
    cr_assert_geq(r.nviolations, 1, "%s: no violation", text);
    cr_expect_eq(r.violations[0].code, code, "%s: code %s", text, rp_code_name(r.violations[0].code));
    cr_expect_str_eq(r.violations[0].message, message, "%s", text);
    rp_report_release(&r);
}

Test(replay_fairy_walls, a_missing_or_misplaced_wall_is_explained)
{
    expect_violation("Game: Amazons\n\n1. Q d1-d5\n", RP_ILLEGAL_MOVE,
                     "every move places a wall in Game of the Amazons: write it after the move, as \"*-f7\"");
    expect_violation("Game: Amazons\n\n1. Q d1-d5; *-e7\n", RP_ILLEGAL_MOVE,
                     "the wall is shot from d5 as the amazon moves, and cannot reach e7");
    expect_violation("Game: Amazons\n\n1. Q d1-d5; *-d5\n", RP_ILLEGAL_MOVE,
                     "the wall cannot go on d5: a piece stands there");
    expect_violation("Game: Amazons\n\n1. Q d1-d5; *-f7\n1... q d10-d6; *-f7\n", RP_ILLEGAL_MOVE,
                     "the wall cannot go on f7: a wall stands there");
    expect_violation("Game: Amazons\n\n1. Q d1-d5; *-f7; Q-d5\n", RP_EXTRA_COMPONENT,
                     "the wall is placed last, after the move: \"*-f7\" comes before \"Q-d5\"");
    expect_violation("Game: Amazons\n\n1. Q d1-d5; *-f7; *-f8\n", RP_EXTRA_COMPONENT,
                     "a move places one wall: \"*-f7\" and \"*-f8\" are two");
    /* "dest" is the move's destination, as for a promotion. */
    expect_violation("Game: Amazons\n\n1. Q d1-d5; *-dest\n", RP_ILLEGAL_MOVE,
                     "the wall cannot go on d5: a piece stands there");
    expect_violation("Game: Amazons\n\n1. Q d1-d5; * d1-f7\n", RP_ILLEGAL_MOVE,
                     "a wall does not move in Game of the Amazons: each move places a new one (\"*-f7\")");
    expect_violation("Game: Duck Chess\n\n1. P e2-e4; *-e5\n1... p e7-e6; * e5-e5\n", RP_ILLEGAL_MOVE,
                     "the duck must move: it stands on e5 already");
    expect_violation("Game: Duck Chess\n\n1. P e2-e4; * d4-d5\n", RP_ILLEGAL_MOVE,
                     "the duck is not on d4 (\"* d4-d5\")");
    expect_violation("Game: Isolation\n\n1. P c1-c2; *-c1\n", RP_ILLEGAL_MOVE,
                     "a wall may not be placed on c1 in Isolation");
    expect_violation("Game: Edgy\n\n1. P e2-e4; *-d4\n", RP_ILLEGAL_MOVE,
                     "a wall goes on the board's edge or beside another wall, and d4 is neither");
    /* Only a3 takes a wall: after a2-a3 none is left. */
    expect_violation("Game: Reg1\n\n1. P a2-a3\n", RP_ILLEGAL_MOVE,
                     "every move places a wall in reg1, and this one leaves no square for it");
}

/* A wall does not make a move that leaves the king attacked legal, as in
 * the reference build (26 moves above, none a block by a wall). */
Test(replay_fairy_walls, a_wall_does_not_block_a_check)
{
    expect_violation("Game: Arrowk\nFEN: 4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1\n\n1. R a1-a5; *-e5\n", RP_KING_IN_CHECK,
                     "the white king on e1 would be attacked by the rook on e8 (a wall does not block a check)");
}

Test(replay_fairy_walls, san_writes_the_wall_after_a_comma)
{
    struct rp_san_move m = {0};
    char buf[RP_SAN_MAX];
    m.piece = 'Q';
    m.to_file = 3, m.to_rank = 4;
    m.wall = 1;
    m.wall_file = 5, m.wall_rank = 6;
    cr_assert_eq(rp_san_write(&m, buf, sizeof buf), 0);
    cr_expect_str_eq(buf, "Qd5,f7");
    m.disambiguate = RP_SAN_FILE, m.from_file = 3, m.to_file = 0, m.to_rank = 0, m.wall_file = 1, m.wall_rank = 0;
    cr_assert_eq(rp_san_write(&m, buf, sizeof buf), 0);
    cr_expect_str_eq(buf, "Qda1,b1");
}

/* The reference build's parser warns against these; gcaudit refuses. */
Test(replay_fairy_walls, walls_that_do_not_go_with_the_rules_are_refused)
{
    static const struct {
        const char *text, *message;
    } rows[] = {
        {"[dk:chess]\nwallingRule = duck\n", "[dk] wallingRule = duck does not go with a royal king (the reference build's "
                                             "parser says so; Duck Chess's king is a commoner)"},
        {"[dz:crazyhouse]\nwallingRule = static\n",
         "[dz] wallingRule does not go with pieceDrops (the reference build's parser says so)"},
        {"[dg:chess]\nduckGating = true\n", "[dg] gcaudit does not implement duckGating = true (only false)"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        struct rp_def_error e;
        memset(&e, 0, sizeof e);
        FILE *f = fmemopen((void *)rows[i].text, strlen(rows[i].text), "r");
        cr_assert(f);
        cr_expect_eq(rp_defs_load_stream(f, "w.ini", &e), RP_MISUSE, "%s", rows[i].text);
        fclose(f);
        cr_expect_str_eq(e.message, rows[i].message, "%s", rows[i].text);
    }
}
