/*
 * fairy_end: the ends a defined variant's position shows, as the
 * reference build decides them (src/position.cpp: is_immediate_game_end,
 * and checkmate or stalemate when no legal move is left): extinction,
 * the flag, n-check, connection, bikjang and two passes, material
 * counting, Shatar's mate rule.
 *
 * One deliberate difference from 11.1: when one move leaves both sides
 * extinct and extinction loses, the mover wins (docs/rules.md, Extinction
 * Chess: the capture comes before the promotion); 11.1 lets White lose.
 */
#include <stdio.h>
#include <string.h>

#include "replay/fairy_pos.h"

static enum rp_result value_for(enum rp_fvalue v, int side)
{
    switch (v) {
    case RP_FV_WIN: return side ? RP_RESULT_BLACK : RP_RESULT_WHITE;
    case RP_FV_LOSS: return side ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    case RP_FV_DRAW: return RP_RESULT_DRAW;
    default: return RP_RESULT_NONE;
    }
}

static int count_with_hand(const struct rp_fpos *p, int colour, int type)
{
    if (type < 0) {
        int n = 0;
        for (int i = 0; i < p->def->ntypes; i++) {
            int t = p->def->present[i];
            n += p->count[colour][t] + p->hand[colour][t];
        }
        return n;
    }
    return p->count[colour][type] + p->hand[colour][type];
}

/* Is colour c extinct by the definition's extinction rule?  Writes the
 * extinct types (in the key's order) to *detail. */
static int extinct(const struct rp_fpos *p, int c, char *types, size_t size)
{
    const struct rp_fdef *d = p->def;
    int claim = d->extinction_claim && c == p->side;
    int need = d->extinction_opponent_piece_count + claim;
    int found = 0;
    size_t at = 0;
    types[0] = '\0';
    if (d->extinction_all && count_with_hand(p, c, -1) <= d->extinction_piece_count &&
        count_with_hand(p, !c, -1) >= need)
        found = 1;
    for (int i = 0; i < d->extinction_norder; i++) {
        int t = d->extinction_order[i];
        if (count_with_hand(p, c, t) <= d->extinction_piece_count && count_with_hand(p, !c, t) >= need) {
            at += (size_t)snprintf(types + at, at < size ? size - at : 0, "%s%c", at ? "," : "",
                                       d->types[t].letter - 'a' + 'A');
            found = 1;
        }
    }
    return found;
}

static void extinction_ending(const struct rp_fpos *p, int c, const char *types, struct rp_ending *e)
{
    const struct rp_fdef *d = p->def;
    /* extinctionValue is the result for the extinct colour c. */
    e->result = value_for(d->extinction_value, c);
    if (d->extinction_all && !types[0]) {
        e->termination.kind = d->extinction_piece_count ? RP_TERM_BARE_KING : RP_TERM_NO_PIECES;
        e->detail[0] = '\0';
    } else {
        e->termination.kind = RP_TERM_EXTINCTION;
        snprintf(e->detail, sizeof e->detail, "extinct=%s", types);
    }
}

static int connected(const struct rp_fpos *p, int c, int n)
{
    const struct rp_fdef *d = p->def;
    static const int dirs[4][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}};
    int on[4] = {d->connect_vertical, d->connect_diagonal, d->connect_horizontal, d->connect_diagonal};
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++)
            for (int k = 0; k < 4; k++) {
                int i = 0;
                if (!on[k])
                    continue;
                for (; i < n; i++) {
                    int ff = f + dirs[k][0] * i, rr = r + dirs[k][1] * i;
                    if (ff >= d->files || rr < 0 || rr >= d->ranks)
                        break;
                    rp_fpiece pc = p->b[rp_fsq(ff, rr)];
                    if (!rp_fp_real(pc) || rp_fp_colour(pc) != c)
                        break;
                }
                if (i == n)
                    return 1;
            }
    return 0;
}

/* Has colour c reached its flag region: at least flagPieceCount of its
 * flag pieces in it, or with flagPieceBlockedWin one and no empty square
 * left there (the reference build's flag_reached: a region written past
 * the board's edge is never full)?  With flagPieceSafe, exactly
 * flagPieceCount there count only when none is attacked (any attack, as
 * the reference's attackers_to); with flagMove too, that is asked of the
 * side that just moved only.  *where: the first such piece's square. */
static int flag_reached(const struct rp_fpos *p, int c, int *where)
{
    const struct rp_fdef *d = p->def;
    rp_fpiece want = d->flag_piece >= 0 ? rp_fp_make(d->flag_piece, c) : 0;
    int mine = 0, empty = 0, attacked = 0;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            if (!rp_fset_has(&d->flag[c], sq))
                continue;
            rp_fpiece pc = p->b[sq];
            empty += pc == 0;
            if (want ? pc == want : rp_fp_real(pc) && rp_fp_colour(pc) == c) {
                if (!mine)
                    *where = sq;
                mine++;
                if (d->flag_piece_safe && !attacked)
                    attacked = rp_fattacked(p, sq, !c);
            }
        }
    int reached = mine >= d->flag_piece_count ||
                  (mine && d->flag_piece_blocked_win && !empty && !d->flag_beyond_board[c]);
    if (reached && d->flag_piece_safe && (!d->flag_move || c != p->side) && mine == d->flag_piece_count &&
        attacked)
        return 0;
    return reached;
}

/* With flagMove and the king as the flag piece (Racing Kings), Black,
 * to move after White's king reached the region, gets the extra move
 * only when it can use it: not in check, and a legal king move into its
 * own region (position.cpp's is_immediate_game_end); otherwise White's
 * flag wins at once.  White, after Black's, never does. */
static int can_follow_to_flag(const struct rp_fpos *p)
{
    const struct rp_fdef *d = p->def;
    int stm = p->side, k = p->king[stm];
    if (stm != 1 || p->in_check || k == RP_FNOSQ)
        return 0;
    /* The moves as rp_fgen_legal would give them, but for its own look
     * at the game's end, which is what asks. */
    struct rp_fmovelist l;
    rp_fgen_pseudo(p, &l);
    for (int i = 0; i < l.n; i++)
        if (l.m[i].from == k && l.m[i].kind == RP_FM_NORMAL && rp_fset_has(&d->flag[stm], l.m[i].to) &&
            rp_flegal(p, l.m[i]) == RP_FL_OK)
            return 1;
    return 0;
}

/* The flag's end: result, and the square reached in the detail. */
static int flag_ending(const struct rp_fdef *d, enum rp_result result, int sq, struct rp_ending *e)
{
    char name[8];
    e->result = result;
    e->termination.kind = RP_TERM_FLAG;
    rp_fsquare_name(d, sq, name);
    snprintf(e->detail, sizeof e->detail, "flag=%s", name);
    return 1;
}

/* 11.1's material counting (position.h): Janggi's weighted count, which
 * White wins only by more than one point (Black, the second player, has
 * the compensation), or the plain count of pieces on the board.  The
 * counts go into the detail, "material=W-B".  The reference build's draw
 * odds (Armageddon) make the draw one side's win: "draw-odds=black". */
static enum rp_result material_result(const struct rp_fpos *p, char *detail, size_t size)
{
    const struct rp_fdef *d = p->def;
    int pts[2] = {0, 0};
    enum rp_result r;
    if (d->material_counting == RP_FMAT_JANGGI) {
        static const struct {
            int type, weight;
        } w[] = {{RP_FTYPE_ROOK, 13}, {RP_FTYPE_JANGGI_CANNON, 7}, {RP_FTYPE_HORSE, 5},
                 {RP_FTYPE_JANGGI_ELEPHANT, 3}, {RP_FTYPE_WAZIR, 3}, {RP_FTYPE_SOLDIER, 2}};
        for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
            for (int c = 0; c < 2; c++)
                pts[c] += w[i].weight * p->count[c][w[i].type];
        r = pts[0] - pts[1] > 1 ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    } else if (d->material_counting == RP_FMAT_WHITE_DRAW_ODDS || d->material_counting == RP_FMAT_BLACK_DRAW_ODDS) {
        /* Armageddon's draw odds: the draw is that side's win. */
        int white = d->material_counting == RP_FMAT_WHITE_DRAW_ODDS;
        snprintf(detail, size, "draw-odds=%s", white ? "white" : "black");
        return white ? RP_RESULT_WHITE : RP_RESULT_BLACK;
    } else {
        for (int i = 0; i < d->ntypes; i++)
            for (int c = 0; c < 2; c++)
                pts[c] += p->count[c][d->present[i]];
        r = pts[0] > pts[1] ? RP_RESULT_WHITE : pts[0] < pts[1] ? RP_RESULT_BLACK : RP_RESULT_DRAW;
    }
    snprintf(detail, size, "material=%d-%d", pts[0], pts[1]);
    return r;
}

enum rp_result rp_fmaterial_result(const struct rp_fpos *p, char *detail, size_t size)
{
    return material_result(p, detail, size);
}

int rp_fimmediate_end(const struct rp_fpos *p, struct rp_ending *e)
{
    const struct rp_fdef *d = p->def;
    int stm = p->side, mover = !stm;
    e->detail[0] = '\0';
    e->undecided = 0;
    if (d->extinction_ends) {
        char tm[64], ts[64];
        int em = extinct(p, mover, tm, sizeof tm), es = extinct(p, stm, ts, sizeof ts);
        if (em && es && d->extinction_value == RP_FV_LOSS && !d->blast_on_capture) {
            /* Both at once: the mover wins (docs/rules.md, Extinction
             * Chess).  A blast that takes both sides' last pieces is the
             * reference build's: the mover's extinction first. */
            extinction_ending(p, stm, ts, e);
            return 1;
        }
        if (em || es) {
            extinction_ending(p, em ? mover : stm, em ? tm : ts, e);
            return 1;
        }
    }
    if (d->has_flag) {
        int sq, other, safe = d->flag_piece_safe, king_flag = d->flag_piece == d->king && d->king >= 0;
        /* The side to move wins on its flag after the extra move of
         * flagMove, or, with flagPieceSafe, where its flag piece stood
         * a move unattacked; both there: a draw where the flag piece
         * is the king and White was first (Racing Kings), or with
         * flagPieceSafe alone.  Another flag piece of flagMove's: White
         * wins, as the reference's is_immediate_game_end scores it. */
        if ((d->flag_move || safe) && flag_reached(p, stm, &sq))
            return flag_ending(d,
                               flag_reached(p, mover, &other) &&
                                       ((d->flag_move && stm == 0 && king_flag) || (safe && !d->flag_move))
                                   ? RP_RESULT_DRAW
                                   : value_for(RP_FV_WIN, stm),
                               sq, e);
        /* After the extra move's case: both may hold (Racing Kings). */
        if ((!d->flag_move || safe || king_flag) && flag_reached(p, mover, &sq) &&
            !(d->flag_move && king_flag && can_follow_to_flag(p)))
            return flag_ending(d, value_for(RP_FV_WIN, mover), sq, e);
    }
    if (d->check_counting && p->checks_left[mover] == 0) {
        e->result = value_for(RP_FV_WIN, mover);
        e->termination.kind = RP_TERM_CHECKS;
        return 1;
    }
    if (d->connect_n > 0 && connected(p, mover, d->connect_n)) {
        e->result = value_for(RP_FV_WIN, mover);
        e->termination.kind = RP_TERM_CONNECT;
        return 1;
    }
    if (p->plies > 0 && ((p->bikjang && p->prev_bikjang) || (p->pass && p->prev_pass))) {
        e->result = d->material_counting ? material_result(p, e->detail, sizeof e->detail) : RP_RESULT_DRAW;
        e->termination.kind = p->bikjang && p->prev_bikjang ? RP_TERM_BIKJANG : RP_TERM_PASSES;
        return 1;
    }
    if (d->adjudicate_full_board && rp_fboard_full(p)) {
        e->result = d->material_counting ? material_result(p, e->detail, sizeof e->detail) : RP_RESULT_DRAW;
        e->termination.kind = RP_TERM_FULL_BOARD;
        return 1;
    }
    return 0;
}

static int pieces_on_board(const struct rp_fpos *p, int c)
{
    int n = 0;
    for (int i = 0; i < p->def->ntypes; i++)
        n += p->count[c][p->def->present[i]];
    return n;
}

uint64_t rp_fchecker_types(const struct rp_fpos *p)
{
    const struct rp_fdef *d = p->def;
    int k = p->king[p->side];
    uint64_t types = 0;
    if (k == RP_FNOSQ)
        return 0;
    for (int r = 0; r < d->ranks; r++)
        for (int f = 0; f < d->files; f++) {
            int sq = rp_fsq(f, r);
            rp_fpiece pc = p->b[sq];
            if (rp_fp_real(pc) && rp_fp_colour(pc) != p->side && rp_fpiece_attacks(p, sq, k))
                types |= (uint64_t)1 << rp_fp_type(pc);
        }
    return types;
}

/* shatarMateRule, as the reference's checkmate_value: a mate by knights
 * alone is won by the side mated; else the mate counts only when one
 * check of the run that led to it was a shak, and is a draw otherwise. */
static void shatar_mate(const struct rp_fpos *p, struct rp_ending *e)
{
    const struct rp_fdef *d = p->def;
    uint64_t checkers = rp_fchecker_types(p);
    if (!(checkers & ~((uint64_t)1 << RP_FTYPE_KNIGHT)))
        e->result = value_for(RP_FV_WIN, p->side);
    else if (!p->shak_run[p->side])
        e->result = RP_RESULT_DRAW;
    else
        e->result = value_for(d->checkmate_value, p->side);
}

/* After the immediate ends: no legal move. */
int rp_fmate_or_stalemate(const struct rp_fpos *p, struct rp_ending *e)
{
    const struct rp_fdef *d = p->def;
    if (rp_fhas_legal(p))
        return 0;
    e->detail[0] = '\0';
    e->undecided = 0;
    if (p->in_check || (d->extinction_pseudo_royal && rp_froyal_checked(p) != RP_FNOSQ)) {
        e->result = value_for(d->checkmate_value, p->side);
        e->termination.kind = RP_TERM_CHECKMATE;
        if (d->shatar_mate_rule)
            shatar_mate(p, e);
    } else {
        e->result = value_for(d->stalemate_value, p->side);
        e->termination.kind = RP_TERM_STALEMATE;
        if (d->stalemate_piece_count) {
            /* The reference's stalemate_value: stalemateValue for the side
             * with fewer pieces on the board, its opposite for the other. */
            int c = pieces_on_board(p, p->side) - pieces_on_board(p, !p->side);
            e->result = c == 0 ? RP_RESULT_DRAW : value_for(d->stalemate_value, c < 0 ? p->side : !p->side);
        }
    }
    /* The reference build (ffish's result) counts material on every
     * draw, a stalemate's too. */
    if (e->result == RP_RESULT_DRAW && d->material_counting)
        e->result = material_result(p, e->detail, sizeof e->detail);
    return 1;
}
