/* test_original_format: files in the original program's style (6 significant digits, the sixth
 * triple a second point Q, results as true/false) read and compare: every CPU algorithm's
 * results on data/original_sample.txt match data/original_sample_results.txt to 6 digits. */
#include <stdlib.h>

#include "registry/registry.h"
#include "check.h"
#include "compare.h"
#include "pairs_io.h"

int main(void)
{
    pair_set set;
    ray_tetra_result *expected;
    size_t count;
    error_text err;
    if (pairs_read("data/original_sample.txt", &set, &err) != 0 ||
        results_read("data/original_sample_results.txt", &expected, &count, &err) != 0) {
        fprintf(stderr, "%s (run from the repository root)\n", err.text);
        return 1;
    }
    CHECK(set.count == 20 && count == 20, "%zu pairs, %zu results", set.count, count);
    ray_tetra_result results[20];
    int algorithms;
    const cpu_algorithm *all = cpu_algorithms(&algorithms);
    for (int a = 0; a < algorithms; ++a) {
        cpu_algorithm_run(&all[a], &set, results, 1);
        size_t differences = 0;
        for (size_t i = 0; i < set.count && i < count; ++i)
            differences += result_difference(&set.pairs[i], &results[i], &expected[i], 1e-5) != NULL;
        CHECK(differences == 0, "%s: %zu of 20 results differ from the original-style file", all[a].name,
              differences);
    }
    free(expected);
    pair_set_free(&set);
    return check_summary("test_original_format");
}
