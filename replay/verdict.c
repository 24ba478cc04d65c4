/*
 * verdict: the names the reports use for violation codes, results and
 * statuses, and the one way a variant fills in a verdict.
 */
#include <stdarg.h>
#include <stdio.h>

#include "replay/ortho.h"
#include "replay/replay.h"

const char *rp_code_name(enum rp_code code)
{
    static const char *const names[RP_CODE_COUNT] = {
        [RP_OK] = "ok",
        [RP_SYNTAX] = "syntax",
        [RP_NO_SUCH_SQUARE] = "no-such-square",
        [RP_NO_PIECE] = "no-piece",
        [RP_WRONG_PIECE] = "wrong-piece",
        [RP_WRONG_SIDE] = "wrong-side",
        [RP_ILLEGAL_MOVE] = "illegal-move",
        [RP_KING_IN_CHECK] = "king-in-check",
        [RP_BAD_PROMOTION] = "bad-promotion",
        [RP_BAD_DROP] = "bad-drop",
        [RP_BAD_TURN] = "bad-turn",
        [RP_MUST_PASS] = "must-pass",
        [RP_BAD_PASS] = "bad-pass",
        [RP_RETRO_ILLEGAL] = "retro-illegal",
        [RP_RESERVE_EMPTY] = "reserve-empty",
        [RP_EXTRA_COMPONENT] = "extra-component",
        [RP_AFTER_END] = "after-end",
        [RP_RESULT_MISMATCH] = "result-mismatch",
    };
    return (code >= 0 && code < RP_CODE_COUNT) ? names[code] : "unknown";
}

const char *rp_result_name(enum rp_result r)
{
    switch (r) {
    case RP_RESULT_WHITE: return "1-0";
    case RP_RESULT_BLACK: return "0-1";
    case RP_RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

const char *rp_status_name(enum rp_status s)
{
    switch (s) {
    case RP_STATUS_OK: return "ok";
    case RP_STATUS_ILLEGAL: return "illegal";
    case RP_STATUS_MALFORMED: return "malformed";
    default: return "unsupported";
    }
}

void rp_verdict_set(struct rp_verdict *v, enum rp_code code, const char *fmt, ...)
{
    va_list ap;
    v->code = code;
    va_start(ap, fmt);
    vsnprintf(v->message, sizeof v->message, fmt, ap);
    va_end(ap);
}
