/*
 * render: the single place that turns a violation into text for people,
 * in the format STYLE.md fixes, so every command says it the same way.
 */
#include <stdarg.h>

#include "cli/cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("gcaudit: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

const char *cli_side_name(int side)
{
    return side == FMT_WHITE ? "white" : side == FMT_BLACK ? "black" : "";
}

void cli_render_violation(FILE *f, const struct cli_where *w, const struct rp_violation *v)
{
    fputs(w->source, f);
    if (w->entry && w->entry[0])
        fprintf(f, "!%s", w->entry);
    if (v->line > 0)
        fprintf(f, ":%d", v->line);
    fprintf(f, ": game %d", w->game_index);
    if (v->turn > 0 || v->text)
        fprintf(f, ", turn %d%s", v->turn, v->side == FMT_BLACK ? "..." : ".");
    if (v->text)
        fprintf(f, " ('%s')", v->text);
    fprintf(f, ": %s: %s\n", rp_code_name(v->code), v->message ? v->message : "");
}
