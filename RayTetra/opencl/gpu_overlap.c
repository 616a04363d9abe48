/* gpu_overlap.c: runs (write + kernel + read) from pinned host memory, in chunks spread over up
 * to three in-order command queues: while one queue's kernel runs, another's write and a
 * third's read can use the copy engines (GPUs have one per direction). Two users: gpu_run's
 * pinned transfers (gpu_run_pinned, the default) and Bench's end-to-end figure
 * (gpu_run_end_to_end). Timing: the monotonic clock around the whole schedule, ended by clFinish
 * on every queue; the steps' own device times from profiling events. */
#include "opencl/gpu_overlap.h"

#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_chunks.h"
#include "opencl/gpu_launch.h"
#include "opencl/gpu_layout.h"
#include "timer.h"
#include "sort_doubles.h"

enum { MAX_QUEUES = 3 };

/* Chunks of the pinned transfers when the caller names none: at least this many pairs each (a
 * transfer's fixed cost stays small beside its bytes), and otherwise about this many chunks, so
 * that the first write and the last read, which nothing overlaps, are a small part of the whole. */
enum { PINNED_MIN_CHUNK_PAIRS = 262144, PINNED_TARGET_CHUNKS = 32 };

typedef struct pipeline {
    gpu_prepared cl;
    cl_command_queue queues[MAX_QUEUES];
    cl_mem in[MAX_QUEUES], out[MAX_QUEUES];
    cl_mem tables[MAX_QUEUES];    /* a precomputed form's, on the device only; NULL for the others */
    gpu_pinned host_in, host_out; /* every chunk's pairs and records, on the host */
    gpu_chunk_plan plan; /* the chunks' sizes */
    size_t queue_count, chunks, chunk, count, read, written; /* chunk: the largest */
    size_t table; /* a precomputed form's table bytes a pair (device memory beside the pair); 0: none */
    int reps;         /* kernel launches per chunk */
    int every_launch; /* events of every launch (per-repetition samples), not only the first and last */
    cl_event *events; /* per chunk, events_per_chunk: its write, its tables, its launches, its read; NULL:
                         none kept */
} pipeline;

/* Where a chunk's events are: the write, the tables' filling (a precomputed form's; the slot stays
 * empty for the others), every launch or only the first and the last (their span is the chunk's
 * kernel time, so that REPS in the millions need no more events than REPS 2), the read. */
enum { EVENT_WRITE, EVENT_TABLES, EVENT_FIRST_LAUNCH };
static size_t events_per_chunk(const pipeline *p)
{
    return p->every_launch ? (size_t)p->reps + 3 : 5;
}

/* Where launch r's event goes among a chunk's events, or NULL if it is not kept. */
static cl_event *launch_event(const pipeline *p, cl_event *chunk_events, int r)
{
    if (!chunk_events)
        return NULL;
    if (p->every_launch)
        return &chunk_events[EVENT_FIRST_LAUNCH + r];
    return r == 0 ? &chunk_events[EVENT_FIRST_LAUNCH]
                  : (r == p->reps - 1 ? &chunk_events[EVENT_FIRST_LAUNCH + 1] : NULL);
}

/* Split p->count pairs into about `chunks` chunks of the configured sizes, none over max_chunk,
 * on up to MAX_QUEUES queues. */
static int split(pipeline *p, size_t chunks, size_t max_chunk, error_text *err)
{
    if (gpu_chunk_plan_make(p->count, chunks, p->cl.config.chunk_sizes, max_chunk,
                            gpu_taper_ratio(p->read, p->written) /* the transfers' */, &p->plan, err) != 0)
        return -1;
    p->chunks = p->plan.chunks;
    p->chunk = p->plan.largest;
    p->queue_count = p->chunks < MAX_QUEUES ? p->chunks : MAX_QUEUES;
    return 0;
}

/* The queues, their device buffers and the pinned host buffers; and, where the records need
 * converting, a chunk's scratch records in *scratch (else NULL). 0, or -1 with err set. */
static int setup(pipeline *p, ray_tetra_result **scratch, error_text *err)
{
    *scratch = NULL;
    cl_ulong fit = gpu_items_that_fit(p->cl.info, p->read + p->table, p->written, p->queue_count);
    if (p->chunk > fit)
        return error_set(err, "%zu pairs per chunk do not fit on %s (at most %llu); choose more chunks (--overlap)",
                         p->chunk, p->cl.info->name, (unsigned long long)fit);
    for (size_t q = 0; q < p->queue_count; ++q) {
        /* Profiling for the steps' device times (gpu_run_pinned); it changes no time measurably
         * (docs/BENCH.md). */
        if (device_session_new_queue(p->cl.session, 1, &p->queues[q], err) ||
            gpu_create_buffers(p->cl.context, p->chunk * p->read, p->chunk * p->written, &p->in[q], &p->out[q], err) ||
            (p->table && gpu_create_device_buffer(p->cl.context, p->chunk * p->table, &p->tables[q], err)))
            return -1;
    }
    if (gpu_pinned_map(p->cl.context, p->cl.queue, p->count * p->read, &p->host_in, err) ||
        gpu_pinned_map(p->cl.context, p->cl.queue, p->count * p->written, &p->host_out, err))
        return -1;
    if (gpu_records_need_scratch(p->cl.algorithm, &p->cl.config) && !(*scratch = malloc(p->chunk * sizeof **scratch)))
        return error_set(err, "out of memory for %zu records", p->chunk);
    return 0;
}

/* The work-items of a launch of n pairs (gpu_launch_width: one width for every launch on a CPU
 * device). */
static size_t launch_width(const pipeline *p, size_t n)
{
    return gpu_launch_width(p->cl.info->type, p->chunk, n, p->cl.config.pairs_per_item, p->cl.local_size);
}

/* Pairs in chunk k and its first pair. */
static size_t chunk_pairs(const pipeline *p, size_t k, size_t *first)
{
    *first = p->plan.starts[k];
    return p->plan.starts[k + 1] - *first;
}

/* Each chunk's pairs in the kernel's layout and precision (soa: per chunk, with the chunk's
 * count as the array length, which is what the kernel's `count` argument says). */
static void stage_input(pipeline *p, const pair_set *set)
{
    int single = gpu_single_data(p->cl.algorithm, &p->cl.config);
    for (size_t k = 0; k < p->chunks; ++k) {
        size_t first, n = chunk_pairs(p, k, &first);
        unsigned char *to = (unsigned char *)p->host_in.host + first * p->read;
        if (p->cl.config.layout == GPU_LAYOUT_SOA || single)
            gpu_layout_input(p->cl.config.layout, single, set->pairs + first, n, to);
        else
            memcpy(to, set->pairs + first, n * p->read);
    }
}

/* Enqueue every chunk (write, reps launches, read; chunk k on queue k mod queue_count), then
 * wait. With p->events, each command's event is kept there. */
static int schedule(pipeline *p, error_text *err)
{
    unsigned char *pinned_in = p->host_in.host, *pinned_out = p->host_out.host;
    size_t per_chunk = events_per_chunk(p);
    for (size_t k = 0; k < p->chunks; ++k) {
        size_t q = k % p->queue_count, first, n = chunk_pairs(p, k, &first);
        size_t global = launch_width(p, n);
        cl_event *events = p->events ? p->events + k * per_chunk : NULL;
        if (GPU_CHECK(err, "clEnqueueWriteBuffer",
                      clEnqueueWriteBuffer(p->queues[q], p->in[q], CL_FALSE, 0, n * p->read, pinned_in + first * p->read,
                                           0, NULL, events ? &events[EVENT_WRITE] : NULL)))
            return -1;
        /* Arguments are captured at enqueue time, so one kernel object serves every queue. A
         * precomputed form's tables are filled on the device first, from the pairs just written. */
        if (gpu_prepared_enqueue_tables(&p->cl, p->queues[q], p->in[q], p->tables[q], n, global,
                                        events ? &events[EVENT_TABLES] : NULL, err))
            return -1;
        if (gpu_set_arguments(p->cl.kernel, p->in[q], p->out[q], n, err))
            return -1;
        for (int r = 0; r < p->reps; ++r)
            if (GPU_CHECK(err, "clEnqueueNDRangeKernel",
                          clEnqueueNDRangeKernel(p->queues[q], p->cl.kernel, 1, NULL, &global, &p->cl.local_size, 0,
                                                 NULL, launch_event(p, events, r))))
                return -1;
        if (GPU_CHECK(err, "clEnqueueReadBuffer",
                      clEnqueueReadBuffer(p->queues[q], p->out[q], CL_FALSE, 0, n * p->written,
                                          pinned_out + first * p->written, 0, NULL,
                                          events ? &events[per_chunk - 1] : NULL)))
            return -1;
        /* Start the queue now, not at the first clFinish: the others are still being filled. */
        if (GPU_CHECK(err, "clFlush", clFlush(p->queues[q])))
            return -1;
    }
    for (size_t q = 0; q < p->queue_count; ++q)
        if (GPU_CHECK(err, "clFinish", clFinish(p->queues[q])))
            return -1;
    return 0;
}

static void release(pipeline *p)
{
    if (p->events) {
        size_t total = p->chunks * events_per_chunk(p);
        for (size_t e = 0; e < total; ++e)
            if (p->events[e])
                clReleaseEvent(p->events[e]);
        free(p->events);
    }
    gpu_chunk_plan_free(&p->plan);
    gpu_pinned_release(p->cl.queue, &p->host_in);
    gpu_pinned_release(p->cl.queue, &p->host_out);
    for (size_t q = 0; q < MAX_QUEUES; ++q) {
        gpu_release_buffers(&p->in[q], &p->out[q]);
        if (p->tables[q])
            clReleaseMemObject(p->tables[q]);
        if (p->queues[q])
            clReleaseCommandQueue(p->queues[q]);
    }
}

int gpu_run_end_to_end_runs(const gpu_prepared *prepared, const pair_set *set, ray_tetra_result *results, size_t chunks,
                            int runs, double *samples_ms, gpu_end_to_end *times, error_text *err)
{
    memset(times, 0, sizeof *times);
    pipeline p;
    memset(&p, 0, sizeof p);
    p.cl = *prepared;
    if (!p.cl.kernel)
        return error_set(err, "gpu_run_end_to_end: no kernel prepared (call gpu_prepare first)");
    if (p.cl.algorithm->robust)
        return error_set(err, "%s has no end-to-end run: the host finishes its uncertain pairs after the read, "
                              "which this pipeline does not do (use gpu_run)", p.cl.algorithm->csv_name);
    if (chunks < 1)
        return error_set(err, "gpu_run_end_to_end: at least 1 chunk, not %zu", chunks);
    if (runs < 1)
        return error_set(err, "gpu_run_end_to_end: at least 1 run, not %d", runs);
    if (set->count == 0)
        return 0;
    p.count = set->count;
    p.reps = 1;
    gpu_algorithm_pair_bytes(p.cl.algorithm, &p.cl.config, &p.read, &p.written);
    p.table = p.cl.algorithm->table_bytes;
    /* The chunks the caller asked for, however large: setup says when they do not fit. */
    if (split(&p, chunks, (size_t)-1, err) != 0)
        return -1;
    ray_tetra_result *scratch = NULL;
    int failed = setup(&p, &scratch, err);
    if (!failed) {
        stage_input(&p, set); /* host work, before the timing */
        failed = schedule(&p, err); /* untimed: first use of the queues, buffers and pinned pages */
    }
    for (int r = 0; r < runs && !failed; ++r) {
        memset(p.host_out.host, 0xff, p.count * p.written); /* stale records must not pass for results */
        double start = timer_now_ms();
        failed = schedule(&p, err);
        samples_ms[r] = timer_now_ms() - start;
    }
    if (!failed) {
        double *sorted = malloc((size_t)runs * sizeof *sorted);
        if (!sorted) {
            failed = error_set(err, "out of memory for %d times", runs);
        } else {
            memcpy(sorted, samples_ms, (size_t)runs * sizeof *sorted);
            sort_doubles(sorted, (size_t)runs);
            times->ms = runs % 2 ? sorted[runs / 2] : (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2;
            times->min_ms = sorted[0];
            times->max_ms = sorted[runs - 1];
            free(sorted);
        }
    }
    gpu_times unused;
    memset(&unused, 0, sizeof unused);
    for (size_t k = 0; k < p.chunks && !failed; ++k) {
        size_t first, n = chunk_pairs(&p, k, &first);
        gpu_prepared_results(prepared, (unsigned char *)p.host_out.host + first * p.written, scratch,
                             set->pairs + first, results + first, n, &unused);
    }
    free(scratch);
    size_t planned = p.chunks, largest = p.chunk, queues = p.queue_count;
    release(&p);
    if (failed)
        return gpu_error_context(err, "end-to-end run on %s (%zu pairs in %zu %s chunks of at most %zu on %zu queues)",
                                 device_session_description(prepared->session), set->count, planned,
                                 gpu_chunk_sizes_name(p.cl.config.chunk_sizes), largest, queues);
    times->runs = runs;
    times->chunks = planned;
    times->largest_chunk = largest;
    times->queues = queues;
    times->bytes_in = p.count * p.read;
    times->bytes_out = p.count * p.written;
    return 0;
}

int gpu_run_end_to_end(const gpu_prepared *prepared, const pair_set *set, ray_tetra_result *results, size_t chunks,
                       gpu_end_to_end *times, error_text *err)
{
    double ms;
    return gpu_run_end_to_end_runs(prepared, set, results, chunks, 1, &ms, times, err);
}

/* A command's time on the device, from its profiling event. */
static int event_ms(cl_event event, double *ms, error_text *err)
{
    cl_ulong start = 0, end = 0;
    if (GPU_CHECK(err, "clGetEventProfilingInfo",
                  clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL)) ||
        GPU_CHECK(err, "clGetEventProfilingInfo",
                  clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL)))
        return -1;
    *ms = (double)(end - start) * 1e-6;
    return 0;
}

/* The steps' device times: writes, launches (with every launch's event, each repetition's
 * summed over the chunks into samples_ms; else the span from the first launch's start to the
 * last one's end) and reads. */
static int collect(const pipeline *p, gpu_times *times, double *samples_ms, error_text *err)
{
    size_t per_chunk = events_per_chunk(p);
    for (size_t k = 0; k < p->chunks; ++k) {
        const cl_event *events = p->events + k * per_chunk;
        double ms;
        if (event_ms(events[EVENT_WRITE], &ms, err))
            return -1;
        times->write_ms += ms;
        if (events[EVENT_TABLES]) {
            if (event_ms(events[EVENT_TABLES], &ms, err))
                return -1;
            times->precompute_ms += ms;
        }
        if (p->every_launch) {
            for (int r = 0; r < p->reps; ++r) {
                if (event_ms(events[EVENT_FIRST_LAUNCH + r], &ms, err))
                    return -1;
                times->kernel_ms += ms;
                if (samples_ms)
                    samples_ms[r] += ms;
            }
        } else {
            cl_ulong start = 0, end = 0;
            cl_event first = events[EVENT_FIRST_LAUNCH], last = events[EVENT_FIRST_LAUNCH + (p->reps > 1)];
            if (GPU_CHECK(err, "clGetEventProfilingInfo",
                          clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof start, &start,
                                                  NULL)) ||
                GPU_CHECK(err, "clGetEventProfilingInfo",
                          clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL)))
                return -1;
            times->kernel_ms += (double)(end - start) * 1e-6;
        }
        if (event_ms(events[per_chunk - 1], &ms, err))
            return -1;
        times->read_ms += ms;
    }
    return 0;
}

/* The chunks of gpu_run_pinned: the configured number, or about PINNED_TARGET_CHUNKS of at least
 * PINNED_MIN_CHUNK_PAIRS pairs; none larger than three queues' buffers may hold and
 * $RAYTETRA_MAX_CHUNK_PAIRS allow (gpu_chunk_pairs). */
static int pinned_split(pipeline *p, size_t wanted_chunks, error_text *err)
{
    size_t chunks = wanted_chunks, fit;
    if (chunks == 0) {
        size_t target = (p->count + PINNED_TARGET_CHUNKS - 1) / PINNED_TARGET_CHUNKS;
        target = target < PINNED_MIN_CHUNK_PAIRS ? PINNED_MIN_CHUNK_PAIRS : target;
        chunks = (p->count + target - 1) / target;
    }
    if (gpu_chunk_pairs(p->cl.info, p->read + p->table, p->written, p->cl.local_size, p->count, MAX_QUEUES, &fit,
                        err) != 0)
        return -1;
    /* At least as many chunks as the device's limit needs, so that a tapered plan tapers then too. */
    size_t needed = (p->count + fit - 1) / fit;
    return split(p, chunks > needed ? chunks : needed, fit, err);
}

int gpu_run_pinned(const gpu_prepared *prepared, const pair_set *set, ray_tetra_result *results, int reps,
                   gpu_times *times, double *kernel_samples_ms, error_text *err)
{
    pipeline p;
    memset(&p, 0, sizeof p);
    p.cl = *prepared;
    p.count = set->count;
    p.reps = reps;
    p.every_launch = kernel_samples_ms != NULL;
    gpu_algorithm_pair_bytes(p.cl.algorithm, &p.cl.config, &p.read, &p.written);
    p.table = p.cl.algorithm->table_bytes;
    if (p.count == 0)
        return 0;
    if (pinned_split(&p, p.cl.config.transfer_chunks, err) != 0)
        return -1;
    ray_tetra_result *scratch = NULL;
    int failed = setup(&p, &scratch, err);
    if (!failed && !(p.events = calloc(p.chunks * events_per_chunk(&p), sizeof *p.events)))
        failed = error_set(err, "out of memory for the events of %zu chunks x %d repetitions", p.chunks, reps);
    if (!failed) {
        /* Host work before the timing: the pairs into pinned memory (in the kernel's layout), every
         * page of the records touched. */
        double start = timer_now_ms();
        stage_input(&p, set);
        memset(p.host_out.host, 0, p.count * p.written);
        times->staging_ms = timer_now_ms() - start;
        /* One untimed launch per queue with no pair to compute: the driver finishes compiling
         * the kernel at its first launch (PoCL per local size and width: hence the largest
         * chunk's width) and puts the queue's buffers on the device, neither of which is the
         * algorithm's time. */
        size_t global = launch_width(&p, p.chunk);
        for (size_t q = 0; q < p.queue_count && !failed; ++q)
            failed = gpu_prepared_warm_up(&p.cl, p.queues[q], p.in[q], p.out[q], p.tables[q], global, err);
    }
    if (!failed) {
        double start = timer_now_ms();
        failed = schedule(&p, err);
        times->end_to_end_ms = timer_now_ms() - start;
    }
    if (!failed)
        failed = collect(&p, times, kernel_samples_ms, err);
    for (size_t k = 0; k < p.chunks && !failed; ++k) {
        size_t first, n = chunk_pairs(&p, k, &first);
        gpu_prepared_results(prepared, (unsigned char *)p.host_out.host + first * p.written, scratch,
                             set->pairs + first, results + first, n, times);
    }
    times->end_to_end_ms += times->finish_ms; /* robust kernels: a pair is finished when decided */
    free(scratch);
    release(&p);
    if (failed)
        return gpu_error_context(err, "running %s on %s with pinned transfers (%zu pairs in %zu chunks of %zu on %zu "
                                      "queues, local size %zu, %s layout, output %s; --transfers pageable needs no "
                                      "pinned memory)",
                                 p.cl.algorithm->kernel_name, p.cl.info->name, set->count, p.chunks, p.chunk,
                                 p.queue_count, p.cl.local_size, gpu_layout_name(p.cl.config.layout),
                                 gpu_output_name(p.cl.config.output));
    times->chunks = p.chunks;
    times->queues = p.queue_count;
    times->launches = p.chunks * (size_t)reps;
    times->global_size = gpu_global_size(p.chunk, p.cl.config.pairs_per_item, p.cl.local_size);
    return 0;
}
