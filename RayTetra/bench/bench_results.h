/* bench_results.h: Bench's results as rows, one per measurement (docs/BENCH.md, "Results"): an
 * algorithm (its CSV name), kind, phase, metric, unit, value and status, and for a time the
 * repetitions it is made of, their statistics and warnings. The wide CSV (bench_wide.c), the
 * long CSV (bench_long.c) and the JSON (bench_json.c) are all written from these rows. */
#ifndef RAYTETRA_BENCH_RESULTS_H
#define RAYTETRA_BENCH_RESULTS_H

#include <stddef.h>

#include "bench/bench_stats.h"
#include "registry/registry.h"

typedef enum bench_status {
    BENCH_SKIPPED,     /* not selected (or --no-opencl): NA, no message */
    BENCH_OK,          /* ran and its results were verified */
    BENCH_FAILED,      /* ran but failed or gave wrong results: NA, see note */
    BENCH_UNAVAILABLE, /* selected, but no OpenCL device to run it on: NA */
} bench_status;

/* "ok", "failed", "unavailable", "skipped". */
const char *bench_status_name(bench_status status);

/* What a row measured. A CPU algorithm has `run` (and `run_threads` with --threads); an OpenCL
 * algorithm `write`, `kernel`, `read` (and `end_to_end` with --overlap); the device's
 * bandwidths are rows of the pseudo-algorithm "bandwidth", the CPU's (copy, copy_threads_N) of
 * "cpu_bandwidth"; a precomputed form also has `precompute`. */
typedef enum bench_phase {
    BENCH_PHASE_RUN,
    BENCH_PHASE_RUN_THREADS, /* named run_threads_N */
    BENCH_PHASE_WRITE,
    BENCH_PHASE_KERNEL,
    BENCH_PHASE_READ,
    BENCH_PHASE_END_TO_END,
    BENCH_PHASE_COPY,
    BENCH_PHASE_PINNED_WRITE,
    BENCH_PHASE_PINNED_READ,
    BENCH_PHASE_PRECOMPUTE,   /* a precomputed form's table, once, outside the timed run */
    BENCH_PHASE_COPY_THREADS, /* the CPU copy loop on several threads: named copy_threads_N */
    BENCH_PHASE_PINNED_DUPLEX, /* pinned write and read at once (gpu_bandwidth.h) */
} bench_phase;

typedef enum bench_metric {
    BENCH_TIME_MS,           /* ms; a repeated phase's value is the sum over its repetitions */
    BENCH_MTESTS_PER_S,      /* millions of pairs per second: pairs x repetitions / time */
    BENCH_GB_PER_S,          /* bytes moved per second, in 1e9 */
    BENCH_PERCENT_OF_COPY,   /* a kernel's GB/s as a share of the copy kernel's; a CPU run's of the CPU copy loop's */
    BENCH_PERCENT_OF_PINNED, /* an end-to-end run's transfer time at the pinned bandwidths, as a share */
    BENCH_PERCENT_OF_BOUND,  /* its full-duplex bound max(in / write, out / read bandwidth), as a share */
    BENCH_PERCENT_OF_DUPLEX, /* the same bound with the both-at-once bandwidth too, as a share */
} bench_metric;

/* A phase's name ("run", "kernel", ...; `threads` makes "run_threads_N"), into `name`. */
const char *bench_phase_name(bench_phase phase, int threads, char *name, size_t size);

/* A metric's name ("time_ms", ...) and unit ("ms", "Mtests/s", "GB/s", "%"). */
const char *bench_metric_name(bench_metric metric);
const char *bench_metric_unit(bench_metric metric);

/* The warnings of a time row (flags), on stderr and in the JSON. */
enum {
    BENCH_WARN_SPREAD = 1 << 0,          /* MAD / median above BENCH_SPREAD_LIMIT */
    BENCH_WARN_SHORT = 1 << 1,           /* a repetition under BENCH_RESOLUTION_FACTOR x the timer's resolution */
    BENCH_WARN_FEW_REPS = 1 << 2,        /* fewer than BENCH_MIN_REPS repetitions */
    BENCH_WARN_THREADS_SLOWER = 1 << 3,  /* the multi-threaded run's median above the single thread's */
};
#define BENCH_SPREAD_LIMIT 0.05
#define BENCH_RESOLUTION_FACTOR 100
#define BENCH_MIN_REPS 3

/* The warnings' names in the JSON ("spread", "short_repetition", "few_repetitions",
 * "threads_slower"), by flag. */
const char *bench_warning_name(unsigned flag);

typedef struct bench_row {
    const char *algorithm;           /* CSV name; "bandwidth" for the device's */
    const registry_variant *variant; /* the registry's; NULL for "bandwidth" */
    registry_kind kind;
    bench_phase phase;
    int threads; /* run_threads: the thread count */
    bench_metric metric;
    double value;       /* NaN when the run failed or was unavailable */
    bench_status status;
    int reps;           /* the algorithm's repetitions (the long CSV's column); bandwidth: trials x launches */
    /* Time rows: every timed repetition in ms (a transfer or end-to-end run: its one timing),
     * with their statistics; none when the run was not verified. */
    double *samples;
    int sample_count;
    bench_summary summary;
    double resolution_ms; /* of the clock the samples were read from */
    unsigned warnings;    /* BENCH_WARN_* */
    size_t local_size;    /* OpenCL: the work-group size; 0 for the CPU */
    size_t bytes_read, bytes_written; /* per pair: the input and output this phase moves */
} bench_row;

typedef struct bench_results {
    bench_row *rows;
    int count, capacity;
} bench_results;

void bench_results_free(bench_results *results);

/* Append a row (samples copied, summarised and checked against `resolution_ms` when there
 * are any). Returns the row, or NULL when out of memory. */
bench_row *bench_results_add(bench_results *results, const bench_row *row, const double *samples, int sample_count);

/* The row of that algorithm, phase and metric (any thread count); NULL if none. */
const bench_row *bench_results_find(const bench_results *results, const char *algorithm, bench_phase phase,
                                    bench_metric metric);

/* Mark a multi-threaded run whose median is above its single-threaded run's. */
void bench_results_check_threads(bench_results *results);

#endif
