/* algorithms.h: the contract of the sequential CPU algorithms (docs/SPECIFICATION.md section 3),
 * the view of one algorithm variant that the executables run (cpu_algorithm), and the timed loop.
 *
 * Which algorithms exist, their names and their entry points are the registry's (registry.h,
 * docs/ALGORITHMS.md): it declares the entry points it names and fills the cpu_algorithm views.
 * A float variant (name + "f") keeps the double contract, rounding its inputs to float and
 * widening its results. */
#ifndef RAYTETRA_ALGORITHMS_H
#define RAYTETRA_ALGORITHMS_H

#include <stdbool.h>

#include "pairs.h"

/* The contract of every algorithm (docs/SPECIFICATION.md section 3). On a miss the outputs are untouched
 * except enterFace = leaveFace = -1. */
typedef bool (*ray_tetra_algorithm)(const vec3 *orig, const vec3 *dir, const vec3 vert[4], int *enterFace,
                                    int *leaveFace, vec3 *enterPoint, vec3 *leavePoint, double *uEnter1,
                                    double *uEnter2, double *uLeave1, double *uLeave2, double *tEnter,
                                    double *tLeave);

#define RAY_TETRA_ALGORITHM(name)                                                                                     \
    bool name(const vec3 *orig, const vec3 *dir, const vec3 vert[4], int *enterFace, int *leaveFace,                 \
              vec3 *enterPoint, vec3 *leavePoint, double *uEnter1, double *uEnter2, double *uLeave1, double *uLeave2, \
              double *tEnter, double *tLeave)

/* An algorithm over a run of pairs: results[i] for pairs[i], i < count, with L = Q - P. The
 * timed loops call this, so that each algorithm's body is inlined into its own loop over
 * pairs (no call per pair) and the compiler may vectorise across pairs. */
typedef void (*ray_tetra_batch)(const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count);

#define RAY_TETRA_BATCH(name) void name##_batch(const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count)

/* Both entry points of an algorithm (the registry declares the ones it names). */
#define RAY_TETRA_DECLARE(name)                                                                                       \
    RAY_TETRA_ALGORITHM(name);                                                                                        \
    RAY_TETRA_BATCH(name)

/* The precomputed forms (docs/ALGORITHMS.md): the tetrahedron's part of every pair, computed
 * into a table (`table_bytes` a pair) before the timed region, and the per-line part over the
 * pairs and their tables. Their `batch` does both, for callers that do not keep a table. */
typedef void (*ray_tetra_precompute)(const ray_tetra_pair *pairs, void *table, size_t count);
typedef void (*ray_tetra_batch_precomputed)(const ray_tetra_pair *pairs, const void *table,
                                            ray_tetra_result *results, size_t count);
typedef struct cpu_precomputed {
    size_t table_bytes;
    ray_tetra_precompute precompute;
    ray_tetra_batch_precomputed batch;
} cpu_precomputed;

typedef enum cpu_precision {
    CPU_PRECISION_DOUBLE = 0,
    CPU_PRECISION_FLOAT = 1,
} cpu_precision;

/* One CPU variant of a registry row (registry.h fills these once). */
typedef struct cpu_algorithm {
    const char *name;        /* canonical name: --algorithm NAME */
    const char *csv_name;    /* column of the thesis-compatible CSV */
    const char *description; /* one line (the row's) */
    ray_tetra_algorithm run; /* one pair, the original contract */
    ray_tetra_batch batch;   /* many pairs: what the timed loops run */
    ray_tetra_batch batch_streamed; /* the same records written past the caches; NULL: none (cpu_record_stores) */
    cpu_precision precision; /* of the arithmetic inside; the contract is double either way */
    const char *double_name; /* the double algorithm a float variant rounds (its own name if double) */
    const cpu_precomputed *precomputed; /* a precomputed form's two parts; NULL for the others */
} cpu_algorithm;

/* "double" or "float". */
const char *cpu_precision_name(cpu_precision precision);

/* How the timed runs write the full records of the algorithms that have a streamed batch (the
 * SIMD forms): through the caches (ordinary stores, as every other algorithm), past them
 * (non-temporal stores: no line is read before it is written), or, by default, as measured best
 * for the CPU: past them on Intel's when the records take more than a quarter of the
 * last-level cache, through them elsewhere (docs/PERFORMANCE.md, "Streamed records"). The
 * results are the same, but for `uncertain`, which a streamed record holds as 0 and a cached one
 * keeps as it was. */
typedef enum cpu_record_stores {
    CPU_STORES_AUTO = 0,
    CPU_STORES_CACHED,
    CPU_STORES_STREAMED,
} cpu_record_stores;

/* The setting for the runs that follow (process-wide; CPU_STORES_AUTO until set). */
void cpu_set_record_stores(cpu_record_stores stores);

/* "auto", "cached" or "streamed"; cpu_record_stores_parse returns -1 for another name. */
const char *cpu_record_stores_name(cpu_record_stores stores);
int cpu_record_stores_parse(const char *name);

/* Whether a run of `algorithm` over `count` pairs streams its records: it has a streamed batch,
 * and the setting is streamed, or auto on a CPU where it means streamed and the records take
 * more than a quarter of the last-level cache. */
bool cpu_streams_records(const cpu_algorithm *algorithm, size_t count);

/* The state of a run over a set of pairs: a precomputed form's table (NULL for the others, or
 * when there was no memory for it: the form's batch then precomputes inside the run), and
 * whether its full records go through the algorithm's streamed batch. */
typedef struct cpu_run_state {
    void *table;
    double precompute_ms; /* the time cpu_run_begin took to fill the table */
    bool streamed;        /* cpu_streams_records(algorithm, count) when the run began */
} cpu_run_state;

/* Prepare a run of `algorithm` over pairs[0 .. count): the precomputed forms' tables, timed. */
void cpu_run_begin(const cpu_algorithm *algorithm, const ray_tetra_pair *pairs, size_t count, cpu_run_state *state);

/* The part of a run that is timed: results[i] for pairs[i], first <= i < first + count (the
 * streamed batch where the state says so). */
void cpu_run_batch(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *pairs,
                   ray_tetra_result *results, size_t first, size_t count);

/* The same into a block of its own: block[k] for pairs[first + k], k < count; always through the
 * caches (the block is read right after). */
void cpu_run_block(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *pairs,
                   size_t first, size_t count, ray_tetra_result *block);

void cpu_run_end(cpu_run_state *state);

/* One pass over every pair, the timed work of a repetition, into `out`; `how` is the pass's own
 * (an extent, a record format). */
typedef void (*cpu_pass)(const cpu_algorithm *algorithm, const cpu_run_state *state, const pair_set *set, void *out,
                         const void *how);

/* REPS passes timed together, a precomputed form's table filled before them (its time in
 * *precompute_ms unless NULL; 0 for the other algorithms). Returns the passes' wall time in ms. */
double cpu_run_passes(const cpu_algorithm *algorithm, const pair_set *set, int reps, cpu_pass pass, void *out,
                      const void *how, double *precompute_ms);

/* Run `algorithm` on every pair, REPS times, storing the last repetition's results; returns
 * the wall time of all repetitions in ms. */
double cpu_algorithm_run(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results, int reps);

/* The same, a precomputed form's precomputation outside the time returned (its own time in
 * *precompute_ms, 0 for the other algorithms). */
double cpu_algorithm_run_split(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                               int reps, double *precompute_ms);

#endif
