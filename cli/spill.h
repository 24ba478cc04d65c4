/*
 * spill: a batch's rows and records moved out of memory into a temporary
 * file, and read back in order (spill.c); the temporary files themselves.
 *
 * Ownership: a cli_spill owns its file; buffers handed in are borrowed.
 */
#ifndef GC_CLI_SPILL_H
#define GC_CLI_SPILL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/must_check.h"

struct fmt_buf;

/* A batch holding more than this many bytes of rows and records puts
 * them in its spill file (at a game's end), so that an entry of millions
 * of games costs no more memory than one of a few (issue 15). */
#define CLI_SPILL_BYTES ((size_t)4 << 20)
#define CLI_SPILL_MAX_BUFS 16

typedef struct cli_spill cli_spill;

/* A temporary file opened for reading and writing, in $TMPDIR (else
 * /tmp), already removed from the directory: NULL with errno, and
 * cli_temp_file_why says what failed on this thread ("cannot make a
 * temporary file in '/nowhere' (TMPDIR): No such file or directory": an
 * unusable folder and too few file descriptors are told as such, never as
 * running out of memory). */
FILE *cli_temp_file(void);
const char *cli_temp_file_why(void);

/* Room for such a message. */
#define CLI_TEMP_WHY 512

/* "cannot WHAT the temporary file in 'DIR': reason" into why, for a
 * temporary file that was made but failed later (err: its errno). */
void cli_temp_file_failed(char *why, size_t size, const char *what, int err);

/* CLI_SPILL_BYTES, or GCAUDIT_TEST_SPILL's number of bytes when the
 * tests set it (cli_spill_test_setup, at the start of a run). */
size_t cli_spill_threshold(void);
void cli_spill_test_setup(void);

/* An empty spill; its file is made by the first cli_spill_put.  NULL
 * when out of memory. */
cli_spill *cli_spill_new(void);
void cli_spill_free(cli_spill *s);

/* Append one chunk: the n buffers (n <= CLI_SPILL_MAX_BUFS), which are
 * then emptied (their memory kept).  0, or -1 with errno (a full disk). */
CLI_MUST_CHECK int cli_spill_put(cli_spill *s, struct fmt_buf *const *bufs, size_t n);

/* What the last failed cli_spill_put or cli_spill_cut met, as a message
 * (cli_temp_file_why's, or "cannot write the temporary file in 'DIR':
 * No space left on device"); valid while s is. */
const char *cli_spill_why(const cli_spill *s);

/* The bytes of the chunks put so far (0 for NULL): a mark to cut back to. */
uint64_t cli_spill_size(const cli_spill *s);

/* Drop every chunk put after the mark size.  0, or -1 with errno. */
CLI_MUST_CHECK int cli_spill_cut(cli_spill *s, uint64_t size);

/* Read the chunks from the first: cli_spill_rewind, then cli_spill_get
 * until it returns 0.  cli_spill_get fills the n buffers with the next
 * chunk's (n as it was put): 1, 0 after the last chunk, or -1 (errno:
 * ENOMEM, or EIO when the file does not read back). */
CLI_MUST_CHECK int cli_spill_rewind(cli_spill *s);
CLI_MUST_CHECK int cli_spill_get(cli_spill *s, struct fmt_buf *const *bufs, size_t n);

#endif
