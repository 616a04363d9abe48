/* cpu_parallel.c: one static block of pairs per thread, so that each thread streams through
 * its own contiguous memory; the threads are created once, outside the timed region. */
#include "cpu/cpu_parallel.h"

#include <omp.h>

#include "timer.h"

int cpu_thread_count(void) { return omp_get_max_threads(); }

double cpu_algorithm_run_threads(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                 int reps, int threads)
{
    if (threads <= 1)
        return cpu_algorithm_run(algorithm, set, results, reps);
    double start = 0, elapsed = 0;
#pragma omp parallel num_threads(threads)
    {
        /* The block of this thread, as schedule(static) would give it. */
        size_t id = (size_t)omp_get_thread_num(), team = (size_t)omp_get_num_threads();
        size_t begin = set->count / team * id + (id < set->count % team ? id : set->count % team);
        size_t size = set->count / team + (id < set->count % team ? 1 : 0);
#pragma omp barrier
#pragma omp master
        start = timer_now_ms();
        for (int rep = 0; rep < reps; ++rep) {
            algorithm->batch(set->pairs + begin, results + begin, size);
#pragma omp barrier
        }
#pragma omp master
        elapsed = timer_now_ms() - start;
    }
    return elapsed;
}
