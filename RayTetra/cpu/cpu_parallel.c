/* cpu_parallel.c: one static block of pairs per thread, so that each thread streams through
 * its own contiguous memory; the threads are created once, outside the timed region.
 *
 * First touch: each thread copies its block of the pairs and of the results into buffers whose
 * pages it is the first to write, and fills its block of a precomputed form's table, before the
 * timed region; on a NUMA host those pages then lie on its own node (the input was read, and
 * the results written, by the main thread). The results are copied back after the timed region.
 * Without memory for the copies the threads work on the caller's buffers. Each thread is bound
 * to its own CPU first (cpu_binding.h), so that the pages it touches stay its node's. */
#include "cpu/cpu_parallel.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu_binding.h"
#include "timer.h"

int cpu_thread_count(void) { return omp_get_max_threads(); }

double cpu_algorithm_run_threads(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                 int reps, int threads)
{
    return cpu_algorithm_run_threads_used(algorithm, set, results, reps, threads, NULL);
}

/* The threads' run into `results` (full records; out NULL) or into out's records (`results` then
 * holds count records of out->bytes). */
static double run_threads(const cpu_algorithm *algorithm, const pair_set *set, void *results, int reps, int threads,
                          const cpu_records *out, int *used)
{
    size_t count = set->count, record = out ? out->bytes : sizeof(ray_tetra_result);
    const cpu_precomputed *pre = algorithm->precomputed;
    cpu_run_state state = {NULL, 0};
    if (pre && count)
        state.table = malloc(count * pre->table_bytes); /* NULL: the batch precomputes itself */
    ray_tetra_pair *pairs = count ? malloc(count * sizeof *pairs) : NULL;
    char *copy = count ? malloc(count * record) : NULL, *caller = results;
    int local = pairs && copy;
    double start = 0, elapsed = 0;
    int team_size = 1;
    cpu_binding binding;
    cpu_binding_begin(&binding, threads);
#pragma omp parallel num_threads(threads)
    {
        cpu_binding_apply(&binding, omp_get_thread_num());
        /* The block of this thread, as schedule(static) would give it. */
        size_t id = (size_t)omp_get_thread_num(), team = (size_t)omp_get_num_threads();
        size_t begin = count / team * id + (id < count % team ? id : count % team);
        size_t size = count / team + (id < count % team ? 1 : 0);
        if (local && size) {
            memcpy(pairs + begin, set->pairs + begin, size * sizeof *pairs);
            memcpy(copy + begin * record, caller + begin * record, size * record); /* a miss leaves the rest */
        }
        const ray_tetra_pair *in = local ? pairs : set->pairs;
        char *to = local ? copy : caller;
        if (state.table)
            pre->precompute(in + begin, (char *)state.table + begin * pre->table_bytes, size);
#pragma omp barrier
#pragma omp master
        {
            team_size = (int)team;
            start = timer_now_ms();
        }
        for (int rep = 0; rep < reps; ++rep) {
            if (out)
                cpu_records_run(algorithm, &state, in, to, begin, size, out);
            else
                cpu_run_batch(algorithm, &state, in, (ray_tetra_result *)(void *)to, begin, size);
#pragma omp barrier
        }
#pragma omp master
        elapsed = timer_now_ms() - start;
        if (local && size)
            memcpy(caller + begin * record, copy + begin * record, size * record);
    }
    cpu_binding_end(&binding);
    cpu_run_end(&state);
    free(pairs);
    free(copy);
    if (used)
        *used = team_size;
    return elapsed;
}

double cpu_algorithm_run_threads_used(const cpu_algorithm *algorithm, const pair_set *set,
                                      ray_tetra_result *results, int reps, int threads, int *used)
{
    if (used)
        *used = 1;
    if (threads <= 1)
        return cpu_algorithm_run(algorithm, set, results, reps);
    return run_threads(algorithm, set, results, reps, threads, NULL, used);
}

double cpu_algorithm_run_records_threads(const cpu_algorithm *algorithm, const pair_set *set, void *records,
                                         int reps, int threads, const cpu_records *out, int *used)
{
    if (used)
        *used = 1;
    if (threads <= 1)
        return cpu_algorithm_run_records(algorithm, set, records, reps, out, NULL);
    return run_threads(algorithm, set, records, reps, threads, out, used);
}
