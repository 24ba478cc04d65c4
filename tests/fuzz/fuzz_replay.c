/*
 * Fuzz the rules engine: bytes are normalised and parsed as in
 * fuzz_log_parser.c, then every game is replayed twice over: once as its
 * Game: header says, and once as each variant of the registry (the header
 * swapped for the variant's first name).  The loop knows no variant by
 * name, so neither does this harness: a variant added to variants.c is
 * fuzzed from then on, every move list reaching its turn resolver.
 * Every position is rendered too, as `gcaudit replay` does, and viewed, as
 * the game viewer does.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "formats/input.h"
#include "replay/replay.h"
#include "tests/fuzz/fuzz.h"

#define DIAGRAM_MAX 4096

static void render_turn(void *ctx, const struct fmt_turn *turn,
                        const struct rp_variant *v, const void *state)
{
    (void)ctx, (void)turn;
    char diagram[DIAGRAM_MAX];
    v->render(state, diagram, sizeof diagram);
    gc_fuzz_check(memchr(diagram, '\0', sizeof diagram));
    int side = v->side_to_move(state);
    gc_fuzz_check(side == FMT_WHITE || side == FMT_BLACK);
    /* The game viewer's view of it (replay.h): within its bounds. */
    if (v->view) {
        struct rp_view w;
        memset(&w, 0, sizeof w);
        v->view(state, &w);
        gc_fuzz_check(w.nboards >= 1 && w.nboards <= RP_VIEW_BOARDS);
        gc_fuzz_check(w.nholdings >= 0 && w.nholdings <= RP_VIEW_HOLDINGS);
        gc_fuzz_check(memchr(w.status, '\0', sizeof w.status));
        for (int i = 0; i < w.nboards; i++) {
            const struct rp_view_board *b = &w.board[i];
            gc_fuzz_check(b->files >= 1 && b->files <= RP_VIEW_FILES);
            gc_fuzz_check(b->ranks >= 1 && b->ranks <= RP_VIEW_RANKS);
            for (int r = 0; r < b->ranks; r++)
                for (int f = 0; f < b->files; f++)
                    gc_fuzz_check(memchr(b->cell[r][f].label, '\0', RP_VIEW_LABEL) &&
                                  (!b->cell[r][f].label[0] || b->cell[r][f].colour == FMT_WHITE ||
                                   b->cell[r][f].colour == FMT_BLACK ||
                                   (b->cell[r][f].colour == -1 && strcmp(b->cell[r][f].label, "*") == 0)));
        }
        for (int i = 0; i < w.nholdings; i++)
            gc_fuzz_check(w.holding[i].n >= 0 && w.holding[i].n <= RP_VIEW_HELD);
    }
}

static void check_report(const struct fmt_game *g, const struct rp_report *r)
{
    gc_fuzz_check(r->termination_name);
    gc_fuzz_check(memchr(r->detail, '\0', sizeof r->detail));
    gc_fuzz_check(r->turns >= 0 && (size_t)r->turns <= g->nturns);
    gc_fuzz_check(r->status != RP_STATUS_ILLEGAL || r->nviolations > 0);
    gc_fuzz_check(r->winner >= -1 && r->winner <= 1 && r->loser >= -1 && r->loser <= 1);
    gc_fuzz_check(rp_status_name(r->status) && rp_result_name(r->result));
    for (size_t i = 0; i < r->nviolations; i++) {
        const struct rp_violation *v = &r->violations[i];
        /* An ok game broke no rule; its declarations may still disagree
         * (regressions/fuzz_replay/ok-game-with-result-mismatch.log). */
        gc_fuzz_check(r->status != RP_STATUS_OK || v->code == RP_RESULT_MISMATCH);
        gc_fuzz_check(v->code > RP_OK && v->code < RP_CODE_COUNT);
        gc_fuzz_check(v->message && rp_code_name(v->code));
        gc_fuzz_check(v->side >= -1 && v->side <= 1);
    }
}

/* Replay g as game_name (NULL: as written).  1 when it was replayed. */
static int replay_as(struct fmt_game *g, const char *game_name)
{
    char *written = g->game;
    int replayed = 0;
    if (game_name)
        g->game = (char *)game_name;   /* borrowed for one replay, put back below */
    struct rp_report r;
    if (rp_replay(g, &r, render_turn, NULL) == RP_DONE) {
        check_report(g, &r);
        replayed = r.replayed;
        rp_report_release(&r);
    }
    g->game = written;
    return replayed;
}

/* 1 when the game was replayed as written. */
static int replay_all(struct fmt_game *g)
{
    int replayed = replay_as(g, NULL);
    if (g->malformed)
        return 0;   /* never replayed, whatever the variant */
    for (size_t i = 0; i < rp_variant_count(); i++)
        replay_as(g, rp_variant_at(i)->game_names[0]);
    return replayed;
}

/* The shipped definitions, loaded once: every game is replayed as each of
 * them too. */
static void load_definitions(void)
{
    static int loaded;
    if (loaded++)
        return;
    struct rp_def_error e;
    rp_defs_builtin_dir(GC_DEFINITIONS_DIR "/builtin"); /* the shipped sections' built-in parents */
    gc_fuzz_check(rp_defs_load_dir(GC_DEFINITIONS_DIR, &e) == RP_DONE);
}

int gc_fuzz_replay(const uint8_t *data, size_t size)
{
    load_definitions();
    char *buf = malloc(size + 1), msg[FMT_INPUT_MSG_MAX];
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    size_t len = size;
    int replayed = 0;
    if (fmt_text_normalise(&buf, &len, msg, sizeof msg) == FMT_ENTRY_OK) {
        fmt_parser *p = fmt_parser_new(buf, len);
        struct fmt_game g;
        while (p && fmt_parser_next(p, &g) == FMT_OK) {
            replayed += replay_all(&g);
            fmt_game_release(&g);
        }
        fmt_parser_free(p);
    }
    free(buf);
    return replayed;
}

#ifdef GC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)gc_fuzz_replay(data, size);
    return 0;
}
#endif
