/* pipeline_check.c: the checker stage: a chunk's text lines parsed, and every pair validated
 * (pair_check.h; for a single-precision algorithm its narrower range too), by a team of
 * threads; the first fault in input order is reported as the whole-file readers word it. */
#include <limits.h>

#include "binary_io.h"
#include "pair_check.h"
#include "pairs_io.h"
#include "pipeline/pipeline_state.h"
#include "timer.h"

/* Pairs below which the team is not worth starting. */
#define CHECK_TEAM_MIN 1024

/* Pair i of the chunk parsed (text) or checked (binary): 0, or -1 with err set. */
static int check_pair(const pipeline_state *s, pipeline_chunk *chunk, size_t i, error_text *err)
{
    if (s->binary_input)
        return binary_pair_check(s->in.name, chunk->first + i, &chunk->pairs[i], err);
    return pairs_parse_line(s->in.name, chunk->text + chunk->line_start[i], chunk->line_number[i], &chunk->pairs[i],
                            err);
}

static int single_precision(const pipeline_job *job)
{
    return (job->gpu ? job->gpu->precision : job->cpu->precision) == CPU_PRECISION_FLOAT;
}

/* The first pair at fault, or chunk->count. */
static size_t first_fault(const pipeline_state *s, pipeline_chunk *chunk)
{
    long long first_bad = LLONG_MAX;
    int single = single_precision(s->job);
#pragma omp parallel for schedule(dynamic, 256) reduction(min : first_bad) if (chunk->count > CHECK_TEAM_MIN)
    for (long long i = 0; i < (long long)chunk->count; ++i) {
        error_text err;
        char why[ERROR_TEXT_SIZE / 2];
        if (i < first_bad && (check_pair(s, chunk, (size_t)i, &err) != 0 ||
                              (single && pair_check_single(&chunk->pairs[i], why, sizeof why) != 0)))
            first_bad = i;
    }
    return first_bad == LLONG_MAX ? chunk->count : (size_t)first_bad;
}

/* The message of pair i's fault (first_fault found one). */
static void describe_fault(const pipeline_state *s, pipeline_chunk *chunk, size_t i, error_text *err)
{
    if (check_pair(s, chunk, i, err) != 0)
        return;
    char why[ERROR_TEXT_SIZE / 2];
    pair_check_single(&chunk->pairs[i], why, sizeof why);
    const char *name = s->job->gpu ? s->job->gpu->csv_name : s->job->cpu->name;
    error_set(err, "%s: pair %zu: %s; %s cannot compute it, use its double-precision variant", s->job->input,
              chunk->first + i, why, name);
}

void *pipeline_checker(void *state)
{
    pipeline_state *s = state;
    for (;;) {
        pipeline_chunk *chunk = pipeline_queue_pop(&s->read);
        if (!chunk)
            return NULL;
        double start = timer_now_ms();
        size_t bad = first_fault(s, chunk);
        s->busy_ms[PIPELINE_CHECK] += timer_now_ms() - start;
        if (bad < chunk->count) {
            error_text err;
            describe_fault(s, chunk, bad, &err);
            pipeline_fail(s, &err);
            return NULL;
        }
        if (chunk->read_failed) {
            pipeline_fail(s, &chunk->read_error);
            return NULL;
        }
        int last = chunk->last;
        pipeline_queue_push(&s->checked, chunk);
        if (last) {
            pipeline_queue_end(&s->checked); /* every lane stops once it is empty */
            return NULL;
        }
    }
}
