/*
 * stats: aggregation of replayed games.  Two things live here: the run
 * summary that `gcaudit analyze` prints, and the statistics reports
 * (variants.csv, terminations.csv, players.csv, headtohead.csv,
 * standings.csv, rating_lists.csv) with their win rates, intervals,
 * ratings and standings (docs/statistics.md,
 * docs/standings-and-ratings.md).
 *
 * The statistics are fed one game at a time (st_stats_add) during the one
 * pass over the archive and keep no game: only per-variant counters, a
 * histogram of game lengths, and per-player, per-pair and per-termination
 * tables grow with the input.  st_stats_finish fits the ratings and fixes
 * the row order; the tables are then read row by row as typed cells, which
 * the command writes as CSV, spreadsheet sheets or a page.
 *
 * Ownership: arguments are borrowed (st_stats_add copies the strings it
 * keeps).  Strings in cells live until st_stats_free.  Nothing here prints
 * or exits.
 */
#ifndef GC_STATS_H
#define GC_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "replay/replay.h"

/* What the calls of the statistics that can fail return; each failure its own
 * code, so that a caller never calls a misuse "out of memory". */
enum st_rc {
    ST_OK = 0,
    ST_NO_MEMORY = -1,
    ST_TOO_LARGE = -2,            /* a count would pass ST_COUNT_MAX */
    ST_MISUSE = -3,               /* a call the object's state forbids (after st_stats_finish) */
    ST_WRITE_FAILED = -4,         /* st_stats_save: a write failed, errno says why */
    ST_BAD_STATE = -5,            /* st_stats_load, st_summary_check: the counts are no state (the reason is said) */
    ST_ALIAS_CONFLICT = -6,       /* st_alias_add: the spelling already maps to another name */
    ST_ALIAS_CHAIN = -7           /* st_alias_add: a name that is a spelling, or a spelling that is a name */
};

/* A call whose enum st_rc the caller must look at. */
#define ST_MUST_CHECK __attribute__((warn_unused_result))

/* "out of memory", ... : the failure in words, for messages. */
const char *st_rc_text(enum st_rc rc);

/* Counts over a run, per status and per verified result. */
struct st_summary {
    uint64_t entries, entries_ok, entries_skipped, entries_failed;
    uint64_t games;
    uint64_t by_status[4];       /* indexed by enum rp_status */
    uint64_t by_result[4];       /* games of status ok by the result counted (--results):
                                    [RP_RESULT_NONE] unfinished, the others the valid games,
                                    as variants.csv counts them */
    uint64_t turns;              /* turns replayed */
    uint64_t violations;         /* all violations, result-mismatch included */
    uint64_t mismatches;         /* result-mismatch violations */
};

/* The largest count a report writes exactly (a cell's number is a double,
 * exact below 2^53): what a count read back from a file (a shard's state)
 * may be, and what a sum of such counts may reach. */
#define ST_COUNT_MAX ((UINT64_C(1) << 53) - 1)

void st_summary_init(struct st_summary *s);
/* Count a game; counted is the result the statistics count for it (the
 * verified one, or the declared one with --results declared). */
void st_summary_add_game(struct st_summary *s, const struct rp_report *r,
                         enum rp_result counted);

/* Add every count of from to into (parts of one run counted apart).  ST_OK,
 * or ST_TOO_LARGE when a sum would pass ST_COUNT_MAX (into is then
 * unchanged). */
ST_MUST_CHECK enum st_rc st_summary_add(struct st_summary *into, const struct st_summary *from);

/* Do the counts of s fit together as a run's counts always do (entries =
 * ok + skipped + failed, games = the sum by status, ...), each at most
 * ST_COUNT_MAX?  ST_OK, or ST_BAD_STATE with what does not fit in why. */
ST_MUST_CHECK enum st_rc st_summary_check(const struct st_summary *s, char *why, size_t whysize);

/* ------------------------------------------------------------ statistics */

/* Who made the illegal turn an illegal game stopped at: the standings'
 * forfeit policy scores the game as that person's loss.  NONE when the
 * rules had ended the game before its first illegal turn (an after-end
 * violation: the ending's result stands), or when the game is not
 * illegal. */
enum st_breaker {
    ST_BREAKER_NONE = 0,
    ST_BREAKER_WHITE,             /* the White: header person */
    ST_BREAKER_BLACK              /* the Black: header person */
};

/* One game as the statistics see it, built by the caller from the parsed
 * game and its replay report, with the result of its choice. */
struct st_game {
    const char *variant;          /* report key ("chess"), or the Game: value when unsupported */
    enum rp_status status;
    enum rp_result result;        /* the result counted: verified, or declared */
    int turns;                    /* turns replayed (status ok or illegal) */
    const char *termination;      /* NULL or "" when the game was not replayed */
    const struct rp_detail *detail; /* the rules' detail as typed pairs (rp_detail_split), NULL
                                     when none */
    const char *white;            /* the White: header person; NULL or "" when absent */
    const char *black;            /* the Black: header person */
    int colours_swapped;          /* at the end the White: person plays Black (Retro Chess) */
    uint64_t violations[2];       /* illegal turns entered by the White: [0] and Black: [1] person */
    const char *event;            /* the Event: header; NULL or "" when absent (the "" event) */
    enum st_breaker breaker;      /* an illegal game stopped at an illegal turn: whose turn */
};

typedef struct st_stats st_stats;


/* NULL when out of memory. */
st_stats *st_stats_new(void);
void st_stats_free(st_stats *s);

/* Count one game.  ST_OK; ST_NO_MEMORY or ST_TOO_LARGE (the statistics
 * are then incomplete: stop); ST_MISUSE after st_stats_finish. */
ST_MUST_CHECK enum st_rc st_stats_add(st_stats *s, const struct st_game *g);

/* Add everything from has counted to into, exactly as if into had been
 * given from's games too (persist.c): the parts of a run counted apart, on
 * worker threads or on other machines.  ST_OK; ST_NO_MEMORY or
 * ST_TOO_LARGE (into then holds part of from); ST_MISUSE when either is
 * finished. */
ST_MUST_CHECK enum st_rc st_stats_merge(st_stats *into, const st_stats *from);

/* Write the raw state (the counts st_stats_finish works from, by name) to
 * f, in the versioned text format persist.c describes.  ST_OK;
 * ST_WRITE_FAILED (errno set); ST_MISUSE after st_stats_finish. */
ST_MUST_CHECK enum st_rc st_stats_save(const st_stats *s, FILE *f);

/* Read a state written by st_stats_save from f (from its "stats 3" line to
 * its "end" line) and add it to into; lines_before is the number of lines
 * of the file before that one (a message says "line N" of the file).  Every count is range-checked (at
 * most ST_COUNT_MAX, and so is every sum), and every record must add up
 * as counting makes it (a player's games = wins + draws + losses, a
 * variant's valid games = the sum of its length histogram, ...): a file
 * that was edited or damaged is refused, never merged into nonsense.
 * ST_OK; ST_BAD_STATE or ST_NO_MEMORY with the reason in err (into may
 * then hold part of the file); ST_MISUSE when into is finished. */
ST_MUST_CHECK enum st_rc st_stats_load(st_stats *into, FILE *f, long lines_before, char *err,
                                       size_t errsize);

/* The games counted (over every variant), as st_summary's games counts
 * the same games; UINT64_MAX when that is more than ST_COUNT_MAX. */
uint64_t st_stats_games(const st_stats *s);

/* Ratings (docs/statistics.md "The rating model"): Elo scale, the mean rating of each
 * list is ST_RATING_CENTRE, and each rating has a normal prior centred
 * there with this standard deviation: weak (its curvature is an eighth of
 * one game between equal players), yet enough to keep unbeaten players
 * finite.  A stronger one (one game's worth, 347 Elo) visibly shrank the
 * ends of sparse schedules: its intervals held the truth 89% of the time
 * in tests/stats/test_rating.c's chain design instead of 95%. */
#define ST_RATING_CENTRE 1500.0
#define ST_RATING_PRIOR_SD 1000.0

/* How the standings score an illegal game that has a result, a game
 * "under review" (docs/standings-and-ratings.md): the order of the
 * policies is the order the notes compare them in; FORFEIT, 0, is the
 * default. */
enum st_illegal {
    ST_ILLEGAL_FORFEIT,           /* the player whose illegal turn stopped it loses it */
    ST_ILLEGAL_RESULT,            /* its result, as declared (or as the rules ended it) */
    ST_ILLEGAL_EXCLUDE,           /* not scored */
    ST_ILLEGAL_POLICIES
};

/* "forfeit", "result", "exclude": the --illegal-games words. */
const char *st_illegal_name(enum st_illegal p);

/* How the ratings are placed on the scale (Ordo's conventions): by
 * default each list's mean is ST_RATING_CENTRE; --average R makes it R;
 * --anchor NAME --anchor-rating R gives NAME the rating R in every list
 * she is rated in (the other lists then have the mean R), and the
 * intervals of that list are relative to her. */
struct st_options {
    uint64_t min_games;           /* players.csv leaves out rows with fewer valid games */
    double prior_sd;              /* rating prior, Elo; 0 = ST_RATING_PRIOR_SD */
    const char *anchor;           /* the anchored player, or NULL */
    double anchor_rating;         /* her rating, with anchor */
    int average_set;              /* average holds the mean of every list */
    double average;
    int white_advantage;          /* fit a white-advantage term (Ordo's -W) and report it */
    enum st_illegal illegal;      /* how the standings score the games under review */
    unsigned threads;             /* the rating lists are fitted by this many threads at most
                                     (0 or 1: the calling one alone); the same numbers */
    /* Called by st_stats_finish once the events' standings are built,
     * with standings_ctx, on the thread that built them: with threads
     * (above) one beside the sorting of the other records and the rating
     * fits, so it may read the events and their standings (st_events,
     * st_event_*, st_standing_*, ST_TABLE_STANDINGS's rows) and nothing
     * else of s until st_stats_finish returns.  NULL: none. */
    void (*standings_done)(void *ctx, const struct st_stats *s);
    void *standings_ctx;
};

/* Fit the ratings and fix the order of the rows.  ST_OK, or ST_NO_MEMORY.
 * Call after the last st_stats_add; a second call does nothing. */
ST_MUST_CHECK enum st_rc st_stats_finish(st_stats *s, const struct st_options *o);

/* ---------------------------------------------------------------- tables */

enum st_table {
    ST_TABLE_VARIANTS,
    ST_TABLE_TERMINATIONS,
    ST_TABLE_PLAYERS,
    ST_TABLE_HEADTOHEAD,
    ST_TABLE_STANDINGS,
    ST_TABLE_RATING_LISTS,
    ST_TABLE_COUNT
};

/* Columns of each table, in report order (gcaudit(1) REPORTS; new ones at
 * the end). */
enum st_variants_col {
    ST_V_VARIANT, ST_V_GAMES, ST_V_VALID, ST_V_WHITE_WINS, ST_V_BLACK_WINS, ST_V_DRAWS,
    ST_V_UNFINISHED, ST_V_WHITE_RATE, ST_V_BLACK_RATE, ST_V_DRAW_RATE, ST_V_SCORE,
    ST_V_SCORE_LO, ST_V_SCORE_HI, ST_V_MEAN_TURNS, ST_V_MEDIAN_TURNS, ST_V_ILLEGAL,
    ST_V_ILLEGAL_RATE, ST_V_WHITE_LO, ST_V_WHITE_HI, ST_V_BLACK_LO, ST_V_BLACK_HI,
    ST_V_DRAW_LO, ST_V_DRAW_HI, ST_V_ILLEGAL_LO, ST_V_ILLEGAL_HI, ST_V_MALFORMED,
    ST_V_UNSUPPORTED, ST_V_COLS
};

enum st_terminations_col {
    ST_T_VARIANT, ST_T_TERMINATION, ST_T_KEY, ST_T_VALUE, ST_T_GAMES, ST_T_SHARE, ST_T_COLS
};

enum st_players_col {
    ST_P_PLAYER, ST_P_VARIANT, ST_P_GAMES, ST_P_WINS, ST_P_DRAWS, ST_P_LOSSES, ST_P_SCORE,
    ST_P_SCORE_RATE, ST_P_WHITE_GAMES, ST_P_WHITE_RATE, ST_P_BLACK_GAMES, ST_P_BLACK_RATE,
    ST_P_RATING, ST_P_RATING_LO, ST_P_RATING_HI, ST_P_VIOLATIONS, ST_P_GCR, ST_P_RATING_GROUP,
    ST_P_COLS
};

enum st_headtohead_col {
    ST_H_PLAYER_A, ST_H_PLAYER_B, ST_H_VARIANT, ST_H_GAMES, ST_H_A_WINS, ST_H_DRAWS,
    ST_H_B_WINS, ST_H_A_SCORE_RATE, ST_H_ELO_DIFFERENCE, ST_H_ELO_ERROR, ST_H_LOS,
    ST_H_DRAW_RATIO, ST_H_COLS
};

enum st_standings_col {
    ST_S_EVENT, ST_S_FORMAT, ST_S_RANK, ST_S_PLAYER, ST_S_POINTS, ST_S_GAMES, ST_S_WINS,
    ST_S_DRAWS, ST_S_LOSSES, ST_S_DIRECT_ENCOUNTER, ST_S_SONNEBORN_BERGER, ST_S_BUCHHOLZ,
    ST_S_BUCHHOLZ_CUT1, ST_S_NOT_SCORED, ST_S_POINTS_UNDER_REVIEW, ST_S_COLS
};

enum st_rating_lists_col {
    ST_R_VARIANT, ST_R_PLAYERS, ST_R_GAMES, ST_R_GROUPS, ST_R_AVERAGE, ST_R_ANCHOR,
    ST_R_ANCHOR_RATING, ST_R_WHITE_ADVANTAGE, ST_R_WHITE_ADVANTAGE_LO, ST_R_WHITE_ADVANTAGE_HI,
    ST_R_COLS
};

/* The `variant` cell of the rows over all variants. */
#define ST_ALL_VARIANTS "all"

/* "variants", "terminations", "players", "headtohead", "standings",
 * "rating_lists": the report is NAME.csv, the sheet NAME. */
const char *st_table_name(enum st_table t);
size_t st_table_ncols(enum st_table t);
const char *const *st_table_header(enum st_table t);

enum st_cell_kind { ST_CELL_EMPTY, ST_CELL_TEXT, ST_CELL_INT, ST_CELL_REAL };

/* One cell: empty (not applicable), text, a count, or a real number
 * written with at most `decimals` decimals. */
struct st_cell {
    enum st_cell_kind kind;
    const char *text;             /* TEXT */
    double value;                 /* INT (exact below 2^53) and REAL */
    int decimals;                 /* REAL */
};

/* Rows after st_stats_finish (0 before). */
size_t st_table_nrows(const st_stats *s, enum st_table t);

/* Fill cells[0 .. st_table_ncols(t) - 1] with row `row` (0-based). */
void st_table_row(const st_stats *s, enum st_table t, size_t row, struct st_cell *cells);

/* The cell as the CSV shows it: a count in decimal, a real rounded to its
 * decimals with trailing zeros dropped ("0.53", "1", never "-0"), "" when
 * empty.  Returns buf, or the cell's own text. */
const char *st_cell_text(const struct st_cell *c, char *buf, size_t size);

/* ------------------------------------------------- events and crosstables */

/* How an event was paired, decided from its pairings (standings.c). */
enum st_format {
    ST_FORMAT_ROUND_ROBIN,        /* every two players met equally often */
    ST_FORMAT_SWISS               /* anything else */
};

/* "round-robin" or "swiss", as standings.csv says it. */
const char *st_format_name(enum st_format f);

/* The events of standings.csv, in its order (0 before st_stats_finish). */
size_t st_events(const st_stats *s);

/* Event e's name ("" for the games without an Event: header), format, and
 * its rows of standings.csv: first .. first + players - 1, by rank. */
const char *st_event_name(const st_stats *s, size_t e);
enum st_format st_event_format(const st_stats *s, size_t e);
void st_event_rows(const st_stats *s, size_t e, size_t *first, size_t *players);

/* What the players of standings rows i and j (of one event) did against
 * each other: the games scored, the points of i's player in them doubled,
 * and every pairing (scored or not: unfinished, or an illegal game under
 * --illegal-games exclude); of the pairings, the games under review
 * (illegal, with a result), i's points from them as the policy scores
 * them, doubled (part of half), and how many of them stopped at i's and at
 * j's illegal turn (the rest the rules had ended first). */
struct st_encounter {
    uint64_t games, half, paired;
    uint64_t review, review_half, i_broke, j_broke;
};

void st_event_encounter(const st_stats *s, size_t i, size_t j, struct st_encounter *out);

/* The games under review of event e: illegal games with a result between
 * two of its players (the standings score them by the policy). */
uint64_t st_event_review(const st_stats *s, size_t e);

/* The rank standings row `row`'s player would have if the games under
 * review were scored by policy p instead (the rank itself for the policy
 * in use). */
uint64_t st_standing_rank_under(const st_stats *s, size_t row, enum st_illegal p);

/* The policy the standings were finished with. */
enum st_illegal st_standings_policy(const st_stats *s);

/* -------------------------------------------------- rating list groups */

/* Row `list` of rating_lists.csv splits into st_table's `groups` cell of
 * groups of players who never met, directly or through others (players.csv
 * rating_group numbers them from 1, the largest first).  The names of
 * group g (1-based) of that list, in byte order, into names[0 .. max-1];
 * returns how many players the group has.  The names live until
 * st_stats_free. */
size_t st_rating_group_names(const st_stats *s, size_t list, uint32_t g, const char **names,
                             size_t max);

/* Row `list` of rating_lists.csv: its variant ("all" for the list over
 * every variant) and its number of groups (0 when nobody is rated). */
const char *st_rating_list_name(const st_stats *s, size_t list);
uint32_t st_rating_list_groups(const st_stats *s, size_t list);

/* ------------------------------------------------------------- numbers */

/*
 * Decimal text as snprintf writes it, byte for byte, only faster
 * (number.c): the reports print a number or two per cell and millions of
 * cells.  Each writes a terminated string to buf and returns its length.
 */
#define ST_INT_TEXT 21            /* room for any int64_t or uint64_t, and the NUL */
#define ST_FIXED_TEXT 32          /* room for st_format_fixed of |v| < 2^63, 4 decimals */

/* "%llu" and "%lld"; buf holds at least ST_INT_TEXT bytes. */
size_t st_format_u64(char *buf, uint64_t v);
size_t st_format_i64(char *buf, int64_t v);

/* snprintf(buf, size, "%.*f", decimals, v), with its rounding (to nearest,
 * ties to even, on the exact binary value), "-0.0" for a negative that
 * rounds to zero, "inf" and "nan".  Returns what snprintf returns. */
size_t st_format_fixed(char *buf, size_t size, double v, int decimals);

/* ---------------------------------------------------------- player names */

/*
 * Aliases: several spellings of one player counted as one (Ordo's
 * synonyms).  A spelling maps to exactly one name; a name is never
 * itself a spelling of another.
 */
typedef struct st_alias st_alias;

st_alias *st_alias_new(void);
void st_alias_free(st_alias *a);

/* Record that `spelling` means `name` (equal strings: only declares the
 * name).  ST_OK; ST_NO_MEMORY; ST_ALIAS_CONFLICT or ST_ALIAS_CHAIN, when
 * *other (if not NULL) gets the name already bound, valid until
 * st_alias_free. */
ST_MUST_CHECK enum st_rc st_alias_add(st_alias *a, const char *name, const char *spelling, const char **other);

/* The name a spelling stands for, or the spelling itself. */
const char *st_alias_resolve(const st_alias *a, const char *spelling);

/* A number for each string the aliases know, names and spellings alike,
 * from 0 to st_alias_size() - 1, so that a caller can note which occur
 * in the games; -1 for a string they do not know. */
long st_alias_id(const st_alias *a, const char *s);
size_t st_alias_size(const st_alias *a);

#endif
