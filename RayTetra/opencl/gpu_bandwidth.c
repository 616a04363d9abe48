/* gpu_bandwidth.c: the device's copy bandwidth and the pinned host-device transfer bandwidth,
 * the ceilings the memory-bound RayTetra kernels are measured against (Bench, docs/PERFORMANCE.md).
 * Timing is the same as for the kernels (gpu_handler.c): the host's monotonic clock around
 * back-to-back launches that end with clFinish, after an untimed warm-up. */
#include "opencl/gpu_bandwidth.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_launch.h"
#include "opencl/gpu_program.h"
#include "timer.h"
#include "sort_doubles.h"

/* The copy kernel's items: 16-byte elements (uint4). */
enum { TRIALS = 5, LAUNCHES = 5, LOCAL_SIZE = 256, ELEMENT = 16 };

typedef struct bench_objects {
    const device_session *session;
    cl_context context;
    cl_command_queue queue;
    const gpu_device_info *info;
    gpu_program program;
    cl_kernel kernel;
    cl_mem in, out;
    gpu_pinned host;         /* the host side of both transfers */
    gpu_pinned host_read;    /* where the duplex trial's reads go, while `host` is written from */
    cl_command_queue second; /* the duplex trial's reads */
    size_t bytes, local_size, global_size;
} bench_objects;

/* The copy kernel, built like every kernel (gpu_program.c: from the cache when it can be). */
static int build_copy(bench_objects *o, error_text *err)
{
    size_t kernel_max;
    if (device_session_program(o->session, "Copy.cl", "rt_copy", GPU_PROGRAM_LANGUAGE, &o->program, err) != 0 ||
        gpu_program_kernel(&o->program, o->info->device, "rt_copy", &o->kernel, &kernel_max, err) != 0)
        return gpu_error_context(err, "the copy-bandwidth kernel");
    o->local_size = kernel_max < LOCAL_SIZE ? kernel_max : LOCAL_SIZE;
    return 0;
}

/* Random contents, so that no hardware compression of uniform data flatters the figures. */
static void fill_random(unsigned char *data, size_t bytes)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i + 8 <= bytes; i += 8) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        memcpy(data + i, &x, 8);
    }
}

static int make_buffers(bench_objects *o, error_text *err)
{
    if (gpu_create_buffers(o->context, o->bytes, o->bytes, &o->in, &o->out, err) != 0 ||
        gpu_pinned_map(o->context, o->queue, o->bytes, &o->host, err) != 0 ||
        gpu_pinned_map(o->context, o->queue, o->bytes, &o->host_read, err) != 0)
        return -1;
    if (device_session_new_queue(o->session, 0, &o->second, err) != 0)
        return -1;
    fill_random(o->host.host, o->bytes);
    size_t count = o->bytes / ELEMENT;
    o->global_size = gpu_global_size(count, 1, o->local_size);
    return gpu_set_arguments(o->kernel, o->in, o->out, count, err);
}

typedef enum step { STEP_WRITE, STEP_COPY, STEP_READ, STEP_DUPLEX } step;

/* `launches` back-to-back operations of one kind, then clFinish. */
static int operate(bench_objects *o, step kind, int launches, error_text *err)
{
    for (int i = 0; i < launches; ++i) {
        cl_int status;
        const char *call;
        if (kind == STEP_DUPLEX) {
            /* The read on the second queue, flushed, so that the device has both at once. */
            if (GPU_CHECK(err, "clEnqueueReadBuffer",
                          clEnqueueReadBuffer(o->second, o->out, CL_FALSE, 0, o->bytes, o->host_read.host, 0, NULL,
                                              NULL)) ||
                GPU_CHECK(err, "clFlush", clFlush(o->second)))
                return -1;
        }
        if (kind == STEP_WRITE || kind == STEP_DUPLEX) {
            call = "clEnqueueWriteBuffer";
            status = clEnqueueWriteBuffer(o->queue, o->in, CL_FALSE, 0, o->bytes, o->host.host, 0, NULL, NULL);
        } else if (kind == STEP_READ) {
            call = "clEnqueueReadBuffer";
            status = clEnqueueReadBuffer(o->queue, o->out, CL_FALSE, 0, o->bytes, o->host.host, 0, NULL, NULL);
        } else {
            call = "clEnqueueNDRangeKernel";
            status = clEnqueueNDRangeKernel(o->queue, o->kernel, 1, NULL, &o->global_size, &o->local_size, 0, NULL,
                                            NULL);
        }
        if (GPU_CHECK(err, call, status))
            return -1;
    }
    if (kind == STEP_DUPLEX && GPU_CHECK(err, "clFlush", clFlush(o->queue)))
        return -1;
    return GPU_CHECK(err, "clFinish", clFinish(o->queue)) ||
                   (kind == STEP_DUPLEX && GPU_CHECK(err, "clFinish", clFinish(o->second)))
               ? -1
               : 0;
}

/* One warm-up operation, then TRIALS timed trials of LAUNCHES operations each. */
static int measure(bench_objects *o, step kind, double *median_gbs, double *best_gbs, error_text *err)
{
    if (operate(o, kind, 1, err) != 0)
        return -1;
    double gbs[TRIALS];
    /* A copy reads and writes; a duplex trial writes and reads. */
    double bytes = (double)o->bytes * (kind == STEP_COPY || kind == STEP_DUPLEX ? 2 : 1) * LAUNCHES;
    for (int t = 0; t < TRIALS; ++t) {
        double start = timer_now_ms();
        if (operate(o, kind, LAUNCHES, err) != 0)
            return -1;
        double ms = timer_now_ms() - start;
        gbs[t] = bytes / (ms > 1e-6 ? ms : 1e-6) / 1e6;
    }
    sort_doubles(gbs, TRIALS);
    *median_gbs = gbs[TRIALS / 2];
    *best_gbs = gbs[TRIALS - 1];
    return 0;
}

static void release(bench_objects *o)
{
    clFinish(o->queue);
    if (o->second) {
        clFinish(o->second);
        clReleaseCommandQueue(o->second);
    }
    gpu_pinned_release(o->queue, &o->host_read);
    gpu_pinned_release(o->queue, &o->host);
    gpu_release_buffers(&o->in, &o->out);
    if (o->kernel)
        clReleaseKernel(o->kernel);
    gpu_program_release(&o->program);
}

int gpu_measure_bandwidth(const device_session *session, size_t bytes, gpu_bandwidth *r, error_text *err)
{
    memset(r, 0, sizeof *r);
    bench_objects o;
    memset(&o, 0, sizeof o);
    o.session = session;
    o.context = device_session_context(session);
    o.queue = device_session_queue(session);
    o.info = device_session_info(session);
    /* The copy's input and output must fit on the device like a kernel's (the pinned buffer is
     * host memory). */
    cl_ulong elements = gpu_items_that_fit(o.info, ELEMENT, ELEMENT, 1);
    if (bytes / ELEMENT < elements)
        elements = bytes / ELEMENT;
    bytes = (size_t)elements * ELEMENT;
    if (bytes == 0)
        return error_set(err, "bandwidth measurement: the buffer size must be at least 16 bytes");
    o.bytes = bytes;
    int failed = build_copy(&o, err) != 0 || make_buffers(&o, err) != 0 ||
                 measure(&o, STEP_WRITE, &r->write_median_gbs, &r->write_best_gbs, err) != 0 ||
                 measure(&o, STEP_COPY, &r->copy_median_gbs, &r->copy_best_gbs, err) != 0 ||
                 measure(&o, STEP_READ, &r->read_median_gbs, &r->read_best_gbs, err) != 0 ||
                 measure(&o, STEP_DUPLEX, &r->duplex_median_gbs, &r->duplex_best_gbs, err) != 0;
    release(&o);
    if (failed)
        return gpu_error_context(err, "measuring the bandwidth of %s with %zu-byte buffers",
                                 device_session_description(session), bytes);
    r->bytes = bytes;
    r->trials = TRIALS;
    r->launches = LAUNCHES;
    return 0;
}
