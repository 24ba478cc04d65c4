/*
 * components: Game Courier components built by hand, as the parser would
 * produce them, for tests that drive a variant's play function directly.
 */
#ifndef GC_TEST_COMPONENTS_H
#define GC_TEST_COMPONENTS_H

#include "formats/formats.h"

/* [LABEL] FROM-TO ("" for no label). */
struct fmt_component ts_move(const char *label, const char *from, const char *to);

/* LABEL-TO: a placement (promotion, drop, uncapture). */
struct fmt_component ts_place(const char *label, const char *to);

#endif
