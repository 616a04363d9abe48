/* test_input_stream: large reads of a regular file, which a team of threads reads slice by
 * slice (Common/input_stream.c): the bytes come in order after what was peeked and buffered, a
 * small read after a large one goes on where it ended, and a read past the end returns what the
 * file holds and marks its end. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "input_stream.h"

#define FILE_BYTES (((size_t)20 << 20) + 123)

static unsigned char byte_at(size_t i) { return (unsigned char)((i * 2654435761u) >> 13); }

/* Whether out[0 .. n - 1] are the file's bytes from `first` on. */
static int bytes_are(const unsigned char *out, size_t first, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        if (out[i] != byte_at(first + i))
            return 0;
    return 1;
}

int main(void)
{
    char path[] = "/tmp/test_input_stream.XXXXXX";
    int fd = mkstemp(path);
    unsigned char *bytes = malloc(FILE_BYTES), *out = malloc(FILE_BYTES);
    CHECK(fd >= 0 && bytes && out, "a temporary file and buffers");
    if (fd < 0 || !bytes || !out)
        return check_summary("test_input_stream");
    for (size_t i = 0; i < FILE_BYTES; ++i)
        bytes[i] = byte_at(i);
    CHECK(write(fd, bytes, FILE_BYTES) == (ssize_t)FILE_BYTES, "the file written");
    close(fd);

    input_stream in;
    error_text err;
    CHECK(input_open(&in, path, "input file", &err) == 0, "%s", err.text);
    const unsigned char *peeked;
    CHECK(input_peek(&in, 100, &peeked, &err) == 100 && bytes_are(peeked, 0, 100), "100 bytes peeked");
    CHECK(input_read(&in, out, 10, &err) == 10 && bytes_are(out, 0, 10), "10 bytes from the buffer");
    size_t at = 10, large = (size_t)12 << 20;
    CHECK(input_read(&in, out, large, &err) == (long)large && bytes_are(out, at, large),
          "12 MiB by the team after the buffer, in order");
    at += large;
    CHECK(input_read(&in, out, 1000, &err) == 1000 && bytes_are(out, at, 1000),
          "a small read goes on where the large one ended");
    at += 1000;
    long rest = input_read(&in, out, (size_t)16 << 20, &err);
    CHECK(rest == (long)(FILE_BYTES - at) && bytes_are(out, at, (size_t)rest),
          "a large read past the end gives the %zu bytes left (%ld)", FILE_BYTES - at, rest);
    CHECK(input_read(&in, out, (size_t)16 << 20, &err) == 0, "then nothing");
    input_close(&in);

    /* A large read from the start, the file ending inside a slice other than the last. */
    CHECK(input_open(&in, path, "input file", &err) == 0, "%s", err.text);
    size_t asked = FILE_BYTES + ((size_t)9 << 20);
    CHECK(input_read(&in, out, asked < FILE_BYTES ? asked : FILE_BYTES, &err) == (long)FILE_BYTES &&
              bytes_are(out, 0, FILE_BYTES),
          "the whole file in one large read");
    input_close(&in);
    unsigned char *more = malloc(asked);
    CHECK(more && input_open(&in, path, "input file", &err) == 0, "reopened");
    if (more) {
        CHECK(input_read(&in, more, asked, &err) == (long)FILE_BYTES && bytes_are(more, 0, FILE_BYTES),
              "29 MiB asked of a 20 MiB file: the 20 MiB it holds");
        input_close(&in);
    }
    free(more);
    unlink(path);
    free(bytes);
    free(out);
    return check_summary("test_input_stream");
}
