/* file_read.h: a whole stream or file in memory, the one reading loop of the mesh reader, the
 * kernel loader and CompareRuns (library code: it never prints or exits). */
#ifndef RAYTETRA_FILE_READ_H
#define RAYTETRA_FILE_READ_H

#include <stdio.h>

/* The rest of `stream` in a new buffer: *data holds its *size bytes and one NUL byte after them.
 * Returns 0; or ENOMEM; or -1 for a read error (ferror), errno saying why. Nothing is kept on
 * failure (*data NULL). */
int file_read_all(FILE *stream, char **data, size_t *size);

/* The whole file at `path`, as file_read_all reads it. Returns 0; or the errno value saying why
 * it could not be opened or read (ENOMEM: out of memory), *opened telling which (1: it opened
 * and the read failed). */
int file_read_path(const char *path, char **data, size_t *size, int *opened);

#endif
