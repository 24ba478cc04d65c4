/*
 * Extinction Chess against an independent engine: Fairy-Stockfish 11.1
 * (Debian's fairy-stockfish, UCI_Variant extinction), driven over pipes by
 * tests/support/uci.c.
 *
 * - Perft: our extinction-aware perft and the engine's `go perft` agree on
 *   constructed positions (castling, en passant, pending promotions, kings
 *   promoted from pawns, a single pawn left).  Both count a position where
 *   a side is extinct as a leaf.
 * - Self-play: the engine plays games from randomised openings; each is
 *   written as a Game Courier log, replayed through the parser and
 *   rp_replay, and every move must be accepted, every position must match
 *   the engine's, and the game must end where and how the engine says.
 *
 * One known difference is not asked of the engine: when one move leaves
 * both sides extinct, docs/rules.md makes the mover win and 11.1 makes
 * White lose; such a game is checked against docs/rules.md (and counted).
 *
 * A missing engine is a failure, not a skip: ./setup.sh installs it.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/formats.h"
#include "replay/ortho.h"
#include "replay/replay.h"
#include "replay/perft.h"
#include "replay/rules.h"
#include "replay/variants.h"
#include "tests/support/support.h"
#include "tests/support/uci.h"

#define ENGINE_TIMEOUT_MS 30000

static struct ts_uci *start_engine(void)
{
    struct ts_uci *u = ts_uci_open(ENGINE_TIMEOUT_MS);
    ts_uci_send(u, "setoption name UCI_Variant value extinction");
    ts_uci_send(u, "isready");
    cr_assert_not_null(ts_uci_until(u, "readyok", NULL, NULL), "Fairy-Stockfish did not get ready");
    return u;
}

/* ------------------------------------------------------------- perft */

static const struct {
    const char *what;
    const char *fen;
    int depth;
} perft_positions[] = {
    {"start position", RP_START_FEN, 5},
    {"all four castlings, minor pieces out",
     "r3k2r/pppq1ppp/2nbbn2/4p3/4P3/2NBBN2/PPPQ1PPP/R3K2R w KQkq - 0 1", 4},
    {"castling through attacked squares (bishops on the long diagonals)",
     "r3k2r/p1pq1p1p/bpn2npb/4p3/4P3/BPN2NPB/P1PQ1P1P/R3K2R b KQkq - 0 1", 4},
    {"white en passant on f6", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 4},
    {"black en passant on d3", "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2", 4},
    {"pending promotions by capture and push for both sides",
     "r1bqkbnr/1P3ppp/2n5/8/8/5N2/pp3PPP/RNBQKB1R w KQk - 0 1", 4},
    {"two kings each, promoted from pawns",
     "rnbqkbk1/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RKBQKBNR w - - 0 1", 4},
    {"a king promoted on the eighth rank, in front of the enemy",
     "rnKqkbnr/pp1ppppp/8/8/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", 4},
    {"a single pawn left on each side",
     "rnbqkbnr/3p4/8/8/8/8/4P3/RNBQKBNR w KQkq - 0 1", 4},
    {"a single pawn each, about to promote (any promotion is extinction)",
     "rnbqkbn1/4P3/8/8/8/8/3p4/RNBQKBNR w KQq - 0 1", 4},
    {"kings in the open next to enemy pieces",
     "rnb1kbnr/pppp1ppp/8/4p3/4P2q/3K4/PPPP1PPP/RNBQ1BNR w kq - 0 1", 4},
    {"one queen each en prise (many extinction leaves)",
     "rnb1kbnr/pppp1ppp/8/4p1q1/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 1", 4},
};

Test(replay_extinction_fsf, perft_agrees_with_fairy_stockfish, .timeout = 300)
{
    struct ts_uci *u = start_engine();
    size_t n = sizeof perft_positions / sizeof perft_positions[0];
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        struct rp_board b;
        cr_assert_eq(rp_board_from_fen(&b, &rp_extinction_rules, perft_positions[i].fen), 0,
                     "bad FEN %s", perft_positions[i].fen);
        uint64_t ours = rp_extinction_perft(&b, perft_positions[i].depth);
        uint64_t theirs = ts_uci_perft(u, perft_positions[i].fen, perft_positions[i].depth);
        cr_assert_neq(theirs, UINT64_MAX, "Fairy-Stockfish gave no perft for %s",
                      perft_positions[i].fen);
        if (ours != theirs) {
            cr_log_error("perft %d of %s (%s): ours %" PRIu64 ", Fairy-Stockfish %" PRIu64,
                         perft_positions[i].depth, perft_positions[i].fen, perft_positions[i].what,
                         ours, theirs);
            failures++;
        }
        cr_log_info("perft %d %s: %" PRIu64, perft_positions[i].depth, perft_positions[i].what, ours);
    }
    ts_uci_quit(u);
    cr_expect_geq(n, 10);
    cr_expect_eq(failures, 0, "%d of %zu perft counts differ from Fairy-Stockfish", failures, n);
}

/* ---------------------------------------------------------- self-play */

#define GAMES 200
#define MAX_PLIES 400
#define FEN_MAX 100

enum end_kind { END_ENGINE, END_FIVEFOLD, END_SEVENTY_FIVE, END_CAP };

struct game {
    char moves[MAX_PLIES][16];       /* UCI moves */
    char fens[MAX_PLIES + 1][FEN_MAX]; /* fens[k]: the engine's FEN before ply k */
    int nplies;
    enum end_kind end;
    int decisive;                    /* END_ENGINE: the engine reports a mate score */
    int last_move_score;             /* END_ENGINE, decisive: sign of the engine's score of the last move */
    int labels, companions;          /* notation style of the log */
    const char *go;                  /* the engine's search command */
    unsigned random_percent;         /* chance of a random move after the opening */
};

/* The mix of players: the depth-1 engine blunders pieces and ends games
 * fast; deeper ones keep material and reach promotions; no random moves
 * at all lets the deterministic engine repeat positions (draws by count). */
static const char *const searches[] = {"go depth 1", "go depth 2", "go nodes 500"};

/* The engine's FEN of the current position ("d" prints it). */
static int engine_fen(struct ts_uci *u, char *fen)
{
    return ts_uci_show(u, fen, FEN_MAX, NULL) == 0;
}

/* `go ...` on fen, or `go depth 1 searchmoves m` to score one move. */
static int engine_search(struct ts_uci *u, const char *fen, const char *go, const char *only,
                         struct ts_uci_result *s)
{
    ts_uci_position(u, fen, NULL, 0);
    char cmd[64];
    if (only)
        snprintf(cmd, sizeof cmd, "go depth 1 searchmoves %s", only);
    return ts_uci_go(u, only ? cmd : go, s) == 0;
}

/* The engine's legal moves (`go perft 1`), stored into moves; their count. */
static int engine_legal_moves(struct ts_uci *u, const char *fen, char moves[256][16])
{
    ts_uci_position(u, fen, NULL, 0);
    int n = ts_uci_legal_moves(u, moves, 256);
    cr_assert_geq(n, 0, "no perft 1 answer");
    return n;
}

/* FEN without the move counters: the key of a repetition (an en passant
 * square appears in the engine's FEN only when a capture is possible,
 * which is docs/rules.md's repetition rule in a variant without check). */
static void position_key(const char *fen, char *key)
{
    snprintf(key, FEN_MAX, "%s", fen);
    for (int spaces = 0; *key; key++)
        if (*key == ' ' && ++spaces == 4) {
            *key = '\0';
            break;
        }
}

static int halfmove_clock(const char *fen)
{
    int half = 0;
    sscanf(fen, "%*s %*s %*s %*s %d", &half);
    return half;
}

/* How often the current position (fens[ply]) has occurred since the last
 * irreversible move. */
static int occurrences(const struct game *g, int ply)
{
    char now[FEN_MAX], then[FEN_MAX];
    position_key(g->fens[ply], now);
    int count = 0;
    for (int k = ply - halfmove_clock(g->fens[ply]); k <= ply; k++) {
        if (k < 0)
            continue;
        position_key(g->fens[k], then);
        count += strcmp(now, then) == 0;
    }
    return count;
}

/* Play game `index`: a few random plies, then the engine with an
 * occasional random move, until the engine has no move (its end of game),
 * a draw by count applies, or MAX_PLIES. */
static void play_game(struct ts_uci *u, int index, struct game *g)
{
    uint64_t seed = 0x5EED0000ULL + (uint64_t)index * 0x9E3779B97F4A7C15ULL;
    memset(g, 0, sizeof *g);
    g->go = searches[index % 3];
    g->random_percent = index % 4 ? 5 : 0;
    g->labels = (int)ts_rng_below(&seed, 2);
    g->companions = (int)ts_rng_below(&seed, 2);
    int random_plies = 2 + (int)ts_rng_below(&seed, 7);
    snprintf(g->fens[0], FEN_MAX, "%s", RP_START_FEN);
    for (int ply = 0;; ply++) {
        struct ts_uci_result s;
        cr_assert(engine_search(u, g->fens[ply], g->go, NULL, &s), "no bestmove at %s", g->fens[ply]);
        if (!strcmp(s.bestmove, "(none)")) {
            g->end = END_ENGINE;
            g->decisive = !strncmp(s.score, "mate", 4);
            break;
        }
        if (occurrences(g, ply) >= 5 || halfmove_clock(g->fens[ply]) >= 150 || ply == MAX_PLIES) {
            g->end = ply == MAX_PLIES ? END_CAP
                     : occurrences(g, ply) >= 5 ? END_FIVEFOLD : END_SEVENTY_FIVE;
            break;
        }
        const char *mv = s.bestmove;
        char legal[256][16];
        if (ply < random_plies || ts_rng_below(&seed, 100) < g->random_percent) {
            int n = engine_legal_moves(u, g->fens[ply], legal);
            cr_assert_gt(n, 0, "a search found a move but perft 1 none at %s", g->fens[ply]);
            mv = legal[ts_rng_below(&seed, (unsigned)n)];
        }
        snprintf(g->moves[ply], sizeof g->moves[ply], "%.15s", mv);
        ts_uci_send(u, "position fen %s moves %s", g->fens[ply], mv);
        cr_assert(engine_fen(u, g->fens[ply + 1]), "no FEN from the engine");
        cr_assert_str_neq(g->fens[ply + 1], g->fens[ply], "the engine refused its own move %s", mv);
        g->nplies = ply + 1;
    }
    if (g->end == END_ENGINE && g->decisive && g->nplies > 0) {
        /* Who won: the engine's score of the last move, from the mover's side. */
        struct ts_uci_result s;
        int last = g->nplies - 1;
        cr_assert(engine_search(u, g->fens[last], NULL, g->moves[last], &s));
        int v = 0;
        ts_uci_score(&s, &v);
        g->last_move_score = v > 0 ? 1 : -1;
    }
}

/* ------------------------------------------- the game as a Game Courier log */

/* The piece letter FEN has on a square ("e2"), or 0. */
static char fen_piece(const char *fen, const char *sq)
{
    int file = sq[0] - 'a', rank = sq[1] - '1';
    int r = 7, f = 0;
    for (const char *p = fen; *p && *p != ' '; p++) {
        if (*p == '/') {
            r--;
            f = 0;
        } else if (*p >= '1' && *p <= '8') {
            f += *p - '0';
        } else {
            if (r == rank && f == file)
                return *p;
            f++;
        }
    }
    return 0;
}

/* One ply in Game Courier notation: from-to, promotions as placements,
 * castling and en passant with or without their companions. */
static void gc_move(const struct game *g, int ply, char *out, size_t size)
{
    const char *m = g->moves[ply], *fen = g->fens[ply];
    char from[3] = {m[0], m[1], 0}, to[3] = {m[2], m[3], 0};
    char piece = fen_piece(fen, from);
    size_t at = 0;
    if (g->labels)
        at += (size_t)snprintf(out + at, size - at, "%c ", piece);
    at += (size_t)snprintf(out + at, size - at, "%s-%s", from, to);
    int black = piece >= 'a';
    char type = (char)(black ? piece - 'a' + 'A' : piece);
    if (m[4]) {
        char promo = black ? m[4] : (char)(m[4] - 'a' + 'A');
        snprintf(out + at, size - at, "; %c-%s", promo, to);
    } else if (type == 'K' && abs(to[0] - from[0]) == 2 && g->companions) {
        int king_side = to[0] > from[0];
        snprintf(out + at, size - at, "; %c%c-%c%c", king_side ? 'h' : 'a', from[1],
                 king_side ? 'f' : 'd', from[1]);
    } else if (type == 'P' && from[0] != to[0] && !fen_piece(fen, to) && g->companions) {
        snprintf(out + at, size - at, "; %c%c-", to[0], from[1]);
    }
}

static const char *engine_result_text(const struct game *g, enum rp_result r)
{
    (void)g;
    return r == RP_RESULT_WHITE ? "1-0" : r == RP_RESULT_BLACK ? "0-1" : "1/2-1/2";
}

static char *game_log(const struct game *g, int index, enum rp_result declared)
{
    size_t cap = 512 + (size_t)g->nplies * 40;
    char *log = malloc(cap);
    size_t at = (size_t)snprintf(log, cap,
                                 "Game: Extinction Chess\nLog: fsf-selfplay-%03d\n"
                                 "White: Fairy-Stockfish White\nBlack: Fairy-Stockfish Black\n",
                                 index);
    if (declared != RP_RESULT_NONE)
        at += (size_t)snprintf(log + at, cap - at, "Result: %s\n", engine_result_text(g, declared));
    at += (size_t)snprintf(log + at, cap - at, "\n");
    for (int ply = 0; ply < g->nplies; ply++) {
        char mv[40];
        gc_move(g, ply, mv, sizeof mv);
        at += (size_t)snprintf(log + at, cap - at, "%d%s %s\n", ply / 2 + 1,
                               ply % 2 ? "..." : ".", mv);
    }
    return log;
}

/* ------------------------------------------------------ the expectation */

/* Bit (1 << i) per type of "KQRBNP" that colour has none of in fen. */
static unsigned fen_extinct(const char *fen, int black)
{
    static const char types[] = "KQRBNP";
    unsigned gone = 0;
    for (int i = 0; i < 6; i++) {
        char want = black ? (char)(types[i] - 'A' + 'a') : types[i];
        const char *end = strchr(fen, ' ');
        if (!memchr(fen, want, (size_t)(end - fen)))
            gone |= 1u << i;
    }
    return gone;
}

struct expectation {
    enum rp_result result;
    const char *termination;
    char detail[64];
    int both_extinct;
};

static void expect_from_engine(const struct game *g, struct expectation *x)
{
    memset(x, 0, sizeof *x);
    const char *fen = g->fens[g->nplies];
    int mover_black = g->nplies % 2 == 0; /* the side that made the last ply */
    switch (g->end) {
    case END_FIVEFOLD: x->result = RP_RESULT_DRAW; x->termination = "fivefold-repetition"; return;
    case END_SEVENTY_FIVE: x->result = RP_RESULT_DRAW; x->termination = "seventy-five-moves"; return;
    case END_CAP: x->result = RP_RESULT_NONE; x->termination = "unfinished"; return;
    case END_ENGINE: break;
    }
    if (!g->decisive) {
        x->result = RP_RESULT_DRAW;
        x->termination = "stalemate";
        return;
    }
    unsigned gone[2] = {fen_extinct(fen, 0), fen_extinct(fen, 1)};
    int loser_black;
    if (gone[0] && gone[1]) {
        /* docs/rules.md: the mover wins (11.1 would make White lose). */
        x->both_extinct = 1;
        loser_black = !mover_black;
    } else {
        /* The engine's own verdict: its score of the last move. */
        loser_black = g->last_move_score > 0 ? !mover_black : mover_black;
    }
    x->result = loser_black ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    x->termination = "extinction";
    size_t at = (size_t)snprintf(x->detail, sizeof x->detail, "extinct=");
    for (int i = 0; i < 6; i++)
        if (gone[loser_black] & (1u << i))
            at += (size_t)snprintf(x->detail + at, sizeof x->detail - at, "%s%c",
                                   x->detail[at - 1] == '=' ? "" : ",", "KQRBNP"[i]);
}

/* What the games exercised, for the log: castlings, en passant captures,
 * promotions, promotions to a king. */
struct features {
    int castlings, en_passant, promotions, king_promotions;
};

static void count_features(const struct game *g, struct features *f)
{
    for (int ply = 0; ply < g->nplies; ply++) {
        const char *m = g->moves[ply], *fen = g->fens[ply];
        char from[3] = {m[0], m[1], 0}, to[3] = {m[2], m[3], 0};
        char piece = fen_piece(fen, from);
        f->castlings += (piece == 'K' || piece == 'k') && abs(m[2] - m[0]) == 2;
        f->en_passant += (piece == 'P' || piece == 'p') && m[0] != m[2] && !fen_piece(fen, to);
        f->promotions += m[4] != 0;
        f->king_promotions += m[4] == 'k';
    }
}

/* --------------------------------------------------------- the replay */

struct replay_check {
    const struct game *g;
    int index;
    int mismatches;
};

/* After every accepted turn, the board must be the engine's. */
static void compare_position(void *ctx, const struct fmt_turn *turn, const struct rp_variant *v,
                             const void *state)
{
    struct replay_check *c = ctx;
    (void)v;
    if (!turn)
        return;
    const struct rp_ortho *o = state;
    const char *fen = c->g->fens[o->plies];
    for (int rank = 0; rank < 8; rank++)
        for (int file = 0; file < 8; file++) {
            char sq[3] = {(char)('a' + file), (char)('1' + rank), 0};
            rp_piece p = o->b.sq[rp_square(file, rank)];
            char ours = p ? "?PNBRQK"[rp_type_of(p)] : 0;
            if (ours && rp_colour_of(p))
                ours = (char)(ours - 'A' + 'a');
            if (ours != fen_piece(fen, sq) && c->mismatches++ == 0)
                cr_log_error("game %d ply %d: %s holds %c, the engine has %c (%s)", c->index,
                             o->plies, sq, ours ? ours : '.', fen_piece(fen, sq) ? fen_piece(fen, sq) : '.',
                             fen);
        }
}

static int replay_and_compare(const struct game *g, int index, const struct expectation *x)
{
    enum rp_result declared = g->end == END_CAP ? RP_RESULT_NONE : x->result;
    char *log = game_log(g, index, declared);
    fmt_parser *p = fmt_parser_new(log, strlen(log));
    struct fmt_game fg;
    cr_assert_eq(fmt_parser_next(p, &fg), FMT_OK);
    struct rp_report r;
    struct replay_check c = {g, index, 0};
    cr_assert_eq(rp_replay(&fg, &r, compare_position, &c), RP_DONE);
    int ok = c.mismatches == 0;
    if (r.nviolations) {
        cr_log_error("game %d: turn %d: %s: %s\n%s", index, r.violations[0].turn,
                     rp_code_name(r.violations[0].code), r.violations[0].message, log);
        ok = 0;
    }
    if (r.turns != g->nplies || strcmp(r.termination_name, x->termination) != 0 ||
        r.result != x->result || strcmp(r.detail, x->detail) != 0) {
        cr_log_error("game %d: gcaudit says %d turns, %s %s \"%s\"; the engine %d plies, %s %s \"%s\"\n%s",
                     index, r.turns, rp_result_name(r.result), r.termination_name, r.detail, g->nplies,
                     rp_result_name(x->result), x->termination, x->detail, log);
        ok = 0;
    }
    rp_report_release(&r);
    fmt_game_release(&fg);
    fmt_parser_free(p);
    free(log);
    return ok;
}

Test(replay_extinction_fsf, self_play_games_replay_as_the_engine_ends_them, .timeout = 300)
{
    struct ts_uci *u = start_engine();
    struct game *g = malloc(sizeof *g);
    struct features f = {0, 0, 0, 0};
    int bad = 0, by_engine = 0, both = 0, stalemates = 0, draws = 0, capped = 0, plies = 0;
    /* GC_ORACLE_GAMES=N GC_ORACLE_SEED=K: N games from the K-th on, a soak
     * by hand (docs/testing.md); the suite plays the same GAMES. */
    int games = ts_env_count("GC_ORACLE_GAMES", GAMES), from = ts_env_count("GC_ORACLE_SEED", 0);
    time_t t0 = time(NULL);
    for (int i = from; i < from + games; i++) {
        play_game(u, i, g);
        struct expectation x;
        expect_from_engine(g, &x);
        bad += !replay_and_compare(g, i, &x);
        by_engine += g->end == END_ENGINE;
        both += x.both_extinct;
        stalemates += g->end == END_ENGINE && !g->decisive;
        draws += g->end == END_FIVEFOLD || g->end == END_SEVENTY_FIVE;
        capped += g->end == END_CAP;
        plies += g->nplies;
        count_features(g, &f);
    }
    ts_uci_quit(u);
    free(g);
    cr_log_info("%d self-play games, %d plies, %ld s: %d ended by the engine (%d stalemates, "
                "%d both extinct), %d draws by count, %d unfinished; %d castlings, %d en passant, "
                "%d promotions (%d to a king)",
                games, plies, (long)(time(NULL) - t0), by_engine, stalemates, both, draws, capped,
                f.castlings, f.en_passant, f.promotions, f.king_promotions);
    cr_expect_eq(bad, 0, "%d of %d self-play games differ from the engine", bad, games);
    cr_expect_geq(by_engine, games / 2, "only %d games ended by the engine's own end of game", by_engine);
}
