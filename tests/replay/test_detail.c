/*
 * A report's detail as typed pairs (report.c, rp_detail_split): each
 * token a key and a value pointing into the text, its kind the one the
 * engines declare for the key, never guessed from the value's characters.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "replay/replay.h"

struct want {
    const char *key, *value;
    enum rp_detail_kind kind;
};

/* text split into exactly the n pairs of want. */
static void expect_pairs(const char *text, const struct want *want, size_t n)
{
    struct rp_detail d;
    rp_detail_split(text, &d);
    cr_assert_eq(d.n, n, "%s", text);
    for (size_t i = 0; i < n; i++) {
        const struct rp_detail_pair *p = &d.pair[i];
        cr_expect_eq(p->key_len, strlen(want[i].key), "%s: pair %zu", text, i);
        cr_expect_eq(strncmp(p->key, want[i].key, p->key_len), 0, "%s: pair %zu key", text, i);
        cr_expect_eq(p->value_len, strlen(want[i].value), "%s: pair %zu", text, i);
        cr_expect_eq(strncmp(p->value, want[i].value, p->value_len), 0, "%s: pair %zu", text, i);
        cr_expect_eq(p->kind, want[i].kind, "%s: pair %zu kind", text, i);
    }
}

#define M RP_DETAIL_MEASURE
#define W RP_DETAIL_WORDS

/* Scores and counts are measurements by their keys; everything else an
 * engine writes is words, also a value of digits under a words key. */
Test(detail, pairs_typed_by_their_keys)
{
    const struct want a[] = {{"points", "18-11", M}, {"material", "-3-5", M}, {"count", "64", M},
                             {"flag", "18", W}, {"claimable", "threefold,fifty-moves", W}};
    expect_pairs("points=18-11 material=-3-5 count=64 flag=18 claimable=threefold,fifty-moves", a,
                 5);
    const struct want b[] = {{"board", "left", W}, {"extinct", "Q,N", W}, {"draw-odds", "black", W},
                             {"review", "-", W}, {"countx", "1", W}, {"coun", "1", W}};
    expect_pairs("board=left extinct=Q,N draw-odds=black review=- countx=1 coun=1", b, 6);
}

/* A token without '=' is a key with an empty value; runs of spaces part
 * tokens; a key no engine writes is words; none for NULL or "". */
Test(detail, tokens_spaces_and_unknown_keys)
{
    const struct want a[] = {{"odd", "", W}, {"extinct", "", W}, {"moves", "12", W}};
    expect_pairs("  odd  extinct= moves=12 ", a, 3);
    expect_pairs("", NULL, 0);
    struct rp_detail d;
    rp_detail_split(NULL, &d);
    cr_expect_eq(d.n, 0);
    cr_expect_null(d.text);
}
