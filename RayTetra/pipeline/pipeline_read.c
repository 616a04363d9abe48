/* pipeline_read.c: the reader stage: a binary input's records straight into a chunk's pairs, a
 * text input's lines into its text (the checker parses them). A read fault rides on the chunk
 * it ends, so that faults of earlier pairs are reported first. */
#include <string.h>

#include "binary_io.h"
#include "pairs_io.h"
#include "pipeline/pipeline_state.h"
#include "timer.h"

static size_t pairs_wanted(const pipeline_state *s, const pipeline_chunk *chunk)
{
    size_t left = s->count - chunk->first;
    return left < s->job_chunk_pairs ? left : s->job_chunk_pairs;
}

static int read_binary(pipeline_state *s, pipeline_chunk *chunk)
{
    size_t want = pairs_wanted(s, chunk);
    if (binary_pairs_next(&s->in, chunk->pairs, chunk->first, want, s->count, &chunk->read_error) != 0)
        return -1;
    chunk->count = want;
    return 0;
}

/* Lines until the chunk holds its pairs or its text has no room for another line of the
 * longest length: a line, once read, is never left behind. */
static int read_text(pipeline_state *s, pipeline_chunk *chunk)
{
    size_t want = pairs_wanted(s, chunk);
    while (chunk->count < want && chunk->text_capacity - chunk->text_used >= INPUT_LINE_MAX + 1) {
        if (pairs_text_line(&s->in, chunk->first + chunk->count, s->count, &chunk->read_error) != 0)
            return -1;
        size_t length = strlen(s->in.line) + 1;
        memcpy(chunk->text + chunk->text_used, s->in.line, length);
        chunk->line_start[chunk->count] = chunk->text_used;
        chunk->line_number[chunk->count] = s->in.line_number;
        chunk->text_used += length;
        ++chunk->count;
    }
    return 0;
}

static int read_end(pipeline_state *s, pipeline_chunk *chunk)
{
    return s->binary_input ? binary_pairs_end(&s->in, s->count, &chunk->read_error)
                           : pairs_text_end(&s->in, s->count, &chunk->read_error);
}

static void fill(pipeline_state *s, pipeline_chunk *chunk, size_t first)
{
    chunk->first = first;
    chunk->count = chunk->text_used = 0;
    chunk->last = chunk->read_failed = 0;
    int status = s->binary_input ? read_binary(s, chunk) : read_text(s, chunk);
    if (status == 0 && chunk->first + chunk->count == s->count)
        status = read_end(s, chunk);
    chunk->read_failed = status != 0;
    chunk->last = chunk->read_failed || chunk->first + chunk->count == s->count;
}

void *pipeline_reader(void *state)
{
    pipeline_state *s = state;
    size_t next = 0, sequence = 0;
    for (;;) {
        pipeline_chunk *chunk = pipeline_queue_pop(&s->free_chunks);
        if (!chunk)
            return NULL;
        double start = timer_now_ms();
        chunk->sequence = sequence++;
        fill(s, chunk, next);
        next += chunk->count;
        s->busy_ms[PIPELINE_READ] += timer_now_ms() - start;
        int last = chunk->last;
        pipeline_queue_push(&s->read, chunk);
        if (last)
            return NULL;
    }
}
