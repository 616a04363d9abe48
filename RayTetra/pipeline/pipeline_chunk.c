/* pipeline_chunk.c: a chunk's buffers. */
#include "pipeline/pipeline_chunk.h"

#include <stdlib.h>
#include <string.h>

int pipeline_chunk_memory_error(error_text *err, size_t count, const char *what)
{
    return error_set_kind(err, ERROR_MEMORY, "not enough memory for a chunk of %zu %s; give a smaller --max-memory",
                          count, what);
}

int pipeline_chunk_alloc(pipeline_chunk *chunk, const pipeline_chunk_shape *shape, ray_tetra_pair *in_place_pairs,
                         ray_tetra_result *in_place_results, error_text *err)
{
    void *pinned = chunk->pinned;
    memset(chunk, 0, sizeof *chunk);
    chunk->pinned = pinned;
    size_t pairs = shape->pairs ? shape->pairs : 1;
    chunk->pairs_owned = !in_place_pairs;
    chunk->results_owned = !in_place_results;
    chunk->pairs = in_place_pairs ? in_place_pairs : malloc(pairs * sizeof *chunk->pairs);
    chunk->results = in_place_results ? in_place_results : malloc(pairs * sizeof *chunk->results);
    int ok = chunk->pairs && chunk->results;
    if (shape->text_bytes) {
        chunk->text = malloc(shape->text_bytes);
        chunk->line_start = malloc(pairs * sizeof *chunk->line_start);
        chunk->line_number = malloc(pairs * sizeof *chunk->line_number);
        chunk->text_capacity = shape->text_bytes;
        ok = ok && chunk->text && chunk->line_start && chunk->line_number;
    }
    if (shape->out_bytes) {
        chunk->out = malloc(shape->out_bytes);
        chunk->out_capacity = shape->out_bytes;
        ok = ok && chunk->out;
    }
    if (!ok) {
        pipeline_chunk_free(chunk);
        return pipeline_chunk_memory_error(err, pairs, "pairs");
    }
    return 0;
}

void pipeline_chunk_free(pipeline_chunk *chunk)
{
    if (chunk->pairs_owned)
        free(chunk->pairs);
    if (chunk->results_owned)
        free(chunk->results);
    free(chunk->text);
    free(chunk->line_start);
    free(chunk->line_number);
    free(chunk->out);
    void *pinned = chunk->pinned; /* the runner releases it */
    memset(chunk, 0, sizeof *chunk);
    chunk->pinned = pinned;
}
