/* extent_run.h: a CPU algorithm run on a ray or a segment (docs/SPECIFICATION.md section 9): the
 * algorithm's line results, then each hit clipped (the exact algorithms exactly, the others by
 * their own t). The line runs the algorithm alone, at its own speed. */
#ifndef RAYTETRA_EXTENT_RUN_H
#define RAYTETRA_EXTENT_RUN_H

#include "cpu/algorithms.h"

/* Whether `algorithm` clips exactly: the double variant of a row marked exact (REGISTRY_EXACT). */
int cpu_algorithm_clips_exactly(const cpu_algorithm *algorithm);

/* Clip the line results[i] of pairs[i], i < count, to `extent` as `algorithm` does. */
void cpu_extent_clip(const cpu_algorithm *algorithm, const ray_tetra_pair *pairs, ray_tetra_result *results,
                     size_t count, int extent);

/* cpu_algorithm_run with the extent: each repetition runs the batch and the clipping (both
 * timed); the line is cpu_algorithm_run itself. Returns the wall time in ms. */
double cpu_algorithm_run_extent(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                int reps, int extent);

/* The same, a precomputed form's table filled outside the time returned (its own time in
 * *precompute_ms; 0 for the other algorithms). */
double cpu_algorithm_run_extent_split(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                      int reps, int extent, double *precompute_ms);

#endif
