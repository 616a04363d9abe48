/* algorithms.c: the timed loop that runs one CPU algorithm (the algorithms themselves are named
 * by the registry, registry.c), with a precomputed form's table filled before it. */
#include "cpu/algorithms.h"

#include <stdlib.h>

#include "timer.h"

const char *cpu_precision_name(cpu_precision precision)
{
    return precision == CPU_PRECISION_FLOAT ? "float" : "double";
}

void cpu_run_begin(const cpu_algorithm *algorithm, const ray_tetra_pair *pairs, size_t count, cpu_run_state *state)
{
    state->table = NULL;
    state->precompute_ms = 0;
    const cpu_precomputed *pre = algorithm->precomputed;
    if (!pre || count == 0)
        return;
    double start = timer_now_ms();
    state->table = malloc(count * pre->table_bytes);
    if (state->table)
        pre->precompute(pairs, state->table, count);
    state->precompute_ms = timer_now_ms() - start;
}

void cpu_run_block(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *pairs,
                   size_t first, size_t count, ray_tetra_result *block)
{
    const cpu_precomputed *pre = algorithm->precomputed;
    if (state->table)
        pre->batch(pairs + first, (const char *)state->table + first * pre->table_bytes, block, count);
    else
        algorithm->batch(pairs + first, block, count);
}

void cpu_run_batch(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *pairs,
                   ray_tetra_result *results, size_t first, size_t count)
{
    cpu_run_block(algorithm, state, pairs, first, count, results + first);
}

void cpu_run_end(cpu_run_state *state)
{
    free(state->table);
    state->table = NULL;
}

double cpu_run_passes(const cpu_algorithm *algorithm, const pair_set *set, int reps, cpu_pass pass, void *out,
                      const void *how, double *precompute_ms)
{
    cpu_run_state state;
    cpu_run_begin(algorithm, set->pairs, set->count, &state);
    double start = timer_now_ms();
    for (int rep = 0; rep < reps; ++rep)
        pass(algorithm, &state, set, out, how);
    double ms = timer_now_ms() - start;
    cpu_run_end(&state);
    if (precompute_ms)
        *precompute_ms = state.precompute_ms;
    return ms;
}

/* The line: the batch over every pair. */
static void line_pass(const cpu_algorithm *algorithm, const cpu_run_state *state, const pair_set *set, void *out,
                      const void *how)
{
    (void)how;
    cpu_run_batch(algorithm, state, set->pairs, out, 0, set->count);
}

double cpu_algorithm_run_split(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results,
                               int reps, double *precompute_ms)
{
    return cpu_run_passes(algorithm, set, reps, line_pass, results, NULL, precompute_ms);
}

double cpu_algorithm_run(const cpu_algorithm *algorithm, const pair_set *set, ray_tetra_result *results, int reps)
{
    return cpu_algorithm_run_split(algorithm, set, results, reps, NULL);
}
