/* cpu_parallel.c: one block of pairs per thread, so that each thread streams through its own
 * contiguous memory; the threads are created once, outside the timed region.
 *
 * First touch: each thread copies its block of the pairs and of the results into buffers whose
 * pages it is the first to write, and fills its block of a precomputed form's table, before the
 * timed region; on a NUMA host those pages then lie on its own node (the input was read, and
 * the results written, by the main thread). The results are copied back after the timed region.
 * Without memory for the copies the threads work on the caller's buffers. Each thread is bound
 * to its own CPU first (cpu_binding.h), so that the pages it touches stay its node's.
 *
 * Sharing the tail: a thread takes its own block's chunks in order, then helps the others by
 * taking the next chunks of their blocks (one counter a block). On the H100 host's 16 virtual
 * CPUs, 16 single-thread processes together ran 10-15x one process, while one fixed block per
 * thread waited at every repetition's end for the slowest (docs/PERFORMANCE.md, "What 16
 * cores of the H100 host give"). */
#include "cpu/cpu_parallel.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu_binding.h"
#include "timer.h"

int cpu_thread_count(void) { return omp_get_max_threads(); }

/* A block's queue: the offset of its next chunk; one cache line each, as every thread writes
 * its own and reads the others'. */
typedef struct block_queue {
    _Alignas(64) size_t next;
} block_queue;

/* The chunk of `block` a thread takes next: its offset in the block, or >= size when none is left. */
static size_t take_chunk(block_queue *queue)
{
    size_t at;
#pragma omp atomic capture
    {
        at = queue->next;
        queue->next += CPU_SHARE_CHUNK;
    }
    return at;
}

/* First pair and size of team member `id`'s block, as schedule(static) would give it. */
static void block_of(size_t count, size_t team, size_t id, size_t *begin, size_t *size)
{
    *begin = count / team * id + (id < count % team ? id : count % team);
    *size = count / team + (id < count % team ? 1 : 0);
}

/* Pairs [first, first + n): full results, or out's records. */
static void run_range(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *in, char *to,
                      size_t first, size_t n, const cpu_records *out)
{
    if (out)
        cpu_records_run(algorithm, state, in, to, first, n, out);
    else
        cpu_run_batch(algorithm, state, in, (ray_tetra_result *)(void *)to, first, n);
}

/* One repetition's work for member `id`: its own block's chunks, then the others' that are left. */
static void run_shared(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *in,
                       char *to, size_t count, size_t team, size_t id, block_queue *queues, const cpu_records *out)
{
    for (size_t step = 0; step < team; ++step) {
        size_t owner = (id + step) % team, begin, size;
        block_of(count, team, owner, &begin, &size);
        for (size_t at; (at = take_chunk(&queues[owner])) < size;) {
            size_t n = size - at < CPU_SHARE_CHUNK ? size - at : CPU_SHARE_CHUNK;
            run_range(algorithm, state, in, to, begin + at, n, out);
        }
    }
}

double cpu_algorithm_run_threads(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                                 int reps, int threads)
{
    return cpu_algorithm_run_threads_used(algorithm, set, results, reps, threads, NULL);
}

/* The threads' run into `results` (full records; out NULL) or into out's records (`results` then
 * holds count records of out->bytes). With copy_local each thread first copies its block of the
 * pairs and results into memory it touches first (on its own NUMA node) and copies the results
 * back at the end; without, the threads work where the data lies. */
static double run_threads(const cpu_algorithm *algorithm, const pair_set *set, void *results, int reps, int threads,
                          const cpu_records *out, int copy_local, int *used)
{
    size_t count = set->count, record = out ? out->bytes : sizeof(ray_tetra_result);
    const cpu_precomputed *pre = algorithm->precomputed;
    cpu_run_state state = {NULL, 0, cpu_streams_records(algorithm, count)};
    if (pre && count)
        state.table = malloc(count * pre->table_bytes); /* NULL: the batch precomputes itself */
    ray_tetra_pair *pairs = count && copy_local ? malloc(count * sizeof *pairs) : NULL;
    char *copy = count && copy_local ? malloc(count * record) : NULL, *caller = results;
    int local = pairs && copy;
    double start = 0, elapsed = 0;
    int team_size = 1;
    /* (Without memory for the queues each thread does its own block only.) */
    block_queue *queues = aligned_alloc(_Alignof(block_queue), (size_t)threads * sizeof *queues);
    cpu_binding binding;
    cpu_binding_begin(&binding, threads);
#pragma omp parallel num_threads(threads)
    {
        cpu_binding_apply(&binding, omp_get_thread_num());
        size_t id = (size_t)omp_get_thread_num(), team = (size_t)omp_get_num_threads(), begin, size;
        block_of(count, team, id, &begin, &size);
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
            if (queues) {
                queues[id].next = 0; /* all have passed the last barrier: none takes from it now */
#pragma omp barrier
                run_shared(algorithm, &state, in, to, count, team, id, queues, out);
            } else {
                run_range(algorithm, &state, in, to, begin, size, out);
            }
#pragma omp barrier
        }
#pragma omp master
        elapsed = timer_now_ms() - start;
        if (local && size)
            memcpy(caller + begin * record, copy + begin * record, size * record);
    }
    cpu_binding_end(&binding);
    cpu_run_end(&state);
    free(queues);
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
    return run_threads(algorithm, set, results, reps, threads, NULL, 1, used);
}

double cpu_algorithm_run_threads_in_place(const cpu_algorithm *algorithm, const pair_set *set,
                                          ray_tetra_result *results, int reps, int threads)
{
    if (threads <= 1)
        return cpu_algorithm_run(algorithm, set, results, reps);
    return run_threads(algorithm, set, results, reps, threads, NULL, 0, NULL);
}

double cpu_algorithm_run_records_threads(const cpu_algorithm *algorithm, const pair_set *set, void *records,
                                         int reps, int threads, const cpu_records *out, int *used)
{
    if (used)
        *used = 1;
    if (threads <= 1)
        return cpu_algorithm_run_records(algorithm, set, records, reps, out, NULL);
    return run_threads(algorithm, set, records, reps, threads, out, 1, used);
}
