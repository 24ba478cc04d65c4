/*
 * shard: sealing a shard's directory again (shard.h), with sha256sum, an
 * implementation of SHA-256 independent of gcaudit's.
 */
#include "tests/support/shard.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/support/support.h"

/* sha256sum's digest of path into hex (65 bytes). */
static void sha256sum(const char *path, char *hex)
{
    char *cmd = ts_fmt("sha256sum '%s'", path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p, "%s", cmd);
    cr_assert_eq(fscanf(p, "%64s", hex), 1, "%s", cmd);
    cr_assert_eq(pclose(p), 0, "%s", cmd);
    free(cmd);
}

void ts_shard_reseal(const char *dir)
{
    char *state = ts_fmt("%s/gcaudit-shard.txt", dir);
    char *text = ts_read_file(state, NULL);
    cr_assert_not_null(text, "%s", state);
    size_t cap = strlen(text) + 4096, len = 0;
    char *out = malloc(cap);
    for (char *line = text, *next; *line; line = next) {
        char *eol = strchr(line, '\n');
        next = eol ? eol + 1 : line + strlen(line);
        if (strncmp(line, "sha256 ", 7) == 0 && !*next)
            break;   /* the old last line */
        char name[256], *path = NULL, hex[65];
        struct stat st;
        /* A "file" line naming a file that is not there is a test's own
         * edit: kept as it is. */
        if (sscanf(line, "file %255s ", name) == 1 &&
            stat(path = ts_fmt("%s/%s", dir, name), &st) == 0) {
            sha256sum(path, hex);
            len += (size_t)snprintf(out + len, cap - len, "file %s %lld %s\n", name,
                                    (long long)st.st_size, hex);
        } else {
            memcpy(out + len, line, (size_t)(next - line));
            len += (size_t)(next - line);
        }
        free(path);
    }
    cr_assert_eq(ts_write_file(state, out, len), 0);
    char hex[65];
    sha256sum(state, hex);
    len += (size_t)snprintf(out + len, cap - len, "sha256 %s\n", hex);
    cr_assert_eq(ts_write_file(state, out, len), 0);
    free(out);
    free(text);
    free(state);
}
