/*
 * retro_checks: what Retro Chess asks of a position (docs/rules.md "Retro
 * Chess"): the three retro-legality checks that make it one a forward game
 * could reach, the reserve, the points and the restored opening setup.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "replay/attacks.h"
#include "replay/notation.h"
#include "replay/retro.h"

int rp_retro_standard(int type)
{
    static const int set[7] = {0, 8, 2, 2, 2, 1, 1}; /* -, P, N, B, R, Q, K */
    return (type > 0 && type <= RP_KING) ? set[type] : 0;
}

int rp_retro_reserve(const struct rp_retro *r, rp_piece p)
{
    return rp_retro_standard(rp_type_of(p)) - r->count[rp_colour_of(p)][rp_type_of(p)];
}

/* The message is only written when the caller wants one (the search for a
 * legal turn does not). */
static enum rp_code fail(char *msg, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static enum rp_code fail(char *msg, size_t size, const char *fmt, ...)
{
    if (msg && size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, size, fmt, ap);
        va_end(ap);
    }
    return RP_RETRO_ILLEGAL;
}

static const char *lower_colour(int colour) { return colour ? "black" : "white"; }

/* Check 1: the side not to move (forward) is not in check.  After X's
 * unmove X is to move forward, so X's opponent must not be attacked; X's
 * own king may be ("kcehc"), and rule 1 on the opponent's next turn then
 * demands that it be lifted. */
static enum rp_code check_1(const struct rp_retro *r, int mover, char *msg, size_t size)
{
    const struct rp_board *b = &r->b;
    rp_sq king = rp_find_king(b, !mover);
    rp_sq by = king == RP_NO_SQ ? RP_NO_SQ : rp_attacker(b, king, mover);
    if (by == RP_NO_SQ)
        return RP_OK;
    char ks[8], bs[8];
    return fail(msg, size,
                "check 1 (the side not to move may not be in check): the %s king on %s is attacked by the %s %s on %s",
                lower_colour(!mover), rp_square_name(b, ks, king), lower_colour(mover),
                rp_piece_name(b->sq[by]), rp_square_name(b, bs, by));
}

/* Check 2: no colour has more of a type than the standard set; no pawn
 * stands on rank 1 or 8 (an uncaptured pawn placed there too: docs/rules.md,
 * Retro Chess, check 2). */
static enum rp_code check_2(const struct rp_retro *r, char *msg, size_t size)
{
    const struct rp_board *b = &r->b;
    for (int colour = 0; colour < 2; colour++)
        for (int type = RP_PAWN; type <= RP_KING; type++)
            if (r->count[colour][type] > rp_retro_standard(type))
                return fail(msg, size, "check 2 (piece counts and pawn ranks): %s has %d %ss",
                            rp_colour_name(colour), r->count[colour][type], rp_type_name(type));
    for (int rank = 0; rank < 8; rank += 7)
        for (int file = 0; file < 8; file++) {
            rp_piece p = b->sq[rp_square(file, rank)];
            char sq[8];
            if (rp_type_of(p) == RP_PAWN)
                return fail(msg, size, "check 2 (piece counts and pawn ranks): a %s pawn stands on %s",
                            lower_colour(rp_colour_of(p)),
                            rp_square_name(b, sq, rp_square(file, rank)));
        }
    return RP_OK;
}

#define NO_MATCH 1000

/* The least total file displacement over the ways to give each pawn its
 * own original file, each at most `reach` files away; NO_MATCH if there is
 * none.  Eight pawns at most (check 2 came first), so a DP over the sets
 * of files already taken is 256 states. */
static int least_displacement(const int *file, const int *reach, int n)
{
    int best[256];
    for (int m = 0; m < 256; m++)
        best[m] = NO_MATCH;
    best[0] = 0;
    int result = n ? NO_MATCH : 0;
    for (int m = 0; m < 256; m++) {
        if (best[m] == NO_MATCH)
            continue;
        int i = rp_count_bits((unsigned)m);   /* pawns placed so far: the files taken */
        if (i == n) {
            result = best[m] < result ? best[m] : result;
            continue;
        }
        for (int f = 0; f < 8; f++) {
            int d = abs(file[i] - f);
            if (!(m & (1 << f)) && d <= reach[i] && best[m] + d < best[m | (1 << f)])
                best[m | (1 << f)] = best[m] + d;
        }
    }
    return result;
}

/* least_displacement for the colour's pawns, from the memo when it holds
 * the answer for those very pawns (a pure function of the colour and the
 * pawns, so the memo cannot change any result). */
static int pawn_need(struct rp_retro_memo *memo, int colour, uint64_t pawns, const int *file,
                     const int *reach, int n)
{
    if (!memo)
        return least_displacement(file, reach, n);
    if (!memo->valid[colour] || memo->pawns[colour] != pawns) {
        memo->pawns[colour] = pawns;
        memo->need[colour] = least_displacement(file, reach, n);
        memo->valid[colour] = 1;
    }
    return memo->need[colour];
}

/* The squares of the colour's pawns, for a message: "a2, b3". */
static void pawn_squares(const struct rp_board *b, int colour, char *where, size_t size)
{
    size_t at = 0;
    where[0] = '\0';
    for (uint64_t pawns = b->bb[colour][RP_PAWN]; pawns && at < size; pawns &= pawns - 1) {
        int i = __builtin_ctzll(pawns);
        at += (size_t)snprintf(where + at, size - at, "%s%c%d", at ? ", " : "", 'a' + (i & 7),
                               (i >> 3) + 1);
    }
}

/* Check 3 for one colour: the pawns come from distinct files, each within
 * its distance from the second rank, with no more file changes (captures)
 * than enemy pieces missing from the board.  Asked for every unmove tried
 * while looking for a legal turn, so the common case, pawns on distinct
 * files (each then its own origin, no capture needed), skips the search,
 * and the message is only composed for a failure. */
static enum rp_code check_3(const struct rp_retro *r, int colour, struct rp_retro_memo *memo,
                            char *msg, size_t size)
{
    const struct rp_board *b = &r->b;
    int file[8], reach[8], n = 0;
    unsigned files = 0;
    int reachable = 1;
    for (uint64_t pawns = b->bb[colour][RP_PAWN]; pawns && n < 8; pawns &= pawns - 1) {
        int i = __builtin_ctzll(pawns), rank = i >> 3;
        file[n] = i & 7;
        files |= 1u << (i & 7);
        reach[n] = (colour ? 6 - rank : rank - 1);
        reachable &= reach[n++] >= 0;
    }
    if (rp_count_bits(files) == n && reachable)
        return RP_OK;
    int need = pawn_need(memo, colour, b->bb[colour][RP_PAWN], file, reach, n);
    int missing = 16;
    for (int type = RP_PAWN; type <= RP_KING; type++)
        missing -= r->count[!colour][type];
    if (need != NO_MATCH && need <= missing)
        return RP_OK;
    char where[64];
    pawn_squares(b, colour, where, sizeof where);
    if (need == NO_MATCH)
        return fail(msg, size, "check 3 (pawn structure): the %s pawns on %s cannot come from different files",
                    lower_colour(colour), where);
    return fail(msg, size,
                "check 3 (pawn structure): the %s pawns need %d capture%s but only %d %s piece%s missing",
                lower_colour(colour), need, need == 1 ? "" : "s", missing, lower_colour(!colour),
                missing == 1 ? " is" : "s are");
}

enum rp_code rp_retro_check(const struct rp_retro *r, int mover, struct rp_retro_memo *memo,
                            char *msg, size_t size)
{
    enum rp_code code = check_1(r, mover, msg, size);
    if (code == RP_OK)
        code = check_2(r, msg, size);
    for (int colour = 0; colour < 2 && code == RP_OK; colour++)
        code = check_3(r, colour, memo, msg, size);
    return code;
}

/* ----------------------------------------------------------- the goal */

/* The opening squares of `colour`'s pieces of `type`: White's on ranks 1
 * and 2, Black's the same mirrored (a byte swap swaps the ranks). */
static uint64_t opening_squares(int type, int colour)
{
    static const uint64_t white[RP_KING + 1] = {0, 0xFF00, 0x42, 0x24, 0x81, 0x08, 0x10};
    return colour ? __builtin_bswap64(white[type]) : white[type];
}

/* docs/rules.md, Retro Chess: Points.  A piece scores only on an opening
 * square of its own colour and type; pawns 1, every other piece (kings
 * too) 2. */
void rp_retro_points(const struct rp_retro *r, int points[2])
{
    for (int colour = 0; colour < 2; colour++) {
        points[colour] = 0;
        for (int type = RP_PAWN; type <= RP_KING; type++)
            points[colour] += (type == RP_PAWN ? 1 : 2) *
                              rp_count_bits(r->b.bb[colour][type] & opening_squares(type, colour));
    }
}

/* Asked after every ply: every opening square holds its piece. */
int rp_retro_restored(const struct rp_retro *r, int colour)
{
    for (int type = RP_PAWN; type <= RP_KING; type++) {
        uint64_t home = opening_squares(type, colour);
        if ((r->b.bb[colour][type] & home) != home)
            return 0;
    }
    return 1;
}
