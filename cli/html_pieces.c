/*
 * html_pieces: what every page of the audit writes the same way (audit.h,
 * "the HTML pieces"): text as character data, counts, JSON strings that
 * may stand in a script element, the script element itself.  Its own
 * file, below the pages that use it (audit_html.c, crosstable.c,
 * viewer_html.c).
 */
#include <stdio.h>
#include <string.h>

#include "cli/audit.h"

static int needs_escape(unsigned char c)
{
    return c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' ||
           (c < 0x20 && c != '\t' && c != '\n') || c == 0x7F;
}

void cli_html_text(FILE *f, const char *s)
{
    for (;;) {
        size_t n = 0;
        while (s[n] && !needs_escape((unsigned char)s[n]))
            n++;
        if (n)
            fwrite(s, 1, n, f);
        s += n;
        if (!*s)
            return;
        switch (*s++) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        /* XML 1.0 cannot carry these even as references. */
        default: fputs("\xEF\xBF\xBD", f); break;
        }
    }
}

/* The bytes a JSON string needs escaped to stand in a script element of
 * an XHTML page: JSON's own, and the three that are markup to XML. */
static int json_escape(unsigned char c)
{
    return c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c == 0x7F;
}

static size_t json_escaped(const char *s, char *out)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
        out[0] = '\\', out[1] = (char)c;
        return 2;
    }
    memcpy(out, "\\u00", 4);
    out[4] = hex[c >> 4], out[5] = hex[c & 15];
    return 6;
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (;;) {
        size_t n = 0;
        while (s[n] && !json_escape((unsigned char)s[n]))
            n++;
        if (n)
            fwrite(s, 1, n, f);
        s += n;
        if (!*s)
            break;
        char e[8];
        fwrite(e, 1, json_escaped(s++, e), f);
    }
    fputc('"', f);
}

int cli_json_string_buf(struct fmt_buf *b, const char *s)
{
    int rc = fmt_buf_add(b, "\"", 1);
    for (;;) {
        size_t n = 0;
        while (s[n] && !json_escape((unsigned char)s[n]))
            n++;
        if (n)
            rc |= fmt_buf_add(b, s, n);
        s += n;
        if (!*s)
            break;
        char e[8];
        rc |= fmt_buf_add(b, e, json_escaped(s++, e));
    }
    rc |= fmt_buf_add(b, "\"", 1);
    return rc == FMT_OK ? 0 : -1;
}

void cli_html_script(FILE *f, const char *js)
{
    /* A CDATA section for XML parsers, inside comments for HTML's. */
    fputs("<script>//<![CDATA[\n", f);
    fputs(js, f);
    fputs("\n//]]></script>\n", f);
}

/* A count as the page writes every count: with thousands separators. */
void cli_html_count(FILE *f, unsigned long long v)
{
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%llu", v);
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0)
            fputc(',', f);
        fputc(digits[i], f);
    }
}
