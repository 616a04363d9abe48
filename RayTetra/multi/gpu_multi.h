/* gpu_multi.h: one run over several OpenCL devices (--devices): a handler per device, the pairs
 * split into one contiguous range per device (gpu_split.h), one host thread per device running
 * its range with the single-device run (gpu_run, or gpu_run_end_to_end from pinned memory on its
 * own queues), each writing its results into the caller's array at its range's offset. Every
 * pair is computed by the same kernel as on one device, so the results are bit-identical to one
 * device's. docs/GPU.md, "Several devices". */
#ifndef RAYTETRA_GPU_MULTI_H
#define RAYTETRA_GPU_MULTI_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "multi/gpu_split.h"
#include "opencl/gpu_handler.h"
#include "opencl/gpu_overlap.h"
#include "pairs.h"

/* Pairs of the calibration launch on each device: large enough that launch overheads do not
 * decide the split, small enough to cost milliseconds on a GPU. */
#define GPU_MULTI_CALIBRATION_PAIRS ((size_t)1 << 18)

/* Which single-device run each thread makes on its range. */
typedef enum gpu_multi_path {
    GPU_MULTI_STEPS,      /* gpu_run: write, kernel REPS times, read, each timed */
    GPU_MULTI_END_TO_END  /* gpu_run_end_to_end: one pass from pinned memory, overlapped in chunks */
} gpu_multi_path;

typedef struct gpu_multi_plan {
    gpu_multi_path path;
    int reps;      /* GPU_MULTI_STEPS: timed repetitions (>= 1) */
    size_t chunks; /* GPU_MULTI_END_TO_END: chunks of each device's range (>= 1) */
} gpu_multi_plan;

/* What one device did in a gpu_multi_run. */
typedef struct gpu_multi_share {
    int device;          /* its -n number */
    gpu_range range;     /* its pairs */
    gpu_times steps;     /* GPU_MULTI_STEPS (zeros when its range is empty) */
    gpu_end_to_end end_to_end; /* GPU_MULTI_END_TO_END */
    double wall_ms;      /* its thread's whole run, untimed warm-up and staging included */
} gpu_multi_share;

typedef struct gpu_multi gpu_multi;

/* Open devices[0 .. count - 1] (-n numbers; the runner takes a number twice, the --devices
 * parser does not: tests run one PoCL device as several). Returns 0, or -1 with err naming the
 * device that failed (nothing is left open). */
int gpu_multi_open(gpu_multi **multi, const int *devices, size_t count, error_text *err);

size_t gpu_multi_count(const gpu_multi *multi);
int gpu_multi_device(const gpu_multi *multi, size_t i);
gpu_handler *gpu_multi_handler(gpu_multi *multi, size_t i);

/* gpu_set_config and gpu_set_log on every device. */
void gpu_multi_set_config(gpu_multi *multi, const gpu_config *config);
void gpu_multi_set_log(gpu_multi *multi, FILE *log);

/* gpu_prepare on every device in turn (builds and cache writes stay sequential). */
int gpu_multi_prepare(gpu_multi *multi, const gpu_algorithm *algorithm, size_t local_size, error_text *err);

/* The split's granule after gpu_multi_prepare: the devices' local sizes' common multiple. */
size_t gpu_multi_granule(gpu_multi *multi);

/* Each device's speed in pairs per ms: the plan's run (one repetition) of the first
 * min(count, GPU_MULTI_CALIBRATION_PAIRS) pairs on each device alone, one after the other, timed
 * from write to read (the end-to-end time for GPU_MULTI_END_TO_END). One device: speeds[0] = 1,
 * nothing launched. Returns 0, or -1 with err naming the device. */
int gpu_multi_calibrate(gpu_multi *multi, const pair_set *set, const gpu_multi_plan *plan, double *speeds,
                        error_text *err);

/* Run ranges[d] of `set` on device d, all devices at once (one thread each; empty ranges start
 * none), results[ranges[d].first ...] written by device d. shares[d] gets device d's figures,
 * *wall_ms the span from the first thread's start to the last one's end. When a device fails the
 * others are still joined (their work is finished, not interrupted), and err names the first
 * failed device in list order with its range; results are then incomplete. Returns 0 or -1. */
int gpu_multi_run(gpu_multi *multi, const pair_set *set, const gpu_range *ranges, ray_tetra_result *results,
                  const gpu_multi_plan *plan, gpu_multi_share *shares, double *wall_ms, error_text *err);

void gpu_multi_close(gpu_multi *multi);

#endif
