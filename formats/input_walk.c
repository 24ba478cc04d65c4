/*
 * fmt_walk(): what a command-line input is.  "-" is standard input, a
 * directory is walked recursively, anything else is opened and handed to
 * libarchive (input_archive.c), which tells by content whether it is a log,
 * a compressed log or an archive.
 *
 * Directories are read in strcmp order of names, never in readdir order,
 * so that two runs over the same tree number entries (seq) identically and
 * their reports can be compared line by line.  Symbolic links to
 * directories are not followed: that keeps the walk finite without having
 * to remember where it has been.
 *
 * Nothing waits without a way out: a path named on the command line that
 * is no regular file (a FIFO, a device) is opened with O_NONBLOCK, since
 * open(2) of a FIFO without a writer waits for one forever, and read
 * only once poll(2) says it has data (input_archive.c), asking
 * fmt_walk_options.stop meanwhile.
 */
#include "formats/input.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A failed row for a path the system would not give us. */
static enum fmt_rc report_errno(struct fmt_walker *w, const char *path,
                        const char *what, int err)
{
    char reason[256], msg[FMT_INPUT_MSG_MAX];
    /* strerror_r, not strerror: the walker may run beside other threads. */
    if (strerror_r(err, reason, sizeof reason) != 0)
        snprintf(reason, sizeof reason, "error %d", err);
    snprintf(msg, sizeof msg, "%s: %s", what, reason);
    return fmt_input_report(w, path, "", FMT_ENTRY_FAILED, msg, 0, NULL, 0);
}

static enum fmt_rc read_file(struct fmt_walker *w, const char *path, const struct stat *st)
{
    int flags = O_RDONLY | O_CLOEXEC | (S_ISREG(st->st_mode) ? 0 : O_NONBLOCK);
    int fd = open(path, flags);
    if (fd < 0)
        return report_errno(w, path, "cannot open", errno);
    enum fmt_rc rc = fmt_input_read_fd(w, fd, path, S_ISREG(st->st_mode) ? (int64_t)st->st_size : -1);
    close(fd);
    return rc;
}

static char *join_path(const char *dir, const char *name)
{
    size_t dl = strlen(dir), nl = strlen(name);
    int slash = dl > 0 && dir[dl - 1] != '/';
    char *p = malloc(dl + slash + nl + 1);
    if (p) {
        memcpy(p, dir, dl);
        if (slash)
            p[dl] = '/';
        memcpy(p + dl + slash, name, nl + 1);
    }
    return p;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* The names in dir other than "." and "..", sorted.  Returns 0, or an
 * errno value (nothing to free then). */
static int list_dir(const char *dir, char ***out, size_t *count)
{
    DIR *d = opendir(dir);
    if (!d)
        return errno;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int err = 0;
    struct dirent *de;
    while ((errno = 0, de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        if (n == cap) {
            char **bigger = realloc(names, (cap = cap ? cap * 2 : 16) * sizeof *names);
            if (!bigger) {
                err = ENOMEM;
                break;
            }
            names = bigger;
        }
        if (!(names[n] = strdup(de->d_name))) {
            err = ENOMEM;
            break;
        }
        n++;
    }
    if (!err && errno)
        err = errno;
    closedir(d);
    if (err) {
        free_names(names, n);
        return err;
    }
    if (n > 1)
        qsort(names, n, sizeof *names, by_name);
    *out = names;
    *count = n;
    return 0;
}

static enum fmt_rc walk_dir(struct fmt_walker *w, const char *dir);

/* Is st one of the paths never read (the output directory, the workbook)? */
static int skipped(const struct fmt_walker *w, const struct stat *st)
{
    for (size_t i = 0; i < w->nskip; i++)
        if (w->skip[i].dev == st->st_dev && w->skip[i].ino == st->st_ino)
            return 1;
    return 0;
}

/* One name found in a directory.  lstat, not stat: what the directory holds
 * decides, so a link to a directory is reported rather than walked.  A
 * path never to be read is left out without a row: the output directory
 * inside an input directory holds this run's own reports, half written,
 * and what it holds is no input (whether an earlier run left it there or
 * not must not change inputs.csv). */
static enum fmt_rc walk_dir_item(struct fmt_walker *w, const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return report_errno(w, path, "cannot open", errno);
    if (skipped(w, &st))
        return FMT_OK;
    if (S_ISDIR(st.st_mode))
        return walk_dir(w, path);
    if (S_ISREG(st.st_mode))
        return read_file(w, path, &st);
    int link = S_ISLNK(st.st_mode);
    if (link && stat(path, &st) == 0 && S_ISREG(st.st_mode))
        return read_file(w, path, &st);
    const char *why = link ? "symbolic link, not followed" : "not a regular file";
    return fmt_input_report(w, path, "", FMT_ENTRY_SKIPPED, why, 0, NULL, 0);
}

static enum fmt_rc walk_dir(struct fmt_walker *w, const char *dir)
{
    char **names = NULL;
    size_t n = 0;
    int err = list_dir(dir, &names, &n);
    if (err)
        return report_errno(w, dir, "cannot read directory", err);
    enum fmt_rc rc = FMT_OK;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (fmt_input_stopping(w)) {
            rc = FMT_STOPPED;
            break;
        }
        char *path = join_path(dir, names[i]);
        if (!path)
            rc = report_errno(w, dir, "cannot read directory", ENOMEM);
        else
            rc = walk_dir_item(w, path);
        free(path);
    }
    free_names(names, n);
    return rc;
}

enum fmt_rc fmt_walk(const char *path, const struct fmt_walk_options *opt,
             uint64_t *seq, fmt_entry_fn fn, void *ctx)
{
    struct fmt_walker w = {
        .max_depth = opt && opt->max_depth > 0 ? opt->max_depth : FMT_INPUT_DEFAULT_DEPTH,
        .max_entry_bytes = opt && opt->max_entry_bytes > 0 ? opt->max_entry_bytes
                                                           : FMT_INPUT_DEFAULT_MAX_BYTES,
        .max_inflated = opt && opt->max_inflated > 0 ? opt->max_inflated
                                                     : FMT_DEFAULT_MAX_INFLATED,
        .seq = seq,
        .fn = fn,
        .ctx = ctx,
        .stop = opt ? opt->stop : NULL,
        .stream_after = opt ? opt->stream_after : 0,
        .raw_text = opt && opt->raw_text,
    };
    struct stat st;
    for (size_t i = 0; opt && i < opt->nskip && w.nskip < sizeof w.skip / sizeof w.skip[0]; i++)
        if (opt->skip[i] && stat(opt->skip[i], &st) == 0)
            w.skip[w.nskip++] = (struct fmt_skip_id){st.st_dev, st.st_ino};
    if (strcmp(path, "-") == 0)
        return fmt_input_read_fd(&w, 0, "-", -1);
    /* stat, not lstat: a path the user named is followed wherever it points. */
    if (stat(path, &st) != 0)
        return report_errno(&w, path, "cannot open", errno);
    if (skipped(&w, &st))
        return fmt_input_report(&w, path, "", FMT_ENTRY_SKIPPED,
                                "gcaudit's own output: not read", 0, NULL, 0);
    if (S_ISDIR(st.st_mode))
        return walk_dir(&w, path);
    return read_file(&w, path, &st);
}
