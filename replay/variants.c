/*
 * variants: the registry.  Adding a variant means one file and one line
 * here.  The order is the order `gcaudit variants` lists them: orthodox
 * Chess first, as the reference the others are described against, then
 * Extinction Chess, which differs from it least (same board, moves and
 * draws; no check and a different goal).
 */
#include <stddef.h>
#include <string.h>

#include "replay/variants.h"

static const struct rp_variant *const registry[] = {
    &rp_variant_chess,
    &rp_variant_extinction,   /* Chess without check, with another goal */
    &rp_variant_backlash,     /* orthodox moves still, on two boards with drops */
    &rp_variant_palindromic,
    &rp_variant_retro,        /* last: the furthest from Chess (played backwards) */
};

size_t rp_variant_count(void) { return sizeof registry / sizeof registry[0]; }

const struct rp_variant *rp_variant_at(size_t i)
{
    return i < rp_variant_count() ? registry[i] : NULL;
}

const struct rp_variant *rp_variant_for_game(const char *game_name)
{
    char key[128];
    if (!game_name)
        return NULL;
    fmt_normalise_game_name(game_name, key, sizeof key);
    for (size_t i = 0; i < rp_variant_count(); i++)
        for (const char *const *n = registry[i]->game_names; *n; n++)
            if (strcmp(*n, key) == 0)
                return registry[i];
    return NULL;
}
