/*
 * Palindromic Chess: the table-driven cases of tests/fixtures/palindromic/
 * (setup, handed rooks, castling, no promotion, passes, reversal) and the
 * positions that need constructing (a home side is never stalemated).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "replay/ortho.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/casefile.h"

Test(replay_palindromic, cases)
{
    int n;
    int failures = ts_run_casefile(GC_FIXTURES "/palindromic/cases.txt", "Palindromic Chess", &n);
    cr_expect_geq(n, 25, "only %d cases ran", n);
    cr_expect_eq(failures, 0, "%d of %d palindromic cases failed", failures, n);
}

static int ended_in(const char *fen, struct rp_ending *e)
{
    struct rp_ortho o;
    rp_ortho_setup(&o, &rp_palindromic_rules, fen, "Palindromic Chess");
    memset(e, 0, sizeof *e);
    return rp_variant_palindromic.ended(&o, e);
}

/* White's lone king on d8 has no legal move, but White is home: it passes,
 * so this is no stalemate (docs/rules.md, Palindromic Chess). */
Test(replay_palindromic, home_side_is_never_stalemated)
{
    struct rp_ending e;
    cr_expect_eq(ended_in("3K4/8/2q5/7k/8/8/8/4r3 w - - 0 1", &e), 0);
    /* The same trap with the king on c8, not home: stalemate. */
    cr_expect_neq(ended_in("2K5/8/1q6/7k/8/8/8/3r4 w - - 0 1", &e), 0);
    cr_expect_str_eq(ts_term_name(e.termination), "stalemate");
}

/* Insufficient material ends nothing: bare kings can still reverse. */
Test(replay_palindromic, bare_kings_play_on)
{
    struct rp_ending e;
    cr_expect_eq(ended_in("8/8/3k4/8/8/3K4/8/8 w - - 0 1", &e), 0);
}

Test(replay_palindromic, registry_names)
{
    cr_expect_eq(rp_variant_for_game("Palindromic Chess"), &rp_variant_palindromic);
    cr_expect_eq(rp_variant_for_game("palindromic-chess"), &rp_variant_palindromic);
}
