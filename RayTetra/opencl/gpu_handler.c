/* gpu_handler.c: the OpenCL host module (docs/SPECIFICATION.md section 6): device choice, the
 * algorithms' kernels with their build options and local size, and the timed write / run / read
 * of the pairs, in chunks when the input exceeds what one buffer may hold. Discovery is in
 * gpu_device.c, the program build (source, cache, build log) in gpu_program.c, the launch pieces
 * (work-items, arguments, buffers, chunk limits) in gpu_launch.c, the layout conversions in
 * gpu_layout.c, error names in gpu_errors.c. */
#define _POSIX_C_SOURCE 200809L
#include "opencl/gpu_handler.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "extent.h"
#include "gpu_kernel.h"
#include "opencl/gpu_device.h"
#include "opencl/gpu_errors.h"
#include "opencl/gpu_launch.h"
#include "opencl/gpu_layout.h"
#include "opencl/gpu_overlap.h"
#include "opencl/gpu_program.h"
#include "opencl/gpu_single.h"
#include "timer.h"

/* The kernels write records of a fixed layout. */
_Static_assert(sizeof(ray_tetra_result) == RT_RESULT_BYTES, "ray_tetra_result layout differs from rt_result.h");
_Static_assert(offsetof(ray_tetra_result, enter_point) == 16 && offsetof(ray_tetra_result, u_enter1) == 64,
               "ray_tetra_result layout differs from rt_result.h");

struct gpu_handler {
    gpu_device_info info;
    int index;
    cl_context context;
    cl_command_queue queue;
    gpu_program program;
    cl_kernel kernel;
    cl_kernel precompute; /* a precomputed form's table kernel; NULL for the others */
    const gpu_algorithm *algorithm;
    size_t local_size;
    gpu_config config;     /* set by gpu_set_config, used from the next gpu_prepare */
    gpu_config prepared;   /* the one the current program was built for */
    char options[256];     /* the build options of the current program */
    FILE *log;
    int log_warnings; /* gpu_set_log_warnings */
    char description[ERROR_TEXT_SIZE];
};

/* ---------------------------------------------------------------- device */

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

int gpu_open(gpu_handler **handler, int index, error_text *err)
{
    *handler = NULL;
    gpu_device_info *devices;
    size_t count;
    if (gpu_devices_all(&devices, &count, err) != 0)
        return -1;
    if (index < 0 || (size_t)index >= count) {
        no_such_device(index, devices, count, err);
        gpu_devices_free(devices, count);
        return -1;
    }
    gpu_handler *h = calloc(1, sizeof *h);
    if (!h) {
        gpu_devices_free(devices, count);
        return error_set(err, "out of memory");
    }
    /* Keep the chosen device's description, release the others'. */
    h->info = devices[index];
    memset(&devices[index], 0, sizeof devices[index]);
    gpu_devices_free(devices, count);
    h->index = index;
    h->log = stderr;
    h->config = GPU_CONFIG_DEFAULT;
    snprintf(h->description, sizeof h->description, "%s (%s, driver %s)", h->info.name, h->info.platform_name,
             h->info.driver_version);
    cl_int status;
    h->context = clCreateContext(NULL, 1, &h->info.device, NULL, NULL, &status);
    if (!GPU_CHECK(err, "clCreateContext", status)) {
        /* Profiling lets Bench time each launch (gpu_run_sampled); on its own it costs nothing
         * measurable (docs/BENCH.md). */
        h->queue = clCreateCommandQueue(h->context, h->info.device, CL_QUEUE_PROFILING_ENABLE, &status);
        GPU_CHECK(err, "clCreateCommandQueue", status);
    }
    if (status != CL_SUCCESS) {
        gpu_error_context(err, "opening OpenCL device %d (%s)", index, h->description);
        gpu_close(h);
        return -1;
    }
    *handler = h;
    return 0;
}

const char *gpu_device_description(const gpu_handler *handler) { return handler ? handler->description : ""; }

int gpu_require_fp64(const gpu_handler *h, const char *what, error_text *err)
{
    if (h->info.fp64)
        return 0;
    return error_set_kind(err, ERROR_OPENCL,
                          "OpenCL device %d (%s) has no double precision (cl_khr_fp64), which %s needs; choose "
                          "another device with -n (see --list-devices)",
                          h->index, h->description, what);
}

int gpu_single_data(const gpu_algorithm *algorithm, const gpu_config *config)
{
    return algorithm->precision == CPU_PRECISION_FLOAT && config->float_data == GPU_FLOAT_DATA_SINGLE;
}

void gpu_algorithm_pair_bytes(const gpu_algorithm *algorithm, const gpu_config *config, size_t *read,
                              size_t *written)
{
    gpu_pair_bytes(config, gpu_single_data(algorithm, config), read, written);
}

void gpu_kernel_pair_bytes(const gpu_algorithm *algorithm, const gpu_config *config, size_t *read, size_t *written)
{
    gpu_algorithm_pair_bytes(algorithm, config, read, written);
    *read += algorithm->table_bytes;
}

int gpu_records_need_scratch(const gpu_algorithm *algorithm, const gpu_config *config)
{
    return gpu_result_layout(config) == GPU_LAYOUT_SOA || gpu_single_data(algorithm, config);
}

int gpu_check_algorithm_fp64(const gpu_handler *h, const gpu_algorithm *algorithm, const gpu_config *config,
                             error_text *err)
{
    if (gpu_single_data(algorithm, config))
        return 0;
    char what[128];
    if (algorithm->precision == CPU_PRECISION_FLOAT)
        snprintf(what, sizeof what, "%s with --float-data double (its buffers)", algorithm->csv_name);
    else
        snprintf(what, sizeof what, "%s (double precision)", algorithm->csv_name);
    return gpu_require_fp64(h, what, err);
}

void gpu_set_log(gpu_handler *handler, FILE *log) { handler->log = log ? log : stderr; }

void gpu_set_log_warnings(gpu_handler *handler, int on) { handler->log_warnings = on; }

gpu_program_origin gpu_program_origin_of(const gpu_handler *handler) { return handler->program.origin; }

const char *gpu_program_note(const gpu_handler *handler) { return handler->program.note; }

/* ---------------------------------------------------------------- program */

static void release_program(gpu_handler *h)
{
    if (h->kernel)
        clReleaseKernel(h->kernel);
    if (h->precompute)
        clReleaseKernel(h->precompute);
    h->kernel = h->precompute = NULL;
    gpu_program_release(&h->program);
    h->algorithm = NULL;
}

/* The thesis' rule (docs/SPECIFICATION.md section 6): 64 on AMD GPUs, the largest multiple of 32 the kernel
 * allows on NVIDIA GPUs, 1 elsewhere. On PoCL CPU devices 1 is the slowest choice by far (every
 * work-group is one task of its scheduler: see docs/GPU.md for measurements), but it stays
 * the default so that runs compare with the thesis; --local-size overrides it. */
static size_t default_local_size(const gpu_device_info *info, size_t kernel_max)
{
    if (gpu_device_is_amd_gpu(info))
        return kernel_max < 64 ? kernel_max : 64;
    if (gpu_device_is_nvidia_gpu(info))
        return kernel_max >= 32 ? kernel_max / 32 * 32 : kernel_max;
    return 1;
}

void gpu_set_config(gpu_handler *h, const gpu_config *config)
{
    h->config = *config;
    if (h->config.pairs_per_item == 0)
        h->config.pairs_per_item = 1;
}

/* The build options of the data precision, layout, output level and extent (gpu_kernel.h); they
 * are part of the cache key, so each combination has its own cached binary. The line adds no
 * option (its programs and cache entries stay what they were); the robust kernel computes the
 * line and the host clips it exactly (run_chunk). */
void gpu_build_options(const gpu_algorithm *algorithm, const gpu_config *config, char *options, size_t size)
{
    const char *own = algorithm->build_options ? algorithm->build_options : "";
    char extent[32] = "";
    if (config->extent != RT_EXTENT_LINE && !algorithm->robust)
        snprintf(extent, sizeof extent, " -DRT_EXTENT=%d", config->extent);
    snprintf(options, size, "%s%s%s%s%s -DRT_OUTPUT_LEVEL=%d%s%s", GPU_PROGRAM_LANGUAGE, own[0] ? " " : "", own,
             gpu_single_data(algorithm, config) ? " -DRT_SINGLE_DATA" : "",
             config->layout == GPU_LAYOUT_SOA ? " -DRT_LAYOUT_SOA" : "",
             config->output == GPU_OUTPUT_HIT ? 0 : (config->output == GPU_OUTPUT_FACES ? 1 : 2), extent,
             gpu_result_layout(config) == GPU_LAYOUT_SOA ? " -DRT_RESULT_SOA" : "");
}

int gpu_prepare(gpu_handler *h, const gpu_algorithm *algorithm, size_t local_size, error_text *err)
{
    release_program(h);
    if (gpu_check_algorithm_fp64(h, algorithm, &h->config, err) != 0)
        return -1;
    h->algorithm = algorithm;
    gpu_build_options(algorithm, &h->config, h->options, sizeof h->options);
    h->prepared = h->config;
    gpu_program_request request = {h->context,  &h->info, algorithm->kernel_file, algorithm->kernel_name,
                                   h->options,  h->log,   h->log_warnings};
    size_t kernel_max, precompute_max = (size_t)-1;
    if (gpu_program_obtain(&request, &h->program, err) != 0 ||
        gpu_program_kernel(&h->program, h->info.device, algorithm->kernel_name, &h->kernel, &kernel_max, err) != 0 ||
        (algorithm->precompute_kernel && gpu_program_kernel(&h->program, h->info.device, algorithm->precompute_kernel,
                                                            &h->precompute, &precompute_max, err) != 0)) {
        release_program(h);
        return -1;
    }
    /* Both kernels of a precomputed form launch with the one local size. */
    if (precompute_max < kernel_max)
        kernel_max = precompute_max;
    size_t allowed = kernel_max < h->info.max_work_items ? kernel_max : h->info.max_work_items;
    if (local_size == 0) {
        local_size = default_local_size(&h->info, allowed);
    } else if (local_size > allowed) {
        error_set(err, "local size %zu is too large: kernel %s allows at most %zu work-items per group on %s (choose "
                       "--local-size 1 to %zu)",
                  local_size, algorithm->kernel_name, allowed, h->info.name, allowed);
        release_program(h);
        return -1;
    }
    h->local_size = local_size;
    return 0;
}

/* ---------------------------------------------------------------- run */

typedef struct run_buffers {
    cl_mem pairs, results;
    cl_mem tables;   /* a precomputed form's, on the device only (NULL for the others) */
    void *staging;   /* the records as read back, before conversion */
    void *records;   /* the records rearranged or widened (NULL: the kernel's aos double records need neither) */
    void *input;     /* the chunk's pairs in the kernel's layout and precision (NULL: aos doubles, as held) */
    size_t pair;     /* bytes of one pair in the input buffer */
    size_t record;   /* bytes of one output record */
} run_buffers;

/* Launch the kernel on the `count` pairs its arguments name, `reps` times, and wait; with
 * samples_ms, add each launch's device time to its repetition's entry (gpu_launch_kernel). */
static int launch(gpu_handler *h, size_t count, int reps, double *samples_ms, error_text *err)
{
    size_t global = gpu_global_size(count, h->prepared.pairs_per_item, h->local_size);
    if (gpu_launch_kernel(h->queue, h->kernel, global, h->local_size, reps, samples_ms, err) != 0)
        return -1;
    return GPU_CHECK(err, "clFinish", clFinish(h->queue));
}

void gpu_handler_results(gpu_handler *h, const void *records, void *scratch, const ray_tetra_pair *pairs,
                         ray_tetra_result *results, size_t count, gpu_times *times)
{
    /* Host work, outside the read time: single-precision records widened, or the soa result
     * layout rearranged, into the double records of the level, then those converted. */
    int single = gpu_single_data(h->algorithm, &h->prepared);
    if (single) {
        gpu_single_records_widen(h->prepared.output, gpu_result_layout(&h->prepared), records, scratch, count);
        records = scratch;
    } else if (gpu_result_layout(&h->prepared) == GPU_LAYOUT_SOA) {
        gpu_layout_records_aos(h->prepared.output, records, scratch, count);
        records = scratch;
    }
    gpu_layout_results(h->prepared.output, records, results, count);
    if (single && h->prepared.extent != RT_EXTENT_LINE && h->prepared.output == GPU_OUTPUT_ALL)
        gpu_single_clipped_points(pairs, results, count);
    if (h->algorithm->finish) {
        /* Part of the read step: a flagged pair is not finished until the host has decided it. */
        double start = timer_now_ms();
        times->uncertain += h->algorithm->finish(h->prepared.output, records, pairs, results, count);
        double finish = timer_now_ms() - start;
        times->finish_ms += finish;
        times->read_ms += finish;
    }
    if (h->prepared.extent != RT_EXTENT_LINE && h->algorithm->robust) {
        /* The robust kernel's lines clipped exactly on the host (the double build; a float build
         * by its t, as its CPU twin): part of the finishing, so of the read step. */
        double start = timer_now_ms();
        int exact = h->algorithm->precision == CPU_PRECISION_DOUBLE;
        for (size_t i = 0; i < count; ++i) {
            extent_apply(&pairs[i], &results[i], h->prepared.extent, exact);
            /* A compact level keeps its own fields only, as a CPU run clipped and then packed. */
            if (h->prepared.output != GPU_OUTPUT_ALL)
                gpu_layout_level(h->prepared.output, &results[i], &results[i]);
        }
        double finish = timer_now_ms() - start;
        times->finish_ms += finish;
        times->read_ms += finish;
    }
}

/* A precomputed form's tables of the chunk's `count` pairs, filled on the device and timed
 * apart (times->precompute_ms), after one untimed launch when warming up (the driver's work at a
 * kernel's first launch); then the timed kernel's table argument. Nothing for other forms. */
static int fill_tables(gpu_handler *h, const run_buffers *b, size_t count, int warm_up, gpu_times *times,
                       error_text *err)
{
    if (!h->precompute)
        return 0;
    if (gpu_set_arguments(h->precompute, b->pairs, b->tables, count, err) != 0)
        return -1;
    size_t global = gpu_global_size(count, h->prepared.pairs_per_item, h->local_size);
    for (int timed = !warm_up; timed <= 1; ++timed) {
        double start = timer_now_ms();
        if (gpu_launch_kernel(h->queue, h->precompute, global, h->local_size, 1, NULL, err) != 0 ||
            GPU_CHECK(err, "clFinish", clFinish(h->queue)))
            return -1;
        if (timed)
            times->precompute_ms += timer_now_ms() - start;
    }
    return gpu_set_tables_argument(h->kernel, b->tables, err);
}

/* One chunk: write, (warm up), run, read, each step timed.
 * Timing: the host's monotonic clock (timer_now_ms) around each step, which ends with clFinish,
 * so a step's time is what the host waits for it, launch overheads included. The kernel's
 * repetitions, when samples_ms asks for them, are also timed one by one with profiling events:
 * waiting for each launch on the host instead (clFinish after each) would add the round trip to
 * every repetition, 30-40% of a short kernel's time on PoCL (docs/BENCH.md). */
static int run_chunk(gpu_handler *h, run_buffers *b, const ray_tetra_pair *pairs, ray_tetra_result *results,
                     size_t count, int reps, int warm_up, gpu_times *times, double *samples_ms, error_text *err)
{
    /* The layout and precision conversion is host work before the transfer, outside every timed
     * step. */
    const void *source = pairs;
    if (b->input) {
        gpu_layout_input(h->prepared.layout, gpu_single_data(h->algorithm, &h->prepared), pairs, count, b->input);
        source = b->input;
    }
    if (gpu_set_arguments(h->kernel, b->pairs, b->results, count, err) != 0)
        return -1;
    double start = timer_now_ms();
    if (GPU_CHECK(err, "clEnqueueWriteBuffer",
                  clEnqueueWriteBuffer(h->queue, b->pairs, CL_TRUE, 0, count * b->pair, source, 0, NULL, NULL)) ||
        GPU_CHECK(err, "clFinish", clFinish(h->queue)))
        return -1;
    times->write_ms += timer_now_ms() - start;
    if (fill_tables(h, b, count, warm_up, times, err) != 0)
        return -1;
    /* One untimed launch first: drivers finish compiling a kernel at its first launch (PoCL
     * compiles per local size then), which is not the algorithm's time. */
    if (warm_up && launch(h, count, 1, NULL, err) != 0)
        return -1;
    start = timer_now_ms();
    if (launch(h, count, reps, samples_ms, err) != 0)
        return -1;
    times->kernel_ms += timer_now_ms() - start;
    start = timer_now_ms();
    if (GPU_CHECK(err, "clEnqueueReadBuffer",
                  clEnqueueReadBuffer(h->queue, b->results, CL_TRUE, 0, count * b->record, b->staging, 0, NULL,
                                      NULL)) ||
        GPU_CHECK(err, "clFinish", clFinish(h->queue)))
        return -1;
    times->read_ms += timer_now_ms() - start;
    gpu_handler_results(h, b->staging, b->records, pairs, results, count, times);
    times->launches += (size_t)reps;
    times->chunks += 1;
    return 0;
}

int gpu_run(gpu_handler *h, const pair_set *set, ray_tetra_result *results, int reps, gpu_times *times,
            error_text *err)
{
    return gpu_run_sampled(h, set, results, reps, times, NULL, err);
}

int gpu_run_sampled(gpu_handler *h, const pair_set *set, ray_tetra_result *results, int reps, gpu_times *times,
                    double *kernel_samples_ms, error_text *err)
{
    memset(times, 0, sizeof *times);
    if (kernel_samples_ms)
        for (int r = 0; r < reps; ++r)
            kernel_samples_ms[r] = 0;
    if (!h->kernel)
        return error_set(err, "gpu_run: no kernel prepared (call gpu_prepare first)");
    if (reps < 1)
        return error_set(err, "gpu_run: REPS must be at least 1, not %d", reps);
    times->local_size = h->local_size;
    times->transfers = h->prepared.transfers;
    if (set->count == 0)
        return 0;
    if (h->prepared.transfers == GPU_TRANSFERS_PINNED)
        return gpu_run_pinned(h, set, results, reps, times, kernel_samples_ms, err);
    times->queues = 1;
    run_buffers b = {NULL, NULL, NULL, NULL, NULL, NULL, 0, 0};
    gpu_algorithm_pair_bytes(h->algorithm, &h->prepared, &b.pair, &b.record);
    size_t chunk = 0, table = h->algorithm->table_bytes;
    /* A table takes device memory beside its pair: counted as input. */
    if (gpu_chunk_pairs(&h->info, b.pair + table, b.record, h->local_size, set->count, 1, &chunk, err) != 0)
        return -1;
    times->global_size = gpu_global_size(chunk, h->prepared.pairs_per_item, h->local_size);
    int convert_input = h->prepared.layout == GPU_LAYOUT_SOA || gpu_single_data(h->algorithm, &h->prepared);
    int convert_records = gpu_records_need_scratch(h->algorithm, &h->prepared);
    b.staging = malloc(chunk * b.record);
    if (convert_input)
        b.input = malloc(chunk * b.pair);
    if (convert_records)
        b.records = malloc(chunk * sizeof(ray_tetra_result));
    int failed = 0;
    if (!b.staging || (convert_input && !b.input) || (convert_records && !b.records))
        failed = error_set(err, "out of memory for %zu results", chunk);
    else /* touch every page now: first-touch page faults are host work, not the read's time */
        memset(b.staging, 0, chunk * b.record);
    if (!failed)
        failed = gpu_create_buffers(h->context, chunk * b.pair, chunk * b.record, &b.pairs, &b.results, err) != 0 ||
                 (table && gpu_create_device_buffer(h->context, chunk * table, &b.tables, err) != 0);
    for (size_t first = 0; first < set->count && !failed; first += chunk) {
        size_t count = set->count - first < chunk ? set->count - first : chunk;
        failed = run_chunk(h, &b, set->pairs + first, results + first, count, reps, first == 0, times,
                           kernel_samples_ms, err);
    }
    if (failed)
        gpu_error_context(err, "running %s on %s (%zu pairs, %zu per launch, local size %zu, %s layout, output %s)",
                          h->algorithm->kernel_name, h->info.name, set->count, chunk, h->local_size,
                          gpu_layout_name(h->prepared.layout), gpu_output_name(h->prepared.output));
    gpu_release_buffers(&b.pairs, &b.results);
    if (b.tables)
        clReleaseMemObject(b.tables);
    free(b.staging);
    free(b.records);
    free(b.input);
    times->end_to_end_ms = times->write_ms + times->kernel_ms + times->read_ms;
    return failed ? -1 : 0;
}

double gpu_timer_resolution_ms(const gpu_handler *h)
{
    size_t resolution_ns = 0;
    if (clGetDeviceInfo(h->info.device, CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof resolution_ns, &resolution_ns,
                        NULL) != CL_SUCCESS)
        return 0;
    return (double)resolution_ns * 1e-6;
}

void gpu_handler_objects(const gpu_handler *h, gpu_cl_objects *objects)
{
    *objects = (gpu_cl_objects){.context = h->context, .queue = h->queue, .info = &h->info, .kernel = h->kernel,
                                .precompute = h->precompute, .local_size = h->local_size, .config = h->prepared,
                                .algorithm = h->algorithm, .log = h->log};
}

void gpu_close(gpu_handler *h)
{
    if (!h)
        return;
    release_program(h);
    if (h->queue)
        clReleaseCommandQueue(h->queue);
    if (h->context)
        clReleaseContext(h->context);
    gpu_device_info_free(&h->info);
    free(h);
}
