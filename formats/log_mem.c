/*
 * log_mem: the arena a parsed game's strings and turns live in
 * (log_mem.h), freed at once by fmt_game_release().
 */
#include "formats/log_mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MEM_FIRST 16384       /* a game of the usual length fits in one block */
#define MEM_MAX_STEP (1 << 20) /* blocks stop doubling here */

static struct fmt_mem *mem_block(struct fmt_mem *prev, size_t need)
{
    size_t cap = prev ? prev->cap * 2 : MEM_FIRST;
    if (cap > MEM_MAX_STEP)
        cap = MEM_MAX_STEP;
    if (cap < need)
        cap = need;
    if (cap > SIZE_MAX - FMT_MEM_HEADER)
        return NULL;
    struct fmt_mem *b = malloc(FMT_MEM_HEADER + cap);
    if (!b)
        return NULL;
    b->next = prev;
    b->cap = cap;
    b->used = 0;
    return b;
}

void *fmt_mem_alloc_block(struct fmt_game *g, size_t size)
{
    if (size > SIZE_MAX - FMT_MEM_ALIGN)
        return NULL;
    size = fmt_mem_round(size);
    struct fmt_mem *b = g->mem;
    if (!b || b->cap - b->used < size) {
        b = mem_block(b, size);
        if (!b)
            return NULL;
        g->mem = b;
    }
    void *p = (char *)b + FMT_MEM_HEADER + b->used;
    b->used += size;
    return p;
}

char *fmt_mem_strndup(struct fmt_game *g, const char *s, size_t n)
{
    if (n == SIZE_MAX)
        return NULL;
    char *d = fmt_mem_alloc(g, n + 1);
    if (d) {
        fmt_copy_short(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static void mem_free(struct fmt_mem *b)
{
    while (b) {
        struct fmt_mem *next = b->next;
        free(b);
        b = next;
    }
}

void fmt_mem_mark(struct fmt_game *g)
{
    g->mem_mark = g->mem;
    g->mem_mark_used = g->mem ? g->mem->used : 0;
}

void fmt_mem_rewind(struct fmt_game *g)
{
    struct fmt_mem *b = g->mem;
    while (b && b != g->mem_mark) {
        struct fmt_mem *next = b->next;
        free(b);
        b = next;
    }
    g->mem = b;
    if (b)
        b->used = g->mem_mark_used;
}

void fmt_game_release(struct fmt_game *game)
{
    if (!game)
        return;
    free(game->extra);
    mem_free(game->mem);
    memset(game, 0, sizeof *game);
}
