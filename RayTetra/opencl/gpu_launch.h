/* gpu_launch.h: the pieces every run of a suite kernel is made of, shared by the chunked runs
 * (gpu_handler.c), the overlapped end-to-end runs (gpu_overlap.c) and the bandwidth runs
 * (gpu_bandwidth.c): the work-items of a launch, the kernels' three arguments, the device
 * buffers, how many items fit on the device at once, and pinned host memory.
 *
 * Every suite kernel has the signature (input buffer, output buffer, ulong count) and computes
 * `count` items (pairs; 16-byte elements for the copy kernel), each work-item one or more. */
#ifndef RAYTETRA_GPU_LAUNCH_H
#define RAYTETRA_GPU_LAUNCH_H

#include <stddef.h>

#include "error.h"
#include "opencl/gpu_device.h"
#include "opencl/gpu_errors.h"

/* Work-items for `count` items: ceil(count / items_per_work_item), padded to a multiple of
 * local_size. */
size_t gpu_global_size(size_t count, size_t items_per_work_item, size_t local_size);

/* The work-items of one launch of n pairs in a run whose largest launch has `largest` pairs: n's
 * own width on a GPU (idle work-items there cost device time), the largest's on a CPU device
 * (the kernels ignore items past `count`). PoCL 3.1 keeps one compiled kernel per launch width,
 * finds it at launch by width but at release by kernel and local size only, and so aborts
 * (pocl_release_dlhandle_cache: ref_count > 0) when a narrower and a wider launch of one kernel
 * are in flight on two queues at once: one width, one entry. */
size_t gpu_launch_width(cl_device_type type, size_t largest, size_t n, size_t items_per_work_item, size_t local_size);

/* Set the kernel's (input, output, count) arguments. They are captured at enqueue time, so one
 * kernel object serves launches on several buffers and queues. Returns 0, or -1 with err set. */
int gpu_set_arguments(cl_kernel kernel, cl_mem input, cl_mem output, size_t count, error_text *err);

/* The input and output buffers of a kernel on the device (read-only and write-only for the
 * kernel; the host writes the one and reads the other). Returns 0, or -1 with err set (then
 * release what was made with gpu_release_buffers). */
int gpu_create_buffers(cl_context context, size_t input_bytes, size_t output_bytes, cl_mem *input, cl_mem *output,
                       error_text *err);

/* Release the buffers that exist and set both to NULL. */
void gpu_release_buffers(cl_mem *input, cl_mem *output);

/* The tables of a precomputed form (gpu_kernel.h): the timed kernel's fourth argument. */
int gpu_set_tables_argument(cl_kernel kernel, cl_mem tables, error_text *err);

/* A device buffer only kernels use (a precomputed form's tables): read and written on the
 * device, never transferred. Returns 0, or -1 with err set and *buffer NULL. */
int gpu_create_device_buffer(cl_context context, size_t bytes, cl_mem *buffer, error_text *err);

/* Enqueue `reps` launches of `kernel` (arguments set) with `global` work-items in groups of
 * `local`. With `samples_ms`, each launch gets a profiling event (the queue must have
 * CL_QUEUE_PROFILING_ENABLE) and samples_ms[r] grows by launch r's time on the device
 * (CL_PROFILING_COMMAND_START to END), so that chunked runs add up per repetition; the events
 * are read and released every GPU_LAUNCH_EVENT_BATCH launches, which waits for those launches.
 * Without it the launches only go into the queue. Returns 0, or -1 with err set. */
#define GPU_LAUNCH_EVENT_BATCH 256
int gpu_launch_kernel(cl_command_queue queue, cl_kernel kernel, size_t global, size_t local, int reps,
                      double *samples_ms, error_text *err);

/* How many items of `read` input and `written` output bytes may be on the device at once with
 * `sets` input/output buffer pairs: each buffer within the max allocation, all of them within
 * half the global memory (the rest is left to the driver and the display). */
cl_ulong gpu_items_that_fit(const gpu_device_info *info, size_t read, size_t written, size_t sets);

/* Pairs per launch of a chunked run of `count` pairs: gpu_items_that_fit for `sets` buffer pairs,
 * lowered by $RAYTETRA_MAX_CHUNK_PAIRS (tests force chunks with it), and a multiple of the local
 * size so that only the last chunk needs padding. Returns 0, or -1 with err set (a bad value of
 * the variable, or a device that cannot hold even one pair). */
int gpu_chunk_pairs(const gpu_device_info *info, size_t read, size_t written, size_t local_size, size_t count,
                    size_t sets, size_t *chunk, error_text *err);

/* Pinned (page-locked) host memory the way OpenCL offers it: a buffer the driver allocates on
 * the host (CL_MEM_ALLOC_HOST_PTR), mapped for the host's pointer; transfers from and to it need
 * no staging copy. */
typedef struct gpu_pinned {
    cl_mem buffer;
    void *host; /* the mapping; NULL when not mapped */
} gpu_pinned;

/* Allocate `bytes` of pinned memory and map it for reading and writing on `queue`. Returns 0,
 * or -1 with err set (then release it with gpu_pinned_release all the same). */
int gpu_pinned_map(cl_context context, cl_command_queue queue, size_t bytes, gpu_pinned *pinned, error_text *err);

/* Unmap (on `queue`, waiting for it), release and empty *pinned; an empty one is left as it is. */
void gpu_pinned_release(cl_command_queue queue, gpu_pinned *pinned);

#endif
