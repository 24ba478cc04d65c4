/*
 * digest: SHA-256 (Nettle's, the library libarchive already brings in)
 * of bytes, a file or a file's first bytes, as 64 lowercase hex digits.
 * What a shard carries so that merge can tell a file changed after the
 * shard wrote it (state.c, docs/design.md "Many machines").
 *
 * Ownership: arguments are borrowed; a hex digest is written into the
 * caller's CLI_SHA256_HEX bytes.
 */
#ifndef GC_CLI_DIGEST_H
#define GC_CLI_DIGEST_H

#include <nettle/sha2.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/must_check.h"

/* 64 hex digits and the NUL. */
#define CLI_SHA256_HEX 65

struct cli_sha256 {
    struct sha256_ctx ctx;
};

void cli_sha256_init(struct cli_sha256 *h);
void cli_sha256_add(struct cli_sha256 *h, const void *data, size_t len);
/* The digest as hex into out; h is ready for new bytes after. */
void cli_sha256_hex(struct cli_sha256 *h, char out[CLI_SHA256_HEX]);

/* The digest of f's next `limit` bytes (UINT64_MAX: to its end) into out
 * and their count into *size.  0, or -1 with errno when reading failed
 * (or ended before `limit` bytes: errno EIO). */
CLI_MUST_CHECK int cli_sha256_stream(FILE *f, uint64_t limit, char out[CLI_SHA256_HEX], uint64_t *size);

/* The digest of the file at path, whole.  0, or -1 with errno. */
CLI_MUST_CHECK int cli_sha256_file(const char *path, char out[CLI_SHA256_HEX], uint64_t *size);

#endif
