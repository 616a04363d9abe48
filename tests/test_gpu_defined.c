/* test_gpu_defined: no OpenCL kernel, double or float build, robust or not, writes NaN or Inf in
 * any record of an accepted input (tests/defined_inputs.h: every class of RandomRayTetra, and
 * the same pairs at the limits of double), on the first device (PoCL here;
 * $RAYTETRA_TEST_DEVICE picks another). The kernels share rt_algorithms.h and rt_baseline.h
 * with the CPU, so their defined results are the CPU's (tests/test_defined.c). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "defined_inputs.h"
#include "gpu_fixtures.h"
#include "registry/registry.h"

int main(void)
{
    pair_set set;
    size_t group_start[DEFINED_GROUPS + 1];
    if (defined_inputs(&set, group_start) != 0)
        return 1;
    gpu_handler *h = gpu_fixture_open("test_gpu_defined");
    error_text err;
    printf("device: %s\n", gpu_device_description(h));
    ray_tetra_result *results = malloc(set.count * sizeof *results);
    int count;
    const gpu_algorithm *all = gpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        memset(results, 0, set.count * sizeof *results);
        gpu_times times;
        int status = gpu_prepare(h, &all[a], 0, &err);
        if (status == 0)
            status = gpu_run(h, &set, results, 1, &times, &err);
        CHECK(status == 0, "%s: %s", all[a].csv_name, err.text);
        if (status != 0)
            continue;
        size_t hits = 0;
        for (size_t i = 0; i < group_start[1]; ++i)
            hits += results[i].hit != 0;
        CHECK(hits > group_start[1] / 3, "%s: only %zu hits of %zu pairs of the classes", all[a].csv_name, hits,
              group_start[1]);
        defined_check_groups(all[a].csv_name, results, group_start);
        printf("%-13s %zu pairs, no NaN or Inf\n", all[a].csv_name, set.count);
    }
    gpu_close(h);
    free(results);
    pair_set_free(&set);
    return check_summary("test_gpu_defined");
}
