/*
 * Test support shared by the Criterion suites: reading files, scratch
 * directories, and running the built gcaudit binary.  Everything returned
 * as char * is the caller's to free.
 */
#ifndef GC_TEST_SUPPORT_H
#define GC_TEST_SUPPORT_H

#include <sys/types.h>
#include <stddef.h>
#include <stdint.h>

/* Whole file, NUL-terminated; *len (if not NULL) gets its size.  NULL if unreadable. */
char *ts_read_file(const char *path, size_t *len);

/* Write len bytes to path; 0 on success. */
int ts_write_file(const char *path, const void *data, size_t len);

/* A fresh empty directory under $TMPDIR (or /tmp). */
char *ts_tempdir(void);

/* Remove a directory tree made by ts_tempdir. */
void ts_rmtree(const char *dir);

/* The scratch directory of the running test, for a suite that sets
 *     TestSuite(name, .init = ts_scratch_setup, .fini = ts_scratch_teardown);
 * (or calls them first and last in its own .init and .fini): a fresh
 * empty directory before each test, removed with all it holds after. */
extern char *ts_scratch;
void ts_scratch_setup(void);
void ts_scratch_teardown(void);

/* Inputs made once for a whole run of a suite's executable, for a suite
 * whose every test starts from the same costly ones (shards made by
 * gcaudit, say): in the runner process, before any test,
 *     ReportHook(PRE_ALL)(struct criterion_test_set *set) { (void)set; ts_once_make(cmd); }
 *     ReportHook(POST_ALL)(struct criterion_global_stats *stats) { (void)stats; ts_once_remove(); }
 * ts_once_make runs the shell command line cmd in a fresh directory (the
 * environment's GC_TEST_ONCE names it, for the tests' processes), and
 * ts_once_copy (in a test, after ts_scratch_setup) copies all it made
 * into ts_scratch; the test fails there, saying so, if cmd did. */
void ts_once_make(const char *cmd);
void ts_once_copy(void);
void ts_once_remove(void);

/* Run a shell command line; returns its exit status, or -1 if it could not run. */
int ts_run(const char *cmdline);

/* Run the built gcaudit with args in dir, its output in dir/stdout.txt
 * and dir/stderr.txt; returns its exit status. */
int ts_gcaudit(const char *dir, const char *args);

/* dir/name, which must exist (the test fails otherwise); the caller frees. */
char *ts_slurp(const char *dir, const char *name);

/* Is there anything at dir/name (lstat: a dangling link is something)? */
int ts_exists(const char *dir, const char *name);

/* printf into a fresh string. */
char *ts_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Reproducible randomness for generated tests: xorshift64*, the state
 * seeded by the caller (never 0). */
uint64_t ts_rng_next(uint64_t *state);
/* A number below n (n > 0). */
unsigned ts_rng_below(uint64_t *state, unsigned n);

/* A soak by hand (docs/testing.md): the environment variable `name` as a
 * count from 0 to 999,999 (GC_ORACLE_GAMES, GC_ORACLE_SEED), else
 * `otherwise`; the suite sets none, so it plays the same games every run. */
int ts_env_count(const char *name, int otherwise);

/* A child process that writes into a pipe: fork(2) after pipe(2) into
 * fds.  In the child 0, its read end closed and SIGPIPE ignored (it
 * writes fds[1]); in the parent the child's pid (the parent closes fds[1]
 * and reads fds[0]). */
pid_t ts_fork_writer(int fds[2]);

#endif
