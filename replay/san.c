/*
 * san: the one SAN writer (san.h).  The spelling follows the PGN
 * standard, 8.2.3: piece letter (none for a pawn), the disambiguation,
 * "x" for a capture, the destination, "=" and the promotion letter, then
 * "+" or "#".  What the standard does not cover is written as
 * Fairy-Stockfish 11.1's SAN writes it (pyffish.cpp, move_to_san), the
 * notation its users and lichess read: a drop "N@f3", a gated piece "/H"
 * after the move (and its square after a castling: "O-O/He1"), a pass as
 * PGN tools' null move "--".
 */
#include "replay/san.h"

#include <stdio.h>

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

int rp_san_write(const struct rp_san_move *m, char *buf, size_t size)
{
    char from_file[2] = {(char)('a' + m->from_file), '\0'};
    char from_rank[12] = "", gate[24] = "", mark[2] = {m->mark, '\0'};
    snprintf(from_rank, sizeof from_rank, "%d", m->from_rank + 1);
    if (m->gate && m->castle)
        snprintf(gate, sizeof gate, "/%c%c%d", m->gate, 'a' + m->gate_file, m->gate_rank + 1);
    else if (m->gate)
        snprintf(gate, sizeof gate, "/%c", m->gate);
    int n;
    if (m->pass) {
        n = snprintf(buf, size, "--%s", mark);
    } else if (m->castle) {
        n = snprintf(buf, size, "%s%s%s", m->castle == RP_SAN_KING_SIDE ? "O-O" : "O-O-O", gate,
                     mark);
    } else {
        char piece[2] = {m->piece, '\0'}, promotion[3] = "";
        if (m->promotion)
            snprintf(promotion, sizeof promotion, "=%c", m->promotion);
        /* A pawn's capture is told by its file (8.2.3.3); a drop needs
         * nothing to tell it (the hand holds pieces, not squares). */
        int pawn_capture = !m->piece && m->capture && !m->drop;
        n = snprintf(buf, size, "%s%s%s%s%s%c%d%s%s%s", piece,
                     pawn_capture || (!m->drop && (m->disambiguate & RP_SAN_FILE)) ? from_file : "",
                     !m->drop && (m->disambiguate & RP_SAN_RANK) ? from_rank : "",
                     m->drop ? "@" : "", m->capture && !m->drop ? "x" : "", 'a' + m->to_file,
                     m->to_rank + 1, promotion, gate, mark);
    }
    if (n < 0 || (size_t)n >= size) {
        if (size)
            buf[0] = '\0';
        return -1;
    }
    return 0;
}
