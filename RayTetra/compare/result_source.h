/* result_source.h: a result file read in chunks in step with the pairs of its INPUT
 * (CompareResults): a text file's lines copied into the chunk by one thread, then parsed by a
 * team of threads; a binary file's records read straight into the chunk, then decoded by the
 * team. The messages are results_read's (pairs_io.h), the first fault in file order. */
#ifndef RAYTETRA_RESULT_SOURCE_H
#define RAYTETRA_RESULT_SOURCE_H

#include <stddef.h>

#include "error.h"
#include "input_stream.h"
#include "pairs.h"

typedef struct result_source {
    input_stream in;
    int binary;
    size_t announced; /* binary: the results its header announces */
    size_t read;      /* results read so far */
} result_source;

typedef struct result_chunk {
    size_t first, count;   /* its first result's index, and how many it holds */
    size_t capacity;       /* results it holds at most */
    ray_tetra_result *results;
    size_t *line_number;   /* text: each result's line in the file */
    size_t *line_start;    /* text: each result's line in `text` */
    char *text;            /* text: the lines, each NUL-terminated; grows for unusually long lines */
    size_t text_capacity, text_used;
    unsigned char *records; /* binary: the raw records */
    int read_failed;       /* the read fault after its results, in read_error */
    error_text read_error;
} result_chunk;

/* The bytes a chunk takes per result, for a text or a binary file (lines of up to the longest
 * line RayTetra writes; a longer one grows the chunk's text). */
size_t result_chunk_bytes_per_result(int binary);

/* Open PATH ("-": standard input); a binary file's header is read. 0, or -1 with err set. */
int result_source_open(result_source *source, const char *path, error_text *err);
void result_source_close(result_source *source);

int result_chunk_alloc(result_chunk *chunk, size_t capacity, int binary, error_text *err);
void result_chunk_free(result_chunk *chunk);

/* The next `want` (<= capacity) results into the chunk; fewer where a text file ends
 * (chunk->count says how many). A read fault rides on the chunk (read_failed). */
void result_source_fill(result_source *source, result_chunk *chunk, size_t want);

/* The chunk's results checked in the caller's team loop: result i is parsed or decoded and
 * valid (nonzero; thread-safe), and then the message of the first result that was not
 * (bad = chunk->count: none; then the read fault, if any): 0, or -1 with err set. */
int result_source_result_ok(const result_source *source, result_chunk *chunk, size_t i);
int result_source_fault(const result_source *source, result_chunk *chunk, size_t bad, error_text *err);

/* After the last result that was wanted: the results that follow, each parsed as
 * results_read would (so that a fault there is reported as it is), counted into *more; a
 * binary file must end there. 0, or -1 with err set. */
int result_source_rest(result_source *source, size_t *more, error_text *err);

#endif
