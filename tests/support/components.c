/*
 * components: see components.h.  The text is a fixed literal: a component
 * returned by value must not point into its own (gone) copy.
 */
#include "tests/support/components.h"

#include <stdio.h>

struct fmt_component ts_move(const char *label, const char *from, const char *to)
{
    struct fmt_component c = {.kind = FMT_COMP_MOVE, .text = "(test move)"};
    snprintf(c.label, sizeof c.label, "%s", label);
    snprintf(c.from, sizeof c.from, "%s", from);
    snprintf(c.to, sizeof c.to, "%s", to);
    return c;
}

struct fmt_component ts_place(const char *label, const char *to)
{
    struct fmt_component c = {.kind = FMT_COMP_PLACE, .op = '-', .text = "(test placement)"};
    snprintf(c.label, sizeof c.label, "%s", label);
    snprintf(c.to, sizeof c.to, "%s", to);
    return c;
}
