/*
 * log_mem: the arena of a parsed game (log_mem.c).  Everything allocated
 * with fmt_mem_* belongs to the game given and is freed at once by
 * fmt_game_release().  Private to the log parser (log_*.c).
 */
#ifndef GC_FORMATS_LOG_MEM_H
#define GC_FORMATS_LOG_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "formats/formats.h"

/* One block of a game's arena; blocks are chained newest first, each
 * with its data after this header. */
struct fmt_mem {
    struct fmt_mem *next;
    size_t cap;   /* bytes of data */
    size_t used;  /* bytes of data handed out */
};

#define FMT_MEM_ALIGN 16 /* enough for any field of the public structs */
#define FMT_MEM_HEADER \
    ((sizeof(struct fmt_mem) + FMT_MEM_ALIGN - 1) & ~(size_t)(FMT_MEM_ALIGN - 1))

static inline size_t fmt_mem_round(size_t size)
{
    return (size + FMT_MEM_ALIGN - 1) & ~(size_t)(FMT_MEM_ALIGN - 1);
}

/* fmt_mem_alloc when the newest block may be full. */
void *fmt_mem_alloc_block(struct fmt_game *g, size_t size);

/* size bytes, aligned for any type, owned by g; NULL when out of memory.
 * Inline: a parsed turn takes one of these, and most fit the newest
 * block, where the work is a comparison and an addition. */
static inline void *fmt_mem_alloc(struct fmt_game *g, size_t size)
{
    struct fmt_mem *b = g->mem;
    if (b && size <= b->cap - b->used && fmt_mem_round(size) <= b->cap - b->used) {
        void *p = (char *)b + FMT_MEM_HEADER + b->used;
        b->used += fmt_mem_round(size);
        return p;
    }
    return fmt_mem_alloc_block(g, size);
}

/* Copy n bytes that do not overlap.  The parser's strings (a marker, a
 * turn, a header value) are a few bytes: up to 16 are copied by at most
 * two loads and two stores each way, which spares a call to memcpy. */
static inline void fmt_copy_short(char *dst, const char *src, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t a, b;
        memcpy(&a, src, 8);
        memcpy(&b, src + n - 8, 8);
        memcpy(dst, &a, 8);
        memcpy(dst + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t a, b;
        memcpy(&a, src, 4);
        memcpy(&b, src + n - 4, 4);
        memcpy(dst, &a, 4);
        memcpy(dst + n - 4, &b, 4);
    } else if (n > 0 && n < 4) {
        char a = src[0], b = src[n / 2], c = src[n - 1];
        dst[0] = a;
        dst[n / 2] = b;
        dst[n - 1] = c;
    } else if (n > 16) {
        memcpy(dst, src, n);
    }
}

/* Remember the arena as it is (the header read), and go back to that,
 * freeing what came after (a part of a long game's turns). */
void fmt_mem_mark(struct fmt_game *g);
void fmt_mem_rewind(struct fmt_game *g);

/* A NUL-terminated copy of the n bytes at s, owned by g; NULL when out of memory. */
char *fmt_mem_strndup(struct fmt_game *g, const char *s, size_t n);

#endif
