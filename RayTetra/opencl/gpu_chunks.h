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
 * GPU_TAPER_RATIO times the one before. The last write is then followed only by a small chunk's
 * kernel and read, and each read still ends before the next-but-one write needs its queue
 * (a record is 112 of a pair's 144 bytes, 0.78 of a write's time; docs/PERFORMANCE.md). */
#define GPU_TAPER_CHUNKS 8
#define GPU_TAPER_RATIO 0.8

/* Split `count` (>= 1) pairs into about `chunks` (>= 1) chunks of `sizes`, none larger than
 * `max_chunk` (more chunks then). Returns 0, or -1 with err set (out of memory). */
int gpu_chunk_plan_make(size_t count, size_t chunks, gpu_chunk_sizes sizes, size_t max_chunk, gpu_chunk_plan *plan,
                        error_text *err);

void gpu_chunk_plan_free(gpu_chunk_plan *plan);

#endif
