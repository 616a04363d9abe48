/* device_session.c: one OpenCL device in use (device_session.h). Discovery is gpu_device.c's, the
 * program build (source, cache, build log) gpu_program.c's. */
#define _POSIX_C_SOURCE 200809L
#include "opencl/device_session.h"

#include <stdlib.h>
#include <string.h>

struct device_session {
    gpu_device_info info;
    int index;
    cl_context context;
    cl_command_queue queue;
    FILE *log;
    int log_warnings;
    char description[ERROR_TEXT_SIZE];
};

/* err = "OpenCL device I does not exist: N devices found (0: NAME [PLATFORM], ...); ..." */
static int no_such_device(int index, const gpu_device_info *devices, size_t count, error_text *err)
{
    if (count == 0)
        return error_set(err, "OpenCL device %d does not exist: no OpenCL device found (install an OpenCL driver: an "
                              "ICD file in /etc/OpenCL/vendors, e.g. the pocl-opencl-icd package for the CPU)",
                         index);
    char list[ERROR_TEXT_SIZE] = "";
    size_t used = 0;
    for (size_t i = 0; i < count && used < sizeof list; ++i) {
        int n = snprintf(list + used, sizeof list - used, "%s%zu: %s [%s]", i ? ", " : "", i, devices[i].name,
                         devices[i].platform_name);
        used += n > 0 ? (size_t)n : 0;
    }
    char choice[64] = "-n 0";
    if (count > 1)
        snprintf(choice, sizeof choice, "-n 0 to %zu", count - 1);
    return error_set(err, "OpenCL device %d does not exist: %zu device%s found (%s); choose %s (see --list-devices)",
                     index, count, count == 1 ? "" : "s", list, choice);
}

/* The description of device `index`, taken out of the list (the others are released). */
static int take_device(int index, gpu_device_info *info, error_text *err)
{
    gpu_device_info *devices;
    size_t count;
    if (gpu_devices_all(&devices, &count, err) != 0)
        return -1;
    int status = 0;
    if (index < 0 || (size_t)index >= count) {
        status = no_such_device(index, devices, count, err);
    } else {
        *info = devices[index];
        memset(&devices[index], 0, sizeof devices[index]);
    }
    gpu_devices_free(devices, count);
    return status;
}

int device_session_open(device_session **session, int index, error_text *err)
{
    *session = NULL;
    gpu_device_info info;
    if (take_device(index, &info, err) != 0)
        return -1;
    device_session *s = calloc(1, sizeof *s);
    if (!s) {
        gpu_device_info_free(&info);
        return error_set(err, "out of memory");
    }
    s->info = info;
    s->index = index;
    s->log = stderr;
    snprintf(s->description, sizeof s->description, "%s (%s, driver %s)", info.name, info.platform_name,
             info.driver_version);
    cl_int status;
    s->context = clCreateContext(NULL, 1, &s->info.device, NULL, NULL, &status);
    if (!GPU_CHECK(err, "clCreateContext", status)) {
        s->queue = clCreateCommandQueue(s->context, s->info.device, CL_QUEUE_PROFILING_ENABLE, &status);
        GPU_CHECK(err, "clCreateCommandQueue", status);
    }
    if (status != CL_SUCCESS) {
        gpu_error_context(err, "opening OpenCL device %d (%s)", index, s->description);
        device_session_close(s);
        return -1;
    }
    *session = s;
    return 0;
}

void device_session_close(device_session *s)
{
    if (!s)
        return;
    if (s->queue)
        clReleaseCommandQueue(s->queue);
    if (s->context)
        clReleaseContext(s->context);
    gpu_device_info_free(&s->info);
    free(s);
}

const char *device_session_description(const device_session *s) { return s ? s->description : ""; }
int device_session_index(const device_session *s) { return s->index; }
const gpu_device_info *device_session_info(const device_session *s) { return &s->info; }
cl_context device_session_context(const device_session *s) { return s->context; }
cl_command_queue device_session_queue(const device_session *s) { return s->queue; }
void device_session_set_log(device_session *s, FILE *log) { s->log = log ? log : stderr; }
void device_session_set_log_warnings(device_session *s, int on) { s->log_warnings = on; }
FILE *device_session_log(const device_session *s) { return s->log; }

int device_session_require_fp64(const device_session *s, const char *what, error_text *err)
{
    if (s->info.fp64)
        return 0;
    return error_set_kind(err, ERROR_OPENCL,
                          "OpenCL device %d (%s) has no double precision (cl_khr_fp64), which %s needs; choose "
                          "another device with -n (see --list-devices)",
                          s->index, s->description, what);
}

int device_session_program(const device_session *s, const char *kernel_file, const char *kernel_name,
                           const char *options, gpu_program *program, error_text *err)
{
    gpu_program_request request = {s->context, &s->info, kernel_file, kernel_name, options, s->log, s->log_warnings};
    return gpu_program_obtain(&request, program, err);
}

int device_session_kernel(const device_session *s, const gpu_program *program, const char *name, cl_kernel *kernel,
                          size_t *max_group, error_text *err)
{
    size_t kernel_max = 0;
    if (gpu_program_kernel(program, s->info.device, name, kernel, &kernel_max, err) != 0)
        return -1;
    *max_group = kernel_max < s->info.max_work_items ? kernel_max : s->info.max_work_items;
    return 0;
}

int device_session_buffer(const device_session *s, cl_mem_flags flags, size_t bytes, const void *data,
                          cl_mem *buffer, error_text *err)
{
    cl_int status;
    *buffer = clCreateBuffer(s->context, flags | (data ? CL_MEM_COPY_HOST_PTR : 0), bytes, (void *)data, &status);
    if (status != CL_SUCCESS)
        *buffer = NULL;
    return GPU_CHECK(err, "clCreateBuffer", status);
}

/* An enqueued call's status checked, then the queue finished: the session's write, read and run
 * return only once the device has done them. */
static int checked_then_finished(const device_session *s, const char *call, cl_int status, error_text *err)
{
    return GPU_CHECK(err, call, status) || GPU_CHECK(err, "clFinish", clFinish(s->queue)) ? -1 : 0;
}

int device_session_write(const device_session *s, cl_mem buffer, size_t offset, size_t bytes, const void *data,
                         error_text *err)
{
    if (bytes == 0)
        return 0;
    cl_int status = clEnqueueWriteBuffer(s->queue, buffer, CL_TRUE, offset, bytes, data, 0, NULL, NULL);
    return checked_then_finished(s, "clEnqueueWriteBuffer", status, err);
}

int device_session_read(const device_session *s, cl_mem buffer, size_t offset, size_t bytes, void *out,
                        error_text *err)
{
    if (bytes == 0)
        return 0;
    cl_int status = clEnqueueReadBuffer(s->queue, buffer, CL_TRUE, offset, bytes, out, 0, NULL, NULL);
    return checked_then_finished(s, "clEnqueueReadBuffer", status, err);
}

int device_session_run(const device_session *s, cl_kernel kernel, size_t global, size_t local, error_text *err)
{
    cl_int status = clEnqueueNDRangeKernel(s->queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL);
    return checked_then_finished(s, "clEnqueueNDRangeKernel", status, err);
}

int device_session_new_queue(const device_session *s, int profiling, cl_command_queue *queue, error_text *err)
{
    cl_int status;
    *queue = clCreateCommandQueue(s->context, s->info.device, profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &status);
    if (status != CL_SUCCESS)
        *queue = NULL;
    return GPU_CHECK(err, "clCreateCommandQueue", status);
}

double device_session_timer_resolution_ms(const device_session *s)
{
    size_t resolution_ns = 0;
    if (clGetDeviceInfo(s->info.device, CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof resolution_ns, &resolution_ns,
                        NULL) != CL_SUCCESS)
        return 0;
    return (double)resolution_ns * 1e-6;
}
