/*
 * san: the one SAN writer (san.h).  The spelling follows the PGN
 * standard, 8.2.3: piece letter (none for a pawn), the disambiguation,
 * "x" for a capture, the destination, "=" and the promotion letter, then
 * "+" or "#".  What the standard does not cover is written as
 * Fairy-Stockfish 11.1's SAN writes it (pyffish.cpp, move_to_san), the
 * notation its users and lichess read: a drop "N@f3", a gated piece "/H"
 * after the move (and its square after a castling: "O-O/He1"), a pass as
 * PGN tools' null move "--"; and as the reference build writes it, a wall
 * placed after the move: ",f7" (Amazons' "Qd5,f7").
 */
#include "replay/san.h"

#include <string.h>

unsigned rp_san_disambiguation(int file, int rank, const int *files, const int *ranks, int n)
{
    if (n == 0)
        return 0;
    int same_file = 0, same_rank = 0;
    for (int i = 0; i < n; i++) {
        same_file |= files[i] == file;
        same_rank |= ranks[i] == rank;
    }
    if (!same_file)
        return RP_SAN_FILE;
    if (!same_rank)
        return RP_SAN_RANK;
    return RP_SAN_FILE | RP_SAN_RANK;
}

/* The move's text, built a character at a time: printf's format parsing
 * was a sixth of an export's time.  out holds at least 32 bytes. */
static size_t spell(const struct rp_san_move *m, char *out)
{
    char *p = out;
#define PUT_SQUARE(file, rank)                                                                 \
    do {                                                                                       \
        *p++ = (char)('a' + (file));                                                           \
        if ((rank) >= 9)                                                                       \
            *p++ = (char)('0' + ((rank) + 1) / 10);                                            \
        *p++ = (char)('0' + ((rank) + 1) % 10);                                                \
    } while (0)
    if (m->pass) {
        *p++ = '-', *p++ = '-';
    } else if (m->castle) {
        memcpy(p, m->castle == RP_SAN_KING_SIDE ? "O-O" : "O-O-O",
               m->castle == RP_SAN_KING_SIDE ? 3 : 5);
        p += m->castle == RP_SAN_KING_SIDE ? 3 : 5;
        if (m->gate) {
            *p++ = '/', *p++ = m->gate;
            PUT_SQUARE(m->gate_file, m->gate_rank);
        }
    } else {
        if (m->piece)
            *p++ = m->piece;
        if (m->drop) {
            *p++ = '@';
        } else {
            /* A pawn's capture is told by its file (8.2.3.3); a drop
             * needs nothing to tell it (the hand holds pieces, not
             * squares). */
            if ((!m->piece && m->capture) || (m->disambiguate & RP_SAN_FILE))
                *p++ = (char)('a' + m->from_file);
            if (m->disambiguate & RP_SAN_RANK) {
                if (m->from_rank >= 9)
                    *p++ = (char)('0' + (m->from_rank + 1) / 10);
                *p++ = (char)('0' + (m->from_rank + 1) % 10);
            }
            if (m->capture)
                *p++ = 'x';
        }
        PUT_SQUARE(m->to_file, m->to_rank);
        if (m->promotion)
            *p++ = '=', *p++ = m->promotion;
        if (m->gate)
            *p++ = '/', *p++ = m->gate;
    }
    if (m->wall) {
        *p++ = ',';
        PUT_SQUARE(m->wall_file, m->wall_rank);
    }
#undef PUT_SQUARE
    if (m->mark)
        *p++ = m->mark;
    return (size_t)(p - out);
}

int rp_san_write(const struct rp_san_move *m, char *buf, size_t size)
{
    char text[32];
    size_t n = spell(m, text);
    if (n >= size) {
        if (size)
            buf[0] = '\0';
        return -1;
    }
    memcpy(buf, text, n);
    buf[n] = '\0';
    return 0;
}
