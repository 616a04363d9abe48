/* bench_results.c: the rows of Bench's results, their statistics and warnings
 * (bench_results.h). */
#include "bench/bench_results.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *bench_status_name(bench_status s)
{
    return s == BENCH_OK ? "ok" : (s == BENCH_FAILED ? "failed" : (s == BENCH_UNAVAILABLE ? "unavailable" : "skipped"));
}

const char *bench_phase_name(bench_phase phase, int threads, char *name, size_t size)
{
    static const char *const names[] = {"run",    "run_threads", "write",        "kernel",     "read",
                                        "end_to_end", "copy",    "pinned_write", "pinned_read",
                                        "precompute", "copy_threads", "pinned_duplex"};
    if (phase == BENCH_PHASE_RUN_THREADS && threads > 0)
        snprintf(name, size, "run_threads_%d", threads);
    else if (phase == BENCH_PHASE_COPY_THREADS && threads > 0)
        snprintf(name, size, "copy_threads_%d", threads);
    else
        snprintf(name, size, "%s", names[phase]);
    return name;
}

const char *bench_metric_name(bench_metric metric)
{
    static const char *const names[] = {"time_ms",           "mtests_per_s",        "gb_per_s", "percent_of_copy",
                                        "percent_of_pinned", "percent_of_bound", "percent_of_duplex"};
    return names[metric];
}

const char *bench_metric_unit(bench_metric metric)
{
    static const char *const units[] = {"ms", "Mtests/s", "GB/s", "%", "%", "%", "%"};
    return units[metric];
}

const char *bench_warning_name(unsigned flag)
{
    return flag == BENCH_WARN_SPREAD ? "spread"
         : flag == BENCH_WARN_SHORT ? "short_repetition"
         : flag == BENCH_WARN_FEW_REPS ? "few_repetitions"
         : flag == BENCH_WARN_THREADS_SLOWER ? "threads_slower"
         : "unknown";
}

void bench_results_free(bench_results *results)
{
    for (int i = 0; i < results->count; ++i)
        free(results->rows[i].samples);
    free(results->rows);
    memset(results, 0, sizeof *results);
}

/* A phase that repeats REPS times (the others happen once by design: no repetition warning). */
static int repeated(bench_phase phase)
{
    return phase == BENCH_PHASE_RUN || phase == BENCH_PHASE_RUN_THREADS || phase == BENCH_PHASE_KERNEL ||
           phase == BENCH_PHASE_END_TO_END;
}

static void set_warnings(bench_row *row)
{
    const bench_summary *s = &row->summary;
    if (bench_relative_spread(s) > BENCH_SPREAD_LIMIT)
        row->warnings |= BENCH_WARN_SPREAD;
    if (row->resolution_ms > 0 && s->min < BENCH_RESOLUTION_FACTOR * row->resolution_ms)
        row->warnings |= BENCH_WARN_SHORT;
    if (repeated(row->phase) && s->count < BENCH_MIN_REPS)
        row->warnings |= BENCH_WARN_FEW_REPS;
}

bench_row *bench_results_add(bench_results *results, const bench_row *row, const double *samples, int sample_count)
{
    if (results->count == results->capacity) {
        int capacity = results->capacity ? 2 * results->capacity : 64;
        bench_row *rows = realloc(results->rows, (size_t)capacity * sizeof *rows);
        if (!rows)
            return NULL;
        results->rows = rows;
        results->capacity = capacity;
    }
    bench_row *added = &results->rows[results->count];
    *added = *row;
    added->samples = NULL;
    added->sample_count = 0;
    added->warnings = 0;
    memset(&added->summary, 0, sizeof added->summary);
    if (samples && sample_count > 0) {
        added->samples = malloc((size_t)sample_count * sizeof *added->samples);
        if (!added->samples || bench_summarise(samples, sample_count, &added->summary) != 0) {
            free(added->samples);
            return NULL;
        }
        memcpy(added->samples, samples, (size_t)sample_count * sizeof *samples);
        added->sample_count = sample_count;
        set_warnings(added);
    }
    results->count += 1;
    return added;
}

const bench_row *bench_results_find(const bench_results *results, const char *algorithm, bench_phase phase,
                                    bench_metric metric)
{
    for (int i = 0; i < results->count; ++i) {
        const bench_row *r = &results->rows[i];
        if (r->phase == phase && r->metric == metric && strcmp(r->algorithm, algorithm) == 0)
            return r;
    }
    return NULL;
}

void bench_results_check_threads(bench_results *results)
{
    for (int i = 0; i < results->count; ++i) {
        bench_row *r = &results->rows[i];
        if (r->phase != BENCH_PHASE_RUN_THREADS || r->metric != BENCH_TIME_MS || !r->sample_count)
            continue;
        const bench_row *single = bench_results_find(results, r->algorithm, BENCH_PHASE_RUN, BENCH_TIME_MS);
        if (single && single->sample_count && r->summary.median > single->summary.median)
            r->warnings |= BENCH_WARN_THREADS_SLOWER;
    }
}
