/*
 * oracle: checks a variant against the shared test vectors
 * (tests/fixtures/oracle/V.log and V.expect.jsonl, made independently of
 * this code): every game's games.csv fields and its violations.
 */
#ifndef GC_TEST_ORACLE_H
#define GC_TEST_ORACLE_H

/* Replay every game of V.log and compare with V.expect.jsonl.  Returns the
 * number of games that differ (each logged); *ngames gets how many were
 * compared. */
int ts_check_oracle(const char *variant, int *ngames);

#endif
