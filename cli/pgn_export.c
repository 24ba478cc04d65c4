/*
 * pgn_export: a replayed game as PGN (analyze --pgn, docs/pgn.md).
 *
 * A recorder per worker hears the SAN of every accepted turn through the
 * replay loop's notation (rp_game_notate); once the game is over, the
 * game's headers and report give the tags, the moves are written, and
 * each violation becomes a comment after the last move played: the loop
 * stops at the first rejected turn, so that is where the game is cut
 * (what follows cannot be notated).  Which variants are exported is the
 * variants' own data (a san slot and a pgn_variant name); nothing here
 * names one.  A game is written as a record (cli_pgn_rec_write), which
 * pgn_files.c routes into FILE or its variant's file (in a run's writer,
 * or in merge from the shards' parts).
 *
 * The tags: the Seven Tag Roster first, in the standard's order, then the
 * others in ASCII order, as the export format asks (PGN standard 8.1.1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"

struct cli_pgn_rec {
    int active;                   /* this game's moves are being recorded */
    int broken;                   /* a turn had no SAN */
    int fen_tag;                  /* the game has a FEN: header: SetUp and FEN tags */
    char fen[512];                /* the position it started from */
    int number, black_first;      /* the first move's number and side, from the FEN */
    struct fmt_buf moves;         /* the SANs, each with its NUL */
    size_t nmoves;
    struct fmt_buf text;          /* a game's PGN, before it is framed as a part's record */
};

cli_pgn_rec *cli_pgn_rec_new(void) { return calloc(1, sizeof(struct cli_pgn_rec)); }

void cli_pgn_rec_free(cli_pgn_rec *p)
{
    if (!p)
        return;
    fmt_buf_release(&p->moves);
    fmt_buf_release(&p->text);
    free(p);
}

static void hear(void *ctx, const struct fmt_turn *turn, const char *san)
{
    cli_pgn_rec *p = ctx;
    (void)turn;
    if (!san || fmt_buf_add(&p->moves, san, strlen(san) + 1) != FMT_OK)
        p->broken = 1;
    else
        p->nmoves++;
}

static int has_fen_header(const struct fmt_game *g)
{
    for (size_t i = 0; i < g->nextra; i++)
        if (strcasecmp(g->extra[i].key, "FEN") == 0)
            return 1;
    return 0;
}

/* The move number and side to move of a FEN's last fields. */
static void numbering(cli_pgn_rec *p)
{
    char side = 'w';
    long fullmove = 1;
    const char *s = p->fen;
    for (int field = 0; *s; field++) {
        s += strspn(s, " ");
        if (field == 1)
            side = *s;
        const char *next = s + strcspn(s, " ");
        if (!*next && field >= 1)
            fullmove = strtol(s, NULL, 10);
        s = next;
    }
    p->black_first = side == 'b';
    p->number = fullmove > 0 && fullmove < 1000000 ? (int)fullmove : 1;
}

/* The position is orthodox chess's start array with White to move (a
 * pocket, "[...]" after the placement, is any variant's own). */
static int orthodox_start(const char *fen)
{
    static const char array[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    size_t n = sizeof array - 1;
    if (strncmp(fen, array, n) != 0)
        return 0;
    const char *s = fen + n;
    if (*s == '[')
        s += strcspn(s, "]") + (s[strcspn(s, "]")] ? 1 : 0);
    return strncmp(s, " w", 2) == 0;
}

int cli_pgn_rec_start(cli_pgn_rec *p, rp_game *G, const struct fmt_game *g)
{
    p->active = p->broken = p->fen_tag = 0;
    p->moves.len = 0;
    p->nmoves = 0;
    p->number = 1;
    p->black_first = 0;
    const struct rp_variant *v = rp_game_variant(G);
    if (!v || !v->pgn_variant || rp_game_notate(G, hear, p) != RP_DONE)
        return 0;
    p->active = 1;
    if (rp_game_fen(G, p->fen, sizeof p->fen) == RP_DONE)
        numbering(p);
    else
        p->fen[0] = '\0';
    /* A game from the orthodox array, White to move, needs no FEN: the
     * tools know it, and the Variant tag says whose rules follow.  Any
     * other start (a FEN: header, Horde's array) is given as lichess
     * gives it: FEN and SetUp "1". */
    p->fen_tag = p->fen[0] && (has_fen_header(g) || !orthodox_start(p->fen));
    return 0;
}

/* "2024.02.05" from a Started: value that begins with a date YYYY-MM-DD;
 * the standard's unknown date otherwise. */
static void pgn_date(const char *started, char out[11])
{
    int ok = started && strlen(started) >= 10;
    for (int i = 0; ok && i < 10; i++)
        ok = i == 4 || i == 7 ? started[i] == '-' : started[i] >= '0' && started[i] <= '9';
    if (!ok) {
        memcpy(out, "????.??.??", 11);
        return;
    }
    memcpy(out, started, 10);
    out[4] = out[7] = '.';
    out[10] = '\0';
}

static const char *or_unknown(const char *s) { return s && s[0] ? s : "?"; }

/* {gcaudit: CODE: 12... TEXT: MESSAGE}: the turn as the log has it, when
 * the violation is a turn's.  0, or -1 when out of memory (the comment
 * not written). */
static int violation_comment(struct fmt_pgn *w, const struct rp_violation *v)
{
    size_t n = strlen(v->message) + (v->text ? strlen(v->text) : 0) + 96;
    char *c = malloc(n);
    if (!c)
        return -1;
    if (v->text && v->turn > 0)
        snprintf(c, n, "gcaudit: %s: %d%s %s: %s", rp_code_name(v->code), v->turn,
                 v->side == FMT_BLACK ? "..." : ".", v->text, v->message);
    else if (v->text)
        snprintf(c, n, "gcaudit: %s: %s: %s", rp_code_name(v->code), v->text, v->message);
    else
        snprintf(c, n, "gcaudit: %s: %s", rp_code_name(v->code), v->message);
    fmt_pgn_comment(w, c);
    free(c);
    return 0;
}

static int write_game(cli_pgn_rec *p, const struct fmt_game *g, const struct rp_report *r,
                      const struct cli_where *where, struct fmt_buf *out)
{
    struct fmt_pgn w;
    char date[11], *location = NULL;
    pgn_date(g->started, date);
    const char *log = g->log && g->log[0] ? g->log : NULL;
    if (!log) {
        size_t n = strlen(where->source) + strlen(where->entry) + 32;
        if (!(location = malloc(n)))
            return -1;
        snprintf(location, n, "%s%s%s, game %d", where->source, where->entry[0] ? "!" : "",
                 where->entry, where->game_index);
        log = location;
    }
    const char *variant = r->variant->pgn_variant;
    fmt_pgn_begin(&w, out);
    fmt_pgn_tag(&w, "Event", or_unknown(g->event));
    fmt_pgn_tag(&w, "Site", "Game Courier");
    fmt_pgn_tag(&w, "Date", date);
    fmt_pgn_tag(&w, "Round", or_unknown(g->round));
    fmt_pgn_tag(&w, "White", or_unknown(g->white));
    fmt_pgn_tag(&w, "Black", or_unknown(g->black));
    fmt_pgn_tag(&w, "Result", rp_result_name(r->result));
    fmt_pgn_tag(&w, "Annotator", "gcaudit");
    if (p->fen_tag)
        fmt_pgn_tag(&w, "FEN", p->fen);
    fmt_pgn_tag(&w, "GameCourierLog", log);
    if (p->fen_tag)
        fmt_pgn_tag(&w, "SetUp", "1");
    if (r->termination.kind != RP_TERM_NONE)
        fmt_pgn_tag(&w, "Termination", r->termination_name);

    if (variant[0])
        fmt_pgn_tag(&w, "Variant", variant);
    free(location);
    fmt_pgn_moves_start(&w, p->number, p->black_first);
    const char *san = p->moves.data;
    for (size_t i = 0; i < p->nmoves; i++, san += strlen(san) + 1)
        fmt_pgn_move(&w, san);
    /* The loop stops at the first rejected turn, so every violation (and
     * a result mismatch, which is the game's) belongs after the last move
     * played. */
    int commented = 0;
    for (size_t i = 0; i < r->nviolations && commented == 0; i++)
        commented = violation_comment(&w, &r->violations[i]);
    /* fmt_pgn_end answers for every call on the game (formats.h). */
    return fmt_pgn_end(&w, rp_result_name(r->result)) == FMT_OK && commented == 0 ? 0 : -1;
}

static enum cli_pgn_fate fate_of(const cli_pgn_rec *p, const struct rp_report *r)
{
    if (!r->replayed)
        return CLI_PGN_NOT_REPLAYED;
    if (!r->variant->san || !r->variant->pgn_variant)
        return CLI_PGN_OTHER_VARIANT;
    return p->active && !p->broken ? CLI_PGN_EXPORTED : CLI_PGN_NO_NOTATION;
}

int cli_pgn_rec_write(cli_pgn_rec *p, const struct fmt_game *g, const struct rp_report *r,
                      const struct cli_where *w, int part, struct fmt_buf *out,
                      enum cli_pgn_fate *fate)
{
    *fate = fate_of(p, r);
    char head[64];
    if (*fate != CLI_PGN_EXPORTED) {
        if (!part)
            return 0;
        int n = snprintf(head, sizeof head, "pgn-left-out %s\n", cli_pgn_fate_name(*fate));
        return fmt_buf_add(out, head, (size_t)n) == FMT_OK ? 0 : -1;
    }
    if (!part)
        return write_game(p, g, r, w, out);
    /* A part's record says how many lines follow: merge copies them
     * without reading PGN. */
    p->text.len = 0;
    if (write_game(p, g, r, w, &p->text) != 0)
        return -1;
    size_t lines = 0;
    for (size_t i = 0; i < p->text.len; i++)
        lines += p->text.data[i] == '\n';
    int n = snprintf(head, sizeof head, "pgn %zu\n", lines);
    return fmt_buf_add(out, head, (size_t)n) == FMT_OK &&
                   fmt_buf_add(out, p->text.data, p->text.len) == FMT_OK
               ? 0
               : -1;
}

static const char *const fate_names[CLI_PGN_FATES] = {"", "variant", "not-replayed",
                                                      "no-notation"};

const char *cli_pgn_fate_name(enum cli_pgn_fate f) { return fate_names[f]; }

int cli_pgn_fate_parse(const char *s)
{
    for (int f = CLI_PGN_OTHER_VARIANT; f < CLI_PGN_FATES; f++)
        if (strcmp(s, fate_names[f]) == 0)
            return f;
    return -1;
}

void cli_pgn_summary(const struct cli_pgn_counts *c, const cli_pgn_files *F, const char *file,
                     int shard)
{
    char *text = cli_pgn_files_text(c, F, file, shard);
    if (text)
        printf("  pgn: %s\n", text);
    else
        cli_error("out of memory");
    free(text);
}

void cli_pgn_warn(const struct cli_pgn_counts *c, const char *file)
{
    uint64_t n = c->n[CLI_PGN_NO_NOTATION];
    if (n)
        cli_warning("%llu game%s left out of '%s': the variant could not write a turn in SAN "
                    "(a fault of gcaudit's: please report it)",
                    (unsigned long long)n, n == 1 ? "" : "s", file);
}

const char *const cli_pgn_part_header[1] = {"gcaudit-pgn-part"};
