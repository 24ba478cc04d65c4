/*
 * The reference build, ffish 0.7.10 (Fairy-Stockfish 230826), as the
 * suite drives it (tests/support/ffish.h, tests/ffish/uci.js): the pinned
 * build answers, counts leaves as published, reports the end of a game
 * and its result, refuses a variant it does not know, and loads a
 * definition file.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "replay/fairy.h"
#include "replay/replay.h"
#include "replay/variant_fairy.h"
#include "tests/support/definitions.h"
#include "tests/support/ffish.h"
#include "tests/support/support.h"
#include "tests/support/uci.h"

#define TIMEOUT_MS 60000

TestSuite(replay_ffish_reference, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

/* Leaf counts published for these positions (the Chess Programming
 * Wiki's perft results; Shogi's and Xiangqi's from their engines'
 * documentation), counted here by the harness's recursion over ffish's
 * legal moves. */
Test(replay_ffish_reference, perft_agrees_with_published_counts)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    static const struct {
        const char *variant, *fen;
        int depth;
        uint64_t nodes;
    } rows[] = {
        {"chess", NULL, 3, 8902},
        {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039},
        {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
        {"shogi", NULL, 3, 25470},
        {"xiangqi", NULL, 3, 79666},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ts_uci_send(u, "setoption name UCI_Variant value %s", rows[i].variant);
        uint64_t got = ts_uci_perft(u, rows[i].fen, rows[i].depth);
        cr_expect_eq(got, rows[i].nodes, "%s %s depth %d: %" PRIu64 " leaves, not %" PRIu64, rows[i].variant,
                     rows[i].fen ? rows[i].fen : "startpos", rows[i].depth, got, rows[i].nodes);
    }
    ts_uci_quit(u);
}

Test(replay_ffish_reference, a_mate_ends_the_game_with_its_result)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    ts_uci_send(u, "setoption name UCI_Variant value chess");
    const char *before = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1";
    const char *mate[] = {"f7g7"};
    struct ts_uci_result r;
    int v;
    ts_uci_position(u, before, NULL, 0);
    cr_assert_eq(ts_uci_go(u, "go depth 1", &r), 0);
    cr_expect_str_eq(r.bestmove, "f7g7", "the one-ply player takes the mate in one");
    cr_expect_eq(ts_uci_score(&r, &v), 1);
    cr_expect_eq(v, 1);
    ts_uci_position(u, before, mate, 1);
    char fen[256], result[16];
    int check = 0;
    cr_assert_eq(ts_uci_show(u, fen, sizeof fen, &check), 0);
    cr_expect_str_eq(fen, "7k/6Q1/6K1/8/8/8/8/8 b - - 1 1");
    cr_expect_eq(check, 1);
    cr_assert_eq(ts_ffish_result(u, result, sizeof result, NULL), 0);
    cr_expect_str_eq(result, "1-0");
    cr_assert_eq(ts_uci_go(u, "go depth 1", &r), 0);
    cr_expect_str_eq(r.bestmove, "(none)");
    cr_expect_str_eq(r.score, "mate 0");
    /* A stalemate: over, drawn. */
    ts_uci_position(u, "7k/8/6QK/8/8/8/8/8 b - - 0 1", NULL, 0);
    cr_assert_eq(ts_uci_go(u, "go depth 1", &r), 0);
    cr_expect_str_eq(r.bestmove, "(none)");
    cr_expect_str_eq(r.score, "cp 0");
    cr_assert_eq(ts_ffish_result(u, result, sizeof result, NULL), 0);
    cr_expect_str_eq(result, "1/2-1/2");
    /* A game that goes on. */
    ts_uci_position(u, NULL, NULL, 0);
    cr_assert_eq(ts_ffish_result(u, result, sizeof result, NULL), 0);
    cr_expect_str_eq(result, "*");
    ts_uci_quit(u);
}

/* ffish's result() asks its guess at insufficient material before the
 * rules (apiutil.h's has_insufficient_material): Ai-Wok's mate by a lone
 * ai-wok reads as a draw, and `result` says the guess held, which the
 * oracle harness then scores by the rules (checkmateValue: a loss for
 * the side mated), as gcaudit does. */
Test(replay_ffish_reference, a_result_from_the_insufficient_material_guess_says_so)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    ts_uci_send(u, "setoption name UCI_Variant value ai-wok");
    char result[16];
    int insufficient = -1;
    ts_uci_position(u, "8/8/8/5k2/8/5a2/8/5K2 w - - 0 78", NULL, 0);
    cr_assert_eq(ts_ffish_result(u, result, sizeof result, &insufficient), 0);
    cr_expect_str_eq(result, "1/2-1/2");
    cr_expect_eq(insufficient, 1);
    ts_uci_position(u, "8/8/8/5k2/8/5r2/8/5K2 w - - 0 78", NULL, 0);
    cr_assert_eq(ts_ffish_result(u, result, sizeof result, &insufficient), 0);
    cr_expect_str_eq(result, "*");
    cr_expect_eq(insufficient, 0);
    ts_uci_quit(u);
    struct rp_report r;
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin");
    ts_defs_load_text("[aw:ai-wok]\n");
    ts_replay_text("Game: aw\nFEN: 8/8/8/5k2/8/a7/8/5K2 b - - 0 77\n\n77... a a3-f3\n", &r, NULL, NULL);
    cr_expect_eq(r.status, RP_STATUS_OK);
    cr_expect_eq(r.result, RP_RESULT_BLACK);
    cr_expect_str_eq(r.termination_name, "checkmate");
    rp_report_release(&r);
    rp_defs_reset();
    rp_defs_builtin_dir(NULL);
}

Test(replay_ffish_reference, loads_a_definition_file_and_refuses_unknown_variants)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    char *ini = ts_fmt("%s/mini.ini", ts_scratch);
    const char *text = "[mini-chess]\nmaxFile = 5\nmaxRank = 5\npawn = p\nrook = r\nking = k\n"
                       "startFen = rpk2/5/5/5/2KPR w - - 0 1\npromotionRank = 5\npromotionPieceTypes = r\n"
                       "doubleStep = false\ncastling = false\n";
    cr_assert_eq(ts_write_file(ini, text, strlen(text)), 0);
    cr_expect_eq(ts_uci_variant(u, ini, "nosuchvariant"), -1);
    cr_assert_eq(ts_uci_variant(u, ini, "mini-chess"), 0);
    ts_uci_position(u, NULL, NULL, 0);
    char fen[256];
    cr_assert_eq(ts_uci_show(u, fen, sizeof fen, NULL), 0);
    cr_expect_str_eq(fen, "rpk2/5/5/5/2KPR w - - 0 1");
    char moves[64][16];
    /* King c1 to b1, b2, c2 or d2; the pawn d1-d2 (no double step); the
     * rook e1 to e2, e3, e4 or e5. */
    cr_expect_eq(ts_uci_legal_moves(u, moves, 64), 9);
    /* A name not loaded is unknown after loading too, and the engine
     * still answers. */
    cr_expect_eq(ts_uci_variant(u, ini, "chess-not-loaded"), -1);
    cr_assert_eq(ts_uci_variant(u, ini, "chess"), 0);
    cr_expect_eq(ts_uci_perft(u, NULL, 2), 400);
    free(ini);
    ts_uci_quit(u);
}

/* ------------------------------------------- the reference's own variants */

/*
 * Issue 25, point 3: every section of the reference's variants.ini (106)
 * and every variant it builds in (117) either loads into gcaudit and
 * agrees with ffish, or is refused with the file, the line and the key;
 * none loads and disagrees.  A section is loaded with the sections of the
 * file it inherits from (a refusal further up names their lines); a
 * built-in variant is loaded from its definition file,
 * replay/definitions/builtin/NAME.ini.  Agreeing is the same leaf count
 * from the start position to depth 3 (2 on a board of more than 64
 * squares, with pieces in hand at the start, or more than 300 first
 * moves).
 *
 * The share that loads and agrees only grows: AGREE_FLOOR is today's count
 * (docs/defined-variants.md gives it too); the goal is 90% of the
 * 223.  GC_FFISH_ALL=1 also prints every refusal (the suite prints the
 * counts and the disagreements).
 */
#define AGREE_FLOOR 217
#define SECTIONS_IN_FILE 106
#define BUILTIN_VARIANTS 117

#define REFERENCE_DIR GC_FIXTURES "/fairy-stockfish"

struct section {
    char name[64], parent[64];
    int line;                    /* of its [header] in variants.ini */
    int end;                     /* the line after its last */
};

/* The sections of variants.ini, in file order. */
static struct section *read_sections(char **lines, int nlines, int *n)
{
    struct section *s = calloc((size_t)nlines, sizeof *s);
    cr_assert_not_null(s);
    *n = 0;
    for (int i = 0; i < nlines; i++) {
        if (lines[i][0] != '[')
            continue;
        struct section *x = &s[(*n)++];
        cr_assert_eq(sscanf(lines[i], "[%63[^]:]:%63[^]]]", x->name, x->parent) >= 1, 1,
                     "variants.ini:%d: no section name in %s", i + 1, lines[i]);
        x->line = i + 1;
        if (*n > 1)
            s[*n - 2].end = i + 1;
    }
    if (*n)
        s[*n - 1].end = nlines + 1;
    return s;
}

/* The text's lines, cut in place, empty ones kept: lines[i] is line i + 1. */
static char **file_lines(char *text, int *n)
{
    int cap = 1;
    for (char *p = text; *p; p++)
        cap += *p == '\n';
    char **lines = calloc((size_t)cap, sizeof *lines);
    cr_assert_not_null(lines);
    *n = 0;
    for (char *p = text; *p;) {
        lines[(*n)++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    return lines;
}

enum verdict { AGREES, REFUSED, DISAGREES };

struct outcome {
    enum verdict v;
    char why[1024];
};

/* gcaudit's and ffish's leaf counts from the start of `name` (loaded in
 * both). */
static void compare_start(struct ts_uci *u, const char *name, struct outcome *o)
{
    const struct rp_fdef *d = rp_fairy_find(name);
    if (!d) {
        o->v = DISAGREES;
        snprintf(o->why, sizeof o->why, "loaded, but no variant %s registered", name);
        return;
    }
    struct rp_fpos p;
    char why[200];
    if (rp_ffen_read(&p, d, d->start_fen, why, sizeof why) != 0) {
        o->v = DISAGREES;
        snprintf(o->why, sizeof o->why, "gcaudit cannot read its own start %s: %s", d->start_fen, why);
        return;
    }
    if (ts_uci_select(u, name) != 0) {
        o->v = DISAGREES;
        snprintf(o->why, sizeof o->why, "ffish does not know %s", name);
        return;
    }
    /* 2 too where walls multiply the first moves (Duck Chess: 640). */
    int depth = d->files * d->ranks > 64 || strchr(d->start_fen, '[') || rp_fperft(&p, 1) > 300 ? 2 : 3;
    uint64_t ours = rp_fperft(&p, depth), theirs = ts_uci_perft(u, NULL, depth);
    o->v = ours == theirs ? AGREES : DISAGREES;
    snprintf(o->why, sizeof o->why, "perft %d from %s: gcaudit %" PRIu64 ", ffish %" PRIu64, depth,
             d->start_fen, ours, theirs);
}

/* Load `path` into gcaudit alone (after a reset) and compare; a refusal
 * is named after `shown` (the file whose lines `path` keeps). */
static void judge(struct ts_uci *u, const char *path, const char *shown, const char *name, struct outcome *o)
{
    rp_defs_reset();
    struct rp_def_error err;
    memset(&err, 0, sizeof err);
    if (rp_defs_load_file(path, &err) != RP_DONE) {
        o->v = REFUSED;
        snprintf(o->why, sizeof o->why, "%s:%d: %s: %s", strcmp(err.file, path) ? err.file : shown, err.line,
                 err.key[0] ? err.key : "(no key)", err.message);
        return;
    }
    compare_start(u, name, o);
}

static void tally(const char *name, const struct outcome *o, int *counts, int all)
{
    counts[o->v]++;
    if (o->v == DISAGREES)
        cr_log_error("%s loads into gcaudit and disagrees with ffish: %s", name, o->why);
    else if (all)
        cr_log_info("%s: %s: %s", name, o->v == AGREES ? "agrees" : "refused", o->why);
}

Test(replay_ffish_reference, every_reference_variant_loads_and_agrees_or_is_refused, .timeout = 600)
{
    struct ts_uci *u = ts_ffish_open(TIMEOUT_MS);
    const char *ini = REFERENCE_DIR "/variants.ini";
    ts_uci_send(u, "setoption name VariantPath value %s", ini);
    char *text = ts_read_file(ini, NULL);
    cr_assert_not_null(text, "cannot read %s", ini);
    int nlines, nsections;
    char **lines = file_lines(text, &nlines);
    struct section *sec = read_sections(lines, nlines, &nsections);
    cr_assert_eq(nsections, SECTIONS_IN_FILE, "variants.ini has %d sections", nsections);
    int all = getenv("GC_FFISH_ALL") && *getenv("GC_FFISH_ALL") == '1';
    int counts[3] = {0, 0, 0};
    rp_defs_builtin_dir(GC_SOURCE_DIR "/replay/definitions/builtin");
    char *part = ts_fmt("%s/section.ini", ts_scratch);
    for (int i = 0; i < nsections; i++) {
        /* The section and the ones of the file it inherits from, root
         * first, each with its own lines (comments and blanks blanked, so
         * a refusal's line is the line in variants.ini). */
        int chain[SECTIONS_IN_FILE], nchain = 0;
        for (int k = i; k >= 0 && nchain < SECTIONS_IN_FILE;) {
            chain[nchain++] = k;
            int parent = -1;
            for (int j = 0; j < k && sec[k].parent[0]; j++)
                if (strcmp(sec[j].name, sec[k].parent) == 0)
                    parent = j;
            k = parent;
        }
        FILE *f = fopen(part, "w");
        cr_assert_not_null(f);
        for (int l = 1; l <= nlines; l++) {
            int keep = 0;
            for (int c = 0; c < nchain; c++)
                keep |= l >= sec[chain[c]].line && l < sec[chain[c]].end;
            fprintf(f, "%s\n", keep ? lines[l - 1] : "");
        }
        fclose(f);
        struct outcome o;
        judge(u, part, "variants.ini", sec[i].name, &o);
        tally(sec[i].name, &o, counts, all);
    }
    /* The built-in variants, each from its definition file. */
    char *list = ts_read_file(REFERENCE_DIR "/builtin-variants.txt", NULL);
    cr_assert_not_null(list);
    int nbuiltin = 0;
    for (char *save = NULL, *l = strtok_r(list, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char name[64];
        if (l[0] == '#' || sscanf(l, "%63s", name) != 1)
            continue;
        nbuiltin++;
        char *path = ts_fmt("%s/replay/definitions/builtin/%s.ini", GC_SOURCE_DIR, name);
        struct outcome o;
        if (access(path, R_OK) != 0) {
            o.v = REFUSED;
            snprintf(o.why, sizeof o.why, "no definition file %s", path);
        } else {
            judge(u, path, path, name, &o);
        }
        tally(name, &o, counts, all);
        free(path);
    }
    rp_defs_reset();
    rp_defs_builtin_dir(NULL);
    int total = nsections + nbuiltin;
    cr_log_info("the reference's %d variants (%d sections of variants.ini, %d built in): %d load and agree "
                "(%.1f%%), %d are refused, %d load and disagree",
                total, nsections, nbuiltin, counts[AGREES], 100.0 * counts[AGREES] / total, counts[REFUSED],
                counts[DISAGREES]);
    cr_expect_eq(nbuiltin, BUILTIN_VARIANTS, "builtin-variants.txt lists %d variants", nbuiltin);
    cr_expect_eq(counts[DISAGREES], 0, "%d variants load into gcaudit and disagree with ffish (see above)",
                 counts[DISAGREES]);
    cr_expect_geq(counts[AGREES], AGREE_FLOOR,
                  "%d variants load and agree, fewer than the %d that did (AGREE_FLOOR)", counts[AGREES],
                  AGREE_FLOOR);
    free(part);
    free(sec);
    free(lines);
    free(text);
    free(list);
    ts_uci_quit(u);
}
