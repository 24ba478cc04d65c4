/*
 * The general engine's speed-ups against their plain twins, on positions
 * of every shipped definition reached by seeded random play (every fast
 * path keeps its plain twin and a test that they agree, docs/testing.md):
 *
 *   - the attack test by probes (rp_fattacked, which asks a leap on the
 *     first square of a ride of its step, and rp_fattacker, which keeps
 *     to the probes' order) against trying every capture atom of every
 *     enemy piece on the board;
 *   - moves generated towards one square (rp_fgen_from_to) against all of
 *     the piece's moves, kept when they reach it;
 *   - legality with the quick king-safety test (rp_flegal) against every
 *     move played on a copy (rp_flegal_plain);
 *   - the check a move gives, as rp_fmake finds it, against the attack
 *     test on the position after it;
 *   - the repetition key kept as pieces move, against the key of the same
 *     position read afresh from its FEN;
 *   - the immediate ends (rp_fimmediate_end) with the flags compiled from
 *     the definition (has_flag), against the same with every flag
 *     looked at.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy.h"
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
    char *chess = ts_fmt("%s/definitions/chess.ini", GC_FIXTURES);
    cr_assert_eq(rp_defs_load_file(chess, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    free(chess);
}

static void unload(void) { rp_defs_reset(); }

TestSuite(replay_fairy_engine, .init = load, .fini = unload);

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The plain attack test: every capture atom of every `by` piece. */
static int attacked_plain(const struct rp_fpos *p, int sq, int by)
{
    const struct rp_fdef *d = p->def;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int from = rp_fsq(f, r);
            rp_fpiece pc = p->b[from];
            if (!rp_fp_real(pc) || rp_fp_colour(pc) != by || from == sq)
                continue;
            int t = rp_fp_type(pc);
            if (!(d->allowed[by][sq] >> t & 1))
                continue;
            if (t == d->pawn) {
                int ahead = from + (by ? -RP_FMB_COLS : RP_FMB_COLS);
                if (sq == ahead - 1 || sq == ahead + 1)
                    return 1;
                continue;
            }
            for (int k = 0; k < d->types[t].natoms; k++)
                if ((d->types[t].atoms[k].mode & RP_FA_CAPTURE) &&
                    rp_fattack_from(p, t, by, from, &d->types[t].atoms[k], sq))
                    return 1;
        }
    return 0;
}

static int same_move(rp_fmove a, rp_fmove b) { return memcmp(&a, &b, sizeof a) == 0; }

struct tally {
    long positions, attacks, moves, plain, legal, checks, keys, ends;
};

/* The immediate end as the compiled definition finds it, against the same
 * definition made to look at every flag region whatever it holds. */
static int check_immediate_end(const struct rp_fpos *p, const char *fen, struct tally *n)
{
    static struct rp_fdef plain;
    plain = *p->def;
    plain.has_flag = 1;
    struct rp_fpos q = *p;
    q.def = &plain;
    struct rp_ending a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int fa = rp_fimmediate_end(p, &a), fb = rp_fimmediate_end(&q, &b);
    n->ends++;
    if (fa != fb || (fa && (a.result != b.result || a.termination.kind != b.termination.kind ||
                            strcmp(a.detail, b.detail) != 0))) {
        cr_log_error("%s: %s: immediate end %d (%s), looking at every flag %d (%s)", p->def->name, fen, fa,
                     a.detail, fb, b.detail);
        return 1;
    }
    return 0;
}

static int check_position(const struct rp_fpos *p, struct tally *n)
{
    const struct rp_fdef *d = p->def;
    int bad = 0;
    char fen[512];
    rp_ffen_write(p, fen, sizeof fen);
    n->positions++;
    bad += check_immediate_end(p, fen, n);
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            if (p->b[sq] == RP_FOFF)
                continue; /* a wall: no piece stands or moves there, nothing asks */
            for (int by = 0; by < 2; by++, n->attacks++)
                if (rp_fattacked(p, sq, by) != attacked_plain(p, sq, by) ||
                    (rp_fattacker(p, sq, by) != RP_FNOSQ) != attacked_plain(p, sq, by)) {
                    cr_log_error("%s: %s: is %c%d attacked by %s? probes %d, plain %d", d->name, fen, 'a' + f,
                                 r + 1, by ? "Black" : "White", rp_fattacked(p, sq, by), attacked_plain(p, sq, by));
                    bad++;
                }
        }
    static struct rp_fmovelist all, to, pseudo;
    rp_fgen_pseudo(p, &pseudo);
    for (int i = 0; i < pseudo.n; i++) {
        rp_fmove m = pseudo.m[i];
        if (m.kind == RP_FM_DROP || m.kind == RP_FM_PASS)
            continue;
        all.n = to.n = 0;
        rp_fgen_from(p, m.from, &all);
        rp_fgen_from_to(p, m.from, m.to, &to);
        int want = 0, got = 0;
        for (int k = 0; k < all.n; k++)
            if (all.m[k].to == m.to || all.m[k].kind == RP_FM_CASTLE) {
                want++;
                int found = 0;
                for (int j = 0; j < to.n; j++)
                    found |= same_move(all.m[k], to.m[j]);
                bad += !found;
            }
        for (int j = 0; j < to.n; j++)
            got += to.m[j].to == m.to || to.m[j].kind == RP_FM_CASTLE;
        if (got != want) {
            cr_log_error("%s: %s: %d moves from the piece to a square, %d towards it", d->name, fen, want, got);
            bad++;
        }
        n->moves++;
    }
    /* rp_fplain_move against the generator: where it finds a move, the
     * generator lists that one move there and nothing else (every square
     * asked, in one position of three: asking them all took as long as
     * the rest of the test). */
    for (int i = 0; i < pseudo.n && n->positions % 3 == 0; i++) {
        int from = pseudo.m[i].from, seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = pseudo.m[j].from == from;
        if (seen || pseudo.m[i].kind == RP_FM_DROP || pseudo.m[i].kind == RP_FM_PASS)
            continue;
        for (int r = 0; r < d->ranks; r++)
            for (int f = 0; f < d->files; f++) {
                int sq = rp_fsq(f, r);
                rp_fmove plain;
                if (!rp_fplain_move(p, from, sq, &plain))
                    continue;
                to.n = 0;
                rp_fgen_from_to(p, from, sq, &to);
                int listed = 0, same = 0;
                for (int j = 0; j < to.n; j++)
                    if (to.m[j].to == sq || (to.m[j].kind == RP_FM_CASTLE && p->castle_rook[to.m[j].castle] == sq)) {
                        listed++;
                        same += same_move(to.m[j], plain);
                    }
                if (listed != 1 || same != 1) {
                    cr_log_error("%s: %s: the plain move %c%d-%c%d found without the generator, which lists %d "
                                 "moves there", d->name, fen, 'a' + rp_ffile(from), rp_frank(from) + 1, 'a' + f, r + 1,
                                 listed);
                    bad++;
                }
                n->plain++;
            }
    }
    for (int i = 0; i < pseudo.n; i++, n->legal++) {
        rp_fmove m = pseudo.m[i];
        enum rp_fillegal a = rp_flegal(p, m), b = rp_flegal_plain(p, m);
        if (a != b) {
            cr_log_error("%s: %s: move %d: quick legality %d, plain %d", d->name, fen, i, a, b);
            bad++;
        }
        struct rp_fpos q = *p;
        rp_fmake(&q, m);
        int k = q.king[q.side], plain = k != RP_FNOSQ && rp_fattacked(&q, k, !q.side);
        if (q.in_check != plain) {
            cr_log_error("%s: %s: move %d gives check %d, the attack test says %d", d->name, fen, i,
                         q.in_check, plain);
            bad++;
        }
        n->checks++;
        char qfen[512], why[200];
        rp_ffen_write(&q, qfen, sizeof qfen);
        struct rp_fpos fresh;
        if (rp_ffen_read(&fresh, d, qfen, why, sizeof why) != 0 || rp_fkey(&fresh) != rp_fkey(&q)) {
            cr_log_error("%s: %s: move %d: kept key differs from the FEN's (%s)", d->name, qfen, i, why);
            bad++;
        }
        n->keys++;
    }
    return bad;
}

Test(replay_fairy_engine, fast_paths_agree_with_their_plain_twins, .timeout = 300)
{
    struct tally n = {0, 0, 0, 0, 0, 0, 0, 0};
    int bad = 0, variants = 0;
    static struct rp_fmovelist l;
    for (size_t v = 0; v < rp_variant_count(); v++) {
        const struct rp_variant *var = rp_variant_at(v);
        if (!var->def)
            continue;
        const struct rp_fdef *d = var->def;
        variants++;
        for (int game = 0; game < 6; game++) {
            uint64_t seed = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(v * 131 + (size_t)game * 7 + 1);
            struct rp_fpos p;
            char why[200];
            cr_assert_eq(rp_ffen_read(&p, d, d->start_fen, why, sizeof why), 0, "%s: %s", d->name, why);
            for (int ply = 0; ply < 120; ply++) {
                if (ply % 3 == 0)
                    bad += check_position(&p, &n);
                rp_fgen_legal(&p, &l);
                if (l.n == 0)
                    break;
                rp_fmake(&p, l.m[next(&seed) % (uint64_t)l.n]);
            }
        }
    }
    cr_log_info("%d definitions, %ld positions: %ld attack tests, %ld from-to lists, %ld plain moves found "
                "without the generator, %ld legality tests, %ld checks, %ld keys, %ld immediate ends", variants,
                n.positions, n.attacks, n.moves, n.plain, n.legal, n.checks, n.keys, n.ends);
    cr_expect_gt(n.plain, 0);
    cr_expect_geq(variants, 13);
    cr_expect_eq(bad, 0, "%d disagreements between fast paths and their plain twins", bad);
}

/* rp_fmove_of builds its move as integers where the byte order allows:
 * the very bytes of the move its fields make, for every square a board
 * may have (the 16-bit ends included) and every kind. */
Test(replay_fairy_engine, a_move_built_as_integers_is_the_move_of_its_fields)
{
    static const int squares[] = {0, 1, 7, 8, 63, 64, 127, 255, 256, 1023, 0x7FFF, 0xFFFF, RP_FNOSQ};
    size_t n = sizeof squares / sizeof *squares;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            for (int kind = 0; kind <= RP_FM_PIECE_DEMOTE; kind++) {
                rp_fmove want;
                memset(&want, 0, sizeof want);
                want.from = (uint16_t)squares[i];
                want.to = (uint16_t)squares[j];
                want.kind = (uint8_t)kind;
                rp_fmove got = rp_fmove_of(squares[i], squares[j], kind);
                cr_assert(memcmp(&got, &want, sizeof got) == 0, "from %d to %d, kind %d",
                          squares[i], squares[j], kind);
            }
}

/* The key tells promoted pieces of different bases apart, as the FEN
 * does: Shogi's +P and +L move alike but go back to the hand as a pawn
 * and a lance (a 300-game soak found a fourfold repetition counted
 * across such a swap); Crazyhouse's promoted queen returns as a pawn. */
static uint64_t key_of(const char *variant, const char *fen)
{
    struct rp_fpos p;
    ts_fpos_read(&p, variant, fen);
    return rp_fkey(&p);
}

Test(replay_fairy_engine, the_key_tells_a_promoted_piece_by_its_base)
{
    cr_expect_neq(key_of("shogi-gc", "7k1/K1+p6/2+l3+p2/6s2/9/9/5+n3/9/9[] w - - 0 1"),
                  key_of("shogi-gc", "7k1/K1+l6/2+p3+p2/6s2/9/9/5+n3/9/9[] w - - 0 1"));
    cr_expect_eq(key_of("shogi-gc", "7k1/K1+l6/2+p3+p2/6s2/9/9/5+n3/9/9[] w - - 0 1"),
                 key_of("shogi-gc", "7k1/K1+l6/2+p3+p2/6s2/9/9/5+n3/9/9[] w - - 10 6"));
}

/* Play uci from fen, and expect the key kept as it was played to be the
 * key of the position read from the FEN it writes; *p is the position. */
static void played_key_is_its_fens(struct rp_fpos *p, const char *variant, const char *fen, const char *uci)
{
    ts_fpos_read(p, variant, fen);
    static struct rp_fmovelist l;
    rp_fgen_legal(p, &l);
    int made = 0;
    for (int i = 0; i < l.n && !made; i++) {
        char u[16];
        ts_fmove_uci(p, l.m[i], u, sizeof u);
        if (strcmp(u, uci) == 0) {
            rp_fmake(p, l.m[i]);
            made = 1;
        }
    }
    cr_assert(made, "%s: %s: %s is not legal", variant, fen, uci);
    char after[256];
    rp_ffen_write(p, after, sizeof after);
    struct rp_fpos fresh;
    ts_fpos_read(&fresh, variant, after);
    cr_expect_eq(rp_fkey(p), rp_fkey(&fresh), "%s: %s", variant, after);
}

/* A piece promoted as Chess promotes is keyed as what it is: Crazyhouse's
 * Q~ and Q, and a queen under dropLoop (Chessgi, Loop), which the FEN
 * writes Q.  ffish 0.7.10 counts three R~/R swaps as a threefold
 * repetition in crazyhouse, chessgi and loop alike (test_variant_fairy
 * replays that game). */
Test(replay_fairy_engine, a_piece_promoted_as_chess_promotes_is_keyed_as_what_it_is)
{
    cr_expect_eq(key_of("crazyhouse-gc", "4k3/8/8/8/8/8/8/3QK3[] w - - 0 1"),
                 key_of("crazyhouse-gc", "4k3/8/8/8/8/8/8/3Q~K3[] w - - 0 1"));
    const char *const variants[] = {"chessgi-gc", "loop-gc", "crazyhouse-gc"};
    for (size_t v = 0; v < sizeof variants / sizeof *variants; v++) {
        struct rp_fpos p;
        played_key_is_its_fens(&p, variants[v], "7R/P7/8/3k4/8/8/8/4K3[] w - - 0 1", "a7a8r");
        cr_expect_eq(rp_fkey(&p), key_of(variants[v], "R6R/8/8/3k4/8/8/8/4K3[] b - - 0 1"), "%s", variants[v]);
    }
}

/* A pawn's triple step leaves two en passant squares, both in the FEN
 * (Wildebeest: e2-e5 with black pawns on d5 and f4, "e3e4" or "e4e3"): the
 * position read from that FEN has the key of the one played to.  The FEN
 * writes them by square and the engine keeps the one next to the pawn
 * first; read in the FEN's order, the key differed (67556d0). */
Test(replay_fairy_engine, a_triple_steps_two_en_passant_squares_read_back_as_played)
{
    struct rp_fpos p;
    played_key_is_its_fens(&p, "wildebeest-gc", "5k5/11/11/11/11/3p7/5p5/11/4P6/5K5 w - - 0 1", "e2e5");
    cr_expect_neq(p.ep, RP_FNOSQ);
    cr_expect_neq(p.ep2, RP_FNOSQ);
}

/* castlingDroppedPiece: a king dropped beside a cornered rook gains the
 * right to castle, and the key kept as the rights change counts it as
 * the FEN read afresh does. */
Test(replay_fairy_engine, a_right_a_drop_gives_is_in_the_kept_key)
{
    ts_defs_load_text("[placement-key:placement]\n");
    const struct rp_fdef *d = rp_fairy_find("placement-key");
    cr_assert_not_null(d);
    struct rp_fpos p, fresh;
    ts_fpos_read(&p, "placement-key", "8/pppppppp/8/8/8/8/PPPPPPPP/7R[KQRBBNNkqrrbbnn] w - - 0 1");
    rp_fmove m;
    memset(&m, 0, sizeof m);
    m.from = RP_FNOSQ;
    m.to = (uint16_t)rp_fsq(4, 0);
    m.kind = RP_FM_DROP;
    m.type = m.hand_type = (uint8_t)rp_ftype_of_letter(d, 'k');
    rp_fmake(&p, m);
    cr_assert_eq(p.castle_rights, 1, "the king dropped on e1 castles with the rook on h1");
    char fen[512];
    rp_ffen_write(&p, fen, sizeof fen);
    ts_fpos_read(&fresh, "placement-key", fen);
    cr_expect_eq(rp_fkey(&p), rp_fkey(&fresh), "%s", fen);
}

/* Legal moves at the start of the variant a definition text defines. */
static int start_moves(const char *text, const char *name)
{
    ts_defs_load_text(text);
    const struct rp_fdef *d = rp_fairy_find(name);
    cr_assert_not_null(d);
    struct rp_fpos p;
    ts_fpos_read(&p, name, d->start_fen);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    return l.n;
}

/* A named type's Betza is read as Fairy-Stockfish 230826 reads it
 * (parser.cpp; ffish: 20 moves at the start of [knv:chess] knight = n:W,
 * 22 of [centaurking:chess] king = k:KN): only the letter of a named type,
 * but a king's moves make it a custom royal piece, until a child writes
 * "king = k" again (issue 25). */
Test(replay_fairy_engine, a_named_type_keeps_its_moves_but_a_king_takes_its_betza)
{
#define CHESS "pawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\n"
    cr_expect_eq(start_moves("[knv]\n" CHESS "king = k\nknight = n:W\n", "knv"), 20);
    cr_expect_eq(start_moves("[kingkn]\n" CHESS "king = k:KN\n", "kingkn"), 22);
    cr_expect_eq(start_moves("[kingk:kingkn]\nking = k\n", "kingk"), 20);
#undef CHESS
}

/* As the reference build (ffish 0.7.10) reads and plays them: a FEN's
 * castling rights where the variant has no castling are read as none,
 * with no rook needed (antiatomic and atomiczh inherit "KQkq" with
 * castling = false), and a pawn's double step into the promotion zone
 * promotes (Epic Atomic's zone starts mid-board): a7-a5 is a bishop, as
 * ffish's a7a5b, and leaves no en passant square though a white pawn
 * stands beside it (ffish: 4k3/8/8/bP6/8/8/8/4K3 w - - 0 2; the FEN
 * fuzzer found the square written and then refused on reading). */
Test(replay_fairy_engine, castling_rights_without_castling_and_a_double_step_that_promotes)
{
    cr_expect_eq(start_moves("[ds]\npawn = p\nking = k\nbishop = b\npromotionPieceTypes = b\n"
                             "promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *5 *4 *3 *2 *1\n"
                             "castling = false\nstartFen = 4k3/p7/8/1P6/8/8/8/4K3 b KQkq - 0 1\n",
                             "ds"),
                 7);
    const struct rp_fdef *d = rp_fairy_find("ds");
    struct rp_fpos p;
    char why[128], fen[128];
    cr_assert_eq(rp_ffen_read(&p, d, d->start_fen, why, sizeof why), 0, "%s", why);
    cr_expect_eq(p.castle_rights, 0);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    int found = 0;
    for (int i = 0; i < l.n; i++)
        if (l.m[i].kind == RP_FM_PROMOTE && l.m[i].to == rp_fsq(0, 4)) {
            found++;
            rp_fmake(&p, l.m[i]);
        }
    cr_expect_eq(found, 1, "one double step, promoting");
    rp_ffen_write(&p, fen, sizeof fen);
    cr_expect_str_eq(fen, "4k3/8/8/bP6/8/8/8/4K3 w - - 0 2");
}

/* A flag is looked at only where a flag piece has a square to reach:
 * flagPiece's default is any piece and the regions' none, so Chess pays
 * nothing for it, while King of the Hill's king on a centre square wins
 * (and the other flagPiece forms keep their flag). */
Test(replay_fairy_engine, the_flag_is_compiled_in_only_where_it_has_squares)
{
    const struct rp_fdef *chess = rp_fairy_find("chess-defined"), *koth = rp_fairy_find("kingofthehill-gc");
    cr_assert_not_null(chess);
    cr_assert_not_null(koth);
    cr_expect_eq(chess->flag_piece, RP_FANY_TYPE);
    cr_expect_eq(chess->has_flag, 0);
    cr_expect_eq(koth->has_flag, 1);
    struct rp_fpos p;
    char why[128];
    cr_assert_eq(rp_ffen_read(&p, koth, "rnbq1bnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", why,
                              sizeof why), 0, "%s", why);
    struct rp_ending e;
    cr_assert(rp_fimmediate_end(&p, &e));
    cr_expect_eq(e.result, RP_RESULT_BLACK);
    cr_expect_eq(e.termination.kind, RP_TERM_FLAG);
    cr_expect_str_eq(e.detail, "flag=e4");
#define BARE "pawn = p\nking = k\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    cr_expect_gt(start_moves("[flagonly]\n" BARE "whiteFlag = e8\n", "flagonly"), 0);
    cr_expect_eq(rp_fairy_find("flagonly")->has_flag, 1);
    cr_expect_gt(start_moves("[noflagpiece]\n" BARE "flagPiece = -\nwhiteFlag = e8\n", "noflagpiece"), 0);
#undef BARE
    cr_expect_eq(rp_fairy_find("noflagpiece")->has_flag, 0);
}

/* The game's end a position shows, as "1-0", "0-1", "1/2-1/2", or "*"
 * while it goes on. */
static const char *end_of(const char *variant, const char *fen)
{
    const struct rp_fdef *d = rp_fairy_find(variant);
    cr_assert_not_null(d, "%s", variant);
    struct rp_fpos p;
    char why[128];
    cr_assert_eq(rp_ffen_read(&p, d, fen, why, sizeof why), 0, "%s: %s", fen, why);
    struct rp_ending e;
    if (!rp_fimmediate_end(&p, &e) && !rp_fmate_or_stalemate(&p, &e))
        return "*";
    return e.result == RP_RESULT_WHITE ? "1-0" : e.result == RP_RESULT_BLACK ? "0-1" : "1/2-1/2";
}

/* flagPieceCount and flagPieceBlockedWin, as ffish 0.7.10 ends these
 * positions: three knights on the third rank win, two do not; a region
 * full of pieces wins with one flag piece in it (Kono), but not a region
 * written as a whole rank ("*3"), which reaches past a board narrower
 * than twelve files and so is never full in the reference build. */
Test(replay_fairy_engine, the_flag_needs_its_count_or_a_full_region)
{
    start_moves("[flag3]\nmaxRank = 3\nmaxFile = c\ncustomPiece1 = n:mN\nstartFen = nnn/3/NNN w\nflagPiece = n\n"
                "flagRegionWhite = *3\nflagRegionBlack = *1\nflagPieceCount = 3\nflagPieceBlockedWin = true\n"
                "nFoldRule = 0\nnMoveRule = 0\n"
                "[kono]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = p:mF\nstartFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1\n"
                "flagPiece = p\nflagRegionWhite = a5 b5 c5 d5 e5 a4 e4\nflagRegionBlack = a1 b1 c1 d1 e1 a2 e2\n"
                "flagPieceCount = 7\nflagPieceBlockedWin = true\nnFoldRule = 0\nnMoveRule = 0\n",
                "flag3");
    cr_expect_str_eq(end_of("flag3", "NNN/3/1nn b"), "1-0");
    cr_expect_str_eq(end_of("flag3", "NN1/3/nn1 b"), "*");
    cr_expect_str_eq(end_of("flag3", "NNn/3/1n1 b"), "*");
    cr_expect_str_eq(end_of("kono", "PPPpp/p3p/5/P3P/1P3 b - - 0 1"), "1-0");
    cr_expect_str_eq(end_of("kono", "PPPpp/p3p/5/P3P/1P3 w - - 0 1"), "*");
}

/* Racing Kings (flagMove with the king as the flag piece), as ffish
 * 0.7.10 ends these positions: White's king on the eighth rank wins at
 * once unless Black, to move, can answer with a king move onto it (not
 * in check, the square free of attack); Black's reaching it after White's
 * is a draw, Black's first a win at once. */
Test(replay_fairy_engine, racing_kings_black_follows_only_when_it_can)
{
    cr_assert_gt(start_moves("[rk:racingkings]\n", "rk"), 0);
    cr_expect_str_eq(end_of("rk", "6K1/8/8/8/8/8/k7/8 b - - 0 1"), "1-0");
    cr_expect_str_eq(end_of("rk", "6K1/1k6/8/8/8/8/8/8 b - - 0 1"), "*");
    cr_expect_str_eq(end_of("rk", "1k4K1/8/8/8/8/8/8/8 w - - 0 2"), "1/2-1/2");
    cr_expect_str_eq(end_of("rk", "6K1/1k6/8/8/8/8/8/1r6 b - - 0 1"), "*");
    cr_expect_str_eq(end_of("rk", "1k6/8/8/6K1/8/8/8/8 w - - 0 1"), "0-1");
    cr_expect_str_eq(end_of("rk", "6K1/1kR5/8/8/8/8/8/8 b - - 0 1"), "1-0");
}

/* flagMove with a flag piece that is not the king: Black's reaching its
 * flag after White's is no draw, as it is in Racing Kings; White wins
 * (ffish 0.7.10: 1-0 after g6f8 b3c1 here, and 1/2-1/2 where the kings
 * are the flag pieces). */
Test(replay_fairy_engine, flag_move_draws_only_for_the_kings)
{
    cr_assert_gt(start_moves("[fmn:chess]\nflagPiece = n\nflagRegionWhite = *8\nflagRegionBlack = *1\n"
                             "flagMove = true\n",
                             "fmn"),
                 0);
    cr_expect_str_eq(end_of("fmn", "k4N2/8/8/8/8/1n6/8/7K b - - 1 1"), "*");
    cr_expect_str_eq(end_of("fmn", "k4N2/8/8/8/8/8/8/2n4K w - - 2 2"), "1-0");
    cr_assert_gt(start_moves("[fmk:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\n"
                             "flagMove = true\n",
                             "fmk"),
                 0);
    cr_expect_str_eq(end_of("fmk", "6K1/8/8/8/8/8/8/1k6 w - - 0 2"), "1/2-1/2");
}

/* Black's moves are White's turned half a circle, files too (the
 * reference build's): Bajr's pawn, mfrWmrfF, steps forward, right and
 * forward-right, which for Black on c4 is c3, b4 and b3 (ffish). */
Test(replay_fairy_engine, black_moves_are_whites_turned_half_a_circle)
{
    cr_expect_eq(start_moves("[asym]\nmaxRank = 6\nmaxFile = f\ncustomPiece1 = p:mfrWmrfF\n"
                             "startFen = 6/6/2p3/6/2P3/6 w - - 0 1\n",
                             "asym"),
                 3);
    const struct rp_fdef *d = rp_fairy_find("asym");
    struct rp_fpos p;
    char why[128];
    cr_assert_eq(rp_ffen_read(&p, d, "6/6/2p3/6/2P3/6 b - - 0 1", why, sizeof why), 0, "%s", why);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    cr_assert_eq(l.n, 3);
    int want[] = {rp_fsq(2, 2), rp_fsq(1, 3), rp_fsq(1, 2)}, found = 0;
    for (int i = 0; i < l.n; i++)
        for (int k = 0; k < 3; k++)
            found += l.m[i].to == want[k];
    cr_expect_eq(found, 3, "c4 to c3, b4 and b3");
}

/* materialCounting = blackdrawodds (Armageddon, as the reference build
 * scores it): a draw by the rules is Black's win, and says so. */
Test(replay_fairy_engine, draw_odds_make_the_draw_a_win)
{
    start_moves("[odds]\npawn = p\nking = k\nmaterialCounting = blackdrawodds\n"
                "startFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
                "odds");
    const struct rp_fdef *d = rp_fairy_find("odds");
    struct rp_fpos p;
    char why[128], detail[64];
    cr_assert_eq(rp_ffen_read(&p, d, d->start_fen, why, sizeof why), 0, "%s", why);
    cr_expect_eq(rp_fmaterial_result(&p, detail, sizeof detail), RP_RESULT_BLACK);
    cr_expect_str_eq(detail, "draw-odds=black");
}

/* ffish's result counts material on a stalemate's draw too (Capture the
 * Queen: a lone queen stalemated, with blackdrawodds, is Black's win). */
Test(replay_fairy_engine, draw_odds_score_a_stalemate)
{
    start_moves("[ctq]\nqueen = q\nextinctionPieceTypes = q\nnFoldRule = 0\nmaterialCounting = blackdrawodds\n"
                "startFen = 3q4/8/8/8/8/8/8/1QQ1QQ2\n",
                "ctq");
    const struct rp_fdef *d = rp_fairy_find("ctq");
    struct rp_fpos p;
    char why[128];
    cr_assert_eq(rp_ffen_read(&p, d, "1Q6/8/8/8/8/6Q1/8/3Q1Q2 b - - 0 8", why, sizeof why), 0, "%s", why);
    struct rp_ending e;
    cr_assert(rp_fmate_or_stalemate(&p, &e));
    cr_expect_eq(e.termination.kind, RP_TERM_STALEMATE);
    cr_expect_eq(e.result, RP_RESULT_BLACK);
}

/* stalematePieceCount (Suicide, as ffish scores these): a stalemate with
 * even pieces is a draw; the side with fewer pieces gets stalemateValue
 * (win): White, stalemated with one pawn against two, wins. */
Test(replay_fairy_engine, a_stalemate_counted_by_pieces)
{
    start_moves("[sc]\npawn = p\nking = k\nstalemateValue = win\nstalematePieceCount = true\n"
                "startFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
                "sc");
    const struct rp_fdef *d = rp_fairy_find("sc");
    struct rp_fpos p;
    struct rp_ending e;
    char why[128];
    cr_assert_eq(rp_ffen_read(&p, d, "8/8/8/8/8/1p6/1P6/8 w - - 0 1", why, sizeof why), 0, "%s", why);
    cr_assert(rp_fmate_or_stalemate(&p, &e));
    cr_expect_eq(e.result, RP_RESULT_DRAW);
    cr_assert_eq(rp_ffen_read(&p, d, "8/8/8/8/p7/P7/8/7p w - - 0 1", why, sizeof why), 0, "%s", why);
    cr_assert(rp_fmate_or_stalemate(&p, &e));
    cr_expect_eq(e.result, RP_RESULT_WHITE);
}

/* A custom piece's double step writes the reference's pair, the square
 * passed and the piece's own, even where no piece of the side to move
 * could take there (ffish: b2b4 gives "3xk3/8/8/8/1X6/8/P1PPPPPP/3XK3 b -
 * b3b4 1 1"), and the pair reads back as written: the definitions fuzzer
 * found it refused on reading. */
Test(replay_fairy_engine, a_custom_double_step_pair_reads_back_where_nothing_can_take)
{
    cr_expect_eq(start_moves("[dxp]\npawn = p\ncustomPiece1 = x:ifmnDmfWcfF\nking = k\n"
                             "startFen = 3xk3/8/8/8/8/8/PXPPPPPP/3XK3 w - - 0 1\n",
                             "dxp"),
                 17);
    const struct rp_fdef *d = rp_fairy_find("dxp");
    struct rp_fpos p, q;
    ts_fpos_read(&p, "dxp", d->start_fen);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    int found = 0;
    for (int i = 0; i < l.n; i++)
        if (l.m[i].from == rp_fsq(1, 1) && l.m[i].to == rp_fsq(1, 3)) {
            found++;
            rp_fmake(&p, l.m[i]);
        }
    cr_assert_eq(found, 1, "b2-b4");
    char fen[128], again[128];
    rp_ffen_write(&p, fen, sizeof fen);
    cr_expect_str_eq(fen, "3xk3/8/8/8/1X6/8/P1PPPPPP/3XK3 b - b3b4 1 1");
    ts_fpos_read(&q, "dxp", fen);
    rp_ffen_write(&q, again, sizeof again);
    cr_expect_str_eq(again, fen);
}

/* A custom piece whose initial double step leaps over a piece leaves no
 * en passant square (ffish: d1d3 over the pawn on d2 gives "4xk2/8/8/8/8/
 * 3X4/PPPPPPPP/4K3 b - - 1 1"); gcaudit wrote a pair with no empty
 * square in it and then refused it on reading (the fuzzer found it). */
Test(replay_fairy_engine, a_custom_double_step_over_a_piece_leaves_no_en_passant_square)
{
    ts_defs_load_text("[dxq]\npawn = p\ncustomPiece1 = x:ifmnDmfgfWF\nking = k\n"
                      "startFen = 4xk2/8/8/8/8/8/PPPPPPPP/3XK3 w - - 0 1\n");
    struct rp_fpos p;
    ts_fpos_read(&p, "dxq", rp_fairy_find("dxq")->start_fen);
    struct rp_fmovelist l;
    rp_fgen_legal(&p, &l);
    cr_expect_eq(l.n, 18);
    int found = 0;
    for (int i = 0; i < l.n; i++)
        if (l.m[i].from == rp_fsq(3, 0) && l.m[i].to == rp_fsq(3, 2)) {
            found++;
            rp_fmake(&p, l.m[i]);
        }
    cr_assert_eq(found, 1, "d1-d3");
    char fen[128];
    rp_ffen_write(&p, fen, sizeof fen);
    cr_expect_str_eq(fen, "4xk2/8/8/8/8/3X4/PPPPPPPP/4K3 b - - 1 1");
}
