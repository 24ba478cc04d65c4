/*
 * Move generation details the perft counts do not see: rp_gen_from_to,
 * which resolves a played move by geometry for knights and sliders, must
 * give exactly the moves of rp_gen_from that go to the square, in order.
 * Checked for every from-to pair of every perft.tsv position and of every
 * position one legal move after it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/movegen.h"
#include "replay/variants.h"
#include "tests/support/support.h"

static int same_moves(const struct rp_movelist *a, const struct rp_movelist *b)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (memcmp(&a->m[i], &b->m[i], sizeof a->m[i]) != 0)
            return 0;
    return 1;
}

/* Every from-to pair of one position; returns how many had a move. */
static int compare_position(const struct rp_board *b)
{
    int found = 0;
    for (int from = 0; from < 128; from++) {
        if (from & 0x88)
            continue;
        struct rp_movelist all;
        all.n = 0;
        rp_gen_from(b, (rp_sq)from, &all);
        for (int to = 0; to < 128; to++) {
            struct rp_movelist want, got;
            want.n = got.n = 0;
            for (size_t i = 0; i < all.n; i++)
                if (all.m[i].to == to)
                    want.m[want.n++] = all.m[i];
            rp_gen_from_to(b, (rp_sq)from, (rp_sq)to, &got);
            cr_assert(same_moves(&want, &got), "from %#x to %#x: %zu moves, expected %zu", from,
                      to, got.n, want.n);
            found += want.n > 0;
        }
    }
    return found;
}

Test(replay_movegen, gen_from_to_matches_gen_from)
{
    size_t len;
    char *tsv = ts_read_file(GC_FIXTURES "/perft.tsv", &len);
    cr_assert_not_null(tsv, "perft.tsv is missing");
    int positions = 0, found = 0;
    char *save = NULL;
    for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[32], fen[128];
        if (sscanf(line, "%31[^\t]\t%127[^\t]", name, fen) != 2 || strcmp(name, "chess") != 0)
            continue;
        struct rp_board b;
        if (rp_board_from_fen(&b, rp_chess_rules(), fen) != 0)
            continue;
        found += compare_position(&b);
        struct rp_movelist l;
        l.n = 0;
        rp_gen_legal(&b, &l);
        for (size_t i = 0; i < l.n; i++) {
            struct rp_undo u;
            rp_make(&b, l.m[i], &u);
            found += compare_position(&b);
            rp_unmake(&b, l.m[i], &u);
            positions++;
        }
    }
    free(tsv);
    cr_expect_gt(positions, 100, "only %d positions", positions);
    cr_expect_gt(found, positions * 10, "too few moves found to test anything");
}
