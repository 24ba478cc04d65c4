/*
 * formats: everything between bytes on disk and structured games.
 *
 * Three services, each in its own files:
 *   - input walking (input_*.c): plain files, directories, stdin and every
 *     archive or compressed stream libarchive reads, nested archives to a
 *     bounded depth, streamed entry by entry.  Each entry is handed to the
 *     caller as normalised UTF-8 text or with the reason it was skipped or
 *     failed.
 *   - the log parser (log_*.c): Game Courier log text to fmt_game values,
 *     per gcaudit(1) LOG FORMAT.
 *   - CSV report writing (csv_report.c) through libcsv, and the text of
 *     a game in PGN (pgn_writer.c).
 *
 * Ownership: arguments are borrowed.  Strings inside an fmt_entry live until
 * the callback returns.  Strings inside an fmt_game are owned by the game and
 * live until fmt_game_release().  Nothing here prints or exits.
 */
#ifndef GC_FORMATS_H
#define GC_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* Graded return codes, as libarchive grades its own. */
enum fmt_rc {
    FMT_OK = 0,      /* done, go on */
    FMT_EOF = 1,     /* nothing more to read */
    FMT_FAILED = -1, /* this item is unusable, the next one may be fine */
    FMT_FATAL = -2,  /* the whole input or output is unusable */
    FMT_STOPPED = 2  /* a walk over the inputs stopped: its entry callback or its stop asked */
};

/* A call whose enum fmt_rc the caller must look at. */
#define FMT_MUST_CHECK __attribute__((warn_unused_result))

/* ------------------------------------------------------------------ input */

enum fmt_entry_status {
    FMT_ENTRY_OK,      /* text holds the entry, read as logs */
    FMT_ENTRY_SKIPPED, /* not a log: no Game: header in its first 4 KiB */
    FMT_ENTRY_FAILED   /* unreadable: corrupt, truncated, encrypted, too large, NUL, long line */
};

struct fmt_entry {
    const char *source;           /* path as given (a file found in a directory: its path), or "-" */
    const char *entry;            /* path inside the archive, nested ones joined by '!'; "" for a plain file */
    uint64_t bytes;               /* uncompressed bytes read from the entry */
    enum fmt_entry_status status;
    const char *message;          /* why skipped or failed, or a warning on an ok entry; "" when none */
    const char *text;             /* FMT_ENTRY_OK only: UTF-8, '\n' line ends, no BOM, NUL-terminated;
                                     with raw, the bytes as read (NUL-terminated) */
    size_t len;                   /* bytes in text, not counting the terminator */
    uint64_t seq;                 /* 0-based order of this entry in the whole run: the merge key */
    uint64_t file_read;           /* bytes read by then from the command-line input (or the
                                     directory's file) that holds the entry, as stored, for
                                     progress (format detection may read a block twice) */
    char **owner;                 /* private: where the walker keeps text (fmt_entry_take_text) */
    bool raw;                     /* fmt_walk_options.raw_text: text is the entry's bytes as
                                     read, which fmt_entry_normalise makes what the walk would
                                     have handed over (status and message included) */
    struct fmt_entry_stream *stream; /* an ok entry longer than fmt_walk_options.stream_after:
                                     text is NULL, and the text is read with fmt_entry_read
                                     while the callback runs; private otherwise */
};

/* The next bytes of a streamed entry's text (e->stream), as fmt_entry's
 * text would hold them, into buf: the count, 0 at the end of the text, or
 * -1 when the entry turned out unreadable (fmt_entry_end says why).  Only
 * while the callback runs, on its thread. */
FMT_MUST_CHECK ptrdiff_t fmt_entry_read(const struct fmt_entry *e, char *buf, size_t n);

/* What a streamed entry turned out to be, once read to its end (the
 * rest is read here if the caller stopped early): FMT_ENTRY_OK with
 * *message a warning or "", or FMT_ENTRY_FAILED with *message saying
 * why, as a whole entry's row would; *bytes as fmt_entry.bytes.  The
 * message lives until the callback returns. */
enum fmt_entry_status fmt_entry_end(const struct fmt_entry *e, const char **message,
                                    uint64_t *bytes);

/* Take an ok entry's text away from the walker, so that it can outlive the
 * callback (analyze replays it on another thread): returns e->text, now
 * the caller's to free(); NULL when there is none or it was taken. */
char *fmt_entry_take_text(const struct fmt_entry *e);

/* The room fmt_entry_normalise's message needs. */
#define FMT_ENTRY_MSG_MAX 512

/* A raw entry's text (fmt_entry.raw, taken with fmt_entry_take_text) made
 * what the walk would have handed over without fmt_walk_options.raw_text:
 * no BOM, '\n' line ends, invalid UTF-8 replaced by U+FFFD.  FMT_ENTRY_OK
 * with *text and *len replaced (msg: the entry's warning, or ""), or
 * FMT_ENTRY_FAILED with msg saying why, as the entry's row would; *text
 * is the caller's to free either way.  So the text rules, a pass over
 * every byte, run on the thread that replays the entry rather than on
 * the one that walks. */
enum fmt_entry_status fmt_entry_normalise(char **text, size_t *len, char msg[FMT_ENTRY_MSG_MAX]);

/* Called once per entry, in a deterministic order.  Return FMT_OK to go
 * on, FMT_STOPPED to stop the walk. */
typedef enum fmt_rc (*fmt_entry_fn)(void *ctx, const struct fmt_entry *entry);

/* The most skip paths a walk keeps (fmt_walk_options.skip). */
#define FMT_WALK_MAX_SKIP 64

struct fmt_walk_options {
    int max_depth;              /* archives nested deeper than this fail; 0 = default (4) */
    uint64_t max_entry_bytes;   /* an entry larger than this fails; 0 = default (256 MiB) */
    uint64_t max_inflated;      /* the decompression budget of an input: it may decode this
                                   many bytes, or FMT_INFLATE_RATIO times its own size when
                                   that is more; 0 = default (FMT_DEFAULT_MAX_INFLATED) */
    bool (*stop)(void);         /* true: stop the walk (an interrupt), which then returns
                                   FMT_STOPPED; asked at every block read and while waiting
                                   for a pipe; NULL: never */
    const char *const *skip;    /* paths never read as input (the output directory, the
                                   workbook): left out of a directory walk without a row;
                                   the first FMT_WALK_MAX_SKIP that exist count */
    size_t nskip;
    uint64_t stream_after;      /* an ok entry longer than this is handed over as it is read
                                   (fmt_entry.stream) rather than whole; 0: never */
    bool raw_text;              /* a whole entry that reads is handed over ok with its bytes as
                                   read (fmt_entry.raw), for the callback's side to normalise
                                   (fmt_entry_normalise); false: normalised by the walk */
};

/* The decompression budget (gcaudit(1), Limits): what an input may decode,
 * every nesting level added up (each reader's decompressed stream), before
 * its further members fail unread. */
#define FMT_DEFAULT_MAX_INFLATED ((uint64_t)1 << 30)
#define FMT_INFLATE_RATIO 1024

/* Walk one command-line input (file, directory, "-" or archive), calling fn
 * for every entry it contains, failed and skipped ones included.  An input
 * that cannot be opened at all is reported through fn as one failed entry;
 * one that is in opt->skip as one skipped entry.  Nothing ever waits
 * without asking opt->stop: a pipe or device is read only once poll(2)
 * says it has data.  *seq is the running entry counter, advanced for every
 * entry reported.  FMT_OK, or FMT_STOPPED when fn or opt->stop stopped it
 * (no row is reported after opt->stop said yes). */
FMT_MUST_CHECK enum fmt_rc fmt_walk(const char *path, const struct fmt_walk_options *opt,
                                    uint64_t *seq, fmt_entry_fn fn, void *ctx);

/* ----------------------------------------------------------- log parser */

enum fmt_side { FMT_WHITE = 0, FMT_BLACK = 1 };

enum fmt_comp_kind {
    FMT_COMP_MOVE,    /* [LABEL] FROM-TO */
    FMT_COMP_PLACE,   /* LABEL-TO or LABEL*TO */
    FMT_COMP_REMOVE,  /* @-SQ or SQ- */
    FMT_COMP_RESIGN,  /* commands: case-insensitive words */
    FMT_COMP_DRAW,
    FMT_COMP_TIMEOUT,
    FMT_COMP_PASS,
    FMT_COMP_BAD      /* cannot be parsed: a `syntax` violation when replayed */
};

/* How a move is written, for a message about one that does not read
 * (docs/gcaudit.1.scd, Moves). */
#define FMT_MOVE_FORMS                                                                    \
    "a move is written FROM-TO, a capture too (e4-d5, not exd5 or e4xd5), its piece's "   \
    "letter before it if at all with a space (N g1-f3, not Nf3)"

#define FMT_LABEL_MAX 4  /* room for "+RR" (a promoted piece) and the terminator */
#define FMT_SQUARE_MAX 8 /* one letter then digits; longer names are cut (never on a board) */

struct fmt_component {
    enum fmt_comp_kind kind;
    char label[FMT_LABEL_MAX];   /* piece label as written ("P", "lr"), "" when absent */
    char from[FMT_SQUARE_MAX];   /* MOVE: from-square name as written */
    char to[FMT_SQUARE_MAX];     /* MOVE, PLACE: target; REMOVE: the square emptied */
    char op;                     /* PLACE: '-' or '*'; otherwise 0 */
    char *text;                  /* the component as written, trimmed */
};

struct fmt_turn {
    int number;                  /* the marker's number (informative) */
    enum fmt_side side;          /* side the marker names: "N." White, "N..." Black */
    int line;                    /* 1-based line of the marker in the entry */
    int marker_bad;              /* nonzero: bad marker ("5..", "5....", "5…") or no component */
    int unmarked;                /* a ply of a moves section without markers: number and
                                    side are the replay's to give (the side to move), the
                                    marker is "" */
    char *marker;                /* marker as written, e.g. "12..." */
    char *text;                  /* the turn as written after the marker, trimmed, no comment */
    char *comment;               /* the // comment on this turn (text after //, trimmed), or NULL */
    struct fmt_component *comps;
    size_t ncomps;               /* empty components are not stored */
};

/* What a log declares about the result, from one source. */
enum fmt_declared {
    FMT_DECL_NONE = 0,   /* this source says nothing */
    FMT_DECL_WHITE,      /* 1-0 */
    FMT_DECL_BLACK,      /* 0-1 */
    FMT_DECL_DRAW,       /* 1/2-1/2 */
    FMT_DECL_UNFINISHED  /* explicit "*" or "In progress" */
};

/* How a Status: line says the game ended. */
enum fmt_how {
    FMT_HOW_NONE = 0,
    FMT_HOW_RESIGNATION, /* "NAME has resigned", "NAME resigned" */
    FMT_HOW_TIMEOUT,     /* "NAME ran out of time", "NAME timed out" */
    FMT_HOW_AGREEMENT,   /* "Draw", "Drawn", "Draw agreed", "Drawn by agreement" */
    FMT_HOW_WON,         /* "NAME has won", "NAME wins": result without the how */
    FMT_HOW_PROGRESS     /* "In progress" */
};

struct fmt_header_field {
    char *key;                   /* as written */
    char *value;
};

struct fmt_game {
    int index;                   /* 1-based position of the game in its entry */
    int line;                    /* line of the game's first header line */
    int malformed;               /* nonzero: status `malformed` */
    int malformed_line;          /* where it went wrong */
    char *malformed_reason;      /* e.g. "line does not start with a turn marker" */

    /* Known header keys; NULL when absent.  A repeated key: the last wins. */
    char *game, *settings, *log, *event, *round;
    char *white, *black, *started, *ended, *status, *result;
    struct fmt_header_field *extra; /* unknown keys, kept in order */
    size_t nextra;

    enum fmt_declared result_decl;  /* from Result: (NONE if absent or unrecognised) */
    enum fmt_declared status_decl;  /* from Status: (NONE if it names nobody we know) */
    enum fmt_how status_how;
    int status_person;              /* the Status: NAME was a player's name: 0 White:, 1 Black:;
                                       -1 when it was the word White/Black or names nobody */

    struct fmt_turn *turns;
    size_t nturns;

    int more;                    /* the moves go on: turns holds only this part of them
                                    (fmt_parser_in_parts), fmt_parser_more gives the next */

    struct fmt_mem *mem;         /* private to the parser: storage of the strings and
                                    components above, freed by fmt_game_release */
    struct fmt_mem *mem_mark;    /* private: the storage as it was after the header, */
    size_t mem_mark_used;        /* what a part's turns are freed back to */
};

typedef struct fmt_parser fmt_parser;

/* A parser over one entry's text (borrowed: it must outlive the parser).
 * Returns NULL only when out of memory. */
fmt_parser *fmt_parser_new(const char *text, size_t len);

/* Where a streamed parser's text comes from: up to n bytes of it into
 * buf.  Returns how many (0 at its end), or -1 when it cannot be read on
 * (the parser then answers FMT_FATAL). */
typedef ptrdiff_t (*fmt_text_fn)(void *ctx, char *buf, size_t n);

/* A parser over text read from read(ctx, ...) as it goes, in a window
 * of whole lines: what it holds is about the longest line (or header
 * block), not the text.  The text is what fmt_parser_new takes (UTF-8,
 * '\n' line ends); the games are the same whatever size the pieces
 * read have.  NULL only when out of memory. */
fmt_parser *fmt_parser_new_stream(fmt_text_fn read, void *ctx);

/* The window's first size, and the least a read is offered. */
#define FMT_PARSER_WINDOW (256 * 1024)
#define FMT_PARSER_READ (64 * 1024)

/* The largest the window of a streamed parser has been, in bytes (0 for
 * whole text): for the tests of the bound. */
size_t fmt_parser_window(const fmt_parser *p);

/* Fill *game with the next game of the entry.  Returns FMT_OK (game filled,
 * release it with fmt_game_release), FMT_EOF (no more games), or
 * FMT_FATAL (out of memory, or a streamed text could not be read on).  Malformed games are FMT_OK with
 * game->malformed set: every game that starts appears. */
FMT_MUST_CHECK enum fmt_rc fmt_parser_next(fmt_parser *p, struct fmt_game *game);

/* Hand the turns of a game over in parts of about `turns` (a part ends
 * with the line that reaches that many), so that a game of millions of
 * turns is never held whole (0: whole games, the default).  A game with
 * more then has game->more set after fmt_parser_next. */
void fmt_parser_in_parts(fmt_parser *p, size_t turns);

/* The next part of game's turns, when game->more is set: game->turns then
 * holds only those (the earlier ones are freed; header and malformed
 * state stay), and game->more says whether more follow.  FMT_OK,
 * FMT_EOF when game->more was not set, or FMT_FATAL (out of memory:
 * game is released). */
FMT_MUST_CHECK enum fmt_rc fmt_parser_more(fmt_parser *p, struct fmt_game *game);

void fmt_parser_free(fmt_parser *p);
void fmt_game_release(struct fmt_game *game);

/* A Game: value normalised for matching, as gcaudit(1) LOG FORMAT says:
 * lower case, spaces, hyphens and apostrophes (U+2019 too) removed.
 * Writes at most outsz bytes including the terminator. */
void fmt_normalise_game_name(const char *in, char *out, size_t outsz);

/* ------------------------------------------------------ text for people */

/* src into dst (size bytes, at least 1), cut to fit as snprintf's "%s"
 * would cut it, without snprintf's formatting (a copy made per game or
 * per report cell, where that was most of its cost).  Returns the bytes
 * copied, the terminator not counted. */
size_t fmt_copy_text(char *dst, size_t size, const char *src);

/* How many bytes at the start of s (len bytes) can be shown as they are in
 * a report or on a terminal: UTF-8 holding no control character (C0 other
 * than tab, DEL, C1) and no invalid sequence.  len when all of them. */
size_t fmt_printable_span(const char *s, size_t len);

/* s with every byte fmt_printable_span() would stop at written as "\xNN"
 * (upper-case hex, one per byte).  Returns a malloc'd string, the
 * caller's; NULL when out of memory. */
char *fmt_escape(const char *s);

/* -------------------------------------------------------------- reports */

/* Bytes in memory, grown as needed: rows formatted on one thread and
 * written by another.  Zero-initialised is empty. */
struct fmt_buf {
    char *data;
    size_t len, cap;
};

/* Append n bytes.  FMT_OK, or FMT_FATAL when out of memory. */
FMT_MUST_CHECK enum fmt_rc fmt_buf_add(struct fmt_buf *b, const char *s, size_t n);
void fmt_buf_release(struct fmt_buf *b);

/* Bytes a report or temporary file collects before a write(2): a whole
 * run's per-game output (rows, viewer records, spilled batches, the
 * duplicate check's names) goes to the kernel in pieces this large, never
 * one system call a game (stdio's own buffer is the file system's block,
 * 4 KiB). */
#define FMT_IO_BUFFER (64 * 1024)

/* Give f, just opened, a buffer of FMT_IO_BUFFER bytes.  Returns it, the
 * caller's to free after fclose(f); NULL when out of memory, and f then
 * keeps stdio's own buffer (slower, not wrong). */
char *fmt_io_buffer(FILE *f);

typedef struct fmt_csv fmt_csv;

/* Open DIR/NAME for writing a CSV report with the given header row (none
 * when header is NULL: a file of other text, the PGN export).  The
 * file is written to a temporary name and renamed into place by
 * fmt_csv_close, so an interrupted run leaves no complete-looking report.
 * excel: byte-order mark and CRLF line ends.  NULL on failure (errno set). */
fmt_csv *fmt_csv_open(const char *dir, const char *name,
                      const char *const *header, size_t ncols, int excel);

/* One row of ncols cells (NULL cells are written empty).  Cells are
 * written safe for people and spreadsheets: control characters and invalid
 * UTF-8 escaped (fmt_escape), and a cell that a spreadsheet would take for
 * a formula (it starts with =, +, -, @, tab or CR and is not a plain
 * number, nor a lone "-") gets a leading "'" and quotes.  FMT_OK or
 * FMT_FATAL. */
FMT_MUST_CHECK enum fmt_rc fmt_csv_row(fmt_csv *csv, const char *const *cells, size_t ncols);

/* The bytes fmt_csv_row would write for these cells (excel: "\r\n"),
 * appended to out.  FMT_OK, or FMT_FATAL when out of memory. */
FMT_MUST_CHECK enum fmt_rc fmt_csv_format_row(struct fmt_buf *out, const char *const *cells, size_t ncols, int excel);

/* A row in parts: n cells appended to out, a comma before the first
 * unless it starts the row (start); then the row's end (excel: "\r\n").
 * The parts of a row are the bytes fmt_csv_format_row gives for it.
 * FMT_OK, or FMT_FATAL when out of memory. */
FMT_MUST_CHECK enum fmt_rc fmt_csv_format_cells(struct fmt_buf *out, const char *const *cells,
                                                size_t n, int start);
FMT_MUST_CHECK enum fmt_rc fmt_csv_format_end(struct fmt_buf *out, int excel);

/* Append rows already formatted by fmt_csv_format_row.  FMT_OK, or
 * FMT_FATAL with errno the first failed write's (EFBIG past `ulimit -f`,
 * ENOSPC): every later call fails the same. */
FMT_MUST_CHECK enum fmt_rc fmt_csv_write(fmt_csv *csv, const char *bytes, size_t len);

/* Where the report lands when closed ("DIR/NAME"). */
const char *fmt_csv_path(const fmt_csv *csv);

/* Flush, close and rename into place.  FMT_OK or FMT_FATAL; frees csv either way. */
FMT_MUST_CHECK enum fmt_rc fmt_csv_close(fmt_csv *csv);

/* fmt_csv_close, with place(tmp, final) instead of rename(2) (a caller
 * that puts a set of files in place together).  place returns 0, or -1
 * with errno; the temporary file is removed on any failure, and errno is
 * then the first failure's. */
FMT_MUST_CHECK enum fmt_rc fmt_csv_close_by(fmt_csv *csv, int (*place)(const char *tmp, const char *final));

/* Drop a report without renaming it into place (after an error). */
void fmt_csv_abort(fmt_csv *csv);

/* The temporary name the report is written under until it is closed
 * (never to be read back as input); lives as long as csv. */
const char *fmt_csv_tmp_path(const fmt_csv *csv);

/* --------------------------------------------------------------- PGN */

/* One game being written in PGN's export format into out (pgn_writer.c):
 * fmt_pgn_begin, the tags in the order wanted (the Seven Tag Roster
 * first), fmt_pgn_moves_start, the moves and comments in order, then
 * fmt_pgn_end.  A failure (out of memory) is kept, every call after it
 * does nothing, and fmt_pgn_end's answer says whether any call failed:
 * the calls before it answer nothing. */
struct fmt_pgn {
    struct fmt_buf *out;
    size_t line;                  /* characters on the movetext line so far */
    int number;                   /* the number of the next move */
    int black;                    /* Black plays the next move */
    int renumber;                 /* Black's next move repeats its number (after a comment) */
    int failed;                   /* out of memory */
};

void fmt_pgn_begin(struct fmt_pgn *w, struct fmt_buf *out);

/* [NAME "VALUE"], the value escaped (pgn_writer.c says how). */
void fmt_pgn_tag(struct fmt_pgn *w, const char *name, const char *value);

/* The blank line after the tags; the first move is move `number`, Black's
 * when black_first (a game from a FEN with Black to move). */
void fmt_pgn_moves_start(struct fmt_pgn *w, int number, int black_first);

/* One move in SAN, numbered as the standard numbers them. */
void fmt_pgn_move(struct fmt_pgn *w, const char *san);

/* A comment {TEXT}, after the moves so far. */
void fmt_pgn_comment(struct fmt_pgn *w, const char *text);

/* The game termination marker ("1-0", "0-1", "1/2-1/2", "*") and the
 * blank line that ends the game.  FMT_OK, or FMT_FATAL when any call on
 * this game ran out of memory. */
FMT_MUST_CHECK enum fmt_rc fmt_pgn_end(struct fmt_pgn *w, const char *result);

/* Split one line of a report fmt_csv_row wrote (its line end, and a
 * byte-order mark before the first cell, already removed) into at most
 * max cells, in place: quotes removed, and the apostrophe fmt_csv_row put
 * in front of a formula-like cell taken off again, so that cells[i] is the
 * text that was written (after fmt_escape).  Missing cells are "".
 * Returns the number of cells the line holds (may exceed max), or -1 when
 * the line is not one fmt_csv_row writes (a quote left open). */
long fmt_csv_split(char *line, const char **cells, size_t max);

#endif
