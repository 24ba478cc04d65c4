/*
 * One file's data, the entry's text: a stream libarchive read as RAW, or
 * a plain member read from its first bytes.  It is read whole, or, past
 * fmt_walker.stream_after, handed over while it is read; whatever stops
 * it (not a log, too large, a read error, the budget) is the entry's row.
 */
#include "formats/input_level.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An entry's bytes while they are read. */
struct text_buf {
    char *data;
    size_t len, cap;
};

/* Room to read at least one byte, and a terminator.  Reading stops once
 * the text passes the limit, so the buffer never needs more than limit +
 * block.  The first buffer is the entry's size when that is known and
 * small: most members of an archive are a few KiB, and a million of them
 * should not cost a million 128 KiB buffers. */
static size_t next_cap(size_t cap, size_t len, uint64_t limit)
{
    cap = cap > FMT_INPUT_BLOCK ? cap * 2 : 2 * FMT_INPUT_BLOCK;
    if (limit < SIZE_MAX - 2 * FMT_INPUT_BLOCK && cap > limit + FMT_INPUT_BLOCK + 1)
        cap = (size_t)limit + FMT_INPUT_BLOCK + 1;
    if (cap - len <= FMT_INPUT_BLOCK)
        cap = len + FMT_INPUT_BLOCK + 1;
    return cap;
}

static int text_reserve(struct text_buf *t, uint64_t limit, int64_t known)
{
    if (t->cap > t->len + 1)
        return 0;
    if (!t->cap && known >= 0 && known < FMT_INPUT_BLOCK) {
        /* +2: the terminator, and room to see the end of the data. */
        t->data = malloc((size_t)known + 2);
        t->cap = t->data ? (size_t)known + 2 : 0;
        return t->data ? 0 : -1;
    }
    size_t cap = next_cap(t->cap, t->len, limit);
    char *bigger = realloc(t->data, cap);
    if (!bigger)
        return -1;
    t->data = bigger;
    t->cap = cap;
    return 0;
}

/* How a file's data ended. */
enum text_end {
    TEXT_EOF,       /* all of it is in the buffer */
    TEXT_NOT_LOG,   /* the first 4 KiB have no Game: header: stopped reading */
    TEXT_TOO_BIG,   /* over the limit: stopped reading */
    TEXT_READ_ERROR,
    TEXT_NO_MEMORY,
    TEXT_BUDGET,    /* the input is past its decompression budget */
    TEXT_STREAM     /* a log past fmt_walker.stream_after: the rest is read as it is taken */
};

/* The entry's size as the archive (or the file system) states it, when
 * its data is stored plainly; 0 when unknown, or compressed (what a
 * compressed stream inflates to is known only by inflating it). */
static uint64_t stored_size(const struct level *lv)
{
    return lv->known_size >= 0 && !lv->compressed ? (uint64_t)lv->known_size : 0;
}

/* Data of a plain member: what is left of the prefix (all of it, in one
 * piece, as the nested reader would hand it over). */
static la_ssize_t prefix_data(struct nested_src *src, char *dst, size_t n)
{
    size_t left = src->prefix_len - src->prefix_pos;
    if (n > left)
        n = left;
    memcpy(dst, src->block + src->prefix_pos, n);
    src->prefix_pos += n;
    return (la_ssize_t)n;
}

/* Read a RAW stream's data (from a, or from src's prefix when the member
 * is plain).  The Game: check runs as soon as 4 KiB are in, so a large
 * file that is not a log costs one block, not its size. */
static enum text_end read_data(struct level *lv, struct nested_src *src, struct text_buf *t)
{
    int sniffed = 0;
    for (;;) {
        if (text_reserve(t, lv->w->max_entry_bytes, lv->known_size) != 0)
            return TEXT_NO_MEMORY;
        size_t room = t->cap - t->len - 1;
        size_t want = room < FMT_INPUT_BLOCK ? room : FMT_INPUT_BLOCK;
        la_ssize_t got = src && src->plain ? prefix_data(src, t->data + t->len, want)
                                           : fmt_level_read_counted(lv, t->data + t->len, want);
        if (got == FMT_READ_PAST_BUDGET)
            return TEXT_BUDGET;
        if (got < 0)
            return TEXT_READ_ERROR;
        if (got == 0)
            return sniffed || fmt_text_has_game_header(t->data, t->len) ? TEXT_EOF : TEXT_NOT_LOG;
        t->len += (size_t)got;
        if (!sniffed && t->len >= FMT_INPUT_SNIFF) {
            if (!fmt_text_has_game_header(t->data, t->len))
                return TEXT_NOT_LOG;
            sniffed = 1;
        }
        /* A log whose stored size is already over the limit fails now,
         * not after its first 256 MiB have been read into memory. */
        if (t->len > lv->w->max_entry_bytes || (sniffed && stored_size(lv) > lv->w->max_entry_bytes))
            return TEXT_TOO_BIG;
        if (sniffed && lv->w->stream_after && t->len > lv->w->stream_after)
            return TEXT_STREAM;
    }
}

static enum fmt_rc report_text(const struct level *lv, struct text_buf *t)
{
    if (lv->w->raw_text)
        return fmt_input_report_raw(lv->w, lv->source, lv->name, &t->data, t->len);
    char msg[FMT_INPUT_MSG_MAX];
    uint64_t bytes = t->len;
    enum fmt_entry_status st = fmt_text_normalise(&t->data, &t->len, msg, sizeof msg);
    return fmt_input_report(lv->w, lv->source, lv->name, st, msg, bytes,
                            st == FMT_ENTRY_OK ? &t->data : NULL, t->len);
}

/* --------------------------------------------------- a streamed entry */

/*
 * A log longer than fmt_walker.stream_after is handed over while it is
 * read (issue 15: its text is never held whole).  The bytes read so far
 * go first, then read_data's reads go on, asking for the same sizes
 * (next_cap's arithmetic on a buffer that is not there), so that every
 * outcome is the one a whole read would have had: the same failures in
 * the same order (too large, a read error, the budget, then what the
 * text rules find), with the same byte counts, and the same text
 * (fmt_text_stream_put).
 */
struct fmt_entry_stream {
    struct level *lv;
    struct nested_src *src;
    struct text_buf *t;            /* the bytes read before: given first */
    size_t given;                  /* of them */
    size_t cap;                    /* the buffer a whole read would have now */
    uint64_t raw;                  /* bytes read from the entry */
    struct fmt_text_stream norm;
    int norm_failed;               /* the text rules failed: the rest is only counted */
    int done;                      /* read to its end, or failed */
    enum fmt_entry_status status;  /* once done */
    char msg[FMT_INPUT_MSG_MAX];
    uint64_t bytes;
    size_t out_len, out_pos;       /* text waiting in out */
    char block[FMT_INPUT_BLOCK];   /* bytes read */
    char out[3 * FMT_INPUT_BLOCK + 16];
};

static void stream_fail(struct fmt_entry_stream *s, const char *msg, uint64_t bytes)
{
    s->done = 1;
    s->status = FMT_ENTRY_FAILED;
    snprintf(s->msg, sizeof s->msg, "%s", msg);
    s->bytes = bytes;
}

/* Normalise n bytes into out, unless the text already failed. */
static void stream_text(struct fmt_entry_stream *s, const char *p, size_t n, int last)
{
    if (s->norm_failed)
        return;
    size_t w = fmt_text_stream_put(&s->norm, p, n, last, s->out);
    if (w == (size_t)-1)
        s->norm_failed = 1;
    else
        s->out_len = w, s->out_pos = 0;
}

/* Read the next piece of the entry into out (or only count it, once the
 * text has failed); sets done at the end. */
static void stream_pull(struct fmt_entry_stream *s)
{
    struct level *lv = s->lv;
    uint64_t limit = lv->w->max_entry_bytes;
    char msg[FMT_INPUT_MSG_MAX], size[64];
    s->out_len = s->out_pos = 0;
    if (s->given < s->t->len) {
        size_t n = s->t->len - s->given < FMT_INPUT_BLOCK ? s->t->len - s->given : FMT_INPUT_BLOCK;
        stream_text(s, s->t->data + s->given, n, 0);
        s->given += n;
        return;
    }
    /* read_data's read, on a buffer of s->cap bytes holding s->raw. */
    if (s->cap <= s->raw + 1)
        s->cap = next_cap(s->cap, (size_t)s->raw, limit);
    size_t room = s->cap - (size_t)s->raw - 1;
    size_t want = room < FMT_INPUT_BLOCK ? room : FMT_INPUT_BLOCK;
    la_ssize_t got = s->src && s->src->plain ? prefix_data(s->src, s->block, want)
                                             : fmt_level_read_counted(lv, s->block, want);
    if (got == FMT_READ_PAST_BUDGET) {
        fmt_input_budget_message(lv->w, msg, sizeof msg);
        stream_fail(s, msg, s->raw);
    } else if (got < 0 || (got == 0 && lv->feed && fmt_feed_failure(lv->feed))) {
        fmt_level_describe_error(lv, lv->a, s->src, msg, sizeof msg);
        stream_fail(s, msg, s->raw);
    } else if (got == 0) {
        stream_text(s, "", 0, 1);
        s->done = 1;
        s->bytes = s->raw;
        if (s->norm_failed) {
            s->status = FMT_ENTRY_FAILED;
            snprintf(s->msg, sizeof s->msg, "%s", s->norm.msg);
        } else {
            s->status = FMT_ENTRY_OK;
            fmt_text_stream_warning(&s->norm, s->msg, sizeof s->msg);
        }
    } else {
        s->raw += (uint64_t)got;
        if (s->raw > limit) {
            fmt_input_limit_text(limit, size, sizeof size);
            snprintf(msg, sizeof msg, "entry larger than %s", size);
            stream_fail(s, msg, stored_size(lv) ? stored_size(lv) : s->raw);
        } else {
            stream_text(s, s->block, (size_t)got, 0);
        }
    }
}

ptrdiff_t fmt_entry_read(const struct fmt_entry *e, char *buf, size_t n)
{
    struct fmt_entry_stream *s = e->stream;
    while (s->out_pos == s->out_len) {
        if (s->done)
            return s->status == FMT_ENTRY_OK ? 0 : -1;
        stream_pull(s);
    }
    size_t k = s->out_len - s->out_pos < n ? s->out_len - s->out_pos : n;
    memcpy(buf, s->out + s->out_pos, k);
    s->out_pos += k;
    return (ptrdiff_t)k;
}

enum fmt_entry_status fmt_entry_end(const struct fmt_entry *e, const char **message,
                                    uint64_t *bytes)
{
    struct fmt_entry_stream *s = e->stream;
    while (!s->done)
        stream_pull(s);
    *message = s->msg;
    *bytes = s->bytes;
    return s->status;
}

/* Hand the entry over as a stream, its first bytes in t. */
static enum fmt_rc report_stream(struct level *lv, struct nested_src *src, struct text_buf *t)
{
    struct fmt_entry_stream *s = malloc(sizeof *s);
    if (!s)
        return fmt_level_report_simple(lv, lv->name, FMT_ENTRY_FAILED, "out of memory");
    memset(s, 0, offsetof(struct fmt_entry_stream, block));
    s->lv = lv;
    s->src = src;
    s->t = t;
    s->cap = t->cap;
    s->raw = t->len;
    fmt_text_stream_init(&s->norm);
    enum fmt_rc rc = fmt_input_report_stream(lv->w, lv->source, lv->name, s);
    free(s);
    return rc;
}

/* A stream libarchive read as RAW, or a plain member: one file, its data
 * the entry. */
enum fmt_rc fmt_level_read_text(struct level *lv, struct nested_src *src)
{
    struct text_buf t = {0};
    char limit[64], msg[FMT_INPUT_MSG_MAX];
    enum fmt_rc rc = FMT_OK;
    enum text_end end = read_data(lv, src, &t);
    /* The data ended because the gzip stream around it broke. */
    if ((end == TEXT_EOF || end == TEXT_NOT_LOG) && lv->feed && fmt_feed_failure(lv->feed))
        end = TEXT_READ_ERROR;
    switch (end) {
    case TEXT_EOF:
        rc = report_text(lv, &t);
        break;
    case TEXT_NOT_LOG:
        /* The rest is not read; its size is known only if stored plainly. */
        rc = fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_SKIPPED,
                              FMT_INPUT_NOT_A_LOG, stored_size(lv) ? stored_size(lv) : t.len,
                              NULL, 0);
        break;
    case TEXT_TOO_BIG:
        fmt_input_limit_text(lv->w->max_entry_bytes, limit, sizeof limit);
        snprintf(msg, sizeof msg, "entry larger than %s", limit);
        rc = fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_FAILED,
                              msg, stored_size(lv) ? stored_size(lv) : t.len, NULL, 0);
        break;
    case TEXT_READ_ERROR:
        rc = fmt_level_report_failed(lv, lv->a, src, t.len);
        break;
    case TEXT_BUDGET:
        fmt_input_budget_message(lv->w, msg, sizeof msg);
        rc = fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_FAILED, msg, t.len, NULL, 0);
        break;
    case TEXT_NO_MEMORY:
        rc = fmt_level_report_simple(lv, lv->name, FMT_ENTRY_FAILED, "out of memory");
        break;
    case TEXT_STREAM:
        rc = report_stream(lv, src, &t);
        break;
    }
    free(t.data);
    return rc;
}
