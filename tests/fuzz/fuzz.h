/*
 * The libFuzzer harnesses (tests/fuzz/fuzz_*.c), as plain functions: the
 * fuzz build wraps each in its own LLVMFuzzerTestOneInput (GC_FUZZ_MAIN),
 * and the regression suite (test_regressions.c) feeds them the committed
 * corpus and every input that ever crashed, under the normal sanitizer
 * build.  A broken invariant traps (gc_fuzz_check).
 */
#ifndef GC_TESTS_FUZZ_H
#define GC_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Each harness returns how far its input got (never negative), which the
 * fuzzer ignores and the regression suite checks: a seed of the corpus
 * must reach what it is there for. */

/* Bytes, normalised as an entry's text would be, through the log parser.
 * Returns the games parsed. */
int gc_fuzz_log_parser(const uint8_t *data, size_t size);

/* Bytes parsed, then every game replayed as written and once as each
 * registered variant, so every turn resolver sees every move list.
 * Returns the games replayed as written (not malformed, of a known
 * variant). */
int gc_fuzz_replay(const uint8_t *data, size_t size);

/* Bytes as a variant definition file (variants.ini syntax): loaded or
 * refused with its line and key; a loaded variant's positions survive
 * FEN written and read back.  Returns the defined variants loaded. */
int gc_fuzz_definitions(const uint8_t *data, size_t size);

/* Bytes as a file (and as standard input): the walk, the parser, the
 * replay and the CSV rows, as `gcaudit analyze` runs them.  Returns the
 * games read from entries read in full, as a file. */
int gc_fuzz_input(const uint8_t *data, size_t size);

/* A fuzzer finds crashes by itself; this turns a broken promise of the
 * public headers into one, with the promise named in the debugger. */
#define gc_fuzz_check(cond) \
    do { if (!(cond)) __builtin_trap(); } while (0)

#endif
