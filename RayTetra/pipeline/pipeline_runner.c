/* pipeline_runner.c: the run stage on the CPU, one device or several. */
#include "pipeline/pipeline_runner.h"

#include <stdlib.h>
#include <string.h>

#include "cpu/cpu_parallel.h"
#include "cpu/extent_run.h"
#include "multi/device_list.h"
#include "timer.h"

static int open_one_device(pipeline_runner *r, const pipeline_job *job, error_text *err)
{
    if (gpu_open(&r->gpu, job->device, err) != 0)
        return -1;
    gpu_set_config(r->gpu, &job->config);
    return gpu_prepare(r->gpu, job->gpu, job->local_size, err);
}

static int open_devices(pipeline_runner *r, const pipeline_job *job, error_text *err)
{
    int *indices = NULL;
    if (device_list_resolve(job->devices, !gpu_single_data(job->gpu, &job->config), &indices, &r->devices, err) != 0)
        return -1;
    int status = gpu_multi_open(&r->multi, indices, r->devices, err);
    free(indices);
    if (status != 0)
        return -1;
    gpu_multi_set_config(r->multi, &job->config);
    r->speeds = calloc(r->devices, sizeof *r->speeds);
    r->ranges = calloc(r->devices, sizeof *r->ranges);
    r->shares = calloc(r->devices, sizeof *r->shares);
    r->totals = calloc(r->devices, sizeof *r->totals);
    if (!r->speeds || !r->ranges || !r->shares || !r->totals)
        return error_set_kind(err, ERROR_MEMORY, "running on %zu devices: out of memory", r->devices);
    return gpu_multi_prepare(r->multi, job->gpu, job->local_size, err);
}

int pipeline_runner_open(pipeline_runner *runner, const pipeline_job *job, error_text *err)
{
    memset(runner, 0, sizeof *runner);
    runner->job = job;
    if (job->cpu)
        return 0;
    return job->devices ? open_devices(runner, job, err) : open_one_device(runner, job, err);
}

size_t pipeline_runner_copies(const pipeline_job *job) { return job->cpu ? 0 : 2; }

static void run_cpu(pipeline_runner *r, const pair_set *set, ray_tetra_result *results)
{
    const pipeline_job *job = r->job;
    /* One untimed repetition first, as Bench does: caches, page faults and the clock speed are
     * not the algorithm's time. */
    if (!r->warmed)
        cpu_algorithm_run_threads(job->cpu, set, results, 1, job->threads);
    r->warmed = 1;
    double ms = cpu_algorithm_run_threads(job->cpu, set, results, job->reps, job->threads);
    r->algorithm_ms += ms;
    r->kernel_ms += ms;
    /* The line results clipped to the ray or the segment; OpenCL kernels clip themselves. */
    cpu_extent_clip(job->cpu, set->pairs, results, set->count, job->config.extent);
}

static void add_times(gpu_times *total, const gpu_times *chunk)
{
    if (total->launches == 0) {
        *total = *chunk;
        return;
    }
    total->write_ms += chunk->write_ms;
    total->kernel_ms += chunk->kernel_ms;
    total->read_ms += chunk->read_ms;
    total->end_to_end_ms += chunk->end_to_end_ms;
    total->staging_ms += chunk->staging_ms;
    total->launches += chunk->launches;
    total->chunks += chunk->chunks;
    total->precompute_ms += chunk->precompute_ms;
    total->finish_ms += chunk->finish_ms;
    total->uncertain += chunk->uncertain;
}

static int run_one_device(pipeline_runner *r, const pair_set *set, ray_tetra_result *results, error_text *err)
{
    gpu_times times;
    if (gpu_run(r->gpu, set, results, r->job->reps, &times, err) != 0)
        return -1;
    add_times(&r->times, &times);
    r->algorithm_ms += times.kernel_ms;
    r->transfer_in_ms += times.write_ms + times.staging_ms;
    r->kernel_ms += times.kernel_ms;
    r->transfer_out_ms += times.read_ms;
    return 0;
}

/* Each device's share of this chunk added to its totals. */
static void add_shares(pipeline_runner *r)
{
    for (size_t d = 0; d < r->devices; ++d) {
        const gpu_multi_share *s = &r->shares[d];
        gpu_multi_share *t = &r->totals[d];
        t->device = s->device;
        t->range.count += s->range.count;
        t->wall_ms += s->wall_ms;
        add_times(&t->steps, &s->steps);
    }
    ++r->device_chunks;
}

static int run_devices(pipeline_runner *r, const pair_set *set, ray_tetra_result *results, error_text *err)
{
    gpu_multi_plan plan = {.path = GPU_MULTI_STEPS, .reps = r->job->reps};
    if (!r->calibrated && gpu_multi_calibrate(r->multi, set, &plan, r->speeds, err) != 0)
        return -1;
    r->calibrated = 1;
    double wall_ms;
    gpu_multi_summary chunk;
    if (gpu_split_ranges(r->speeds, r->devices, set->count, gpu_multi_granule(r->multi), r->ranges, err) != 0 ||
        gpu_multi_run(r->multi, set, r->ranges, results, &plan, r->shares, &wall_ms, err) != 0)
        return -1;
    gpu_multi_summarise(r->shares, r->devices, &plan, set->count, wall_ms, &chunk);
    add_shares(r);
    double write_ms = 0, read_ms = 0;
    for (size_t d = 0; d < r->devices; ++d) {
        write_ms = r->shares[d].steps.write_ms > write_ms ? r->shares[d].steps.write_ms : write_ms;
        read_ms = r->shares[d].steps.read_ms > read_ms ? r->shares[d].steps.read_ms : read_ms;
        r->times.uncertain += r->shares[d].steps.uncertain;
        r->times.finish_ms += r->shares[d].steps.finish_ms;
    }
    r->summary.pairs += chunk.pairs;
    r->summary.devices_used = chunk.devices_used > r->summary.devices_used ? chunk.devices_used : r->summary.devices_used;
    r->summary.kernel_ms += chunk.kernel_ms;
    r->summary.end_to_end_ms += chunk.end_to_end_ms;
    r->summary.wall_ms += chunk.wall_ms;
    r->algorithm_ms += chunk.kernel_ms;
    r->transfer_in_ms += write_ms;
    r->kernel_ms += chunk.kernel_ms;
    r->transfer_out_ms += read_ms;
    return 0;
}

int pipeline_runner_run(pipeline_runner *runner, pipeline_chunk *chunk, error_text *err)
{
    if (chunk->count == 0)
        return 0;
    pair_set set = {chunk->count, chunk->pairs};
    if (runner->job->cpu) {
        run_cpu(runner, &set, chunk->results);
        return 0;
    }
    return runner->multi ? run_devices(runner, &set, chunk->results, err)
                         : run_one_device(runner, &set, chunk->results, err);
}

static void report_one_device(const pipeline_runner *r, FILE *out)
{
    const gpu_algorithm *gpu = r->job->gpu;
    const gpu_times *t = &r->times;
    int reps = r->job->reps;
    fprintf(out, "device: %s\n", gpu_device_description(r->gpu));
    fprintf(out, "kernel: %s\n", gpu_program_note(r->gpu));
    size_t read, written;
    gpu_algorithm_pair_bytes(gpu, &r->job->config, &read, &written);
    fprintf(out, "buffers: %zu bytes a pair in, %zu out (%s precision)\n", read, written,
            gpu_single_data(gpu, &r->job->config) ? "single" : "double");
    if (t->launches == 0)
        return; /* no pairs */
    if (t->transfers == GPU_TRANSFERS_PINNED)
        /* The steps overlap: each one's device time, and the whole from the host's clock. */
        fprintf(out, "%s: pinned transfers, %zu chunk%s on %zu queue%s: end to end %.3f ms; device times: write %.3f ms, "
                     "kernel %.3f ms (%d reps), read %.3f ms; local size %zu, %zu launches; copying the pairs into "
                     "pinned memory before: %.3f ms\n",
                gpu->csv_name, t->chunks, t->chunks == 1 ? "" : "s", t->queues, t->queues == 1 ? "" : "s",
                t->end_to_end_ms, t->write_ms, t->kernel_ms, reps, t->read_ms, t->local_size, t->launches,
                t->staging_ms);
    else
        fprintf(out, "%s: write %.3f ms, kernel %.3f ms (%d reps), read %.3f ms, local size %zu, %zu launches\n",
                gpu->csv_name, t->write_ms, t->kernel_ms, reps, t->read_ms, t->local_size, t->launches);
    if (gpu->precompute_kernel)
        fprintf(out, "%s: tables (%zu bytes a pair) precomputed on the device in %.3f ms (not in the kernel time)\n",
                gpu->csv_name, gpu->table_bytes, t->precompute_ms);
}

/* One line a device: as a whole run gives it when the run was one chunk, else its pairs and
 * times summed over the chunks. */
static void print_shares(const pipeline_runner *r, FILE *out, size_t pairs)
{
    const char *name = r->job->gpu->csv_name;
    if (r->device_chunks == 1) {
        gpu_multi_plan plan = {.path = GPU_MULTI_STEPS, .reps = r->job->reps};
        gpu_multi_print_shares(out, r->multi, name, r->shares, &plan, pairs);
        return;
    }
    for (size_t d = 0; d < r->devices; ++d) {
        const gpu_multi_share *t = &r->totals[d];
        fprintf(out, "%s: device %d (%s): %zu pairs (%.1f %%) over %zu chunks, write %.3f ms, kernel %.3f ms (%d reps), "
                     "read %.3f ms, %zu launches\n",
                name, t->device, gpu_device_description(gpu_multi_handler(r->multi, d)), t->range.count,
                pairs ? 100.0 * (double)t->range.count / (double)pairs : 0.0, r->device_chunks, t->steps.write_ms,
                t->steps.kernel_ms, r->job->reps, t->steps.read_ms, t->steps.launches);
    }
}

static void report_devices(const pipeline_runner *r, FILE *out, size_t pairs)
{
    const gpu_algorithm *gpu = r->job->gpu;
    const gpu_multi_summary *s = &r->summary;
    fprintf(out, "devices: %zu (--devices %s), %s\n", r->devices, r->job->devices,
            r->devices == 1 ? "all pairs on the one device"
                            : "pairs split by each device's measured speed (one calibration run each)");
    fprintf(out, "kernel: %s\n", gpu_program_note(gpu_multi_handler(r->multi, 0)));
    print_shares(r, out, pairs);
    fprintf(out, "%s: %zu device%s at once: kernel %.3f ms (%d reps, the slowest device; %.3f Mtests/s), end to end "
                 "%.3f ms (the slowest device's write + one kernel + read; %.3f Mtests/s), wall %.3f ms (every "
                 "device's thread, its warm-up included), summed over the chunks\n",
            gpu->csv_name, s->devices_used, s->devices_used == 1 ? "" : "s", s->kernel_ms, r->job->reps,
            timer_mtests_per_s(pairs, r->job->reps, s->kernel_ms), s->end_to_end_ms,
            timer_mtests_per_s(pairs, 1, s->end_to_end_ms), s->wall_ms);
}

void pipeline_runner_report(const pipeline_runner *runner, FILE *out, size_t pairs)
{
    if (runner->job->cpu)
        return;
    if (runner->multi)
        report_devices(runner, out, pairs);
    else
        report_one_device(runner, out);
    const gpu_algorithm *gpu = runner->job->gpu;
    if (gpu->robust)
        fprintf(out, "%s: %zu pairs with an uncertain sign decided exactly on the host in %.3f ms (inside the read "
                     "time)\n",
                gpu->csv_name, runner->times.uncertain, runner->times.finish_ms);
}

void pipeline_runner_close(pipeline_runner *runner)
{
    gpu_close(runner->gpu);
    if (runner->multi)
        gpu_multi_close(runner->multi);
    free(runner->speeds);
    free(runner->ranges);
    free(runner->shares);
    free(runner->totals);
    runner->gpu = NULL;
    runner->multi = NULL;
}
