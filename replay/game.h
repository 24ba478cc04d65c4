/*
 * game: private interface between the replay loop (game.c) and the
 * reconciliation of what the rules say with what the log declares
 * (outcome.c).
 */
#ifndef GC_REPLAY_GAME_H
#define GC_REPLAY_GAME_H

#include "formats/formats.h"
#include "replay/replay.h"

/* What replaying the turns established. */
struct rp_run {
    int by_rule;                 /* the rules ended the game: `rule` holds how */
    struct rp_ending rule;
    int by_command;              /* a resign/draw/timeout command ended it */
    enum fmt_declared command;   /* what the command declares */
    const char *command_termination;
    int command_turn;            /* marker number of the command's turn */
    int rejected;                /* replay stopped at a rejected turn */
};

/* Append a violation; strings are copied.  turn may be NULL.  Returns
 * FMT_OK or FMT_FATAL (out of memory). */
int rp_report_add(struct rp_report *r, const struct fmt_turn *turn, enum rp_code code,
                  const char *message);

/* Fill declared, result, termination, detail, winner and loser of *r from
 * the run and the log's declarations, adding a result-mismatch violation
 * where they disagree (fine-points.md 13-16).  state may be NULL when the
 * game was not replayed. */
int rp_outcome(const struct fmt_game *g, const struct rp_run *run, const void *state,
               struct rp_report *r);

#endif
