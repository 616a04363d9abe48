/* gpu_multi_job.c: run + summarise, and the figures the programs print. */
#include "multi/gpu_multi_job.h"

#include <stddef.h>
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
        if (shares[d].chunks == 0)
            continue;
        ++summary->devices_used;
        if (shares[d].steps.kernel_ms > summary->kernel_ms)
            summary->kernel_ms = shares[d].steps.kernel_ms;
        double e2e = gpu_multi_share_end_to_end_ms(&shares[d], plan);
        if (e2e > summary->end_to_end_ms)
            summary->end_to_end_ms = e2e;
    }
}

int gpu_multi_job_run(gpu_multi *multi, const pair_set *set, const unsigned char *active, const gpu_multi_plan *plan,
                      ray_tetra_result *results, gpu_multi_share *shares, gpu_multi_summary *summary,
                      error_text *err)
{
    double wall_ms = 0;
    if (gpu_multi_run(multi, set, active, results, plan, shares, &wall_ms, err) != 0)
        return -1;
    gpu_multi_summarise(shares, gpu_multi_count(multi), plan, set->count, wall_ms, summary);
    return 0;
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
        if (s->chunks == 0) {
            fprintf(out, "no pairs (it took no chunk)\n");
            continue;
        }
        fprintf(out, "%zu pairs (%.1f %%) over %zu chunk%s, ", s->pairs,
                pairs ? 100.0 * (double)s->pairs / (double)pairs : 0.0, s->chunks, s->chunks == 1 ? "" : "s");
        double e2e = gpu_multi_share_end_to_end_ms(s, plan);
        if (plan->path == GPU_MULTI_STEPS)
            fprintf(out, "write %.3f ms, kernel %.3f ms (%d reps, %.3f Mtests/s), read %.3f ms, end to end %.3f ms "
                         "(%.3f Mtests/s), local size %zu, %zu launches\n",
                    s->steps.write_ms, s->steps.kernel_ms, plan->reps,
                    timer_mtests_per_s(s->pairs, plan->reps, s->steps.kernel_ms), s->steps.read_ms, e2e,
                    timer_mtests_per_s(s->pairs, 1, e2e), s->steps.local_size, s->steps.launches);
        else
            fprintf(out, "end to end %.3f ms from pinned memory (%.3f Mtests/s, %zu chunks on %zu queues)\n", e2e,
                    timer_mtests_per_s(s->pairs, 1, e2e), s->end_to_end.chunks, s->end_to_end.queues);
    }
}
