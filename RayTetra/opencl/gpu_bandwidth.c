/* gpu_bandwidth.c: the device's copy bandwidth and the pinned host-device transfer bandwidth,
 * the ceilings the memory-bound RayTetra kernels are measured against (Bench, docs/PERFORMANCE.md).
 * Timing is the same as for the kernels (gpu_handler.c): the host's monotonic clock around
 * back-to-back launches that end with clFinish, after an untimed warm-up. */
#include "opencl/gpu_bandwidth.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_objects.h"
#include "opencl/gpu_source.h"
#include "timer.h"

enum { TRIALS = 5, LAUNCHES = 5, LOCAL_SIZE = 256 };

typedef struct bench_objects {
    gpu_cl_objects cl;
    cl_program program;
    cl_kernel kernel;
    cl_mem in, out, host; /* host: CL_MEM_ALLOC_HOST_PTR, mapped at `pinned` */
    void *pinned;
    size_t bytes, local_size, global_size;
} bench_objects;

static int build_copy(bench_objects *o, error_text *err)
{
    char *path = NULL, *source = NULL;
    size_t length;
    if (gpu_source_find("Copy.cl", &path, err) != 0 || gpu_source_load(path, &source, &length, err) != 0) {
        free(path);
        return -1;
    }
    cl_int status;
    const char *text = source;
    o->program = clCreateProgramWithSource(o->cl.context, 1, &text, &length, &status);
    int failed = GPU_CHECK(err, "clCreateProgramWithSource", status);
    if (!failed)
        failed = GPU_CHECK(err, "clBuildProgram",
                           clBuildProgram(o->program, 1, &o->cl.info->device, "-cl-std=CL1.2", NULL, NULL));
    if (!failed) {
        o->kernel = clCreateKernel(o->program, "rt_copy", &status);
        failed = GPU_CHECK(err, "clCreateKernel", status);
    }
    size_t kernel_max = 0;
    if (!failed)
        failed = GPU_CHECK(err, "clGetKernelWorkGroupInfo",
                           clGetKernelWorkGroupInfo(o->kernel, o->cl.info->device, CL_KERNEL_WORK_GROUP_SIZE,
                                                    sizeof kernel_max, &kernel_max, NULL));
    if (failed)
        gpu_error_context(err, "the copy-bandwidth kernel %s", path);
    o->local_size = kernel_max < LOCAL_SIZE ? kernel_max : LOCAL_SIZE;
    free(path);
    free(source);
    return failed ? -1 : 0;
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
    cl_int status;
    o->in = clCreateBuffer(o->cl.context, CL_MEM_READ_WRITE, o->bytes, NULL, &status);
    if (GPU_CHECK(err, "clCreateBuffer", status))
        return -1;
    o->out = clCreateBuffer(o->cl.context, CL_MEM_READ_WRITE, o->bytes, NULL, &status);
    if (GPU_CHECK(err, "clCreateBuffer", status))
        return -1;
    /* Pinned (page-locked) host memory the way OpenCL offers it: a buffer the driver allocates
     * on the host, mapped for the host's pointer; transfers from it need no staging copy. */
    o->host = clCreateBuffer(o->cl.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, o->bytes, NULL, &status);
    if (GPU_CHECK(err, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)", status))
        return -1;
    o->pinned = clEnqueueMapBuffer(o->cl.queue, o->host, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, o->bytes, 0, NULL,
                                   NULL, &status);
    if (GPU_CHECK(err, "clEnqueueMapBuffer", status))
        return -1;
    fill_random(o->pinned, o->bytes);
    cl_ulong count = o->bytes / 16;
    o->global_size = (o->bytes / 16 + o->local_size - 1) / o->local_size * o->local_size;
    if (GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(o->kernel, 0, sizeof o->in, &o->in)) ||
        GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(o->kernel, 1, sizeof o->out, &o->out)) ||
        GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(o->kernel, 2, sizeof count, &count)))
        return -1;
    return 0;
}

typedef enum step { STEP_WRITE, STEP_COPY, STEP_READ } step;

/* `launches` back-to-back operations of one kind, then clFinish. */
static int operate(bench_objects *o, step kind, int launches, error_text *err)
{
    for (int i = 0; i < launches; ++i) {
        cl_int status;
        const char *call;
        if (kind == STEP_WRITE) {
            call = "clEnqueueWriteBuffer";
            status = clEnqueueWriteBuffer(o->cl.queue, o->in, CL_FALSE, 0, o->bytes, o->pinned, 0, NULL, NULL);
        } else if (kind == STEP_READ) {
            call = "clEnqueueReadBuffer";
            status = clEnqueueReadBuffer(o->cl.queue, o->out, CL_FALSE, 0, o->bytes, o->pinned, 0, NULL, NULL);
        } else {
            call = "clEnqueueNDRangeKernel";
            status = clEnqueueNDRangeKernel(o->cl.queue, o->kernel, 1, NULL, &o->global_size, &o->local_size, 0, NULL,
                                            NULL);
        }
        if (GPU_CHECK(err, call, status))
            return -1;
    }
    return GPU_CHECK(err, "clFinish", clFinish(o->cl.queue));
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One warm-up operation, then TRIALS timed trials of LAUNCHES operations each. */
static int measure(bench_objects *o, step kind, double *median_gbs, double *best_gbs, error_text *err)
{
    if (operate(o, kind, 1, err) != 0)
        return -1;
    double gbs[TRIALS];
    double bytes = (double)o->bytes * (kind == STEP_COPY ? 2 : 1) * LAUNCHES; /* a copy reads and writes */
    for (int t = 0; t < TRIALS; ++t) {
        double start = timer_now_ms();
        if (operate(o, kind, LAUNCHES, err) != 0)
            return -1;
        double ms = timer_now_ms() - start;
        gbs[t] = bytes / (ms > 1e-6 ? ms : 1e-6) / 1e6;
    }
    qsort(gbs, TRIALS, sizeof gbs[0], by_value);
    *median_gbs = gbs[TRIALS / 2];
    *best_gbs = gbs[TRIALS - 1];
    return 0;
}

static void release(bench_objects *o)
{
    if (o->pinned)
        clEnqueueUnmapMemObject(o->cl.queue, o->host, o->pinned, 0, NULL, NULL);
    if (o->cl.queue)
        clFinish(o->cl.queue);
    if (o->host)
        clReleaseMemObject(o->host);
    if (o->out)
        clReleaseMemObject(o->out);
    if (o->in)
        clReleaseMemObject(o->in);
    if (o->kernel)
        clReleaseKernel(o->kernel);
    if (o->program)
        clReleaseProgram(o->program);
}

int gpu_measure_bandwidth(gpu_handler *handler, size_t bytes, gpu_bandwidth *r, error_text *err)
{
    memset(r, 0, sizeof *r);
    bench_objects o;
    memset(&o, 0, sizeof o);
    gpu_handler_objects(handler, &o.cl);
    /* Three buffers of this size must fit beside each other. */
    cl_ulong limit = o.cl.info->max_allocation;
    if (o.cl.info->global_memory / 4 < limit)
        limit = o.cl.info->global_memory / 4;
    if (bytes > limit)
        bytes = (size_t)limit;
    bytes -= bytes % 16;
    if (bytes == 0)
        return error_set(err, "bandwidth measurement: the buffer size must be at least 16 bytes");
    o.bytes = bytes;
    int failed = build_copy(&o, err) != 0 || make_buffers(&o, err) != 0 ||
                 measure(&o, STEP_WRITE, &r->write_median_gbs, &r->write_best_gbs, err) != 0 ||
                 measure(&o, STEP_COPY, &r->copy_median_gbs, &r->copy_best_gbs, err) != 0 ||
                 measure(&o, STEP_READ, &r->read_median_gbs, &r->read_best_gbs, err) != 0;
    release(&o);
    if (failed)
        return gpu_error_context(err, "measuring the bandwidth of %s with %zu-byte buffers",
                                 gpu_device_description(handler), bytes);
    r->bytes = bytes;
    r->trials = TRIALS;
    r->launches = LAUNCHES;
    return 0;
}
