/* algorithms.c: the timed loop that runs one CPU algorithm (the algorithms themselves are named
 * by the registry, registry.c), with a precomputed form's table filled before it. */
#include "cpu/algorithms.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "timer.h"

const char *cpu_precision_name(cpu_precision precision)
{
    return precision == CPU_PRECISION_FLOAT ? "float" : "double";
}

static cpu_record_stores record_stores = CPU_STORES_AUTO;

void cpu_set_record_stores(cpu_record_stores stores) { record_stores = stores; }

static const char *const STORES_NAMES[] = {"auto", "cached", "streamed"};

const char *cpu_record_stores_name(cpu_record_stores stores) { return STORES_NAMES[stores]; }

int cpu_record_stores_parse(const char *name)
{
    for (int i = 0; i < 3; ++i)
        if (strcmp(name, STORES_NAMES[i]) == 0)
            return i;
    return -1;
}

/* Auto streams on Intel's CPUs, where the SIMD forms ran 1.1-1.6x as fast with one thread and
 * 1.2-1.5x with 16; not elsewhere, as on the AMD EPYC where streamed they ran 0.93-1.01x
 * (docs/PERFORMANCE.md, "Streamed records"). */
static bool auto_streams_on_this_cpu(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_is("intel");
#else
    return false;
#endif
}

/* The last-level cache's bytes (sysconf; 32 MiB where the C library cannot tell). */
static size_t last_level_cache_bytes(void)
{
    long bytes = 0;
#ifdef _SC_LEVEL3_CACHE_SIZE
    bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (bytes <= 0)
        bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return bytes > 0 ? (size_t)bytes : (size_t)32 << 20;
}

/* Auto streams only records larger than a quarter of the last-level cache. Below that the cache
 * keeps them from one repetition to the next (beside the pairs, which take 144/112 as much):
 * on 16 threads of the Intel host (300 MiB of L3) 20,000 to 200,000 pairs ran 5-18% slower
 * streamed, 500,000 (53 MiB of records) 0.94-1.02x, and 1,000,000 (107 MiB) 1.44x as fast
 * (docs/PERFORMANCE.md, "Streamed records"). */
bool cpu_streams_records(const cpu_algorithm *algorithm, size_t count)
{
    if (!algorithm->batch_streamed || record_stores == CPU_STORES_CACHED)
        return false;
    if (record_stores == CPU_STORES_STREAMED)
        return true;
    return auto_streams_on_this_cpu() && count * sizeof(ray_tetra_result) > last_level_cache_bytes() / 4;
}

void cpu_run_begin(const cpu_algorithm *algorithm, const ray_tetra_pair *pairs, size_t count, cpu_run_state *state)
{
    state->table = NULL;
    state->precompute_ms = 0;
    state->streamed = cpu_streams_records(algorithm, count);
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
    if (state->streamed)
        algorithm->batch_streamed(pairs + first, results + first, count);
    else
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
