/*
 * tar: the header of a plain file in an archive a test writes (tar.h).
 */
#include "tests/support/tar.h"

void ts_tar_file(struct archive_entry *e, const char *name, int64_t size)
{
    archive_entry_clear(e);
    archive_entry_set_pathname(e, name);
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, (la_int64_t)size);
}
