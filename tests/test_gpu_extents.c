/* test_gpu_extents: the kernels with an extent (-DRT_EXTENT, docs/SPECIFICATION.md section 9) on
 * the OpenCL device (RAYTETRA_TEST_DEVICE, default 0; PoCL in the test runs). Every double
 * kernel equals its CPU twin clipped the same way, for every extent, on pairs whose intervals
 * straddle t = 0 and 1 (hit/miss and faces exactly, reals within 1e-9), in both layouts;
 * GPU_STP0R equals the exact classifier with the extent on every class and on ends exactly on a
 * vertex; no NaN or Inf in any record. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "compare/result_compare.h"
#include "cpu/extent_run.h"
#include "exact.h"
#include "extent.h"
#include "extent_fixtures.h"
#include "gpu_fixtures.h"
#include "opencl/gpu_handler.h"
#include "registry/registry.h"

#define PAIRS 20000
#define TOLERANCE 1e-9

static int run(gpu_handler *h, const gpu_algorithm *g, const gpu_config *config, const pair_set *set,
               ray_tetra_result *results)
{
    return gpu_fixture_run(h, g, config, set, results, extent_name(config->extent));
}

static size_t nonfinite(const ray_tetra_result *r, size_t count)
{
    size_t bad = 0;
    for (size_t i = 0; i < count; ++i)
        if (r[i].hit)
            bad += !(isfinite(r[i].enter_point.x) && isfinite(r[i].enter_point.y) && isfinite(r[i].enter_point.z) &&
                     isfinite(r[i].leave_point.x) && isfinite(r[i].leave_point.y) && isfinite(r[i].leave_point.z) &&
                     isfinite(r[i].u_enter1) && isfinite(r[i].u_enter2) && isfinite(r[i].u_leave1) &&
                     isfinite(r[i].u_leave2) && isfinite(r[i].t_enter) && isfinite(r[i].t_leave));
    return bad;
}

/* Every double kernel against its CPU twin, both layouts, every extent. */
static void kernels_equal_cpu(gpu_handler *h)
{
    pair_set set;
    fixture_pairs(20141, PAIRS / 2, PAIRS - PAIRS / 2, &set);
    ray_tetra_result *line = fixture_exact_results(&set);
    extent_straddle(&set, line, 78);
    free(line);
    ray_tetra_result *gpu = malloc(set.count * sizeof *gpu), *cpu = malloc(set.count * sizeof *cpu);
    int count, kernels = 0;
    const gpu_algorithm *all = gpu_algorithms(&count);
    for (int extent = RT_EXTENT_LINE; extent <= RT_EXTENT_SEGMENT; ++extent)
        for (int a = 0; a < count; ++a) {
            if (all[a].precision != CPU_PRECISION_DOUBLE)
                continue; /* float: tests/test_extents.sh compares gpu_stp1f with stp1f */
            const registry_variant *twin = registry_variant_of(registry_of_gpu(&all[a])->algorithm, REGISTRY_CPU,
                                                               CPU_PRECISION_DOUBLE);
            CHECK(twin != NULL, "%s has no CPU twin", all[a].csv_name);
            if (!twin)
                continue;
            cpu_algorithm_run_extent(twin->cpu, &set, cpu, 1, extent);
            for (int layout = GPU_LAYOUT_AOS; layout <= GPU_LAYOUT_SOA; ++layout) {
                gpu_config config = GPU_CONFIG_DEFAULT;
                config.layout = (gpu_layout)layout;
                config.extent = extent;
                if (run(h, &all[a], &config, &set, gpu) != 0)
                    continue;
                ++kernels;
                result_compare_summary summary;
                result_compare_all(&set, cpu, gpu, TOLERANCE, &summary);
                size_t wrong = result_compare_total(&summary);
                CHECK(wrong == 0, "%s, %s, %s: %zu pairs differ from %s", all[a].csv_name, extent_name(extent),
                      gpu_layout_name(config.layout), wrong, twin->name);
                CHECK(nonfinite(gpu, set.count) == 0, "%s, %s: NaN or Inf in a record", all[a].csv_name,
                      extent_name(extent));
            }
        }
    CHECK(kernels >= 30, "only %d kernel runs", kernels);
    free(gpu);
    free(cpu);
    pair_set_free(&set);
}

/* GPU_STP0R against the exact classifier with the extent on degenerate pairs. */
static void robust_exact(gpu_handler *h)
{
    pair_set set;
    pair_classes classes;
    extent_degenerate_pairs(20142, &set, &classes);
    ray_tetra_result *reference = malloc(set.count * sizeof *reference), *gpu = malloc(set.count * sizeof *gpu);
    const registry_variant *variant = registry_find("gpu_stp0r");
    const gpu_algorithm *robust = variant ? variant->gpu : NULL;
    CHECK(robust != NULL, "no gpu_stp0r");
    for (int extent = RT_EXTENT_LINE; robust && extent <= RT_EXTENT_SEGMENT; ++extent) {
        for (size_t i = 0; i < set.count; ++i)
            extent_exact_reference(&set.pairs[i], extent, &reference[i]);
        gpu_config config = GPU_CONFIG_DEFAULT;
        config.extent = extent;
        if (run(h, robust, &config, &set, gpu) != 0)
            continue;
        size_t wrong = 0, first = (size_t)-1, clipped = 0;
        for (size_t i = 0; i < set.count; ++i) {
            int same = reference[i].hit == gpu[i].hit && reference[i].enter_face == gpu[i].enter_face &&
                       reference[i].leave_face == gpu[i].leave_face;
            if (!same && wrong++ == 0)
                first = i;
            clipped += gpu[i].hit && (gpu[i].enter_face < 0 || gpu[i].leave_face < 0);
        }
        CHECK(wrong == 0, "GPU_STP0R, %s: %zu degenerate pairs unlike the exact classifier (first %zu)",
              extent_name(extent), wrong, first);
        CHECK((extent == RT_EXTENT_LINE) == (clipped == 0), "GPU_STP0R, %s: %zu clipped sides", extent_name(extent),
              clipped);
        CHECK(nonfinite(gpu, set.count) == 0, "GPU_STP0R, %s: NaN or Inf in a record", extent_name(extent));
    }
    free(reference);
    free(gpu);
    pair_classes_free(&classes);
    pair_set_free(&set);
}

int main(void)
{
    gpu_handler *h = gpu_fixture_open("test_gpu_extents");
    kernels_equal_cpu(h);
    robust_exact(h);
    gpu_close(h);
    return check_summary("test_gpu_extents");
}
