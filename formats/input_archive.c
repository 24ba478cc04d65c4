/*
 * Every stream, whatever it turns out to be, goes through libarchive: a
 * plain log, a compressed log, an archive, and each member of an archive.
 * Format detection is libarchive's, by content: the "raw" format claims
 * whatever no archive format claims, so a stream read as RAW is one file
 * (compressed or not) whose data is the entry's text, and anything else is
 * an archive whose members are walked the same way, one level deeper.
 *
 * Nothing is extracted and no archive is held whole: a member is read by a
 * nested reader whose read callback pulls the parent's member data 64 KiB
 * at a time, so memory is one block per level plus the one entry's text.
 *
 * Failures are rows, not returns.  When a member's data breaks because the
 * archive around it broke (a truncated .tar.gz), the member's row says so,
 * and the archive's own failure is not reported a second time; when a
 * header breaks between members, the archive gets a failed row of its own.
 */
#include "formats/input.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* One stream being read: the outermost file, or a member of an archive. */
struct level {
    struct fmt_walker *w;
    const char *source;   /* the fmt_entry source of every row below */
    const char *name;     /* this stream's entry name: "" outermost, else a!b!c */
    int depth;            /* 1 for the outermost stream */
    int64_t known_size;   /* stream bytes if known before reading, else -1 */
    int compressed;       /* a decompression filter is at work (known once open) */
    int archive;          /* an archive, not one file (known after its first header) */
    int fd;               /* the outermost stream's file, -1 for a member */
};

/* Where a nested reader gets its bytes: the parent's current member. */
struct nested_src {
    struct archive *parent;
    int parent_failed;                    /* the parent's data broke: its stream is gone */
    char parent_error[FMT_INPUT_MSG_MAX / 2]; /* what the parent said then: room left for ours */
    int error_pending;                    /* parent_error is still to be set on the child */
    unsigned char tail[8];                /* the last bytes passed on: a gzip trailer */
    uint64_t passed;                      /* bytes passed on so far */
    size_t prefix_len, prefix_pos;        /* the member's first bytes, read ahead into block */
    int prefix_eof;                       /* they are all of it */
    int plain;                            /* read as plain data from the prefix, no nested reader */
    unsigned char block[FMT_INPUT_BLOCK];
};

static int walk_stream(struct level *lv, struct archive *a,
                       struct nested_src *src);

/* Formats are enabled one by one, not with format_all: mtree and warc are
 * text formats that can claim a plain log.  Filters likewise: the ones
 * that run an external program (lrzip, lzop, grzip, and lz4 in some
 * builds) or decode text (uu) stay out.  A support call that fails only
 * loses that format. */
static struct archive *reader_new(void)
{
    struct archive *a = archive_read_new();
    if (!a)
        return NULL;
    archive_read_support_format_tar(a);
    archive_read_support_format_zip(a);
    archive_read_support_format_7zip(a);
    archive_read_support_format_cpio(a);
    archive_read_support_format_ar(a);
    archive_read_support_format_iso9660(a);
    archive_read_support_format_cab(a);
    archive_read_support_format_lha(a);
    archive_read_support_format_rar(a);
    archive_read_support_format_rar5(a);
    archive_read_support_format_xar(a);
    archive_read_support_format_raw(a);
    archive_read_support_format_empty(a);
    archive_read_support_filter_gzip(a);
    archive_read_support_filter_bzip2(a);
    archive_read_support_filter_xz(a);
    archive_read_support_filter_lzma(a);
    archive_read_support_filter_lzip(a);
    archive_read_support_filter_zstd(a);
    archive_read_support_filter_compress(a);
    return a;
}

static int contains_ci(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && (s[i] | 0x20) == word[i])
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

/* libarchive's messages are precise but say "what" in its own words; the
 * row leads with the kind of problem so that reports can be grouped. */
static const char *problem_kind(const char *err)
{
    if (contains_ci(err, "encrypt") || contains_ci(err, "passphrase"))
        return "encrypted";
    /* xz says "No progress is possible" when its input ends early. */
    if (contains_ci(err, "truncat") || contains_ci(err, "premature") ||
        contains_ci(err, "unexpected end") || contains_ci(err, "no progress"))
        return "truncated";
    return "corrupt";
}

/* Why reading a stream failed.  If the archive around it broke, that is
 * the reason, whatever the nested reader made of it.  What the stream is
 * comes from lv, not from a: after a fatal error libarchive has already
 * let go of its filters and format. */
static void describe_error(const struct level *lv, struct archive *a,
                           const struct nested_src *src, char *msg, size_t msgsz)
{
    const char *err = archive_error_string(a);
    const char *noun = NULL;   /* NULL: failed before anything was recognised */
    if (src && src->parent_failed)
        err = src->parent_error, noun = "archive";
    else if (lv->archive)
        noun = "archive";
    else if (lv->compressed)
        noun = "compressed data";
    /* Some readers (cpio, 7-Zip) fail without a word when data runs out
     * or makes no sense; claim no more than that. */
    if (!err || !*err) {
        snprintf(msg, msgsz, "corrupt or truncated %s", noun ? noun : "input");
        return;
    }
    /* 7-Zip keeps its directory at the end and seeks back to the data,
     * which a member of another archive, or a pipe, cannot do. */
    if (contains_ci(err, "seek"))
        snprintf(msg, msgsz, "archive cannot be read as a stream: %s", err);
    else if (!noun && contains_ci(err, "error reading"))
        snprintf(msg, msgsz, "read error: %s", err);   /* the system's, not the data's */
    else
        snprintf(msg, msgsz, "%s %s: %s", problem_kind(err), noun ? noun : "input", err);
}

static int report_failed(const struct level *lv, struct archive *a,
                         const struct nested_src *src, uint64_t bytes)
{
    char msg[FMT_INPUT_MSG_MAX];
    describe_error(lv, a, src, msg, sizeof msg);
    return fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_FAILED,
                            msg, bytes, NULL, 0);
}

static int report_simple(const struct level *lv, const char *name,
                         enum fmt_entry_status status, const char *msg)
{
    return fmt_input_report(lv->w, lv->source, name, status, msg, 0, NULL, 0);
}

static void format_limit(uint64_t limit, char *out, size_t outsz)
{
    if (limit % ((uint64_t)1 << 20) == 0)
        snprintf(out, outsz, "%llu MiB", (unsigned long long)(limit >> 20));
    else if (limit % 1024 == 0)
        snprintf(out, outsz, "%llu KiB", (unsigned long long)(limit >> 10));
    else
        snprintf(out, outsz, "%llu bytes", (unsigned long long)limit);
}

/* ------------------------------------------------------------ one file */

/* An entry's bytes while they are read. */
struct text_buf {
    char *data;
    size_t len, cap;
};

/* Room to read at least one byte, and a terminator.  Reading stops once
 * the text passes the limit, so the buffer never needs more than limit +
 * block.  The first buffer is the entry's size when that is known and
 * small: most members of an archive are a few KiB, and a million of them
 * should not cost a million 128 KiB buffers. */
static int text_reserve(struct text_buf *t, uint64_t limit, int64_t known)
{
    if (t->cap > t->len + 1)
        return 0;
    if (!t->cap && known >= 0 && known < FMT_INPUT_BLOCK) {
        /* +2: the terminator, and room to see the end of the data. */
        t->data = malloc((size_t)known + 2);
        t->cap = t->data ? (size_t)known + 2 : 0;
        return t->data ? 0 : -1;
    }
    size_t cap = t->cap > FMT_INPUT_BLOCK ? t->cap * 2 : 2 * FMT_INPUT_BLOCK;
    if (limit < SIZE_MAX - 2 * FMT_INPUT_BLOCK && cap > limit + FMT_INPUT_BLOCK + 1)
        cap = (size_t)limit + FMT_INPUT_BLOCK + 1;
    if (cap - t->len <= FMT_INPUT_BLOCK)
        cap = t->len + FMT_INPUT_BLOCK + 1;
    char *bigger = realloc(t->data, cap);
    if (!bigger)
        return -1;
    t->data = bigger;
    t->cap = cap;
    return 0;
}

/* How a file's data ended. */
enum text_end {
    TEXT_EOF,       /* all of it is in the buffer */
    TEXT_NOT_LOG,   /* the first 4 KiB have no Game: header: stopped reading */
    TEXT_TOO_BIG,   /* over the limit: stopped reading */
    TEXT_READ_ERROR,
    TEXT_NO_MEMORY
};

/* The entry's size as the archive (or the file system) states it, when
 * its data is stored plainly; 0 when unknown, or compressed (what a
 * compressed stream inflates to is known only by inflating it). */
static uint64_t stored_size(const struct level *lv)
{
    return lv->known_size >= 0 && !lv->compressed ? (uint64_t)lv->known_size : 0;
}

/* Data of a plain member: what is left of the prefix (all of it, in one
 * piece, as the nested reader would hand it over). */
static la_ssize_t prefix_data(struct nested_src *src, char *dst, size_t n)
{
    size_t left = src->prefix_len - src->prefix_pos;
    if (n > left)
        n = left;
    memcpy(dst, src->block + src->prefix_pos, n);
    src->prefix_pos += n;
    return (la_ssize_t)n;
}

/* Read a RAW stream's data (from a, or from src's prefix when the member
 * is plain).  The Game: check runs as soon as 4 KiB are in, so a large
 * file that is not a log costs one block, not its size. */
static enum text_end read_data(const struct level *lv, struct archive *a,
                               struct nested_src *src, struct text_buf *t)
{
    int sniffed = 0;
    for (;;) {
        if (text_reserve(t, lv->w->max_entry_bytes, lv->known_size) != 0)
            return TEXT_NO_MEMORY;
        size_t room = t->cap - t->len - 1;
        size_t want = room < FMT_INPUT_BLOCK ? room : FMT_INPUT_BLOCK;
        la_ssize_t got = src && src->plain ? prefix_data(src, t->data + t->len, want)
                                           : archive_read_data(a, t->data + t->len, want);
        if (got < 0)
            return TEXT_READ_ERROR;
        if (got == 0)
            return sniffed || fmt_text_has_game_header(t->data, t->len) ? TEXT_EOF : TEXT_NOT_LOG;
        t->len += (size_t)got;
        if (!sniffed && t->len >= FMT_INPUT_SNIFF) {
            if (!fmt_text_has_game_header(t->data, t->len))
                return TEXT_NOT_LOG;
            sniffed = 1;
        }
        /* A log whose stored size is already over the limit fails now,
         * not after its first 256 MiB have been read into memory. */
        if (t->len > lv->w->max_entry_bytes || (sniffed && stored_size(lv) > lv->w->max_entry_bytes))
            return TEXT_TOO_BIG;
    }
}

static int report_text(const struct level *lv, struct text_buf *t)
{
    char msg[FMT_INPUT_MSG_MAX];
    uint64_t bytes = t->len;
    enum fmt_entry_status st = fmt_text_normalise(&t->data, &t->len, msg, sizeof msg);
    return fmt_input_report(lv->w, lv->source, lv->name, st, msg, bytes,
                            st == FMT_ENTRY_OK ? &t->data : NULL, t->len);
}

/* The trailer of a gzip stream: from the bytes the nested reader passed
 * on, or read from the end of the outermost file.  0 if there is none. */
static int gzip_tail(const struct level *lv, const struct nested_src *src, unsigned char tail[8])
{
    if (src) {
        if (src->passed < 18)   /* the smallest gzip stream */
            return 0;
        memcpy(tail, src->tail, 8);
        return 1;
    }
    return lv->fd >= 0 && lv->known_size >= 18 &&
           pread(lv->fd, tail, 8, (off_t)(lv->known_size - 8)) == 8;
}

/* libarchive does not check gzip's CRC-32 (RFC 1952), so damaged data that
 * still inflates would pass as text; zlib's crc32 checks it.  Only a
 * stream whose trailer length matches is judged: several concatenated
 * members carry only the last member's trailer at the end. */
static int gzip_checksum_bad(const struct level *lv, struct archive *a,
                             const struct nested_src *src, const struct text_buf *t)
{
    unsigned char tl[8];
    if (!lv->compressed || archive_filter_code(a, 0) != ARCHIVE_FILTER_GZIP ||
        !gzip_tail(lv, src, tl))
        return 0;
    uint32_t crc = (uint32_t)tl[0] | (uint32_t)tl[1] << 8 | (uint32_t)tl[2] << 16 | (uint32_t)tl[3] << 24;
    uint32_t size = (uint32_t)tl[4] | (uint32_t)tl[5] << 8 | (uint32_t)tl[6] << 16 | (uint32_t)tl[7] << 24;
    if (size != (uint32_t)t->len)
        return 0;
    return crc32_z(0L, (const Bytef *)t->data, t->len) != crc;
}

/* A stream libarchive read as RAW, or a plain member: one file, its data
 * the entry. */
static int read_text(const struct level *lv, struct archive *a,
                     struct nested_src *src)
{
    struct text_buf t = {0};
    char limit[64], msg[FMT_INPUT_MSG_MAX];
    int rc = 0;
    switch (read_data(lv, a, src, &t)) {
    case TEXT_EOF:
        if (gzip_checksum_bad(lv, a, src, &t))
            rc = fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_FAILED,
                                  "corrupt compressed data: gzip checksum mismatch", t.len, NULL, 0);
        else
            rc = report_text(lv, &t);
        break;
    case TEXT_NOT_LOG:
        /* The rest is not read; its size is known only if stored plainly. */
        rc = fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_SKIPPED,
                              FMT_INPUT_NOT_A_LOG, stored_size(lv) ? stored_size(lv) : t.len,
                              NULL, 0);
        break;
    case TEXT_TOO_BIG:
        format_limit(lv->w->max_entry_bytes, limit, sizeof limit);
        snprintf(msg, sizeof msg, "entry larger than %s", limit);
        rc = fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_FAILED,
                              msg, stored_size(lv) ? stored_size(lv) : t.len, NULL, 0);
        break;
    case TEXT_READ_ERROR:
        rc = report_failed(lv, a, src, t.len);
        break;
    case TEXT_NO_MEMORY:
        rc = report_simple(lv, lv->name, FMT_ENTRY_FAILED, "out of memory");
        break;
    }
    free(t.data);
    return rc;
}

/* ------------------------------------------------------ nested archives */

/* Slide the last 8 bytes of a stream along as blocks pass. */
static void keep_tail(unsigned char tail[8], uint64_t before, const unsigned char *block, size_t n)
{
    if (n >= 8) {
        memcpy(tail, block + n - 8, 8);
        return;
    }
    size_t keep = before < 8 - n ? (size_t)before : 8 - n;
    memmove(tail + 8 - n - keep, tail + 8 - keep, keep);
    memcpy(tail + 8 - n, block, n);
}

/* The nested reader's read callback.  The parent's error is copied at
 * once: by the time the nested reader gives up, it may have been replaced. */
static la_ssize_t nested_read(struct archive *child, void *data, const void **buf)
{
    struct nested_src *src = data;
    if (src->prefix_pos < src->prefix_len) {
        /* What read_prefix took from the parent comes first. */
        *buf = src->block + src->prefix_pos;
        la_ssize_t n = (la_ssize_t)(src->prefix_len - src->prefix_pos);
        src->prefix_pos = src->prefix_len;
        return n;
    }
    if (src->parent_failed) {
        if (src->error_pending)
            archive_set_error(child, EIO, "%s", src->parent_error);
        src->error_pending = 0;
        return -1;   /* keep the first reason: the parent's error may change */
    }
    la_ssize_t got = archive_read_data(src->parent, src->block, sizeof src->block);
    if (got < 0) {
        const char *err = archive_error_string(src->parent);
        src->parent_failed = 1;
        snprintf(src->parent_error, sizeof src->parent_error, "%s", err ? err : "");
        archive_set_error(child, EIO, "%s", src->parent_error);
        return -1;
    }
    keep_tail(src->tail, src->passed, src->block, (size_t)got);
    src->passed += (uint64_t)got;
    *buf = src->block;
    return got;
}

/* What walking an archive's members reuses from one member to the next:
 * the read-ahead state (64 KiB) and the member's full name, allocated
 * once per archive rather than once per member. */
struct members {
    struct nested_src *src;
    char *name;
    size_t name_cap;
};

/* outer!inner (or inner alone when outer is "") in m's name buffer. */
static char *join_entry(struct members *m, const char *outer, const char *inner)
{
    size_t ol = strlen(outer), il = strlen(inner);
    if (ol + il + 2 > m->name_cap) {
        char *bigger = realloc(m->name, ol + il + 2);
        if (!bigger)
            return NULL;
        m->name = bigger;
        m->name_cap = ol + il + 2;
    }
    char *p = m->name;
    memcpy(p, outer, ol);
    if (ol)
        p[ol++] = '!';
    memcpy(p + ol, inner, il + 1);
    return p;
}

/* ------------------------------------------------------ plain members */

/*
 * Most members of a log archive are short plain logs, and a nested reader
 * costs more than reading one (libarchive allocates the state of every
 * format for it).  So the first bytes of a member are read ahead, and a
 * member that no format or filter of reader_new() could claim is read
 * from them directly, as the RAW format would read it.
 *
 * "Could claim" is decided from libarchive's own bidders (3.6), each test
 * below a necessary condition of one, so that a member that might be
 * anything but RAW always goes to a real nested reader, which then
 * decides as before.  The read-ahead is what the nested reader's bidding
 * reads anyway (iso9660 looks 48 KiB in), so nothing else changes either.
 */
#define PREFIX_MAX (32768 + 8 * 2048)   /* iso9660's look-ahead */

static void take_prefix(struct nested_src *src)
{
    while (src->prefix_len < PREFIX_MAX && !src->prefix_eof && !src->parent_failed) {
        la_ssize_t got = archive_read_data(src->parent, src->block + src->prefix_len,
                                           PREFIX_MAX - src->prefix_len);
        if (got < 0) {
            const char *err = archive_error_string(src->parent);
            src->parent_failed = src->error_pending = 1;
            snprintf(src->parent_error, sizeof src->parent_error, "%s", err ? err : "");
        } else if (got == 0) {
            src->prefix_eof = 1;
        } else {
            keep_tail(src->tail, src->passed, src->block + src->prefix_len, (size_t)got);
            src->passed += (uint64_t)got;
            src->prefix_len += (size_t)got;
        }
    }
}

static int starts(const unsigned char *p, const char *magic)
{
    return memcmp(p, magic, strlen(magic)) == 0;
}

/* Could only RAW read data starting with p (n bytes, the whole member)? */
static int only_raw(const unsigned char *p, size_t n)
{
    /* Shorter than tar's 512 bytes, iso9660's 48 KiB: neither can bid. */
    if (n < 16 || n >= PREFIX_MAX)
        return 0;
    size_t i = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
    /* Text: no compression magic (gzip, compress, xz, zstd), no binary cpio,
     * no lzma header (a dictionary size holds a NUL, its -1 size 0xFF). */
    for (size_t k = i; k < 16; k++)
        if (!(p[k] >= 0x20 && p[k] < 0x7F) && p[k] != '\t' && p[k] != '\n' && p[k] != '\r')
            return 0;
    if (i == 0) {
        static const char *const magic[] = {"BZh", "LZIP", "0707", "!<", "MZ", "MSCF", "Rar!",
                                            "xar!", "PK", "7z", "]", "^"};
        /* The first byte rules out nearly every magic without a call. */
        for (size_t m = 0; m < sizeof magic / sizeof magic[0]; m++)
            if (p[0] == (unsigned char)magic[m][0] && starts(p, magic[m]))
                return 0;
        if (p[2] == '-')   /* lha's "-lh5-" */
            return 0;
    }
    /* tar needs a valid checksum, whose field (bytes 148-155) holds only
     * octal digits, spaces and NULs. */
    if (n >= 512) {
        int octal = 1;
        for (size_t k = 148; k < 156; k++)
            octal &= p[k] == 0 || p[k] == ' ' || (p[k] >= '0' && p[k] <= '7');
        if (octal)
            return 0;
    }
    return 1;
}

/* A member through a nested reader, the prefix handed over first. */
static int read_nested(const struct level *child, const struct level *lv,
                       struct nested_src *src)
{
    struct archive *c = reader_new();
    if (!c)
        return report_simple(lv, child->name, FMT_ENTRY_FAILED, "out of memory");
    int rc;
    struct level ch = *child;
    if (archive_read_open(c, src, NULL, nested_read, NULL) != ARCHIVE_OK)
        rc = report_failed(&ch, c, src, 0);
    else
        rc = walk_stream(&ch, c, src);
    archive_read_free(c);
    return rc;
}

/* Read a regular member: as plain data when only RAW could read it, else
 * through a nested reader.  src is the archive's read-ahead state, used
 * by one member at a time.  *broke tells the caller that its own stream
 * failed under the member (already reported). */
static int read_member(const struct level *lv, struct archive *a, struct nested_src *src,
                       struct archive_entry *e, const char *name, int *broke)
{
    struct level child = {
        .w = lv->w, .source = lv->source, .name = name, .depth = lv->depth + 1,
        .known_size = archive_entry_size_is_set(e) ? archive_entry_size(e) : -1,
        .fd = -1,
    };
    /* Only the fields are cleared: zeroing the 64 KiB block for every
     * member cost more than parsing the log in it, and nothing reads the
     * block beyond what was read into it. */
    memset(src, 0, offsetof(struct nested_src, block));
    src->parent = a;
    take_prefix(src);
    int rc;
    if (src->prefix_eof && src->prefix_len <= lv->w->max_entry_bytes &&
        only_raw(src->block, src->prefix_len)) {
        src->plain = 1;
        rc = read_text(&child, NULL, src);
    } else {
        rc = read_nested(&child, lv, src);
    }
    *broke = src->parent_failed;
    return rc;
}

/* The member's name in UTF-8.  Asking libarchive for it converts through
 * iconv for every member, several thousand instructions, though nearly
 * every name is ASCII and the same in any charset. */
static const char *entry_path(struct archive_entry *e)
{
    const char *raw = archive_entry_pathname(e);
    for (const unsigned char *p = (const unsigned char *)raw; p && *p; p++)
        if (*p >= 0x80) {
            const char *utf8 = archive_entry_pathname_utf8(e);
            return utf8 ? utf8 : raw;
        }
    return raw ? raw : archive_entry_pathname_utf8(e);
}

/* One member: directories hold no data and are not rows; links and special
 * files are rows, skipped, so that every file-like name is accounted for. */
static int walk_member(const struct level *lv, struct archive *a,
                       struct archive_entry *e, struct members *m, int *broke)
{
    const char *path = entry_path(e);
    mode_t type = archive_entry_filetype(e);
    if (type == AE_IFDIR)
        return 0;
    char *name = join_entry(m, lv->name, path ? path : "");
    if (!name)
        return report_simple(lv, lv->name, FMT_ENTRY_FAILED, "out of memory");
    if (type == AE_IFLNK || archive_entry_symlink(e))
        return report_simple(lv, name, FMT_ENTRY_SKIPPED, "symbolic link, not followed");
    if (archive_entry_hardlink(e))
        return report_simple(lv, name, FMT_ENTRY_SKIPPED, "hard link, not followed");
    if (type != AE_IFREG && type != 0)
        return report_simple(lv, name, FMT_ENTRY_SKIPPED, "not a regular file");
    if (archive_entry_is_encrypted(e))
        return report_simple(lv, name, FMT_ENTRY_FAILED, "encrypted entry");
    if (!m->src && !(m->src = malloc(sizeof *m->src)))
        return report_simple(lv, name, FMT_ENTRY_FAILED, "out of memory");
    return read_member(lv, a, m->src, e, name, broke);
}

/* Where the reader stands in its (uncompressed) stream: if a failed header
 * read did not move it, trying again would loop forever. */
static int64_t position(struct archive *a)
{
    return archive_filter_bytes(a, 0);
}

/* The members of an archive whose first header (r, e) is read.  A bad
 * header libarchive can step over (FAILED, RETRY) is a failed row and the
 * walk goes on; one it cannot (FATAL) ends this archive. */
static int walk_each_member(const struct level *lv, struct archive *a, struct archive_entry *e,
                            int r, struct nested_src *src, struct members *m)
{
    int broke = 0, rows = 0, in_damage = 0;
    int64_t last_fail = -1;
    for (;; r = archive_read_next_header(a, &e)) {
        int rc = 0;
        if (r == ARCHIVE_EOF)
            break;
        if (r == ARCHIVE_OK || r == ARCHIVE_WARN) {
            uint64_t before = *lv->w->seq;
            in_damage = 0;
            broke = 0;
            rc = walk_member(lv, a, e, m, &broke);
            rows += *lv->w->seq != before;
        } else if (r == ARCHIVE_FATAL || position(a) == last_fail) {
            /* The member's row already told why the stream broke. */
            return broke ? 0 : report_failed(lv, a, src, 0);
        } else {
            last_fail = position(a);
            if (!in_damage)
                rc = report_failed(lv, a, src, 0);
            rows++;
            in_damage = r == ARCHIVE_RETRY;
        }
        if (rc)
            return rc;
    }
    /* An archive that yields no row would vanish from the reports. */
    return rows ? 0 : report_simple(lv, lv->name, FMT_ENTRY_SKIPPED, "archive holds no files");
}

static int walk_members(const struct level *lv, struct archive *a,
                        struct archive_entry *e, int r, struct nested_src *src)
{
    struct members m = {0};
    int rc = walk_each_member(lv, a, e, r, src, &m);
    free(m.src);
    free(m.name);
    return rc;
}

/* A freshly opened stream: find out what it is and read it. */
static int walk_stream(struct level *lv, struct archive *a,
                       struct nested_src *src)
{
    struct archive_entry *e = NULL;
    lv->compressed = archive_filter_count(a) > 1 &&
                     archive_filter_code(a, 0) != ARCHIVE_FILTER_NONE;
    int r = archive_read_next_header(a, &e);
    int format = archive_format(a);
    lv->archive = format != 0 && format != ARCHIVE_FORMAT_RAW && format != ARCHIVE_FORMAT_EMPTY;
    if (r == ARCHIVE_EOF && format == ARCHIVE_FORMAT_EMPTY)
        return fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_SKIPPED,
                                FMT_INPUT_NOT_A_LOG, 0, NULL, 0);
    /* A known archive whose first header is bad may still have good ones
     * after it: walk_members deals with that like with any bad header. */
    if (r == ARCHIVE_FATAL || (r < ARCHIVE_WARN && !lv->archive))
        return report_failed(lv, a, src, 0);
    if (format == ARCHIVE_FORMAT_RAW)
        return read_text(lv, a, src);
    if (lv->depth > lv->w->max_depth) {
        char msg[FMT_INPUT_MSG_MAX];
        snprintf(msg, sizeof msg, "archive nested deeper than %d levels", lv->w->max_depth);
        return report_simple(lv, lv->name, FMT_ENTRY_FAILED, msg);
    }
    return walk_members(lv, a, e, r, src);
}

int fmt_input_read_fd(struct fmt_walker *w, int fd, const char *source,
                      int64_t known_size)
{
    struct level lv = {
        .w = w, .source = source, .name = "", .depth = 1, .known_size = known_size, .fd = fd,
    };
    struct archive *a = reader_new();
    if (!a)
        return report_simple(&lv, "", FMT_ENTRY_FAILED, "out of memory");
    int rc;
    if (archive_read_open_fd(a, fd, FMT_INPUT_BLOCK) != ARCHIVE_OK)
        rc = report_failed(&lv, a, NULL, 0);
    else
        rc = walk_stream(&lv, a, NULL);
    archive_read_free(a);
    return rc;
}
