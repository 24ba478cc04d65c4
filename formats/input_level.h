/*
 * Private to input_archive.c and input_file.c: one stream being read
 * (struct level) and where a nested reader gets its bytes (struct
 * nested_src).  input_archive.c opens the readers, walks the members and
 * says why a stream failed; input_file.c reads one file's data, whole or
 * handed over as it is read.
 *
 * Ownership: a level and its source belong to the walk that made them;
 * the functions below borrow them.
 */
#ifndef GC_FORMATS_INPUT_LEVEL_H
#define GC_FORMATS_INPUT_LEVEL_H

#include <archive.h>
#include <stddef.h>
#include <stdint.h>

#include "formats/input.h"

/* One stream being read: the outermost file, or a member of an archive. */
struct level {
    struct fmt_walker *w;
    const char *source;   /* the fmt_entry source of every row below */
    const char *name;     /* this stream's entry name: "" outermost, else a!b!c */
    int depth;            /* 1 for the outermost stream */
    int64_t known_size;   /* stream bytes if known before reading, else -1 */
    int compressed;       /* a decompression filter is at work (known once open) */
    int archive;          /* an archive, not one file (known after its first header) */
    struct archive *a;    /* its reader, once open */
    struct fmt_feed *feed; /* what the reader reads */
    int64_t top, bottom;  /* archive_filter_bytes of its top filter and of what it read
                             from the feed, when last counted */
};

/* Where a nested reader gets its bytes: the parent's current member. */
struct nested_src {
    struct level *parent;                 /* the archive whose member this is */
    int parent_failed;                    /* the parent's data broke: its stream is gone */
    char parent_error[FMT_INPUT_MSG_MAX / 2]; /* what the parent said then: room left for ours */
    size_t prefix_len, prefix_pos;        /* the member's first bytes, read ahead into block */
    int prefix_eof;                       /* they are all of it */
    int plain;                            /* read as plain data from the prefix, no nested reader */
    unsigned char block[FMT_INPUT_BLOCK];
};

/* fmt_level_read_counted's answer once the input is past its budget: no
 * ARCHIVE_* code (they are -10 and below). */
#define FMT_READ_PAST_BUDGET (-2)

/* archive_read_data on lv's reader, within the budget (input_archive.c):
 * FMT_READ_PAST_BUDGET once past it (nothing read). */
la_ssize_t fmt_level_read_counted(struct level *lv, void *buf, size_t n);

/* Why reading a stream failed, into msg (input_archive.c).  If the
 * archive around it broke, that is the reason. */
void fmt_level_describe_error(const struct level *lv, struct archive *a,
                              const struct nested_src *src, char *msg, size_t msgsz);

/* A failed row for the stream, saying why (input_archive.c); the
 * callback's result. */
FMT_MUST_CHECK enum fmt_rc fmt_level_report_failed(const struct level *lv, struct archive *a,
                            const struct nested_src *src, uint64_t bytes);

/* A row for the entry name with the status and message (input_archive.c);
 * the callback's result. */
FMT_MUST_CHECK enum fmt_rc fmt_level_report_simple(const struct level *lv, const char *name,
                            enum fmt_entry_status status, const char *msg);

/* A stream libarchive read as RAW, or a plain member: one file, its data
 * the entry (input_file.c).  The callback's result. */
FMT_MUST_CHECK enum fmt_rc fmt_level_read_text(struct level *lv, struct nested_src *src);

#endif
