/*
 * audit: what a director reads first.  The row reports read back game by
 * game (report_read.c), the Audit section and run block of summary.html
 * (audit_html.c), the game viewer: its records, made while a game is
 * replayed (viewer_record.c), and its pages (viewer_html.c), and the
 * workbook's games, violations and info sheets (stats_xlsx.c).
 *
 * Ownership: arguments are borrowed; the cells a reader hands out live
 * until its next call.
 */
#ifndef GC_CLI_AUDIT_H
#define GC_CLI_AUDIT_H

#include <stddef.h>
#include <stdio.h>

#include "cli/must_check.h"
#include "cli/cli.h"
#include "cli/rows.h"

/* ------------------------------------------- reading the row reports */

typedef struct cli_rows cli_rows;

/* One games.csv row, its violations.csv rows and its viewer record. */
struct cli_game_rows {
    long long row;                /* 1-based row of games.csv */
    const char *game[CLI_GAMES_COLS];
    size_t nviolations;
    const char *(*violation)[CLI_VIOLATIONS_COLS];
    const char *viewer;           /* the viewer record (JSON), "" when none */
};

/* Open the reports named in files.  NULL with the reason in err. */
cli_rows *cli_rows_open(const struct cli_report_files *files, char *err, size_t errsize);

/* The next game: 1, 0 after the last, -1 with the reason in the err
 * given to cli_rows_open. */
CLI_MUST_CHECK int cli_rows_next(cli_rows *r, struct cli_game_rows *out);

void cli_rows_free(cli_rows *r);

typedef struct cli_entries cli_entries;

cli_entries *cli_entries_open(const char *path, char *err, size_t errsize);

/* The next inputs.csv row into cells[CLI_INPUTS_COLS]: 1, 0 at the end, -1. */
CLI_MUST_CHECK int cli_entries_next(cli_entries *e, const char **cells);

void cli_entries_free(cli_entries *e);

/* ------------------------------------------------------------- viewer */

/* A game gets a viewer page when it was replayed and the mode asks:
 * `illegal` for a game with a violation or one left for review. */
int cli_viewer_wants(enum cli_viewer mode, const struct rp_report *r);

/* Log text into a record: escaped as the CSV reports show it
 * (fmt_escape), then as a JSON string for the page (cli_json_string_buf).
 * 0, or -1 when memory ran out. */
CLI_MUST_CHECK int cli_json_log_text(struct fmt_buf *b, const char *s);

/* A viewer record (one line of CLI_VIEWER_FILE, without its line end)
 * decoded and appended to out written again, every string through
 * cli_json_log_text (viewer_json.c): 0; -1 when memory ran out; -2 with
 * the reason in why when it is no record (not one JSON object, a key
 * twice, a NUL, a number not whole). */
CLI_MUST_CHECK int cli_viewer_record_again(const char *record, struct fmt_buf *out, char *why, size_t whysize);

/* The header row of CLI_VIEWER_FILE (its one column). */
extern const char *const cli_viewer_header[1];

typedef struct cli_view_rec cli_view_rec;

/* A recorder of one game at a time (one per worker).  NULL when out of
 * memory. */
cli_view_rec *cli_view_rec_new(void);
void cli_view_rec_free(cli_view_rec *v);

/* The rp_turn_hook to pass to rp_replay with the recorder as ctx; it
 * starts a new game on the call for the starting position. */
void cli_view_rec_hook(void *ctx, const struct fmt_turn *turn, const struct rp_variant *variant,
                       const void *state);

/* The game just replayed as one line of JSON (with its "\n"), appended to
 * out.  0, or -1 when out of memory. */
CLI_MUST_CHECK int cli_view_rec_write(cli_view_rec *v, const struct rp_report *r, struct fmt_buf *out);

/* Which viewer page a game goes to.  Pages hold at most
 * CLI_VIEWER_PAGE_GAMES games and about CLI_VIEWER_PAGE_BYTES of records
 * (one bigger game goes alone), so that a page opens quickly whatever the
 * run.  Zero-initialised is before the first game. */
#define CLI_VIEWER_PAGE_GAMES 200
#define CLI_VIEWER_PAGE_BYTES (4u << 20)
struct cli_viewer_pager {
    unsigned long page;           /* 1-based page of the last game placed */
    size_t games, bytes;          /* on that page so far */
};

/* The page of the next game with a record of len bytes. */
unsigned long cli_viewer_place(struct cli_viewer_pager *p, size_t len);

/* The viewer pages' directory in the report directory. */
#define CLI_VIEWER_DIR "games"

/* Writes the pages as the games come (viewer_html.c). */
typedef struct cli_viewer_out cli_viewer_out;

/* Start writing into dir/CLI_VIEWER_DIR (built under a temporary name and
 * put in place by cli_viewer_finish).  NULL with errno. */
cli_viewer_out *cli_viewer_start(const char *dir);

/* Add one game (a record not ""); *href is set to its address relative to
 * the report directory ("games/3.html#g17"), valid until the next call.
 * 0, or -1 with errno. */
CLI_MUST_CHECK int cli_viewer_add(cli_viewer_out *o, const struct cli_game_rows *g, const char **href);

/* Close the last page and put the directory in place (an old one is
 * removed), or drop everything (ok 0).  0, or -1 with errno. */
CLI_MUST_CHECK int cli_viewer_finish(cli_viewer_out *o, int ok);

/* ---------------------------------------------------- the HTML pieces */

/* Text as XML character data or attribute value (summary_html.c's rule). */
void cli_html_text(FILE *f, const char *s);

/* A count with thousands separators: the page's one style for counts. */
void cli_html_count(FILE *f, unsigned long long v);

/* s as a JSON string (quotes included) that can stand inside a <script>
 * element of an XHTML page: <, >, & and controls as \u escapes. */
void cli_json_string(FILE *f, const char *s);

/* The same appended to b: 0, or -1 when memory ran out. */
CLI_MUST_CHECK int cli_json_string_buf(struct fmt_buf *b, const char *s);

/* The script and style the audit pages carry (cli/page/, embedded). */
extern const char cli_page_audit_js[];
extern const char cli_page_viewer_js[];
extern const char cli_page_css[];
extern const char cli_page_crosstable_js[]; /* crosstable.c's */

/* A script element holding js, in a CDATA section for XML parsers. */
void cli_html_script(FILE *f, const char *js);

/* The start of the Audit section of summary.html: its heading and the run
 * (date, version, inputs, options, selection). */
void cli_audit_run(FILE *f, const struct cli_html_run *run);

/* The pass the rest of it is made of, over the row reports of
 * run->info->files: the entries not read, the games with violations, the
 * result mismatches, the games left for review and the copies, each
 * table's rows kept in a temporary file; the viewer pages linked from
 * them written into dir under a temporary name; each game fed to
 * run->crosstables.  It reads no rating, so the end of a run makes it
 * once the standings are built, beside the rating fits
 * (cli_report_statistics).  NULL when out of memory; a pass that failed
 * keeps the reason for cli_audit_tables.  Any thread; arguments borrowed
 * until it returns. */
typedef struct cli_audit_pass cli_audit_pass;
cli_audit_pass *cli_audit_pass_run(const struct cli_html_run *run, const char *dir);

/* A pass dropped (its pages removed unless cli_audit_tables put them in
 * place); NULL does nothing. */
void cli_audit_pass_free(cli_audit_pass *p);

/* The rest of the Audit section from run->audit (the pass above, NULL
 * when it ran out of memory): the tables, and the viewer pages put in
 * place (the report set's thread).  0, or -1 with the reason in err. */
CLI_MUST_CHECK int cli_audit_tables(FILE *f, const struct cli_html_run *run, const char *dir, char *err,
                     size_t errsize);

#endif
