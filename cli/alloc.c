/*
 * alloc: running out of memory in one entry, on purpose, for the tests
 * (issue 15, item 3: out of memory in one entry is a failed row for that
 * entry, and the rest are read and reported).
 *
 * gcaudit is linked with -Wl,--wrap for malloc, calloc, realloc, strdup
 * and strndup (CMakeLists.txt), so that every allocation gcaudit's own
 * code makes (the libraries' and the command's; not libarchive's, zlib's
 * or the C library's own) comes here first.  With GCAUDIT_TEST_OOM=TEXT
 * or TEXT@N in the environment, each one fails with ENOMEM while a replay
 * thread parses and replays an entry whose name, SOURCE!ENTRY, contains
 * TEXT (after the first N of them succeeded, with @N: a test sweeps N to
 * run out of memory at every point of the entry): the paths that meet a
 * NULL are the real ones.  Unset, an allocation costs one test of a
 * thread-local flag.  This works the same under the sanitizers, where
 * RLIMIT_AS cannot be used.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static char pattern[256];           /* GCAUDIT_TEST_OOM's TEXT, "" when unset */
static long allowed;                /* its N: allocations that succeed first */
static _Thread_local int armed;     /* this thread is in a matching entry */
static _Thread_local long left;     /* allocations that succeed before they fail */

/* Should this allocation fail?  Only when armed: one test otherwise. */
static inline int fail_now(void)
{
    if (!armed)
        return 0;
    if (left > 0) {
        left--;
        return 0;
    }
    errno = ENOMEM;
    return 1;
}

void *__wrap_malloc(size_t n)
{
    if (fail_now())
        return NULL;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (fail_now())
        return NULL;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    if (fail_now())
        return NULL;
    return __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
    if (fail_now())
        return NULL;
    return __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    if (fail_now())
        return NULL;
    return __real_strndup(s, n);
}

void cli_alloc_test_setup(void)
{
    const char *p = getenv("GCAUDIT_TEST_OOM");
    if (!p || !*p || strlen(p) >= sizeof pattern)
        return;
    strcpy(pattern, p);
    char *at = strrchr(pattern, '@');
    if (at && at[1] >= '0' && at[1] <= '9') {
        allowed = strtol(at + 1, NULL, 10);
        *at = '\0';
    }
}

void cli_alloc_fail_in(const char *source, const char *entry)
{
    if (!pattern[0])
        return;
    /* SOURCE!ENTRY, without building it: the pattern may span the '!'. */
    size_t ls = strlen(source), le = strlen(entry);
    char buf[1024];
    if (ls + le + 2 > sizeof buf)
        return;
    memcpy(buf, source, ls);
    buf[ls] = '!';
    memcpy(buf + ls + 1, entry, le + 1);
    armed = strstr(buf, pattern) != NULL;
    left = allowed;
}

void cli_alloc_fail_end(void)
{
    armed = 0;
}

int cli_alloc_pause(void)
{
    int was = armed;
    armed = 0;
    return was;
}

void cli_alloc_resume(int was)
{
    armed = was;
}
