/*
 * report_set: the files of one run (every CSV report, summary.html and
 * the viewer's pages, the workbook, a shard's state) replaced all or
 * nothing, as gcaudit(1) OUTPUTS promises.
 *
 * Every writer writes under a temporary name beside the final one
 * ("NAME.tmp-PID") and hands the pair to cli_report_put instead of
 * renaming.  While a set is open (cli_report_set_begin) the pair waits:
 * nothing is put in place before every file of the run is complete.
 * cli_report_set_commit then renames them all; a failure anywhere before
 * (a full disk half way through summary.html, Ctrl-C, a run that read
 * nothing) is cli_report_set_abort: the new files are removed and every
 * report of an earlier run is left exactly as it was.  While committing,
 * each old file is kept under "NAME.old-PID" (a hard link, or for a
 * directory the directory itself renamed), so that a rename failing half
 * way puts every old one back; the old ones go once all new ones are in
 * place.  Only a process killed (SIGKILL, a power cut) during those
 * renames, microseconds, can leave old and new files side by side.
 *
 * A run killed before then leaves temporaries behind, and a commit killed
 * half way its .old links.  The next run that writes the same files
 * removes those of processes that are gone, as it commits: NAME.tmp-PID
 * and NAME.old-PID for a NAME it puts in place, with a PID that is no
 * live process, on a file no one holds locked (a waiting file is held
 * under flock(2), so that a run on another host writing into the same
 * shared directory is left alone).
 *
 * A report folder's earlier files that a run does not write again (the
 * workbook when --xlsx is not given this time, the pages with --viewer
 * none) must not stay beside the new set looking current.  So each run
 * leaves in the folder the list of what it wrote there, CLI_FILES_LIST
 * (a name with its size and a digest of its bytes, or the pages' folder),
 * put in place with the rest; the next run into the folder removes, once
 * its own files are in place, each listed file it did not write, if it is
 * still the file gcaudit wrote (same size and digest: one edited since is
 * left, with a warning), and the pages' folder, pages only.  Nothing that
 * is not on the list is ever removed.
 *
 * One set per process, used by the thread that writes the reports; a
 * thread that writes files beside it keeps them (struct cli_kept) for
 * that thread to hand over, at the place they were due
 * (cli_report_put_kept), and may digest finished files for the list
 * (cli_report_digest_file), handed over the same way
 * (cli_report_digest_ahead), so the list need not read them again at
 * the very end of the run.
 */
#define _GNU_SOURCE /* sync_file_range (Linux) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/audit.h"

struct waiting {
    char *tmp, *final, *old;      /* old: final.old-PID while committing */
    int dir;                      /* a directory (the viewer's pages) */
    int fd;                       /* tmp held open and locked, or -1 */
    int placed;                   /* renamed into place by the commit */
    int had_old;                  /* an old final was set aside as old */
    int digested;                 /* digest is tmp's while its size is size */
    long long size;
    unsigned long long digest;
};

static void clean_dead(void);
static void clean_names(const char *dir, const char *const *names, size_t n);

static struct {
    int open;
    char *dir;                    /* the report folder, or NULL */
    struct waiting *w;
    size_t n, cap;
} set;

void cli_report_set_begin(const char *dir)
{
    set.open = 1;
    set.dir = dir ? strdup(dir) : NULL;
}

int cli_viewer_page_name(const char *name)
{
    size_t n = strspn(name, "0123456789");
    return n > 0 && name[0] != '0' && strcmp(name + n, ".html") == 0;
}

int cli_remove_pages(const char *path)
{
    /* Opened without following a link: a symbolic link where the pages
     * were is never a way into another folder. */
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        struct stat st;
        if (!cli_viewer_page_name(e->d_name) ||
            fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
            unlinkat(fd, e->d_name, 0) != 0)
            rc = -1;  /* not a page gcaudit wrote: it stays, and so does the folder */
    }
    closedir(d);
    return rc == 0 && rmdir(path) == 0 ? 0 : -1;
}

/* Remove a file, or the folder of pages when pages, that the reports no
 * longer need (what: whose it is); where that fails, stderr says so and
 * it stays.  Gone already is fine. */
static void remove_or_say(const char *path, int pages, const char *what)
{
    if ((pages ? cli_remove_pages(path) : unlink(path)) == 0 || errno == ENOENT)
        return;
    cli_warning("cannot remove '%s' (%s): %s", path, what, strerror(errno));
}

static void forget(struct waiting *w)
{
    if (w->fd >= 0)
        close(w->fd);
    free(w->tmp), free(w->final), free(w->old);
    memset(w, 0, sizeof *w);
    w->fd = -1;
}

static int put(const char *tmp, const char *final, int dir)
{
    if (!set.open) {
        if (dir && cli_remove_pages(final) != 0)
            return -1;
        return rename(tmp, final);
    }
    if (set.n == set.cap) {
        size_t cap = set.cap ? 2 * set.cap : 16;
        struct waiting *bigger = realloc(set.w, cap * sizeof *bigger);
        if (!bigger)
            return -1;
        set.w = bigger;
        set.cap = cap;
    }
    struct waiting *w = &set.w[set.n];
    memset(w, 0, sizeof *w);
    size_t n = strlen(final) + 32;
    w->tmp = strdup(tmp);
    w->final = strdup(final);
    w->old = malloc(n);
    w->dir = dir;
    w->fd = -1;
    if (!w->tmp || !w->final || !w->old) {
        forget(w);
        errno = ENOMEM;
        return -1;
    }
    snprintf(w->old, n, "%s.old-%ld", final, (long)getpid());
    /* Held locked until it is in place (see the top of the file). */
    w->fd = open(tmp, O_RDONLY | O_CLOEXEC | (dir ? O_DIRECTORY : 0));
    if (w->fd >= 0)
        (void)flock(w->fd, LOCK_EX | LOCK_NB);
    set.n++;
    return 0;
}

int cli_report_put(const char *tmp, const char *final)
{
    return put(tmp, final, 0);
}

int cli_report_put_dir(const char *tmp, const char *final)
{
    return put(tmp, final, 1);
}

size_t cli_report_mark(void)
{
    return set.n;
}

int cli_report_put_kept(size_t mark, struct cli_kept *k)
{
    int rc = 0, err = 0;
    size_t placed = 0;
    for (size_t i = 0; i < k->n; i++) {
        if (put(k->tmp[i], k->final[i], 0) != 0) {
            err = err ? err : errno;
            rc = -1;
            unlink(k->tmp[i]);
        } else if (set.open) {
            /* Moved from the end to its place: after the files of k
             * before it, or to the end when files were dropped since. */
            size_t at = mark + placed < set.n ? mark + placed : set.n - 1;
            placed++;
            struct waiting w = set.w[set.n - 1];
            memmove(&set.w[at + 1], &set.w[at], (set.n - 1 - at) * sizeof w);
            set.w[at] = w;
        }
        free(k->tmp[i]), free(k->final[i]);
    }
    k->n = 0;
    errno = err;
    return rc;
}

const char *cli_report_waiting(const char *final)
{
    for (size_t i = 0; i < set.n; i++)
        if (strcmp(set.w[i].final, final) == 0)
            return set.w[i].tmp;
    return final;
}

void cli_report_discard(const char *final)
{
    const char *slash = strrchr(final, '/');
    char *dir = slash ? strndup(final, (size_t)(slash - final)) : NULL;
    const char *names[1] = {slash ? slash + 1 : final};
    clean_names(dir ? (dir[0] ? dir : "/") : ".", names, 1);
    free(dir);
    for (size_t i = 0; i < set.n; i++)
        if (strcmp(set.w[i].final, final) == 0) {
            remove_or_say(set.w[i].tmp, 0, "a report of this run, not wanted");
            forget(&set.w[i]);
            set.w[i] = set.w[--set.n];
            return;
        }
    remove_or_say(final, 0, "a report not wanted");
}

void cli_report_set_abort(void)
{
    for (size_t i = 0; i < set.n; i++) {
        struct waiting *w = &set.w[i];
        remove_or_say(w->tmp, w->dir, "a report of this run, not put in place");
        forget(w);
    }
    free(set.w);
    free(set.dir);
    memset(&set, 0, sizeof set);
}

/* ----------------------------------- what the last run wrote (FILES_LIST) */

/* The digests the list has held, by its version (digest_of below). */
enum { DIGEST_FNV1A = 1, DIGEST_WORDS = 2 };

struct listed {
    char *name;                   /* in set.dir */
    int pages;                    /* the pages' folder */
    long long size;               /* a file's size and digest, as written */
    unsigned long long digest;
    int kind;                     /* the digest's: the list's version (DIGEST_*) */
};

static void free_list(struct listed *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(l[i].name);
    free(l);
}

static char *in_set_dir(const char *name)
{
    size_t n = strlen(set.dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", set.dir, name);
    return p;
}

/* The digests of a file's bytes the list has held: the list says what
 * gcaudit wrote without a time in it, so that the same reports are the
 * same bytes.  Version 1 was FNV-1a, a byte at a time: on 100,000 games
 * it was 2% of the run, all of it at the end, where no other thread
 * helps.  Version 2 takes the bytes 32 at a time in four lanes of 64-bit
 * words, each lane multiplied and folded as FNV's state is, so the four
 * run side by side (about 5 bytes a cycle where FNV-1a did 0.25); the
 * bytes after the last whole 32 and the length are folded in at the end.
 * Neither is cryptographic: it tells a file edited since from the one
 * gcaudit wrote, which is all the list asks. */
struct digest {
    int kind;
    uint64_t lane[4];             /* DIGEST_FNV1A: lane[0] is the hash */
    uint64_t len;
};

static const uint64_t lane_seed[4] = {0xcbf29ce484222325ULL, 0x9E3779B97F4A7C15ULL,
                                      0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL};

static void digest_init(struct digest *d, int kind)
{
    d->kind = kind;
    d->len = 0;
    memcpy(d->lane, lane_seed, sizeof d->lane);
}

/* A little-endian word, whatever the machine's order: the list may be
 * read by another machine sharing the folder. */
static inline uint64_t le64(const unsigned char *p)
{
    uint64_t w = 0;
    for (int i = 7; i >= 0; i--)
        w = w << 8 | p[i];
    return w;
}

static inline uint64_t lane_step(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0xff51afd7ed558ccdULL;
    return h ^ (h >> 29);
}

/* n bytes; for DIGEST_WORDS a multiple of 32 unless they are the file's
 * last. */
static void digest_add(struct digest *d, const unsigned char *p, size_t n)
{
    d->len += n;
    if (d->kind == DIGEST_FNV1A) {
        uint64_t h = d->lane[0];
        for (size_t i = 0; i < n; i++)
            h = (h ^ p[i]) * 0x100000001b3ULL;
        d->lane[0] = h;
        return;
    }
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; k++)
            d->lane[k] = lane_step(d->lane[k], le64(p + i + 8 * (size_t)k));
    /* The last bytes, short of a word: each in a lane of its own turn. */
    for (; i < n; i++)
        d->lane[i & 3] = lane_step(d->lane[i & 3], (uint64_t)p[i] | 0x100);
}

static uint64_t digest_end(const struct digest *d)
{
    if (d->kind == DIGEST_FNV1A)
        return d->lane[0];
    uint64_t h = d->len;
    for (int k = 0; k < 4; k++) {
        h = (h ^ d->lane[k]) * 0xBF58476D1CE4E5B9ULL;
        h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
        h ^= h >> 31;
    }
    return h;
}

/* Start writing a finished file out to disk, on the thread that digests
 * it ahead of the commit.  ext4 writes out a file that replaces another
 * by rename (its auto_da_alloc) inside rename(2), on the thread that
 * commits, at the very end of the run: started here, the rename finds
 * the pages under way.  git's batch fsync starts write-back the same way.
 * Nothing is waited for; elsewhere than Linux, nothing is done. */
static void start_writeback(int fd)
{
#ifdef __linux__
    (void)sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
#endif
}

/* The digest of kind of a file's bytes, and with ahead its write-back
 * started.  0 when it cannot be read. */
static unsigned long long digest_of(const char *path, int kind, int ahead)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return 0;
    struct digest d;
    digest_init(&d, kind);
    unsigned char buf[65536];   /* a multiple of 32: only the last bytes are short of a block */
    ssize_t n = 1;
    while (n > 0) {
        size_t have = 0;
        while (have < sizeof buf && (n = read(fd, buf + have, sizeof buf - have)) > 0)
            have += (size_t)n;
        digest_add(&d, buf, have);
    }
    if (ahead && n == 0)
        start_writeback(fd);
    close(fd);
    return n < 0 ? 0 : digest_end(&d);
}

int cli_report_digest_file(const char *path, struct cli_digest_ahead *out)
{
    struct stat st;
    out->tmp = NULL;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || !(out->tmp = strdup(path)))
        return -1;
    out->size = (long long)st.st_size;
    out->digest = digest_of(path, DIGEST_WORDS, 1);
    return 0;
}

void cli_report_digest_ahead(struct cli_digest_ahead *d)
{
    for (size_t i = 0; d->tmp && i < set.n; i++)
        if (strcmp(set.w[i].tmp, d->tmp) == 0) {
            set.w[i].digested = 1;
            set.w[i].size = d->size;
            set.w[i].digest = d->digest;
        }
    free(d->tmp);
    d->tmp = NULL;
}

/* A name the list may hold: one component, never the list itself. */
static int plain_name(const char *name)
{
    return name[0] && !strchr(name, '/') && !strchr(name, '\n') && strcmp(name, ".") != 0 &&
           strcmp(name, "..") != 0 && strcmp(name, CLI_FILES_LIST) != 0;
}

/* final's name when it lies directly in set.dir (the same folder, by
 * device and inode), else NULL. */
static const char *name_in_dir(const char *final)
{
    const char *slash = strrchr(final, '/');
    char *parent = slash ? strndup(final, (size_t)(slash - final)) : strdup(".");
    struct stat a, b;
    int same = parent && stat(parent[0] ? parent : "/", &a) == 0 && stat(set.dir, &b) == 0 &&
               a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    free(parent);
    const char *name = slash ? slash + 1 : final;
    return same && plain_name(name) ? name : NULL;
}

/* The list an earlier run left, if any (one that cannot be read, or a
 * line that is not the list's, is no list: nothing is removed).  0, or
 * -1 when out of memory. */
static int read_list(struct listed **out, size_t *n)
{
    *out = NULL, *n = 0;
    char *path = in_set_dir(CLI_FILES_LIST);
    if (!path)
        return -1;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    free(path);
    struct stat st;
    FILE *f = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    char line[4200];
    size_t cap = 0;
    int rc = 0, ok = fgets(line, sizeof line, f) != NULL;
    int kind = !ok                                                 ? 0
               : strcmp(line, CLI_FILES_HEADER "\n") == 0    ? DIGEST_WORDS
               : strcmp(line, CLI_FILES_HEADER_V1 "\n") == 0 ? DIGEST_FNV1A
                                                             : 0;
    ok = kind != 0;
    while (ok && rc == 0 && fgets(line, sizeof line, f)) {
        struct listed e = {.kind = kind};
        int at = 0;
        char *nl = strchr(line, '\n');
        if (!nl) {
            ok = 0;
            break;
        }
        *nl = '\0';
        if (sscanf(line, "file %lld %16llx %n", &e.size, &e.digest, &at) == 2 && at)
            e.pages = 0;
        else if (strncmp(line, "pages ", 6) == 0)
            e.pages = 1, at = 6;
        else
            at = 0;
        if (!at || !plain_name(line + at))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            struct listed *bigger = realloc(*out, cap * sizeof *bigger);
            if (!bigger) {
                rc = -1;
                break;
            }
            *out = bigger;
        }
        if (!(e.name = strdup(line + at)))
            rc = -1;
        else
            (*out)[(*n)++] = e;
    }
    fclose(f);
    if (!ok || rc != 0) {
        free_list(*out, *n);
        *out = NULL, *n = 0;
    }
    if (rc != 0)
        errno = ENOMEM;
    return rc;
}

/* The list of this run's files in set.dir, waiting with them.  0, or -1
 * with errno. */
static int write_list(void)
{
    char *final = in_set_dir(CLI_FILES_LIST);
    size_t n = final ? strlen(final) + 32 : 0;
    char *tmp = final ? malloc(n) : NULL;
    if (tmp)
        snprintf(tmp, n, "%s.tmp-%ld", final, (long)getpid());
    int fd = tmp ? open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666) : -1;
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f && fd >= 0)
        close(fd);
    int rc = f ? 0 : -1;
    if (f)
        fputs(CLI_FILES_HEADER "\n", f);
    for (size_t i = 0; f && i < set.n; i++) {
        const char *name = name_in_dir(set.w[i].final);
        struct stat st;
        if (!name || lstat(set.w[i].tmp, &st) != 0)
            continue;
        if (set.w[i].dir)
            fprintf(f, "pages %s\n", name);
        else
            fprintf(f, "file %lld %016llx %s\n", (long long)st.st_size,
                    set.w[i].digested && set.w[i].size == (long long)st.st_size
                        ? set.w[i].digest
                        : digest_of(set.w[i].tmp, DIGEST_WORDS, 0),
                    name);
    }
    if (f && (ferror(f) | fclose(f)))
        rc = -1;
    if (rc == 0 && put(tmp, final, 0) != 0)
        rc = -1;
    if (rc != 0 && tmp) {
        int e = errno;
        unlink(tmp);
        errno = e;
    }
    free(tmp), free(final);
    return rc;
}

/* Remove what the earlier run listed and this one did not write again,
 * if it is still as gcaudit wrote it. */
static void remove_unwritten(const struct listed *l, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int again = 0;
        for (size_t j = 0; j < set.n && !again; j++) {
            const char *name = name_in_dir(set.w[j].final);
            again = name && strcmp(name, l[i].name) == 0;
        }
        char *path = again ? NULL : in_set_dir(l[i].name);
        struct stat st;
        if (!path || lstat(path, &st) != 0) {
            free(path);
            continue;
        }
        if (l[i].pages && S_ISDIR(st.st_mode)) {
            if (cli_remove_pages(path) != 0)
                cli_warning("'%s' holds pages of an earlier run and files gcaudit did not "
                            "write: left as it is",
                            path);
        } else if (!l[i].pages && S_ISREG(st.st_mode) && st.st_size == l[i].size &&
                   l[i].digest && digest_of(path, l[i].kind, 0) == l[i].digest) {
            remove_or_say(path, 0, "an earlier run's report this run did not write");
        } else {
            cli_warning("'%s' was written by an earlier run and has changed since: left as it "
                        "is, though this run did not write it",
                        path);
        }
        free(path);
    }
}

/* Set the old final aside: a hard link for a file (the final stays in
 * place until the new one replaces it in one rename), the directory
 * itself renamed for the pages.  0 (with had_old when there was one), or
 * an errno value. */
static int set_aside(struct waiting *w)
{
    unlink(w->old);
    struct stat st;
    if (w->dir && lstat(w->final, &st) == 0 && !S_ISDIR(st.st_mode))
        return ENOTDIR;   /* not the folder of pages gcaudit wrote: left alone */
    if (w->dir ? rename(w->final, w->old) == 0 : link(w->final, w->old) == 0) {
        w->had_old = 1;
        return 0;
    }
    if (errno == ENOENT)
        return 0;
    /* A file system without hard links: the file itself goes aside. */
    if (!w->dir && (errno == EPERM || errno == EOPNOTSUPP || errno == EMLINK) &&
        rename(w->final, w->old) == 0) {
        w->had_old = 1;
        return 0;
    }
    return errno ? errno : EIO;
}

/* The earlier run's report set aside (set_aside) back in place; where
 * that fails, stderr says where it is. */
static void put_back(const struct waiting *w)
{
    if (rename(w->old, w->final) != 0)
        cli_warning("cannot put the earlier run's '%s' back in place (it is '%s'): %s",
                    w->final, w->old, strerror(errno));
}

/* Undo the first n files of a commit: each new one back under its
 * temporary name (removed by the abort that follows), each old one back
 * in place. */
static void undo(size_t n)
{
    for (size_t i = n; i-- > 0;) {
        struct waiting *w = &set.w[i];
        if (w->placed && rename(w->final, w->tmp) != 0)
            cli_warning("cannot take '%s' back out of place: %s", w->final, strerror(errno));
        if (w->had_old)
            put_back(w);
        w->placed = w->had_old = 0;
    }
}

int cli_report_set_commit(void)
{
    int err = 0;
    size_t i;
    struct listed *earlier = NULL;
    size_t nearlier = 0;
    if (set.dir && (read_list(&earlier, &nearlier) != 0 || write_list() != 0)) {
        err = errno ? errno : EIO;
        free_list(earlier, nearlier);
        cli_report_set_abort();
        errno = err;
        return -1;
    }
    clean_dead();
    for (i = 0; i < set.n && !err; i++) {
        struct waiting *w = &set.w[i];
        if ((err = set_aside(w)) != 0)
            break;
        if (rename(w->tmp, w->final) != 0) {
            err = errno ? errno : EIO;
            if (w->had_old && w->dir)
                put_back(w);
            else if (w->had_old)
                remove_or_say(w->old, 0, "a second name of the earlier run's report");
            w->had_old = 0;
            break;
        }
        w->placed = 1;
    }
    if (err) {
        undo(i);
        free_list(earlier, nearlier);
        cli_report_set_abort();
        errno = err;
        return -1;
    }
    remove_unwritten(earlier, nearlier);
    free_list(earlier, nearlier);
    for (i = 0; i < set.n; i++) {
        struct waiting *w = &set.w[i];
        if (w->had_old)
            remove_or_say(w->old, w->dir, "the earlier run's, replaced");
        forget(w);
    }
    free(set.w);
    free(set.dir);
    memset(&set, 0, sizeof set);
    return 0;
}

/* -------------------------------------------------- a dead run's files */

/* NAME.tmp-PID or NAME.old-PID for NAME one of names: the PID, else 0. */
static long pid_in(const char *file, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        const char *p = file + len;
        if (strncmp(file, names[i], len) != 0 ||
            (strncmp(p, ".tmp-", 5) != 0 && strncmp(p, ".old-", 5) != 0))
            continue;
        p += 5;
        char *end;
        errno = 0;
        long pid = strtol(p, &end, 10);
        if (p[0] >= '1' && p[0] <= '9' && !*end && !errno && pid > 0)
            return pid;
    }
    return 0;
}

/* The process is gone and no one holds the file locked. */
static int stale(const char *path, long pid)
{
    if (pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (fd < 0)
        return 0;
    int unheld = flock(fd, LOCK_EX | LOCK_NB) == 0;
    close(fd);
    return unheld;
}

static void clean_names(const char *dir, const char *const *names, size_t n)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        long pid = pid_in(de->d_name, names, n);
        if (!pid)
            continue;
        size_t len = strlen(dir) + strlen(de->d_name) + 2;
        char *path = malloc(len);
        if (!path)
            break;
        snprintf(path, len, "%s/%s", dir, de->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) &&
            stale(path, pid))
            remove_or_say(path, S_ISDIR(st.st_mode), "left by a run that ended");
        free(path);
    }
    closedir(d);
}

/* What dead runs left of the waiting files' names, beside each. */
static void clean_dead(void)
{
    for (size_t i = 0; i < set.n; i++) {
        char *copy = strdup(set.w[i].final);
        if (!copy)
            return;
        char *slash = strrchr(copy, '/');
        const char *names[1] = {slash ? slash + 1 : copy};
        if (slash)
            *slash = '\0';
        clean_names(slash ? (copy[0] ? copy : "/") : ".", names, 1);
        free(copy);
    }
}
