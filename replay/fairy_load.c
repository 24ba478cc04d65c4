/*
 * fairy_load: definition files in variants.ini syntax, read with inih
 * (Debian's libinih), turned into compiled definitions and registered as
 * variants.
 *
 * inih reads the syntax, but two things the errors need it does not give:
 * the line of a key (Debian builds it without INI_HANDLER_LINENO) and the
 * sections that hold no key (its handler is only called for keys).  Both
 * come from the reader it is handed: ours counts the lines and notes each
 * "[section]" line, so a key's line is the reader's current one when the
 * handler runs.  inih's own additions to the syntax that variants.ini does
 * not have are switched off (inline ';' comments, indented continuation
 * lines), so a line means to gcaudit what it means to Fairy-Stockfish.
 *
 * A section [name:parent] starts from the parent's definition: defined
 * earlier in this file or in one loaded before, else the reference build's
 * built-in variant of that name, read from its data file (builtin/NAME.ini
 * under the folder rp_defs_builtin_dir names) when a section first needs
 * it, as Fairy-Stockfish's parser takes the parent from its built-ins; a
 * section without a parent starts from the key table's defaults.  A section named like a variant loaded earlier replaces it
 * (--variants overrides a shipped definition); twice in one file is an
 * error.  Loading happens on the command's thread before any game is read.
 *
 * Limits (docs/defined-variants.md, Limits): a file of at most
 * RP_DEFS_MAX_BYTES, RP_DEFS_MAX_SECTIONS sections and RP_DEFS_MAX_KEYS
 * keys a section; RP_FAIRY_MAX definitions in all.  Loading is linear in
 * the file: a repeated section name is found through a sorted index, a
 * parent through variant_fairy's hash, and the registry indexes its Game:
 * names once a file is read.  A UTF-8 byte-order mark at the start of a
 * file (which an editor saving "UTF-8" may write) is skipped.
 */
#include <dirent.h>
#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "replay/fairy_def.h"
#include "replay/variant_fairy.h"

#define MAX_LINE 4096

struct section {
    char name[64];
    char parent[64];
    int line;
    int repeated;                /* an earlier section of the file has its name */
    struct rp_fkv *kv;
    size_t nkv, cap;
};

struct reader {
    FILE *f;
    int line;
    size_t bytes;                /* read so far */
    int bad_line;                /* a line that stopped the reading, or 0 */
    char bad_why[128];           /* what is wrong with it */
    char *buf;                   /* getline's */
    size_t bufsize;
    struct section *sec;
    size_t nsec, cap;
    int oom;
    int orphan_line;             /* a key before the first section */
};

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

static void note_section(struct reader *r, const char *line)
{
    /* Most lines are keys: only a section's line is copied. */
    const char *first = line + strspn(line, " \t");
    if (first[0] != '[')
        return;
    char buf[MAX_LINE];
    fmt_copy_text(buf, sizeof buf, first);
    char *s = trim(buf);
    if (s[0] != '[')
        return;
    char *end = strchr(s, ']');
    if (!end)
        return; /* inih reports it as an error on this line */
    *end = '\0';
    if (r->nsec == RP_DEFS_MAX_SECTIONS) {
        r->bad_line = r->line;
        snprintf(r->bad_why, sizeof r->bad_why, "more than %d sections in one file", RP_DEFS_MAX_SECTIONS);
        return;
    }
    if (r->nsec == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 8;
        struct section *grown = realloc(r->sec, cap * sizeof *grown);
        if (!grown) {
            r->oom = 1;
            return;
        }
        r->sec = grown;
        r->cap = cap;
    }
    struct section *sec = &r->sec[r->nsec++];
    memset(sec, 0, sizeof *sec);
    sec->line = r->line;
    char *colon = strchr(s + 1, ':');
    if (colon) {
        *colon = '\0';
        fmt_copy_text(sec->parent, sizeof sec->parent, trim(colon + 1));
    }
    fmt_copy_text(sec->name, sizeof sec->name, trim(s + 1));
}

/* fgets for inih, counting lines and noting sections.  A line longer
 * than inih's buffer or holding a NUL byte stops the reading: the error
 * names its line. */
static char *read_line(char *str, int num, void *stream)
{
    struct reader *r = stream;
    if (r->bad_line)
        return NULL;
    ssize_t n = getline(&r->buf, &r->bufsize, r->f);
    if (n < 0)
        return NULL;
    r->line++;
    r->bytes += (size_t)n;
    if (r->bytes > RP_DEFS_MAX_BYTES) {
        r->bad_line = r->line;
        snprintf(r->bad_why, sizeof r->bad_why, "the file is longer than %d MiB", RP_DEFS_MAX_BYTES >> 20);
        return NULL;
    }
    char *text = r->buf;
    if (r->line == 1 && n >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3; /* a UTF-8 byte-order mark: not part of the first line */
        n -= 3;
    }
    if (memchr(text, '\0', (size_t)n)) {
        r->bad_line = r->line;
        snprintf(r->bad_why, sizeof r->bad_why, "a NUL byte: a definition file is text");
        return NULL;
    }
    if (n >= num) {
        r->bad_line = r->line;
        snprintf(r->bad_why, sizeof r->bad_why, "longer than %d characters", num - 2);
        return NULL;
    }
    memcpy(str, text, (size_t)n + 1);
    note_section(r, str);
    return r->bad_line ? NULL : str;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    struct reader *r = user;
    (void)section;
    if (r->nsec == 0) {
        if (!r->orphan_line)
            r->orphan_line = r->line;
        return 1;
    }
    struct section *sec = &r->sec[r->nsec - 1];
    if (sec->nkv == RP_DEFS_MAX_KEYS) {
        r->bad_line = r->line;
        snprintf(r->bad_why, sizeof r->bad_why, "more than %d keys in section [%.63s]", RP_DEFS_MAX_KEYS,
                 sec->name);
        return 0;
    }
    if (sec->nkv == sec->cap) {
        size_t cap = sec->cap ? 2 * sec->cap : 16;
        struct rp_fkv *grown = realloc(sec->kv, cap * sizeof *grown);
        if (!grown) {
            r->oom = 1;
            return 0;
        }
        sec->kv = grown;
        sec->cap = cap;
    }
    struct rp_fkv *kv = &sec->kv[sec->nkv];
    memset(kv, 0, sizeof *kv);
    fmt_copy_text(kv->key, sizeof kv->key, name);
    kv->value = strdup(value);
    if (!kv->value) {
        r->oom = 1;
        return 0;
    }
    kv->line = r->line;
    sec->nkv++;
    return 1;
}

static void free_sections(struct reader *r)
{
    for (size_t i = 0; i < r->nsec; i++) {
        for (size_t k = 0; k < r->sec[i].nkv; k++)
            free(r->sec[i].kv[k].value);
        free(r->sec[i].kv);
    }
    free(r->sec);
}

static int error_at(struct rp_def_error *err, const char *path, int line, const char *key,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int error_at(struct rp_def_error *err, const char *path, int line, const char *key,
                    const char *fmt, ...)
{
    snprintf(err->file, sizeof err->file, "%s", path);
    err->line = line;
    snprintf(err->key, sizeof err->key, "%s", key ? key : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return RP_MISUSE;
}

/* Where the built-in parents' data files are ("" none). */
static char builtin_dir[PATH_MAX];

void rp_defs_builtin_dir(const char *dir)
{
    snprintf(builtin_dir, sizeof builtin_dir, "%s", dir ? dir : "");
}

static int read_sections(FILE *f, const char *path, struct reader *r, struct rp_def_error *err);

static int min3(int a, int b, int c)
{
    int m = a < b ? a : b;
    return m < c ? m : c;
}

/* Levenshtein distance of two short names (at most 63 bytes). */
static int distance(const char *a, const char *b)
{
    int row[64], n = (int)strlen(b);
    if (n > 63)
        n = 63;
    for (int j = 0; j <= n; j++)
        row[j] = j;
    for (int i = 1; a[i - 1] && i < 64; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= n; j++) {
            int up = row[j];
            row[j] = min3(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1]));
            diag = up;
        }
    }
    return row[n];
}

/* The built-in variant whose name is nearest to `name` ("" if none). */
static void nearest_builtin(const char *name, char *out, size_t size)
{
    out[0] = '\0';
    DIR *dp = builtin_dir[0] ? opendir(builtin_dir) : NULL;
    if (!dp)
        return;
    int best = INT_MAX;
    for (struct dirent *de; (de = readdir(dp)) != NULL;) {
        size_t len = strlen(de->d_name);
        if (len < 5 || len > 63 + 4 || strcmp(de->d_name + len - 4, ".ini") != 0 || de->d_name[0] == '.')
            continue;
        char cand[64];
        snprintf(cand, sizeof cand, "%.*s", (int)(len - 4), de->d_name);
        int dist = distance(name, cand);
        if (dist < best || (dist == best && strcmp(cand, out) < 0)) {
            best = dist;
            snprintf(out, size, "%s", cand);
        }
    }
    closedir(dp);
}

static int valid_name(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '-' || *s == '_' || *s == '.'))
            return 0;
    return 1;
}

/* The built-in variant `name` applied to *d from its data file.  Returns
 * RP_DONE; 1 when there is no such file; RP_MISUSE with *err naming the
 * data file's line when it does not load (`child` says who needed it). */
static int builtin_parent(const char *name, const char *child, struct rp_fdef *d,
                          struct rp_def_error *err)
{
    if (!builtin_dir[0] || !valid_name(name) || name[0] == '.')
        return 1;
    char path[PATH_MAX + 72];
    snprintf(path, sizeof path, "%s/%s.ini", builtin_dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return 1;
    struct reader r;
    int status = read_sections(f, path, &r, err);
    fclose(f);
    if (status == RP_DONE && (r.nsec != 1 || strcmp(r.sec[0].name, name) != 0 || r.sec[0].parent[0]))
        status = error_at(err, path, 0, NULL, "a built-in variant's file holds the one section [%s]", name);
    struct rp_fdef_error e;
    memset(&e, 0, sizeof e);
    if (status == RP_DONE && (rp_fdef_defaults(d, &e) != 0 || rp_fdef_apply(d, r.sec[0].kv, r.sec[0].nkv, &e) != 0))
        status = error_at(err, path, e.line ? e.line : r.sec[0].line, e.key[0] ? e.key : NULL,
                          "[%s] %s (the built-in parent of [%s])", name, e.message, child);
    free_sections(&r);
    free(r.buf);
    return status;
}

/* One section: its definition compiled and registered. */
static int load_section(const struct section *s, const char *path, struct rp_def_error *err)
{
    if (!valid_name(s->name))
        return error_at(err, path, s->line, NULL,
                        "section name \"%s\" must be letters, digits, '-', '_' or '.'", s->name);
    if (s->repeated)
        return error_at(err, path, s->line, NULL, "variant \"%s\" is defined twice in this file", s->name);
    struct rp_fdef *d = malloc(sizeof *d);
    if (!d)
        return error_at(err, path, s->line, NULL, "out of memory");
    struct rp_fdef_error e;
    memset(&e, 0, sizeof e);
    int defaults = 0;
    if (s->parent[0]) {
        const struct rp_fdef *parent = rp_fairy_find(s->parent);
        int builtin = parent ? 1 : builtin_parent(s->parent, s->name, d, err);
        if (builtin == 1 && !parent) {
            free(d);
            char near[64];
            nearest_builtin(s->parent, near, sizeof near);
            if (near[0])
                return error_at(err, path, s->line, NULL,
                                "[%s] parent variant \"%s\" is neither defined before \"%s\" nor a built-in "
                                "variant (the nearest built-in is \"%s\")",
                                s->name, s->parent, s->name, near);
            return error_at(err, path, s->line, NULL,
                            "[%s] parent variant \"%s\" is not defined before \"%s\"", s->name, s->parent,
                            s->name);
        }
        if (builtin != RP_DONE && !parent) {
            free(d);
            return builtin;
        }
        if (parent)
            *d = *parent;
        /* The child's names and title are its own, not the parent's; so
         * are its PGN name, which promises the parent's rules, and the
         * oracles that checked them. */
        d->title[0] = '\0';
        d->ngames = 0;
        d->pgn_variant[0] = '\0';
        d->oracles = 0;
        snprintf(d->parent, sizeof d->parent, "%s", s->parent);
        d->parent_builtin = !parent;
    } else {
        defaults = rp_fdef_defaults(d, &e);
    }
    snprintf(d->name, sizeof d->name, "%s", s->name);
    snprintf(d->origin, sizeof d->origin, "%s", path);
    if (defaults != 0 || rp_fdef_apply(d, s->kv, s->nkv, &e) != 0 || rp_fdef_compile(d, &e) != 0) {
        free(d);
        int line = e.line;
        for (size_t i = 0; !line && e.key[0] && i < s->nkv; i++)
            if (strcmp(s->kv[i].key, e.key) == 0)
                line = s->kv[i].line; /* a compile error about one key: that key's line */
        for (size_t i = 0; !line && e.key[0] && i < s->nkv; i++)
            if (strncmp(s->kv[i].key, e.key, strlen(e.key)) == 0) {
                line = s->kv[i].line; /* its White or Black form (promotionPawnTypesWhite) */
                snprintf(e.key, sizeof e.key, "%s", s->kv[i].key);
            }
        if (!line && e.key[0]) {
            /* The key is not in the section: its value is the parent's
             * or the default, which the section's other keys broke. */
            return error_at(err, path, s->line, NULL, "[%s] %s is not given, and %s does not fit: %s", s->name,
                            e.key, s->parent[0] ? "the parent's" : "the default", e.message);
        }
        return error_at(err, path, line ? line : s->line, e.key, "[%s] %s", s->name, e.message);
    }
    char why[256];
    int rc = rp_fairy_register(d, why, sizeof why);
    if (rc != RP_DONE) {
        free(d);
        return error_at(err, path, s->line, NULL, "[%s] %s", s->name, why);
    }
    return RP_DONE;
}

static int by_section_name(const void *a, const void *b)
{
    const struct section *x = *(const struct section *const *)a, *y = *(const struct section *const *)b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x > y) - (x < y);
}

/* Mark every section whose name an earlier one of the file has: sorted by
 * name, then by place, each but the first of a name.  Returns 0, or -1
 * when memory runs out. */
static int mark_repeated(struct reader *r)
{
    const struct section **order = malloc((r->nsec ? r->nsec : 1) * sizeof *order);
    if (!order)
        return -1;
    for (size_t i = 0; i < r->nsec; i++)
        order[i] = &r->sec[i];
    qsort(order, r->nsec, sizeof *order, by_section_name);
    for (size_t i = 1; i < r->nsec; i++)
        if (strcmp(order[i - 1]->name, order[i]->name) == 0)
            ((struct section *)order[i])->repeated = 1;
    free(order);
    return 0;
}

enum rp_rc rp_defs_load_file(const char *path, struct rp_def_error *err)
{
    memset(err, 0, sizeof *err);
    FILE *f = fopen(path, "r");
    if (!f)
        return error_at(err, path, 0, NULL, "cannot open: %s", strerror(errno));
    int rc = rp_defs_load_stream(f, path, err);
    fclose(f);
    return rc;
}

/* A file's sections and keys into *r (freed by the caller with
 * free_sections and free(r->buf), whatever the result). */
static int read_sections(FILE *f, const char *path, struct reader *r_out, struct rp_def_error *err)
{
    /* variants.ini's syntax, not inih's extensions (see the top). */
    ini_allow_multiline = 0;
    ini_allow_inline_comments = 0;
    ini_use_stack = 0;
    ini_max_line = MAX_LINE;
    ini_initial_alloc = MAX_LINE; /* the heap buffer does not grow: its first size is the limit */
    struct reader r;
    memset(&r, 0, sizeof r);
    r.f = f;
    int rc = ini_parse_stream(read_line, &r, on_key, &r);
    int read_error = ferror(f);
    int status = RP_DONE;
    if (r.oom)
        status = error_at(err, path, 0, NULL, "out of memory");
    else if (read_error)
        status = error_at(err, path, 0, NULL, "cannot read the file");
    else if (r.bad_line)
        status = error_at(err, path, r.bad_line, NULL, "%s", r.bad_why);
    else if (rc > 0)
        status = error_at(err, path, rc, NULL, "not a section, a key = value line or a comment");
    else if (r.orphan_line)
        status = error_at(err, path, r.orphan_line, NULL, "a key before the first [section]");
    else if (r.nsec == 0)
        status = error_at(err, path, 0, NULL, "no [section]: nothing is defined");
    if (status == RP_DONE && mark_repeated(&r) != 0)
        status = error_at(err, path, 0, NULL, "out of memory");
    *r_out = r;
    return status;
}

enum rp_rc rp_defs_load_stream(FILE *f, const char *path, struct rp_def_error *err)
{
    memset(err, 0, sizeof *err);
    struct reader r;
    int status = read_sections(f, path, &r, err);
    rp_registry_hold(1);
    for (size_t i = 0; i < r.nsec && status == RP_DONE; i++)
        status = load_section(&r.sec[i], path, err);
    rp_registry_hold(0);
    free_sections(&r);
    free(r.buf);
    return status;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder's definition files (*.ini, not hidden), sorted by name, so
 * that a definition may inherit from one of a file whose name sorts
 * first, whatever order the folder lists them in.  RP_DONE with *names
 * (each and the array freed by free_names), or an error in *err. */
static int list_folder(const char *dir, char ***names_out, size_t *n_out, struct rp_def_error *err)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return error_at(err, dir, 0, NULL, "cannot open the folder: %s", strerror(errno));
    char **names = NULL;
    size_t n = 0, cap = 0;
    int status = RP_DONE;
    for (struct dirent *de; (de = readdir(dp)) != NULL;) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".ini") != 0 || de->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            char **grown = realloc(names, cap * sizeof *grown);
            if (!grown) {
                status = error_at(err, dir, 0, NULL, "out of memory");
                break;
            }
            names = grown;
        }
        if (!(names[n] = strdup(de->d_name))) {
            status = error_at(err, dir, 0, NULL, "out of memory");
            break;
        }
        n++;
    }
    closedir(dp);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    *names_out = names;
    *n_out = n;
    return status;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

enum rp_rc rp_defs_load_dir(const char *dir, struct rp_def_error *err)
{
    memset(err, 0, sizeof *err);
    char **names;
    size_t n;
    int status = list_folder(dir, &names, &n, err);
    rp_registry_hold(1);
    for (size_t i = 0; i < n && status == RP_DONE; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        status = rp_defs_load_file(path, err);
    }
    rp_registry_hold(0);
    free_names(names, n);
    return status;
}

/* ------------------------------------------------ a folder deferred */

struct claims {
    char **name;
    size_t n, cap;
};

static int claim(struct claims *c, const char *name, size_t len)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 64;
        char **grown = realloc(c->name, cap * sizeof *grown);
        if (!grown)
            return -1;
        c->name = grown;
        c->cap = cap;
    }
    if (!(c->name[c->n] = strndup(name, len)))
        return -1;
    c->n++;
    return 0;
}

/* The Game: names the sections of a definition file may claim, read from
 * its lines without loading it: every section's name and every item of
 * every gcGames line, in any case, '=' or ':'.  More than the sections
 * claim (a section claims its gcGames, or its name when it has none),
 * never fewer, which is all rp_registry_defer asks.  0, or -1. */
static int file_claims(const char *path, struct claims *c)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, f) >= 0) {
        const char *s = line + strspn(line, " \t");
        if (s[0] == '[') {
            rc = claim(c, s + 1, strcspn(s + 1, "]:\r\n"));
            continue;
        }
        if (strncasecmp(s, "gcGames", 7) != 0)
            continue;
        s += 7 + strspn(s + 7, " \t");
        if (*s != '=' && *s != ':')
            continue;
        for (s++; rc == 0 && *s && *s != '\r' && *s != '\n'; s += *s == ',') {
            size_t len = strcspn(s, ",\r\n");
            rc = claim(c, s, len);
            s += len;
        }
    }
    if (ferror(f))
        rc = -1;
    free(line);
    fclose(f);
    return rc;
}

enum rp_rc rp_defs_defer_dir(const char *dir, void (*load)(void), struct rp_def_error *err)
{
    memset(err, 0, sizeof *err);
    char **names;
    size_t n;
    int status = list_folder(dir, &names, &n, err);
    struct claims c = {0};
    for (size_t i = 0; i < n && status == RP_DONE; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (file_claims(path, &c) != 0)
            status = error_at(err, path, 0, NULL, "cannot read: %s", strerror(errno ? errno : ENOMEM));
    }
    free_names(names, n);
    if (status == RP_DONE && rp_registry_defer((const char *const *)c.name, c.n, load) != 0)
        status = error_at(err, dir, 0, NULL, "out of memory");
    for (size_t i = 0; i < c.n; i++)
        free(c.name[i]);
    free(c.name);
    return status;
}
