/*
 * digest: SHA-256 through Nettle (see digest.h).  Nettle is the
 * cryptographic library Debian's libarchive is built with, so gcaudit
 * links nothing new at run time; its SHA-256 is tested against the
 * standard's vectors there and in tests/cli/test_digest.c.
 */
#include "cli/digest.h"

#include <errno.h>

void cli_sha256_init(struct cli_sha256 *h)
{
    sha256_init(&h->ctx);
}

void cli_sha256_add(struct cli_sha256 *h, const void *data, size_t len)
{
    sha256_update(&h->ctx, len, data);
}

void cli_sha256_hex(struct cli_sha256 *h, char out[CLI_SHA256_HEX])
{
    static const char digits[] = "0123456789abcdef";
    uint8_t d[SHA256_DIGEST_SIZE];
    sha256_digest(&h->ctx, sizeof d, d);
    for (size_t i = 0; i < sizeof d; i++) {
        out[2 * i] = digits[d[i] >> 4];
        out[2 * i + 1] = digits[d[i] & 15];
    }
    out[2 * sizeof d] = '\0';
}

int cli_sha256_stream(FILE *f, uint64_t limit, char out[CLI_SHA256_HEX], uint64_t *size)
{
    struct cli_sha256 h;
    cli_sha256_init(&h);
    unsigned char buf[65536];
    uint64_t total = 0;
    while (total < limit) {
        size_t want = limit - total < sizeof buf ? (size_t)(limit - total) : sizeof buf;
        size_t n = fread(buf, 1, want, f);
        if (n == 0)
            break;
        cli_sha256_add(&h, buf, n);
        total += n;
    }
    if (ferror(f))
        return -1;
    if (limit != UINT64_MAX && total < limit) {
        errno = EIO;
        return -1;
    }
    cli_sha256_hex(&h, out);
    *size = total;
    return 0;
}

int cli_sha256_file(const char *path, char out[CLI_SHA256_HEX], uint64_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    int rc = cli_sha256_stream(f, UINT64_MAX, out, size);
    int saved = errno;
    fclose(f);
    errno = saved;
    return rc;
}
