/*
 * duplicates: the same game found twice, within an input or across
 * inputs (an archive that holds last month's logs again, a log posted to
 * two events).  A game is a copy of an earlier one when its variant, its
 * White: and Black: names and its moves are the same: every turn's
 * components, read (a move's squares, a placement's piece and square, a
 * command), whatever the markers, move labels, comments, spacing or
 * headers around them.  A game without moves is never a copy: nothing
 * tells two of them apart.
 *
 * Games are fingerprinted on the worker threads (128 bits, two
 * independent 64-bit hashes, of which the table keeps 96: a false match
 * is about 2^-57 likely for a million games) and looked up in input order on the thread that writes
 * the reports, so the first copy is the same whatever -j says.  Every
 * distinct game's fingerprint (96 bits of it) and where it was first seen
 * is kept, 24 bytes, in a memory of fixed size whatever the run's length:
 *
 *   - a hash table of at most DUPS_SLOTS slots (3 MiB), at most three
 *     quarters full;
 *   - when it is full, its fingerprints sorted, appended to a temporary
 *     file as a run, and the table emptied; each run keeps in memory the
 *     first fingerprint of every DUPS_BLOCK records (8 bytes for 256
 *     games), so a look-up reads one block of a run;
 *   - a filter of the fingerprints in runs (DUPS_FILTER_BYTES, a Bloom
 *     filter in blocks of one cache line), so that only a game the filter
 *     takes for a copy looks into the runs: a true copy, or one game in
 *     about a thousand at a million distinct games.  The filter only
 *     decides whether to look; the answer is always the runs' exact
 *     fingerprint, so the copies found are those the table alone finds.
 *
 * The name of each entry holding a first copy goes to another temporary
 * file, read back only when a copy names it.  That file is written and
 * read with write(2) and pread(2) on its descriptor, not through stdio:
 * a stdio stream both appended to and read from must seek before each
 * read and again before the next write, and refills its whole buffer at
 * every seek, so an archive of copies cost two lseeks and a 64 KiB read
 * a copy (30,000 system calls and 650 MB copied for the 10,000 copies of
 * bench/run.sh's set).  The names not yet written are kept in memory
 * until there are 64 KiB of them, and a block read back is kept for the
 * next copy: copies of games near one another read the file once.
 *
 * GCAUDIT_TEST_DUPS_SLOTS=N (a power of two, at least 16) makes the table
 * N slots, so that tests spill runs from a few games.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

/* ------------------------------------------------------- fingerprints */

struct hash {
    uint64_t a, b;
};

/* FNV-1a, and a second hash of its own multiplier and seed, byte by byte,
 * each finished by splitmix64's mixer.  Separators keep the fields apart:
 * ("ab", "c") and ("a", "bc") differ. */
static void hash_bytes(struct hash *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ p[i]) * 0x100000001b3ULL;
        h->b = (h->b + p[i] + 1) * 0x9E3779B97F4A7C15ULL;
        h->b ^= h->b >> 29;
    }
}

/* One 64-bit word into both hashes (each its own multiplier and mixing). */
static inline void hash_word(struct hash *h, uint64_t w)
{
    h->a = (h->a ^ w) * 0x9E3779B97F4A7C15ULL;
    h->a ^= h->a >> 32;
    h->b = (h->b + w) * 0xC2B2AE3D27D4EB4FULL;
    h->b = (h->b << 31) | (h->b >> 33);
}

static void hash_field(struct hash *h, const char *s)
{
    if (s)
        hash_bytes(h, s, strlen(s));
    hash_bytes(h, "\x1f", 1);
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The flags of a component's first word (its kind and label below
 * them), which say how many words follow, so that the words hashed are
 * one game's and no other's. */
#define FP_TURN (1ULL << 63)       /* the first component of a turn */
#define FP_PACKED (1ULL << 62)     /* both squares in the one word that follows */
#define FP_EMPTY_TURN (1ULL << 61) /* a turn without components: nothing follows */
#define FP_SHORT (1ULL << 60)      /* squares of at most three bytes, in this word */

int cli_game_fingerprint(const struct fmt_game *g, const char *variant, uint64_t fp[2])
{
    if (g->nturns == 0)
        return -1;
    struct hash h = {0xcbf29ce484222325ULL, 0x2545F4914F6CDD1DULL};
    hash_field(&h, variant);
    hash_field(&h, g->white);
    hash_field(&h, g->black);
    for (size_t i = 0; i < g->nturns; i++) {
        const struct fmt_turn *t = &g->turns[i];
        if (t->ncomps == 0)
            hash_word(&h, FP_EMPTY_TURN);
        for (size_t k = 0; k < t->ncomps; k++) {
            /* What the component does, not how it is spelt: a move's
             * label is optional and spacing free, so "P e2-e4" and
             * "e2 - e4" are one move; a placement's label is the piece.
             * The parser zero-fills the fields, so each is hashed as
             * whole words: this runs for every ply of every game, and
             * two squares of at most four bytes each (nearly all) share
             * one word, the turn's start a flag: two words a ply, or
             * one when both squares have at most three bytes (all of
             * Chess's) and the component no label. */
            const struct fmt_component *c = &t->comps[k];
            uint64_t first = k == 0 ? FP_TURN : 0;
            if (c->kind == FMT_COMP_BAD) {
                hash_word(&h, first | (uint64_t)FMT_COMP_BAD << 32);
                hash_field(&h, c->text);
                continue;
            }
            uint64_t from = 0, to = 0;
            uint32_t label = 0;
            memcpy(&from, c->from, sizeof c->from < 8 ? sizeof c->from : 8);
            memcpy(&to, c->to, sizeof c->to < 8 ? sizeof c->to : 8);
            if (c->kind == FMT_COMP_PLACE)
                memcpy(&label, c->label, sizeof c->label < 4 ? sizeof c->label : 4);
            if (!label && (from | to) >> 24 == 0) {
                hash_word(&h, first | FP_SHORT | (uint64_t)c->kind << 48 | to << 24 | from);
                continue;
            }
            first |= (uint64_t)c->kind << 32 | label;
            if ((from | to) >> 32 == 0) {
                hash_word(&h, first | FP_PACKED);
                hash_word(&h, from | to << 32);
            } else {
                hash_word(&h, first);
                hash_word(&h, from);
                hash_word(&h, to);
            }
        }
    }
    fp[0] = mix(h.a) | 1;     /* never 0: 0 marks an empty slot */
    fp[1] = mix(h.b ^ h.a);
    return 0;
}

/* -------------------------------------------------------------- table */

/* 24 bytes: 96 bits of the fingerprint (a false match is about 2^-50
 * likely among ten million games), and where the first copy is; a run's
 * record too. */
struct slot {
    uint64_t fp0;                 /* fp[0]; 0: empty (fingerprints never are) */
    uint32_t fp1;                 /* fp[1]'s low half */
    uint32_t game;                /* the first copy's game_index */
    uint64_t at;                  /* its entry's name in the names file */
};
_Static_assert(sizeof(struct slot) == 24, "a run's record is a slot's bytes");

#define DUPS_SLOTS (1u << 17)           /* the table's slots at most: 3 MiB */
#define DUPS_BLOCK 256                  /* records of a run read at once (6 KiB) */
#define DUPS_FILTER_BYTES (2u << 20)    /* the filter of the runs: 2 MiB */
#define FILTER_WORDS (DUPS_FILTER_BYTES / 8)
#define FILTER_BLOCKS (FILTER_WORDS / 8) /* blocks of 512 bits, one cache line */
#define FILTER_BITS 8                   /* bits set a fingerprint, in its block */

/* A sorted run of the table in the runs file. */
struct run {
    uint64_t off;                 /* its first record's byte in the file */
    size_t n;                     /* records */
    uint64_t *first;              /* fp0 of records 0, DUPS_BLOCK, 2 DUPS_BLOCK, ... */
};

struct cli_dups {
    struct slot *slots;
    size_t nslots, used;
    size_t max_slots;             /* DUPS_SLOTS, or GCAUDIT_TEST_DUPS_SLOTS */
    uint64_t *filter;             /* FILTER_WORDS words once there is a run */
    FILE *runs;                   /* the runs, one after the other (cli_temp_file) */
    char *runs_iobuf;             /* its buffer (fmt_io_buffer) */
    uint64_t runs_len;            /* bytes in it */
    struct run *run;
    size_t nruns;
    struct slot block[DUPS_BLOCK]; /* a block of a run read back */
    FILE *names;                  /* "SOURCE!ENTRY\0" of each entry holding a first copy:
                                     on disk, read back only for a copy (cli_temp_file;
                                     used through its descriptor only) */
    uint64_t len;                 /* bytes of names, on disk and in tail */
    uint64_t written;             /* bytes of them on disk: the rest are tail's */
    struct fmt_buf tail;          /* the last names, written once NAMES_TAIL bytes */
    char *nblock;                 /* a block of the file read back, from nblock_at */
    size_t nblock_len, nblock_cap;
    uint64_t nblock_at;
    uint64_t last_seq;            /* the entry whose name was added last, and where */
    uint64_t last_at;
    int have_last;
    char *text;                   /* the last answer of cli_dups_check */
    size_t text_cap;
    char why[CLI_TEMP_WHY];       /* why cli_dups_check returned -1 */
};

const char *cli_dups_why(const cli_dups *d) { return d->why[0] ? d->why : "out of memory"; }

/* -1 after noting what the names file met (errno: its failure). */
static int64_t names_failed(cli_dups *d, const char *what)
{
    if (!d->names)
        snprintf(d->why, sizeof d->why, "%s", cli_temp_file_why());
    else
        cli_temp_file_failed(d->why, sizeof d->why, what, errno);
    return -1;
}

/* -1 after noting what the runs file met. */
static int runs_failed(cli_dups *d, const char *what)
{
    if (!d->runs)
        snprintf(d->why, sizeof d->why, "%s", cli_temp_file_why());
    else
        cli_temp_file_failed(d->why, sizeof d->why, what, errno ? errno : EIO);
    return -1;
}

cli_dups *cli_dups_new_bounded(size_t max_slots)
{
    if (max_slots < 16 || (max_slots & (max_slots - 1)))
        return NULL;
    cli_dups *d = calloc(1, sizeof(cli_dups));
    if (d)
        d->max_slots = max_slots;
    return d;
}

cli_dups *cli_dups_new(void)
{
    const char *v = getenv("GCAUDIT_TEST_DUPS_SLOTS");
    char *end;
    unsigned long long n = v && *v ? strtoull(v, &end, 10) : 0;
    if (n && !*end && n >= 16 && n <= DUPS_SLOTS && !(n & (n - 1)))
        return cli_dups_new_bounded((size_t)n);
    return cli_dups_new_bounded(DUPS_SLOTS);
}

void cli_dups_free(cli_dups *d)
{
    if (!d)
        return;
    free(d->slots);
    free(d->filter);
    if (d->runs)
        fclose(d->runs);
    free(d->runs_iobuf);
    for (size_t i = 0; i < d->nruns; i++)
        free(d->run[i].first);
    free(d->run);
    if (d->names)
        fclose(d->names);
    fmt_buf_release(&d->tail);
    free(d->nblock);
    free(d->text);
    free(d);
}

static int grow(cli_dups *d)
{
    size_t n = d->nslots ? d->nslots * 2 : 1024;
    if (n > d->max_slots)
        n = d->max_slots;
    struct slot *s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < d->nslots; i++) {
        if (!d->slots[i].fp0)
            continue;
        size_t k = d->slots[i].fp1 & (n - 1);
        while (s[k].fp0)
            k = (k + 1) & (n - 1);
        s[k] = d->slots[i];
    }
    free(d->slots);
    d->slots = s;
    d->nslots = n;
    return 0;
}

/* ------------------------------------------------------------- runs */

/* The filter's block of a fingerprint, and its FILTER_BITS bits there
 * (9 bits each, from bits of the fingerprint the block did not take). */
static uint64_t *filter_block(const cli_dups *d, uint64_t fp0) { return d->filter + 8 * ((fp0 >> 1) % FILTER_BLOCKS); }

static unsigned filter_bit(uint64_t fp0, uint32_t fp1, int i)
{
    uint64_t bits = i < 5 ? fp0 >> (20 + 9 * i) : (uint64_t)fp1 >> (9 * (i - 5));
    return (unsigned)(bits & 511);
}

static void filter_add(cli_dups *d, const struct slot *s)
{
    uint64_t *b = filter_block(d, s->fp0);
    for (int i = 0; i < FILTER_BITS; i++) {
        unsigned bit = filter_bit(s->fp0, s->fp1, i);
        b[bit >> 6] |= 1ULL << (bit & 63);
    }
}

static int filter_has(const cli_dups *d, uint64_t fp0, uint32_t fp1)
{
    const uint64_t *b = filter_block(d, fp0);
    for (int i = 0; i < FILTER_BITS; i++) {
        unsigned bit = filter_bit(fp0, fp1, i);
        if (!(b[bit >> 6] >> (bit & 63) & 1))
            return 0;
    }
    return 1;
}

static int slot_cmp(const void *pa, const void *pb)
{
    const struct slot *a = pa, *b = pb;
    if (a->fp0 != b->fp0)
        return a->fp0 < b->fp0 ? -1 : 1;
    return a->fp1 < b->fp1 ? -1 : a->fp1 > b->fp1;
}

/* The full table, sorted, as a new run; the table empty again. */
static int spill(cli_dups *d)
{
    if (!d->filter && !(d->filter = calloc(FILTER_WORDS, sizeof *d->filter)))
        return -1;
    /* One more run (one a 98,304 distinct games with the usual table). */
    struct run *more = realloc(d->run, (d->nruns + 1) * sizeof *more);
    if (!more)
        return -1;
    d->run = more;
    size_t n = 0;
    for (size_t i = 0; i < d->nslots; i++)
        if (d->slots[i].fp0)
            d->slots[n++] = d->slots[i];
    qsort(d->slots, n, sizeof *d->slots, slot_cmp);
    struct run r = {d->runs_len, n, malloc(((n + DUPS_BLOCK - 1) / DUPS_BLOCK) * sizeof(uint64_t))};
    if (!r.first)
        return -1;
    for (size_t i = 0; i < n; i += DUPS_BLOCK)
        r.first[i / DUPS_BLOCK] = d->slots[i].fp0;
    if (!d->runs) {
        if (!(d->runs = cli_temp_file())) {
            free(r.first);
            return runs_failed(d, "make");
        }
        d->runs_iobuf = fmt_io_buffer(d->runs);
    }
    /* Written through before it counts: a block is read back with pread. */
    errno = 0;
    if (fwrite(d->slots, sizeof *d->slots, n, d->runs) != n || fflush(d->runs) != 0) {
        free(r.first);
        return runs_failed(d, "write");
    }
    for (size_t i = 0; i < n; i++)
        filter_add(d, &d->slots[i]);
    d->runs_len += n * sizeof *d->slots;
    d->run[d->nruns++] = r;
    memset(d->slots, 0, d->nslots * sizeof *d->slots);
    d->used = 0;
    return 0;
}

/* The record of this fingerprint in run r: 1 (in *out), 0 when none, -1
 * when the file cannot be read. */
static int run_find(cli_dups *d, const struct run *r, uint64_t fp0, uint32_t fp1, struct slot *out)
{
    size_t nblocks = (r->n + DUPS_BLOCK - 1) / DUPS_BLOCK;
    /* The last block whose first record is at most fp0. */
    size_t lo = 0, hi = nblocks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->first[mid] <= fp0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const struct slot key = {fp0, fp1, 0, 0};
    /* Records of one fp0 may begin in an earlier block. */
    for (size_t b = lo; b-- > 0;) {
        size_t k = b * DUPS_BLOCK, m = r->n - k < DUPS_BLOCK ? r->n - k : DUPS_BLOCK;
        size_t bytes = m * sizeof *d->block;
        errno = 0;
        if (pread(fileno(d->runs), d->block, bytes, (off_t)(r->off + k * sizeof *d->block)) != (ssize_t)bytes)
            return runs_failed(d, "read back");
        const struct slot *s = bsearch(&key, d->block, m, sizeof *d->block, slot_cmp);
        if (s) {
            *out = *s;
            return 1;
        }
        if (r->first[b] != fp0)
            break;
    }
    return 0;
}

/* The record of this fingerprint in any run: 1, 0 or -1 as run_find. */
static int runs_find(cli_dups *d, uint64_t fp0, uint32_t fp1, struct slot *out)
{
    if (!d->nruns || !filter_has(d, fp0, fp1))
        return 0;
    for (size_t i = 0; i < d->nruns; i++) {
        int rc = run_find(d, &d->run[i], fp0, fp1, out);
        if (rc != 0)
            return rc;
    }
    return 0;
}

#define NAMES_TAIL FMT_IO_BUFFER  /* names kept in memory before they are written */
#define NAMES_BLOCK 65536         /* bytes read back at once, at least */

/* The tail of names out to the file.  0, or -1 with errno. */
static int write_tail(cli_dups *d)
{
    int fd = fileno(d->names);
    const char *p = d->tail.data;
    size_t n = d->tail.len;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return -1;
        }
        p += w;
        n -= (size_t)w;
        d->written += (uint64_t)w;
    }
    d->tail.len = 0;
    return 0;
}

/* Where this entry's name is in the names file, added once per entry;
 * -1 when the file cannot be made or written. */
static int64_t name_of(cli_dups *d, uint64_t seq, const char *source, const char *entry)
{
    if (d->have_last && d->last_seq == seq)
        return (int64_t)d->last_at;
    if (!d->names && !(d->names = cli_temp_file()))
        return names_failed(d, "make");
    /* "SOURCE!ENTRY\0", or "SOURCE\0" for a file that is its own entry. */
    size_t ls = strlen(source), le = strlen(entry);
    int failed = fmt_buf_add(&d->tail, source, le ? ls : ls + 1) != FMT_OK;
    if (!failed && le)
        failed = fmt_buf_add(&d->tail, "!", 1) != FMT_OK ||
                 fmt_buf_add(&d->tail, entry, le + 1) != FMT_OK;
    if (failed) {
        /* Out of memory, part of the name in the tail: drop that part. */
        d->tail.len = (size_t)(d->len - d->written);
        errno = ENOMEM;
        return -1;
    }
    d->last_at = d->len;
    d->last_seq = seq;
    d->have_last = 1;
    d->len += ls + (le ? 1 + le : 0) + 1;
    /* Written whole: a name never spans the file and the tail. */
    if (d->tail.len >= NAMES_TAIL && write_tail(d) != 0)
        return names_failed(d, "write");
    return (int64_t)d->last_at;
}

/* The name at `at` of the file, in the block read back: read again, from
 * at's 4 KiB boundary, when it does not hold all of that name.  NULL with
 * errno (ENOMEM, or what the file met, noted). */
static const char *name_on_disk(cli_dups *d, uint64_t at)
{
    if (d->nblock_len && at >= d->nblock_at && at < d->nblock_at + d->nblock_len &&
        memchr(d->nblock + (at - d->nblock_at), '\0', (size_t)(d->nblock_at + d->nblock_len - at)))
        return d->nblock + (at - d->nblock_at);
    uint64_t from = at & ~(uint64_t)4095;
    d->nblock_len = 0;
    /* A name longer than the block: twice the block, until it holds it. */
    for (size_t want = (size_t)(at - from) + NAMES_BLOCK;; want *= 2) {
        if (d->nblock_cap < want) {
            char *b = realloc(d->nblock, want);
            if (!b)
                return NULL;
            d->nblock = b, d->nblock_cap = want;
        }
        d->nblock_at = from;
        ssize_t r = 0;
        for (d->nblock_len = 0; d->nblock_len < d->nblock_cap;) {
            r = pread(fileno(d->names), d->nblock + d->nblock_len, d->nblock_cap - d->nblock_len,
                      (off_t)(from + d->nblock_len));
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                break;
            d->nblock_len += (size_t)r;
        }
        if (r >= 0 && at < from + d->nblock_len &&
            memchr(d->nblock + (at - from), '\0', (size_t)(from + d->nblock_len - at)))
            return d->nblock + (at - from);
        if (r < 0 || d->nblock_len < d->nblock_cap) {   /* unreadable, or ends inside the name */
            if (r == 0)
                errno = EIO;
            d->nblock_len = 0;
            names_failed(d, "read back");
            return NULL;
        }
    }
}

/* The name at `at` in the names file, or NULL. */
static const char *name_at(cli_dups *d, uint64_t at)
{
    if (at >= d->written)
        return d->tail.data + (at - d->written);
    return name_on_disk(d, at);
}

/* *first naming the first copy, s. */
static int copy_of(cli_dups *d, const struct slot *s, const char **first)
{
    const char *name = name_at(d, s->at);
    if (!name)
        return -1;
    size_t need = strlen(name) + 32;
    if (need > d->text_cap) {
        char *t = realloc(d->text, need);
        if (!t)
            return -1;
        d->text = t;
        d->text_cap = need;
    }
    snprintf(d->text, need, "%s, game %u", name, (unsigned)s->game);
    *first = d->text;
    return 1;
}

int cli_dups_check(cli_dups *d, const uint64_t fp[2], uint64_t seq, const char *source,
                   const char *entry, int game, const char **first)
{
    d->why[0] = '\0';
    if (4 * (d->used + 1) > 3 * d->nslots &&
        (d->nslots < d->max_slots ? grow(d) : spill(d)) != 0)
        return -1;
    uint32_t fp1 = (uint32_t)fp[1];
    size_t k = fp1 & (d->nslots - 1);
    for (; d->slots[k].fp0; k = (k + 1) & (d->nslots - 1)) {
        const struct slot *s = &d->slots[k];
        if (s->fp0 == fp[0] && s->fp1 == fp1)
            return copy_of(d, s, first);
    }
    struct slot earlier;
    int rc = runs_find(d, fp[0], fp1, &earlier);
    if (rc != 0)
        return rc < 0 ? -1 : copy_of(d, &earlier, first);
    int64_t at = name_of(d, seq, source, entry);
    if (at < 0)
        return -1;
    d->slots[k] = (struct slot){fp[0], fp1, (uint32_t)game, (uint64_t)at};
    d->used++;
    return 0;
}

/* ------------------------------------------------------ counted games */

/* The strings of a struct st_game, in one order for both ends; the
 * detail goes as the text its pairs point into.  A field added to struct
 * st_game must be carried here too: the size below makes the build say
 * so. */
_Static_assert(sizeof(struct st_game) == 96, "struct st_game changed: update cli_counted_pack");

static const char **string_field(struct st_game *g, int i)
{
    const char **f[] = {&g->variant, &g->termination, &g->white, &g->black, &g->event};
    return f[i];
}

#define NSTRINGS 5

struct packed {
    struct st_game g;             /* its pointers are not used */
    struct st_summary one;
    uint32_t len[NSTRINGS + 1];   /* each string's length + 1, 0 for NULL; the detail's last */
};

long cli_counted_pack(struct fmt_buf *buf, const struct st_game *g, const struct st_summary *one)
{
    struct packed p;
    memset(&p, 0, sizeof p);
    p.g = *g;
    p.g.detail = NULL;
    p.one = *one;
    const char *s[NSTRINGS + 1];
    size_t at = buf->len, total = sizeof p;
    for (int i = 0; i <= NSTRINGS; i++) {
        s[i] = i < NSTRINGS ? *string_field(&p.g, i) : g->detail ? g->detail->text : NULL;
        p.len[i] = s[i] ? (uint32_t)strlen(s[i]) + 1 : 0;
        total += p.len[i];
        if (i < NSTRINGS)
            *string_field(&p.g, i) = NULL;
    }
/* The next record starts aligned for struct packed. */
    size_t pad = (sizeof(max_align_t) - total % sizeof(max_align_t)) % sizeof(max_align_t);
    if (fmt_buf_add(buf, (const char *)&p, sizeof p) != FMT_OK)
        return -1;
    for (int i = 0; i <= NSTRINGS; i++)
        if (p.len[i] && fmt_buf_add(buf, s[i], p.len[i]) != FMT_OK)
            return -1;
    static const char zeros[sizeof(max_align_t)];
    if (pad && fmt_buf_add(buf, zeros, pad) != FMT_OK)
        return -1;
    return (long)at;
}

void cli_counted_unpack(const struct fmt_buf *buf, size_t at, struct st_game *g,
                        struct rp_detail *detail, struct st_summary *one)
{
    struct packed p;
    memcpy(&p, buf->data + at, sizeof p);
    *g = p.g;
    *one = p.one;
    const char *s = buf->data + at + sizeof p;
    for (int i = 0; i < NSTRINGS; i++) {
        *string_field(g, i) = p.len[i] ? s : NULL;
        s += p.len[i];
    }
    rp_detail_split(p.len[NSTRINGS] ? s : NULL, detail);
    g->detail = detail;
}
