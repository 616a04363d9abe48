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
#include "opencl/gpu_device.h"
#include "opencl/gpu_errors.h"
#include "opencl/gpu_launch.h"
#include "opencl/gpu_layout.h"
#include "opencl/gpu_overlap.h"
#include "opencl/gpu_program.h"
#include "timer.h"

_Static_assert(offsetof(ray_tetra_result, enter_point) == 16 && offsetof(ray_tetra_result, u_enter1) == 64,
               "ray_tetra_result layout differs from rt_result.h");

struct gpu_handler {
    device_session *session;
    gpu_program program;
    cl_kernel kernel;
    cl_kernel precompute; /* a precomputed form's table kernel; NULL for the others */
    const gpu_algorithm *algorithm;
    size_t local_size;
    gpu_config config;     /* set by gpu_set_config, used from the next gpu_prepare */
    gpu_config prepared;   /* the one the current program was built for */
    char options[256];     /* the build options of the current program */
};

/* ---------------------------------------------------------------- device */

int gpu_open(gpu_handler **handler, int index, error_text *err)
{
    *handler = NULL;
    gpu_handler *h = calloc(1, sizeof *h);
    if (!h)
        return error_set(err, "out of memory");
    if (device_session_open(&h->session, index, err) != 0) {
        free(h);
        return -1;
    }
    h->config = GPU_CONFIG_DEFAULT;
    *handler = h;
    return 0;
}

device_session *gpu_session(const gpu_handler *handler) { return handler->session; }

const char *gpu_device_description(const gpu_handler *handler)
{
    return handler ? device_session_description(handler->session) : "";
}

int gpu_require_fp64(const gpu_handler *h, const char *what, error_text *err)
{
    return device_session_require_fp64(h->session, what, err);
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

void gpu_set_log(gpu_handler *handler, FILE *log) { device_session_set_log(handler->session, log); }

void gpu_set_log_warnings(gpu_handler *handler, int on) { device_session_set_log_warnings(handler->session, on); }

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
    const device_session *s = h->session;
    size_t allowed, precompute_max = (size_t)-1;
    if (device_session_program(s, algorithm->kernel_file, algorithm->kernel_name, h->options, &h->program, err) != 0 ||
        device_session_kernel(s, &h->program, algorithm->kernel_name, &h->kernel, &allowed, err) != 0 ||
        (algorithm->precompute_kernel &&
         device_session_kernel(s, &h->program, algorithm->precompute_kernel, &h->precompute, &precompute_max, err))) {
        release_program(h);
        return -1;
    }
    /* Both kernels of a precomputed form launch with the one local size. */
    if (precompute_max < allowed)
        allowed = precompute_max;
    if (local_size == 0) {
        local_size = default_local_size(device_session_info(s), allowed);
    } else if (local_size > allowed) {
        error_set(err, "local size %zu is too large: kernel %s allows at most %zu work-items per group on %s (choose "
                       "--local-size 1 to %zu)",
                  local_size, algorithm->kernel_name, allowed, device_session_info(s)->name, allowed);
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
    cl_command_queue queue = device_session_queue(h->session);
    if (gpu_launch_kernel(queue, h->kernel, global, h->local_size, reps, samples_ms, err) != 0)
        return -1;
    return GPU_CHECK(err, "clFinish", clFinish(queue));
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
        if (gpu_launch_kernel(device_session_queue(h->session), h->precompute, global, h->local_size, 1, NULL, err) ||
            GPU_CHECK(err, "clFinish", clFinish(device_session_queue(h->session))))
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
    if (device_session_write(h->session, b->pairs, 0, count * b->pair, source, err) != 0)
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
    if (device_session_read(h->session, b->results, 0, count * b->record, b->staging, err) != 0)
        return -1;
    times->read_ms += timer_now_ms() - start;
    gpu_prepared view;
    gpu_handler_prepared(h, &view);
    gpu_prepared_results(&view, b->staging, b->records, pairs, results, count, times);
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
    if (h->prepared.transfers == GPU_TRANSFERS_PINNED) {
        gpu_prepared view;
        gpu_handler_prepared(h, &view);
        return gpu_run_pinned(&view, set, results, reps, times, kernel_samples_ms, err);
    }
    times->queues = 1;
    run_buffers b = {NULL, NULL, NULL, NULL, NULL, NULL, 0, 0};
    gpu_algorithm_pair_bytes(h->algorithm, &h->prepared, &b.pair, &b.record);
    size_t chunk = 0, table = h->algorithm->table_bytes;
    /* A table takes device memory beside its pair: counted as input. */
    const gpu_device_info *info = device_session_info(h->session);
    if (gpu_chunk_pairs(info, b.pair + table, b.record, h->local_size, set->count, 1, &chunk, err) != 0)
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
        failed = gpu_create_buffers(device_session_context(h->session), chunk * b.pair, chunk * b.record, &b.pairs,
                                    &b.results, err) != 0 ||
                 (table && gpu_create_device_buffer(device_session_context(h->session), chunk * table, &b.tables, err));
    for (size_t first = 0; first < set->count && !failed; first += chunk) {
        size_t count = set->count - first < chunk ? set->count - first : chunk;
        failed = run_chunk(h, &b, set->pairs + first, results + first, count, reps, first == 0, times,
                           kernel_samples_ms, err);
    }
    if (failed)
        gpu_error_context(err, "running %s on %s (%zu pairs, %zu per launch, local size %zu, %s layout, output %s)",
                          h->algorithm->kernel_name, info->name, set->count, chunk, h->local_size,
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

double gpu_timer_resolution_ms(const gpu_handler *h) { return device_session_timer_resolution_ms(h->session); }

void gpu_handler_prepared(const gpu_handler *h, gpu_prepared *prepared)
{
    const device_session *s = h->session;
    *prepared = (gpu_prepared){.session = s, .context = device_session_context(s), .queue = device_session_queue(s),
                               .info = device_session_info(s), .kernel = h->kernel, .precompute = h->precompute,
                               .local_size = h->local_size, .config = h->prepared, .algorithm = h->algorithm,
                               .log = device_session_log(s)};
}

void gpu_close(gpu_handler *h)
{
    if (!h)
        return;
    release_program(h);
    device_session_close(h->session);
    free(h);
}
