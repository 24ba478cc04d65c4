/*
 * pgn_export: analyze --pgn and merge's PGN files (pgn_export.c, the
 * games' PGN; pgn_files.c, the files by variant): what became of each
 * selected game, the files, and a game's record.
 *
 * Ownership: arguments are borrowed; a returned char * is the caller's.
 */
#ifndef GC_CLI_PGN_EXPORT_H
#define GC_CLI_PGN_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "cli/must_check.h"
#include "formats/formats.h"
#include "replay/replay.h"

struct cli_where;

/* What became of a selected game in the PGN file. */
enum cli_pgn_fate {
    CLI_PGN_EXPORTED,
    CLI_PGN_OTHER_VARIANT,        /* replayed, of a variant PGN tools do not read */
    CLI_PGN_NOT_REPLAYED,         /* malformed, or of no variant gcaudit knows: no moves */
    CLI_PGN_NO_NOTATION,          /* the variant could not write a turn in SAN: a fault of
                                     gcaudit's, warned about */
    CLI_PGN_FATES
};

/* The games of a run by fate. */
struct cli_pgn_counts {
    uint64_t n[CLI_PGN_FATES];
};

/* "variant", "not-replayed", "no-notation" (the shards' part file), and
 * back (-1 when s is none of them); CLI_PGN_EXPORTED has no name. */
const char *cli_pgn_fate_name(enum cli_pgn_fate f);
int cli_pgn_fate_parse(const char *s);

/* The files --pgn FILE writes (pgn_files.c): FILE for Chess, and a file
 * per other variant beside it.  Each is written under a temporary name
 * and handed to cli_report_put when closed. */
typedef struct cli_pgn_files cli_pgn_files;

/* FILE's name without ".pgn", '.', the Variant tag's value in lower case
 * (each run of other characters one '-'), ".pgn": "out/games.pgn" and
 * "King of the Hill" give "out/games.king-of-the-hill.pgn".  Malloc'd;
 * NULL when out of memory. */
char *cli_pgn_variant_path(const char *file, const char *variant);

/* FILE opened, and the file of every variant of the registry that has a
 * PGN name (one that gets no game is not written).  NULL with errno when
 * one cannot be. */
cli_pgn_files *cli_pgn_files_open(const char *file);

/* The files' final and temporary paths into out (the first max of
 * them; out may be NULL when max is 0), which live as long as F: what a
 * run must not read as input.  Their number. */
size_t cli_pgn_files_paths(const cli_pgn_files *F, const char **out, size_t max);

/* One game's PGN into FILE, or, when it has a Variant tag, into its
 * variant's file (opened at its first game).  0, or -1 with errno. */
CLI_MUST_CHECK int cli_pgn_files_game(cli_pgn_files *F, const char *text, size_t len);

/* The games of records as pgn_export.c writes them (cli_pgn_rec_write,
 * part), each into its file; "pgn-left-out" records are passed over.
 * 0, or -1 with errno (EINVAL: not such records). */
CLI_MUST_CHECK int cli_pgn_files_records(cli_pgn_files *F, const char *buf, size_t len);

/* Close every file into the report set.  0, or -1 (said on stderr).  The
 * counts stay for cli_pgn_files_text until cli_pgn_files_free. */
CLI_MUST_CHECK int cli_pgn_files_close(cli_pgn_files *F);

/* When FILE lies outside outdir (the report folder, whose list of files
 * removes what this run did not write again): warn of the variants'
 * files beside FILE that this run did not write, an earlier run's, which
 * would look current beside the new ones.  gcaudit removes nothing
 * outside the report folder (docs/pgn.md). */
void cli_pgn_files_stale(const cli_pgn_files *F, const char *outdir);

/* Free F (a file not closed is dropped); NULL does nothing. */
void cli_pgn_files_free(cli_pgn_files *F);

/* "3 games exported to FILE; 2 to a file per variant (1 Crazyhouse to
 * F.crazyhouse.pgn, 1 Horde to F.horde.pgn); 2 left out (...)", the
 * summary's words for the PGN files (a shard, or F NULL: "... exported
 * into this shard's part of FILE").  Malloc'd; NULL when out of memory. */
char *cli_pgn_files_text(const struct cli_pgn_counts *c, const cli_pgn_files *F,
                         const char *file, int shard);

/* "  pgn: " and cli_pgn_files_text, the closing line of a run or a merge. */
void cli_pgn_summary(const struct cli_pgn_counts *c, const cli_pgn_files *F, const char *file,
                     int shard);

/* The warning games left out without notation call for (none when there
 * are none). */
void cli_pgn_warn(const struct cli_pgn_counts *c, const char *file);

/* The header row of CLI_PGN_PART_FILE. */
extern const char *const cli_pgn_part_header[1];

/* The moves of one game at a time (one recorder per worker). */
typedef struct cli_pgn_rec cli_pgn_rec;

/* NULL when out of memory. */
cli_pgn_rec *cli_pgn_rec_new(void);
void cli_pgn_rec_free(cli_pgn_rec *p);

/* Right after rp_game_start(g): record the game's moves (in SAN) and
 * where it starts, when its variant is exported; otherwise nothing is
 * recorded.  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_pgn_rec_start(cli_pgn_rec *p, rp_game *G, const struct fmt_game *g);

/* After rp_game_finish: the game's fate into *fate and, when exported,
 * its PGN appended to out (part: as a record of the shards' part file:
 * "pgn N" and its N lines, or "pgn-left-out FATE").  w names the game
 * where it has no Log: header.  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_pgn_rec_write(cli_pgn_rec *p, const struct fmt_game *g, const struct rp_report *r,
                      const struct cli_where *w, int part, struct fmt_buf *out,
                      enum cli_pgn_fate *fate);

#endif
