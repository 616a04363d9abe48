/* pipeline_chunk.c: a chunk's buffers. */
#include "pipeline/pipeline_chunk.h"

#include <stdlib.h>
#include <string.h>

int pipeline_chunk_alloc(pipeline_chunk *chunk, const pipeline_chunk_shape *shape, error_text *err)
{
    memset(chunk, 0, sizeof *chunk);
    size_t pairs = shape->pairs ? shape->pairs : 1;
    chunk->pairs = malloc(pairs * sizeof *chunk->pairs);
    chunk->results = malloc(pairs * sizeof *chunk->results);
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
        return error_set_kind(err, ERROR_MEMORY, "not enough memory for a chunk of %zu pairs; give a smaller "
                                                 "--max-memory",
                              pairs);
    }
    return 0;
}

void pipeline_chunk_free(pipeline_chunk *chunk)
{
    free(chunk->pairs);
    free(chunk->results);
    free(chunk->text);
    free(chunk->line_start);
    free(chunk->line_number);
    free(chunk->out);
    memset(chunk, 0, sizeof *chunk);
}
