/*
 * Atomic's keys in the general engine (replay/fairy_make.c,
 * fairy_legal.c): blastOnCapture, blastImmuneTypes, mutuallyImmuneTypes
 * and extinctionPseudoRoyal, as the reference build (ffish 0.7.10, the
 * built-in variants atomic, atomar and nocheckatomic) plays them; every
 * expected position, count and result below is ffish's for the same FEN
 * and moves.  And the moves of a piece whose atoms reach one square
 * twice (customPiece1 = m:QNAD), counted once.
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

/* The built-in variants as parents, each with a Game: name for the
 * replays. */
static const char *const sections =
    "[atomic-t:atomic]\ngcGames = Atomic Test\n"
    "[atomar-t:atomar]\ngcGames = Atomar Test\n"
    "[nocheckatomic-t:nocheckatomic]\ngcGames = Nocheck Atomic Test\n"
    "[qnad]\nking = k\ncustomPiece1 = m:QNAD\nstartFen = 6k1/8/8/8/3M4/8/8/K7 w - - 0 1\n";

static void load(void)
{
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin");
    struct rp_def_error e;
    FILE *f = fmemopen((void *)sections, strlen(sections), "r");
    cr_assert(f);
    cr_assert_eq(rp_defs_load_stream(f, "t.ini", &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    fclose(f);
}

static void unload(void)
{
    rp_defs_reset();
    rp_defs_builtin_dir(NULL);
}

TestSuite(replay_fairy_blast, .init = load, .fini = unload);

static void square_name(const struct rp_fdef *d, int sq, char *out) { rp_fsquare_name(d, sq, out); }

/* The legal moves of variant at fen into *l (the position into *p);
 * returns how many. */
static int legal_moves(const char *variant, const char *fen, struct rp_fpos *p, struct rp_fmovelist *l)
{
    const struct rp_fdef *d = rp_fairy_find(variant);
    cr_assert_not_null(d, "%s", variant);
    char why[200];
    cr_assert_eq(rp_ffen_read(p, d, fen, why, sizeof why), 0, "%s: %s", fen, why);
    rp_fgen_legal(p, l);
    return l->n;
}

/* Is from-to (square names) among the legal moves? */
static int has_move(const struct rp_fpos *p, const struct rp_fmovelist *l, const char *from, const char *to)
{
    for (int i = 0; i < l->n; i++) {
        char a[8], b[8];
        square_name(p->def, l->m[i].from, a);
        square_name(p->def, l->m[i].to, b);
        if (strcmp(a, from) == 0 && strcmp(b, to) == 0)
            return 1;
    }
    return 0;
}

/* Play from-to at fen; the FEN after it into out. */
static void play(const char *variant, const char *fen, const char *from, const char *to, struct rp_fpos *p,
                 char *out, size_t size)
{
    struct rp_fmovelist l;
    legal_moves(variant, fen, p, &l);
    for (int i = 0; i < l.n; i++) {
        char a[8], b[8];
        square_name(p->def, l.m[i].from, a);
        square_name(p->def, l.m[i].to, b);
        if (strcmp(a, from) == 0 && strcmp(b, to) == 0) {
            rp_fmake(p, l.m[i]);
            rp_ffen_write(p, out, size);
            return;
        }
    }
    cr_assert_fail("%s-%s is not legal at %s", from, to, fen);
}

/* A capture removes the capturer, the captured piece and every piece
 * next to it but pawns, of both sides: the queen, the rook, the bishops;
 * the pawns on d6 and f6 stay. */
Test(replay_fairy_blast, a_capture_blows_up_the_square_and_its_neighbours_but_pawns)
{
    struct rp_fpos p;
    char fen[256];
    play("atomic-t", "7k/8/3pbP2/3Qn3/3r1B2/5N2/8/K7 w - - 0 1", "f3", "e5", &p, fen, sizeof fen);
    cr_expect_str_eq(fen, "7k/8/3p1P2/8/8/8/8/K7 b - - 0 1");
    /* A blast takes the castling rights of the rook it removes. */
    play("atomic-t", "r3k2r/6p1/8/8/8/8/1B6/R3K2R w KQkq - 0 1", "b2", "g7", &p, fen, sizeof fen);
    cr_expect_str_eq(fen, "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1");
}

/* Atomar's kings are blastImmuneTypes: a blast next to them leaves them,
 * and being mutuallyImmuneTypes, one may not take the other. */
Test(replay_fairy_blast, immune_kings_stay_and_may_not_take_each_other)
{
    struct rp_fpos p;
    char fen[256];
    play("atomar-t", "8/8/8/3kp3/8/5N2/8/K7 w - - 0 1", "f3", "e5", &p, fen, sizeof fen);
    cr_expect_str_eq(fen, "8/8/8/3k4/8/8/8/K7 b - - 0 1");
    struct rp_fmovelist l;
    cr_expect_eq(legal_moves("atomar-t", "8/8/8/8/8/4k3/4K3/8 w - - 0 1", &p, &l), 7);
    cr_expect_not(has_move(&p, &l, "e2", "e3"));
}

/* Atomic's king is a commoner guarded as a king (extinctionPseudoRoyal):
 * a capture next to it that would blow it up is no move, and a king
 * touching the other is not in check (taking it would blow up the
 * taker's own): e2-d2 stands on the rook's rank. */
Test(replay_fairy_blast, the_pseudo_royal_king_is_neither_blown_up_nor_left_attacked)
{
    struct rp_fpos p;
    struct rp_fmovelist l;
    cr_expect_eq(legal_moves("atomic-t", "7k/8/8/4n3/3K4/5N2/8/8 w - - 0 1", &p, &l), 11);
    cr_expect_not(has_move(&p, &l, "f3", "e5"));
    cr_expect_eq(legal_moves("atomic-t", "8/8/8/8/8/4k3/r3K3/8 w - - 0 1", &p, &l), 7);
    cr_expect(has_move(&p, &l, "e2", "d2"));
    cr_expect_not(has_move(&p, &l, "e2", "e3"));
    /* Without the touching king, the rook's rank is attacked. */
    cr_expect_eq(legal_moves("atomic-t", "8/8/8/8/6k1/8/r3K3/8 w - - 0 1", &p, &l), 6);
    cr_expect_not(has_move(&p, &l, "e2", "d2"));
}


static void expect_violation(const char *text, enum rp_code code, const char *message)
{
    struct rp_report r;
    ts_replay_text(text, &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL);
    cr_assert_geq(r.nviolations, 1);
    cr_expect_eq(r.violations[0].code, code);
    cr_expect_str_eq(r.violations[0].message, message);
    rp_report_release(&r);
}

/* What a director reads for a move the new rules forbid. */
Test(replay_fairy_blast, a_director_reads_why_the_move_is_illegal)
{
    expect_violation("Game: Atomic Test\nFEN: 7k/8/8/4n3/3K4/5N2/8/8 w - - 0 1\n\n1. N f3-e5\n", RP_ILLEGAL_MOVE,
                     "the capture on e5 would blow up White's own commoner on d4");
    expect_violation("Game: Atomic Test\nFEN: 8/8/8/8/6k1/8/r3K3/8 w - - 0 1\n\n1. K e2-d2\n", RP_KING_IN_CHECK,
                     "the white commoner on d2 would be attacked by the rook on a2");
    expect_violation("Game: Atomar Test\nFEN: 8/8/8/8/8/4k3/4K3/8 w - - 0 1\n\n1. K e2-e3\n", RP_ILLEGAL_MOVE,
                     "a commoner may not capture a commoner in atomar-t");
}

/* A mate of the guarded king is a checkmate; a blast that takes both
 * kings is the mover's loss (the reference build looks at the mover's
 * extinction first). */
Test(replay_fairy_blast, a_mate_and_a_blast_of_both_kings_end_the_game)
{
    struct rp_report r;
    ts_replay_text("Game: Atomic Test\nFEN: 7k/6pp/8/8/8/8/8/K3R3 w - - 0 1\n\n1. R e1-e8\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_WHITE);
    cr_expect_str_eq(r.termination_name, "checkmate");
    rp_report_release(&r);
    ts_replay_text("Game: Nocheck Atomic Test\nFEN: 8/8/3k4/4p3/5K2/3N4/8/8 w - - 0 1\n\n1. N d3-e5\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_BLACK);
    rp_report_release(&r);
}

/* QNAD's alfil and dabbaba leaps land on the queen's lines: 34 moves of
 * the piece on d4, each once, and the king's 3. */
Test(replay_fairy_blast, atoms_reaching_one_square_make_one_move)
{
    struct rp_fpos p;
    struct rp_fmovelist l;
    cr_expect_eq(legal_moves("qnad", "6k1/8/8/8/3M4/8/8/K7 w - - 0 1", &p, &l), 37);
}
