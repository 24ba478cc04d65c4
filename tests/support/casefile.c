/*
 * casefile: the runner behind the table-driven rule tests; see casefile.h
 * for the format.
 */
#include "tests/support/casefile.h"

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/support.h"

#define MAX_LINES 256  /* long enough for a constructed 130-ply prefix */

struct tcase {
    char name[128];
    int line;                    /* where "== name" stands */
    char game[64];
    char *header[MAX_LINES];
    int nheader;
    char *moves[MAX_LINES];
    int nmoves;
    char *expect_key[MAX_LINES];
    char *expect_val[MAX_LINES];
    int nexpect;
};

/* Where complaints go: the test log, or (quiet) the first one into a
 * caller's buffer. */
static struct {
    int quiet;
    char *first;
    size_t size;
} sink;

static void complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void complain(const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!sink.quiet)
        cr_log_error("%s", msg);
    else if (!sink.first[0])
        snprintf(sink.first, sink.size, "%s", msg);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static char *build_log(const struct tcase *c)
{
    size_t cap = 256;
    for (int i = 0; i < c->nheader; i++)
        cap += strlen(c->header[i]) + 1;
    for (int i = 0; i < c->nmoves; i++)
        cap += strlen(c->moves[i]) + 1;
    char *log = malloc(cap);
    size_t at = (size_t)snprintf(log, cap, "Game: %s\nLog: %s\nWhite: White Player\nBlack: Black Player\n",
                                 c->game, c->name);
    for (int i = 0; i < c->nheader; i++)
        at += (size_t)snprintf(log + at, cap - at, "%s\n", c->header[i]);
    at += (size_t)snprintf(log + at, cap - at, "\n");
    for (int i = 0; i < c->nmoves; i++)
        at += (size_t)snprintf(log + at, cap - at, "%s\n", c->moves[i]);
    return log;
}

static const char *person(const struct fmt_game *g, int who)
{
    return who == 0 ? g->white : who == 1 ? g->black : "";
}

/* The value the report gives for an expectation key, in the file's terms. */
static const char *actual(const char *key, const struct fmt_game *g, const struct rp_report *r,
                          char *buf, size_t size)
{
    const struct rp_violation *v = r->nviolations ? &r->violations[0] : NULL;
    if (!strcmp(key, "status")) return rp_status_name(r->status);
    if (!strcmp(key, "result")) return rp_result_name(r->result);
    if (!strcmp(key, "declared")) return rp_result_name(r->declared);
    if (!strcmp(key, "termination")) return r->termination_name;
    if (!strcmp(key, "detail")) return r->detail;
    if (!strcmp(key, "winner")) return person(g, r->winner);
    if (!strcmp(key, "loser")) return person(g, r->loser);
    if (!strcmp(key, "turns")) { snprintf(buf, size, "%d", r->turns); return buf; }
    if (!strcmp(key, "violations")) { snprintf(buf, size, "%zu", r->nviolations); return buf; }
    if (!strcmp(key, "message")) return v ? v->message : "(none)";
    if (!strcmp(key, "player")) return v ? person(g, v->person) : "(none)";
    if (!strcmp(key, "violation")) {
        if (!v)
            return "none";
        snprintf(buf, size, "%s %d %s", rp_code_name(v->code), v->turn,
                 v->side == 0 ? "white" : v->side == 1 ? "black" : "-");
        return buf;
    }
    return NULL;
}

static int run_case(const char *path, const struct tcase *c)
{
    char *log = build_log(c);
    fmt_parser *p = fmt_parser_new(log, strlen(log));
    struct fmt_game g;
    int failed = 0;
    if (fmt_parser_next(p, &g) != FMT_OK) {
        complain("%s:%d: case %s: the log did not parse", path, c->line, c->name);
        failed = 1;
    } else {
        struct rp_report r;
        cr_assert_eq(rp_replay(&g, &r, NULL, NULL), RP_DONE, "out of memory");
        for (int i = 0; i < c->nexpect; i++) {
            char buf[256];
            const char *got = actual(c->expect_key[i], &g, &r, buf, sizeof buf);
            if (!got || strcmp(got, c->expect_val[i]) != 0) {
                complain("%s:%d: case %s: %s is \"%s\", expected \"%s\"", path, c->line,
                             c->name, c->expect_key[i], got ? got : "(unknown key)",
                             c->expect_val[i]);
                failed = 1;
            }
        }
        rp_report_release(&r);
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    free(log);
    return failed;
}

/* Add one "key: value" line to the case; 0, or -1 when the case has no
 * room left for it (said, with the file's line). */
static int add_line(const char *path, int lineno, struct tcase *c, char *key, char *val)
{
    int full = 0;
    if (!strcmp(key, "game"))
        snprintf(c->game, sizeof c->game, "%s", val);
    else if (!strcmp(key, "header"))
        full = c->nheader < MAX_LINES ? (c->header[c->nheader++] = val, 0) : 1;
    else if (!strcmp(key, "moves"))
        full = c->nmoves < MAX_LINES ? (c->moves[c->nmoves++] = val, 0) : 1;
    else if (c->nexpect < MAX_LINES) {
        c->expect_key[c->nexpect] = key;
        c->expect_val[c->nexpect++] = val;
    } else {
        full = 1;
    }
    if (full)
        complain("%s:%d: case %s: more than %d '%s' lines", path, lineno, c->name, MAX_LINES,
                     key);
    return full ? -1 : 0;
}

/* Run a case that expects something; one that expects nothing could
 * never fail, so it is an error of the file.  Returns 1 when it failed. */
static int run_checked_case(const char *path, const struct tcase *c)
{
    if (c->nexpect == 0) {
        complain("%s:%d: case %s expects nothing: give it a status, result, violation, ...",
                     path, c->line, c->name);
        return 1;
    }
    return run_case(path, c);
}

int ts_run_casefile(const char *path, const char *game, int *ncases)
{
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "cannot read %s", path);
    int failures = 0, lineno = 0, have = 0;
    struct tcase c;
    *ncases = 0;
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        if (!strncmp(s, "== ", 3)) {
            if (have) {
                failures += run_checked_case(path, &c);
                (*ncases)++;
            }
            memset(&c, 0, sizeof c);
            snprintf(c.name, sizeof c.name, "%s", trim(s + 3));
            snprintf(c.game, sizeof c.game, "%s", game);
            c.line = lineno;
            have = 1;
            continue;
        }
        char *colon = strchr(s, ':');
        if (!have || !colon) {
            complain("%s: line %d is not part of a case: %s", path, lineno, s);
            failures++;
            continue;
        }
        *colon = '\0';
        if (add_line(path, lineno, &c, trim(s), trim(colon + 1)) != 0)
            failures++;
    }
    if (have) {
        failures += run_checked_case(path, &c);
        (*ncases)++;
    }
    free(text);
    return failures;
}

int ts_run_casefile_quietly(const char *path, const char *game, int *ncases, char *first,
                            size_t size)
{
    sink.quiet = 1;
    sink.first = first;
    sink.size = size;
    first[0] = '\0';
    int failures = ts_run_casefile(path, game, ncases);
    sink.quiet = 0;
    return failures;
}
