/*
 * The fuzz harnesses (fuzz_*.c) as ordinary tests, under the suite's
 * sanitizers: every seed of corpus/<harness>/ and every input that ever
 * crashed a harness, kept in regressions/<harness>/ under a name that
 * says what broke.  A fixed crash stays fixed; and each seed must reach
 * what it is in the corpus for (a harness returns how far its input got:
 * games parsed, replayed, read), so that a corpus that no longer reaches
 * the code it seeds fails here instead of fuzzing nothing.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"
#include "tests/support/support.h"

typedef int (*harness_fn)(const uint8_t *data, size_t size);

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A corpus seed that is broken on purpose (a bad checksum, an encrypted
 * or truncated archive) may reach nothing; every other must. */
static int broken_on_purpose(const char *name)
{
    return strncmp(name, "bad", 3) == 0 || strncmp(name, "encrypted", 9) == 0 ||
           strncmp(name, "truncated", 9) == 0;
}

/* Feed every file of tests/fuzz/<kind>/<harness>/ to fn, in name order;
 * returns how many there were (0 when the directory does not exist).
 * Each corpus seed must reach something (fn's result above 0), unless it
 * is broken on purpose. */
static size_t replay_dir(const char *kind, const char *harness, harness_fn fn)
{
    char *path = ts_fmt("%s/tests/fuzz/%s/%s", GC_SOURCE_DIR, kind, harness);
    DIR *d = opendir(path);
    char **names = NULL;
    size_t n = 0;
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        names = realloc(names, (n + 1) * sizeof *names);
        names[n++] = strdup(de->d_name);
    }
    if (d)
        closedir(d);
    if (n > 1)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char *file = ts_fmt("%s/%s", path, names[i]);
        size_t len;
        char *data = ts_read_file(file, &len);
        cr_assert_not_null(data, "%s", file);
        /* Named first: if the harness crashes, the log says on what. */
        cr_log_info("%s %s/%s", harness, kind, names[i]);
        int reached = fn((const uint8_t *)data, len);
        cr_expect_geq(reached, 0, "%s %s/%s", harness, kind, names[i]);
        if (strcmp(kind, "corpus") == 0 && !broken_on_purpose(names[i]))
            cr_expect_gt(reached, 0, "%s: the seed %s reaches nothing", harness, names[i]);
        free(data), free(file), free(names[i]);
    }
    free(names);
    free(path);
    return n;
}

static void replay_all(const char *harness, harness_fn fn)
{
    size_t seeds = replay_dir("corpus", harness, fn);
    cr_assert_gt(seeds, 0, "the %s corpus is committed", harness);
    replay_dir("regressions", harness, fn);
}

Test(fuzz, log_parser_corpus_and_regressions)
{
    replay_all("fuzz_log_parser", gc_fuzz_log_parser);
}

Test(fuzz, replay_corpus_and_regressions)
{
    replay_all("fuzz_replay", gc_fuzz_replay);
}

Test(fuzz, definitions_corpus_and_regressions)
{
    replay_all("fuzz_definitions", gc_fuzz_definitions);
}

Test(fuzz, input_corpus_and_regressions)
{
    replay_all("fuzz_input", gc_fuzz_input);
}
