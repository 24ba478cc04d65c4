/*
 * Test support: small POSIX helpers so that each suite states what it
 * checks rather than how it reads files or runs commands.
 */
#include "support.h"

#include <criterion/criterion.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

char *ts_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2 + 1);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return NULL;
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int ts_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t put = fwrite(data, 1, len, f);
    return (fclose(f) == 0 && put == len) ? 0 : -1;
}

char *ts_tempdir(void)
{
    const char *base = getenv("TMPDIR");
    char *tmpl = ts_fmt("%s/gcaudit-test-XXXXXX", base && *base ? base : "/tmp");
    if (tmpl && !mkdtemp(tmpl)) {
        free(tmpl);
        return NULL;
    }
    return tmpl;
}

void ts_rmtree(const char *dir)
{
    /* Only ever called on our own mkdtemp directories. */
    if (!dir || !strstr(dir, "gcaudit-test-"))
        return;
    char *cmd = ts_fmt("rm -rf '%s'", dir);
    if (cmd)
        ts_run(cmd);
    free(cmd);
}

int ts_run(const char *cmdline)
{
    int st = system(cmdline);
    if (st == -1 || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

int ts_exists(const char *dir, const char *name)
{
    char *path = ts_fmt("%s/%s", dir, name);
    struct stat st;
    int rc = path && lstat(path, &st) == 0;
    free(path);
    return rc;
}

char *ts_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

int ts_gcaudit(const char *dir, const char *args)
{
    char *cmd = ts_fmt("cd '%s' && '%s' %s >stdout.txt 2>stderr.txt", dir, GC_BINARY, args);
    int rc = ts_run(cmd);
    free(cmd);
    return rc;
}

char *ts_slurp(const char *dir, const char *name)
{
    char *path = ts_fmt("%s/%s", dir, name);
    char *text = ts_read_file(path, NULL);
    free(path);
    cr_assert_not_null(text, "%s was not written", name);
    return text;
}

uint64_t ts_rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

unsigned ts_rng_below(uint64_t *s, unsigned n)
{
    return (unsigned)(ts_rng_next(s) % n);
}

int ts_env_count(const char *name, int otherwise)
{
    const char *v = getenv(name);
    char *end = "";
    long n = v && *v ? strtol(v, &end, 10) : -1;
    return n >= 0 && n < 1000000 && !*end ? (int)n : otherwise;
}

char *ts_scratch;

void ts_scratch_setup(void)
{
    ts_scratch = ts_tempdir();
    cr_assert_not_null(ts_scratch, "no scratch directory");
}

void ts_scratch_teardown(void)
{
    if (ts_scratch)
        ts_rmtree(ts_scratch);
    free(ts_scratch);
    ts_scratch = NULL;
}

pid_t ts_fork_writer(int fds[2])
{
    cr_assert_eq(pipe(fds), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        signal(SIGPIPE, SIG_IGN);   /* a write to a reader gone fails instead */
    }
    return pid;
}

/* The runner's directory of ts_once_make, and the file in it that says
 * the command failed (its exit status). */
#define TS_ONCE_ENV "GC_TEST_ONCE"
#define TS_ONCE_FAILED ".gc-test-once-failed"

void ts_once_make(const char *cmd)
{
    char *dir = ts_tempdir();
    if (!dir)
        return;   /* no GC_TEST_ONCE: ts_once_copy fails the tests */
    setenv(TS_ONCE_ENV, dir, 1);
    char *run = ts_fmt("cd '%s' && { %s; }", dir, cmd);
    int rc = run ? ts_run(run) : -1;
    if (rc != 0) {
        char *failed = ts_fmt("%s/" TS_ONCE_FAILED, dir);
        char *why = ts_fmt("exit status %d of: %s", rc, cmd);
        if (failed && why)
            ts_write_file(failed, why, strlen(why));
        free(failed);
        free(why);
    }
    free(run);
    free(dir);
}

void ts_once_copy(void)
{
    const char *dir = getenv(TS_ONCE_ENV);
    cr_assert(dir && *dir, "the suite's shared inputs were not made (no " TS_ONCE_ENV ")");
    char *failed = ts_fmt("%s/" TS_ONCE_FAILED, dir);
    char *why = ts_read_file(failed, NULL);
    cr_assert_null(why, "making the suite's shared inputs failed: %s", why);
    free(failed);
    char *cmd = ts_fmt("cp -R '%s'/. '%s'", dir, ts_scratch);
    cr_assert_eq(ts_run(cmd), 0, "%s", cmd);
    free(cmd);
}

void ts_once_remove(void)
{
    const char *dir = getenv(TS_ONCE_ENV);
    if (dir && *dir)
        ts_rmtree(dir);
}
