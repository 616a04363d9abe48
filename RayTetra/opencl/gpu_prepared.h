/* gpu_prepared.h: a kernel prepared on a device session, and what every run of it does after its
 * records are read back: convert them to results and let the host finish what the device left
 * open; and, for the runs from pinned memory on queues of their own (gpu_overlap.c,
 * pipeline_device.c), a precomputed form's table fill and a queue's warm-up launch.
 * gpu_handler.c prepares it and runs it in chunks. */
#ifndef RAYTETRA_GPU_PREPARED_H
#define RAYTETRA_GPU_PREPARED_H

#include <stddef.h>
#include <stdio.h>

#include "opencl/device_session.h"
#include "opencl/gpu_algorithm.h"
#include "opencl/gpu_config.h"
#include "pairs.h"

/* A kernel prepared on a device session (gpu_handler.h's gpu_prepare), as the runs that launch it
 * themselves see it: the overlapped runs (gpu_overlap.c) and the streaming pipeline's device
 * (pipeline_device.c). */
typedef struct gpu_prepared {
    const device_session *session;
    cl_context context;
    cl_command_queue queue;
    const gpu_device_info *info; /* owned by the session */
    cl_kernel kernel;            /* of the last gpu_prepare; NULL if none */
    cl_kernel precompute;        /* its algorithm's table kernel (gpu_algorithm.precompute_kernel); NULL if none */
    size_t local_size;           /* its local size */
    gpu_config config;           /* the layout and output level it was built for */
    const gpu_algorithm *algorithm; /* its algorithm; NULL if none */
    FILE *log;                   /* where build logs and cache warnings go (gpu_set_log) */
} gpu_prepared;

/* After the read of `count` records of one launch (as the kernel wrote them; `scratch` holds
 * count full records, for the soa result layout's rearrangement): the results, and the prepared
 * algorithm's host-side finishing and exact clipping (robust kernels), whose time goes to
 * times->finish_ms and times->read_ms. Every run of a prepared kernel ends with it. */
void gpu_prepared_results(const gpu_prepared *prepared, const void *records, void *scratch,
                          const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count, gpu_times *times);

/* A precomputed form's tables of the n pairs in `input`, filled by the prepared precompute kernel
 * on `queue` with `global` work-items (its event in *event unless NULL), and the prepared
 * kernel's table argument set to them; nothing for the other forms. Returns 0, or -1 with err
 * set. */
int gpu_prepared_enqueue_tables(const gpu_prepared *prepared, cl_command_queue queue, cl_mem input, cl_mem tables,
                                size_t n, size_t global, cl_event *event, error_text *err);

/* One launch of the prepared kernels on `queue` with no pair to compute, waited for: the driver
 * finishes compiling a kernel at its first launch and puts the queue's buffers on the device,
 * neither of which is the algorithm's time. Returns 0, or -1 with err set. */
int gpu_prepared_warm_up(const gpu_prepared *prepared, cl_command_queue queue, cl_mem input, cl_mem output,
                         cl_mem tables, size_t global, error_text *err);

#endif
