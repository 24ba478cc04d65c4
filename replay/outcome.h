/*
 * outcome: the reconciliation of what the rules say with what the log
 * declares (outcome.c), as the replay loop (game.c) hands it over.
 */
#ifndef GC_REPLAY_OUTCOME_H
#define GC_REPLAY_OUTCOME_H

#include "formats/formats.h"
#include "replay/replay.h"

/* What replaying the turns established. */
struct rp_run {
    int by_rule;                 /* the rules ended the game: `rule` holds how */
    struct rp_ending rule;
    int by_command;              /* a resign/draw/timeout command ended it */
    enum fmt_declared command;   /* what the command declares */
    enum rp_termination command_termination; /* how the command says it ended */

    int command_turn;            /* marker number of the command's turn */
    int rejected;                /* replay stopped at a rejected turn */
};

/* Fill declared, result, termination, detail, winner, loser and
 * colours_swapped of *r from the run, the variant's end call and the log's
 * declarations, adding a result-mismatch violation where they disagree
 * (docs/rules.md, Declared versus verified), and name the person behind each
 * turn's violation.  state is NULL when the game was not replayed.  Returns
 * RP_DONE or RP_NO_MEMORY. */
int rp_outcome(const struct fmt_game *g, const struct rp_run *run, const void *state,
               struct rp_report *r);

#endif
