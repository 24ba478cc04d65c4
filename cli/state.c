/*
 * state: what a shard (`analyze --shard K/N`) leaves for `merge` besides
 * its row reports: the run's counts and the statistics' raw state, in a
 * versioned text file, CLI_STATE_FILE:
 *
 *   gcaudit-shard 2
 *   shard K N
 *   results verified|declared
 *   min-games N
 *   excel 0|1
 *   selection TEXT            (=TEXT escaped as in persist.c, or - for none)
 *   entries ALL OK SKIPPED FAILED
 *   games FOUND SELECTED
 *   status OK ILLEGAL MALFORMED UNSUPPORTED
 *   results-count UNFINISHED WHITE BLACK DRAW   (status ok, the result counted)
 *   turns N
 *   violations ALL MISMATCHES
 *   latest YYYY-MM-DD|-
 *   stats 1 ... end           (st_stats_save)
 *
 * Rounded figures could not be merged exactly; these are the sums every
 * figure is computed from.  A reader meeting another version refuses it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

/* 2: results-count counts the games of status ok by the result the
 * statistics count (unfinished, then the valid games' results). */
#define STATE_VERSION "gcaudit-shard 2"

static char *state_path(const char *dir, const char *suffix)
{
    size_t n = strlen(dir) + strlen(CLI_STATE_FILE) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s%s", dir, CLI_STATE_FILE, suffix);
    return p;
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
}

int cli_state_write(const char *dir, const struct cli_state *s, const st_stats *stats)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".tmp-%ld", (long)getpid());
    char *tmp = state_path(dir, suffix), *final = state_path(dir, "");
    FILE *f = tmp && final ? fopen(tmp, "w") : NULL;
    int rc = -1;
    if (f) {
        fprintf(f, "%s\nshard %u %u\nresults %s\nmin-games %llu\nexcel %d\n", STATE_VERSION,
                s->shard, s->nshards, s->declared ? "declared" : "verified",
                (unsigned long long)s->min_games, s->excel);
        put_text(f, "selection", s->selection);
        put_counts(f, s);
        int failed = st_stats_save(stats, f) != 0 || ferror(f);
        failed |= fclose(f) != 0;
        rc = !failed && rename(tmp, final) == 0 ? 0 : -1;
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
};

/* The next line, which must start with key and a space; its rest. */
static char *expect(struct reader *r, const char *key)
{
    if (getline(&r->line, &r->cap, r->f) <= 0)
        return NULL;
    r->n++;
    r->line[strcspn(r->line, "\n")] = '\0';
    size_t k = strlen(key);
    if (strncmp(r->line, key, k) != 0 || r->line[k] != ' ')
        return NULL;
    return r->line + k + 1;
}

/* count numbers separated by single spaces, nothing else. */
static int read_numbers(const char *s, uint64_t *out, int count)
{
    for (int i = 0; i < count; i++) {
        char *end;
        errno = 0;
        if (*s < '0' || *s > '9')
            return -1;
        out[i] = strtoull(s, &end, 10);
        if (errno || (i + 1 < count ? *end != ' ' : *end != '\0'))
            return -1;
        s = end + (i + 1 < count);
    }
    return 0;
}

static int hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int read_text(const char *s, char *out, size_t size)
{
    size_t n = 0;
    if (strcmp(s, "-") == 0) {
        out[0] = '\0';
        return 0;
    }
    if (*s++ != '=')
        return -1;
    for (; *s && n + 1 < size; s++) {
        if (*s == '%') {
            if (hex(s[1]) < 0 || hex(s[2]) < 0 || (s[1] == '0' && s[2] == '0'))
                return -1;
            out[n++] = (char)(hex(s[1]) * 16 + hex(s[2]));
            s += 2;
        } else {
            out[n++] = *s;
        }
    }
    out[n] = '\0';
    return *s ? -1 : 0;
}

static int read_options(struct reader *r, struct cli_state *s)
{
    const char *v;
    uint64_t n[2];
    if (!(v = expect(r, "shard")) || read_numbers(v, n, 2) != 0 || n[1] == 0 || n[0] == 0 ||
        n[0] > n[1] || n[1] > 1000000)
        return -1;
    s->shard = (unsigned)n[0];
    s->nshards = (unsigned)n[1];
    if (!(v = expect(r, "results")) || (strcmp(v, "verified") != 0 && strcmp(v, "declared") != 0))
        return -1;
    s->declared = strcmp(v, "declared") == 0;
    if (!(v = expect(r, "min-games")) || read_numbers(v, &s->min_games, 1) != 0)
        return -1;
    if (!(v = expect(r, "excel")) || (strcmp(v, "0") != 0 && strcmp(v, "1") != 0))
        return -1;
    s->excel = v[0] == '1';
    if (!(v = expect(r, "selection")))
        return -1;
    return read_text(v, s->selection, sizeof s->selection);
}

static int read_counts(struct reader *r, struct cli_state *s)
{
    struct st_summary *m = &s->totals.sum;
    uint64_t n[4];
    const char *v;
    if (!(v = expect(r, "entries")) || read_numbers(v, n, 4) != 0)
        return -1;
    m->entries = n[0], m->entries_ok = n[1], m->entries_skipped = n[2], m->entries_failed = n[3];
    if (!(v = expect(r, "games")) || read_numbers(v, n, 2) != 0)
        return -1;
    s->totals.games_found = n[0], m->games = n[1];
    if (!(v = expect(r, "status")) || read_numbers(v, m->by_status, 4) != 0 ||
        !(v = expect(r, "results-count")) || read_numbers(v, m->by_result, 4) != 0 ||
        !(v = expect(r, "turns")) || read_numbers(v, &m->turns, 1) != 0)
        return -1;
    if (!(v = expect(r, "violations")) || read_numbers(v, n, 2) != 0)
        return -1;
    m->violations = n[0], m->mismatches = n[1];
    if (!(v = expect(r, "latest")))
        return -1;
    if (strcmp(v, "-") == 0)
        s->totals.latest[0] = '\0';
    else if (strlen(v) == 10 && cli_filter_set_date(s->totals.latest, v) == 0)
        ;
    else
        return -1;
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
    struct reader r = {path ? fopen(path, "r") : NULL, NULL, 0, 0};
    char why[256];
    memset(s, 0, sizeof *s);
    int rc = -1;
    if (!r.f) {
        snprintf(err, errsize, "%s/%s: %s", dir, CLI_STATE_FILE, strerror(errno));
    } else if (getline(&r.line, &r.cap, r.f) <= 0 || strcmp(r.line, STATE_VERSION "\n") != 0) {
        snprintf(err, errsize, "%s/%s: not a gcaudit shard state of version 2", dir,
                 CLI_STATE_FILE);
    } else if ((r.n = 1, read_options(&r, s) != 0) || read_counts(&r, s) != 0) {
        snprintf(err, errsize, "%s/%s, line %d: cannot be read", dir, CLI_STATE_FILE, r.n);
    } else if (st_summary_check(&s->totals.sum, why, sizeof why) != 0 ||
               check_totals(&s->totals, why, sizeof why) != 0) {
        snprintf(err, errsize, "%s/%s: the counts do not add up: %s", dir, CLI_STATE_FILE, why);
    } else {
        uint64_t before = st_stats_games(stats);
        rc = st_stats_load(stats, r.f, r.n, why, sizeof why);
        if (rc != 0)
            snprintf(err, errsize, "%s/%s: %s", dir, CLI_STATE_FILE, why);
        else if ((rc = st_stats_games(stats) - before == s->totals.sum.games ? 0 : -1) != 0)
            snprintf(err, errsize,
                     "%s/%s: the counts do not add up: the statistics count %llu games, "
                     "the summary %llu",
                     dir, CLI_STATE_FILE, (unsigned long long)(st_stats_games(stats) - before),
                     (unsigned long long)s->totals.sum.games);
    }
    if (r.f)
        fclose(r.f);
    free(r.line);
    free(path);
    return rc;
}
