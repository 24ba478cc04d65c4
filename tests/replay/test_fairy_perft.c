/*
 * The general rules engine against Fairy-Stockfish 11.1 on perft (issue
 * 20, "How it is checked"): for every definition gcaudit ships (found by
 * globbing the .ini files of replay/definitions, so later ones are covered too) that
 * names 11.1 among its oracles (gcOracles = ffish, fsf11), the
 * engine loads the very file (VariantPath) and both count the leaves from
 * the start position and from the positions constructed for the
 * definition in tests/fixtures/definitions/positions.tsv.  Both programs
 * must also read each position to the same FEN.
 *
 * Every such definition needs at least MIN_CONSTRUCTED constructed
 * positions there (a promotion pending, castling rights where it castles,
 * an en passant chance where pawns step twice, pieces in hand where it
 * drops...): a definition without them fails the test, and so does a row
 * for a section nobody ships.  A count that differs is divided: the moves
 * only one side has, and the first moves whose subtrees differ, are
 * printed in the engine's notation.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "replay/fairy.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/uci.h"

#define ENGINE_TIMEOUT_MS 120000
#define MIN_CONSTRUCTED 3
#define START_DEPTH 3            /* without a "startpos" row */
#define FEN_MAX 512
#define MAX_ROOT 1024

static void load(void) { ts_defs_load_shipped(); }
static void unload(void) { rp_defs_reset(); }

TestSuite(replay_fairy_fsf_perft, .init = load, .fini = unload);

/* Which root moves differ, for the failure message. */
static void divide(struct ts_uci *u, const struct rp_fpos *p, int depth)
{
    static char theirs[MAX_ROOT][16];
    static uint64_t their_counts[MAX_ROOT];
    int n = ts_uci_divide(u, depth, theirs, their_counts, MAX_ROOT);
    struct rp_fmovelist l;
    rp_fgen_legal(p, &l);
    int reported = 0;
    int matched[MAX_ROOT] = {0};
    for (int i = 0; i < l.n && reported < 8; i++) {
        char mv[16];
        ts_fmove_uci(p, l.m[i], mv, sizeof mv);
        struct rp_fpos q = *p;
        rp_fmake(&q, l.m[i]);
        uint64_t ours = rp_fperft(&q, depth - 1);
        int k = 0;
        while (k < n && strcmp(theirs[k], mv) != 0)
            k++;
        if (k == n) {
            cr_log_error("  %s: only gcaudit has this move (%" PRIu64 " leaves)", mv, ours);
            reported++;
            continue;
        }
        matched[k] = 1;
        if (ours != their_counts[k]) {
            cr_log_error("  %s: gcaudit %" PRIu64 ", Fairy-Stockfish %" PRIu64, mv, ours, their_counts[k]);
            reported++;
        }
    }
    for (int k = 0; k < n && reported < 8; k++)
        if (!matched[k]) {
            cr_log_error("  %s: only Fairy-Stockfish has this move (%" PRIu64 " leaves)", theirs[k],
                         their_counts[k]);
            reported++;
        }
}

/* ------------------------------------------------------------ the check */

/* Perft of one position on both sides; 1 when they agree. */
static int check_position(struct ts_uci *u, const struct ts_def *def, const struct rp_fdef *d,
                          const char *what, const char *fen, int depth, int line)
{
    struct rp_fpos p;
    char why[200], ours_fen[FEN_MAX], their_fen[FEN_MAX];
    const char *start = fen ? fen : d->start_fen;
    if (rp_ffen_read(&p, d, start, why, sizeof why) != 0) {
        cr_log_error("%s, %s (positions.tsv:%d): gcaudit cannot read the FEN %s: %s", def->name, what,
                     line, start, why);
        return 0;
    }
    rp_ffen_write(&p, ours_fen, sizeof ours_fen);
    cr_assert_eq(ts_uci_position(u, fen, NULL, 0), 0, "Fairy-Stockfish is gone");
    cr_assert_eq(ts_uci_show(u, their_fen, sizeof their_fen, NULL), 0,
                 "%s, %s: Fairy-Stockfish printed no FEN", def->name, what);
    if (strcmp(ours_fen, their_fen) != 0) {
        cr_log_error("%s, %s (positions.tsv:%d): the FEN %s reads as\n  %s (gcaudit)\n  %s "
                     "(Fairy-Stockfish)",
                     def->name, what, line, start, ours_fen, their_fen);
        return 0;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t ours = rp_fperft(&p, depth);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
    uint64_t theirs = ts_uci_perft(u, fen, depth);
    cr_assert_neq(theirs, UINT64_MAX, "%s, %s: Fairy-Stockfish gave no perft for %s", def->name, what,
                  start);
    if (ours != theirs) {
        cr_log_error("%s, %s (positions.tsv:%d): perft %d of %s: gcaudit %" PRIu64
                     ", Fairy-Stockfish %" PRIu64 "; by first move:",
                     def->name, what, line, depth, start, ours, theirs);
        ts_uci_position(u, fen, NULL, 0);
        divide(u, &p, depth);
        return 0;
    }
    cr_log_info("%s: perft %d %s: %" PRIu64 " (%ld ms)", def->name, depth, what, ours, ms);
    return 1;
}

Test(replay_fairy_fsf_perft, every_shipped_definition_agrees_with_fairy_stockfish, .timeout = 600)
{
    size_t ndefs, nrows;
    struct ts_def *defs = ts_defs_shipped(&ndefs);
    struct ts_position *rows = ts_positions_load(&nrows);
    struct ts_uci *u = ts_uci_open(ENGINE_TIMEOUT_MS);
    int failures = 0, checked = 0, too_few = 0;
    time_t t0 = time(NULL);
    for (size_t i = 0; i < ndefs; i++) {
        const struct ts_def *def = &defs[i];
        const struct rp_fdef *d = rp_fairy_find(def->name);
        cr_assert_not_null(d, "%s (%s) was not registered by rp_defs_load_dir", def->name, def->file);
        if (!(d->oracles & RP_ORACLE_FSF11))
            continue; /* not one of 11.1's (gcOracles): ffish counts it in play (test_ffish_oracle) */
        cr_assert_eq(ts_uci_variant(u, def->file, def->name), 0,
                     "Fairy-Stockfish 11.1 does not know the variant %s after loading %s", def->name,
                     def->file);
        int constructed = 0, start_depth = START_DEPTH, start_line = 0;
        for (size_t k = 0; k < nrows; k++)
            if (strcmp(rows[k].section, def->name) == 0) {
                if (strcmp(rows[k].fen, "startpos") == 0)
                    start_depth = rows[k].depth, start_line = rows[k].line;
                else
                    constructed++;
            }
        failures += !check_position(u, def, d, "start position", NULL, start_depth, start_line);
        checked++;
        for (size_t k = 0; k < nrows; k++)
            if (strcmp(rows[k].section, def->name) == 0 && strcmp(rows[k].fen, "startpos") != 0) {
                failures += !check_position(u, def, d, rows[k].what, rows[k].fen, rows[k].depth,
                                            rows[k].line);
                checked++;
            }
        if (constructed < MIN_CONSTRUCTED) {
            cr_log_error("%s (%s) has %d constructed positions in tests/fixtures/definitions/"
                         "positions.tsv, and needs at least %d: a promotion pending, castling "
                         "rights where it castles, an en passant chance where pawns step twice, "
                         "pieces in hand where it drops",
                         def->name, def->file, constructed, MIN_CONSTRUCTED);
            too_few++;
        }
    }
    for (size_t k = 0; k < nrows; k++) {
        size_t i = 0;
        while (i < ndefs && strcmp(defs[i].name, rows[k].section) != 0)
            i++;
        if (i == ndefs) {
            cr_log_error("positions.tsv:%d: no shipped definition has a section %s", rows[k].line,
                         rows[k].section);
            failures++;
        }
    }
    ts_uci_quit(u);
    cr_log_info("%zu definitions, %d positions, %ld s", ndefs, checked, (long)(time(NULL) - t0));
    free(rows);
    free(defs);
    cr_expect_eq(too_few, 0, "%d shipped definitions have fewer than %d constructed positions", too_few,
                 MIN_CONSTRUCTED);
    cr_expect_eq(failures, 0, "%d positions differ from Fairy-Stockfish (see above)", failures);
}
