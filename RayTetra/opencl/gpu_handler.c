/* gpu_handler.c: the OpenCL host module (docs/SPECIFICATION.md section 6): device choice, program build or
 * cached binary, local size, and the timed write / run / read of the pairs, in chunks when the
 * input exceeds what one buffer may hold. Discovery is in gpu_device.c, kernel sources in
 * gpu_source.c, the binary cache in gpu_cache.c, error names in gpu_errors.c. */
#define _POSIX_C_SOURCE 200809L
#include "opencl/gpu_handler.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cpu/algorithms_robust.h"
#include "opencl/gpu_cache.h"
#include "opencl/gpu_device.h"
#include "opencl/gpu_errors.h"
#include "gpu_kernel.h"
#include "opencl/gpu_layout.h"
#include "opencl/gpu_objects.h"
#include "opencl/gpu_source.h"
#include "timer.h"

/* The kernels read the pairs as the host holds them, and write records of a fixed layout. */
_Static_assert(sizeof(ray_tetra_pair) == RT_GPU_PAIR_DOUBLES * sizeof(double), "ray_tetra_pair has padding");
_Static_assert(sizeof(rt_gpu_result) == RT_GPU_RESULT_BYTES, "rt_gpu_result layout differs from gpu_kernel.h");
_Static_assert(offsetof(rt_gpu_result, enter_point) == 16 && offsetof(rt_gpu_result, u_enter1) == 64,
               "rt_gpu_result layout differs from gpu_kernel.h");

/* The language the shared headers are written in (rt_math.h). */
#define BUILD_OPTIONS "-cl-std=CL1.2"

/* Float builds compile the very same .cl file with RT_SINGLE (rt_math.h), so that both
 * precisions run one source; they come after the thesis' four so that -g 0..3 keep their meaning. */
#define GPU_DOUBLE(i, name, csv, file, kernel) {i, #name, csv, file, kernel, CPU_PRECISION_DOUBLE, "", #name, 0}
#define GPU_FLOAT(i, name, csv, file, kernel, of)                                                                     \
    {i, #name, csv, file, kernel, CPU_PRECISION_FLOAT, "-DRT_SINGLE", #of, 0}

static const gpu_algorithm GPU_ALGORITHMS[] = {
    GPU_DOUBLE(0, pluecker0, "GPU_Segura0", "RayTetraSegura0.cl", "ray_tetra_segura0"),
    GPU_DOUBLE(1, stp0, "GPU_STP0", "RayTetraSTP0.cl", "ray_tetra_stp0"),
    GPU_DOUBLE(2, stp1, "GPU_STP1", "RayTetraSTP1.cl", "ray_tetra_stp1"),
    GPU_DOUBLE(3, stp2, "GPU_STP2", "RayTetraSTP2.cl", "ray_tetra_stp2"),
    GPU_FLOAT(4, pluecker0f, "GPU_Segura0F", "RayTetraSegura0.cl", "ray_tetra_segura0", pluecker0),
    GPU_FLOAT(5, stp0f, "GPU_STP0F", "RayTetraSTP0.cl", "ray_tetra_stp0", stp0),
    GPU_FLOAT(6, stp1f, "GPU_STP1F", "RayTetraSTP1.cl", "ray_tetra_stp1", stp1),
    GPU_FLOAT(7, stp2f, "GPU_STP2F", "RayTetraSTP2.cl", "ray_tetra_stp2", stp2),
    {8, "stp0r", "GPU_STP0R", "RayTetraSTP0R.cl", "ray_tetra_stp0r", CPU_PRECISION_DOUBLE, "", "stp0r", 1},
};
#define GPU_ALGORITHM_COUNT ((int)(sizeof GPU_ALGORITHMS / sizeof GPU_ALGORITHMS[0]))

struct gpu_handler {
    gpu_device_info info;
    int index;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel kernel;
    const gpu_algorithm *algorithm;
    size_t local_size;
    gpu_config config;     /* set by gpu_set_config, used from the next gpu_prepare */
    gpu_config prepared;   /* the one the current program was built for */
    char options[256];     /* the build options of the current program */
    gpu_program_origin origin;
    FILE *log;
    char description[ERROR_TEXT_SIZE];
    char note[2 * ERROR_TEXT_SIZE];
};

const gpu_algorithm *gpu_algorithms(int *count)
{
    *count = GPU_ALGORITHM_COUNT;
    return GPU_ALGORITHMS;
}

const gpu_algorithm *gpu_algorithm_get(int index)
{
    return index >= 0 && index < GPU_ALGORITHM_COUNT ? &GPU_ALGORITHMS[index] : NULL;
}

const gpu_algorithm *gpu_algorithm_in_precision(const gpu_algorithm *algorithm, cpu_precision precision)
{
    if (algorithm->precision == precision)
        return algorithm;
    for (int i = 0; i < GPU_ALGORITHM_COUNT; ++i)
        if (GPU_ALGORITHMS[i].precision == precision && !GPU_ALGORITHMS[i].robust &&
            strcmp(GPU_ALGORITHMS[i].double_name, algorithm->double_name) == 0)
            return &GPU_ALGORITHMS[i];
    return NULL;
}

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
    if (!h->info.fp64) {
        error_set(err, "OpenCL device %d (%s) has no double precision (cl_khr_fp64), which every RayTetra kernel "
                       "needs; choose another device with -n (see --list-devices)",
                  index, h->description);
        gpu_close(h);
        return -1;
    }
    cl_int status;
    h->context = clCreateContext(NULL, 1, &h->info.device, NULL, NULL, &status);
    if (!GPU_CHECK(err, "clCreateContext", status)) {
        h->queue = clCreateCommandQueue(h->context, h->info.device, 0, &status);
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

void gpu_set_log(gpu_handler *handler, FILE *log) { handler->log = log ? log : stderr; }

gpu_program_origin gpu_program_origin_of(const gpu_handler *handler) { return handler->origin; }

const char *gpu_program_note(const gpu_handler *handler) { return handler->note; }

/* ---------------------------------------------------------------- program */

static void release_program(gpu_handler *h)
{
    if (h->kernel)
        clReleaseKernel(h->kernel);
    if (h->program)
        clReleaseProgram(h->program);
    h->kernel = NULL;
    h->program = NULL;
    h->algorithm = NULL;
    h->origin = GPU_PROGRAM_NONE;
    h->note[0] = '\0';
}

/* Print the build log (read size-first: it may be long) to the handler's log. */
static void print_build_log(gpu_handler *h, cl_program program, const char *path)
{
    size_t size = 0;
    if (clGetProgramBuildInfo(program, h->info.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS)
        return;
    char *log = malloc(size + 1);
    if (!log)
        return;
    if (clGetProgramBuildInfo(program, h->info.device, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS) {
        log[size] = '\0';
        fprintf(h->log, "----- build log of %s on %s -----\n%s%s----- end of build log -----\n", path, h->info.name,
                log, size > 1 && log[strlen(log) - 1] != '\n' ? "\n" : "");
        fflush(h->log);
    }
    free(log);
}

static int build_from_source(gpu_handler *h, const char *path, const char *source, size_t length, error_text *err)
{
    cl_int status;
    h->program = clCreateProgramWithSource(h->context, 1, &source, &length, &status);
    if (GPU_CHECK(err, "clCreateProgramWithSource", status))
        return gpu_error_context(err, "%s", path);
    status = clBuildProgram(h->program, 1, &h->info.device, h->options, NULL, NULL);
    if (status != CL_SUCCESS) {
        print_build_log(h, h->program, path);
        GPU_CHECK(err, "clBuildProgram", status);
        return gpu_error_context(err, "building %s for %s failed (build log above)", path, h->info.name);
    }
    return 0;
}

/* The binary of the built program (one device), malloc'd; NULL if the driver gives none. */
static unsigned char *program_binary(cl_program program, size_t *size)
{
    *size = 0;
    if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof *size, size, NULL) != CL_SUCCESS || *size == 0)
        return NULL;
    unsigned char *binary = malloc(*size);
    if (binary && clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binary, &binary, NULL) != CL_SUCCESS) {
        free(binary);
        binary = NULL;
    }
    return binary;
}

/* Try the cache entry; returns 0 with h->program built from it, or -1 with why set. */
static int load_cached(gpu_handler *h, const char *entry, const char *key, error_text *why)
{
    unsigned char *binary;
    size_t size;
    gpu_cache_status found = gpu_cache_load(entry, key, &binary, &size, why);
    if (found == GPU_CACHE_MISSING)
        return error_set(why, "no cache entry");
    if (found == GPU_CACHE_INVALID)
        return -1;
    cl_int status, binary_status = CL_SUCCESS;
    const unsigned char *binaries[1] = {binary};
    h->program = clCreateProgramWithBinary(h->context, 1, &h->info.device, &size, binaries, &binary_status, &status);
    free(binary);
    if (status == CL_SUCCESS)
        status = binary_status;
    if (status == CL_SUCCESS)
        status = clBuildProgram(h->program, 1, &h->info.device, h->options, NULL, NULL);
    if (status != CL_SUCCESS) {
        if (h->program)
            clReleaseProgram(h->program);
        h->program = NULL;
        return error_set(why, "the driver refused cache entry %s (%s)", entry, gpu_error_name(status));
    }
    return 0;
}

/* Build the program of `path`, from the cache when a valid entry exists. */
static int obtain_program(gpu_handler *h, const char *path, error_text *err)
{
    char *source;
    size_t length;
    if (gpu_source_load(path, &source, &length, err) != 0)
        return -1;
    gpu_cache_identity identity = {source,       length, h->options, h->info.name, h->info.version,
                                   h->info.driver_version, h->info.platform_version};
    char key[GPU_CACHE_KEY_HEX];
    gpu_cache_key(&identity, key);
    char *dir = gpu_cache_dir();
    char *entry = dir ? gpu_cache_entry_path(dir, h->info.name, h->algorithm->kernel_name, key) : NULL;
    free(dir);
    error_text why;
    int status = 0;
    if (entry && load_cached(h, entry, key, &why) == 0) {
        h->origin = GPU_PROGRAM_CACHED;
        snprintf(h->note, sizeof h->note, "%s, loaded from the cache (%s)", path, entry);
    } else if ((status = build_from_source(h, path, source, length, err)) == 0) {
        int had_entry = entry && strcmp(why.text, "no cache entry") != 0;
        h->origin = had_entry ? GPU_PROGRAM_REBUILT : GPU_PROGRAM_BUILT;
        if (had_entry)
            snprintf(h->note, sizeof h->note, "%s, rebuilt from source: %s", path, why.text);
        else
            snprintf(h->note, sizeof h->note, "%s, built from source%s", path,
                     entry ? "" : " (no cache folder: set RAYTETRA_CACHE_DIR or HOME)");
        size_t size;
        unsigned char *binary = entry ? program_binary(h->program, &size) : NULL;
        error_text store_err;
        /* A cache that cannot be written costs only time: warn and go on. */
        if (binary && gpu_cache_store(entry, key, binary, size, &store_err) != 0) {
            fprintf(h->log, "warning: kernel cache not written: %s\n", store_err.text);
            fflush(h->log);
        }
        free(binary);
    }
    free(entry);
    free(source);
    return status;
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

/* The build options of the configured layout and output level (gpu_kernel.h); they are part
 * of the cache key, so each combination has its own cached binary. */
static void compose_options(gpu_handler *h)
{
    const char *own = h->algorithm->build_options ? h->algorithm->build_options : "";
    snprintf(h->options, sizeof h->options, "%s%s%s%s -DRT_OUTPUT_LEVEL=%d", BUILD_OPTIONS, own[0] ? " " : "", own,
             h->config.layout == GPU_LAYOUT_SOA ? " -DRT_LAYOUT_SOA" : "",
             h->config.output == GPU_OUTPUT_HIT ? 0 : (h->config.output == GPU_OUTPUT_FACES ? 1 : 2));
    h->prepared = h->config;
}

int gpu_prepare(gpu_handler *h, const gpu_algorithm *algorithm, size_t local_size, error_text *err)
{
    release_program(h);
    /* The robust kernel's flag of uncertain pairs lives in the full record only. */
    if (algorithm->robust && h->config.output != GPU_OUTPUT_ALL)
        return error_set(err, "%s needs --output all: its flag of pairs the host must decide exactly is in the "
                              "full result record", algorithm->csv_name);
    h->algorithm = algorithm;
    compose_options(h);
    char *path;
    if (gpu_source_find(algorithm->kernel_file, &path, err) != 0 || obtain_program(h, path, err) != 0) {
        free(path);
        release_program(h);
        return -1;
    }
    cl_int status;
    h->kernel = clCreateKernel(h->program, algorithm->kernel_name, &status);
    size_t kernel_max = 0;
    if (GPU_CHECK(err, "clCreateKernel", status) ||
        GPU_CHECK(err, "clGetKernelWorkGroupInfo",
                  clGetKernelWorkGroupInfo(h->kernel, h->info.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kernel_max,
                                           &kernel_max, NULL))) {
        gpu_error_context(err, "%s (kernel %s)", path, algorithm->kernel_name);
        free(path);
        release_program(h);
        return -1;
    }
    free(path);
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

/* Pairs per launch: what one buffer may hold (CL_DEVICE_MAX_MEM_ALLOC_SIZE), with both buffers
 * within half the global memory, lowered by $RAYTETRA_MAX_CHUNK_PAIRS (tests force chunks with
 * it), and a multiple of the local size so that only the last chunk needs padding. */
static int chunk_pairs(const gpu_handler *h, size_t count, size_t *chunk, error_text *err)
{
    size_t read, written;
    gpu_pair_bytes(&h->prepared, &read, &written);
    cl_ulong limit = h->info.max_allocation / read;
    cl_ulong by_memory = h->info.global_memory / 2 / (read + written);
    if (by_memory < limit)
        limit = by_memory;
    const char *env = getenv("RAYTETRA_MAX_CHUNK_PAIRS");
    if (env && *env) {
        long long forced;
        if (cli_parse_long(env, 1, (long long)1 << 50, &forced) != 0)
            return error_set(err, "RAYTETRA_MAX_CHUNK_PAIRS must be a whole number of pairs, at least 1, not '%s'", env);
        if ((cl_ulong)forced < limit)
            limit = (cl_ulong)forced;
    }
    if (limit == 0)
        return error_set(err, "%s cannot hold even one pair per buffer (max allocation %llu bytes)", h->info.name,
                         (unsigned long long)h->info.max_allocation);
    if (limit >= h->local_size)
        limit -= limit % h->local_size;
    *chunk = count < limit ? count : (size_t)limit;
    return 0;
}

typedef struct run_buffers {
    cl_mem pairs, results;
    void *staging;   /* the records as read back, before conversion */
    double *soa;     /* the chunk's pairs as structure of arrays (NULL for aos) */
    size_t record;   /* bytes of one output record */
} run_buffers;

/* Work-items for `count` pairs: ceil(count / pairs per item), padded to the local size. */
static size_t global_size(const gpu_handler *h, size_t count)
{
    size_t items = (count + h->prepared.pairs_per_item - 1) / h->prepared.pairs_per_item;
    return (items + h->local_size - 1) / h->local_size * h->local_size;
}

/* Launch the kernel on `count` pairs in the buffers, `reps` times, and wait. */
static int launch(gpu_handler *h, size_t count, int reps, error_text *err)
{
    size_t global = global_size(h, count);
    cl_ulong n = count;
    if (GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(h->kernel, 2, sizeof n, &n)))
        return -1;
    for (int r = 0; r < reps; ++r)
        if (GPU_CHECK(err, "clEnqueueNDRangeKernel",
                      clEnqueueNDRangeKernel(h->queue, h->kernel, 1, NULL, &global, &h->local_size, 0, NULL, NULL)))
            return -1;
    return GPU_CHECK(err, "clFinish", clFinish(h->queue));
}

/* The robust kernel's pairs with an uncertain sign (a non-zero `uncertain` set in the record):
 * decided on the host by stp0r_pair, the CPU form with the same filter and exact predicates for
 * what the filter cannot decide, exact for the line through the pair's P and Q; returns how
 * many there were. */
static size_t finish_uncertain(const void *staging, const ray_tetra_pair *pairs, ray_tetra_result *results,
                               size_t count)
{
    const rt_gpu_result *records = staging;
    size_t flagged = 0;
    for (size_t i = 0; i < count; ++i) {
        if (records[i].uncertain == 0)
            continue;
        ++flagged;
        stp0r_pair(&pairs[i], &results[i]);
    }
    return flagged;
}

/* One chunk: write, (warm up), run, read, each step timed.
 * Timing: the host's monotonic clock (timer_now_ms) around each step, which ends with clFinish,
 * so a step's time is what the host waits for it, launch overheads included; this works on every
 * driver, where profiling events would need a profiling queue. */
static int run_chunk(gpu_handler *h, run_buffers *b, const ray_tetra_pair *pairs, ray_tetra_result *results,
                     size_t count, int reps, int warm_up, gpu_times *times, error_text *err)
{
    /* The layout conversion is host work before the transfer, outside every timed step. */
    const void *source = pairs;
    if (b->soa) {
        gpu_layout_soa(pairs, count, b->soa);
        source = b->soa;
    }
    double start = timer_now_ms();
    if (GPU_CHECK(err, "clEnqueueWriteBuffer",
                  clEnqueueWriteBuffer(h->queue, b->pairs, CL_TRUE, 0, count * sizeof *pairs, source, 0, NULL, NULL)) ||
        GPU_CHECK(err, "clFinish", clFinish(h->queue)))
        return -1;
    times->write_ms += timer_now_ms() - start;
    /* One untimed launch first: drivers finish compiling a kernel at its first launch (PoCL
     * compiles per local size then), which is not the algorithm's time. */
    if (warm_up && launch(h, count, 1, err) != 0)
        return -1;
    start = timer_now_ms();
    if (launch(h, count, reps, err) != 0)
        return -1;
    times->kernel_ms += timer_now_ms() - start;
    start = timer_now_ms();
    if (GPU_CHECK(err, "clEnqueueReadBuffer",
                  clEnqueueReadBuffer(h->queue, b->results, CL_TRUE, 0, count * b->record, b->staging, 0, NULL,
                                      NULL)) ||
        GPU_CHECK(err, "clFinish", clFinish(h->queue)))
        return -1;
    times->read_ms += timer_now_ms() - start;
    gpu_layout_results(h->prepared.output, b->staging, results, count); /* host work, outside the read time */
    if (h->algorithm->robust) {
        /* Part of the read step: a robust pair is not finished until the host has decided it. */
        start = timer_now_ms();
        times->uncertain += finish_uncertain(b->staging, pairs, results, count);
        double finish = timer_now_ms() - start;
        times->finish_ms += finish;
        times->read_ms += finish;
    }
    times->launches += (size_t)reps;
    times->chunks += 1;
    return 0;
}

int gpu_run(gpu_handler *h, const pair_set *set, ray_tetra_result *results, int reps, gpu_times *times,
            error_text *err)
{
    memset(times, 0, sizeof *times);
    if (!h->kernel)
        return error_set(err, "gpu_run: no kernel prepared (call gpu_prepare first)");
    if (reps < 1)
        return error_set(err, "gpu_run: REPS must be at least 1, not %d", reps);
    times->local_size = h->local_size;
    if (set->count == 0)
        return 0;
    size_t chunk = 0;
    if (chunk_pairs(h, set->count, &chunk, err) != 0)
        return -1;
    times->global_size = global_size(h, chunk);
    size_t read_bytes;
    run_buffers b = {NULL, NULL, NULL, NULL, 0};
    gpu_pair_bytes(&h->prepared, &read_bytes, &b.record);
    b.staging = malloc(chunk * b.record);
    if (h->prepared.layout == GPU_LAYOUT_SOA)
        b.soa = malloc(chunk * sizeof(ray_tetra_pair));
    cl_int status;
    int failed = 0;
    if (!b.staging || (h->prepared.layout == GPU_LAYOUT_SOA && !b.soa))
        failed = error_set(err, "out of memory for %zu results", chunk);
    else /* touch every page now: first-touch page faults are host work, not the read's time */
        memset(b.staging, 0, chunk * b.record);
    if (!failed) {
        b.pairs = clCreateBuffer(h->context, CL_MEM_READ_ONLY, chunk * sizeof(ray_tetra_pair), NULL, &status);
        failed = GPU_CHECK(err, "clCreateBuffer", status);
    }
    if (!failed) {
        b.results = clCreateBuffer(h->context, CL_MEM_WRITE_ONLY, chunk * b.record, NULL, &status);
        failed = GPU_CHECK(err, "clCreateBuffer", status);
    }
    if (!failed)
        failed = GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(h->kernel, 0, sizeof b.pairs, &b.pairs)) ||
                 GPU_CHECK(err, "clSetKernelArg", clSetKernelArg(h->kernel, 1, sizeof b.results, &b.results));
    for (size_t first = 0; first < set->count && !failed; first += chunk) {
        size_t count = set->count - first < chunk ? set->count - first : chunk;
        failed = run_chunk(h, &b, set->pairs + first, results + first, count, reps, first == 0, times, err);
    }
    if (failed)
        gpu_error_context(err, "running %s on %s (%zu pairs, %zu per launch, local size %zu, %s layout, output %s)",
                          h->algorithm->kernel_name, h->info.name, set->count, chunk, h->local_size,
                          gpu_layout_name(h->prepared.layout), gpu_output_name(h->prepared.output));
    if (b.results)
        clReleaseMemObject(b.results);
    if (b.pairs)
        clReleaseMemObject(b.pairs);
    free(b.staging);
    free(b.soa);
    return failed ? -1 : 0;
}

void gpu_handler_objects(const gpu_handler *h, gpu_cl_objects *objects)
{
    objects->context = h->context;
    objects->queue = h->queue;
    objects->info = &h->info;
    objects->kernel = h->kernel;
    objects->local_size = h->local_size;
    objects->config = h->prepared;
    objects->algorithm = h->algorithm;
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
