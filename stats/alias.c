/*
 * alias: one player, several spellings ("Ada Quill", "A. Quill",
 * "ada_quill"), counted as one person in every statistic, as Ordo's
 * synonyms file does.  Mapping is one step: a spelling names a player, and
 * that player is never itself a spelling of someone else, so the meaning
 * of a name never depends on the order of the file's lines.
 */
#include <stdlib.h>
#include <string.h>

#include "stats/stats_internal.h"

struct st_alias {
    struct st_names names;    /* every string seen, names and spellings */
    uint32_t *target;         /* per id: the name a spelling maps to, or UINT32_MAX */
    unsigned char *is_name;   /* per id: appeared as a name */
    size_t cap;
};

st_alias *st_alias_new(void)
{
    st_alias *a = calloc(1, sizeof *a);
    if (a)
        st_names_init(&a->names);
    return a;
}

void st_alias_free(st_alias *a)
{
    if (!a)
        return;
    st_names_release(&a->names);
    free(a->target);
    free(a->is_name);
    free(a);
}

static int intern(st_alias *a, const char *s, uint32_t *id)
{
    if (st_names_id(&a->names, s, id) != 0)
        return -1;
    if (*id < a->cap)
        return 0;
    size_t cap = a->cap ? a->cap * 2 : 32;
    while (cap <= *id)
        cap *= 2;
    uint32_t *target = realloc(a->target, cap * sizeof *target);
    if (target)
        a->target = target;
    unsigned char *is_name = realloc(a->is_name, cap);
    if (is_name)
        a->is_name = is_name;
    if (!target || !is_name)
        return -1;
    for (size_t i = a->cap; i < cap; i++) {
        a->target[i] = UINT32_MAX;
        a->is_name[i] = 0;
    }
    a->cap = cap;
    return 0;
}

enum st_rc st_alias_add(st_alias *a, const char *name, const char *spelling, const char **other)
{
    uint32_t n, s;
    if (intern(a, name, &n) != 0 || intern(a, spelling, &s) != 0)
        return ST_NO_MEMORY;
    if (a->target[n] != UINT32_MAX) {
        if (other)
            *other = a->names.str[a->target[n]];
        return ST_ALIAS_CHAIN; /* the name is already a spelling of another */
    }
    if (n != s && a->is_name[s]) {
        if (other)
            *other = a->names.str[s];
        return ST_ALIAS_CHAIN; /* the spelling is already a name */
    }
    if (n != s && a->target[s] != UINT32_MAX && a->target[s] != n) {
        if (other)
            *other = a->names.str[a->target[s]];
        return ST_ALIAS_CONFLICT;
    }
    /* Checked first, recorded after: a refusal changes nothing. */
    a->is_name[n] = 1;
    if (n != s)
        a->target[s] = n;
    return ST_OK;
}

const char *st_alias_resolve(const st_alias *a, const char *spelling)
{
    if (!a || !spelling)
        return spelling;
    uint32_t id = st_names_find(&a->names, spelling);
    if (id == UINT32_MAX || a->target[id] == UINT32_MAX)
        return spelling;
    return a->names.str[a->target[id]];
}

long st_alias_id(const st_alias *a, const char *s)
{
    uint32_t id = a && s ? st_names_find(&a->names, s) : UINT32_MAX;
    return id == UINT32_MAX ? -1 : (long)id;
}

size_t st_alias_size(const st_alias *a) { return a ? a->names.n : 0; }
