/*
 * fairy_pieces: the piece types a variants.ini file may name, in
 * Fairy-Stockfish 11.1's order (its PieceType enum, src/types.h), with
 * the moves 11.1 gives each (src/piece.cpp) written in Betza notation.
 *
 * 11.1 lists each type's steps by hand; the Betza strings below say the
 * same moves, and betza.c turns them into atoms.  Where 11.1's own betza
 * text says something else than its steps (breakthrough: "fWfFcF" for
 * quiet N, NW, NE and captures NW, NE), the steps win: they are what the
 * engine plays.  What no atom says (the pawn's double step, en passant
 * and promotion; the soldier's sideways steps only past the river; the
 * janggi cannon's screens) is the type's role, which the engine reads.
 *
 * The order is part of the format: 11.1 resolves a letter shared by two
 * types to the first, and so does fairy_def.c.
 */
#include <string.h>

#include "replay/fairy_def.h"

static const struct rp_fnamed named[RP_FNAMED_TYPES] = {
    {"pawn", "fmWfcF", RP_FR_PAWN},
    {"knight", "N", RP_FR_PLAIN},
    {"bishop", "B", RP_FR_PLAIN},
    {"rook", "R", RP_FR_PLAIN},
    {"queen", "RB", RP_FR_PLAIN},
    {"fers", "F", RP_FR_PLAIN},
    {"alfil", "A", RP_FR_PLAIN},
    {"fersAlfil", "FA", RP_FR_PLAIN},
    {"silver", "FfW", RP_FR_PLAIN},
    {"aiwok", "RNF", RP_FR_PLAIN},
    {"bers", "RF", RP_FR_PLAIN},
    {"archbishop", "BN", RP_FR_PLAIN},
    {"chancellor", "RN", RP_FR_PLAIN},
    {"amazon", "RBN", RP_FR_PLAIN},
    {"knibis", "mNcB", RP_FR_PLAIN},
    {"biskni", "mBcN", RP_FR_PLAIN},
    {"kniroo", "mNcR", RP_FR_PLAIN},
    {"rookni", "mRcN", RP_FR_PLAIN},
    {"shogiPawn", "fW", RP_FR_SHOGI_PAWN},
    {"lance", "fR", RP_FR_PLAIN},
    {"shogiKnight", "fN", RP_FR_PLAIN},
    {"euroshogiKnight", "fNsW", RP_FR_PLAIN},
    {"gold", "WfF", RP_FR_PLAIN},
    {"dragonHorse", "BW", RP_FR_PLAIN},
    {"clobber", "cW", RP_FR_PLAIN},
    {"breakthrough", "fmWfF", RP_FR_PLAIN},
    {"immobile", "", RP_FR_PLAIN},
    {"cannon", "mRcpR", RP_FR_PLAIN},
    {"janggiCannon", "pR", RP_FR_JANGGI_CANNON},
    {"soldier", "fW", RP_FR_SOLDIER},      /* + sW past soldierPromotionRank: fairy_def.c */
    {"horse", "nN", RP_FR_PLAIN},
    {"elephant", "nA", RP_FR_PLAIN},
    {"janggiElephant", "nZ", RP_FR_PLAIN},
    {"banner", "RcpRnN", RP_FR_PLAIN},
    {"wazir", "W", RP_FR_PLAIN},
    {"commoner", "K", RP_FR_PLAIN},
    {"centaur", "KN", RP_FR_PLAIN},
    {"king", "K", RP_FR_KING},
};

const struct rp_fnamed *rp_fnamed_at(int id)
{
    return id >= 0 && id < RP_FNAMED_TYPES ? &named[id] : NULL;
}

int rp_fnamed_find(const char *name)
{
    for (int i = 0; i < RP_FNAMED_TYPES; i++)
        if (strcmp(named[i].name, name) == 0)
            return i;
    return -1;
}
