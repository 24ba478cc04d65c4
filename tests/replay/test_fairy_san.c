/*
 * The SAN of the defined variants (replay/fairy_san.c), for the variants
 * exported to PGN: drops (Crazyhouse), castling where the king moves onto
 * its rook (Chess960), the king that is no royal piece (Antichess), the
 * check marks of Three-check, and disambiguation.  Games go through the
 * real parser and the replay loop's notation (rp_game_notate).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/definitions.h"

static void unload(void) { rp_defs_reset(); }

TestSuite(replay_fairy_san, .init = ts_defs_load_shipped, .fini = unload);

static void hear(void *ctx, const struct fmt_turn *t, const char *san)
{
    char *out = ctx;
    size_t len = strlen(out);
    (void)t;
    snprintf(out + len, 512 - len, "%s%s", len ? " " : "", san ? san : "(none)");
}

/* The SAN of every accepted turn of the one game of text. */
static const char *notate(const char *text)
{
    static char out[512];
    out[0] = '\0';
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    struct rp_report r;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    rp_game *G = rp_game_start(&g, &r, NULL, NULL);
    cr_assert(G);
    cr_assert_eq(rp_game_notate(G, hear, out), RP_DONE, "%s", text);
    cr_assert_eq(rp_game_turns(G, g.turns, g.nturns), RP_DONE);
    cr_assert_eq(rp_game_finish(G, &g, &r), RP_DONE);
    cr_expect_eq(r.status, RP_STATUS_OK, "%s: %s", text,
                 r.nviolations ? r.violations[0].message : "");
    rp_report_release(&r);
    fmt_game_release(&g);
    fmt_parser_free(p);
    return out;
}

Test(replay_fairy_san, crazyhouse_drops)
{
    cr_expect_str_eq(notate("Game: Crazyhouse\nFEN: 4k3/8/8/8/8/8/8/4K3[NPp] w - - 0 1\n\n"
                            "1. N*d6\n1... k e8-e7\n2. P*e4\n2... p*d3\n"),
                     "N@d6+ Ke7 P@e4 P@d3");
    cr_expect_str_eq(notate("Game: Crazyhouse\n\n1. P e2-e4\n1... p d7-d5\n2. P e4-d5\n"
                            "2... q d8-d5\n3. N b1-c3\n3... q d5-a5\n4. P*d4\n"),
                     "e4 d5 exd5 Qxd5 Nc3 Qa5 P@d4");
}

Test(replay_fairy_san, chess960_castling_with_the_king_onto_its_rook)
{
    /* king b1, rooks a1 and h1: the king on its rook a1 is O-O-O (king to
     * c1, rook to d1, which checks the king on d8) */
    cr_expect_str_eq(notate("Game: Chess960\nFEN: 3k4/8/8/8/8/8/8/RK5R w KQ - 0 1\n\n"
                            "1. K b1-a1\n"),
                     "O-O-O+");
    /* the king to its destination g1: O-O */
    cr_expect_str_eq(notate("Game: Chess960\nFEN: 3k4/8/8/8/8/8/8/RK5R w KQ - 0 1\n\n"
                            "1. K b1-g1\n"),
                     "O-O");
}

Test(replay_fairy_san, antichess_king_is_a_piece_like_the_others)
{
    cr_expect_str_eq(notate("Game: Antichess\nFEN: 8/4P3/8/8/8/8/8/k6K w - - 0 1\n\n"
                            "1. P e7-e8; K-e8\n1... k a1-b1\n2. K h1-g1\n"),
                     "e8=K Kb1 Kg1");
}

Test(replay_fairy_san, check_marks_and_disambiguation)
{
    cr_expect_str_eq(notate("Game: Three-Check\n\n1. P e2-e4\n1... p f7-f6\n2. Q d1-h5\n"),
                     "e4 f6 Qh5+");
    cr_expect_str_eq(notate("Game: King of the Hill\nFEN: 4k3/8/8/R7/8/8/8/R3K3 w - - 0 1\n\n"
                            "1. R a1-a3\n1... k e8-f7\n2. R a5-a4\n"),
                     "R1a3 Kf7 R5a4");
    cr_expect_str_eq(notate("Game: Horde\n\n1. P d4-d5\n1... p e7-e6\n2. P d5-e6\n"),
                     "d5 e6 dxe6");
}
