/* extent_run.c: CPU algorithms on a ray or a segment: the line's results, then the clipping of
 * Common/extent.h as a pass over the batch. */
#include "cpu/extent_run.h"

#include "extent.h"
#include "registry.h"
#include "timer.h"

int cpu_algorithm_clips_exactly(const cpu_algorithm *algorithm)
{
    const registry_variant *variant = registry_of_cpu(algorithm);
    return variant && algorithm->precision == CPU_PRECISION_DOUBLE &&
           (variant->algorithm->properties & REGISTRY_EXACT) != 0;
}

void cpu_extent_clip(const cpu_algorithm *algorithm, const ray_tetra_pair *pairs, ray_tetra_result *results,
                     size_t count, int extent)
{
    if (extent == RT_EXTENT_LINE)
        return;
    int exact = cpu_algorithm_clips_exactly(algorithm);
    for (size_t i = 0; i < count; ++i)
        extent_apply(&pairs[i], &results[i], extent, exact);
}

double cpu_algorithm_run_extent(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                int reps, int extent)
{
    return cpu_algorithm_run_extent_split(algorithm, set, results, reps, extent, NULL);
}

double cpu_algorithm_run_extent_split(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                      int reps, int extent, double *precompute_ms)
{
    if (extent == RT_EXTENT_LINE)
        return cpu_algorithm_run_split(algorithm, set, results, reps, precompute_ms);
    cpu_run_state state; /* a precomputed form's table, outside the time */
    cpu_run_begin(algorithm, set->pairs, set->count, &state);
    double start = timer_now_ms();
    for (int rep = 0; rep < reps; ++rep) {
        cpu_run_batch(algorithm, &state, set->pairs, results, 0, set->count);
        cpu_extent_clip(algorithm, set->pairs, results, set->count, extent);
    }
    double ms = timer_now_ms() - start;
    cpu_run_end(&state);
    if (precompute_ms)
        *precompute_ms = state.precompute_ms;
    return ms;
}
