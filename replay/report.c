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

/* The detail keys whose values are measurements, as the engines that
 * write them declare: points (variant_retro.c, Retro's score), material
 * (fairy_legal.c, materialCounting's count) and count (variant_fairy.c,
 * the counting rule's limit).  This list is the one place a key's kind is
 * said.  The engines' other keys are words: claimable (ortho.c,
 * variant_fairy.c), extinct (variant_extinction.c, fairy_legal.c), flag
 * and draw-odds (fairy_legal.c), board (variant_backlash.c) and review
 * (variant_fairy.c, RP_REVIEW_KEY). */
static const char *const measurements[] = {"points", "material", "count"};

static enum rp_detail_kind detail_kind(const char *key, size_t len)
{
    for (size_t i = 0; i < sizeof measurements / sizeof measurements[0]; i++)
        if (strncmp(measurements[i], key, len) == 0 && measurements[i][len] == '\0')
            return RP_DETAIL_MEASURE;
    return RP_DETAIL_WORDS;
}

void rp_detail_split(const char *text, struct rp_detail *out)
{
    out->text = text;
    out->n = 0;
    for (const char *p = text; p && *p && out->n < RP_DETAIL_PAIRS;) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n == 0)
            break;
        const char *eq = memchr(p, '=', n);
        size_t key_len = eq ? (size_t)(eq - p) : n;
        struct rp_detail_pair *d = &out->pair[out->n++];
        d->key = p;
        d->key_len = key_len;
        d->value = eq ? eq + 1 : p + n;
        d->value_len = eq ? n - key_len - 1 : 0;
        d->kind = detail_kind(p, key_len);
        p += n;
    }
}
