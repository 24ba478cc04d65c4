/*
 * Text that reaches people: report cells and terminal messages.  Entry
 * names, player names and libarchive's messages come from the input, and
 * the input is hostile: an escape sequence in a name would drive the
 * terminal that prints it, a newline would forge a report row for a grep,
 * and bytes that are not UTF-8 would make the UTF-8 reports invalid.  So
 * every control character and every byte of invalid UTF-8 is written as
 * "\xNN", one per byte: visible, unambiguous about what was there, and
 * never interpreted.  Tab is kept: it is white space to a terminal and to
 * a CSV cell alike (a cell that starts with one is csv_report.c's concern).
 *
 * A backslash is not escaped itself: names with backslashes (Windows
 * paths in zips) are common and must stay readable, so a name that
 * literally reads "\x1B" looks like an escaped one.
 */
#include "formats/input.h"

#include <stdlib.h>
#include <string.h>

/* C0 controls but tab, and DEL; C1 controls are two-byte sequences. */
static int is_control(unsigned char c)
{
    return (c < 0x20 && c != '\t') || c == 0x7F;
}

/* U+0080..U+009F, encoded C2 80..C2 9F: terminals may act on them as on
 * ESC sequences (0x9B is CSI). */
static int is_c1(const unsigned char *p, size_t step)
{
    return step == 2 && p[0] == 0xC2 && p[1] < 0xA0;
}

size_t fmt_copy_text(char *dst, size_t size, const char *src)
{
    size_t n = strnlen(src, size - 1);
    memcpy(dst, src, n);
    dst[n] = '\0';
    return n;
}

size_t fmt_printable_span(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, bad;
    while (i < len) {
        if (p[i] < 0x80) {
            if (is_control(p[i]))
                break;
            i++;
            continue;
        }
        size_t step = fmt_utf8_seq(p + i, len - i, &bad);
        if (step == 0 || is_c1(p + i, step))
            break;
        i += step;
    }
    return i;
}

char *fmt_escape(const char *s)
{
    size_t len = strlen(s);
    /* At worst every byte becomes four. */
    char *out = malloc(4 * len + 1);
    if (!out)
        return NULL;
    static const char hex[] = "0123456789ABCDEF";
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        size_t ok = fmt_printable_span(s + i, len - i);
        memcpy(out + o, s + i, ok);
        o += ok, i += ok;
        if (i == len)
            break;
        /* One byte at a time: the rest of a bad sequence or of a C1
         * character is taken up by the next span, or escaped in turn. */
        unsigned char c = (unsigned char)s[i++];
        out[o++] = '\\', out[o++] = 'x';
        out[o++] = hex[c >> 4], out[o++] = hex[c & 15];
    }
    out[o] = '\0';
    return out;
}
