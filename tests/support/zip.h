/*
 * zip: one member of a zip file (a workbook) read whole, for tests that
 * look inside an .xlsx.
 */
#ifndef GC_TEST_ZIP_H
#define GC_TEST_ZIP_H

/* The member `name` of the zip file at path, NUL-terminated, or NULL when
 * the file cannot be read or has no such member; the caller frees it. */
char *ts_zip_member(const char *path, const char *name);

#endif
