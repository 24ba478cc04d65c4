/*
 * Fuzz the log parser: arbitrary bytes become an entry's text the way the
 * input walker makes it (fmt_text_normalise: NUL and long lines refused,
 * invalid UTF-8 replaced, '\r' folded), then every game is parsed and
 * every promise of formats.h about a parsed game is checked.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "formats/input.h"
#include "tests/fuzz/fuzz.h"

static void check_turn(const struct fmt_turn *t)
{
    gc_fuzz_check(t->line >= 1);
    gc_fuzz_check(t->side == FMT_WHITE || t->side == FMT_BLACK);
    gc_fuzz_check(t->marker && t->text);
    for (size_t i = 0; i < t->ncomps; i++) {
        const struct fmt_component *c = &t->comps[i];
        gc_fuzz_check(c->text && c->text[0]);
        gc_fuzz_check(memchr(c->label, '\0', sizeof c->label));
        gc_fuzz_check(memchr(c->from, '\0', sizeof c->from));
        gc_fuzz_check(memchr(c->to, '\0', sizeof c->to));
        gc_fuzz_check(c->kind >= FMT_COMP_MOVE && c->kind <= FMT_COMP_BAD);
    }
}

static void check_game(const struct fmt_game *g, int index)
{
    gc_fuzz_check(g->index == index);
    gc_fuzz_check(g->line >= 1);
    if (g->malformed)
        gc_fuzz_check(g->malformed_reason && g->malformed_line >= 1);
    for (size_t i = 0; i < g->nextra; i++)
        gc_fuzz_check(g->extra[i].key && g->extra[i].value);
    for (size_t i = 0; i < g->nturns; i++)
        check_turn(&g->turns[i]);
    char name[64];
    fmt_normalise_game_name(g->game ? g->game : "", name, sizeof name);
    gc_fuzz_check(strlen(name) < sizeof name);
}

int gc_fuzz_log_parser(const uint8_t *data, size_t size)
{
    /* The walker's sniff sees raw bytes: it must never read past them. */
    (void)fmt_text_has_game_header((const char *)data, size);
    char *buf = malloc(size + 1), msg[FMT_INPUT_MSG_MAX];
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    size_t len = size;
    int index = 0;
    if (fmt_text_normalise(&buf, &len, msg, sizeof msg) == FMT_ENTRY_OK) {
        gc_fuzz_check(buf[len] == '\0' && strlen(buf) == len);
        fmt_parser *p = fmt_parser_new(buf, len);
        struct fmt_game g;
        while (p && fmt_parser_next(p, &g) == FMT_OK) {
            check_game(&g, ++index);
            fmt_game_release(&g);
        }
        fmt_parser_free(p);
    }
    free(buf);
    return index;
}

#ifdef GC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)gc_fuzz_log_parser(data, size);
    return 0;
}
#endif
