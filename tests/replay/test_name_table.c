/*
 * The name table (replay/name_table.c): names hashed to positions in a
 * list, found, replaced, kept across growth, and room reserved so that a
 * put cannot fail.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "replay/name_table.h"

#define N 5000

static char names[N][16];

static const char *name_at(size_t i, const void *list) { return ((const char(*)[16])list)[i]; }

TestSuite(replay_name_table);

Test(replay_name_table, names_found_replaced_and_kept_across_growth)
{
    struct rp_name_table t = {0};
    cr_expect_eq(rp_name_table_get(&t, "x", name_at, names), (size_t)-1, "an empty table finds nothing");
    for (size_t i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "name%zu", i % 4000);
        cr_assert_eq(rp_name_table_put(&t, names[i], i, name_at, names), 0);
    }
    cr_expect_eq(t.n, 4000, "a name put again replaces its position");
    cr_expect_geq(t.cap, 2 * t.n, "at most half full");
    for (size_t i = 0; i < 4000; i++) {
        size_t want = i < 1000 ? i + 4000 : i;
        cr_expect_eq(rp_name_table_get(&t, names[i], name_at, names), want, "%s", names[i]);
    }
    cr_expect_eq(rp_name_table_get(&t, "name4000", name_at, names), (size_t)-1);
    cr_expect_eq(rp_name_table_get(&t, "", name_at, names), (size_t)-1);
    rp_name_table_clear(&t);
    cr_expect_eq(t.cap, 0);
    cr_expect_eq(rp_name_table_get(&t, "name1", name_at, names), (size_t)-1);
}

Test(replay_name_table, reserved_room_is_not_grown_into)
{
    struct rp_name_table t = {0};
    cr_assert_eq(rp_name_table_reserve(&t, 100, name_at, names), 0);
    size_t cap = t.cap;
    cr_expect_geq(cap, 200);
    for (size_t i = 0; i < 100; i++) {
        snprintf(names[i], sizeof names[i], "n%zu", i);
        cr_assert_eq(rp_name_table_put(&t, names[i], i, name_at, names), 0);
    }
    cr_expect_eq(t.cap, cap, "no growth within the reserved room");
    for (size_t i = 0; i < 100; i++)
        cr_expect_eq(rp_name_table_get(&t, names[i], name_at, names), i);
    rp_name_table_clear(&t);
}
