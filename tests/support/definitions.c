/*
 * definitions: the shipped definition files and their fixture positions.
 */
#include "tests/support/definitions.h"

#include <criterion/criterion.h>
#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"
#include "replay/fairy.h"
#include "replay/replay.h"
#include "replay/variant_fairy.h"
#include "tests/support/support.h"

#define DEFINITIONS_DIR GC_SOURCE_DIR "/replay/definitions"
#define POSITIONS_FILE GC_FIXTURES "/definitions/positions.tsv"

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* The sections of one file: "[name]" or "[name:parent]" lines. */
static void add_sections(const char *path, struct ts_def **defs, size_t *n, size_t *cap)
{
    char *text = ts_read_file(path, NULL);
    cr_assert_not_null(text, "cannot read %s", path);
    char *save = NULL;
    struct ts_def *cur = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *l = trim(line);
        if (cur && strncmp(l, "gcGames", 7) == 0 && trim(l + 7)[0] == '=') {
            cur->ngames = 0;
            char *save2 = NULL;
            for (char *g = strtok_r(strchr(l, '=') + 1, ",", &save2); g && cur->ngames < 8;
                 g = strtok_r(NULL, ",", &save2))
                if (*trim(g))
                    snprintf(cur->games[cur->ngames++], sizeof cur->games[0], "%s", trim(g));
            continue;
        }
        if (l[0] != '[')
            continue;
        size_t len = strcspn(l + 1, ":]");
        cr_assert(len > 0 && len < sizeof (*defs)->name, "%s: bad section line \"%s\"", path, l);
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 32;
            *defs = realloc(*defs, *cap * sizeof **defs);
            cr_assert_not_null(*defs);
        }
        struct ts_def *d = &(*defs)[(*n)++];
        snprintf(d->file, sizeof d->file, "%s", path);
        snprintf(d->name, sizeof d->name, "%.*s", (int)len, l + 1);
        snprintf(d->games[0], sizeof d->games[0], "%s", d->name);
        d->ngames = 1;
        cur = d;
    }
    free(text);
}

struct ts_def *ts_defs_shipped(size_t *n)
{
    glob_t g;
    int rc = glob(DEFINITIONS_DIR "/*.ini", 0, NULL, &g);
    cr_assert_eq(rc, 0, "no definition files in %s", DEFINITIONS_DIR);
    struct ts_def *defs = NULL;
    size_t cap = 0;
    *n = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) /* glob sorts the names */
        add_sections(g.gl_pathv[i], &defs, n, &cap);
    globfree(&g);
    cr_assert_gt(*n, 0, "no sections in the files of %s", DEFINITIONS_DIR);
    return defs;
}

void ts_defs_load_shipped(void)
{
    struct rp_def_error e;
    /* A shipped section may start from a built-in variant of the
     * reference build ([racingkings-gc:racingkings]), whose data file is
     * in builtin/, as gcaudit finds it (cli/definitions.c). */
    rp_defs_builtin_dir(DEFINITIONS_DIR "/builtin");
    cr_assert_eq(rp_defs_load_dir(DEFINITIONS_DIR, &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line,
                 e.key, e.message);
}

struct ts_position *ts_positions_load(size_t *n)
{
    char *text = ts_read_file(POSITIONS_FILE, NULL);
    cr_assert_not_null(text, "cannot read %s", POSITIONS_FILE);
    struct ts_position *rows = NULL;
    size_t cap = 0;
    *n = 0;
    int lineno = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        if (!*trim(line) || trim(line)[0] == '#')
            continue;
        char *field[4];
        int k = 0;
        for (char *p = line; k < 4; k++) {
            field[k] = p;
            char *tab = strchr(p, '\t');
            if (k < 3) {
                cr_assert_not_null(tab, "%s:%d: a row is section, what, FEN and depth, tab-separated",
                                   POSITIONS_FILE, lineno);
                *tab = '\0';
                p = tab + 1;
            } else {
                cr_assert_null(tab, "%s:%d: more than four fields", POSITIONS_FILE, lineno);
            }
        }
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            rows = realloc(rows, cap * sizeof *rows);
            cr_assert_not_null(rows);
        }
        struct ts_position *r = &rows[(*n)++];
        char *end;
        long depth = strtol(trim(field[3]), &end, 10);
        cr_assert(*end == '\0' && depth >= 1 && depth <= 8, "%s:%d: depth \"%s\" is not 1..8",
                  POSITIONS_FILE, lineno, field[3]);
        cr_assert(strlen(trim(field[0])) < sizeof r->section && strlen(trim(field[1])) < sizeof r->what &&
                      strlen(trim(field[2])) < sizeof r->fen,
                  "%s:%d: a field is too long", POSITIONS_FILE, lineno);
        snprintf(r->section, sizeof r->section, "%s", trim(field[0]));
        snprintf(r->what, sizeof r->what, "%s", trim(field[1]));
        snprintf(r->fen, sizeof r->fen, "%s", trim(field[2]));
        r->depth = (int)depth;
        r->line = lineno;
    }
    free(text);
    return rows;
}

void ts_replay_text(const char *text, struct rp_report *r, rp_turn_hook hook, void *ctx)
{
    fmt_parser *p = fmt_parser_new(text, strlen(text));
    struct fmt_game g;
    cr_assert_eq(fmt_parser_next(p, &g), FMT_OK);
    cr_assert_eq(rp_replay(&g, r, hook, ctx), RP_DONE);
    fmt_game_release(&g);
    fmt_parser_free(p);
}

void ts_defs_load_text(const char *text)
{
    struct rp_def_error e;
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    cr_assert_not_null(f);
    cr_assert_eq(rp_defs_load_stream(f, "t.ini", &e), RP_DONE, "%s:%d: %s: %s", e.file, e.line, e.key, e.message);
    fclose(f);
}

void ts_fpos_read(struct rp_fpos *p, const char *variant, const char *fen)
{
    const struct rp_fdef *d = rp_fairy_find(variant);
    cr_assert_not_null(d, "no variant %s", variant);
    char why[200];
    cr_assert_eq(rp_ffen_read(p, d, fen, why, sizeof why), 0, "%s: %s", fen, why);
}

static void square(int sq, char *out, size_t size)
{
    /* A rank is below RP_FMAX_RANKS: the cast tells the compiler so. */
    snprintf(out, size, "%c%u", 'a' + rp_ffile(sq), (unsigned char)(rp_frank(sq) + 1));
}

void ts_fmove_uci(const struct rp_fpos *p, rp_fmove m, char *out, size_t size)
{
    const struct rp_fdef *d = p->def;
    char a[8], b[8];
    int from = m.from, to = m.to;
    if (m.kind == RP_FM_DROP) {
        square(to, b, sizeof b);
        const struct rp_ftype *hand = &d->types[m.hand_type];
        if (m.type != m.hand_type && hand->promoted == m.type)
            snprintf(out, size, "+%c@%s", toupper((unsigned char)hand->letter), b);
        else
            snprintf(out, size, "%c@%s", toupper((unsigned char)d->types[m.type].letter), b);
        return;
    }
    if (m.kind == RP_FM_CASTLE) {
        int rook = p->castle_rook[m.castle];
        if (m.gate && m.gate != RP_FGATE_WALL && m.gate_sq == rook)
            from = rook, to = m.from; /* gating on the rook's square: written from the rook */
        else if (d->chess960)
            to = rook;                /* Chess960 mode: the king takes its rook */
    }
    square(from, a, sizeof a);
    square(to, b, sizeof b);
    size_t at = (size_t)snprintf(out, size, "%s%s", a, b);
    if (m.kind == RP_FM_PROMOTE)
        snprintf(out + at, size - at, "%c", d->types[m.type].letter);
    else if (m.kind == RP_FM_PIECE_PROMOTE)
        snprintf(out + at, size - at, "+");
    else if (m.kind == RP_FM_PIECE_DEMOTE)
        snprintf(out + at, size - at, "-");
    else if (m.gate && m.gate != RP_FGATE_WALL)
        snprintf(out + at, size - at, "%c", d->types[m.gate - 1].letter);
    /* A wall: the reference's gating square after a comma, written as a
     * move from the destination ("d1d5,d5f7"). */
    if (m.gate == RP_FGATE_WALL) {
        char w[8];
        at = strlen(out);
        square(m.gate_sq, w, sizeof w);
        snprintf(out + at, size - at, ",%s%s", b, w);
    }
}
