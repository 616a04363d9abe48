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
 *   device_session one open device: open, program, buffers, run, read back, release
 *   gpu_bandwidth copy and transfer bandwidths of a session's device (Bench, TetWalk)
 *   gpu_algorithm an algorithm's OpenCL variant, the bytes it moves per pair, a run's times
 *   gpu_prepared  a kernel prepared on a session; its records converted to results
 *   gpu_overlap   runs of a prepared kernel from pinned memory overlapped on several queues:
 *                 gpu_run's default transfers and Bench --overlap
 *   gpu_handler   this interface: an algorithm's kernel prepared on a session, chunked timed runs */
#ifndef RAYTETRA_GPU_HANDLER_H
#define RAYTETRA_GPU_HANDLER_H

#include <stddef.h>
#include <stdio.h>

#include "cpu/algorithms.h"
#include "error.h"
#include "opencl/device_session.h"
#include "opencl/gpu_algorithm.h"
#include "opencl/gpu_config.h"
#include "opencl/gpu_device.h"
#include "opencl/gpu_prepared.h"
#include "opencl/gpu_program.h"
#include "pairs.h"

typedef struct gpu_handler gpu_handler;

/* Open device `index` (counted across all platforms) in a device session of its own. A device
 * without fp64 opens: what needs fp64 is refused when it is prepared (gpu_check_algorithm_fp64). */
int gpu_open(gpu_handler **handler, int index, error_text *err);

/* The handler's device session (device_session.h), for what runs other kernels on the device
 * (the bandwidth measure). Owned by the handler. */
device_session *gpu_session(const gpu_handler *handler);

/* "NAME (PLATFORM, driver VERSION)" of the open device. */
const char *gpu_device_description(const gpu_handler *handler);

/* 0 when the open device has cl_khr_fp64; else -1 with a one-line err (kind ERROR_OPENCL)
 * naming the device and `what` needs it. */
int gpu_require_fp64(const gpu_handler *handler, const char *what, error_text *err);



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



/* The kernel of the last gpu_prepare as its own runs see it (kernel NULL if none). */
void gpu_handler_prepared(const gpu_handler *handler, gpu_prepared *prepared);

void gpu_close(gpu_handler *handler);

#endif
