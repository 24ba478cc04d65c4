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
#include <stdint.h>
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

size_t cli_edit_distance(const char *a, const char *b, size_t n)
{
    size_t m = strlen(a);
    if (m > 31 || n > 31)
        return SIZE_MAX;
    size_t d[32][32];
    for (size_t i = 0; i <= m; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= n; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= m; i++)
        for (size_t j = 1; j <= n; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[m][n];
}

/* The row an unknown argument most likely meant: a flag given a value
 * (--excel=1), the one name it begins (--verb), or the one name within a
 * third of its length in typing errors (--jbos); NULL when none is clear. */
static const struct cli_option *meant(const struct cli_command_options *c, const char *arg)
{
    if (strncmp(arg, "--", 2) != 0)
        return NULL;
    size_t n = strcspn(arg, "=");
    const struct cli_option *best = NULL, *prefixed = NULL;
    size_t best_d = SIZE_MAX, nprefixed = 0;
    int tie = 0;
    for (size_t i = 0; i < c->noptions; i++) {
        const struct cli_option *o = &c->options[i];
        if (strlen(o->name) == n && strncmp(o->name, arg, n) == 0)
            return o;
        if (n > 3 && strncmp(o->name, arg, n) == 0)
            prefixed = o, nprefixed++;
        size_t d = cli_edit_distance(o->name + 2, arg + 2, n - 2);
        if (d < best_d)
            best = o, best_d = d, tie = 0;
        else if (d == best_d)
            tie = 1;
    }
    if (nprefixed == 1)
        return prefixed;
    return !tie && best_d > 0 && best_d * 3 <= n - 2 ? best : NULL;
}

/* Whether arg is two or more flag letters written together (-qv). */
static int bundled_flags(const struct cli_command_options *c, const char *arg)
{
    if (arg[0] != '-' || arg[1] == '-' || strlen(arg) < 3)
        return 0;
    for (const char *p = arg + 1; *p; p++) {
        size_t i = 0;
        while (i < c->noptions && !(c->options[i].letter == *p && !c->options[i].value))
            i++;
        if (i == c->noptions)
            return 0;
    }
    return 1;
}

/* An argument no row names: one line, with the option it most likely
 * meant, or where the options are listed. */
static int unknown_option_or_stop(const struct cli_command_options *c, const char *arg)
{
    const struct cli_option *o = meant(c, arg);
    size_t n = strcspn(arg, "=");
    if (bundled_flags(c, arg)) {
        char apart[64] = "";
        for (const char *p = arg + 1; *p && strlen(apart) + 4 < sizeof apart; p++)
            strcat(strcat(apart, p == arg + 1 ? "-" : " -"), (char[2]){*p, 0});
        cli_error("%s: unknown option '%s' (write the letters apart: '%s')", c->command, arg,
                  apart);
    } else if (o && arg[n] == '=' && strlen(o->name) == n && strncmp(o->name, arg, n) == 0)
        cli_error("%s: unknown option '%s' (%s takes no value)", c->command, arg, o->name);
    else if (o)
        cli_error("%s: unknown option '%s' (did you mean '%s'?)", c->command, arg, o->name);
    else
        cli_error("%s: unknown option '%s' (see 'gcaudit %s --help')", c->command, arg,
                  c->command);
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
            if (!o)
                return unknown_option_or_stop(c, a);
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
