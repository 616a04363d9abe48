/* compare_stream.c: the streamed comparison of CompareResults (see compare_stream.h): one
 * thread of the team reads the next chunk set (pairs and results) while the others check and
 * compare the current one, and joins them when it is done. */
#include "compare/compare_stream.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare/result_source.h"
#include "extent.h"
#include "input_stream.h"
#include "pipeline/pair_source.h"
#include "pipeline/pipeline_budget.h"

/* The largest chunk: the team's work on a chunk is worth many times its start, and the two
 * chunk sets' buffers (about 1.7 KiB a pair each with two text result files) stay near 55 MiB,
 * so that the default budget costs little more memory than a small whole-file read. */
#define COMPARE_CHUNK_PAIRS_MAX ((size_t)1 << 14)
/* One set read while the other is compared. */
#define COMPARE_SETS 2

/* A chunk of pairs and the same pairs' results of each file. */
typedef struct chunk_set {
    pipeline_chunk chunk; /* the pairs; with the exact classifier its results are the reference */
    result_chunk reference, other;
} chunk_set;

typedef struct comparison {
    const compare_job *job;
    pair_source pairs;
    result_source reference, other; /* reference unused with the exact classifier */
    chunk_set sets[COMPARE_SETS];
    unsigned char *kinds;           /* each pair's result_mismatch_kind */
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

/* The pairs a chunk takes: as many as the budget holds with every buffer of both sets. */
static int chunk_pairs(const comparison *c, size_t budget, size_t *pairs, error_text *err)
{
    int text_input = !c->pairs.binary;
    size_t per_pair = sizeof(ray_tetra_pair) + sizeof(ray_tetra_result) +
                      (text_input ? PIPELINE_TEXT_BYTES_PER_PAIR + 2 * sizeof(size_t) : 0) +
                      result_chunk_bytes_per_result(c->other.binary);
    size_t fixed = text_input ? INPUT_LINE_MAX + 1 : 0;
    fixed += c->other.binary ? 0 : INPUT_LINE_MAX + 1;
    if (c->job->reference) {
        per_pair += result_chunk_bytes_per_result(c->reference.binary);
        fixed += c->reference.binary ? 0 : INPUT_LINE_MAX + 1;
    }
    per_pair = COMPARE_SETS * per_pair + 1; /* and its kind */
    fixed = PIPELINE_MEMORY_RESERVE + COMPARE_SETS * fixed;
    size_t n = budget > fixed ? (budget - fixed) / per_pair : 1;
    if (n > COMPARE_CHUNK_PAIRS_MAX)
        n = COMPARE_CHUNK_PAIRS_MAX;
    return pipeline_settle_chunk_pairs(n, c->pairs.count, pairs, err);
}

static int alloc_set(const comparison *c, chunk_set *set, size_t pairs, error_text *err)
{
    pipeline_chunk_shape shape = {
        .pairs = pairs, .text_bytes = c->pairs.binary ? 0 : pairs * PIPELINE_TEXT_BYTES_PER_PAIR + INPUT_LINE_MAX + 1};
    if (pipeline_chunk_alloc(&set->chunk, &shape, NULL, NULL, err) != 0 ||
        (c->job->reference && result_chunk_alloc(&set->reference, pairs, c->reference.binary, err) != 0) ||
        result_chunk_alloc(&set->other, pairs, c->other.binary, err) != 0)
        return -1;
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
    c->kinds = malloc(pairs);
    if (!c->kinds)
        return pipeline_chunk_memory_error(err, pairs, "pairs");
    for (int k = 0; k < COMPARE_SETS; ++k)
        if (alloc_set(c, &c->sets[k], pairs, err) != 0)
            return -1;
    return 0;
}

static void close_all(comparison *c)
{
    pair_source_close(&c->pairs);
    result_source_close(&c->reference);
    result_source_close(&c->other);
    for (int k = 0; k < COMPARE_SETS; ++k) {
        pipeline_chunk_free(&c->sets[k].chunk);
        result_chunk_free(&c->sets[k].reference);
        result_chunk_free(&c->sets[k].other);
    }
    free(c->kinds);
}

/* The next chunk of pairs, and as many results of each file (fewer where a file ends). */
static void read_set(comparison *c, chunk_set *set)
{
    pair_source_fill(&c->pairs, &set->chunk);
    if (c->job->reference)
        result_source_fill(&c->reference, &set->reference, set->chunk.count);
    result_source_fill(&c->other, &set->other, set->chunk.count);
}

/* After the last pair: a result file with more results than pairs is of another input. */
static int check_rest(comparison *c, result_source *source, const char *path, error_text *err)
{
    size_t more;
    if (result_source_rest(source, &more, err) != 0)
        return -1;
    return more ? count_mismatch(path, source->read + more, c->job, c->pairs.count, err) : 0;
}

static const ray_tetra_result *reference_results(const comparison *c, const chunk_set *set)
{
    return c->job->reference ? set->reference.results : set->chunk.results;
}

/* The first fault of each file in a chunk: chunk.count where none. */
typedef struct chunk_faults {
    size_t pair, reference, other;
} chunk_faults;

/* Which file is at fault at pair i (a pair at fault hides its results' faults, which would be
 * reported after it anyway). */
typedef enum pair_fault { FAULT_NONE, FAULT_PAIR, FAULT_REFERENCE, FAULT_OTHER } pair_fault;

/* Pair i and its results checked and, where all are good, compared. */
static pair_fault check_and_compare(comparison *c, chunk_set *set, size_t i)
{
    const compare_job *job = c->job;
    pipeline_chunk *chunk = &set->chunk;
    if (!pair_source_pair_ok(&c->pairs, chunk, i, 0))
        return FAULT_PAIR;
    if (job->reference && (i >= set->reference.count || !result_source_result_ok(&c->reference, &set->reference, i)))
        return FAULT_REFERENCE;
    if (i >= set->other.count || !result_source_result_ok(&c->other, &set->other, i))
        return FAULT_OTHER;
    if (!job->reference)
        extent_exact_reference(&chunk->pairs[i], job->extent, &chunk->results[i]);
    c->kinds[i] = (unsigned char)result_compare(&chunk->pairs[i], &reference_results(c, set)[i],
                                                &set->other.results[i], job->tolerance, NULL);
    return FAULT_NONE;
}

/* Every pair of the chunk and its results parsed and compared in one loop of the team (one
 * start and one barrier a chunk), the first fault of each file kept; meanwhile one thread
 * reads `next` (unless NULL), then takes its share of what is left of the loop. The team
 * never waits idle for the reader, so it does not spin in OpenMP's wait while a core is
 * needed to read (measured on the loaded dev machine: a reader thread beside the team made
 * the comparison of 2,000,000 binary pairs take 1.0 s of CPU for 0.3 s of work). */
static void compare_set(comparison *c, chunk_set *set, chunk_set *next, chunk_faults *faults)
{
    long long n = (long long)set->chunk.count, pair = n, reference = n, other = n;
#pragma omp parallel if (n > 1024 || next)
    {
#pragma omp single nowait
        {
            if (next)
                read_set(c, next);
        }
#pragma omp for schedule(dynamic, 256) reduction(min : pair, reference, other) nowait
        for (long long i = 0; i < n; ++i) {
            pair_fault fault = check_and_compare(c, set, (size_t)i);
            if (fault == FAULT_PAIR && i < pair)
                pair = i;
            else if (fault == FAULT_REFERENCE && i < reference)
                reference = i;
            else if (fault == FAULT_OTHER && i < other)
                other = i;
        }
    }
    *faults = (chunk_faults){(size_t)pair, (size_t)reference, (size_t)other};
}

/* A result file's fault in the chunk: a bad result, a read fault, or its end before INPUT's. */
static int results_fault(comparison *c, const chunk_set *set, result_source *source, result_chunk *chunk, size_t bad,
                         const char *path, error_text *err)
{
    if (result_source_fault(source, chunk, bad < chunk->count ? bad : chunk->count, err) != 0)
        return -1;
    if (chunk->count < set->chunk.count)
        return count_mismatch(path, chunk->first + chunk->count, c->job, c->pairs.count, err);
    return 0;
}

/* The chunk's first fault: INPUT's, then the reference's, then the other file's. */
static int set_fault(comparison *c, chunk_set *set, const chunk_faults *faults, error_text *err)
{
    const compare_job *job = c->job;
    return pair_source_fault(&c->pairs, &set->chunk, faults->pair, NULL, err) != 0 ||
                   (job->reference && results_fault(c, set, &c->reference, &set->reference, faults->reference,
                                                    job->reference, err) != 0) ||
                   results_fault(c, set, &c->other, &set->other, faults->other, job->other, err) != 0
               ? -1
               : 0;
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
static void print_differences(comparison *c, chunk_set *set, result_compare_summary *summary)
{
    const compare_job *job = c->job;
    const ray_tetra_result *reference = reference_results(c, set);
    for (size_t i = 0; i < set->chunk.count; ++i) {
        result_mismatch_kind kind = (result_mismatch_kind)c->kinds[i];
        if (kind == RESULT_AGREE)
            continue;
        summary->class_differences += kind == RESULT_DIFFERENT_CLASS;
        summary->face_differences += kind == RESULT_DIFFERENT_FACES;
        summary->real_differences += kind == RESULT_DIFFERENT_REAL;
        result_mismatch m;
        result_compare(&set->chunk.pairs[i], &reference[i], &set->other.results[i], job->tolerance, &m);
        char text[512], where[1024], reference_where[1024];
        result_mismatch_describe(&m, text, sizeof text);
        locate(where, sizeof where, job->other, &set->other, i);
        if (!job->reference) {
            fprintf(job->out, "%s: pair %zu: %s\n", where, set->chunk.first + i, text);
        } else {
            locate(reference_where, sizeof reference_where, job->reference, &set->reference, i);
            fprintf(job->out, "%s: pair %zu (%s): %s\n", where, set->chunk.first + i, reference_where, text);
        }
    }
}

/* Each chunk set compared while the next is read, until the last chunk or a fault. */
static int compare_sets(comparison *c, result_compare_summary *summary, error_text *err)
{
    read_set(c, &c->sets[0]);
    for (size_t k = 0;; ++k) {
        chunk_set *set = &c->sets[k % COMPARE_SETS], *next = &c->sets[(k + 1) % COMPARE_SETS];
        int last = set->chunk.last;
        chunk_faults faults;
        compare_set(c, set, last ? NULL : next, &faults);
        if (set_fault(c, set, &faults, err) != 0)
            return -1;
        print_differences(c, set, summary);
        if (last)
            return 0;
    }
}

static int compare_all(comparison *c, result_compare_summary *summary, error_text *err)
{
    const compare_job *job = c->job;
    if (compare_sets(c, summary, err) != 0)
        return -1;
    if ((job->reference && check_rest(c, &c->reference, job->reference, err) != 0) ||
        check_rest(c, &c->other, job->other, err) != 0)
        return -1;
    return 0;
}

int compare_stream_run(const compare_job *job, result_compare_summary *summary, error_text *err)
{
    comparison *c = calloc(1, sizeof *c);
    if (!c)
        return error_set_kind(err, ERROR_MEMORY, "not enough memory to start");
    c->job = job;
    memset(summary, 0, sizeof *summary);
    summary->first_index = SIZE_MAX;
    int status = open_all(c, err);
    if (status == 0)
        status = compare_all(c, summary, err);
    summary->pairs = c->pairs.count;
    close_all(c);
    free(c);
    return status;
}
