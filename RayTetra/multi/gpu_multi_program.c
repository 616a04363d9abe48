/* gpu_multi_program.c: RayTetra's --devices run. */
#include "multi/gpu_multi_program.h"

#include <stdlib.h>

#include "multi/device_list.h"
#include "timer.h"


int gpu_multi_program_run(const char *devices, const gpu_config *config, const gpu_algorithm *algorithm,
                          size_t local_size, const pair_set *set, ray_tetra_result *results, int reps, FILE *out,
                          gpu_multi_summary *summary, error_text *err)
{
    int *indices = NULL;
    size_t count = 0;
    gpu_multi *multi = NULL;
    if (device_list_resolve(devices, !gpu_single_data(algorithm, config), &indices, &count, err) != 0 ||
        gpu_multi_open(&multi, indices, count, err) != 0) {
        free(indices);
        return -1;
    }
    free(indices);
    gpu_multi_set_config(multi, config);
    gpu_multi_share *shares = calloc(count, sizeof *shares);
    gpu_multi_plan plan = {.path = GPU_MULTI_STEPS, .reps = reps};
    int status = -1;
    if (!shares)
        error_set_kind(err, ERROR_MEMORY, "running on %zu devices: out of memory", count);
    else if (gpu_multi_prepare(multi, algorithm, local_size, err) == 0)
        status = gpu_multi_job_run(multi, set, NULL, &plan, results, shares, summary, err);
    if (status == 0) {
        fprintf(out, "devices: %zu (--devices %s), %s\n", count, devices,
                count == 1 ? "all pairs on the one device"
                           : "pairs handed out in chunks, each to whichever device is free first");
        fprintf(out, "kernel: %s\n", gpu_program_note(gpu_multi_handler(multi, 0)));
        gpu_multi_print_shares(out, multi, algorithm->csv_name, shares, &plan, set->count);
        fprintf(out, "%s: %zu device%s at once: kernel %.3f ms (%d reps, the slowest device; %.3f Mtests/s), end to end "
                     "%.3f ms (the slowest device's write + one kernel + read; %.3f Mtests/s), wall %.3f ms (every "
                     "device's thread, its warm-up included)\n",
                algorithm->csv_name, summary->devices_used, summary->devices_used == 1 ? "" : "s", summary->kernel_ms,
                reps, timer_mtests_per_s(set->count, reps, summary->kernel_ms), summary->end_to_end_ms,
                timer_mtests_per_s(set->count, 1, summary->end_to_end_ms), summary->wall_ms);
        if (algorithm->robust) {
            size_t uncertain = 0;
            double finish_ms = 0;
            for (size_t d = 0; d < count; ++d) {
                uncertain += shares[d].steps.uncertain;
                finish_ms += shares[d].steps.finish_ms;
            }
            fprintf(out, "%s: %zu pairs with an uncertain sign decided exactly on the host in %.3f ms (summed over "
                         "the devices; inside their read times)\n",
                    algorithm->csv_name, uncertain, finish_ms);
        }
    }
    free(shares);
    gpu_multi_close(multi);
    return status;
}
