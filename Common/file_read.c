/* file_read.c: a whole stream or file in memory (file_read.h). */
#include "file_read.h"

#include <errno.h>
#include <stdlib.h>

int file_read_all(FILE *stream, char **data, size_t *size)
{
    *data = NULL;
    *size = 0;
    size_t capacity = 1 << 16, length = 0;
    char *buffer = malloc(capacity + 1);
    if (!buffer)
        return ENOMEM;
    /* A short read is the end of the stream or an error; a full one may have more behind it. */
    while ((length += fread(buffer + length, 1, capacity - length, stream)) == capacity) {
        char *bigger = realloc(buffer, 2 * capacity + 1);
        if (!bigger) {
            free(buffer);
            return ENOMEM;
        }
        buffer = bigger;
        capacity *= 2;
    }
    if (ferror(stream)) {
        int reason = errno; /* the read's, whatever free does */
        free(buffer);
        errno = reason;
        return -1;
    }
    buffer[length] = '\0';
    *data = buffer;
    *size = length;
    return 0;
}

int file_read_path(const char *path, char **data, size_t *size, int *opened)
{
    *data = NULL;
    *size = 0;
    FILE *stream = fopen(path, "rb");
    *opened = stream != NULL;
    if (!stream)
        return errno;
    int status = file_read_all(stream, data, size);
    int reason = status == -1 ? errno : status;
    fclose(stream);
    return reason;
}
