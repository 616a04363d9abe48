/* bench.h: the benchmark behind the Bench executable (docs/SPECIFICATION.md section 5): a table with one entry per
 * CPU algorithm and per OpenCL algorithm, the timed and verified runs that fill it, the rows of
 * results made from it (bench_results.h) and the files written from those: the wide
 * (thesis-compatible) and long CSV and the JSON. main_Bench.c only parses the command line and
 * calls these. */
#ifndef RAYTETRA_BENCH_H
#define RAYTETRA_BENCH_H

#include "bench/bench_stages.h"
#include <stdio.h>

#include "cpu/cpu_copy.h"
#include "bench/bench_results.h"
#include "cpu/algorithms.h"
#include "error.h"
#include "opencl/gpu_bandwidth.h"
#include "opencl/gpu_handler.h"
#include "opencl/gpu_overlap.h"
#include "pairs.h"

/* The share of pairs a single-precision variant may classify differently from the exact
 * classifier and still be verified (bench_verify.c). */
#define BENCH_FLOAT_MISMATCH_RATE 1e-4

typedef struct bench_entry {
    const char *csv_name;     /* "STP0", "GPU_STP0", ... */
    const cpu_algorithm *cpu; /* exactly one of cpu and gpu is set */
    const gpu_algorithm *gpu;
    int selected;
    bench_status status;
    double ms;                     /* CPU: all repetitions; OpenCL: the kernel, all repetitions */
    double write_ms, read_ms;      /* OpenCL: one transfer each way */
    int reps;                      /* repetitions run: REPS, or more with --min-time */
    double *samples;               /* each repetition's ms (CPU: the run; OpenCL: the kernel) */
    double kernel_resolution_ms;   /* OpenCL: of the profiling timer the kernel samples come from */
    size_t local_size, launches;   /* OpenCL */
    size_t global_size, pairs_per_item; /* OpenCL */
    /* OpenCL kernel throughput: pairs x reps / kernel time; the bytes the kernel must move
     * (gpu_pair_bytes) per second; that as a share of the measured copy bandwidth (0: none). */
    double mtests_per_s, effective_gbs, percent_of_copy;
    /* --overlap: end-to-end runs (write + kernel + read) from pinned memory, reps of them (each
     * in end_to_end_samples; end_to_end_ms their median); the median's bytes per second; the
     * transfer time at the measured pinned bandwidths, one direction after the other, as a
     * share of the median (percent_of_pinned); the full-duplex bound max(bytes in / write
     * bandwidth, bytes out / read bandwidth) as a share of it (percent_of_bound), and the same
     * bound with the measured both-at-once bandwidth too (percent_of_duplex). */
    int end_to_end_done;
    gpu_end_to_end end_to_end; /* its median, min, max, runs and chunks */
    double end_to_end_gbs;
    double end_to_end_percent_of_pinned, end_to_end_percent_of_bound, end_to_end_percent_of_duplex;
    double *end_to_end_samples;
    /* --threads: the CPU algorithm on several threads (all repetitions), verified like the
     * single-threaded run; BENCH_SKIPPED when not run. */
    bench_status threads_status;
    double threads_ms;
    double *threads_samples;       /* each repetition's ms on the threads (reps of them) */
    int threads_used;              /* the team's size OpenMP gave the multi-threaded run */
    /* A precomputed form (cpu->precomputed): the least time one filling of its table took,
     * outside the timed repetitions; BENCH_SKIPPED status for the other algorithms. */
    bench_status precompute_status;
    double precompute_ms;
    char note[ERROR_TEXT_SIZE];    /* why it failed or was not run */
} bench_entry;

typedef struct bench_table {
    bench_entry *entries;
    int count;
} bench_table;

/* Every CPU algorithm, then every OpenCL algorithm, all selected. */
int bench_table_init(bench_table *table, error_text *err);
void bench_table_free(bench_table *table); /* also the entries' samples */

/* Keep only the algorithms of a comma-separated list: CPU names or CSV names (stp0, STP0,
 * pluecker0, Segura0, moller, haines, ...), OpenCL CSV names (GPU_STP0) or -g numbers (g1),
 * and the groups "cpu", "double" (CPU, double precision), "float" (CPU, single precision) and
 * "opencl"; case does not matter. */
int bench_select(bench_table *table, const char *list, error_text *err);

/* One-line list of the accepted names, for --help. */
void bench_print_names(FILE *out);

/* What every run shares. */
typedef struct bench_context {
    const char *input;
    const pair_set *set;
    const ray_tetra_result *reference; /* the exact classifier's results */
    double hit_percent;
    int reps;               /* REPS: the repetitions of every algorithm (the least with --min-time) */
    double min_time_ms;     /* --min-time: more repetitions until they take this long; 0: none */
    double timer_resolution_ms; /* of the host clock (bench_timer_resolution_ms) */
    double opencl_timer_resolution_ms; /* of the OpenCL device's profiling timer; 0: none used */
    double tolerance;       /* verification of double-precision algorithms */
    double float_tolerance; /* of the single-precision CPU variants */
    char date[32];        /* UTC, ISO 8601 */
    char cpu_name[256];   /* the CPU's model name */
    char opencl[512];     /* the OpenCL device description, "" when none was used */
    FILE *log;            /* progress */
    gpu_config gpu;       /* layout, output level, pairs per work-item of every OpenCL run; its
                           * extent (--extent) is every run's, CPU and OpenCL, and the reference's */
    int bandwidth_measured;
    gpu_bandwidth bandwidth; /* of the OpenCL device, when measured */
    int cpu_bandwidth_measured;
    cpu_copy_bandwidth cpu_bandwidth; /* the CPU copy loop's, when measured (cpu_copy.h) */
    size_t overlap_chunks;   /* 0: no end-to-end run; else its number of chunks (--overlap) */
    int threads;             /* 0: no multi-threaded run; else its thread count (--threads) */
    char thread_binding[96]; /* how those threads are placed (cpu_binding_text); "" without them */
    const char *record_stores; /* "streamed" or "cached": the SIMD forms' CPU runs (--record-stores) */
    /* The JSON's context (bench_json.h) beyond the above. */
    const char *command;     /* the command line */
    bench_stages *stages;    /* where the wall time went (bench_stages.h) */
    long long input_seed;    /* --input-seed; -1: unknown */
    char opencl_platform[256], opencl_device[256], opencl_driver[128]; /* "" when none was used */
} bench_context;

/* The exact classifier's results for every pair with the extent (rt_extent.h; the line: the
 * classifier itself) and the share of hits, in percent. */
int bench_reference(const pair_set *set, int extent, ray_tetra_result **reference, double *hit_percent,
                    error_text *err);

/* Compare `results` with the reference (within the tolerance of the entry's precision); on a
 * difference mark the entry failed with a note. */
void bench_verify(const bench_context *context, const ray_tetra_result *results, bench_entry *entry);

/* The CPU's model name (Linux /proc/cpuinfo, else the machine type). */
void bench_cpu_name(char *name, size_t size);

/* Warm-up, REPS timed repetitions (more until they take context->min_time_ms), each timed on
 * its own, verification; `results` has room for every pair. */
void bench_run_cpu(const bench_context *context, bench_entry *entry, ray_tetra_result *results);

/* --threads: after a verified bench_run_cpu, one untimed warm-up and as many timed repetitions
 * as it had, on context->threads threads, verified the same way; a failure leaves the
 * single-threaded time. */
void bench_run_cpu_threads(const bench_context *context, bench_entry *entry, ray_tetra_result *results);

/* Build (untimed), warm-up run, timed run (write, REPS kernels each timed on the device, read;
 * with --min-time run again with more kernels until they take that long), verification. */
void bench_run_gpu(const bench_context *context, gpu_handler *gpu, size_t local_size, bench_entry *entry,
                   ray_tetra_result *results);

/* The rows of every run entry (bench_results.h), in the table's order, after the device's
 * bandwidths. Returns 0, or -1 with err set. */
int bench_collect(const bench_context *context, const bench_table *table, bench_results *results, error_text *err);

/* The wide CSV's header line (no newline), into a malloc'ed string: the thesis' columns first,
 * then any column of an algorithm added since (bench_wide.c). */
char *bench_wide_header(const bench_table *table);

/* The wide CSV's text for this run: the '#' metadata line and the row, malloc'ed; NULL when
 * out of memory. */
char *bench_wide_text(const bench_context *context, const bench_table *table, const bench_results *results);

/* --describe-columns: what each column of `header` (a wide CSV's first line; NULL: Bench's
 * own) holds, one line each: INDEX NAME ALGORITHM KIND PRECISION PHASE METRIC UNIT PROPERTIES,
 * "-" where a field does not apply or the column is unknown. Returns 0, or -1 with err set. */
int bench_describe_columns(FILE *out, const bench_table *table, const char *header, error_text *err);

/* The long CSV's rows for this run (bench_long.c), malloc'ed; NULL when out of memory. */
char *bench_long_text(const bench_context *context, const bench_results *results);

/* Fail early, before hours of timing, if `path` exists with another header. */
int bench_check_wide_csv(const char *path, const bench_table *table, error_text *err);
int bench_check_long_csv(const char *path, error_text *err);

/* Append this run (a '#' metadata line, then the row) to the wide CSV, or its rows to the
 * long CSV; the header is written when the file is new; appends are atomic. */
int bench_append_wide_csv(const char *path, const bench_context *context, const bench_table *table,
                          const bench_results *results, error_text *err);
int bench_append_long_csv(const char *path, const bench_context *context, const bench_results *results,
                          error_text *err);

/* The local size of the OpenCL algorithms that ran (0 if none ran). */
size_t bench_local_size(const bench_results *results);

/* Print the warnings of every time row on stderr, one line an algorithm and phase, and the
 * run's own (fewer than 3 repetitions) once. Returns how many lines were printed. */
int bench_print_warnings(FILE *out, const bench_context *context, const bench_results *results);

/* The closing ranking: the fastest verified CPU algorithm and OpenCL kernel by median, and the
 * fastest verified algorithm that is exact on degenerate input (registry.h). */
void bench_print_ranking(FILE *out, const bench_context *context, const bench_results *results);

#endif
