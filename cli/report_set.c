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
 * One set per process, used by the thread that writes the reports.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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
};

static void clean_dead(void);
static int clean_names(const char *dir, const char *const *names, size_t n);

static struct {
    int open;
    struct waiting *w;
    size_t n, cap;
} set;

void cli_report_set_begin(void)
{
    set.open = 1;
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
            unlink(set.w[i].tmp);
            forget(&set.w[i]);
            set.w[i] = set.w[--set.n];
            return;
        }
    unlink(final);
}

void cli_report_set_abort(void)
{
    for (size_t i = 0; i < set.n; i++) {
        struct waiting *w = &set.w[i];
        if (w->dir)
            cli_remove_pages(w->tmp);
        else
            unlink(w->tmp);
        forget(w);
    }
    free(set.w);
    memset(&set, 0, sizeof set);
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

/* Undo the first n files of a commit: each new one back under its
 * temporary name (removed by the abort that follows), each old one back
 * in place. */
static void undo(size_t n)
{
    for (size_t i = n; i-- > 0;) {
        struct waiting *w = &set.w[i];
        if (w->placed)
            rename(w->final, w->tmp);
        if (w->had_old)
            rename(w->old, w->final);
        w->placed = w->had_old = 0;
    }
}

int cli_report_set_commit(void)
{
    int err = 0;
    size_t i;
    clean_dead();
    for (i = 0; i < set.n && !err; i++) {
        struct waiting *w = &set.w[i];
        if ((err = set_aside(w)) != 0)
            break;
        if (rename(w->tmp, w->final) != 0) {
            err = errno ? errno : EIO;
            if (w->had_old && w->dir)
                rename(w->old, w->final);
            else if (w->had_old)
                unlink(w->old);
            w->had_old = 0;
            break;
        }
        w->placed = 1;
    }
    if (err) {
        undo(i);
        cli_report_set_abort();
        errno = err;
        return -1;
    }
    for (i = 0; i < set.n; i++) {
        struct waiting *w = &set.w[i];
        if (w->had_old)
            w->dir ? cli_remove_pages(w->old) : unlink(w->old);
        forget(w);
    }
    free(set.w);
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

static int clean_names(const char *dir, const char *const *names, size_t n)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
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
            stale(path, pid) && (S_ISDIR(st.st_mode) ? cli_remove_pages(path) : unlink(path)) == 0)
            removed++;
        free(path);
    }
    closedir(d);
    return removed;
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
