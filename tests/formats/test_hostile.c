/*
 * Hostile input at the walker (issue 9), beyond the damaged archives,
 * encryption, links and limits of test_input_damage.c and
 * test_input_archive.c: decompression bombs, nesting far past the limit
 * (archives and compression layers), a million tiny entries, a
 * multi-gigabyte entry streamed through a pipe, and names that try to be
 * paths, escape sequences or duplicates.  Every input is generated here,
 * the large ones on the fly into a pipe by a writer process, so nothing
 * big ever touches the disk.
 *
 * What is promised for each (docs/design.md, "What gcaudit guarantees for bad
 * input"): every entry gets exactly one row with a status and a reason,
 * memory stays bounded by the entry limit whatever the data inflates to,
 * and names are reported as written: nothing is extracted, so a name is
 * never used as a path.  How names are shown safely is the reports'
 * business (test_csv_report.c, tests/cli/test_hostile.c).
 *
 * GC_HOSTILE_ENTRIES sets how many tiny entries million_tiny_entries
 * walks.  Under the sanitizers a member costs about 40 us, so the default
 * is 250,000 (about 10 s on an idle machine); bench/million-entries.sh
 * runs the full million on a Release build (about 7 s there).
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/support.h"
#include "tests/support/tar.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#define MiB (1024 * 1024)

TestSuite(formats_hostile, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const char LOG[] = "Game: Chess\nWhite: Ann\nBlack: Bob\n\n1. P e2-e4 1... p e7-e5\n";

/* ---------------------------------------------------------- collecting */

/* Rows are kept only while few: the million-entry walk only counts. */
#define KEEP_ROWS 64

struct row {
    char *entry, *message;
    uint64_t bytes;
    enum fmt_entry_status status;
    size_t len;
};

struct tally {
    struct row v[KEEP_ROWS];
    size_t n;
    size_t by_status[3];
    uint64_t bytes;
    int (*check)(void *ctx, const struct fmt_entry *e, size_t i);  /* per-row check, or NULL */
};

static enum fmt_rc collect(void *ctx, const struct fmt_entry *e)
{
    struct tally *t = ctx;
    cr_assert_eq(e->seq, t->n, "rows are numbered without gaps");
    if (t->check)
        cr_assert(t->check(ctx, e, t->n), "row %zu ('%s')", t->n, e->entry);
    if (t->n < KEEP_ROWS) {
        struct row *r = &t->v[t->n];
        r->entry = strdup(e->entry);
        r->message = strdup(e->message);
        r->bytes = e->bytes;
        r->status = e->status;
        r->len = e->len;
    }
    t->n++;
    t->by_status[e->status]++;
    t->bytes += e->bytes;
    return 0;
}

static void tally_free(struct tally *t)
{
    for (size_t i = 0; i < t->n && i < KEEP_ROWS; i++) {
        free(t->v[i].entry);
        free(t->v[i].message);
    }
}

static void expect_row(const struct tally *t, size_t i, const char *entry,
                       enum fmt_entry_status status, const char *message)
{
    cr_assert_lt(i, t->n, "row %zu missing (only %zu rows)", i, t->n);
    cr_assert_str_eq(t->v[i].entry, entry, "row %zu", i);
    cr_assert_eq(t->v[i].status, status, "row %zu '%s': status %d, message '%s'", i,
                 t->v[i].entry, t->v[i].status, t->v[i].message);
    cr_assert_str_eq(t->v[i].message, message, "row %zu '%s'", i, t->v[i].entry);
}

static void walk(const char *path, const struct fmt_walk_options *opt, struct tally *t)
{
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(path, opt, &seq, collect, t), 0);
    cr_assert_eq(seq, t->n);
}

/* ------------------------------------------------------------ measuring */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Peak resident memory of this process so far, in MiB (VmHWM). */
static long peak_rss_mib(void)
{
    char *status = ts_read_file("/proc/self/status", NULL);
    cr_assert_not_null(status);
    const char *p = strstr(status, "VmHWM:");
    cr_assert_not_null(p);
    long kib = strtol(p + 6, NULL, 10);
    free(status);
    return kib / 1024;
}

/* --------------------------------------------------------- making input */

static void add_file(struct archive *a, const char *name, const void *data, size_t len)
{
    struct archive_entry *e = archive_entry_new();
    ts_tar_file(e, name, (int64_t)len);
    archive_entry_set_mtime(e, 1700000000, 0);
    cr_assert_geq(archive_write_header(a, e), ARCHIVE_WARN, "%s", archive_error_string(a));
    if (len)
        cr_assert_eq(archive_write_data(a, data, len), (la_ssize_t)len);
    archive_entry_free(e);
}

/* A tar at path holding the given files. */
static char *write_tar(const char *name, const char *const *names, const void *const *data,
                       const size_t *lens, size_t n)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    cr_assert_eq(archive_write_open_filename(a, path), ARCHIVE_OK);
    for (size_t i = 0; i < n; i++)
        add_file(a, names[i], data[i], lens[i]);
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    return path;
}

/* A writer process streaming an archive into a pipe: gen writes the
 * members.  Returns the pipe's read end; the writer is reaped by
 * end_writer.  A writer whose reader went away just stops. */
typedef void (*gen_fn)(struct archive *a, void *arg);

static int start_writer(gen_fn gen, void *arg, pid_t *pid)
{
    int fds[2];
    *pid = ts_fork_writer(fds);
    if (*pid == 0) {
        struct archive *a = archive_write_new();
        archive_write_set_format_pax_restricted(a);
        /* Big blocks: a few GiB in 10 KiB writes would be slow for nothing. */
        archive_write_set_bytes_per_block(a, 1 << 16);
        if (archive_write_open_fd(a, fds[1]) == ARCHIVE_OK) {
            gen(a, arg);
            archive_write_close(a);
        }
        archive_write_free(a);
        _exit(0);   /* not the test's exit: no Criterion or leak report here */
    }
    close(fds[1]);
    return fds[0];
}

static void end_writer(int fd, pid_t pid)
{
    close(fd);
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
}

static char *fd_path(int fd)
{
    return ts_fmt("/proc/self/fd/%d", fd);
}

/* One gzip member (RFC 1952) of len bytes of c, after a prefix. */
static size_t gzip_member(unsigned char *out, size_t cap, const char *prefix, char c, size_t len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY), Z_OK);
    static unsigned char block[MiB];
    memset(block, c, sizeof block);
    z.next_out = out;
    z.avail_out = (uInt)cap;
    z.next_in = (unsigned char *)prefix;
    z.avail_in = (uInt)strlen(prefix);
    cr_assert_eq(deflate(&z, Z_NO_FLUSH), Z_OK);
    for (size_t done = 0; done < len;) {
        size_t n = len - done < sizeof block ? len - done : sizeof block;
        z.next_in = block;
        z.avail_in = (uInt)n;
        cr_assert_eq(deflate(&z, Z_NO_FLUSH), Z_OK);
        done += n;
    }
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    size_t n = cap - z.avail_out;
    deflateEnd(&z);
    return n;
}

/* A .gz of `mib` MiB: a log's first line, then newlines, as `mib`
 * concatenated members of one MiB each (RFC 1952 allows it, gzip -d
 * and libarchive inflate them all), so that a GiB costs a MiB to make. */
static unsigned char *gzip_bomb(size_t mib, size_t *len)
{
    unsigned char one[4096];
    size_t one_len = gzip_member(one, sizeof one, "", '\n', MiB);
    unsigned char *out = malloc(4096 + mib * one_len);
    cr_assert_not_null(out);
    size_t n = gzip_member(out, 4096, "Game: Chess\n", '\n', MiB - 12);
    for (size_t i = 1; i < mib; i++, n += one_len)
        memcpy(out + n, one, one_len);
    *len = n;
    return out;
}

/* ------------------------------------------------- decompression bombs */

Test(formats_hostile, gzip_bomb_fails_at_the_entry_limit_in_bounded_memory)
{
    size_t len;
    unsigned char *bomb = gzip_bomb(1024, &len);   /* 1 GiB, about 1 MiB of gzip */
    cr_assert_lt(len, 2 * MiB);
    const char *names[] = {"bomb.log.gz", "after.log"};
    const void *data[] = {bomb, LOG};
    size_t lens[] = {len, sizeof LOG - 1};
    char *tar = write_tar("bomb.tar", names, data, lens, 2);
    free(bomb);

    long before = peak_rss_mib();
    double t0 = now();
    struct tally t = {0};
    struct fmt_walk_options opt = {.max_entry_bytes = 16 * MiB};
    walk(tar, &opt, &t);
    double secs = now() - t0;
    long grew = peak_rss_mib() - before;
    cr_log_info("gzip bomb: %.2f s, peak memory grew by %ld MiB", secs, grew);

    cr_assert_eq(t.n, 2);
    expect_row(&t, 0, "bomb.log.gz", FMT_ENTRY_FAILED, "entry larger than 16 MiB");
    cr_assert_leq(t.v[0].bytes, 16 * MiB + FMT_INPUT_BLOCK, "reading stopped at the limit");
    cr_assert_gt(t.v[0].bytes, 16 * MiB);
    expect_row(&t, 1, "after.log", FMT_ENTRY_OK, "");
    /* The text buffer grows by doubling to the limit plus a block. */
    cr_assert_lt(grew, 4 * 16 + 32, "peak memory grew by %ld MiB", grew);
    cr_assert_lt(secs, 20.0, "the rest of the bomb is skipped, not inflated");
    tally_free(&t);
    free(tar);
}

/* gcaudit inflates the first gzip layer itself (input_feed.c), then
 * libarchive stacks a decompression filter per layer, up to 25 in all;
 * past that the input fails with its words rather than nesting without
 * end. */
Test(formats_hostile, compression_layers_past_libarchive_limit_fail)
{
    size_t cap = 4096, len = sizeof LOG - 1;
    unsigned char *cur = malloc(cap), *next = malloc(cap);
    memcpy(cur, LOG, len);
    for (int layer = 1; layer <= 30; layer++) {
        z_stream z;
        memset(&z, 0, sizeof z);
        cr_assert_eq(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY), Z_OK);
        z.next_in = cur, z.avail_in = (uInt)len, z.next_out = next, z.avail_out = (uInt)cap;
        cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
        len = cap - z.avail_out;
        deflateEnd(&z);
        unsigned char *swap = cur;
        cur = next, next = swap;
        if (layer != 25 && layer != 26 && layer != 30)
            continue;
        char *name = ts_fmt("layers-%d.gz", layer);
        char *path = ts_fmt("%s/%s", ts_scratch, name);
        cr_assert_eq(ts_write_file(path, cur, len), 0);
        struct tally t = {0};
        walk(path, NULL, &t);
        cr_assert_eq(t.n, 1);
        if (layer == 25)
            expect_row(&t, 0, "", FMT_ENTRY_OK, "");
        else
            expect_row(&t, 0, "", FMT_ENTRY_FAILED,
                       "corrupt compressed data: Input requires too many filters for decoding");
        tally_free(&t);
        free(name), free(path);
    }
    free(cur), free(next);
}

/* ------------------------------------------------------------- nesting */

/* A tar holding `inner` (the previous level) and a log after it. */
static unsigned char *wrap_in_tar(const unsigned char *inner, size_t inner_len, int level,
                                  size_t *len)
{
    size_t cap = inner_len + 8192;
    unsigned char *out = malloc(cap);
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    archive_write_set_bytes_per_block(a, 512);
    size_t used = 0;
    cr_assert_eq(archive_write_open_memory(a, out, cap, &used), ARCHIVE_OK);
    char name[32];
    snprintf(name, sizeof name, "level-%d.tar", level + 1);
    add_file(a, name, inner, inner_len);
    add_file(a, "after.log", LOG, sizeof LOG - 1);
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    *len = used;
    return out;
}

Test(formats_hostile, archives_nested_a_hundred_deep_stop_at_the_limit)
{
    size_t len = sizeof LOG - 1;
    unsigned char *cur = malloc(len);
    memcpy(cur, LOG, len);
    for (int level = 100; level >= 1; level--) {
        size_t n;
        unsigned char *next = wrap_in_tar(cur, len, level, &n);
        free(cur);
        cur = next, len = n;
    }
    char *path = ts_fmt("%s/deep.tar", ts_scratch);
    cr_assert_eq(ts_write_file(path, cur, len), 0);
    free(cur);
    struct tally t = {0};
    walk(path, NULL, &t);
    /* Levels 1-4 are read (each with its after.log); level 5 is the
     * first too deep, and nothing inside it is opened. */
    cr_assert_eq(t.n, 5);
    expect_row(&t, 0, "level-2.tar!level-3.tar!level-4.tar!level-5.tar", FMT_ENTRY_FAILED,
               "archive nested deeper than 4 levels");
    expect_row(&t, 1, "level-2.tar!level-3.tar!level-4.tar!after.log", FMT_ENTRY_OK, "");
    expect_row(&t, 4, "after.log", FMT_ENTRY_OK, "");
    tally_free(&t);
    free(path);
}

/* ------------------------------------------------ a million tiny entries */

static size_t entries_wanted(void)
{
    const char *s = getenv("GC_HOSTILE_ENTRIES");
    return s && *s ? (size_t)strtoul(s, NULL, 10) : 250000;
}

/* Member i: every 7th a note (not a log), every 1000th a symbolic link,
 * the rest a one-game log. */
static void gen_tiny(struct archive *a, void *arg)
{
    size_t n = *(size_t *)arg;
    static const char note[] = "notes\n";
    struct archive_entry *e = archive_entry_new();
    char name[32];
    for (size_t i = 0; i < n; i++) {
        archive_entry_clear(e);
        snprintf(name, sizeof name, "t/%07zu.log", i);
        archive_entry_set_pathname(e, name);
        archive_entry_set_perm(e, 0644);
        const char *data = i % 7 == 3 ? note : LOG;
        size_t len = i % 7 == 3 ? sizeof note - 1 : sizeof LOG - 1;
        if (i % 1000 == 999) {
            archive_entry_set_filetype(e, AE_IFLNK);
            archive_entry_set_symlink(e, "../elsewhere.log");
            len = 0;
        } else {
            archive_entry_set_filetype(e, AE_IFREG);
        }
        archive_entry_set_size(e, (la_int64_t)len);
        if (archive_write_header(a, e) < ARCHIVE_WARN ||
            (len && archive_write_data(a, data, len) != (la_ssize_t)len))
            break;
    }
    archive_entry_free(e);
}

static long peak_at_half;

static int check_tiny(void *ctx, const struct fmt_entry *e, size_t i)
{
    (void)ctx;
    if (i == entries_wanted() / 2)
        peak_at_half = peak_rss_mib();
    char name[32];
    snprintf(name, sizeof name, "t/%07zu.log", i);
    enum fmt_entry_status want = i % 1000 == 999 || i % 7 == 3 ? FMT_ENTRY_SKIPPED : FMT_ENTRY_OK;
    return strcmp(e->entry, name) == 0 && e->status == want;
}

Test(formats_hostile, million_tiny_entries_are_each_accounted_for, .timeout = 300)
{
    size_t n = entries_wanted();
    pid_t pid;
    int fd = start_writer(gen_tiny, &n, &pid);
    char *path = fd_path(fd);
    struct tally t = {.check = check_tiny};
    double t0 = now();
    walk(path, NULL, &t);
    double secs = now() - t0;
    end_writer(fd, pid);
    cr_log_info("%zu tiny entries: %.2f s (%.1f us each), peak memory %ld MiB", n, secs,
                secs * 1e6 / (double)n, peak_rss_mib());
    cr_assert_eq(t.n, n, "every entry has its row");
    size_t links = n / 1000, notes = 0;
    for (size_t i = 0; i < n; i++)
        notes += i % 7 == 3 && i % 1000 != 999;
    cr_assert_eq(t.by_status[FMT_ENTRY_SKIPPED], links + notes);
    cr_assert_eq(t.by_status[FMT_ENTRY_OK], n - links - notes);
    cr_assert_eq(t.by_status[FMT_ENTRY_FAILED], 0);
    /* Memory does not grow with the entry count: what the first half
     * needed (the sanitizers' quarantine of freed memory included) is
     * enough for the second. */
    cr_assert_lt(peak_rss_mib() - peak_at_half, 16, "peak memory %ld MiB at half, %ld at the end",
                 peak_at_half, peak_rss_mib());
    tally_free(&t);
    free(path);
}

/* ------------------------------------------ a multi-gigabyte entry, streamed */

struct huge {
    uint64_t size;   /* bytes of the big member */
};

/* A log header, then lines of moves, to `size` bytes; then a small log. */
static void gen_huge(struct archive *a, void *arg)
{
    const struct huge *h = arg;
    static char block[MiB];
    for (size_t i = 0; i < sizeof block; i += 32)
        memcpy(block + i, "1. P e2-e4 1... p e7-e5 // abc\n\n", 32);
    memcpy(block, "Game: Chess\nWhite: A\nBlack: B\n\n", 32);
    struct archive_entry *e = archive_entry_new();
    ts_tar_file(e, "huge.log", (int64_t)h->size);
    if (archive_write_header(a, e) == ARCHIVE_OK) {
        for (uint64_t done = 0; done < h->size;) {
            size_t n = h->size - done < sizeof block ? (size_t)(h->size - done) : sizeof block;
            if (archive_write_data(a, block, n) != (la_ssize_t)n)
                break;
            done += n;
            if (done == n)
                memcpy(block, "1. P e2-e4 1... p e7-e5 // abc\n\n", 32);
        }
    }
    archive_entry_free(e);
    e = archive_entry_new();
    ts_tar_file(e, "after.log", sizeof LOG - 1);
    if (archive_write_header(a, e) == ARCHIVE_OK)
        archive_write_data(a, LOG, sizeof LOG - 1);
    archive_entry_free(e);
}

Test(formats_hostile, multi_gigabyte_entry_streamed_fails_without_being_read, .timeout = 300)
{
    struct huge h = {.size = (uint64_t)5 << 30};   /* past 4 GiB: no 32-bit size survives */
    pid_t pid;
    int fd = start_writer(gen_huge, &h, &pid);
    char *path = fd_path(fd);
    long before = peak_rss_mib();
    double t0 = now();
    struct tally t = {0};
    walk(path, NULL, &t);
    double secs = now() - t0;
    end_writer(fd, pid);
    long grew = peak_rss_mib() - before;
    cr_log_info("5 GiB entry: %.2f s, peak memory grew by %ld MiB", secs, grew);
    cr_assert_eq(t.n, 2);
    expect_row(&t, 0, "huge.log", FMT_ENTRY_FAILED, "entry larger than 256 MiB");
    cr_assert_eq(t.v[0].bytes, h.size, "the size the archive states");
    expect_row(&t, 1, "after.log", FMT_ENTRY_OK, "");
    /* The stated size fails the entry after its first block: the rest
     * streams past without being kept. */
    cr_assert_lt(grew, 32, "peak memory grew by %ld MiB", grew);
    tally_free(&t);
    free(path);
}

/* The same without a stated size: a plain log on a pipe is read up to the
 * limit and no further. */
static void feed_plain(int wfd, uint64_t size)
{
    static char block[MiB];
    for (size_t i = 0; i < sizeof block; i += 32)
        memcpy(block + i, "1. P e2-e4 1... p e7-e5 // abc\n\n", 32);
    memcpy(block, "Game: Chess\nWhite: A\nBlack: B\n\n", 32);
    for (uint64_t done = 0; done < size; done += sizeof block) {
        if (write(wfd, block, sizeof block) != (ssize_t)sizeof block)
            break;
        if (done == 0)
            memcpy(block, "1. P e2-e4 1... p e7-e5 // abc\n\n", 32);
    }
}

Test(formats_hostile, endless_plain_log_on_a_pipe_stops_at_the_limit, .timeout = 300)
{
    int fds[2];
    pid_t pid = ts_fork_writer(fds);
    if (pid == 0) {
        feed_plain(fds[1], (uint64_t)1 << 40);   /* a TiB: until the reader stops */
        _exit(0);
    }
    close(fds[1]);
    char *path = fd_path(fds[0]);
    struct fmt_walk_options opt = {.max_entry_bytes = 32 * MiB};
    long before = peak_rss_mib();
    struct tally t = {0};
    walk(path, &opt, &t);
    long grew = peak_rss_mib() - before;
    end_writer(fds[0], pid);
    cr_assert_eq(t.n, 1);
    expect_row(&t, 0, "", FMT_ENTRY_FAILED, "entry larger than 32 MiB");
    cr_assert_leq(t.v[0].bytes, 32 * MiB + FMT_INPUT_BLOCK);
    cr_assert_lt(grew, 4 * 32 + 32, "peak memory grew by %ld MiB", grew);
    tally_free(&t);
    free(path);
}

/* ---------------------------------------------------------------- names */

/* Names are data: reported exactly as the archive has them, dots,
 * slashes, control characters, bad UTF-8 and repeats included; each is
 * read as a member and nothing is ever written under its name. */
Test(formats_hostile, names_are_reported_as_written)
{
    const char *names[] = {
        "../../etc/passwd.log", "/etc/shadow.log", "a/../../b.log", "esc\x1b[2Jname.log",
        "new\nline.log", "dup.log", "dup.log", "tab\tname.log", "caf\xe9.log",
        "=HYPERLINK(\"http://x\").log", "-", "back\\slash.log",
    };
    enum { N = sizeof names / sizeof names[0] };
    const void *data[N];
    size_t lens[N];
    for (size_t i = 0; i < N; i++)
        data[i] = LOG, lens[i] = sizeof LOG - 1;
    char *tar = write_tar("names.tar", names, data, lens, N);
    struct tally t = {0};
    walk(tar, NULL, &t);
    cr_assert_eq(t.n, N);
    for (size_t i = 0; i < N; i++)
        expect_row(&t, i, names[i], FMT_ENTRY_OK, "");
    tally_free(&t);
    /* Nothing was created beside the archive, nor above it. */
    char *ls = ts_fmt("test \"$(ls -A '%s')\" = names.tar", ts_scratch);
    cr_assert_eq(ts_run(ls), 0, "the walk wrote nothing");
    free(ls), free(tar);
}

Test(formats_hostile, special_members_are_skipped_with_a_reason)
{
    struct {
        const char *name;
        mode_t type;
        const char *link;
        const char *why;
    } m[] = {
        {"abs-link.log", AE_IFLNK, "/etc/passwd", "symbolic link, not followed"},
        {"up-link.log", AE_IFLNK, "../../../../etc/passwd", "symbolic link, not followed"},
        {"hard.log", AE_IFREG, "missing.log", "hard link, not followed"},
        {"sda", AE_IFBLK, NULL, "not a regular file"},
        {"null", AE_IFCHR, NULL, "not a regular file"},
        {"fifo", AE_IFIFO, NULL, "not a regular file"},
    };
    enum { N = sizeof m / sizeof m[0] };
    char *path = ts_fmt("%s/special.tar", ts_scratch);
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    cr_assert_eq(archive_write_open_filename(a, path), ARCHIVE_OK);
    for (size_t i = 0; i < N; i++) {
        struct archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, m[i].name);
        archive_entry_set_filetype(e, m[i].type);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_rdev(e, 0x0801);
        if (m[i].type == AE_IFLNK)
            archive_entry_set_symlink(e, m[i].link);
        else if (m[i].link)
            archive_entry_set_hardlink(e, m[i].link);
        cr_assert_geq(archive_write_header(a, e), ARCHIVE_WARN);
        archive_entry_free(e);
    }
    add_file(a, "real.log", LOG, sizeof LOG - 1);
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    struct tally t = {0};
    walk(path, NULL, &t);
    cr_assert_eq(t.n, N + 1);
    for (size_t i = 0; i < N; i++)
        expect_row(&t, i, m[i].name, FMT_ENTRY_SKIPPED, m[i].why);
    expect_row(&t, N, "real.log", FMT_ENTRY_OK, "");
    tally_free(&t);
    free(path);
}
