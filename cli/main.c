/*
 * main: the subcommand table (git's builtin/ pattern).  Each entry names a
 * cmd_*() that parses its own options and returns the exit status.
 *
 * Whatever went to standard output (the variants' list, a help text, the
 * version, replay's boards, -v lines) is flushed before exit and checked:
 * output that could not be written (`gcaudit variants >/dev/full`, a
 * closed descriptor) is said on stderr and makes the exit status 3, as an
 * unwritable report does, never 0.
 *
 * SIGXFSZ (a file passing `ulimit -f`) is ignored, so that the write
 * fails with EFBIG and is reported like any failed write (the file and
 * "File too large", exit status 3) instead of killing the run unexplained.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"analyze", cmd_analyze, "replay every game of the inputs and write CSV reports"},
    {"merge", cmd_merge, "combine the reports of analyze --shard runs into one"},
    {"replay", cmd_replay, "replay one game, showing the board after each turn"},
    {"variants", cmd_variants, "list the variants the rules engine knows"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: gcaudit COMMAND [OPTIONS]\n\n"
               "Audit archives of Game Courier logs: replay every game, find every\n"
               "illegal move, and write CSV reports.\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'gcaudit COMMAND --help' describes a command.\n"
               "  --help     this text\n  --version  the version\n");
}

/* rc, or CLI_EXIT_NOTHING after saying so when standard output could not
 * be written (an interrupt's status stands). */
static int stdout_checked(int rc)
{
    errno = 0;
    int flushed = fflush(stdout) == 0;
    int err = errno;
    if (flushed && !ferror(stdout))
        return rc;
    if (err && !flushed)
        cli_error("cannot write to standard output: %s", strerror(err));
    else
        cli_error("cannot write to standard output");
    return rc < CLI_EXIT_NOTHING ? CLI_EXIT_NOTHING : rc;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("gcaudit %s\n", GC_VERSION);
        return CLI_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    /* A command within two typing errors of the one typed is named. */
    const char *meant = NULL;
    size_t best = 3;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        size_t d = cli_edit_distance(commands[i].name, argv[1], strlen(argv[1]));
        if (d < best)
            meant = commands[i].name, best = d;
    }
    if (meant)
        cli_error("unknown command '%s' (did you mean '%s'?)", argv[1], meant);
    else
        cli_error("unknown command '%s' (see 'gcaudit --help')", argv[1]);
    return CLI_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    signal(SIGXFSZ, SIG_IGN);
    return stdout_checked(run(argc, argv));
}
