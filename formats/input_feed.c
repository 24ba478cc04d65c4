/*
 * input_feed: the bytes a libarchive reader reads (input.h, "feeds").
 *
 * A feed passes its source's blocks on as they are, unless the stream
 * starts with a gzip header: then it inflates them with zlib, as gzip(1)
 * does, member after member.  libarchive's gzip filter fills a 64 KiB
 * block before handing any of it out and drops the block when the input
 * ends or breaks inside it, so a .tar.gz cut by a few bytes lost the last
 * entries whose bytes had all arrived (42 of 60 logs came back where
 * `gzip -dc | tar` gives all 60).  Here every byte zlib could inflate is
 * handed out first.  A damaged gzip stream then simply ends for
 * libarchive, and the feed keeps why (fmt_feed_failure): an error handed
 * to libarchive while it is still telling formats apart makes it take the
 * stream for empty, and after that the format's own complaint ("Truncated
 * tar archive") would stand where the real one belongs.  The reader then
 * reads every whole entry; the one the end cut into fails, and the walker
 * puts the feed's reason in its row, or in the archive's when the cut
 * fell after the last entry (fmt_feed_finish reads to the end for that).
 * The trailer of every member is checked too (CRC-32 and length; the
 * inflater does it), which libarchive 3.6 does not do at all.
 *
 * Two inflaters, one behaviour.  ISA-L (isal_inflate, with its own CRC-32
 * and length check of each member) inflates a source that can seek back,
 * about three times as fast as zlib; zlib inflates the rest, and every
 * damaged member: when ISA-L stops on an error (any: bad data, a bad
 * header or trailer, or the end of the input inside a member), the feed
 * seeks the source back to that member's header and zlib inflates the
 * member again, its bytes up to what ISA-L had already made discarded, to
 * the same end as zlib alone.  So the reasons, the point where a stream
 * breaks and the bytes handed out before it are zlib's in both ways
 * (tests/formats/test_input_feed_twins.c holds them to it).  The
 * environment variable GCAUDIT_TEST_GZIP=zlib, for tests only, makes every
 * feed inflate with zlib alone.
 *
 * What is and is not a gzip stream mirrors libarchive 3.6's gzip bidder
 * (peek_at_header), so that the same inputs are read as before: the magic
 * 1F 8B, method 8 (deflate), no reserved flag bit, and at least the 10
 * bytes of the fixed header (a header cut shorter is no gzip stream to
 * libarchive either).  After a member, bytes that do not start another
 * such header end the stream, as libarchive ignores trailing garbage.
 * Only the first layer is inflated here; a gzip inside the gzip is
 * libarchive's again, like bzip2, xz and the rest.
 *
 * What a feed hands over counts against the input's decompression budget
 * as it goes (input_archive.c); a gzip stream ends, damaged, once the
 * input has decoded twice its budget, since a reader skipping the data of
 * members it no longer reads would otherwise go on inflating them.
 */
#include "formats/input.h"

#include <archive.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <isa-l/igzip_lib.h>
#include <zlib.h>

/* What one inflate call fills: ISA-L keeps its 32 KiB window by copying
 * the last 32 KiB it made at the end of every call, so the larger the
 * block the less of the output is copied twice (at 64 KiB, half of it;
 * 1.3% of the instructions of the 128-ply bench set, 0.5% at 256 KiB). */
#define FEED_OUT (256 * 1024)
#define GZIP_HEADER 10   /* the fixed part: magic, method, flags, time, xfl, os */

enum feed_mode {
    FEED_START,      /* nothing read yet */
    FEED_PLAIN,      /* not gzip: the source's blocks go through as they are */
    FEED_INFLATE,    /* inside a gzip member */
    FEED_END,        /* the gzip stream is over */
    FEED_DAMAGED,    /* the gzip stream broke: why says how; libarchive sees its end */
    FEED_FAILED      /* the source failed: why says how; every later call fails */
};

struct fmt_feed {
    struct fmt_walker *w;
    fmt_source_fn source;
    fmt_skip_fn skip;
    fmt_seek_fn seek;
    void *src;
    enum feed_mode mode;
    const unsigned char *in;   /* source bytes not used yet */
    size_t in_len;
    int source_end;            /* the source said it has no more */
    int pending_failure;       /* failed after handing out bytes: say so next call */
    unsigned char *gather;     /* a header's bytes, when a block ended inside it */
    z_stream z;
    int z_ready;
    struct inflate_state *isal; /* ISA-L's state while it inflates, else NULL */
    struct isal_gzip_header gz; /* the member's header as ISA-L reads it */
    int gz_reading;            /* ISA-L is inside a member's header */
    int64_t member_at;         /* where ISA-L's member starts in the source */
    uint64_t member_made;      /* bytes of it handed out before this block */
    unsigned char *member_out; /* where its bytes of this block start in out */
    unsigned char *scrap;      /* zlib's bytes ISA-L had made, discarded */
    unsigned char *out;        /* inflated bytes handed to libarchive */
    char why[FMT_INPUT_MSG_MAX / 2];
};

struct fmt_feed *fmt_feed_new(struct fmt_walker *w, fmt_source_fn source, fmt_skip_fn skip,
                              fmt_seek_fn seek, void *src)
{
    struct fmt_feed *f = calloc(1, sizeof *f);
    if (f) {
        f->w = w;
        f->source = source;
        f->skip = skip;
        f->seek = seek;
        f->src = src;
    }
    return f;
}

void fmt_feed_free(struct fmt_feed *f)
{
    if (!f)
        return;
    if (f->z_ready)
        inflateEnd(&f->z);
    free(f->isal);
    free(f->scrap);
    free(f->gather);
    free(f->out);
    free(f);
}

bool fmt_feed_inflating(const struct fmt_feed *f)
{
    return f->z_ready;
}

bool fmt_feed_isal(const struct fmt_feed *f)
{
    return f->isal != NULL;
}

const char *fmt_feed_failure(const struct fmt_feed *f)
{
    return f && f->mode == FEED_DAMAGED ? f->why : NULL;
}

static int fail(struct fmt_feed *f, const char *why)
{
    if (why)
        snprintf(f->why, sizeof f->why, "%s", why);
    f->mode = FEED_FAILED;
    return -1;
}

/* The gzip stream is damaged (or past the budget): it ends here. */
static int damaged(struct fmt_feed *f, const char *why)
{
    snprintf(f->why, sizeof f->why, "%s", why);
    f->mode = FEED_DAMAGED;
    return -1;
}

/* The next block of the source into in.  0, or -1 (failed). */
static int next_block(struct fmt_feed *f)
{
    const void *buf;
    ptrdiff_t got = f->source(f->src, &buf, f->why, sizeof f->why);
    if (got < 0)
        return fail(f, NULL);
    if (got == 0)
        f->source_end = 1;
    f->in = buf;
    f->in_len = (size_t)got;
    return 0;
}

/* At least n source bytes in one piece at in (fewer only at the source's
 * end), copying them into gather when a block ends sooner: headers only,
 * so n is small and the copy rare.  0, or -1 (failed). */
static int gather(struct fmt_feed *f, size_t n)
{
    if (f->in_len >= n || f->source_end)
        return 0;
    if (!f->gather && !(f->gather = malloc(FMT_INPUT_BLOCK + 2 * GZIP_HEADER)))
        return fail(f, "out of memory");
    memmove(f->gather, f->in, f->in_len);
    size_t have = f->in_len;
    while (have < n && !f->source_end) {
        if (next_block(f) != 0)
            return -1;
        /* have < n, so this fits: at most n - 1 + one block */
        size_t take = f->in_len < FMT_INPUT_BLOCK ? f->in_len : FMT_INPUT_BLOCK;
        memcpy(f->gather + have, f->in, take);
        have += take;
        f->in_len -= take;
        if (f->in_len) {
            /* Blocks are at most FMT_INPUT_BLOCK: nothing is ever left. */
            return fail(f, "input block larger than expected");
        }
    }
    f->in = f->gather;
    f->in_len = have;
    return 0;
}

/* The fixed gzip header at p, as libarchive's bidder takes it. */
static int gzip_header_at(const unsigned char *p, size_t n)
{
    return n >= GZIP_HEADER && p[0] == 0x1F && p[1] == 0x8B && p[2] == 8 && (p[3] & 0xE0) == 0;
}

/* ISA-L begins a member at in: where it is in the source, for zlib to
 * come back to.  0, or -1 when the source cannot say (zlib goes on). */
static int isal_member_start(struct fmt_feed *f)
{
    int64_t at = f->seek(f->src, 0, SEEK_CUR);
    if (at < 0 || (uint64_t)at < f->in_len)
        return -1;
    f->member_at = at - (int64_t)f->in_len;
    f->member_made = 0;
    return 0;
}

/* ISA-L is to read a new member, from its header.  The header is read
 * by isal_read_gzip_header into f->gz, which lives as long as the feed:
 * isal_inflate's own header reading keeps what it has read of a header
 * on its stack, so a header split between two calls (a source handing
 * out a few bytes at a time) was read on from uninitialised memory (ISA-L
 * issue 224; valgrind showed it on test_input_feed_twins's small blocks).
 * The body is then inflated with its trailer checked (NO_HDR_VER). */
static void isal_member_begin(struct fmt_feed *f)
{
    isal_gzip_header_init(&f->gz);
    f->isal->crc_flag = ISAL_GZIP_NO_HDR_VER;
    f->gz_reading = 1;
}

/* The first bytes decide: gzip, or plain. */
static int start(struct fmt_feed *f)
{
    if (next_block(f) != 0 || gather(f, GZIP_HEADER) != 0)
        return -1;
    if (!gzip_header_at(f->in, f->in_len)) {
        f->mode = FEED_PLAIN;
        return 0;
    }
    if (!(f->out = malloc(FEED_OUT)))
        return fail(f, "out of memory");
    /* 16 + MAX_WBITS: a gzip wrapper, header and trailer checked by zlib. */
    if (inflateInit2(&f->z, 16 + MAX_WBITS) != Z_OK)
        return fail(f, "out of memory");
    f->z_ready = 1;
    f->mode = FEED_INFLATE;
    const char *only = getenv("GCAUDIT_TEST_GZIP");
    if (f->seek && !(only && strcmp(only, "zlib") == 0)) {
        if (!(f->isal = malloc(sizeof *f->isal)))
            return fail(f, "out of memory");
        isal_inflate_init(f->isal);
        isal_member_begin(f);
        if (isal_member_start(f) != 0) {
            free(f->isal);
            f->isal = NULL;
        }
    }
    return 0;
}

/* zlib's word for damage, in the terms the rows use (input_archive.c
 * groups them by "truncated", "corrupt"). */
static int inflate_failed(struct fmt_feed *f, int ret)
{
    if (ret == Z_MEM_ERROR)
        return fail(f, "out of memory");
    const char *m = f->z.msg ? f->z.msg : "";
    if (strstr(m, "incorrect data check") || strstr(m, "incorrect length check"))
        return damaged(f, "gzip checksum mismatch");
    char why[FMT_INPUT_MSG_MAX / 2];
    snprintf(why, sizeof why, "gzip decompression failed: %s", *m ? m : "bad data");
    return damaged(f, why);
}

/* Twice the budget: past that a gzip stream is inflated no further
 * (input_archive.c counts it; see the top of this file). */
static int past_hard_limit(const struct fmt_feed *f)
{
    uint64_t b = fmt_input_budget(f->w);
    return f->w->inflated > (b > UINT64_MAX / 2 ? UINT64_MAX : 2 * b);
}

/* One step of zlib: the next source block when in is used up, else one
 * call of inflate on in (with nothing left at the source's end, for the
 * bytes zlib still holds).  inflate's Z_OK, Z_BUF_ERROR or Z_STREAM_END,
 * or Z_ERRNO when the source failed or the stream broke (the mode says
 * which). */
static int zlib_step(struct fmt_feed *f)
{
    if (f->in_len == 0 && !f->source_end)
        return next_block(f) == 0 ? Z_OK : Z_ERRNO;
    f->z.next_in = (Bytef *)(uintptr_t)f->in;
    f->z.avail_in = (uInt)(f->in_len < UINT32_MAX ? f->in_len : UINT32_MAX);
    uInt before = f->z.avail_in;
    int ret = inflate(&f->z, Z_NO_FLUSH);
    f->in += before - f->z.avail_in;
    f->in_len -= before - f->z.avail_in;
    if (ret == Z_BUF_ERROR && f->in_len == 0 && f->source_end) {
        damaged(f, "truncated gzip input");
        return Z_ERRNO;
    }
    if (ret != Z_OK && ret != Z_BUF_ERROR && ret != Z_STREAM_END) {
        inflate_failed(f, ret);
        return Z_ERRNO;
    }
    return ret;
}

/* ISA-L stopped inside the member that starts at member_at, of which it
 * had handed out member_made bytes before this block: zlib takes over
 * there, inflating those again into scrap, and goes on from the same
 * byte into out at member_out (ISA-L's bytes of this block are made
 * again).  0, or -1 (failed). */
static int zlib_takes_over(struct fmt_feed *f)
{
    free(f->isal);
    f->isal = NULL;
    int64_t here = f->seek(f->src, 0, SEEK_CUR);
    if (here < 0 || f->seek(f->src, f->member_at, SEEK_SET) != f->member_at)
        return fail(f, "cannot seek back in the gzip input");
    /* The bytes read again were counted once already. */
    uint64_t again = (uint64_t)(here - f->member_at);
    f->w->raw = f->w->raw > again ? f->w->raw - again : 0;
    f->in_len = 0;
    f->source_end = 0;
    inflateReset(&f->z);
    if (f->member_made && !f->scrap && !(f->scrap = malloc(FMT_INPUT_BLOCK)))
        return fail(f, "out of memory");
    uint64_t left = f->member_made;
    while (left > 0 && f->mode == FEED_INFLATE) {
        f->z.next_out = f->scrap;
        f->z.avail_out = (uInt)(left < FMT_INPUT_BLOCK ? left : FMT_INPUT_BLOCK);
        uInt room = f->z.avail_out;
        int ret = zlib_step(f);
        left -= room - f->z.avail_out;
        if (ret == Z_ERRNO)
            return -1;
        if (ret == Z_STREAM_END && left > 0)
            return damaged(f, "gzip decompression failed: ISA-L and zlib disagree");
    }
    f->z.next_out = f->member_out;
    f->z.avail_out = (uInt)(f->out + FEED_OUT - f->member_out);
    return 0;
}

/* ISA-L inflates into out (from z.next_out, z.avail_out) until it is full,
 * the gzip stream ends, or ISA-L stops, when zlib takes over the member.
 * 0, or -1 (failed: the source, or damage zlib found taking over). */
static int isal_fill(struct fmt_feed *f)
{
    struct inflate_state *s = f->isal;
    s->next_out = f->z.next_out;
    s->avail_out = f->z.avail_out;
    f->member_out = s->next_out;
    int failed = 0;
    while (s->avail_out > 0 && f->mode == FEED_INFLATE) {
        if (f->in_len == 0 && !f->source_end && next_block(f) != 0) {
            failed = -1;
            break;
        }
        s->next_in = (uint8_t *)(uintptr_t)f->in;
        s->avail_in = (uint32_t)(f->in_len < UINT32_MAX ? f->in_len : UINT32_MAX);
        uint32_t before = s->avail_in;
        int ret = f->gz_reading ? isal_read_gzip_header(s, &f->gz) : isal_inflate(s);
        f->in += before - s->avail_in;
        f->in_len -= before - s->avail_in;
        if (f->gz_reading) {
            if (ret == ISAL_DECOMP_OK)
                f->gz_reading = 0;
            else if (ret != ISAL_END_INPUT || f->in_len > 0 || f->source_end)
                return zlib_takes_over(f); /* a bad or cut header: zlib says which */
            continue;
        }
        if (ret == ISAL_DECOMP_OK && s->block_state == ISAL_BLOCK_FINISH &&
            s->tmp_in_size == 0 && s->read_in_length < 8) {
            /* The member and its trailer are whole and checked (and
             * ISA-L holds no byte past them): another member, or the end
             * (trailing bytes ignored). */
            if (gather(f, GZIP_HEADER) != 0) {
                failed = -1;
                break;
            }
            if (!gzip_header_at(f->in, f->in_len)) {
                f->mode = FEED_END;
            } else if (isal_member_start(f) == 0) {
                f->member_out = s->next_out;
                isal_inflate_reset(s);
                isal_member_begin(f);
            } else {
                /* Where the member starts is not known: zlib inflates
                 * it, and the rest, from here. */
                f->z.next_out = s->next_out;
                f->z.avail_out = s->avail_out;
                free(f->isal);
                f->isal = NULL;
                inflateReset(&f->z);
                return 0;
            }
        } else if (ret != ISAL_DECOMP_OK || s->block_state == ISAL_BLOCK_FINISH ||
                   (f->in_len == 0 && f->source_end)) {
            /* Damage, the end inside the member, or a member end ISA-L
             * read past: zlib says which and where, from the member's
             * start. */
            return zlib_takes_over(f);
        }
    }
    f->member_made += (uint64_t)(s->next_out - f->member_out);
    f->z.next_out = s->next_out;
    f->z.avail_out = s->avail_out;
    return failed;
}

/* Inflate into out until it is full or the stream ends or breaks.  The
 * bytes made before a failure of the source are returned first, the
 * failure waits for the next call; damage simply ends the stream. */
static ptrdiff_t inflate_block(struct fmt_feed *f, const void **buf)
{
    if (past_hard_limit(f)) {
        char msg[FMT_INPUT_MSG_MAX / 2];
        fmt_input_budget_message(f->w, msg, sizeof msg);
        f->w->over_budget = 1;
        damaged(f, msg);
        return 0;
    }
    f->z.next_out = f->out;
    f->z.avail_out = FEED_OUT;
    int failed = f->isal ? isal_fill(f) : 0;
    while (!failed && f->z.avail_out > 0 && f->mode == FEED_INFLATE) {
        int ret = zlib_step(f);
        if (ret == Z_ERRNO) {
            failed = -1;
        } else if (ret == Z_STREAM_END) {
            /* Another member, or the end (trailing bytes ignored). */
            if (gather(f, GZIP_HEADER) != 0)
                failed = -1;
            else if (gzip_header_at(f->in, f->in_len))
                inflateReset(&f->z);
            else
                f->mode = FEED_END;
        }
    }
    size_t made = FEED_OUT - f->z.avail_out;
    if (failed && f->mode == FEED_DAMAGED)
        failed = 0;
    if (failed && made == 0)
        return -1;
    f->pending_failure = failed != 0;
    *buf = f->out;
    return (ptrdiff_t)made;
}

/* libarchive's read callback. */
static la_ssize_t feed_read(struct archive *a, void *data, const void **buf)
{
    struct fmt_feed *f = data;
    ptrdiff_t got;
    if (f->pending_failure) {
        f->pending_failure = 0;
        got = -1;
    } else if (f->mode == FEED_START && start(f) != 0) {
        got = -1;
    } else if (f->mode == FEED_PLAIN) {
        if (f->in_len) {
            /* What deciding took from the source, then block by block. */
            *buf = f->in;
            got = (ptrdiff_t)f->in_len;
            f->in_len = 0;
        } else if (f->source_end) {
            got = 0;
        } else {
            got = next_block(f) == 0 ? (ptrdiff_t)f->in_len : -1;
            *buf = f->in;
            f->in_len = 0;
        }
    } else if (f->mode == FEED_INFLATE) {
        got = inflate_block(f, buf);
    } else {
        got = f->mode == FEED_FAILED ? -1 : 0;
    }
    if (got < 0)
        archive_set_error(a, EIO, "%s", f->why);
    else
        /* Decoded bytes of the input, counted as they go, so that the
         * budget holds while libarchive skips (input_archive.c). */
        f->w->inflated = (uint64_t)got > UINT64_MAX - f->w->inflated ? UINT64_MAX
                                                                     : f->w->inflated + (uint64_t)got;
    return got;
}

enum fmt_rc fmt_feed_finish(struct fmt_feed *f)
{
    const void *buf;
    while (f->mode == FEED_INFLATE)
        if (inflate_block(f, &buf) < 0 || f->pending_failure)
            return FMT_FAILED;
    return f->mode == FEED_DAMAGED ? FMT_FAILED : FMT_OK;
}

/* libarchive's skip callback: a plain stream whose source can seek. */
static la_int64_t feed_skip(struct archive *a, void *data, la_int64_t request)
{
    (void)a;
    struct fmt_feed *f = data;
    if (f->mode != FEED_PLAIN || f->in_len || !f->skip || request <= 0)
        return 0;
    return f->skip(f->src, request);
}

/* libarchive's seek callback: a plain stream whose source can seek (7-Zip
 * and zip read their directories at the end of a regular file). */
static la_int64_t feed_seek(struct archive *a, void *data, la_int64_t offset, int whence)
{
    (void)a;
    struct fmt_feed *f = data;
    if (f->mode == FEED_START) {
        /* Seeking before the first read: the stream is taken as plain
         * only if it is not gzip, which the first bytes decide. */
        if (start(f) != 0)
            return ARCHIVE_FATAL;
    }
    if (f->mode != FEED_PLAIN || !f->seek)
        return ARCHIVE_FATAL;
    la_int64_t at = f->seek(f->src, offset, whence);
    if (at < 0)
        return ARCHIVE_FATAL;
    f->in_len = 0;
    f->source_end = 0;
    return at;
}

enum fmt_rc fmt_feed_open(struct fmt_feed *f, struct archive *a)
{
    archive_read_set_read_callback(a, feed_read);
    archive_read_set_skip_callback(a, feed_skip);
    if (f->seek)
        archive_read_set_seek_callback(a, feed_seek);
    archive_read_set_callback_data(a, f);
    return archive_read_open1(a) == ARCHIVE_OK ? FMT_OK : FMT_FAILED;
}
