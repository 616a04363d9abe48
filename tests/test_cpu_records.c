/* test_cpu_records: CPU runs into the kernels' compact records (RayTetra/cpu/cpu_records.h, Bench
 * --output faces|hit): on one core and on three threads, on the line and the segment, for a
 * plain form, a precomputed one, a SIMD one and a baseline, every record equals the level's
 * record of the full run's result (gpu_layout_pack of cpu_algorithm_run_extent), byte for byte,
 * on a count that is no multiple of the block; a miss is faces -1 and t 0 whatever the block
 * held before. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu/cpu_parallel.h"
#include "cpu/extent_run.h"
#include "extent.h"
#include "fixtures.h"
#include "gpu_kernel.h"
#include "opencl/gpu_layout.h"
#include "registry/registry.h"

int main(void)
{
    pair_set set;
    fixture_class_pairs(4711, 500, 501, 40, &set, NULL); /* 1001 random pairs, then every class */
    CHECK(set.count % CPU_RECORDS_BLOCK != 0, "%zu pairs: a multiple of the block", set.count);
    static const char *const NAMES[] = {"stp1", "pluecker0p", "stp0vf", "haines"};
    static const gpu_output LEVELS[] = {GPU_OUTPUT_FACES, GPU_OUTPUT_HIT};
    static const int EXTENTS[] = {RT_EXTENT_LINE, RT_EXTENT_SEGMENT};
    ray_tetra_result *full = malloc(set.count * sizeof *full);
    unsigned char *expected = malloc(set.count * sizeof *full), *one = malloc(set.count * sizeof *full),
                  *threads = malloc(set.count * sizeof *full);
    if (!full || !expected || !one || !threads)
        fixture_fail("buffers", "out of memory");
    for (size_t n = 0; n < sizeof NAMES / sizeof NAMES[0]; ++n) {
        const cpu_algorithm *a = cpu_algorithm_find(NAMES[n]);
        CHECK(a != NULL, "no algorithm %s", NAMES[n]);
        for (size_t l = 0; a && l < sizeof LEVELS / sizeof LEVELS[0]; ++l)
            for (size_t x = 0; x < sizeof EXTENTS / sizeof EXTENTS[0]; ++x) {
                size_t bytes = LEVELS[l] == GPU_OUTPUT_FACES ? sizeof(rt_gpu_result_faces) : 1;
                cpu_records out = {gpu_layout_pack_level, (int)LEVELS[l], bytes, EXTENTS[x]};
                /* Stale reals in the full results: a miss must still be packed as faces -1, t 0. */
                memset(full, 0x7f, set.count * sizeof *full);
                cpu_algorithm_run_extent(a, &set, full, 1, EXTENTS[x]);
                gpu_layout_pack(LEVELS[l], full, expected, set.count);
                memset(one, 0xa5, set.count * bytes);
                memset(threads, 0x5a, set.count * bytes);
                double precompute_ms = -1;
                cpu_algorithm_run_records(a, &set, one, 2, &out, &precompute_ms);
                int used = 0;
                cpu_algorithm_run_records_threads(a, &set, threads, 1, 3, &out, &used);
                const char *level = gpu_output_name(LEVELS[l]), *extent = extent_name(EXTENTS[x]);
                CHECK(memcmp(one, expected, set.count * bytes) == 0, "%s %s %s: one core's records differ", a->name,
                      level, extent);
                CHECK(memcmp(threads, expected, set.count * bytes) == 0, "%s %s %s: the threads' records differ",
                      a->name, level, extent);
                CHECK(used == 3, "%s: %d threads, 3 asked", a->name, used);
                CHECK((precompute_ms > 0) == (a->precomputed != NULL), "%s: precomputation %g ms", a->name,
                      precompute_ms);
            }
    }
    /* The packed miss itself. */
    ray_tetra_result miss;
    memset(&miss, 0x7f, sizeof miss);
    miss.hit = 0;
    rt_gpu_result_faces record;
    gpu_layout_pack(GPU_OUTPUT_FACES, &miss, &record, 1);
    CHECK(record.hit == 0 && record.enter_face == -1 && record.leave_face == -1 && record.t_enter == 0 &&
              record.t_leave == 0,
          "a miss packs as hit 0, faces -1, t 0");
    free(full);
    free(expected);
    free(one);
    free(threads);
    pair_set_free(&set);
    return check_summary("test_cpu_records");
}
