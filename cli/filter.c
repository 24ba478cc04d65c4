/*
 * filter: which games `analyze` reports.  The options select games by
 * variant, event and date; a game that is not selected is parsed (its
 * entry must be read to find the next game) but appears in no report and
 * no statistic.  inputs.csv still lists every entry with every game it
 * holds: it describes what was read, not what was chosen.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

void cli_filter_release(struct cli_filter *f)
{
    for (size_t i = 0; i < f->nvariants; i++)
        free(f->variants[i].key);
    free(f->variants);
    for (size_t i = 0; i < f->nevents; i++)
        free(f->events[i]);
    free(f->events);
    memset(f, 0, sizeof *f);
}

int cli_filter_active(const struct cli_filter *f)
{
    return f->nvariants || f->nevents || f->since[0] || f->until[0];
}

/* A name selects a registered variant by its report key ("retro") or by
 * any Game: value that maps to it ("Retro Chess"); any other name selects
 * the unsupported games whose Game: value normalises to it.  Which it is
 * waits for cli_filter_resolve: the defined variants are registered after
 * the options are read. */
static int add_variant(struct cli_filter *f, const char *name, size_t len)
{
    char raw[256], key[256];
    if (len >= sizeof raw)
        len = sizeof raw - 1;
    memcpy(raw, name, len);
    raw[len] = '\0';
    fmt_normalise_game_name(raw, key, sizeof key);
    if (!key[0])
        return 0;
    void *grown = realloc(f->variants, (f->nvariants + 1) * sizeof *f->variants);
    if (!grown)
        return -1;
    f->variants = grown;
    char *copy = strdup(key);
    if (!copy)
        return -1;
    f->variants[f->nvariants++] = (struct cli_filter_variant){NULL, copy};
    return 0;
}

void cli_filter_resolve(struct cli_filter *f)
{
    for (size_t n = 0; n < f->nvariants; n++) {
        const char *key = f->variants[n].key;
        const struct rp_variant *v = rp_variant_for_game(key);
        /* A report key is normalised as the name was ("crazyhouse-gc"
         * loses its hyphen). */
        for (size_t i = 0; !v && i < rp_variant_count(); i++) {
            char name[256];
            fmt_normalise_game_name(rp_variant_at(i)->name, name, sizeof name);
            if (strcmp(name, key) == 0)
                v = rp_variant_at(i);
        }
        f->variants[n].variant = v;
    }
}

int cli_filter_add_variants(struct cli_filter *f, const char *list)
{
    for (const char *p = list;;) {
        size_t n = strcspn(p, ",");
        if (add_variant(f, p, n) != 0)
            return -1;
        if (!p[n])
            return 0;
        p += n + 1;
    }
}

static void lower_ascii(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

int cli_filter_add_event(struct cli_filter *f, const char *text)
{
    void *grown = realloc(f->events, (f->nevents + 1) * sizeof *f->events);
    if (!grown)
        return -1;
    f->events = grown;
    char *copy = strdup(text);
    if (!copy)
        return -1;
    lower_ascii(copy);
    f->events[f->nevents++] = copy;
    return 0;
}

/* The value of n decimal digits (already checked to be digits). */
static int digits_value(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* YYYY-MM-DD naming a day of the Gregorian calendar.  Read digit by digit,
 * not with atoi: every game's date is looked at. */
static int is_date(const char *s)
{
    for (int i = 0; i < 10; i++)
        if (i == 4 || i == 7 ? s[i] != '-' : !isdigit((unsigned char)s[i]))
            return 0;
    int y = digits_value(s, 4), m = digits_value(s + 5, 2), d = digits_value(s + 8, 2);
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1 || d > days[m - 1])
        return 0;
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return !(m == 2 && d == 29 && !leap);
}

int cli_filter_set_date(char out[11], const char *arg)
{
    if (strlen(arg) != 10 || !is_date(arg))
        return -1;
    memcpy(out, arg, 11);
    return 0;
}

/* A header value holds a date when it starts with one, alone or followed
 * by a time ("2024-11-05 14:02"). */
static int header_date(const char *v, char out[11])
{
    if (!v || strlen(v) < 10 || !is_date(v) || isdigit((unsigned char)v[10]))
        return -1;
    memcpy(out, v, 10);
    out[10] = '\0';
    return 0;
}

int cli_game_date(const struct fmt_game *g, char out[11])
{
    return header_date(g->ended, out) == 0 || header_date(g->started, out) == 0 ? 0 : -1;
}

long long cli_date_seconds(const char *ymd)
{
    /* Days from the civil date (the proleptic Gregorian calendar), with
     * March as the first month so that leap days come last. */
    long long y = atoi(ymd), m = atoi(ymd + 5), d = atoi(ymd + 8);
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400, yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (era * 146097 + doe - 719468) * 86400;
}

static int variant_selected(const struct cli_filter *f, const struct fmt_game *g,
                            const struct rp_report *r)
{
    char key[256];
    fmt_normalise_game_name(g->game ? g->game : "", key, sizeof key);
    for (size_t i = 0; i < f->nvariants; i++) {
        if (r->variant ? f->variants[i].variant == r->variant
                       : strcmp(f->variants[i].key, key) == 0)
            return 1;
    }
    return 0;
}

int cli_filter_has_open_names(const struct cli_filter *f)
{
    for (size_t i = 0; i < f->nvariants; i++)
        if (!f->variants[i].variant)
            return 1;
    return 0;
}

void cli_filter_note_names(const struct cli_filter *f, const struct fmt_game *g,
                           const struct rp_report *r, atomic_uchar *hit)
{
    if (r->variant)
        return;
    char key[256];
    fmt_normalise_game_name(g->game ? g->game : "", key, sizeof key);
    for (size_t i = 0; i < f->nvariants; i++)
        if (!f->variants[i].variant && strcmp(f->variants[i].key, key) == 0)
            atomic_store_explicit(&hit[i], 1, memory_order_relaxed);
}

static int event_selected(const struct cli_filter *f, const struct fmt_game *g)
{
    if (!g->event)
        return 0;
    char *ev = strdup(g->event);
    int hit = 0;
    if (!ev)
        return 0;
    lower_ascii(ev);
    for (size_t i = 0; i < f->nevents && !hit; i++)
        hit = strstr(ev, f->events[i]) != NULL;
    free(ev);
    return hit;
}

int cli_filter_match(const struct cli_filter *f, const struct fmt_game *g,
                     const struct rp_report *r)
{
    if (f->nvariants && !variant_selected(f, g, r))
        return 0;
    if (f->nevents && !event_selected(f, g))
        return 0;
    if (f->since[0] || f->until[0]) {
        char date[11];
        /* A game without a date cannot be shown to fall in the period. */
        if (cli_game_date(g, date) != 0)
            return 0;
        if (f->since[0] && strcmp(date, f->since) < 0)
            return 0;
        if (f->until[0] && strcmp(date, f->until) > 0)
            return 0;
    }
    return 1;
}
