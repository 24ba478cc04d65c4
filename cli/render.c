/*
 * render: the single place that turns a violation into text for people,
 * in the format gcaudit(1) MESSAGES fixes, so every command says it the
 * same way.
 *
 * What is printed comes from hostile input (entry names, player names,
 * turn texts), so it goes out through cli_put_safe (safe_text.c): a
 * control character in a name must show as \x1B, not drive the terminal.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* "gcaudit: " + prefix + the message on stderr, above the progress line
 * if one is shown.  The message is formatted first and escaped whole: its
 * arguments are often names from the input. */
static void say(const char *prefix, const char *fmt, va_list ap)
{
    char small[512], *msg = small;
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= (int)sizeof small && (msg = malloc((size_t)n + 1)) != NULL)
        vsnprintf(msg, (size_t)n + 1, fmt, again);
    va_end(again);
    cli_progress_hide();
    fputs("gcaudit: ", stderr);
    fputs(prefix, stderr);
    cli_put_safe(stderr, msg ? msg : small);   /* out of memory: the message cut */
    fputc('\n', stderr);
    cli_progress_show();
    if (msg != small)
        free(msg);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("", fmt, ap);
    va_end(ap);
}

/* Warnings are given on the main thread only (options, the end of a
 * run), so a plain counter does. */
static unsigned warnings;

void cli_warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("warning: ", fmt, ap);
    va_end(ap);
    warnings++;
}

unsigned cli_warnings(void) { return warnings; }

int cli_warnings_status(int status, int strict)
{
    if (!strict || !warnings || status == CLI_EXIT_USAGE || status >= CLI_EXIT_NOTHING)
        return status;
    cli_error("--strict: %u warning%s, exit status %d", warnings, warnings == 1 ? "" : "s",
              CLI_EXIT_USAGE);
    return CLI_EXIT_USAGE;
}

const char *cli_side_name(int side)
{
    return side == FMT_WHITE ? "white" : side == FMT_BLACK ? "black" : "";
}

void cli_render_violation(FILE *f, const struct cli_where *w, const struct rp_violation *v)
{
    cli_put_safe(f, w->source);
    if (w->entry && w->entry[0]) {
        fputc('!', f);
        cli_put_safe(f, w->entry);
    }
    if (v->line > 0)
        fprintf(f, ":%d", v->line);
    fprintf(f, ": game %d", w->game_index);
    if (v->turn > 0 || v->text)
        fprintf(f, ", turn %d%s", v->turn, v->side == FMT_BLACK ? "..." : ".");
    if (v->text) {
        fputs(" ('", f);
        cli_put_safe(f, v->text);
        fputs("')", f);
    }
    fprintf(f, ": %s: ", rp_code_name(v->code));
    cli_put_safe(f, v->message ? v->message : "");
    fputc('\n', f);
}
