/*
 * The variant registry and the variant interface as a second
 * implementation sees them (replay/variants.c, replay.h): a small fake
 * variant, registered at run time, is found by its Game: names, set up
 * with its own table and the parsed game, may refuse a game, and its end
 * call shapes the report.  Criterion runs each test in a process of its
 * own, so a registration never leaks into another test.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "replay/replay.h"
#include "replay/variants.h"
#include "tests/support/support.h"

/* ------------------------------------------------------ the fake variant */

/* "Count Down": any turn of one move is accepted; the game ends in a draw
 * after `Plies:` plies (a header, 1 to 9, default 4).  Its definition says
 * whether the persons swap colours at the end. */
struct fake_def {
    int swaps;
};

struct fake {
    const struct rp_variant *self;
    const struct fake_def *def;
    int plies, limit;
    char white[32];                   /* the game's White:, as setup saw it */
};

static int releases;                  /* how often release ran */

static const char *header(const struct fmt_game *g, const char *key)
{
    for (size_t i = 0; i < g->nextra; i++)
        if (strcmp(g->extra[i].key, key) == 0)
            return g->extra[i].value;
    return NULL;
}

static int fake_setup(void *state, const struct rp_variant *self, const struct fmt_game *game,
                      char *why, size_t whysize)
{
    struct fake *f = state;
    f->self = self;
    f->def = self->def;
    f->limit = 4;
    snprintf(f->white, sizeof f->white, "%s", game->white ? game->white : "");
    const char *plies = header(game, "Plies");
    if (plies && (strlen(plies) != 1 || plies[0] < '1' || plies[0] > '9')) {
        snprintf(why, whysize, "Plies: %s is not a number from 1 to 9", plies);
        return -1;
    }
    if (plies)
        f->limit = plies[0] - '0';
    return 0;
}

static void fake_release(void *state)
{
    (void)state;
    releases++;
}

static int fake_side(const void *state) { return ((const struct fake *)state)->plies & 1; }

static void fake_play(void *state, const struct fmt_component *c, size_t n, struct rp_verdict *v)
{
    struct fake *f = state;
    if (n != 1 || c[0].kind != FMT_COMP_MOVE) {
        v->code = RP_BAD_TURN;
        snprintf(v->message, sizeof v->message, "one move a turn in Count Down");
        return;
    }
    f->plies++;
    v->accepted = 1;
}

static int fake_ended(void *state, struct rp_ending *e)
{
    struct fake *f = state;
    if (f->plies < f->limit)
        return 0;
    e->result = RP_RESULT_DRAW;
    e->termination.kind = RP_TERM_COUNTING;
    snprintf(e->detail, sizeof e->detail, "limit=%d", f->limit);
    return 1;
}

static void fake_end(const void *state, enum rp_end_how how, struct rp_end *out)
{
    const struct fake *f = state;
    out->colours_swapped = f->def && f->def->swaps;
    if (how == RP_END_DECLARED_DRAW) {
        out->adjudicated = 1;
        out->result = RP_RESULT_WHITE;
        out->termination.kind = RP_TERM_POINTS;
    }
    if (how != RP_END_BY_RULE)
        snprintf(out->detail, sizeof out->detail, "plies=%d", f->plies);
}

static void fake_render(const void *state, char *buf, size_t size)
{
    snprintf(buf, size, "plies %d\n", ((const struct fake *)state)->plies);
}

static const char *const fake_names[] = {"countdown", NULL};
static const struct fake_def plain = {0}, swapping = {1};

static const struct rp_variant fake = {
    .name = "countdown",
    .title = "Count Down (a test's variant)",
    .game_names = fake_names,
    .origin = "tests/replay/test_variants.c",
    .def = &plain,
    .state_size = sizeof(struct fake),
    .setup = fake_setup,
    .release = fake_release,
    .side_to_move = fake_side,
    .play = fake_play,
    .ended = fake_ended,
    .end = fake_end,
    .render = fake_render,
};

static void add(const struct rp_variant *v)
{
    char why[128] = "";
    cr_assert_eq(rp_registry_add(v, why, sizeof why), RP_DONE, "%s", why);
}

/* Replay the one game of text. */
static void replay(const char *text, struct rp_report *r)
{
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    cr_assert_not_null(p);
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    cr_assert_eq(rp_replay(&g, r, NULL, NULL), RP_DONE);
    fmt_game_release(&g);
    fmt_parser_free(p);
}

#define GAME(headers, moves) \
    "Game: Count Down\nWhite: Ada\nBlack: Bob\n" headers "\n" moves "\n"

/* ------------------------------------------------------------ the tests */

Test(replay_variants, the_built_in_variants_in_order)
{
    static const char *const names[] = {"chess", "extinction", "backlash", "palindromic", "retro"};
    cr_assert_eq(rp_variant_count(), 5);
    for (size_t i = 0; i < 5; i++) {
        const struct rp_variant *v = rp_variant_at(i);
        cr_expect_str_eq(v->name, names[i]);
        cr_expect_str_eq(v->origin, "built in");
        cr_expect_null(v->def);
    }
    cr_expect_null(rp_variant_at(5));
}

Test(replay_variants, a_registered_variant_is_listed_found_and_replayed)
{
    add(&fake);
    cr_assert_eq(rp_variant_count(), 6);
    cr_expect_eq(rp_variant_at(5), &fake);
    cr_expect_eq(rp_variant_for_game("Count-Down"), &fake);
    cr_expect_eq(rp_variant_for_game("Chess"), &rp_variant_chess);

    struct rp_report r;
    replay(GAME("", "1. P e2-e4 1... p e7-e5\n2. N g1-f3"), &r);
    cr_expect_eq(r.variant, &fake);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.turns, 3);
    cr_expect_eq(r.result, RP_RESULT_NONE);
    cr_expect_str_eq(r.termination_name, "unfinished");
    cr_expect_str_eq(r.detail, "plies=3", "the end call's detail");
    cr_expect_eq(releases, 1);
    rp_report_release(&r);

    replay(GAME("", "1. P e2-e4 1... p e7-e5\n2. N g1-f3 2... n b8-c6"), &r);
    cr_expect_eq(r.result, RP_RESULT_DRAW);
    cr_expect_str_eq(r.termination_name, "counting");
    cr_expect_str_eq(r.detail, "limit=4", "the ending's detail, kept by an empty end detail");
    rp_report_release(&r);
}

/* setup sees its own table, its definition and the parsed game. */
static const struct rp_variant *seen_self;
static char seen_white[32];

static void spy(void *ctx, const struct fmt_turn *t, const struct rp_variant *v, const void *state)
{
    (void)ctx, (void)v;
    const struct fake *f = state;
    if (!t) {
        seen_self = f->self;
        snprintf(seen_white, sizeof seen_white, "%s", f->white);
        cr_expect_eq(f->def, &plain);
    }
}

Test(replay_variants, setup_is_given_its_table_and_the_game)
{
    add(&fake);
    const char *text = GAME("", "1. P e2-e4");
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    struct rp_report r;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    cr_assert_eq(rp_replay(&g, &r, spy, NULL), RP_DONE);
    cr_expect_eq(seen_self, &fake);
    cr_expect_str_eq(seen_white, "Ada");
    rp_report_release(&r);
    fmt_game_release(&g);
    fmt_parser_free(p);
}

Test(replay_variants, setup_may_refuse_a_game)
{
    add(&fake);
    struct rp_report r;
    replay(GAME("Plies: 12\nResult: 1-0\n", "1. P e2-e4"), &r);
    cr_expect_eq(r.status, RP_STATUS_MALFORMED);
    cr_expect_eq(r.replayed, 0);
    cr_expect_eq(r.turns, 0);
    cr_expect_eq(r.result, RP_RESULT_WHITE, "a malformed game keeps its declared result");
    cr_expect_str_eq(r.termination_name, "");
    cr_assert_eq(r.nviolations, 1);
    cr_expect_eq(r.violations[0].code, RP_SYNTAX);
    cr_expect_str_eq(r.violations[0].message, "Plies: 12 is not a number from 1 to 9");
    cr_expect_eq(r.violations[0].line, 1, "the game's first line");
    cr_expect_eq(r.violations[0].person, -1);
    cr_expect_eq(releases, 1, "release runs after a refused setup too");
    rp_report_release(&r);

    replay(GAME("Plies: 2\n", "1. P e2-e4 1... p e7-e5 2. P d2-d4"), &r);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL);
    cr_expect_str_eq(r.termination_name, "counting");
    cr_assert_eq(r.nviolations, 1);
    cr_expect_eq(r.violations[0].code, RP_AFTER_END);
    cr_expect_str_eq(r.violations[0].message, "the game had already ended");
    rp_report_release(&r);
}

/* The end call on a declared draw, and persons who swapped colours. */
Test(replay_variants, the_end_call_adjudicates_and_swaps)
{
    struct rp_variant swapper = fake;
    swapper.def = &swapping;
    add(&swapper);
    struct rp_report r;
    replay(GAME("Result: 1/2-1/2\n", "1. P e2-e4"), &r);
    cr_expect_eq(r.declared, RP_RESULT_DRAW);
    cr_expect_eq(r.result, RP_RESULT_WHITE);
    cr_expect_str_eq(r.termination_name, "points");
    cr_expect_str_eq(r.detail, "plies=1");
    cr_expect_eq(r.colours_swapped, 1);
    cr_expect_eq(r.winner, 1, "White at the end is the Black: person");
    cr_expect_eq(r.loser, 0);
    rp_report_release(&r);

    /* An illegal turn is charged to the person playing its colour then. */
    replay(GAME("", "1. P e2-e4 1... p e7-e5; p d7-d5"), &r);
    cr_expect_eq(r.status, RP_STATUS_ILLEGAL);
    cr_expect_str_eq(r.termination_name, "illegal");
    cr_expect_str_eq(r.detail, "plies=1");
    cr_assert_eq(r.nviolations, 1);
    cr_expect_eq(r.violations[0].code, RP_BAD_TURN);
    cr_expect_eq(r.violations[0].side, FMT_BLACK);
    cr_expect_eq(r.violations[0].person, 0, "Black's turn, played by the White: person");
    rp_report_release(&r);
}

Test(replay_variants, the_same_name_replaces_in_place)
{
    struct rp_variant second = fake;
    second.title = "Count Down, again";
    add(&fake);
    add(&second);
    cr_expect_eq(rp_variant_count(), 6);
    cr_expect_eq(rp_variant_at(5), &second);
    cr_expect_eq(rp_variant_for_game("Count Down"), &second);
    /* A built-in one is replaced where it is listed. */
    static const char *const names[] = {"chess", NULL};
    struct rp_variant chess = fake;
    chess.name = "chess";
    chess.game_names = names;
    add(&chess);
    cr_expect_eq(rp_variant_count(), 6);
    cr_expect_eq(rp_variant_at(0), &chess);
    cr_expect_eq(rp_variant_for_game("Chess"), &chess);
    cr_expect_eq(rp_variant_for_game("Orthodox Chess"), NULL, "the old one's names went with it");
}

Test(replay_variants, a_game_name_claimed_twice_goes_to_the_last_registered)
{
    static const char *const chess_too[] = {"countdown", "chess", NULL};
    struct rp_variant a = fake, b = fake;
    a.game_names = chess_too;
    b.name = "other";
    add(&a);
    cr_expect_eq(rp_variant_for_game("Chess"), &a);
    cr_expect_eq(rp_variant_for_game("FIDE Chess"), &rp_variant_chess);
    add(&b);
    cr_expect_eq(rp_variant_for_game("Count Down"), &b);
    add(&a);             /* registered again: last once more, though listed before b */
    cr_expect_eq(rp_variant_for_game("Count Down"), &a);
    cr_expect_eq(rp_variant_count(), 7);
    rp_registry_reset();
    cr_expect_eq(rp_variant_count(), 5);
    cr_expect_eq(rp_variant_for_game("Chess"), &rp_variant_chess);
    cr_expect_null(rp_variant_for_game("Count Down"));
}

/* rp_variant_for_game looks names up in a sorted index; its plain twin
 * compares every name.  Every name listed, spelt as logs spell it, and
 * near misses must get the same answer from both after every change. */
static void expect_index_agrees_with_scan(const char *when)
{
    static const char *const misses[] = {"", "Chess ", "Ches", "Chesss", "Count", "countdownx",
                                         "zzz", "A", NULL};
    for (const char *const *m = misses; *m; m++)
        cr_expect_eq(rp_variant_for_game(*m), rp_variant_for_game_scan(*m), "%s: '%s'", when, *m);
    cr_expect_null(rp_variant_for_game(NULL));
    for (size_t i = 0; i < rp_variant_count(); i++)
        for (const char *const *n = rp_variant_at(i)->game_names; *n; n++) {
            char spelt[160];
            for (int k = 0; k < 4; k++) {
                size_t len = strlen(*n);
                if (len + 2 > sizeof spelt)
                    break;
                memcpy(spelt, *n, len + 1);
                if (k == 1 && spelt[0])
                    spelt[0] = (char)(spelt[0] >= 'a' && spelt[0] <= 'z' ? spelt[0] - 32 : spelt[0]);
                if (k == 2)
                    memcpy(spelt + len, "-", 2);
                if (k == 3 && len)
                    spelt[len - 1] = '\0';
                cr_expect_eq(rp_variant_for_game(spelt), rp_variant_for_game_scan(spelt),
                             "%s: '%s'", when, spelt);
            }
            cr_expect_not_null(rp_variant_for_game(*n), "%s: '%s' is found", when, *n);
        }
}

Test(replay_variants, the_name_index_agrees_with_the_scan)
{
    expect_index_agrees_with_scan("built in");
    static const char *const chess_too[] = {"countdown", "chess", NULL};
    struct rp_variant a = fake, b = fake;
    a.game_names = chess_too;
    b.name = "other";
    add(&a);
    expect_index_agrees_with_scan("a claims chess");
    add(&b);
    expect_index_agrees_with_scan("b claims countdown");
    struct rp_def_error e;
    char *dir = ts_fmt("%s/replay/definitions", GC_SOURCE_DIR);
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin"); /* the shipped sections' parents */
    cr_assert_eq(rp_defs_load_dir(dir, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    free(dir);
    expect_index_agrees_with_scan("the shipped definitions");
    add(&a);
    expect_index_agrees_with_scan("a again");
    rp_registry_reset();
    expect_index_agrees_with_scan("reset");
}

/* Many variants added while the registry is held: each found while held
 * (by the scan) and after (by the index), one named again replacing itself
 * in place among hundreds. */
Test(replay_variants, many_variants_added_while_held)
{
    enum { N = 300 };
    static struct rp_variant v[N];
    static char names[N][16], games[N][16];
    static const char *game_lists[N][2];
    rp_registry_hold(1);
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "v%d", i);
        snprintf(games[i], sizeof games[i], "game%d", i);
        game_lists[i][0] = games[i];
        v[i] = fake;
        v[i].name = names[i];
        v[i].game_names = game_lists[i];
        add(&v[i]);
    }
    cr_expect_eq(rp_variant_for_game("Game 7"), &v[7]);
    add(&v[150]);
    cr_expect_eq(rp_variant_count(), 5 + N, "v150 replaced itself");
    rp_registry_hold(0);
    expect_index_agrees_with_scan("released");
    for (int i = 0; i < N; i++) {
        cr_expect_eq(rp_variant_at(5 + (size_t)i), &v[i]);
        cr_expect_eq(rp_variant_for_game(games[i]), &v[i]);
    }
    rp_registry_reset();
}

Test(replay_variants, a_table_without_a_required_slot_is_misuse)
{
    struct rp_variant broken = fake;
    broken.name = "broken";
    broken.play = NULL;
    char why[128];
    cr_expect_eq(rp_registry_add(&broken, why, sizeof why), RP_MISUSE);
    cr_expect_str_eq(why, "variant 'broken' has no play function");
    broken = fake;
    broken.game_names = NULL;
    cr_expect_eq(rp_registry_add(&broken, why, sizeof why), RP_MISUSE);
    cr_expect_str_eq(why, "variant 'countdown' has no Game: name");
    cr_expect_eq(rp_variant_count(), 5);
}

/* A deferred registration (rp_registry_defer): run only when a name it
 * claims is asked for, or the listing is read; meanwhile every answer is
 * the one it would be with its variants registered. */
static struct rp_variant deferred_a, deferred_b;
static int deferred_runs;

static void register_deferred(void)
{
    deferred_runs++;
    add(&deferred_a);
    add(&deferred_b);
}

static void defer_two(void)
{
    static const char *const a_names[] = {"countdown", "chess", NULL};
    static const char *const b_names[] = {"othergame", NULL}; /* normalised, as registered */
    deferred_a = fake;
    deferred_a.game_names = a_names;
    deferred_b = fake;
    deferred_b.name = "other";
    deferred_b.game_names = b_names;
    deferred_runs = 0;
    /* more names than the two claim: harmless */
    static const char *const claimed[] = {"Count-Down", "Chess", "Other Game", "unused"};
    cr_assert_eq(rp_registry_defer(claimed, 4, register_deferred), 0);
}

Test(replay_variants, a_deferred_registration_runs_when_a_name_it_claims_is_asked)
{
    defer_two();
    cr_expect_eq(rp_variant_for_game("Extinction Chess"), &rp_variant_extinction);
    cr_expect_null(rp_variant_for_game("Nothing"));
    cr_expect_null(rp_variant_for_game(NULL));
    cr_expect_eq(deferred_runs, 0, "no name of theirs asked");
    /* A built-in's name they claim is theirs, as it would be registered. */
    cr_expect_eq(rp_variant_for_game("chess"), &deferred_a);
    cr_expect_eq(deferred_runs, 1);
    cr_expect_eq(rp_variant_for_game("Other Game"), &deferred_b);
    cr_expect_eq(rp_variant_for_game("unused"), NULL);
    cr_expect_eq(rp_variant_count(), 7);
    cr_expect_eq(deferred_runs, 1, "run once");
    rp_registry_reset();
}

Test(replay_variants, the_listing_runs_a_deferred_registration_first)
{
    defer_two();
    cr_expect_eq(rp_variant_count(), 7);
    cr_expect_eq(rp_variant_at(5), &deferred_a);
    cr_expect_eq(deferred_runs, 1);
    rp_registry_reset();
    defer_two();
    cr_expect_eq(rp_variant_at(6), &deferred_b, "rp_variant_at alone runs it too");
    rp_registry_reset();
}

Test(replay_variants, a_variant_added_after_a_deferred_registration_comes_after_it)
{
    defer_two();
    static const char *const mine[] = {"chess", NULL};
    struct rp_variant late = fake;
    late.name = "late";
    late.game_names = mine;
    add(&late);
    cr_expect_eq(deferred_runs, 1, "the deferred one ran before the later one was added");
    cr_expect_eq(rp_variant_for_game("Chess"), &late, "the later one has the name");
    rp_registry_reset();
}

Test(replay_variants, a_reset_drops_a_deferred_registration_unrun)
{
    defer_two();
    rp_registry_reset();
    cr_expect_eq(rp_variant_for_game("Chess"), &rp_variant_chess);
    cr_expect_eq(rp_variant_count(), 5);
    cr_expect_eq(deferred_runs, 0);
}

static void *ask_chess(void *arg)
{
    for (int i = 0; i < 200; i++)
        if (rp_variant_for_game(i % 2 ? "Chess" : "Extinction Chess") == NULL)
            *(int *)arg = 1;
    return NULL;
}

/* Threads asking at once: one runs it, the others wait for it, every
 * answer whole. */
Test(replay_variants, threads_asking_at_once_run_a_deferred_registration_once)
{
    defer_two();
    pthread_t t[4];
    int missed[4] = {0};
    for (int i = 0; i < 4; i++)
        cr_assert_eq(pthread_create(&t[i], NULL, ask_chess, &missed[i]), 0);
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        cr_expect_eq(missed[i], 0);
    }
    cr_expect_eq(deferred_runs, 1);
    cr_expect_eq(rp_variant_for_game("Chess"), &deferred_a);
    rp_registry_reset();
}

/* rp_defs_defer_dir: the folder's files are scanned for the names they
 * may claim; the caller's loader runs when one of them is asked for. */
static char defer_folder[64];
static int defer_loads, defer_rc;
static struct rp_def_error defer_err;

static void load_folder(void)
{
    defer_loads++;
    defer_rc = rp_defs_load_dir(defer_folder, &defer_err);
}

Test(replay_variants, a_deferred_folder_loads_when_a_name_of_its_is_asked)
{
    snprintf(defer_folder, sizeof defer_folder, "/tmp/gcaudit-defer-XXXXXX");
    cr_assert_not_null(mkdtemp(defer_folder));
    char *bad = ts_fmt("%s/bad.ini", defer_folder), *good = ts_fmt("%s/a.ini", defer_folder);
    /* a's section names no game: it claims its own name; bad's, two */
    const char *a = "[pawns-only]\npawn = p\nking = k\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n";
    const char *b = "[bad]\n  gcgames : Bad Chess, Worse Chess\nking = k\ncastling = maybe\n";
    cr_assert_eq(ts_write_file(good, a, strlen(a)), 0);
    cr_assert_eq(ts_write_file(bad, b, strlen(b)), 0);
    struct rp_def_error e;
    rp_defs_builtin_dir("");
    defer_loads = 0;
    cr_assert_eq(rp_defs_defer_dir(defer_folder, load_folder, &e), RP_DONE, "%s", e.message);
    cr_expect_eq(rp_variant_for_game("Chess"), &rp_variant_chess);
    cr_expect_null(rp_variant_for_game("Nothing Here"));
    cr_expect_eq(defer_loads, 0, "no name of the folder's asked");
    cr_expect_null(rp_variant_for_game("Worse-Chess"), "bad.ini does not load");
    cr_expect_eq(defer_loads, 1);
    cr_expect_neq(defer_rc, RP_DONE);
    cr_expect_str_eq(defer_err.file, bad);
    /* the scan took the names of a line the loader refuses: more, not fewer */
    cr_expect_eq(defer_err.line, 2);
    cr_expect_str_eq(defer_err.message, "[bad] unknown key \"gcgames\"");
    cr_expect_not_null(rp_variant_for_game("pawns only"), "a.ini, read first, loaded");
    rp_defs_reset();
    rp_defs_builtin_dir("");
    defer_loads = 0;
    cr_assert_eq(rp_defs_defer_dir(defer_folder, load_folder, &e), RP_DONE, "%s", e.message);
    cr_expect_not_null(rp_variant_for_game("Pawns Only"), "%s", defer_err.message);
    cr_expect_eq(defer_loads, 1, "a's name alone loads the folder");
    rp_defs_reset();
    unlink(bad);
    unlink(good);
    rmdir(defer_folder);
    free(bad);
    free(good);
}
