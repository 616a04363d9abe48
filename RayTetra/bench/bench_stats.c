/* bench_stats.c: median, spread and the bootstrap interval of a timing's repetitions, and the
 * host clock's resolution (bench_stats.h). */
#define _POSIX_C_SOURCE 200809L
#include "bench/bench_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "timer.h"
#include "sort_doubles.h"

void bench_sort(double *values, int count) { sort_doubles(values, (size_t)count); }

double bench_median_sorted(const double *sorted, int count)
{
    return count % 2 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
}

double bench_quantile_sorted(const double *sorted, int count, double q)
{
    double position = q * (count - 1);
    int low = (int)floor(position);
    if (low >= count - 1)
        return sorted[count - 1];
    return sorted[low] + (position - low) * (sorted[low + 1] - sorted[low]);
}

double bench_resample_median(const double *sorted, int count, unsigned *counts, rng *random)
{
    for (int i = 0; i < count; ++i)
        counts[rng_below(random, (uint64_t)count)] += 1;
    /* Walk the tally in order up to the middle draw(s): they are the resample's median. */
    int low_rank = (count - 1) / 2, high_rank = count / 2, seen = 0;
    double low = 0, high = 0;
    for (int i = 0; i < count; ++i) {
        int next = seen + (int)counts[i];
        if (seen <= low_rank && low_rank < next)
            low = sorted[i];
        if (seen <= high_rank && high_rank < next)
            high = sorted[i];
        seen = next;
        counts[i] = 0;
    }
    return (low + high) / 2;
}

double bench_relative_spread(const bench_summary *s) { return s->median > 0 ? s->mad / s->median : 0.0; }

int bench_summarise(const double *samples, int count, bench_summary *s)
{
    memset(s, 0, sizeof *s);
    s->count = count;
    double *sorted = malloc((size_t)count * sizeof *sorted);
    double *medians = malloc(BENCH_BOOTSTRAP_RESAMPLES * sizeof *medians);
    unsigned *counts = calloc((size_t)count, sizeof *counts);
    if (!sorted || !medians || !counts) {
        free(sorted);
        free(medians);
        free(counts);
        return -1;
    }
    memcpy(sorted, samples, (size_t)count * sizeof *sorted);
    bench_sort(sorted, count);
    for (int i = 0; i < count; ++i)
        s->sum += sorted[i];
    s->mean = s->sum / count;
    s->min = sorted[0];
    s->max = sorted[count - 1];
    s->median = bench_median_sorted(sorted, count);
    double squares = 0;
    for (int i = 0; i < count; ++i)
        squares += (sorted[i] - s->mean) * (sorted[i] - s->mean);
    s->cv = count > 1 && s->mean > 0 ? sqrt(squares / (count - 1)) / s->mean : 0.0;
    /* The MAD reuses the bootstrap's buffer for the deviations when it is large enough. */
    double *deviations = count <= BENCH_BOOTSTRAP_RESAMPLES ? medians : malloc((size_t)count * sizeof *deviations);
    if (!deviations) {
        free(sorted);
        free(medians);
        free(counts);
        return -1;
    }
    for (int i = 0; i < count; ++i)
        deviations[i] = fabs(sorted[i] - s->median);
    bench_sort(deviations, count);
    s->mad = bench_median_sorted(deviations, count);
    if (deviations != medians)
        free(deviations);
    rng random;
    rng_seed(&random, BENCH_BOOTSTRAP_SEED);
    for (int b = 0; b < BENCH_BOOTSTRAP_RESAMPLES; ++b)
        medians[b] = bench_resample_median(sorted, count, counts, &random);
    bench_sort(medians, BENCH_BOOTSTRAP_RESAMPLES);
    s->median_low = bench_quantile_sorted(medians, BENCH_BOOTSTRAP_RESAMPLES, (1 - BENCH_CONFIDENCE) / 2);
    s->median_high = bench_quantile_sorted(medians, BENCH_BOOTSTRAP_RESAMPLES, (1 + BENCH_CONFIDENCE) / 2);
    free(sorted);
    free(medians);
    free(counts);
    return 0;
}

const char *bench_ms_text(double ms, char *text, int size)
{
    if (ms >= 1000)
        snprintf(text, (size_t)size, "%.0f", ms);
    else if (ms >= 0.001 || ms == 0)
        snprintf(text, (size_t)size, "%.4g", ms);
    else
        snprintf(text, (size_t)size, "%.2g", ms);
    return text;
}

double bench_timer_resolution_ms(void)
{
    struct timespec resolution;
    double stated = clock_getres(CLOCK_MONOTONIC, &resolution) == 0
                        ? (double)resolution.tv_sec * 1e3 + (double)resolution.tv_nsec * 1e-6
                        : 0.0;
    /* The smallest step between readings: what the clock can tell apart in practice (the call's
     * own cost included). */
    double observed = INFINITY, last = timer_now_ms();
    for (int i = 0; i < 1000; ++i) {
        double now = timer_now_ms();
        if (now > last && now - last < observed)
            observed = now - last;
        last = now;
    }
    if (!isfinite(observed))
        observed = 0;
    return stated > observed ? stated : observed;
}
