/* gpu_program.h: the one path by which a kernel file becomes a built OpenCL program, for every
 * kernel of the suite (the RayTetra kernels of gpu_handler.c and the copy kernel of
 * gpu_bandwidth.c): find the file (gpu_source.c), inline its includes, look for a binary in the
 * cache under a key of source, options, device and driver (gpu_cache.c), else build from source
 * and store the binary; a failed build prints its build log (read size-first, however long) and
 * fails with an error naming the file, the device and the OpenCL call. */
#ifndef RAYTETRA_GPU_PROGRAM_H
#define RAYTETRA_GPU_PROGRAM_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "opencl/gpu_device.h"
#include "opencl/gpu_errors.h"

/* The OpenCL C version the kernels and the headers they share with the host are written in
 * (rt_math.h): the first of every program's build options. */
#define GPU_PROGRAM_LANGUAGE "-cl-std=CL1.2"

/* How a program was obtained. */
typedef enum gpu_program_origin {
    GPU_PROGRAM_NONE,    /* nothing prepared */
    GPU_PROGRAM_BUILT,   /* built from source (no usable cache entry, or no cache folder) */
    GPU_PROGRAM_CACHED,  /* loaded from a verified cache entry */
    GPU_PROGRAM_REBUILT, /* a cache entry was invalid or refused by the driver: built from source */
} gpu_program_origin;

/* What to build: the kernel file for one device of a context. */
typedef struct gpu_program_request {
    cl_context context;
    const gpu_device_info *device;
    const char *kernel_file; /* e.g. "RayTetraForm.cl", found by gpu_source_find */
    const char *kernel_name; /* the __kernel function: names the cache entry (DEVICE_KERNEL_KEY.bin) */
    const char *options;     /* every build option, GPU_PROGRAM_LANGUAGE first; part of the cache key */
    FILE *log;               /* where build logs and cache warnings go */
    int log_warnings;        /* also log a successful build's log when it says something (its warnings):
                                the library's device log keeps them; the programs show failed builds' only */
} gpu_program_request;

typedef struct gpu_program {
    cl_program program; /* NULL when none */
    gpu_program_origin origin;
    char *path;         /* the kernel file as found (malloc'd); NULL when none */
    char note[2 * ERROR_TEXT_SIZE]; /* for the user: the file, and how it was built or loaded (and why rebuilt) */
} gpu_program;

/* Build (or load from the cache) the program of the request. Returns 0 with *program filled, or
 * -1 with err set and *program empty (the build log, if any, already printed). */
int gpu_program_obtain(const gpu_program_request *request, gpu_program *program, error_text *err);

/* Release what gpu_program_obtain made and empty *program (an empty one is left as it is). */
void gpu_program_release(gpu_program *program);

/* The kernel `name` of a built program and the most work-items per group it allows on `device`
 * (CL_KERNEL_WORK_GROUP_SIZE). Returns 0, or -1 with err naming the file and the kernel (and
 * *kernel NULL). */
int gpu_program_kernel(const gpu_program *program, cl_device_id device, const char *name, cl_kernel *kernel,
                       size_t *max_group, error_text *err);

#endif
