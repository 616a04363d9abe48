/* pair_source.c: reading pairs in chunks and checking them with a team of threads (see
 * pair_source.h). */
#include "pipeline/pair_source.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "binary_io.h"
#include "pair_check.h"
#include "pipeline/pipeline_budget.h"
#include "timer.h"

/* Pairs below which the team is not worth starting. */
#define CHECK_TEAM_MIN 1024
/* A whole read's chunk: large enough that a chunk's costs vanish, small enough that its text
 * (PIPELINE_TEXT_BYTES_PER_PAIR bytes a pair at most) stays a few MiB. */
#define READ_ALL_CHUNK_PAIRS ((size_t)1 << 14)
#define READ_ALL_TEXT_BYTES_PER_PAIR 256
/* The first room a whole read makes for pairs: a stream may announce more than it holds, so the
 * memory follows what arrives. */
#define READ_ALL_FIRST_CAPACITY ((size_t)1 << 16)

int pair_source_open(pair_source *source, const char *path, error_text *err)
{
    memset(source, 0, sizeof *source);
    source->path = path;
    source->current_class = -1;
    if (input_open(&source->in, path, "input file", err) != 0)
        return -1;
    source->binary = binary_input(&source->in, err);
    if (source->binary < 0)
        return -1;
    int status = source->binary ? binary_pairs_begin(&source->in, &source->count, err)
                                : pairs_text_begin(&source->in, &source->count, err);
    source->end = source->count;
    return status;
}

int pair_source_open_range(pair_source *source, const char *path, size_t first, size_t count, error_text *err)
{
    if (pair_source_open(source, path, err) != 0)
        return -1;
    if (!source->binary)
        return error_set_kind(err, ERROR_USAGE,
                              "%s: a text input, whose pairs cannot be shared out by their place in the file; give a "
                              "binary .rtb input (RandomRayTetra writes one when its OUTPUT ends in .rtb)",
                              source->in.name);
    if (first > source->count || count > source->count - first)
        return error_set_kind(err, ERROR_INPUT, "%s: pairs %zu to %zu asked for, but the header announces %zu",
                              source->in.name, first, first + count, source->count);
    unsigned long long skip = (unsigned long long)first * BINARY_PAIR_RECORD;
    long long skipped = input_skip(&source->in, skip, err);
    if (skipped < 0)
        return -1;
    if ((unsigned long long)skipped < skip)
        return error_set_kind(err, ERROR_INPUT, "%s: the file ends after %llu of the %zu pairs its header announces",
                              source->in.name, (unsigned long long)skipped / BINARY_PAIR_RECORD, source->count);
    source->start = source->next = first;
    source->end = first + count;
    return 0;
}

void pair_source_close(pair_source *source)
{
    if (source->in.path)
        input_close(&source->in);
}

/* Pairs the next chunk takes. */
static size_t next_chunk_pairs(const pair_source *source)
{
    size_t left = source->end - source->next;
    return left < source->chunk_pairs ? left : source->chunk_pairs;
}

static int read_binary(pair_source *source, pipeline_chunk *chunk)
{
    size_t want = next_chunk_pairs(source);
    if (binary_pairs_next(&source->in, chunk->pairs, chunk->first, want, source->count, &chunk->read_error) != 0)
        return -1;
    chunk->count = want;
    return 0;
}

static int next_line(pair_source *source, size_t index, error_text *err)
{
    if (!source->classes)
        return pairs_text_line(&source->in, index, source->count, err);
    if (pairs_text_line_classes(&source->in, index, source->count, source->classes, &source->current_class, err) != 0)
        return -1;
    source->classes->of_pair[index] = (unsigned char)source->current_class;
    return 0;
}

/* Lines until the chunk holds its pairs or its text has no room for another line of the
 * longest length: a line, once read, is never left behind. */
static int read_text(pair_source *source, pipeline_chunk *chunk)
{
    size_t want = next_chunk_pairs(source);
    input_stream *in = &source->in;
    while (chunk->count < want && chunk->text_capacity - chunk->text_used >= INPUT_LINE_MAX + 1) {
        if (next_line(source, chunk->first + chunk->count, &chunk->read_error) != 0)
            return -1;
        size_t length = strlen(in->line) + 1;
        memcpy(chunk->text + chunk->text_used, in->line, length);
        chunk->line_start[chunk->count] = chunk->text_used;
        chunk->line_number[chunk->count] = in->line_number;
        chunk->text_used += length;
        ++chunk->count;
    }
    return 0;
}

static int read_end(pair_source *source, pipeline_chunk *chunk)
{
    return source->binary ? binary_pairs_end(&source->in, source->count, &chunk->read_error)
                          : pairs_text_end(&source->in, source->count, &chunk->read_error);
}

void pair_source_fill(pair_source *source, pipeline_chunk *chunk)
{
    chunk->sequence = source->sequence++;
    chunk->first = source->next;
    chunk->count = chunk->text_used = 0;
    chunk->last = chunk->read_failed = 0;
    int status = source->binary ? read_binary(source, chunk) : read_text(source, chunk);
    /* Only the whole input's end is checked for bytes after it; a range's end is not one. */
    if (status == 0 && chunk->first + chunk->count == source->end && source->end == source->count)
        status = read_end(source, chunk);
    chunk->read_failed = status != 0;
    chunk->last = chunk->read_failed || chunk->first + chunk->count == source->end;
    source->next += chunk->count;
}

/* Pair i of the chunk parsed (text) or checked (binary): 0, or -1 with err set. */
static int check_pair(const pair_source *source, pipeline_chunk *chunk, size_t i, error_text *err)
{
    if (source->binary)
        return binary_pair_check(source->in.name, chunk->first + i, &chunk->pairs[i], err);
    return pairs_parse_line(source->in.name, chunk->text + chunk->line_start[i], chunk->line_number[i],
                            &chunk->pairs[i], err);
}

int pair_source_pair_ok(const pair_source *source, pipeline_chunk *chunk, size_t i, int single_precision)
{
    error_text err;
    char why[ERROR_TEXT_SIZE / 2];
    return check_pair(source, chunk, i, &err) == 0 &&
           !(single_precision && pair_check_single(&chunk->pairs[i], why, sizeof why) != 0);
}

int pair_source_fault(const pair_source *source, pipeline_chunk *chunk, size_t bad,
                      const char *single_precision_algorithm, error_text *err)
{
    if (bad == chunk->count) {
        if (!chunk->read_failed)
            return 0;
        *err = chunk->read_error;
        return -1;
    }
    if (check_pair(source, chunk, bad, err) != 0)
        return -1;
    char why[ERROR_TEXT_SIZE / 2];
    pair_check_single(&chunk->pairs[bad], why, sizeof why);
    return error_set(err, "%s: pair %zu: %s; %s cannot compute it, use its double-precision variant", source->path,
                     chunk->first + bad, why, single_precision_algorithm);
}

int pair_source_check(const pair_source *source, pipeline_chunk *chunk, const char *single_precision_algorithm,
                      error_text *err)
{
    long long first_bad = LLONG_MAX;
    int single = single_precision_algorithm != NULL;
#pragma omp parallel for schedule(dynamic, 256) reduction(min : first_bad) if (chunk->count > CHECK_TEAM_MIN)
    for (long long i = 0; i < (long long)chunk->count; ++i)
        if (i < first_bad && !pair_source_pair_ok(source, chunk, (size_t)i, single))
            first_bad = i;
    return pair_source_fault(source, chunk, first_bad == LLONG_MAX ? chunk->count : (size_t)first_bad,
                             single_precision_algorithm, err);
}

/* Room in *set (and the labels) for the pairs up to `end`: doubling, up to the count. */
static int make_room(const pair_source *source, pair_set *set, size_t *capacity, size_t end, error_text *err)
{
    if (end <= *capacity)
        return 0;
    size_t grown = *capacity ? *capacity : READ_ALL_FIRST_CAPACITY;
    while (grown < end)
        grown *= 2;
    if (grown > source->count)
        grown = source->count;
    ray_tetra_pair *pairs = realloc(set->pairs, grown * sizeof *pairs);
    if (pairs)
        set->pairs = pairs;
    unsigned char *labels = pairs && source->classes ? realloc(source->classes->of_pair, grown) : NULL;
    if (labels)
        source->classes->of_pair = labels;
    if (!pairs || (source->classes && !labels))
        return error_set_kind(err, ERROR_MEMORY, "%s: not enough memory for %zu pairs", source->in.name,
                              source->count);
    *capacity = grown;
    return 0;
}

/* A chunk's pairs go to their place in the set (where make_room may have moved it). */
static void place(pipeline_chunk *chunk, const pair_set *set, size_t first, ray_tetra_pair *own_pairs)
{
    chunk->pairs = set->pairs ? set->pairs + first : own_pairs;
}

/* The chunk's pairs checked by the team while one of its threads reads `next` (unless NULL)
 * and then joins the check: the team never waits idle for the read. *bad: the first pair at
 * fault, or chunk->count; *read_ms: the read's time. */
static void check_while_reading(pair_source *source, pipeline_chunk *chunk, pipeline_chunk *next, size_t *bad,
                                double *read_ms)
{
    long long n = (long long)chunk->count, first_bad = n;
    double read = 0;
#pragma omp parallel if (n > CHECK_TEAM_MIN || next)
    {
#pragma omp single nowait
        {
            if (next) {
                double start = timer_now_ms();
                pair_source_fill(source, next);
                read = timer_now_ms() - start;
            }
        }
#pragma omp for schedule(dynamic, 256) reduction(min : first_bad) nowait
        for (long long i = 0; i < n; ++i)
            if (i < first_bad && !pair_source_pair_ok(source, chunk, (size_t)i, 0))
                first_bad = i;
    }
    *bad = (size_t)first_bad;
    *read_ms = read;
}

/* The chunks in turn, each read into its place in the set while the one before it is checked
 * there (an input of no pairs too: one empty chunk, so that what follows its count is checked). */
static int read_chunks(pair_source *source, pipeline_chunk chunks[2], pair_set *set, pair_read_times *times,
                       error_text *err)
{
    ray_tetra_pair *own_pairs[2] = {chunks[0].pairs, chunks[1].pairs}; /* put back before they are freed */
    size_t capacity = 0;
    int status = make_room(source, set, &capacity, source->next + next_chunk_pairs(source), err);
    if (status == 0) {
        double start = timer_now_ms();
        place(&chunks[0], set, source->next, own_pairs[0]);
        pair_source_fill(source, &chunks[0]);
        times->read_ms += timer_now_ms() - start;
    }
    for (size_t k = 0; status == 0; ++k) {
        pipeline_chunk *chunk = &chunks[k % 2], *next = chunk->last ? NULL : &chunks[(k + 1) % 2];
        if (next && (status = make_room(source, set, &capacity, source->next + next_chunk_pairs(source), err)) != 0)
            break;
        place(chunk, set, chunk->first, own_pairs[k % 2]);
        if (next)
            place(next, set, source->next, own_pairs[(k + 1) % 2]);
        double start = timer_now_ms(), read_ms;
        size_t bad;
        check_while_reading(source, chunk, next, &bad, &read_ms);
        times->check_ms += timer_now_ms() - start;
        times->read_ms += read_ms;
        status = pair_source_fault(source, chunk, bad, NULL, err);
        if (chunk->last)
            break;
    }
    chunks[0].pairs = own_pairs[0];
    chunks[1].pairs = own_pairs[1];
    return status;
}

int pair_source_read_all(const char *path, pair_set *set, pair_classes *classes, pair_read_times *times,
                         error_text *err)
{
    memset(set, 0, sizeof *set);
    memset(times, 0, sizeof *times);
    if (classes)
        memset(classes, 0, sizeof *classes);
    double start = timer_now_ms();
    pair_source source;
    int status = pair_source_open(&source, path, err);
    times->read_ms = timer_now_ms() - start;
    source.classes = classes && status == 0 && !source.binary ? classes : NULL;
    size_t forced = 0;
    if (status == 0)
        status = pipeline_forced_chunk_pairs(&forced, err);
    source.chunk_pairs = forced ? forced : READ_ALL_CHUNK_PAIRS;
    if (source.chunk_pairs > source.count)
        source.chunk_pairs = source.count;
    pipeline_chunk chunks[2] = {{0}, {0}};
    pipeline_chunk_shape shape = {.pairs = source.chunk_pairs,
                                  .text_bytes = source.binary ? 0
                                                              : source.chunk_pairs * READ_ALL_TEXT_BYTES_PER_PAIR +
                                                                    INPUT_LINE_MAX + 1};
    if (status == 0 && (status = pipeline_chunk_alloc(&chunks[0], &shape, NULL, NULL, err)) == 0 &&
        (status = pipeline_chunk_alloc(&chunks[1], &shape, NULL, NULL, err)) == 0)
        status = read_chunks(&source, chunks, set, times, err);
    pipeline_chunk_free(&chunks[0]);
    pipeline_chunk_free(&chunks[1]);
    pair_source_close(&source);
    if (status == 0) {
        set->count = source.count;
        return classes ? pair_classes_finish(path, set, classes, err) : 0;
    }
    pair_set_free(set);
    if (classes)
        pair_classes_free(classes);
    return -1;
}
