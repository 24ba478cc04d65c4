/*
 * The general engine on the rules we already trust (issue 20): Chess and
 * Extinction Chess written as definitions (tests/fixtures/definitions/
 * chess.ini) must give every game exactly the outcome the hand-written
 * variants give: every games.csv field (status, turns, declared and
 * verified result, termination, detail, winner, loser, the number of
 * violations, the first one's turn and code).  The games: the shared
 * vectors (tests/fixtures/oracle), the sample tournaments' logs, and every
 * case of the case files, whose expectations (messages included) the
 * defined variants must meet too.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/casefile.h"
#include "tests/support/support.h"

static void load_definitions(void)
{
    struct rp_def_error e;
    char *path = ts_fmt("%s/definitions/chess.ini", GC_FIXTURES);
    cr_assert_eq(rp_defs_load_file(path, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    free(path);
}

static void unload(void) { rp_defs_reset(); }

TestSuite(replay_fairy_differential, .init = load_definitions, .fini = unload);

/* The text with every "Game:" header line (any case of the key) whose
 * value selects the built-in variant `builtin` (any of its names, any
 * spelling) replaced by "Game: " and `defined`. */
static char *renamed(const char *text, const struct rp_variant *builtin, const char *defined)
{
    size_t n = strlen(text), cap = n * 2 + 64, at = 0;
    char *out = malloc(cap);
    cr_assert_not_null(out);
    for (const char *p = text; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (len && p[len - 1] == '\r')
            len--; /* the \r of a CRLF line end stays, after the value */
        int replace = 0;
        if (len > 5 && strncasecmp(p, "game:", 5) == 0) {
            char value[128], key[128];
            snprintf(value, sizeof value, "%.*s", (int)(len - 5), p + 5);
            fmt_normalise_game_name(value, key, sizeof key);
            for (const char *const *g = builtin->game_names; *g && !replace; g++)
                replace = strcmp(*g, key) == 0;
        }
        if (replace)
            at += (size_t)snprintf(out + at, cap - at, "Game: %s", defined);
        else {
            memcpy(out + at, p, len);
            at += len;
        }
        p += len;
        if (*p == '\r')
            out[at++] = *p++;
        if (*p == '\n')
            out[at++] = *p++;
    }
    out[at] = '\0';
    return out;
}

struct outcome {
    const char *variant;         /* who replayed it (not compared) */
    int status, turns, declared, result, winner, loser, nviolations;
    char termination[48], detail[RP_DETAIL_MAX];
    int first_turn, first_code, first_line;
};

static void summarise(const struct rp_report *r, struct outcome *o)
{
    memset(o, 0, sizeof *o);
    o->variant = r->variant ? r->variant->name : "";
    o->status = r->status;
    o->turns = r->turns;
    o->declared = r->declared;
    o->result = r->result;
    o->winner = r->winner;
    o->loser = r->loser;
    o->nviolations = (int)r->nviolations;
    snprintf(o->termination, sizeof o->termination, "%s", r->termination_name);
    snprintf(o->detail, sizeof o->detail, "%s", r->detail);
    if (r->nviolations) {
        o->first_turn = r->violations[0].turn;
        o->first_code = r->violations[0].code;
        o->first_line = r->violations[0].line;
    }
}

/* Replay every game of text; o[i] gets game i's outcome.  Returns the count. */
static int replay_all(const char *text, struct outcome *o, int max)
{
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    cr_assert_not_null(p);
    struct fmt_game g;
    int n = 0;
    while (n < max && fmt_parser_next(p, &g) == FMT_OK) {
        struct rp_report r;
        cr_assert_eq(rp_replay(&g, &r, NULL, NULL), RP_DONE);
        summarise(&r, &o[n]);
        n++;
        rp_report_release(&r);
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    return n;
}

#define MAX_GAMES 400

/* The games of one file both ways; the number that differ (each logged). */
static int compare_file(const char *path, const char *name, int *ngames, int *compared)
{
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "cannot read %s", path);
    const struct rp_variant *builtin = rp_variant_for_game(name);
    cr_assert_not_null(builtin);
    char *defined = ts_fmt("%s Defined", name);
    char *other = renamed(text, builtin, defined);
    free(defined);
    struct outcome *a = calloc(MAX_GAMES, sizeof *a), *b = calloc(MAX_GAMES, sizeof *b);
    int na = replay_all(text, a, MAX_GAMES), nb = replay_all(other, b, MAX_GAMES);
    cr_assert_eq(na, nb, "%s: %d games, %d renamed", path, na, nb);
    int bad = 0;
    for (int i = 0; i < na; i++) {
        if (strcmp(a[i].variant, builtin->name) == 0)
            cr_expect(strstr(b[i].variant, "defined") != NULL, "%s game %d: renamed, replayed by '%s'", path,
                      i + 1, b[i].variant);
        (*compared) += strcmp(a[i].variant, builtin->name) == 0;
        a[i].variant = b[i].variant = NULL;
        if (memcmp(&a[i], &b[i], sizeof a[i]) == 0)
            continue;
        bad++;
        cr_log_error("%s game %d: built in %s/%d turns/%s %s \"%s\"/%d violations (first turn %d code %s line %d); "
                     "defined %s/%d turns/%s %s \"%s\"/%d violations (first turn %d code %s line %d)",
                     path, i + 1, rp_status_name(a[i].status), a[i].turns, rp_result_name(a[i].result),
                     a[i].termination, a[i].detail, a[i].nviolations, a[i].first_turn,
                     rp_code_name(a[i].first_code), a[i].first_line, rp_status_name(b[i].status), b[i].turns,
                     rp_result_name(b[i].result), b[i].termination, b[i].detail, b[i].nviolations,
                     b[i].first_turn, rp_code_name(b[i].first_code), b[i].first_line);
    }
    *ngames += na;
    free(a);
    free(b);
    free(text);
    free(other);
    return bad;
}

/* Every *.log under dir (recursively). */
static int compare_tree(const char *dir, const char *name, int *ngames, int *nfiles, int *compared)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "cannot open %s", dir);
    int bad = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        char *path = ts_fmt("%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            bad += compare_tree(path, name, ngames, nfiles, compared);
        } else if (strlen(e->d_name) > 4 && strcmp(e->d_name + strlen(e->d_name) - 4, ".log") == 0) {
            bad += compare_file(path, name, ngames, compared);
            (*nfiles)++;
        }
        free(path);
    }
    closedir(d);
    return bad;
}

Test(replay_fairy_differential, chess_vectors_and_samples)
{
    int n = 0, files = 0, compared = 0;
    char *vectors = ts_fmt("%s/oracle/chess.log", GC_FIXTURES);
    char *samples = ts_fmt("%s/sample-data/src/chess-open-2024", GC_SOURCE_DIR);
    int bad = compare_file(vectors, "Chess", &n, &compared);
    bad += compare_tree(samples, "Chess", &n, &files, &compared);
    cr_log_info("chess: %d games compared (60 vectors, %d sample logs)", compared, files);
    cr_expect_geq(compared, 60 + 20);
    cr_expect_eq(bad, 0, "%d of %d Chess games differ between the engines", bad, n);
    free(vectors);
    free(samples);
}

Test(replay_fairy_differential, extinction_vectors_and_samples)
{
    int n = 0, files = 0, compared = 0;
    char *vectors = ts_fmt("%s/oracle/extinction.log", GC_FIXTURES);
    char *samples = ts_fmt("%s/sample-data/src/extinction-2024", GC_SOURCE_DIR);
    int bad = compare_file(vectors, "Extinction Chess", &n, &compared);
    bad += compare_tree(samples, "Extinction Chess", &n, &files, &compared);
    cr_log_info("extinction: %d games compared (60 vectors, %d sample logs)", compared, files);
    cr_expect_geq(compared, 60 + 10);
    cr_expect_eq(bad, 0, "%d of %d Extinction games differ between the engines", bad, n);
    free(vectors);
    free(samples);
}

/* The case files' expectations, met by the defined variants too. */
Test(replay_fairy_differential, case_files)
{
    static const struct {
        const char *file, *game;
    } files[] = {
        {"chess/endings.txt", "Chess Defined"},
        {"chess/resolution.txt", "Chess Defined"},
        {"extinction/endings.txt", "Extinction Chess Defined"},
        {"extinction/resolution.txt", "Extinction Chess Defined"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *path = ts_fmt("%s/%s", GC_FIXTURES, files[i].file);
        int n = 0, bad = ts_run_casefile(path, files[i].game, &n);
        cr_expect_gt(n, 0, "%s has no case", path);
        cr_expect_eq(bad, 0, "%d of %d cases of %s fail on %s", bad, n, path, files[i].game);
        free(path);
    }
}
