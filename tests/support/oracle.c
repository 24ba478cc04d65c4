/*
 * oracle: compare replay results with the shared vectors.  The expected
 * message is only indicative (testdata/README.md), so codes, turns and
 * sides are compared exactly and messages not at all.
 */
#include "tests/support/oracle.h"

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/support.h"

static const char *person(const struct fmt_game *g, int who)
{
    const char *s = who == 0 ? g->white : who == 1 ? g->black : "";
    return s ? s : "";
}

static int field_eq(const char *id, const char *field, json_t *exp, const char *got)
{
    const char *want = json_string_value(json_object_get(exp, field));
    if (want && strcmp(want, got) == 0)
        return 1;
    cr_log_error("%s: %s is \"%s\", expected \"%s\"", id, field, got, want ? want : "(missing)");
    return 0;
}

static int int_eq(const char *id, const char *field, long long want, long long got)
{
    if (want == got)
        return 1;
    cr_log_error("%s: %s is %lld, expected %lld", id, field, got, want);
    return 0;
}

static int check_violations(const char *id, json_t *exp, const struct rp_report *r)
{
    json_t *list = json_object_get(exp, "violations");
    int ok = int_eq(id, "number of violations", (long long)json_array_size(list),
                    (long long)r->nviolations);
    for (size_t i = 0; ok && i < r->nviolations; i++) {
        json_t *v = json_array_get(list, i);
        ok &= field_eq(id, "code", v, rp_code_name(r->violations[i].code));
        json_t *turn = json_object_get(v, "turn");
        if (json_is_integer(turn))
            ok &= int_eq(id, "violation turn", json_integer_value(turn), r->violations[i].turn);
    }
    json_t *first = json_object_get(exp, "first_violation");
    if (ok && json_is_object(first) && r->nviolations) {
        const char *side = json_string_value(json_object_get(first, "side"));
        const char *got = r->violations[0].side == 0 ? "w" : r->violations[0].side == 1 ? "b" : "";
        if (side && strcmp(side, got) != 0) {
            cr_log_error("%s: first violation side is %s, expected %s", id, got, side);
            ok = 0;
        }
    }
    return ok;
}

static int check_game(json_t *exp, const struct fmt_game *g, const struct rp_report *r)
{
    const char *id = json_string_value(json_object_get(exp, "log_id"));
    if (!id)
        id = "?";
    int ok = field_eq(id, "log_id", exp, g->log ? g->log : "");
    ok &= field_eq(id, "variant", exp, r->variant ? r->variant->name : "");
    ok &= field_eq(id, "status", exp, rp_status_name(r->status));
    ok &= int_eq(id, "turns", json_integer_value(json_object_get(exp, "turns")), r->turns);
    ok &= field_eq(id, "result", exp, rp_result_name(r->result));
    ok &= field_eq(id, "declared_result", exp, rp_result_name(r->declared));
    ok &= field_eq(id, "termination", exp, r->termination_name);
    ok &= field_eq(id, "detail", exp, r->detail);
    ok &= field_eq(id, "winner", exp, person(g, r->winner));
    ok &= field_eq(id, "loser", exp, person(g, r->loser));
    ok &= check_violations(id, exp, r);
    return ok;
}

int ts_check_oracle(const char *variant, int *ngames)
{
    char *log_path = ts_fmt("%s/oracle/%s.log", GC_FIXTURES, variant);
    char *exp_path = ts_fmt("%s/oracle/%s.expect.jsonl", GC_FIXTURES, variant);
    size_t len;
    char *log = ts_read_file(log_path, &len);
    FILE *ef = fopen(exp_path, "r");
    cr_assert(log && ef, "cannot read the %s vectors", variant);
    fmt_parser *p = fmt_parser_new(log, len);
    struct fmt_game g;
    int bad = 0;
    *ngames = 0;
    char line[1 << 16];
    while (fmt_parser_next(p, &g) == FMT_OK) {
        json_error_t err;
        json_t *exp = fgets(line, sizeof line, ef) ? json_loads(line, 0, &err) : NULL;
        struct rp_report r;
        cr_assert_eq(rp_replay(&g, &r, NULL, NULL), RP_DONE, "out of memory");
        if (!exp) {
            cr_log_error("%s: game %d has no expectation", variant, g.index);
            bad++;
        } else if (!check_game(exp, &g, &r)) {
            bad++;
        }
        json_decref(exp);
        rp_report_release(&r);
        fmt_game_release(&g);
        (*ngames)++;
    }
    fmt_parser_free(p);
    fclose(ef);
    free(log);
    free(log_path);
    free(exp_path);
    return bad;
}
