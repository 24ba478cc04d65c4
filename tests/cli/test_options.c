/*
 * The option parser of analyze and merge (cli/options.c) on a table of
 * its own: the forms an option may take, operands and "--", what an
 * unknown option and a missing value say, a handler's exit status passed
 * on, and the help printed from the rows.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

struct opts {
    int flag;
    const char *value, *count;
    const char *operands[8];
    int noperands;
    int calls;                    /* handler calls, in all */
};

static int set_flag(void *o, const char *v)
{
    cr_assert_null(v, "a flag got a value");
    ((struct opts *)o)->flag++;
    ((struct opts *)o)->calls++;
    return CLI_CONTINUE;
}

static int set_value(void *o, const char *v)
{
    ((struct opts *)o)->value = v;
    ((struct opts *)o)->calls++;
    return CLI_CONTINUE;
}

/* Refuses "bad" the way a command's handler does: says so, stops. */
static int set_count(void *o, const char *v)
{
    ((struct opts *)o)->calls++;
    if (strcmp(v, "bad") == 0) {
        cli_error("test: --count wants a number");
        return CLI_EXIT_USAGE;
    }
    ((struct opts *)o)->count = v;
    return CLI_CONTINUE;
}

static int stop_ok(void *o, const char *v)
{
    (void)o, (void)v;
    return CLI_EXIT_OK;
}

static int operand(void *o, const char *arg)
{
    struct opts *x = o;
    cr_assert_lt(x->noperands, 8);
    x->operands[x->noperands++] = arg;
    return CLI_CONTINUE;
}

static const struct cli_option rows[] = {
    {.name = "--flag", .letter = 'f', .set_or_stop = set_flag, .help = "a flag"},
    {.name = "--value", .letter = 'o', .value = "DIR", .set_or_stop = set_value,
     .help = "a value\nover two lines", .missing = "%s needs a directory"},
    {.name = "--count", .letter = 'c', .value = "N", .set_or_stop = set_count,
     .help = "attached or not", .missing = "test: -c wants a number",
     .flags = CLI_OPT_ATTACHED},
    {.name = "--a-rather-long-option", .value = "verified|declared", .set_or_stop = set_value,
     .help = "below its name", .section = "more"},
    {.name = "--stop", .set_or_stop = stop_ok, .help = "stops, all well"},
};

static const struct cli_command_options table = {"test", rows, sizeof rows / sizeof rows[0],
                                                 operand};

/* Parse the words of line (split at spaces; "" for none) into *o. */
static int parse(const char *line, struct opts *o)
{
    static char buf[256];
    static char *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    argv[argc++] = "test";
    for (char *w = strtok(buf, " "); w && argc < 32; w = strtok(NULL, " "))
        argv[argc++] = w;
    memset(o, 0, sizeof *o);
    return cli_options_parse_or_stop(&table, argc, argv, o);
}

Test(cli_options, every_form_of_an_option)
{
    struct opts o;
    cr_assert_eq(parse("a --flag -f --value x b -o y --count=3 c", &o), CLI_CONTINUE);
    cr_expect_eq(o.flag, 2);
    cr_expect_str_eq(o.value, "y");
    cr_expect_str_eq(o.count, "3");
    cr_assert_eq(o.noperands, 3);
    cr_expect_str_eq(o.operands[0], "a");
    cr_expect_str_eq(o.operands[2], "c");
    cr_assert_eq(parse("--value=v=w -c7 -c 8", &o), CLI_CONTINUE);
    cr_expect_str_eq(o.value, "v=w");
    cr_expect_str_eq(o.count, "8");
    /* A value is the next argument whatever it looks like. */
    cr_assert_eq(parse("-o --flag", &o), CLI_CONTINUE);
    cr_expect_str_eq(o.value, "--flag");
    cr_expect_eq(o.flag, 0);
}

Test(cli_options, dash_is_an_operand_and_double_dash_ends_the_options)
{
    struct opts o;
    cr_assert_eq(parse("- -- --flag -o", &o), CLI_CONTINUE);
    cr_expect_eq(o.flag, 0);
    cr_assert_eq(o.noperands, 3);
    cr_expect_str_eq(o.operands[0], "-");
    cr_expect_str_eq(o.operands[1], "--flag");
    cr_expect_str_eq(o.operands[2], "-o");
}

/* Each of the command lines refused with exit 2, and stderr saying said. */
static void expect_refused(const char *const *args, size_t n, const char *said)
{
    struct opts o;
    for (size_t i = 0; i < n; i++)
        cr_expect_eq(parse(args[i], &o), CLI_EXIT_USAGE, "%s", args[i]);
    fflush(stderr);
    cr_expect_stderr_eq_str(said);
}

Test(cli_options, unknown_forms, .init = cr_redirect_stderr)
{
    /* No abbreviations, no bundles, no value for a flag, no -x=VALUE. */
    static const char *const unknown[] = {"--fla", "-ff", "--flag=1", "-o=x", "-fo", "--flagx"};
    struct opts o;
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        cr_expect_eq(parse(unknown[i], &o), CLI_EXIT_USAGE, "%s", unknown[i]);
        cr_expect_eq(o.calls, 0, "%s", unknown[i]);
    }
    fflush(stderr);
    cr_expect_stderr_eq_str("gcaudit: test: unknown option '--fla' (did you mean '--flag'?)\n"
                            "gcaudit: test: unknown option '-ff' (write the letters apart: '-f -f')\n"
                            "gcaudit: test: unknown option '--flag=1' (--flag takes no value)\n"
                            "gcaudit: test: unknown option '-o=x' (see 'gcaudit test --help')\n"
                            "gcaudit: test: unknown option '-fo' (see 'gcaudit test --help')\n"
                            "gcaudit: test: unknown option '--flagx' (did you mean '--flag'?)\n");
}

/* A mistyped long name: the one name within a third of its length in
 * typing errors (a swap counting one), or none when two are as near or
 * none is near enough. */
Test(cli_options, did_you_mean, .init = cr_redirect_stderr)
{
    static const char *const typed[] = {"--vaule", "--a-rather-lnog-option=x", "--cuont", "--xyz",
                                        "--sotp", "--a"};
    expect_refused(typed, sizeof typed / sizeof typed[0],
        "gcaudit: test: unknown option '--vaule' (did you mean '--value'?)\n"
        "gcaudit: test: unknown option '--a-rather-lnog-option=x' (did you mean "
        "'--a-rather-long-option'?)\n"
        "gcaudit: test: unknown option '--cuont' (did you mean '--count'?)\n"
        "gcaudit: test: unknown option '--xyz' (see 'gcaudit test --help')\n"
        "gcaudit: test: unknown option '--sotp' (did you mean '--stop'?)\n"
        "gcaudit: test: unknown option '--a' (see 'gcaudit test --help')\n");
}

Test(cli_options, missing_values, .init = cr_redirect_stderr)
{
    static const char *const args[] = {"x -o", "x --value", "-c", "--a-rather-long-option"};
    expect_refused(args, sizeof args / sizeof args[0],
                   "gcaudit: -o needs a directory\n"
                   "gcaudit: --value needs a directory\n"
                   "gcaudit: test: -c wants a number\n"
                   "gcaudit: test: --a-rather-long-option needs a value\n");
}

Test(cli_options, a_handler_stops_the_parse, .init = cr_redirect_stderr)
{
    struct opts o;
    cr_expect_eq(parse("--count bad --flag", &o), CLI_EXIT_USAGE);
    cr_expect_eq(o.flag, 0, "an option after the bad one was still read");
    cr_expect_eq(parse("--stop --count bad", &o), CLI_EXIT_OK);
    cr_expect_eq(o.calls, 0);
    fflush(stderr);
    cr_expect_stderr_eq_str("gcaudit: test: --count wants a number\n");
}

Test(cli_options, help_from_the_rows)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert_not_null(f);
    cli_options_help(f, &table);
    fclose(f);
    cr_expect_str_eq(text,
                     "  -f, --flag              a flag\n"
                     "  -o, --value DIR         a value\n"
                     "                          over two lines\n"
                     "  -c, --count N           attached or not\n"
                     "\n"
                     "more:\n"
                     "      --a-rather-long-option verified|declared\n"
                     "                          below its name\n"
                     "      --stop              stops, all well\n");
    free(text);
}
