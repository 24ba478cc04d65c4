/*
 * fairy_fen: Fairy-Stockfish's FEN for a defined variant, read and written
 * (docs/defined-variants.md "FEN:"; 11.1's Position::set and
 * Position::fen).
 *
 * Fields: placement (digits may be two, "10"; a piece letter, "Q~" for a
 * promoted pawn in a drop variant, "+S" for a promoted piece; [hand]
 * after the placement), side to move, castling (KQkq, or the rooks' file
 * letters as in X-FEN and Shredder-FEN; Seirawan: the gates), en passant
 * square (or Makruk's counting limit), n-check counts ("3+3"), halfmove
 * clock, move number.  Castling and en passant may be missing altogether
 * (Shogi: "[-] w 0 1").
 *
 * 11.1 reads leniently; a FEN header from a log is checked: every rank
 * full, every letter a piece of the variant, every castling right backed
 * by its king and rook, every number (halfmove clock, move number, Makruk's
 * counting limit) at most FEN_NUMBER_MAX.  A wrong one makes the game
 * malformed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_pos.h"

#define PROMOTED_NO_BASE RP_FPROMOTED_NO_BASE

/* The largest halfmove clock, move number or counting limit a FEN may
 * give (docs/defined-variants.md, "FEN:"): far beyond any game played,
 * and small enough that the counters the moves then advance (one a ply,
 * in an int) and the move rules' comparisons (twice a key's number of
 * moves) never overflow, however long the game. */
#define FEN_NUMBER_MAX 1000000

static int fail(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return -1;
}

int rp_ftype_of_letter(const struct rp_fdef *d, char c)
{
    char l = (char)tolower((unsigned char)c);
    for (int i = 0; i < d->ntypes; i++) {
        int t = d->present[i];
        if (d->types[t].letter == l || (d->types[t].synonym && d->types[t].synonym == l))
            return t;
    }
    return -1;
}

static void empty_board(struct rp_fpos *p, const struct rp_fdef *d)
{
    memset(p, 0, sizeof *p);
    p->def = d;
    memset(p->b, RP_FOFF, sizeof p->b);
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++)
            p->b[rp_fsq(f, r)] = 0;
    p->king[0] = p->king[1] = RP_FNOSQ;
    p->ep = p->ep2 = p->ep_victim = RP_FNOSQ;
}

static int read_placement(struct rp_fpos *p, const struct rp_fdef *d, const char **s, char *why, size_t size)
{
    int rank = d->ranks - 1, file = 0;
    const char *c = *s;
    for (; *c && *c != ' ' && *c != '['; c++) {
        if (isdigit((unsigned char)*c)) {
            int n = *c - '0';
            if (isdigit((unsigned char)c[1]))
                n = n * 10 + (*++c - '0');
            if (n == 0 || file + n > d->files)
                return fail(why, size, "rank %d of the FEN has more than %d squares", rank + 1, d->files);
            file += n;
        } else if (*c == '*') {
            /* A wall: a square nothing stands on, moves to or passes
             * (the reference's wall squares); off the board to the
             * engine, which stops a line there as at the edge. */
            if (file >= d->files)
                return fail(why, size, "rank %d of the FEN has more than %d squares", rank + 1, d->files);
            if (d->hoppers)
                return fail(why, size, "a wall square ('*') in the FEN: gcaudit does not implement walls where "
                                       "pieces hop (a cannon's or a grasshopper's screen)");
            p->b[rp_fsq(file, rank)] = RP_FOFF;
            p->key_board ^= rp_fpiece_key(RP_FOFF, 0, rp_fsq(file, rank));
            file++;
        } else if (*c == '/') {
            if (file != d->files)
                return fail(why, size, "rank %d of the FEN has %d squares, not %d", rank + 1, file, d->files);
            if (--rank < 0)
                return fail(why, size, "the FEN has more than %d ranks", d->ranks);
            file = 0;
        } else {
            int promoted_base = 0;
            if (*c == '+') {
                c++;
                int base = rp_ftype_of_letter(d, *c);
                if (base < 0 || d->types[base].promoted < 0)
                    return fail(why, size, "\"+%c\" in the FEN is no promoted piece of the variant", *c ? *c : ' ');
                promoted_base = base + 1;
            }
            int t = rp_ftype_of_letter(d, *c);
            if (t < 0 || !isalpha((unsigned char)*c))
                return fail(why, size, "'%c' in the FEN is no piece of the variant", *c);
            if (promoted_base)
                t = d->types[promoted_base - 1].promoted;
            int colour = isupper((unsigned char)*c) ? 0 : 1;
            if (c[1] == '~') {
                c++;
                if (!promoted_base)
                    promoted_base = PROMOTED_NO_BASE;
            }
            if (file >= d->files)
                return fail(why, size, "rank %d of the FEN has more than %d squares", rank + 1, d->files);
            if (t == d->king && p->king[colour] != RP_FNOSQ)
                return fail(why, size, "the FEN gives %s two kings", colour ? "Black" : "White");
            rp_fpos_put(p, rp_fsq(file, rank), t, colour, promoted_base);
            file++;
        }
    }
    if (rank != 0)
        return fail(why, size, "the FEN has %d ranks, not %d", d->ranks - rank, d->ranks);
    if (file != d->files)
        return fail(why, size, "rank 1 of the FEN has %d squares, not %d", file, d->files);
    if (*c == '[') {
        for (c++; *c && *c != ']'; c++) {
            if (*c == '-')
                continue;
            int t = rp_ftype_of_letter(d, *c);
            if (t < 0 || !isalpha((unsigned char)*c))
                return fail(why, size, "'%c' in the FEN's hand is no piece of the variant", *c);
            int colour = isupper((unsigned char)*c) ? 0 : 1;
            if (p->hand[colour][t] == 255)
                return fail(why, size, "too many pieces in hand");
            p->hand[colour][t]++;
        }
        if (*c != ']')
            return fail(why, size, "the FEN's hand has no closing ']'");
        c++;
    }
    *s = c;
    return 0;
}

static int castling_rank(const struct rp_fdef *d, int colour)
{
    return colour ? d->ranks - d->castling_rank : d->castling_rank - 1;
}

/* Fairy-Stockfish's set_castling_right: the side follows from where the
 * king is; with no king, the piece on castlingKingFile castles. */
static void set_castling(struct rp_fpos *p, int colour, int rook_sq)
{
    const struct rp_fdef *d = p->def;
    int ksq = p->king[colour] != RP_FNOSQ ? p->king[colour] : rp_fsq(d->castling_king_file, castling_rank(d, colour));
    int queen_side = rook_sq < ksq;
    int idx = colour * 2 + queen_side;
    p->castle_rights |= 1 << idx;
    p->castle_rook[idx] = rook_sq;
    p->castle_king[idx] = ksq;
}

static int count_hand(const struct rp_fpos *p, int colour)
{
    int n = 0;
    for (int t = 0; t < RP_FMAX_TYPES; t++)
        n += p->hand[colour][t];
    return n;
}

static int read_castling(struct rp_fpos *p, const char *field, char *why, size_t size)
{
    const struct rp_fdef *d = p->def;
    if (strcmp(field, "-") == 0)
        return 0;
    for (const char *c = field; *c; c++) {
        int colour = islower((unsigned char)*c) ? 1 : 0;
        char u = (char)toupper((unsigned char)*c);
        int rank = castling_rank(d, colour), rsq = -1;
        if ((u == 'K' || u == 'Q') && !d->castling && !d->gating)
            continue; /* no castling: the reference reads no right, and needs no rook */
        /* K and Q: the first rook from castlingRook{King,Queen}sideFile
         * towards the king, as the reference's set_castling_right. */
        if (u == 'K') {
            int start = d->castling_rook_kingside_file < d->files ? d->castling_rook_kingside_file : d->files - 1;
            for (int f = start; f >= 0 && rsq < 0; f--)
                if (rp_fcastling_rook(d, p->b[rp_fsq(f, rank)], colour))
                    rsq = rp_fsq(f, rank);
        } else if (u == 'Q') {
            for (int f = d->castling_rook_queenside_file; f < d->files && rsq < 0; f++)
                if (rp_fcastling_rook(d, p->b[rp_fsq(f, rank)], colour))
                    rsq = rp_fsq(f, rank);
        } else if (u >= 'A' && u < 'A' + d->files) {
            rsq = rp_fsq(u - 'A', rank);
        } else {
            return fail(why, size, "'%c' in the FEN's castling field names no castling", *c);
        }
        if (rsq < 0)
            return fail(why, size, "castling right '%c' in the FEN but no rook for it", *c);
        if (d->gating) {
            rp_fset_add(&p->gates[colour], rsq);
            if (u == 'K' || u == 'Q')
                rp_fset_add(&p->gates[colour], p->king[colour] != RP_FNOSQ ? p->king[colour]
                                                                           : rp_fsq(4, rank));
            else if (!d->seirawan_gating || count_hand(p, colour) || d->captures_to_hand)
                continue; /* a gate only, while pieces wait in hand */
        }
        if (!d->castling)
            continue;
        if (!rp_fcastling_rook(d, p->b[rsq], colour))
            return fail(why, size, "castling right '%c' in the FEN but no rook on its square", *c);
        set_castling(p, colour, rsq);
    }
    if (d->gating && d->castling)
        for (int colour = 0; colour < 2; colour++) {
            int ksq = p->king[colour];
            int any = (p->castle_rights >> (colour * 2)) & 3;
            if (ksq != RP_FNOSQ && rp_fset_has(&p->gates[colour], ksq) && !any &&
                (!d->seirawan_gating || count_hand(p, colour) || d->captures_to_hand))
                for (int f = 0; f < d->files; f++) {
                    int sq = rp_fsq(f, castling_rank(d, colour));
                    if (rp_fset_has(&p->gates[colour], sq) && rp_fcastling_rook(d, p->b[sq], colour))
                        set_castling(p, colour, sq);
                }
        }
    return 0;
}

/* A square written as Fairy-Stockfish writes one: "e3", "j10". */
static int fen_square(const struct rp_fdef *d, const char *s)
{
    if (!islower((unsigned char)s[0]) || s[0] - 'a' >= d->files)
        return -1;
    char *end;
    long r = strtol(s + 1, &end, 10);
    if (end == s + 1 || *end || r < 1 || r > d->ranks)
        return -1;
    return rp_fsq(s[0] - 'a', (int)r - 1);
}

/* The en passant field as the reference writes it after a custom
 * piece's double step: the square passed and the piece's own square
 * ("d3c4", in the order of the squares): *ep gets the empty one, *victim
 * the one the side not to move stands on, 0.  After a pawn's triple
 * step, the two squares passed (both empty): *ep and *victim, 1.  -1
 * when it is neither. */
static int ep_pair(const struct rp_fpos *p, const char *field, int *ep, int *victim)
{
    size_t n = strlen(field);
    for (size_t cut = 2; cut + 2 <= n; cut++) {
        char a[8];
        if (cut >= sizeof a || !isdigit((unsigned char)field[cut - 1]) || !islower((unsigned char)field[cut]))
            continue;
        memcpy(a, field, cut);
        a[cut] = '\0';
        int s1 = fen_square(p->def, a), s2 = fen_square(p->def, field + cut);
        if (s1 < 0 || s2 < 0 || s1 >= s2)
            return -1;
        if (p->b[s1] == 0 && p->b[s2] == 0) {
            *ep = s1; /* a pawn's triple step: two squares passed */
            *victim = s2;
            return 1;
        }
        for (int k = 0; k < 2; k++) {
            int e = k ? s2 : s1, v = k ? s1 : s2;
            if (p->b[e] == 0 && rp_fp_real(p->b[v]) && rp_fp_colour(p->b[v]) != p->side) {
                *ep = e;
                *victim = v;
                return 0;
            }
        }
        return -1;
    }
    return -1;
}

static void read_ep_square(struct rp_fpos *p, int sq);

static int read_ep(struct rp_fpos *p, const char *field, char *why, size_t size)
{
    const struct rp_fdef *d = p->def;
    if (strcmp(field, "-") == 0)
        return 0;
    int us = p->side;
    int sq = fen_square(d, field), victim = RP_FNOSQ, pair = sq < 0 ? ep_pair(p, field, &sq, &victim) : -2;
    if (pair == 1) {
        /* Two squares a pawn's triple step passed: each kept as one. */
        read_ep_square(p, sq);
        int first = p->ep;
        p->ep = RP_FNOSQ;
        read_ep_square(p, victim);
        if (first != RP_FNOSQ && p->ep == RP_FNOSQ) {
            p->ep = first;
        } else if (first != RP_FNOSQ) {
            /* Both: the square next to the pawn first, as rp_fmake keeps
             * them (the key tells the two apart), whatever the FEN's
             * order (it writes them by square). */
            int second = p->ep, first_near = us ? first > second : first < second;
            p->ep = first_near ? first : second;
            p->ep2 = first_near ? second : first;
        }
        return 0;
    }
    if (pair == 0 || (d->pawn_like[us] & d->en_passant_types[us])) {
        /* Pieces besides the pawn take en passant, or a custom piece's
         * pair: the reference keeps the square as given (it writes the
         * pair after a custom piece's double step whether or not a piece
         * of the side to move could take there). */
        if (pair == -1)
            return fail(why, size, "\"%s\" in the FEN is no en passant square", field);
        if (p->b[sq] == 0) {
            p->ep = sq;
            p->ep_victim = victim;
        }
        return 0;
    }
    if (sq < 0 || pair == 0)
        return fail(why, size, "\"%s\" in the FEN is no en passant square", field);
    read_ep_square(p, sq);
    return 0;
}

/* A pawn's en passant square: 11.1 keeps it only where a pawn of the side
 * to move could take. */
static void read_ep_square(struct rp_fpos *p, int sq)
{
    const struct rp_fdef *d = p->def;
    int us = p->side, push = us ? -RP_FMB_COLS : RP_FMB_COLS;
    int pawn = d->pawn;
    if (pawn < 0)
        return;
    rp_fpiece mine = rp_fp_make(pawn, us), theirs = rp_fp_make(pawn, !us);
    int attacked = p->b[sq - push - 1] == mine || p->b[sq - push + 1] == mine;
    /* Their pawn one square beyond it, or two after a triple step. */
    if (attacked && (p->b[sq - push] == theirs || (p->b[sq - push] == 0 && p->b[sq - 2 * push] == theirs)))
        p->ep = sq;
}

/* Split the fields after the placement: their number, or -1 when one is
 * longer than 31 characters, -2 when there are more than 8. */
static int fields(const char *s, char f[8][32])
{
    int n = 0;
    while (*s && n < 8) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        size_t len = 0;
        while (s[len] && s[len] != ' ')
            len++;
        if (len >= 32)
            return -1;
        memcpy(f[n], s, len);
        f[n][len] = '\0';
        n++;
        s += len;
    }
    while (*s == ' ')
        s++;
    return *s ? -2 : n;
}

static int is_number(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* A field of digits as a number from 0 to FEN_NUMBER_MAX into *out;
 * -1 with the reason when it is more (what it is: "halfmove clock"). */
static int bounded(const char *field, const char *what, int *out, char *why, size_t size)
{
    long n = 0;
    for (const char *c = field; *c; c++) {
        n = n * 10 + (*c - '0');
        if (n > FEN_NUMBER_MAX)
            return fail(why, size, "the FEN's %s %s is over %d", what, field, FEN_NUMBER_MAX);
    }
    *out = (int)n;
    return 0;
}

int rp_ffen_read(struct rp_fpos *p, const struct rp_fdef *d, const char *fen, char *why, size_t size)
{
    empty_board(p, d);
    const char *s = fen;
    while (*s == ' ')
        s++;
    if (read_placement(p, d, &s, why, size) != 0)
        return -1;
    char f[8][32];
    int n = fields(s, f), i = 0;
    if (n == -1)
        return fail(why, size, "a field of the FEN is longer than 31 characters");
    if (n == -2)
        return fail(why, size, "the FEN has more than 8 fields");
    /* The placement alone: White to move, as Fairy-Stockfish reads it
     * (variants.ini's alapo writes its start so). */
    if (n >= 1 && strcmp(f[i], "w") && strcmp(f[i], "b"))
        return fail(why, size, "\"%s\" in the FEN is no side to move (w or b)", f[i]);
    p->side = n >= 1 && f[i++][0] == 'b';
    if (i < n && !is_number(f[i])) {
        if (read_castling(p, f[i++], why, size) != 0)
            return -1;
        /* Makruk's counting limit stands where the en passant square would:
         * then three numbers follow the castling field. */
        if (i < n && d->counting_rule && is_number(f[i]) && n - i >= 3) {
            if (bounded(f[i++], "counting limit", &p->counting_limit, why, size) != 0)
                return -1;
        } else if (i < n && !is_number(f[i]) && !strchr(f[i], '+')) {
            if (read_ep(p, f[i++], why, size) != 0)
                return -1;
        }
    }
    p->checks_left[0] = p->checks_left[1] = 1;
    if (d->check_counting && i < n && strchr(f[i], '+')) {
        const char *c = f[i++];
        if (!isdigit((unsigned char)c[0]) || c[1] != '+' || !isdigit((unsigned char)c[2]) || c[3])
            return fail(why, size, "\"%s\" in the FEN is no check count (\"3+3\")", c);
        p->checks_left[0] = c[0] - '0';
        p->checks_left[1] = c[2] - '0';
    }
    if (i < n) {
        if (!is_number(f[i]))
            return fail(why, size, "\"%s\" in the FEN is no halfmove clock", f[i]);
        if (bounded(f[i++], "halfmove clock", &p->rule50, why, size) != 0)
            return -1;
    }
    if (i < n) {
        if (!is_number(f[i]))
            return fail(why, size, "\"%s\" in the FEN is no move number", f[i]);
        int fullmove = 0;
        if (bounded(f[i++], "move number", &fullmove, why, size) != 0)
            return -1;
        p->plies = (fullmove > 1 ? 2 * (fullmove - 1) : 0) + p->side;
    }
    if (i < n)
        return fail(why, size, "unexpected \"%s\" at the end of the FEN", f[i]);
    if (p->counting_limit && p->rule50) {
        p->counting_ply = p->rule50;
        p->rule50 = 0;
    }
    p->key_castle = rp_fcastle_key(p);
    p->in_check = p->king[p->side] != RP_FNOSQ && rp_fattacked(p, p->king[p->side], !p->side);
    if (d->shatar_mate_rule)
        p->shak_run[p->side] = p->in_check && (rp_fchecker_types(p) & d->shak_types) != 0;
    p->bikjang = rp_fbikjang(p);
    return 0;
}

int rp_ffen_read_start(struct rp_fpos *p, const struct rp_fdef *d, const char *fen, char *why, size_t size)
{
    if (rp_ffen_read(p, d, fen, why, size) != 0)
        return -1;
    /* The side that has just moved cannot be in check: no move led here.
     * Fairy-Stockfish 230826 plays on from such a position and keeps the
     * check (the king must answer it); gcaudit refuses the position. */
    int them = !p->side;
    if (p->king[them] != RP_FNOSQ && rp_fattacked(p, p->king[them], p->side))
        return fail(why, size, "%s is in check with %s to move", rp_fcolour_name(them), rp_fcolour_name(p->side));
    return 0;
}

/* ----------------------------------------------------------- writing */

#define PUT(...) (*at += (size_t)snprintf(buf + *at, *at < size ? size - *at : 0, __VA_ARGS__))

/* The placement field, and the hand in brackets where the variant has one. */
static void write_board(const struct rp_fpos *p, char *buf, size_t size, size_t *at)
{
    const struct rp_fdef *d = p->def;
    for (int r = d->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            rp_fpiece pc = p->b[sq];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                PUT("%d", empty);
            empty = 0;
            if (pc == RP_FOFF) {
                PUT("*");
                continue;
            }
            int colour = rp_fp_colour(pc), t = rp_fp_type(pc), base = p->unpromoted[sq];
            if (base && base != PROMOTED_NO_BASE && d->types[base - 1].promoted == t) {
                char l = d->types[base - 1].letter;
                PUT("+%c", colour ? l : (char)toupper((unsigned char)l));
            } else {
                char l = d->types[t].letter;
                PUT("%c", colour ? l : (char)toupper((unsigned char)l));
                if (base && d->captures_to_hand && !d->drop_loop)
                    PUT("~");
            }
        }
        if (empty)
            PUT("%d", empty);
        if (r)
            PUT("/");
    }
    if (d->piece_drops || d->seirawan_gating) {
        PUT("[");
        for (int c = 0; c < 2; c++)
            for (int t = RP_FMAX_TYPES - 1; t >= 0; t--)
                for (int k = 0; k < p->hand[c][t]; k++)
                    PUT("%c", c ? d->types[t].letter : (char)toupper((unsigned char)d->types[t].letter));
        PUT("]");
    }
}

/* The castling field, with the gating files where the variant gates. */
static void write_castling(const struct rp_fpos *p, char *buf, size_t size, size_t *at)
{
    const struct rp_fdef *d = p->def;
    int any = 0;
    for (int c = 0; c < 2; c++) {
        for (int q = 0; q < 2; q++) {
            int idx = c * 2 + q;
            if (!(p->castle_rights >> idx & 1))
                continue;
            any = 1;
            char ch = d->chess960 ? (char)('A' + rp_ffile(p->castle_rook[idx])) : (q ? 'Q' : 'K');
            PUT("%c", c ? (char)tolower((unsigned char)ch) : ch);
        }
        if (d->gating && !rp_fset_empty(&p->gates[c]) &&
            (!d->seirawan_gating || count_hand(p, c) || d->captures_to_hand))
            for (int f = 0; f < d->files; f++) {
                int has = 0;
                for (int r = 0; r < d->ranks; r++)
                    has |= rp_fset_has(&p->gates[c], rp_fsq(f, r));
                if (has) {
                    any = 1;
                    PUT("%c", (c ? 'a' : 'A') + f);
                }
            }
    }
    if (!any)
        PUT("-");
}

/* The en passant field (a counting rule's limit in its place). */
static void write_ep(const struct rp_fpos *p, char *buf, size_t size, size_t *at)
{
    if (p->counting_limit)
        PUT(" %d ", p->counting_limit);
    else if (p->ep != RP_FNOSQ && p->ep2 != RP_FNOSQ)
        PUT(" %c%d%c%d ", 'a' + rp_ffile(p->ep < p->ep2 ? p->ep : p->ep2), rp_frank(p->ep < p->ep2 ? p->ep : p->ep2) + 1,
            'a' + rp_ffile(p->ep < p->ep2 ? p->ep2 : p->ep), rp_frank(p->ep < p->ep2 ? p->ep2 : p->ep) + 1);
    else if (p->ep != RP_FNOSQ && p->ep_victim != RP_FNOSQ)
        PUT(" %c%d%c%d ", 'a' + rp_ffile(p->ep < p->ep_victim ? p->ep : p->ep_victim),
            rp_frank(p->ep < p->ep_victim ? p->ep : p->ep_victim) + 1,
            'a' + rp_ffile(p->ep < p->ep_victim ? p->ep_victim : p->ep),
            rp_frank(p->ep < p->ep_victim ? p->ep_victim : p->ep) + 1);
    else if (p->ep != RP_FNOSQ)
        PUT(" %c%d ", 'a' + rp_ffile(p->ep), rp_frank(p->ep) + 1);
    else
        PUT(" - ");
}

void rp_ffen_write(const struct rp_fpos *p, char *buf, size_t size)
{
    const struct rp_fdef *d = p->def;
    size_t pos = 0, *at = &pos;
    write_board(p, buf, size, at);
    PUT(" %c ", p->side ? 'b' : 'w');
    write_castling(p, buf, size, at);
    write_ep(p, buf, size, at);
    if (d->check_counting)
        PUT("%d+%d ", p->checks_left[0], p->checks_left[1]);
    PUT("%d %d", p->counting_limit ? p->counting_ply : p->rule50, 1 + (p->plies - p->side) / 2);
#undef PUT
}
