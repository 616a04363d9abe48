/* test_defined: no CPU algorithm, in double or in float, writes NaN or Inf in any record of an
 * accepted input (tests/defined_inputs.h: every class of RandomRayTetra, and the same pairs at
 * the limits of double). Every entry of the algorithm table runs on every pair; the results
 * start as NaN, so that a field an algorithm leaves unwritten on a hit shows too. */
#include <string.h>

#include "check.h"
#include "cpu/algorithms.h"
#include "registry/registry.h"
#include "defined_inputs.h"

int main(void)
{
    pair_set set;
    size_t group_start[DEFINED_GROUPS + 1];
    if (defined_inputs(&set, group_start) != 0)
        return 1;
    for (int g = 1; g < DEFINED_GROUPS; ++g)
        CHECK(group_start[g + 1] - group_start[g] > group_start[1] / 2, "%s: only %zu accepted pairs",
              DEFINED_GROUP_NAMES[g], group_start[g + 1] - group_start[g]);
    ray_tetra_result *results = malloc(set.count * sizeof *results);
    int count;
    const cpu_algorithm *all = cpu_algorithms(&count);
    for (int a = 0; a < count; ++a) {
        for (size_t i = 0; i < set.count; ++i) {
            memset(&results[i], 0, sizeof results[i]);
            results[i].enter_point.x = NAN; /* a hit must overwrite it */
        }
        cpu_algorithm_run(&all[a], &set, results, 1);
        size_t hits = 0;
        for (size_t i = 0; i < group_start[1]; ++i)
            hits += results[i].hit != 0;
        printf("%-11s hits per group:", all[a].name);
        for (int g = 0; g < DEFINED_GROUPS; ++g) {
            size_t group_hits = 0;
            for (size_t i = group_start[g]; i < group_start[g + 1]; ++i)
                group_hits += results[i].hit != 0;
            printf(" %zu", group_hits);
        }
        printf("\n");
        defined_check_groups(all[a].name, results, group_start);
        CHECK(hits > group_start[1] / 3, "%s: only %zu hits of %zu pairs of the classes", all[a].name, hits,
              group_start[1]);
    }
    free(results);
    pair_set_free(&set);
    return check_summary("test_defined");
}
