/* pipeline_chunk.h: one chunk of the streaming pipeline: a run of consecutive pairs, their text
 * lines (text input), their results and the bytes that will be written for them. A fixed number
 * of chunks exist for the whole run (PIPELINE_CHUNKS, one per stage), so the memory a run holds
 * is set before the first pair is read (pipeline_budget.h). */
#ifndef RAYTETRA_PIPELINE_CHUNK_H
#define RAYTETRA_PIPELINE_CHUNK_H

#include <stddef.h>

#include "error.h"
#include "pairs.h"

/* One chunk per stage (read, check, run, format, write), so that every stage works on its own chunk; in
 * a run on devices with pinned transfers each device holds PIPELINE_DEVICE_IN_FLIGHT chunks in
 * place of the run stage's one (the next one enqueued while the last one runs:
 * pipeline_runner_chunks), up to PIPELINE_CHUNKS_MAX in all. */
#define PIPELINE_CHUNKS 5
#define PIPELINE_DEVICE_IN_FLIGHT 2
#define PIPELINE_CHUNKS_MAX 64

/* Blocks a chunk's text results are formatted in, side by side (pipeline_write.c). */
#define PIPELINE_TEXT_BLOCKS 64

/* What a chunk's buffers are sized for. */
typedef struct pipeline_chunk_shape {
    size_t pairs;       /* pairs a chunk holds at most */
    size_t text_bytes;  /* room for the lines of a text input (0: binary input) */
    size_t out_bytes;   /* room for the formatted or encoded results (0: none written) */
    size_t budgeted;    /* of the budget, what the chunks and the run's fixed part take at most */
} pipeline_chunk_shape;

typedef struct pipeline_chunk {
    size_t sequence; /* its place in the input: 0 for the first chunk, 1 for the next */
    size_t first;  /* index of its first pair in the input */
    size_t count;  /* pairs in it */
    int last;      /* the input ends with it (or its read failed) */
    int read_failed; /* the reader's error after its pairs, in read_error */
    error_text read_error;
    ray_tetra_pair *pairs;
    ray_tetra_result *results;
    char *text;           /* text input: the lines, each NUL-terminated */
    size_t text_capacity, text_used;
    size_t *line_start;   /* offset in text of pair i's line */
    size_t *line_number;  /* its line in the input */
    char *out;            /* the bytes written for the results */
    int records_in_results; /* binary OUTPUT: the results are their records, written in place of out */
    size_t out_capacity;
    size_t block_length[PIPELINE_TEXT_BLOCKS]; /* text: the bytes of each block, from its 1/64th of out */
    int pairs_owned, results_owned; /* else they are in the runner's pinned memory */
    void *pinned;                   /* the runner's pinned buffers of the chunk; NULL if none */
} pipeline_chunk;

/* The refusal of a chunk's buffers, one line for every kind of chunk: "not enough memory for a
 * chunk of COUNT WHAT; give a smaller --max-memory" (ERROR_MEMORY) into err; returns -1. */
int pipeline_chunk_memory_error(error_text *err, size_t count, const char *what);

/* Allocate a chunk of that shape, its pairs and results where `pairs` and `results` (pinned
 * memory of that shape) are NULL; 0, or -1 with err set. */
int pipeline_chunk_alloc(pipeline_chunk *chunk, const pipeline_chunk_shape *shape, ray_tetra_pair *pairs,
                         ray_tetra_result *results, error_text *err);

void pipeline_chunk_free(pipeline_chunk *chunk);

#endif
