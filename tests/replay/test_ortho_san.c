/*
 * The SAN of the orthodox board (replay/ortho_san.c), Chess's san slot:
 * each case a position, the turn as Game Courier components, and the
 * exact SAN the PGN standard wants: disambiguation by file, by rank and
 * by both (and none for a pinned rival), promotion, en passant, castling
 * both ways, check and mate.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "replay/movegen.h"
#include "replay/ortho.h"
#include "replay/san.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/components.h"
#include "tests/support/support.h"

/* The SAN of the turn c (n components) in fen; the state must not change. */
static const char *san(const char *fen, const struct fmt_component *c, size_t n)
{
    static char buf[RP_SAN_MAX];
    struct rp_ortho o, before;
    rp_ortho_setup(&o, &rp_chess_rules, fen, "Chess");
    before = o;
    cr_assert_eq(rp_variant_chess.san(&o, c, n, buf, sizeof buf), 0, "no SAN in %s", fen);
    cr_assert_eq(memcmp(&o, &before, sizeof o), 0, "the state changed");
    return buf;
}

static const char *san1(const char *fen, struct fmt_component c) { return san(fen, &c, 1); }

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

Test(replay_ortho_san, pawn_and_piece_moves)
{
    cr_expect_str_eq(san1(START, ts_move("P", "e2", "e4")), "e4");
    cr_expect_str_eq(san1(START, ts_move("", "g1", "f3")), "Nf3");
    cr_expect_str_eq(san1("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", ts_move("P", "e4", "d5")), "exd5");
}

Test(replay_ortho_san, disambiguation_by_file_rank_and_both)
{
    /* knights b1 and f1 both reach d2: the file tells them apart */
    cr_expect_str_eq(san1("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", ts_move("N", "b1", "d2")), "Nbd2");
    /* rooks a1 and a5 on one file: the rank */
    cr_expect_str_eq(san1("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", ts_move("R", "a1", "a3")), "R1a3");
    cr_expect_str_eq(san1("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", ts_move("R", "a5", "a3")), "R5a3");
    /* queens a1, c1 and a3 all reach b2: a3 shares the file, c1 the rank */
    cr_expect_str_eq(san1("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", ts_move("Q", "a1", "b2")), "Qa1b2");
    cr_expect_str_eq(san1("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", ts_move("Q", "c1", "b2")), "Qcb2");
    /* a capture keeps the disambiguation before the "x" */
    cr_expect_str_eq(san1("4k3/8/8/8/8/3p4/8/1N2KN2 w - - 0 1", ts_move("N", "f1", "d2")), "Nfd2");
    cr_expect_str_eq(san1("4k3/8/8/8/8/8/3p4/1N2KN2 w - - 0 1", ts_move("N", "f1", "d2")), "Nfxd2");
}

Test(replay_ortho_san, a_pinned_rival_needs_no_disambiguation)
{
    /* the knight on e2 is pinned by the rook on e8: only b1 reaches c3 */
    cr_expect_str_eq(san1("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1", ts_move("N", "b1", "c3")), "Nc3");
}

Test(replay_ortho_san, promotion_with_check_and_by_capture)
{
    struct fmt_component q[2] = {ts_move("P", "e7", "e8"), ts_place("Q", "e8")};
    cr_expect_str_eq(san("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", q, 2), "e8=Q+");
    struct fmt_component n[2] = {ts_move("P", "e7", "d8"), ts_place("N", "d8")};
    cr_expect_str_eq(san("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", n, 2), "exd8=N");
    struct fmt_component b[2] = {ts_move("p", "b2", "b1"), ts_place("q", "b1")};
    cr_expect_str_eq(san("4k3/8/8/8/8/8/1p5K/R7 b - - 0 1", b, 2), "b1=Q");
}

Test(replay_ortho_san, en_passant)
{
    cr_expect_str_eq(san1("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", ts_move("P", "e5", "d6")), "exd6");
    /* with the taken pawn's removal written out */
    struct fmt_component c[2] = {ts_move("P", "e5", "d6"), {.kind = FMT_COMP_REMOVE, .to = "d5",
                                                            .text = "@-d5"}};
    cr_expect_str_eq(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", c, 2), "exd6");
}

Test(replay_ortho_san, castling_both_sides)
{
    const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    cr_expect_str_eq(san1(fen, ts_move("K", "e1", "g1")), "O-O");
    cr_expect_str_eq(san1(fen, ts_move("K", "e1", "c1")), "O-O-O");
    struct fmt_component both[2] = {ts_move("K", "e1", "g1"), ts_move("R", "h1", "f1")};
    cr_expect_str_eq(san(fen, both, 2), "O-O");
    /* the rook lands on d8 and checks the king on d1 */
    cr_expect_str_eq(san1("r3k3/8/8/8/8/8/8/3K4 b q - 0 1", ts_move("k", "e8", "c8")), "O-O-O+");
}

Test(replay_ortho_san, check_and_checkmate)
{
    /* the Fool's mate */
    cr_expect_str_eq(san1("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
                          ts_move("q", "d8", "h4")),
                     "Qh4#");
    cr_expect_str_eq(san1("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ts_move("R", "a1", "a8")), "Ra8+");
    /* Scholar's mate, a capture that mates */
    cr_expect_str_eq(
        san1("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
             ts_move("Q", "h5", "f7")),
        "Qxf7#");
}

Test(replay_ortho_san, an_illegal_turn_has_no_san)
{
    struct rp_ortho o;
    char buf[RP_SAN_MAX];
    rp_ortho_setup(&o, &rp_chess_rules, START, "Chess");
    struct fmt_component c = ts_move("N", "g1", "g3");
    cr_expect_eq(rp_variant_chess.san(&o, &c, 1, buf, sizeof buf), -1);
    c = ts_move("P", "e2", "e4");
    cr_expect_eq(rp_variant_chess.san(&o, &c, 1, buf, 2), -1, "no room: refused, not cut");
    cr_expect_str_eq(buf, "");
}

/* The disambiguation tries only the rivals of the piece moved; its slow
 * twin is the standard's own wording, over every legal move of the
 * position.  Both on every legal piece move of seeded random games. */
Test(replay_ortho_san, disambiguation_agrees_with_the_whole_move_list)
{
    uint64_t seed = 0x2545F4914F6CDD1DULL;
    int checked = 0, disambiguated = 0;
    for (int game = 0; game < 40; game++) {
        struct rp_ortho o;
        rp_ortho_setup(&o, &rp_chess_rules, START, "Chess");
        for (int ply = 0; ply < 120; ply++) {
            struct rp_movelist legal;
            legal.n = 0;
            rp_gen_legal(&o.b, &legal);
            if (legal.n == 0)
                break;
            for (size_t i = 0; i < legal.n; i++) {
                rp_move m = legal.m[i];
                int type = rp_type_of(o.b.sq[m.from]);
                if (type == RP_PAWN || (m.flags & RP_MF_CASTLE))
                    continue;
                int files[RP_MAX_MOVES], ranks[RP_MAX_MOVES], n = 0;
                for (size_t k = 0; k < legal.n; k++)
                    if (legal.m[k].to == m.to && legal.m[k].from != m.from &&
                        rp_type_of(o.b.sq[legal.m[k].from]) == type)
                        files[n] = rp_file(legal.m[k].from), ranks[n++] = rp_rank(legal.m[k].from);
                unsigned d = rp_san_disambiguation(rp_file(m.from), rp_rank(m.from), files, ranks, n);
                char want[8], *p = want, from[3], to[3];
                *p++ = "\0PNBRQK"[type];
                if (d & RP_SAN_FILE)
                    *p++ = (char)('a' + rp_file(m.from));
                if (d & RP_SAN_RANK)
                    *p++ = (char)('1' + rp_rank(m.from));
                *p = '\0';
                snprintf(from, sizeof from, "%c%c", 'a' + rp_file(m.from), '1' + rp_rank(m.from));
                snprintf(to, sizeof to, "%c%c", 'a' + rp_file(m.to), '1' + rp_rank(m.to));
                char buf[RP_SAN_MAX];
                struct fmt_component c = ts_move("", from, to);
                cr_assert_eq(rp_variant_chess.san(&o, &c, 1, buf, sizeof buf), 0);
                size_t len = strlen(want);
                cr_assert(strncmp(buf, want, len) == 0 &&
                              (buf[len] == 'x' || buf[len] == to[0]),
                          "game %d ply %d: %s-%s is %s, the move list says %s...", game, ply, from,
                          to, buf, want);
                checked++;
                disambiguated += d != 0;
            }
            rp_ortho_apply(&o, legal.m[ts_rng_below(&seed, (unsigned)legal.n)]);
        }
    }
    cr_expect_gt(disambiguated, 100, "only %d of %d moves needed a disambiguation", disambiguated,
                 checked);
}
