/*
 * The log parser on the oracle vectors of tests/fixtures/oracle: every
 * game of each variant's log, in order with the Log: ids of its
 * .expect.jsonl, none malformed, and no bad component but the planted
 * syntax errors.
 */
#include "formats/formats.h"
#include "tests/support/parse.h"
#include "tests/support/support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ oracle */

/* The log_id of each line of an .expect.jsonl file, in order. */
static size_t expected_ids(const char *path, char ids[][64], size_t max)
{
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "cannot read %s", path);
    size_t n = 0;
    for (char *line = text; *line && n < max;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        char *id = strstr(line, "\"log_id\": \"");
        if (id) {
            id += strlen("\"log_id\": \"");
            size_t len = strcspn(id, "\"");
            cr_assert_lt(len, 64);
            memcpy(ids[n], id, len);
            ids[n][len] = '\0';
            n++;
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    free(text);
    return n;
}

struct planted {
    const char *variant;
    int game, turn;
    enum fmt_side side;
    const char *text;
};

/* The oracle's `syntax` mutations, from the .expect.jsonl files. */
static const struct planted planted_bad[] = {
    {"chess", 1, 41, FMT_WHITE, "Nf3"},
    {"chess", 51, 43, FMT_WHITE, "x"},
    {"chess", 52, 80, FMT_WHITE, "P e2-e4 !!"},
    {"chess", 60, 81, FMT_BLACK, "x"},
    {"extinction", 5, 3, FMT_WHITE, "x"},
    {"extinction", 50, 5, FMT_WHITE, "P e2-e4 !!"},
    {"palindromic", 44, 14, FMT_WHITE, "x"},
    {"retro", 4, 88, FMT_WHITE, "P e2-e4 !!"},
    {"retro", 40, 5, FMT_BLACK, "O-O"},
};

static int is_planted(const char *variant, int game, const struct fmt_turn *t,
                      const struct fmt_component *c)
{
    for (size_t i = 0; i < TS_NCASES(planted_bad); i++) {
        const struct planted *pl = &planted_bad[i];
        if (strcmp(pl->variant, variant) == 0 && pl->game == game && pl->turn == t->number &&
            pl->side == t->side && strcmp(pl->text, c->text) == 0)
            return 1;
    }
    return 0;
}

Test(formats_log, oracle_vectors)
{
    static const char *variants[] = {"backlash", "chess", "extinction", "palindromic", "retro"};
    size_t bad_seen = 0;
    for (size_t v = 0; v < TS_NCASES(variants); v++) {
        char ids[64][64];
        char *jpath = ts_fmt("%s/oracle/%s.expect.jsonl", GC_FIXTURES, variants[v]);
        size_t nids = expected_ids(jpath, ids, 64);
        free(jpath);
        cr_assert_eq(nids, 60, "%s: %zu expected games", variants[v], nids);

        char *lpath = ts_fmt("%s/oracle/%s.log", GC_FIXTURES, variants[v]);
        size_t len;
        char *text = ts_read_file(lpath, &len);
        cr_assert_not_null(text, "cannot read %s", lpath);
        free(lpath);
        fmt_parser *p = fmt_parser_new(text, len);
        struct fmt_game g;
        size_t n = 0;
        int rc;
        while ((rc = fmt_parser_next(p, &g)) == FMT_OK) {
            cr_assert_lt(n, 60, "%s: more than 60 games", variants[v]);
            cr_assert_eq(g.index, (int)n + 1);
            cr_assert_not(g.malformed, "%s game %zu: %s", variants[v], n + 1,
                          g.malformed_reason);
            cr_assert_not_null(g.log, "%s game %zu has no Log", variants[v], n + 1);
            cr_assert_str_eq(g.log, ids[n], "%s game %zu", variants[v], n + 1);
            cr_assert_not_null(g.game);
            cr_assert_gt(g.nturns, 0);
            for (size_t i = 0; i < g.nturns; i++) {
                const struct fmt_turn *t = &g.turns[i];
                cr_assert_not(t->marker_bad, "%s game %zu turn %s", variants[v], n + 1,
                              t->marker);
                for (size_t j = 0; j < t->ncomps; j++) {
                    if (t->comps[j].kind != FMT_COMP_BAD)
                        continue;
                    cr_assert(is_planted(variants[v], (int)n + 1, t, &t->comps[j]),
                              "%s game %zu turn %s: unexpected bad component \"%s\"",
                              variants[v], n + 1, t->marker, t->comps[j].text);
                    bad_seen++;
                }
            }
            fmt_game_release(&g);
            n++;
        }
        cr_assert_eq(rc, FMT_EOF);
        cr_assert_eq(n, 60, "%s: %zu games", variants[v], n);
        fmt_parser_free(p);
        free(text);
    }
    /* every planted syntax error was found, and nothing else is bad */
    cr_assert_eq(bad_seen, TS_NCASES(planted_bad));
}

Test(formats_log, oracle_chess_game_one_details)
{
    char *path = ts_fmt("%s/oracle/chess.log", GC_FIXTURES);
    size_t len;
    char *text = ts_read_file(path, &len);
    free(path);
    cr_assert_not_null(text);
    fmt_parser *p = fmt_parser_new(text, len);
    struct fmt_game g;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    cr_assert_str_eq(g.game, "Chess");
    cr_assert_str_eq(g.white, "Elif \xc5\x9e\x61hin");
    cr_assert_str_eq(g.black, "Gwen O'Hara");
    cr_assert_eq(g.line, 1);
    /* "1. N b1-a3 1... n g8-h6" shares line 10 */
    cr_assert_eq(g.turns[0].line, 10);
    cr_assert_eq(g.turns[1].line, 10);
    cr_assert_eq(g.turns[1].side, FMT_BLACK);
    /* turn 41 by White: "41. Nf3; 41... n c6-b8" */
    const struct fmt_turn *t = &g.turns[80];
    cr_assert_str_eq(t->marker, "41.");
    cr_assert_str_eq(t->text, "Nf3;");
    cr_assert_eq(t->ncomps, 1);
    ts_assert_comp(&t->comps[0], FMT_COMP_BAD, "", "", "", 0, "Nf3");
    fmt_game_release(&g);
    fmt_parser_free(p);
    free(text);
}
