/* gpu_multi.h: one run over several OpenCL devices (--devices): a handler per device, and the
 * several-device runner (device_runner.h): one host thread per device taking chunks of pairs
 * from one shared dispenser as it finishes the last, each chunk run with the single-device run
 * (gpu_run, or gpu_run_end_to_end from pinned memory on its own queues) and its results written
 * into the caller's array at the chunk's offset. Every pair is computed by the same kernel as on
 * one device, so the results are bit-identical to one device's. docs/GPU.md, "Several
 * devices". */
#ifndef RAYTETRA_GPU_MULTI_H
#define RAYTETRA_GPU_MULTI_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "opencl/gpu_handler.h"
#include "opencl/gpu_overlap.h"
#include "pairs.h"

/* Chunks per device the chunk size aims at, so that a faster device can take more of them, and
 * the least chunk: large enough that a chunk's own write, launch and read overheads stay small
 * beside its kernel, small enough to cost milliseconds on a GPU. One device takes every pair in
 * one chunk, as -n does. GPU_MULTI_STEPS takes more, smaller chunks: its chunks are taken as
 * each device finishes a chunk's write, kernels and read, which the link's speed decides, and
 * a device's kernel time is its chunks' sum, so the figure of all devices (the slowest one's
 * sum) grows by a whole chunk for the device that took one more. On four H200, 40,000,000
 * pairs, 4 chunks a device: the devices took 3 to 5 chunks and the kernels scaled 3.19x. */
#define GPU_MULTI_CHUNKS_PER_DEVICE 4
#define GPU_MULTI_STEPS_CHUNKS_PER_DEVICE 16
#define GPU_MULTI_MIN_CHUNK ((size_t)1 << 18)

/* Which single-device run each thread makes on each chunk it takes. */
typedef enum gpu_multi_path {
    GPU_MULTI_STEPS,      /* gpu_run: write, kernel REPS times, read, each timed */
    GPU_MULTI_END_TO_END  /* gpu_run_end_to_end: one pass from pinned memory, overlapped in chunks */
} gpu_multi_path;

typedef struct gpu_multi_plan {
    gpu_multi_path path;
    int reps;      /* GPU_MULTI_STEPS: timed repetitions (>= 1) */
    size_t chunks; /* GPU_MULTI_END_TO_END: overlapped chunks of each chunk a device takes (>= 1) */
} gpu_multi_plan;

/* What one device did in a gpu_multi_run. */
typedef struct gpu_multi_share {
    int device;          /* its -n number */
    size_t pairs;        /* pairs it took, in `chunks` chunks (0: none) */
    size_t chunks;
    gpu_times steps;     /* GPU_MULTI_STEPS: summed over its chunks (zeros when it took none) */
    gpu_end_to_end end_to_end; /* GPU_MULTI_END_TO_END: summed over its chunks */
    double wall_ms;      /* its thread's whole run, untimed warm-ups and staging included */
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

/* Pairs a chunk holds for `pairs` pairs on the devices of `multi` (prepared) for a run of
 * `path`: pairs / (devices x GPU_MULTI_CHUNKS_PER_DEVICE, or GPU_MULTI_STEPS_CHUNKS_PER_DEVICE),
 * at least GPU_MULTI_MIN_CHUNK, on a multiple of the devices' local sizes' common multiple, yet
 * every device a chunk of its own while each could have a work-group's worth
 * (chunk_dispenser_size); every pair on one device. */
size_t gpu_multi_chunk_size(gpu_multi *multi, size_t pairs, gpu_multi_path path);

/* Run `set` on the devices with active[d] (every device when active is NULL), all at once (one
 * thread each), in chunks of gpu_multi_chunk_size pairs handed out as the devices finish their
 * last; results[i] is pair i's whichever device ran it. shares[d] gets device d's figures,
 * *wall_ms the span from the first thread's start to the last one's end. When a device fails the
 * others are still joined (their chunks are finished, not interrupted), and err names the first
 * failed device in list order with the chunk it failed on; results are then incomplete. Returns
 * 0 or -1. */
int gpu_multi_run(gpu_multi *multi, const pair_set *set, const unsigned char *active, ray_tetra_result *results,
                  const gpu_multi_plan *plan, gpu_multi_share *shares, double *wall_ms, error_text *err);

void gpu_multi_close(gpu_multi *multi);

#endif
