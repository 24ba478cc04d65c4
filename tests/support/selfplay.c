/*
 * selfplay: the general rules engine against a build of Fairy-Stockfish on
 * whole games (issue 20, "How it is checked"; issue 25, point 5), for
 * every definition gcaudit ships
 * (found by globbing the .ini files of replay/definitions; the engine
 * loads the very file with VariantPath):
 *
 * - Self-play: the engine plays TS_GAMES_FFISH, TS_GAMES_FSF or TS_GAMES_FSF_COVERED games per
 *   definition (games_of): a few random
 *   legal moves at the start and some later, now and then the rarer kind
 *   of move when there is one (castling, en passant, promotion, drop,
 *   gating), searches of varied depth.  Fischer Random games start from
 *   random start positions, and one game in FIXTURE_EVERY from a position
 *   constructed for the definition in tests/fixtures/definitions/
 *   positions.tsv (endings, promotions pending, Black to move), given in
 *   a FEN: header.  Each game is written as a Game Courier log in the
 *   notation of docs/defined-variants.md, chosen at random move by move
 *   (labels or none, promotions as "Q-e8" or "Q-dest", castling as the king's
 *   move to its destination or onto its own rook, with or without the
 *   rook's move, en passant with or without the removal, drops as "P*e4"
 *   or "P-e4", gating as a placement), parsed and replayed: every turn
 *   must be accepted, the position at the start and after every ply must
 *   have the engine's FEN (every field, rp_ffen_write on the state's
 *   position against the engine's `d`), and the game must end where and
 *   as the engine ends it.
 * - Mutations: each game again with one illegal turn planted at a random
 *   ply (a from-to pair the engine's `go perft 1` does not have, a
 *   missing or wrong promotion, a wrong label); gcaudit must report a
 *   violation (any code but result-mismatch) at exactly that turn.
 *
 * How the end is known.  The engine's search answers `bestmove (none)`
 * when the game is over for it (no legal move, or an end its
 * is_immediate_game_end sees: extinction, the flag, the checks, ...); the
 * winner is the sign of the engine's score of the last move (see
 * learn_result), and which end it was is read off the final FEN and the
 * definition's keys.  Ends that 11.1 applies only inside its search, so
 * never as the end of a game, are decided here from the engine's FENs
 * alone, independently of gcaudit (replay/variant_fairy.c lists them):
 * the definition's gcRepetitionEnd-th occurrence of a position (default
 * nFoldRule), gcMoveRuleEnd moves without a capture or pawn move (default
 * nMoveRule), Makruk's count running out, and, with
 * gcInsufficientMaterial, FIDE's dead positions; their results as 11.1's
 * is_optional_game_end gives them (nFoldValue, perpetual checks, Janggi's
 * material count).  A game still going after MAX_PLIES is "unfinished".
 *
 * Every failure names the variant, the game and the ply, and prints the
 * log.  Everything is seeded, and each definition starts from a fresh
 * engine's state (check_definition): the same games every run, whatever
 * other definitions exist.  A
 * missing engine is a failure (./setup.sh installs it), never a skip.
 *
 * Two engines play (selfplay.h): Debian's Fairy-Stockfish 11.1, whose
 * search chooses the moves, and the reference build inside ffish
 * (tests/support/ffish.h), whose `go` is a one-ply player.  With ffish the
 * result of a game the engine ended is its own result() (no score to
 * read), the castling field of a gating variant's FEN is not compared
 * (230826 leaves out the files its castling rights already name), and
 * perft is compared too, at the start and at two positions of each of
 * the first PERFT_GAMES games.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/formats.h"
#include "replay/fairy.h"
#include "replay/replay.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/ffish.h"
#include "tests/support/selfplay.h"
#include "tests/support/support.h"
#include "tests/support/uci.h"

/* A definition the reference reads differently (reference_differs) logs
 * its differences as information, not errors: Criterion makes a run exit
 * 1 once anything is logged at error or warning level, though every test
 * passed. */
static int differs_as_known;
#define log_difference(...)                                                                        \
    do {                                                                                           \
        if (differs_as_known)                                                                      \
            cr_log_info(__VA_ARGS__);                                                              \
        else                                                                                       \
            cr_log_error(__VA_ARGS__);                                                             \
    } while (0)

#define ENGINE_TIMEOUT_MS 60000
/* Games per definition (selfplay.h): issue 25 asks 30 of the reference
 * build (ffish).  Debian's 11.1, the second oracle and the slower one
 * (its search plays the moves), plants an illegal turn in each of its
 * games and plays TS_GAMES_FSF_COVERED of a definition the reference
 * agrees with (which ffish's 30 cover), TS_GAMES_FSF of one the reference
 * reads otherwise (reference_differs, and not ffish in its gcOracles),
 * where 11.1 is the only oracle of its games; GC_ORACLE_GAMES plays more
 * of either by hand (docs/testing.md). */
#define MAX_PLIES 300
#define FEN_MAX 256
#define MOVE_MAX 16
#define MAX_LEGAL 1024

/* The engine the games are played against (ts_selfplay_shipped). */
static enum ts_engine engine;

/* ------------------------------------------------------ FEN, as text */

/* A board read from a FEN: one token per square ("P", "p", "+S", "Q~",
 * "" when empty), rank 0 first, and the hand field ("[...]") if any. */
struct board {
    int files, ranks;
    char sq[RP_FMAX_RANKS][RP_FMAX_FILES][4];
    char wall[RP_FMAX_RANKS][RP_FMAX_FILES]; /* a wall ('*') stands there */
    char hand[64];
};

static void read_board(const char *fen, struct board *b)
{
    memset(b, 0, sizeof *b);
    char rows[RP_FMAX_RANKS][64];
    int nrows = 0, len = 0;
    const char *p = fen;
    for (; *p && *p != ' ' && *p != '['; p++) {
        if (*p == '/') {
            rows[nrows][len] = '\0';
            nrows++, len = 0;
            cr_assert_lt(nrows, RP_FMAX_RANKS, "too many ranks in %s", fen);
        } else if (len < 63) {
            rows[nrows][len++] = *p;
        }
    }
    rows[nrows++][len] = '\0';
    if (*p == '[') {
        const char *end = strchr(p, ']');
        cr_assert_not_null(end, "no ] in %s", fen);
        snprintf(b->hand, sizeof b->hand, "%.*s", (int)(end - p - 1), p + 1);
    }
    b->ranks = nrows;
    for (int r = 0; r < nrows; r++) {
        int rank = nrows - 1 - r, file = 0;
        for (const char *c = rows[r]; *c;) {
            if (isdigit((unsigned char)*c)) {
                file += (int)strtol(c, (char **)&c, 10);
                continue;
            }
            cr_assert_lt(file, RP_FMAX_FILES, "too many files in %s", fen);
            if (*c == '*') {
                /* A wall (Gustav III, Troitzky, a move's wall): no
                 * piece, as an empty square is (nothing is labelled or
                 * moved there; the log writes a wall apart). */
                b->wall[rank][file] = 1;
                file++, c++;
                continue;
            }
            char *t = b->sq[rank][file++];
            int n = 0;
            if (*c == '+')
                t[n++] = *c++;
            t[n++] = *c++;
            if (*c == '~')
                t[n++] = *c++;
            t[n] = '\0';
        }
        if (file > b->files)
            b->files = file;
    }
}

/* The FEN's space-separated field i (0: the board), or "". */
static void fen_field(const char *fen, int i, char *out, size_t size)
{
    const char *p = fen;
    for (int k = 0; k < i && p; k++) {
        p = strchr(p, ' ');
        if (p)
            p++;
    }
    size_t n = p ? strcspn(p, " ") : 0;
    snprintf(out, size, "%.*s", (int)n, p ? p : "");
}

static int fen_fields(const char *fen)
{
    int n = 1;
    for (const char *p = fen; *p; p++)
        n += *p == ' ';
    return n;
}

/* The FEN without its last two fields (half-move clock or count, move
 * number) and without the ~ of pieces promoted as Chess promotes (the
 * reference's position key does not tell Q~ from Q): what a repetition
 * compares. */
static void position_key(const char *fen, char *key, size_t size)
{
    size_t n = 0;
    for (const char *c = fen; *c && n + 1 < size; c++)
        if (*c != '~')
            key[n++] = *c;
    key[n] = '\0';
    for (int k = 0; k < 2; k++) {
        char *sp = strrchr(key, ' ');
        if (sp)
            *sp = '\0';
    }
}

static int colour_of(const char *tok) { return islower((unsigned char)tok[tok[0] == '+']) ? 1 : 0; }
static char letter_of(const char *tok) { return (char)tolower((unsigned char)tok[tok[0] == '+']); }

/* The type of a FEN's token: "+k" is the type k promotes to (Chak's
 * divine king), where the definition names one; -1 for none. */
static int type_of_token(const struct rp_fdef *d, const char *tok)
{
    int t = rp_ftype_of_letter(d, letter_of(tok));
    if (t >= 0 && tok[0] == '+' && d->types[t].promoted >= 0)
        return d->types[t].promoted;
    return tok[0] == '+' ? -1 : t;
}

/* The letter of the piece that castles for a side (castlingKingPiece: the
 * king, or Spartan's commoner), 0 when the definition does not castle. */
static char castling_king(const struct rp_fdef *d, int side)
{
    int t = d->castling ? d->castling_king_type[side] : -1;
    return t >= 0 ? d->types[t].letter : 0;
}

/* ------------------------------------------------------ squares, moves */

struct sq {
    int file, rank;
};

/* A UCI square ("a1", "j10"); the characters read, 0 if none. */
static int read_square(const char *s, struct sq *out)
{
    if (s[0] < 'a' || s[0] > 'l' || !isdigit((unsigned char)s[1]))
        return 0;
    out->file = s[0] - 'a';
    char *end;
    out->rank = (int)strtol(s + 1, &end, 10) - 1;
    return (int)(end - s);
}

/* A move as 11.1 writes it: "e2e4", "e7e8q", "P@e4", "+P@e4", "c7c8+",
 * "g1f3h" (gating), "e1e1" (a pass); and as the reference build writes a
 * wall placed after it (wallingRule): "d1d5,d5f7". */
struct uci {
    int drop;
    char dropped[3];             /* DROP: the label written before '@' */
    struct sq from, to;
    char suffix;                 /* promotion or gating letter, '+', '-' or 0 */
    int walled;
    struct sq wall;              /* walled: the wall's square */
};

static void read_uci(const char *m, struct uci *u)
{
    memset(u, 0, sizeof *u);
    const char *at = strchr(m, '@');
    if (at) {
        u->drop = 1;
        snprintf(u->dropped, sizeof u->dropped, "%.*s", (int)(at - m), m);
        cr_assert(read_square(at + 1, &u->to), "bad drop %s", m);
        return;
    }
    int n = read_square(m, &u->from);
    int k = n ? read_square(m + n, &u->to) : 0;
    cr_assert(n && k, "cannot read the engine's move %s", m);
    u->suffix = m[n + k];
    const char *comma = strchr(m, ',');
    if (comma) {
        struct sq again;
        int w = read_square(comma + 1, &again);
        cr_assert(w && read_square(comma + 1 + w, &u->wall), "cannot read the wall of %s", m);
        u->walled = 1;
        if (u->suffix == ',')
            u->suffix = 0;
    }
}

static int same_sq(struct sq a, struct sq b) { return a.file == b.file && a.rank == b.rank; }

/* ------------------------------------------------------------ a game */

enum end_kind {
    END_ENGINE,                  /* the engine answered bestmove (none) */
    END_INSUFFICIENT,            /* decided here: gcInsufficientMaterial */
    END_REPETITION,              /* decided here: gcRepetitionEnd */
    END_MOVE_RULE,               /* decided here: gcMoveRuleEnd */
    END_COUNTING,                /* decided here: Makruk's count ran out */
    END_CAP                      /* MAX_PLIES: unfinished */
};
static const char *const end_names[] = {"engine", "insufficient", "repetition", "move-rule", "counting", "cap"};

struct game {
    const struct ts_def *def;
    const struct rp_fdef *d;
    int index;
    char start[FEN_MAX];         /* the engine's FEN of the start position */
    int custom_start;            /* the start is not the definition's: FEN: header needed */
    int start_line;              /* the start is positions.tsv's row on this line (0: none) */
    int first_side;              /* the side to move at the start */
    int fen_header;              /* write a FEN: header */
    const char *game_name;       /* the Game: value */
    char moves[MAX_PLIES][MOVE_MAX];
    const char *move_ptrs[MAX_PLIES];
    char fens[MAX_PLIES + 1][FEN_MAX]; /* fens[k]: the engine's FEN before ply k */
    uint8_t in_check[MAX_PLIES + 1];
    uint8_t irreversible[MAX_PLIES]; /* ply k was a capture or a pawn move */
    int nplies;
    enum end_kind end;
    int decisive;                /* END_ENGINE: the engine's score was a mate score */
    int mover_won;               /* END_ENGINE, decisive: the last mover won */
    int cut_at_count;            /* END_CAP before a ply where 11.1's count and the reference's part */
    const char *go;
    unsigned random_percent;
    /* notation style, in percent */
    unsigned p_label, p_companion, p_dest, p_onto_rook;
    uint64_t seed;
};

static int side_at(const struct game *g, int ply) { return (g->first_side + ply) % 2; }
/* The turn number of a ply's marker ("12." or "12..."). */
static int marker_at(const struct game *g, int ply) { return (g->first_side + ply) / 2 + 1; }

/* The mix of players: depth 1 blunders and ends games fast, deeper
 * searches keep material and reach promotions and long endings. */
static const char *const searches[] = {"go depth 1", "go depth 2", "go nodes 600", "go depth 3"};

/* The position before ply `ply`: the engine's FEN of HISTORY plies
 * before, and the moves since.  Not the whole game: 11.1 turns each move
 * of a "position" command into text to find it (UCI::to_move), which made
 * long games quadratic; a few plies keep what a FEN does not say (the
 * previous move's pass or bikjang).  Except with gating: 11.1 writes a
 * gating right on a rook's file as that file's letter ("h") and reads the
 * letter back as a castling right when the king has left its square, so
 * a gating variant's FEN does not survive the round trip and its games
 * are sent whole. */
#define HISTORY 8

static void position_at(struct ts_uci *u, const struct game *g, int ply)
{
    /* ffish is sent the whole game: it keeps its board and plays only the
     * moves added since the last position (tests/ffish/uci.js). */
    int base = ply > HISTORY && !g->d->gating && engine != TS_FFISH ? ply - HISTORY : 0;
    const char *fen = base ? g->fens[base] : g->custom_start ? g->start : NULL;
    cr_assert_eq(ts_uci_position(u, fen, g->move_ptrs + base, ply - base), 0, "Fairy-Stockfish is gone");
}

/* A random start rank for a chess960 definition (Fischer Random,
 * Capablanca Random): the pieces of the definition's own first rank, the
 * two bishops on squares of both colours, the king between the rooks.
 * Every such rank can come out.  out gets the rank in Black's letters. */
static void random_back_rank(const char *start_fen, uint64_t *seed, char *out, size_t size)
{
    size_t n = strcspn(start_fen, "/");
    cr_assert(n >= 3 && n < size, "start rank \"%.*s\"", (int)n, start_fen);
    memset(out, 0, n + 1);
    int bishop = 0;
    for (size_t i = 0; i < n; i++)
        if (start_fen[i] == 'b') {
            size_t sq;
            do
                sq = 2 * ts_rng_below(seed, (unsigned)(n / 2)) + (size_t)(bishop++ % 2);
            while (out[sq]);
            out[sq] = 'b';
        }
    for (size_t i = 0; i < n; i++) {
        char c = start_fen[i];
        if (c == 'b' || c == 'r' || c == 'k')
            continue;
        size_t sq;
        do
            sq = ts_rng_below(seed, (unsigned)n);
        while (out[sq]);
        out[sq] = c;
    }
    const char *rkr = "rkr";
    for (size_t i = 0; i < n; i++)
        if (!out[i])
            out[i] = *rkr++;
}

/* ------------------------------------------------- the harness's ends */

/* Pieces of colour c on the board and in the hand of a FEN, all or of
 * one letter. */
static int count_pieces(const struct board *b, int c, char letter)
{
    int n = 0;
    for (int r = 0; r < b->ranks; r++)
        for (int f = 0; f < b->files; f++)
            if (b->sq[r][f][0] && colour_of(b->sq[r][f]) == c && (!letter || letter_of(b->sq[r][f]) == letter))
                n++;
    for (const char *h = b->hand; *h; h++)
        if (isalpha((unsigned char)*h) && (islower((unsigned char)*h) ? 1 : 0) == c &&
            (!letter || tolower((unsigned char)*h) == letter))
            n++;
    return n;
}

/* FIDE's dead positions that need no search (docs/rules.md, Orthodox
 * Chess): kings and at most one minor piece, or kings and bishops all on
 * one colour of square. */
static int insufficient(const struct game *g, const char *fen)
{
    struct board b;
    read_board(fen, &b);
    if (b.hand[0])
        return 0;
    int minors = 0, knights = 0, light = 0, dark = 0;
    for (int r = 0; r < b.ranks; r++)
        for (int f = 0; f < b.files; f++) {
            const char *t = b.sq[r][f];
            if (!t[0] || letter_of(t) == g->d->types[g->d->king].letter)
                continue;
            if (t[0] == '+' || (letter_of(t) != 'n' && letter_of(t) != 'b'))
                return 0;
            minors++;
            if (letter_of(t) == 'n')
                knights++;
            else if ((f + r) % 2)
                light++;
            else
                dark++;
        }
    return minors <= 1 || (knights == 0 && (!light || !dark));
}

/* Was ply k (fens[k] -> fens[k+1]) a capture or a pawn move, which no
 * later position can repeat across? */
static int irreversible(const struct game *g, int k)
{
    struct board a, b;
    read_board(g->fens[k], &b);
    read_board(g->fens[k + 1], &a);
    struct uci u;
    read_uci(g->moves[k], &u);
    if (u.drop)
        return 0;
    const char *mover = b.sq[u.from.rank][u.from.file];
    if (g->d->pawn >= 0 && mover[0] != '+' && letter_of(mover) == g->d->types[g->d->pawn].letter)
        return 1;
    int side = side_at(g, k);
    return count_pieces(&a, !side, 0) < count_pieces(&b, !side, 0);
}

/* How often fens[ply]'s position occurred since the last capture or pawn
 * move (in the whole game where captured pieces return from the hand),
 * and the earliest ply of the last `upto` occurrences. */
static int occurrences(const struct game *g, int ply, int upto, int *first)
{
    char now[FEN_MAX], then[FEN_MAX];
    position_key(g->fens[ply], now, sizeof now);
    int start = 0;
    if (!g->d->captures_to_hand && !g->d->piece_drops)
        for (int k = ply - 1; k >= 0; k--)
            if (g->irreversible[k]) {
                start = k + 1;
                break;
            }
    int n = 0;
    *first = ply;
    for (int k = ply; k >= start && n < upto; k -= 2) {
        position_key(g->fens[k], then, sizeof then);
        if (strcmp(now, then) == 0) {
            n++;
            *first = k;
        }
    }
    return n;
}

/* Makruk's count in the engine's FEN: the limit (0 when not counting)
 * and the plies counted. */
static int counting(const struct game *g, const char *fen, int *plies)
{
    if (!g->d->counting_rule)
        return 0;
    char f[32];
    fen_field(fen, 3, f, sizeof f);
    if (!isdigit((unsigned char)f[0]))
        return 0;
    char c[32];
    fen_field(fen, 4, c, sizeof c);
    *plies = atoi(c);
    return atoi(f);
}

static int halfmove_clock(const char *fen)
{
    char f[32];
    fen_field(fen, fen_fields(fen) - 2, f, sizeof f);
    return atoi(f);
}

/* Ply k (fens[k] -> fens[k+1]) after which 11.1's count and the
 * reference's part (docs/defined-variants.md, where the two builds
 * differ): a bare king that takes the last pawn starts a count at once in
 * the reference (Makruk's and Cambodian's rules; the limit from the other
 * side's pieces, when it has more than its king), which 11.1 never starts
 * there (its restart on a capture is the reference's, and no count runs
 * while a pawn stands, so the reference's restart on a promotion never
 * meets a running count).  gcaudit follows the reference, so an 11.1
 * game is cut before such a ply, where the two builds still agree. */
static int counts_part(const struct game *g, int k)
{
    const struct rp_fdef *d = g->d;
    if (engine == TS_FFISH || !d->counting_rule || d->counting_rule == RP_FCOUNT_ASEAN || d->pawn < 0)
        return 0;
    struct board b, a;
    read_board(g->fens[k], &b);
    read_board(g->fens[k + 1], &a);
    int mover = side_at(g, k);
    char pawn = d->types[d->pawn].letter;
    return count_pieces(&a, !mover, pawn) < count_pieces(&b, !mover, pawn) && count_pieces(&a, mover, 0) == 1 &&
           count_pieces(&a, 0, pawn) + count_pieces(&a, 1, pawn) == 0 && count_pieces(&a, !mover, 0) > 1;
}

/* Does ply k reset the engine's halfmove clock: a capture, a pawn's move
 * or a drop (the reference's do_move; nMoveRuleTypes is the pawn in every
 * definition with both a count and a move rule)? */
static int clock_resets(const struct game *g, int k)
{
    struct uci u;
    read_uci(g->moves[k], &u);
    return u.drop || irreversible(g, k);
}

/* The engine's halfmove clock at fens[ply].  A FEN writes it, but not
 * while Makruk's or ASEAN's count runs: the count takes its place, and the
 * clock goes on underneath (the reference's is_optional_game_end asks
 * for both, ASEAN's and Sittuyin's fifty moves can end a game that is
 * counting).  So it is counted on from the last FEN that writes it, or
 * from 0 at a start that is already counting (the reference reading such
 * a FEN takes the field for the count and starts its clock at 0). */
static int move_clock(const struct game *g, int ply)
{
    int counted, k = ply;
    while (k > 0 && counting(g, g->fens[k], &counted))
        k--;
    int clock = counting(g, g->fens[k], &counted) ? 0 : halfmove_clock(g->fens[k]);
    for (; k < ply; k++)
        clock = clock_resets(g, k) ? 0 : clock + 1;
    return clock;
}

/* The end the harness decides at fens[ply], after the engine found a
 * move there (replay/variant_fairy.c's order: dead position, repetition,
 * move rule, count; the move rule before the repetition where
 * rp_fdef_move_rule_first says). */
static enum end_kind harness_end(const struct game *g, int ply)
{
    const struct rp_fdef *d = g->d;
    const char *fen = g->fens[ply];
    int first, counted = 0, limit = counting(g, fen, &counted);
    if (d->insufficient_material && insufficient(g, fen))
        return END_INSUFFICIENT;
    int moves = d->move_rule_end && move_clock(g, ply) >= 2 * d->move_rule_end;
    if (moves && rp_fdef_move_rule_first(d))
        return END_MOVE_RULE;
    if (d->repetition_end && occurrences(g, ply, d->repetition_end, &first) >= d->repetition_end)
        return END_REPETITION;
    if (moves)
        return END_MOVE_RULE;
    if (limit && counted > limit)
        return END_COUNTING;
    return END_CAP;
}

/* ------------------------------------------------------------ playing */

#define SPECIAL_PERCENT 30       /* plies that play a rare kind of move if there is one */
#define FIXTURE_EVERY 6          /* one game in this many starts from a positions.tsv row */

/* Is the engine's move m at ply a castling, an en passant capture, a
 * promotion, a drop or a gating (what the notation writes specially)? */
static int is_special(const struct game *g, int ply, const char *m)
{
    const struct rp_fdef *d = g->d;
    struct uci u;
    read_uci(m, &u);
    if (u.drop || u.suffix)
        return 1;
    struct board b;
    read_board(g->fens[ply], &b);
    const char *mover = b.sq[u.from.rank][u.from.file], *dest = b.sq[u.to.rank][u.to.file];
    if (!mover[0] || mover[0] == '+')
        return 0;
    if (castling_king(d, colour_of(mover)) == letter_of(mover) &&
        ((dest[0] && colour_of(dest) == colour_of(mover)) ||
         (u.from.rank == u.to.rank && abs(u.from.file - u.to.file) >= 2)))
        return 1;
    return d->pawn >= 0 && letter_of(mover) == d->types[d->pawn].letter && u.from.file != u.to.file && !dest[0];
}

static void learn_result(struct ts_uci *u, struct game *g);

static void play_game(struct ts_uci *u, const struct ts_def *def, const struct rp_fdef *d, int index,
                      const struct ts_position *starts, int nstarts, struct game *g)
{
    memset(g, 0, sizeof *g);
    g->def = def;
    g->d = d;
    g->index = index;
    uint64_t seed = 0xF5F0000ULL + (uint64_t)(index + ts_env_count("GC_ORACLE_SEED", 0)) * 0x9E3779B97F4A7C15ULL;
    for (const char *c = def->name; *c; c++)
        seed = (seed ^ (uint8_t)*c) * 0x100000001B3ULL;
    g->seed = seed ? seed : 1;
    g->go = searches[ts_rng_below(&g->seed, 4)];
    g->random_percent = (unsigned[]){0, 4, 10}[ts_rng_below(&g->seed, 3)];
    g->p_label = (unsigned[]){0, 50, 100}[ts_rng_below(&g->seed, 3)];
    g->p_companion = (unsigned[]){0, 50, 100}[ts_rng_below(&g->seed, 3)];
    g->p_dest = ts_rng_below(&g->seed, 2) * 50;
    g->p_onto_rook = (unsigned[]){0, 50, 100}[ts_rng_below(&g->seed, 3)];
    g->game_name = def->games[ts_rng_below(&g->seed, (unsigned)def->ngames)];
    int random_plies = 2 + (int)ts_rng_below(&g->seed, 7);
    for (int k = 0; k < MAX_PLIES; k++)
        g->move_ptrs[k] = g->moves[k];

    if (d->chess960) {
        /* A random start position, in X-FEN or Shredder-FEN letters. */
        char rank[RP_FMAX_FILES + 1], upper[RP_FMAX_FILES + 1], pawns[RP_FMAX_FILES + 1];
        random_back_rank(d->start_fen, &g->seed, rank, sizeof rank);
        int n = (int)strlen(rank);
        for (int i = 0; i <= n; i++) {
            upper[i] = (char)toupper((unsigned char)rank[i]);
            pawns[i] = i < n ? 'p' : '\0';
        }
        char rights[8] = "KQkq";
        if (ts_rng_below(&g->seed, 2)) {
            int k = (int)(strchr(rank, 'k') - rank), left = -1, right = -1;
            for (int i = 0; i < n; i++)
                if (rank[i] == 'r')
                    *(i < k ? &left : &right) = i;
            snprintf(rights, sizeof rights, "%c%c%c%c", 'A' + right, 'A' + left, 'a' + right, 'a' + left);
        }
        char white_pawns[RP_FMAX_FILES + 1];
        for (int i = 0; i <= n; i++)
            white_pawns[i] = (char)toupper((unsigned char)pawns[i]);
        snprintf(g->start, sizeof g->start, "%s/%s/%d/%d/%d/%d/%s/%s w %s - 0 1", rank, pawns, n, n, n, n,
                 white_pawns, upper, rights);
        g->custom_start = 1;
    }
    if (nstarts && index % FIXTURE_EVERY == FIXTURE_EVERY - 1) {
        /* A position constructed for the definition (an ending, a
         * promotion pending), given in the FEN: header. */
        const struct ts_position *p = &starts[(index / FIXTURE_EVERY) % nstarts];
        snprintf(g->start, sizeof g->start, "%s", p->fen);
        g->start_line = p->line;
        g->custom_start = 1;
    }
    /* A fresh hash table: each game the same whatever was played before. */
    ts_uci_send(u, "ucinewgame");
    ts_uci_send(u, "isready");
    cr_assert_not_null(ts_uci_until(u, "readyok", NULL, NULL), "Fairy-Stockfish did not get ready");
    position_at(u, g, 0);
    /* ffish answers each ply in one exchange (ts_ffish_play, or
     * ts_ffish_go_play where its one-ply player chooses the move): the
     * FEN, the check and the legal moves of the position the move
     * reached.  11.1 is asked the UCI way. */
    static char legal[MAX_LEGAL][16];
    int check0, nlegal = 0;
    if (engine == TS_FFISH)
        nlegal = ts_ffish_play(u, NULL, g->fens[0], FEN_MAX, &check0, legal, MAX_LEGAL);
    cr_assert(engine == TS_FFISH ? nlegal >= 0 : ts_uci_show(u, g->fens[0], FEN_MAX, &check0) == 0,
              "%s: no FEN from the engine", def->name);
    g->in_check[0] = (uint8_t)check0;
    if (!g->custom_start)
        snprintf(g->start, sizeof g->start, "%s", g->fens[0]);
    char side[4];
    fen_field(g->fens[0], 1, side, sizeof side);
    g->first_side = side[0] == 'b';
    g->fen_header = g->custom_start || ts_rng_below(&g->seed, 5) == 0;

    for (int ply = 0;; ply++) {
        struct ts_uci_result s = {.bestmove = ""};
        if (engine != TS_FFISH) {
            position_at(u, g, ply);
            cr_assert_eq(ts_uci_go(u, g->go, &s), 0, "%s game %d ply %d: no bestmove at %s", def->name, index,
                         ply, g->fens[ply]);
        }
        if (engine == TS_FFISH ? nlegal == 0 : strcmp(s.bestmove, "(none)") == 0) {
            int v;
            g->end = END_ENGINE;
            g->decisive = engine != TS_FFISH && ts_uci_score(&s, &v) == 1; /* ffish: learn_result */
            break;
        }
        if ((g->end = harness_end(g, ply)) != END_CAP || ply == MAX_PLIES)
            break;
        const char *mv = NULL;
        int random = ply < random_plies || ts_rng_below(&g->seed, 100) < g->random_percent;
        if (random || ts_rng_below(&g->seed, 100) < SPECIAL_PERCENT) {
            int n = engine == TS_FFISH ? nlegal : ts_uci_legal_moves(u, legal, MAX_LEGAL);
            cr_assert_gt(n, 0, "%s game %d ply %d: a search found a move but perft 1 none at %s", def->name,
                         index, ply, g->fens[ply]);
            /* Now and then the rarer moves whenever there are some:
             * castling, en passant, promotion, drops, gating. */
            int specials[MAX_LEGAL], ns = 0;
            for (int k = 0; k < n && !random; k++)
                if (is_special(g, ply, legal[k]))
                    specials[ns++] = k;
            if (random)
                mv = legal[ts_rng_below(&g->seed, (unsigned)n)];
            else if (ns)
                mv = legal[specials[ts_rng_below(&g->seed, (unsigned)ns)]];
        }
        /* ffish's player plays the move it chooses in the same exchange. */
        int check, played = !mv && engine == TS_FFISH;
        if (played) {
            nlegal = ts_ffish_go_play(u, g->go, &s, g->fens[ply + 1], FEN_MAX, &check, legal, MAX_LEGAL);
            cr_assert_geq(nlegal, 0, "%s game %d ply %d: no bestmove and FEN at %s", def->name, index, ply,
                          g->fens[ply]);
        }
        if (!mv)
            mv = s.bestmove;
        cr_assert_lt(strlen(mv), MOVE_MAX, "move %s too long", mv);
        strcpy(g->moves[ply], mv);
        if (engine == TS_FFISH && !played) {
            nlegal = ts_ffish_play(u, g->moves[ply], g->fens[ply + 1], FEN_MAX, &check, legal, MAX_LEGAL);
            cr_assert_geq(nlegal, 0, "no FEN from the engine");
        } else {
            position_at(u, g, ply + 1);
            cr_assert_eq(ts_uci_show(u, g->fens[ply + 1], FEN_MAX, &check), 0, "no FEN from the engine");
        }
        g->in_check[ply + 1] = (uint8_t)check;
        g->irreversible[ply] = (uint8_t)irreversible(g, ply);
        cr_assert_str_neq(g->fens[ply + 1], g->fens[ply], "%s game %d ply %d: the engine refused its own move %s at %s",
                          def->name, index, ply, mv, g->fens[ply]);
        if (counts_part(g, ply)) {
            g->end = END_CAP; /* unfinished at ply: the builds' counts part after it */
            g->cut_at_count = 1;
            break;
        }
        g->nplies = ply + 1;
    }
    if (g->end == END_ENGINE)
        learn_result(u, g);
}

/* The engine's FEN with its half-move clock set to 0 (not in a count). */
static void clock_reset(const struct game *g, const char *fen, char *out, size_t size)
{
    int counted;
    snprintf(out, size, "%s", fen);
    if (counting(g, fen, &counted))
        return;
    char *sp = strrchr(out, ' ');
    cr_assert_not_null(sp);
    *sp = '\0';
    char *clock = strrchr(out, ' ');
    cr_assert_not_null(clock);
    snprintf(clock + 1, size - (size_t)(clock + 1 - out), "0 %s", strrchr(fen, ' ') + 1);
}

/* Who won a game the engine ended.  Its root answer ("info depth 0 score
 * mate 0") loses the sign, so the last move is scored again from the
 * position before it ("go depth 2 searchmoves M": depth 2, because 11.1's
 * quiescence search at depth 1 does not see a stalemate).  Where the
 * nMoveRule count has run out, 11.1's search calls a stalemate a draw
 * (Search::search asks is_game_end, optional ends included, before it
 * counts moves), so both positions are given again with their clocks at
 * 0: a stalemate ends the game before any move rule does
 * (replay/variant_fairy.c). */
static void learn_result(struct ts_uci *u, struct game *g)
{
    const struct rp_fdef *d = g->d;
    const char *name = g->def->name;
    cr_assert_gt(g->nplies, 0, "%s game %d: the start position %s (positions.tsv:%d) is already over", name,
                 g->index, g->start, g->start_line);
    if (engine == TS_FFISH) {
        /* The reference build says the result itself. */
        char result[16];
        int insufficient;
        position_at(u, g, g->nplies);
        cr_assert_eq(ts_ffish_result(u, result, sizeof result, &insufficient), 0, "ffish gave no result");
        cr_assert_str_neq(result, "*", "%s game %d: ffish has no move but no result at %s", name, g->index,
                          g->fens[g->nplies]);
        g->decisive = strcmp(result, "1/2-1/2") != 0;
        g->mover_won = g->decisive && (strcmp(result, "1-0") == 0) == (side_at(g, g->nplies - 1) == 0);
        if (insufficient && !g->decisive) {
            /* ffish's result() asks its own guess at insufficient material
             * (apiutil.h's has_insufficient_material) before the rules: a
             * mate by a piece the guess does not count as mating (Ai-Wok's
             * ai-wok) reads as a draw.  The engine's rules score the end
             * with checkmateValue or stalemateValue, for the side to move. */
            enum rp_fvalue v = g->in_check[g->nplies] ? d->checkmate_value : d->stalemate_value;
            g->decisive = v == RP_FV_WIN || v == RP_FV_LOSS;
            g->mover_won = v == RP_FV_LOSS;
        }
        return;
    }
    int last = g->nplies - 1, counted, v = 0;
    int reset = d->n_move_rule && !counting(g, g->fens[g->nplies], &counted) &&
                halfmove_clock(g->fens[g->nplies]) >= 2 * d->n_move_rule - 1;
    struct ts_uci_result s;
    char fen[FEN_MAX], go[64];
    if (reset) {
        clock_reset(g, g->fens[g->nplies], fen, sizeof fen);
        cr_assert_eq(ts_uci_position(u, fen, NULL, 0), 0);
        cr_assert_eq(ts_uci_go(u, "go depth 1", &s), 0);
        cr_assert_str_eq(s.bestmove, "(none)", "%s game %d: %s is not over for the engine", name, g->index, fen);
        g->decisive = ts_uci_score(&s, &v) == 1;
    }
    if (!g->decisive)
        return;
    if (reset) {
        clock_reset(g, g->fens[last], fen, sizeof fen);
        cr_assert_eq(ts_uci_position(u, fen, NULL, 0), 0);
    } else {
        position_at(u, g, last);
    }
    snprintf(go, sizeof go, "go depth 2 searchmoves %s", g->moves[last]);
    cr_assert_eq(ts_uci_go(u, go, &s), 0);
    cr_assert_eq(ts_uci_score(&s, &v), 1, "%s game %d: the engine scores the last move %s as \"%s\"", name,
                 g->index, g->moves[last], s.score);
    g->mover_won = v > 0;
}

/* --------------------------------------- the game as a Game Courier log */

static int chance(struct game *g, unsigned percent) { return ts_rng_below(&g->seed, 100) < percent; }

/* A token's label as the definition's gcLabels write it ("~" dropped). */
static void label(const struct game *g, const char *tok, char *out, size_t size)
{
    const struct rp_fdef *d = g->d;
    int promoted = tok[0] == '+', c = colour_of(tok);
    int t = rp_ftype_of_letter(d, letter_of(tok));
    cr_assert_geq(t, 0, "%s: no piece type has the letter of \"%s\"", d->name, tok);
    const char *l = d->labels[c][t];
    char base[RP_FLABEL_MAX];
    if (l[0])
        snprintf(base, sizeof base, "%s", l);
    else
        snprintf(base, sizeof base, "%c", c ? letter_of(tok) : (char)toupper((unsigned char)letter_of(tok)));
    snprintf(out, size, "%s%s", promoted ? "+" : "", base);
}

static void sqname(const struct game *g, struct sq s, char *out, size_t size)
{
    snprintf(out, size, "%s%s", g->d->file_labels[s.file], g->d->rank_labels[s.rank]);
}

/* What one ply did, read off the two FENs. */
struct ply_shape {
    struct uci u;
    int pass, castle, ep, promotion, gating, blast;
    struct sq king_to, rook_from, rook_to, ep_sq, gate_sq;
    struct sq duck_from;         /* wallingRule = duck: where the duck stood, file -1 for nowhere */
    char mover[4], promoted[4], gated[4], rook[4]; /* rook: the castling rook's letter */
};

/* Is tok (a FEN cell) one of side's castling rooks (castlingRookPieces may
 * list several types), unpromoted? */
static int castling_rook_of(const struct rp_fdef *d, int side, const char *tok)
{
    if (!tok[0] || tok[0] == '+' || colour_of(tok) != side)
        return 0;
    int t = rp_ftype_of_letter(d, letter_of(tok));
    return t >= 0 && (d->castling_rooks[side] >> t & 1);
}

/* Does a piece of this letter capture en passant: the pawn, or one of
 * enPassantTypes (Berolina's pawn, a custom piece)? */
static int takes_en_passant(const struct rp_fdef *d, int side, char letter)
{
    int t = rp_ftype_of_letter(d, letter);
    return t >= 0 && (t == d->pawn || (d->en_passant_types[side] >> t & 1));
}

/* A move of a blastOnCapture definition (not castling) into s: a capture
 * (the destination held an enemy piece, or a pawn's diagonal step onto
 * an empty square took en passant) empties the destination and the
 * squares around it but pawns' and blastImmuneTypes'; the blown-up
 * squares are marked explained in changed.  The promotion a capture
 * makes (blown up at once) is read off the engine's move, into
 * s->promoted, which is otherwise left empty. */
static void blast_shape(const struct game *g, const struct board *b, const struct board *a, int side,
                        struct ply_shape *s, int changed[RP_FMAX_RANKS][RP_FMAX_FILES])
{
    struct sq from = s->u.from, to = s->u.to;
    const char *dest = b->sq[to.rank][to.file], *past = b->sq[from.rank][to.file];
    if (!dest[0] && from.file != to.file && s->mover[0] != '+' &&
        takes_en_passant(g->d, side, letter_of(s->mover)) && past[0] && colour_of(past) != side &&
        !a->sq[from.rank][to.file][0]) {
        s->ep = 1;
        s->ep_sq = (struct sq){to.file, from.rank};
        changed[from.rank][to.file] = 0;
    }
    s->blast = s->ep || (dest[0] && colour_of(dest) != side);
    if (!s->blast)
        return;
    if (isalpha((unsigned char)s->u.suffix))
        snprintf(s->promoted, sizeof s->promoted, "%c",
                 side ? s->u.suffix : (char)toupper((unsigned char)s->u.suffix));
    for (int r = to.rank - 1; r <= to.rank + 1; r++)
        for (int f = to.file - 1; f <= to.file + 1; f++)
            if (r >= 0 && r < b->ranks && f >= 0 && f < b->files && !a->sq[r][f][0])
                changed[r][f] = 0;
}

/* A wall ('*') of a FEN's board into *at (the duck's square, the only
 * one); left as it is when there is none. */
static void find_wall(const char *fen, struct sq *at)
{
    struct board b;
    read_board(fen, &b);
    for (int r = 0; r < b.ranks; r++)
        for (int f = 0; f < b.files; f++)
            if (b.wall[r][f])
                *at = (struct sq){f, r};
}

static void shape_of(const struct game *g, int ply, struct ply_shape *s)
{
    const struct rp_fdef *d = g->d;
    struct board b, a;
    read_board(g->fens[ply], &b);
    read_board(g->fens[ply + 1], &a);
    memset(s, 0, sizeof *s);
    read_uci(g->moves[ply], &s->u);
    s->duck_from = (struct sq){-1, -1};
    if (s->u.walled)
        find_wall(g->fens[ply], &s->duck_from);
    int side = side_at(g, ply);
    int changed[RP_FMAX_RANKS][RP_FMAX_FILES] = {{0}};
    for (int r = 0; r < b.ranks; r++)
        for (int f = 0; f < b.files; f++)
            changed[r][f] = strcmp(b.sq[r][f], a.sq[r][f]) != 0;
    struct sq from = s->u.from, to = s->u.to;
    if (s->u.drop) {
        changed[to.rank][to.file] = 0;
    } else if (same_sq(from, to) && !isalpha((unsigned char)s->u.suffix)) {
        s->pass = 1; /* with a letter, Sittuyin's promotion in place */
    } else {
        char king = castling_king(d, side);
        const char *first = b.sq[from.rank][from.file], *second = b.sq[to.rank][to.file];
        if (d->castling && first[0] && second[0] && colour_of(first) == side && colour_of(second) == side &&
            castling_rook_of(d, side, first) && letter_of(second) == king) {
            /* The engine writes castling with a gating on the rook's
             * square as the rook going to the king ("a8e8h"); read it as
             * the king going onto its rook, which Game Courier writes. */
            s->u.from = to;
            s->u.to = from;
            from = s->u.from;
            to = s->u.to;
        }
        snprintf(s->mover, sizeof s->mover, "%s", b.sq[from.rank][from.file]);
        const char *dest = b.sq[to.rank][to.file];
        int own_rook = d->castling && castling_rook_of(d, side, dest);
        if (d->castling && letter_of(s->mover) == king && s->mover[0] != '+' &&
            (own_rook || (from.rank == to.rank && abs(from.file - to.file) >= 2))) {
            /* Castling: where king and rook went, from the board after. */
            s->castle = 1;
            int r = from.rank;
            s->rook_from = s->rook_to = (struct sq){-1, r};
            for (int f = 0; f < b.files; f++) {
                const char *x = b.sq[r][f], *y = a.sq[r][f];
                int had = castling_rook_of(d, side, x), has = castling_rook_of(d, side, y);
                if (y[0] && colour_of(y) == side && letter_of(y) == king)
                    s->king_to = (struct sq){f, r};
                if (had && !has) {
                    s->rook_from.file = f;
                    s->rook[0] = letter_of(x);
                }
                if (has && !had)
                    s->rook_to.file = f;
                changed[r][f] = 0;
            }
            if (s->rook_from.file < 0) /* the rook did not move */
                s->rook_from = s->rook_to = own_rook ? to : (struct sq){-1, r};
            if (own_rook && !s->rook[0])
                s->rook[0] = letter_of(dest);
            cr_assert(s->king_to.file >= 0 || s->rook_from.file >= 0, "castling %s not understood", g->moves[ply]);
            /* Gating while castling: a new piece on the king's or the
             * rook's square. */
            for (int f = 0; f < b.files; f++) {
                const char *y = a.sq[r][f];
                if ((f == from.file || f == s->rook_from.file) && strcmp(b.sq[r][f], y) != 0 && y[0] &&
                    colour_of(y) == side && letter_of(y) != king && !castling_rook_of(d, side, y)) {
                    s->gating = 1;
                    s->gate_sq = (struct sq){f, r};
                    snprintf(s->gated, sizeof s->gated, "%s", y);
                }
            }
        } else {
            changed[from.rank][from.file] = changed[to.rank][to.file] = 0;
            if (d->blast_on_capture) {
                /* Atomic: a capture (en passant too) blows up the squares
                 * around it, which the log does not write. */
                blast_shape(g, &b, &a, side, s, changed);
            } else if (s->mover[0] != '+' && takes_en_passant(d, side, letter_of(s->mover)) && !dest[0]) {
                /* En passant: the enemy pawn that vanished (a pawn that
                 * captures straight ahead, Berolina's, takes so too). */
                for (int r = 0; r < b.ranks; r++)
                    for (int f = 0; f < b.files; f++)
                        if (changed[r][f] && b.sq[r][f][0] && !a.sq[r][f][0] && colour_of(b.sq[r][f]) != side) {
                            s->ep = 1;
                            s->ep_sq = (struct sq){f, r};
                            changed[r][f] = 0;
                        }
            }
            const char *now = s->blast ? s->promoted : a.sq[to.rank][to.file];
            char was_plain[4], now_plain[4];
            snprintf(was_plain, sizeof was_plain, "%.*s", (int)strcspn(s->mover, "~"), s->mover);
            snprintf(now_plain, sizeof now_plain, "%.*s", (int)strcspn(now, "~"), now);
            if (now[0] && strcmp(was_plain, now_plain) != 0) {
                s->promotion = 1;
                /* A blast's promotion is in s->promoted already: copying a
                 * string onto itself through snprintf leaves it empty. */
                if (now != s->promoted)
                    snprintf(s->promoted, sizeof s->promoted, "%s", now);
            }
            const char *left = a.sq[from.rank][from.file];
            if (left[0] && !same_sq(from, to)) { /* not a promotion in place */
                s->gating = 1;
                s->gate_sq = from;
                snprintf(s->gated, sizeof s->gated, "%s", left);
            }
        }
    }
    for (int r = 0; r < b.ranks; r++)
        for (int f = 0; f < b.files; f++)
            cr_assert(!changed[r][f], "%s game %d ply %d: the move %s changed square %c%d, which the harness "
                      "cannot explain (%s -> %s)", d->name, g->index, ply, g->moves[ply], 'a' + f, r + 1,
                      g->fens[ply], g->fens[ply + 1]);
}

/* Ply `ply` in Game Courier notation, with the style's random choices. */
static void gc_turn(struct game *g, int ply, const struct ply_shape *s, char *out, size_t size)
{
    char l[8], a[8], b[8], c[8];
    size_t at = 0;
#define PUT(...) (at += (size_t)snprintf(out + at, at < size ? size - at : 0, __VA_ARGS__))
    if (s->pass) {
        PUT("pass");
        return;
    }
    if (s->u.drop) {
        char tok[4];
        snprintf(tok, sizeof tok, "%s", s->u.dropped);
        if (side_at(g, ply)) /* the engine writes a dropped piece's letter upper-case */
            for (char *p = tok; *p; p++)
                *p = (char)tolower((unsigned char)*p);
        label(g, tok, l, sizeof l);
        sqname(g, s->u.to, a, sizeof a);
        PUT("%s%s%s", l, chance(g, 50) ? "*" : "-", a);
        return;
    }
    if (s->promotion && same_sq(s->u.from, s->u.to) && chance(g, 50)) {
        /* A promotion in place (sittuyinPromotion): the placement alone. */
        label(g, s->promoted, l, sizeof l);
        sqname(g, s->u.to, a, sizeof a);
        PUT("%s-%s", l, a);
        return;
    }
    label(g, s->mover, l, sizeof l);
    if (chance(g, g->p_label))
        PUT("%s ", l);
    sqname(g, s->u.from, a, sizeof a);
    if (s->castle) {
        int companion = s->rook_from.file >= 0 && !same_sq(s->rook_from, s->rook_to) && chance(g, g->p_companion);
        /* The king's destination is a castling by itself only when the
         * king moves two files or more; otherwise the rook must follow,
         * or the king goes onto its rook (docs/defined-variants.md). */
        int dest_ok = s->king_to.file >= 0 && !same_sq(s->king_to, s->u.from) &&
                      (abs(s->king_to.file - s->u.from.file) >= 2 || companion);
        int onto = s->rook_from.file >= 0 && (!dest_ok || chance(g, g->p_onto_rook));
        cr_assert(onto || dest_ok, "%s game %d ply %d: castling %s cannot be written", g->d->name, g->index,
                  ply, g->moves[ply]);
        sqname(g, onto ? s->rook_from : s->king_to, b, sizeof b);
        PUT("%s-%s", a, b);
        if (companion) {
            char rl[8], tok[4] = {s->rook[0], 0};
            if (!side_at(g, ply))
                tok[0] = (char)toupper((unsigned char)tok[0]);
            label(g, tok, rl, sizeof rl);
            sqname(g, s->rook_from, b, sizeof b);
            sqname(g, s->rook_to, c, sizeof c);
            int with_label = chance(g, g->p_label);
            PUT("; %s%s%s-%s", with_label ? rl : "", with_label ? " " : "", b, c);
        }
    } else {
        sqname(g, s->u.to, b, sizeof b);
        PUT("%s-%s", a, b);
        if (s->promotion) {
            label(g, s->promoted, l, sizeof l);
            PUT("; %s-%s", l, chance(g, g->p_dest) ? "dest" : b);
        }
        if (s->ep && chance(g, g->p_companion)) {
            sqname(g, s->ep_sq, c, sizeof c);
            if (chance(g, 50))
                PUT("; %s-", c);
            else
                PUT("; @-%s", c);
        }
    }
    if (s->gating) {
        label(g, s->gated, l, sizeof l);
        sqname(g, s->gate_sq, c, sizeof c);
        PUT("; %s-%s", l, c);
    }
    if (s->u.walled) {
        /* The wall, last; the duck also as a move from where it stood. */
        sqname(g, s->u.wall, c, sizeof c);
        if (g->d->walling_rule == RP_FWALL_DUCK && s->duck_from.file >= 0 && chance(g, 50)) {
            sqname(g, s->duck_from, a, sizeof a);
            PUT("; * %s-%s", a, c);
        } else {
            PUT("; %s%s", chance(g, 50) ? "*-" : "* - ", c);
        }
    }
#undef PUT
}

#define TURN_MAX 96

/* The log of turns[0..nturns-1] (each one ply), with the game's headers;
 * a Result: header when declared is not RP_RESULT_NONE.  The caller frees. */
static char *game_log(const struct game *g, char (*turns)[TURN_MAX], int nturns, enum rp_result declared,
                      const char *kind)
{
    size_t cap = 1024 + (size_t)nturns * (TURN_MAX + 16);
    char *log = malloc(cap);
    cr_assert_not_null(log);
    size_t at = (size_t)snprintf(log, cap,
                                 "Game: %s\nLog: fsf-%s-%s-%03d\nWhite: Fairy-Stockfish White\n"
                                 "Black: Fairy-Stockfish Black\n",
                                 g->game_name, kind, g->def->name, g->index);
    if (g->fen_header)
        at += (size_t)snprintf(log + at, cap - at, "FEN: %s\n", g->start);
    if (declared != RP_RESULT_NONE)
        at += (size_t)snprintf(log + at, cap - at, "Result: %s\n", rp_result_name(declared));
    at += (size_t)snprintf(log + at, cap - at, "\n");
    for (int k = 0; k < nturns; k++)
        at += (size_t)snprintf(log + at, cap - at, "%d%s %s\n", marker_at(g, k), side_at(g, k) ? "..." : ".", turns[k]);
    return log;
}

/* ------------------------------------------------------ the expectation */

struct expectation {
    enum rp_result result;
    const char *termination;
    char termination_buf[RP_TERM_NAME_MAX]; /* a counted termination's name */
    char detail[RP_DETAIL_MAX];
    int detail_prefix;           /* only the start of the detail is known */
    int pawn_drop_mate;          /* the last ply is a mate by a dropped pawn (pawn_drop_mate) */
};

static enum rp_result for_colour(int winner) { return winner ? RP_RESULT_BLACK : RP_RESULT_WHITE; }

static enum rp_result material_result(const struct game *g, const char *fen, char *detail, size_t size);

/* Are the kings on one file with nothing between (Janggi's bikjang)? */
static int kings_face(const struct game *g, const char *fen)
{
    struct board b;
    read_board(fen, &b);
    char king = g->d->types[g->d->king].letter;
    for (int f = 0; f < b.files; f++) {
        int last = -1;
        for (int r = 0; r < b.ranks; r++)
            if (b.sq[r][f][0]) {
                int is_king = letter_of(b.sq[r][f]) == king && b.sq[r][f][0] != '+';
                if (is_king && last >= 0 && colour_of(b.sq[last][f]) != colour_of(b.sq[r][f]))
                    return 1;
                last = is_king ? r : -1;
            }
    }
    return 0;
}

/* Which end the final position shows, in 11.1's order
 * (Position::is_immediate_game_end, then no legal move), named as
 * gcaudit's reports name it. */
static void classify(const struct game *g, struct expectation *x)
{
    const struct rp_fdef *d = g->d;
    const char *fen = g->fens[g->nplies];
    int stm = side_at(g, g->nplies), mover = !stm;
    struct board b;
    read_board(fen, &b);
    /* The reference's is_immediate_game_end: pseudo-royal pieces cannot
     * be taken (but by a blast), so their extinction is no end; the side
     * that has them is mated or stalemated instead (Chak, Spartan). */
    if (d->extinction_value != RP_FV_NONE && (!d->extinction_pseudo_royal || d->blast_on_capture)) {
        for (int c = 0; c < 2; c++) {
            int claim = d->extinction_claim && c == stm;
            if (d->extinction_all) {
                if (count_pieces(&b, c, 0) <= d->extinction_piece_count &&
                    count_pieces(&b, !c, 0) >= d->extinction_opponent_piece_count + claim) {
                    x->termination = d->extinction_piece_count ? "bare-king" : "no-pieces";
                    return;
                }
                continue;
            }
            for (int i = 0; i < d->ntypes; i++) {
                int t = d->present[i];
                char l = d->types[t].letter;
                if ((d->extinction_types >> t & 1) && count_pieces(&b, c, l) <= d->extinction_piece_count &&
                    count_pieces(&b, !c, l) >= d->extinction_opponent_piece_count + claim) {
                    x->termination = "extinction";
                    snprintf(x->detail, sizeof x->detail, "extinct=");
                    x->detail_prefix = 1;
                    return;
                }
            }
        }
    }
    if (d->flag_piece >= 0) {
        /* The side that just moved onto its flag; with flagMove, also the
         * side to move, whose flag the other side could not answer (Racing
         * Kings: Black's king on the eighth rank wins at once, White's
         * after Black's reply). */
        for (int k = 0; k < 2; k++) {
            int who = k ? stm : mover;
            if (k && !d->flag_move)
                break;
            /* With flagMove the side to move gets its move first (Jeson
             * Mor: a knight on the centre wins only if it is still there
             * after the reply), but where its flag piece is the king: a
             * side to move with no reply is mated or stalemated instead. */
            if (!k && d->flag_move && d->flag_piece != d->king)
                continue;
            for (int r = 0; r < b.ranks; r++)
                for (int f = 0; f < b.files; f++) {
                    const char *t = b.sq[r][f];
                    if (t[0] && type_of_token(d, t) == d->flag_piece && colour_of(t) == who &&
                        rp_fset_has(&d->flag[who], rp_fsq(f, r))) {
                        x->termination = "flag";
                        snprintf(x->detail, sizeof x->detail, "flag=%s%s", d->file_labels[f], d->rank_labels[r]);
                        return;
                    }
                }
        }
    }
    if (d->check_counting) {
        char f[16];
        int left[2];
        fen_field(fen, fen_fields(fen) - 3, f, sizeof f);
        cr_assert_eq(sscanf(f, "%d+%d", &left[0], &left[1]), 2, "no check counts in %s", fen);
        if (left[mover] == 0) {
            x->termination = "checks";
            return;
        }
    }
    cr_assert_eq(d->connect_n, 0, "%s: the harness does not decide connect-n ends", d->name);
    if (g->nplies >= 2 && d->king >= 0 && kings_face(g, fen) && kings_face(g, g->fens[g->nplies - 1]) &&
        d->bikjang) {
        x->termination = "bikjang";
        if (d->material_counting)
            material_result(g, fen, x->detail, sizeof x->detail);
        return;
    }
    if (g->nplies >= 2) {
        struct uci a, c;
        read_uci(g->moves[g->nplies - 1], &a);
        read_uci(g->moves[g->nplies - 2], &c);
        if (!a.drop && !c.drop && same_sq(a.from, a.to) && same_sq(c.from, c.to)) {
            x->termination = "passes";
            if (d->material_counting)
                material_result(g, fen, x->detail, sizeof x->detail);
            return;
        }
    }
    x->termination = g->in_check[g->nplies] ? "checkmate" : "stalemate";
}

/* 11.1's material_counting_result (position.h) on a FEN: Janggi's
 * weighted count, White needing more than one point, or the plain count
 * of pieces on the board; the counts into detail as gcaudit writes them
 * ("material=W-B"). */
static enum rp_result material_result(const struct game *g, const char *fen, char *detail, size_t size)
{
    const struct rp_fdef *d = g->d;
    static const struct {
        int type, weight;
    } janggi[] = {{RP_FTYPE_ROOK, 13}, {RP_FTYPE_JANGGI_CANNON, 7}, {RP_FTYPE_HORSE, 5},
                  {RP_FTYPE_JANGGI_ELEPHANT, 3}, {RP_FTYPE_WAZIR, 3}, {RP_FTYPE_SOLDIER, 2}};
    struct board b;
    read_board(fen, &b);
    b.hand[0] = '\0'; /* the board's pieces only */
    int pts[2] = {0, 0};
    enum rp_result r;
    if (d->material_counting == RP_FMAT_JANGGI) {
        for (size_t i = 0; i < sizeof janggi / sizeof janggi[0]; i++) {
            char l = d->types[janggi[i].type].letter;
            for (int c = 0; l && c < 2; c++)
                pts[c] += janggi[i].weight * count_pieces(&b, c, l);
        }
        r = pts[0] - pts[1] - 1 > 0 ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    } else {
        pts[0] = count_pieces(&b, 0, 0);
        pts[1] = count_pieces(&b, 1, 0);
        r = pts[0] > pts[1] ? RP_RESULT_WHITE : pts[0] < pts[1] ? RP_RESULT_BLACK : RP_RESULT_DRAW;
    }
    snprintf(detail, size, "material=%d-%d", pts[0], pts[1]);
    return r;
}

/* Did the engine's game end on a mate by a dropped pawn where
 * shogiPawnDropMateIllegal forbids one?  The engine plays the drop and
 * lets the side mated win (its checkmate_value); gcaudit reports the
 * illegal drop it is (docs/defined-variants.md, "Where the two builds
 * differ"), which replay_and_compare then expects. */
static int pawn_drop_mate(const struct game *g)
{
    const struct rp_fdef *d = g->d;
    if (!d->shogi_pawn_drop_mate_illegal || g->end != END_ENGINE || !g->nplies || !g->in_check[g->nplies] ||
        !g->decisive || g->mover_won)
        return 0;
    struct uci u;
    read_uci(g->moves[g->nplies - 1], &u);
    int t = u.drop ? rp_ftype_of_letter(d, (char)tolower((unsigned char)u.dropped[0])) : -1;
    return u.dropped[0] != '+' && t >= 0 && d->types[t].role == RP_FR_SHOGI_PAWN;
}

static void expect(const struct game *g, struct expectation *x)
{
    const struct rp_fdef *d = g->d;
    memset(x, 0, sizeof *x);
    int stm = side_at(g, g->nplies), first = 0, limit, counted = 0;
    x->result = RP_RESULT_DRAW;
    switch (g->end) {
    case END_CAP:
        x->result = RP_RESULT_NONE;
        x->termination = "unfinished";
        return;
    case END_INSUFFICIENT:
        x->termination = "insufficient-material";
        return;
    case END_REPETITION: {
        occurrences(g, g->nplies, d->repetition_end, &first);
        x->termination = rp_term_name((struct rp_term){RP_TERM_REPETITION, d->repetition_end}, x->termination_buf);
        if (d->perpetual_check_illegal) {
            /* 11.1's is_optional_game_end: the side to move checked in
             * every position of the cycle wins; the other way round, loses.
             * Both sides checked all through: 11.1 gives the side to move
             * the win, the reference build (which gcaudit follows, docs/
             * defined-variants.md) draws, with materialCounting. */
            int them = 1, us = 1;
            for (int k = first; k <= g->nplies; k++)
                *((g->nplies - k) % 2 ? &us : &them) &= g->in_check[k];
            if (them && us) {
                x->termination = "perpetual-check";
                if (d->material_counting)
                    x->result = material_result(g, g->fens[g->nplies], x->detail, sizeof x->detail);
                return;
            }
            if (them || us) {
                x->termination = "perpetual-check";
                x->result = for_colour(them ? stm : !stm);
                return;
            }
        }
        enum rp_fvalue v = d->n_fold_value;
        if (d->n_fold_value_absolute && stm == 1)
            v = v == RP_FV_WIN ? RP_FV_LOSS : v == RP_FV_LOSS ? RP_FV_WIN : v;
        x->result = v == RP_FV_WIN ? for_colour(stm) : v == RP_FV_LOSS ? for_colour(!stm) : RP_RESULT_DRAW;
        if (x->result == RP_RESULT_DRAW && d->material_counting)
            x->result = material_result(g, g->fens[g->nplies], x->detail, sizeof x->detail);
        /* What 11.1 does not judge (Xiangqi's chasing) is left to review:
         * its result only when the log declares no winner. */
        if (d->repetition_review[0])
            snprintf(x->detail, sizeof x->detail, "review=%s", d->repetition_review);
        return;
    }
    case END_MOVE_RULE:
        x->termination = rp_term_name((struct rp_term){RP_TERM_MOVE_RULE, d->move_rule_end}, x->termination_buf);
        if (d->material_counting) {
            x->result = material_result(g, g->fens[g->nplies], x->detail, sizeof x->detail);
        }
        return;
    case END_COUNTING:
        limit = counting(g, g->fens[g->nplies], &counted);
        x->termination = "counting";
        snprintf(x->detail, sizeof x->detail, "count=%d", limit / 2);
        return;
    case END_ENGINE:
        break;
    }
    if (g->decisive)
        x->result = for_colour(g->mover_won ? !stm : stm);
    x->pawn_drop_mate = pawn_drop_mate(g);
    classify(g, x);
}

/* --------------------------------------------------------- the replay */

struct replay_check {
    const struct game *g;
    int ply;                     /* the position the next call shows */
    int mismatches;
    char first[FEN_MAX * 2 + 128];
};

/* Are gcaudit's FEN and the engine's the same?  Every field, but for the
 * castling field of a gating variant against ffish: 230826 leaves out the
 * gating files its castling rights already name (KQBCDFG for 11.1's
 * KQABCDEFGH), gcaudit writes 11.1's. */
static int same_fen(const struct game *g, const char *ours, const char *theirs)
{
    if (strcmp(ours, theirs) == 0)
        return 1;
    if (engine != TS_FFISH || !g->d->seirawan_gating || fen_fields(ours) != fen_fields(theirs))
        return 0;
    for (int i = 0; i < fen_fields(ours); i++) {
        char a[FEN_MAX], b[FEN_MAX];
        fen_field(ours, i, a, sizeof a);
        fen_field(theirs, i, b, sizeof b);
        if (i != 2 && strcmp(a, b) != 0)
            return 0;
    }
    return 1;
}

/* After the start and after every accepted turn: gcaudit's FEN must be
 * the engine's. */
static void compare_position(void *ctx, const struct fmt_turn *turn, const struct rp_variant *v,
                             const void *state)
{
    struct replay_check *c = ctx;
    (void)turn;
    int ply = c->ply++;
    if (!v->def) {
        if (c->mismatches++ == 0)
            snprintf(c->first, sizeof c->first, "replayed as %s, not a defined variant", v->name);
        return;
    }
    char ours[FEN_MAX];
    rp_ffen_write(&((const struct rp_fgame *)state)->pos, ours, sizeof ours);
    if (ply > c->g->nplies || !same_fen(c->g, ours, c->g->fens[ply])) {
        if (c->mismatches++ == 0)
            snprintf(c->first, sizeof c->first, "after ply %d gcaudit has %s, Fairy-Stockfish %s", ply, ours,
                     ply <= c->g->nplies ? c->g->fens[ply] : "(no such ply)");
    }
}

static void parse(const char *log, fmt_parser **p, struct fmt_game *fg)
{
    *p = fmt_parser_new(log, strlen(log));
    cr_assert_not_null(*p);
    cr_assert_eq(fmt_parser_next(*p, fg), FMT_OK);
}

/* Replay the game's log; 1 when gcaudit agrees with the engine on every
 * ply and on the end. */
static int replay_and_compare(const struct game *g, char (*turns)[TURN_MAX])
{
    struct expectation x;
    expect(g, &x);
    char *log = game_log(g, turns, g->nplies, x.result, "selfplay");
    fmt_parser *p;
    struct fmt_game fg;
    parse(log, &p, &fg);
    struct rp_report r;
    struct replay_check c = {g, 0, 0, ""};
    cr_assert_eq(rp_replay(&fg, &r, compare_position, &c), RP_DONE);
    int ok = 1;
    const char *name = g->def->name;
    if (!r.variant || strcmp(r.variant->name, name) != 0) {
        log_difference("%s game %d: \"Game: %s\" was replayed as %s\n%s", name, g->index, g->game_name,
                     r.variant ? r.variant->name : "nothing (unsupported)", log);
        ok = 0;
    } else if (x.pawn_drop_mate) {
        const struct rp_violation *v = r.nviolations ? &r.violations[0] : NULL;
        int last = g->nplies - 1;
        if (c.mismatches || !v || v->code != RP_BAD_DROP || v->turn != marker_at(g, last) ||
            v->side != side_at(g, last) || !strstr(v->message, "may not be dropped to give checkmate")) {
            log_difference("%s game %d ply %d: the engine's game ends on a mate by the dropped pawn %s, which "
                           "gcaudit must report as a bad drop; it says %s%s%s (%d positions differ)\n%s",
                           name, g->index, last, g->moves[last], v ? rp_code_name(v->code) : "nothing",
                           v ? ": " : "", v ? v->message : "", c.mismatches, log);
            ok = 0;
        }
    } else if (r.nviolations) {
        const struct rp_violation *v = &r.violations[0];
        int ply = (v->turn - 1) * 2 + v->side - g->first_side;
        int in_game = ply >= 0 && ply < g->nplies; /* else a finding about the game (result-mismatch) */
        log_difference("%s game %d ply %d (turn %d%s, the engine's %s at %s): %s: %s\n%s", name, g->index, ply,
                     v->turn, v->side ? "..." : ".", in_game ? g->moves[ply] : "end",
                     g->fens[in_game ? ply : g->nplies], rp_code_name(v->code), v->message, log);
        ok = 0;
    } else if (c.mismatches) {
        log_difference("%s game %d: %s (%d positions differ)\n%s", name, g->index, c.first, c.mismatches, log);
        ok = 0;
    } else if (r.status != RP_STATUS_OK || r.turns != g->nplies || strcmp(r.termination_name, x.termination) != 0 ||
               r.result != x.result ||
               (x.detail_prefix ? strncmp(r.detail, x.detail, strlen(x.detail)) : strcmp(r.detail, x.detail)) != 0) {
        log_difference("%s game %d ply %d: gcaudit says %s, %d turns, %s %s \"%s\"; the engine (%s end) %d plies, "
                     "%s %s \"%s\" (final FEN %s)\n%s",
                     name, g->index, g->nplies, rp_status_name(r.status), r.turns, rp_result_name(r.result),
                     r.termination_name, r.detail, end_names[g->end], g->nplies, rp_result_name(x.result),
                     x.termination, x.detail, g->fens[g->nplies], log);
        ok = 0;
    }
    rp_report_release(&r);
    fmt_game_release(&fg);
    fmt_parser_free(p);
    free(log);
    return ok;
}

/* ------------------------------------------------------------ mutations */

enum mutation { MUT_FROM_TO, MUT_MISSING_PROMOTION, MUT_WRONG_PROMOTION, MUT_WRONG_LABEL, MUT_BAD_DROP, MUT_KINDS };
static const char *const mutation_names[] = {"from-to", "missing promotion", "wrong promotion", "wrong label"};

/* "[label ]from-to", the label at the game's rate. */
static void move_text(struct game *g, const char *mover, const char *from, const char *to, char *out, size_t size)
{
    char l[8];
    label(g, mover, l, sizeof l);
    if (chance(g, g->p_label))
        snprintf(out, size, "%s %s-%s", l, from, to);
    else
        snprintf(out, size, "%s-%s", from, to);
}

static int engine_has(char (*legal)[16], int n, const char *from_to, size_t len, int exact)
{
    for (int i = 0; i < n; i++)
        if (strncmp(legal[i], from_to, len) == 0 && (!exact || legal[i][len] == '\0'))
            return 1;
    return 0;
}

/* A random from-to pair of ply k that the engine's legal moves do not
 * have: a piece of the side to move, a target square near it or
 * anywhere.  0 when none was found. */
static int illegal_pair(struct game *g, int k, char (*legal)[16], int n, char *out, size_t size)
{
    const struct rp_fdef *d = g->d;
    struct board b;
    read_board(g->fens[k], &b);
    int side = side_at(g, k);
    char king = castling_king(d, side);
    for (int tries = 0; tries < 400; tries++) {
        struct sq from = {(int)ts_rng_below(&g->seed, (unsigned)b.files), (int)ts_rng_below(&g->seed, (unsigned)b.ranks)};
        const char *mover = b.sq[from.rank][from.file];
        if (!mover[0] || colour_of(mover) != side)
            continue;
        struct sq to;
        if (chance(g, 70)) {
            to.file = from.file + (int)ts_rng_below(&g->seed, 7) - 3;
            to.rank = from.rank + (int)ts_rng_below(&g->seed, 7) - 3;
            if (to.file < 0 || to.file >= b.files || to.rank < 0 || to.rank >= b.ranks)
                continue;
        } else {
            to = (struct sq){(int)ts_rng_below(&g->seed, (unsigned)b.files), (int)ts_rng_below(&g->seed, (unsigned)b.ranks)};
        }
        if (same_sq(from, to))
            continue;
        /* Castling is also written as the king going to its destination
         * or onto its rook: no such pair is an illegal one for sure. */
        if (d->castling && letter_of(mover) == king && to.rank == from.rank &&
            (to.file == d->castling_kingside_file || to.file == d->castling_queenside_file ||
             (b.sq[to.rank][to.file][0] && colour_of(b.sq[to.rank][to.file]) == side)))
            continue;
        char uci[32]; /* room for any int the compiler imagines, not just a board square */
        snprintf(uci, sizeof uci, "%c%d%c%d", 'a' + from.file, from.rank + 1, 'a' + to.file, to.rank + 1);
        if (engine_has(legal, n, uci, strlen(uci), 0))
            continue;
        char a[8], c[8];
        sqname(g, from, a, sizeof a);
        sqname(g, to, c, sizeof c);
        move_text(g, mover, a, c, out, size);
        return 1;
    }
    return 0;
}

/* The mutated turn of kind `kind` at ply k; 0 when this game has no ply
 * for it. */
static int mutate(struct ts_uci *u, struct game *g, enum mutation kind, int *k, char *out, size_t size,
                  char *why, size_t whysize)
{
    const struct rp_fdef *d = g->d;
    static char legal[MAX_LEGAL][16];
    struct ply_shape s;
    if (kind == MUT_BAD_DROP) {
        /* A drop the engine does not have: mostly a piece in hand (onto
         * an occupied square, a pawn on a file that holds one, a pawn
         * mate, a forbidden rank), sometimes one that is not. */
        for (int tries = 0; d->seirawan_gating && tries < 40; tries++) {
            /* Gating's kind: a piece brought in where the engine has no
             * such gating (a square whose piece has moved before, a
             * piece not in hand). */
            *k = (int)ts_rng_below(&g->seed, (unsigned)g->nplies);
            struct uci m;
            read_uci(g->moves[*k], &m);
            if (m.drop || m.suffix || same_sq(m.from, m.to))
                continue;
            struct ply_shape sh;
            shape_of(g, *k, &sh);
            if (sh.castle)
                continue;
            int t = d->present[ts_rng_below(&g->seed, (unsigned)d->ntypes)];
            if (t == d->king || t == d->pawn)
                continue;
            char uci[MOVE_MAX + 2];
            snprintf(uci, sizeof uci, "%s%c", g->moves[*k], d->types[t].letter);
            position_at(u, g, *k);
            int nl = ts_uci_legal_moves(u, legal, MAX_LEGAL);
            if (engine_has(legal, nl, uci, strlen(uci), 1))
                continue;
            int side = side_at(g, *k);
            char tok[2] = {side ? d->types[t].letter : (char)toupper((unsigned char)d->types[t].letter), 0};
            char a[8], b[8], l[RP_FLABEL_MAX + 1];
            sqname(g, sh.u.from, a, sizeof a);
            sqname(g, sh.u.to, b, sizeof b);
            move_text(g, sh.mover, a, b, out, size);
            label(g, tok, l, sizeof l);
            size_t at = strlen(out);
            snprintf(out + at, size - at, "; %s-%s", l, a);
            snprintf(why, whysize, "the gating %s", uci);
            return 1;
        }
        if (!d->piece_drops)
            return 0;
        for (int tries = 0; tries < 40; tries++) {
            *k = (int)ts_rng_below(&g->seed, (unsigned)g->nplies);
            struct board b;
            read_board(g->fens[*k], &b);
            int side = side_at(g, *k);
            char mine[64];
            size_t nm = 0;
            for (const char *h = b.hand; *h && nm + 1 < sizeof mine; h++)
                if (isalpha((unsigned char)*h) && colour_of(h) == side)
                    mine[nm++] = (char)tolower((unsigned char)*h);
            char letter;
            if (nm && chance(g, 85)) {
                letter = mine[ts_rng_below(&g->seed, (unsigned)nm)];
            } else {
                int t = d->present[ts_rng_below(&g->seed, (unsigned)d->ntypes)];
                if (t == d->king)
                    continue;
                letter = d->types[t].letter;
            }
            struct sq to = {(int)ts_rng_below(&g->seed, (unsigned)b.files), (int)ts_rng_below(&g->seed, (unsigned)b.ranks)};
            char uci[16];
            snprintf(uci, sizeof uci, "%c@%c%u", toupper((unsigned char)letter), 'a' + to.file,
                     (unsigned char)(to.rank + 1));
            position_at(u, g, *k);
            int nl = ts_uci_legal_moves(u, legal, MAX_LEGAL);
            if (engine_has(legal, nl, uci, strlen(uci), 1))
                continue;
            char tok[2] = {side ? letter : (char)toupper((unsigned char)letter), 0}, l[RP_FLABEL_MAX + 1], c[8];
            label(g, tok, l, sizeof l);
            sqname(g, to, c, sizeof c);
            snprintf(out, size, "%s%s%s", l, chance(g, 50) ? "*" : "-", c);
            snprintf(why, whysize, "the drop %s", uci);
            return 1;
        }
        return 0;
    }
    int piece_promotions = 0;
    for (int i = 0; i < d->ntypes; i++)
        piece_promotions |= d->types[d->present[i]].promoted >= 0;
    if (kind == MUT_WRONG_PROMOTION && piece_promotions && chance(g, 50)) {
        /* Shogi's kind: a piece promoted where it may not be (outside the
         * zone, or a type that never promotes, or promoted already). */
        for (int tries = 0; tries < 20; tries++) {
            *k = (int)ts_rng_below(&g->seed, (unsigned)g->nplies);
            struct uci m;
            read_uci(g->moves[*k], &m);
            if (m.drop || m.suffix || same_sq(m.from, m.to))
                continue;
            shape_of(g, *k, &s);
            if (s.castle || s.pass)
                continue;
            position_at(u, g, *k);
            int nl = ts_uci_legal_moves(u, legal, MAX_LEGAL);
            char plus[MOVE_MAX + 2];
            snprintf(plus, sizeof plus, "%s+", g->moves[*k]);
            if (engine_has(legal, nl, plus, strlen(plus), 1))
                continue;
            char a[8], b[8], l[RP_FLABEL_MAX + 1], tok[4];
            sqname(g, s.u.from, a, sizeof a);
            sqname(g, s.u.to, b, sizeof b);
            move_text(g, s.mover, a, b, out, size);
            snprintf(tok, sizeof tok, "+%c", s.mover[0] == '+' ? s.mover[1] : s.mover[0]);
            label(g, tok, l, sizeof l);
            size_t at = strlen(out);
            snprintf(out + at, size - at, "; %s-%s", l, chance(g, g->p_dest) ? "dest" : b);
            snprintf(why, whysize, "%s promoting to \"%s\" where it may not", g->moves[*k], l);
            return 1;
        }
    }
    if (kind == MUT_MISSING_PROMOTION || kind == MUT_WRONG_PROMOTION) {
        int plies[MAX_PLIES], n = 0;
        for (int i = 0; i < g->nplies; i++) {
            struct uci m;
            read_uci(g->moves[i], &m);
            if (!m.drop && (isalpha((unsigned char)m.suffix) || m.suffix == '+') && !same_sq(m.from, m.to)) {
                shape_of(g, i, &s);
                if (s.promotion)
                    plies[n++] = i;
            }
        }
        if (!n)
            return 0;
        *k = plies[ts_rng_below(&g->seed, (unsigned)n)];
        shape_of(g, *k, &s);
        position_at(u, g, *k);
        int nl = ts_uci_legal_moves(u, legal, MAX_LEGAL);
        cr_assert_gt(nl, 0);
        char ft[16], a[8], b[8];
        size_t len = strlen(g->moves[*k]) - 1;
        snprintf(ft, sizeof ft, "%.*s", (int)len, g->moves[*k]);
        sqname(g, s.u.from, a, sizeof a);
        sqname(g, s.u.to, b, sizeof b);
        move_text(g, s.mover, a, b, out, size);
        if (kind == MUT_MISSING_PROMOTION) {
            if (engine_has(legal, nl, ft, len, 1))
                return 0; /* promotion optional there */
            snprintf(why, whysize, "%s without the promotion it needs", g->moves[*k]);
            return 1;
        }
        /* A piece the engine does not promote to here: another type, or
         * a legal type of the wrong colour. */
        char cands[2 * RP_FMAX_TYPES][8];
        int nc = 0, side = side_at(g, *k);
        if (g->moves[*k][len] == '+') {
            /* Shogi's kind: the piece's own promoted form is the only
             * one; any other type's, or its own in the other colour,
             * is wrong. */
            for (int i = 0; i < d->ntypes; i++) {
                int t = d->present[i];
                char letter = d->types[t].letter, tok[4] = {'+', 0, 0, 0};
                int own = letter == letter_of(s.mover);
                if (t == d->king)
                    continue;
                tok[1] = (char)((own ? !side : side) ? letter : toupper((unsigned char)letter));
                label(g, tok, cands[nc++], sizeof cands[0]);
            }
        }
        for (int i = 0; i < d->ntypes && g->moves[*k][len] != '+'; i++) {
            int t = d->present[i];
            char letter = d->types[t].letter, uci[20], tok[3] = {0};
            if (t == d->pawn)
                continue;
            snprintf(uci, sizeof uci, "%s%c", ft, letter);
            int legal_type = engine_has(legal, nl, uci, strlen(uci), 1);
            tok[0] = (char)((legal_type ? !side : side) ? letter : toupper((unsigned char)letter));
            label(g, tok, cands[nc++], sizeof cands[0]);
        }
        cr_assert_gt(nc, 0);
        char *pick = cands[ts_rng_below(&g->seed, (unsigned)nc)];
        size_t at = strlen(out);
        snprintf(out + at, size - at, "; %s-%s", pick, b);
        snprintf(why, whysize, "%s promoting to \"%s\"", ft, pick);
        return 1;
    }
    *k = (int)ts_rng_below(&g->seed, (unsigned)g->nplies);
    if (kind == MUT_WRONG_LABEL) {
        for (int tries = 0; tries < 20; tries++, *k = (int)ts_rng_below(&g->seed, (unsigned)g->nplies)) {
            shape_of(g, *k, &s);
            if (s.u.drop || s.pass)
                continue;
            char real[RP_FLABEL_MAX + 1], other[RP_FLABEL_MAX + 1], tok[4];
            label(g, s.mover, real, sizeof real);
            int t = d->present[ts_rng_below(&g->seed, (unsigned)d->ntypes)];
            snprintf(tok, sizeof tok, "%c", side_at(g, *k) ? d->types[t].letter : toupper((unsigned char)d->types[t].letter));
            label(g, tok, other, sizeof other);
            if (strcmp(real, other) == 0)
                continue;
            /* The right turn, its main component relabelled. */
            unsigned p_label = g->p_label;
            g->p_label = 0;
            char turn[TURN_MAX - sizeof other - 1]; /* room for the label in front */
            gc_turn(g, *k, &s, turn, sizeof turn);
            g->p_label = p_label;
            snprintf(out, size, "%s %s", other, turn);
            snprintf(why, whysize, "%s labelled \"%s\", not \"%s\"", g->moves[*k], other, real);
            return 1;
        }
        return 0;
    }
    for (int tries = 0; tries < 20; tries++, *k = (int)ts_rng_below(&g->seed, (unsigned)g->nplies)) {
        position_at(u, g, *k);
        int nl = ts_uci_legal_moves(u, legal, MAX_LEGAL);
        cr_assert_geq(nl, 0);
        if (illegal_pair(g, *k, legal, nl, out, size)) {
            snprintf(why, whysize, "a from-to pair the engine does not list");
            return 1;
        }
    }
    return 0;
}

/* Replay the game with the mutated turn at ply k (and nothing after):
 * 1 when gcaudit reports a violation at exactly that turn. */
static int mutation_found(const struct game *g, char (*turns)[TURN_MAX], int k, const char *mutated,
                          enum mutation kind, const char *why)
{
    char saved[TURN_MAX];
    snprintf(saved, sizeof saved, "%s", turns[k]);
    snprintf(turns[k], TURN_MAX, "%s", mutated);
    char *log = game_log(g, turns, k + 1, RP_RESULT_NONE, "mutated");
    snprintf(turns[k], TURN_MAX, "%s", saved);
    fmt_parser *p;
    struct fmt_game fg;
    parse(log, &p, &fg);
    struct rp_report r;
    cr_assert_eq(rp_replay(&fg, &r, NULL, NULL), RP_DONE);
    int turn = marker_at(g, k), side = side_at(g, k), ok = 0;
    const struct rp_violation *v = r.nviolations ? &r.violations[0] : NULL;
    if (!v)
        log_difference("%s game %d ply %d (turn %d%s, %s: %s): the illegal turn \"%s\" was accepted\n%s",
                     g->def->name, g->index, k, turn, side ? "..." : ".", mutation_names[kind], why, mutated, log);
    else if (v->turn != turn || v->side != side || v->code == RP_RESULT_MISMATCH)
        log_difference("%s game %d ply %d (turn %d%s, %s: %s): the violation is %s at turn %d%s (%s)\n%s",
                     g->def->name, g->index, k, turn, side ? "..." : ".", mutation_names[kind], why,
                     rp_code_name(v->code), v->turn, v->side ? "..." : ".", v->message, log);
    else
        ok = 1;
    rp_report_release(&r);
    fmt_game_release(&fg);
    fmt_parser_free(p);
    free(log);
    return ok;
}

/* ------------------------------------------------------------ the test */

struct tally {
    int games, plies, bad, ends[END_CAP + 1], decisive, constructed, fen_headers, cut_at_count;
    int castlings, promotions, en_passant, drops, gatings, passes;
    int mutations[MUT_KINDS], mutations_missed;
    int perfts, perft_bad;
};

static void count_shapes(const struct game *g, struct tally *t)
{
    for (int k = 0; k < g->nplies; k++) {
        struct ply_shape s;
        shape_of(g, k, &s);
        t->castlings += s.castle;
        t->promotions += s.promotion;
        t->en_passant += s.ep;
        t->drops += s.u.drop;
        t->gatings += s.gating;
        t->passes += s.pass;
    }
}

/* ------------------------------------------------------- perft in play */

#define PERFT_GAMES 3             /* ffish: perft in this many games a definition */

/* Perft of the engine's position before ply `ply` on both sides, to depth
 * 3, or 2 on a board of more than 64 squares or with pieces in hand; 1
 * when they agree.  gcaudit reads the engine's FEN, the engine the
 * game's moves (position_at).  Not for a gating variant's positions in
 * play: gcaudit reads 11.1's gating files, which 230826's FEN leaves out. */
static int perft_agrees(struct ts_uci *u, const struct game *g, int ply)
{
    const struct rp_fdef *d = g->d;
    const char *fen = ply == 0 && !g->custom_start ? d->start_fen : g->fens[ply];
    struct board b;
    read_board(g->fens[ply], &b);
    int depth = d->files * d->ranks > 64 || b.hand[0] || d->walling_rule ? 2 : 3;
    struct rp_fpos p;
    char why[200];
    if (rp_ffen_read(&p, d, fen, why, sizeof why) != 0) {
        log_difference("%s game %d ply %d: gcaudit cannot read the FEN %s: %s", d->name, g->index, ply, fen, why);
        return 0;
    }
    uint64_t ours = rp_fperft(&p, depth);
    position_at(u, g, ply);
    cr_assert_eq(ts_uci_send(u, "go perft %d", depth), 0, "the engine is gone");
    const char *l = ts_uci_until(u, "Nodes searched:", NULL, NULL);
    unsigned long long theirs;
    cr_assert(l && sscanf(l, "Nodes searched: %llu", &theirs) == 1, "%s: no perft from the engine", d->name);
    if (ours == theirs)
        return 1;
    log_difference("%s game %d ply %d: perft %d of %s: gcaudit %" PRIu64 ", the engine %llu", d->name, g->index,
                 ply, depth, g->fens[ply], ours, theirs);
    return 0;
}

/* ffish: perft at the start and at two positions of the game.  The
 * definition's own start position is counted once, in the first game
 * that starts there (the games that follow would count it again). */
static int perft_in_play(struct ts_uci *u, const struct game *g, int *checked)
{
    static const struct rp_fdef *start_counted;
    int plies[3] = {0, g->nplies / 2, g->nplies - 1}, ok = 1;
    for (int i = 0; i < 3; i++) {
        if (plies[i] < 0 || (i && plies[i] == plies[i - 1]) || (g->d->gating && (plies[i] || g->custom_start)))
            continue;
        if (plies[i] == 0 && !g->custom_start) {
            if (start_counted == g->d)
                continue;
            start_counted = g->d;
        }
        ok &= perft_agrees(u, g, plies[i]);
        (*checked)++;
    }
    return ok;
}

/* Shipped definitions that one build reads differently from gcaudit,
 * with why: their games are played and compared, the differences are
 * logged, not failed, and the test fails when such a definition agrees
 * after all (the entry is then stale).  Where the two builds differ,
 * gcaudit follows the reference build (230826, issue 25): the 11.1 list
 * names each rule 11.1 reads otherwise, the reference list what the
 * reference's definition language cannot say. */
static const struct known {
    const char *name, *why;
} reference_differs[] = {
    {"janggi-gc", "230826 no longer reads kingType, and a royal piece written king = k:W gets no palace "
                  "diagonals: its general steps diagonally off the palace's lines (its built-in janggi is "
                  "right, its language cannot say it)"},
}, eleven_differs[] = {
    {"shogi-gc", "a drop and a piece's promotion reset 230826's move-rule clock, which gcaudit follows; 11.1 "
                 "counts on"},
    {"minishogi-gc", "as shogi-gc: a drop and a promotion reset the move-rule clock in 230826, not in 11.1"},
    {"crazyhouse-gc", "a drop resets 230826's move-rule clock, which gcaudit follows; 11.1 counts on"},
};

static const char *listed(const struct known *k, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(k[i].name, name) == 0)
            return k[i].why;
    return NULL;
}

#define LISTED(list, name) listed(list, sizeof list / sizeof list[0], name)

static const char *known_difference(const char *name)
{
    return engine == TS_FFISH ? LISTED(reference_differs, name) : LISTED(eleven_differs, name);
}

/* The games of a definition against the engine (TS_GAMES_FFISH and the two
 * of 11.1 above). */
static int games_of(const struct rp_fdef *d)
{
    if (engine == TS_FFISH)
        return TS_GAMES_FFISH;
    return d->oracles & RP_ORACLE_FFISH ? TS_GAMES_FSF_COVERED : TS_GAMES_FSF;
}

static int check_definition(const struct ts_def *def, struct game *g, char (*turns)[TURN_MAX], struct ts_uci *u)
{
    /* One engine plays every definition of a part (starting one costs
     * about a second of CPU for ffish, a third of one and more of wall
     * time for 11.1).  ffish's player keeps nothing from one position to
     * the next.  11.1 keeps its threads' pawn and material hash tables
     * across variants (ucinewgame clears neither), which would play each
     * definition's games differently as definitions come and go: setting
     * Threads again makes its threads anew (ThreadPool::set at
     * fairy_sf_11_1: the tables empty, the hash cleared), so each
     * definition starts from the state of a fresh engine. */
    if (engine == TS_FSF11)
        cr_assert_eq(ts_uci_send(u, "setoption name Threads value 1"), 0, "Fairy-Stockfish 11.1 is gone");
    differs_as_known = known_difference(def->name) != NULL;
    const char *who = engine == TS_FFISH ? "ffish" : "Fairy-Stockfish 11.1";
    const struct rp_fdef *d = rp_fairy_find(def->name);
    cr_assert_not_null(d, "%s (%s) was not registered by rp_defs_load_dir", def->name, def->file);
    cr_assert_eq(ts_uci_variant(u, def->file, def->name), 0, "%s does not know the variant %s after loading %s",
                 who, def->name, def->file);
    size_t nrows;
    struct ts_position *rows = ts_positions_load(&nrows), *starts = rows;
    int nstarts = 0;
    for (size_t k = 0; k < nrows; k++)
        if (strcmp(rows[k].section, def->name) == 0 && strcmp(rows[k].fen, "startpos") != 0)
            starts[nstarts++] = rows[k];
    struct tally t;
    memset(&t, 0, sizeof t);
    time_t t0 = time(NULL);
    int games = ts_env_count("GC_ORACLE_GAMES", games_of(d));
    /* 11.1 plants an illegal turn in every game, ffish in every third. */
    int mutate_every = engine == TS_FFISH ? TS_MUTATE_EVERY_FFISH : 1, mutated = (games + mutate_every - 1) / mutate_every;
    for (int i = 0; i < games; i++) {
        play_game(u, def, d, i, starts, nstarts, g);
        if (engine == TS_FFISH && i < PERFT_GAMES)
            t.perft_bad += !perft_in_play(u, g, &t.perfts);
        for (int k = 0; k < g->nplies; k++) {
            struct ply_shape s;
            shape_of(g, k, &s);
            gc_turn(g, k, &s, turns[k], TURN_MAX);
        }
        int ok = replay_and_compare(g, turns);
        t.bad += !ok;
        t.games++;
        t.plies += g->nplies;
        t.ends[g->end]++;
        t.cut_at_count += g->cut_at_count;
        t.decisive += g->end == END_ENGINE && g->decisive;
        t.constructed += g->start_line != 0;
        t.fen_headers += g->fen_header;
        count_shapes(g, &t);
        if (!ok || g->nplies == 0 || i % mutate_every)
            continue;
        /* The same game with one illegal turn. */
        enum mutation kind = (enum mutation)(i % MUT_KINDS);
        char mutated[TURN_MAX], why[128];
        int k;
        if (!mutate(u, g, kind, &k, mutated, sizeof mutated, why, sizeof why)) {
            kind = MUT_FROM_TO;
            if (!mutate(u, g, kind, &k, mutated, sizeof mutated, why, sizeof why))
                continue;
        }
        t.mutations[kind]++;
        t.mutations_missed += !mutation_found(g, turns, k, mutated, kind, why);
    }
    int mutations = 0;
    for (int i = 0; i < MUT_KINDS; i++)
        mutations += t.mutations[i];
    cr_log_info("%s: %d games (%d from constructed positions, %d with a FEN: header), %d plies, %ld s; ends: %d by the engine (%d decisive), %d dead positions, "
                "%d repetitions, %d move rule, %d counts, %d unfinished (%d cut where 11.1's count parts); %d castlings, %d promotions, "
                "%d en passant, %d drops, %d gatings, %d passes; %d mutated games (%d from-to, %d missing "
                "promotions, %d wrong promotions, %d wrong labels, %d bad drops), %d not found; %d perft counts",
                def->name, t.games, t.constructed, t.fen_headers, t.plies, (long)(time(NULL) - t0), t.ends[END_ENGINE], t.decisive,
                t.ends[END_INSUFFICIENT], t.ends[END_REPETITION], t.ends[END_MOVE_RULE], t.ends[END_COUNTING],
                t.ends[END_CAP], t.cut_at_count, t.castlings, t.promotions, t.en_passant, t.drops, t.gatings, t.passes, mutations,
                t.mutations[MUT_FROM_TO], t.mutations[MUT_MISSING_PROMOTION], t.mutations[MUT_WRONG_PROMOTION],
                t.mutations[MUT_WRONG_LABEL], t.mutations[MUT_BAD_DROP], t.mutations_missed, t.perfts);
    free(rows);
    const char *known = known_difference(def->name);
    if (known) {
        /* Logged, and still there: else the entry is stale. */
        cr_log_info("%s: %d of %d games and %d of %d perft counts differ from %s, as known: %s", def->name, t.bad,
                    t.games, t.perft_bad, t.perfts, who, known);
        cr_expect(t.bad || t.perft_bad, "%s is listed as read differently by %s (%s), but agrees: take it off "
                  "reference_differs", def->name, who, known);
        return 1;
    }
    cr_expect_eq(t.bad, 0, "%s: %d of %d self-play games differ from %s (see above)", def->name, t.bad, t.games,
                 who);
    cr_expect_eq(t.perft_bad, 0, "%s: %d of %d perft counts differ from %s (see above)", def->name, t.perft_bad,
                 t.perfts, who);
    cr_expect_eq(t.mutations_missed, 0, "%s: %d of %d illegal turns not reported where they are", def->name,
                 t.mutations_missed, mutations);
    cr_expect_geq(mutations, mutated / 2, "%s: only %d mutated games", def->name, mutations);
    /* Coverage of the suite's own games; a soak's seed may draw a set of
     * Makruk's or Sittuyin's games that all end by the count or the
     * move rule, which says nothing against the rules. */
    if (ts_env_count("GC_ORACLE_SEED", 0) == 0)
        cr_expect_gt(t.ends[END_ENGINE], 0, "%s: no game ended by the engine's own end", def->name);
    else if (t.ends[END_ENGINE] == 0)
        cr_log_warn("%s: no game ended by the engine's own end (seed %d)", def->name,
                    ts_env_count("GC_ORACLE_SEED", 0));
    return t.bad == 0 && t.mutations_missed == 0 && t.perft_bad == 0;
}

void ts_selfplay_shipped(enum ts_engine which, int part, int parts)
{
    engine = which;
    size_t ndefs;
    struct ts_def *defs = ts_defs_shipped(&ndefs);
    static struct game g;
    static char turns[MAX_PLIES][TURN_MAX];
    /* GC_ORACLE_ONLY=name,name narrows a run by hand to some sections
     * (docs/testing.md); the suite sets nothing, so it plays them all. */
    const char *only = getenv("GC_ORACLE_ONLY");
    struct ts_uci *shared = which == TS_FFISH ? ts_ffish_open(ENGINE_TIMEOUT_MS) : ts_uci_open(ENGINE_TIMEOUT_MS);
    /* played: the definitions the engine plays, counted in file order; the
     * i-th of them is in part i % parts + 1. */
    int bad = 0, played = 0;
    for (size_t i = 0; i < ndefs; i++) {
        /* 11.1 plays the definitions that name it (gcOracles: those that
         * use only keys it knows); ffish plays every one, and one that
         * does not name it is one the reference reads otherwise. */
        const struct rp_fdef *d = rp_fairy_find(defs[i].name);
        cr_assert_not_null(d, "%s (%s) was not registered", defs[i].name, defs[i].file);
        if (which == TS_FSF11 && !(d->oracles & RP_ORACLE_FSF11))
            continue;
        int mine = played++ % parts == part - 1;
        char key[80];
        snprintf(key, sizeof key, ",%s,", defs[i].name);
        char *list = ts_fmt(",%s,", only ? only : "");
        int skip = (only && *only && !strstr(list, key)) || !mine;
        free(list);
        cr_expect_eq(!(d->oracles & RP_ORACLE_FFISH), LISTED(reference_differs, defs[i].name) != NULL,
                     "%s: gcOracles %s ffish, but reference_differs %s it", defs[i].name,
                     d->oracles & RP_ORACLE_FFISH ? "names" : "does not name",
                     LISTED(reference_differs, defs[i].name) ? "lists" : "does not list");
        if (skip) {
            if (mine)
                cr_log_info("%s left out by GC_ORACLE_ONLY", defs[i].name);
            continue;
        }
        bad += !check_definition(&defs[i], &g, turns, shared);
    }
    ts_uci_quit(shared);
    free(defs);
    cr_expect_eq(bad, 0, "%d of part %d of %d of the %zu shipped definitions disagree with %s (see above)", bad,
                 part, parts, ndefs,
                 which == TS_FFISH ? "ffish" : "Fairy-Stockfish 11.1");
}
