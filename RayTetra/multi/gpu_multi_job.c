/* gpu_multi_job.c: calibrate + split + run, and the figures the programs print. */
#include "multi/gpu_multi_job.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "timer.h"

double gpu_multi_share_end_to_end_ms(const gpu_multi_share *share, const gpu_multi_plan *plan)
{
    if (plan->path == GPU_MULTI_END_TO_END)
        return share->end_to_end.ms;
    return share->steps.write_ms + share->steps.kernel_ms / (plan->reps > 0 ? plan->reps : 1) + share->steps.read_ms;
}

void gpu_multi_summarise(const gpu_multi_share *shares, size_t count, const gpu_multi_plan *plan, size_t pairs,
                         double wall_ms, gpu_multi_summary *summary)
{
    *summary = (gpu_multi_summary){.pairs = pairs, .reps = plan->path == GPU_MULTI_STEPS ? plan->reps : 1,
                                   .wall_ms = wall_ms};
    for (size_t d = 0; d < count; ++d) {
        if (shares[d].range.count == 0)
            continue;
        ++summary->devices_used;
        if (shares[d].steps.kernel_ms > summary->kernel_ms)
            summary->kernel_ms = shares[d].steps.kernel_ms;
        double e2e = gpu_multi_share_end_to_end_ms(&shares[d], plan);
        if (e2e > summary->end_to_end_ms)
            summary->end_to_end_ms = e2e;
    }
}

int gpu_multi_job_run(gpu_multi *multi, const pair_set *set, const double *speeds, const gpu_multi_plan *plan,
                      ray_tetra_result *results, gpu_range *ranges, gpu_multi_share *shares,
                      gpu_multi_summary *summary, error_text *err)
{
    size_t n = gpu_multi_count(multi);
    double *measured = NULL;
    if (!speeds) {
        measured = malloc(n * sizeof *measured);
        if (!measured)
            return error_set_kind(err, ERROR_MEMORY, "measuring %zu devices: out of memory", n);
        if (gpu_multi_calibrate(multi, set, plan, measured, err) != 0) {
            free(measured);
            return -1;
        }
        speeds = measured;
    }
    double wall_ms = 0;
    int status = gpu_split_ranges(speeds, n, set->count, gpu_multi_granule(multi), ranges, err);
    if (status == 0)
        status = gpu_multi_run(multi, set, ranges, results, plan, shares, &wall_ms, err);
    free(measured);
    if (status == 0)
        gpu_multi_summarise(shares, n, plan, set->count, wall_ms, summary);
    return status;
}

size_t gpu_multi_first_difference(const ray_tetra_result *a, const ray_tetra_result *b, size_t count)
{
    size_t skip = offsetof(ray_tetra_result, uncertain), rest = skip + sizeof a->uncertain;
    for (size_t i = 0; i < count; ++i)
        if (memcmp(a + i, b + i, skip) != 0 ||
            memcmp((const char *)(a + i) + rest, (const char *)(b + i) + rest, sizeof *a - rest) != 0)
            return i;
    return count;
}


void gpu_multi_print_shares(FILE *out, gpu_multi *multi, const char *prefix, const gpu_multi_share *shares,
                            const gpu_multi_plan *plan, size_t pairs)
{
    for (size_t d = 0; d < gpu_multi_count(multi); ++d) {
        const gpu_multi_share *s = &shares[d];
        fprintf(out, "%s: device %d (%s): ", prefix, s->device, gpu_device_description(gpu_multi_handler(multi, d)));
        if (s->range.count == 0) {
            fprintf(out, "no pairs (its share rounded to none)\n");
            continue;
        }
        fprintf(out, "pairs %zu to %zu (%.1f %%), ", s->range.first, s->range.first + s->range.count - 1,
                pairs ? 100.0 * (double)s->range.count / (double)pairs : 0.0);
        double e2e = gpu_multi_share_end_to_end_ms(s, plan);
        if (plan->path == GPU_MULTI_STEPS)
            fprintf(out, "write %.3f ms, kernel %.3f ms (%d reps, %.3f Mtests/s), read %.3f ms, end to end %.3f ms "
                         "(%.3f Mtests/s), local size %zu, %zu launches\n",
                    s->steps.write_ms, s->steps.kernel_ms, plan->reps,
                    timer_mtests_per_s(s->range.count, plan->reps, s->steps.kernel_ms), s->steps.read_ms, e2e,
                    timer_mtests_per_s(s->range.count, 1, e2e), s->steps.local_size, s->steps.launches);
        else
            fprintf(out, "end to end %.3f ms from pinned memory (%.3f Mtests/s, %zu chunks on %zu queues)\n", e2e,
                    timer_mtests_per_s(s->range.count, 1, e2e), s->end_to_end.chunks, s->end_to_end.queues);
    }
}
