/*
 * Private to the input walker: the state one fmt_walk() call carries, and
 * the seams between its files.  input_walk.c decides what a path is
 * (file, directory, stdin), input_archive.c streams whatever libarchive
 * reads, nested archives included, input_entry.c hands each entry to the
 * caller, and input_text.c turns one entry's bytes into the normalised
 * text the parser sees.  input_text.c knows
 * nothing of libarchive, so the text rules can be checked on plain buffers.
 *
 * Ownership: strings passed in are borrowed; fmt_input_report() copies
 * nothing and the callback sees them only until it returns.
 */
#ifndef GC_FORMATS_INPUT_H
#define GC_FORMATS_INPUT_H

#include "formats/formats.h"

#include <stddef.h>
#include <stdint.h>

#define FMT_INPUT_BLOCK (64 * 1024)    /* read size, for files and nested archives alike */
#define FMT_INPUT_SNIFF 4096           /* a Game: header must start within these bytes */
#define FMT_INPUT_LINE_MAX 65536       /* longest line, in bytes, before an entry fails */
#define FMT_INPUT_MSG_MAX 512          /* room for a message with libarchive's text in it */
#define FMT_INPUT_DEFAULT_DEPTH 4
#define FMT_INPUT_DEFAULT_MAX_BYTES ((uint64_t)256 << 20)

#define FMT_INPUT_NOT_A_LOG "not a log: no Game: header in the first 4 KiB"

/* One fmt_walk() call: options with defaults applied, and where entries go. */
struct fmt_walker {
    int max_depth;             /* archive levels allowed, the outermost being 1 */
    uint64_t max_entry_bytes;  /* an entry's text may be this long, not longer */
    uint64_t *seq;             /* the caller's running entry counter */
    fmt_entry_fn fn;
    void *ctx;
};

/* input_entry.c: hand one entry to the caller, numbering it.  *text (an
 * ok entry's malloc'd text, else text is NULL) may be taken by the
 * callback (fmt_entry_take_text), which then sets *text to NULL.  Returns
 * what the callback returned (nonzero: stop the walk). */
int fmt_input_report(struct fmt_walker *w, const char *source,
                     const char *entry, enum fmt_entry_status status,
                     const char *message, uint64_t bytes,
                     char **text, size_t len);

/* input_archive.c: read everything in the stream open on fd (a plain file,
 * a compressed file, an archive, stdin), reporting each entry under
 * source.  known_size is the stream's size when the caller knows it (a
 * regular file), else -1.  The fd stays open.  Returns 0 or the callback's
 * nonzero result. */
int fmt_input_read_fd(struct fmt_walker *w, int fd, const char *source,
                      int64_t known_size);

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

#endif
