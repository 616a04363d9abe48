/* cpu_records.c: CPU runs into compact records, block by block (cpu_records.h). */
#include "cpu/cpu_records.h"

#include <string.h>

#include "cpu/extent_run.h"

void cpu_records_run(const cpu_algorithm *algorithm, const cpu_run_state *state, const ray_tetra_pair *pairs,
                     void *records, size_t first, size_t count, const cpu_records *out)
{
    ray_tetra_result block[CPU_RECORDS_BLOCK];
    /* A miss leaves the reals as they were: let them be defined ones (the packers read them). */
    memset(block, 0, sizeof block);
    for (size_t done = 0; done < count;) {
        size_t n = count - done < CPU_RECORDS_BLOCK ? count - done : CPU_RECORDS_BLOCK;
        cpu_run_block(algorithm, state, pairs, first + done, n, block);
        cpu_extent_clip(algorithm, pairs + first + done, block, n, out->extent);
        out->pack(out->level, block, (char *)records + (first + done) * out->bytes, n);
        done += n;
    }
}

/* A pass into records. */
static void records_pass(const cpu_algorithm *algorithm, const cpu_run_state *state, const pair_set *set, void *out,
                         const void *how)
{
    cpu_records_run(algorithm, state, set->pairs, out, 0, set->count, how);
}

double cpu_algorithm_run_records(const cpu_algorithm *algorithm, const pair_set *set, void *records, int reps,
                                 const cpu_records *out, double *precompute_ms)
{
    return cpu_run_passes(algorithm, set, reps, records_pass, records, out, precompute_ms);
}
