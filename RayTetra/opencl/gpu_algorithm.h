/* gpu_algorithm.h: an OpenCL variant of a registry row (its kernel file, build options and host
 * finishing), the bytes its buffers move per pair under a run configuration, and the times of a
 * run. Pure descriptions: nothing here touches a device. */
#ifndef RAYTETRA_GPU_ALGORITHM_H
#define RAYTETRA_GPU_ALGORITHM_H

#include <stddef.h>

#include "cpu/algorithms.h"
#include "opencl/gpu_config.h"
#include "pairs.h"

struct ray_tetra_result;

/* A host-side finishing step of a kernel (the registry names it on the algorithm's row): it
 * decides on the host what the device left open in its records of level `output` (as read back,
 * in the aos layout and double data: gpu_kernel.h) and overwrites results[i] of those pairs with
 * that level's fields of the decision (gpu_layout_level); returns how many it decided. Runs
 * inside the read time. */
typedef size_t (*gpu_finish)(gpu_output output, const void *records, const ray_tetra_pair *pairs,
                             ray_tetra_result *results, size_t count);

/* One OpenCL variant of a registry row (registry.h fills these once, in the order of the CSV:
 * by the thesis' -g index, then the kernels without one). Float builds compile the same .cl
 * file with -DRT_SINGLE. */
typedef struct gpu_algorithm {
    int index;              /* the thesis' `RayTetra -g i`; -1 if it has none */
    const char *name;       /* e.g. "stp0" (the CPU algorithm it matches: stp0f, stp0r, ...) */
    const char *csv_name;   /* e.g. "GPU_STP0" */
    const char *kernel_file; /* e.g. "RayTetraForm.cl" */
    const char *kernel_name; /* the __kernel function */
    cpu_precision precision; /* of the kernel's arithmetic (the CPU table's enum) */
    const char *build_options; /* added to the common ones ("" or "-DRT_SINGLE"); part of the cache key */
    const char *double_name;   /* the double algorithm a float build rounds (its own name if double) */
    int robust;                /* the kernel flags uncertain signs; `finish` decides them exactly */
    gpu_finish finish;         /* host-side finishing after the read; NULL if none */
    /* A precomputed form (docs/ALGORITHMS.md): the kernel of the same file that fills the
     * tables on the device (pairs in, tables out) before the timed kernel reads them as its
     * fourth argument, and a table's bytes per pair; NULL and 0 for the other algorithms. */
    const char *precompute_kernel;
    size_t table_bytes;
} gpu_algorithm;

/* Whether `algorithm` under `config` reads and writes single-precision buffers: a float build
 * with --float-data single (gpu_config.h). Every other kernel moves doubles. */
int gpu_single_data(const gpu_algorithm *algorithm, const gpu_config *config);

/* The bytes `algorithm`'s buffers hold per pair under `config`: the pair it reads and the record it
 * writes (gpu_pair_bytes of its data), what is transferred. */
void gpu_algorithm_pair_bytes(const gpu_algorithm *algorithm, const gpu_config *config, size_t *read,
                              size_t *written);

/* Bytes the timed kernel of `algorithm` must move per pair under `config` (Bench's GB/s and bytes
 * a pair): gpu_algorithm_pair_bytes, and a precomputed form's table (table_bytes, of the build's
 * precision whatever the data's) read beside its pair. */
void gpu_kernel_pair_bytes(const gpu_algorithm *algorithm, const gpu_config *config, size_t *read, size_t *written);

/* Whether the records `algorithm` writes under `config` go through a scratch array of `count`
 * ray_tetra_results on their way to the results (gpu_prepared_results): soa records, single ones. */
int gpu_records_need_scratch(const gpu_algorithm *algorithm, const gpu_config *config);

/* Pageable transfers (the thesis'): every time is the host's clock around its step. Pinned
 * transfers (the default, gpu_config.h): the steps overlap, so write, kernel and read are the
 * sums of their commands' device times (profiling events) and end_to_end_ms is the host's clock
 * around the whole schedule. */
typedef struct gpu_times {
    double write_ms;  /* host to device, once */
    double kernel_ms; /* all repetitions */
    double read_ms;   /* device to host, once */
    double end_to_end_ms; /* pinned: from the first write enqueued to the last pair finished; pageable:
                             write + kernel + read */
    double staging_ms;       /* pinned: copying the pairs into pinned memory (host work, before the
                                timing: not in end_to_end_ms) */
    gpu_transfers transfers; /* how the run moved its data */
    size_t queues;           /* command queues the chunks were spread over */
    size_t local_size;
    size_t launches; /* chunks x repetitions */
    size_t chunks;   /* launches per repetition: inputs beyond the device's max allocation are split */
    double precompute_ms; /* precomputed forms: the tables filled on the device (after the write, before
                             the kernels; not in kernel_ms nor in write_ms) */
    double finish_ms; /* robust kernels: the host's exact decision of flagged pairs, inside read_ms */
    size_t uncertain; /* robust kernels: pairs the device flagged (some sign uncertain) */
    size_t global_size; /* work-items of the (first) launch */
} gpu_times;

#endif
