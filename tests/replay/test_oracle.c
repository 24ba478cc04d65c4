/*
 * The independent test vectors (tests/fixtures/oracle, written apart from gcaudit):
 * 60 games per variant from an independent implementation of the rules,
 * a third with a planted illegal turn.  Every games.csv field and every
 * violation's code and turn must match.
 */
#include <criterion/criterion.h>

#include "tests/support/oracle.h"

Test(replay_oracle, chess)
{
    int n;
    int bad = ts_check_oracle("chess", &n);
    cr_expect_eq(n, 60, "%d games read", n);
    cr_expect_eq(bad, 0, "%d of %d chess games differ from the vectors", bad, n);
}

Test(replay_oracle, palindromic)
{
    int n;
    int bad = ts_check_oracle("palindromic", &n);
    cr_expect_eq(n, 60, "%d games read", n);
    cr_expect_eq(bad, 0, "%d of %d palindromic games differ from the vectors", bad, n);
}

/* Backlash: two board moves per turn; a king captured by a turn's first
 * board move ends the game within the turn (docs/rules.md, Backlash: King
 * capture). */
Test(replay_oracle, backlash)
{
    int n;
    int bad = ts_check_oracle("backlash", &n);
    cr_expect_eq(n, 60, "%d games read", n);
    cr_expect_eq(bad, 0, "%d of %d backlash games differ from the vectors", bad, n);
}

Test(replay_oracle, extinction)
{
    int n;
    int bad = ts_check_oracle("extinction", &n);
    cr_expect_eq(n, 60, "%d games read", n);
    cr_expect_eq(bad, 0, "%d of %d extinction games differ from the vectors", bad, n);
}

/* Retro Chess: winner and loser are persons after the colour switch, and
 * every game reports its points (docs/rules.md, Retro Chess). */
Test(replay_oracle, retro)
{
    int n;
    int bad = ts_check_oracle("retro", &n);
    cr_expect_eq(n, 60, "%d games read", n);
    cr_expect_eq(bad, 0, "%d of %d retro games differ from the vectors", bad, n);
}
