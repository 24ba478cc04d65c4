/*
 * variants: what the rules engine knows, straight from the registry, so
 * the list can never disagree with what `analyze` replays: each variant
 * with the Game: values that select it and where its rules come from
 * (built in, or the definition file).
 */
#include <string.h>

#include "cli/cli.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: gcaudit variants [--variants FILE]...\n\n"
               "List the variants gcaudit replays: its name in the reports, the Game:\n"
               "header values (normalised: lower case, no spaces, hyphens or\n"
               "apostrophes) that select it, and where its rules come from: built in,\n"
               "or the definition file (the shipped ones, then each --variants FILE).\n");
}

static int opt_variants(void *o, const char *v)
{
    return cli_definitions_add_or_stop(o, v);
}

static int opt_help(void *o, const char *v)
{
    (void)o;
    (void)v;
    usage(stdout);
    return CLI_EXIT_OK;
}

static int operand(void *o, const char *arg)
{
    (void)o;
    cli_error("variants: takes no arguments (not '%s')", arg);
    return CLI_EXIT_USAGE;
}

static const struct cli_option rows[] = {
    {.name = "--variants", .value = "FILE", .set_or_stop = opt_variants,
     .help = "definitions to add (repeatable)"},
    {.name = "--help", .letter = 'h', .set_or_stop = opt_help, .help = "this text"},
};

static const struct cli_command_options options = {
    "variants", rows, sizeof rows / sizeof rows[0], operand,
};

int cmd_variants(int argc, char **argv)
{
    struct cli_definitions defs;
    memset(&defs, 0, sizeof defs);
    int rc = cli_options_parse_or_stop(&options, argc, argv, &defs);
    if (rc == CLI_CONTINUE)
        rc = cli_definitions_load_or_stop(&defs, "variants");
    if (rc != CLI_CONTINUE)
        return rc;
    for (size_t i = 0; i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        printf("%-18s %s\n", v->name, v->title);
        printf("%-18s Game: ", "");
        for (const char *const *n = v->game_names; *n; n++)
            printf("%s%s", n == v->game_names ? "" : ", ", *n);
        printf("\n%-18s from: %s\n", "", v->origin ? v->origin : "built in");
    }
    return CLI_EXIT_OK;
}
