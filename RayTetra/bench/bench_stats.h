/* bench_stats.h: the statistics of a timing's repetitions (docs/BENCH.md, "Statistics"): the
 * median as the headline, min, max, spread (MAD and CV), a bootstrap confidence interval of the
 * median, and the timer's resolution that decides which repetitions are too short to trust.
 * Also used by CompareRuns (RayTetra/compare/run_compare.c). */
#ifndef RAYTETRA_BENCH_STATS_H
#define RAYTETRA_BENCH_STATS_H

#include "rng.h"

/* Bootstrap resamples, confidence level and seed: the same samples give the same interval. */
#define BENCH_BOOTSTRAP_RESAMPLES 1000
#define BENCH_CONFIDENCE 0.95
#define BENCH_BOOTSTRAP_SEED 20260101u

typedef struct bench_summary {
    int count;
    double sum, mean, median, min, max;
    double mad; /* median absolute deviation from the median (not scaled) */
    double cv;  /* sample standard deviation / mean; 0 for one sample */
    double median_low, median_high; /* BENCH_CONFIDENCE bootstrap interval of the median */
} bench_summary;

/* Summarise `count` samples (count >= 1; not modified). Returns 0, or -1 when out of memory. */
int bench_summarise(const double *samples, int count, bench_summary *summary);

/* The median of `count` sorted values (the mean of the middle two for an even count). */
double bench_median_sorted(const double *sorted, int count);

/* Sort `count` values in place, ascending. */
void bench_sort(double *values, int count);

/* The spread figure the warnings use: MAD / median, as a fraction (0 when the median is 0). */
double bench_relative_spread(const bench_summary *summary);

/* The median of one bootstrap resample of `count` sorted values: `count` indices drawn with
 * replacement from `random`, tallied in `counts` (room for `count`; all zero before and after),
 * so that no resample needs sorting. */
double bench_resample_median(const double *sorted, int count, unsigned *counts, rng *random);

/* The value at quantile q (0..1) of `count` sorted values, interpolated between neighbours. */
double bench_quantile_sorted(const double *sorted, int count, double q);

/* A time in ms for people: 4 significant digits from 1 microsecond to 1 second ("0.0263",
 * "4.115"), whole ms above, 2 digits with an exponent below. Returns `text`. */
const char *bench_ms_text(double ms, char *text, int size);

/* The resolution of the host's clock (timer_now_ms) in ms: the larger of what clock_getres
 * says and the smallest step seen between successive readings. */
double bench_timer_resolution_ms(void);

#endif
