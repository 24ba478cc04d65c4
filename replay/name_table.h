/*
 * name_table: a hash from a name to a position in a caller's list, for the
 * registries that look names up while they grow (the defined variants by
 * section name, the registry's listing by variant name), so that loading n
 * definitions takes time linear in n, not quadratic.
 *
 * The table keeps positions only; the names stay in the caller's list and
 * are reached through name_of, which the table calls while probing and
 * growing.  Open addressing with linear probing, at most half full.
 */
#ifndef GC_REPLAY_NAME_TABLE_H
#define GC_REPLAY_NAME_TABLE_H

#include <stddef.h>

/* The name of the list's i-th item. */
typedef const char *(*rp_name_of)(size_t i, const void *list);

struct rp_name_table {
    size_t *slot;    /* a position plus one, 0 when empty */
    size_t cap, n;   /* slots (a power of two, or 0), names held */
};

/* The position recorded for name, or (size_t)-1. */
size_t rp_name_table_get(const struct rp_name_table *t, const char *name, rp_name_of name_of,
                         const void *list);

/* Record name at position i (replacing the position of the same name).
 * Returns 0, or -1 when memory runs out (the table is then unchanged). */
int rp_name_table_put(struct rp_name_table *t, const char *name, size_t i, rp_name_of name_of,
                      const void *list);

/* Room for n names, so that a put of up to n names in all cannot fail.
 * Returns 0, or -1 when memory runs out. */
int rp_name_table_reserve(struct rp_name_table *t, size_t n, rp_name_of name_of, const void *list);

/* Free the slots and empty the table. */
void rp_name_table_clear(struct rp_name_table *t);

#endif
