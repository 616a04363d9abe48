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
    const int *indices = job->device_numbers;
    int *resolved = NULL; /* --devices' list, when the job gives no numbers */
    size_t devices = job->device_count;
    if (!indices) {
        if (device_list_resolve(job->devices, !gpu_single_data(job->gpu, &job->config), &resolved, &devices, err) != 0)
            return -1;
        indices = resolved;
    }
    int status = gpu_multi_open(&r->multi, indices, devices, err);
    free(resolved);
    if (status != 0)
        return -1;
    gpu_multi_set_config(r->multi, &job->config);
    return gpu_multi_prepare(r->multi, job->gpu, job->local_size, err);
}

/* One lane a device (the CPU: one), on its handler. */
static int make_lanes(pipeline_runner *r, error_text *err)
{
    r->lane_count = r->multi ? gpu_multi_count(r->multi) : 1;
    if (!(r->lanes = calloc(r->lane_count, sizeof *r->lanes)))
        return error_set_kind(err, ERROR_MEMORY, "out of memory for %zu lanes", r->lane_count);
    for (size_t i = 0; i < r->lane_count; ++i)
        r->lanes[i].handler = r->multi ? gpu_multi_handler(r->multi, i) : r->gpu;
    if (!r->job->cpu && r->job->config.transfers == GPU_TRANSFERS_PINNED) {
        /* The chunks' pinned memory is the first device's: the others transfer from it too. */
        r->in_place_pairs = pipeline_device_pairs_in_place(r->lanes[0].handler);
        r->in_place_results = pipeline_device_results_in_place(r->lanes[0].handler);
    }
    return 0;
}

int pipeline_runner_open(pipeline_runner *runner, const pipeline_job *job, error_text *err)
{
    memset(runner, 0, sizeof *runner);
    runner->job = job;
    int several = job->devices || job->device_numbers;
    if (!job->cpu && (several ? open_devices(runner, job, err) : open_one_device(runner, job, err)) != 0)
        return -1;
    return make_lanes(runner, err);
}

static int pinned(const pipeline_runner *r) { return !r->job->cpu && r->job->config.transfers == GPU_TRANSFERS_PINNED; }

size_t pipeline_runner_copies(const pipeline_job *job) { return job->cpu ? 0 : 2; }

size_t pipeline_runner_chunks(const pipeline_runner *r)
{
    size_t chunks = PIPELINE_CHUNKS + (pinned(r) ? PIPELINE_DEVICE_IN_FLIGHT * r->lane_count - 1 : 0);
    return chunks < PIPELINE_CHUNKS_MAX ? chunks : PIPELINE_CHUNKS_MAX;
}

int pipeline_runner_chunk_alloc(pipeline_runner *r, pipeline_chunk *chunk, const pipeline_chunk_shape *shape,
                                error_text *err)
{
    memset(chunk, 0, sizeof *chunk);
    if (!pinned(r))
        return pipeline_chunk_alloc(chunk, shape, NULL, NULL, err);
    pipeline_device_buffers *buffers = calloc(1, sizeof *buffers);
    if (!(chunk->pinned = buffers))
        return error_set_kind(err, ERROR_MEMORY, "out of memory for a chunk's pinned buffers");
    if (pipeline_device_buffers_alloc(r->lanes[0].handler, shape->pairs, buffers, err) != 0)
        return -1;
    return pipeline_chunk_alloc(chunk, shape, r->in_place_pairs ? buffers->in.host : NULL,
                                r->in_place_results ? buffers->out.host : NULL, err);
}

void pipeline_runner_chunk_unpin(pipeline_runner *r, pipeline_chunk *chunk)
{
    pipeline_device_buffers *buffers = chunk->pinned;
    if (!buffers)
        return;
    if (!chunk->pairs_owned)
        chunk->pairs = NULL;
    if (!chunk->results_owned)
        chunk->results = NULL;
    pipeline_device_buffers_release(r->lanes[0].handler, buffers);
    free(buffers);
    chunk->pinned = NULL;
}

void pipeline_runner_chunk_free(pipeline_runner *r, pipeline_chunk *chunk)
{
    pipeline_runner_chunk_unpin(r, chunk);
    pipeline_chunk_free(chunk);
}

int pipeline_runner_lane_open(pipeline_runner *r, size_t lane, size_t chunk_pairs, error_text *err)
{
    if (!pinned(r))
        return 0;
    pipeline_lane *l = &r->lanes[lane];
    l->times.transfers = GPU_TRANSFERS_PINNED;
    gpu_prepared kernel;
    gpu_handler_prepared(l->handler, &kernel);
    l->times.local_size = kernel.local_size;
    return pipeline_device_open(&l->device, l->handler, chunk_pairs, r->job->reps, err);
}

static void run_cpu(const pipeline_runner *r, pipeline_lane *l, const pair_set *set, ray_tetra_result *results)
{
    const pipeline_job *job = r->job;
    /* One untimed repetition first, as Bench does: caches, page faults and the clock speed are
     * not the algorithm's time. */
    if (!l->warmed)
        cpu_algorithm_run_threads_in_place(job->cpu, set, results, 1, job->threads);
    l->warmed = 1;
    double ms = cpu_algorithm_run_threads_in_place(job->cpu, set, results, job->reps, job->threads);
    l->algorithm_ms += ms;
    l->kernel_ms += ms;
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

/* A chunk's device times added to its lane's. */
static void add_lane_times(pipeline_lane *l, const gpu_times *times, size_t pairs)
{
    l->algorithm_ms += times->kernel_ms;
    l->transfer_in_ms += times->write_ms + times->staging_ms;
    l->kernel_ms += times->kernel_ms;
    l->transfer_out_ms += times->read_ms;
    l->pairs += pairs;
    l->chunks += 1;
}

int pipeline_runner_run(pipeline_runner *r, size_t lane, pipeline_chunk *chunk, error_text *err)
{
    pipeline_lane *l = &r->lanes[lane];
    if (chunk->count == 0)
        return 0;
    pair_set set = {chunk->count, chunk->pairs};
    if (r->job->cpu) {
        run_cpu(r, l, &set, chunk->results);
        return 0;
    }
    gpu_times times;
    if (gpu_run(l->handler, &set, chunk->results, r->job->reps, &times, err) != 0)
        return -1;
    add_times(&l->times, &times);
    add_lane_times(l, &times, chunk->count);
    return 0;
}

int pipeline_runner_enqueue(pipeline_runner *r, size_t lane, pipeline_chunk *chunk, pipeline_device_flight *flight,
                            error_text *err)
{
    pipeline_lane *l = &r->lanes[lane];
    if (l->chunks == 0 && chunk->count)
        l->first_ms = timer_now_ms();
    double staging_ms = 0;
    int status = pipeline_device_enqueue(l->device, chunk->pairs, chunk->count, chunk->pinned, flight, &staging_ms, err);
    l->times.staging_ms += staging_ms;
    l->transfer_in_ms += staging_ms;
    return status;
}

int pipeline_runner_finish(pipeline_runner *r, size_t lane, pipeline_chunk *chunk, pipeline_device_flight *flight,
                           error_text *err)
{
    pipeline_lane *l = &r->lanes[lane];
    if (chunk->count == 0)
        return 0;
    gpu_times times;
    memset(&times, 0, sizeof times);
    if (pipeline_device_finish(l->device, flight, chunk->pairs, chunk->pinned, chunk->results, &times, err) != 0)
        return -1;
    l->last_ms = timer_now_ms();
    l->times.write_ms += times.write_ms;
    l->times.kernel_ms += times.kernel_ms;
    l->times.read_ms += times.read_ms;
    l->times.precompute_ms += times.precompute_ms;
    l->times.finish_ms += times.finish_ms;
    l->times.uncertain += times.uncertain;
    l->times.launches += times.launches;
    l->times.chunks += times.chunks;
    l->times.end_to_end_ms = l->last_ms - l->first_ms;
    l->times.queues = pipeline_device_queues_used(l->device);
    add_lane_times(l, &times, chunk->count);
    return 0;
}

void pipeline_runner_sum(pipeline_runner *r)
{
    r->algorithm_ms = r->transfer_in_ms = r->kernel_ms = r->transfer_out_ms = 0;
    for (size_t i = 0; i < r->lane_count; ++i) {
        const pipeline_lane *l = &r->lanes[i];
        /* Devices run at once: the timed repetitions last as long as the slowest device's. */
        if (l->algorithm_ms > r->algorithm_ms)
            r->algorithm_ms = l->algorithm_ms;
        r->transfer_in_ms += l->transfer_in_ms;
        r->kernel_ms += l->kernel_ms;
        r->transfer_out_ms += l->transfer_out_ms;
    }
}

static void report_one_device(const pipeline_runner *r, FILE *out)
{
    const gpu_algorithm *gpu = r->job->gpu;
    const gpu_times *t = &r->lanes[0].times;
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

/* One line a device: as a whole run gives it when the run was one chunk on one device, else its
 * pairs and times summed over the chunks it took. */
static void print_lanes(const pipeline_runner *r, FILE *out, size_t pairs)
{
    const char *name = r->job->gpu->csv_name;
    gpu_multi_plan plan = {.path = GPU_MULTI_STEPS, .reps = r->job->reps};
    for (size_t d = 0; d < r->lane_count; ++d) {
        const pipeline_lane *l = &r->lanes[d];
        if (r->lane_count == 1 && l->chunks <= 1) {
            gpu_multi_share share = {.device = gpu_multi_device(r->multi, d), .pairs = l->pairs, .chunks = l->chunks,
                                     .steps = l->times, .wall_ms = l->last_ms - l->first_ms};
            gpu_multi_print_shares(out, r->multi, name, &share, &plan, pairs);
            continue;
        }
        fprintf(out, "%s: device %d (%s): %zu pairs (%.1f %%) over %zu chunks, write %.3f ms, kernel %.3f ms (%d reps), "
                     "read %.3f ms, %zu launches\n",
                name, gpu_multi_device(r->multi, d), gpu_device_description(l->handler), l->pairs,
                pairs ? 100.0 * (double)l->pairs / (double)pairs : 0.0, l->chunks, l->times.write_ms,
                l->times.kernel_ms, r->job->reps, l->times.read_ms, l->times.launches);
    }
}

static void report_devices(const pipeline_runner *r, FILE *out, size_t pairs)
{
    const gpu_algorithm *gpu = r->job->gpu;
    size_t used = 0;
    double kernel_ms = 0, end_to_end_ms = 0, wall_ms = 0;
    for (size_t d = 0; d < r->lane_count; ++d) {
        const pipeline_lane *l = &r->lanes[d];
        double e2e = l->times.write_ms + l->times.kernel_ms / r->job->reps + l->times.read_ms;
        used += l->chunks > 0;
        kernel_ms = l->times.kernel_ms > kernel_ms ? l->times.kernel_ms : kernel_ms;
        end_to_end_ms = e2e > end_to_end_ms ? e2e : end_to_end_ms;
        wall_ms = l->last_ms - l->first_ms > wall_ms ? l->last_ms - l->first_ms : wall_ms;
    }
    fprintf(out, "devices: %zu (--devices %s), %s\n", r->lane_count, r->job->devices ? r->job->devices : "as listed",
            r->lane_count == 1 ? "all pairs on the one device"
                               : "each chunk run by whichever device is free first");
    fprintf(out, "kernel: %s\n", gpu_program_note(gpu_multi_handler(r->multi, 0)));
    print_lanes(r, out, pairs);
    fprintf(out, "%s: %zu device%s at once: kernel %.3f ms (%d reps, the slowest device; %.3f Mtests/s), end to end "
                 "%.3f ms (the slowest device's write + one kernel + read; %.3f Mtests/s), wall %.3f ms (every "
                 "device's lane from its first chunk to its last), summed over the chunks\n",
            gpu->csv_name, used, used == 1 ? "" : "s", kernel_ms, r->job->reps,
            timer_mtests_per_s(pairs, r->job->reps, kernel_ms), end_to_end_ms,
            timer_mtests_per_s(pairs, 1, end_to_end_ms), wall_ms);
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
    size_t uncertain = 0;
    double finish_ms = 0;
    for (size_t d = 0; d < runner->lane_count; ++d) {
        uncertain += runner->lanes[d].times.uncertain;
        finish_ms += runner->lanes[d].times.finish_ms;
    }
    if (gpu->robust)
        fprintf(out, "%s: %zu pairs with an uncertain sign decided exactly on the host in %.3f ms (inside the read "
                     "time)\n",
                gpu->csv_name, uncertain, finish_ms);
}

void pipeline_runner_close(pipeline_runner *runner)
{
    for (size_t d = 0; d < runner->lane_count; ++d)
        pipeline_device_close(runner->lanes[d].device);
    free(runner->lanes);
    runner->lanes = NULL;
    runner->lane_count = 0;
    gpu_close(runner->gpu);
    if (runner->multi)
        gpu_multi_close(runner->multi);
    runner->gpu = NULL;
    runner->multi = NULL;
}
