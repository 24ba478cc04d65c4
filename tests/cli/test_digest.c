/*
 * digest: SHA-256 against FIPS 180-4's example vectors, in one piece and
 * fed in odd pieces, of a file, and of a file's first bytes.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "cli/digest.h"
#include "tests/support/support.h"

TestSuite(cli_digest, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const struct {
    const char *text, *hex;
} vectors[] = {
    {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
};

Test(cli_digest, standard_vectors)
{
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        struct cli_sha256 h;
        char hex[CLI_SHA256_HEX];
        cli_sha256_init(&h);
        /* In pieces of 1, 2, 3, ... bytes. */
        const char *t = vectors[i].text;
        for (size_t at = 0, step = 1, n = strlen(t); at < n; at += step, step++)
            cli_sha256_add(&h, t + at, at + step <= n ? step : n - at);
        cli_sha256_hex(&h, hex);
        cr_expect_str_eq(hex, vectors[i].hex, "'%s'", t);
    }
}

/* A million 'a's (the standard's third example), from a file; then its
 * first three bytes, "aaa". */
Test(cli_digest, a_file_and_its_first_bytes)
{
    char *data = malloc(1000000);
    memset(data, 'a', 1000000);
    char *path = ts_fmt("%s/a", ts_scratch);
    cr_assert_eq(ts_write_file(path, data, 1000000), 0);
    char hex[CLI_SHA256_HEX];
    uint64_t size = 0;
    cr_assert_eq(cli_sha256_file(path, hex, &size), 0);
    cr_expect_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    cr_expect_eq(size, 1000000);
    FILE *f = fopen(path, "rb");
    cr_assert_eq(cli_sha256_stream(f, 3, hex, &size), 0);
    cr_expect_str_eq(hex, "9834876dcfb05cb167a5c24953eba58c4ac89b1adf57f28f2f9d09af107ee8f0");
    cr_expect_eq(size, 3);
    /* More bytes asked for than the file has: an error, not a digest. */
    rewind(f);
    cr_expect_eq(cli_sha256_stream(f, 1000001, hex, &size), -1);
    fclose(f);
    char *missing = ts_fmt("%s/none", ts_scratch);
    cr_expect_eq(cli_sha256_file(missing, hex, &size), -1);
    free(missing);
    free(path);
    free(data);
}
