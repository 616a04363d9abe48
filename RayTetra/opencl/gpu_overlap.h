/* gpu_overlap.h: gpu_run's pinned transfers, and the end-to-end time of one OpenCL run (write + kernel + read, one repetition)
 * from pinned host memory, with the pairs in chunks on up to three command queues so that one
 * chunk's transfers overlap another chunk's kernel (Bench --overlap). Method:
 * docs/PERFORMANCE.md. */
#ifndef RAYTETRA_GPU_OVERLAP_H
#define RAYTETRA_GPU_OVERLAP_H

#include <stddef.h>

#include "error.h"
#include "opencl/gpu_prepared.h"
#include "pairs.h"

typedef struct gpu_end_to_end {
    double ms;                  /* from the first write enqueued to the last read finished; of several
                                   runs the median */
    double min_ms, max_ms;      /* of the runs */
    int runs;
    size_t chunks, largest_chunk, queues;
    size_t bytes_in, bytes_out; /* moved between host and device (gpu_pair_bytes x pairs) */
} gpu_end_to_end;

/* Run the prepared kernel (not a robust one) on every pair once, in about `chunks`
 * chunks (1: write, kernel, read in sequence on one queue; more: chunk k on queue k mod 3), sized
 * as the configuration's chunk_sizes says (gpu_chunks.h). The pairs are copied (and converted to
 * the layout) into pinned memory before the timing, the records converted to `results` after it;
 * one untimed pass first. Returns 0, or -1 with err set. */
int gpu_run_end_to_end(const gpu_prepared *prepared, const pair_set *set, ray_tetra_result *results, size_t chunks,
                       gpu_end_to_end *times, error_text *err);

/* The same, timed `runs` times after the untimed pass: each run's ms in samples_ms[0..runs-1],
 * their median, min and max in `times`; the results are the last run's. */
int gpu_run_end_to_end_runs(const gpu_prepared *prepared, const pair_set *set, ray_tetra_result *results, size_t chunks,
                            int runs, double *samples_ms, gpu_end_to_end *times, error_text *err);

/* gpu_run's pinned transfers (gpu_config.h; gpu_run calls it, with `times` and the samples
 * zeroed): the pairs copied into pinned memory (and the layout) before the timing; chunks of the
 * configured count (0: at least 262,144 pairs each, about 32 of them, within what the device
 * holds and $RAYTETRA_MAX_CHUNK_PAIRS), each written, run `reps` times and read on queue k mod 3;
 * one untimed launch per queue first. Fills every field of `times` (gpu_algorithm.h): the kernel
 * time from profiling events, per chunk the span from its first launch's start to its last
 * launch's end, or, with kernel_samples_ms, every launch's own time, each repetition's summed
 * over the chunks into its entry. */
int gpu_run_pinned(const gpu_prepared *prepared, const pair_set *set, ray_tetra_result *results, int reps,
                   gpu_times *times, double *kernel_samples_ms, error_text *err);

#endif
