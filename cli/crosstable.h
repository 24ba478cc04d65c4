/*
 * crosstable: the crosstable of each event of standings.csv, in
 * summary.html and on the workbook's `crosstables` sheet
 * (docs/standings-and-ratings.md, "Crosstables").
 *
 * The tables come from the statistics (st_event_encounter); the page
 * also lists each event's games under its table, so that a cell links to
 * the games it counts: they are fed in one at a time as the page's audit
 * pass reads games.csv back (audit_html.c), with the address of each
 * game's viewer page when it has one.
 *
 * Ownership: arguments are borrowed; the statistics and the aliases must
 * outlive the cli_crosstables made from them.
 */
#ifndef GC_CLI_CROSSTABLE_H
#define GC_CLI_CROSSTABLE_H

#include <stdio.h>

#include "cli/must_check.h"
#include "cli/audit.h"
#include "cli/xlsx_text.h"

/* Events with more players get no crosstable (standings.csv has them). */
#define CLI_CROSSTABLE_PLAYERS 64
/* The games listed under the page's crosstables, at most, so that the page
 * stays quick to open: the events (in the order of standings.csv) whose
 * games would pass this get their table without the list. */
#define CLI_CROSSTABLE_GAMES 20000

typedef struct cli_crosstables cli_crosstables;

/* The crosstables of s (finished), whose player names went through
 * alias and its spellings (both NULL: none); declared: the page shows the
 * declared results (as --results declared counts them).  NULL when out of
 * memory. */
cli_crosstables *cli_crosstables_new(const st_stats *s, const struct st_alias *alias,
                                     const struct cli_alias_spellings *spellings, int declared);
void cli_crosstables_free(cli_crosstables *ct);

/* One row of games.csv, with the address of its viewer page ("" for
 * none): kept when it is a pairing of a crosstable's event.  0, or -1 when
 * out of memory. */
CLI_MUST_CHECK int cli_crosstables_game(cli_crosstables *ct, const struct cli_game_rows *g, const char *href);

/* The note on event e of s when it has games under review (illegal, with
 * a result): how many, how the policy scores them, and what the places
 * would be under the other policies ("With them left out, Marcus Webb
 * would be first"; review_note.c).  *note: the sentence (the caller's to free), or NULL
 * when the event has none.  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_review_note(const st_stats *s, size_t e, char **note);

/* How policy p scores the games under review, in words ("scored as
 * declared"): the page's legend and the note (review_note.c). */
const char *cli_review_policy(enum st_illegal p);

/* The page's Crosstables section. */
void cli_crosstables_html(FILE *f, cli_crosstables *ct);

/* The `crosstables` sheet: every crosstable of ct, one under the other,
 * marked as the page marks them (its malformed games once the audit pass
 * has fed ct its rows), into sh (xlsx_text.h).  CLI_SHEET_OK, or what
 * stopped it. */
__attribute__((warn_unused_result)) enum cli_sheet_rc
cli_crosstables_sheet(cli_sheet *sh, const cli_crosstables *ct);

#endif
