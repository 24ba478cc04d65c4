/*
 * A report's detail as typed pairs (report.c, rp_detail_split): each
 * token a key and a value pointing into the text, its kind the one the
 * engines declare for the key, never guessed from the value's characters.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "replay/replay.h"

static void expect_pair(const struct rp_detail *d, size_t i, const char *key, const char *value,
                        enum rp_detail_kind kind)
{
    cr_assert_lt(i, d->n);
    const struct rp_detail_pair *p = &d->pair[i];
    cr_expect_eq(p->key_len, strlen(key), "pair %zu", i);
    cr_expect_eq(strncmp(p->key, key, p->key_len), 0, "pair %zu key", i);
    cr_expect_eq(p->value_len, strlen(value), "pair %zu", i);
    cr_expect_eq(strncmp(p->value, value, p->value_len), 0, "pair %zu value", i);
    cr_expect_eq(p->kind, kind, "pair %zu kind", i);
}

/* Scores and counts are measurements by their keys; everything else an
 * engine writes is words, also a value of digits under a words key. */
Test(detail, pairs_typed_by_their_keys)
{
    struct rp_detail d;
    rp_detail_split("points=18-11 material=-3-5 count=64 flag=18 claimable=threefold,fifty-moves", &d);
    cr_assert_eq(d.n, 5);
    expect_pair(&d, 0, "points", "18-11", RP_DETAIL_MEASURE);
    expect_pair(&d, 1, "material", "-3-5", RP_DETAIL_MEASURE);
    expect_pair(&d, 2, "count", "64", RP_DETAIL_MEASURE);
    expect_pair(&d, 3, "flag", "18", RP_DETAIL_WORDS);
    expect_pair(&d, 4, "claimable", "threefold,fifty-moves", RP_DETAIL_WORDS);
    rp_detail_split("board=left extinct=Q,N draw-odds=black review=-", &d);
    cr_assert_eq(d.n, 4);
    expect_pair(&d, 0, "board", "left", RP_DETAIL_WORDS);
    expect_pair(&d, 1, "extinct", "Q,N", RP_DETAIL_WORDS);
    expect_pair(&d, 2, "draw-odds", "black", RP_DETAIL_WORDS);
    expect_pair(&d, 3, "review", "-", RP_DETAIL_WORDS);
}

/* A token without '=' is a key with an empty value; runs of spaces part
 * tokens; a key no engine writes is words; none for NULL or "". */
Test(detail, tokens_spaces_and_unknown_keys)
{
    struct rp_detail d;
    rp_detail_split("  odd  extinct= moves=12 ", &d);
    cr_assert_eq(d.n, 3);
    expect_pair(&d, 0, "odd", "", RP_DETAIL_WORDS);
    expect_pair(&d, 1, "extinct", "", RP_DETAIL_WORDS);
    expect_pair(&d, 2, "moves", "12", RP_DETAIL_WORDS);
    rp_detail_split("", &d);
    cr_expect_eq(d.n, 0);
    rp_detail_split(NULL, &d);
    cr_expect_eq(d.n, 0);
    cr_expect_null(d.text);
}
