/* device_session.h: one OpenCL device in use, the one way every part of the suite talks to a
 * device: open it (by its -n index), configure where build logs go, build or load a kernel file
 * through the binary cache (gpu_program.h), make buffers, write, launch, read back, release.
 * The pairs' runs (gpu_handler.h), the bandwidth measure (gpu_bandwidth.h), TetWalk's walks
 * (walk_opencl.h) and, through them, every program, the library and the several-device runner
 * stand on it. Every step that returns has finished on the device (clFinish), so the host's clock
 * around a call is the step's time. */
#ifndef RAYTETRA_DEVICE_SESSION_H
#define RAYTETRA_DEVICE_SESSION_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "opencl/gpu_device.h"
#include "opencl/gpu_errors.h"
#include "opencl/gpu_program.h"

typedef struct device_session device_session;

/* Open device `index` (counted across all platforms): its context and one in-order queue with
 * profiling (Bench times each launch with events; it costs nothing measurable, docs/BENCH.md).
 * A device without fp64 opens: device_session_require_fp64 refuses what needs it. Returns 0, or
 * -1 with err naming the devices there are when `index` is not one of them. */
int device_session_open(device_session **session, int index, error_text *err);

/* Release the session's context and queue (NULL: nothing). Release what was made on it first. */
void device_session_close(device_session *session);

/* "NAME (PLATFORM, driver VERSION)"; "" for NULL. */
const char *device_session_description(const device_session *session);

/* The -n index it was opened with. */
int device_session_index(const device_session *session);

const gpu_device_info *device_session_info(const device_session *session);
cl_context device_session_context(const device_session *session);
cl_command_queue device_session_queue(const device_session *session);

/* Where build logs and cache warnings go (NULL: stderr, the default), and whether a successful
 * build's warnings go there too (default no: a failed build's log only). */
void device_session_set_log(device_session *session, FILE *log);
void device_session_set_log_warnings(device_session *session, int on);
FILE *device_session_log(const device_session *session);

/* 0 when the device has cl_khr_fp64; else -1 with a one-line err (kind ERROR_OPENCL) naming the
 * device and `what` needs it. */
int device_session_require_fp64(const device_session *session, const char *what, error_text *err);

/* Build (or load from the cache) the kernel file with `options` (GPU_PROGRAM_LANGUAGE first;
 * kernel_name names the cache entry), logging as the session says. Returns 0, or -1 with err set
 * and *program empty. */
int device_session_program(const device_session *session, const char *kernel_file, const char *kernel_name,
                           const char *options, gpu_program *program, error_text *err);

/* The kernel `name` of a program built on the session and the most work-items per group a launch
 * of it may have on this device (the kernel's limit and the device's, dimension 0). */
int device_session_kernel(const device_session *session, const gpu_program *program, const char *name,
                          cl_kernel *kernel, size_t *max_group, error_text *err);

/* A device buffer of `bytes` with `flags` (CL_MEM_READ_ONLY, ...), holding a copy of `data` when
 * data is not NULL. Returns 0, or -1 with err set and *buffer NULL. */
int device_session_buffer(const device_session *session, cl_mem_flags flags, size_t bytes, const void *data,
                          cl_mem *buffer, error_text *err);

/* Write `bytes` from the host to the buffer at `offset`, or read them back into `out`, and wait.
 * 0 bytes: nothing. Returns 0, or -1 with err set. */
int device_session_write(const device_session *session, cl_mem buffer, size_t offset, size_t bytes,
                         const void *data, error_text *err);
int device_session_read(const device_session *session, cl_mem buffer, size_t offset, size_t bytes, void *out,
                        error_text *err);

/* One launch of `kernel` (arguments set) with `global` work-items in groups of `local` on the
 * session's queue, waited for. Returns 0, or -1 with err set. */
int device_session_run(const device_session *session, cl_kernel kernel, size_t global, size_t local,
                       error_text *err);

/* Another in-order queue on the device (the overlapped runs spread chunks over several), with
 * profiling events when `profiling`. Returns 0, or -1 with err set and *queue NULL. */
int device_session_new_queue(const device_session *session, int profiling, cl_command_queue *queue,
                             error_text *err);

/* The resolution of the device's profiling timer in ms; 0 if the driver does not say. */
double device_session_timer_resolution_ms(const device_session *session);

#endif
