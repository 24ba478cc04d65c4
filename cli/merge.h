/*
 * merge: what the files of `gcaudit merge` share (cmd_merge.c, the
 * merge; merge_options.c, its options): the shards being merged and the
 * merge.
 */
#ifndef GC_CLI_MERGE_H
#define GC_CLI_MERGE_H

#include <stdint.h>
#include <stdio.h>

#include "cli/must_check.h"
#include "cli/cli.h"

struct shard {
    const char *dir;
    struct cli_state st;
    FILE *games, *violations, *index;
    FILE *viewer;                 /* CLI_VIEWER_FILE, when the shards made records */
    FILE *pgn;                    /* CLI_PGN_PART_FILE, when the shards were given --pgn */
    uint64_t seq;                 /* the game at the head of the index */
    long long index_no;
    size_t nviolations;
    int has_head;
    uint64_t rows_seen, violations_seen; /* lines of the index, their violations */
    unsigned long long viewer_line; /* lines of the viewer records read (the header is 1) */
};

struct merge {
    const char *outdir, *xlsx;
    const char *pgn;              /* --pgn FILE: where the PGN goes, instead of the shards' FILE */
    struct cli_pgn_counts pgn_counts;
    int quiet;
    int allow_empty;              /* --allow-empty: shards without games give empty reports */
    uint64_t viewer_max;          /* --viewer-max (UINT64_MAX: no limit) */
    int strict;                   /* --strict: a merge that warned exits 2 */
    char *made_dir;               /* the first directory of -o this merge created, or NULL */
    struct shard *sh;
    int n;
    st_stats *stats;
    st_alias *alias;              /* the shards' --player-alias, read again, or NULL */
    struct cli_alias_spellings spellings; /* its spellings */
    struct cli_totals t;
    char *line;
    size_t cap;
    struct fmt_buf record;        /* a viewer record written again, a PGN game copied */
    cli_pgn_files *pgn_files;     /* the PGN files written, once open */
    char *pgn_text;               /* what the summaries say of them */
};

/* merge's command line into M (its shards' directories in M->sh).
 * CLI_CONTINUE, or the exit status (said). */
CLI_MUST_CHECK int cli_merge_parse_or_stop(int argc, char **argv, struct merge *M);

#endif
