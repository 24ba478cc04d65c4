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
 * Every reader reads through a feed (input_feed.c), which inflates gzip
 * itself so that a damaged stream gives up every whole entry before the
 * damage.  Every reader's decoded stream counts against the input's
 * decompression budget (fmt_input_budget): past it, members fail unread.
 *
 * Failures are rows, not returns.  When a member's data breaks because the
 * archive around it broke (a truncated .tar.gz), the member's row says so,
 * and the archive's own failure is not reported a second time; when a
 * header breaks between members, the archive gets a failed row of its own.
 */
#include "formats/input_level.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static enum fmt_rc walk_stream(struct level *lv, struct nested_src *src);

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
void fmt_level_describe_error(const struct level *lv, struct archive *a,
                              const struct nested_src *src, char *msg, size_t msgsz)
{
    const char *err = archive_error_string(a);
    const char *noun = NULL;   /* NULL: failed before anything was recognised */
    if (lv->w->over_budget) {
        /* Whatever broke once the budget was passed broke because of it. */
        fmt_input_budget_message(lv->w, msg, msgsz);
        return;
    }
    const char *damage = lv->feed ? fmt_feed_failure(lv->feed) : NULL;
    if (src && src->parent_failed)
        err = src->parent_error, noun = "archive";
    else if (damage)
        /* The gzip stream broke; libarchive saw only its end, and what it
         * says of that ("Truncated tar archive") is the consequence. */
        err = damage, noun = lv->archive ? "archive" : "compressed data";
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

enum fmt_rc fmt_level_report_failed(const struct level *lv, struct archive *a,
                            const struct nested_src *src, uint64_t bytes)
{
    char msg[FMT_INPUT_MSG_MAX];
    fmt_level_describe_error(lv, a, src, msg, sizeof msg);
    return fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_FAILED,
                            msg, bytes, NULL, 0);
}

enum fmt_rc fmt_level_report_simple(const struct level *lv, const char *name,
                            enum fmt_entry_status status, const char *msg)
{
    return fmt_input_report(lv->w, lv->source, name, status, msg, 0, NULL, 0);
}

/* The input's decoded bytes are every reader's stream after all its
 * decompression: what its feed hands over (the feed counts that itself,
 * as it goes, input_feed.c) and what libarchive's own filters on top of
 * the feed add (bzip2, xz, a second gzip layer, ...).  Add the latter
 * since the last count, read or skipped.  Returns nonzero when the input
 * is now past its budget. */
static int count_decoded(struct level *lv)
{
    struct fmt_walker *w = lv->w;
    if (lv->a) {
        int64_t top = archive_filter_bytes(lv->a, 0), bottom = archive_filter_bytes(lv->a, -1);
        int64_t more = (top - lv->top) - (bottom - lv->bottom);
        if (top >= 0 && bottom >= 0) {
            if (more > 0)
                w->inflated = (uint64_t)more > UINT64_MAX - w->inflated
                                  ? UINT64_MAX
                                  : w->inflated + (uint64_t)more;
            lv->top = top;
            lv->bottom = bottom;
        }
    }
    if (!w->over_budget && w->inflated > fmt_input_budget(w))
        w->over_budget = 1;
    return w->over_budget;
}

/* archive_read_data on lv's reader, within the budget: FMT_READ_PAST_BUDGET
 * once past it (nothing read). */
la_ssize_t fmt_level_read_counted(struct level *lv, void *buf, size_t n)
{
    if (count_decoded(lv))
        return FMT_READ_PAST_BUDGET;
    return archive_read_data(lv->a, buf, n);
}

/* ------------------------------------------------------ nested archives */

/* Why reading the parent's member data failed (fmt_level_read_counted returned
 * got): the budget, the gzip stream under the parent (libarchive saw
 * only its end), or what libarchive says. */
static const char *parent_error(const struct level *parent, la_ssize_t got)
{
    const char *damage = fmt_feed_failure(parent->feed);
    if (got == FMT_READ_PAST_BUDGET)
        return "input past its decompression budget";
    return damage ? damage : archive_error_string(parent->a);
}

/* A nested reader's feed source: the parent's current member, what
 * take_prefix read ahead first.  The parent's error is copied at once: by
 * the time the nested reader gives up, it may have been replaced. */
static ptrdiff_t nested_read(void *data, const void **buf, char *why, size_t whysize)
{
    struct nested_src *src = data;
    if (src->prefix_pos < src->prefix_len) {
        *buf = src->block + src->prefix_pos;
        ptrdiff_t n = (ptrdiff_t)(src->prefix_len - src->prefix_pos);
        src->prefix_pos = src->prefix_len;
        return n;
    }
    if (src->parent_failed) {
        snprintf(why, whysize, "%s", src->parent_error);
        return -1;
    }
    la_ssize_t got = fmt_level_read_counted(src->parent, src->block, sizeof src->block);
    if (got < 0) {
        const char *err = parent_error(src->parent, got);
        src->parent_failed = 1;
        snprintf(src->parent_error, sizeof src->parent_error, "%s", err ? err : "");
        snprintf(why, whysize, "%s", src->parent_error);
        return -1;
    }
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
 * member that no format or filter of `supports` but raw could claim is
 * read from them directly, as the raw format would read it.
 *
 * Each row of `supports` carries a necessary condition of its bidder in
 * libarchive 3.6 (archive_read_support_format_*.c, _filter_*.c): the bid
 * can only succeed when the condition holds, so a member for which none
 * holds is one libarchive reads as raw, and anything else goes to a real
 * nested reader, which decides as before.
 * tests/formats/test_input_archive.c checks the agreement on generated
 * members and near misses.  The read-ahead is what the nested reader's
 * bidding reads anyway (iso9660 looks 48 KiB in), so nothing else
 * changes either.
 */
#define PREFIX_MAX (32768 + 8 * 2048)   /* iso9660's look-ahead */

static void take_prefix(struct nested_src *src)
{
    while (src->prefix_len < PREFIX_MAX && !src->prefix_eof && !src->parent_failed) {
        la_ssize_t got = fmt_level_read_counted(src->parent, src->block + src->prefix_len,
                                                PREFIX_MAX - src->prefix_len);
        if (got < 0) {
            const char *err = parent_error(src->parent, got);
            src->parent_failed = 1;
            snprintf(src->parent_error, sizeof src->parent_error, "%s", err ? err : "");
        } else if (got == 0) {
            src->prefix_eof = 1;
        } else {
            src->prefix_len += (size_t)got;
        }
    }
}

/* A member's first bytes, as the conditions look at them. */
struct head {
    const unsigned char *p;
    size_t n;             /* the whole member's length */
    int binary;           /* one of the first 16 bytes (after a UTF-8 BOM) is not text */
};

static int starts(const struct head *h, const char *magic)
{
    size_t m = strlen(magic);
    return h->n >= m && memcmp(h->p, magic, m) == 0;
}

/* Every binary magic (gzip 1F 8B, xz FD, zstd 28 B5, compress 1F 9D,
 * binary cpio C7 71, an ELF self-extractor's 7F, lzma's dictionary size
 * and length, RAR's 1A and 7z's BC) has a byte that is not text. */
static int binary(const struct head *h) { return h->binary; }

/* A self-extracting archive: 7-Zip, cab, lha and RAR look for their
 * signature inside an MZ (or ELF, binary) executable. */
static int exe(const struct head *h) { return starts(h, "MZ") || h->binary; }

/* tar: a 512-byte header whose checksum field (bytes 148-155) holds only
 * octal digits, spaces and NULs (libarchive 3.6's checksum() refuses any
 * other byte there before it adds anything up). */
static int tar_may(const struct head *h)
{
    if (h->n < 512)
        return 0;
    int octal = 1;
    for (size_t k = 148; k < 156; k++)
        octal &= h->p[k] == 0 || h->p[k] == ' ' || (h->p[k] >= '0' && h->p[k] <= '7');
    return octal;
}

static int zip_may(const struct head *h) { return starts(h, "PK"); }
static int sevenzip_may(const struct head *h) { return starts(h, "7z") || exe(h); }
static int cpio_may(const struct head *h) { return starts(h, "0707") || h->binary; }
static int ar_may(const struct head *h) { return starts(h, "!<"); }
static int iso9660_may(const struct head *h) { return h->n >= PREFIX_MAX; }
static int cab_may(const struct head *h) { return starts(h, "MSCF") || exe(h); }
static int lha_may(const struct head *h) { return (h->n > 2 && h->p[2] == '-') || exe(h); }
static int rar_may(const struct head *h) { return starts(h, "Rar!") || exe(h); }
static int xar_may(const struct head *h) { return starts(h, "xar!"); }
static int empty_may(const struct head *h) { return h->n == 0; }
static int bzip2_may(const struct head *h) { return starts(h, "BZh"); }
/* lzma's header is binary; "]" and "^" (its usual first bytes) are
 * excluded too, at no cost. */
static int lzma_may(const struct head *h)
{
    return starts(h, "]") || starts(h, "^") || h->binary;
}
static int lzip_may(const struct head *h) { return starts(h, "LZIP"); }

/* The formats and filters gcaudit reads, each with its necessary
 * condition.  Formats are enabled one by one, not with format_all: mtree
 * and warc are text formats that can claim a plain log.  Filters
 * likewise: the ones that run an external program (lrzip, lzop, grzip,
 * and lz4 in some builds) or decode text (uu) stay out.  A support call
 * that fails only loses that format. */
static const struct support {
    const char *name;
    int (*enable)(struct archive *);
    int (*may_claim)(const struct head *h);  /* NULL: raw, which claims what is left */
} supports[] = {
    {"tar", archive_read_support_format_tar, tar_may},
    {"zip", archive_read_support_format_zip, zip_may},
    {"7zip", archive_read_support_format_7zip, sevenzip_may},
    {"cpio", archive_read_support_format_cpio, cpio_may},
    {"ar", archive_read_support_format_ar, ar_may},
    {"iso9660", archive_read_support_format_iso9660, iso9660_may},
    {"cab", archive_read_support_format_cab, cab_may},
    {"lha", archive_read_support_format_lha, lha_may},
    {"rar", archive_read_support_format_rar, rar_may},
    {"rar5", archive_read_support_format_rar5, rar_may},
    {"xar", archive_read_support_format_xar, xar_may},
    {"raw", archive_read_support_format_raw, NULL},
    {"empty", archive_read_support_format_empty, empty_may},
    {"gzip", archive_read_support_filter_gzip, binary},
    {"bzip2", archive_read_support_filter_bzip2, bzip2_may},
    {"xz", archive_read_support_filter_xz, binary},
    {"lzma", archive_read_support_filter_lzma, lzma_may},
    {"lzip", archive_read_support_filter_lzip, lzip_may},
    {"zstd", archive_read_support_filter_zstd, binary},
    {"compress", archive_read_support_filter_compress, binary},
};

static const size_t nsupports = sizeof supports / sizeof supports[0];

struct archive *fmt_input_reader_new(void)
{
    struct archive *a = archive_read_new();
    if (!a)
        return NULL;
    for (size_t i = 0; i < nsupports; i++)
        supports[i].enable(a);
    return a;
}

bool fmt_input_only_raw(const unsigned char *p, size_t n)
{
    /* Too short to judge safely, or long enough for iso9660's bid. */
    if (n < 16 || n >= PREFIX_MAX)
        return 0;
    struct head h = {p, n, 0};
    size_t i = p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
    for (size_t k = i; k < 16 && !h.binary; k++)
        h.binary = !(p[k] >= 0x20 && p[k] < 0x7F) && p[k] != '\t' && p[k] != '\n' && p[k] != '\r';
    for (size_t k = 0; k < nsupports; k++)
        if (supports[k].may_claim && supports[k].may_claim(&h))
            return 0;
    return 1;
}

/* Open a reader on a feed from source into lv (lv->a, lv->feed), or say
 * why not (a failed row).  False then, with *rc the row's result. */
static bool open_level(struct level *lv, fmt_source_fn source, fmt_skip_fn skip,
                       fmt_seek_fn seek, void *data, struct nested_src *src, enum fmt_rc *rc)
{
    lv->a = fmt_input_reader_new();
    lv->feed = lv->a ? fmt_feed_new(lv->w, source, skip, seek, data) : NULL;
    if (!lv->feed) {
        *rc = fmt_level_report_simple(lv, lv->name, FMT_ENTRY_FAILED, "out of memory");
        return false;
    }
    if (fmt_feed_open(lv->feed, lv->a) != FMT_OK) {
        lv->compressed = fmt_feed_inflating(lv->feed);
        *rc = fmt_level_report_failed(lv, lv->a, src, 0);
        return false;
    }
    return true;
}

/* Count what the level's reader decoded, and free it. */
static void close_level(struct level *lv)
{
    count_decoded(lv);
    archive_read_free(lv->a);
    fmt_feed_free(lv->feed);
    lv->a = NULL;
    lv->feed = NULL;
}

/* A member through a nested reader, the prefix handed over first. */
static enum fmt_rc read_nested(const struct level *child, struct nested_src *src)
{
    enum fmt_rc rc = FMT_OK;
    struct level ch = *child;
    if (open_level(&ch, nested_read, NULL, NULL, src, src, &rc))
        rc = walk_stream(&ch, src);
    close_level(&ch);
    return rc;
}

/* Read a regular member: as plain data when only RAW could read it, else
 * through a nested reader.  src is the archive's read-ahead state, used
 * by one member at a time.  *broke tells the caller that its own stream
 * failed under the member (already reported). */
static enum fmt_rc read_member(struct level *lv, struct nested_src *src, struct archive_entry *e,
                       const char *name, int *broke)
{
    struct level child = {
        .w = lv->w, .source = lv->source, .name = name, .depth = lv->depth + 1,
        .known_size = archive_entry_size_is_set(e) ? archive_entry_size(e) : -1,
    };
    /* Only the fields are cleared: zeroing the 64 KiB block for every
     * member cost more than parsing the log in it, and nothing reads the
     * block beyond what was read into it. */
    memset(src, 0, offsetof(struct nested_src, block));
    src->parent = lv;
    take_prefix(src);
    enum fmt_rc rc;
    if (src->prefix_eof && src->prefix_len <= lv->w->max_entry_bytes &&
        fmt_input_only_raw(src->block, src->prefix_len)) {
        src->plain = 1;
        rc = fmt_level_read_text(&child, src);
    } else {
        rc = read_nested(&child, src);
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
static enum fmt_rc walk_member(struct level *lv, struct archive_entry *e, struct members *m,
                       int *broke)
{
    const char *path = entry_path(e);
    mode_t type = archive_entry_filetype(e);
    if (type == AE_IFDIR)
        return FMT_OK;
    char *name = join_entry(m, lv->name, path ? path : "");
    if (!name)
        return fmt_level_report_simple(lv, lv->name, FMT_ENTRY_FAILED, "out of memory");
    if (type == AE_IFLNK || archive_entry_symlink(e))
        return fmt_level_report_simple(lv, name, FMT_ENTRY_SKIPPED, "symbolic link, not followed");
    if (archive_entry_hardlink(e))
        return fmt_level_report_simple(lv, name, FMT_ENTRY_SKIPPED, "hard link, not followed");
    if (type != AE_IFREG && type != 0)
        return fmt_level_report_simple(lv, name, FMT_ENTRY_SKIPPED, "not a regular file");
    if (archive_entry_is_encrypted(e))
        return fmt_level_report_simple(lv, name, FMT_ENTRY_FAILED, "encrypted entry");
    if (count_decoded(lv)) {
        char msg[FMT_INPUT_MSG_MAX];
        fmt_input_budget_message(lv->w, msg, sizeof msg);
        return fmt_level_report_simple(lv, name, FMT_ENTRY_FAILED, msg);
    }
    if (!m->src && !(m->src = malloc(sizeof *m->src)))
        return fmt_level_report_simple(lv, name, FMT_ENTRY_FAILED, "out of memory");
    return read_member(lv, m->src, e, name, broke);
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
static enum fmt_rc walk_each_member(struct level *lv, struct archive_entry *e, int r,
                            struct nested_src *src, struct members *m)
{
    struct archive *a = lv->a;
    int broke = 0, rows = 0, in_damage = 0;
    int64_t last_fail = -1;
    for (;; r = archive_read_next_header(a, &e)) {
        enum fmt_rc rc = FMT_OK;
        if (r == ARCHIVE_EOF)
            break;
        if (r == ARCHIVE_OK || r == ARCHIVE_WARN) {
            uint64_t before = *lv->w->seq;
            in_damage = 0;
            broke = 0;
            rc = walk_member(lv, e, m, &broke);
            rows += *lv->w->seq != before;
        } else if (r == ARCHIVE_FATAL || position(a) == last_fail) {
            /* The member's row already told why the stream broke. */
            return broke ? FMT_OK : fmt_level_report_failed(lv, a, src, 0);
        } else {
            last_fail = position(a);
            if (!in_damage)
                rc = fmt_level_report_failed(lv, a, src, 0);
            rows++;
            in_damage = r == ARCHIVE_RETRY;
        }
        if (rc)
            return rc;
    }
    /* The reader stops at the archive's end marker; a cut or a bad
     * checksum in the gzip stream after it is damage too, said once. */
    if (fmt_feed_finish(lv->feed) != FMT_OK && fmt_feed_failure(lv->feed) && !broke)
        return fmt_level_report_failed(lv, a, src, 0);
    /* An archive that yields no row would vanish from the reports. */
    return rows ? FMT_OK
                : fmt_level_report_simple(lv, lv->name, FMT_ENTRY_SKIPPED,
                                          "archive holds no files");
}

static enum fmt_rc walk_members(struct level *lv, struct archive_entry *e, int r,
                        struct nested_src *src)
{
    struct members m = {0};
    enum fmt_rc rc = walk_each_member(lv, e, r, src, &m);
    free(m.src);
    free(m.name);
    return rc;
}

/* A freshly opened stream: find out what it is and read it. */
static enum fmt_rc walk_stream(struct level *lv, struct nested_src *src)
{
    struct archive *a = lv->a;
    struct archive_entry *e = NULL;
    lv->compressed = fmt_feed_inflating(lv->feed) ||
                     (archive_filter_count(a) > 1 &&
                      archive_filter_code(a, 0) != ARCHIVE_FILTER_NONE);
    int r = archive_read_next_header(a, &e);
    int format = archive_format(a);
    lv->archive = format != 0 && format != ARCHIVE_FORMAT_RAW && format != ARCHIVE_FORMAT_EMPTY;
    if (r == ARCHIVE_EOF && format == ARCHIVE_FORMAT_EMPTY)
        return fmt_feed_failure(lv->feed)
                   ? fmt_level_report_failed(lv, a, src, 0)
                   : fmt_input_report(lv->w, lv->source, lv->name, FMT_ENTRY_SKIPPED,
                                      FMT_INPUT_NOT_A_LOG, 0, NULL, 0);
    /* A known archive whose first header is bad may still have good ones
     * after it: walk_members deals with that like with any bad header. */
    if (r == ARCHIVE_FATAL || (r < ARCHIVE_WARN && !lv->archive))
        return fmt_level_report_failed(lv, a, src, 0);
    if (format == ARCHIVE_FORMAT_RAW)
        return fmt_level_read_text(lv, src);
    if (lv->depth > lv->w->max_depth) {
        char msg[FMT_INPUT_MSG_MAX];
        snprintf(msg, sizeof msg, "archive nested deeper than %d levels", lv->w->max_depth);
        return fmt_level_report_simple(lv, lv->name, FMT_ENTRY_FAILED, msg);
    }
    return walk_members(lv, e, r, src);
}

/* ------------------------------------------------- the outermost file */

/* The outermost stream's source: a file descriptor.  One that is not a
 * regular file (a pipe, a FIFO, a terminal, a device) is read only once
 * poll(2) says it has data, so the walk never waits in read(2) and asks
 * fmt_input_stopping ten times a second while it waits; a regular file
 * is asked at every block. */
struct fd_source {
    struct fmt_walker *w;
    int fd;
    int wait;
    unsigned char block[FMT_INPUT_BLOCK];
};

#define WAIT_MS 100

static ptrdiff_t fd_read(void *data, const void **buf, char *why, size_t whysize)
{
    struct fd_source *s = data;
    for (;;) {
        if (fmt_input_stopping(s->w)) {
            snprintf(why, whysize, "interrupted");
            return -1;
        }
        if (s->wait) {
            struct pollfd p = {.fd = s->fd, .events = POLLIN};
            int n = poll(&p, 1, WAIT_MS);
            if (n == 0 || (n < 0 && errno == EINTR))
                continue;
        }
        ssize_t got = read(s->fd, s->block, sizeof s->block);
        if (got >= 0) {
            s->w->raw += (uint64_t)got;
            *buf = s->block;
            return got;
        }
        if (errno == EINTR || (errno == EAGAIN && s->wait))
            continue;
        snprintf(why, whysize, "Error reading fd %d: %s", s->fd, strerror(errno));
        return -1;
    }
}

/* A regular file seeks, as libarchive's own fd reader does. */
static int64_t fd_seek(void *data, int64_t offset, int whence)
{
    struct fd_source *s = data;
    off_t at = lseek(s->fd, (off_t)offset, whence);
    return at < 0 ? -1 : (int64_t)at;
}

/* A regular file skips by seeking, as libarchive's own fd reader does. */
static int64_t fd_skip(void *data, int64_t n)
{
    struct fd_source *s = data;
    off_t here = lseek(s->fd, 0, SEEK_CUR);
    if (s->wait || here < 0 || lseek(s->fd, (off_t)n, SEEK_CUR) < 0)
        return 0;
    s->w->raw += (uint64_t)n;
    return n;
}

enum fmt_rc fmt_input_read_fd(struct fmt_walker *w, int fd, const char *source,
                      int64_t known_size)
{
    struct level lv = {
        .w = w, .source = source, .name = "", .depth = 1, .known_size = known_size,
    };
    struct fd_source *fs = malloc(sizeof *fs);
    if (!fs)
        return fmt_level_report_simple(&lv, "", FMT_ENTRY_FAILED, "out of memory");
    struct stat st;
    *fs = (struct fd_source){.w = w, .fd = fd,
                             .wait = known_size < 0 && !(fstat(fd, &st) == 0 && S_ISREG(st.st_mode))};
    /* Each command-line input (or file of a directory) has its own budget. */
    w->raw = w->inflated = 0;
    w->over_budget = 0;
    enum fmt_rc rc = FMT_OK;
    if (open_level(&lv, fd_read, fd_skip, fs->wait ? NULL : fd_seek, fs, NULL, &rc))
        rc = walk_stream(&lv, NULL);
    close_level(&lv);
    free(fs);
    return rc;
}
