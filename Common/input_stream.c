/* input_stream.c: buffered reading, bounded text lines (see input_stream.h). */
#define _POSIX_C_SOURCE 200809L
#include "input_stream.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Bytes read at once; the buffer holds a whole longest line and one such read. */
#define CHUNK 65536
#define BUFFER_SIZE (INPUT_LINE_MAX + 1 + CHUNK)

static int read_error(const input_stream *in, int error, error_text *err)
{
    if (error == 0) /* stdio met an error but left errno alone */
        return error_set(err, "%s: read error (the system gave no reason)", in->name);
    return error_set(err, "%s: read error: %s", in->name, strerror(error));
}

int input_open(input_stream *in, const char *path, const char *what, error_text *err)
{
    memset(in, 0, sizeof *in);
    in->path = path;
    in->size = -1;
    if (strcmp(path, "-") == 0) {
        in->name = "standard input";
        in->file = stdin;
    } else {
        in->name = path;
        in->file = fopen(path, "rb");
        if (!in->file)
            return error_set(err, "%s: cannot open the %s: %s", path, what, strerror(errno));
        in->owned = 1;
    }
    struct stat st;
    if (fstat(fileno(in->file), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            input_close(in);
            return error_set(err, "%s: is a folder, not a file", path);
        }
        if (S_ISREG(st.st_mode)) {
            /* What is left to read: standard input may have been read from already. */
            off_t at = lseek(fileno(in->file), 0, SEEK_CUR);
            in->size = st.st_size - (at > 0 && at <= st.st_size ? at : 0);
        }
    }
    return 0;
}

void input_open_memory(input_stream *in, const char *name, const void *data, size_t size)
{
    memset(in, 0, sizeof *in);
    in->path = in->name = name;
    in->memory = data;
    in->end = size;
    in->at_end = 1;
    in->size = (off_t)size;
}

void input_close(input_stream *in)
{
    if (in->owned && in->file)
        fclose(in->file);
    free(in->buffer);
    free(in->line);
    memset(in, 0, sizeof *in);
}

static const unsigned char *data(const input_stream *in) { return in->memory ? in->memory : in->buffer; }

/* Read more bytes after the buffered ones; 0, or -1 with err set. */
static int fill(input_stream *in, error_text *err)
{
    if (in->at_end)
        return 0;
    if (!in->buffer) {
        in->buffer = malloc(BUFFER_SIZE);
        if (!in->buffer)
            return error_set(err, "%s: out of memory", in->name);
        in->capacity = BUFFER_SIZE;
    }
    if (in->start > 0) {
        memmove(in->buffer, in->buffer + in->start, in->end - in->start);
        in->end -= in->start;
        in->start = 0;
    }
    size_t room = in->capacity - in->end;
    if (room == 0)
        return 0;
    errno = 0;
    size_t got = fread(in->buffer + in->end, 1, room < CHUNK ? room : CHUNK, in->file);
    in->end += got;
    if (got == 0) {
        if (ferror(in->file))
            return read_error(in, errno, err);
        in->at_end = 1;
    }
    return 0;
}

long input_peek(input_stream *in, size_t count, const unsigned char **bytes, error_text *err)
{
    if (count > CHUNK)
        count = CHUNK;
    while (in->end - in->start < count && !in->at_end)
        if (fill(in, err) != 0)
            return -1;
    *bytes = data(in) + in->start;
    size_t available = in->end - in->start;
    return (long)(available < count ? available : count);
}

/* A regular file's reads of at least INPUT_TEAM_BYTES go to a team of up to INPUT_TEAM_THREADS
 * threads, each reading INPUT_TEAM_SLICE bytes or more of its own with pread: on a 64-core host
 * one thread read a 5.8 GB file from the page cache in 0.84-1.17 s, 8 threads in 0.14 s, 16 in
 * 0.09 s and 32 no faster. */
#define INPUT_TEAM_BYTES ((size_t)8 << 20)
#define INPUT_TEAM_SLICE ((size_t)1 << 20)
#define INPUT_TEAM_THREADS 16

/* Bytes [first, end) of `out` from the file at `at + first`; how many were read before the
 * file ended, or -1 with errno kept in *error. */
static long long read_slice(int fd, unsigned char *out, size_t first, size_t end, off_t at, int *error)
{
    size_t done = first;
    while (done < end) {
        ssize_t got = pread(fd, out + done, end - done, at + (off_t)done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            *error = errno;
            return -1;
        }
        if (got == 0)
            break;
        done += (size_t)got;
    }
    return (long long)(done - first);
}

/* `count` bytes of a regular file into `out` by a team (above), the file's position moved past
 * them as fread would; how many (fewer at the end of the file), or -1 with err set. */
static long read_as_team(input_stream *in, unsigned char *out, size_t count, error_text *err)
{
    off_t at = ftello(in->file);
    if (at < 0)
        return read_error(in, errno, err);
    int slices = (int)(count / INPUT_TEAM_SLICE);
    slices = slices < INPUT_TEAM_THREADS ? slices : INPUT_TEAM_THREADS;
    long long got[INPUT_TEAM_THREADS];
    int errors[INPUT_TEAM_THREADS] = {0};
    int fd = fileno(in->file);
#pragma omp parallel for num_threads(slices) schedule(static, 1)
    for (int k = 0; k < slices; ++k)
        got[k] = read_slice(fd, out, count * (size_t)k / (size_t)slices, count * (size_t)(k + 1) / (size_t)slices, at,
                            &errors[k]);
    size_t done = 0;
    for (int k = 0; k < slices; ++k) {
        if (got[k] < 0)
            return read_error(in, errors[k], err);
        done += (size_t)got[k];
        if ((size_t)got[k] < count * (size_t)(k + 1) / (size_t)slices - count * (size_t)k / (size_t)slices)
            break; /* the file ends in this slice */
    }
    if (fseeko(in->file, at + (off_t)done, SEEK_SET) != 0)
        return read_error(in, errno, err);
    in->at_end = done < count;
    return (long)done;
}

long input_read(input_stream *in, void *destination, size_t count, error_text *err)
{
    unsigned char *out = destination;
    size_t buffered = in->end - in->start, done = buffered < count ? buffered : count;
    if (done) /* no buffer yet before the first read or peek */
        memcpy(out, data(in) + in->start, done);
    in->start += done;
    if (done < count && !in->at_end && in->size >= 0 && count - done >= INPUT_TEAM_BYTES) {
        long got = read_as_team(in, out + done, count - done, err);
        return got < 0 ? -1 : (long)done + got;
    }
    if (done < count && !in->at_end) {
        /* The rest straight from the file: a large binary file is not copied twice. */
        errno = 0;
        size_t got = fread(out + done, 1, count - done, in->file);
        done += got;
        if (done < count) {
            if (ferror(in->file))
                return read_error(in, errno, err);
            in->at_end = 1;
        }
    }
    return (long)done;
}

long long input_skip(input_stream *in, unsigned long long count, error_text *err)
{
    size_t buffered = in->end - in->start;
    unsigned long long done = buffered < count ? buffered : count;
    in->start += (size_t)done;
    if (done < count && !in->at_end && in->size >= 0) {
        off_t at = ftello(in->file), size = at >= 0 && fseeko(in->file, 0, SEEK_END) == 0 ? ftello(in->file) : -1;
        off_t to = at + (off_t)(count - done) < size ? at + (off_t)(count - done) : size;
        if (at < 0 || size < 0 || fseeko(in->file, to, SEEK_SET) != 0)
            return read_error(in, errno, err);
        done += (unsigned long long)(to - at);
        in->at_end = to == size;
    }
    unsigned char scratch[4096];
    while (done < count && !in->at_end) {
        long got = input_read(in, scratch, count - done < sizeof scratch ? (size_t)(count - done) : sizeof scratch, err);
        if (got < 0)
            return -1;
        done += (unsigned long long)got;
    }
    return (long long)done;
}

void input_quote(const char *text, size_t length, char *out, size_t size)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t at = 0;
    for (size_t i = 0; i < length; ++i) {
        unsigned char c = (unsigned char)text[i];
        int plain = c >= 0x20 && c < 0x7f;
        if (at + (plain ? 1 : 4) + 4 > size) {
            if (size >= 4) {
                if (at + 4 > size)
                    at = size - 4;
                memcpy(out + at, "...", 3);
                at += 3;
            }
            break;
        }
        if (plain) {
            out[at++] = (char)c;
        } else {
            out[at++] = '\\';
            out[at++] = 'x';
            out[at++] = hex[c >> 4];
            out[at++] = hex[c & 15];
        }
    }
    if (size > 0)
        out[at < size ? at : size - 1] = '\0';
}

/* The first line starts with a byte-order mark: say which, and what to do. */
static int byte_order_mark(const input_stream *in, const unsigned char *s, size_t length, error_text *err)
{
    if (length >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        return error_set(err, "%s:1: the file starts with a UTF-8 byte-order mark (bytes EF BB BF); save it without one "
                              "(e.g. sed -i '1s/^\\xEF\\xBB\\xBF//' FILE)",
                         in->name);
    if (length >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) || (s[0] == 0xFE && s[1] == 0xFF)))
        return error_set(err, "%s:1: the file is UTF-16 text (it starts with the byte-order mark %02X %02X); save it "
                              "as ASCII or UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)",
                         in->name, s[0], s[1]);
    return 0;
}

static int control_byte(const input_stream *in, unsigned char c, size_t column, error_text *err)
{
    if (c == 0)
        return error_set(err, "%s:%zu: a NUL byte at column %zu; a text file holds no NUL or other control bytes (is "
                              "the file damaged, binary or UTF-16?)",
                         in->name, in->line_number, column);
    return error_set(err, "%s:%zu: the control byte \\x%02X at column %zu; a text file holds only printable "
                          "characters, tabs and line ends (is the file damaged or binary?)",
                     in->name, in->line_number, c, column);
}

int input_line(input_stream *in, size_t *length, error_text *err)
{
    size_t scanned = 0; /* bytes after start known to hold no line end */
    const unsigned char *newline;
    for (;;) {
        const unsigned char *s = data(in) + in->start;
        size_t available = in->end - in->start;
        newline = memchr(s + scanned, '\n', available - scanned);
        if (newline)
            break;
        scanned = available;
        if (available > INPUT_LINE_MAX)
            return error_set(err, "%s:%zu: the line is longer than %d bytes, far longer than any line of this format "
                                  "(is this the right file?)",
                             in->name, in->line_number + 1, INPUT_LINE_MAX);
        if (in->at_end) {
            if (available == 0)
                return 0;
            break; /* a last line without a line end */
        }
        if (fill(in, err) != 0)
            return -1;
    }
    const unsigned char *s = data(in) + in->start;
    size_t size = newline ? (size_t)(newline - s) : in->end - in->start;
    if (size > INPUT_LINE_MAX)
        return error_set(err, "%s:%zu: the line is longer than %d bytes, far longer than any line of this format (is "
                              "this the right file?)",
                         in->name, in->line_number + 1, INPUT_LINE_MAX);
    in->line_number++;
    if (in->line_number == 1 && byte_order_mark(in, s, size, err) != 0)
        return -1;
    for (size_t i = 0; i < size; ++i)
        if ((s[i] < 0x20 && s[i] != '\t' && s[i] != '\r') || s[i] == 0x7f)
            return control_byte(in, s[i], i + 1, err);
    if (!in->line) {
        in->line = malloc(INPUT_LINE_MAX + 1);
        if (!in->line)
            return error_set(err, "%s: out of memory", in->name);
        in->line_capacity = INPUT_LINE_MAX + 1;
    }
    memcpy(in->line, s, size);
    in->line[size] = '\0';
    in->start += size + (newline ? 1 : 0);
    *length = size;
    return 1;
}
