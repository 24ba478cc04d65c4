/*
 * variants: what the rules engine knows, straight from the registry, so
 * the list can never disagree with what `analyze` replays: each variant
 * with the Game: values that select it, where its rules come from (a
 * built-in engine, a shipped definition and its parent, a user's file)
 * and what checked them: for a shipped definition, the builds of
 * Fairy-Stockfish its gcOracles names, which the oracle tests play
 * exactly (tests/support/selfplay.c, with the numbers below).
 */
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: gcaudit variants [--variants FILE]...\n\n"
               "List the variants gcaudit replays: its name in the reports, the Game:\n"
               "header values (normalised: lower case, no spaces, hyphens or\n"
               "apostrophes) that select it, where its rules come from (a built-in\n"
               "engine, a shipped definition and its parent, or a --variants FILE) and\n"
               "what checked them in gcaudit's test suite.\n");
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

/* What the oracle tests play of a shipped definition (tests/support/
 * selfplay.h: TS_GAMES_FFISH, TS_MUTATE_EVERY_FFISH, TS_GAMES_FSF,
 * TS_GAMES_FSF_COVERED; tests/cli/test_definitions.c holds the two to
 * each other). */
#define FFISH_GAMES 24
#define FFISH_MUTATED 8
#define FSF_GAMES 15
#define FSF_GAMES_COVERED 5

/* Is the file at path in the folder dir (whatever links lead to them)? */
static int in_dir(const char *path, const char *dir)
{
    const char *slash = strrchr(path, '/');
    char folder[PATH_MAX];
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    struct stat a, b;
    return stat(folder, &a) == 0 && stat(dir, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void print_origin(const struct rp_variant *v, const char *shipped)
{
    const char *pad = "                   ";
    if (!v->def) {
        printf("%sfrom: built in (gcaudit's own engine)\n", pad);
        printf("%schecked: the suite's independent test vectors (tests/fixtures/oracle)\n", pad);
        return;
    }
    int ours = shipped && in_dir(v->origin, shipped);
    printf("%sfrom: %s (%s", pad, v->origin, ours ? "shipped" : "a user's file");
    if (v->parent && v->parent[0])
        printf("; parent: %s%s", v->parent, v->parent_builtin ? ", the reference build's built-in" : "");
    printf(")\n");
    if (!ours || !v->oracles) {
        printf("%schecked: not by gcaudit's test suite\n", pad);
        return;
    }
    printf("%schecked: ", pad);
    if (v->oracles & RP_ORACLE_FFISH)
        printf("ffish 0.7.10 (Fairy-Stockfish 230826): perft and %d+%d games in the suite%s", FFISH_GAMES,
               FFISH_MUTATED, v->oracles & RP_ORACLE_FSF11 ? "; " : "");
    if (v->oracles & RP_ORACLE_FSF11)
        printf("Fairy-Stockfish 11.1%s: perft and %d+%d games", v->oracles & RP_ORACLE_FFISH ? " too" : "",
               v->oracles & RP_ORACLE_FFISH ? FSF_GAMES_COVERED : FSF_GAMES,
               v->oracles & RP_ORACLE_FFISH ? FSF_GAMES_COVERED : FSF_GAMES);
    printf("\n");
}

int cmd_variants(int argc, char **argv)
{
    struct cli_definitions defs;
    memset(&defs, 0, sizeof defs);
    int rc = cli_options_parse_or_stop(&options, argc, argv, &defs);
    if (rc == CLI_CONTINUE)
        rc = cli_definitions_load_or_stop(&defs, "variants", 0);
    if (rc != CLI_CONTINUE)
        return rc;
    char shipped[PATH_MAX];
    int have_shipped = cli_definitions_dir(shipped, sizeof shipped);
    for (size_t i = 0; i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        printf("%-18s %s\n", v->name, v->title);
        printf("%-18s Game: ", "");
        for (const char *const *n = v->game_names; *n; n++)
            printf("%s%s", n == v->game_names ? "" : ", ", *n);
        printf("\n");
        print_origin(v, have_shipped ? shipped : NULL);
    }
    return CLI_EXIT_OK;
}
