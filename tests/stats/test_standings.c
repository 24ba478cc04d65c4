/*
 * Standings per event (stats/standings.c): the format decided from the
 * pairings, the points, and every tie-break on small events worked out by
 * hand in the comments, one of them the double round robin Sensei's
 * Library publishes as its Sonneborn-Berger example (scores 11, 9, 6, 4);
 * shared ranks; what --illegal-games changes; the crosstable's encounters;
 * and the same table from games counted apart and added up.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

#define OK RP_STATUS_OK
#define ILL RP_STATUS_ILLEGAL
#define W RP_RESULT_WHITE
#define B RP_RESULT_BLACK
#define D RP_RESULT_DRAW
#define U RP_RESULT_NONE

/* White: and Black: as the person whose illegal turn stopped a game. */
#define BW ST_BREAKER_WHITE
#define BB ST_BREAKER_BLACK
#define BN ST_BREAKER_NONE

/* One game of event ev: white, black, result, status, and who broke the
 * rules (an illegal game). */
static void game(st_stats *s, const char *ev, const char *white, const char *black,
                 enum rp_result r, enum rp_status st, enum st_breaker breaker)
{
    struct st_game g = {"chess", st, r, 10, "checkmate", NULL, white, black, 0, {0, 0}, ev,
                        breaker};
    cr_assert_eq(st_stats_add(s, &g), 0);
}

/* Finished with the games under review scored by policy. */
static void finish_under(st_stats *s, enum st_illegal policy)
{
    struct st_options o = {.min_games = 0, .illegal = policy};
    cr_assert_eq(st_stats_finish(s, &o), 0);
}

static void finish(st_stats *s) { finish_under(s, ST_ILLEGAL_FORFEIT); }

/* standings.csv row r without its event column. */
static char *row(const st_stats *s, size_t r)
{
    struct st_cell cells[ST_S_COLS];
    static char line[512];
    char buf[64];
    st_table_row(s, ST_TABLE_STANDINGS, r, cells);
    line[0] = '\0';
    for (size_t c = ST_S_FORMAT; c < ST_S_COLS; c++) {
        if (c > ST_S_FORMAT)
            strcat(line, ",");
        strcat(line, st_cell_text(&cells[c], buf, sizeof buf));
    }
    return line;
}

static void expect_rows(const st_stats *s, const char *const *want, size_t n)
{
    cr_assert_eq(st_table_nrows(s, ST_TABLE_STANDINGS), n);
    for (size_t r = 0; r < n; r++)
        cr_expect_str_eq(row(s, r), want[r], "row %zu: %s, not %s", r, row(s, r), want[r]);
}

/* Sensei's Library, "Sonneborn-Berger": a double round robin of A, B, C,
 * D without draws.  Round 1: A beats B, C, D; B beats C, D; C beats D.
 * Round 2: B beats A; A beats C; D beats A; C beats B; B beats D; C beats
 * D.  Points A 4, B 4, C 3, D 1.  Sonneborn-Berger (points against an
 * opponent times the opponent's points): A 1x4 + 2x3 + 1x1 = 11, B 1x4 +
 * 1x3 + 2x1 = 9, C 1x4 + 2x1 = 6, D 1x4 = 4, as published.  Every pair met
 * twice: a round robin.  A and B are level on 4 points; their direct
 * encounter is 1-1, they have 4 wins each, and Sonneborn-Berger puts A
 * first. */
Test(stats_standings, double_round_robin_published_example)
{
    st_stats *s = st_stats_new();
    const char *ev = "Sensei";
    game(s, ev, "A", "B", W, OK, BN);
    game(s, ev, "A", "C", W, OK, BN);
    game(s, ev, "A", "D", W, OK, BN);
    game(s, ev, "B", "C", W, OK, BN);
    game(s, ev, "B", "D", W, OK, BN);
    game(s, ev, "C", "D", W, OK, BN);
    game(s, ev, "B", "A", W, OK, BN);
    game(s, ev, "C", "A", B, OK, BN);
    game(s, ev, "D", "A", W, OK, BN);
    game(s, ev, "C", "B", W, OK, BN);
    game(s, ev, "D", "B", B, OK, BN);
    game(s, ev, "C", "D", W, OK, BN);
    finish(s);
    static const char *const want[] = {
        "round-robin,1,A,4,6,4,0,2,1,11,,,0,0",
        "round-robin,2,B,4,6,4,0,2,1,9,,,0,0",
        "round-robin,3,C,3,6,3,0,3,,6,,,0,0",
        "round-robin,4,D,1,6,1,0,5,,4,,,0,0",
    };
    expect_rows(s, want, 4);
    cr_expect_eq(st_events(s), 1);
    cr_expect_str_eq(st_event_name(s, 0), "Sensei");
    cr_expect_eq(st_event_format(s, 0), ST_FORMAT_ROUND_ROBIN);
    st_stats_free(s);
}

/* A single round robin of five where the direct encounter overrules
 * Sonneborn-Berger.  A beats B and E, loses to C and D; B beats C and D,
 * loses to E; C draws D and beats E; D beats E.  Points: C 2.5 (A, E, ½ D),
 * D 2.5 (A, E, ½ C), A 2, B 2, E 1.
 *   C, D: direct encounter ½ each; 2 wins each; Sonneborn-Berger
 *   C = 2 (A) + 1 (E) + ½·2.5 (D) = 4.25 and D the same: still level, so
 *   both rank 1 (and are listed by name).
 *   A, B: A beat B, so direct encounter A 1, B 0: A third, although B's
 *   Sonneborn-Berger, 2.5 + 2.5 = 5, beats A's 2 + 1 = 3.
 *   E: nobody else has 1 point, so no direct encounter; SB 2 (B). */
Test(stats_standings, direct_encounter_before_sonneborn_berger)
{
    st_stats *s = st_stats_new();
    const char *ev = "Five";
    game(s, ev, "A", "B", W, OK, BN);
    game(s, ev, "E", "A", B, OK, BN);
    game(s, ev, "A", "C", B, OK, BN);
    game(s, ev, "D", "A", W, OK, BN);
    game(s, ev, "B", "C", W, OK, BN);
    game(s, ev, "D", "B", B, OK, BN);
    game(s, ev, "B", "E", B, OK, BN);
    game(s, ev, "C", "D", D, OK, BN);
    game(s, ev, "E", "C", B, OK, BN);
    game(s, ev, "D", "E", W, OK, BN);
    finish(s);
    static const char *const want[] = {
        "round-robin,1,C,2.5,4,2,1,1,0.5,4.25,,,0,0",
        "round-robin,1,D,2.5,4,2,1,1,0.5,4.25,,,0,0",
        "round-robin,3,A,2,4,2,0,2,1,3,,,0,0",
        "round-robin,4,B,2,4,2,0,2,0,5,,,0,0",
        "round-robin,5,E,1,4,1,0,3,,2,,,0,0",
    };
    expect_rows(s, want, 5);
    st_stats_free(s);
}

/* Four players, A beats B, B beats C, C beats A, and each beats D: all of
 * A, B, C on 2 points, direct encounter 1 each, 2 wins each,
 * Sonneborn-Berger 2 (the one beaten among them) + 0 (D) each: the three
 * share rank 1; D is fourth. */
Test(stats_standings, level_on_everything_shares_the_rank)
{
    st_stats *s = st_stats_new();
    game(s, "Cycle", "A", "B", W, OK, BN);
    game(s, "Cycle", "B", "C", W, OK, BN);
    game(s, "Cycle", "C", "A", W, OK, BN);
    game(s, "Cycle", "A", "D", W, OK, BN);
    game(s, "Cycle", "D", "B", B, OK, BN);
    game(s, "Cycle", "C", "D", W, OK, BN);
    finish(s);
    static const char *const want[] = {
        "round-robin,1,A,2,3,2,0,1,1,2,,,0,0",
        "round-robin,1,B,2,3,2,0,1,1,2,,,0,0",
        "round-robin,1,C,2,3,2,0,1,1,2,,,0,0",
        "round-robin,4,D,0,3,0,0,3,,0,,,0,0",
    };
    expect_rows(s, want, 4);
    st_stats_free(s);
}

/* A Swiss event of six players over three rounds (9 of the 15 pairs met):
 *   R1 A-B 1-0, C-D ½-½, E-F 0-1;  R2 A-C 1-0, F-B ½-½, D-E 1-0;
 *   R3 D-A 1-0, F-C 1-0, B-E 1-0.
 * Points: A 2, B 1.5, C 0.5, D 2.5, E 0, F 2.5.
 * Buchholz (opponents' points) and Cut-1 (without the lowest):
 *   A: B 1.5 + C 0.5 + D 2.5 = 4.5, cut 4;   B: A 2 + F 2.5 + E 0 = 4.5, 4.5;
 *   C: D 2.5 + A 2 + F 2.5 = 7, 5;          D: C 0.5 + E 0 + A 2 = 2.5, 2.5;
 *   E: F 2.5 + D 2.5 + B 1.5 = 6.5, 5;      F: E 0 + B 1.5 + C 0.5 = 2, 2.
 * D and F share 2.5 points; Cut-1 2.5 against 2 puts D first. */
Test(stats_standings, swiss_buchholz_and_cut_1)
{
    st_stats *s = st_stats_new();
    const char *ev = "Swiss";
    game(s, ev, "A", "B", W, OK, BN);
    game(s, ev, "C", "D", D, OK, BN);
    game(s, ev, "E", "F", B, OK, BN);
    game(s, ev, "A", "C", W, OK, BN);
    game(s, ev, "F", "B", D, OK, BN);
    game(s, ev, "D", "E", W, OK, BN);
    game(s, ev, "D", "A", W, OK, BN);
    game(s, ev, "F", "C", W, OK, BN);
    game(s, ev, "B", "E", W, OK, BN);
    finish(s);
    static const char *const want[] = {
        "swiss,1,D,2.5,3,2,1,0,,,2.5,2.5,0,0",
        "swiss,2,F,2.5,3,2,1,0,,,2,2,0,0",
        "swiss,3,A,2,3,2,0,1,,,4.5,4,0,0",
        "swiss,4,B,1.5,3,1,1,1,,,4.5,4.5,0,0",
        "swiss,5,C,0.5,3,0,1,2,,,7,5,0,0",
        "swiss,6,E,0,3,0,0,3,,,6.5,5,0,0",
    };
    expect_rows(s, want, 6);
    cr_expect_eq(st_event_format(s, 0), ST_FORMAT_SWISS);
    st_stats_free(s);
}

/* Swiss tie-breaks in turn: Cut-1, then Buchholz, then wins.
 * Games: P-X 1-0, Y-P 1-0, X-Y 1-0, Q-Z 1-0, R-Q 1-0.
 * Points P 1, Q 1, X 1, Y 1, R 1, Z 0.
 * P: opponents X 1, Y 1: Buchholz 2, Cut-1 1.
 * Q: opponents Z 0, R 1: Buchholz 1, Cut-1 1.
 * X: P 1, Y 1: 2, 1.  Y: P 1, X 1: 2, 1.  R: Q 1: 1, 0.  Z: Q 1: 1, 0.
 * P, X, Y: 1 point, Cut-1 1, Buchholz 2, one win: rank 1 shared.
 * Q: Cut-1 1, Buchholz 1: 4th.  R: Cut-1 0: 5th.  Z: 0 points: 6th. */
Test(stats_standings, swiss_buchholz_breaks_what_cut_1_leaves)
{
    st_stats *s = st_stats_new();
    game(s, "S2", "P", "X", W, OK, BN);
    game(s, "S2", "Y", "P", W, OK, BN);
    game(s, "S2", "X", "Y", W, OK, BN);
    game(s, "S2", "Q", "Z", W, OK, BN);
    game(s, "S2", "R", "Q", W, OK, BN);
    finish(s);
    static const char *const want[] = {
        "swiss,1,P,1,2,1,0,1,,,2,1,0,0",
        "swiss,1,X,1,2,1,0,1,,,2,1,0,0",
        "swiss,1,Y,1,2,1,0,1,,,2,1,0,0",
        "swiss,4,Q,1,2,1,0,1,,,1,1,0,0",
        "swiss,5,R,1,1,1,0,0,,,1,0,0,0",
        "swiss,6,Z,0,1,0,0,1,,,1,0,0,0",
    };
    expect_rows(s, want, 6);
    st_stats_free(s);
}

/* An opponent met twice counts twice in Buchholz; the lowest score cut is
 * one game's.  M plays N twice (1-0, ½-½) and O once (0-1); O also beats
 * N.  Pairs: M-N twice, M-O once, N-O once: not every pair equally often,
 * so Swiss.  Points M 1.5, N 0.5 + 0 = 0.5... N: 0 + ½ + 0 = 0.5; O 2.
 * M: N 0.5 + N 0.5 + O 2 = 3, Cut-1 2.5.  N: M 1.5 x2 + O 2 = 5, Cut-1 3.5.
 * O: M 1.5 + N 0.5 = 2, Cut-1 1.5. */
Test(stats_standings, swiss_counts_every_game_against_an_opponent)
{
    st_stats *s = st_stats_new();
    game(s, "Twice", "M", "N", W, OK, BN);
    game(s, "Twice", "N", "M", D, OK, BN);
    game(s, "Twice", "O", "M", W, OK, BN);
    game(s, "Twice", "N", "O", B, OK, BN);
    finish(s);
    static const char *const want[] = {
        "swiss,1,O,2,2,2,0,0,,,2,1.5,0,0",
        "swiss,2,M,1.5,3,1,1,1,,,3,2.5,0,0",
        "swiss,3,N,0.5,3,0,1,2,,,5,3.5,0,0",
    };
    expect_rows(s, want, 3);
    st_stats_free(s);
}

/* --illegal-games: an illegal game that keeps a result (1-0, declared by
 * K, whose illegal turn stopped it) is a game under review: under
 * `forfeit` K loses it, under `result` K wins it, under `exclude` it is a
 * pairing not scored, like the unfinished game.  Games: K-L illegal 1-0,
 * L-J unfinished, J-K 0-1 ok, J-L illegal without a result (its log
 * declares none), which never scores.  J and L were paired twice, the
 * others once: Swiss.  players.csv and the ratings never count illegal
 * games. */
static st_stats *illegal_event(enum st_illegal policy)
{
    st_stats *s = st_stats_new();
    game(s, "Ill", "K", "L", W, ILL, BW);
    game(s, "Ill", "L", "J", U, OK, BN);
    game(s, "Ill", "J", "K", B, OK, BN);
    game(s, "Ill", "J", "L", U, ILL, BB);
    finish_under(s, policy);
    return s;
}

/* The ranks of the rows under each policy, "forfeit/result/exclude". */
static char *ranks_under(const st_stats *s)
{
    static char out[256];
    size_t len = 0;
    out[0] = '\0';
    for (size_t r = 0; r < st_table_nrows(s, ST_TABLE_STANDINGS); r++) {
        unsigned long long f = st_standing_rank_under(s, r, ST_ILLEGAL_FORFEIT),
                           d = st_standing_rank_under(s, r, ST_ILLEGAL_RESULT),
                           x = st_standing_rank_under(s, r, ST_ILLEGAL_EXCLUDE);
        len += (size_t)snprintf(out + len, sizeof out - len, "%s%llu/%llu/%llu", r ? " " : "", f,
                                d, x);
    }
    return out;
}

Test(stats_standings, illegal_games_forfeit)
{
    st_stats *s = illegal_event(ST_ILLEGAL_FORFEIT);
    /* K 1 (beat J, forfeited to L), L 1 (the forfeit, its 1 point under
     * review), J 0.  K and L level: Cut-1 K 1 (L 1 + J 0, less J's 0), L 0
     * (K's 1 less itself). */
    static const char *const want[] = {
        "swiss,1,K,1,2,1,0,1,,,1,1,0,0",
        "swiss,2,L,1,1,1,0,0,,,1,0,2,1",
        "swiss,3,J,0,1,0,0,1,,,1,0,2,0",
    };
    expect_rows(s, want, 3);
    cr_expect_eq(st_event_review(s, 0), 1);
    cr_expect_eq(st_standings_policy(s), ST_ILLEGAL_FORFEIT);
    /* K, L, J: under result K 1 and J, L 2 (shared); under exclude K, J, L. */
    cr_expect_str_eq(ranks_under(s), "1/1/1 2/2/3 3/2/2");
    struct st_encounter e;
    st_event_encounter(s, 0, 1, &e);
    cr_expect(e.games == 1 && e.half == 0 && e.paired == 1 && e.review == 1 &&
                  e.review_half == 0 && e.i_broke == 1 && e.j_broke == 0,
              "K-L %llu %llu %llu %llu %llu %llu %llu", (unsigned long long)e.games,
              (unsigned long long)e.half, (unsigned long long)e.paired,
              (unsigned long long)e.review, (unsigned long long)e.review_half,
              (unsigned long long)e.i_broke, (unsigned long long)e.j_broke);
    st_event_encounter(s, 1, 0, &e);
    cr_expect(e.games == 1 && e.half == 2 && e.review == 1 && e.review_half == 2 &&
              e.i_broke == 0 && e.j_broke == 1);
    st_event_encounter(s, 1, 2, &e);
    cr_expect(e.games == 0 && e.paired == 2 && e.review == 0, "J-L: none has a result");
    st_stats_free(s);
}

Test(stats_standings, illegal_games_result)
{
    st_stats *s = illegal_event(ST_ILLEGAL_RESULT);
    /* K 2 (beat L and J; the 1 against L under review), J 0 and L 0, each
     * with K's 2 as Buchholz, which Cut-1 removes (their one opponent),
     * and 2 games not scored. */
    static const char *const want[] = {
        "swiss,1,K,2,2,2,0,0,,,0,0,0,1",
        "swiss,2,J,0,1,0,0,1,,,2,0,2,0",
        "swiss,2,L,0,1,0,0,1,,,2,0,2,0",
    };
    expect_rows(s, want, 3);
    cr_expect_str_eq(ranks_under(s), "1/1/1 3/2/2 2/2/3");
    cr_expect_eq(st_table_nrows(s, ST_TABLE_HEADTOHEAD), 2, "only J-K counts for head-to-head");
    st_stats_free(s);
}

Test(stats_standings, illegal_games_exclude)
{
    st_stats *s = illegal_event(ST_ILLEGAL_EXCLUDE);
    /* K 1 (J), not scored 1 (L); J 0, Buchholz 1; L no game scored:
     * Buchholz 0 puts L after J. */
    static const char *const want[] = {
        "swiss,1,K,1,1,1,0,0,,,0,0,1,0",
        "swiss,2,J,0,1,0,0,1,,,1,0,2,0",
        "swiss,3,L,0,0,0,0,0,,,0,0,3,0",
    };
    expect_rows(s, want, 3);
    cr_expect_str_eq(ranks_under(s), "1/1/1 3/2/2 2/2/3");
    st_stats_free(s);
}

/* A game the rules ended before its first illegal turn (after-end: no
 * breaker) keeps its result under forfeit; a Black: person's illegal turn
 * forfeits the game to White even when Black declared the win. */
Test(stats_standings, forfeit_keeps_an_ending_before_the_illegal_turn)
{
    st_stats *s = st_stats_new();
    game(s, "E", "A", "B", W, ILL, BN);
    game(s, "E", "B", "A", B, ILL, BB);
    finish(s);
    /* A won the first, forfeited the second: 1 each, level on
     * everything, both from games under review. */
    static const char *const want[] = {
        "round-robin,1,A,1,2,1,0,1,1,1,,,0,1",
        "round-robin,1,B,1,2,1,0,1,1,1,,,0,1",
    };
    expect_rows(s, want, 2);
    /* As declared A wins both; left out, nobody scores. */
    cr_expect_str_eq(ranks_under(s), "1/1/1 1/2/1");
    struct st_encounter e;
    st_event_encounter(s, 0, 1, &e);
    cr_expect(e.games == 2 && e.half == 2 && e.review == 2 && e.review_half == 2 &&
              e.i_broke == 1 && e.j_broke == 0);
    st_stats_free(s);
}

/* Retro Chess switches colours: P, the White: person, holds Black at the
 * end and declares Black's win (0-1), but the game stopped at P's illegal
 * move, so the forfeit goes to Q, whatever colour each holds. */
Test(stats_standings, forfeit_follows_the_person_across_a_colour_switch)
{
    st_stats *s = st_stats_new();
    struct st_game g = {"retro", ILL, B, 10, "illegal", NULL, "P", "Q", 1, {1, 0}, "R", BW};
    cr_assert_eq(st_stats_add(s, &g), 0);
    finish(s);
    static const char *const want[] = {
        "round-robin,1,Q,1,1,1,0,0,,0,,,0,1",
        "round-robin,2,P,0,1,0,0,1,,0,,,0,0",
    };
    expect_rows(s, want, 2);
    /* As declared, P wins. */
    cr_expect_str_eq(ranks_under(s), "1/2/1 2/1/1");
    st_stats_free(s);
}

/* Events are listed by name, the games without an Event: header as the
 * event "" first; a player in two events has a row in each. */
Test(stats_standings, events_in_byte_order)
{
    st_stats *s = st_stats_new();
    game(s, "b", "A", "B", W, OK, BN);
    game(s, NULL, "A", "B", B, OK, BN);
    game(s, "a", "B", "C", D, OK, BN);
    finish(s);
    cr_assert_eq(st_events(s), 3);
    cr_expect_str_eq(st_event_name(s, 0), "");
    cr_expect_str_eq(st_event_name(s, 1), "a");
    cr_expect_str_eq(st_event_name(s, 2), "b");
    size_t first, n;
    st_event_rows(s, 1, &first, &n);
    cr_expect_eq(first, 2);
    cr_expect_eq(n, 2);
    struct st_cell c[ST_S_COLS];
    char buf[64];
    st_table_row(s, ST_TABLE_STANDINGS, 0, c);
    cr_expect_str_eq(st_cell_text(&c[ST_S_EVENT], buf, sizeof buf), "");
    cr_expect_str_eq(st_cell_text(&c[ST_S_PLAYER], buf, sizeof buf), "B");
    st_table_row(s, ST_TABLE_STANDINGS, 4, c);
    cr_expect_str_eq(st_cell_text(&c[ST_S_EVENT], buf, sizeof buf), "b");
    st_stats_free(s);
}

/* Events in natural order: a number in a name is compared as a number,
 * so "Round 2" comes before "Round 10" (byte order put "Round 10"
 * first), "Round 02" and "Round 2" both stand there, ordered by their
 * bytes, and the rest of a name is compared by its bytes. */
Test(stats_standings, events_in_natural_order)
{
    st_stats *s = st_stats_new();
    const char *names[] = {"Round 10", "Round 2", "Round 1", "Round 02", "Round 10b",
                           "Round", "Cup 2024 R9", "Cup 2024 R11", "Cup 2023 R12"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        game(s, names[i], "A", "B", W, OK, BN);
    finish(s);
    const char *want[] = {"Cup 2023 R12", "Cup 2024 R9", "Cup 2024 R11", "Round", "Round 1",
                          "Round 02", "Round 2", "Round 10", "Round 10b"};
    cr_assert_eq(st_events(s), 9);
    for (size_t e = 0; e < 9; e++)
        cr_expect_str_eq(st_event_name(s, e), want[e], "event %zu", e);
    st_stats_free(s);
}

Test(stats_standings, natural_order_compares_numbers_as_numbers)
{
    cr_expect_lt(st_natural_cmp("Round 2", "Round 10"), 0);
    cr_expect_gt(st_natural_cmp("Round 10", "Round 9"), 0);
    cr_expect_lt(st_natural_cmp("a", "a1"), 0);
    cr_expect_lt(st_natural_cmp("R1 x", "R1x"), 0);
    /* Equal as numbers: by bytes ("0" < "7"), so the order is total. */
    cr_expect_lt(st_natural_cmp("R007", "R7"), 0);
    cr_expect_eq(st_natural_cmp("R7", "R7"), 0);
    /* A run longer than any integer type still compares. */
    cr_expect_lt(st_natural_cmp("G 99999999999999999999999", "G 100000000000000000000000"), 0);
    cr_expect_lt(st_natural_cmp("", "0"), 0);
}

/* The crosstable's cells: what row i's player did against row j's. */
Test(stats_standings, encounters)
{
    st_stats *s = st_stats_new();
    game(s, "E", "A", "B", W, OK, BN);
    game(s, "E", "B", "A", D, OK, BN);
    game(s, "E", "C", "A", U, OK, BN);
    finish(s);
    /* Rows: A 1.5, B 0.5, C 0. */
    struct st_encounter e;
    st_event_encounter(s, 0, 1, &e);
    cr_expect(e.games == 2 && e.half == 3 && e.paired == 2, "A-B %llu %llu %llu",
              (unsigned long long)e.games, (unsigned long long)e.half,
              (unsigned long long)e.paired);
    st_event_encounter(s, 1, 0, &e);
    cr_expect(e.games == 2 && e.half == 1 && e.paired == 2);
    st_event_encounter(s, 0, 2, &e);
    cr_expect(e.games == 0 && e.half == 0 && e.paired == 1);
    st_event_encounter(s, 1, 2, &e);
    cr_expect(e.games == 0 && e.paired == 0, "B and C never met");
    st_event_encounter(s, 1, 1, &e);
    cr_expect(e.paired == 0);
    st_stats_free(s);
}

/* The same two players in three events, each event its own pairs: an
 * encounter is looked up among its event's pairs only, so each row of
 * standings must find its own event's games, and rows of two events
 * never meet. */
Test(stats_standings, encounters_in_each_event_are_that_events)
{
    st_stats *s = st_stats_new();
    game(s, "E1", "A", "B", W, OK, BN);
    game(s, "E2", "A", "B", B, OK, BN);
    game(s, "E2", "B", "A", D, OK, BN);
    game(s, "E3", "C", "D", W, OK, BN);
    game(s, "E3", "A", "C", D, OK, BN);
    finish(s);
    /* Rows by event, then rank: E1 A 1, B 0; E2 B 1.5, A 0.5;
     * E3 C 1.5, A 0.5, D 0. */
    cr_assert_eq(st_events(s), 3);
    static const struct {
        size_t i, j;
        uint64_t games, half, paired;
    } want[] = {
        {0, 1, 1, 2, 1}, {1, 0, 1, 0, 1},                 /* E1: A beat B */
        {2, 3, 2, 3, 2}, {3, 2, 2, 1, 2},                 /* E2: B 1.5 against A */
        {4, 5, 1, 1, 1}, {4, 6, 1, 2, 1}, {5, 6, 0, 0, 0}, /* E3 */
        {0, 3, 0, 0, 0}, {1, 2, 0, 0, 0}, {3, 5, 0, 0, 0}, /* across events */
    };
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        struct st_encounter e;
        st_event_encounter(s, want[k].i, want[k].j, &e);
        cr_expect(e.games == want[k].games && e.half == want[k].half &&
                      e.paired == want[k].paired,
                  "rows %zu-%zu: %llu games, %llu half points, %llu paired", want[k].i, want[k].j,
                  (unsigned long long)e.games, (unsigned long long)e.half,
                  (unsigned long long)e.paired);
    }
    st_stats_free(s);
}

/* The rows as text, every column. */
static char *all_rows(const st_stats *s, enum st_table t)
{
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    struct st_cell cells[32];
    char buf[64];
    out[0] = '\0';
    for (size_t r = 0; r < st_table_nrows(s, t); r++) {
        st_table_row(s, t, r, cells);
        for (size_t c = 0; c < st_table_ncols(t); c++) {
            const char *x = st_cell_text(&cells[c], buf, sizeof buf);
            len += (size_t)snprintf(out + len, cap - len, "%s%s", c ? "," : "", x);
        }
        len += (size_t)snprintf(out + len, cap - len, "\n");
    }
    return out;
}

/* The same games counted in three parts, in another order, added up
 * (st_stats_merge) and through the saved state (st_stats_save and
 * st_stats_load, as shards and merge do): the same standings and ratings,
 * byte for byte. */
Test(stats_standings, parts_add_up_to_the_whole)
{
    static const struct {
        const char *ev, *w, *b;
        enum rp_result r;
        enum rp_status st;
    } g[] = {
        {"Swiss", "A", "B", W, OK}, {"Swiss", "C", "D", D, OK}, {"Swiss", "E", "F", B, OK},
        {"Swiss", "A", "C", W, OK}, {"Swiss", "F", "B", D, OK}, {"Swiss", "D", "E", W, ILL},
        {"Swiss", "E", "A", B, ILL}, {"Swiss", "C", "B", D, ILL},
        {"Swiss", "D", "A", W, OK}, {"Swiss", "F", "C", W, OK}, {"Swiss", "B", "E", U, OK},
        {"RR", "A", "B", B, OK},    {"RR", "B", "C", W, OK},    {"RR", "C", "A", D, OK},
        {NULL, "Zed", "A", W, OK},
    };
    size_t n = sizeof g / sizeof g[0];
    st_stats *whole = st_stats_new(), *part[3];
    /* The illegal games stopped at White's, Black's and nobody's illegal
     * turn, in turn, so that forfeits are counted from both sides. */
    static const enum st_breaker breakers[3] = {BW, BB, BN};
    for (size_t i = 0; i < n; i++)
        game(whole, g[i].ev, g[i].w, g[i].b, g[i].r, g[i].st, breakers[i % 3]);
    for (int k = 0; k < 3; k++)
        part[k] = st_stats_new();
    for (size_t i = n; i-- > 0;)
        game(part[i % 3], g[i].ev, g[i].w, g[i].b, g[i].r, g[i].st, breakers[i % 3]);
    st_stats *merged = st_stats_new();
    cr_assert_eq(st_stats_merge(merged, part[2]), 0);
    cr_assert_eq(st_stats_merge(merged, part[0]), 0);
    /* Part 1 goes through the file format. */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_eq(st_stats_save(part[1], f), 0);
    fclose(f);
    f = fmemopen(text, len, "r");
    char err[128];
    cr_assert_eq(st_stats_load(merged, f, 0, err, sizeof err), 0, "%s", err);
    fclose(f);
    free(text);
    struct st_options o = {.min_games = 0, .white_advantage = 1};
    cr_assert_eq(st_stats_finish(whole, &o), 0);
    cr_assert_eq(st_stats_finish(merged, &o), 0);
    for (int t = 0; t < ST_TABLE_COUNT; t++) {
        char *a = all_rows(whole, (enum st_table)t), *b = all_rows(merged, (enum st_table)t);
        cr_expect_str_eq(b, a, "%s", st_table_name((enum st_table)t));
        free(a);
        free(b);
    }
    for (int k = 0; k < 3; k++)
        st_stats_free(part[k]);
    st_stats_free(whole);
    st_stats_free(merged);
}

/* A state of the previous version is refused, with the reason. */
Test(stats_standings, old_state_is_refused)
{
    static const char old[] = "stats 2\nend\n";
    FILE *f = fmemopen((void *)old, sizeof old - 1, "r");
    st_stats *s = st_stats_new();
    char err[128];
    cr_expect_eq(st_stats_load(s, f, 0, err, sizeof err), ST_BAD_STATE);
    cr_expect_str_eq(err, "statistics: not version 3 (\"stats 3\" expected)");
    fclose(f);
    st_stats_free(s);
}

/* Counts no games give are refused: a pair with more White games than
 * games, an event pair scoring more games than were paired. */
Test(stats_standings, impossible_counts_are_refused)
{
    static const char *const bad[][2] = {
        {"stats 3\npair =chess =A =B 1 1 0 0 2 2\nend\n",
         "line 2: pair: the colours do not match the games and points"},
        {"stats 3\npair =chess =A =B 2 1 1 0 1 0\nend\n",
         "line 2: pair: the colours do not match the games and points"},
        {"stats 3\nevent =E =A =B 1 2 2 0 0 0 0 0 0 0 0 0 0\nend\n",
         "line 2: event: more games scored than paired"},
        {"stats 3\nevent =E =A =B 1 1 1 0 0 1 0 0 1 0 0 0 0\nend\n",
         "line 2: event: more games scored than paired"},
        {"stats 3\nevent =E =A =B 2 2 1 0 0 0 0 0 0 0 0 0 0\nend\n",
         "line 2: event: games is not wins + draws + losses"},
        {"stats 3\nevent =E =A =B 2 0 0 0 0 1 0 0 0 1 1 0 0\nend\n",
         "line 2: event: the games under review do not add up"},
        {"stats 3\nevent =E =A =B 2 0 0 0 0 1 0 0 1 0 0 1 0\nend\n",
         "line 2: event: more games forfeited than lost"},
        {"stats 3\nevent =E =A =A 1 1 1 0 0 0 0 0 0 0 0 0 0\nend\n",
         "line 2: event: a player paired with himself"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        FILE *f = fmemopen((void *)bad[i][0], strlen(bad[i][0]), "r");
        st_stats *s = st_stats_new();
        char err[128];
        cr_expect_eq(st_stats_load(s, f, 0, err, sizeof err), ST_BAD_STATE, "%s", bad[i][0]);
        cr_expect_str_eq(err, bad[i][1]);
        fclose(f);
        st_stats_free(s);
    }
}
