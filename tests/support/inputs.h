/*
 * inputs: what the input walker's suites (tests/formats/test_input_*.c)
 * share: the rows of a walk (fmt_walk) collected with copies of their
 * strings, checks on one row, and the inputs the tests make in the
 * scratch directory (ts_scratch, support.h).  Archives and compressed
 * files are made at run time with libarchive's write API and zlib, so no
 * binary fixture is committed and each test shows exactly what its input
 * holds.  Everything returned as char * or void * is the caller's to
 * free; what fails is a Criterion assertion, never a return.
 *
 * The messages are the contract with the inputs report:
 *   ok, warning  "N invalid UTF-8 sequences replaced by U+FFFD"
 *                ("1 invalid UTF-8 sequence replaced by U+FFFD")
 *   skipped      "not a log: no Game: header in the first 4 KiB",
 *                "symbolic link, not followed", "hard link, not followed",
 *                "not a regular file", "archive holds no files"
 *   failed       "NUL byte at line N", "line N is longer than 64 KiB",
 *                "entry larger than 256 MiB" (KiB, or bytes, for odd limits),
 *                "encrypted entry", "archive nested deeper than N levels",
 *                "cannot open: <strerror>", "cannot read directory: <strerror>",
 *                "<kind> archive: <libarchive>" when an archive breaks,
 *                "<kind> compressed data: <libarchive>" when a .gz/.xz/... does,
 *                "<kind> input: <libarchive>" when it breaks before libarchive
 *                knows what it is, with <kind> truncated, corrupt or encrypted;
 *                "corrupt or truncated archive" when libarchive gives no reason,
 *                "archive cannot be read as a stream: <libarchive>" (7-Zip
 *                inside another archive or on a pipe), "read error: <libarchive>"
 */
#ifndef GC_TEST_INPUTS_H
#define GC_TEST_INPUTS_H

#include "formats/formats.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct archive;

/* ------------------------------------------------------------ collecting */

struct ts_row {
    char *source, *entry, *message, *text;
    size_t len;
    uint64_t bytes, seq;
    enum fmt_entry_status status;
};

struct ts_rows {
    struct ts_row *v;
    size_t n;
    size_t stop_at;   /* nonzero: stop the walk from this row on */
};

/* fmt_walk's callback: e appended to the struct ts_rows at ctx, its text
 * copied when it is ok (asserted NUL-terminated, len bytes long);
 * FMT_STOPPED once the rows reach stop_at. */
enum fmt_rc ts_collect(void *ctx, const struct fmt_entry *e);

void ts_rows_free(struct ts_rows *r);

/* The rows of path walked with opt (NULL: the defaults), seq from 0:
 * the walk returned 0 and numbered the rows 0, 1, ... */
struct ts_rows ts_walk_opt(const char *path, const struct fmt_walk_options *opt);
struct ts_rows ts_walk(const char *path);

/* The rows of fmt_walk("-") with path's contents on fd 0. */
struct ts_rows ts_walk_stdin(const char *path);

/* Row i's status, and its entry and message unless NULL. */
void ts_expect_row(const struct ts_rows *r, size_t i, const char *entry,
                   enum fmt_entry_status status, const char *message);

/* Row i ok, with no message, text as its text and text's length as its bytes. */
void ts_expect_text(const struct ts_rows *r, size_t i, const char *text);

/* -------------------------------------------------------------- inputs */

#define TS_LOG_A "Game: Chess\nWhite: Ann\nBlack: Bob\n\n1. P e2-e4 1... p e7-e5\n"
#define TS_LOG_B "Game: Backlash\nWhite: Cy\nBlack: Di\n\n1. P d2-d4\n"
#define TS_README "This archive holds the November games.\n"

/* name's path in the scratch directory. */
char *ts_scratch_path(const char *name);

/* A file of len bytes named name in the scratch directory; its path. */
char *ts_put_file(const char *name, const void *data, size_t len);

/* A file's whole contents (asserted readable); *len gets its size. */
void *ts_slurp_path(const char *path, size_t *len);

struct ts_member {
    const char *name;
    const void *data;
    size_t len;
    mode_t type;        /* 0: a regular file */
    const char *link;   /* symbolic or hard link target */
};

#define TS_MEMBER(n, s) {n, s, sizeof s - 1, 0, NULL}

/* archive_write_set_format_* or archive_write_add_filter_*. */
typedef int (*ts_set_fn)(struct archive *);

/* An archive (or, with the raw format, one compressed file) at path,
 * filter NULL for none; with a passphrase, a zip encrypted (zipcrypt). */
void ts_write_archive_opt(const char *path, ts_set_fn format, ts_set_fn filter,
                          const char *passphrase,
                          const struct ts_member *m, size_t n);

/* The same, unencrypted, named name in the scratch directory; its path. */
char *ts_write_archive(const char *name, ts_set_fn format, ts_set_fn filter,
                       const struct ts_member *m, size_t n);

/* A single .gz through zlib, as gzip(1) would write it; its path. */
char *ts_write_gz(const char *name, const void *data, size_t len);

/* Distinct, poorly compressible log text of so many move lines, so that
 * compressed streams are long enough to damage in the middle. */
char *ts_big_log(unsigned seed, size_t lines);

/* The file at inner_path as the member inner_name of a new archive
 * named name, with TS_LOG_A as "after.log" after it; its path. */
char *ts_wrap_archive(const char *name, const char *inner_name, const char *inner_path,
                      ts_set_fn format, ts_set_fn filter);

/* An archive of count (at most 8) logs "g0.log", ... of about 66 KiB
 * each, their texts in logs[] (ts_free_logs): libarchive's gzip filter
 * hands out 64 KiB blocks and drops the partial block at a cut, so
 * entries must outsize a block for some of them to survive a cut in
 * half. */
char *ts_many_logs_archive(const char *name, ts_set_fn format, ts_set_fn filter,
                           size_t count, char **logs);
void ts_free_logs(char **logs, size_t count);

#endif
