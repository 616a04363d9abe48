/* gpu_handler.h: the OpenCL host module's interface for the programs (docs/SPECIFICATION.md
 * section 6): the algorithms' kernels, device discovery and choice, the kernel of an algorithm
 * built or loaded from the cache, and write / run / read as separately timed steps. Every
 * executable uses this one module.
 *
 * The module's files, each header included only by those above it:
 *   gpu_errors    OpenCL headers, error names, GPU_CHECK
 *   gpu_config    the run options (--layout, --output, --float-data, ...) and bytes per pair
 *   gpu_device    platform and device discovery
 *   gpu_source    kernel files found and their includes inlined
 *   gpu_cache     compiled binaries on disk
 *   gpu_program   source + cache + build log: the one program-build path
 *   gpu_layout    conversions between the host's arrays and the kernels' buffers
 *   gpu_single    the single-data float kernels' records widened into the double ones
 *   gpu_launch    work-items, arguments, buffers, chunk limits, pinned memory
 *   gpu_handler   this interface: devices, algorithms, chunked timed runs
 *   gpu_overlap   runs from pinned memory overlapped on several queues: gpu_run's default
 *                 transfers (gpu_handler.c calls it; it uses the handler only through
 *                 gpu_handler_objects and gpu_handler_results) and Bench --overlap
 *   gpu_bandwidth copy and transfer bandwidths (Bench) */
#ifndef RAYTETRA_GPU_HANDLER_H
#define RAYTETRA_GPU_HANDLER_H

#include <stddef.h>
#include <stdio.h>

#include "cpu/algorithms.h"
#include "error.h"
#include "opencl/gpu_config.h"
#include "opencl/gpu_device.h"
#include "opencl/gpu_program.h"
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

typedef struct gpu_handler gpu_handler;

/* Open device `index` (counted across all platforms). A device without fp64 opens: what needs
 * fp64 is refused when it is prepared (gpu_check_algorithm_fp64). */
int gpu_open(gpu_handler **handler, int index, error_text *err);

/* "NAME (PLATFORM, driver VERSION)" of the open device. */
const char *gpu_device_description(const gpu_handler *handler);

/* 0 when the open device has cl_khr_fp64; else -1 with a one-line err (kind ERROR_OPENCL)
 * naming the device and `what` needs it. */
int gpu_require_fp64(const gpu_handler *handler, const char *what, error_text *err);

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
 * ray_tetra_results on their way to the results (gpu_handler_results): soa records, single ones. */
int gpu_records_need_scratch(const gpu_algorithm *algorithm, const gpu_config *config);

/* Whether the open device can run `algorithm` under `config`: every kernel needs cl_khr_fp64
 * but a float build with single data, which holds no double (gpu_records.h). 0, or -1 with err
 * as gpu_require_fp64's. gpu_prepare refuses with it; Bench asks first, to mark the kernel
 * unavailable rather than failed. */
int gpu_check_algorithm_fp64(const gpu_handler *handler, const gpu_algorithm *algorithm, const gpu_config *config,
                             error_text *err);

/* Where build logs and cache warnings go (default stderr). */
void gpu_set_log(gpu_handler *handler, FILE *log);

/* Whether a successful build's log goes to the log too when it says something (its warnings);
 * default no: a failed build's log only. */
void gpu_set_log_warnings(gpu_handler *handler, int on);

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

/* Use `config` from the next gpu_prepare on (the data precision, layout and output level are
 * build options). */
void gpu_set_config(gpu_handler *handler, const gpu_config *config);

/* The build options of `algorithm` under `config` (GPU_PROGRAM_LANGUAGE first, then the -D options
 * of gpu_kernel.h), as gpu_prepare passes them to the compiler and the binary cache's key. */
void gpu_build_options(const gpu_algorithm *algorithm, const gpu_config *config, char *options, size_t size);

/* Build (or load from the cache) the kernel of `algorithm`; local_size 0 = the default rule. */
int gpu_prepare(gpu_handler *handler, const gpu_algorithm *algorithm, size_t local_size, error_text *err);

/* How the program of the last gpu_prepare was obtained (gpu_program.h). */
gpu_program_origin gpu_program_origin_of(const gpu_handler *handler);

/* One line for the user: the kernel file, and how it was built or loaded (and why rebuilt). */
const char *gpu_program_note(const gpu_handler *handler);

/* Write the pairs, run the kernel REPS times, read the results back, as the configuration's
 * transfers say (gpu_config.h). Pageable: inputs larger than the device's max allocation (or
 * than $RAYTETRA_MAX_CHUNK_PAIRS pairs) run as several chunks, each written, run REPS times and
 * read; the times are sums over the chunks. Pinned (gpu_overlap.c): the pairs are copied into
 * page-locked memory first (host work, untimed), then chunks are written, run REPS times and read
 * on three queues at once; the results are the same, bit for bit. A precomputed form fills its
 * tables on the device after each chunk's write, before its kernels (times->precompute_ms). */
int gpu_run(gpu_handler *handler, const pair_set *set, ray_tetra_result *results, int reps, gpu_times *times,
            error_text *err);

/* gpu_run that also keeps every repetition's kernel time: kernel_samples_ms (room for `reps`)
 * gets launch r's execution time on the device in entry r (profiling events, summed over the
 * chunks). times->kernel_ms stays the host's time around all launches, as in gpu_run. */
int gpu_run_sampled(gpu_handler *handler, const pair_set *set, ray_tetra_result *results, int reps,
                    gpu_times *times, double *kernel_samples_ms, error_text *err);

/* The resolution of the device's profiling timer (what gpu_run_sampled's samples are read
 * from) in ms; 0 if the driver does not say. */
double gpu_timer_resolution_ms(const gpu_handler *handler);

/* The OpenCL objects of an open handler, for the host modules that run their own kernels or
 * transfers on the same device and queue (gpu_overlap.c, gpu_bandwidth.c) without reaching into
 * the handler's private structure. */
typedef struct gpu_cl_objects {
    cl_context context;
    cl_command_queue queue;
    const gpu_device_info *info; /* owned by the handler */
    cl_kernel kernel;            /* of the last gpu_prepare; NULL if none */
    cl_kernel precompute;        /* its algorithm's table kernel (gpu_algorithm.precompute_kernel); NULL if none */
    size_t local_size;           /* its local size */
    gpu_config config;           /* the layout and output level it was built for */
    const gpu_algorithm *algorithm; /* its algorithm; NULL if none */
    FILE *log;                   /* where build logs and cache warnings go (gpu_set_log) */
} gpu_cl_objects;

void gpu_handler_objects(const gpu_handler *handler, gpu_cl_objects *objects);

/* After the read of `count` records of one launch (as the kernel wrote them; `scratch` holds
 * count full records, for the soa result layout's rearrangement): the results, and the prepared
 * algorithm's host-side finishing and exact clipping (robust kernels), whose time goes to
 * times->finish_ms and times->read_ms. For gpu_overlap.c, which shares it with gpu_run. */
void gpu_handler_results(gpu_handler *handler, const void *records, void *scratch, const ray_tetra_pair *pairs,
                         ray_tetra_result *results, size_t count, gpu_times *times);

void gpu_close(gpu_handler *handler);

#endif
