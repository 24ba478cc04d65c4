/*
 * report: an rp_report's violations, added one at a time and released
 * together (replay.h states who owns what).
 */
#include "replay/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

int rp_report_add(struct rp_report *r, const struct fmt_turn *turn, enum rp_code code,
                  const char *message)
{
    struct rp_violation *grown =
        realloc(r->violations, (r->nviolations + 1) * sizeof *r->violations);
    if (!grown)
        return RP_NO_MEMORY;
    r->violations = grown;
    struct rp_violation *v = &r->violations[r->nviolations];
    memset(v, 0, sizeof *v);
    v->code = code;
    v->side = -1;
    v->person = -1;
    v->message = dup_or_null(message);
    if (turn) {
        v->line = turn->line;
        v->turn = turn->number;
        v->side = turn->side;
        v->person = turn->side;
        v->text = dup_or_null(turn->text);
        v->comment = dup_or_null(turn->comment);
    }
    r->nviolations++;
    if (!v->message || (turn && turn->text && !v->text) || (turn && turn->comment && !v->comment))
        return RP_NO_MEMORY;
    return RP_DONE;
}

void rp_report_release(struct rp_report *r)
{
    for (size_t i = 0; i < r->nviolations; i++) {
        free(r->violations[i].text);
        free(r->violations[i].message);
        free(r->violations[i].comment);
    }
    free(r->violations);
    memset(r, 0, sizeof *r);
}

const char *rp_detail_review(const char *detail, char *out, size_t size)
{
    const size_t klen = sizeof RP_REVIEW_KEY - 1;
    for (const char *p = detail; p && *p;) {
        size_t n = strcspn(p, " ");
        if (n > klen && strncmp(p, RP_REVIEW_KEY, klen) == 0) {
            snprintf(out, size, "%.*s", (int)(n - klen), p + klen);
            return out;
        }
        p += n + (p[n] == ' ');
    }
    return NULL;
}
