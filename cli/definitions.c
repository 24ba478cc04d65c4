/*
 * definitions: the variants from definition files a run knows: every
 * *.ini of the shipped folder, then each --variants FILE in the order
 * given (a later section replaces a variant of the same name).  Loaded on
 * the command's thread before any input is read, so the replay threads
 * only ever read the registry.
 *
 * The shipped folder is found without options, first that exists of:
 *   1. $GCAUDIT_DEFINITIONS (a folder);
 *   2. ../share/gcaudit/definitions beside the executable (an installed
 *      gcaudit, wherever its prefix was moved);
 *   3. the source tree's replay/definitions, for a gcaudit run from the
 *      build folder it was built in;
 *   4. the folder `cmake --install` puts them in.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/digest.h"

#ifndef GC_DEFINITIONS_SOURCE_DIR
#define GC_DEFINITIONS_SOURCE_DIR ""
#endif
#ifndef GC_DEFINITIONS_INSTALL_DIR
#define GC_DEFINITIONS_INSTALL_DIR ""
#endif
#ifndef GC_BUILD_DIR
#define GC_BUILD_DIR ""
#endif

static int is_dir(const char *path)
{
    struct stat st;
    return path[0] && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Are a and b one folder (whatever symbolic links lead to them)? */
static int same_dir(const char *a, const char *b)
{
    struct stat sa, sb;
    return a[0] && b[0] && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* The executable's folder, or "" when /proc does not say. */
static void exe_dir(char *out, size_t size)
{
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    out[0] = '\0';
    if (n <= 0)
        return;
    path[n] = '\0';
    char *slash = strrchr(path, '/');
    if (!slash)
        return;
    *slash = '\0';
    snprintf(out, size, "%s", path);
}

int cli_definitions_dir(char *out, size_t size)
{
    const char *env = getenv("GCAUDIT_DEFINITIONS");
    if (env && env[0]) {
        snprintf(out, size, "%s", env);
        return is_dir(out);
    }
    char exe[PATH_MAX];
    exe_dir(exe, sizeof exe);
    if (exe[0]) {
        snprintf(out, size, "%s/../share/gcaudit/definitions", exe);
        if (is_dir(out))
            return 1;
        if (same_dir(exe, GC_BUILD_DIR) && is_dir(GC_DEFINITIONS_SOURCE_DIR)) {
            snprintf(out, size, "%s", GC_DEFINITIONS_SOURCE_DIR);
            return 1;
        }
    }
    snprintf(out, size, "%s", GC_DEFINITIONS_INSTALL_DIR);
    return is_dir(out);
}

int cli_definitions_add_or_stop(struct cli_definitions *d, const char *file)
{
    if (d->n == sizeof d->files / sizeof d->files[0]) {
        cli_error("--variants: at most %zu files", sizeof d->files / sizeof d->files[0]);
        return CLI_EXIT_USAGE;
    }
    d->files[d->n++] = file;
    return CLI_CONTINUE;
}

static int report_or_stop(const char *command, const struct rp_def_error *e)
{
    if (e->line && e->key[0])
        cli_error("%s: %s:%d: %s: %s", command, e->file, e->line, e->key, e->message);
    else if (e->line)
        cli_error("%s: %s:%d: %s", command, e->file, e->line, e->message);
    else if (e->key[0])
        cli_error("%s: %s: %s: %s", command, e->file, e->key, e->message);
    else
        cli_error("%s: %s: %s", command, e->file, e->message);
    return CLI_EXIT_USAGE;
}

/* The SHA-256 of the definitions loaded (cli_definitions_sha256). */
static char loaded_sha256[CLI_SHA256_HEX];

/* One file's bytes into the definitions' digest: its length (8 bytes,
 * big-endian) then its content, so that no two sequences of files give
 * the same bytes.  0, or -1 with errno. */
static int digest_file(struct cli_sha256 *h, const char *path)
{
    char hex[CLI_SHA256_HEX];
    uint64_t size;
    struct stat st;
    /* A FIFO (--variants <(...)) cannot be read twice: its name stands
     * for it, so shards given one merge only if given the same name. */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        cli_sha256_add(h, "not a file: ", 12);
        cli_sha256_add(h, path, strlen(path) + 1);
        return 0;
    }
    /* A file's own digest stands for its bytes: the same sequence of
     * contents gives the same digest, whatever the files are called. */
    if (cli_sha256_file(path, hex, &size) != 0)
        return -1;
    unsigned char len[8];
    for (int i = 0; i < 8; i++)
        len[i] = (unsigned char)(size >> (56 - 8 * i));
    cli_sha256_add(h, len, sizeof len);
    cli_sha256_add(h, hex, 64);
    return 0;
}

/* rp_defs_load_dir's choice of files (replay/fairy_load.c, mirrored):
 * a name of at least five bytes ending in ".ini", not starting with '.'. */
static int is_definition_file(const struct dirent *e)
{
    size_t len = strlen(e->d_name);
    return len >= 5 && strcmp(e->d_name + len - 4, ".ini") == 0 && e->d_name[0] != '.';
}

/* ... and its order: byte order of the names (strcmp, not the locale's). */
static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* A folder's definition files into the digest, in rp_defs_load_dir's
 * order.  0, or -1 with errno. */
static int digest_folder(struct cli_sha256 *h, const char *dir)
{
    struct dirent **list;
    int n = scandir(dir, &list, is_definition_file, by_name), rc = 0;
    if (n < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        char path[PATH_MAX + 256];
        snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
        if (rc == 0 && digest_file(h, path) != 0)
            rc = -1;
        free(list[i]);
    }
    free(list);
    return rc;
}

/* The digest of the files loaded, in the order loaded: the shipped
 * folder's (dir, "" for none) and its built-in parents' (builtin/, which
 * a section may read), then d's.  0, or -1 with errno. */
static int digest_loaded(const char *dir, const struct cli_definitions *d)
{
    struct cli_sha256 h;
    cli_sha256_init(&h);
    int rc = 0;
    if (dir[0]) {
        char builtin[PATH_MAX + 16];
        snprintf(builtin, sizeof builtin, "%s/builtin", dir);
        rc = digest_folder(&h, dir);
        if (rc == 0 && access(builtin, F_OK) == 0)
            rc = digest_folder(&h, builtin);
    }
    for (size_t i = 0; i < d->n && rc == 0; i++)
        rc = digest_file(&h, d->files[i]);
    if (rc == 0)
        cli_sha256_hex(&h, loaded_sha256);
    return rc;
}

const char *cli_definitions_sha256(void)
{
    return loaded_sha256;
}

/* The shipped folder cli_definitions_defer_or_stop put off, and how its
 * loading went: written by the thread that loads it, under the registry's
 * lock, and read once the replay threads are done. */
static char deferred_dir[PATH_MAX];
static int deferred_failed;
static struct rp_def_error deferred_err;

static void load_deferred(void)
{
    /* Not part of the entry whose game asked for it: the test hook that
     * runs an entry out of memory leaves it alone (a real shortage fails
     * the load, and the run, as it would have at its start). */
    int armed = cli_alloc_pause();
    deferred_failed = rp_defs_load_dir(deferred_dir, &deferred_err) != RP_DONE;
    cli_alloc_resume(armed);
}

/* cli_definitions_load_or_stop and cli_definitions_defer_or_stop. */
static int load(const struct cli_definitions *d, const char *command, int digest, int defer)
{
    struct rp_def_error e;
    char dir[PATH_MAX];
    int found = cli_definitions_dir(dir, sizeof dir);
    if (found) {
        char builtin[PATH_MAX + 16];
        snprintf(builtin, sizeof builtin, "%s/builtin", dir);
        rp_defs_builtin_dir(builtin);
        /* Deferred only for the folder gcaudit ships (its own tests load
         * every definition of it), not for one of the user's, whose
         * errors stop the run before any game is read; and only when
         * nothing is registered after it, so that every Game: name is
         * claimed by what claims it now. */
        const char *env = getenv("GCAUDIT_DEFINITIONS");
        int shipped = !(env && env[0]);
        int status;
        if (defer && shipped && d->n == 0 && strlen(dir) < sizeof deferred_dir) {
            memcpy(deferred_dir, dir, strlen(dir) + 1);
            deferred_failed = 0;
            status = rp_defs_defer_dir(dir, load_deferred, &e);
        } else {
            status = rp_defs_load_dir(dir, &e);
        }
        if (status != RP_DONE)
            return report_or_stop(command, &e);
    } else {
        /* Not silent: without them every defined variant is unsupported. */
        cli_error("%s: warning: the shipped variant definitions were not found (set "
                  "GCAUDIT_DEFINITIONS to their folder); only the built-in variants are known",
                  command);
    }
    /* Ctrl-C stops between files; the command then says so. */
    for (size_t i = 0; i < d->n && !cli_interrupted(); i++)
        if (rp_defs_load_file(d->files[i], &e) != RP_DONE)
            return report_or_stop(command, &e);
    /* Right after loading, so that a file edited later in a long run
     * does not change what the run says it was made with. */
    if (digest && !cli_interrupted() && digest_loaded(found ? dir : "", d) != 0) {
        cli_error("%s: cannot read the variant definitions again for their digest: %s",
                  command, strerror(errno));
        return CLI_EXIT_NOTHING;
    }
    return CLI_CONTINUE;
}

int cli_definitions_load_or_stop(const struct cli_definitions *d, const char *command,
                                 int digest)
{
    return load(d, command, digest, 0);
}

int cli_definitions_defer_or_stop(const struct cli_definitions *d, const char *command,
                                  int digest)
{
    return load(d, command, digest, 1);
}

int cli_definitions_deferred_or_stop(const char *command)
{
    return deferred_failed ? report_or_stop(command, &deferred_err) : CLI_CONTINUE;
}
