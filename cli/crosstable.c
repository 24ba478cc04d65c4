/*
 * crosstable: the crosstable of each event, players by rank, each cell
 * what the row's player scored against the column's (crosstable.h).
 *
 * Every figure comes from the statistics, as in standings.csv.  The page
 * lists each event's games (its pairings: games of status ok or illegal
 * between two of its players) under the table, grouped by pair, and a
 * cell links to its pair's games; each game links to its viewer page when
 * it has one.  The tables and lists travel as JSON, and
 * cli/page/crosstable.js draws an event's when it is opened: HTML for a
 * thousand crosstables would take seconds to parse, the JSON a few
 * milliseconds.  The games are taken from the page's one pass over
 * games.csv, matched to an event by its Event: value and to players by
 * their names after --player-alias, exactly as the statistics counted
 * them.  games.csv writes names as fmt_escape() makes them printable, so
 * the matching compares that text: a name's, or an alias spelling's,
 * which stands for its name.  Only the events that get a list keep
 * theirs, and the lists have
 * a fixed budget (CLI_CROSSTABLE_GAMES), spent on the events in order, so
 * the page stays quick to open whatever the archive.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/crosstable.h"
#include "formats/formats.h"
#include "stats/stats.h"

/* One game listed under a crosstable. */
struct ct_game {
    uint32_t lo, hi;              /* the pair: positions (by rank) in the event */
    long long row;                /* its row of games.csv */
    char *text;                   /* round, White, Black, result, status, href: NUL-separated */
};

/* A name as games.csv writes it, and what it stands for. */
struct named {
    char *text;                   /* fmt_escape()d: the games.csv cell (owned) */
    const char *name;             /* the name the statistics use */
    uint32_t pos;                 /* in an event: the player's position by rank */
};

struct ct_event {
    size_t e;                     /* index among st_events */
    size_t first, n;              /* its rows of standings.csv */
    struct named *names;          /* its players, by their games.csv text */
    int listed;                   /* its games are listed */
    uint64_t expected;            /* its pairings, from the statistics */
    struct ct_game *games;
    size_t ngames, cap;
    uint32_t *malformed;          /* n x n: malformed games of pair (lo, hi) at lo * n + hi,
                                     or NULL while it has none */
};

struct cli_crosstables {
    const st_stats *s;
    int declared;
    struct named *spellings;      /* the alias spellings, by their games.csv text */
    size_t nspellings;
    struct named *events;         /* the events with a crosstable, by their games.csv text
                                     (pos: index in ev) */
    struct ct_event *ev;          /* the events with a crosstable, in standings.csv's order */
    size_t nev;
    size_t *big;                  /* the events without: too many players */
    size_t nbig;
    uint64_t malformed_budget;    /* malformed games the lists may still take */
    char **notes;                 /* by event: cli_review_note's, or NULL */
};

static const char *cell_text(const struct st_cell *c, char *buf, size_t size)
{
    return st_cell_text(c, buf, size);
}

static const char *player_of(const st_stats *s, size_t row)
{
    struct st_cell c[ST_S_COLS];
    st_table_row(s, ST_TABLE_STANDINGS, row, c);
    return c[ST_S_PLAYER].text;
}

static int by_text(const void *x, const void *y)
{
    return strcmp(((const struct named *)x)->text, ((const struct named *)y)->text);
}

/* The entry of a sorted table whose text is text, or NULL. */
static const struct named *find_text(const struct named *t, size_t n, const char *text)
{
    struct named key = {(char *)text, NULL, 0};
    return n ? bsearch(&key, t, n, sizeof *t, by_text) : NULL;
}

static void free_named(struct named *t, size_t n)
{
    for (size_t i = 0; t && i < n; i++)
        free(t[i].text);
    free(t);
}

static int build_event(const st_stats *s, struct ct_event *ev)
{
    ev->names = calloc(ev->n, sizeof *ev->names);
    if (!ev->names)
        return -1;
    uint64_t paired = 0;
    for (size_t i = 0; i < ev->n; i++) {
        struct st_cell c[ST_S_COLS];
        st_table_row(s, ST_TABLE_STANDINGS, ev->first + i, c);
        ev->names[i] = (struct named){fmt_escape(c[ST_S_PLAYER].text), c[ST_S_PLAYER].text,
                                      (uint32_t)i};
        if (!ev->names[i].text)
            return -1;
        paired += (uint64_t)c[ST_S_GAMES].value + (uint64_t)c[ST_S_NOT_SCORED].value;
    }
    ev->expected = paired / 2;
    qsort(ev->names, ev->n, sizeof *ev->names, by_text);
    return 0;
}

/* The spellings of the alias file by their games.csv text. */
static int build_spellings(cli_crosstables *ct, const struct st_alias *alias,
                           const struct cli_alias_spellings *sp)
{
    size_t n = sp ? sp->n : 0;
    if (!(ct->spellings = calloc(n ? n : 1, sizeof *ct->spellings)))
        return -1;
    for (size_t i = 0; i < n; i++) {
        char *text = fmt_escape(sp->v[i].text);
        if (!text)
            return -1;
        ct->spellings[ct->nspellings++] =
            (struct named){text, st_alias_resolve(alias, sp->v[i].text), 0};
    }
    qsort(ct->spellings, ct->nspellings, sizeof *ct->spellings, by_text);
    return 0;
}

cli_crosstables *cli_crosstables_new(const st_stats *s, const struct st_alias *alias,
                                     const struct cli_alias_spellings *spellings, int declared)
{
    cli_crosstables *ct = calloc(1, sizeof *ct);
    size_t nev = st_events(s);
    if (!ct)
        return NULL;
    ct->s = s;
    ct->declared = declared;
    ct->ev = calloc(nev ? nev : 1, sizeof *ct->ev);
    ct->big = calloc(nev ? nev : 1, sizeof *ct->big);
    ct->notes = calloc(nev ? nev : 1, sizeof *ct->notes);
    if (!ct->ev || !ct->big || !ct->notes || build_spellings(ct, alias, spellings) != 0) {
        cli_crosstables_free(ct);
        return NULL;
    }
    uint64_t budget = CLI_CROSSTABLE_GAMES;
    ct->malformed_budget = CLI_CROSSTABLE_GAMES;
    for (size_t e = 0; e < nev; e++) {
        size_t first, n;
        st_event_rows(s, e, &first, &n);
        if (cli_review_note(s, e, &ct->notes[e]) != 0) {
            cli_crosstables_free(ct);
            return NULL;
        }
        if (n > CLI_CROSSTABLE_PLAYERS) {
            ct->big[ct->nbig++] = e;
            continue;
        }
        struct ct_event *ev = &ct->ev[ct->nev++];
        ev->e = e;
        ev->first = first;
        ev->n = n;
        if (build_event(s, ev) != 0) {
            cli_crosstables_free(ct);
            return NULL;
        }
        ev->listed = ev->expected <= budget;
        if (ev->listed)
            budget -= ev->expected;
    }
    if (!(ct->events = calloc(ct->nev ? ct->nev : 1, sizeof *ct->events))) {
        cli_crosstables_free(ct);
        return NULL;
    }
    for (size_t k = 0; k < ct->nev; k++) {
        ct->events[k] = (struct named){fmt_escape(st_event_name(s, ct->ev[k].e)), NULL,
                                       (uint32_t)k};
        if (!ct->events[k].text) {
            cli_crosstables_free(ct);
            return NULL;
        }
    }
    qsort(ct->events, ct->nev, sizeof *ct->events, by_text);
    return ct;
}

void cli_crosstables_free(cli_crosstables *ct)
{
    if (!ct)
        return;
    for (size_t i = 0; i < ct->nev; i++) {
        struct ct_event *ev = &ct->ev[i];
        for (size_t k = 0; k < ev->ngames; k++)
            free(ev->games[k].text);
        free(ev->games);
        free(ev->malformed);
        free_named(ev->names, ev->n);
    }
    free_named(ct->spellings, ct->nspellings);
    free_named(ct->events, ct->nev);
    for (size_t e = 0; ct->notes && e < st_events(ct->s); e++)
        free(ct->notes[e]);
    free(ct->notes);
    free(ct->ev);
    free(ct->big);
    free(ct);
}

/* ------------------------------------------------------ feeding games */

static struct ct_event *find_event(cli_crosstables *ct, const char *cell)
{
    const struct named *e = find_text(ct->events, ct->nev, cell);
    return e ? &ct->ev[e->pos] : NULL;
}

/* The position in the event of the player a games.csv cell names, or -1:
 * an alias spelling stands for its name. */
static long find_player(const cli_crosstables *ct, const struct ct_event *ev, const char *cell)
{
    const struct named *sp = find_text(ct->spellings, ct->nspellings, cell), *p;
    if (sp) {
        char *text = fmt_escape(sp->name);
        p = text ? find_text(ev->names, ev->n, text) : NULL;
        free(text);
    } else {
        p = find_text(ev->names, ev->n, cell);
    }
    return p ? (long)p->pos : -1;
}

/* A malformed game between two players of ev: counted in its pair's cell
 * (the statistics pair nobody with it, but its cell must not look as if
 * the players never met).  0, or -1 when out of memory. */
static int count_malformed(struct ct_event *ev, long i, long j)
{
    if (!ev->malformed && !(ev->malformed = calloc(ev->n * ev->n, sizeof *ev->malformed)))
        return -1;
    size_t lo = (size_t)(i < j ? i : j), hi = (size_t)(i < j ? j : i);
    if (ev->malformed[lo * ev->n + hi] < UINT32_MAX)
        ev->malformed[lo * ev->n + hi]++;
    return 0;
}

int cli_crosstables_game(cli_crosstables *ct, const struct cli_game_rows *g, const char *href)
{
    const char *const *c = g->game;
    const char *status = c[CLI_G_STATUS];
    int malformed = strcmp(status, "malformed") == 0;
    if (strcmp(status, "ok") != 0 && strcmp(status, "illegal") != 0 && !malformed)
        return 0;
    /* A copy of an earlier game is not counted by the statistics, so it
     * is no pairing, and the list's budget (spent on what they counted)
     * never saw it: a log of a million copies of one game listed them
     * all, 36 bytes each (issue 15). */
    if (c[CLI_G_DUPLICATE_OF][0])
        return 0;
    struct ct_event *ev = find_event(ct, c[CLI_G_EVENT]);
    if (!ev || (!ev->listed && !malformed))
        return 0;
    const char *w = c[CLI_G_WHITE], *b = c[CLI_G_BLACK];
    long i = w[0] ? find_player(ct, ev, w) : -1, j = b[0] ? find_player(ct, ev, b) : -1;
    if (i < 0 || j < 0 || i == j)
        return 0;
    if (malformed) {
        /* Listed too while the lists' budget for them lasts: a log of a
         * million malformed games lists no more than the budget. */
        if (count_malformed(ev, i, j) != 0)
            return -1;
        if (!ev->listed || !ct->malformed_budget)
            return 0;
        ct->malformed_budget--;
    }
    if (ev->ngames == ev->cap) {
        size_t cap = ev->cap ? 2 * ev->cap : 16;
        struct ct_game *more = realloc(ev->games, cap * sizeof *more);
        if (!more)
            return -1;
        ev->games = more;
        ev->cap = cap;
    }
    const char *fields[6] = {c[CLI_G_ROUND], c[CLI_G_WHITE], c[CLI_G_BLACK],
                             c[ct->declared ? CLI_G_DECLARED : CLI_G_RESULT], status, href};
    size_t len = 0;
    for (int k = 0; k < 6; k++)
        len += strlen(fields[k]) + 1;
    char *text = malloc(len), *at = text;
    if (!text)
        return -1;
    for (int k = 0; k < 6; k++) {
        size_t n = strlen(fields[k]) + 1;
        memcpy(at, fields[k], n);
        at += n;
    }
    ev->games[ev->ngames++] = (struct ct_game){(uint32_t)(i < j ? i : j), (uint32_t)(i < j ? j : i),
                                               g->row, text};
    return 0;
}

/* ------------------------------------------------------------- the page */

static int by_pair_then_row(const void *x, const void *y)
{
    const struct ct_game *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi)
        return a->hi < b->hi ? -1 : 1;
    return (a->row > b->row) - (a->row < b->row);
}

/* The tie-break columns of the format: the ones standings.csv fills. */
static void tie_break_columns(enum st_format f, int *cols, const char **names)
{
    if (f == ST_FORMAT_ROUND_ROBIN) {
        cols[0] = ST_S_DIRECT_ENCOUNTER, names[0] = "DE";
        cols[1] = ST_S_SONNEBORN_BERGER, names[1] = "SB";
    } else {
        cols[0] = ST_S_BUCHHOLZ_CUT1, names[0] = "BH-C1";
        cols[1] = ST_S_BUCHHOLZ, names[1] = "BH";
    }
}

static void event_title(FILE *f, const st_stats *s, size_t e)
{
    const char *name = st_event_name(s, e);
    if (name[0])
        cli_html_text(f, name);
    else
        fputs("(games without an Event: header)", f);
}

/* A number in the JSON, as "%llu" writes it: the lists hold a few
 * numbers for every pair and game of every event, and fprintf cost more
 * than the rest of the page put together (1,400 instructions a call). */
static void put_u64(FILE *f, uint64_t v)
{
    char t[ST_INT_TEXT];
    fwrite(t, 1, st_format_u64(t, v), f);
}

/* The start of a pair's entry in a list of pairs: "[i,j" after a comma
 * unless it is the first (*any counts them). */
static void pair_start(FILE *f, int *any, size_t i, size_t j)
{
    fputs((*any)++ ? ",[" : "[", f);
    put_u64(f, i);
    fputc(',', f);
    put_u64(f, j);
}

/* The event's players ("p"): rank, name, points, the tie-breaks tb and
 * the points under review, each as standings.csv has it. */
static void json_players(FILE *f, const st_stats *s, const struct ct_event *ev, const int *tb)
{
    char buf[64];
    for (size_t i = 0; i < ev->n; i++) {
        struct st_cell c[ST_S_COLS];
        st_table_row(s, ST_TABLE_STANDINGS, ev->first + i, c);
        fputs(i ? ",[" : "[", f);
        cli_json_string(f, cell_text(&c[ST_S_RANK], buf, sizeof buf));
        fputc(',', f);
        cli_json_string(f, c[ST_S_PLAYER].text);
        fputc(',', f);
        cli_json_string(f, cell_text(&c[ST_S_POINTS], buf, sizeof buf));
        for (int t = 0; t < 2; t++) {
            fputc(',', f);
            cli_json_string(f, cell_text(&c[tb[t]], buf, sizeof buf));
        }
        fputc(',', f);
        cli_json_string(f, c[ST_S_POINTS_UNDER_REVIEW].value
                               ? cell_text(&c[ST_S_POINTS_UNDER_REVIEW], buf, sizeof buf)
                               : "");
        fputc(']', f);
    }
}

/* The pairs that met ("c"): games, points, pairings, and what of them is
 * under review. */
static void json_encounters(FILE *f, const st_stats *s, const struct ct_event *ev)
{
    int any = 0;
    for (size_t i = 0; i < ev->n; i++)
        for (size_t j = i + 1; j < ev->n; j++) {
            struct st_encounter x;
            st_event_encounter(s, ev->first + i, ev->first + j, &x);
            if (!x.paired)
                continue;
            pair_start(f, &any, i, j);
            uint64_t counts[3] = {x.games, x.half, x.paired};
            for (int m = 0; m < 3; m++) {
                fputc(',', f);
                put_u64(f, counts[m]);
            }
            if (x.review) {
                struct st_encounter y;
                st_event_encounter(s, ev->first + j, ev->first + i, &y);
                uint64_t more[5] = {x.review, x.review_half, y.review_half, x.i_broke, x.j_broke};
                for (int m = 0; m < 5; m++) {
                    fputc(',', f);
                    put_u64(f, more[m]);
                }
            }
            fputc(']', f);
        }
}

/* The pairs with malformed games between them ("m"), and how many. */
static void json_malformed(FILE *f, const struct ct_event *ev)
{
    int any = 0;
    for (size_t i = 0; ev->malformed && i < ev->n; i++)
        for (size_t j = i + 1; j < ev->n; j++) {
            uint32_t m = ev->malformed[i * ev->n + j];
            if (!m)
                continue;
            pair_start(f, &any, i, j);
            fputc(',', f);
            put_u64(f, m);
            fputc(']', f);
        }
}

/* The games listed under the table ("g"), by pair, then in games.csv's
 * order: the pair, then the row's kept cells with its row number. */
static void json_games(FILE *f, struct ct_event *ev)
{
    if (ev->ngames)
        qsort(ev->games, ev->ngames, sizeof *ev->games, by_pair_then_row);
    fputc('[', f);
    for (size_t g = 0; g < ev->ngames; g++) {
        const struct ct_game *x = &ev->games[g];
        fputs(g ? ",[" : "[", f);
        put_u64(f, x->lo);
        fputc(',', f);
        put_u64(f, x->hi);
        const char *at = x->text;
        for (int i = 0; i < 6; i++) {
            fputc(',', f);
            if (i == 5) {
                char t[ST_INT_TEXT];
                fwrite(t, 1, st_format_i64(t, x->row), f);
                fputc(',', f);
            }
            cli_json_string(f, at);
            at += strlen(at) + 1;
        }
        fputc(']', f);
    }
    fputc(']', f);
}

/* One event's data for cli/page/crosstable.js (its opening comment says
 * what each field is). */
static void event_json(FILE *f, const cli_crosstables *ct, struct ct_event *ev)
{
    int tb[2];
    const char *tb_name[2];
    tie_break_columns(st_event_format(ct->s, ev->e), tb, tb_name);
    fprintf(f, "{\"t\":[\"%s\",\"%s\"],\"p\":[", tb_name[0], tb_name[1]);
    json_players(f, ct->s, ev, tb);
    fputs("],\"c\":[", f);
    json_encounters(f, ct->s, ev);
    fputs("],\"m\":[", f);
    json_malformed(f, ev);
    fputs("],\"g\":", f);
    if (ev->listed)
        json_games(f, ev);
    else
        fputs("null", f);
    fputc('}', f);
}

/* The note on event e's games under review, if it has any, in a span:
 * under the title in the <summary> (which holds no paragraph), so that it
 * shows whether the table is open or not. */
static void review_html(FILE *f, const cli_crosstables *ct, size_t e)
{
    if (!ct->notes[e])
        return;
    fputs("<span class=\"xt-review\"><span class=\"rv\">\xE2\x80\xA0</span> ", f);
    cli_html_text(f, ct->notes[e]);
    fputs("</span>", f);
}

void cli_crosstables_html(FILE *f, cli_crosstables *ct)
{
    const st_stats *s = ct->s;
    fputs("<h2 id=\"crosstables\">Crosstables</h2>\n", f);
    if (!ct->nev && !ct->nbig) {
        fputs("<p>No event has two players who played each other.</p>\n", f);
        return;
    }
    fputs("<p class=\"note\">One per event (the Event: header), players by rank as in "
          "standings.csv, which has every tie-break; open an event to see its table. A cell is "
          "what the row's player scored against the column's; * marks games not scored "
          "(unfinished, or illegal games left out with --illegal-games exclude); "
          "<span class=\"mf\">!</span> marks malformed games, which could not be read move "
          "by move and count for neither player (violations.csv says why). A cell links "
          "to the games of the pair, listed under the table, each linking to the game viewer "
          "when it has a page.</p>\n"
          "<dl class=\"legend\" id=\"xt-legend\"><dt>DE</dt><dd>direct encounter: the "
          "points scored against the players level on points</dd><dt>SB</dt><dd>Sonneborn-"
          "Berger: each opponent's points times the points scored against them, added up"
          "</dd><dt>BH</dt><dd>Buchholz: the opponents' points added up, once a game</dd>"
          "<dt>BH-C1</dt><dd>Buchholz cut 1: Buchholz without the lowest opponent's points"
          "</dd></dl>\n<p class=\"note\">Round robins are ranked on points, then DE, then "
          "wins, then SB; Swiss events on points, then BH-C1, then BH, then wins.</p>\n",
          f);
    fprintf(f, "<p class=\"note\"><span class=\"rv\">\xE2\x80\xA0</span> marks points "
               "from games under review: illegal games with a result, %s "
               "(--illegal-games %s); a marked cell's title says who broke the rules. An "
               "event whose places would change if they were scored otherwise says so under "
               "its title.</p>\n<noscript><p class=\"note\">The crosstables need "
               "JavaScript; standings.csv has the standings.</p></noscript>\n",
            cli_review_policy(st_standings_policy(s)), st_illegal_name(st_standings_policy(s)));
    for (size_t k = 0; k < ct->nev; k++) {
        struct ct_event *ev = &ct->ev[k];
        enum st_format fmt = st_event_format(s, ev->e);
        fprintf(f, "<details class=\"xt\" id=\"xt%zu\" data-k=\"%zu\"><summary>", k, k);
        event_title(f, s, ev->e);
        fprintf(f, ": %s, %zu players, ", fmt == ST_FORMAT_ROUND_ROBIN ? "round robin" : "Swiss",
                ev->n);
        cli_html_count(f, ev->expected);
        fprintf(f, " game%s", ev->expected == 1 ? "" : "s");
        review_html(f, ct, ev->e);
        fputs("</summary></details>\n", f);
    }
    if (ct->nbig) {
        fprintf(f, "<p class=\"note\">No crosstable for the events of more than %d players "
                   "(standings.csv has their standings): ", CLI_CROSSTABLE_PLAYERS);
        for (size_t i = 0; i < ct->nbig; i++) {
            size_t first, n;
            st_event_rows(s, ct->big[i], &first, &n);
            fputs(i ? "; " : "", f);
            event_title(f, s, ct->big[i]);
            fprintf(f, " (%zu players)", n);
        }
        fputs(".</p>\n", f);
        for (size_t i = 0; i < ct->nbig; i++)
            if (ct->notes[ct->big[i]]) {
                fputs("<p class=\"note\">", f);
                event_title(f, s, ct->big[i]);
                fputs(":", f);
                review_html(f, ct, ct->big[i]);
                fputs("</p>\n", f);
            }
    }
    if (!ct->nev)
        return;
    fprintf(f, "<script type=\"application/json\" id=\"crosstables-data\" data-result=\"%s\" "
               "data-policy=\"%s\" data-budget=\"",
            ct->declared ? "Declared" : "Result", st_illegal_name(st_standings_policy(s)));
    cli_html_count(f, CLI_CROSSTABLE_GAMES);
    fputs("\">[", f);
    for (size_t k = 0; k < ct->nev; k++) {
        fputs(k ? ",\n" : "\n", f);
        event_json(f, ct, &ct->ev[k]);
    }
    fputs("]</script>\n", f);
    cli_html_script(f, cli_page_crosstable_js);
}

/* ---------------------------------------------------------- the sheet */

/* Doubled points as the sheet's text: "1½". */
static const char *half_text(uint64_t half, char *buf, size_t size)
{
    if (half % 2 == 0)
        snprintf(buf, size, "%llu", (unsigned long long)(half / 2));
    else if (half == 1)
        snprintf(buf, size, "\xC2\xBD");
    else
        snprintf(buf, size, "%llu\xC2\xBD", (unsigned long long)(half / 2));
    return buf;
}

/* A cell of the sheet: what row i scored against column j as the page
 * shows it, "1½ *" with * for games not scored, the dagger for points
 * under review and ! for malformed games; "" when the two never met. */
static const char *sheet_cell(const struct ct_event *ev, const st_stats *s, size_t i, size_t j,
                              char *cell, size_t size)
{
    struct st_encounter x;
    st_event_encounter(s, ev->first + i, ev->first + j, &x);
    size_t lo = i < j ? i : j, hi = i < j ? j : i;
    uint32_t bad = ev->malformed ? ev->malformed[lo * ev->n + hi] : 0;
    cell[0] = '\0';
    if (x.games)
        half_text(x.half, cell, size);
    if (x.paired > x.games)
        snprintf(cell + strlen(cell), size - strlen(cell), x.games ? " *" : "*");
    if (x.review)
        snprintf(cell + strlen(cell), size - strlen(cell), "\xE2\x80\xA0");
    if (bad)
        snprintf(cell + strlen(cell), size - strlen(cell), cell[0] ? " !" : "!");
    return cell;
}

/* The event's title and, when it has games under review, the note on
 * them, from row *row on. */
static enum cli_sheet_rc sheet_title(cli_sheet *sh, const st_stats *s, const struct ct_event *ev,
                                     uint32_t *row)
{
    enum st_format fmt = st_event_format(s, ev->e);
    /* The event's name whole (it may be long: the cell is cut to fit). */
    const char *event = st_event_name(s, ev->e)[0] ? st_event_name(s, ev->e)
                                                   : "(games without an Event: header)";
    int len = snprintf(NULL, 0, "%s (%s, %zu players)", event, st_format_name(fmt), ev->n);
    char *title = len < 0 ? NULL : malloc((size_t)len + 1);
    if (!title)
        return CLI_SHEET_NO_MEMORY;
    snprintf(title, (size_t)len + 1, "%s (%s, %zu players)", event, st_format_name(fmt), ev->n);
    enum cli_sheet_rc rc = cli_sheet_text(sh, (*row)++, 0, title, CLI_SHEET_BOLD);
    free(title);
    char *note = NULL;
    if (!rc && cli_review_note(s, ev->e, &note) != 0)
        rc = CLI_SHEET_NO_MEMORY;
    if (!rc && note) {
        /* The sheet marks those points with a dagger, as the page does. */
        size_t size = strlen(note) + 5;
        char *line = malloc(size);
        if (line) {
            snprintf(line, size, "\xE2\x80\xA0 %s", note);
            rc = cli_sheet_text(sh, (*row)++, 0, line, CLI_SHEET_PLAIN);
        } else {
            rc = CLI_SHEET_NO_MEMORY;
        }
        free(line);
    }
    free(note);
    return rc;
}

/* The head row: rank, player, points, each opponent's number and the
 * format's tie-breaks. */
static enum cli_sheet_rc sheet_head(cli_sheet *sh, uint32_t row, size_t n, const char **tb_name)
{
    const char *heads[3] = {"rank", "player", "points"};
    enum cli_sheet_rc rc = CLI_SHEET_OK;
    for (uint16_t c = 0; c < 3 && !rc; c++)
        rc = cli_sheet_text(sh, row, c, heads[c], CLI_SHEET_BOLD);
    for (size_t j = 0; j < n && !rc; j++)
        rc = cli_sheet_number(sh, row, (uint16_t)(3 + j), (double)(j + 1), CLI_SHEET_BOLD);
    for (int t = 0; t < 2 && !rc; t++)
        rc = cli_sheet_text(sh, row, (uint16_t)(3 + n + (size_t)t), tb_name[t], CLI_SHEET_BOLD);
    return rc;
}

/* Player i's row: rank, name, points, the cells as text and the
 * tie-breaks tb as numbers. */
static enum cli_sheet_rc sheet_player(cli_sheet *sh, const st_stats *s, const struct ct_event *ev,
                                      size_t i, const int *tb, uint32_t row)
{
    size_t n = ev->n;
    char buf[64];
    struct st_cell c[ST_S_COLS];
    st_table_row(s, ST_TABLE_STANDINGS, ev->first + i, c);
    enum cli_sheet_rc rc = cli_sheet_number(sh, row, 0, c[ST_S_RANK].value, CLI_SHEET_PLAIN);
    if (!rc)
        rc = cli_sheet_text(sh, row, 1, player_of(s, ev->first + i), CLI_SHEET_PLAIN);
    if (!rc)
        rc = cli_sheet_number(sh, row, 2,
                              strtod(cell_text(&c[ST_S_POINTS], buf, sizeof buf), NULL),
                              CLI_SHEET_PLAIN);
    for (size_t j = 0; j < n && !rc; j++) {
        char cell[48];
        if (i != j && sheet_cell(ev, s, i, j, cell, sizeof cell)[0])
            rc = cli_sheet_text(sh, row, (uint16_t)(3 + j), cell, CLI_SHEET_PLAIN);
    }
    for (int t = 0; t < 2 && !rc; t++)
        if (c[tb[t]].kind != ST_CELL_EMPTY)
            rc = cli_sheet_number(sh, row, (uint16_t)(3 + n + (size_t)t),
                                  strtod(cell_text(&c[tb[t]], buf, sizeof buf), NULL),
                                  CLI_SHEET_PLAIN);
    return rc;
}

/* One event's table: its title, the head row, a row per player. */
static enum cli_sheet_rc sheet_event(cli_sheet *sh, const st_stats *s, const struct ct_event *ev,
                                     uint32_t *row)
{
    int tb[2];
    const char *tb_name[2];
    tie_break_columns(st_event_format(s, ev->e), tb, tb_name);
    enum cli_sheet_rc rc = sheet_title(sh, s, ev, row);
    if (!rc)
        rc = sheet_head(sh, *row, ev->n, tb_name);
    ++*row;
    for (size_t i = 0; i < ev->n && !rc; i++, ++*row)
        rc = sheet_player(sh, s, ev, i, tb, *row);
    ++*row;
    return rc;
}

enum cli_sheet_rc cli_crosstables_sheet(cli_sheet *sh, const cli_crosstables *ct)
{
    cli_sheet_width(sh, 1, 30);
    /* The marks, as the page's legend says them. */
    enum cli_sheet_rc rc = cli_sheet_text(sh, 0, 0,
                                          "A cell is what the row's player scored against the "
                                          "column's; * marks games not scored, \xE2\x80\xA0 "
                                          "points from games under review, ! malformed games "
                                          "(counted for neither player; violations.csv says why).",
                                          CLI_SHEET_PLAIN);
    uint32_t row = 2;
    for (size_t k = 0; k < ct->nev && !rc; k++) {
        if (row + ct->ev[k].n + 4 >= CLI_SHEET_ROWS)
            return CLI_SHEET_FULL;
        rc = sheet_event(sh, ct->s, &ct->ev[k], &row);
    }
    return rc;
}
