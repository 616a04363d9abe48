/* api_device.c: the OpenCL calls, through the suite's OpenCL host module (opencl/gpu_handler.h):
 * a device is an open handler with the kernel it built last, a memory stream that receives its
 * build logs (a successful build's warnings too), cache warnings and what the OpenCL compiler
 * writes to stderr during a build (the module would print them on stderr), the text of its last
 * failure, and a lock that serialises the calls on it.
 *
 * The pairs go to the device as the caller holds them, and the results come back into the
 * caller's array (the layouts are the suite's). Only when some pair must be flipped or is in
 * error is a staging copy made: flipped pairs swapped, pairs in error replaced by a valid
 * placeholder (the robust kernel's host-side finishing must never see a non-finite one). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_internal.h"
#include "opencl/gpu_handler.h"
#include "walk/walk_opencl.h"

struct raytetra_device {
    pthread_mutex_t lock;
    gpu_handler *handler;
    const gpu_algorithm *prepared; /* the kernel built last; NULL: none */
    int prepared_extent;           /* the extent it was prepared for (a fast kernel clips on the device) */
    FILE *log;                     /* a memory stream over log_text */
    char *log_text;
    size_t log_size;
    error_text message;
    api_device_walk walk; /* the mesh walk's (api_mesh.c) */
};

int raytetra_device_count(void)
{
    gpu_device_info *devices;
    size_t count;
    error_text err;
    if (gpu_devices_all(&devices, &count, &err) != 0)
        return RAYTETRA_ERROR_OPENCL;
    gpu_devices_free(devices, count);
    return (int)count;
}

static void copy_message(char *message, size_t size, const char *text)
{
    if (message && size > 0)
        snprintf(message, size, "%s", text);
}

/* Whether device `index` exists (what gpu_open refuses with a message for the programs' options):
 * RAYTETRA_OK, or an error code with message set. A device without fp64 opens: the kernels that
 * need it are refused when they run (run_locked). */
static int check_index(int index, error_text *message)
{
    gpu_device_info *devices;
    size_t count;
    if (gpu_devices_all(&devices, &count, message) != 0)
        return RAYTETRA_ERROR_OPENCL;
    int status = RAYTETRA_OK;
    if (index < 0 || (size_t)index >= count) {
        error_set(message, "OpenCL device %d does not exist: %zu device%s found (raytetra_device_count)", index,
                  count, count == 1 ? "" : "s");
        status = RAYTETRA_ERROR_NO_DEVICE;
    }
    gpu_devices_free(devices, count);
    return status;
}

int raytetra_device_open(int index, raytetra_device **device, char *message, size_t message_size)
{
    if (!device) {
        copy_message(message, message_size, raytetra_error_string(RAYTETRA_ERROR_NULL_ARGUMENT));
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    }
    *device = NULL;
    raytetra_device *d = calloc(1, sizeof *d);
    if (!d || !(d->log = open_memstream(&d->log_text, &d->log_size))) {
        free(d);
        copy_message(message, message_size, raytetra_error_string(RAYTETRA_ERROR_OUT_OF_MEMORY));
        return RAYTETRA_ERROR_OUT_OF_MEMORY;
    }
    pthread_mutex_init(&d->lock, NULL);
    int status = check_index(index, &d->message);
    if (status == RAYTETRA_OK && gpu_open(&d->handler, index, &d->message) != 0)
        status = RAYTETRA_ERROR_OPENCL;
    copy_message(message, message_size, status == RAYTETRA_OK ? "" : d->message.text);
    if (status != RAYTETRA_OK) {
        raytetra_device_close(d);
        return status;
    }
    gpu_set_log(d->handler, d->log);
    gpu_set_log_warnings(d->handler, 1);
    snprintf(d->message.text, sizeof d->message.text, "opened %s", gpu_device_description(d->handler));
    d->walk = (api_device_walk){index, d->log, &d->message, NULL, 0};
    *device = d;
    return RAYTETRA_OK;
}

const char *raytetra_device_description(const raytetra_device *device)
{
    return device ? gpu_device_description(device->handler) : "";
}

const char *raytetra_device_message(const raytetra_device *device) { return device ? device->message.text : ""; }

const char *raytetra_device_log(const raytetra_device *device)
{
    if (!device)
        return "";
    raytetra_device *d = (raytetra_device *)device; /* the lock and the stream change, not the device */
    pthread_mutex_lock(&d->lock);
    fflush(d->log);
    const char *text = d->log_text ? d->log_text : "";
    pthread_mutex_unlock(&d->lock);
    return text;
}

void raytetra_device_close(raytetra_device *device)
{
    if (!device)
        return;
    if (device->walk.gpu)
        walk_opencl_close(device->walk.gpu);
    gpu_close(device->handler);
    pthread_mutex_destroy(&device->lock);
    fclose(device->log);
    free(device->log_text);
    free(device);
}

/* The OpenCL build a handle runs on a device: itself, or its row's build of the same precision. */
static int kernel_of(raytetra_algorithm algorithm, const gpu_algorithm **gpu)
{
    const registry_variant *v = api_variant(algorithm);
    if (!v)
        return RAYTETRA_ERROR_UNKNOWN_ALGORITHM;
    if (v->kind != REGISTRY_OPENCL)
        v = registry_variant_of(v->algorithm, REGISTRY_OPENCL, v->precision);
    if (!v)
        return RAYTETRA_ERROR_NO_KERNEL;
    *gpu = v->gpu;
    return RAYTETRA_OK;
}

/* A valid pair for the staging copy's pairs in error: docs/SPECIFICATION.md section 1's example. */
static const ray_tetra_pair PLACEHOLDER = {{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}}, {0.2, 0.2, -1}, {0.2, 0.2, 2}};

/* Check every pair (statuses kept in the results' hit fields until the run). Returns how many
 * need the staging copy. */
static size_t check_pairs(const ray_tetra_pair *pairs, ray_tetra_result *results, size_t n, unsigned flags,
                          cpu_precision precision)
{
    size_t special = 0;
    for (size_t i = 0; i < n; ++i) {
        results[i].hit = api_check(&pairs[i], flags, precision);
        special += results[i].hit != RAYTETRA_OK;
    }
    return special;
}

/* ---------------------------------------------------------------- the compiler's stderr
 *
 * The build log (CL_PROGRAM_BUILD_LOG) goes to the device's log stream. PoCL's compiler (clang
 * inside it) also writes its summary ("1 warning generated.", "1 error generated.") straight to
 * the process's file descriptor 2 during clBuildProgram, and the library promises never to
 * print. So a build runs with fd 2 pointed at an anonymous temporary file, whose text is then
 * appended to the device's log.
 *
 * Why this way: the driver's own switches (POCL_* environment variables) are PoCL's alone, are
 * read when the platform loads, and belong to the application, not to a library. A pipe would
 * need a reader thread, or a compiler that wrote more than the pipe holds would block the build
 * for ever; a temporary file holds any amount. The cost: fd 2 belongs to the whole process, so
 * while a build runs (the first call with an algorithm on a device; milliseconds to seconds)
 * what any other thread writes to stderr lands in that device's log too. One lock over every
 * device's build keeps two builds from swapping fd 2 under each other. docs/LIBRARY.md tells
 * users ("Thread-safety"). */
static pthread_mutex_t build_output_lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct captured_output {
    FILE *file; /* the temporary file fd 2 points at; NULL: none (to /dev/null, or not captured) */
    int saved;  /* the caller's fd 2, to put back; -1: fd 2 was left as it was */
} captured_output;

/* Point fd 2 at a temporary file, else at /dev/null (the messages are lost rather than printed),
 * and hold build_output_lock until restore_output. */
static void capture_output(captured_output *c, FILE *log)
{
    pthread_mutex_lock(&build_output_lock);
    c->file = tmpfile();
    int target = c->file ? fileno(c->file) : open("/dev/null", O_WRONLY | O_CLOEXEC);
    c->saved = target >= 0 ? fcntl(2, F_DUPFD_CLOEXEC, 3) : -1;
    if (c->saved >= 0) {
        fflush(stderr); /* what the application wrote before the build stays on its stderr */
        if (dup2(target, 2) < 0) {
            close(c->saved);
            c->saved = -1;
        }
    }
    if (!c->file && target >= 0)
        close(target);
    if (c->file && c->saved < 0) {
        fclose(c->file);
        c->file = NULL;
    }
    if (!c->file)
        fprintf(log, "note: what the OpenCL compiler wrote to stderr during a build was %s (no temporary file "
                     "could be made in /tmp)\n", c->saved >= 0 ? "discarded" : "not captured");
}

/* Put fd 2 back and append what the build wrote to it to the log. */
static void restore_output(captured_output *c, FILE *log)
{
    if (c->saved >= 0) {
        fflush(stderr);
        dup2(c->saved, 2);
        close(c->saved);
    }
    pthread_mutex_unlock(&build_output_lock);
    if (!c->file)
        return;
    rewind(c->file);
    char buffer[4096];
    size_t length, total = 0;
    while ((length = fread(buffer, 1, sizeof buffer, c->file)) > 0) {
        if (total == 0)
            fputs("----- the OpenCL compiler's output on stderr -----\n", log);
        fwrite(buffer, 1, length, log);
        total += length;
        if (buffer[length - 1] != '\n' && feof(c->file))
            fputc('\n', log);
    }
    if (total > 0)
        fputs("----- end of the compiler's output -----\n", log);
    fclose(c->file);
}

/* gpu_prepare (device->lock held), with what the compiler writes to stderr in the device log. */
static int prepare_captured(raytetra_device *device, const gpu_algorithm *gpu)
{
    captured_output captured;
    capture_output(&captured, device->log);
    int failed = gpu_prepare(device->handler, gpu, 0, &device->message) != 0;
    restore_output(&captured, device->log);
    return failed ? -1 : 0;
}

/* The kernel of `gpu` for `extent` built or loaded, unless it is the one prepared last (device->lock
 * held). The extent is the programs' --extent: a fast kernel clips on the device, the robust
 * kernel's lines are clipped exactly on the host (gpu_prepared_results). */
static int prepare_locked(raytetra_device *device, const gpu_algorithm *gpu, int extent)
{
    if (device->prepared == gpu && device->prepared_extent == extent)
        return RAYTETRA_OK;
    device->prepared = NULL;
    gpu_config config = GPU_CONFIG_DEFAULT;
    config.extent = extent;
    /* Every kernel but a float build (single-precision buffers by default) needs fp64. */
    if (gpu_check_algorithm_fp64(device->handler, gpu, &config, &device->message) != 0)
        return RAYTETRA_ERROR_NO_DEVICE;
    gpu_set_config(device->handler, &config);
    if (prepare_captured(device, gpu) != 0)
        return RAYTETRA_ERROR_OPENCL;
    device->prepared = gpu;
    device->prepared_extent = extent;
    return RAYTETRA_OK;
}

/* Run on the device (device->lock held). */
static int run_locked(raytetra_device *device, const gpu_algorithm *gpu, size_t n, const ray_tetra_pair *pairs,
                      ray_tetra_result *results, unsigned flags, int extent)
{
    int prepared = prepare_locked(device, gpu, extent);
    if (prepared != RAYTETRA_OK)
        return prepared;
    snprintf(device->message.text, sizeof device->message.text, "%s", gpu_program_note(device->handler));
    size_t special = flags & RAYTETRA_UNCHECKED ? 0 : check_pairs(pairs, results, n, flags, gpu->precision);
    int *statuses = NULL;
    ray_tetra_pair *staging = NULL;
    if (special > 0) {
        statuses = malloc(n * sizeof *statuses);
        staging = malloc(n * sizeof *staging);
        if (!statuses || !staging) {
            free(statuses);
            free(staging);
            return RAYTETRA_ERROR_OUT_OF_MEMORY;
        }
        for (size_t i = 0; i < n; ++i) {
            statuses[i] = results[i].hit;
            staging[i] = statuses[i] == RAYTETRA_OK ? pairs[i]
                                                    : (statuses[i] == API_FLIP ? api_flipped(&pairs[i]) : PLACEHOLDER);
        }
    }
    pair_set set = {n, staging ? staging : (ray_tetra_pair *)pairs}; /* gpu_run only reads the pairs */
    gpu_times times;
    int failed = gpu_run(device->handler, &set, results, 1, &times, &device->message) != 0;
    for (size_t i = 0; statuses && i < n && !failed; ++i)
        if (statuses[i] == API_FLIP)
            api_flip_back(&results[i]);
        else if (statuses[i] != RAYTETRA_OK)
            api_set_error(&results[i], statuses[i]);
    free(statuses);
    free(staging);
    return failed ? RAYTETRA_ERROR_OPENCL : RAYTETRA_OK;
}

int raytetra_device_intersect_many_ex(raytetra_device *device, raytetra_algorithm algorithm, size_t n,
                                      const raytetra_pair *pairs, raytetra_hit *hits, size_t *hit_count,
                                      const raytetra_options *options)
{
    if (hit_count)
        *hit_count = 0;
    if (!device || (n > 0 && (!pairs || !hits)))
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    const gpu_algorithm *gpu = NULL;
    unsigned flags = 0;
    error_text why = {ERROR_FAILED, ""};
    int status = kernel_of(algorithm, &gpu);
    if (status == RAYTETRA_OK)
        status = api_flags(options, &flags, &why);
    ray_tetra_result *results = api_results(hits);
    pthread_mutex_lock(&device->lock);
    if (status == RAYTETRA_OK)
        status = run_locked(device, gpu, n, api_pairs(pairs), results, flags, api_extent(options));
    else
        snprintf(device->message.text, sizeof device->message.text, "%s",
                 why.text[0] ? why.text : raytetra_error_string(status));
    pthread_mutex_unlock(&device->lock);
    for (size_t i = 0; status != RAYTETRA_OK && i < n; ++i)
        api_set_error(&results[i], status); /* as the CPU batch call does when it cannot run */
    if (status == RAYTETRA_OK && hit_count)
        for (size_t i = 0; i < n; ++i)
            *hit_count += results[i].hit == 1;
    return status;
}

int raytetra_device_intersect_many(raytetra_device *device, raytetra_algorithm algorithm, size_t n,
                                   const raytetra_pair *pairs, raytetra_hit *hits, size_t *hit_count)
{
    return raytetra_device_intersect_many_ex(device, algorithm, n, pairs, hits, hit_count, NULL);
}

int api_device_walk_locked(raytetra_device *device, int (*work)(api_device_walk *walk, void *context), void *context)
{
    pthread_mutex_lock(&device->lock);
    captured_output captured;
    capture_output(&captured, device->log);
    int status = work(&device->walk, context);
    restore_output(&captured, device->log);
    pthread_mutex_unlock(&device->lock);
    return status;
}
