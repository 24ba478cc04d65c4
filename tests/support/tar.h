/*
 * tar: the header of a plain file in an archive a test writes.
 */
#ifndef GC_TESTS_SUPPORT_TAR_H
#define GC_TESTS_SUPPORT_TAR_H

#include <archive_entry.h>
#include <stdint.h>

/* e cleared and made the header of a regular file: name, size bytes,
 * mode 0644 (its time, if any, set after). */
void ts_tar_file(struct archive_entry *e, const char *name, int64_t size);

#endif
