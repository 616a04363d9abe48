/* algorithms.c: the timed loop that runs one CPU algorithm (the algorithms themselves are named
 * by the registry, registry.c). */
#include "cpu/algorithms.h"

#include "timer.h"

const char *cpu_precision_name(cpu_precision precision)
{
    return precision == CPU_PRECISION_FLOAT ? "float" : "double";
}

double cpu_algorithm_run(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results, int reps)
{
    double start = timer_now_ms();
    for (int rep = 0; rep < reps; ++rep)
        algorithm->batch(set->pairs, results, set->count);
    return timer_now_ms() - start;
}
