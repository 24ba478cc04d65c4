/*
 * What analyze --pgn writes, read back by the programs the issue names as
 * judges (issue 18, "Correctness"):
 *
 * - pgn-extract (Debian's 19.04) reads every file --pgn writes for chess
 *   readers, FILE with every exported Chess game of the samples and of
 *   the shared vectors, with no error and as many games out as in, and
 *   its FEN of each Chess game's final position (-F) is the one
 *   gcaudit's replay ends in (the last accepted turn: a game is cut at
 *   its violation).
 * - Fairy-Stockfish 11.1 replays every exported game of the other
 *   variants: those of the Variant Festival and East-West Cup samples,
 *   and games it plays here itself with random legal moves (seeded), for
 *   each of the six variants.  Each SAN is matched, independently of gcaudit's code,
 *   against the engine's legal moves and board: exactly one move may
 *   fit, its disambiguation must be needed, "x" must mean a capture, and
 *   "+" and "#" the engine's check and mate; the game must end in
 *   gcaudit's final position, every FEN field.
 *
 * A missing pgn-extract or engine is a failure (./setup.sh installs both),
 * never a skip.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/definitions.h"
#include "tests/support/support.h"
#include "tests/support/uci.h"

#define ENGINE_TIMEOUT_MS 30000
#define MAX_GAMES 512
#define MAX_PLIES 1024
#define GEN_GAMES 3               /* games played here per variant */
#define GEN_PLIES 70              /* the longest of them */

static void setup(void)
{
    ts_scratch_setup();
    ts_defs_load_shipped();
}

static void teardown(void)
{
    rp_defs_reset();
    ts_scratch_teardown();
}

TestSuite(cli_pgn_readers, .init = setup, .fini = teardown, .timeout = 300);

/* ------------------------------------------- gcaudit's own replay */

/* A game as gcaudit's replay leaves it. */
struct replayed {
    char log[256];                /* the GameCourierLog tag it must have */
    const struct rp_variant *v;
    int fen_header;               /* it has a FEN: header */
    char start[256];              /* the FEN it starts from */
    char final[256];              /* the FEN after the last accepted turn */
    int turns;
};

struct walk {
    struct replayed *games;
    int n;
    int chess;                    /* 1: Chess games; 0: the other exported variants */
    const struct fmt_entry *entry;
};

static void keep_fen(void *ctx, const struct fmt_turn *t, const struct rp_variant *v,
                     const void *state)
{
    struct replayed *r = ctx;
    if (!v->fen)
        return;   /* a variant with no FEN (Backlash's two boards) is not exported */
    cr_assert_eq(v->fen(state, r->final, sizeof r->final), 0);
    if (!t)
        memcpy(r->start, r->final, sizeof r->start);
}

static enum fmt_rc on_entry(void *ctx, const struct fmt_entry *e)
{
    struct walk *w = ctx;
    if (e->status != FMT_ENTRY_OK)
        return 0;
    fmt_parser *p = fmt_parser_new(e->text, e->len);
    struct fmt_game g;
    while (fmt_parser_next(p, &g) == FMT_OK) {
        cr_assert_lt(w->n, MAX_GAMES);
        struct replayed *r = &w->games[w->n];
        memset(r, 0, sizeof *r);
        struct rp_report rep;
        cr_assert_eq(rp_replay(&g, &rep, keep_fen, r), RP_DONE);
        const struct rp_variant *v = rep.variant;
        int chess = v && v->pgn_variant && !v->pgn_variant[0];
        if (rep.replayed && v->pgn_variant && chess == w->chess) {
            r->v = v;
            r->turns = rep.turns;
            if (g.log && g.log[0])
                snprintf(r->log, sizeof r->log, "%s", g.log);
            else
                snprintf(r->log, sizeof r->log, "%s%s%s, game %d", e->source,
                         e->entry[0] ? "!" : "", e->entry, g.index);
            for (size_t i = 0; i < g.nextra; i++)
                r->fen_header |= strcmp(g.extra[i].key, "FEN") == 0;
            w->n++;
        }
        rp_report_release(&rep);
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    return 0;
}

/* The exported games of the inputs (paths as gcaudit is given them, run
 * in the scratch directory), in input order. */
static struct replayed *replay_inputs(const char *const *inputs, int n, int chess, int *count)
{
    struct walk w = {calloc(MAX_GAMES, sizeof(struct replayed)), 0, chess, NULL};
    cr_assert_not_null(w.games);
    char *here = getcwd(NULL, 0);
    cr_assert_eq(chdir(ts_scratch), 0);
    uint64_t seq = 0;
    struct fmt_walk_options opt = {0};
    for (int i = 0; i < n; i++)
        cr_assert_eq(fmt_walk(inputs[i], &opt, &seq, on_entry, &w), 0);
    cr_assert_eq(chdir(here), 0);
    free(here);
    *count = w.n;
    return w.games;
}

/* ------------------------------------------------------ PGN, read */

struct pgn_game {
    char log[256], variant[64], fen[256];
    char *moves[MAX_PLIES];       /* SAN as written */
    int nmoves;
    char final[256];              /* pgn-extract's -F comment, when there is one */
};

/* The games of a PGN file as analyze writes it (tags, then movetext). */
static int read_pgn(char *text, struct pgn_game *games, int max)
{
    int n = -1;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '[') {
            if (strncmp(line, "[Event ", 7) == 0) {
                cr_assert_lt(n + 1, max);
                memset(&games[++n], 0, sizeof games[0]);
            }
            char name[32];
            const char *q = strchr(line, '"');
            cr_assert_not_null(q, "%s", line);
            snprintf(name, sizeof name, "%.*s", (int)(q - line - 2), line + 1);
            char *value = games[n].log;
            size_t size = sizeof games[n].log;
            if (strcmp(name, "Variant") == 0)
                value = games[n].variant, size = sizeof games[n].variant;
            else if (strcmp(name, "FEN") == 0)
                value = games[n].fen, size = sizeof games[n].fen;
            else if (strcmp(name, "GameCourierLog") != 0)
                continue;
            snprintf(value, size, "%.*s", (int)strcspn(q + 1, "\""), q + 1);
            continue;
        }
        /* Movetext: move numbers, SAN, comments (one may span lines: only
         * pgn-extract's FEN comment is read), the result. */
        static int in_comment;
        for (char *tok = line; *tok;) {
            tok += strspn(tok, " ");
            size_t len = strcspn(tok, " ");
            if (!len)
                break;
            char *end = tok + len;
            char saved = *end;
            *end = '\0';
            if (in_comment) {
                in_comment = !strchr(tok, '}');
            } else if (tok[0] == '{') {
                in_comment = !strchr(tok, '}');
                if (saved && end[1] == '"' && strncmp(tok, "{", 2) == 0) {
                    /* pgn-extract's { "FEN" } */
                    const char *f = end + 2;
                    snprintf(games[n].final, sizeof games[n].final, "%.*s", (int)strcspn(f, "\""),
                             f);
                }
            } else if (!isdigit((unsigned char)tok[0]) && strcmp(tok, "*") != 0) {
                cr_assert_lt(games[n].nmoves, MAX_PLIES);
                games[n].moves[games[n].nmoves++] = tok;
            } else if (isdigit((unsigned char)tok[0]) && !strchr(tok, '.') && !strchr(tok, '-')) {
                cr_assert_fail("unexpected token %s", tok);
            }
            *end = saved;
            tok = end;
            if (saved)
                *end = '\0', tok = end + 1;
        }
    }
    return n + 1;
}

/* The file of a variant's games beside BASE.pgn in the scratch folder,
 * as docs/pgn.md names it: BASE, '.', the Variant tag in lower case with
 * each run of other characters one '-', ".pgn". */
static char *variant_file(const char *base, const char *variant)
{
    char slug[64];
    size_t k = 0;
    for (const char *c = variant; *c && k + 1 < sizeof slug; c++)
        if (isalnum((unsigned char)*c))
            slug[k++] = (char)tolower((unsigned char)*c);
        else if (k && slug[k - 1] != '-')
            slug[k++] = '-';
    slug[k] = '\0';
    return ts_fmt("%s/%s.%s.pgn", ts_scratch, base, slug);
}

/* --------------------------------------------------------- pgn-extract */

static char *pgn_extract(void)
{
    const char *candidates[] = {"/usr/games/pgn-extract", "/usr/bin/pgn-extract"};
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
        if (access(candidates[i], X_OK) == 0)
            return ts_fmt("%s", candidates[i]);
    if (ts_run("command -v pgn-extract >/dev/null 2>&1") == 0)
        return ts_fmt("pgn-extract");
    cr_assert_fail("pgn-extract is not installed: ./setup.sh installs it (Debian package "
                   "pgn-extract)");
    return NULL;
}

/* pgn-extract writes the en passant square after every double step (the
 * FEN standard's first rule); gcaudit, as Stockfish, only when a pawn of
 * the side to move could take there.  The same position either way: the
 * square is kept here only where such a pawn stands. */
static void ep_as_gcaudit(char *fen)
{
    char placement[128], side[4], castling[8], ep[4];
    int half, full;
    cr_assert_eq(sscanf(fen, "%127s %3s %7s %3s %d %d", placement, side, castling, ep, &half,
                        &full),
                 6, "%s", fen);
    if (ep[0] != '-') {
        char board[8][8] = {{0}};
        int rank = 7, file = 0;
        for (const char *p = placement; *p; p++)
            if (*p == '/')
                rank--, file = 0;
            else if (isdigit((unsigned char)*p))
                file += *p - '0';
            else
                board[rank][file++] = *p;
        int f = ep[0] - 'a', r = side[0] == 'w' ? 4 : 3; /* the capturing pawns' rank */
        char pawn = side[0] == 'w' ? 'P' : 'p';
        if (!((f > 0 && board[r][f - 1] == pawn) || (f < 7 && board[r][f + 1] == pawn)))
            snprintf(ep, sizeof ep, "-");
    }
    snprintf(fen, 256, "%s %s %s %s %d %d", placement, side, castling, ep, half, full);
}

/* pgn-extract's output of FILE (out.pgn in the scratch folder, written
 * with -F): every Chess game of the inputs, each ending in the position
 * gcaudit's replay ends in. */
static void expect_chess_positions(const char *const *inputs, int ninputs)
{
    int nwant;
    struct replayed *want = replay_inputs(inputs, ninputs, 1, &nwant);
    char *text = ts_slurp(ts_scratch, "out.pgn");
    struct pgn_game *got = calloc(MAX_GAMES, sizeof *got);
    int ngot = read_pgn(text, got, MAX_GAMES);
    cr_expect_geq(nwant, 80, "only %d Chess games", nwant);
    cr_assert_eq(ngot, nwant, "pgn-extract wrote %d games of %d", ngot, nwant);
    for (int i = 0; i < ngot; i++) {
        cr_expect_str_eq(got[i].log, want[i].log, "game %d", i + 1);
        ep_as_gcaudit(got[i].final);
        cr_expect_eq(got[i].nmoves, want[i].turns, "%s: %d moves, %d turns", want[i].log,
                     got[i].nmoves, want[i].turns);
        cr_expect_str_eq(got[i].final, want[i].final, "%s: the final position: pgn-extract %s, gcaudit %s", want[i].log, got[i].final, want[i].final);
    }
    free(got);
    free(text);
    free(want);
}

/* Issue 26, item 6: pgn-extract read the one --pgn file of the samples,
 * 42 games, as 61 (a Crazyhouse drop "N@f3" is three tokens to it, and
 * Horde's pawns on the first rank cannot move).  Every file --pgn writes
 * for the sample archives and the shared vectors is given to it: FILE
 * and the files of the variants whose moves are chess moves are read
 * with as many games out as in and no error; the files of the variants
 * whose moves chess readers cannot replay are the Fairy-Stockfish test's
 * (below).  A file of any other variant fails the test until it is put
 * in one of the two lists. */
Test(cli_pgn_readers, pgn_extract_reads_every_file_for_chess_readers_whole)
{
    static const char *const chess_moves[] = {"", "Chess960", "Three-check", "King of the Hill"};
    static const char *const variant_moves[] = {"Crazyhouse", "Horde", "Antichess"};
    static const char *const inputs[] = {
        GC_SOURCE_DIR "/sample-data/backlash-2024.tar.gz",
        GC_SOURCE_DIR "/sample-data/chess-open-2024.tar.gz",
        GC_SOURCE_DIR "/sample-data/east-west-cup-2024.tar.gz",
        GC_SOURCE_DIR "/sample-data/extinction-2024.tar.gz",
        GC_SOURCE_DIR "/sample-data/palindromic-2024.tar.gz",
        GC_SOURCE_DIR "/sample-data/retro-2024.tar.gz",
        GC_SOURCE_DIR "/sample-data/variant-festival-2024.tar.gz",
        GC_FIXTURES "/oracle"};
    const int ninputs = (int)(sizeof inputs / sizeof inputs[0]);
    char *extract = pgn_extract();
    char *cmd = ts_fmt("cd '%s' && '%s' analyze -q", ts_scratch, GC_BINARY);
    for (int i = 0; i < ninputs; i++) {
        char *was = cmd;
        cmd = ts_fmt("%s '%s'", was, inputs[i]);
        free(was);
    }
    char *was = cmd;
    cmd = ts_fmt("%s -o rep --pgn all.pgn 2>/dev/null; ls all*.pgn > files.txt", was);
    free(was);
    cr_assert_eq(ts_run(cmd), 0, "%s", cmd);
    free(cmd);
    char *files = ts_slurp(ts_scratch, "files.txt");
    int read_whole = 0, for_variant_readers = 0;
    char *next = NULL;   /* strtok_r: read_pgn uses strtok */
    for (char *name = strtok_r(files, "\n", &next); name; name = strtok_r(NULL, "\n", &next)) {
        char *text = ts_slurp(ts_scratch, name);
        int in = 0;
        for (const char *at = text; (at = strstr(at, "[Event ")) != NULL; at++)
            in += at == text || at[-1] == '\n';
        char variant[64] = "";
        const char *tag = strstr(text, "\n[Variant \"");
        if (tag)
            snprintf(variant, sizeof variant, "%.*s", (int)strcspn(tag + 11, "\""), tag + 11);
        free(text);
        cr_expect_gt(in, 0, "%s: no game", name);
        int chess = 0, other = 0;
        for (size_t i = 0; i < sizeof chess_moves / sizeof chess_moves[0]; i++)
            chess |= strcmp(variant, chess_moves[i]) == 0;
        for (size_t i = 0; i < sizeof variant_moves / sizeof variant_moves[0]; i++)
            other |= strcmp(variant, variant_moves[i]) == 0;
        cr_expect(chess || other, "%s: a file of Variant '%s', which neither list names", name,
                  variant);
        if (!chess) {
            for_variant_readers++;
            continue;
        }
        /* -F: a FEN comment after each game's last move, for FILE's. */
        cmd = ts_fmt("cd '%s' && '%s' -s -F -l extract.log -o out.pgn '%s'", ts_scratch, extract,
                     name);
        cr_assert_eq(ts_run(cmd), 0, "%s", cmd);
        free(cmd);
        char *log = ts_slurp(ts_scratch, "extract.log");
        cr_expect_str_eq(log, "", "%s: pgn-extract reported errors", name);
        free(log);
        char *out = ts_slurp(ts_scratch, "out.pgn");
        int n = 0;
        for (const char *at = out; (at = strstr(at, "[Event ")) != NULL; at++)
            n += at == out || at[-1] == '\n';
        free(out);
        cr_expect_eq(n, in, "%s: %d games in, pgn-extract wrote %d", name, in, n);
        read_whole++;
        if (strcmp(name, "all.pgn") == 0)
            expect_chess_positions(inputs, ninputs);
    }
    cr_expect_eq(read_whole, 4, "all.pgn, and the Chess960, Three-check and King of the Hill files");
    cr_expect_eq(for_variant_readers, 3, "the Crazyhouse, Horde and Antichess files");
    free(files);
    free(extract);
}

/* --------------------------------------------------- Fairy-Stockfish */

/* A board from a FEN: the piece letter on each square ('\0' empty). */
struct board {
    char sq[8][8];
    int black;                    /* Black to move */
};

static void read_board(const char *fen, struct board *b)
{
    memset(b, 0, sizeof *b);
    int rank = 7, file = 0;
    const char *p = fen;
    for (; *p && *p != ' ' && *p != '['; p++) {
        if (*p == '/')
            rank--, file = 0;
        else if (isdigit((unsigned char)*p))
            file += *p - '0';
        else if (*p == '~')
            continue;             /* Crazyhouse: the piece before it was promoted */
        else if (file < 8 && rank >= 0)
            b->sq[rank][file++] = *p;
    }
    if (*p == '[')
        p = strchr(p, ']') + 1;
    b->black = p[0] == ' ' && p[1] == 'b';
}

static int is_own(const struct board *b, char c) { return c && (islower((unsigned char)c) != 0) == b->black; }

/* One SAN, taken apart. */
struct san {
    int castle;                   /* 1 O-O, 2 O-O-O */
    int drop;
    char piece;                   /* upper case; 'P' when none */
    int dis_file, dis_rank;       /* -1: not given */
    int capture;
    int to_file, to_rank;
    char promo;                   /* upper case, 0 */
    char mark;                    /* '+', '#', 0 */
};

static void parse_san(const char *s, struct san *m)
{
    memset(m, 0, sizeof *m);
    m->dis_file = m->dis_rank = -1;
    m->piece = 'P';
    char t[32];
    snprintf(t, sizeof t, "%s", s);
    size_t n = strlen(t);
    if (n && (t[n - 1] == '+' || t[n - 1] == '#'))
        m->mark = t[--n], t[n] = '\0';
    if (strcmp(t, "O-O") == 0 || strcmp(t, "O-O-O") == 0) {
        m->castle = n == 3 ? 1 : 2;
        return;
    }
    char *eq = strchr(t, '=');
    if (eq)
        m->promo = eq[1], *eq = '\0';
    char *at = strchr(t, '@');
    const char *p = t;
    if (isupper((unsigned char)*p))
        m->piece = *p++;
    if (at) {
        m->drop = 1;
        p = at + 1;
    }
    n = strlen(p);
    cr_assert_geq(n, 2, "SAN %s", s);
    m->to_file = p[n - 2] - 'a', m->to_rank = p[n - 1] - '1';
    for (const char *c = p; c < p + n - 2; c++) {
        if (*c == 'x')
            m->capture = 1;
        else if (*c >= 'a' && *c <= 'h')
            m->dis_file = *c - 'a';
        else if (*c >= '1' && *c <= '8')
            m->dis_rank = *c - '1';
        else
            cr_assert_fail("SAN %s: '%c'", s, *c);
    }
}

/* Does the engine's move u fit m (with the disambiguation given)? */
static int fits(const struct board *b, const char *u, const struct san *m, int dis_file,
                int dis_rank)
{
    if (strchr(u, '@'))
        return m->drop && toupper((unsigned char)u[0]) == m->piece && u[2] - 'a' == m->to_file &&
               u[3] - '1' == m->to_rank;
    if (m->drop)
        return 0;
    int ff = u[0] - 'a', fr = u[1] - '1', tf = u[2] - 'a', tr = u[3] - '1';
    char mover = b->sq[fr][ff], target = b->sq[tr][tf];
    int king = toupper((unsigned char)mover) == 'K';
    int onto_rook = is_own(b, target) && toupper((unsigned char)target) == 'R';
    int castle = king && (onto_rook || (fr == tr && abs(tf - ff) >= 2));
    if (castle)
        return m->castle == (tf > ff ? 1 : 2);
    if (m->castle || toupper((unsigned char)mover) != m->piece || tf != m->to_file ||
        tr != m->to_rank || toupper((unsigned char)u[4]) != (m->promo ? m->promo : 0))
        return 0;
    if ((dis_file >= 0 && ff != dis_file) || (dis_rank >= 0 && fr != dis_rank))
        return 0;
    int capture = target || (m->piece == 'P' && ff != tf);
    cr_assert_eq(capture, m->capture, "%s: capture marked wrongly", u);
    return 1;
}

static int count_fits(const struct board *b, char (*legal)[16], int n, const struct san *m,
                      int dis_file, int dis_rank, int *which)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        if (fits(b, legal[i], m, dis_file, dis_rank))
            count++, *which = i;
    return count;
}

/* Replay one PGN game on the engine, every SAN checked; its final FEN must
 * be want's. */
static void replay_on_engine(struct ts_uci *u, const struct pgn_game *g, const struct replayed *want)
{
    static char legal[1024][16];
    static char moves[MAX_PLIES][16];
    const char *ptrs[MAX_PLIES];
    const char *fen = g->fen[0] ? g->fen : NULL;
    char now[256];
    for (int ply = 0;; ply++) {
        int in_check;
        cr_assert_eq(ts_uci_position(u, fen, ptrs, ply), 0);
        cr_assert_eq(ts_uci_show(u, now, sizeof now, &in_check), 0);
        int n = ts_uci_legal_moves(u, legal, 1024);
        cr_assert_geq(n, 0, "no answer");
        if (ply > 0) {
            struct san prev;
            parse_san(g->moves[ply - 1], &prev);
            char mark = in_check ? (n ? '+' : '#') : 0;
            cr_expect_eq(prev.mark, mark, "%s ply %d: %s should end in '%c'", want->log, ply,
                         g->moves[ply - 1], mark ? mark : ' ');
        }
        if (ply == g->nmoves)
            break;
        struct board b;
        read_board(now, &b);
        struct san m;
        parse_san(g->moves[ply], &m);
        int which = -1;
        int fit = count_fits(&b, legal, n, &m, m.dis_file, m.dis_rank, &which);
        cr_assert_eq(fit, 1, "%s ply %d: %s fits %d legal moves in %s", want->log, ply + 1,
                     g->moves[ply], fit, now);
        /* The standard's disambiguation: the file if it is enough, else
         * the rank, else both; never one that is not needed (a pawn's
         * capture always names its file). */
        int dummy, ff = legal[which][0] - 'a', fr = legal[which][1] - '1';
        if (m.piece != 'P' && (m.dis_file >= 0 || m.dis_rank >= 0)) {
            cr_expect_gt(count_fits(&b, legal, n, &m, -1, -1, &dummy), 1,
                         "%s ply %d: %s needs no disambiguation", want->log, ply + 1,
                         g->moves[ply]);
            if (m.dis_rank >= 0)
                cr_expect_gt(count_fits(&b, legal, n, &m, ff, -1, &dummy), 1,
                             "%s ply %d: %s: the file would do", want->log, ply + 1,
                             g->moves[ply]);
            if (m.dis_rank >= 0 && m.dis_file >= 0)
                cr_expect_gt(count_fits(&b, legal, n, &m, -1, fr, &dummy), 1,
                             "%s ply %d: %s: the rank would do", want->log, ply + 1,
                             g->moves[ply]);
        }
        snprintf(moves[ply], sizeof moves[ply], "%s", legal[which]);
        ptrs[ply] = moves[ply];
    }
    cr_expect_eq(g->nmoves, want->turns, "%s: %d moves, %d turns", want->log, g->nmoves,
                 want->turns);
    cr_expect_str_eq(now, want->final, "%s: the final position: the engine %s, gcaudit %s", want->log, now, want->final);
}

/* Chess960 starts for the games played here (X-FEN castling letters). */
static const char *const starts960[] = {
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    "rknrnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKNRNBBQ w KQkq - 0 1",
    "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w KQkq - 0 1",
};

/* The engine's move as Game Courier writes it, side to move `black`. */
static void gc_move(const char *u, int black, char *out, size_t size)
{
    char piece = (char)(black ? tolower((unsigned char)u[0]) : toupper((unsigned char)u[0]));
    if (strchr(u, '@'))
        snprintf(out, size, "%c*%.2s", piece, u + 2);
    else if (u[4])
        snprintf(out, size, "%.2s-%.2s; %c-%.2s", u, u + 2,
                 black ? tolower((unsigned char)u[4]) : toupper((unsigned char)u[4]), u + 2);
    else
        snprintf(out, size, "%.2s-%.2s", u, u + 2);
}

/* Play GEN_GAMES games of v with random legal moves into dir/V-N.log. */
static void play_games(struct ts_uci *u, const struct rp_variant *v, uint64_t *seed, const char *dir)
{
    static char legal[1024][16];
    static char moves[GEN_PLIES][16];
    const char *ptrs[GEN_PLIES];
    for (int game = 1; game <= GEN_GAMES; game++) {
        const char *fen = NULL;
        if (strcmp(v->pgn_variant, "Chess960") == 0)
            fen = starts960[(game - 1) % (sizeof starts960 / sizeof starts960[0])];
        int plies = GEN_PLIES / 2 + (int)ts_rng_below(seed, GEN_PLIES / 2);
        char *text = ts_fmt("Game: %s\nLog: gen-%s-%d\nWhite: Engine A\nBlack: Engine B\n%s%s%s\n",
                            v->game_names[0], v->name, game, fen ? "FEN: " : "", fen ? fen : "",
                            fen ? "\n" : "");
        for (int ply = 0; ply < plies; ply++) {
            cr_assert_eq(ts_uci_position(u, fen, ptrs, ply), 0);
            int n = ts_uci_legal_moves(u, legal, 1024);
            cr_assert_geq(n, 0);
            if (n == 0)
                break;
            snprintf(moves[ply], sizeof moves[ply], "%s", legal[ts_rng_below(seed, (unsigned)n)]);
            ptrs[ply] = moves[ply];
            char m[32], *was = text;
            gc_move(moves[ply], ply % 2, m, sizeof m);
            text = ts_fmt("%s%d%s %s\n", was, ply / 2 + 1, ply % 2 ? "..." : ".", m);
            free(was);
        }
        char *path = ts_fmt("%s/%s-%d.log", dir, v->name, game);
        cr_assert_eq(ts_write_file(path, text, strlen(text)), 0);
        free(path);
        free(text);
    }
}

Test(cli_pgn_readers, fairy_stockfish_replays_every_other_exported_game)
{
    struct ts_uci *u = ts_uci_open(ENGINE_TIMEOUT_MS);
    char *gen = ts_fmt("%s/gen", ts_scratch), *mkdir = ts_fmt("mkdir '%s'", gen);
    cr_assert_eq(ts_run(mkdir), 0);
    free(mkdir);
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    int variants = 0;
    for (size_t i = 0; i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        if (!v->pgn_variant || !v->pgn_variant[0])
            continue;
        cr_assert_eq(ts_uci_variant(u, v->origin, v->name), 0, "%s", v->name);
        play_games(u, v, &seed, gen);
        variants++;
    }
    cr_assert_eq(variants, 6, "the six variants lichess names are exported");

    const char *inputs[] = {GC_SOURCE_DIR "/sample-data/variant-festival-2024.tar.gz",
                            GC_SOURCE_DIR "/sample-data/east-west-cup-2024.tar.gz", "gen"};
    char *cmd = ts_fmt("cd '%s' && '%s' analyze -q '%s' '%s' gen -o rep --pgn other.pgn",
                       ts_scratch, GC_BINARY, inputs[0], inputs[1]);
    cr_assert_eq(ts_run(cmd), 0, "%s", cmd);
    free(cmd);
    int nwant;
    struct replayed *want = replay_inputs(inputs, 3, 0, &nwant);
    cr_expect_geq(nwant, 6 * GEN_GAMES + 5);
    /* Each variant's games are in its own file, in input order there. */
    char *main_pgn = ts_slurp(ts_scratch, "other.pgn");
    cr_expect_str_eq(main_pgn, "", "no Chess game: an empty other.pgn");
    free(main_pgn);
    struct pgn_game *got = calloc(MAX_GAMES, sizeof *got);
    int seen = 0;
    const struct rp_variant *done[16];
    int ndone = 0;
    for (int i = 0; i < nwant; i++) {
        const struct rp_variant *v = want[i].v;
        int again = 0;
        for (int d = 0; d < ndone; d++)
            again |= done[d] == v;
        if (again)
            continue;
        cr_assert_lt(ndone, 16);
        done[ndone++] = v;
        char *path = variant_file("other", v->pgn_variant);
        char *text = ts_read_file(path, NULL);
        cr_assert_not_null(text, "%s: no %s", v->name, path);
        int ngot = read_pgn(text, got, MAX_GAMES), k = 0;
        cr_assert_eq(ts_uci_variant(u, v->origin, v->name), 0);
        for (int j = i; j < nwant; j++) {
            if (want[j].v != v)
                continue;
            cr_assert_lt(k, ngot, "%s: %d games", path, ngot);
            cr_expect_str_eq(got[k].log, want[j].log, "%s: game %d", path, k + 1);
            cr_expect_str_eq(got[k].variant, v->pgn_variant, "%s", want[j].log);
            /* A start other than the orthodox array is given, as lichess
             * gives it. */
            int orthodox = strncmp(want[j].start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                                   43) == 0;
            cr_expect_str_eq(got[k].fen, want[j].fen_header || !orthodox ? want[j].start : "",
                             "%s: the FEN tag %s, the start %s", want[j].log, got[k].fen,
                             want[j].start);
            replay_on_engine(u, &got[k], &want[j]);
            k++;
        }
        cr_expect_eq(k, ngot, "%s: %d games, %d expected", path, ngot, k);
        seen += ngot;
        free(text), free(path);
    }
    cr_expect_eq(seen, nwant);
    free(got);
    free(want);
    free(gen);
    ts_uci_quit(u);
}
