/*
 * replay: the rules engine.  It takes a parsed game (formats.h), replays it
 * turn by turn through the variant its Game: header names, and says how the
 * game really ended and which turn, if any, broke the rules
 * (docs/rules.md).
 *
 * Variants are tables of functions (struct rp_variant), one file each,
 * listed in one registry (variants.c); the replay loop (game.c) knows none
 * of them by name.
 *
 * Ownership: arguments are borrowed.  An rp_report owns its strings until
 * rp_report_release().  Nothing here prints or exits.
 */
#ifndef GC_REPLAY_H
#define GC_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include "formats/formats.h"

/* Violation codes, docs/rules.md "Violation codes"; rp_code_name() spells
 * them. */
enum rp_code {
    RP_OK = 0,
    RP_SYNTAX,
    RP_NO_SUCH_SQUARE,
    RP_NO_PIECE,
    RP_WRONG_PIECE,
    RP_WRONG_SIDE,
    RP_ILLEGAL_MOVE,
    RP_KING_IN_CHECK,
    RP_BAD_PROMOTION,
    RP_BAD_DROP,
    RP_BAD_TURN,
    RP_MUST_PASS,
    RP_BAD_PASS,
    RP_RETRO_ILLEGAL,
    RP_RESERVE_EMPTY,
    RP_EXTRA_COMPONENT,
    RP_AFTER_END,
    RP_RESULT_MISMATCH,
    RP_CODE_COUNT
};

const char *rp_code_name(enum rp_code code);

enum rp_result {
    RP_RESULT_NONE = 0, /* "*": unfinished or unknown */
    RP_RESULT_WHITE,    /* 1-0 */
    RP_RESULT_BLACK,    /* 0-1 */
    RP_RESULT_DRAW      /* 1/2-1/2 */
};

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *rp_result_name(enum rp_result r);

/* How a game ended: games.csv's termination (gcaudit(1)).  The name each
 * is written with follows its value. */
enum rp_termination {
    RP_TERM_NONE = 0,             /* "": the moves were not replayed */
    /* the rules ended it */
    RP_TERM_CHECKMATE,            /* "checkmate" */
    RP_TERM_STALEMATE,            /* "stalemate" */
    RP_TERM_REPETITION,           /* "fivefold-repetition": the count in words, then "fold-repetition" */
    RP_TERM_MOVE_RULE,            /* "seventy-five-moves": the count in words, then "-moves" */
    RP_TERM_INSUFFICIENT_MATERIAL, /* "insufficient-material" */
    RP_TERM_EXTINCTION,           /* "extinction" */
    RP_TERM_BARE_KING,            /* "bare-king" */
    RP_TERM_NO_PIECES,            /* "no-pieces" */
    RP_TERM_KING_CAPTURED,        /* "king-captured" */
    RP_TERM_FLAG,                 /* "flag" */
    RP_TERM_CHECKS,               /* "checks" */
    RP_TERM_CONNECT,              /* "connect" */
    RP_TERM_BIKJANG,              /* "bikjang" */
    RP_TERM_PASSES,               /* "passes" */
    RP_TERM_FULL_BOARD,           /* "full-board": every square taken (Reversi) */
    RP_TERM_PERPETUAL_CHECK,      /* "perpetual-check" */
    RP_TERM_PERPETUAL_CHASE,      /* "perpetual-chase": Xiangqi's chasing rule */
    RP_TERM_MOVE_REPETITION,      /* "move-repetition": one piece moved back and forth (Janggi) */
    RP_TERM_COUNTING,             /* "counting" */
    RP_TERM_REVERSAL,             /* "reversal" */
    RP_TERM_SETUP_RESTORED,       /* "setup-restored" */
    RP_TERM_POINTS,               /* "points" */
    /* the log says how */
    RP_TERM_RESIGNATION,          /* "resignation" */
    RP_TERM_TIMEOUT,              /* "timeout" */
    RP_TERM_AGREEMENT,            /* "agreement" */
    RP_TERM_UNFINISHED,           /* "unfinished" */
    RP_TERM_DECLARED,             /* "declared": a win the log gives without the how */
    RP_TERM_ILLEGAL,              /* "illegal": the replay stopped at an illegal turn */
    RP_TERM_COUNT
};

/* A termination and, for the two counted kinds, their count. */
struct rp_term {
    enum rp_termination kind;
    int count;                    /* RP_TERM_REPETITION: 5 for "fivefold-repetition";
                                     RP_TERM_MOVE_RULE: 75 for "seventy-five-moves"; else 0 */
};

#define RP_TERM_NAME_MAX 48

/* The name of a termination, as above: a static string, or for the
 * counted kinds the name written into buf (RP_TERM_NAME_MAX bytes).
 * NULL for a kind out of range. */
const char *rp_term_name(struct rp_term t, char *buf);

/* A count as the names say it: 3 "three", 75 "seventy-five"; from 100
 * on, digits (no rule of the kind exists). */
void rp_count_words(int n, char *out, size_t size);


#define RP_MESSAGE_MAX 256
#define RP_DETAIL_MAX 128

/* What a variant says about one turn. */
struct rp_verdict {
    enum rp_code code;            /* RP_OK: accepted */
    int accepted;                 /* the turn was played (also with an after-end code: Backlash) */
    char message[RP_MESSAGE_MAX]; /* sentence for a tournament director, no full stop */
};

/* An end of the game by rule. */
struct rp_ending {
    enum rp_result result;
    struct rp_term termination;   /* gcaudit(1) games.csv termination */
    char detail[RP_DETAIL_MAX];   /* key=value pairs, "" when none */
    int undecided;                /* the rules stopped the game without deciding it: a declared
                                     winner stands, else `result` is the variant's adjudication
                                     (Retro Chess: no legal turn, docs/rules.md) */
};

/* How the moves of a replayed game came to an end, as the variant's end
 * call is told (outcome.c decides it; docs/rules.md, Declared versus
 * verified). */
enum rp_end_how {
    RP_END_BY_RULE,           /* the rules ended the game (`ended` said so) */
    RP_END_ILLEGAL,           /* the replay stopped at a rejected turn */
    RP_END_DECLARED_DRAW,     /* the rules did not end it; the log declares a draw */
    RP_END_DECLARED           /* the rules did not end it; the log declares a win, "*"
                                 or nothing: what it declares stands */
};

/* What a variant says about a replayed game once its moves are over.  The
 * loop zeroes it before the call: a field left alone keeps the default. */
struct rp_end {
    int colours_swapped;          /* the person who started as White now plays Black
                                     (Retro Chess, docs/rules.md) */
    int adjudicated;              /* RP_END_DECLARED_DRAW only: the draw is decided instead
                                     (Retro Chess: on points, docs/rules.md) as */
    enum rp_result result;        /* ... this result */
    struct rp_term termination;   /* ... with this termination */
    char detail[RP_DETAIL_MAX];   /* "" keeps the report's detail (the rules' ending's, else
                                     none); any other text replaces it ("points=12-9") */
};

/* ----------------------------------------------- a position, drawn */

/*
 * A position as a viewer draws it (the game viewer of the audit pages):
 * boards of labelled cells, the pieces held off the board (Backlash's
 * pockets, Retro Chess's reserves, the hands of drop games), whose turn
 * it is and a short status.  General enough for any variant: up to
 * RP_VIEW_BOARDS boards of up to RP_VIEW_FILES x RP_VIEW_RANKS squares,
 * labels of up to three bytes ("K", "RR", "+P"), a colour per piece.
 * Labels name the piece's type only (upper case for the orthodox ones):
 * the colour is a field of its own, so a label means the same on both
 * sides.  A plain value: the viewer copies it after every turn.
 */
#define RP_VIEW_BOARDS 2
#define RP_VIEW_FILES 16
#define RP_VIEW_RANKS 16
#define RP_VIEW_LABEL 4           /* three bytes and the NUL */
#define RP_VIEW_HOLDINGS 8
#define RP_VIEW_HELD 16           /* kinds of piece one holding shows */

struct rp_view_piece {
    char label[RP_VIEW_LABEL];    /* "" on an empty square, "*" on a wall */
    signed char colour;           /* FMT_WHITE or FMT_BLACK; -1 on an empty square or a wall */
};

struct rp_view_board {
    char name[16];                /* "left", "right"; "" when the game has one board */
    int files, ranks;             /* 1..RP_VIEW_FILES, 1..RP_VIEW_RANKS */
    char file_name[RP_VIEW_FILES][RP_VIEW_LABEL]; /* "a".."h" (Backlash's right board "A".."H") */
    char rank_name[RP_VIEW_RANKS][RP_VIEW_LABEL]; /* "1".."8" */
    struct rp_view_piece cell[RP_VIEW_RANKS][RP_VIEW_FILES]; /* [rank][file]; [0][0] is the
                                                                square at White's lower left */
};

struct rp_view_holding {
    char name[40];                /* "p8 (Black's pocket, left board)", "White's reserve" */
    signed char colour;           /* whose pieces: FMT_WHITE or FMT_BLACK */
    int board;                    /* the board it serves, -1 for none */
    int n;                        /* kinds of piece held, 0..RP_VIEW_HELD */
    struct {
        char label[RP_VIEW_LABEL];
        int count;                /* > 0 */
    } held[RP_VIEW_HELD];
};

struct rp_view {
    int nboards;                  /* 1..RP_VIEW_BOARDS */
    struct rp_view_board board[RP_VIEW_BOARDS];
    int nholdings;                /* 0..RP_VIEW_HOLDINGS, in the order a viewer lists them */
    struct rp_view_holding holding[RP_VIEW_HOLDINGS];
    int side_to_move;             /* FMT_WHITE or FMT_BLACK */
    char status[96];              /* "Phase I; points 0-0"; "" when there is nothing to say */
};

/* Add `count` pieces labelled `label` to a holding (merged with a kind it
 * already shows; ignored when it shows RP_VIEW_HELD kinds). */
void rp_view_hold(struct rp_view_holding *h, const char *label, int count);

/*
 * A variant: one table per variant, every slot a stage of a game's life
 * (libarchive's format table).  The state is an opaque block of
 * state_size bytes that the loop allocates zeroed for each game; no
 * variant may keep pointers to heap memory in it unless it provides
 * release.  A table is registered once (variants.c) and then only read,
 * by every replay thread at once: nothing in it may change.
 */
/* gcOracles: the builds of Fairy-Stockfish the test suite holds a shipped
 * definition to, each a bit.  `gcaudit variants` says so for the shipped
 * folder's sections; the oracle tests play exactly these. */
enum {
    RP_ORACLE_FFISH = 1,         /* "ffish": the reference, ffish 0.7.10 (230826) */
    RP_ORACLE_FSF11 = 2          /* "fsf11": Debian's Fairy-Stockfish 11.1 */
};

struct rp_variant {
    const char *name;                 /* report key: "chess" */
    const char *title;                /* for `gcaudit variants` */
    const char *const *game_names;    /* Game: values (normalised) mapped here; NULL-terminated */
    const char *origin;               /* where the definition came from: "built in", or the
                                         definition file of a defined variant */
    const void *def;                  /* a defined variant's compiled definition; NULL for the
                                         built-in ones */
    const char *parent;               /* a defined variant's parent section ([name:parent]);
                                         NULL or "" for none */
    int parent_builtin;               /* that parent is the reference build's built-in variant */
    unsigned oracles;                 /* gcOracles: the builds of Fairy-Stockfish the suite holds
                                         a shipped definition to (RP_ORACLE_*) */
    size_t state_size;

    /* Set up the starting position for `game` (the parsed game, headers
     * and all), `self` being this table.  Returns 0, or nonzero when the
     * game cannot be played (a defined variant's bad FEN: header): the
     * game is then `malformed`, with the text written into why (whysize
     * bytes with its NUL) as the reason, at the game's first line. */
    int (*setup)(void *state, const struct rp_variant *self, const struct fmt_game *game,
                 char *why, size_t whysize);

    /* Free what setup and play allocated.  Called after every setup,
     * whatever it returned.  May be NULL. */
    void (*release)(void *state);

    /* FMT_WHITE or FMT_BLACK: whose turn it is. */
    int (*side_to_move)(const void *state);

    /* Resolve the components of one turn (a trailing resign/draw/timeout
     * already removed) and play it.  Rejected: state unchanged, code and
     * message set, accepted 0. */
    void (*play)(void *state, const struct fmt_component *comps, size_t n,
                 struct rp_verdict *out);

    /* After an accepted turn: nonzero if the rules ended the game. */
    int (*ended)(void *state, struct rp_ending *out);

    /* `ended` for a position whose side to move is known to have a legal
     * turn: the endings that need no search for one (all but checkmate
     * and stalemate).  May be NULL.  That search after every ply cost a
     * third of a Chess replay, and the log's next turn usually answers it
     * for free: the loop calls this, plays the next turn, and calls
     * `ended` only when that turn is rejected or none follows.  Provide
     * it only when an accepted turn proves a legal turn existed, and
     * `ended` returns the same whenever the side to move has one. */
    int (*ended_given_move)(void *state, struct rp_ending *out);

    /* Once the moves are over (every replayed game, whatever `how`): fill
     * what the variant adds to the report in *out (zeroed by the caller):
     * whether the persons switched colours, the detail (Chess: what could
     * have been claimed, for a declared draw; Retro Chess: the points of
     * every game), a declared draw decided otherwise.  May be NULL. */
    void (*end)(const void *state, enum rp_end_how how, struct rp_end *out);

    /* A text diagram of the position for `gcaudit replay`. */
    void (*render)(const void *state, char *buf, size_t size);

    /* The position in Forsyth-Edwards Notation, for `gcaudit replay
     * --fen`: 0, or -1 with the reason in buf when this position has none.
     * May be NULL: the variant has no FEN (two boards, reserves). */
    int (*fen)(const void *state, char *buf, size_t size);

    /* What the labels of the diagram mean, one line for `gcaudit replay`
     * ("K king, ..."); NULL when there is nothing to say. */
    const char *legend;

    /* The position for the game viewer: fill *out (its boards' cells
     * beyond files x ranks and holdings beyond nholdings are not read).
     * May be NULL: the viewer then lists the moves without a board. */
    void (*view)(const void *state, struct rp_view *out);

    /* The turn about to be played (the components `play` will get), in
     * the Standard Algebraic Notation of PGN (san.c says how: piece
     * letter, the disambiguation the standard asks for, "x", the
     * square, "=Q", a drop as "N@f3", castling as O-O or O-O-O, "+" or
     * "#" when it checks or mates), for an export.  The state is not
     * changed.  Returns 0, or -1 when the turn is not one legal move
     * (play will say why) or the text does not fit in size bytes.  May
     * be NULL: the variant has no SAN. */
    int (*san)(const void *state, const struct fmt_component *comps, size_t n, char *buf,
               size_t size);

    /* What PGN tools call the variant in a Variant tag ("Crazyhouse"):
     * "" for orthodox Chess, which needs no tag; NULL when PGN tools
     * share no name for it, and its games are not exported to PGN. */
    const char *pgn_variant;
};

/* Room for any SAN a san slot writes, with its NUL. */
#define RP_SAN_MAX 32

/* What the replay library's calls that can fail return. */
enum rp_rc {
    RP_DONE = 0,
    RP_MISUSE = -1,               /* a call the interface forbids; the reason is said */
    RP_NO_MEMORY = -2
};

/* A call whose enum rp_rc the caller must look at. */
#define RP_MUST_CHECK __attribute__((warn_unused_result))

/*
 * The registry: the built-in variants, in listing order (variants.c),
 * then those registered at run time.  Registration is single-threaded and
 * done before any game is read; afterwards the registry is only read, by
 * every replay thread at once, but for a registration deferred until a
 * game needs it (rp_registry_defer), which runs under a lock.
 */
size_t rp_variant_count(void);

/* The i-th variant of the listing, or NULL past its end. */
const struct rp_variant *rp_variant_at(size_t i);

/* The variant a Game: value names, or NULL when unsupported.  A name two
 * variants claim belongs to the one registered last. */
const struct rp_variant *rp_variant_for_game(const char *game_name);

/* Register v (borrowed: it must stay valid until rp_registry_reset or the
 * end of the process).  A variant named like one already listed replaces
 * it there; otherwise it joins the end of the listing.  Returns RP_DONE;
 * RP_MISUSE when the table lacks a name, Game: names, a state size or a
 * slot every variant has (the reason in why); RP_NO_MEMORY. */
RP_MUST_CHECK enum rp_rc rp_registry_add(const struct rp_variant *v, char *why, size_t whysize);

/* Hold (on = 1) or release (on = 0) the index of Game: names while many
 * variants are added: rp_registry_add then costs the same whatever the
 * registry holds, and the last release indexes every name once (meanwhile
 * rp_variant_for_game compares every name).  Holds nest.  Loading n
 * definitions so takes time linear in n, not quadratic. */
void rp_registry_hold(int on);

/* Back to the built-in variants alone, freeing what registration took
 * (a deferred registration is dropped unrun). */
void rp_registry_reset(void);

/* Register later what load registers (with rp_registry_add), whose
 * variants claim at most the Game: names given (more is harmless):
 * rp_variant_for_game runs load when it is asked one of those names,
 * rp_variant_count (so any listing) runs it first; until then the
 * registry answers as it would with them registered.  load runs once, on
 * whichever thread asks first, while every other lookup waits.  Call
 * like rp_registry_add, before the replay threads start; an earlier
 * deferred registration runs first.  0, or -1 when out of memory. */
RP_MUST_CHECK int rp_registry_defer(const char *const *names, size_t n, void (*load)(void));

/* ------------------------------------------------- defined variants */

/* Where a definition file went wrong (docs/defined-variants.md: file, line
 * and reason, before any game is read). */
struct rp_def_error {
    char file[512];
    int line;                 /* 0: the file or a section as a whole */
    char key[64];             /* the key to blame, "" when none */
    char message[256];
};

/* Limits of a definition file (docs/defined-variants.md, Limits): its
 * size, its sections and a section's keys; a file past one is refused
 * with the line where it went past. */
#define RP_DEFS_MAX_BYTES (16 << 20)
#define RP_DEFS_MAX_SECTIONS 4096
#define RP_DEFS_MAX_KEYS 1024

/* Load the variants a definition file (Fairy-Stockfish's variants.ini
 * syntax) describes and register each: a section named like a variant
 * loaded before replaces it.  Returns RP_DONE, or RP_MISUSE /
 * RP_NO_MEMORY with *err filled; on an error, the sections before the bad
 * one stay registered.  Call on one thread before any game is read. */
RP_MUST_CHECK enum rp_rc rp_defs_load_file(const char *path, struct rp_def_error *err);

/* The same from an open stream; path names it in errors and in the
 * variants' origin.  The stream is read to its end, not closed. */
RP_MUST_CHECK enum rp_rc rp_defs_load_stream(FILE *f, const char *path, struct rp_def_error *err);

/* The folder of the reference build's built-in variants as data
 * (replay/definitions/builtin, one NAME.ini each): a section's parent
 * not defined before is read from there when a section names it
 * ([shako:chess]).  "" or NULL: none (such a parent is an error). */
void rp_defs_builtin_dir(const char *dir);

/* Every *.ini file of a folder, in the order of their names. */
RP_MUST_CHECK enum rp_rc rp_defs_load_dir(const char *dir, struct rp_def_error *err);

/* rp_defs_load_dir put off (rp_registry_defer): the folder's files are
 * only listed and scanned for the Game: names they may claim (every
 * section's name and gcGames item), and load, which must load the folder
 * (rp_defs_load_dir) and keep its error, runs when a game names one of
 * those or a listing is asked for.  A file that cannot be read is an
 * error now.  Call like rp_defs_load_dir. */
RP_MUST_CHECK enum rp_rc rp_defs_defer_dir(const char *dir, void (*load)(void),
                                           struct rp_def_error *err);

/* Forget every defined variant (the registry is reset too). */
void rp_defs_reset(void);

/* ------------------------------------------------------------ replaying */

enum rp_status { RP_STATUS_OK, RP_STATUS_ILLEGAL, RP_STATUS_MALFORMED, RP_STATUS_UNSUPPORTED };

const char *rp_status_name(enum rp_status s);

struct rp_violation {
    int line;                 /* line in the entry; 0 = none (result-mismatch) */
    int turn;                 /* marker number; 0 = none */
    int side;                 /* FMT_WHITE / FMT_BLACK; -1 = none */
    int person;               /* who played it: 0 the White: header person, 1 Black:, -1 none */
    enum rp_code code;
    char *text;               /* the turn as written, or NULL */
    char *message;
    char *comment;            /* the // comment on the turn, or NULL */
};

struct rp_report {
    const struct rp_variant *variant; /* NULL when unsupported or unknown */
    enum rp_status status;
    int replayed;             /* nonzero when the moves were replayed */
    int turns;                /* turns played (gcaudit(1) games.csv) */
    enum rp_result declared;  /* what the log declares */
    enum rp_result result;    /* what the tool stands behind */
    struct rp_term termination; /* RP_TERM_NONE when the moves were not replayed */
    char termination_name[RP_TERM_NAME_MAX]; /* its name, as games.csv writes it ("" for none) */

    char detail[RP_DETAIL_MAX];
    int winner;               /* 0 = the White: header person, 1 = Black:, -1 none */
    int loser;
    int colours_swapped;      /* at the end the White: person plays Black (Retro Chess) */
    struct rp_violation *violations;
    size_t nviolations;
};

/* Called once with turn NULL for the starting position, then after every
 * accepted turn (for `gcaudit replay`). */
typedef void (*rp_turn_hook)(void *ctx, const struct fmt_turn *turn,
                             const struct rp_variant *v, const void *state);

/* A game replayed while it is parsed, its turns given in parts
 * (fmt_parser_in_parts): a game of millions of turns is never held whole
 * (issue 15).  rp_replay is start, every turn, finish. */
typedef struct rp_game rp_game;

/* Start replaying g: its header (turns may follow in parts) into *out.
 * NULL when out of memory (*out is then empty). */
rp_game *rp_game_start(const struct fmt_game *g, struct rp_report *out, rp_turn_hook hook,
                       void *ctx);

/* The next n turns of the game, in order (after the first rejected one,
 * later turns are not played).  RP_DONE, or RP_NO_MEMORY: then free G
 * with rp_game_free and release *out. */
RP_MUST_CHECK enum rp_rc rp_game_turns(rp_game *G, const struct fmt_turn *turns, size_t n);

/* The moves are over: g is the game as its parse ended (malformed now,
 * perhaps).  Fills *out as rp_replay would have and frees G.  RP_DONE,
 * or RP_NO_MEMORY (*out released). */
RP_MUST_CHECK enum rp_rc rp_game_finish(rp_game *G, const struct fmt_game *g, struct rp_report *out);

/* Give up a game started (after RP_NO_MEMORY); NULL does nothing. */
void rp_game_free(rp_game *G);

/* Called after every accepted turn of a game being notated
 * (rp_game_notate) with the turn (its marker given when the log had none)
 * and its SAN, or san NULL when the variant could not write it. */
typedef void (*rp_san_hook)(void *ctx, const struct fmt_turn *turn, const char *san);

/* The variant G replays its game with: the one its Game: header names
 * (the report's variant), NULL when gcaudit replays none of that name. */
const struct rp_variant *rp_game_variant(const rp_game *G);

/* Notate G from its next turn on: before each turn is played the
 * variant's san slot writes it, and once it is accepted hook hears it.
 * RP_DONE; RP_MISUSE when G is not being replayed (unsupported, refused
 * by its variant, or stopped) or its variant has no san slot. */
RP_MUST_CHECK enum rp_rc rp_game_notate(rp_game *G, rp_san_hook hook, void *ctx);

/* G's position now in FEN, as its variant's fen slot writes it (the
 * starting position, right after rp_game_start).  RP_DONE; RP_MISUSE
 * (the reason in buf) when G is not being replayed, its variant has no
 * FEN or this position none. */
RP_MUST_CHECK enum rp_rc rp_game_fen(const rp_game *G, char *buf, size_t size);

/* Replay one game into *out.  Returns RP_DONE, or RP_NO_MEMORY (then
 * *out is released).  hook may be NULL. */
RP_MUST_CHECK enum rp_rc rp_replay(const struct fmt_game *game, struct rp_report *out,
              rp_turn_hook hook, void *ctx);

void rp_report_release(struct rp_report *r);

/* A game the rules ended without deciding what the moves alone cannot
 * (Xiangqi's chasing): its detail holds RP_REVIEW_KEY and what a
 * director should judge ("review=chasing").  That word into out, or NULL
 * when the detail asks for no review. */
#define RP_REVIEW_KEY "review="
const char *rp_detail_review(const char *detail, char *out, size_t size);

/* What a detail value is, as the engine that writes its key declares it
 * (the table in report.c): words a statistic counts (a comma list counts
 * once per item, "claimable=threefold,fifty-moves"), or a measurement (a
 * score or a count, "points=18-11") that would give a row per value. */
enum rp_detail_kind {
    RP_DETAIL_WORDS = 0,
    RP_DETAIL_MEASURE
};

/* One key=value token of a detail; a token without '=' is a key with an
 * empty value.  key and value point into the detail's text. */
struct rp_detail_pair {
    const char *key;
    const char *value;
    size_t key_len, value_len;
    enum rp_detail_kind kind;
};

/* The most pairs a detail holds (tokens of one character and a space). */
#define RP_DETAIL_PAIRS (RP_DETAIL_MAX / 2)

/* A detail as typed pairs, in the order written. */
struct rp_detail {
    const char *text;             /* what the pairs point into */
    size_t n;
    struct rp_detail_pair pair[RP_DETAIL_PAIRS];
};

/* Split text (a report's detail: space-separated tokens, NULL or "" for
 * none) into *out, each pair typed by its key: a key no engine writes is
 * words.  Tokens past RP_DETAIL_PAIRS are not kept (a report's detail,
 * shorter than RP_DETAIL_MAX, never has that many). */
void rp_detail_split(const char *text, struct rp_detail *out);

#endif
