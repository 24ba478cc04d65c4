/*
 * outputs: where the reports go, checked before any input is read, so
 * that a bad -o or --xlsx is said at once in our own words instead of
 * after the whole run in a library's; and the report directory made the
 * way it can be unmade, so that a run that writes nothing leaves nothing
 * behind (a directory it created is removed again, one that existed is
 * left as it was).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

int cli_output_make_dir(const char *path, char **made)
{
    *made = NULL;
    char *p = strdup(path);
    if (!p)
        return -1;
    int rc = 0;
    for (char *s = p + 1; rc == 0; s++) {
        char c = *s;
        if (c != '/' && c != '\0')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) == 0) {
            if (!*made && !(*made = strdup(p)))
                rc = -1;
        } else if (errno != EEXIST) {
            rc = -1;
        }
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    if (rc == 0) {
        /* An existing path that is no directory (mkdir says EEXIST). */
        struct stat st;
        if (stat(path, &st) != 0)
            rc = -1;
        else if (!S_ISDIR(st.st_mode)) {
            errno = ENOTDIR;
            rc = -1;
        }
    }
    if (rc != 0) {
        int e = errno;
        cli_output_unmake_dir(path, *made);
        free(*made);
        *made = NULL;
        errno = e;
    }
    return rc;
}

void cli_output_unmake_dir(const char *path, const char *made)
{
    if (!made)
        return;
    char *p = strdup(path);
    if (!p)
        return;
    /* From the deepest directory up to the first one this run made;
     * rmdir removes only empty ones, so nothing else can be lost. */
    size_t stop = strlen(made);
    for (;;) {
        size_t n = strlen(p);
        while (n > 1 && p[n - 1] == '/')
            p[--n] = '\0';
        if (n < stop || rmdir(p) != 0 || n == stop)
            break;
        char *slash = strrchr(p, '/');
        if (!slash)
            break;
        *slash = '\0';
    }
    free(p);
}

/* The directory part of path ("." when none). */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    char *d = strdup(path);
    if (d)
        d[slash - path] = '\0';
    return d;
}

int cli_output_check_file_or_stop(const char *command, const char *what, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error("%s: cannot write the %s '%s': it is a directory", command, what, path);
        return CLI_EXIT_NOTHING;
    }
    char *dir = dir_of(path);
    if (!dir) {
        cli_error("%s: out of memory", command);
        return CLI_EXIT_NOTHING;
    }
    int rc = CLI_CONTINUE;
    if (stat(dir, &st) != 0) {
        cli_error("%s: cannot write the %s '%s': the directory '%s' does not exist", command,
                  what, path, dir);
        rc = CLI_EXIT_NOTHING;
    } else if (!S_ISDIR(st.st_mode)) {
        cli_error("%s: cannot write the %s '%s': '%s' is not a directory", command, what, path,
                  dir);
        rc = CLI_EXIT_NOTHING;
    } else {
        /* The file is written under a temporary name beside it and
         * renamed (stats_xlsx.c): a probe of that kind says whether the
         * directory takes it (permissions, a read-only file system). */
        size_t size = strlen(dir) + 64;
        char *probe = malloc(size);
        if (probe)
            snprintf(probe, size, "%s/.gcaudit-probe-%ld", dir, (long)getpid());
        int fd = probe ? open(probe, O_WRONLY | O_CREAT | O_EXCL, 0666) : -1;
        if (fd >= 0) {
            close(fd);
            unlink(probe);
        } else {
            cli_error("%s: cannot write the %s '%s': %s", command, what, path,
                      probe ? strerror(errno) : "out of memory");
            rc = CLI_EXIT_NOTHING;
        }
        free(probe);
    }
    free(dir);
    return rc;
}

int cli_output_split_path(const char *path, char **dir, const char **name)
{
    const char *slash = strrchr(path, '/');
    *name = slash ? slash + 1 : path;
    *dir = dir_of(path);
    return *dir ? 0 : -1;
}
