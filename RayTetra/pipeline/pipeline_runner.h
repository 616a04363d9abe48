/* pipeline_runner.h: the pipeline's run stage: the chosen algorithm on one chunk after another,
 * REPS timed repetitions each, on the CPU (cpu_parallel.h), one OpenCL device (gpu_handler.h)
 * or several (gpu_multi.h opens and prepares them), one lane a device: every lane takes the
 * next checked chunk when it is free, so a faster device runs more chunks. With pinned
 * transfers (the default) a lane's chunks live in pinned memory and run through
 * pipeline_device.h. The devices are opened and their kernels prepared before the first pair
 * is read. */
#ifndef RAYTETRA_PIPELINE_RUNNER_H
#define RAYTETRA_PIPELINE_RUNNER_H

#include <stdio.h>

#include "error.h"
#include "multi/gpu_multi_job.h"
#include "opencl/gpu_handler.h"
#include "pipeline/pipeline.h"
#include "pipeline/pipeline_chunk.h"
#include "pipeline/pipeline_device.h"

/* One device's (or the CPU's) share of the run stage: a thread of its own takes chunk after
 * chunk from the checked ones, whichever lane is free first. */
typedef struct pipeline_lane {
    gpu_handler *handler;    /* OpenCL; NULL: the CPU */
    pipeline_device *device; /* pinned transfers: the open queues; NULL: one gpu_run a chunk */
    int warmed;              /* CPU: the untimed repetition was made */
    gpu_times times;         /* OpenCL: summed over its chunks */
    size_t pairs, chunks;
    double first_ms, last_ms; /* pinned: the first chunk enqueued, the last one finished */
    double algorithm_ms, transfer_in_ms, kernel_ms, transfer_out_ms; /* busy times (CPU: kernel only) */
} pipeline_lane;

typedef struct pipeline_runner {
    const pipeline_job *job;
    gpu_handler *gpu;    /* one device */
    gpu_multi *multi;    /* several */
    pipeline_lane *lanes;
    size_t lane_count;
    int in_place_pairs, in_place_results; /* the chunks' pairs and results are the pinned buffers */
    /* After the run, summed over the lanes: */
    double algorithm_ms;
    double transfer_in_ms, kernel_ms, transfer_out_ms;
} pipeline_runner;

/* Open and prepare what the job runs on; 0, or -1 with err set. */
int pipeline_runner_open(pipeline_runner *runner, const pipeline_job *job, error_text *err);

/* The chunks a run needs (pipeline_chunk.h). */
size_t pipeline_runner_chunks(const pipeline_runner *runner);

/* A chunk of that shape, in pinned memory where the lanes run on devices with pinned transfers.
 * 0, or -1 with err set (free it all the same, pipeline_runner_chunk_free). */
int pipeline_runner_chunk_alloc(pipeline_runner *runner, pipeline_chunk *chunk, const pipeline_chunk_shape *shape,
                                error_text *err);
void pipeline_runner_chunk_free(pipeline_runner *runner, pipeline_chunk *chunk);
/* Only the chunk's pinned memory (before the runner is closed); its other buffers stay. */
void pipeline_runner_chunk_unpin(pipeline_runner *runner, pipeline_chunk *chunk);

/* Open lane i's queues for chunks of at most chunk_pairs pairs (pinned transfers; else nothing). */
int pipeline_runner_lane_open(pipeline_runner *runner, size_t lane, size_t chunk_pairs, error_text *err);

/* Lane i runs the algorithm on the chunk's pairs into its results (clipped to the job's extent),
 * synchronously (CPU, pageable transfers)... */
int pipeline_runner_run(pipeline_runner *runner, size_t lane, pipeline_chunk *chunk, error_text *err);

/* ... or, with pinned transfers, enqueued without waiting, then finished (results in place). */
int pipeline_runner_enqueue(pipeline_runner *runner, size_t lane, pipeline_chunk *chunk,
                            pipeline_device_flight *flight, error_text *err);
int pipeline_runner_finish(pipeline_runner *runner, size_t lane, pipeline_chunk *chunk,
                           pipeline_device_flight *flight, error_text *err);

/* The lanes' times summed into the runner's (after the lanes' threads ended). */
void pipeline_runner_sum(pipeline_runner *runner);

/* Copies of each pair and result the runner makes besides the chunk's (pinned and device buffers). */
size_t pipeline_runner_copies(const pipeline_job *job);

/* The device lines (device, kernel, buffers, the summed times), as the whole-file run printed them. */
void pipeline_runner_report(const pipeline_runner *runner, FILE *out, size_t pairs);

void pipeline_runner_close(pipeline_runner *runner);

#endif
