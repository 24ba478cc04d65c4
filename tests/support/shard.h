/*
 * shard: a shard's directory edited as a forger would: after a test
 * changed its files, the state's digests (its "file" lines and its last
 * line, cli/state.c) computed again with coreutils' sha256sum, so that
 * what merge checks behind the digests is reached.
 */
#ifndef GC_TEST_SHARD_H
#define GC_TEST_SHARD_H

/* Seal dir (a shard's directory) again; the test fails if it cannot. */
void ts_shard_reseal(const char *dir);

#endif
