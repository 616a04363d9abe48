/* gpu_chunks.h: how the pinned transfers split the pairs into chunks (gpu_overlap.c). Plain C,
 * no OpenCL: the plan is tested on its own (tests/test_gpu_chunks.c). */
#ifndef RAYTETRA_GPU_CHUNKS_H
#define RAYTETRA_GPU_CHUNKS_H

#include <stddef.h>

#include "error.h"
#include "opencl/gpu_config.h"

/* Chunk k holds pairs starts[k] .. starts[k + 1] - 1; starts[0] = 0, starts[chunks] = count, and
 * no chunk is empty or larger than `largest`. */
typedef struct gpu_chunk_plan {
    size_t chunks, largest;
    size_t *starts; /* chunks + 1 entries */
} gpu_chunk_plan;

/* The tail of a tapered plan: up to GPU_TAPER_CHUNKS chunks (never more than half of them), each
 * `ratio` times the one before. The last write is then followed only by a small chunk's kernel
 * and read. The ratio is the bytes a record has over the bytes a pair has (a read's time over a
 * write's), within GPU_TAPER_RATIO_MIN..MAX: a chunk shrinking faster than its read would leave
 * the reads behind the writes, and with GPU_TAPER_CHUNKS chunks a slower one would leave the
 * last chunk large (docs/PERFORMANCE.md). */
#define GPU_TAPER_CHUNKS 8
#define GPU_TAPER_RATIO_MIN 0.8
#define GPU_TAPER_RATIO_MAX 0.9

/* The tail's ratio for pairs of `read` bytes and records of `written` bytes. */
double gpu_taper_ratio(size_t read, size_t written);

/* Split `count` (>= 1) pairs into about `chunks` (>= 1) chunks of `sizes`, none larger than
 * `max_chunk` (more chunks then), a tapered tail shrinking by `ratio` (gpu_taper_ratio). Returns
 * 0, or -1 with err set (out of memory). */
int gpu_chunk_plan_make(size_t count, size_t chunks, gpu_chunk_sizes sizes, size_t max_chunk, double ratio,
                        gpu_chunk_plan *plan, error_text *err);

void gpu_chunk_plan_free(gpu_chunk_plan *plan);

#endif
