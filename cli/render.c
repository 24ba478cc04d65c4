/*
 * render: the single place that turns a violation into text for people,
 * in the format STYLE.md fixes, so every command says it the same way.
 *
 * What is printed comes from hostile input (entry names, player names,
 * turn texts), so it goes out through cli_put_safe: a control character
 * in a name must show as \x1B, not drive the terminal.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

void cli_put_safe(FILE *f, const char *s)
{
    size_t len = strlen(s);
    while (len > 0) {
        size_t ok = fmt_printable_span(s, len);
        fwrite(s, 1, ok, f);
        s += ok, len -= ok;
        if (len > 0) {
            fprintf(f, "\\x%02X", (unsigned)(unsigned char)*s);
            s++, len--;
        }
    }
}

/* The message is formatted first and escaped whole: its arguments are
 * often names from the input. */
void cli_error(const char *fmt, ...)
{
    char small[512], *msg = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small && (msg = malloc((size_t)n + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    fputs("gcaudit: ", stderr);
    cli_put_safe(stderr, msg ? msg : small);   /* out of memory: the message cut */
    fputc('\n', stderr);
    if (msg != small)
        free(msg);
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
