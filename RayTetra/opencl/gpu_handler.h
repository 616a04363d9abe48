/* gpu_handler.h: the OpenCL host module (docs/SPECIFICATION.md section 6): device discovery and choice, program
 * build or cached binary, buffers, and write / run / read as separately timed steps. Every
 * executable uses this one module. */
#ifndef RAYTETRA_GPU_HANDLER_H
#define RAYTETRA_GPU_HANDLER_H

#include <stddef.h>
#include <stdio.h>

#include "cpu/algorithms.h"
#include "error.h"
#include "pairs.h"

struct rt_gpu_result;

/* A host-side finishing step of a kernel (the registry names it on the algorithm's row): it
 * decides on the host what the device left open in its records (as read back, gpu_kernel.h) and
 * overwrites results[i] of those pairs; returns how many it decided. Runs inside the read time. */
typedef size_t (*gpu_finish)(const struct rt_gpu_result *records, const ray_tetra_pair *pairs,
                             ray_tetra_result *results, size_t count);

/* One OpenCL variant of a registry row (registry.h fills these once, in the order of the CSV:
 * by the thesis' -g index, then the kernels without one). Float builds compile the same .cl
 * file with -DRT_SINGLE. */
typedef struct gpu_algorithm {
    int index;              /* the thesis' `RayTetra -g i`; -1 if it has none */
    const char *name;       /* e.g. "stp0" (the CPU algorithm it matches: stp0f, stp0r, ...) */
    const char *csv_name;   /* e.g. "GPU_STP0" */
    const char *kernel_file; /* e.g. "RayTetraSTP0.cl" */
    const char *kernel_name; /* the __kernel function */
    cpu_precision precision; /* of the kernel's arithmetic (the CPU table's enum) */
    const char *build_options; /* added to the common ones ("" or "-DRT_SINGLE"); part of the cache key */
    const char *double_name;   /* the double algorithm a float build rounds (its own name if double) */
    int robust;                /* the kernel flags uncertain signs; `finish` decides them exactly */
    gpu_finish finish;         /* host-side finishing after the read; NULL if none */
} gpu_algorithm;

typedef struct gpu_handler gpu_handler;

/* Print every OpenCL device of every platform (index, platform, name, type, global memory,
 * max allocation, fp64); returns the number of devices, or -1 with err set. */
int gpu_list_devices(FILE *out, error_text *err);

/* Open device `index` (counted across all platforms). A device without fp64 opens, but
 * gpu_prepare refuses the double-precision kernels on it. */
int gpu_open(gpu_handler **handler, int index, error_text *err);

/* "NAME (PLATFORM, driver VERSION)" of the open device. */
const char *gpu_device_description(const gpu_handler *handler);

/* Where build logs and cache warnings go (default stderr). */
void gpu_set_log(gpu_handler *handler, FILE *log);

typedef struct gpu_times {
    double write_ms;  /* host to device, once */
    double kernel_ms; /* all repetitions */
    double read_ms;   /* device to host, once */
    size_t local_size;
    size_t launches; /* chunks x repetitions */
    size_t chunks;   /* launches per repetition: inputs beyond the device's max allocation are split */
    double finish_ms; /* robust kernels: the host's exact decision of flagged pairs, inside read_ms */
    size_t uncertain; /* robust kernels: pairs the device flagged (some sign uncertain) */
    size_t global_size; /* work-items of the (first) launch */
} gpu_times;

/* How the kernels read their input and what they write (gpu_kernel.h); the defaults are the
 * thesis' choices, so that its results stay reproducible. */
typedef enum gpu_layout { GPU_LAYOUT_AOS, GPU_LAYOUT_SOA } gpu_layout;
typedef enum gpu_output {
    GPU_OUTPUT_ALL,   /* the whole ray_tetra_result (112-byte records) */
    GPU_OUTPUT_FACES, /* hit, faces, t (24 bytes); points and u are NaN on the host */
    GPU_OUTPUT_HIT,   /* hit only (1 byte); faces -1, reals NaN on a hit */
} gpu_output;

typedef struct gpu_config {
    gpu_layout layout;
    gpu_output output;
    size_t pairs_per_item; /* pairs each work-item computes (grid stride); 0 or 1: one */
} gpu_config;

#define GPU_CONFIG_DEFAULT ((gpu_config){GPU_LAYOUT_AOS, GPU_OUTPUT_ALL, 1})

/* Parse the value of --layout (aos|soa), --output (all|faces|hit) or --pairs-per-item N
 * (`option` is the option's name without dashes); returns 0, or -1 with a one-line err. */
int gpu_config_parse(gpu_config *config, const char *option, const char *value, error_text *err);
const char *gpu_layout_name(gpu_layout layout);
const char *gpu_output_name(gpu_output output);

/* Bytes a kernel must move per pair: 144 read (18 doubles, either layout) and the record of the
 * output level written (112, 24 or 1). The one place these counts are defined. */
void gpu_pair_bytes(const gpu_config *config, size_t *read, size_t *written);

/* Use `config` from the next gpu_prepare on (the layout and output level are build options). */
void gpu_set_config(gpu_handler *handler, const gpu_config *config);

/* Build (or load from the cache) the kernel of `algorithm`; local_size 0 = the default rule. */
int gpu_prepare(gpu_handler *handler, const gpu_algorithm *algorithm, size_t local_size, error_text *err);

/* How the program of the last gpu_prepare was obtained. */
typedef enum gpu_program_origin {
    GPU_PROGRAM_NONE,    /* nothing prepared */
    GPU_PROGRAM_BUILT,   /* built from source (no usable cache entry, or no cache folder) */
    GPU_PROGRAM_CACHED,  /* loaded from a verified cache entry */
    GPU_PROGRAM_REBUILT, /* a cache entry was invalid or refused by the driver: built from source */
} gpu_program_origin;

gpu_program_origin gpu_program_origin_of(const gpu_handler *handler);

/* One line for the user: the kernel file, and how it was built or loaded (and why rebuilt). */
const char *gpu_program_note(const gpu_handler *handler);

/* Write the pairs, run the kernel REPS times, read the results back. Inputs larger than the
 * device's max allocation (or than $RAYTETRA_MAX_CHUNK_PAIRS pairs) run as several chunks, each
 * written, run REPS times and read; the times are sums over the chunks. */
int gpu_run(gpu_handler *handler, const pair_set *set, ray_tetra_result *results, int reps, gpu_times *times,
            error_text *err);

void gpu_close(gpu_handler *handler);

#endif
