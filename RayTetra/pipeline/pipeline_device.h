/* pipeline_device.h: one OpenCL device's part of the streaming pipeline with pinned transfers
 * (the default, gpu_config.h): the kernel of a prepared handler run on chunk after chunk, each
 * chunk's pairs written from pinned host memory, its kernels launched REPS times and its records
 * read back into pinned host memory, without waiting: each chunk is cut into transfer chunks as
 * gpu_run's pinned transfers cut a whole input (gpu_chunks.h, --chunk-sizes, --transfer-chunks,
 * $RAYTETRA_MAX_CHUNK_PAIRS), spread over up to three in-order queues that stay open for the
 * whole run, so that one transfer chunk's write or read overlaps another's kernel, across the
 * pipeline's chunks too (gpu_overlap.c's schedule, kept open instead of made afresh a call).
 *
 * The pinned host buffers belong to the pipeline's chunks (pipeline_device_buffers): where the
 * kernel reads the host's pairs as they are (aos layout, double data) the reader reads straight
 * into them; where it reads another layout or float data the pairs are converted into them once.
 * Where the records the kernel writes are the results themselves (aos, double, every field, no
 * host finishing) the writer reads them where they landed; else they are converted into the
 * chunk's results after the read. */
#ifndef RAYTETRA_PIPELINE_DEVICE_H
#define RAYTETRA_PIPELINE_DEVICE_H

#include <stddef.h>

#include "error.h"
#include "opencl/gpu_chunks.h"
#include "opencl/gpu_handler.h"
#include "opencl/gpu_launch.h"
#include "pairs.h"

/* In-order queues a device runs its transfer chunks on, as gpu_overlap.c. */
#define PIPELINE_DEVICE_QUEUES 3

typedef struct pipeline_device pipeline_device;

/* A chunk's pinned host memory: the pairs the device reads and the records it writes. */
typedef struct pipeline_device_buffers {
    gpu_pinned in, out;
} pipeline_device_buffers;

/* A chunk on its way through the device: its commands' events, waited for by
 * pipeline_device_finish. */
typedef struct pipeline_device_flight {
    size_t count;
    gpu_chunk_plan plan; /* its transfer chunks */
    cl_event *events;    /* per transfer chunk: write, tables, first launch, last launch, read */
} pipeline_device_flight;

/* Whether the pinned input holds the pairs as the host keeps them (the reader fills it), and
 * whether the pinned output holds the results as the host keeps them (the writer reads it). */
int pipeline_device_pairs_in_place(gpu_handler *handler);
int pipeline_device_results_in_place(gpu_handler *handler);

/* Open the queues and device buffers for chunks of at most chunk_pairs pairs on the prepared
 * handler, REPS launches a chunk, one untimed launch per queue (the driver's first-launch work).
 * 0, or -1 with err set (close it all the same). */
int pipeline_device_open(pipeline_device **device, gpu_handler *handler, size_t chunk_pairs, int reps,
                         error_text *err);

/* Pinned buffers for one chunk of chunk_pairs pairs. 0, or -1 with err set (release them all the
 * same). */
int pipeline_device_buffers_alloc(gpu_handler *handler, size_t chunk_pairs, pipeline_device_buffers *buffers,
                                  error_text *err);
void pipeline_device_buffers_release(gpu_handler *handler, pipeline_device_buffers *buffers);

/* Enqueue a chunk of `count` pairs (converted into buffers->in first unless they are there),
 * without waiting; the conversion's time is added to *staging_ms. 0, or -1 with err set. */
int pipeline_device_enqueue(pipeline_device *device, const ray_tetra_pair *pairs, size_t count,
                            pipeline_device_buffers *buffers, pipeline_device_flight *flight, double *staging_ms,
                            error_text *err);

/* Wait for the chunk, add its commands' device times to *times, and put its results in
 * `results` (converted from buffers->out unless they are there). 0, or -1 with err set. */
int pipeline_device_finish(pipeline_device *device, pipeline_device_flight *flight, const ray_tetra_pair *pairs,
                           pipeline_device_buffers *buffers, ray_tetra_result *results, gpu_times *times,
                           error_text *err);

/* Release a chunk's events without reading them (a failed run). */
void pipeline_device_drop(pipeline_device_flight *flight);

/* Queues that have run a transfer chunk so far. */
size_t pipeline_device_queues_used(const pipeline_device *device);

/* Wait for every queue, then release the queues and buffers. NULL is a no-op. */
void pipeline_device_close(pipeline_device *device);

#endif
