/* pipeline_write.c: the last two stages: the formatter, a chunk's results formatted (text) or
 * encoded (binary) by a team of threads into the chunk's output bytes, and the writer, those
 * bytes written in input order to OUTPUT. Apart, the writer does nothing but write while the
 * next chunk is formatted: on a 64-core host formatting was a sixth of the writer's time. */
#include <errno.h>
#include <string.h>

#include "binary_io.h"
#include "byte_order.h"
#include "pairs_io.h"
#include "pipeline/pipeline_state.h"
#include "timer.h"

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

/* Each thread takes whole blocks; each block's lines go to its own part of the output bytes. */
static void format_text(const pipeline_chunk *chunk, pipeline_chunk *target)
{
    size_t n = chunk->count;
#pragma omp parallel for schedule(dynamic, 1) if (n > 1024)
    for (int b = 0; b < PIPELINE_TEXT_BLOCKS; ++b) {
        size_t first = n * (size_t)b / PIPELINE_TEXT_BLOCKS, end = n * (size_t)(b + 1) / PIPELINE_TEXT_BLOCKS;
        char *block = target->out + first * RESULT_LINE_MAX, *at = block;
        for (size_t i = first; i < end; ++i)
            at += result_format(at, RESULT_LINE_MAX, &chunk->results[i]);
        target->block_length[b] = (size_t)(at - block);
    }
}

/* Into an output buffer, a copy; into the chunk itself, the results made their records where
 * they lie (a little-endian host), one copy of every result fewer, by the team in blocks of
 * RECORD_BLOCK (docs/PERFORMANCE.md, "Streaming runs against the I/O floor"). */
enum { RECORD_BLOCK = 4096 };
static void format_binary(pipeline_chunk *chunk, pipeline_chunk *target)
{
    size_t n = chunk->count;
    target->records_in_results = target == chunk && byte_order_little_endian_host();
    if (target->records_in_results) {
        long long blocks = (long long)((n + RECORD_BLOCK - 1) / RECORD_BLOCK);
#pragma omp parallel for schedule(static) if (blocks > 1)
        for (long long b = 0; b < blocks; ++b) {
            size_t first = (size_t)b * RECORD_BLOCK;
            binary_results_encode_in_place(chunk->results + first, n - first < RECORD_BLOCK ? n - first : RECORD_BLOCK);
        }
        return;
    }
#pragma omp parallel for schedule(static) if (n > 4096)
    for (long long i = 0; i < (long long)n; ++i)
        binary_result_encode(&chunk->results[i], (unsigned char *)target->out + (size_t)i * BINARY_RESULT_RECORD);
}

/* Where a chunk's results are formatted: a free output buffer, which takes the chunk's place in
 * the writer's queue (the chunk goes back to the reader), or the chunk's own bytes. NULL once
 * the run has failed. */
static pipeline_chunk *format_target(pipeline_state *s, pipeline_chunk *chunk)
{
    if (s->output_count == 0)
        return chunk;
    pipeline_chunk *target = pipeline_queue_pop(&s->free_outputs);
    if (!target)
        return NULL;
    target->sequence = chunk->sequence;
    target->first = chunk->first;
    target->count = chunk->count;
    target->last = chunk->last;
    return target;
}

static int is_output_buffer(const pipeline_state *s, const pipeline_chunk *chunk)
{
    return chunk >= s->outputs && chunk < s->outputs + s->output_count;
}

static int write_text(pipeline_state *s, pipeline_chunk *chunk)
{
    size_t n = chunk->count;
    for (int b = 0; b < PIPELINE_TEXT_BLOCKS; ++b)
        if (emit(s, chunk->out + n * (size_t)b / PIPELINE_TEXT_BLOCKS * RESULT_LINE_MAX, chunk->block_length[b]) != 0)
            return -1;
    return 0;
}

static int write_binary(pipeline_state *s, pipeline_chunk *chunk)
{
    const void *records = chunk->records_in_results ? (const void *)chunk->results : chunk->out;
    if (emit(s, records, chunk->count * BINARY_RESULT_RECORD) != 0)
        return -1;
    if (s->pages_open)
        output_pages_written(&s->pages, BINARY_HEADER_SIZE + (unsigned long long)(chunk->first + chunk->count -
                                                                                  s->source.start) *
                                                                 BINARY_RESULT_RECORD);
    return 0;
}

void pipeline_write_header(pipeline_state *s)
{
    if (s->binary_output && !s->job->sink)
        binary_write_header(s->out.stream, BINARY_KIND_RESULTS, s->source.count, BINARY_RESULT_RECORD);
}

void pipeline_write_timing(pipeline_state *s)
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

void *pipeline_formatter(void *state)
{
    pipeline_state *s = state;
    for (size_t sequence = 0;; ++sequence) {
        /* In input order, whichever lane ran a chunk first. */
        pipeline_chunk *chunk = pipeline_queue_pop_sequence(&s->computed, sequence);
        if (!chunk)
            return NULL;
        pipeline_chunk *target = format_target(s, chunk);
        if (!target)
            return NULL;
        double start = timer_now_ms();
        if (s->job->write_results && s->binary_output)
            format_binary(chunk, target);
        else if (s->job->write_results)
            format_text(chunk, target);
        s->busy_ms[PIPELINE_FORMAT] += timer_now_ms() - start;
        int last = chunk->last;
        if (target != chunk)
            pipeline_queue_push(&s->free_chunks, chunk);
        pipeline_queue_push(&s->formatted, target);
        if (last)
            return NULL;
    }
}

void *pipeline_writer(void *state)
{
    pipeline_state *s = state;
    for (;;) {
        pipeline_chunk *chunk = pipeline_queue_pop(&s->formatted);
        if (!chunk)
            return NULL;
        double start = timer_now_ms();
        if (s->job->write_results && (s->binary_output ? write_binary : write_text)(s, chunk) != 0)
            return NULL;
        s->busy_ms[PIPELINE_WRITE] += timer_now_ms() - start;
        pipeline_progress_update(&s->progress, chunk->first + chunk->count - s->source.start,
                                 s->source.end - s->source.start);
        if (check_stream(s) != 0 || chunk->last)
            return NULL;
        pipeline_queue_push(is_output_buffer(s, chunk) ? &s->free_outputs : &s->free_chunks, chunk);
    }
}
