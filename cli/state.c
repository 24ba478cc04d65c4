/*
 * state: what a shard (`analyze --shard K/N`) leaves for `merge` besides
 * its row reports: the run's counts and the statistics' raw state, in a
 * versioned text file, CLI_STATE_FILE:
 *
 *   gcaudit-shard 8
 *   made-by VERSION           (the gcaudit that wrote it)
 *   shard K N
 *   results verified|declared
 *   min-games N
 *   excel 0|1
 *   selection TEXT            (=TEXT escaped as in persist.c, or - for none)
 *   viewer illegal|all|none
 *   aliases TEXT              (the --player-alias file, - for none)
 *   inputs N                  (then N lines: input TEXT, as given)
 *   illegal-games forfeit|result|exclude
 *   anchor TEXT               (--anchor after the aliases; - for none)
 *   anchor-rating R           (a number as %.17g writes it: read back exactly)
 *   average R|-
 *   white-advantage 0|1
 *   keep-duplicates 0|1
 *   pgn TEXT                  (--pgn FILE, - for none: the shard's part is then
 *                              CLI_PGN_PART_FILE, which merge writes into FILE)
 *   definitions HEX           (SHA-256 of the variant definitions loaded)
 *   aliases-sha256 HEX|-      (of the --player-alias file's bytes)
 *   max-inflated N
 *   entries ALL OK SKIPPED FAILED
 *   games FOUND SELECTED
 *   status OK ILLEGAL MALFORMED UNSUPPORTED
 *   results-count UNFINISHED WHITE BLACK DRAW   (status ok, the result counted)
 *   turns N
 *   violations ALL MISMATCHES
 *   latest YYYY-MM-DD|-
 *   duplicates GAMES OK ILLEGAL MALFORMED UNSUPPORTED UNFINISHED WHITE BLACK DRAW TURNS
 *              VIOLATIONS MISMATCHES   (the copies of earlier games among the above)
 *   stats 3 ... end           (st_stats_save)
 *   file NAME SIZE HEX        (each file merge reads besides this one, in the
 *                              order of shard_files: its size and SHA-256)
 *   sha256 HEX                (SHA-256 of every byte before this line)
 *
 * Rounded figures could not be merged exactly; these are the sums every
 * figure is computed from.  The viewer mode, aliases file and inputs are
 * what the run block of summary.html and the workbook show.  A reader
 * meeting another version refuses it, and one whose bytes do not match
 * the last line's digest before it reads anything else: a line deleted,
 * repeated or edited is refused as such, not as whatever sum it upsets.
 * The digests keep damage and edits out, not a forger: anyone can
 * compute SHA-256 again (docs/design.md, "Many machines").
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

/* 7: made-by, definitions, aliases-sha256, max-inflated, the files'
 * digests and the state's own.
 * 2: results-count counts the games of status ok by the result the
 * statistics count (unfinished, then the valid games' results).
 * 3: viewer, aliases and inputs, and the viewer records file.
 * 4: the standings' and the ratings' options; statistics of version 2.
 * 5: keep-duplicates and the duplicates' counts.
 * 6: pgn, and the PGN part file. */
#define STATE_VERSION "gcaudit-shard 8"

static char *state_path(const char *dir, const char *suffix)
{
    size_t n = strlen(dir) + strlen(CLI_STATE_FILE) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s%s", dir, CLI_STATE_FILE, suffix);
    return p;
}

/* The state's last line: "sha256 " and 64 hex digits. */
#define DIGEST_LINE (sizeof "sha256 " - 1 + 64 + 1)

/* The files of a shard merge reads besides its state, into names (room
 * for the six there can be); how many. */
static size_t shard_files(const struct cli_state *s, const char **names)
{
    size_t n = 0;
    names[n++] = "inputs.csv";
    names[n++] = "games.csv";
    names[n++] = "violations.csv";
    names[n++] = CLI_ROWS_FILE;
    if (s->viewer != CLI_VIEWER_NONE)
        names[n++] = CLI_VIEWER_FILE;
    if (s->pgn[0])
        names[n++] = CLI_PGN_PART_FILE;
    return n;
}

char *cli_path_in(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* A "file" line for each of the shard's files, as it waits to be put in
 * place.  0, or -1 with errno. */
static int put_files(FILE *f, const char *dir, const struct cli_state *s)
{
    const char *names[6];
    size_t n = shard_files(s, names);
    for (size_t i = 0; i < n; i++) {
        char *final = cli_path_in(dir, names[i]), hex[CLI_SHA256_HEX];
        uint64_t size;
        int rc = final ? cli_sha256_file(cli_report_waiting(final), hex, &size) : -1;
        free(final);
        if (rc != 0)
            return -1;
        fprintf(f, "file %s %" PRIu64 " %s\n", names[i], size, hex);
    }
    return 0;
}

/* The last line: the digest of every byte of tmp so far.  0, or -1 with
 * errno. */
static int put_digest(const char *tmp)
{
    FILE *f = fopen(tmp, "rb");
    char hex[CLI_SHA256_HEX];
    uint64_t size;
    int rc = f ? cli_sha256_stream(f, UINT64_MAX, hex, &size) : -1;
    if (f)
        fclose(f);
    if (rc != 0 || !(f = fopen(tmp, "ab")))
        return -1;
    fprintf(f, "sha256 %s\n", hex);
    rc = ferror(f) ? -1 : 0;
    return fclose(f) != 0 ? -1 : rc;
}

static void put_text(FILE *f, const char *key, const char *s)
{
    fprintf(f, "%s ", key);
    if (!s[0]) {
        fputs("-\n", f);
        return;
    }
    fputc('=', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p <= ' ' || *p == '%' || *p == 0x7F)
            fprintf(f, "%%%02X", *p);
        else
            fputc(*p, f);
    }
    fputc('\n', f);
}

static void put_counts(FILE *f, const struct cli_state *s)
{
    const struct st_summary *m = &s->totals.sum;
    fprintf(f, "entries %llu %llu %llu %llu\n", (unsigned long long)m->entries,
            (unsigned long long)m->entries_ok, (unsigned long long)m->entries_skipped,
            (unsigned long long)m->entries_failed);
    fprintf(f, "games %llu %llu\n", (unsigned long long)s->totals.games_found,
            (unsigned long long)m->games);
    fprintf(f, "status %llu %llu %llu %llu\n", (unsigned long long)m->by_status[0],
            (unsigned long long)m->by_status[1], (unsigned long long)m->by_status[2],
            (unsigned long long)m->by_status[3]);
    fprintf(f, "results-count %llu %llu %llu %llu\n", (unsigned long long)m->by_result[0],
            (unsigned long long)m->by_result[1], (unsigned long long)m->by_result[2],
            (unsigned long long)m->by_result[3]);
    fprintf(f, "turns %llu\n", (unsigned long long)m->turns);
    fprintf(f, "violations %llu %llu\n", (unsigned long long)m->violations,
            (unsigned long long)m->mismatches);
    fprintf(f, "latest %s\n", s->totals.latest[0] ? s->totals.latest : "-");
    const struct st_summary *d = &s->totals.dups;
    fprintf(f, "duplicates %llu", (unsigned long long)d->games);
    for (int i = 0; i < 4; i++)
        fprintf(f, " %llu", (unsigned long long)d->by_status[i]);
    for (int i = 0; i < 4; i++)
        fprintf(f, " %llu", (unsigned long long)d->by_result[i]);
    fprintf(f, " %llu %llu %llu\n", (unsigned long long)d->turns,
            (unsigned long long)d->violations, (unsigned long long)d->mismatches);
}

int cli_state_write(const char *dir, const struct cli_state *s, const st_stats *stats)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".tmp-%ld", (long)getpid());
    char *tmp = state_path(dir, suffix), *final = state_path(dir, "");
    FILE *f = tmp && final ? fopen(tmp, "w") : NULL;
    int rc = -1;
    if (f) {
        fprintf(f, "%s\nmade-by %s\nshard %u %u\nresults %s\nmin-games %llu\nexcel %d\n",
                STATE_VERSION, GC_VERSION, s->shard, s->nshards, s->declared ? "declared" : "verified",
                (unsigned long long)s->min_games, s->excel);
        put_text(f, "selection", s->selection);
        fprintf(f, "viewer %s\n", cli_viewer_name((enum cli_viewer)s->viewer));
        put_text(f, "aliases", s->aliases);
        fprintf(f, "inputs %zu\n", s->ninputs);
        for (size_t i = 0; i < s->ninputs; i++)
            put_text(f, "input", s->inputs[i]);
        fprintf(f, "illegal-games %s\n", st_illegal_name(s->illegal));
        put_text(f, "anchor", s->rating.anchor);
        fprintf(f, "anchor-rating %.17g\n", s->rating.anchor_rating);
        if (s->rating.average_set)
            fprintf(f, "average %.17g\n", s->rating.average);
        else
            fputs("average -\n", f);
        fprintf(f, "white-advantage %d\n", s->rating.white_advantage);
        fprintf(f, "keep-duplicates %d\n", s->keep_duplicates);
        put_text(f, "pgn", s->pgn);
        fprintf(f, "definitions %s\n", s->definitions);
        fprintf(f, "aliases-sha256 %s\n", s->aliases_sha256[0] ? s->aliases_sha256 : "-");
        fprintf(f, "max-inflated %" PRIu64 "\n", s->max_inflated);
        put_counts(f, s);
        int saved = st_stats_save(stats, f);
        if (saved == ST_MISUSE)
            errno = EINVAL;   /* a finished st_stats: no write failed */
        int failed = saved != ST_OK || put_files(f, dir, s) != 0 || ferror(f);
        failed |= fclose(f) != 0;
        rc = !failed && put_digest(tmp) == 0 && cli_report_put(tmp, final) == 0 ? 0 : -1;
        if (rc != 0) {
            int saved = errno;
            unlink(tmp);
            errno = saved;
        }
    }
    free(tmp);
    free(final);
    return rc;
}

/* -------------------------------------------------------------- reading */

struct reader {
    FILE *f;
    char *line;
    size_t cap;
    int n;            /* line number */
    char why[200];    /* what is wrong with line n, once something is */
};

static int bad(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Say what is wrong with the current line.  Returns -1. */
static int bad(struct reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->why, sizeof r->why, fmt, ap);
    va_end(ap);
    return -1;
}

/* The next line, which must be "KEY VALUE": its value, or NULL with the
 * reason in r->why. */
static const char *field(struct reader *r, const char *key)
{
    r->n++;
    if (getline(&r->line, &r->cap, r->f) <= 0) {
        bad(r, "'%s' expected, but the file ends", key);
        return NULL;
    }
    r->line[strcspn(r->line, "\n")] = '\0';
    size_t k = strlen(key);
    if (strncmp(r->line, key, k) != 0 || r->line[k] != ' ') {
        bad(r, "'%s' expected, not '%.*s'", key, (int)strcspn(r->line, " "), r->line);
        return NULL;
    }
    return r->line + k + 1;
}

/* count numbers separated by single spaces, nothing else, each at most
 * max (ST_COUNT_MAX or UINT64_MAX).  0, or -1 with the reason naming the
 * field `key`. */
static int numbers(struct reader *r, const char *key, const char *s, uint64_t *out, int count,
                   uint64_t max)
{
    const char *all = s;
    for (int i = 0; i < count; i++) {
        char *end;
        errno = 0;
        if (*s < '0' || *s > '9')
            break;
        out[i] = strtoull(s, &end, 10);
        if (errno || out[i] > max || (i + 1 < count ? *end != ' ' : *end != '\0'))
            break;
        if (i + 1 == count)
            return 0;
        s = end + 1;
    }
    return bad(r, "%s: %d number%s from 0 to %s expected, not '%.40s'", key, count,
               count == 1 ? "" : "s", max == ST_COUNT_MAX ? "2^53-1" : "2^64-1", all);
}

/* A rating as analyze takes them: a number from -10^6 to 10^6, all of s. */
static int real(struct reader *r, const char *key, const char *s, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    if (s[0] && !*end && !errno && *out >= -1e6 && *out <= 1e6)
        return 0;
    return bad(r, "%s: a number from -1000000 to 1000000 expected, not '%.40s'", key, s);
}

static int hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A text as put_text writes it.  0, or -1 with the reason. */
static int text(struct reader *r, const char *key, const char *s, char *out, size_t size)
{
    size_t n = 0;
    if (strcmp(s, "-") == 0) {
        out[0] = '\0';
        return 0;
    }
    if (*s++ != '=')
        return bad(r, "%s: '-' or '=' and the text expected", key);
    for (; *s && n + 1 < size; s++) {
        if (*s == '%') {
            if (hex(s[1]) < 0 || hex(s[2]) < 0 || (s[1] == '0' && s[2] == '0'))
                return bad(r, "%s: '%%' not followed by two hex digits (00 excepted)", key);
            out[n++] = (char)(hex(s[1]) * 16 + hex(s[2]));
            s += 2;
        } else {
            out[n++] = *s;
        }
    }
    out[n] = '\0';
    return *s ? bad(r, "%s: longer than %zu bytes", key, size - 1) : 0;
}

/* One of two words.  0 for the first, 1 for the second, -1 with the reason. */
static int either(struct reader *r, const char *key, const char *v, const char *first,
                  const char *second)
{
    if (strcmp(v, first) == 0 || strcmp(v, second) == 0)
        return strcmp(v, second) == 0;
    return bad(r, "%s: '%s' or '%s' expected, not '%.40s'", key, first, second, v);
}

/* 64 lowercase hex digits, all of v (or "-" for none when none_ok, read
 * as "").  0, or -1 with the reason. */
static int sha256_hex(struct reader *r, const char *key, const char *v, char *out, int none_ok)
{
    if (none_ok && strcmp(v, "-") == 0) {
        out[0] = '\0';
        return 0;
    }
    size_t n = strspn(v, "0123456789abcdef");
    if (n != 64 || v[n])
        return bad(r, "%s: a SHA-256 (64 hex digits)%s expected, not '%.70s'", key,
                   none_ok ? " or '-'" : "", v);
    memcpy(out, v, 65);
    return 0;
}

/* The options' lines, in order (cli_state_write): each step reads its
 * lines and returns 0, or -1 with the reason. */

/* Who made the shard, which shard it is, and the options of its rows. */
static int read_run(struct reader *r, struct cli_state *s)
{
    const char *v;
    uint64_t n[2];
    int word;
    if (!(v = field(r, "made-by")))
        return -1;
    if (!v[0] || strlen(v) >= sizeof s->made_by || strcspn(v, " %") != strlen(v))
        return bad(r, "made-by: a version expected, not '%.40s'", v);
    memcpy(s->made_by, v, strlen(v) + 1);
    if (!(v = field(r, "shard")) || numbers(r, "shard", v, n, 2, UINT64_MAX) != 0)
        return -1;
    if (n[1] == 0 || n[0] == 0 || n[0] > n[1] || n[1] > 1000000)
        return bad(r, "shard: K N with 1 <= K <= N <= 1000000 expected, not '%s'", v);
    s->shard = (unsigned)n[0];
    s->nshards = (unsigned)n[1];
    if (!(v = field(r, "results")) || (word = either(r, "results", v, "verified", "declared")) < 0)
        return -1;
    s->declared = word;
    if (!(v = field(r, "min-games")) ||
        numbers(r, "min-games", v, &s->min_games, 1, UINT64_MAX) != 0)
        return -1;
    if (!(v = field(r, "excel")) || (word = either(r, "excel", v, "0", "1")) < 0)
        return -1;
    s->excel = word;
    if (!(v = field(r, "selection")) || text(r, "selection", v, s->selection, sizeof s->selection))
        return -1;
    int viewer;
    if (!(v = field(r, "viewer")))
        return -1;
    if ((viewer = cli_viewer_parse(v)) < 0)
        return bad(r, "viewer: 'illegal', 'all' or 'none' expected, not '%.40s'", v);
    s->viewer = viewer;
    if (!(v = field(r, "aliases")) || text(r, "aliases", v, s->aliases, sizeof s->aliases))
        return -1;
    return 0;
}

/* The inputs, their count first. */
static int read_inputs(struct reader *r, struct cli_state *s)
{
    const char *v;
    uint64_t n_inputs;
    if (!(v = field(r, "inputs")) || numbers(r, "inputs", v, &n_inputs, 1, ST_COUNT_MAX) != 0)
        return -1;
    if (n_inputs > 1000000)
        return bad(r, "inputs: at most 1000000, not %llu", (unsigned long long)n_inputs);
    if (!(s->inputs = calloc(n_inputs ? n_inputs : 1, sizeof *s->inputs)))
        return bad(r, "inputs: out of memory");
    for (s->ninputs = 0; s->ninputs < n_inputs; s->ninputs++) {
        char in[4096];
        if (!(v = field(r, "input")) || text(r, "input", v, in, sizeof in) != 0)
            return -1;
        if (!(s->inputs[s->ninputs] = strdup(in)))
            return bad(r, "input: out of memory");
    }
    return 0;
}

/* How the standings score illegal games and the ratings are placed. */
static int read_ratings(struct reader *r, struct cli_state *s)
{
    const char *v;
    int word;
    if (!(v = field(r, "illegal-games")))
        return -1;
    for (word = 0; word < ST_ILLEGAL_POLICIES && strcmp(v, st_illegal_name(word)) != 0; word++)
        ;
    if (word == ST_ILLEGAL_POLICIES)
        return bad(r, "illegal-games: 'forfeit', 'result' or 'exclude' expected, not '%.40s'", v);
    s->illegal = (enum st_illegal)word;
    if (!(v = field(r, "anchor")) ||
        text(r, "anchor", v, s->rating.anchor, sizeof s->rating.anchor) != 0)
        return -1;
    if (!(v = field(r, "anchor-rating")) || real(r, "anchor-rating", v, &s->rating.anchor_rating))
        return -1;
    if (!(v = field(r, "average")))
        return -1;
    s->rating.average_set = strcmp(v, "-") != 0;
    if (s->rating.average_set && real(r, "average", v, &s->rating.average) != 0)
        return -1;
    if (!(v = field(r, "white-advantage")) ||
        (word = either(r, "white-advantage", v, "0", "1")) < 0)
        return -1;
    s->rating.white_advantage = word;
    return 0;
}

static int read_options(struct reader *r, struct cli_state *s)
{
    const char *v;
    int word;
    if (read_run(r, s) != 0 || read_inputs(r, s) != 0 || read_ratings(r, s) != 0)
        return -1;
    if (!(v = field(r, "keep-duplicates")) ||
        (word = either(r, "keep-duplicates", v, "0", "1")) < 0)
        return -1;
    s->keep_duplicates = word;
    if (!(v = field(r, "pgn")) || text(r, "pgn", v, s->pgn, sizeof s->pgn) != 0)
        return -1;
    if (!(v = field(r, "definitions")) || sha256_hex(r, "definitions", v, s->definitions, 0) ||
        !(v = field(r, "aliases-sha256")) ||
        sha256_hex(r, "aliases-sha256", v, s->aliases_sha256, 1) ||
        !(v = field(r, "max-inflated")) ||
        numbers(r, "max-inflated", v, &s->max_inflated, 1, UINT64_MAX) != 0)
        return -1;
    return 0;
}

/* After the statistics: a "file" line for each of the shard's files, in
 * order, then the digest line, then the end of the file. */
static int read_files(struct reader *r, struct cli_state *s)
{
    const char *names[6], *v;
    s->nfiles = shard_files(s, names);
    for (size_t i = 0; i < s->nfiles; i++) {
        struct cli_state_file *f = &s->files[i];
        f->name = names[i];
        size_t len = strlen(names[i]);
        if (!(v = field(r, "file")))
            return -1;
        if (strncmp(v, names[i], len) != 0 || v[len] != ' ')
            return bad(r, "file: '%s' expected, not '%.*s'", names[i], (int)strcspn(v, " "), v);
        const char *hex = strchr(v + len + 1, ' ');
        if (!hex)
            return bad(r, "file: the size and the SHA-256 of '%s' expected", names[i]);
        char size[24];
        snprintf(size, sizeof size, "%.*s", (int)(hex - (v + len + 1)), v + len + 1);
        if (numbers(r, "file", size, &f->size, 1, UINT64_MAX) != 0 ||
            sha256_hex(r, "file", hex + 1, f->sha256, 0) != 0)
            return -1;
    }
    char own[CLI_SHA256_HEX];
    if (!(v = field(r, "sha256")) || sha256_hex(r, "sha256", v, own, 0) != 0)
        return -1;
    r->n++;
    if (getline(&r->line, &r->cap, r->f) > 0)
        return bad(r, "the file goes on after its digest");
    return 0;
}

/* The state's bytes against the digest of its last line (DIGEST_LINE
 * bytes after a line end), before anything in it is believed; f is left
 * at its start.  0, or -1 with the reason. */
static int check_own_digest(FILE *f, char *why, size_t whysize)
{
    struct stat st;
    char tail[DIGEST_LINE + 1], hex[CLI_SHA256_HEX];
    uint64_t size;
    if (fstat(fileno(f), &st) != 0) {
        snprintf(why, whysize, "cannot be read: %s", strerror(errno));
        return -1;
    }
    off_t body = st.st_size - (off_t)DIGEST_LINE;
    if (st.st_size < (off_t)sizeof tail || fseeko(f, body - 1, SEEK_SET) != 0 ||
        fread(tail, 1, sizeof tail, f) != sizeof tail || tail[0] != '\n' ||
        memcmp(tail + 1, "sha256 ", 7) != 0 || tail[sizeof tail - 1] != '\n' ||
        strspn(tail + 8, "0123456789abcdef") != 64) {
        snprintf(why, whysize, "its last line is not its digest");
        return -1;
    }
    rewind(f);
    if (cli_sha256_stream(f, (uint64_t)body, hex, &size) != 0) {
        snprintf(why, whysize, "cannot be read: %s", strerror(errno));
        return -1;
    }
    rewind(f);
    if (memcmp(hex, tail + 8, 64) != 0) {
        snprintf(why, whysize, "its bytes do not match its digest");
        return -1;
    }
    return 0;
}

int cli_state_check_files(const char *dir, const struct cli_state *s, char *err,
                          size_t errsize)
{
    for (size_t i = 0; i < s->nfiles; i++) {
        const struct cli_state_file *f = &s->files[i];
        char *path = cli_path_in(dir, f->name), hex[CLI_SHA256_HEX];
        uint64_t size = 0;
        int rc = path ? cli_sha256_file(path, hex, &size) : -1;
        if (rc != 0)
            snprintf(err, errsize, "cannot read '%s/%s': %s", dir, f->name, strerror(errno));
        else if (size != f->size || strcmp(hex, f->sha256) != 0)
            snprintf(err, errsize,
                     "'%s/%s' was changed after its shard wrote it: its bytes do not match the "
                     "digest in '%s/%s'",
                     dir, f->name, dir, CLI_STATE_FILE);
        free(path);
        if (rc != 0 || size != f->size || strcmp(hex, f->sha256) != 0)
            return -1;
    }
    return 0;
}

void cli_state_release(struct cli_state *s)
{
    for (size_t i = 0; s->inputs && i < s->ninputs; i++)
        free(s->inputs[i]);
    free(s->inputs);
    s->inputs = NULL;
    s->ninputs = 0;
}

static int read_counts(struct reader *r, struct cli_state *s)
{
    struct st_summary *m = &s->totals.sum;
    uint64_t n[4];
    const char *v;
    if (!(v = field(r, "entries")) || numbers(r, "entries", v, n, 4, ST_COUNT_MAX) != 0)
        return -1;
    m->entries = n[0], m->entries_ok = n[1], m->entries_skipped = n[2], m->entries_failed = n[3];
    if (!(v = field(r, "games")) || numbers(r, "games", v, n, 2, ST_COUNT_MAX) != 0)
        return -1;
    s->totals.games_found = n[0], m->games = n[1];
    if (!(v = field(r, "status")) ||
        numbers(r, "status", v, m->by_status, 4, ST_COUNT_MAX) != 0 ||
        !(v = field(r, "results-count")) ||
        numbers(r, "results-count", v, m->by_result, 4, ST_COUNT_MAX) != 0 ||
        !(v = field(r, "turns")) || numbers(r, "turns", v, &m->turns, 1, ST_COUNT_MAX) != 0)
        return -1;
    if (!(v = field(r, "violations")) || numbers(r, "violations", v, n, 2, ST_COUNT_MAX) != 0)
        return -1;
    m->violations = n[0], m->mismatches = n[1];
    if (!(v = field(r, "latest")))
        return -1;
    if (strcmp(v, "-") == 0)
        s->totals.latest[0] = '\0';
    else if (strlen(v) != 10 || cli_filter_set_date(s->totals.latest, v) != 0)
        return bad(r, "latest: a date YYYY-MM-DD or '-' expected, not '%.40s'", v);
    uint64_t d[12];
    struct st_summary *dups = &s->totals.dups;
    if (!(v = field(r, "duplicates")) || numbers(r, "duplicates", v, d, 12, ST_COUNT_MAX) != 0)
        return -1;
    dups->games = d[0];
    for (int i = 0; i < 4; i++) {
        dups->by_status[i] = d[1 + i];
        dups->by_result[i] = d[5 + i];
    }
    dups->turns = d[9], dups->violations = d[10], dups->mismatches = d[11];
    return 0;
}

/* What the summary's counts cannot tell alone: a shard counted only the
 * games it selected among those it read. */
static int check_totals(const struct cli_totals *t, char *why, size_t whysize)
{
    if (t->games_found > ST_COUNT_MAX) {
        snprintf(why, whysize, "a count is larger than 2^53-1");
        return -1;
    }
    const struct st_summary *d = &t->dups;
    int over = d->games > t->sum.games || d->turns > t->sum.turns ||
               d->violations > t->sum.violations || d->mismatches > t->sum.mismatches;
    for (int i = 0; i < 4; i++)
        over |= d->by_status[i] > t->sum.by_status[i] || d->by_result[i] > t->sum.by_result[i];
    if (over) {
        snprintf(why, whysize, "more duplicates than games");
        return -1;
    }
    if (t->sum.games > t->games_found) {
        snprintf(why, whysize, "%llu games selected of %llu read",
                 (unsigned long long)t->sum.games, (unsigned long long)t->games_found);
        return -1;
    }
    return 0;
}

int cli_state_read(const char *dir, struct cli_state *s, st_stats *stats, char *err,
                   size_t errsize)
{
    char *path = state_path(dir, "");
    struct reader r = {path ? fopen(path, "r") : NULL, NULL, 0, 0, ""};
    char why[256];
    memset(s, 0, sizeof *s);
    int rc = -1;
    if (!r.f) {
        snprintf(err, errsize, "%s/%s: %s", dir, CLI_STATE_FILE, strerror(errno));
    } else if (getline(&r.line, &r.cap, r.f) <= 0 || strcmp(r.line, STATE_VERSION "\n") != 0) {
        snprintf(err, errsize, "%s/%s: not a gcaudit shard state of version 7", dir,
                 CLI_STATE_FILE);
    } else if (check_own_digest(r.f, why, sizeof why) != 0) {
        snprintf(err, errsize, "'%s/%s' was changed after its shard wrote it: %s", dir,
                 CLI_STATE_FILE, why);
    } else if (getline(&r.line, &r.cap, r.f) <= 0 || (r.n = 1, read_options(&r, s) != 0) ||
               read_counts(&r, s) != 0) {
        snprintf(err, errsize, "%s/%s, line %d: %s", dir, CLI_STATE_FILE, r.n, r.why);
    } else if (st_summary_check(&s->totals.sum, why, sizeof why) != 0 ||
               check_totals(&s->totals, why, sizeof why) != 0) {
        snprintf(err, errsize, "%s/%s: the counts do not add up: %s", dir, CLI_STATE_FILE, why);
    } else {
        uint64_t before = st_stats_games(stats);
        rc = st_stats_load(stats, r.f, r.n, why, sizeof why);
        if (rc != 0)
            snprintf(err, errsize, "%s/%s: %s", dir, CLI_STATE_FILE, why);
        /* The statistics count each game once: not the copies. */
        uint64_t once = s->totals.sum.games - s->totals.dups.games;
        if (rc == 0 && (rc = st_stats_games(stats) - before == once ? 0 : -1) != 0)
            snprintf(err, errsize,
                     "%s/%s: the counts do not add up: the statistics count %llu games, "
                     "the summary %llu",
                     dir, CLI_STATE_FILE, (unsigned long long)(st_stats_games(stats) - before),
                     (unsigned long long)once);
        if (rc == 0 && (rc = read_files(&r, s)) != 0)
            snprintf(err, errsize, "%s/%s, after the statistics: %s", dir, CLI_STATE_FILE, r.why);
    }
    if (r.f)
        fclose(r.f);
    free(r.line);
    free(path);
    return rc;
}
