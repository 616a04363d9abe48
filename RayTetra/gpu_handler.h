/* gpu_handler.h: the OpenCL host module (SPEC section 6): device discovery and choice, program
 * build or cached binary, buffers, and write / run / read as separately timed steps. Every
 * executable uses this one module. */
#ifndef RAYTETRA_GPU_HANDLER_H
#define RAYTETRA_GPU_HANDLER_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "pairs.h"

/* The OpenCL algorithms of `RayTetra -g i` (SPEC section 5), in the CSV's order. */
typedef struct gpu_algorithm {
    int index;              /* -g i */
    const char *name;       /* e.g. "stp0" (the CPU form it matches) */
    const char *csv_name;   /* e.g. "GPU_STP0" */
    const char *kernel_file; /* e.g. "RayTetraSTP0.cl" */
    const char *kernel_name; /* the __kernel function */
} gpu_algorithm;

const gpu_algorithm *gpu_algorithms(int *count);
const gpu_algorithm *gpu_algorithm_get(int index); /* NULL if out of range */

typedef struct gpu_handler gpu_handler;

/* Print every OpenCL device of every platform (index, platform, name, type, global memory,
 * max allocation, fp64); returns the number of devices, or -1 with err set. */
int gpu_list_devices(FILE *out, error_text *err);

/* Open device `index` (counted across all platforms); refuses devices without fp64. */
int gpu_open(gpu_handler **handler, int index, error_text *err);

/* "NAME (PLATFORM, driver VERSION)" of the open device. */
const char *gpu_device_description(const gpu_handler *handler);

typedef struct gpu_times {
    double write_ms;  /* host to device, once */
    double kernel_ms; /* all repetitions */
    double read_ms;   /* device to host, once */
    size_t local_size;
    size_t launches; /* chunks x repetitions */
} gpu_times;

/* Build (or load from the cache) the kernel of `algorithm`; local_size 0 = the default rule. */
int gpu_prepare(gpu_handler *handler, const gpu_algorithm *algorithm, size_t local_size, error_text *err);

/* Write the pairs, run the kernel REPS times, read the results back. */
int gpu_run(gpu_handler *handler, const pair_set *set, ray_tetra_result *results, int reps, gpu_times *times,
            error_text *err);

void gpu_close(gpu_handler *handler);

#endif
