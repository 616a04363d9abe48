/* input_stream.h: reading an INPUT that may be a file, standard input ("-"), a pipe, a FIFO or
 * process substitution (<(...)), or bytes in memory: nothing here seeks but input_skip and a
 * large input_read on a regular file (read by a team of threads). The first bytes can
 * be looked at before they are consumed (input_peek), so that a reader tells the binary format
 * from text and then reads on from the same buffer.
 *
 * Text lines (input_line) are bounded (INPUT_LINE_MAX bytes) and hold no control byte other
 * than tab and carriage return; a byte-order mark at the start is named as such. Every error
 * is one line naming the input (and the line number for text). */
#ifndef RAYTETRA_INPUT_STREAM_H
#define RAYTETRA_INPUT_STREAM_H

#include <stdio.h>
#include <sys/types.h>

#include "error.h"

#define INPUT_LINE_MAX 65536

typedef struct input_stream {
    const char *path;       /* as given; "-" is standard input */
    const char *name;       /* for messages: the path, or "standard input" */
    FILE *file;             /* NULL for bytes in memory */
    int owned;              /* fclose on input_close */
    unsigned char *buffer;  /* bytes read but not consumed: [start, end) */
    const unsigned char *memory; /* in-memory input: the whole of it (buffer unused) */
    size_t start, end, capacity;
    int at_end;             /* no byte left to read beyond the buffer */
    off_t size;             /* a regular file's size, else -1 */
    size_t line_number;     /* of the last line input_line returned */
    char *line;             /* that line, NUL-terminated, without its line end */
    size_t line_capacity;
} input_stream;

/* Open `path` ("-": standard input); `what` names it in the message when it cannot be opened
 * ("input file", "result file"). A folder is refused. Returns 0, or -1 with err set. */
int input_open(input_stream *in, const char *path, const char *what, error_text *err);

/* Read from `size` bytes at `data` (kept, not copied), reported under `name`. */
void input_open_memory(input_stream *in, const char *name, const void *data, size_t size);

void input_close(input_stream *in);

/* Make up to `count` bytes available without consuming them: *bytes points at them, and the
 * number available is returned (fewer at the end of the input), or -1 with err set. */
long input_peek(input_stream *in, size_t count, const unsigned char **bytes, error_text *err);

/* Consume up to `count` bytes into `destination`; returns how many (fewer only at the end of
 * the input), or -1 with err set. */
long input_read(input_stream *in, void *destination, size_t count, error_text *err);

/* Consume `count` bytes without keeping them: the buffered ones, then a regular file's by
 * seeking past them, any other input's by reading them. Returns how many were skipped (fewer
 * only at the end of the input), or -1 with err set. */
long long input_skip(input_stream *in, unsigned long long count, error_text *err);

/* The next text line in in->line (its length in *length): 1, 0 at the end of the input, -1 with
 * err set ("NAME:LINE: what is wrong") for a line that is too long, holds a control byte, or
 * starts the input with a byte-order mark, and for a read error. */
int input_line(input_stream *in, size_t *length, error_text *err);

/* `text` (of `length` bytes) for a message: printable ASCII as is, any other byte as \xHH,
 * cut to about `size` bytes of output with "..." (the result is always NUL-terminated). */
void input_quote(const char *text, size_t length, char *out, size_t size);

#endif
