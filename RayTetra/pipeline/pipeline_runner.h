/* pipeline_runner.h: the pipeline's run stage: the chosen algorithm on one chunk after another,
 * REPS timed repetitions each, on the CPU (cpu_parallel.h), one OpenCL device (gpu_handler.h)
 * or several (gpu_multi.h, split by the speeds measured on the first chunk). The devices are
 * opened and their kernels prepared before the first pair is read. */
#ifndef RAYTETRA_PIPELINE_RUNNER_H
#define RAYTETRA_PIPELINE_RUNNER_H

#include <stdio.h>

#include "error.h"
#include "multi/gpu_multi_job.h"
#include "opencl/gpu_handler.h"
#include "pipeline/pipeline.h"
#include "pipeline/pipeline_chunk.h"

typedef struct pipeline_runner {
    const pipeline_job *job;
    gpu_handler *gpu;    /* one device */
    gpu_multi *multi;    /* several */
    size_t devices;
    double *speeds;      /* several: pairs per ms of each, from the first chunk */
    gpu_range *ranges;
    gpu_multi_share *shares; /* several: each device's share of the last chunk */
    gpu_multi_share *totals; /* several: each device's pairs and times summed over the chunks */
    size_t device_chunks;    /* several: chunks run */
    int warmed;          /* CPU: the untimed repetition was made */
    int calibrated;
    gpu_times times;     /* one device: summed over the chunks */
    gpu_multi_summary summary; /* several: summed over the chunks */
    double algorithm_ms; /* the timed repetitions */
    double transfer_in_ms, kernel_ms, transfer_out_ms; /* busy times (CPU: kernel only) */
} pipeline_runner;

/* Open and prepare what the job runs on; 0, or -1 with err set. */
int pipeline_runner_open(pipeline_runner *runner, const pipeline_job *job, error_text *err);

/* Run the algorithm on the chunk's pairs into its results (clipped to the job's extent). */
int pipeline_runner_run(pipeline_runner *runner, pipeline_chunk *chunk, error_text *err);

/* Copies of each pair and result the runner makes besides the chunk's (pinned and device buffers). */
size_t pipeline_runner_copies(const pipeline_job *job);

/* The device lines (device, kernel, buffers, the summed times), as the whole-file run printed them. */
void pipeline_runner_report(const pipeline_runner *runner, FILE *out, size_t pairs);

void pipeline_runner_close(pipeline_runner *runner);

#endif
