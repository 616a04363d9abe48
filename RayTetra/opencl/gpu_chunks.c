/* gpu_chunks.c: the pinned transfers' chunk plan (gpu_chunks.h). */
#include "opencl/gpu_chunks.h"

#include <math.h>
#include <stdlib.h>

/* Sizes from the last chunk back: the tail's `taper` shrinking chunks (smallest last), then chunks
 * of `body` pairs until the pairs are used up (the first may be smaller). Returns the count. */
static size_t sizes_from_end(size_t count, size_t body, size_t taper, double ratio, size_t *out)
{
    size_t n = 0, left = count;
    for (size_t i = taper; i >= 1 && left > 0; --i) {
        size_t size = (size_t)ceil((double)body * pow(ratio, (double)i));
        size = size < 1 ? 1 : (size < left ? size : left);
        if (out)
            out[n] = size;
        ++n;
        left -= size;
    }
    for (; left > 0; ++n) {
        size_t size = body < left ? body : left;
        if (out)
            out[n] = size;
        left -= size;
    }
    return n;
}

double gpu_taper_ratio(size_t read, size_t written)
{
    double ratio = read ? (double)written / (double)read : GPU_TAPER_RATIO_MIN;
    return ratio < GPU_TAPER_RATIO_MIN ? GPU_TAPER_RATIO_MIN : (ratio > GPU_TAPER_RATIO_MAX ? GPU_TAPER_RATIO_MAX : ratio);
}

int gpu_chunk_plan_make(size_t count, size_t chunks, gpu_chunk_sizes sizes, size_t max_chunk, double ratio,
                        gpu_chunk_plan *plan, error_text *err)
{
    plan->chunks = plan->largest = 0;
    plan->starts = NULL;
    if (count == 0)
        return 0;
    chunks = chunks < 1 ? 1 : (chunks > count ? count : chunks);
    max_chunk = max_chunk < 1 ? 1 : max_chunk;
    size_t taper = sizes == GPU_CHUNKS_TAPERED ? (chunks / 2 < GPU_TAPER_CHUNKS ? chunks / 2 : GPU_TAPER_CHUNKS) : 0;
    /* The body's size: the chunks' weights are 1 for the body and RATIO^i for the tail's i-th. */
    double weights = (double)(chunks - taper);
    for (size_t i = 1; i <= taper; ++i)
        weights += pow(ratio, (double)i);
    size_t body = (size_t)ceil((double)count / weights);
    body = body < 1 ? 1 : (body > max_chunk ? max_chunk : body);
    size_t n = sizes_from_end(count, body, taper, ratio, NULL);
    size_t *reversed = malloc(n * sizeof *reversed);
    plan->starts = malloc((n + 1) * sizeof *plan->starts);
    if (!reversed || !plan->starts) {
        free(reversed);
        free(plan->starts);
        plan->starts = NULL;
        return error_set(err, "out of memory for a plan of %zu chunks", n);
    }
    sizes_from_end(count, body, taper, ratio, reversed);
    plan->starts[0] = 0;
    for (size_t k = 0; k < n; ++k) {
        size_t size = reversed[n - 1 - k];
        plan->starts[k + 1] = plan->starts[k] + size;
        plan->largest = size > plan->largest ? size : plan->largest;
    }
    plan->chunks = n;
    free(reversed);
    return 0;
}

void gpu_chunk_plan_free(gpu_chunk_plan *plan)
{
    free(plan->starts);
    plan->starts = NULL;
    plan->chunks = plan->largest = 0;
}
