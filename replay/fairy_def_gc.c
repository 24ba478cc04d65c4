/*
 * fairy_def_gc: gcaudit's own keys of a section (gcGames, gcTitle,
 * gcFiles, gcRanks, gcLabels, gcNames, gcPgnVariant, gcRepetitionReview,
 * gcOracles): how Game Courier names the variant, its squares and pieces,
 * and what checked it.  Fairy-Stockfish has none of them; the key table
 * (fairy_keys.c) holds them as rows like the others.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "replay/fairy_def_read.h"

/* A list value copied for strtok_r: one too long for the copy is an error,
 * never a list silently cut short. */
static int list_copy(char *buf, size_t size, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    size_t n = strlen(kv->value);
    if (n >= size)
        return rp_fdef_fail(err, kv, "the list is too long (%zu characters; at most %zu)", n, size - 1);
    memcpy(buf, kv->value, n + 1);
    return 0;
}

/* s without the blanks around it (cut in place), its length in *n. */
static char *trimmed(char *s, size_t *n)
{
    s = (char *)rp_fdef_skip_space(s);
    *n = strlen(s);
    while (*n && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
        s[--*n] = '\0';
    return s;
}

static int apply_gc_labels(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    char buf[512];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        item = (char *)rp_fdef_skip_space(item);
        char *eq = strchr(item, '=');
        if (!eq || eq == item)
            return rp_fdef_fail(err, kv, "\"%s\" is not a pair letter=label", item);
        *eq = '\0';
        size_t n, ln;
        char *label = trimmed(eq + 1, &n);
        item = trimmed(item, &ln);
        int t = ln == 1 ? rp_fdef_type_of_letter(d, item[0]) : -1;
        if (t < 0)
            return rp_fdef_fail(err, kv, "'%s' names no piece type of the variant", item);
        /* What the log parser reads as a label: one or two letters. */
        if (n == 0 || n > 2 || !isalpha((unsigned char)label[0]) || (n == 2 && !isalpha((unsigned char)label[1])))
            return rp_fdef_fail(err, kv, "label \"%s\" must be one or two letters", label);
        for (size_t i = 0; i <= n; i++) {
            d->labels[0][t][i] = (char)toupper((unsigned char)label[i]);
            d->labels[1][t][i] = (char)tolower((unsigned char)label[i]);
        }
    }
    return 0;
}

/* gcFiles / gcRanks: comma-separated labels, one per file or rank. */
static int apply_gc_coords(struct rp_fdef *d, const struct rp_fkv *kv, int ranks,
                           struct rp_fdef_error *err)
{
    char buf[512];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    int n = 0, max = ranks ? RP_FMAX_RANKS : RP_FMAX_FILES;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        item = (char *)rp_fdef_skip_space(item);
        size_t len = strlen(item);
        while (len && (item[len - 1] == ' ' || item[len - 1] == '\t'))
            item[--len] = '\0';
        if (n >= max)
            return rp_fdef_fail(err, kv, "more than %d labels", max);
        if (len != 1 && !(ranks && len == 2))
            return rp_fdef_fail(err, kv, "\"%s\": a %s label is %s", item, ranks ? "rank" : "file",
                        ranks ? "one or two digits" : "one letter");
        for (size_t i = 0; i < len; i++)
            if (ranks ? !isdigit((unsigned char)item[i]) : !isalpha((unsigned char)item[i]))
                return rp_fdef_fail(err, kv, "\"%s\": a %s label is %s", item, ranks ? "rank" : "file",
                            ranks ? "one or two digits" : "one letter");
        snprintf(ranks ? d->rank_labels[n] : d->file_labels[n], 4, "%s", item);
        n++;
    }
    if (n == 0)
        return rp_fdef_fail(err, kv, "no labels");
    *(ranks ? &d->nrank_labels : &d->nfile_labels) = n;
    return 0;
}

static int apply_gc_games(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    char buf[1024];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    d->ngames = 0;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char norm[64];
        fmt_normalise_game_name(item, norm, sizeof norm);
        if (!norm[0])
            continue;
        int seen = 0;
        for (int i = 0; i < d->ngames; i++)
            seen |= strcmp(d->games[i], norm) == 0;
        if (seen)
            continue; /* "Three-Check Chess" and "Three Check Chess" are one name */
        if (d->ngames >= RP_FMAX_NAMES)
            return rp_fdef_fail(err, kv, "more than %d names", RP_FMAX_NAMES);
        snprintf(d->games[d->ngames++], sizeof d->games[0], "%s", norm);
    }
    if (d->ngames == 0)
        return rp_fdef_fail(err, kv, "no game names");
    return 0;
}

static int apply_gc_names(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    char buf[512];
    if (list_copy(buf, sizeof buf, kv, err) < 0)
        return -1;
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        item = (char *)rp_fdef_skip_space(item);
        char *eq = strchr(item, '=');
        if (!eq || eq != item + 1)
            return rp_fdef_fail(err, kv, "\"%s\" is not a pair letter=name", item);
        int t = rp_fdef_type_of_letter(d, item[0]);
        if (t < 0)
            return rp_fdef_fail(err, kv, "'%c' names no piece type of the variant", item[0]);
        size_t n;
        char *name = trimmed(eq + 1, &n);
        if (n == 0 || n >= sizeof d->piece_names[t])
            return rp_fdef_fail(err, kv, "name \"%s\" must have 1 to %zu characters", name,
                        sizeof d->piece_names[t] - 1);
        snprintf(d->piece_names[t], sizeof d->piece_names[t], "%s", name);
    }
    return 0;
}

/* gcPgnVariant: the name PGN tools give the variant in a Variant tag
 * ("Crazyhouse"), written into the tag as it is; "" leaves the variant's
 * games out of a PGN export. */
static int apply_gc_pgn_variant(struct rp_fdef *d, const struct rp_fkv *kv,
                                struct rp_fdef_error *err)
{
    const char *v = kv->value;
    size_t n = strlen(v);
    if (n >= sizeof d->pgn_variant)
        return rp_fdef_fail(err, kv, "a Variant tag of at most %zu characters expected",
                    sizeof d->pgn_variant - 1);
    for (const char *c = v; *c; c++)
        if (*c < ' ' || *c > '~' || *c == '"' || *c == '\\')
            return rp_fdef_fail(err, kv, "a Variant tag of printable ASCII without '\"' or '\\' expected");
    memcpy(d->pgn_variant, v, n + 1);
    return 0;
}

/* gcRepetitionReview: a word for the detail review=WORD. */
static int apply_gc_review(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    size_t n = strlen(kv->value);
    if (n == 0 || n >= sizeof d->repetition_review || strspn(kv->value, "abcdefghijklmnopqrstuvwxyz-") != n)
        return rp_fdef_fail(err, kv, "\"%s\" is not a word of 1 to %zu lower-case letters and hyphens", kv->value,
                    sizeof d->repetition_review - 1);
    memcpy(d->repetition_review, kv->value, n + 1);
    return 0;
}

/* gcOracles: a comma list of ffish and fsf11. */
static int apply_gc_oracles(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    unsigned set = 0;
    for (const char *p = kv->value; *p;) {
        size_t n = strcspn(p, ",");
        size_t a = 0, b = n;
        while (a < b && p[a] == ' ')
            a++;
        while (b > a && p[b - 1] == ' ')
            b--;
        if (b - a == 5 && strncmp(p + a, "ffish", 5) == 0)
            set |= RP_ORACLE_FFISH;
        else if (b - a == 5 && strncmp(p + a, "fsf11", 5) == 0)
            set |= RP_ORACLE_FSF11;
        else
            return rp_fdef_fail(err, kv, "\"%.*s\" is not an oracle (ffish or fsf11)", (int)(b - a), p + a);
        p += n + (p[n] == ',');
    }
    d->oracles = set;
    return 0;
}

int rp_fdef_read_gc(struct rp_fdef *d, enum rp_fkey_reader reader, const struct rp_fkv *kv,
                    struct rp_fdef_error *err)
{
    switch (reader) {
    case RP_FK_GC_GAMES: return apply_gc_games(d, kv, err);
    case RP_FK_GC_TITLE: snprintf(d->title, sizeof d->title, "%s", kv->value); return 0;
    case RP_FK_GC_FILES: return apply_gc_coords(d, kv, 0, err);
    case RP_FK_GC_RANKS: return apply_gc_coords(d, kv, 1, err);
    case RP_FK_GC_LABELS: return apply_gc_labels(d, kv, err);
    case RP_FK_GC_NAMES: return apply_gc_names(d, kv, err);
    case RP_FK_GC_PGN_VARIANT: return apply_gc_pgn_variant(d, kv, err);
    case RP_FK_GC_REVIEW: return apply_gc_review(d, kv, err);
    case RP_FK_GC_ORACLES: return apply_gc_oracles(d, kv, err);
    default: return 0;
    }
}
