/* cpu_parallel.c: one static block of pairs per thread, so that each thread streams through
 * its own contiguous memory; the threads are created once, outside the timed region. A
 * precomputed form's table is filled by the thread that will read each block (first touch:
 * its pages are then on that thread's memory node), also outside the timed region. */
#include "cpu/cpu_parallel.h"

#include <omp.h>
#include <stdlib.h>

#include "timer.h"

int cpu_thread_count(void) { return omp_get_max_threads(); }

double cpu_algorithm_run_threads(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                 int reps, int threads)
{
    return cpu_algorithm_run_threads_used(algorithm, set, results, reps, threads, NULL);
}

double cpu_algorithm_run_threads_used(const cpu_algorithm *algorithm, const pair_set *set,
                                      ray_tetra_result *results, int reps, int threads, int *used)
{
    if (used)
        *used = 1;
    if (threads <= 1)
        return cpu_algorithm_run(algorithm, set, results, reps);
    const cpu_precomputed *pre = algorithm->precomputed;
    cpu_run_state state = {NULL, 0};
    if (pre && set->count)
        state.table = malloc(set->count * pre->table_bytes); /* NULL: the batch precomputes itself */
    double start = 0, elapsed = 0;
    int team_size = 1;
#pragma omp parallel num_threads(threads)
    {
        /* The block of this thread, as schedule(static) would give it. */
        size_t id = (size_t)omp_get_thread_num(), team = (size_t)omp_get_num_threads();
        size_t begin = set->count / team * id + (id < set->count % team ? id : set->count % team);
        size_t size = set->count / team + (id < set->count % team ? 1 : 0);
        if (state.table)
            pre->precompute(set->pairs + begin, (char *)state.table + begin * pre->table_bytes, size);
#pragma omp barrier
#pragma omp master
        {
            team_size = (int)team;
            start = timer_now_ms();
        }
        for (int rep = 0; rep < reps; ++rep) {
            cpu_run_batch(algorithm, &state, set->pairs, results, begin, size);
#pragma omp barrier
        }
#pragma omp master
        elapsed = timer_now_ms() - start;
    }
    cpu_run_end(&state);
    if (used)
        *used = team_size;
    return elapsed;
}
