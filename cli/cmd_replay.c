/*
 * replay: one game, turn by turn, with the board after each turn, stopping
 * at the first violation with its message.  For a director checking a
 * disputed game by eye.
 *
 * A game is addressed the way the reports address it: the source, the
 * entry inside it (inputs.csv's `entry`) and the game's index in that
 * entry (games.csv's `game_index`), given as FILE --entry PATH --game N
 * or as 'FILE!PATH' --game N, the form -v prints.  --turn shows one
 * position, --fen writes positions as FEN where the variant has one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

#define DIAGRAM_MAX 4096
#define FEN_MAX 256

struct replay_opts {
    const char *operand;          /* FILE or FILE!PATH as given */
    const char *input;            /* the file to walk */
    char *entry;                  /* the entry wanted (--entry or after '!'), or NULL */
    long game;                    /* 1-based, within the entry */
    int turn, turn_side;          /* --turn: marker number and side; turn -1: every turn */
    int fen;                      /* --fen */
    struct cli_definitions defs;  /* --variants FILE... */
};

struct finder {
    struct replay_opts o;
    int done;                     /* the game was found and shown (or could not be) */
    int exit_status;
    long entries;                 /* entries holding games, when no entry was named */
    char *first_name;             /* the first of them: its entry and text, kept */
    char *first_text;
    size_t first_len;
    char *first_source;
    long failed;                  /* entries that could not be read, when no entry was named */
    char *first_failure;          /* the first of them: "'ENTRY' cannot be read: why" */
};

/* What the turn hook needs while the game is shown. */
struct show {
    const struct replay_opts *o;
    int shown;                    /* the --turn position was printed */
    int failed;                   /* --fen for a position that has none */
    char last_marker[32];         /* the last turn played, for a --turn too far */
};

static const struct cli_command_options replay_options;

static void usage(FILE *f)
{
    fprintf(f, "usage: gcaudit replay FILE [--entry PATH] [--game N] [--turn T] [--fen]\n"
               "       gcaudit replay 'FILE!PATH' [--game N] [--turn T] [--fen]\n\n"
               "Replay game N (default 1) of the log PATH inside FILE (inputs.csv's entry;\n"
               "not needed when FILE holds one log), as games.csv numbers games, and print\n"
               "the board after each turn.  Stops at the first violation and prints its\n"
               "message.\n\n");
    cli_options_help(f, &replay_options);
    fprintf(f, "\nexit status: 0 the game is legal, 1 it has violations, 2 usage error,\n"
               "3 the file cannot be read or has no such entry, game or turn\n");
}

/* ------------------------------------------------------------- options */

static int opt_entry(void *opts, const char *v)
{
    struct replay_opts *o = opts;
    if (o->entry) {
        cli_error("replay: the entry is given twice");
        return CLI_EXIT_USAGE;
    }
    if (!(o->entry = strdup(v))) {
        cli_error("replay: out of memory");
        return CLI_EXIT_NOTHING;
    }
    return CLI_CONTINUE;
}

static int opt_game(void *opts, const char *v)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (v[0] < '0' || v[0] > '9' || *end || errno || n < 1) {
        cli_error("replay: --game needs a number from 1 up");
        return CLI_EXIT_USAGE;
    }
    ((struct replay_opts *)opts)->game = n;
    return CLI_CONTINUE;
}

/* "12" or "12." White's turn 12, "12..." Black's, "0" the starting position. */
static int opt_turn(void *opts, const char *v)
{
    struct replay_opts *o = opts;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    int side = FMT_WHITE;
    if (strcmp(end, "...") == 0)
        side = FMT_BLACK;
    else if (*end && strcmp(end, ".") != 0)
        n = -1;
    if (v[0] < '0' || v[0] > '9' || errno || n < 0 || n > 1000000 || (n == 0 && *end)) {
        cli_error("replay: --turn wants a turn as the logs mark it: 12 or 12. (White), 12... "
                  "(Black), or 0 for the starting position; not '%s'", v);
        return CLI_EXIT_USAGE;
    }
    o->turn = (int)n;
    o->turn_side = side;
    return CLI_CONTINUE;
}

static int opt_fen(void *opts, const char *v)
{
    (void)v;
    ((struct replay_opts *)opts)->fen = 1;
    return CLI_CONTINUE;
}

static int opt_help(void *opts, const char *v)
{
    (void)opts, (void)v;
    usage(stdout);
    return CLI_EXIT_OK;
}

static int operand(void *opts, const char *arg)
{
    struct replay_opts *o = opts;
    if (o->operand) {
        cli_error("replay: one game at a time");
        return CLI_EXIT_USAGE;
    }
    o->operand = arg;
    return CLI_CONTINUE;
}

static int opt_variants(void *o, const char *v)
{
    return cli_definitions_add_or_stop(&((struct replay_opts *)o)->defs, v);
}

static const struct cli_option replay_option_rows[] = {
    {.name = "--entry", .letter = 'e', .value = "PATH", .set_or_stop = opt_entry,
     .help = "the log inside FILE (inputs.csv's entry column)"},
    {.name = "--game", .letter = 'g', .value = "N", .set_or_stop = opt_game,
     .help = "the game's index in the log (games.csv's game_index;\n"
             "default 1)",
     .missing = "replay: --game needs a number from 1 up"},
    {.name = "--turn", .letter = 't', .value = "T", .set_or_stop = opt_turn,
     .help = "only the position after turn T: 12 or 12. (White),\n"
             "12... (Black), 0 the starting position"},
    {.name = "--fen", .set_or_stop = opt_fen,
     .help = "positions as FEN, where the variant has one (with\n"
             "--turn, the FEN line alone)"},
    {.name = "--variants", .value = "FILE", .set_or_stop = opt_variants,
     .help = "variant definitions besides the shipped ones\n(repeatable)"},
    {.name = "--help", .letter = 'h', .set_or_stop = opt_help, .help = "this text"},
};

static const struct cli_command_options replay_options = {
    "replay", replay_option_rows, sizeof replay_option_rows / sizeof replay_option_rows[0],
    operand,
};

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

/* FILE!PATH: the first '!' whose left part is a file splits the operand
 * (an entry's own path may hold '!': nested archives are joined so). */
static int split_operand_or_stop(struct replay_opts *o, char **owned)
{
    o->input = o->operand;
    if (strcmp(o->operand, "-") == 0 || is_file(o->operand))
        return CLI_CONTINUE;
    for (const char *bang = strchr(o->operand, '!'); bang; bang = strchr(bang + 1, '!')) {
        char *file = strndup(o->operand, (size_t)(bang - o->operand));
        if (!file) {
            cli_error("replay: out of memory");
            return CLI_EXIT_NOTHING;
        }
        if (is_file(file)) {
            if (o->entry) {
                free(file);
                cli_error("replay: the entry is given twice ('%s' and --entry)", o->operand);
                return CLI_EXIT_USAGE;
            }
            if (!(o->entry = strdup(bang + 1))) {
                free(file);
                cli_error("replay: out of memory");
                return CLI_EXIT_NOTHING;
            }
            o->input = *owned = file;
            return CLI_CONTINUE;
        }
        free(file);
    }
    return CLI_CONTINUE;
}

static int parse_args_or_stop(int argc, char **argv, struct replay_opts *o, char **owned)
{
    o->game = 1;
    o->turn = -1;
    int rc = cli_options_parse_or_stop(&replay_options, argc, argv, o);
    if (rc != CLI_CONTINUE)
        return rc;
    if (!o->operand) {
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    return split_operand_or_stop(o, owned);
}

/* ------------------------------------------------------------- showing */

static void put_turn(const struct fmt_turn *t)
{
    /* The turn as written is the input's: shown through cli_put_safe. */
    putchar('\n');
    cli_put_safe(stdout, t->marker);
    putchar(' ');
    cli_put_safe(stdout, t->text);
    if (t->comment) {
        fputs("  // ", stdout);
        cli_put_safe(stdout, t->comment);
    }
    putchar('\n');
}

/* The position as the options want it: a diagram, or a FEN line. */
static void put_position(struct show *S, const struct rp_variant *v, const void *state)
{
    char text[DIAGRAM_MAX];
    if (!S->o->fen) {
        v->render(state, text, sizeof text);
        fputs(text, stdout);
    } else if (v->fen(state, text, FEN_MAX) == 0) {
        printf("%s\n", text);
    } else if (!S->failed) {
        S->failed = 1;
        cli_error("replay: --fen: %s", text);
    }
}

static void show_turn(void *ctx, const struct fmt_turn *t, const struct rp_variant *v,
                      const void *state)
{
    struct show *S = ctx;
    if (t)
        snprintf(S->last_marker, sizeof S->last_marker, "%s", t->marker);
    if (S->o->turn < 0) {
        if (t)
            put_turn(t);
        else
            printf("\nstarting position\n");
        put_position(S, v, state);
        return;
    }
    int wanted = t ? t->number == S->o->turn && (int)t->side == S->o->turn_side
                   : S->o->turn == 0;
    if (!wanted || S->shown)
        return;
    S->shown = 1;
    if (S->o->fen) {
        put_position(S, v, state);   /* the FEN line alone, for scripts */
        return;
    }
    if (t)
        put_turn(t);
    else
        printf("\nstarting position\n");
    put_position(S, v, state);
}

static const char *or_unknown(const char *s) { return s && *s ? s : "?"; }

static void put_header(const struct fmt_game *g, const struct rp_variant *v)
{
    cli_put_safe(stdout, or_unknown(g->game));
    fputs(": ", stdout);
    cli_put_safe(stdout, or_unknown(g->white));
    fputs(" (White) v ", stdout);
    cli_put_safe(stdout, or_unknown(g->black));
    fputs(" (Black)", stdout);
    if (g->log) {
        fputs(", log ", stdout);
        cli_put_safe(stdout, g->log);
    }
    putchar('\n');
    if (v && v->legend)
        printf("%s\n", v->legend);
}

/* The closing lines: violations, status, result. */
static void put_outcome(const struct fmt_entry *e, const struct fmt_game *g,
                        const struct rp_report *r)
{
    struct cli_where where = {e->source, e->entry, g->index};
    if (r->nviolations)
        putchar('\n');
    for (size_t i = 0; i < r->nviolations; i++)
        cli_render_violation(stdout, &where, &r->violations[i]);
    printf("\nstatus %s, %d turns, result %s", rp_status_name(r->status), r->turns,
           rp_result_name(r->result));
    if (r->termination.kind != RP_TERM_NONE)
        printf(" (%s%s%s)", r->termination_name, r->detail[0] ? ", " : "", r->detail);

    putchar('\n');
    if (g->malformed) {
        printf("malformed at line %d: ", g->malformed_line);
        cli_put_safe(stdout, g->malformed_reason);
        putchar('\n');
    }
}

/* The turn T as the logs write it, for messages. */
static void turn_text(const struct replay_opts *o, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s", o->turn, o->turn_side == FMT_BLACK ? "..." : ".");
}

static int show_game(const struct replay_opts *o, const struct fmt_entry *e,
                     const struct fmt_game *g)
{
    const struct rp_variant *v = g->malformed ? NULL : rp_variant_for_game(g->game);
    if (o->fen && v && !v->fen) {
        cli_error("replay: --fen: %s has no FEN", v->title);
        return CLI_EXIT_USAGE;
    }
    if (o->fen && !v) {
        cli_error("replay: --fen: game %ld is not replayed (%s), so it has no position",
                  (long)g->index,
                  g->malformed ? "malformed" : "unsupported variant");
        return CLI_EXIT_USAGE;
    }
    int one_fen = o->fen && o->turn >= 0;
    if (!one_fen)
        put_header(g, o->fen ? NULL : v);
    struct show S = {o, 0, 0, ""};
    struct rp_report r;
    if (rp_replay(g, &r, show_turn, &S) != RP_DONE) {
        cli_error("out of memory");
        return CLI_EXIT_NOTHING;
    }
    int status = r.nviolations || r.status != RP_STATUS_OK ? 1 : 0;
    if (S.failed) {
        status = CLI_EXIT_NOTHING;
    } else if (o->turn >= 0 && !S.shown) {
        char want[32];
        turn_text(o, want, sizeof want);
        if (!r.replayed)
            cli_error("replay: game %d is not replayed, so there is no turn %s", g->index, want);
        else if (S.last_marker[0])
            cli_error("replay: turn %s of game %d was not played: the last turn played is %s%s",
                      want, g->index, S.last_marker,
                      r.status == RP_STATUS_ILLEGAL ? ", before the violation" : "");
        else
            cli_error("replay: turn %s of game %d was not played: no turn was", want, g->index);
        status = CLI_EXIT_NOTHING;
    }
    if (!one_fen)
        put_outcome(e, g, &r);
    rp_report_release(&r);
    return status;
}

/* ----------------------------------------------------------- finding it */

/* Replay game o->game of one entry's text. */
static int show_in_entry(struct finder *F, const struct fmt_entry *e)
{
    fmt_parser *p = fmt_parser_new(e->text, e->len);
    if (!p) {
        cli_error("out of memory");
        return CLI_EXIT_NOTHING;
    }
    struct fmt_game g;
    long seen = 0;
    int status = -1, rc;
    while (status < 0 && (rc = fmt_parser_next(p, &g)) == FMT_OK) {
        if (++seen == F->o.game)
            status = show_game(&F->o, e, &g);
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    if (status >= 0)
        return status;
    if (rc == FMT_FATAL)
        cli_error("replay: out of memory while reading '%s%s%s' (after %ld game%s)", e->source,
                  e->entry[0] ? "!" : "", e->entry, seen, seen == 1 ? "" : "s");
    else
        cli_error("replay: '%s%s%s' holds %ld game%s, no game %ld", e->source,
                  e->entry[0] ? "!" : "", e->entry, seen, seen == 1 ? "" : "s", F->o.game);
    return CLI_EXIT_NOTHING;
}

/* Out of memory while an entry was looked at: the walk stops on it. */
static int out_of_memory(const struct fmt_entry *e)
{
    cli_error("replay: out of memory while reading '%s%s%s'", e->source, e->entry[0] ? "!" : "",
              e->entry);
    return CLI_EXIT_NOTHING;
}

/* An entry named but not read as logs. */
static int unreadable(const struct fmt_entry *e)
{
    cli_error("replay: '%s%s%s' %s: %s", e->source, e->entry[0] ? "!" : "", e->entry,
              e->status == FMT_ENTRY_SKIPPED ? "is not read as a log" : "cannot be read",
              e->message);
    return CLI_EXIT_NOTHING;
}

/* The game's entry found, and shown or refused with status: the walk
 * stops. */
static enum fmt_rc found(struct finder *F, int status)
{
    F->exit_status = status;
    F->done = 1;
    return FMT_STOPPED;
}

/* An entry of an archive that could not be read, when no entry was
 * named: counted, and the first kept to say why no log was found. */
static enum fmt_rc note_failure(struct finder *F, const struct fmt_entry *e)
{
    if (F->failed++ > 0)
        return FMT_OK;
    static const char form[] = "'%s' cannot be read: %s";
    size_t n = sizeof form + strlen(e->entry) + strlen(e->message);
    if (!(F->first_failure = malloc(n)))
        return found(F, out_of_memory(e));
    snprintf(F->first_failure, n, form, e->entry, e->message);
    return FMT_OK;
}

/* An archive's log kept while the walk goes on: it is shown if it is the
 * only one. */
static enum fmt_rc keep_first(struct finder *F, const struct fmt_entry *e)
{
    F->first_len = e->len;
    if ((!(F->first_text = fmt_entry_take_text(e)) && !(F->first_text = strdup(e->text))) ||
        !(F->first_name = strdup(e->entry)) || !(F->first_source = strdup(e->source)))
        return found(F, out_of_memory(e));
    return FMT_OK;
}

static enum fmt_rc look_at(struct finder *F, const struct fmt_entry *e)
{
    if (F->o.entry) {
        if (strcmp(e->entry, F->o.entry) != 0)
            return FMT_OK;
        return found(F, e->status == FMT_ENTRY_OK ? show_in_entry(F, e) : unreadable(e));
    }
    /* No entry named: a plain file is its own one log; an archive must
     * hold exactly one, or the game is not addressed. */
    if (e->status != FMT_ENTRY_OK) {
        if (!e->entry[0])
            return found(F, unreadable(e));
        return e->status == FMT_ENTRY_FAILED ? note_failure(F, e) : FMT_OK;
    }
    if (!e->entry[0])
        return found(F, show_in_entry(F, e));
    return F->entries++ == 0 ? keep_first(F, e) : FMT_OK;
}

/* The walk's callback; the test hook of alloc.c (GCAUDIT_TEST_OOM) runs
 * out of memory here, while the entry is looked at. */
static enum fmt_rc on_entry(void *ctx, const struct fmt_entry *e)
{
    cli_alloc_fail_in(e->source, e->entry);
    enum fmt_rc rc = look_at(ctx, e);
    cli_alloc_fail_end();
    return rc;
}

/* No game found: why. */
static int not_found(struct finder *F)
{
    if (F->o.entry) {
        cli_error("replay: '%s' has no entry '%s' (see the entry column of inputs.csv)",
                  F->o.input, F->o.entry);
        return CLI_EXIT_NOTHING;
    }
    if (F->entries > 1) {
        cli_error("replay: '%s' holds %ld logs: name one with --entry PATH or as "
                  "'%s!PATH' (PATH as in the entry column of inputs.csv)",
                  F->o.input, F->entries, F->o.input);
        return CLI_EXIT_USAGE;
    }
    if (F->failed == 1)
        cli_error("replay: '%s' holds no log that can be read: %s", F->o.input, F->first_failure);
    else if (F->failed > 1)
        cli_error("replay: '%s' holds no log that can be read: %ld entries cannot be read, the "
                  "first %s",
                  F->o.input, F->failed, F->first_failure);
    else
        cli_error("replay: '%s' holds no log", F->o.input);
    return CLI_EXIT_NOTHING;
}

int cmd_replay(int argc, char **argv)
{
    struct finder F;
    memset(&F, 0, sizeof F);
    cli_alloc_test_setup();
    char *owned = NULL;
    int rc = parse_args_or_stop(argc, argv, &F.o, &owned);
    struct stat st;
    if (rc == CLI_CONTINUE && stat(F.o.input, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error("replay: '%s' is a directory: name one of its logs (the source column of "
                  "inputs.csv)", F.o.input);
        rc = CLI_EXIT_USAGE;
    }
    if (rc == CLI_CONTINUE) {
        /* Before the input is read: a bad definition stops here (exit 2). */
        rc = cli_definitions_load_or_stop(&F.o.defs, "replay", 0);
    }
    if (rc == CLI_CONTINUE) {
        uint64_t seq = 0;
        /* Only the callback stops this walk (no stop is asked), and it
         * says why when it does: F.done. */
        enum fmt_rc walked = fmt_walk(F.o.input, NULL, &seq, on_entry, &F);
        if (F.done) {
            rc = F.exit_status;
        } else if (walked != FMT_OK) {
            cli_error("replay: reading '%s' stopped unexplained", F.o.input);
            rc = CLI_EXIT_NOTHING;
        } else if (F.entries == 1 && !F.o.entry) {
            struct fmt_entry e = {.source = F.first_source, .entry = F.first_name,
                                  .text = F.first_text, .len = F.first_len};
            cli_alloc_fail_in(e.source, e.entry);
            rc = show_in_entry(&F, &e);
            cli_alloc_fail_end();
        } else {
            rc = not_found(&F);
        }
    }
    free(F.first_failure);
    free(F.first_text);
    free(F.first_name);
    free(F.first_source);
    free(F.o.entry);
    free(owned);
    return rc;
}
