/*
 * inputs: see inputs.h.
 */
#include "tests/support/inputs.h"
#include "tests/support/support.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

enum fmt_rc ts_collect(void *ctx, const struct fmt_entry *e)
{
    struct ts_rows *r = ctx;
    r->v = realloc(r->v, (r->n + 1) * sizeof *r->v);
    cr_assert_not_null(r->v);
    struct ts_row *w = &r->v[r->n++];
    cr_assert_not_null(e->source);
    cr_assert_not_null(e->entry);
    cr_assert_not_null(e->message);
    w->source = strdup(e->source);
    w->entry = strdup(e->entry);
    w->message = strdup(e->message);
    w->text = NULL;
    if (e->status == FMT_ENTRY_OK) {
        cr_assert_not_null(e->text);
        cr_assert_eq(e->text[e->len], '\0', "text is NUL-terminated");
        cr_assert_eq(strlen(e->text), e->len);
        w->text = malloc(e->len + 1);
        memcpy(w->text, e->text, e->len + 1);
    }
    w->len = e->len;
    w->bytes = e->bytes;
    w->seq = e->seq;
    w->status = e->status;
    return r->stop_at && r->n >= r->stop_at ? FMT_STOPPED : FMT_OK;
}

void ts_rows_free(struct ts_rows *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->v[i].source);
        free(r->v[i].entry);
        free(r->v[i].message);
        free(r->v[i].text);
    }
    free(r->v);
    r->v = NULL;
    r->n = 0;
}

struct ts_rows ts_walk_opt(const char *path, const struct fmt_walk_options *opt)
{
    struct ts_rows r = {0};
    uint64_t seq = 0;
    cr_assert_eq(fmt_walk(path, opt, &seq, ts_collect, &r), 0);
    cr_assert_eq(seq, r.n, "seq advanced once per row");
    for (size_t i = 0; i < r.n; i++)
        cr_assert_eq(r.v[i].seq, i);
    return r;
}

struct ts_rows ts_walk(const char *path)
{
    return ts_walk_opt(path, NULL);
}

void ts_expect_row(const struct ts_rows *r, size_t i, const char *entry,
                   enum fmt_entry_status status, const char *message)
{
    cr_assert_lt(i, r->n, "row %zu missing (only %zu rows)", i, r->n);
    if (entry)
        cr_assert_str_eq(r->v[i].entry, entry, "row %zu", i);
    cr_assert_eq(r->v[i].status, status, "row %zu '%s': status %d, message '%s'",
                 i, r->v[i].entry, r->v[i].status, r->v[i].message);
    if (message)
        cr_assert_str_eq(r->v[i].message, message, "row %zu", i);
}

void ts_expect_text(const struct ts_rows *r, size_t i, const char *text)
{
    ts_expect_row(r, i, NULL, FMT_ENTRY_OK, "");
    cr_assert_str_eq(r->v[i].text, text, "row %zu '%s'", i, r->v[i].entry);
    cr_assert_eq(r->v[i].bytes, strlen(text));
}

char *ts_scratch_path(const char *name)
{
    char *p = ts_fmt("%s/%s", ts_scratch, name);
    cr_assert_not_null(p);
    return p;
}

char *ts_put_file(const char *name, const void *data, size_t len)
{
    char *p = ts_scratch_path(name);
    cr_assert_eq(ts_write_file(p, data, len), 0);
    return p;
}

static void add_member(struct archive *a, const struct ts_member *m)
{
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, m->name);
    archive_entry_set_mtime(e, 1700000000, 0);
    archive_entry_set_filetype(e, m->type ? m->type : AE_IFREG);
    archive_entry_set_perm(e, m->type == AE_IFDIR ? 0755 : 0644);
    if (m->type == AE_IFLNK)
        archive_entry_set_symlink(e, m->link);
    else if (m->link)
        archive_entry_set_hardlink(e, m->link);
    archive_entry_set_size(e, m->type || m->link ? 0 : (la_int64_t)m->len);
    cr_assert_geq(archive_write_header(a, e), ARCHIVE_WARN, "%s", archive_error_string(a));
    if (!m->type && !m->link && m->len > 0)
        cr_assert_eq(archive_write_data(a, m->data, m->len), (la_ssize_t)m->len,
                     "%s", archive_error_string(a));
    archive_entry_free(e);
}

/* An archive (or, with the raw format, one compressed file) at path. */
void ts_write_archive_opt(const char *path, ts_set_fn format, ts_set_fn filter,
                          const char *passphrase,
                          const struct ts_member *m, size_t n)
{
    struct archive *a = archive_write_new();
    cr_assert_eq(format(a), ARCHIVE_OK, "%s", archive_error_string(a));
    if (filter)
        cr_assert_eq(filter(a), ARCHIVE_OK, "%s", archive_error_string(a));
    if (passphrase) {
        cr_assert_eq(archive_write_set_options(a, "zip:encryption=zipcrypt"), ARCHIVE_OK,
                     "%s", archive_error_string(a));
        cr_assert_eq(archive_write_set_passphrase(a, passphrase), ARCHIVE_OK);
    }
    cr_assert_eq(archive_write_open_filename(a, path), ARCHIVE_OK);
    for (size_t i = 0; i < n; i++)
        add_member(a, &m[i]);
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK, "%s", archive_error_string(a));
    archive_write_free(a);
}

char *ts_write_archive(const char *name, ts_set_fn format, ts_set_fn filter,
                       const struct ts_member *m, size_t n)
{
    char *p = ts_scratch_path(name);
    ts_write_archive_opt(p, format, filter, NULL, m, n);
    return p;
}

/* A single .gz through zlib, as gzip(1) would write it. */
char *ts_write_gz(const char *name, const void *data, size_t len)
{
    char *p = ts_scratch_path(name);
    gzFile gz = gzopen(p, "wb9");
    cr_assert_not_null(gz);
    cr_assert_eq(gzwrite(gz, data, (unsigned)len), (int)len);
    cr_assert_eq(gzclose(gz), Z_OK);
    return p;
}


/* Distinct, poorly compressible log text, so that compressed streams are
 * long enough to damage in the middle. */
char *ts_big_log(unsigned seed, size_t lines)
{
    char *s = malloc(lines * 64 + 64);
    cr_assert_not_null(s);
    size_t n = (size_t)sprintf(s, "Game: Chess\nLog: %u\n\n", seed);
    for (size_t i = 0; i < lines; i++) {
        n += (size_t)sprintf(s + n, "%zu. ", i + 1);
        for (int k = 0; k < 40; k++) {
            seed = seed * 1103515245u + 12345u;
            s[n++] = (char)('a' + (seed >> 16) % 26);
        }
        s[n++] = '\n';
    }
    s[n] = '\0';
    return s;
}


void *ts_slurp_path(const char *path, size_t *len)
{
    void *data = ts_read_file(path, len);
    cr_assert_not_null(data, "%s", path);
    return data;
}

/* Reads fmt_walk("-") with path's contents on fd 0. */
struct ts_rows ts_walk_stdin(const char *path)
{
    int saved = dup(0);
    int fd = open(path, O_RDONLY);
    cr_assert(saved >= 0 && fd >= 0);
    cr_assert_eq(dup2(fd, 0), 0);
    close(fd);
    struct ts_rows r = {0};
    uint64_t seq = 0;
    int rc = fmt_walk("-", NULL, &seq, ts_collect, &r);
    cr_assert_eq(dup2(saved, 0), 0);
    close(saved);
    cr_assert_eq(rc, 0);
    return r;
}

/* Wrap path's file as the only member of a new archive, plus a log after it. */
char *ts_wrap_archive(const char *name, const char *inner_name, const char *inner_path,
                      ts_set_fn format, ts_set_fn filter)
{
    size_t len;
    void *data = ts_slurp_path(inner_path, &len);
    struct ts_member m[] = {{inner_name, data, len, 0, NULL}, TS_MEMBER("after.log", TS_LOG_A)};
    char *p = ts_write_archive(name, format, filter, m, 2);
    free(data);
    return p;
}

/* Logs of about 66 KiB each: libarchive's gzip filter hands out 64 KiB
 * blocks and drops the partial block at a cut, so entries must outsize a
 * block for some of them to survive a cut in half. */
char *ts_many_logs_archive(const char *name, ts_set_fn format, ts_set_fn filter,
                           size_t count, char **logs)
{
    struct ts_member m[8];
    char names[8][32];
    cr_assert_leq(count, 8);
    for (size_t i = 0; i < count; i++) {
        logs[i] = ts_big_log((unsigned)i + 7, 1500);
        snprintf(names[i], sizeof names[i], "g%zu.log", i);
        m[i] = (struct ts_member){names[i], logs[i], strlen(logs[i]), 0, NULL};
    }
    return ts_write_archive(name, format, filter, m, count);
}

void ts_free_logs(char **logs, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(logs[i]);
}
