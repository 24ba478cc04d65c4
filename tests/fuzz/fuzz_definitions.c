/*
 * Fuzz the definition loader: arbitrary bytes as a variants.ini file
 * (replay/fairy_load.c and the keys of fairy_def.c).  A file either loads
 * or is refused with a reason, a line within the file and a key that is
 * one of the file's; a loaded variant's start position can be written as
 * FEN and read back to the same position, and a short random game of it
 * keeps that promise after every move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy.h"
#include "replay/replay.h"
#include "tests/fuzz/fuzz.h"

static int lines_of(const uint8_t *data, size_t size)
{
    int n = 1;
    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n';
    return n;
}

static int contains(const uint8_t *data, size_t size, const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; n && i + n <= size; i++)
        if (memcmp(data + i, s, n) == 0)
            return 1;
    return 0;
}

/* A written FEN reads back to a position that writes the same FEN and has
 * one key.  (Not always the position written: FEN's KQkq names the
 * outermost rook, which need not be the castling one.) */
static void check_round_trip(const struct rp_fpos *p)
{
    char fen[1024], again[1024], why[256];
    rp_ffen_write(p, fen, sizeof fen);
    struct rp_fpos q, r;
    gc_fuzz_check(rp_ffen_read(&q, p->def, fen, why, sizeof why) == 0);
    rp_ffen_write(&q, again, sizeof again);
    gc_fuzz_check(strcmp(fen, again) == 0);
    gc_fuzz_check(rp_ffen_read(&r, p->def, again, why, sizeof why) == 0);
    gc_fuzz_check(rp_fkey(&q) == rp_fkey(&r));
}

static void play_a_little(const struct rp_fdef *d, unsigned seed)
{
    static struct rp_fmovelist l;
    struct rp_fpos p;
    char why[256];
    gc_fuzz_check(rp_ffen_read(&p, d, d->start_fen, why, sizeof why) == 0);
    check_round_trip(&p);
    for (int ply = 0; ply < 12; ply++) {
        rp_fgen_legal(&p, &l);
        if (l.n == 0)
            break;
        seed = seed * 1103515245u + 12345u;
        rp_fmove m = l.m[(seed >> 8) % (unsigned)l.n];
        if (d->walling_rule && m.kind != RP_FM_PASS) {
            /* A listed move has a wall that makes it legal: the first. */
            rp_fset walls;
            gc_fuzz_check(rp_fwalls_legal(&p, m, &walls) > 0);
            int sq = 0;
            while (!rp_fset_has(&walls, sq))
                sq++;
            m = rp_fwith_wall(m, sq);
            gc_fuzz_check(rp_flegal(&p, m) == RP_FL_OK);
        }
        rp_fmake(&p, m);
        check_round_trip(&p);
    }
}

int gc_fuzz_definitions(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    struct rp_def_error e;
    int rc = rp_defs_load_stream(f, "fuzz.ini", &e);
    fclose(f);
    if (rc != RP_DONE) {
        gc_fuzz_check(e.message[0]);
        gc_fuzz_check(e.line >= 0 && e.line <= lines_of(data, size));
        gc_fuzz_check(strcmp(e.file, "fuzz.ini") == 0);
        gc_fuzz_check(!e.key[0] || contains(data, size, e.key));
    }
    int played = 0;
    for (size_t i = 0; i < rp_variant_count(); i++) {
        const struct rp_variant *v = rp_variant_at(i);
        if (v->def) {
            play_a_little(v->def, (unsigned)i);
            played++;
        }
    }
    rp_defs_reset();
    return played;
}

#ifdef GC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)gc_fuzz_definitions(data, size);
    return 0;
}
#endif
