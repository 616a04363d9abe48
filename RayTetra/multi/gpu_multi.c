/* gpu_multi.c: the several-device run of pairs: handlers opened and prepared side by side, then the
 * several-device runner (each thread on its own handler, context and queues, so no OpenCL object
 * is shared between threads; only the chunk dispenser is). */
#include "multi/gpu_multi.h"

#include <stdlib.h>
#include <string.h>

#include "multi/chunk_dispenser.h"
#include "multi/device_runner.h"
#include "multi/device_set.h"

struct gpu_multi {
    device_set set; /* handles: gpu_handler */
};

static gpu_handler *handler(const gpu_multi *m, size_t i) { return m->set.handles[i]; }

static int name_device(gpu_multi *m, size_t i, const char *what, error_text *err)
{
    return device_runner_name(m->set.devices[i], gpu_device_description(handler(m, i)), i, m->set.count, what, err);
}

static int open_handler(void **handle, int device, const void *argument, error_text *err)
{
    (void)argument; /* a handler needs nothing but its device */
    gpu_handler *h = NULL;
    int status = gpu_open(&h, device, err);
    *handle = h;
    return status;
}

static void close_handler(void *handle) { gpu_close(handle); }

int gpu_multi_open(gpu_multi **multi, const int *devices, size_t count, error_text *err)
{
    *multi = NULL;
    if (count == 0)
        return error_set_kind(err, ERROR_USAGE, "no OpenCL device to run on (--devices is empty)");
    gpu_multi *m = calloc(1, sizeof *m);
    if (!m)
        return error_set_kind(err, ERROR_MEMORY, "opening %zu OpenCL devices: out of memory", count);
    if (device_set_open(&m->set, devices, count, open_handler, NULL, close_handler, err) != 0) {
        free(m);
        return -1;
    }
    *multi = m;
    return 0;
}

size_t gpu_multi_count(const gpu_multi *multi) { return multi->set.count; }
int gpu_multi_device(const gpu_multi *multi, size_t i) { return multi->set.devices[i]; }
gpu_handler *gpu_multi_handler(gpu_multi *multi, size_t i) { return handler(multi, i); }

void gpu_multi_set_config(gpu_multi *multi, const gpu_config *config)
{
    for (size_t i = 0; i < multi->set.count; ++i)
        gpu_set_config(handler(multi, i), config);
}

void gpu_multi_set_log(gpu_multi *multi, FILE *log)
{
    for (size_t i = 0; i < multi->set.count; ++i)
        gpu_set_log(handler(multi, i), log);
}

typedef struct preparing {
    gpu_multi *multi;
    const gpu_algorithm *algorithm;
    size_t local_size;
} preparing;

static int prepare_one(void *context, size_t i, error_text *err)
{
    preparing *p = context;
    return gpu_prepare(handler(p->multi, i), p->algorithm, p->local_size, err);
}

int gpu_multi_prepare(gpu_multi *multi, const gpu_algorithm *algorithm, size_t local_size, error_text *err)
{
    preparing p = {multi, algorithm, local_size};
    long failed = device_set_each(multi->set.count, prepare_one, &p, err);
    return failed < 0 ? 0 : name_device(multi, (size_t)failed, "cannot prepare its kernel", err);
}

/* The devices' local sizes' common multiple (chunk_dispenser_granule), so that every chunk
 * starts on a work-group boundary of every device. */
static size_t chunk_granule(gpu_multi *multi)
{
    size_t *sizes = malloc(multi->set.count * sizeof *sizes);
    if (!sizes)
        return 1; /* whole pairs still: only the work-group alignment of the chunks is lost */
    for (size_t i = 0; i < multi->set.count; ++i) {
        gpu_prepared kernel;
        gpu_handler_prepared(handler(multi, i), &kernel);
        sizes[i] = kernel.kernel ? kernel.local_size : 0;
    }
    size_t granule = chunk_dispenser_granule(sizes, multi->set.count, (size_t)1 << 20);
    free(sizes);
    return granule;
}

size_t gpu_multi_chunk_size(gpu_multi *multi, size_t pairs, gpu_multi_path path)
{
    if (multi->set.count == 1)
        return pairs ? pairs : 1;
    size_t per_device = path == GPU_MULTI_STEPS ? GPU_MULTI_STEPS_CHUNKS_PER_DEVICE : GPU_MULTI_CHUNKS_PER_DEVICE;
    size_t wanted = pairs / (multi->set.count * per_device);
    wanted = wanted < GPU_MULTI_MIN_CHUNK ? GPU_MULTI_MIN_CHUNK : wanted;
    return chunk_dispenser_size(pairs, multi->set.count, chunk_granule(multi), wanted);
}

static int check_plan(const gpu_multi_plan *plan, error_text *err)
{
    if (plan->path == GPU_MULTI_STEPS && plan->reps < 1)
        return error_set(err, "a several-device run needs at least 1 repetition, not %d", plan->reps);
    if (plan->path == GPU_MULTI_END_TO_END && plan->chunks < 1)
        return error_set(err, "a several-device end-to-end run needs at least 1 chunk, not %zu", plan->chunks);
    return 0;
}

/* Device d's part of a run: its handler, and its share summed over the chunks it takes. */
typedef struct device_part {
    gpu_handler *handler;
    const pair_set *set;
    ray_tetra_result *results;
    const gpu_multi_plan *plan;
    gpu_multi_share *share;
} device_part;

static size_t larger_size(size_t a, size_t b) { return a > b ? a : b; }

static void add_steps(gpu_times *sum, const gpu_times *t)
{
    sum->write_ms += t->write_ms;
    sum->kernel_ms += t->kernel_ms;
    sum->read_ms += t->read_ms;
    sum->end_to_end_ms += t->end_to_end_ms;
    sum->staging_ms += t->staging_ms;
    sum->precompute_ms += t->precompute_ms;
    sum->finish_ms += t->finish_ms;
    sum->launches += t->launches;
    sum->chunks += t->chunks;
    sum->uncertain += t->uncertain;
    sum->transfers = t->transfers;
    sum->queues = larger_size(sum->queues, t->queues);
    sum->local_size = larger_size(sum->local_size, t->local_size);
    sum->global_size = larger_size(sum->global_size, t->global_size);
}

static void add_end_to_end(gpu_end_to_end *sum, const gpu_end_to_end *t)
{
    sum->ms += t->ms;
    sum->min_ms += t->min_ms;
    sum->max_ms += t->max_ms;
    sum->runs = 1;
    sum->chunks += t->chunks;
    sum->largest_chunk = larger_size(sum->largest_chunk, t->largest_chunk);
    sum->queues = larger_size(sum->queues, t->queues);
    sum->bytes_in += t->bytes_in;
    sum->bytes_out += t->bytes_out;
}

/* The runner's launch: the chunk with the single-device run of the plan's path, its figures
 * added to the device's share. */
static int run_chunk(void *context, size_t lane, size_t first, size_t count, error_text *err)
{
    (void)lane; /* the single-device run returns when the chunk is done: one lane */
    device_part *part = context;
    pair_set chunk = {count, part->set->pairs + first};
    ray_tetra_result *results = part->results + first;
    if (part->plan->path == GPU_MULTI_END_TO_END) {
        gpu_prepared kernel;
        gpu_end_to_end times;
        gpu_handler_prepared(part->handler, &kernel);
        if (gpu_run_end_to_end(&kernel, &chunk, results, part->plan->chunks, &times, err) != 0)
            return -1;
        add_end_to_end(&part->share->end_to_end, &times);
    } else {
        gpu_times times;
        if (gpu_run(part->handler, &chunk, results, part->plan->reps, &times, err) != 0)
            return -1;
        add_steps(&part->share->steps, &times);
    }
    return 0;
}

static const char *describe_part(const void *context)
{
    return gpu_device_description(((const device_part *)context)->handler);
}

int gpu_multi_run(gpu_multi *multi, const pair_set *set, const unsigned char *active, ray_tetra_result *results,
                  const gpu_multi_plan *plan, gpu_multi_share *shares, double *wall_ms, error_text *err)
{
    *wall_ms = 0;
    if (check_plan(plan, err) != 0)
        return -1;
    size_t n = multi->set.count;
    device_part *parts = calloc(n, sizeof *parts);
    device_runner_tally *tallies = calloc(n, sizeof *tallies);
    if (!parts || !tallies) {
        free(parts);
        free(tallies);
        return error_set_kind(err, ERROR_MEMORY, "running on %zu OpenCL devices: out of memory", n);
    }
    for (size_t i = 0; i < n; ++i) {
        memset(&shares[i], 0, sizeof shares[i]);
        shares[i].device = multi->set.devices[i];
        parts[i] = (device_part){handler(multi, i), set, results, plan, &shares[i]};
    }
    device_runner_work work = {.count = n, .devices = multi->set.devices, .noun = "pairs", .lanes = 1,
                               .contexts = parts, .context_size = sizeof *parts, .launch = run_chunk,
                               .describe = describe_part};
    chunk_dispenser chunks;
    chunk_dispenser_init(&chunks, set->count, gpu_multi_chunk_size(multi, set->count, plan->path));
    int status = device_runner_run(&work, active, &chunks, tallies, wall_ms, err);
    for (size_t i = 0; i < n; ++i) { /* the runner's tally counts what each device ran */
        shares[i].pairs = tallies[i].items;
        shares[i].chunks = tallies[i].chunks;
        shares[i].wall_ms = shares[i].chunks ? tallies[i].end_ms - tallies[i].start_ms : 0;
    }
    free(parts);
    free(tallies);
    return status;
}

void gpu_multi_close(gpu_multi *multi)
{
    if (!multi)
        return;
    device_set_close(&multi->set, close_handler);
    free(multi);
}
