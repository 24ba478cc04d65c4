/*
 * An entry's bytes become the text the log parser reads (gcaudit(1)
 * INPUTS): the parser then only ever sees valid UTF-8 with '\n' line ends,
 * so it never has to think about encodings or Windows and old-Mac files.
 *
 * Two passes: the first checks (NUL, line length) and counts invalid
 * sequences, so a failing entry costs no copy and a clean one is rewritten
 * in place; only replacements, which grow the text, need a new buffer.
 */
#include "formats/input.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

static const unsigned char utf8_bom[3] = {0xEF, 0xBB, 0xBF};
static const unsigned char replacement[3] = {0xEF, 0xBF, 0xBD}; /* U+FFFD */

static size_t bom_len(const unsigned char *p, size_t n)
{
    return n >= 3 && memcmp(p, utf8_bom, 3) == 0 ? 3 : 0;
}

/* Length of the well-formed UTF-8 sequence at p, or 0 with *bad set to the
 * bytes one U+FFFD replaces.  Those are the "maximal subpart" of Unicode
 * 3.9 (Table 3-7), the count browsers and iconv-style decoders agree on, so
 * overlongs, surrogates and values past U+10FFFF fail on their second byte
 * and a truncated sequence costs one replacement, not one per byte. */
size_t fmt_utf8_seq(const unsigned char *p, size_t n, size_t *bad)
{
    unsigned char c = p[0], lo = 0x80, hi = 0xBF;
    size_t need;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1;
    else if (c == 0xE0)
        need = 2, lo = 0xA0;      /* below: overlong */
    else if (c == 0xED)
        need = 2, hi = 0x9F;      /* above: surrogates */
    else if (c >= 0xE1 && c <= 0xEF)
        need = 2;
    else if (c == 0xF0)
        need = 3, lo = 0x90;      /* below: overlong */
    else if (c == 0xF4)
        need = 3, hi = 0x8F;      /* above: past U+10FFFF */
    else if (c >= 0xF1 && c <= 0xF3)
        need = 3;
    else {
        *bad = 1;                 /* stray continuation, C0, C1, F5..FF */
        return 0;
    }
    for (size_t i = 1; i <= need; i++) {
        if (i >= n || p[i] < lo || p[i] > hi) {
            *bad = i;
            return 0;
        }
        lo = 0x80, hi = 0xBF;
    }
    return need + 1;
}

/* A line starts at p: is its key "game"?  Only ASCII case folding, so the
 * answer does not depend on the locale. */
static int is_game_key(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    static const char key[] = "game";
    for (size_t i = 0; i < 4; i++, p++) {
        if (p >= end || (*p | 0x20) != key[i])
            return 0;
    }
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p < end && *p == ':';
}

int fmt_text_has_game_header(const char *buf, size_t len)
{
    const char *end = buf + (len < FMT_INPUT_SNIFF ? len : FMT_INPUT_SNIFF);
    const char *p = buf + bom_len((const unsigned char *)buf, len);
    while (p < end) {
        if (is_game_key(p, end))
            return 1;
        while (p < end && *p != '\n' && *p != '\r')
            p++;
        while (p < end && (*p == '\n' || *p == '\r'))
            p++;
    }
    return 0;
}

/* What the first pass learns. */
struct scan {
    size_t invalid;   /* sequences to replace */
    int rewrite;      /* a BOM, a '\r' or a replacement: the text changes */
};

/* How many of the 8 bytes at p, from the first, are printable ASCII (0x20
 * to 0x7F): 8 for nearly every word of a log.  Testing a word at a time,
 * and on a failing word skipping straight to the byte that failed, makes
 * the scan several times quicker than a byte at a time. */
static size_t printable_prefix8(const unsigned char *p)
{
    const uint64_t highs = 0x8080808080808080ULL, spaces = 0x2020202020202020ULL;
    uint64_t w;
    memcpy(&w, p, 8);
    /* A byte is flagged when its high bit is set, or when subtracting 0x20
     * borrows into it: below 0x20.  Every such byte is flagged; a borrow
     * may also flag the byte above a flagged one, which on a little-endian
     * machine is a later byte, so the first flag is a true one.  (On a
     * big-endian one it may come early, on a printable byte, which the
     * scan then steps over.) */
    uint64_t flagged = (w | ((w - spaces) & ~w)) & highs;
    if (!flagged)
        return 8;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (size_t)__builtin_clzll(flagged) / 8;
#else
    return (size_t)__builtin_ctzll(flagged) / 8;
#endif
}

/* The bytes of the sequence at p, which is not ASCII: a valid one, or
 * the bytes one U+FFFD replaces (counted in s). */
static size_t utf8_step(const unsigned char *p, size_t n, struct scan *s)
{
    size_t bad, step = fmt_utf8_seq(p, n, &bad);
    if (step)
        return step;
    s->invalid++;
    s->rewrite = 1;
    return bad;
}

/* The bytes of a word (8 at a time) that stop scan_short, each as its
 * high bit: a byte with the high bit set (a BOM, a UTF-8 sequence), or
 * one below 0x20 that is not '\n' (NUL, '\r', a control byte).  Exact
 * for every byte: no carry crosses into the next, as 0x7F + 0x60 and
 * 0x7F + 0x7F stay below 0x100. */
static uint64_t stops8(uint64_t w)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL, highs = 0x8080808080808080ULL;
    uint64_t printable = (w & low7) + 0x6060606060606060ULL;  /* high bit: low 7 bits >= 0x20 */
    uint64_t z = w ^ 0x0A0A0A0A0A0A0A0AULL;
    uint64_t not_nl = ((z & low7) + low7) | z;                 /* high bit: not '\n' */
    return (w | (~printable & not_nl)) & highs;
}

/* The first byte from i on that is neither printable ASCII nor '\n', or
 * n: 16 bytes a step where SSE2 is (bytes below 0x20 as signed numbers,
 * so 0x80 to 0xFF too, but for '\n'), then 8 (stops8), then one. */
static size_t next_stop(const unsigned char *p, size_t i, size_t n)
{
#ifdef __SSE2__
    const __m128i spaces = _mm_set1_epi8(0x20), nl = _mm_set1_epi8('\n');
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i low = _mm_andnot_si128(_mm_cmpeq_epi8(v, nl), _mm_cmplt_epi8(v, spaces));
        unsigned stop = (unsigned)_mm_movemask_epi8(low);
        if (stop)
            return i + (size_t)__builtin_ctz(stop);
    }
#endif
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        uint64_t stop = stops8(w);
        if (stop)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return i + (size_t)__builtin_clzll(stop) / 8;
#else
            return i + (size_t)__builtin_ctzll(stop) / 8;
#endif
    }
    while (i < n && (p[i] == '\n' || (p[i] >= 0x20 && p[i] < 0x80)))
        i++;
    return i;
}

/* The line of byte i as the parser will count it ("\r\n", "\r" and '\n'
 * each end one): asked only for a message. */
static size_t line_of(const unsigned char *p, size_t i)
{
    size_t line = 1;
    for (size_t k = 0; k < i; k++)
        line += p[k] == '\n' || (p[k] == '\r' && p[k + 1] != '\n');
    return line;
}

/* scan_text on a text of at most FMT_INPUT_LINE_MAX bytes, where no line
 * can be too long: line ends need no stop, and the scan stops only at a
 * byte that is not printable ASCII or '\n' (in a log, a few names' UTF-8
 * sequences), where scan_text stops at every line's end, every dozen
 * bytes of a move list.  The line of a NUL byte is counted when one is
 * found.  The same answer as scan_text's general loop
 * (tests/formats/test_input_text.c holds the two to each other). */
static enum fmt_entry_status scan_short(const unsigned char *p, size_t n,
                                        struct scan *s, char *msg, size_t msgsz)
{
    size_t i = bom_len(p, n);
    s->invalid = 0;
    s->rewrite = i > 0;
    for (;;) {
        i = next_stop(p, i, n);
        if (i >= n)
            return FMT_ENTRY_OK;
        unsigned char c = p[i];
        if (c == '\0') {
            snprintf(msg, msgsz, "NUL byte at line %zu", line_of(p, i));
            return FMT_ENTRY_FAILED;
        }
        if (c < 0x80) {
            s->rewrite |= c == '\r';
            i++;
            continue;
        }
        i += utf8_step(p + i, n - i, s);
    }
}

/* First pass.  Lines are counted the way the parser will see them, after
 * "\r\n" and "\r" have become '\n', so "line N" points at the same line in
 * both places.  Line length is in bytes as stored in the entry: the
 * distance from the line's start, so it is measured only where the scan
 * stops on a byte that is not printable ASCII (a line end, most often),
 * not at every byte. */
static enum fmt_entry_status scan_text(const unsigned char *p, size_t n,
                                       struct scan *s, char *msg, size_t msgsz)
{
    if (n <= FMT_INPUT_LINE_MAX)
        return scan_short(p, n, s, msg, msgsz);
    size_t line = 1, i = bom_len(p, n), line_start = i;
    s->invalid = 0;
    s->rewrite = i > 0;
    for (;;) {
        if (i + 8 <= n) {
            size_t ok = printable_prefix8(p + i);
            i += ok;
            if (ok == 8)
                continue;
        } else if (i < n && p[i] >= 0x20 && p[i] < 0x80) {
            i++;
            continue;
        }
        /* Whatever stops the scan here, a line already too long failed
         * first: that is where a byte-by-byte scan would have stopped. */
        if (i - line_start > FMT_INPUT_LINE_MAX) {
            snprintf(msg, msgsz, "line %zu is longer than 64 KiB", line);
            return FMT_ENTRY_FAILED;
        }
        if (i >= n)
            return FMT_ENTRY_OK;
        unsigned char c = p[i];
        if (c == '\n') {
            line++, line_start = ++i;
        } else if (c >= 0x20 && c < 0x80) {
            i++;   /* a word test may stop early on a big-endian machine */
        } else if (c == '\0') {
            snprintf(msg, msgsz, "NUL byte at line %zu", line);
            return FMT_ENTRY_FAILED;
        } else if (c == '\r') {
            s->rewrite = 1;
            i += i + 1 < n && p[i + 1] == '\n' ? 2 : 1;
            line++, line_start = i;
        } else {
            i += utf8_step(p + i, n - i, s);
        }
    }
}

/* Second pass, from in to out (which may be the same buffer when nothing
 * grows: the write position never overtakes the read position then).
 * Returns the text's length; out gets its terminator. */
static size_t rewrite_text(const unsigned char *in, size_t n, unsigned char *out)
{
    size_t i = bom_len(in, n), o = 0, bad;
    while (i < n) {
        if (in[i] == '\r') {
            out[o++] = '\n';
            i += (i + 1 < n && in[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        size_t step = in[i] < 0x80 ? 1 : fmt_utf8_seq(in + i, n - i, &bad);
        if (step == 0) {
            memcpy(out + o, replacement, 3);
            o += 3, i += bad;
            continue;
        }
        memmove(out + o, in + i, step);
        o += step, i += step;
    }
    out[o] = '\0';
    return o;
}

enum fmt_entry_status fmt_text_normalise(char **buf, size_t *len,
                                         char *msg, size_t msgsz)
{
    unsigned char *in = (unsigned char *)*buf;
    struct scan s;
    msg[0] = '\0';
    if (scan_text(in, *len, &s, msg, msgsz) != FMT_ENTRY_OK)
        return FMT_ENTRY_FAILED;
    if (!s.rewrite) {
        in[*len] = '\0';
        return FMT_ENTRY_OK;
    }
    unsigned char *out = in;
    if (s.invalid > 0) {
        /* Each replaced sequence is at least one byte and becomes three. */
        out = malloc(*len + 2 * s.invalid + 1);
        if (!out) {
            snprintf(msg, msgsz, "out of memory");
            return FMT_ENTRY_FAILED;
        }
    }
    *len = rewrite_text(in, *len, out);
    if (out != in) {
        free(in);
        *buf = (char *)out;
        snprintf(msg, msgsz, "%zu invalid UTF-8 sequence%s replaced by U+FFFD",
                 s.invalid, s.invalid == 1 ? "" : "s");
    }
    return FMT_ENTRY_OK;
}

/* ----------------------------------------------------- in pieces */

/*
 * The same normalisation on an entry read in pieces (a log too large to
 * hold, issue 15): what fmt_text_normalise would make of the whole, piece
 * by piece, with the same failures and the same warning.  What a piece's
 * end may cut is held over: the BOM's first bytes, a UTF-8 sequence, and
 * a '\r' whose '\n' may follow.  The checks run where scan_text's do, at
 * every byte that is not printable ASCII and at the end; a line already
 * longer than the limit at a piece's end fails at once, which is where
 * scan_text would fail too (its next check is on that line, as long).
 */

/* What one step of stream_run did. */
enum stream_step {
    STEP_ON,      /* read on */
    STEP_HELD,    /* the piece ends inside a UTF-8 sequence: its bytes are held */
    STEP_FAILED   /* the entry fails (s->msg says why) */
};

/* A sequence cut by the last piece's end: its bytes and this piece's next
 * ones (from p[*i]), as one. */
static enum stream_step cut_sequence(struct fmt_text_stream *s, const unsigned char *p, size_t n,
                                     size_t *i, int last, unsigned char *out, size_t *o)
{
    unsigned char t[8];
    size_t k = s->nseq, take = n - *i < 4 ? n - *i : 4, bad;
    memcpy(t, s->seq, k);
    memcpy(t + k, p + *i, take);
    size_t step = fmt_utf8_seq(t, k + take, &bad);
    if (step == 0 && bad == k + take && !last) {
        memcpy(s->seq + k, p + *i, take);
        s->nseq += take;
        return STEP_HELD;
    }
    size_t used = step ? step : bad;
    if (step) {
        memcpy(out + *o, t, step);
        *o += step;
    } else {
        memcpy(out + *o, replacement, 3);
        *o += 3;
        s->invalid++;
    }
    s->line_len += used;
    *i += used - k;
    s->nseq = 0;
    return STEP_ON;
}

/* The byte p[*i], which is not printable ASCII: a line end ('\n', or '\r'
 * with the '\n' that may follow it), a NUL (the entry fails), or a UTF-8
 * sequence, held when this piece's end cuts it. */
static enum stream_step other_byte(struct fmt_text_stream *s, const unsigned char *p, size_t n,
                                   size_t *i, int last, unsigned char *out, size_t *o)
{
    unsigned char c = p[*i];
    if (c == '\n') {
        out[(*o)++] = '\n';
        (*i)++;
        s->line++, s->line_len = 0;
    } else if (c == '\0') {
        snprintf(s->msg, sizeof s->msg, "NUL byte at line %llu", (unsigned long long)s->line);
        return STEP_FAILED;
    } else if (c == '\r') {
        out[(*o)++] = '\n';
        (*i)++;
        s->line++, s->line_len = 0;
        s->after_cr = 1;
    } else {
        size_t bad, step = fmt_utf8_seq(p + *i, n - *i, &bad);
        if (step == 0 && bad == n - *i && c >= 0xC2 && c <= 0xF4 && !last) {
            memcpy(s->seq, p + *i, n - *i);
            s->nseq = n - *i;
            return STEP_HELD;
        }
        if (step) {
            memcpy(out + *o, p + *i, step);
            *o += step;
        } else {
            memcpy(out + *o, replacement, 3);
            *o += 3;
            s->invalid++;
            step = bad;
        }
        *i += step;
        s->line_len += step;
    }
    return STEP_ON;
}

/* The bytes [p, p + n) after the held ones, through the rules, into out;
 * the number written, or (size_t)-1 when the entry fails. */
static size_t stream_run(struct fmt_text_stream *s, const unsigned char *p, size_t n, int last,
                         unsigned char *out)
{
    size_t i = 0, o = 0;
    while (i < n || (last && s->nseq)) {
        if (s->nseq) {
            if (cut_sequence(s, p, n, &i, last, out, &o) == STEP_HELD)
                return o;
            continue;
        }
        unsigned char c = p[i];
        if (s->after_cr) {
            s->after_cr = 0;
            if (c == '\n') {
                i++;
                continue;
            }
        }
        if (c >= 0x20 && c < 0x80) {
            /* A run of printable ASCII, as scan_text skips it. */
            size_t j = i + 1;
            while (j + 8 <= n && printable_prefix8(p + j) == 8)
                j += 8;
            while (j < n && p[j] >= 0x20 && p[j] < 0x80)
                j++;
            memcpy(out + o, p + i, j - i);
            o += j - i;
            s->line_len += j - i;
            i = j;
            continue;
        }
        if (s->line_len > FMT_INPUT_LINE_MAX)
            goto too_long;
        enum stream_step st = other_byte(s, p, n, &i, last, out, &o);
        if (st == STEP_FAILED)
            return (size_t)-1;
        if (st == STEP_HELD)
            return o;
    }
    if (s->line_len > FMT_INPUT_LINE_MAX)
        goto too_long;
    return o;
too_long:
    snprintf(s->msg, sizeof s->msg, "line %llu is longer than 64 KiB", (unsigned long long)s->line);
    return (size_t)-1;
}

void fmt_text_stream_init(struct fmt_text_stream *s)
{
    memset(s, 0, sizeof *s);
    s->line = 1;
}

size_t fmt_text_stream_put(struct fmt_text_stream *s, const char *in, size_t n, int last,
                           char *out)
{
    const unsigned char *p = (const unsigned char *)in;
    unsigned char *o = (unsigned char *)out;
    size_t done = 0;
    if (!s->started) {
        /* The BOM, cut or not: its bytes wait until three are in. */
        size_t take = 3 - s->nhead < n ? 3 - s->nhead : n;
        memcpy(s->head + s->nhead, p, take);
        s->nhead += take;
        p += take, n -= take;
        if (s->nhead < 3 && !last)
            return 0;
        s->started = 1;
        size_t skip = bom_len(s->head, s->nhead);
        done = stream_run(s, s->head + skip, s->nhead - skip, last && n == 0, o);
        if (done == (size_t)-1)
            return done;
    }
    size_t more = stream_run(s, p, n, last, o + done);
    return more == (size_t)-1 ? more : done + more;
}

void fmt_text_stream_warning(const struct fmt_text_stream *s, char *msg, size_t msgsz)
{
    if (s->invalid)
        snprintf(msg, msgsz, "%llu invalid UTF-8 sequence%s replaced by U+FFFD",
                 (unsigned long long)s->invalid, s->invalid == 1 ? "" : "s");
    else if (msgsz)
        msg[0] = '\0';
}
