/*
 * The feed's two inflaters (formats/input_feed.c): ISA-L, and zlib, its
 * plain twin (GCAUDIT_TEST_GZIP=zlib).  Every stream here is read through a
 * feed both ways, and the two must hand libarchive the same bytes, stop
 * at the same byte with the same error, and leave the same reason
 * (fmt_feed_failure) and end (fmt_feed_finish): on the fuzz corpus, on
 * every cut of small gzip streams, on every byte of one flipped, on
 * members one after another (with header fields, trailing garbage) and
 * on the sample archives.  Sources hand out blocks of several sizes, so
 * that headers and trailers fall across blocks.
 */
#include "formats/formats.h"
#include "formats/input.h"
#include "tests/support/support.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

TestSuite(formats_feed_twins, .timeout = 300);

/* ----------------------------------------------------- the source */

struct mem_src {
    const unsigned char *p;
    size_t n, at, block;
};

static ptrdiff_t mem_read(void *data, const void **buf, char *why, size_t whysize)
{
    (void)why;
    (void)whysize;
    struct mem_src *m = data;
    size_t take = m->n - m->at < m->block ? m->n - m->at : m->block;
    *buf = m->p + m->at;
    m->at += take;
    return (ptrdiff_t)take;
}

static int64_t mem_seek(void *data, int64_t offset, int whence)
{
    struct mem_src *m = data;
    int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (int64_t)m->at : (int64_t)m->n;
    if (base + offset < 0 || base + offset > (int64_t)m->n)
        return -1;
    m->at = (size_t)(base + offset);
    return (int64_t)m->at;
}

/* ------------------------------------------- one stream, one way */

struct outcome {
    unsigned char *bytes;  /* what libarchive's raw reader gave */
    size_t n;
    int header_rc;         /* archive_read_next_header */
    long last_rc;          /* the archive_read_data call that ended it */
    char error[512];       /* libarchive's error then, if any */
    char failure[512];     /* fmt_feed_failure after fmt_feed_finish */
    int finish_rc;
    int isal;              /* ISA-L still inflated at the end */
};

static void outcome_free(struct outcome *o)
{
    free(o->bytes);
    memset(o, 0, sizeof *o);
}

static void run(const unsigned char *p, size_t n, size_t block, int zlib_only, struct outcome *o)
{
    memset(o, 0, sizeof *o);
    if (zlib_only)
        setenv("GCAUDIT_TEST_GZIP", "zlib", 1);
    else
        unsetenv("GCAUDIT_TEST_GZIP");
    struct fmt_walker w = {.max_inflated = (uint64_t)1 << 32};
    struct mem_src m = {.p = p, .n = n, .block = block};
    struct archive *a = archive_read_new();
    cr_assert_not_null(a);
    archive_read_support_format_raw(a);
    struct fmt_feed *f = fmt_feed_new(&w, mem_read, NULL, mem_seek, &m);
    cr_assert_not_null(f);
    int rc = fmt_feed_open(f, a);
    struct archive_entry *e;
    o->header_rc = rc == ARCHIVE_OK ? archive_read_next_header(a, &e) : rc;
    if (o->header_rc == ARCHIVE_OK) {
        size_t cap = 1 << 16;
        o->bytes = malloc(cap);
        cr_assert_not_null(o->bytes);
        for (;;) {
            if (cap - o->n < 8192) {
                o->bytes = realloc(o->bytes, cap *= 2);
                cr_assert_not_null(o->bytes);
            }
            la_ssize_t got = archive_read_data(a, o->bytes + o->n, 8192);
            if (got <= 0) {
                o->last_rc = (long)got;
                break;
            }
            o->n += (size_t)got;
        }
    }
    if (archive_error_string(a))
        snprintf(o->error, sizeof o->error, "%s", archive_error_string(a));
    o->finish_rc = fmt_feed_finish(f);
    const char *why = fmt_feed_failure(f);
    snprintf(o->failure, sizeof o->failure, "%s", why ? why : "");
    o->isal = fmt_feed_isal(f);
    fmt_feed_free(f);
    archive_read_free(a);
    unsetenv("GCAUDIT_TEST_GZIP");
}

/* Both ways, at the given block size; returns whether ISA-L inflated the
 * whole stream (it hands a damaged member to zlib). */
static int same_both_ways(const unsigned char *p, size_t n, size_t block, const char *what)
{
    struct outcome isal, zlib;
    run(p, n, block, 0, &isal);
    run(p, n, block, 1, &zlib);
    cr_assert_eq(zlib.isal, 0, "%s: the twin used ISA-L", what);
    cr_assert_eq(isal.header_rc, zlib.header_rc, "%s (block %zu): header %d vs %d", what, block,
                 isal.header_rc, zlib.header_rc);
    cr_assert_eq(isal.n, zlib.n, "%s (block %zu): %zu bytes vs %zu", what, block, isal.n, zlib.n);
    cr_assert(isal.n == 0 || memcmp(isal.bytes, zlib.bytes, isal.n) == 0,
              "%s (block %zu): the bytes differ", what, block);
    cr_assert_eq(isal.last_rc, zlib.last_rc, "%s (block %zu): end %ld vs %ld", what, block,
                 isal.last_rc, zlib.last_rc);
    cr_assert_str_eq(isal.error, zlib.error, "%s (block %zu)", what, block);
    cr_assert_str_eq(isal.failure, zlib.failure, "%s (block %zu)", what, block);
    cr_assert_eq(isal.finish_rc, zlib.finish_rc, "%s (block %zu)", what, block);
    int whole = isal.isal;
    outcome_free(&isal);
    outcome_free(&zlib);
    return whole;
}

static const size_t blocks[] = {FMT_INPUT_BLOCK, 4096, 7};

static void same_at_every_block_size(const unsigned char *p, size_t n, const char *what)
{
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        same_both_ways(p, n, blocks[i], what);
}

/* ------------------------------------------------------ the streams */

/* Game-log-like text, n lines. */
static char *text(size_t lines, size_t *len)
{
    size_t cap = lines * 64 + 1, at = 0;
    char *t = malloc(cap);
    cr_assert_not_null(t);
    uint64_t rng = 7;
    for (size_t i = 0; i < lines; i++)
        at += (size_t)snprintf(t + at, cap - at, "%zu. e%u-e%u Nf%u %08x\n", i + 1,
                               ts_rng_below(&rng, 8) + 1, ts_rng_below(&rng, 8) + 1,
                               ts_rng_below(&rng, 8) + 1, ts_rng_below(&rng, 1u << 16));
    *len = at;
    return t;
}

/* One gzip member of p; with fields, the header has FEXTRA, FNAME and
 * FCOMMENT, and FHCRC too when fields is 2.  (ISA-L 2.30 takes zlib's
 * header CRC for wrong when the header has a comment: zlib inflates
 * such a member.) */
static unsigned char *gzip_member(const void *p, size_t n, int fields, size_t *len)
{
    z_stream z = {0};
    cr_assert_eq(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    gz_header h = {0};
    static unsigned char extra[] = "xx";
    if (fields) {
        h.extra = extra;
        h.extra_len = 2;
        h.name = (Bytef *)"games.tar";
        h.comment = (Bytef *)"a test";
        h.hcrc = fields == 2;
        cr_assert_eq(deflateSetHeader(&z, &h), Z_OK);
    }
    size_t cap = deflateBound(&z, (uLong)n) + 64;
    unsigned char *out = malloc(cap);
    cr_assert_not_null(out);
    z.next_in = (Bytef *)(uintptr_t)p;
    z.avail_in = (uInt)n;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    *len = cap - z.avail_out;
    deflateEnd(&z);
    return out;
}

static unsigned char *cat(unsigned char *a, size_t *na, const void *b, size_t nb)
{
    a = realloc(a, *na + nb);
    cr_assert_not_null(a);
    memcpy(a + *na, b, nb);
    *na += nb;
    return a;
}

/* Four members (the second with the header fields of gzip_member) and
 * garbage. */
static unsigned char *members(int fields, size_t *len)
{
    size_t nt, n1, n2, n3;
    char *t = text(300, &nt);
    unsigned char *m1 = gzip_member(t, nt / 3, 0, &n1);
    unsigned char *m2 = gzip_member(t + nt / 3, nt / 3, fields, &n2);
    unsigned char *m3 = gzip_member(t, 0, 0, &n3);
    unsigned char *all = NULL;
    *len = 0;
    all = cat(all, len, m1, n1);
    all = cat(all, len, m2, n2);
    all = cat(all, len, m3, n3);
    all = cat(all, len, m1, n1);
    all = cat(all, len, "not gzip", 8);
    free(t);
    free(m1);
    free(m2);
    free(m3);
    return all;
}

/* ------------------------------------------------------------ tests */

Test(formats_feed_twins, whole_streams_are_inflated_by_isal_alone)
{
    size_t nt, ng, nm;
    char *t = text(2000, &nt);
    unsigned char *g = gzip_member(t, nt, 0, &ng);
    unsigned char *m = members(1, &nm);
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++) {
        cr_assert(same_both_ways(g, ng, blocks[i], "one member"), "ISA-L handed it to zlib");
        cr_assert(same_both_ways(m, nm, blocks[i], "four members"), "ISA-L handed it to zlib");
    }
    /* And the bytes are the text. */
    struct outcome o;
    run(g, ng, FMT_INPUT_BLOCK, 0, &o);
    cr_assert_eq(o.n, nt);
    cr_assert_eq(memcmp(o.bytes, t, nt), 0);
    cr_assert_str_eq(o.failure, "");
    outcome_free(&o);
    free(t);
    free(g);
    free(m);
}

Test(formats_feed_twins, every_cut_of_small_streams)
{
    size_t nt, ng, nm;
    char *t = text(400, &nt);
    unsigned char *g = gzip_member(t, nt, 2, &ng);
    unsigned char *m = members(2, &nm);
    for (size_t keep = 0; keep <= ng; keep++)
        same_both_ways(g, keep, keep % 2 ? 7 : FMT_INPUT_BLOCK, "a cut member");
    for (size_t keep = 0; keep <= nm; keep++)
        same_both_ways(m, keep, keep % 2 ? 4096 : 7, "cut members");
    /* A cut says so. */
    struct outcome o;
    run(g, ng - 1, FMT_INPUT_BLOCK, 0, &o);
    cr_assert_str_eq(o.failure, "truncated gzip input");
    outcome_free(&o);
    free(t);
    free(g);
    free(m);
}

Test(formats_feed_twins, every_byte_flipped)
{
    size_t nt, nm;
    char *t = text(150, &nt);
    free(t);
    unsigned char *m = members(2, &nm);
    unsigned char *bad = malloc(nm);
    cr_assert_not_null(bad);
    static const unsigned char flips[] = {0x01, 0x80, 0xFF};
    for (size_t at = 0; at < nm; at++)
        for (size_t k = 0; k < sizeof flips; k++) {
            memcpy(bad, m, nm);
            bad[at] ^= flips[k];
            char what[64];
            snprintf(what, sizeof what, "byte %zu ^ %02x", at, flips[k]);
            same_both_ways(bad, nm, at % 2 ? FMT_INPUT_BLOCK : 7, what);
        }
    /* The trailer's CRC and length are checked. */
    size_t ng;
    unsigned char *g = gzip_member(m, 100, 0, &ng);
    g[ng - 8] ^= 1;
    struct outcome o;
    run(g, ng, FMT_INPUT_BLOCK, 0, &o);
    cr_assert_str_eq(o.failure, "gzip checksum mismatch");
    outcome_free(&o);
    g[ng - 8] ^= 1;
    g[ng - 2] ^= 1;
    run(g, ng, FMT_INPUT_BLOCK, 0, &o);
    cr_assert_str_eq(o.failure, "gzip checksum mismatch");
    outcome_free(&o);
    free(g);
    free(bad);
    free(m);
}

static void each_file(const char *dir, void (*fn)(const char *path))
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "%s", dir);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char *p = ts_fmt("%s/%s", dir, e->d_name);
        fn(p);
        free(p);
    }
    closedir(d);
}

static void same_for_file(const char *path)
{
    size_t n;
    char *p = ts_read_file(path, &n);
    if (!p)
        return;  /* a directory */
    same_at_every_block_size((unsigned char *)p, n, path);
    free(p);
}

static void corpus_dir(const char *path)
{
    each_file(path, same_for_file);
}

Test(formats_feed_twins, the_fuzz_corpus)
{
    each_file(GC_SOURCE_DIR "/tests/fuzz/corpus", corpus_dir);
}

Test(formats_feed_twins, the_sample_archives)
{
    each_file(GC_SOURCE_DIR "/sample-data", same_for_file);
}
