/* file_read.h: a whole stream in memory, the one reading loop of the mesh reader and the kernel
 * loader (library code: it never prints or exits). */
#ifndef RAYTETRA_FILE_READ_H
#define RAYTETRA_FILE_READ_H

#include <stdio.h>

/* The rest of `stream` in a new buffer: *data holds its *size bytes and one NUL byte after them.
 * Returns 0; or ENOMEM; or -1 for a read error (ferror), errno saying why. Nothing is kept on
 * failure (*data NULL). */
int file_read_all(FILE *stream, char **data, size_t *size);

#endif
