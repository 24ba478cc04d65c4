/*
 * gen: the benchmark's games, made reproducibly from a seed.
 *
 *   gcaudit-bench-gen --chess N --variants M --seed S --out DIR [--plies LO-HI]
 *
 * writes into DIR:
 *   chess.tar.gz     N orthodox Chess games, one Game Courier log per entry
 *   chess.pgn        the same games in PGN (SAN, same results), in the same
 *                    order, for pgn-extract
 *   variants.tar.gz  M games of the four other variants, one log per entry
 *   counts.txt       how the Chess games end, for docs/performance.md
 *
 * Chess games are random legal games played through gcaudit's own engine
 * (the move generator and the Chess variant's endings), so that every one
 * ends where the rules end it: 60-120 plies, captures and checks preferred
 * so that material comes off and mates happen; a mate-in-one found near the
 * end is played (--plies 120-136 makes games of about 128 plies, the
 * length of the Fairy-Stockfish games issue 28 measured).  Games the rules do not end finish as real logs do: a
 * resignation (by Status: or a `resign` command), an agreed draw, a time
 * loss, a bare Result:, or still in progress.  About 2% carry an illegal
 * move (a knight, bishop, rook or queen sent where it cannot go), after
 * which the log stops; pgn-extract sees the same move in SAN, written
 * with its from-square so that no other piece can take it.  Players come
 * from a fixed pool and play inside events of 24, as in tournaments, so
 * the head-to-head table stays the size real archives give it.
 *
 * Other variants are not generated: their games are the shared test
 * vectors (tests/fixtures/oracle/<variant>.log), cycled with a fresh Log:
 * id, so every rule of every variant is exercised at scale.
 *
 * Same arguments, same bytes: the random numbers are splitmix64 from the
 * seed, and archive entries carry a fixed date.
 */
#include <archive.h>
#include <archive_entry.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/attacks.h"
#include "replay/movegen.h"
#include "replay/notation.h"
#include "replay/ortho.h"
#include "replay/rules.h"
#include "replay/variants.h"

/* ------------------------------------------------------------ random */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static unsigned rng_below(unsigned n) { return (unsigned)(rng_next() % n); }

/* True with probability percent/100. */
static int rng_pct(unsigned percent) { return rng_below(100) < percent; }

/* ------------------------------------------------------------ output */

/* A growing text buffer for one log or one PGN game. */
struct text {
    char *s;
    size_t len, cap;
};

static void text_add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void text_add(struct text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = t->cap - t->len;
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            exit(3);
        if ((size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        t->cap = (t->cap + (size_t)n + 1) * 2;
        if (!(t->s = realloc(t->s, t->cap)))
            exit(3);
    }
}

static struct archive *tar_open(const char *path)
{
    struct archive *a = archive_write_new();
    if (!a || archive_write_add_filter_gzip(a) != ARCHIVE_OK ||
        archive_write_set_format_ustar(a) != ARCHIVE_OK ||
        archive_write_open_filename(a, path) != ARCHIVE_OK) {
        fprintf(stderr, "gen: cannot write %s\n", path);
        exit(3);
    }
    return a;
}

static void tar_add(struct archive *a, const char *name, const struct text *t)
{
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, name);
    archive_entry_set_size(e, (la_int64_t)t->len);
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_mtime(e, 1717200000, 0);   /* fixed: same bytes every run */
    if (archive_write_header(a, e) != ARCHIVE_OK ||
        archive_write_data(a, t->s, t->len) != (la_ssize_t)t->len) {
        fprintf(stderr, "gen: %s\n", archive_error_string(a));
        exit(3);
    }
    archive_entry_free(e);
}

static void tar_close(struct archive *a)
{
    if (archive_write_close(a) != ARCHIVE_OK)
        exit(3);
    archive_write_free(a);
}

/* ----------------------------------------------------------- players */

static const char *const first_names[] = {
    "Ada", "Boris", "Chen", "Dmitri", "Elif", "Farah", "Gwen", "Hiro", "Ines", "Jonas",
    "Kemal", "Lena", "Mateo", "Nadia", "Omar", "Priya", "Quentin", "Rosa", "Sven", "Tariq",
    "Una", "Viktor", "Wen", "Ximena", "Yusuf", "Zofia", "Émile", "Łukasz", "Søren", "Ayşe"};
static const char *const last_names[] = {
    "Quill", "Volkov", "Mensah", "O'Connell", "Kowalczyk", "Iyer", "Halvorsen", "Fernández",
    "Chen", "Nakamura", "Schmidt", "Rossi", "Dubois", "Novak", "Silva", "Okafor", "Larsen",
    "Haddad", "Petrov", "Moreau", "Kim", "Brennan", "Şahin", "Müller", "Costa", "Ivanova",
    "Lindqvist", "Tanaka", "Mbeki", "Walsh", "Horvat", "Yilmaz", "Andersson", "Rahman",
    "Dvořák", "García", "Nguyen", "Kaur", "Popescu", "Byrne"};

#define NFIRST (sizeof first_names / sizeof first_names[0])
#define NLAST (sizeof last_names / sizeof last_names[0])
#define NPLAYERS (NFIRST * NLAST * 3)   /* 3,600: a big site's players */
#define NEVENTS 400
#define ROSTER 24

static void player_name(unsigned id, char *buf, size_t size)
{
    unsigned suffix = id / (unsigned)(NFIRST * NLAST);
    id %= (unsigned)(NFIRST * NLAST);
    snprintf(buf, size, "%s %s%s", first_names[id % NFIRST], last_names[id / NFIRST],
             suffix == 0 ? "" : suffix == 1 ? " Jr" : " II");
}

static unsigned rosters[NEVENTS][ROSTER];

static void make_rosters(void)
{
    for (unsigned e = 0; e < NEVENTS; e++)
        for (unsigned i = 0; i < ROSTER; i++)
            rosters[e][i] = rng_below((unsigned)NPLAYERS);
}

/* ------------------------------------------------------- chess games */

enum ending {
    END_RULES,        /* the engine ended it: mate, stalemate, a draw rule */
    END_RESIGN,
    END_DRAW,
    END_TIMEOUT,
    END_BARE_RESULT,  /* Result: only, no how */
    END_UNFINISHED,
    END_VIOLATION,
    END_COUNT
};

static const char *const ending_names[END_COUNT] = {
    "rules", "resignation", "agreement", "timeout", "declared", "unfinished", "violation"};

struct game {
    struct rp_ortho o;
    struct text head, log;           /* the log's header lines, its moves */
    struct text pgn_head, pgn;       /* the PGN's tags, its movetext */
    char white[64], black[64];
    int label, spaced, pair_lines;   /* notation style of this log */
    int ply;
    const char *termination;         /* the engine's, when END_RULES */
    char termination_buf[RP_TERM_NAME_MAX]; /* a counted one's name */
    enum rp_result result;
};

static int piece_value(int type)
{
    static const int v[7] = {0, 1, 3, 3, 5, 9, 0};
    return v[type];
}

/* Mate in one for the side to move: the move, or -1. */
static int find_mate(struct rp_board *b, const struct rp_movelist *l)
{
    for (size_t i = 0; i < l->n; i++) {
        struct rp_undo u;
        rp_make(b, l->m[i], &u);
        int mate = rp_in_check(b, b->side) && !rp_has_legal_move(b);
        rp_unmake(b, l->m[i], &u);
        if (mate)
            return (int)i;
    }
    return -1;
}

/* A random legal move, captures of equal or bigger pieces preferred. */
static size_t pick_move(const struct rp_board *b, const struct rp_movelist *l)
{
    unsigned weight[RP_MAX_MOVES], total = 0;
    for (size_t i = 0; i < l->n; i++) {
        unsigned w = 2;
        if (l->m[i].flags & RP_MF_CAPTURE) {
            int victim = (l->m[i].flags & RP_MF_EP) ? RP_PAWN : rp_type_of(b->sq[l->m[i].to]);
            w = piece_value(victim) >= piece_value(rp_type_of(b->sq[l->m[i].from])) ? 24 : 6;
        }
        weight[i] = w;
        total += w;
    }
    unsigned r = rng_below(total);
    size_t i = 0;
    while (r >= weight[i])
        r -= weight[i++];
    return i;
}

static const char san_letters[7] = {0, 0, 'N', 'B', 'R', 'Q', 'K'};

/* The SAN of m (legal, from list l) on b, without check marks. */
static void san(const struct rp_board *b, rp_move m, const struct rp_movelist *l, char *out)
{
    int type = rp_type_of(b->sq[m.from]);
    char *p = out;
    if (m.flags & RP_MF_CASTLE) {
        strcpy(out, rp_file(m.to) == 6 ? "O-O" : "O-O-O");
        return;
    }
    if (type == RP_PAWN) {
        if (m.flags & RP_MF_CAPTURE)
            *p++ = (char)('a' + rp_file(m.from));
    } else {
        int same_file = 0, same_rank = 0, other = 0;
        for (size_t i = 0; l && i < l->n; i++) {
            rp_move o = l->m[i];
            if (o.to != m.to || o.from == m.from || rp_type_of(b->sq[o.from]) != type)
                continue;
            other = 1;
            same_file |= rp_file(o.from) == rp_file(m.from);
            same_rank |= rp_rank(o.from) == rp_rank(m.from);
        }
        *p++ = san_letters[type];
        if (other && (!same_file || same_rank))
            *p++ = (char)('a' + rp_file(m.from));
        if (other && same_file)
            *p++ = (char)('1' + rp_rank(m.from));
    }
    if (m.flags & RP_MF_CAPTURE)
        *p++ = 'x';
    p += strlen(rp_square_name(b, p, m.to));
    if (m.promo) {
        *p++ = '=';
        *p++ = san_letters[rp_type_of(m.promo)];
    }
    *p = '\0';
}

/* The log components of m, in this game's style. */
static void log_move(const struct game *g, rp_move m, char *out, size_t size)
{
    const struct rp_board *b = &g->o.b;
    char f[8], t[8];
    rp_square_name(b, f, m.from);
    rp_square_name(b, t, m.to);
    const char *dash = g->spaced ? " - " : "-";
    int n = snprintf(out, size, "%s%s%s%s%s", g->label ? rp_piece_label(b->sq[m.from]) : "",
                     g->label ? " " : "", f, dash, t);
    if ((m.flags & RP_MF_CASTLE) && rng_pct(50))
        snprintf(out + n, size - (size_t)n, "; %s %s%c-%s%c", b->side ? "r" : "R",
                 rp_file(m.to) == 6 ? "h" : "a", t[1], rp_file(m.to) == 6 ? "f" : "d", t[1]);
    else if ((m.flags & RP_MF_EP) && rng_pct(50))
        snprintf(out + n, size - (size_t)n, "; %c%c-", t[0], f[1]);
    else if (m.promo)
        snprintf(out + n, size - (size_t)n, "; %s-%s", rp_piece_label(m.promo), t);
}

/* The turn marker and line breaks of the log. */
static void log_turn(struct game *g, const char *comps)
{
    int side = g->o.b.side, number = g->ply / 2 + 1;
    int newline = !g->pair_lines || side == 1;
    text_add(&g->log, "%d%s %s%s", number, side ? "..." : ".", comps, newline ? "\n" : " ");
}

static void pgn_move(struct game *g, const char *san_text)
{
    int side = g->o.b.side, number = g->ply / 2 + 1;
    if (side == 0)
        text_add(&g->pgn, "%d. %s ", number, san_text);
    else
        text_add(&g->pgn, "%s ", san_text);
    if (g->ply % 16 == 15)
        text_add(&g->pgn, "\n");
}

/* Play m in the log, the PGN and the engine.  1 when the rules ended the game. */
static int play(struct game *g, rp_move m, const struct rp_movelist *l)
{
    char s[16], comps[64];
    san(&g->o.b, m, l, s);
    log_move(g, m, comps, sizeof comps);
    log_turn(g, comps);
    struct rp_undo u;
    rp_make(&g->o.b, m, &u);
    int check = rp_in_check(&g->o.b, g->o.b.side);
    int mate = check && !rp_has_legal_move(&g->o.b);
    rp_unmake(&g->o.b, m, &u);
    strcat(s, mate ? "#" : check ? "+" : "");
    pgn_move(g, s);
    rp_ortho_apply(&g->o, m);
    g->ply++;
    struct rp_ending e;
    if (!rp_variant_chess.ended(&g->o, &e))
        return 0;
    g->termination = rp_term_name(e.termination, g->termination_buf);

    g->result = e.result;
    return 1;
}

/* A move the rules forbid, or 0 when none is handy: a piece sent to an
 * empty square it cannot reach. */
static int illegal_move(struct game *g, char *comps, size_t size, char *s)
{
    struct rp_board *b = &g->o.b;
    char f[8], t[8];
    for (int tries = 0; tries < 64; tries++) {
        int from = (int)rng_below(128), to = (int)rng_below(128);
        if (!rp_on_board(from) || !rp_on_board(to) || !b->sq[from] || b->sq[to] ||
            rp_colour_of(b->sq[from]) != b->side)
            continue;
        int type = rp_type_of(b->sq[from]);
        if (type == RP_PAWN || type == RP_KING)
            continue;
        struct rp_movelist l = {0};
        rp_gen_from(b, (rp_sq)from, &l);
        int reachable = 0;
        for (size_t i = 0; i < l.n; i++)
            reachable |= l.m[i].to == to;
        if (reachable)
            continue;
        snprintf(comps, size, "%s %s-%s", rp_piece_label(b->sq[from]),
                 rp_square_name(b, f, (rp_sq)from), rp_square_name(b, t, (rp_sq)to));
        /* From and to in full: no other piece of the type may take the move. */
        sprintf(s, "%c%s%s", san_letters[type], f, t);
        return 1;
    }
    return 0;
}

/* The header of a log and the PGN's tags, up to the result lines. */
static void start_game(struct game *g, unsigned long n)
{
    unsigned event = rng_below(NEVENTS);
    unsigned wi = rng_below(ROSTER), bi = (wi + 1 + rng_below(ROSTER - 1)) % ROSTER;
    player_name(rosters[event][wi], g->white, sizeof g->white);
    player_name(rosters[event][bi], g->black, sizeof g->black);
    unsigned day = rng_below(28) + 1, month = rng_below(12) + 1, year = 2019 + event % 6;
    g->head.len = g->log.len = g->pgn_head.len = g->pgn.len = 0;
    text_add(&g->head, "Game: Chess\nSettings: ver1\nLog: bench-chess-%07lu\n", n);
    text_add(&g->head, "Event: Bench Open %u/%u\nRound: %u\nWhite: %s\nBlack: %s\n", event,
             year, rng_below(9) + 1, g->white, g->black);
    text_add(&g->head, "Started: %u-%02u-%02u\n", year, month, day);
    text_add(&g->pgn_head, "[Event \"Bench Open %u/%u\"]\n[Site \"?\"]\n[Date \"%u.%02u.%02u\"]\n",
             event, year, year, month, day);
    text_add(&g->pgn_head, "[Round \"?\"]\n[White \"%s\"]\n[Black \"%s\"]\n", g->white, g->black);
    rp_ortho_setup(&g->o, &rp_chess_rules, RP_START_FEN, "Chess");
    g->label = rng_pct(70);
    g->spaced = rng_pct(3);
    g->pair_lines = rng_pct(25);
    g->ply = 0;
    g->termination = NULL;
    g->result = RP_RESULT_NONE;
}

/* Play until the rules end the game, the target length is passed, or a
 * planted violation.  Returns END_RULES, END_VIOLATION, or END_COUNT when
 * the players are to say how it stopped. */
static enum ending play_moves(struct game *g, int target, int violation_at)
{
    struct rp_movelist l;
    while (g->ply < target + 24) {
        char comps[64], s[16];
        if (g->ply == violation_at && illegal_move(g, comps, sizeof comps, s)) {
            log_turn(g, comps);
            pgn_move(g, s);
            return END_VIOLATION;
        }
        l.n = 0;
        rp_gen_legal(&g->o.b, &l);
        int mate = g->ply >= target - 24 ? find_mate(&g->o.b, &l) : -1;
        size_t i = mate >= 0 ? (size_t)mate : pick_move(&g->o.b, &l);
        if (play(g, l.m[i], &l))
            return END_RULES;
        if (g->ply >= target && rng_pct(12))
            break;
    }
    return END_COUNT;
}

static const char *result_text(enum rp_result r)
{
    return r == RP_RESULT_WHITE ? "1-0" : r == RP_RESULT_BLACK ? "0-1" : r == RP_RESULT_DRAW ? "1/2-1/2" : "*";
}

/* How a game the rules did not end stops, and its result: the side to
 * move resigns, loses on time, or agrees a draw. */
static enum ending choose_ending(struct game *g, enum ending how)
{
    int mover = g->o.b.side;
    if (how == END_COUNT) {
        unsigned r = rng_below(100);
        how = r < 55 ? END_RESIGN : r < 75 ? END_DRAW : r < 82 ? END_TIMEOUT
            : r < 91 ? END_BARE_RESULT : END_UNFINISHED;
    }
    g->result = how == END_DRAW ? RP_RESULT_DRAW : how == END_UNFINISHED ? RP_RESULT_NONE
              : mover ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    /* A violation stops the replay; the log says the offender resigned. */
    if (how == END_RESIGN && rng_pct(40))
        text_add(&g->log, "%d%s resign\n", g->ply / 2 + 1, mover ? "..." : ".");
    return how;
}

/* The log: header, the lines that declare the result, a blank line, the
 * moves. */
static void finish_log(struct game *g, enum ending how, struct text *out)
{
    const char *loser = g->o.b.side ? g->black : g->white;
    const char *res = result_text(g->result);
    out->len = 0;
    text_add(out, "%s", g->head.s);
    switch (how) {
    case END_RULES:
        if (rng_pct(60))
            text_add(out, "Result: %s\n", res);
        else if (g->result != RP_RESULT_DRAW && rng_pct(50))
            text_add(out, "Status: %s has won\n", g->result == RP_RESULT_WHITE ? g->white : g->black);
        break;
    case END_RESIGN:
    case END_VIOLATION:
        text_add(out, "Status: %s has resigned\n", loser);
        break;
    case END_DRAW:
        text_add(out, rng_pct(50) ? "Status: Draw agreed\n" : "Result: 1/2-1/2\n");
        break;
    case END_TIMEOUT:
        text_add(out, "Status: %s ran out of time\n", loser);
        break;
    case END_BARE_RESULT:
        text_add(out, "Result: %s\n", res);
        break;
    default:
        if (rng_pct(50))
            text_add(out, "Status: In progress\n");
        break;
    }
    text_add(out, "\n%s", g->log.s ? g->log.s : "");
}

struct counts {
    unsigned long endings[END_COUNT];
    unsigned long rules[6];
    unsigned long long plies;
};

static const char *const rule_terms[6] = {"checkmate", "stalemate", "insufficient-material",
                                          "fivefold-repetition", "seventy-five-moves", NULL};

static void count_rules(struct counts *c, const char *term)
{
    for (int i = 0; rule_terms[i]; i++)
        if (strcmp(term, rule_terms[i]) == 0)
            c->rules[i]++;
}

/* The plies a game is played to (unless the rules end it first). */
static int plies_lo = 60, plies_hi = 120;

static void chess_game(struct game *g, unsigned long n, struct archive *tar, FILE *pgn,
                       struct counts *c, struct text *log)
{
    char name[64];
    start_game(g, n);
    int target = plies_lo + (int)rng_below((unsigned)(plies_hi - plies_lo + 1));
    int violation_at = rng_pct(2) ? 10 + (int)rng_below((unsigned)target - 10) : -1;
    enum ending how = play_moves(g, target, violation_at);
    if (how == END_RULES)
        count_rules(c, g->termination);
    else
        how = choose_ending(g, how);
    c->endings[how]++;
    c->plies += (unsigned long long)g->ply;
    finish_log(g, how, log);
    snprintf(name, sizeof name, "chess/%04lu/g%07lu.log", n / 1000, n);
    tar_add(tar, name, log);
    const char *res = result_text(g->result);
    fprintf(pgn, "%s[Result \"%s\"]\n\n%s%s\n\n", g->pgn_head.s, res, g->pgn.s ? g->pgn.s : "", res);
}

/* --------------------------------------------------- variant games */

struct vector_games {
    char **text;
    size_t *len;
    size_t n;
};

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct text t = {0};
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        text_add(&t, "%.*s", (int)got, buf);
    fclose(f);
    *len = t.len;
    return t.s;
}

/* Cut a vector log into its games: each starts at a "Game:" line. */
static void load_vectors(const char *dir, struct vector_games *v)
{
    static const char *const names[] = {"extinction", "backlash", "palindromic", "retro"};
    for (size_t k = 0; k < 4; k++) {
        char path[4096];
        size_t len;
        snprintf(path, sizeof path, "%s/%s.log", dir, names[k]);
        char *all = read_all(path, &len);
        if (!all) {
            fprintf(stderr, "gen: cannot read %s\n", path);
            exit(3);
        }
        for (char *p = all; p && *p;) {
            char *next = strstr(p + 1, "\nGame:");
            size_t n = next ? (size_t)(next + 1 - p) : strlen(p);
            v->text = realloc(v->text, (v->n + 1) * sizeof *v->text);
            v->len = realloc(v->len, (v->n + 1) * sizeof *v->len);
            v->text[v->n] = p;
            v->len[v->n++] = n;
            p = next ? next + 1 : NULL;
        }
    }
}

/* Game i of the vectors, its Log: line renamed so that ids stay unique. */
static void variant_game(const struct vector_games *v, unsigned long i, struct text *out)
{
    const char *g = v->text[i % v->n];
    size_t n = v->len[i % v->n];
    const char *log = strstr(g, "\nLog:");
    out->len = 0;
    if (!log || (size_t)(log - g) > n) {
        text_add(out, "%.*s", (int)n, g);
        return;
    }
    const char *eol = strchr(log + 1, '\n');
    text_add(out, "%.*s\nLog: bench-variant-%07lu%.*s", (int)(log - g), g, i,
             (int)(n - (size_t)(eol - g)), eol);
}

/* -------------------------------------------------------------- main */

static void usage(void)
{
    fprintf(stderr, "usage: gcaudit-bench-gen --chess N --variants M --seed S --vectors DIR --out DIR"
                    " [--plies LO-HI]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    unsigned long nchess = 1000, nvariants = 100;
    uint64_t seed = 1;
    const char *out = NULL, *vectors = "tests/fixtures/oracle";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--chess") == 0)
            nchess = strtoul(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--variants") == 0)
            nvariants = strtoul(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--out") == 0)
            out = argv[i + 1];
        else if (strcmp(argv[i], "--vectors") == 0)
            vectors = argv[i + 1];
        else if (strcmp(argv[i], "--plies") == 0) {
            /* 20 at least: an illegal move is placed from ply 10 on. */
            if (sscanf(argv[i + 1], "%d-%d", &plies_lo, &plies_hi) != 2 || plies_lo < 20 ||
                plies_hi < plies_lo || plies_hi > 1000)
                usage();
        } else
            usage();
    }
    if (!out || argc % 2 == 0)
        usage();
    rng_state = seed;
    make_rosters();
    char path[4096];
    snprintf(path, sizeof path, "%s/chess.tar.gz", out);
    struct archive *tar = tar_open(path);
    snprintf(path, sizeof path, "%s/chess.pgn", out);
    FILE *pgn = fopen(path, "w");
    if (!pgn) {
        fprintf(stderr, "gen: cannot write %s\n", path);
        return 3;
    }
    struct game *g = calloc(1, sizeof *g);
    struct text log = {0};
    struct counts c = {0};
    for (unsigned long n = 1; n <= nchess; n++)
        chess_game(g, n, tar, pgn, &c, &log);
    tar_close(tar);
    if (fclose(pgn) != 0)
        return 3;

    struct vector_games v = {0};
    load_vectors(vectors, &v);
    snprintf(path, sizeof path, "%s/variants.tar.gz", out);
    tar = tar_open(path);
    for (unsigned long n = 1; n <= nvariants; n++) {
        char name[64];
        variant_game(&v, n, &log);
        snprintf(name, sizeof name, "variants/%04lu/g%07lu.log", n / 1000, n);
        tar_add(tar, name, &log);
    }
    tar_close(tar);

    snprintf(path, sizeof path, "%s/counts.txt", out);
    FILE *f = fopen(path, "w");
    if (!f)
        return 3;
    fprintf(f, "chess games %lu, plies %llu (%.1f a game), variant games %lu (%zu vectors)\n",
            nchess, c.plies, nchess ? (double)c.plies / (double)nchess : 0.0, nvariants, v.n);
    for (int i = 0; rule_terms[i]; i++)
        fprintf(f, "  %s %lu\n", rule_terms[i], c.rules[i]);
    for (int i = 1; i < END_COUNT; i++)
        fprintf(f, "  %s %lu\n", ending_names[i], c.endings[i]);
    return fclose(f) == 0 ? 0 : 3;
}
