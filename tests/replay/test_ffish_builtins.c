/*
 * The built-in variants of the reference build as data
 * (replay/definitions/builtin/NAME.ini, issue 25 point 2), checked against
 * the reference itself, independently of gcaudit's engine: each file is
 * loaded into ffish under another name (NAME-data) and must play as
 * ffish's own NAME: the same start FEN, the same leaf count from the start
 * (depth 3, less on big boards and with many moves: check_file),
 * and the same FEN and legal moves at every ply of RANDOM_GAMES games of
 * up to RANDOM_PLIES random moves (RANDOM_GAMES_WIDE past 300 moves a
 * ply).
 *
 * Each file must hold one section, named after the file and without a
 * parent, and name a variant of
 * tests/fixtures/fairy-stockfish/builtin-variants.txt.
 *
 * A file that states a key the reference's own language does not read
 * (GCAUDIT_ONLY_KEYS: Janggi's kingType, a general that moves as the
 * guard, palace diagonals included) cannot be loaded into ffish as it
 * means; it is loaded into gcaudit instead, and gcaudit's engine must
 * play as ffish's own NAME: the same leaf count from the start, and the
 * same FEN and legal moves at every ply of GCAUDIT_GAMES random games.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/ffish.h"
#include "tests/support/support.h"
#include "tests/support/uci.h"

#define TIMEOUT_MS 60000
#define RANDOM_GAMES 8
/* Where a ply has more than 300 moves (Amazons, Duck): each ply costs
 * ffish forty times a chess ply, and two games hold the walls' moves. */
#define RANDOM_GAMES_WIDE 2
#define RANDOM_PLIES 80
#define FEN_MAX 512
#define MAX_LEGAL 1024
/* Games per file checked in gcaudit (GCAUDIT_ONLY_KEYS): fewer, each file
 * its own seed, as the Janggi files differ only in their ends. */
#define GCAUDIT_GAMES 3

/* Keys of gcaudit's language that the reference's loader does not read
 * (docs/defined-variants.md, the key table). */
static const char *const GCAUDIT_ONLY_KEYS[] = {"kingType"};

static int states_gcaudit_only_key(const char *text)
{
    for (size_t i = 0; i < sizeof GCAUDIT_ONLY_KEYS / sizeof GCAUDIT_ONLY_KEYS[0]; i++)
        for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
            if (strncmp(p, GCAUDIT_ONLY_KEYS[i], strlen(GCAUDIT_ONLY_KEYS[i])) == 0 &&
                strchr(" =", p[strlen(GCAUDIT_ONLY_KEYS[i])]))
                return 1;
    return 0;
}

static int by_text(const void *a, const void *b) { return strcmp(a, b); }

/* One of gcaudit's legal moves in UCI, and the move. */
struct named_move {
    char uci[16];
    rp_fmove m;
};

static int by_uci(const void *a, const void *b)
{
    return strcmp(((const struct named_move *)a)->uci, ((const struct named_move *)b)->uci);
}

/* gcaudit's legal moves of p, sorted by their UCI, into moves; their
 * number. */
static int gcaudit_legal(const struct rp_fpos *p, struct named_move *moves)
{
    static struct rp_fmovelist l;
    rp_fgen_legal(p, &l);
    for (int i = 0; i < l.n; i++) {
        ts_fmove_uci(p, l.m[i], moves[i].uci, sizeof moves[i].uci);
        moves[i].m = l.m[i];
    }
    qsort(moves, (size_t)l.n, sizeof moves[0], by_uci);
    return l.n;
}

/* The file loaded into gcaudit plays as ffish's built-in `name` (the
 * file header's comment): the leaf count from the start, then the FEN and
 * the legal moves at every ply of random games, the moves drawn from
 * ffish's list. */
static int check_in_gcaudit(struct ts_uci *u, const char *path, const char *name)
{
    rp_defs_reset();
    struct rp_def_error err;
    memset(&err, 0, sizeof err);
    if (rp_defs_load_file(path, &err) != RP_DONE) {
        cr_log_error("%s: gcaudit does not load it: %d: %s", path, err.line, err.message);
        return 0;
    }
    const struct rp_fdef *d = rp_fairy_find(name);
    struct rp_fpos start;
    char why[200];
    if (!d || rp_ffen_read(&start, d, d->start_fen, why, sizeof why) != 0 || ts_uci_select(u, name) != 0) {
        cr_log_error("%s: no start position for %s", path, name);
        rp_defs_reset();
        return 0;
    }
    int depth = d->files * d->ranks > 64 || strchr(d->start_fen, '[') ? 2 : 3;
    uint64_t want = ts_uci_perft(u, NULL, depth), got = rp_fperft(&start, depth);
    int ok = want == got;
    if (!ok)
        cr_log_error("%s: perft %d is %" PRIu64 ", gcaudit's with the data %" PRIu64, name, depth, want, got);
    static char theirs[MAX_LEGAL][16];
    static struct named_move ours[MAX_LEGAL];
    uint64_t seed = 0x9E3779B9u;
    for (const char *c = name; *c; c++)
        seed = ((seed ^ (uint8_t)*c) * 0x01000193u) & 0xFFFFFFFFu;
    int positions = 0;
    for (int game = 0; game < GCAUDIT_GAMES && ok; game++) {
        struct rp_fpos p = start;
        cr_assert_eq(ts_uci_position(u, NULL, NULL, 0), 0);
        const char *move = NULL;
        char fen[FEN_MAX], mine[FEN_MAX], played[16] = "";
        for (int ply = 0; ply <= RANDOM_PLIES && ok; ply++) {
            int check, n = ts_ffish_play(u, move, fen, sizeof fen, &check, theirs, MAX_LEGAL);
            cr_assert_geq(n, 0, "%s: ffish did not answer", name);
            qsort(theirs, (size_t)n, sizeof theirs[0], by_text);
            rp_ffen_write(&p, mine, sizeof mine);
            int m = gcaudit_legal(&p, ours);
            positions++;
            if (strcmp(fen, mine) != 0 || m != n) {
                cr_log_error("%s, game %d, ply %d (after %s): ffish %s with %d moves, gcaudit %s with %d", name,
                             game + 1, ply, played[0] ? played : "the start", fen, n, mine, m);
                ok = 0;
            }
            for (int i = 0; ok && i < n; i++)
                if (strcmp(theirs[i], ours[i].uci) != 0) {
                    cr_log_error("%s, game %d, ply %d: at %s ffish has %s where gcaudit has %s", name, game + 1,
                                 ply, fen, theirs[i], ours[i].uci);
                    ok = 0;
                }
            if (!ok || n == 0 || ply == RANDOM_PLIES)
                break;
            seed = (seed * 6364136223846793005u + 1442695040888963407u);
            int pick = (int)((seed >> 33) % (uint64_t)n);
            snprintf(played, sizeof played, "%s", theirs[pick]);
            move = played;
            rp_fmake(&p, ours[pick].m); /* the lists are equal, in the same order */
        }
    }
    rp_defs_reset();
    if (ok)
        cr_log_info("%s: gcaudit with the data plays as the built-in (perft %d: %" PRIu64 ", %d positions)", name,
                    depth, want, positions);
    return ok;
}

/* Random games of `a` and `b` side by side inside ffish (`compare`,
 * tests/ffish/uci.js), from fen (NULL: the start), seeded by a's name: 1
 * when the FEN and the legal moves agree at every ply, else 0 after
 * saying where they part (as information only where the difference is
 * known). */
static int compare_from(struct ts_uci *u, const char *a, const char *b, int games, int plies, const char *fen,
                        int known)
{
    uint64_t seed = 0x9E3779B9u;
    for (const char *c = a; *c; c++)
        seed = ((seed ^ (uint8_t)*c) * 0x01000193u) & 0xFFFFFFFFu;
    const char *verdict = NULL;
    if (ts_uci_send(u, "compare %s %s %d %d %" PRIu64 "%s%s", a, b, games, plies, seed, fen ? " " : "",
                    fen ? fen : "") == 0)
        verdict = ts_uci_until(u, "compare ", NULL, NULL);
    if (verdict && strncmp(verdict, "compare same ", 13) == 0)
        return 1;
    cr_log(known ? CR_LOG_INFO : CR_LOG_ERROR, "%s against %s%s%s: %s", b, a, fen ? " from " : "", fen ? fen : "",
           verdict ? verdict : "ffish did not compare");
    return 0;
}

TestSuite(replay_ffish_builtins, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static int check_file(struct ts_uci *u, const char *path, char **builtins, int nbuiltins)
{
    const char *base = strrchr(path, '/') + 1;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(base) - 4), base);
    size_t len;
    char *text = ts_read_file(path, &len);
    cr_assert_not_null(text);
    int known = 0;
    for (int i = 0; i < nbuiltins; i++)
        known |= strcmp(builtins[i], name) == 0;
    cr_expect(known, "%s: %s is not a built-in variant of the reference", path, name);
    /* One section, [name], no parent. */
    char header[80];
    snprintf(header, sizeof header, "[%s]\n", name);
    int sections = 0;
    char *own = NULL;
    for (char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (*p == '[') {
            sections++;
            if (strncmp(p, header, strlen(header)) == 0)
                own = p;
        }
    cr_expect(sections == 1 && own, "%s: must hold the one section %.*s, without a parent", path,
              (int)strlen(header) - 1, header);
    if (sections != 1 || !own || !known) {
        free(text);
        return 0;
    }
    if (states_gcaudit_only_key(text)) {
        free(text);
        return check_in_gcaudit(u, path, name);
    }
    /* Loaded into ffish as NAME-data. */
    char data[80];
    snprintf(data, sizeof data, "%s-data", name);
    char *copy = ts_fmt("%s/%s.ini", ts_scratch, data);
    FILE *f = fopen(copy, "w");
    cr_assert_not_null(f);
    fprintf(f, "%.*s[%s]\n%s", (int)(own - text), text, data, own + strlen(header));
    fclose(f);
    free(text);
    if (ts_uci_variant(u, copy, data) != 0) {
        cr_log_error("%s: ffish did not load it as %s", path, data);
        free(copy);
        return 0;
    }
    free(copy);
    /* The start. */
    char fen_builtin[FEN_MAX], fen_data[FEN_MAX];
    if (ts_uci_select(u, name) != 0 || ts_uci_position(u, NULL, NULL, 0) != 0 ||
        ts_uci_show(u, fen_builtin, sizeof fen_builtin, NULL) != 0 || ts_uci_select(u, data) != 0 ||
        ts_uci_position(u, NULL, NULL, 0) != 0 || ts_uci_show(u, fen_data, sizeof fen_data, NULL) != 0) {
        cr_log_error("%s: ffish gave no start position for %s or %s", name, name, data);
        return 0;
    }
    int ok = 1;
    if (strcmp(fen_builtin, fen_data) != 0) {
        cr_log_error("%s: the start is %s, the data's %s", name, fen_builtin, fen_data);
        ok = 0;
    }
    /* Depth 3; 2 on a board of more than 64 squares, with pieces in hand
     * or more than 60 moves at the start (in the built-in or the data); 1
     * past 300 moves (Amazons, Duck). */
    int files = 0, ranks = 1;
    for (const char *c = fen_builtin; *c && *c != ' ' && *c != '['; c++)
        ranks += *c == '/';
    for (const char *c = fen_builtin; *c && *c != '/'; c++)
        if (*c >= '0' && *c <= '9') {
            files += atoi(c);
            while (c[1] >= '0' && c[1] <= '9')
                c++;
        } else if (*c != '+' && *c != '~') {
            files++;
        }
    int hand = strchr(fen_builtin, '[') && strchr(fen_builtin, '[')[1] != ']';
    uint64_t first = ts_uci_perft(u, NULL, 1), want = UINT64_MAX, got; /* the data's, still selected */
    uint64_t builtin_first = ts_uci_select(u, name) == 0 ? ts_uci_perft(u, NULL, 1) : UINT64_MAX;
    if (builtin_first != UINT64_MAX && builtin_first > first)
        first = builtin_first;
    int depth = first > 300 ? 1 : files * ranks > 64 || hand || first > 60 ? 2 : 3;
    want = ts_uci_perft(u, NULL, depth);
    got = ts_uci_select(u, data) == 0 ? ts_uci_perft(u, NULL, depth) : UINT64_MAX;
    if (want == UINT64_MAX || got == UINT64_MAX) {
        cr_log_error("%s: ffish gave no perft %d", name, depth);
        return 0;
    }
    if (want != got) {
        cr_log_error("%s: perft %d is %" PRIu64 ", the data's %" PRIu64, name, depth, want, got);
        ok = 0;
    }
    ok &= compare_from(u, name, data, first > 300 ? RANDOM_GAMES_WIDE : RANDOM_GAMES, RANDOM_PLIES, NULL, 0);
    if (ok)
        cr_log_info("%s: the data plays as the built-in (perft %d: %" PRIu64 ")", name, depth, want);
    return ok;
}

Test(replay_ffish_builtins, every_builtin_file_plays_as_the_reference_builtin, .timeout = 600)
{
    char *list = ts_read_file(GC_FIXTURES "/fairy-stockfish/builtin-variants.txt", NULL);
    cr_assert_not_null(list);
    char *builtins[256];
    int nbuiltins = 0;
    for (char *save = NULL, *l = strtok_r(list, "\n", &save); l && nbuiltins < 256; l = strtok_r(NULL, "\n", &save))
        if (l[0] != '#') {
            l[strcspn(l, " ")] = '\0';
            builtins[nbuiltins++] = l;
        }
    glob_t g;
    cr_assert_eq(glob(GC_SOURCE_DIR "/replay/definitions/builtin/*.ini", 0, NULL, &g), 0,
                 "no file in replay/definitions/builtin");
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    int bad = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        bad += !check_file(u, g.gl_pathv[i], builtins, nbuiltins);
        /* A file that crashes the engine fails alone: the next gets a
         * fresh one. */
        if (ts_uci_send(u, "isready") != 0 || !ts_uci_until(u, "readyok", NULL, NULL)) {
            cr_log_error("%s: ffish stopped", g.gl_pathv[i]);
            ts_uci_quit(u);
            u = ts_ffish_open(TIMEOUT_MS);
        }
    }
    cr_log_info("%zu built-in variants as data files, %d differ", g.gl_pathc, bad);
    cr_expect_eq(bad, 0, "%d of %zu built-in variants' files do not play as the reference's (see above)", bad,
                 g.gl_pathc);
    ts_uci_quit(u);
    globfree(&g);
    free(list);
}

/* The shipped files written out key by key, without a parent (the twenty
 * shipped first, which 11.1 reads too): the ffish oracle loads the very
 * file, so it cannot see where such a file differs from the reference's
 * own variant of its name (horde-gc let a pawn take a first-rank push in
 * passing until 2026-11-29, which neither build's own Horde allows).  Each
 * must play as that variant, FEN and legal moves at every ply: SHIPPED_GAMES
 * random games from the start, and SHIPPED_ROW_GAMES from each of its rows
 * of tests/fixtures/definitions/positions.tsv, the positions made for its
 * corner cases.  The built-in is named first: ffish's boards share its
 * pieces' tables, and a board made second can change the first's where
 * the two define a piece differently (a file's king = k:N). */
#define SHIPPED_GAMES 10
#define SHIPPED_PLIES 100
#define SHIPPED_ROW_GAMES 20
#define SHIPPED_ROW_PLIES 40

static const struct {
    const char *name, *why;
} SHIPPED_DIFFER[] = {
    {"janggi-gc", "its general's palace diagonals, which the reference's language cannot say (its built-in "
                  "janggi has them)"},
};

Test(replay_ffish_builtins, shipped_files_without_a_parent_play_as_the_reference_variant_of_their_name,
     .timeout = 600)
{
    size_t nrows;
    struct ts_position *rows = ts_positions_load(&nrows);
    glob_t g;
    cr_assert_eq(glob(GC_SOURCE_DIR "/replay/definitions/*.ini", 0, NULL, &g), 0);
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    int checked = 0, bad = 0, known = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *text = ts_read_file(g.gl_pathv[i], NULL);
        cr_assert_not_null(text);
        const char *open = strstr(text, "\n[");
        open = text[0] == '[' ? text : open ? open + 1 : NULL;
        char name[64] = "";
        size_t n = open ? strcspn(open + 1, "]:\n") : 0;
        if (open && n < sizeof name && open[1 + n] == ']')
            memcpy(name, open + 1, n), name[n] = '\0';
        free(text);
        size_t len = strlen(name);
        if (len < 4 || strcmp(name + len - 3, "-gc") != 0)
            continue;  /* a parent, or not a Game Courier name */
        char builtin[64];
        snprintf(builtin, sizeof builtin, "%.*s", (int)(len - 3), name);
        if (ts_uci_select(u, builtin) != 0)
            continue;  /* no variant of that name in the reference */
        const char *why = NULL;
        for (size_t k = 0; k < sizeof SHIPPED_DIFFER / sizeof SHIPPED_DIFFER[0]; k++)
            if (strcmp(SHIPPED_DIFFER[k].name, name) == 0)
                why = SHIPPED_DIFFER[k].why;
        cr_assert_eq(ts_uci_variant(u, g.gl_pathv[i], name), 0, "ffish did not load %s", g.gl_pathv[i]);
        int ok = compare_from(u, builtin, name, SHIPPED_GAMES, SHIPPED_PLIES, NULL, why != NULL);
        for (size_t r = 0; r < nrows; r++)
            if (strcmp(rows[r].section, name) == 0 && strcmp(rows[r].fen, "startpos") != 0)
                ok &= compare_from(u, builtin, name, SHIPPED_ROW_GAMES, SHIPPED_ROW_PLIES, rows[r].fen, why != NULL);
        checked++;
        if (why) {
            cr_log_info("%s differs from the reference's %s, as known: %s", name, builtin, why);
            cr_expect(!ok, "%s is listed as differing from the reference's %s, but agrees: take it off "
                      "SHIPPED_DIFFER", name, builtin);
            known++;
        } else {
            bad += !ok;
        }
    }
    cr_log_info("%d shipped files without a parent against the reference's variant of their name, %d differ, "
                "%d as known", checked, bad, known);
    cr_expect_geq(checked, 19, "only %d shipped files compared", checked);
    cr_expect_eq(bad, 0, "%d shipped files do not play as the reference's variant of their name (see above)", bad);
    ts_uci_quit(u);
    globfree(&g);
    free(rows);
}
