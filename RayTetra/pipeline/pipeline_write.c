/* pipeline_write.c: the writer stage: a chunk's results formatted (text) or encoded (binary) by a
 * team of threads into the chunk's output bytes, then written in input order to OUTPUT. */
#include <errno.h>
#include <string.h>

#include "binary_io.h"
#include "pairs_io.h"
#include "pipeline/pipeline_state.h"
#include "timer.h"

/* Blocks a chunk's text is formatted in: each thread takes whole blocks, each block's lines go
 * to its own part of the output bytes, and the blocks are written in order. */
#define WRITE_BLOCKS 64

/* The bytes to OUTPUT's temporary file, or to the job's sink; 0, or -1 with the run failed. */
static int emit(pipeline_state *s, const void *bytes, size_t length)
{
    const pipeline_sink *sink = s->job->sink;
    if (!sink) {
        fwrite(bytes, 1, length, s->out.stream);
        return 0;
    }
    error_text err;
    if (length == 0 || sink->write(sink->context, bytes, length, &err) == 0)
        return 0;
    pipeline_fail(s, &err);
    return -1;
}

static int write_text(pipeline_state *s, pipeline_chunk *chunk)
{
    size_t n = chunk->count, lengths[WRITE_BLOCKS];
#pragma omp parallel for schedule(dynamic, 1) if (n > 1024)
    for (int b = 0; b < WRITE_BLOCKS; ++b) {
        size_t first = n * (size_t)b / WRITE_BLOCKS, end = n * (size_t)(b + 1) / WRITE_BLOCKS;
        char *block = chunk->out + first * RESULT_LINE_MAX, *at = block;
        for (size_t i = first; i < end; ++i)
            at += result_format(at, RESULT_LINE_MAX, &chunk->results[i]);
        lengths[b] = (size_t)(at - block);
    }
    for (int b = 0; b < WRITE_BLOCKS; ++b)
        if (emit(s, chunk->out + n * (size_t)b / WRITE_BLOCKS * RESULT_LINE_MAX, lengths[b]) != 0)
            return -1;
    return 0;
}

static int write_binary(pipeline_state *s, pipeline_chunk *chunk)
{
    size_t n = chunk->count;
#pragma omp parallel for schedule(static) if (n > 4096)
    for (long long i = 0; i < (long long)n; ++i)
        binary_result_encode(&chunk->results[i], (unsigned char *)chunk->out + (size_t)i * BINARY_RESULT_RECORD);
    return emit(s, chunk->out, n * BINARY_RESULT_RECORD);
}

void pipeline_write_header(pipeline_state *s)
{
    if (s->binary_output && !s->job->sink)
        binary_write_header(s->out.stream, BINARY_KIND_RESULTS, s->source.count, BINARY_RESULT_RECORD);
}

static void write_timing(pipeline_state *s)
{
    char line[256];
    pipeline_timing_line(s->job, s->source.count, s->runner.algorithm_ms, line, sizeof line);
    fputs(line, s->out.stream);
}

/* A write that failed (a full disk) ends the run now rather than at the commit. */
static int check_stream(pipeline_state *s)
{
    if (s->job->sink || !ferror(s->out.stream))
        return 0;
    error_text err;
    error_set(&err, "%s: cannot write: %s; free some space or give another OUTPUT", s->out.path, strerror(errno));
    pipeline_fail(s, &err);
    return -1;
}

void *pipeline_writer(void *state)
{
    pipeline_state *s = state;
    for (size_t sequence = 0;; ++sequence) {
        /* In input order, whichever lane ran a chunk first. */
        pipeline_chunk *chunk = pipeline_queue_pop_sequence(&s->computed, sequence);
        if (!chunk)
            return NULL;
        double start = timer_now_ms();
        if (s->job->write_results && (s->binary_output ? write_binary : write_text)(s, chunk) != 0)
            return NULL;
        if (chunk->last && s->job->write_timing && !s->job->sink)
            write_timing(s);
        s->busy_ms[PIPELINE_WRITE] += timer_now_ms() - start;
        pipeline_progress_update(&s->progress, chunk->first + chunk->count - s->source.start,
                                 s->source.end - s->source.start);
        if (check_stream(s) != 0 || chunk->last)
            return NULL;
        pipeline_queue_push(&s->free_chunks, chunk);
    }
}
