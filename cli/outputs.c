/*
 * outputs: where the reports go, checked before any input is read, so
 * that a bad -o or --xlsx is said at once in our own words instead of
 * after the whole run in a library's; and the report directory made the
 * way it can be unmade, so that a run that writes nothing leaves nothing
 * behind (a directory it created is removed again, one that existed is
 * left as it was).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/audit.h"

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

size_t cli_report_names(char names[][CLI_REPORT_NAME_SIZE])
{
    static const char *const fixed[] = {"inputs.csv",     "games.csv",     "violations.csv",
                                        "summary.html",   CLI_VIEWER_FILE, CLI_STATE_FILE,
                                        CLI_ROWS_FILE,    CLI_PGN_PART_FILE, CLI_VIEWER_DIR,
                                        CLI_FILES_LIST};
    size_t n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        snprintf(names[n++], CLI_REPORT_NAME_SIZE, "%s", fixed[i]);
    for (int t = 0; t < ST_TABLE_COUNT; t++)
        snprintf(names[n++], CLI_REPORT_NAME_SIZE, "%s.csv", st_table_name((enum st_table)t));
    return n;
}

/* What is at a path gcaudit must not replace: "a symbolic link", ...; NULL
 * for a plain file or a folder. */
static const char *not_plain(mode_t mode)
{
    return S_ISLNK(mode)    ? "a symbolic link"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISFIFO(mode) ? "a FIFO (named pipe)"
           : S_ISSOCK(mode) ? "a socket"
                            : NULL;
}

#define ONLY_FILES "gcaudit replaces only plain files"
#define ONLY_FOLDERS "gcaudit replaces only plain folders"
#define ONLY_INTO "gcaudit writes only into a plain folder"

/* Say why `what` cannot be written at path, which is `kind`, and the rule
 * it breaks; a link's target is named. */
static int refuse(const char *command, const char *what, const char *path, const char *kind,
                  const char *rule)
{
    char target[512] = "";
    ssize_t n = readlink(path, target, sizeof target - 1);
    target[n > 0 ? n : 0] = '\0';
    cli_error("%s: cannot write the %s '%s': it is %s%s%s%s, and %s; nothing was written",
              command, what, path, kind, target[0] ? " (to '" : "", target,
              target[0] ? "')" : "", rule);
    return CLI_EXIT_USAGE;
}

/* The viewer's folder: absent, or a folder of pages only. */
static int check_pages(const char *command, const char *path, const struct stat *st)
{
    if (!S_ISDIR(st->st_mode))
        return refuse(command, "viewer pages", path, "a file", ONLY_FOLDERS);
    DIR *d = opendir(path);
    if (!d) {
        cli_error("%s: cannot read the viewer pages' folder '%s': %s", command, path,
                  strerror(errno));
        return CLI_EXIT_USAGE;
    }
    int rc = CLI_CONTINUE;
    struct dirent *e;
    while (rc == CLI_CONTINUE && (e = readdir(d)) != NULL) {
        struct stat pst;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (!cli_viewer_page_name(e->d_name) ||
            fstatat(dirfd(d), e->d_name, &pst, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(pst.st_mode)) {
            cli_error("%s: cannot replace the viewer pages '%s': it holds '%s', which gcaudit "
                      "did not write; nothing was written",
                      command, path, e->d_name);
            rc = CLI_EXIT_USAGE;
        }
    }
    closedir(d);
    return rc;
}

/* One path: absent, or what gcaudit may replace there. */
static int check_one(const char *command, const char *what, const char *path, int pages)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return CLI_CONTINUE;   /* nothing there (or nothing to see): the writing says */
    const char *kind = not_plain(st.st_mode);
    if (kind)
        return refuse(command, what, path, kind, pages ? ONLY_FOLDERS : ONLY_FILES);
    return pages ? check_pages(command, path, &st) : CLI_CONTINUE;
}

int cli_output_check_paths_or_stop(const char *command, const char *dir, const char *pgn,
                                   const char *xlsx)
{
    struct stat st;
    if (dir && lstat(dir, &st) == 0 && not_plain(st.st_mode))
        return refuse(command, "reports in", dir, not_plain(st.st_mode), ONLY_INTO);
    char names[CLI_REPORT_NAMES][CLI_REPORT_NAME_SIZE];
    size_t n = dir ? cli_report_names(names) : 0;
    int rc = CLI_CONTINUE;
    for (size_t i = 0; i < n && rc == CLI_CONTINUE; i++) {
        size_t size = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(size);
        if (!path) {
            cli_error("%s: out of memory", command);
            return CLI_EXIT_NOTHING;
        }
        snprintf(path, size, "%s/%s", dir, names[i]);
        int pages = strcmp(names[i], CLI_VIEWER_DIR) == 0;
        rc = check_one(command, pages ? "viewer pages" : "report", path, pages);
        free(path);
    }
    if (rc == CLI_CONTINUE && pgn)
        rc = check_one(command, "PGN file", pgn, 0);
    /* And the file beside it of every variant it may put apart
     * (pgn_files.c). */
    for (size_t i = 0; pgn && rc == CLI_CONTINUE && i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        if (!v->san || !v->pgn_variant || !v->pgn_variant[0])
            continue;
        char *path = cli_pgn_variant_path(pgn, v->pgn_variant);
        if (!path) {
            cli_error("%s: out of memory", command);
            return CLI_EXIT_NOTHING;
        }
        rc = check_one(command, "PGN file", path, 0);
        free(path);
    }
    if (rc == CLI_CONTINUE && xlsx)
        rc = check_one(command, "workbook", xlsx, 0);
    return rc;
}
