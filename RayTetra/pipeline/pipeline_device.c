/* pipeline_device.c: a device's chunks written, run and read on two in-order queues from and
 * into the chunks' pinned memory (pipeline_device.h). */
#include "pipeline/pipeline_device.h"

#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_chunks.h"
#include "opencl/gpu_layout.h"
#include "timer.h"

struct pipeline_device {
    gpu_handler *handler;
    gpu_prepared cl;
    cl_command_queue queues[PIPELINE_DEVICE_QUEUES];
    cl_mem in[PIPELINE_DEVICE_QUEUES], out[PIPELINE_DEVICE_QUEUES], tables[PIPELINE_DEVICE_QUEUES];
    size_t next_queue, queues_used;
    size_t chunk_pairs; /* a transfer chunk's most pairs: what each queue's buffers hold */
    size_t read, written, table;
    int reps;
    ray_tetra_result *scratch; /* a chunk's records rearranged or widened (gpu_prepared_results) */
};

/* The handler's prepared kernel and the bytes it reads and writes a pair. */
static gpu_prepared prepared_with_bytes(gpu_handler *handler, size_t *read, size_t *written)
{
    gpu_prepared cl;
    gpu_handler_prepared(handler, &cl);
    gpu_algorithm_pair_bytes(cl.algorithm, &cl.config, read, written);
    return cl;
}

int pipeline_device_pairs_in_place(gpu_handler *handler)
{
    size_t read, written;
    gpu_prepared cl = prepared_with_bytes(handler, &read, &written);
    return cl.config.layout == GPU_LAYOUT_AOS && !gpu_single_data(cl.algorithm, &cl.config) &&
           read == sizeof(ray_tetra_pair);
}

int pipeline_device_results_in_place(gpu_handler *handler)
{
    size_t read, written;
    gpu_prepared cl = prepared_with_bytes(handler, &read, &written);
    /* gpu_prepared_results would only copy the fields: no rearranging, widening, finishing or clipping. */
    return cl.config.output == GPU_OUTPUT_ALL && !gpu_records_need_scratch(cl.algorithm, &cl.config) &&
           !cl.algorithm->finish && !cl.algorithm->robust && written == sizeof(ray_tetra_result);
}

/* The work-items of a launch of n pairs (gpu_launch_width: one width for every launch on a CPU
 * device). */
static size_t launch_width(const pipeline_device *d, size_t n)
{
    return gpu_launch_width(d->cl.info->type, d->chunk_pairs, n, d->cl.config.pairs_per_item, d->cl.local_size);
}

int pipeline_device_open(pipeline_device **device, gpu_handler *handler, size_t chunk_pairs, int reps,
                         error_text *err)
{
    pipeline_device *d = *device = calloc(1, sizeof *d);
    if (!d)
        return error_set_kind(err, ERROR_MEMORY, "out of memory for a device's queues");
    d->handler = handler;
    gpu_handler_prepared(handler, &d->cl);
    d->reps = reps;
    gpu_algorithm_pair_bytes(d->cl.algorithm, &d->cl.config, &d->read, &d->written);
    d->table = d->cl.algorithm->table_bytes;
    if (gpu_chunk_pairs(d->cl.info, d->read + d->table, d->written, d->cl.local_size, chunk_pairs ? chunk_pairs : 1,
                        PIPELINE_DEVICE_QUEUES, &d->chunk_pairs, err) != 0)
        return -1;
    for (size_t q = 0; q < PIPELINE_DEVICE_QUEUES; ++q) {
        if (device_session_new_queue(d->cl.session, 1, &d->queues[q], err) ||
            gpu_create_buffers(d->cl.context, d->chunk_pairs * d->read, d->chunk_pairs * d->written, &d->in[q],
                               &d->out[q], err) ||
            (d->table && gpu_create_device_buffer(d->cl.context, d->chunk_pairs * d->table, &d->tables[q], err)) ||
            gpu_prepared_warm_up(&d->cl, d->queues[q], d->in[q], d->out[q], d->tables[q],
                                 launch_width(d, d->chunk_pairs), err))
            return gpu_error_context(err, "opening %s's queues for chunks of %zu pairs", d->cl.info->name,
                                     d->chunk_pairs);
    }
    if (gpu_records_need_scratch(d->cl.algorithm, &d->cl.config) &&
        !(d->scratch = malloc(d->chunk_pairs * sizeof *d->scratch)))
        return error_set_kind(err, ERROR_MEMORY, "out of memory for %zu records", d->chunk_pairs);
    return 0;
}

int pipeline_device_buffers_alloc(gpu_handler *handler, size_t chunk_pairs, pipeline_device_buffers *buffers,
                                  error_text *err)
{
    gpu_prepared cl;
    gpu_handler_prepared(handler, &cl);
    size_t read, written, pairs = chunk_pairs ? chunk_pairs : 1;
    gpu_algorithm_pair_bytes(cl.algorithm, &cl.config, &read, &written);
    memset(buffers, 0, sizeof *buffers);
    if (gpu_pinned_map(cl.context, cl.queue, pairs * read, &buffers->in, err) ||
        gpu_pinned_map(cl.context, cl.queue, pairs * written, &buffers->out, err))
        return gpu_error_context(err, "pinned memory for a chunk of %zu pairs (give a smaller --max-memory)", pairs);
    return 0;
}

void pipeline_device_buffers_release(gpu_handler *handler, pipeline_device_buffers *buffers)
{
    gpu_prepared cl;
    gpu_handler_prepared(handler, &cl);
    gpu_pinned_release(cl.queue, &buffers->in);
    gpu_pinned_release(cl.queue, &buffers->out);
}

/* The transfer chunks of a chunk of `count` pairs: the configured number, or about
 * PINNED_TARGET_CHUNKS of at least PINNED_MIN_CHUNK_PAIRS pairs (gpu_overlap.c's rule), none
 * larger than the queues' buffers. */
enum { PINNED_MIN_CHUNK_PAIRS = 262144, PINNED_TARGET_CHUNKS = 32 };
static int plan_transfers(const pipeline_device *d, size_t count, gpu_chunk_plan *plan, error_text *err)
{
    size_t chunks = d->cl.config.transfer_chunks;
    if (chunks == 0) {
        size_t target = (count + PINNED_TARGET_CHUNKS - 1) / PINNED_TARGET_CHUNKS;
        target = target < PINNED_MIN_CHUNK_PAIRS ? PINNED_MIN_CHUNK_PAIRS : target;
        chunks = (count + target - 1) / target;
    }
    size_t needed = (count + d->chunk_pairs - 1) / d->chunk_pairs;
    return gpu_chunk_plan_make(count, chunks > needed ? chunks : needed, d->cl.config.chunk_sizes, d->chunk_pairs,
                               gpu_taper_ratio(d->read, d->written), plan, err);
}

/* Each transfer chunk's pairs in the kernel's layout and precision (soa: the transfer chunk's
 * count is its arrays' length, which is what the kernel's `count` argument says). */
static void convert_pairs(const pipeline_device *d, const gpu_chunk_plan *plan, const ray_tetra_pair *pairs,
                          unsigned char *in)
{
    int single = gpu_single_data(d->cl.algorithm, &d->cl.config);
    for (size_t k = 0; k < plan->chunks; ++k) {
        size_t first = plan->starts[k];
        gpu_layout_input(d->cl.config.layout, single, pairs + first, plan->starts[k + 1] - first, in + first * d->read);
    }
}

enum { EVENT_WRITE, EVENT_TABLES, EVENT_FIRST_LAUNCH, EVENT_LAST_LAUNCH, EVENT_READ, EVENTS_PER_CHUNK };

/* Transfer chunk `pairs` pairs from `first` on the next queue: write, tables, REPS launches, read. */
static int enqueue_transfer_chunk(pipeline_device *d, const unsigned char *in, unsigned char *out, size_t first,
                                  size_t n, cl_event *events, error_text *err)
{
    size_t q = d->next_queue, global = launch_width(d, n);
    d->next_queue = (q + 1) % PIPELINE_DEVICE_QUEUES;
    if (d->queues_used < q + 1)
        d->queues_used = q + 1;
    if (GPU_CHECK(err, "clEnqueueWriteBuffer",
                  clEnqueueWriteBuffer(d->queues[q], d->in[q], CL_FALSE, 0, n * d->read, in + first * d->read, 0, NULL,
                                       &events[EVENT_WRITE])) ||
        gpu_prepared_enqueue_tables(&d->cl, d->queues[q], d->in[q], d->tables[q], n, global, &events[EVENT_TABLES],
                                    err) ||
        gpu_set_arguments(d->cl.kernel, d->in[q], d->out[q], n, err))
        return -1;
    for (int r = 0; r < d->reps; ++r) {
        cl_event *event = r == 0 ? &events[EVENT_FIRST_LAUNCH] : r == d->reps - 1 ? &events[EVENT_LAST_LAUNCH] : NULL;
        if (GPU_CHECK(err, "clEnqueueNDRangeKernel",
                      clEnqueueNDRangeKernel(d->queues[q], d->cl.kernel, 1, NULL, &global, &d->cl.local_size, 0, NULL,
                                             event)))
            return -1;
    }
    if (GPU_CHECK(err, "clEnqueueReadBuffer",
                  clEnqueueReadBuffer(d->queues[q], d->out[q], CL_FALSE, 0, n * d->written, out + first * d->written, 0,
                                      NULL, &events[EVENT_READ])))
        return -1;
    /* Start the queue now, not at the first wait: the others are still being filled. */
    return GPU_CHECK(err, "clFlush", clFlush(d->queues[q])) ? -1 : 0;
}

int pipeline_device_enqueue(pipeline_device *d, const ray_tetra_pair *pairs, size_t count,
                            pipeline_device_buffers *buffers, pipeline_device_flight *flight, double *staging_ms,
                            error_text *err)
{
    memset(flight, 0, sizeof *flight);
    flight->count = count;
    if (count == 0)
        return 0;
    gpu_chunk_plan *plan = &flight->plan;
    if (plan_transfers(d, count, plan, err) != 0)
        return -1;
    if ((const void *)pairs != buffers->in.host) {
        double start = timer_now_ms();
        convert_pairs(d, plan, pairs, buffers->in.host);
        *staging_ms += timer_now_ms() - start;
    }
    int failed = !(flight->events = calloc(plan->chunks * EVENTS_PER_CHUNK, sizeof *flight->events));
    if (failed)
        error_set_kind(err, ERROR_MEMORY, "out of memory for the events of %zu transfer chunks", plan->chunks);
    for (size_t k = 0; k < plan->chunks && !failed; ++k)
        failed = enqueue_transfer_chunk(d, buffers->in.host, buffers->out.host, plan->starts[k],
                                        plan->starts[k + 1] - plan->starts[k], flight->events + k * EVENTS_PER_CHUNK,
                                        err);
    return failed ? -1 : 0;
}

/* From `from`'s start (or end) to `to`'s end, in ms. */
static int span_ms(cl_event from, cl_profiling_info from_what, cl_event to, double *ms, error_text *err)
{
    cl_ulong start = 0, end = 0;
    if (GPU_CHECK(err, "clGetEventProfilingInfo", clGetEventProfilingInfo(from, from_what, sizeof start, &start, NULL)) ||
        GPU_CHECK(err, "clGetEventProfilingInfo",
                  clGetEventProfilingInfo(to, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL)))
        return -1;
    *ms = (double)(end - start) * 1e-6;
    return 0;
}

static int add_transfer_chunk_times(const pipeline_device *d, const cl_event *e, gpu_times *times, error_text *err)
{
    double write, kernel, read, tables = 0;
    cl_event last = d->reps > 1 ? e[EVENT_LAST_LAUNCH] : e[EVENT_FIRST_LAUNCH];
    if (span_ms(e[EVENT_WRITE], CL_PROFILING_COMMAND_START, e[EVENT_WRITE], &write, err) ||
        span_ms(e[EVENT_FIRST_LAUNCH], CL_PROFILING_COMMAND_START, last, &kernel, err) ||
        span_ms(e[EVENT_READ], CL_PROFILING_COMMAND_START, e[EVENT_READ], &read, err) ||
        (e[EVENT_TABLES] && span_ms(e[EVENT_TABLES], CL_PROFILING_COMMAND_START, e[EVENT_TABLES], &tables, err)))
        return -1;
    times->write_ms += write;
    times->kernel_ms += kernel;
    times->read_ms += read;
    times->precompute_ms += tables;
    times->launches += (size_t)d->reps;
    times->chunks += 1;
    return 0;
}

void pipeline_device_drop(pipeline_device_flight *flight)
{
    if (flight->events)
        for (size_t e = 0; e < flight->plan.chunks * EVENTS_PER_CHUNK; ++e)
            if (flight->events[e])
                clReleaseEvent(flight->events[e]);
    free(flight->events);
    flight->events = NULL;
    gpu_chunk_plan_free(&flight->plan);
}

/* Wait for every transfer chunk's read and add their device times. */
static int wait_transfer_chunks(pipeline_device *d, pipeline_device_flight *f, gpu_times *times, error_text *err)
{
    for (size_t k = 0; k < f->plan.chunks; ++k) {
        cl_event *e = f->events + k * EVENTS_PER_CHUNK;
        if (GPU_CHECK(err, "clWaitForEvents", clWaitForEvents(1, &e[EVENT_READ])) ||
            add_transfer_chunk_times(d, e, times, err))
            return -1;
    }
    return 0;
}

int pipeline_device_finish(pipeline_device *d, pipeline_device_flight *flight, const ray_tetra_pair *pairs,
                           pipeline_device_buffers *buffers, ray_tetra_result *results, gpu_times *times,
                           error_text *err)
{
    if (flight->count == 0)
        return 0;
    if (wait_transfer_chunks(d, flight, times, err) != 0) {
        pipeline_device_drop(flight);
        return gpu_error_context(err, "running %s on %s (a chunk of %zu pairs)", d->cl.algorithm->kernel_name,
                                 d->cl.info->name, flight->count);
    }
    /* Record by transfer chunk: an soa chunk's arrays are as long as its own count. */
    for (size_t k = 0; k < flight->plan.chunks && (void *)results != buffers->out.host; ++k) {
        size_t first = flight->plan.starts[k];
        gpu_prepared_results(&d->cl, (unsigned char *)buffers->out.host + first * d->written, d->scratch,
                             pairs + first, results + first, flight->plan.starts[k + 1] - first, times);
    }
    pipeline_device_drop(flight);
    return 0;
}

size_t pipeline_device_queues_used(const pipeline_device *d)
{
    return d ? d->queues_used : 0;
}

void pipeline_device_close(pipeline_device *d)
{
    if (!d)
        return;
    for (size_t q = 0; q < PIPELINE_DEVICE_QUEUES; ++q) {
        if (d->queues[q])
            clFinish(d->queues[q]);
        gpu_release_buffers(&d->in[q], &d->out[q]);
        if (d->tables[q])
            clReleaseMemObject(d->tables[q]);
        if (d->queues[q])
            clReleaseCommandQueue(d->queues[q]);
    }
    free(d->scratch);
    free(d);
}
