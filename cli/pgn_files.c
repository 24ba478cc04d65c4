/*
 * pgn_files: the files --pgn FILE writes (docs/pgn.md, "Which file").
 *
 * FILE holds the games of orthodox Chess, the games every PGN reader
 * replays (pgn-extract, SCID, python-chess); the games of each other
 * variant go into a file of their own beside it, FILE's name without its
 * ".pgn", the variant's name as its Variant tag has it in lower case,
 * and ".pgn": games.pgn, games.crazyhouse.pgn, games.king-of-the-hill.pgn.
 * A file is one variant, as lichess publishes its games; a reader that
 * knows the variant (lichess, pychess, python-chess, Fairy-Stockfish)
 * reads its file, and a chess reader never meets a drop or a kingless
 * side in FILE.
 *
 * A game is routed by its own Variant tag, so the same code takes the
 * games a run replays and those merge copies from the shards' parts.
 * FILE is always written (empty when no Chess game was exported); a
 * variant's file only when it has a game.  Every file is written under
 * a temporary name and put in place with the run's reports
 * (report_set.c), so it is listed in the report folder's CLI_FILES_LIST
 * when it lies there.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli/cli.h"

struct pgn_out {
    char *variant;                /* the Variant tag, "" for FILE */
    char *path;
    fmt_csv *csv;                 /* NULL once closed */
    uint64_t games;
};

struct cli_pgn_files {
    struct pgn_out *v;            /* v[0] is FILE */
    size_t n, cap;
};

char *cli_pgn_variant_path(const char *file, const char *variant)
{
    size_t len = strlen(file);
    const char *slash = strrchr(file, '/');
    size_t name_len = slash ? len - (size_t)(slash + 1 - file) : len;
    if (name_len > 4 && strcasecmp(file + len - 4, ".pgn") == 0)
        len -= 4;
    /* The name in lower case, every run of other characters one '-'. */
    size_t vlen = strlen(variant);
    char *slug = malloc(vlen + 8);
    if (!slug)
        return NULL;
    size_t k = 0;
    for (const char *c = variant; *c; c++) {
        if (isalnum((unsigned char)*c) && (unsigned char)*c < 0x80)
            slug[k++] = (char)tolower((unsigned char)*c);
        else if (k && slug[k - 1] != '-')
            slug[k++] = '-';
    }
    while (k && slug[k - 1] == '-')
        k--;
    if (!k)
        k = (size_t)snprintf(slug, vlen + 8, "variant");
    slug[k] = '\0';
    size_t n = len + k + 6;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%.*s.%s.pgn", (int)len, file, slug);
    free(slug);
    return path;
}

/* Open the file at path (under its temporary name): 0, or -1 with errno. */
static int open_out(struct pgn_out *o)
{
    char *dir;
    const char *name;
    if (cli_output_split_path(o->path, &dir, &name) != 0)
        return -1;
    o->csv = fmt_csv_open(dir, name, NULL, 0, 0);
    free(dir);
    return o->csv ? 0 : -1;
}

static struct pgn_out *add_out(cli_pgn_files *F, const char *variant, const char *file)
{
    if (F->n == F->cap) {
        size_t cap = F->cap ? 2 * F->cap : 8;
        struct pgn_out *bigger = realloc(F->v, cap * sizeof *bigger);
        if (!bigger)
            return NULL;
        F->v = bigger;
        F->cap = cap;
    }
    struct pgn_out *o = &F->v[F->n];
    memset(o, 0, sizeof *o);
    o->variant = strdup(variant);
    o->path = variant[0] ? cli_pgn_variant_path(file, variant) : strdup(file);
    if (!o->variant || !o->path || open_out(o) != 0) {
        int e = errno;
        free(o->variant), free(o->path);
        errno = e ? e : ENOMEM;
        return NULL;
    }
    F->n++;
    return o;
}

static struct pgn_out *find_out(cli_pgn_files *F, const char *variant)
{
    for (size_t i = 0; i < F->n; i++)
        if (strcmp(F->v[i].variant, variant) == 0)
            return &F->v[i];
    return NULL;
}

cli_pgn_files *cli_pgn_files_open(const char *file)
{
    cli_pgn_files *F = calloc(1, sizeof *F);
    int ok = F && add_out(F, "", file);
    /* Every exported variant's file opened now, so that its temporary
     * name is known before any input is walked (cli_pgn_files_paths); one
     * that gets no game is dropped when closed. */
    for (size_t i = 0; ok && i < rp_variant_count(); i++) {
        const char *name = rp_variant_at(i)->pgn_variant;
        if (name && name[0] && rp_variant_at(i)->san && !find_out(F, name))
            ok = add_out(F, name, file) != NULL;
    }
    if (!ok) {
        int e = errno;
        cli_pgn_files_free(F);
        errno = e;
        return NULL;
    }
    return F;
}

size_t cli_pgn_files_paths(const cli_pgn_files *F, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < F->n; i++) {
        if (n < max)
            out[n] = F->v[i].path;
        n++;
        if (F->v[i].csv && n < max)
            out[n] = fmt_csv_tmp_path(F->v[i].csv);
        n += F->v[i].csv != NULL;
    }
    return n;
}

/* The value of the game's Variant tag into out ("" for none): the tags
 * are the lines before the first blank one. */
static void variant_of(const char *text, size_t len, char *out, size_t size)
{
    static const char tag[] = "[Variant \"";
    out[0] = '\0';
    const char *end = text + len;
    for (const char *line = text; line < end && *line == '[';) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        if (!nl)
            nl = end;
        if ((size_t)(nl - line) > sizeof tag && memcmp(line, tag, sizeof tag - 1) == 0) {
            size_t k = 0;
            for (const char *c = line + sizeof tag - 1; c < nl && *c != '"' && k + 1 < size; c++) {
                if (*c == '\\' && c + 1 < nl)
                    c++;   /* the tag value's escape (fmt_pgn_tag) */
                out[k++] = *c;
            }
            out[k] = '\0';
            return;
        }
        line = nl + 1;
    }
}

int cli_pgn_files_game(cli_pgn_files *F, const char *text, size_t len)
{
    char variant[256];
    variant_of(text, len, variant, sizeof variant);
    struct pgn_out *o = find_out(F, variant);
    /* A variant no definition here names (merge without the shards'
     * --variants) gets its file now. */
    if (!o && !(o = add_out(F, variant, F->v[0].path)))
        return -1;
    if (!o->csv || fmt_csv_write(o->csv, text, len) != FMT_OK)
        return -1;
    o->games++;
    return 0;
}

int cli_pgn_files_records(cli_pgn_files *F, const char *buf, size_t len)
{
    const char *p = buf, *end = buf + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            break;
        if ((size_t)(nl - p) > 13 && memcmp(p, "pgn-left-out ", 13) == 0) {
            p = nl + 1;
            continue;
        }
        char *after;
        unsigned long long lines = strncmp(p, "pgn ", 4) == 0 ? strtoull(p + 4, &after, 10) : 0;
        if (!lines || after != nl)
            break;
        const char *game = nl + 1, *q = game;
        while (lines && q < end) {
            const char *eol = memchr(q, '\n', (size_t)(end - q));
            if (!eol)
                break;
            q = eol + 1;
            lines--;
        }
        if (lines || cli_pgn_files_game(F, game, (size_t)(q - game)) != 0) {
            if (lines)
                errno = EINVAL;
            return -1;
        }
        p = q;
    }
    if (p != end) {
        errno = EINVAL;   /* not records as pgn_export.c writes them */
        return -1;
    }
    return 0;
}

int cli_pgn_files_close(cli_pgn_files *F)
{
    int rc = 0;
    for (size_t i = 0; i < F->n; i++) {
        struct pgn_out *o = &F->v[i];
        if (o->csv && i && !o->games) {
            fmt_csv_abort(o->csv);
        } else if (o->csv && fmt_csv_close_by(o->csv, cli_report_put) != FMT_OK) {
            if (!rc)
                cli_error("cannot write '%s': %s", o->path, strerror(errno));
            rc = -1;
        }
        o->csv = NULL;
    }
    return rc;
}

/* path's folder ("." for a bare name), malloc'd, or NULL. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *dir = malloc(n + 1);
    if (dir)
        memcpy(dir, path, n), dir[n] = '\0';
    return dir;
}

/* Whether name (in FILE's folder) is a variant's file of FILE that this
 * run wrote. */
static int written_here(const cli_pgn_files *F, const char *name)
{
    for (size_t i = 1; i < F->n; i++) {
        const char *slash = strrchr(F->v[i].path, '/');
        if (F->v[i].games && strcmp(slash ? slash + 1 : F->v[i].path, name) == 0)
            return 1;
    }
    return 0;
}

void cli_pgn_files_stale(const cli_pgn_files *F, const char *outdir)
{
    const char *file = F->v[0].path;
    char *dir = folder_of(file);
    struct stat a, b;
    if (!dir || (stat(dir, &a) == 0 && stat(outdir, &b) == 0 && a.st_dev == b.st_dev &&
                 a.st_ino == b.st_ino)) {
        free(dir);
        return;
    }
    /* FILE's name up to ".pgn", then '.': what a variant's file starts with. */
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    size_t len = strlen(base);
    if (len > 4 && strcasecmp(base + len - 4, ".pgn") == 0)
        len -= 4;
    DIR *d = opendir(dir);
    unsigned long long stale = 0;
    char *first = NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n <= len + 5 || strncmp(e->d_name, base, len) != 0 || e->d_name[len] != '.' ||
            strcasecmp(e->d_name + n - 4, ".pgn") != 0 || written_here(F, e->d_name))
            continue;
        char *path = malloc(strlen(dir) + n + 2);
        struct stat st;
        if (!path)
            continue;
        sprintf(path, "%s/%s", dir, e->d_name);
        /* Named: the first by name, whatever order the folder lists. */
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && ++stale &&
            (!first || strcmp(path, first) < 0)) {
            free(first);
            first = path;
        } else {
            free(path);
        }
    }
    if (d)
        closedir(d);
    if (stale == 1)
        cli_warning("'%s' is an earlier run's: this run wrote no game to it, and gcaudit removes "
                    "nothing outside the report folder; it is left as it is (the summary names "
                    "the files this run wrote)", first ? first : file);
    else if (stale)
        cli_warning("'%s' and %llu other variant%s file%s beside '%s' are an earlier run's: "
                    "this run wrote no game to them, and gcaudit removes nothing outside the "
                    "report folder; they are left as they are (the summary names the files this "
                    "run wrote)", first ? first : file, stale - 1, stale == 2 ? "'s" : "s'",
                    stale == 2 ? "" : "s", file);
    free(first);
    free(dir);
}

void cli_pgn_files_free(cli_pgn_files *F)
{
    if (!F)
        return;
    for (size_t i = 0; i < F->n; i++) {
        fmt_csv_abort(F->v[i].csv);
        free(F->v[i].variant), free(F->v[i].path);
    }
    free(F->v);
    free(F);
}

static int by_variant(const void *a, const void *b)
{
    return strcmp(((const struct pgn_out *)a)->variant, ((const struct pgn_out *)b)->variant);
}

char *cli_pgn_files_text(const struct cli_pgn_counts *c, const cli_pgn_files *F,
                         const char *file, int shard)
{
    struct fmt_buf b = {0};
    char line[1200];
    unsigned long long ex = (unsigned long long)c->n[CLI_PGN_EXPORTED];
    uint64_t out = c->n[CLI_PGN_OTHER_VARIANT] + c->n[CLI_PGN_NOT_REPLAYED] +
                   c->n[CLI_PGN_NO_NOTATION];
    int ok = 1;
#define ADD(...) (snprintf(line, sizeof line, __VA_ARGS__), ok &= fmt_buf_add(&b, line, strlen(line)) == FMT_OK)
    if (shard || !F) {
        ADD("%llu game%s exported into this shard's part of %s", ex, ex == 1 ? "" : "s", file);
    } else {
        unsigned long long main = (unsigned long long)F->v[0].games;
        ADD("%llu game%s exported to %s", main, main == 1 ? "" : "s", file);
        /* The variants' files that have games, by name. */
        struct pgn_out *sorted = F->n > 1 ? malloc((F->n - 1) * sizeof *sorted) : NULL;
        size_t n = 0;
        for (size_t i = 1; sorted && i < F->n; i++)
            if (F->v[i].games)
                sorted[n++] = F->v[i];
        if (F->n > 1 && !sorted)
            ok = 0;
        if (n) {
            qsort(sorted, n, sizeof *sorted, by_variant);
            ADD("; %llu to a file per variant (", ex - main);
            for (size_t i = 0; i < n; i++)
                ADD("%s%llu %s to %s", i ? ", " : "", (unsigned long long)sorted[i].games,
                    sorted[i].variant, sorted[i].path);
            ADD(")");
        }
        free(sorted);
    }
    if (out) {
        static const char *const why[CLI_PGN_FATES] = {
            NULL, "of variants PGN tools do not read", "not replayed",
            "without notation, a fault of gcaudit's"};
        ADD("; %llu left out (", (unsigned long long)out);
        const char *sep = "";
        for (int f = CLI_PGN_OTHER_VARIANT; f < CLI_PGN_FATES; f++)
            if (c->n[f]) {
                ADD("%s%llu %s", sep, (unsigned long long)c->n[f], why[f]);
                sep = ", ";
            }
        ADD(")");
    }
#undef ADD
    if (!ok || fmt_buf_add(&b, "", 1) != FMT_OK) {
        fmt_buf_release(&b);
        return NULL;
    }
    return b.data;
}
