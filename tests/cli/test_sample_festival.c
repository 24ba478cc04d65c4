/*
 * End to end on sample-data/variant-festival-2024.tar.gz: sixteen games
 * of thirteen defined variants (Fairy-Stockfish's own games, replayed to
 * its ends: checkmates, the third check, the king on the hill, the last
 * piece given away) and the planted errors: a blocked archbishop's
 * bishop, a capture refused in Antichess, a Chess960 castling across a
 * knight, a wrong declared result, as sample-data/EXPECTED.md lists.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/reports.h"
#include "tests/support/support.h"

static struct ts_reports R;

static void setup(void) { ts_reports_analyze_sample(&R, "variant-festival-2024.tar.gz"); }
static void teardown(void) { ts_reports_free(&R); }

TestSuite(sample_festival, .init = setup, .fini = teardown);

/* sample-data/EXPECTED.md, in report order. */
static const struct ts_expected_game expected[] = {
    {"vf24-r1-obi-nilsson", "courier-gc", "ok", "140", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"vf24-r1-osei-lindahl", "capablanca-gc", "illegal", "12", "0-1", "0-1", "illegal", "", "",
     "illegal-move", "7"},
    {"vf24-r1-ramos-sato", "shatranj-gc", "ok", "140", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"vf24-r1-wei-haddad", "fischerandom-gc", "ok", "97", "1-0", "1-0", "checkmate", "", "Chen Wei", "", ""},
    {"vf24-r2-haddad-osei", "3check-gc", "ok", "76", "0-1", "0-1", "checks", "", "Amara Osei", "", ""},
    {"vf24-r2-lindahl-wei", "makruk-gc", "ok", "140", "0-1", "0-1", "resignation", "", "Chen Wei", "", ""},
    {"vf24-r2-nilsson-ramos", "kingofthehill-gc", "ok", "61", "0-1", "1-0", "flag", "flag=d4",
     "Freya Nilsson", "result-mismatch", ""},
    {"vf24-r2-sato-obi", "horde-gc", "ok", "140", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"vf24-r3-haddad-sato", "janus-gc", "ok", "111", "1-0", "1-0", "checkmate", "", "Dalia Haddad", "", ""},
    {"vf24-r3-lindahl-nilsson", "knightmate-gc", "ok", "45", "1-0", "1-0", "checkmate", "", "Bjorn Lindahl",
     "", ""},
    {"vf24-r3-osei-obi", "antichess-gc", "illegal", "10", "0-1", "0-1", "illegal", "", "", "illegal-move", "6"},
    {"vf24-r3-wei-ramos", "grand-gc", "ok", "140", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"vf24-r4-nilsson-osei", "gothic-gc", "ok", "140", "1/2-1/2", "1/2-1/2", "agreement", "", "", "", ""},
    {"vf24-r4-obi-haddad", "3check-gc", "ok", "29", "1-0", "1-0", "checks", "", "Emeka Obi", "", ""},
    {"vf24-r4-ramos-lindahl", "fischerandom-gc", "illegal", "10", "0-1", "0-1", "illegal", "", "",
     "illegal-move", "6"},
    {"vf24-r4-sato-wei", "capablanca-gc", "ok", "140", "0-1", "0-1", "resignation", "", "Chen Wei", "", ""},
};

#define NEXPECTED (sizeof expected / sizeof expected[0])

Test(sample_festival, exit_status_and_entries)
{
    cr_expect_eq(R.exit_status, 0, "no entry fails");
    ts_expect_entries_ok_but_readme(&R, 17);
}

Test(sample_festival, every_game_ends_as_the_engine_ended_it)
{
    ts_expect_games(&R, expected, NEXPECTED);
}

Test(sample_festival, violations_name_the_offence)
{
    static const char *const want[][3] = {
        {"vf24-r1-osei-lindahl", "illegal-move", "the bishop on d1 cannot reach g4: the path is blocked at e2"},
        {"vf24-r2-nilsson-ramos", "result-mismatch", "the log declares 0-1 but the game ended 1-0 by flag"},
        {"vf24-r3-osei-obi", "illegal-move", "capturing is compulsory in Antichess: the rook on h1 can take on h2"},
        {"vf24-r4-ramos-lindahl", "illegal-move", "the king on f1 cannot reach c1: castling needs d1 empty"},
    };
    ts_expect_violations(&R, want, sizeof want / sizeof want[0]);
}
