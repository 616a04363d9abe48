/* cpu_records.h: CPU runs that write compact records, the kernels' output levels (Bench --output
 * faces|hit; docs/BENCH.md, "The CPU roofline"). Each block of CPU_RECORDS_BLOCK pairs is computed
 * into full results in a buffer that stays in the cache, clipped to the extent, and packed into
 * the caller's records: memory sees the pairs (and a precomputed form's tables) read and the
 * level's records written, as with the kernels. The algorithm still computes its whole result;
 * only where it goes changes. The record format is the caller's (`pack`), so that this room
 * needs nothing of OpenCL's. */
#ifndef RAYTETRA_CPU_RECORDS_H
#define RAYTETRA_CPU_RECORDS_H

#include "cpu/algorithms.h"

/* Pairs computed per block: 64 full results, 7 KiB, stay in the first-level cache. */
#define CPU_RECORDS_BLOCK 64

/* Full results -> `count` records of the caller's level, at `records`. */
typedef void (*cpu_pack)(int level, const ray_tetra_result *full, void *records, size_t count);

typedef struct cpu_records {
    cpu_pack pack;
    int level;    /* passed to pack */
    size_t bytes; /* of one record */
    int extent;   /* RT_EXTENT_LINE, or the ray or segment each block is clipped to before packing */
} cpu_records;

/* The timed part: the records of pairs[first .. first + count), at records + first * out->bytes. */
void cpu_records_run(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *pairs,
                     void *records, size_t first, size_t count, const cpu_records *out);

/* REPS repetitions on one core into `records` (room for every pair's); a precomputed form's
 * table filled outside the time returned (its own time in *precompute_ms, 0 for the others). */
double cpu_algorithm_run_records(const cpu_algorithm *algorithm, const pair_set *set, void *records, int reps,
                                 const cpu_records *out, double *precompute_ms);

#endif
