/*
 * The fen slot (rp_ortho_fen, rp_board_fen): a variant's position as FEN,
 * for `gcaudit replay --fen`.  Every position of every sample Chess and
 * Extinction Chess game, as the replay reaches it, against the FEN
 * Fairy-Stockfish 11.1 prints (`d`) after the same moves: placement, side,
 * castling, en passant (only when a pawn can take), both clocks.  Plus the
 * cases the samples may not hold, by hand: Palindromic Chess's handed
 * rooks and castling, and which variants have no FEN.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/support.h"
#include "tests/support/uci.h"

#define MAX_POSITIONS 1024
#define FEN_MAX 128

struct positions {
    char fen[MAX_POSITIONS][FEN_MAX]; /* ours, before any move and after each */
    char moves[MAX_POSITIONS][16];    /* UCI moves, moves[k] leading to fen[k + 1] */
    int n;
    int unplayable;                   /* a turn that is no single board move (pass) */
};

/* The UCI form of an accepted turn: its move, and the promotion piece a
 * placement on the target names. */
static void uci_move(const struct fmt_turn *t, char *out)
{
    const struct fmt_component *move = NULL;
    char promo = 0;
    for (size_t i = 0; i < t->ncomps; i++) {
        const struct fmt_component *c = &t->comps[i];
        if (c->kind == FMT_COMP_MOVE && !move)
            move = c;
        else if (c->kind == FMT_COMP_PLACE && move && strcmp(c->to, move->to) == 0)
            promo = (char)tolower((unsigned char)c->label[0]);
    }
    if (!move) {
        out[0] = '\0';
        return;
    }
    size_t n = strlen(move->from), m = strlen(move->to);
    if (n + m + 2 > 16)
        n = m = 0;    /* no square name is that long on these boards */
    memcpy(out, move->from, n);
    memcpy(out + n, move->to, m);
    out[n + m] = promo;
    out[n + m + 1] = '\0';
}

static void record(void *ctx, const struct fmt_turn *t, const struct rp_variant *v,
                   const void *state)
{
    struct positions *P = ctx;
    if (P->n >= MAX_POSITIONS || P->unplayable)
        return;
    if (t) {
        uci_move(t, P->moves[P->n - 1]);
        if (!P->moves[P->n - 1][0]) {
            P->unplayable = 1;
            return;
        }
    }
    cr_assert_eq(v->fen(state, P->fen[P->n], FEN_MAX), 0);
    P->n++;
}

struct run {
    struct ts_uci *u;
    const char *uci_variant;
    int games, positions;
};

/* Our FEN of every position of game g against the engine's. */
static void compare_game(struct run *R, const struct fmt_game *g)
{
    struct positions *P = calloc(1, sizeof *P);
    struct rp_report r;
    cr_assert_eq(rp_replay(g, &r, record, P), FMT_OK);
    rp_report_release(&r);
    char *moves = calloc(MAX_POSITIONS, 16);
    for (int k = 0; k < P->n && !P->unplayable; k++) {
        ts_uci_send(R->u, "position startpos%s%s", k ? " moves" : "", moves);
        ts_uci_send(R->u, "d");
        const char *line = ts_uci_until(R->u, "Fen: ", NULL, NULL);
        cr_assert_not_null(line, "Fairy-Stockfish gave no FEN");
        cr_expect_str_eq(P->fen[k], line + 5, "%s, position %d (after%s)", g->log, k, moves);
        cr_assert_not_null(ts_uci_until(R->u, "Checkers:", NULL, NULL));
        if (k + 1 < P->n) {
            strcat(moves, " ");
            strcat(moves, P->moves[k]);
        }
        R->positions++;
    }
    R->games++;
    free(moves);
    free(P);
}

static enum fmt_rc on_entry(void *ctx, const struct fmt_entry *e)
{
    struct run *R = ctx;
    if (e->status != FMT_ENTRY_OK)
        return 0;
    fmt_parser *p = fmt_parser_new(e->text, e->len);
    struct fmt_game g;
    while (fmt_parser_next(p, &g) == FMT_OK) {
        const struct rp_variant *v = g.malformed ? NULL : rp_variant_for_game(g.game);
        if (v && v->fen)
            compare_game(R, &g);
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    return 0;
}

static void against_the_engine(const char *archive, const char *uci_variant, int min_games)
{
    char *engine = ts_uci_find_engine();
    cr_assert_not_null(engine, "Fairy-Stockfish is not installed (setup.sh installs it)");
    char err[256];
    struct run R = {ts_uci_start(engine, 10000, err, sizeof err), uci_variant, 0, 0};
    cr_assert_not_null(R.u, "%s", err);
    ts_uci_send(R.u, "setoption name UCI_Variant value %s", uci_variant);
    char *path = ts_fmt("%s/sample-data/%s", GC_SOURCE_DIR, archive);
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(path, NULL, &seq, on_entry, &R), FMT_OK);
    cr_expect_geq(R.games, min_games, "%d games compared", R.games);
    cr_log_info("%s: %d positions of %d games", archive, R.positions, R.games);
    ts_uci_quit(R.u);
    free(path);
    free(engine);
}

Test(fen, every_sample_chess_position_is_fairy_stockfishs)
{
    against_the_engine("chess-open-2024.tar.gz", "chess", 30);
}

Test(fen, every_sample_extinction_position_is_fairy_stockfishs)
{
    against_the_engine("extinction-2024.tar.gz", "extinction", 10);
}

/* ------------------------------------------------------------- by hand */

static struct fmt_game *parse_one(const char *text, fmt_parser **p)
{
    static struct fmt_game g;
    *p = fmt_parser_new(text, strlen(text));
    cr_assert_eq(fmt_parser_next(*p, &g), FMT_OK);
    return &g;
}

static void last_fen(void *ctx, const struct fmt_turn *t, const struct rp_variant *v,
                     const void *state)
{
    (void)t;
    cr_assert_eq(v->fen(state, ctx, FEN_MAX), 0);
}

static void expect_final_fen(const char *log, const char *want)
{
    fmt_parser *p;
    struct fmt_game *g = parse_one(log, &p);
    char fen[FEN_MAX] = "";
    struct rp_report r;
    cr_assert_eq(rp_replay(g, &r, last_fen, fen), FMT_OK);
    cr_expect_eq(r.status, RP_STATUS_OK, "the moves were not all legal");
    cr_expect_str_eq(fen, want);
    rp_report_release(&r);
    fmt_game_release(g);
    fmt_parser_free(p);
}

Test(fen, palindromic_rooks_are_r_and_castling_names_the_wing)
{
    expect_final_fen("Game: Palindromic Chess\n\n",
                     "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /* White castles king side (its left-handed rook h1-f1), Black queen
     * side (d8-b8, its left-handed rook a8-c8): both rights gone. */
    expect_final_fen("Game: Palindromic Chess\n\n"
                     "1. N g1-f3 1... n b8-a6\n2. P e2-e3 2... p b7-b6\n3. B f1-e2 3... b c8-b7\n"
                     "4. K e1-g1 4... k d8-b8\n",
                     "1kr1qbnr/pbpppppp/np6/8/8/4PN2/PPPPBPPP/RNBQ1RK1 w - - 4 5");
}

Test(fen, only_the_one_board_variants_have_a_fen)
{
    static const char *const with[] = {"chess", "extinction", "palindromic"};
    static const char *const without[] = {"backlash", "retro"};
    for (size_t i = 0; i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        int expected = -1;
        for (size_t k = 0; k < 3; k++)
            if (strcmp(v->name, with[k]) == 0)
                expected = 1;
        for (size_t k = 0; k < 2; k++)
            if (strcmp(v->name, without[k]) == 0)
                expected = 0;
        if (expected >= 0)
            cr_expect_eq(v->fen != NULL, expected, "%s", v->name);
        cr_expect(v->legend != NULL, "%s has no legend", v->name);
    }
}
