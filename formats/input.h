/*
 * Private to the input walker: the state one fmt_walk() call carries, and
 * the seams between its files.  input_walk.c decides what a path is
 * (file, directory, stdin), input_archive.c streams whatever libarchive
 * reads, nested archives included, input_file.c reads one file's data
 * (input_level.h is what those two share), input_entry.c hands each
 * entry to the caller, and input_text.c turns one entry's bytes into the
 * normalised text the parser sees.  input_text.c knows
 * nothing of libarchive, so the text rules can be checked on plain buffers.
 *
 * Ownership: strings passed in are borrowed; fmt_input_report() copies
 * nothing and the callback sees them only until it returns.
 */
#ifndef GC_FORMATS_INPUT_H
#define GC_FORMATS_INPUT_H

#include <stdbool.h>
#include "formats/formats.h"

struct archive;

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define FMT_INPUT_BLOCK (64 * 1024)    /* read size, for files and nested archives alike */
#define FMT_INPUT_SNIFF 4096           /* a Game: header must start within these bytes */
#define FMT_INPUT_LINE_MAX 65536       /* longest line, in bytes, before an entry fails */
#define FMT_INPUT_MSG_MAX FMT_ENTRY_MSG_MAX /* room for a message with libarchive's text in it */
#define FMT_INPUT_DEFAULT_DEPTH 4
#define FMT_INPUT_DEFAULT_MAX_BYTES ((uint64_t)256 << 20)

#define FMT_INPUT_NOT_A_LOG "not a log: no Game: header in the first 4 KiB"

/* A path never read as input (fmt_walk_options.skip), by identity. */
struct fmt_skip_id {
    dev_t dev;
    ino_t ino;
};

/* One fmt_walk() call: options with defaults applied, and where entries go. */
struct fmt_walker {
    int max_depth;             /* archive levels allowed, the outermost being 1 */
    uint64_t max_entry_bytes;  /* an entry's text may be this long, not longer */
    uint64_t max_inflated;     /* the budget's floor (fmt_input_budget) */
    uint64_t *seq;             /* the caller's running entry counter */
    fmt_entry_fn fn;
    void *ctx;
    bool (*stop)(void);        /* fmt_walk_options.stop, or NULL */
    bool stopped;              /* stop said yes: nothing more is reported */
    struct fmt_skip_id skip[FMT_WALK_MAX_SKIP]; /* the skip paths that exist */
    size_t nskip;
    /* The current command-line input (one file or stdin; a directory's
     * files each count apart): */
    uint64_t raw;              /* bytes read from its file */
    uint64_t inflated;         /* bytes decoded, every reader at every level added up */
    int over_budget;           /* inflated passed fmt_input_budget: members fail unread */
    uint64_t stream_after;     /* fmt_walk_options.stream_after */
    bool raw_text;             /* fmt_walk_options.raw_text */
};

/* input_entry.c: has the walk been asked to stop?  Asks w->stop once and
 * remembers a yes. */
bool fmt_input_stopping(struct fmt_walker *w);

/* input_limits.c: what the current input may decode: max_inflated, or
 * FMT_INFLATE_RATIO times the bytes read from its file when more. */
uint64_t fmt_input_budget(const struct fmt_walker *w);

/* input_limits.c: the reason a member fails once the budget is passed. */
void fmt_input_budget_message(const struct fmt_walker *w, char *msg, size_t msgsz);

/* input_limits.c: a size limit in words: "256 MiB", "3000 bytes". */
void fmt_input_limit_text(uint64_t limit, char *out, size_t outsz);

/* input_entry.c: hand one entry to the caller, numbering it.  *text (an
 * ok entry's malloc'd text, else text is NULL) may be taken by the
 * callback (fmt_entry_take_text), which then sets *text to NULL.  Returns
 * what the callback returned (FMT_STOPPED: stop the walk), or FMT_STOPPED
 * when the walk was asked to stop. */
FMT_MUST_CHECK enum fmt_rc fmt_input_report(struct fmt_walker *w, const char *source,
                     const char *entry, enum fmt_entry_status status,
                     const char *message, uint64_t bytes,
                     char **text, size_t len);

/* input_entry.c: hand one entry that reads to the caller with its bytes as
 * read, NUL-terminated (text: room for one byte more), for the caller to
 * normalise (fmt_walker.raw_text, fmt_entry_normalise).  As
 * fmt_input_report. */
FMT_MUST_CHECK enum fmt_rc fmt_input_report_raw(struct fmt_walker *w, const char *source,
                                                const char *entry, char **text, size_t len);

/* input_entry.c: hand one ok entry to the caller as a stream (input_archive.c
 * reads it while the callback runs).  As fmt_input_report. */
FMT_MUST_CHECK enum fmt_rc fmt_input_report_stream(struct fmt_walker *w, const char *source, const char *entry,
                            struct fmt_entry_stream *stream);

/* input_archive.c: read everything in the stream open on fd (a plain file,
 * a compressed file, an archive, stdin), reporting each entry under
 * source.  known_size is the stream's size when the caller knows it (a
 * regular file), else -1, and then fd is read only when poll(2) says it
 * has data, so that a stalled pipe or a FIFO without a writer waits with
 * fmt_input_stopping asked ten times a second.  The fd stays open.
 * FMT_OK, or FMT_STOPPED (the callback or the walk's stop asked). */
FMT_MUST_CHECK enum fmt_rc fmt_input_read_fd(struct fmt_walker *w, int fd, const char *source,
                      int64_t known_size);

/* ------------------------------------------------------------- feeds */

/*
 * input_feed.c: what a libarchive reader reads.  A feed takes raw bytes
 * from a source (a file descriptor, or the current member of the archive
 * around it) and, when they start with a gzip header, hands them over
 * inflated: libarchive's own gzip filter drops the 64 KiB block a cut or
 * damage falls in, and with it every entry whose bytes had all arrived
 * (issue 15); inflating here gives libarchive every byte before the
 * damage, then the error, and checks each gzip member's CRC-32 and
 * length.  Other compressions stay libarchive's.
 */

/* A feed's source: the next bytes in *buf and their count, 0 at the end,
 * or -1 with the reason in why.  *buf lives until the next call. */
typedef ptrdiff_t (*fmt_source_fn)(void *src, const void **buf, char *why, size_t whysize);

/* Skip up to n bytes of the source, returning how many were skipped
 * (0: cannot, read them instead). */
typedef int64_t (*fmt_skip_fn)(void *src, int64_t n);

/* Move to offset (whence: SEEK_SET, SEEK_CUR, SEEK_END) and return the new
 * position, or -1. */
typedef int64_t (*fmt_seek_fn)(void *src, int64_t offset, int whence);

struct fmt_feed;

/* A feed over source (skip and seek NULL when it cannot).  NULL when out
 * of memory. */
struct fmt_feed *fmt_feed_new(struct fmt_walker *w, fmt_source_fn source, fmt_skip_fn skip,
                              fmt_seek_fn seek, void *src);
void fmt_feed_free(struct fmt_feed *f);

/* Open reader a on the feed (archive_read_open1).  FMT_OK, or FMT_FAILED
 * with libarchive's reason in a. */
FMT_MUST_CHECK enum fmt_rc fmt_feed_open(struct fmt_feed *f, struct archive *a);

/* True once the feed has found a gzip header and inflates. */
bool fmt_feed_inflating(const struct fmt_feed *f);

/* True while ISA-L inflates (input_feed.c: zlib takes over a damaged
 * member, and inflates every stream with GCAUDIT_TEST_GZIP=zlib). */
bool fmt_feed_isal(const struct fmt_feed *f);

/* Why the gzip stream broke (truncated, corrupt, checksum, the budget),
 * or NULL while it has not: libarchive saw only its end. */
const char *fmt_feed_failure(const struct fmt_feed *f);

/* After the reader is done: read the rest of an inflated stream (a tar
 * stops at its end marker; the gzip trailer comes after it), so that a
 * cut or bad trailer is known.  FMT_OK, or FMT_FAILED when the stream is
 * damaged (fmt_feed_failure says how) or the source failed. */
FMT_MUST_CHECK enum fmt_rc fmt_feed_finish(struct fmt_feed *f);

struct archive;

/* input_archive.c: a libarchive reader with every format and filter
 * gcaudit reads enabled.  NULL when out of memory. */
struct archive *fmt_input_reader_new(void);

/* input_archive.c: true when nothing but libarchive's raw format could
 * claim the n bytes at p, a whole member, so that it is read as text
 * without a nested reader; false when something else might (each format's
 * necessary condition, input_archive.c's `supports`). */
bool fmt_input_only_raw(const unsigned char *p, size_t n);

/* input_text.c: nonzero when one of the first FMT_INPUT_SNIFF bytes of buf
 * starts a line whose key is "Game" (any case, spaces allowed around it). */
int fmt_text_has_game_header(const char *buf, size_t len);

/* input_text.c: length of the well-formed UTF-8 sequence at p (n bytes
 * left), or 0 with *bad set to the bytes one U+FFFD replaces (Unicode's
 * maximal subpart).  Shared with escape.c, which must agree with the text
 * rules on what valid UTF-8 is. */
size_t fmt_utf8_seq(const unsigned char *p, size_t n, size_t *bad);

/* input_text.c: normalise an entry's bytes in *buf (len bytes, malloc'd,
 * with room for at least one more byte) into NUL-terminated text: no BOM,
 * '\n' line ends, invalid UTF-8 replaced by U+FFFD.  Returns
 * FMT_ENTRY_OK with *buf and *len replaced by the text (msg: a warning, or
 * ""), or FMT_ENTRY_FAILED with msg saying why (*buf is still the caller's
 * to free either way). */
enum fmt_entry_status fmt_text_normalise(char **buf, size_t *len,
                                         char *msg, size_t msgsz);

/* input_text.c: fmt_text_normalise on an entry read in pieces.  Zeroed
 * by fmt_text_stream_init; each piece goes through fmt_text_stream_put,
 * the last with last set. */
struct fmt_text_stream {
    int started;                 /* the BOM is decided */
    unsigned char head[4];       /* the first bytes, until three are in */
    size_t nhead;
    unsigned char seq[8];        /* a UTF-8 sequence cut by a piece's end */
    size_t nseq;
    int after_cr;                /* the last byte was '\r': a '\n' now ends no line */
    uint64_t line;               /* the line being read, as scan_text counts */
    uint64_t line_len;           /* its bytes so far, as stored */
    uint64_t invalid;            /* sequences replaced */
    char msg[FMT_INPUT_MSG_MAX]; /* why the entry failed */
};

void fmt_text_stream_init(struct fmt_text_stream *s);

/* Normalise the n bytes at in into out, which has room for 3 * n + 16:
 * returns the bytes written (the text the whole entry's normalisation
 * would have there, once every piece is in), or (size_t)-1 when the
 * entry fails (s->msg says why, as fmt_text_normalise would). */
size_t fmt_text_stream_put(struct fmt_text_stream *s, const char *in, size_t n, int last,
                           char *out);

/* After the last piece: the warning fmt_text_normalise would give (the
 * sequences replaced), or "". */
void fmt_text_stream_warning(const struct fmt_text_stream *s, char *msg, size_t msgsz);

#endif
