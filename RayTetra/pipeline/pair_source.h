/* pair_source.h: an INPUT of pairs read in chunks (pipeline_chunk.h) and checked by a team of
 * threads: the reader and checker of RayTetra's streaming run (pipeline.h), and of every other
 * program that reads pairs (CompareResults chunk by chunk; Bench and Accuracy, which run many
 * algorithms over all pairs, into one pair_set). One parser, one set of messages: a fault is
 * reported as pairs_read words it, the first one in input order. */
#ifndef RAYTETRA_PAIR_SOURCE_H
#define RAYTETRA_PAIR_SOURCE_H

#include <stddef.h>

#include "error.h"
#include "input_stream.h"
#include "pairs.h"
#include "pairs_io.h"
#include "pipeline/pipeline_chunk.h"

typedef struct pair_source {
    input_stream in;
    const char *path;      /* as given */
    int binary;            /* the binary format (binary_io.h), else text */
    size_t count;          /* pairs the input announces */
    size_t start, end;     /* the pairs read: start .. end - 1 (all of them but after
                              pair_source_open_range) */
    size_t chunk_pairs;    /* pairs a chunk takes at most (set by the caller after opening) */
    size_t next;           /* index of the next chunk's first pair */
    size_t sequence;       /* of the next chunk */
    pair_classes *classes; /* NULL, or where each pair's class label goes (of_pair has room) */
    int current_class;
} pair_source;

/* Open INPUT ("-": standard input) and read its count; 0, or -1 with err set. */
int pair_source_open(pair_source *source, const char *path, error_text *err);

/* Open a binary INPUT for its pairs first .. first + count - 1 only (one process's share of a
 * run spread over several): the records before them are skipped, those after them not read,
 * and chunk and fault numbers are those of the whole input. 0, or -1 with err set: a text
 * INPUT is refused (where a line's pairs start is not known before the lines before it are
 * read), and so is a range beyond the pairs the header announces or the file holds. */
int pair_source_open_range(pair_source *source, const char *path, size_t first, size_t count, error_text *err);

void pair_source_close(pair_source *source);

/* The reader's step: the next chunk->count pairs (up to chunk_pairs) into the chunk, a binary
 * input's records straight into chunk->pairs, a text input's lines into chunk->text. A read
 * fault rides on the chunk it ends (chunk->read_failed), so that faults of earlier pairs are
 * reported first; chunk->last says the input ends with this chunk. */
void pair_source_fill(pair_source *source, pipeline_chunk *chunk);

/* The checker's step: a text chunk's lines parsed, and every pair validated (pair_check.h; for
 * `single_precision_algorithm`, if not NULL, its narrower range too), by a team of threads.
 * 0, or -1 with the first fault of the chunk in input order in err (the reader's last). */
int pair_source_check(const pair_source *source, pipeline_chunk *chunk, const char *single_precision_algorithm,
                      error_text *err);

/* The checker's step in two parts, for a caller that checks a chunk in its own team's loop:
 * pair_source_pair_ok (thread-safe: pair i parsed and valid, nonzero) for every pair, then
 * pair_source_fault with the first pair that was not (chunk->count if none): 0, or -1 with
 * that pair's message, or with the reader's fault after the chunk's pairs. */
int pair_source_pair_ok(const pair_source *source, pipeline_chunk *chunk, size_t i, int single_precision);
int pair_source_fault(const pair_source *source, pipeline_chunk *chunk, size_t bad,
                      const char *single_precision_algorithm, error_text *err);

/* How long a whole read took: reading the bytes, and parsing and checking them. */
typedef struct pair_read_times {
    double read_ms, check_ms;
} pair_read_times;

/* All pairs of INPUT into *set through the reader and checker above, chunk by chunk straight
 * into the set's memory, each chunk read while the one before it is checked; with `classes`
 * (else NULL) the labels as pairs_read_classes gives them. Chunks of 16,384 pairs, or
 * $RAYTETRA_STREAM_CHUNK_PAIRS (pipeline_budget.h). 0, or -1 with err set in pairs_read's words
 * and nothing allocated. */
int pair_source_read_all(const char *path, pair_set *set, pair_classes *classes, pair_read_times *times,
                         error_text *err);

#endif
