/* compare_stream.c: the streamed comparison of CompareResults (see compare_stream.h). */
#include "compare/compare_stream.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare/result_source.h"
#include "extent.h"
#include "input_stream.h"
#include "pipeline/pair_source.h"
#include "pipeline/pipeline_budget.h"

/* The largest chunk: the team's work on a chunk is worth many times its start, and the
 * chunk's buffers (about 1.7 KiB a pair with two text result files) stay near 27 MiB, so that
 * the default budget costs no more memory than a small whole-file read. */
#define COMPARE_CHUNK_PAIRS_MAX ((size_t)1 << 14)

typedef struct comparison {
    const compare_job *job;
    pair_source pairs;
    result_source reference, other;   /* reference unused with the exact classifier */
    pipeline_chunk chunk;             /* the pairs; with the exact classifier its results are the reference */
    result_chunk reference_chunk, other_chunk;
    unsigned char *kinds;             /* each pair's result_mismatch_kind */
} comparison;

static int count_mismatch(const char *path, size_t results, const compare_job *job, size_t pairs, error_text *err)
{
    return error_set_kind(err, ERROR_INPUT, "%s holds %zu results but %s holds %zu pairs; compare results of that input",
                          path, results, job->input, pairs);
}

static int open_results(result_source *source, const char *path, const compare_job *job, size_t pairs,
                        error_text *err)
{
    if (result_source_open(source, path, err) != 0)
        return -1;
    /* A binary file announces its count: a file of another input is known before any work. */
    if (source->binary && source->announced != pairs)
        return count_mismatch(path, source->announced, job, pairs, err);
    return 0;
}

/* The pairs a chunk takes: as many as the budget holds with every buffer of the comparison. */
static int chunk_pairs(const comparison *c, size_t budget, size_t *pairs, error_text *err)
{
    int text_input = !c->pairs.binary;
    size_t per_pair = sizeof(ray_tetra_pair) + sizeof(ray_tetra_result) + 1 +
                      (text_input ? PIPELINE_TEXT_BYTES_PER_PAIR + 2 * sizeof(size_t) : 0) +
                      result_chunk_bytes_per_result(c->other.binary);
    size_t fixed = PIPELINE_MEMORY_RESERVE + (text_input ? INPUT_LINE_MAX + 1 : 0) +
                   (c->other.binary ? 0 : INPUT_LINE_MAX + 1);
    if (c->job->reference) {
        per_pair += result_chunk_bytes_per_result(c->reference.binary);
        fixed += c->reference.binary ? 0 : INPUT_LINE_MAX + 1;
    }
    size_t n = budget > fixed ? (budget - fixed) / per_pair : 1;
    if (n > COMPARE_CHUNK_PAIRS_MAX)
        n = COMPARE_CHUNK_PAIRS_MAX;
    size_t forced;
    if (pipeline_forced_chunk_pairs(&forced, err) != 0)
        return -1;
    if (forced)
        n = forced;
    if (n > c->pairs.count)
        n = c->pairs.count;
    *pairs = n ? n : 1;
    return 0;
}

static int open_all(comparison *c, error_text *err)
{
    const compare_job *job = c->job;
    if (pair_source_open(&c->pairs, job->input, err) != 0 ||
        (job->reference && open_results(&c->reference, job->reference, job, c->pairs.count, err) != 0) ||
        open_results(&c->other, job->other, job, c->pairs.count, err) != 0)
        return -1;
    size_t pairs;
    if (chunk_pairs(c, job->max_memory ? job->max_memory : pipeline_default_memory(), &pairs, err) != 0)
        return -1;
    c->pairs.chunk_pairs = pairs;
    pipeline_chunk_shape shape = {
        .pairs = pairs, .text_bytes = c->pairs.binary ? 0 : pairs * PIPELINE_TEXT_BYTES_PER_PAIR + INPUT_LINE_MAX + 1};
    c->kinds = malloc(pairs);
    if (!c->kinds)
        return error_set_kind(err, ERROR_MEMORY, "not enough memory for a chunk of %zu pairs; give a smaller "
                                                 "--max-memory", pairs);
    return pipeline_chunk_alloc(&c->chunk, &shape, NULL, NULL, err) != 0 ||
                   (job->reference && result_chunk_alloc(&c->reference_chunk, pairs, c->reference.binary, err) != 0) ||
                   result_chunk_alloc(&c->other_chunk, pairs, c->other.binary, err) != 0
               ? -1
               : 0;
}

static void close_all(comparison *c)
{
    pair_source_close(&c->pairs);
    result_source_close(&c->reference);
    result_source_close(&c->other);
    pipeline_chunk_free(&c->chunk);
    result_chunk_free(&c->reference_chunk);
    result_chunk_free(&c->other_chunk);
    free(c->kinds);
}

/* The chunk's results of one file, as many as it has pairs: 0, or -1 with err set (a bad
 * result, or the file ends before the input does). */
static int read_results(comparison *c, result_source *source, result_chunk *chunk, const char *path, error_text *err)
{
    result_source_fill(source, chunk, c->chunk.count);
    if (result_source_check(source, chunk, err) != 0)
        return -1;
    if (chunk->count < c->chunk.count)
        return count_mismatch(path, source->read, c->job, c->pairs.count, err);
    return 0;
}

/* After the last pair: a result file with more results than pairs is of another input. */
static int check_rest(comparison *c, result_source *source, const char *path, error_text *err)
{
    size_t more;
    if (result_source_rest(source, &more, err) != 0)
        return -1;
    return more ? count_mismatch(path, source->read + more, c->job, c->pairs.count, err) : 0;
}

static const ray_tetra_result *reference_results(const comparison *c)
{
    return c->job->reference ? c->reference_chunk.results : c->chunk.results;
}

/* Every pair of the chunk compared by the team; the exact classifier's results first where
 * it is the reference. */
static void compare_chunk(comparison *c)
{
    const compare_job *job = c->job;
    pipeline_chunk *chunk = &c->chunk;
    const ray_tetra_result *reference = reference_results(c);
#pragma omp parallel for schedule(dynamic, 64) if (chunk->count > 256)
    for (long long i = 0; i < (long long)chunk->count; ++i) {
        if (!job->reference)
            extent_exact_reference(&chunk->pairs[i], job->extent, &chunk->results[i]);
        c->kinds[i] = (unsigned char)result_compare(&chunk->pairs[i], &reference[i], &c->other_chunk.results[i],
                                                    job->tolerance, NULL);
    }
}

/* "FILE:LINE" of a text result, "FILE: record I" of a binary one. */
static void locate(char *text, size_t size, const char *path, const result_chunk *chunk, size_t i)
{
    if (chunk->line_number)
        snprintf(text, size, "%s:%zu", path, chunk->line_number[i]);
    else
        snprintf(text, size, "%s: record %zu", path, chunk->first + i);
}

/* The chunk's differences, in pair order, counted into the summary. */
static void print_differences(comparison *c, result_compare_summary *summary)
{
    const compare_job *job = c->job;
    const ray_tetra_result *reference = reference_results(c);
    for (size_t i = 0; i < c->chunk.count; ++i) {
        result_mismatch_kind kind = (result_mismatch_kind)c->kinds[i];
        if (kind == RESULT_AGREE)
            continue;
        summary->class_differences += kind == RESULT_DIFFERENT_CLASS;
        summary->face_differences += kind == RESULT_DIFFERENT_FACES;
        summary->real_differences += kind == RESULT_DIFFERENT_REAL;
        result_mismatch m;
        result_compare(&c->chunk.pairs[i], &reference[i], &c->other_chunk.results[i], job->tolerance, &m);
        char text[512], where[1024], reference_where[1024];
        result_mismatch_describe(&m, text, sizeof text);
        locate(where, sizeof where, job->other, &c->other_chunk, i);
        if (!job->reference) {
            fprintf(job->out, "%s: pair %zu: %s\n", where, c->chunk.first + i, text);
        } else {
            locate(reference_where, sizeof reference_where, job->reference, &c->reference_chunk, i);
            fprintf(job->out, "%s: pair %zu (%s): %s\n", where, c->chunk.first + i, reference_where, text);
        }
    }
}

static int compare_chunks(comparison *c, result_compare_summary *summary, error_text *err)
{
    const compare_job *job = c->job;
    do {
        pair_source_fill(&c->pairs, &c->chunk);
        if (pair_source_check(&c->pairs, &c->chunk, NULL, err) != 0 ||
            (job->reference && read_results(c, &c->reference, &c->reference_chunk, job->reference, err) != 0) ||
            read_results(c, &c->other, &c->other_chunk, job->other, err) != 0)
            return -1;
        compare_chunk(c);
        print_differences(c, summary);
    } while (!c->chunk.last);
    if ((job->reference && check_rest(c, &c->reference, job->reference, err) != 0) ||
        check_rest(c, &c->other, job->other, err) != 0)
        return -1;
    return 0;
}

int compare_stream_run(const compare_job *job, result_compare_summary *summary, error_text *err)
{
    comparison c = {.job = job};
    memset(summary, 0, sizeof *summary);
    summary->first_index = SIZE_MAX;
    int status = open_all(&c, err);
    if (status == 0)
        status = compare_chunks(&c, summary, err);
    summary->pairs = c.pairs.count;
    close_all(&c);
    return status;
}
