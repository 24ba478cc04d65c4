/*
 * variants: what the rules engine knows, straight from the registry, so
 * the list can never disagree with what `analyze` replays.
 */
#include <string.h>

#include "cli/cli.h"

int cmd_variants(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        printf("usage: gcaudit variants\n\nList the variants gcaudit replays, with the "
               "Game: header values\n(normalised: lower case, no spaces, hyphens or "
               "apostrophes) that select each.\n");
        return CLI_EXIT_OK;
    }
    if (argc > 1) {
        cli_error("variants: takes no arguments");
        return CLI_EXIT_USAGE;
    }
    for (size_t i = 0; i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        printf("%-12s %s\n", v->name, v->title);
        printf("%-12s Game: ", "");
        for (const char *const *n = v->game_names; *n; n++)
            printf("%s%s", n == v->game_names ? "" : ", ", *n);
        printf("\n");
    }
    return CLI_EXIT_OK;
}
