/* gpu_launch.c: work-items, arguments, buffers, chunk limits and pinned memory of kernel runs
 * (gpu_launch.h). */
#include "opencl/gpu_launch.h"

#include <stdlib.h>

#include "cli.h"

size_t gpu_global_size(size_t count, size_t items_per_work_item, size_t local_size)
{
    size_t per_item = items_per_work_item ? items_per_work_item : 1;
    size_t work_items = (count + per_item - 1) / per_item;
    return (work_items + local_size - 1) / local_size * local_size;
}

size_t gpu_launch_width(cl_device_type type, size_t largest, size_t n, size_t items_per_work_item, size_t local_size)
{
    return gpu_global_size((type & CL_DEVICE_TYPE_CPU) ? largest : n, items_per_work_item, local_size);
}

int gpu_set_arguments(cl_kernel kernel, cl_mem input, cl_mem output, size_t count, error_text *err)
{
    cl_ulong n = count;
    if (GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 0, sizeof input, &input)) ||
        GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 1, sizeof output, &output)) ||
        GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 2, sizeof n, &n)))
        return -1;
    return 0;
}

int gpu_set_tables_argument(cl_kernel kernel, cl_mem tables, error_text *err)
{
    return GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(kernel, 3, sizeof tables, &tables)) ? -1 : 0;
}

int gpu_create_device_buffer(cl_context context, size_t bytes, cl_mem *buffer, error_text *err)
{
    cl_int status;
    *buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, NULL, &status);
    if (status != CL_SUCCESS)
        *buffer = NULL;
    return GPU_CHECK(err, "clCreateBuffer", status);
}

/* Wait for `count` launches, add their device times to samples_ms[0..count), release them. */
static int collect_events(cl_event *events, int count, double *samples_ms, error_text *err)
{
    int status = GPU_CHECK(err, "clWaitForEvents", clWaitForEvents((cl_uint)count, events));
    for (int i = 0; i < count; ++i) {
        cl_ulong start = 0, end = 0;
        if (status == 0 &&
            (GPU_CHECK(err, "clGetEventProfilingInfo",
                       clGetEventProfilingInfo(events[i], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL)) ||
             GPU_CHECK(err, "clGetEventProfilingInfo",
                       clGetEventProfilingInfo(events[i], CL_PROFILING_COMMAND_END, sizeof end, &end, NULL))))
            status = -1;
        if (status == 0)
            samples_ms[i] += (double)(end - start) * 1e-6;
        clReleaseEvent(events[i]);
    }
    return status;
}

int gpu_launch_kernel(cl_command_queue queue, cl_kernel kernel, size_t global, size_t local, int reps,
                      double *samples_ms, error_text *err)
{
    cl_event events[GPU_LAUNCH_EVENT_BATCH];
    int pending = 0, first = 0;
    for (int r = 0; r < reps; ++r) {
        if (GPU_CHECK(err, "clEnqueueNDRangeKernel",
                      clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL,
                                             samples_ms ? &events[pending] : NULL))) {
            if (pending)
                collect_events(events, pending, samples_ms + first, &(error_text){0});
            return -1;
        }
        if (samples_ms && ++pending == GPU_LAUNCH_EVENT_BATCH) {
            if (collect_events(events, pending, samples_ms + first, err) != 0)
                return -1;
            first = r + 1;
            pending = 0;
        }
    }
    return pending ? collect_events(events, pending, samples_ms + first, err) : 0;
}

int gpu_create_buffers(cl_context context, size_t input_bytes, size_t output_bytes, cl_mem *input, cl_mem *output,
                       error_text *err)
{
    cl_int status;
    *output = NULL;
    *input = clCreateBuffer(context, CL_MEM_READ_ONLY, input_bytes, NULL, &status);
    if (GPU_CHECK(err, "clCreateBuffer", status))
        return -1;
    *output = clCreateBuffer(context, CL_MEM_WRITE_ONLY, output_bytes, NULL, &status);
    return GPU_CHECK(err, "clCreateBuffer", status);
}

void gpu_release_buffers(cl_mem *input, cl_mem *output)
{
    if (*output)
        clReleaseMemObject(*output);
    if (*input)
        clReleaseMemObject(*input);
    *input = *output = NULL;
}

cl_ulong gpu_items_that_fit(const gpu_device_info *info, size_t read, size_t written, size_t sets)
{
    cl_ulong by_allocation = info->max_allocation / (read > written ? read : written);
    cl_ulong by_memory = info->global_memory / 2 / (sets * (read + written));
    return by_memory < by_allocation ? by_memory : by_allocation;
}

int gpu_chunk_pairs(const gpu_device_info *info, size_t read, size_t written, size_t local_size, size_t count,
                    size_t sets, size_t *chunk, error_text *err)
{
    cl_ulong limit = gpu_items_that_fit(info, read, written, sets);
    const char *env = getenv("RAYTETRA_MAX_CHUNK_PAIRS");
    if (env && *env) {
        long long forced;
        if (cli_parse_long(env, 1, (long long)1 << 50, &forced) != 0)
            return error_set(err, "RAYTETRA_MAX_CHUNK_PAIRS must be a whole number of pairs, at least 1, not '%s'", env);
        if ((cl_ulong)forced < limit)
            limit = (cl_ulong)forced;
    }
    if (limit == 0)
        return error_set(err, "%s cannot hold even one pair per buffer (max allocation %llu bytes)", info->name,
                         (unsigned long long)info->max_allocation);
    if (limit >= local_size)
        limit -= limit % local_size;
    *chunk = count < limit ? count : (size_t)limit;
    return 0;
}

int gpu_pinned_map(cl_context context, cl_command_queue queue, size_t bytes, gpu_pinned *pinned, error_text *err)
{
    cl_int status;
    pinned->host = NULL;
    pinned->buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &status);
    if (GPU_CHECK(err, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)", status))
        return -1;
    pinned->host = clEnqueueMapBuffer(queue, pinned->buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL,
                                      NULL, &status);
    if (status != CL_SUCCESS)
        pinned->host = NULL;
    return GPU_CHECK(err, "clEnqueueMapBuffer", status);
}

void gpu_pinned_release(cl_command_queue queue, gpu_pinned *pinned)
{
    if (pinned->host) {
        clEnqueueUnmapMemObject(queue, pinned->buffer, pinned->host, 0, NULL, NULL);
        clFinish(queue);
    }
    if (pinned->buffer)
        clReleaseMemObject(pinned->buffer);
    pinned->buffer = NULL;
    pinned->host = NULL;
}
