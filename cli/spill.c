/*
 * spill: what a batch of entries has made for the reports, moved out of
 * memory to a temporary file once it passes CLI_SPILL_BYTES (issue 15:
 * one entry of 11 million tiny games held 4.4 GiB of rows and records
 * until it was done).  The rows are still written in input order, by
 * the writer, once every earlier batch is written: the spill file is read
 * back chunk by chunk, each chunk being the batch's buffers as they were
 * when it was put, and the writer takes a chunk as it takes a batch.
 *
 * A chunk is the count of buffers, each buffer's length, then their
 * bytes.  The file is made in $TMPDIR (else /tmp) and removed from its
 * directory at once, so nothing is left behind whatever ends the run
 * (tmpfile(3) would not look at TMPDIR).
 *
 * Ownership: the buffers passed are borrowed; cli_spill_get fills the
 * caller's buffers, which stay the caller's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/spill.h"
#include "cli/cli.h"

struct cli_spill {
    FILE *f;                      /* cli_temp_file */
    char *iobuf;                  /* f's buffer (fmt_io_buffer) */
    uint64_t size;                /* bytes of whole chunks in f */
    uint64_t read;                /* cli_spill_get's position */
    char why[CLI_TEMP_WHY];       /* the last failure, for cli_spill_why */
};

/* cli_temp_file's last failure on this thread. */
static _Thread_local char temp_why[CLI_TEMP_WHY];

static size_t threshold = CLI_SPILL_BYTES;

size_t cli_spill_threshold(void) { return threshold; }

void cli_spill_test_setup(void)
{
    const char *v = getenv("GCAUDIT_TEST_SPILL");
    char *end;
    unsigned long long n = v && *v ? strtoull(v, &end, 10) : 0;
    if (v && *v && !*end && n > 0)
        threshold = (size_t)n;
}

cli_spill *cli_spill_new(void) { return calloc(1, sizeof(cli_spill)); }

/* Where temporary files go, and how the user would name it. */
static const char *temp_dir(const char **named)
{
    const char *dir = getenv("TMPDIR");
    *named = " (TMPDIR)";
    if (!dir || !*dir) {
        dir = "/tmp";
        *named = "";
    }
    return dir;
}

FILE *cli_temp_file(void)
{
    const char *named, *dir = temp_dir(&named);
    size_t n = strlen(dir) + sizeof "/gcaudit-rows-XXXXXX";
    char *path = malloc(n);
    if (!path) {
        snprintf(temp_why, sizeof temp_why, "out of memory");
        errno = ENOMEM;
        return NULL;
    }
    snprintf(path, n, "%s/gcaudit-rows-XXXXXX", dir);
    int fd = mkstemp(path);
    FILE *f = NULL;
    if (fd >= 0) {
        unlink(path);
        if (!(f = fdopen(fd, "w+b")))
            close(fd);
    }
    if (!f) {
        int err = errno;
        snprintf(temp_why, sizeof temp_why, "cannot make a temporary file in '%.400s'%s: %s", dir, named,
                 strerror(err));
        errno = err;
    }
    free(path);
    return f;
}

const char *cli_temp_file_why(void) { return temp_why; }

void cli_temp_file_failed(char *why, size_t size, const char *what, int err)
{
    const char *named, *dir = temp_dir(&named);
    snprintf(why, size, "cannot %s the temporary file in '%.400s'%s: %s", what, dir, named,
             strerror(err));
}

void cli_spill_free(cli_spill *s)
{
    if (!s)
        return;
    if (s->f)
        fclose(s->f);
    free(s->iobuf);
    free(s);
}

uint64_t cli_spill_size(const cli_spill *s) { return s ? s->size : 0; }

const char *cli_spill_why(const cli_spill *s) { return s->why; }

static int spill_put(cli_spill *s, struct fmt_buf *const *bufs, size_t n);

/* -1 after noting the failure, errno kept. */
static int spill_failed(cli_spill *s, const char *what)
{
    int err = errno;
    cli_temp_file_failed(s->why, sizeof s->why, what, err);
    errno = err;
    return -1;
}

int cli_spill_put(cli_spill *s, struct fmt_buf *const *bufs, size_t n)
{
    int rc = spill_put(s, bufs, n);
    if (rc != 0 && !s->f) {
        int err = errno;
        snprintf(s->why, sizeof s->why, "%s", temp_why);
        errno = err;
        return -1;
    }
    return rc == 0 ? 0 : spill_failed(s, "write");
}

static int spill_put(cli_spill *s, struct fmt_buf *const *bufs, size_t n)
{
    if (!s->f) {
        if (!(s->f = cli_temp_file()))
            return -1;
        s->iobuf = fmt_io_buffer(s->f);
    }
    if (fseeko(s->f, (off_t)s->size, SEEK_SET) != 0)
        return -1;
    uint64_t head[1 + CLI_SPILL_MAX_BUFS];
    if (n > CLI_SPILL_MAX_BUFS) {
        errno = EINVAL;
        return -1;
    }
    head[0] = n;
    uint64_t total = sizeof(uint64_t) * (n + 1);
    for (size_t i = 0; i < n; i++) {
        head[i + 1] = bufs[i]->len;
        total += bufs[i]->len;
    }
    if (fwrite(head, sizeof(uint64_t), n + 1, s->f) != n + 1)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (bufs[i]->len && fwrite(bufs[i]->data, 1, bufs[i]->len, s->f) != bufs[i]->len)
            return -1;
    /* Written through to the file before it counts: a full disk is known
     * here, not when the chunk is read back. */
    if (fflush(s->f) != 0)
        return -1;
    s->size += total;
    for (size_t i = 0; i < n; i++)
        bufs[i]->len = 0;
    return 0;
}

int cli_spill_cut(cli_spill *s, uint64_t size)
{
    if (!s->f || size >= s->size)
        return 0;
    s->size = size;
    return ftruncate(fileno(s->f), (off_t)size) == 0 ? 0 : spill_failed(s, "cut back");
}

int cli_spill_rewind(cli_spill *s)
{
    s->read = 0;
    return !s->f || fseeko(s->f, 0, SEEK_SET) == 0 ? 0 : -1;
}

int cli_spill_get(cli_spill *s, struct fmt_buf *const *bufs, size_t n)
{
    if (!s->f || s->read >= s->size)
        return 0;
    uint64_t head[1 + CLI_SPILL_MAX_BUFS];
    if (fread(head, sizeof(uint64_t), 1, s->f) != 1 || head[0] != n ||
        fread(head + 1, sizeof(uint64_t), n, s->f) != n)
        goto damaged;
    uint64_t total = sizeof(uint64_t) * (n + 1);
    for (size_t i = 0; i < n; i++) {
        bufs[i]->len = 0;
        if (head[i + 1] > s->size - s->read)
            goto damaged;
        if (head[i + 1] > bufs[i]->cap) {
            char *d = realloc(bufs[i]->data, head[i + 1]);
            if (!d)
                return -1;
            bufs[i]->data = d;
            bufs[i]->cap = head[i + 1];
        }
        if (head[i + 1] && fread(bufs[i]->data, 1, head[i + 1], s->f) != head[i + 1])
            goto damaged;
        bufs[i]->len = head[i + 1];
        total += head[i + 1];
    }
    s->read += total;
    return 1;
damaged:
    errno = EIO;
    return -1;
}
