/* gpu_multi.c: the several-device run: handlers opened and prepared in turn, one pthread per
 * device for the run itself (each on its own handler, context and queues, so no OpenCL object
 * is shared between threads). */
#include "multi/gpu_multi.h"

#include <stdlib.h>
#include <string.h>

#include "multi/device_threads.h"
#include "timer.h"

struct gpu_multi {
    size_t count;
    int *devices;
    gpu_handler **handlers;
};

static int name_device(gpu_multi *m, size_t i, const char *what, error_text *err)
{
    return device_threads_name(m->devices[i], m->handlers[i] ? gpu_device_description(m->handlers[i]) : NULL, i,
                               m->count, what, err);
}

int gpu_multi_open(gpu_multi **multi, const int *devices, size_t count, error_text *err)
{
    *multi = NULL;
    if (count == 0)
        return error_set_kind(err, ERROR_USAGE, "no OpenCL device to run on (--devices is empty)");
    gpu_multi *m = calloc(1, sizeof *m);
    if (m) {
        m->devices = malloc(count * sizeof *m->devices);
        m->handlers = calloc(count, sizeof *m->handlers);
    }
    if (!m || !m->devices || !m->handlers) {
        gpu_multi_close(m);
        return error_set_kind(err, ERROR_MEMORY, "opening %zu OpenCL devices: out of memory", count);
    }
    m->count = count;
    memcpy(m->devices, devices, count * sizeof *devices);
    for (size_t i = 0; i < count; ++i)
        if (gpu_open(&m->handlers[i], devices[i], err) != 0) {
            name_device(m, i, "cannot be opened", err);
            gpu_multi_close(m);
            return -1;
        }
    *multi = m;
    return 0;
}

size_t gpu_multi_count(const gpu_multi *multi) { return multi->count; }
int gpu_multi_device(const gpu_multi *multi, size_t i) { return multi->devices[i]; }
gpu_handler *gpu_multi_handler(gpu_multi *multi, size_t i) { return multi->handlers[i]; }

void gpu_multi_set_config(gpu_multi *multi, const gpu_config *config)
{
    for (size_t i = 0; i < multi->count; ++i)
        gpu_set_config(multi->handlers[i], config);
}

void gpu_multi_set_log(gpu_multi *multi, FILE *log)
{
    for (size_t i = 0; i < multi->count; ++i)
        gpu_set_log(multi->handlers[i], log);
}

int gpu_multi_prepare(gpu_multi *multi, const gpu_algorithm *algorithm, size_t local_size, error_text *err)
{
    for (size_t i = 0; i < multi->count; ++i)
        if (gpu_prepare(multi->handlers[i], algorithm, local_size, err) != 0)
            return name_device(multi, i, "cannot prepare its kernel", err);
    return 0;
}

size_t gpu_multi_granule(gpu_multi *multi)
{
    size_t *sizes = malloc(multi->count * sizeof *sizes);
    if (!sizes)
        return 1; /* whole pairs still: only the work-group alignment of the ranges is lost */
    for (size_t i = 0; i < multi->count; ++i) {
        gpu_prepared kernel;
        gpu_handler_prepared(multi->handlers[i], &kernel);
        sizes[i] = kernel.kernel ? kernel.local_size : 0;
    }
    size_t granule = gpu_split_granule(sizes, multi->count, (size_t)1 << 20);
    free(sizes);
    return granule;
}

/* One device's run of `set` (its range) by the plan's path. */
static int run_one(gpu_handler *handler, const pair_set *set, ray_tetra_result *results, const gpu_multi_plan *plan,
                   gpu_multi_share *share, error_text *err)
{
    if (plan->path == GPU_MULTI_END_TO_END) {
        gpu_prepared kernel;
        gpu_handler_prepared(handler, &kernel);
        return gpu_run_end_to_end(&kernel, set, results, plan->chunks, &share->end_to_end, err);
    }
    return gpu_run(handler, set, results, plan->reps, &share->steps, err);
}

static int check_plan(const gpu_multi_plan *plan, error_text *err)
{
    if (plan->path == GPU_MULTI_STEPS && plan->reps < 1)
        return error_set(err, "a several-device run needs at least 1 repetition, not %d", plan->reps);
    if (plan->path == GPU_MULTI_END_TO_END && plan->chunks < 1)
        return error_set(err, "a several-device end-to-end run needs at least 1 chunk, not %zu", plan->chunks);
    return 0;
}

int gpu_multi_calibrate(gpu_multi *multi, const pair_set *set, const gpu_multi_plan *plan, double *speeds,
                        error_text *err)
{
    if (check_plan(plan, err) != 0)
        return -1;
    if (multi->count == 1 || set->count == 0) {
        for (size_t i = 0; i < multi->count; ++i)
            speeds[i] = 1.0;
        return 0;
    }
    pair_set sample = {set->count < GPU_MULTI_CALIBRATION_PAIRS ? set->count : GPU_MULTI_CALIBRATION_PAIRS,
                       set->pairs};
    ray_tetra_result *scratch = malloc(sample.count * sizeof *scratch);
    if (!scratch)
        return error_set_kind(err, ERROR_MEMORY, "calibrating %zu OpenCL devices: out of memory", multi->count);
    gpu_multi_plan once = *plan;
    once.reps = 1;
    for (size_t i = 0; i < multi->count; ++i) {
        gpu_multi_share share;
        memset(&share, 0, sizeof share);
        if (run_one(multi->handlers[i], &sample, scratch, &once, &share, err) != 0) {
            free(scratch);
            return name_device(multi, i, "failed its calibration run", err);
        }
        /* One repetition: end_to_end_ms is write + kernel + read with pageable transfers, and the
         * host's clock around the overlapped schedule with pinned ones (whose steps overlap). */
        double ms = plan->path == GPU_MULTI_END_TO_END ? share.end_to_end.ms : share.steps.end_to_end_ms;
        speeds[i] = (double)sample.count / (ms > 1e-6 ? ms : 1e-6); /* a 0 ms reading is below the timer */
    }
    free(scratch);
    return 0;
}

typedef struct worker {
    gpu_handler *handler;
    pair_set range;                /* the device's pairs (a view into the caller's set) */
    ray_tetra_result *results;     /* where its first result goes */
    const gpu_multi_plan *plan;
    gpu_multi_share *share;
    double start_ms, end_ms;
    int status;
    error_text err;
} worker;

static void *run_worker(void *argument)
{
    worker *w = argument;
    w->start_ms = timer_now_ms();
    w->status = run_one(w->handler, &w->range, w->results, w->plan, w->share, &w->err);
    w->end_ms = timer_now_ms();
    w->share->wall_ms = w->end_ms - w->start_ms;
    return NULL;
}

int gpu_multi_run(gpu_multi *multi, const pair_set *set, const gpu_range *ranges, ray_tetra_result *results,
                  const gpu_multi_plan *plan, gpu_multi_share *shares, double *wall_ms, error_text *err)
{
    *wall_ms = 0;
    if (check_plan(plan, err) != 0)
        return -1;
    size_t n = multi->count;
    for (size_t i = 0; i < n; ++i) {
        memset(&shares[i], 0, sizeof shares[i]);
        shares[i].device = multi->devices[i];
        shares[i].range = ranges[i];
        if (ranges[i].first > set->count || ranges[i].count > set->count - ranges[i].first)
            return error_set(err, "device %zu's range %zu + %zu lies beyond the %zu pairs", i, ranges[i].first,
                             ranges[i].count, set->count);
    }
    worker *workers = calloc(n, sizeof *workers);
    unsigned char *active = calloc(n, 1);
    if (!workers || !active) {
        free(workers);
        free(active);
        return error_set_kind(err, ERROR_MEMORY, "running on %zu OpenCL devices: out of memory", n);
    }
    for (size_t i = 0; i < n; ++i) {
        if (ranges[i].count == 0)
            continue; /* fewer pairs than devices, or a device of speed 0 */
        worker *w = &workers[i];
        w->handler = multi->handlers[i];
        w->range.count = ranges[i].count;
        w->range.pairs = set->pairs + ranges[i].first;
        w->results = results + ranges[i].first;
        w->plan = plan;
        w->share = &shares[i];
        active[i] = 1;
    }
    int failed = device_threads_run(n, multi->devices, active, run_worker, workers, sizeof *workers, err) != 0;
    size_t failed_at = n;
    double first = 0, last = 0;
    int any = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!active[i])
            continue;
        if (!any || workers[i].start_ms < first)
            first = workers[i].start_ms;
        if (!any || workers[i].end_ms > last)
            last = workers[i].end_ms;
        any = 1;
        if (workers[i].status != 0 && failed_at == n)
            failed_at = i;
    }
    *wall_ms = any ? last - first : 0;
    if (!failed && failed_at < n) {
        *err = workers[failed_at].err;
        char what[160];
        snprintf(what, sizeof what, "failed on pairs %zu to %zu (the other devices were joined; the run stops)",
                 ranges[failed_at].first, ranges[failed_at].first + ranges[failed_at].count - 1);
        name_device(multi, failed_at, what, err);
        failed = 1;
    }
    free(workers);
    free(active);
    return failed ? -1 : 0;
}

void gpu_multi_close(gpu_multi *multi)
{
    if (!multi)
        return;
    if (multi->handlers)
        for (size_t i = 0; i < multi->count; ++i)
            gpu_close(multi->handlers[i]);
    free(multi->handlers);
    free(multi->devices);
    free(multi);
}
