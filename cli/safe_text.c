/*
 * safe_text: text from the input shown on a terminal (cli.h,
 * cli_put_safe), control characters and invalid UTF-8 as \xNN.  Its own
 * file, below both the messages (render.c) and the progress line
 * (progress.c), which both show names from the input.
 */
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
