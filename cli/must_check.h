/*
 * must_check: CLI_MUST_CHECK marks a function of the command whose result
 * says whether it failed, so that the compiler refuses a caller that
 * drops it (-Werror), as the libraries' FMT_MUST_CHECK, RP_MUST_CHECK and
 * ST_MUST_CHECK do for theirs.
 */
#ifndef GC_CLI_MUST_CHECK_H
#define GC_CLI_MUST_CHECK_H

#define CLI_MUST_CHECK __attribute__((warn_unused_result))

#endif
