/*
 * zip: a member of a zip file, read with libarchive (tests/support/zip.h).
 */
#include <archive.h>
#include <archive_entry.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support/zip.h"

char *ts_zip_member(const char *path, const char *name)
{
    struct archive *a = archive_read_new();
    archive_read_support_format_zip(a);
    char *text = NULL;
    if (archive_read_open_filename(a, path, 65536) == ARCHIVE_OK) {
        struct archive_entry *e;
        while (!text && archive_read_next_header(a, &e) == ARCHIVE_OK) {
            if (strcmp(archive_entry_pathname(e), name) != 0)
                continue;
            size_t size = (size_t)archive_entry_size(e);
            text = calloc(1, size + 1);
            if (text && archive_read_data(a, text, size) != (la_ssize_t)size) {
                free(text);
                text = NULL;
                break;
            }
        }
    }
    archive_read_free(a);
    return text;
}
