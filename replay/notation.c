/*
 * notation: the spelling of squares, pieces and sides, in both directions.
 */
#include "replay/notation.h"

#include <stdio.h>
#include <string.h>

char *rp_square_name(const struct rp_board *b, char *buf, rp_sq sq)
{
    buf[0] = (char)(b->file_a + rp_file(sq));
    buf[1] = (char)('1' + rp_rank(sq));
    buf[2] = '\0';
    return buf;
}

size_t rp_board_diagram(const struct rp_board *b, char *buf, size_t size)
{
    size_t at = 0;
    for (int rank = 7; rank >= 0 && at < size; rank--) {
        at += (size_t)snprintf(buf + at, size - at, "%d ", rank + 1);
        for (int file = 0; file < 8 && at < size; file++) {
            rp_piece p = b->sq[rp_square(file, rank)];
            at += (size_t)snprintf(buf + at, size - at, " %-2s", p ? rp_piece_label(p) : ".");
        }
        if (at < size)
            at += (size_t)snprintf(buf + at, size - at, "\n");
    }
    return at < size ? at : size;
}

size_t rp_board_fen(const struct rp_board *b, int fullmove, char *buf, size_t size)
{
    char fen[128], *p = fen;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            rp_piece pc = b->sq[rp_square(file, rank)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                *p++ = (char)('0' + empty);
            empty = 0;
            *p++ = "\0PNBRQK\0\0pnbrqk\0"[pc & 15];
        }
        if (empty)
            *p++ = (char)('0' + empty);
        *p++ = rank ? '/' : ' ';
    }
    *p++ = b->side ? 'b' : 'w';
    *p++ = ' ';
    char *castling = p;
    for (int colour = 0; colour < 2; colour++)
        for (int king_side = 1; king_side >= 0; king_side--)
            for (int i = 0; i < b->rules->ncastlings; i++) {
                const struct rp_castling *c = &b->rules->castlings[i];
                int right = rp_file(c->rook_from) > rp_file(c->king_from);
                if ((b->castle & (1u << i)) && c->colour == colour && right == king_side)
                    *p++ = "QKqk"[colour * 2 + king_side];
            }
    if (p == castling)
        *p++ = '-';
    *p = '\0';
    /* The en passant square only when a pawn of the side to move stands
     * beside the pawn that made the double step (as Stockfish and
     * Fairy-Stockfish write it): otherwise two FENs of one position
     * would differ. */
    char ep[8] = "-";
    if (b->ep != RP_NO_SQ) {
        int from_rank = rp_rank(b->ep) + (b->side ? 1 : -1), file = rp_file(b->ep);
        rp_piece pawn = rp_make_piece(RP_PAWN, b->side);
        for (int df = -1; df <= 1; df += 2)
            if (file + df >= 0 && file + df < 8 && b->sq[rp_square(file + df, from_rank)] == pawn)
                rp_square_name(b, ep, b->ep);
    }
    int n = snprintf(buf, size, "%s %s %u %d", fen, ep, (unsigned)b->halfmove, fullmove);
    return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

const char *rp_type_name(int type)
{
    static const char *const names[] = {"empty square", "pawn", "knight", "bishop",
                                        "rook", "queen", "king"};
    return (type >= 0 && type <= RP_KING) ? names[type] : "piece";
}

const char *rp_piece_name(rp_piece p)
{
    if (rp_type_of(p) == RP_ROOK && (p & RP_ALT_BIT))
        return "left-handed rook";
    if (rp_type_of(p) == RP_ROOK && (p & RP_HANDED_BIT))
        return "right-handed rook";
    return rp_type_name(rp_type_of(p));
}

const char *rp_colour_name(int colour) { return colour ? "Black" : "White"; }

/* Indexed by type, then colour; Palindromic rooks have their own row. */
static const char *const labels[7][2] = {
    {"", ""}, {"P", "p"}, {"N", "n"}, {"B", "b"}, {"R", "r"}, {"Q", "q"}, {"K", "k"},
};
static const char *const alt_rook_labels[2][2] = {{"RR", "rr"}, {"LR", "lr"}};

const char *rp_piece_label(rp_piece p)
{
    int type = rp_type_of(p), colour = rp_colour_of(p);
    if (type == RP_ROOK && (p & (RP_ALT_BIT | RP_HANDED_BIT)))
        return alt_rook_labels[(p & RP_ALT_BIT) ? 1 : 0][colour];
    return labels[type][colour];
}

/* Labels are one or two letters: comparing them in place saves a
 * library call on every labelled move. */
static int same_label(const char *a, const char *b)
{
    return a[0] == b[0] && (!a[0] || (a[1] == b[1] && (!a[1] || strcmp(a + 2, b + 2) == 0)));
}

int rp_label_matches_any(rp_piece p, const char *label)
{
    /* One letter: "R" names a rook of either hand. */
    if (label[0] && !label[1])
        return label[0] == labels[rp_type_of(p)][rp_colour_of(p)][0];
    if (same_label(label, rp_piece_label(p)))
        return 1;
    return rp_type_of(p) == RP_ROOK && same_label(label, labels[RP_ROOK][rp_colour_of(p)]);
}

rp_piece rp_piece_for_label(const char *label)
{
    for (int type = RP_PAWN; type <= RP_KING; type++)
        for (int colour = 0; colour < 2; colour++)
            if (strcmp(label, labels[type][colour]) == 0)
                return rp_make_piece(type, colour);
    for (int hand = 0; hand < 2; hand++)
        for (int colour = 0; colour < 2; colour++)
            if (strcmp(label, alt_rook_labels[hand][colour]) == 0)
                return (rp_piece)(rp_make_piece(RP_ROOK, colour) |
                                  (hand ? RP_ALT_BIT : RP_HANDED_BIT));
    return 0;
}
