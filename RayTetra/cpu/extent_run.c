/* extent_run.c: CPU algorithms on a ray or a segment: the line's results, then the clipping of
 * Common/extent.h as a pass over the batch. */
#include "cpu/extent_run.h"

#include "extent.h"
#include "registry/registry.h"

int cpu_algorithm_clips_exactly(const cpu_algorithm *algorithm)
{
    const registry_variant *variant = registry_of_cpu(algorithm);
    return variant && registry_clips_exactly(variant);
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

/* A pass on the ray or the segment: the batch, then the clipping. */
static void extent_pass(const cpu_algorithm *algorithm, const cpu_run_state *state, const pair_set *set, void *out,
                        const void *how)
{
    cpu_run_batch(algorithm, state, set->pairs, out, 0, set->count);
    cpu_extent_clip(algorithm, set->pairs, out, set->count, *(const int *)how);
}

double cpu_algorithm_run_extent_split(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                      int reps, int extent, double *precompute_ms)
{
    if (extent == RT_EXTENT_LINE)
        return cpu_algorithm_run_split(algorithm, set, results, reps, precompute_ms);
    return cpu_run_passes(algorithm, set, reps, extent_pass, results, &extent, precompute_ms);
}
