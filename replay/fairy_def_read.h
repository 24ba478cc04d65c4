/*
 * fairy_def_read: what the readers of a section's values share, between
 * fairy_def.c (the rules keys) and fairy_def_gc.c (gcaudit's own keys).
 * Not for callers outside the definition's reading: they see fairy_def.h.
 */
#ifndef GC_REPLAY_FAIRY_DEF_READ_H
#define GC_REPLAY_FAIRY_DEF_READ_H

#include "replay/fairy_def.h"

/* The error of a key's value, with its line and key; always -1. */
int rp_fdef_fail(struct rp_fdef_error *err, const struct rp_fkv *kv, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

const char *rp_fdef_skip_space(const char *s);

/* The type a letter names in the variant as declared so far, -1 if none. */
int rp_fdef_type_of_letter(const struct rp_fdef *d, char c);

/* A gc key's value (reader one of the RP_FK_GC_* rows) into d. */
int rp_fdef_read_gc(struct rp_fdef *d, enum rp_fkey_reader reader, const struct rp_fkv *kv,
                    struct rp_fdef_error *err);

#endif
