/*
 * replay: one game, turn by turn, with the board after each turn, stopping
 * at the first violation with its message.  For a director checking a
 * disputed game by eye.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define DIAGRAM_MAX 4096

struct replay_opts {
    const char *input;
    long game;       /* 1-based, counted over every game the input holds */
};

struct finder {
    struct replay_opts o;
    long seen;       /* games passed so far */
    int found;
    int exit_status;
};

static void usage(FILE *f)
{
    fprintf(f, "usage: gcaudit replay FILE [--game N]\n\n"
               "Replay game N (default 1) of FILE, counting games over all the logs the\n"
               "file holds (it may be an archive), and print the board after each turn.\n"
               "Stops at the first violation and prints its message.\n\n"
               "exit status: 0 the game is legal, 1 it has violations, 2 usage error,\n"
               "3 the file cannot be read or has no such game\n");
}

static int parse_args(int argc, char **argv, struct replay_opts *o)
{
    o->game = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return CLI_EXIT_OK;
        }
        if (strcmp(argv[i], "--game") == 0 || strcmp(argv[i], "-g") == 0) {
            char *end = NULL;
            o->game = i + 1 < argc ? strtol(argv[++i], &end, 10) : 0;
            if (!end || *end || o->game < 1) {
                cli_error("replay: --game needs a number from 1 up");
                return CLI_EXIT_USAGE;
            }
        } else if (argv[i][0] == '-' && strcmp(argv[i], "-") != 0) {
            cli_error("replay: unknown option '%s'", argv[i]);
            return CLI_EXIT_USAGE;
        } else if (!o->input) {
            o->input = argv[i];
        } else {
            cli_error("replay: one file at a time");
            return CLI_EXIT_USAGE;
        }
    }
    if (!o->input) {
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    return -1;
}

static void show_turn(void *ctx, const struct fmt_turn *t, const struct rp_variant *v,
                      const void *state)
{
    (void)ctx;
    char diagram[DIAGRAM_MAX];
    if (t) {
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
    } else
        printf("\nstarting position\n");
    v->render(state, diagram, sizeof diagram);
    fputs(diagram, stdout);
}

static const char *or_unknown(const char *s) { return s && *s ? s : "?"; }

static int show_game(const struct fmt_entry *e, const struct fmt_game *g)
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
    struct rp_report r;
    if (rp_replay(g, &r, show_turn, NULL) != RP_DONE) {
        cli_error("out of memory");
        return CLI_EXIT_NOTHING;
    }
    struct cli_where where = {e->source, e->entry, g->index};
    if (r.nviolations)
        putchar('\n');
    for (size_t i = 0; i < r.nviolations; i++)
        cli_render_violation(stdout, &where, &r.violations[i]);
    printf("\nstatus %s, %d turns, result %s", rp_status_name(r.status), r.turns,
           rp_result_name(r.result));
    if (r.termination[0])
        printf(" (%s%s%s)", r.termination, r.detail[0] ? ", " : "", r.detail);
    putchar('\n');
    if (g->malformed) {
        printf("malformed at line %d: ", g->malformed_line);
        cli_put_safe(stdout, g->malformed_reason);
        putchar('\n');
    }
    int status = r.nviolations || r.status != RP_STATUS_OK ? 1 : 0;
    rp_report_release(&r);
    return status;
}

static int on_entry(void *ctx, const struct fmt_entry *e)
{
    struct finder *F = ctx;
    if (e->status != FMT_ENTRY_OK)
        return 0;
    fmt_parser *p = fmt_parser_new(e->text, e->len);
    if (!p)
        return 1;
    struct fmt_game g;
    while (!F->found && fmt_parser_next(p, &g) == FMT_OK) {
        if (++F->seen == F->o.game) {
            F->found = 1;
            F->exit_status = show_game(e, &g);
        }
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    return F->found;
}

int cmd_replay(int argc, char **argv)
{
    struct finder F;
    memset(&F, 0, sizeof F);
    int rc = parse_args(argc, argv, &F.o);
    if (rc >= 0)
        return rc;
    uint64_t seq = 0;
    fmt_walk(F.o.input, NULL, &seq, on_entry, &F);
    if (!F.found) {
        cli_error("replay: %s holds %ld game%s, no game %ld", F.o.input, F.seen,
                  F.seen == 1 ? "" : "s", F.o.game);
        return CLI_EXIT_NOTHING;
    }
    return F.exit_status;
}
