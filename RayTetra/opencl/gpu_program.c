/* gpu_program.c: a kernel file to a built program, from the binary cache when it holds a valid
 * entry, from source otherwise (gpu_program.h). */
#include "opencl/gpu_program.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/gpu_cache.h"
#include "opencl/gpu_source.h"

/* Whether a build log says anything (a clean build's is empty or blank). */
static int says_something(const char *log)
{
    for (; *log; ++log)
        if (!isspace((unsigned char)*log))
            return 1;
    return 0;
}

/* Print the build log (read size-first: it may be long) to the request's log; a blank one only
 * when the build failed. */
static void print_build_log(const gpu_program_request *request, cl_program program, const char *path, int failed)
{
    size_t size = 0;
    cl_device_id device = request->device->device;
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS)
        return;
    char *log = malloc(size + 1);
    if (!log)
        return;
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS) {
        log[size] = '\0';
        if (failed || says_something(log)) {
            fprintf(request->log, "----- build log of %s on %s -----\n%s%s----- end of build log -----\n", path,
                    request->device->name, log, size > 1 && log[strlen(log) - 1] != '\n' ? "\n" : "");
            fflush(request->log);
        }
    }
    free(log);
}

static int build_from_source(const gpu_program_request *request, gpu_program *p, const char *source, size_t length,
                             error_text *err)
{
    cl_int status;
    p->program = clCreateProgramWithSource(request->context, 1, &source, &length, &status);
    if (GPU_CHECK(err, "clCreateProgramWithSource", status))
        return gpu_error_context(err, "%s", p->path);
    status = clBuildProgram(p->program, 1, &request->device->device, request->options, NULL, NULL);
    if (status == CL_SUCCESS && request->log_warnings)
        print_build_log(request, p->program, p->path, 0);
    if (status != CL_SUCCESS) {
        print_build_log(request, p->program, p->path, 1);
        GPU_CHECK(err, "clBuildProgram", status);
        return gpu_error_context(err, "building %s for %s failed (build log above)", p->path, request->device->name);
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

/* Try the cache entry: GPU_CACHE_HIT with p->program built from it; otherwise why says why
 * not, and GPU_CACHE_INVALID also covers an entry the driver refused. */
static gpu_cache_status load_cached(const gpu_program_request *request, gpu_program *p, const char *entry,
                                    const char *key, error_text *why)
{
    unsigned char *binary;
    size_t size;
    gpu_cache_status found = gpu_cache_load(entry, key, &binary, &size, why);
    if (found == GPU_CACHE_MISSING)
        error_set(why, "no cache entry");
    if (found != GPU_CACHE_HIT)
        return found;
    cl_int status, binary_status = CL_SUCCESS;
    const unsigned char *binaries[1] = {binary};
    const cl_device_id device = request->device->device;
    p->program = clCreateProgramWithBinary(request->context, 1, &device, &size, binaries, &binary_status, &status);
    free(binary);
    if (status == CL_SUCCESS)
        status = binary_status;
    if (status == CL_SUCCESS)
        status = clBuildProgram(p->program, 1, &device, request->options, NULL, NULL);
    if (status != CL_SUCCESS) {
        if (p->program)
            clReleaseProgram(p->program);
        p->program = NULL;
        error_set(why, "the driver refused cache entry %s (%s)", entry, gpu_error_name(status));
        return GPU_CACHE_INVALID;
    }
    return GPU_CACHE_HIT;
}

/* Keep the binary of a program just built; a cache that cannot be written costs only time:
 * warn and go on. */
static void store_binary(const gpu_program_request *request, const gpu_program *p, const char *entry,
                         const char *key)
{
    size_t size;
    unsigned char *binary = program_binary(p->program, &size);
    error_text store_err;
    if (binary && gpu_cache_store(entry, key, binary, size, &store_err) != 0) {
        fprintf(request->log, "warning: kernel cache not written: %s\n", store_err.text);
        fflush(request->log);
    }
    free(binary);
}

/* The program of p->path, from the cache when a valid entry exists. */
static int obtain(const gpu_program_request *request, gpu_program *p, error_text *err)
{
    char *source;
    size_t length;
    if (gpu_source_load(p->path, &source, &length, err) != 0)
        return -1;
    const gpu_device_info *device = request->device;
    gpu_cache_identity identity = {source,       length, request->options, device->name, device->version,
                                   device->driver_version, device->platform_version};
    char key[GPU_CACHE_KEY_HEX];
    gpu_cache_key(&identity, key);
    char *dir = gpu_cache_dir();
    char *entry = dir ? gpu_cache_entry_path(dir, device->name, request->kernel_name, key) : NULL;
    free(dir);
    error_text why;
    gpu_cache_status cached = entry ? load_cached(request, p, entry, key, &why) : GPU_CACHE_MISSING;
    int status = 0;
    if (cached == GPU_CACHE_HIT) {
        p->origin = GPU_PROGRAM_CACHED;
        snprintf(p->note, sizeof p->note, "%s, loaded from the cache (%s)", p->path, entry);
    } else if ((status = build_from_source(request, p, source, length, err)) == 0) {
        p->origin = cached == GPU_CACHE_INVALID ? GPU_PROGRAM_REBUILT : GPU_PROGRAM_BUILT;
        if (p->origin == GPU_PROGRAM_REBUILT)
            snprintf(p->note, sizeof p->note, "%s, rebuilt from source: %s", p->path, why.text);
        else
            snprintf(p->note, sizeof p->note, "%s, built from source%s", p->path,
                     entry ? "" : " (no cache folder: set RAYTETRA_CACHE_DIR or HOME)");
        if (entry)
            store_binary(request, p, entry, key);
    }
    free(entry);
    free(source);
    return status;
}

/* The request's options with $RAYTETRA_CL_OPTIONS after them (a driver's own flags, e.g.
 * NVIDIA's -cl-nv-maxrregcount=N, for tuning experiments); malloc'd. They are part of the cache
 * key like every option. */
static char *options_with_environment(const char *options)
{
    const char *extra = getenv("RAYTETRA_CL_OPTIONS");
    size_t size = strlen(options) + (extra ? strlen(extra) + 1 : 0) + 1;
    char *all = malloc(size);
    if (all)
        snprintf(all, size, "%s%s%s", options, extra && *extra ? " " : "", extra ? extra : "");
    return all;
}

int gpu_program_obtain(const gpu_program_request *request, gpu_program *program, error_text *err)
{
    memset(program, 0, sizeof *program);
    gpu_program_request with_environment = *request;
    char *options = options_with_environment(request->options);
    if (!options)
        return error_set_kind(err, ERROR_MEMORY, "building %s: out of memory", request->kernel_file);
    with_environment.options = options;
    int failed = gpu_source_find(request->kernel_file, &program->path, err) != 0 ||
                 obtain(&with_environment, program, err) != 0;
    free(options);
    if (failed) {
        gpu_program_release(program);
        return -1;
    }
    return 0;
}

void gpu_program_release(gpu_program *program)
{
    if (program->program)
        clReleaseProgram(program->program);
    free(program->path);
    memset(program, 0, sizeof *program);
}

int gpu_program_kernel(const gpu_program *program, cl_device_id device, const char *name, cl_kernel *kernel,
                       size_t *max_group, error_text *err)
{
    cl_int status;
    *kernel = clCreateKernel(program->program, name, &status);
    *max_group = 0;
    if (GPU_CHECK(err, "clCreateKernel", status) ||
        GPU_CHECK(err, "clGetKernelWorkGroupInfo",
                  clGetKernelWorkGroupInfo(*kernel, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof *max_group, max_group,
                                           NULL))) {
        if (*kernel)
            clReleaseKernel(*kernel);
        *kernel = NULL;
        return gpu_error_context(err, "%s (kernel %s)", program->path, name);
    }
    return 0;
}
