/*
 * board: pieces on one 8x8 board, FEN, make/unmake and incremental
 * hashing (the keys are tables.c's).
 */
#include "replay/board.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline uint64_t piece_key(rp_piece p, rp_sq sq)
{
    assert(p < 64 && !(sq & 0x88));
    return rp_piece_keys[p][rp_bit_of(sq)];
}

void rp_board_clear(struct rp_board *b, const struct rp_rules *rules)
{
    rp_tables_ready();
    memset(b, 0, sizeof *b);
    b->ep = RP_NO_SQ;
    b->king[0] = b->king[1] = RP_NO_SQ;
    b->file_a = 'a';
    b->rules = rules;
    for (int i = 0; i < rules->ncastlings; i++)
        b->castle_squares |= 1ULL << rp_bit_of(rules->castlings[i].king_from) |
                             1ULL << rp_bit_of(rules->castlings[i].rook_from);
}

void rp_board_put(struct rp_board *b, rp_sq sq, rp_piece p)
{
    rp_piece old = b->sq[sq];
    if (old) {
        b->key ^= piece_key(old, sq);
        if (rp_type_of(old) == RP_KING && b->king[rp_colour_of(old)] == sq)
            b->king[rp_colour_of(old)] = RP_NO_SQ;
    }
    rp_board_set(b, sq, p);
    if (p) {
        b->key ^= piece_key(p, sq);
        if (rp_type_of(p) == RP_KING)
            b->king[rp_colour_of(p)] = sq;
    }
}

void rp_board_remove(struct rp_board *b, rp_sq sq) { rp_board_put(b, sq, 0); }

static int piece_from_char(char c)
{
    static const char letters[] = "pnbrqk";
    const char *at = strchr(letters, tolower((unsigned char)c));
    if (!c || !at)
        return -1;
    return rp_make_piece((int)(at - letters) + 1, islower((unsigned char)c) ? 1 : 0);
}

static int fen_placement(struct rp_board *b, const char **s)
{
    int rank = 7, file = 0;
    for (; **s && **s != ' '; (*s)++) {
        char c = **s;
        if (c == '/') {
            if (file != 8 || rank == 0)
                return -1;
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else {
            int p = piece_from_char(c);
            if (p < 0 || file > 7)
                return -1;
            rp_board_put(b, rp_square(file++, rank), (rp_piece)p);
        }
        if (file > 8)
            return -1;
    }
    return (rank == 0 && file == 8) ? 0 : -1;
}

/* FEN letters name castlings by colour and wing; find the rules' entry. */
static int castling_for_letter(const struct rp_rules *r, char c)
{
    int colour = islower((unsigned char)c) ? 1 : 0;
    int king_side = tolower((unsigned char)c) == 'k';
    for (int i = 0; i < r->ncastlings; i++) {
        const struct rp_castling *cs = &r->castlings[i];
        int rook_right = rp_file(cs->rook_from) > rp_file(cs->king_from);
        if (cs->colour == colour && rook_right == king_side)
            return i;
    }
    return -1;
}

static int fen_castling(struct rp_board *b, const char *field)
{
    if (strcmp(field, "-") == 0)
        return 0;
    for (; *field; field++) {
        int i = castling_for_letter(b->rules, *field);
        if (i < 0)
            return -1;
        b->castle |= (uint8_t)(1u << i);
    }
    return 0;
}

int rp_board_from_fen(struct rp_board *b, const struct rp_rules *rules, const char *fen)
{
    rp_board_clear(b, rules);
    const char *s = fen;
    if (fen_placement(b, &s) < 0)
        return -1;
    char side[4] = "", castle[8] = "", ep[4] = "";
    int half = 0;
    int got = sscanf(s, " %3s %7s %3s %d", side, castle, ep, &half);
    if (got < 1 || (strcmp(side, "w") != 0 && strcmp(side, "b") != 0))
        return -1;
    if (side[0] == 'b') {
        b->side = 1;
        b->key ^= rp_key_side();
    }
    if (got >= 2 && fen_castling(b, castle) < 0)
        return -1;
    b->key ^= rp_key_castle(b->castle);
    if (got >= 3 && strcmp(ep, "-") != 0) {
        if (ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
            return -1;
        b->ep = rp_square(ep[0] - 'a', ep[1] - '1');
    }
    b->halfmove = got >= 4 ? (uint16_t)half : 0;
    return 0;
}

uint8_t rp_castlings_at(const struct rp_rules *r, rp_sq sq)
{
    uint8_t mask = 0;
    for (int i = 0; i < r->ncastlings; i++)
        if (r->castlings[i].king_from == sq || r->castlings[i].rook_from == sq)
            mask |= (uint8_t)(1u << i);
    return mask;
}

static void set_castle(struct rp_board *b, uint8_t castle)
{
    b->key ^= rp_key_castle(b->castle) ^ rp_key_castle(castle);
    b->castle = castle;
}

/* rp_board_remove(from) then rp_board_put(to, placed), as one step when
 * `to` is empty (after a capture took its piece off, nearly always): the
 * hash then changes by two keys and the bit sets by two squares. */
static inline void move_piece(struct rp_board *b, rp_sq from, rp_sq to, rp_piece placed)
{
    rp_piece mover = b->sq[from];
    if (b->sq[to]) {
        rp_board_remove(b, from);
        rp_board_put(b, to, placed);
        return;
    }
    b->key ^= piece_key(mover, from) ^ piece_key(placed, to);
    if (rp_type_of(mover) == RP_KING && b->king[rp_colour_of(mover)] == from)
        b->king[rp_colour_of(mover)] = RP_NO_SQ;
    rp_board_set(b, from, 0);
    rp_board_set(b, to, placed);
    if (rp_type_of(placed) == RP_KING)
        b->king[rp_colour_of(placed)] = to;
}

/* move_piece for a piece that stays what it is onto an empty square,
 * most plies of a game: its two squares change in its colour's and its
 * type's bit sets at once, and nothing is looked up but its keys. */
static inline void move_quiet(struct rp_board *b, rp_sq from, rp_sq to, rp_piece p)
{
    uint64_t both = 1ULL << rp_bit_of(from) | 1ULL << rp_bit_of(to);
    int colour = rp_colour_of(p), type = rp_type_of(p);
    b->bb[colour][0] ^= both;
    b->bb[colour][type] ^= both;
    b->sq[from] = 0;
    b->sq[to] = p;
    b->key ^= piece_key(p, from) ^ piece_key(p, to);
    if (type == RP_KING)
        b->king[colour] = to;
}

/* rp_board_remove of the piece p a move takes on sq, whose square the
 * mover then fills (move_quiet): only its bit sets, its key and a king's
 * square change here. */
static inline void take_piece(struct rp_board *b, rp_sq sq, rp_piece p)
{
    uint64_t bit = 1ULL << rp_bit_of(sq);
    int colour = rp_colour_of(p), type = rp_type_of(p);
    b->bb[colour][0] &= ~bit;
    b->bb[colour][type] &= ~bit;
    b->key ^= piece_key(p, sq);
    if (type == RP_KING && b->king[colour] == sq)
        b->king[colour] = RP_NO_SQ;
}

/* The castling rights a move from or to one of the rules' castling
 * squares leaves. */
static void castle_rights_after(struct rp_board *b, rp_move m)
{
    uint8_t castle = b->castle & (uint8_t)~(rp_castlings_at(b->rules, m.from) |
                                            rp_castlings_at(b->rules, m.to));
    if (castle != b->castle)
        set_castle(b, castle);
}

/* What every move changes besides its squares. */
static inline void make_rest(struct rp_board *b, rp_move m, int reset)
{
    /* Most plies of a game are played with no right left, or touch no
     * castling square: neither needs the rights looked up. */
    if (b->castle &&
        (b->castle_squares & (1ULL << rp_bit_of(m.from) | 1ULL << rp_bit_of(m.to))))
        castle_rights_after(b, m);
    b->ep = (m.flags & RP_MF_DOUBLE) ? (rp_sq)((m.from + m.to) / 2) : RP_NO_SQ;
    b->halfmove = reset ? 0 : (uint16_t)(b->halfmove + 1);
    b->side ^= 1;
    b->key ^= rp_key_side();
}

/* rp_make of a castling, promotion or en passant capture, or a move
 * of nothing: out of line, so that the usual move's function stays
 * small. */
static __attribute__((noinline)) void make_general(struct rp_board *b, rp_move m,
                                                   struct rp_undo *u, rp_piece mover)
{
    u->captured_sq = (m.flags & RP_MF_EP) ? (rp_sq)(rp_square(rp_file(m.to), rp_rank(m.from)))
                                          : m.to;
    u->captured = b->sq[u->captured_sq];
    if (u->captured)
        rp_board_remove(b, u->captured_sq);
    move_piece(b, m.from, m.to, m.promo ? m.promo : mover);
    if (m.flags & RP_MF_CASTLE) {
        const struct rp_castling *c = &b->rules->castlings[m.castle];
        move_piece(b, c->rook_from, c->rook_to, b->sq[c->rook_from]);
    }
    make_rest(b, m, u->captured || rp_type_of(mover) == RP_PAWN);
}

void rp_make(struct rp_board *b, rp_move m, struct rp_undo *u)
{
    rp_piece mover = b->sq[m.from], taken = b->sq[m.to];
    rp_undo_keep(u, b);
    if (!mover || m.promo || (m.flags & (RP_MF_CASTLE | RP_MF_EP))) {
        make_general(b, m, u, mover);
        return;
    }
    /* A plain move or a plain capture (a fifth of a game's plies): what
     * make_general would do, in fewer steps. */
    u->captured_sq = m.to;
    u->captured = taken;
    if (taken)
        take_piece(b, m.to, taken);
    move_quiet(b, m.from, m.to, mover);
    make_rest(b, m, taken || rp_type_of(mover) == RP_PAWN);
}

void rp_unmake(struct rp_board *b, rp_move m, const struct rp_undo *u)
{
    rp_piece moved = b->sq[m.to];
    if (m.promo)
        moved = rp_make_piece(RP_PAWN, rp_colour_of(moved));
    if (m.flags & RP_MF_CASTLE) {
        const struct rp_castling *c = &b->rules->castlings[m.castle];
        rp_piece rook = b->sq[c->rook_to];
        rp_board_set(b, c->rook_to, 0);
        rp_board_set(b, c->rook_from, rook);
    }
    rp_board_set(b, m.to, 0);
    rp_board_set(b, m.from, moved);
    if (u->captured)
        rp_board_set(b, u->captured_sq, u->captured);
    rp_undo_restore(b, u);
}
