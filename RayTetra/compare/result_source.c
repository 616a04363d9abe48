/* result_source.c: result files read in chunks (see result_source.h). */
#include "compare/result_source.h"

#include <stdlib.h>
#include <string.h>

#include "binary_io.h"
#include "pairs_io.h"
#include "pipeline/pipeline_chunk.h"

size_t result_chunk_bytes_per_result(int binary)
{
    size_t per_result = sizeof(ray_tetra_result);
    return per_result + (binary ? BINARY_RESULT_RECORD : RESULT_LINE_MAX + 2 * sizeof(size_t));
}

int result_source_open(result_source *source, const char *path, error_text *err)
{
    memset(source, 0, sizeof *source);
    if (input_open(&source->in, path, "result file", err) != 0)
        return -1;
    source->binary = binary_input(&source->in, err);
    if (source->binary < 0)
        return -1;
    return source->binary ? binary_results_begin(&source->in, &source->announced, err) : 0;
}

void result_source_close(result_source *source)
{
    if (source->in.path)
        input_close(&source->in);
}

int result_chunk_alloc(result_chunk *chunk, size_t capacity, int binary, error_text *err)
{
    memset(chunk, 0, sizeof *chunk);
    size_t n = capacity ? capacity : 1;
    chunk->capacity = capacity;
    chunk->results = malloc(n * sizeof *chunk->results);
    int ok = chunk->results != NULL;
    if (binary) {
        chunk->records = malloc(n * BINARY_RESULT_RECORD);
        ok = ok && chunk->records;
    } else {
        chunk->text_capacity = n * RESULT_LINE_MAX + INPUT_LINE_MAX + 1;
        chunk->text = malloc(chunk->text_capacity);
        chunk->line_start = malloc(n * sizeof *chunk->line_start);
        chunk->line_number = malloc(n * sizeof *chunk->line_number);
        ok = ok && chunk->text && chunk->line_start && chunk->line_number;
    }
    if (!ok) {
        result_chunk_free(chunk);
        return pipeline_chunk_memory_error(err, n, "results");
    }
    return 0;
}

void result_chunk_free(result_chunk *chunk)
{
    free(chunk->results);
    free(chunk->records);
    free(chunk->text);
    free(chunk->line_start);
    free(chunk->line_number);
    memset(chunk, 0, sizeof *chunk);
}

/* Room in the chunk's text for a line of `length` bytes and its NUL: only a file of lines far
 * longer than RayTetra writes needs more than the chunk was given. */
static int text_room(result_chunk *chunk, size_t length, const char *name, error_text *err)
{
    if (chunk->text_capacity - chunk->text_used > length)
        return 0;
    size_t grown = 2 * chunk->text_capacity + length + 1;
    char *text = realloc(chunk->text, grown);
    if (!text)
        return error_set_kind(err, ERROR_MEMORY, "%s: not enough memory for its long result lines", name);
    chunk->text = text;
    chunk->text_capacity = grown;
    return 0;
}

static int read_text(result_source *source, result_chunk *chunk, size_t want)
{
    input_stream *in = &source->in;
    while (chunk->count < want) {
        int found = results_text_line(in, &chunk->read_error);
        if (found <= 0)
            return found;
        size_t length = strlen(in->line);
        if (text_room(chunk, length, in->name, &chunk->read_error) != 0)
            return -1;
        memcpy(chunk->text + chunk->text_used, in->line, length + 1);
        chunk->line_start[chunk->count] = chunk->text_used;
        chunk->line_number[chunk->count] = in->line_number;
        chunk->text_used += length + 1;
        ++chunk->count;
    }
    return 0;
}

static int read_binary(result_source *source, result_chunk *chunk, size_t want)
{
    if (want > source->announced - source->read)
        want = source->announced - source->read;
    if (binary_results_next(&source->in, chunk->records, chunk->first, want, source->announced,
                            &chunk->read_error) != 0)
        return -1;
    chunk->count = want;
    return 0;
}

void result_source_fill(result_source *source, result_chunk *chunk, size_t want)
{
    chunk->first = source->read;
    chunk->count = chunk->text_used = 0;
    int status = source->binary ? read_binary(source, chunk, want) : read_text(source, chunk, want);
    chunk->read_failed = status != 0;
    source->read += chunk->count;
}

/* Result i of the chunk parsed (text) or decoded (binary): 0, or -1 with err set. */
static int check_result(const result_source *source, result_chunk *chunk, size_t i, error_text *err)
{
    if (source->binary)
        return binary_result_decode(source->in.name, chunk->first + i, chunk->records + i * BINARY_RESULT_RECORD,
                                    &chunk->results[i], err);
    return results_parse_line(source->in.name, chunk->text + chunk->line_start[i], chunk->line_number[i],
                              &chunk->results[i], err);
}

int result_source_result_ok(const result_source *source, result_chunk *chunk, size_t i)
{
    error_text err;
    return check_result(source, chunk, i, &err) == 0;
}

int result_source_fault(const result_source *source, result_chunk *chunk, size_t bad, error_text *err)
{
    if (bad < chunk->count)
        return check_result(source, chunk, bad, err);
    if (!chunk->read_failed)
        return 0;
    *err = chunk->read_error;
    return -1;
}

int result_source_rest(result_source *source, size_t *more, error_text *err)
{
    *more = 0;
    if (source->binary) {
        *more = source->announced - source->read;
        return *more ? 0 : binary_results_end(&source->in, source->announced, err);
    }
    int found;
    ray_tetra_result result;
    while ((found = results_text_line(&source->in, err)) > 0) {
        if (results_parse_line(source->in.name, source->in.line, source->in.line_number, &result, err) != 0)
            return -1;
        ++*more;
    }
    return found;
}
