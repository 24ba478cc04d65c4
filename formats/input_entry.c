/*
 * input_entry: how the walker hands an entry to its caller (input.h):
 * numbering it and lending its text, which the caller may take, unless
 * the walk was asked to stop.  Both
 * input_walk.c (a path it cannot open) and input_archive.c (every entry
 * it reads) report through here.
 */
#include "formats/input.h"

bool fmt_input_stopping(struct fmt_walker *w)
{
    if (!w->stopped && w->stop && w->stop())
        w->stopped = 1;
    return w->stopped;
}

enum fmt_rc fmt_input_report(struct fmt_walker *w, const char *source,
                     const char *entry, enum fmt_entry_status status,
                     const char *message, uint64_t bytes,
                     char **text, size_t len)
{
    /* Asked to stop: a row now would only say that reading broke off. */
    if (fmt_input_stopping(w))
        return FMT_STOPPED;
    int ok = status == FMT_ENTRY_OK && text;
    struct fmt_entry e = {
        .source = source,
        .entry = entry,
        .bytes = bytes,
        .status = status,
        .message = message ? message : "",
        .text = ok ? *text : NULL,
        .len = ok ? len : 0,
        .seq = (*w->seq)++,
        .owner = ok ? text : NULL,
    };
    e.file_read = w->raw;
    return w->fn(w->ctx, &e);
}

enum fmt_rc fmt_input_report_raw(struct fmt_walker *w, const char *source, const char *entry,
                                 char **text, size_t len)
{
    if (fmt_input_stopping(w))
        return FMT_STOPPED;
    (*text)[len] = '\0';
    struct fmt_entry e = {
        .source = source,
        .entry = entry,
        .bytes = len,
        .status = FMT_ENTRY_OK,
        .message = "",
        .text = *text,
        .len = len,
        .seq = (*w->seq)++,
        .owner = text,
        .raw = true,
    };
    e.file_read = w->raw;
    return w->fn(w->ctx, &e);
}

enum fmt_entry_status fmt_entry_normalise(char **text, size_t *len, char msg[FMT_ENTRY_MSG_MAX])
{
    return fmt_text_normalise(text, len, msg, FMT_ENTRY_MSG_MAX);
}

enum fmt_rc fmt_input_report_stream(struct fmt_walker *w, const char *source, const char *entry,
                            struct fmt_entry_stream *stream)
{
    if (fmt_input_stopping(w))
        return FMT_STOPPED;
    struct fmt_entry e = {
        .source = source,
        .entry = entry,
        .status = FMT_ENTRY_OK,
        .message = "",
        .seq = (*w->seq)++,
        .stream = stream,
    };
    e.file_read = w->raw;
    return w->fn(w->ctx, &e);
}

char *fmt_entry_take_text(const struct fmt_entry *e)
{
    if (!e->owner || !*e->owner)
        return NULL;
    char *text = *e->owner;
    *e->owner = NULL;
    return text;
}
