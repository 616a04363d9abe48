/* gpu_overlap.c: end-to-end runs (write + kernel + read) from pinned host memory, in chunks
 * spread over up to three in-order command queues: while one queue's kernel runs, another's
 * write and a third's read can use the copy engines (GPUs have one per direction). Timing as
 * everywhere in the host code: the monotonic clock around the whole schedule, ended by clFinish
 * on every queue. */
#include "opencl/gpu_overlap.h"

#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_launch.h"
#include "opencl/gpu_layout.h"
#include "timer.h"

enum { MAX_QUEUES = 3 };

typedef struct pipeline {
    gpu_cl_objects cl;
    cl_command_queue queues[MAX_QUEUES];
    cl_mem in[MAX_QUEUES], out[MAX_QUEUES];
    gpu_pinned host_in, host_out; /* every chunk's pairs and records, on the host */
    size_t queue_count, chunks, chunk, count, read, written;
} pipeline;

static int setup(pipeline *p, error_text *err)
{
    cl_ulong fit = gpu_items_that_fit(p->cl.info, p->read, p->written, p->queue_count);
    if (p->chunk > fit)
        return error_set(err, "%zu pairs per chunk do not fit on %s (at most %llu); choose more chunks (--overlap)",
                         p->chunk, p->cl.info->name, (unsigned long long)fit);
    cl_int status;
    for (size_t q = 0; q < p->queue_count; ++q) {
        p->queues[q] = clCreateCommandQueue(p->cl.context, p->cl.info->device, 0, &status);
        if (GPU_CHECK(err, "clCreateCommandQueue", status) ||
            gpu_create_buffers(p->cl.context, p->chunk * p->read, p->chunk * p->written, &p->in[q], &p->out[q], err))
            return -1;
    }
    return gpu_pinned_map(p->cl.context, p->cl.queue, p->count * p->read, &p->host_in, err) ||
                   gpu_pinned_map(p->cl.context, p->cl.queue, p->count * p->written, &p->host_out, err)
               ? -1
               : 0;
}

/* Each chunk's pairs in the kernel's layout (soa: per chunk, with the chunk's count as the
 * array length, which is what the kernel's `count` argument says). */
static void stage_input(pipeline *p, const pair_set *set)
{
    for (size_t first = 0; first < p->count; first += p->chunk) {
        size_t n = p->count - first < p->chunk ? p->count - first : p->chunk;
        unsigned char *to = (unsigned char *)p->host_in.host + first * p->read;
        if (p->cl.config.layout == GPU_LAYOUT_SOA)
            gpu_layout_soa(set->pairs + first, n, (double *)(void *)to);
        else
            memcpy(to, set->pairs + first, n * p->read);
    }
}

/* Enqueue every chunk (write, kernel, read; chunk k on queue k mod queue_count), then wait. */
static int schedule(pipeline *p, error_text *err)
{
    unsigned char *pinned_in = p->host_in.host, *pinned_out = p->host_out.host;
    size_t k = 0;
    for (size_t first = 0; first < p->count; first += p->chunk, ++k) {
        size_t q = k % p->queue_count;
        size_t n = p->count - first < p->chunk ? p->count - first : p->chunk;
        size_t global = gpu_global_size(n, p->cl.config.pairs_per_item, p->cl.local_size);
        /* Arguments are captured at enqueue time, so one kernel object serves every queue. */
        if (GPU_CHECK(err, "clEnqueueWriteBuffer",
                      clEnqueueWriteBuffer(p->queues[q], p->in[q], CL_FALSE, 0, n * p->read, pinned_in + first * p->read,
                                           0, NULL, NULL)) ||
            gpu_set_arguments(p->cl.kernel, p->in[q], p->out[q], n, err) ||
            GPU_CHECK(err, "clEnqueueNDRangeKernel",
                      clEnqueueNDRangeKernel(p->queues[q], p->cl.kernel, 1, NULL, &global, &p->cl.local_size, 0, NULL,
                                             NULL)) ||
            GPU_CHECK(err, "clEnqueueReadBuffer",
                      clEnqueueReadBuffer(p->queues[q], p->out[q], CL_FALSE, 0, n * p->written,
                                          pinned_out + first * p->written, 0, NULL, NULL)))
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
    gpu_pinned_release(p->cl.queue, &p->host_in);
    gpu_pinned_release(p->cl.queue, &p->host_out);
    for (size_t q = 0; q < MAX_QUEUES; ++q) {
        gpu_release_buffers(&p->in[q], &p->out[q]);
        if (p->queues[q])
            clReleaseCommandQueue(p->queues[q]);
    }
}

int gpu_run_end_to_end(gpu_handler *handler, const pair_set *set, ray_tetra_result *results, size_t chunks,
                       gpu_end_to_end *times, error_text *err)
{
    memset(times, 0, sizeof *times);
    pipeline p;
    memset(&p, 0, sizeof p);
    gpu_handler_objects(handler, &p.cl);
    if (!p.cl.kernel)
        return error_set(err, "gpu_run_end_to_end: no kernel prepared (call gpu_prepare first)");
    if (p.cl.algorithm->robust)
        return error_set(err, "%s has no end-to-end run: the host finishes its uncertain pairs after the read, "
                              "which this pipeline does not do (use gpu_run)", p.cl.algorithm->csv_name);
    if (chunks < 1)
        return error_set(err, "gpu_run_end_to_end: at least 1 chunk, not %zu", chunks);
    if (set->count == 0)
        return 0;
    p.count = set->count;
    p.chunks = chunks < set->count ? chunks : set->count;
    p.chunk = (p.count + p.chunks - 1) / p.chunks;
    p.chunks = (p.count + p.chunk - 1) / p.chunk;
    p.queue_count = p.chunks < MAX_QUEUES ? p.chunks : MAX_QUEUES;
    gpu_pair_bytes(&p.cl.config, &p.read, &p.written);
    int failed = setup(&p, err);
    if (!failed) {
        stage_input(&p, set); /* host work, before the timing */
        failed = schedule(&p, err); /* untimed: first use of the queues, buffers and pinned pages */
    }
    if (!failed) {
        memset(p.host_out.host, 0xff, p.count * p.written); /* stale records must not pass for results */
        double start = timer_now_ms();
        failed = schedule(&p, err);
        times->ms = timer_now_ms() - start;
    }
    if (!failed)
        gpu_layout_results(p.cl.config.output, p.host_out.host, results, p.count);
    release(&p);
    if (failed)
        return gpu_error_context(err, "end-to-end run on %s (%zu pairs in %zu chunks of %zu on %zu queues)",
                                 gpu_device_description(handler), set->count, p.chunks, p.chunk, p.queue_count);
    times->chunks = p.chunks;
    times->queues = p.queue_count;
    times->bytes_in = p.count * p.read;
    times->bytes_out = p.count * p.written;
    return 0;
}
