/*
 * viewer_json: a viewer record (viewer_record.c) read back and written
 * again, for merge, which puts the shards' records into its pages.  A
 * record from a shard's directory is not taken on trust: it is decoded
 * as JSON (jansson: one object, nothing after it, no key twice, no NUL
 * in a string, whole numbers only, as records hold), and every string is
 * written again through the escaping the recorder uses
 * (cli_json_log_text), so that no <, > or & of a shard's file reaches a
 * page as such.  A record that analyze wrote comes out the same bytes:
 * jansson keeps an object's keys in their order, and the recorder's
 * strings are printable already (docs/audit-pages.md).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/audit.h"
#include "stats/stats.h"

int cli_json_log_text(struct fmt_buf *b, const char *s)
{
    size_t len = strlen(s);
    if (fmt_printable_span(s, len) == len)
        return cli_json_string_buf(b, s);
    char *e = fmt_escape(s);
    int rc = e ? cli_json_string_buf(b, e) : -1;
    free(e);
    return rc;
}

static int put(struct fmt_buf *b, const char *s)
{
    return fmt_buf_add(b, s, strlen(s)) == FMT_OK ? 0 : -1;
}

/* v written as JSON into b: 0, -1 when memory ran out, -2 (with the
 * reason in why) for a value no record holds. */
static int encode(struct fmt_buf *b, const json_t *v, char *why, size_t whysize)
{
    int rc = 0;
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *item;
        int first = 1;
        rc = put(b, "{");
        json_object_foreach ((json_t *)v, key, item) {
            if (rc == 0 && !first)
                rc = put(b, ",");
            first = 0;
            if (rc == 0)
                rc = cli_json_log_text(b, key);
            if (rc == 0)
                rc = put(b, ":");
            if (rc == 0)
                rc = encode(b, item, why, whysize);
        }
        return rc == 0 ? put(b, "}") : rc;
    }
    case JSON_ARRAY:
        rc = put(b, "[");
        for (size_t i = 0; rc == 0 && i < json_array_size(v); i++) {
            if (i)
                rc = put(b, ",");
            if (rc == 0)
                rc = encode(b, json_array_get(v, i), why, whysize);
        }
        return rc == 0 ? put(b, "]") : rc;
    case JSON_STRING:
        return cli_json_log_text(b, json_string_value(v));
    case JSON_INTEGER: {
        char t[ST_INT_TEXT];
        size_t n = st_format_i64(t, (int64_t)json_integer_value(v));
        return fmt_buf_add(b, t, n) == FMT_OK ? 0 : -1;
    }
    case JSON_TRUE:
        return put(b, "true");
    case JSON_FALSE:
        return put(b, "false");
    case JSON_NULL:
        return put(b, "null");
    case JSON_REAL:
        snprintf(why, whysize, "a number that is not whole (%g)", json_real_value(v));
        return -2;
    }
    snprintf(why, whysize, "an unknown JSON value");
    return -2;
}

int cli_viewer_record_again(const char *record, struct fmt_buf *out, char *why, size_t whysize)
{
    json_error_t e;
    json_t *v = json_loads(record, JSON_REJECT_DUPLICATES, &e);
    if (!v) {
        snprintf(why, whysize, "%s (column %d)", e.text, e.column);
        return -2;
    }
    int rc;
    if (!json_is_object(v)) {
        snprintf(why, whysize, "not a JSON object");
        rc = -2;
    } else {
        rc = encode(out, v, why, whysize);
    }
    json_decref(v);
    return rc;
}
