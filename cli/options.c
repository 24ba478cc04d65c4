/*
 * options: the one option parser of the subcommands that take many
 * options (analyze, merge).  A command describes its options as a table
 * of struct cli_option rows; this file matches the arguments against the
 * rows, hands each value to the row's handler, and prints the options'
 * part of the command's help from the same rows, so an option cannot be
 * accepted without being described, nor described without being accepted.
 *
 * The forms accepted, the same for every command:
 *   --name            a flag
 *   --name VALUE      or --name=VALUE, for an option with a value
 *   -x VALUE          the letter of an option with a value (-xVALUE only
 *                     where the row says CLI_OPT_ATTACHED: -j4)
 *   --                every later argument is an operand
 *   -                 an operand (standard input)
 * Names match whole: no abbreviations, no bundled letters (-qv).
 */
#include <string.h>

#include "cli/cli.h"

/* The row a long or letter name denotes, and where its value starts when
 * it is written into the same argument; NULL when none does. */
static const struct cli_option *find(const struct cli_command_options *c, const char *arg,
                                     const char **attached)
{
    *attached = NULL;
    for (size_t i = 0; i < c->noptions; i++) {
        const struct cli_option *o = &c->options[i];
        size_t n = strlen(o->name);
        if (strncmp(arg, o->name, n) == 0) {
            if (arg[n] == '\0')
                return o;
            if (arg[n] == '=' && o->value) {
                *attached = arg + n + 1;
                return o;
            }
        }
        if (o->letter && arg[0] == '-' && arg[1] == o->letter) {
            if (arg[2] == '\0')
                return o;
            if (o->flags & CLI_OPT_ATTACHED) {
                *attached = arg + 2;
                return o;
            }
        }
    }
    return NULL;
}

/* The row's message for a missing value, the option as it was typed in
 * place of its "%s" (printed through cli_error, never as a format). */
static int missing_value_or_stop(const struct cli_command_options *c,
                                 const struct cli_option *o, const char *typed)
{
    const char *s = o->missing ? strstr(o->missing, "%s") : NULL;
    if (!o->missing)
        cli_error("%s: %s needs a value", c->command, typed);
    else if (s)
        cli_error("%.*s%s%s", (int)(s - o->missing), o->missing, typed, s + 2);
    else
        cli_error("%s", o->missing);
    return CLI_EXIT_USAGE;
}

int cli_options_parse_or_stop(const struct cli_command_options *c, int argc, char **argv,
                              void *opts)
{
    int operands_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc;
        if (operands_only || a[0] != '-' || strcmp(a, "-") == 0) {
            rc = c->operand_or_stop(opts, a);
        } else if (strcmp(a, "--") == 0) {
            operands_only = 1;
            continue;
        } else {
            const char *value;
            const struct cli_option *o = find(c, a, &value);
            if (!o) {
                cli_error("%s: unknown option '%s'", c->command, a);
                c->usage(stderr);
                return CLI_EXIT_USAGE;
            }
            if (o->value && !value) {
                if (i + 1 == argc)
                    return missing_value_or_stop(c, o, a);
                value = argv[++i];
            }
            rc = o->set_or_stop(opts, value);
        }
        if (rc != CLI_CONTINUE)
            return rc;
    }
    return CLI_CONTINUE;
}

/* Where an option's description starts on its help line. */
#define HELP_COLUMN 26

void cli_options_help(FILE *f, const struct cli_command_options *c)
{
    for (size_t i = 0; i < c->noptions; i++) {
        const struct cli_option *o = &c->options[i];
        if (o->section)
            fprintf(f, "\n%s:\n", o->section);
        int at = fprintf(f, "  %c%c%s%s%s%s", o->letter ? '-' : ' ', o->letter ? o->letter : ' ',
                         o->letter ? ", " : "  ", o->name, o->value ? " " : "",
                         o->value ? o->value : "");
        /* A name too long for its column puts the description below it. */
        if (at > HELP_COLUMN - 1) {
            fputc('\n', f);
            at = 0;
        }
        fprintf(f, "%*s", HELP_COLUMN - at, "");
        for (const char *h = o->help; *h; h++) {
            fputc(*h, f);
            if (*h == '\n')
                fprintf(f, "%*s", HELP_COLUMN, "");
        }
        fputc('\n', f);
    }
}
