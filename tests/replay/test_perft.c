/*
 * Perft: leaf counts of the legal move tree, the standard proof of a move
 * generator.  The numbers come from tests/fixtures/perft.tsv (measured with
 * Fairy-Stockfish and checked against the published Chess figures); rows
 * above NODE_LIMIT are left to the benchmark so the suite stays quick
 * under the sanitizers.  Extinction Chess counts with its own perft, which
 * stops at a position where a side is extinct, as the file's rows do.
 */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/movegen.h"
#include "replay/perft.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/support.h"

#define NODE_LIMIT 5000000ULL

typedef uint64_t (*perft_fn)(struct rp_board *b, int depth);

static int run_rows(const char *variant, const struct rp_rules *rules, perft_fn perft,
                    int *checked)
{
    size_t len;
    char *tsv = ts_read_file(GC_FIXTURES "/perft.tsv", &len);
    cr_assert_not_null(tsv, "perft.tsv is missing");
    int failures = 0;
    char *save = NULL;
    for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[32], fen[128];
        int depth;
        unsigned long long nodes;
        if (sscanf(line, "%31[^\t]\t%127[^\t]\t%d\t%llu", name, fen, &depth, &nodes) != 4 ||
            strcmp(name, variant) != 0 || nodes > NODE_LIMIT)
            continue;
        struct rp_board b;
        cr_assert_eq(rp_board_from_fen(&b, rules, fen), 0, "bad FEN %s", fen);
        uint64_t got = perft(&b, depth);
        if (got != nodes) {
            cr_log_error("perft %s depth %d: got %" PRIu64 ", expected %llu", fen, depth, got, nodes);
            failures++;
        }
        (*checked)++;
    }
    free(tsv);
    return failures;
}

/* Every row of perft.tsv for variant, at least min of them, agrees. */
static void expect_rows(const char *variant, const struct rp_rules *rules,
                        perft_fn perft, int min)
{
    int checked = 0;
    int failures = run_rows(variant, rules, perft, &checked);
    cr_expect_geq(checked, min, "only %d %s rows were run", checked, variant);
    cr_expect_eq(failures, 0, "%d perft rows differ", failures);
}

Test(replay_perft, chess_rows_of_perft_tsv)
{
    expect_rows("chess", &rp_chess_rules, rp_perft, 25);
}

/* The counts the issue names, independent of the fixture file. */
Test(replay_perft, chess_start_and_kiwipete)
{
    struct rp_board b;
    static const uint64_t start[] = {20, 400, 8902, 197281, 4865609};
    rp_board_from_fen(&b, &rp_chess_rules, RP_START_FEN);
    for (int d = 1; d <= 5; d++)
        cr_expect_eq(rp_perft(&b, d), start[d - 1], "start position depth %d", d);
    static const uint64_t kiwi[] = {48, 2039, 97862, 4085603};
    rp_board_from_fen(&b, &rp_chess_rules,
                      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    for (int d = 1; d <= 4; d++)
        cr_expect_eq(rp_perft(&b, d), kiwi[d - 1], "Kiwipete depth %d", d);
}

Test(replay_perft, extinction_rows_of_perft_tsv)
{
    expect_rows("extinction", &rp_extinction_rules, rp_extinction_perft, 50);
}

/* Positions that are over before a move: an extinct side (rows of
 * perft.tsv: no white queen, knight or bishop) has no moves, and neither
 * has a side whose pieces are all blocked (stalemate, not extinction). */
Test(replay_perft, extinction_leaves)
{
    struct rp_board b;
    rp_board_from_fen(&b, &rp_extinction_rules, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    cr_expect_eq(rp_extinction_perft(&b, 1), 0);
    cr_expect_eq(rp_extinction_perft(&b, 0), 1);
    rp_board_from_fen(&b, &rp_extinction_rules,
                      "rnbqk3/8/8/8/1p1p1p1p/pPpPpPpP/PRPRPRPR/NKQBRBNR w - - 0 1");
    cr_expect_eq(rp_extinction_perft(&b, 1), 0);
}
