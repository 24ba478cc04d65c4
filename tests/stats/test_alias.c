/*
 * Player aliases (stats/alias.c): spellings map to one name in one step;
 * a spelling bound to two names, or a name that is also a spelling, is
 * refused with the name already bound.
 */
#include <criterion/criterion.h>

#include "stats/stats.h"

Test(stats_alias, spellings_resolve_to_the_name)
{
    st_alias *a = st_alias_new();
    cr_assert_eq(st_alias_add(a, "Ada Quill", "A. Quill", NULL), ST_OK);
    cr_assert_eq(st_alias_add(a, "Ada Quill", "ada_quill", NULL), ST_OK);
    cr_assert_eq(st_alias_add(a, "Ada Quill", "A. Quill", NULL), ST_OK, "repeating is fine");
    cr_assert_eq(st_alias_add(a, "Bob", "Bob", NULL), ST_OK, "a name alone");
    cr_expect_str_eq(st_alias_resolve(a, "A. Quill"), "Ada Quill");
    cr_expect_str_eq(st_alias_resolve(a, "ada_quill"), "Ada Quill");
    cr_expect_str_eq(st_alias_resolve(a, "Ada Quill"), "Ada Quill");
    cr_expect_str_eq(st_alias_resolve(a, "Bob"), "Bob");
    cr_expect_str_eq(st_alias_resolve(a, "ADA QUILL"), "ADA QUILL", "exact bytes, no case folding");
    cr_expect_null(st_alias_resolve(a, NULL));
    cr_expect_str_eq(st_alias_resolve(NULL, "x"), "x");
    st_alias_free(a);
    st_alias_free(NULL);
}

Test(stats_alias, conflicts_and_chains_are_refused)
{
    st_alias *a = st_alias_new();
    const char *other = NULL;
    cr_assert_eq(st_alias_add(a, "Ada Quill", "AQ", NULL), ST_OK);
    cr_expect_eq(st_alias_add(a, "Al Quinn", "AQ", &other), ST_ALIAS_CONFLICT);
    cr_expect_str_eq(other, "Ada Quill");
    /* "AQ" is a spelling: it cannot be a name too. */
    cr_expect_eq(st_alias_add(a, "AQ", "Q", &other), ST_ALIAS_CHAIN);
    cr_expect_str_eq(other, "Ada Quill");
    /* "Ada Quill" is a name: it cannot be a spelling too. */
    cr_expect_eq(st_alias_add(a, "Someone", "Ada Quill", &other), ST_ALIAS_CHAIN);
    cr_expect_str_eq(other, "Ada Quill");
    cr_expect_str_eq(st_alias_resolve(a, "AQ"), "Ada Quill", "refusals change nothing");
    cr_expect_eq(st_alias_add(a, "Ada Quill", "Someone", NULL), ST_OK,
                 "a refused name was not recorded as a name");
    st_alias_free(a);
}
