/* test_gpu_chunks: the pinned transfers' chunk plan (gpu_chunks.h): every pair in exactly one
 * chunk, none empty or over the largest allowed; equal plans of equal chunks; tapered plans whose
 * tail shrinks by the ratio to a last chunk far smaller than the body's; about as many chunks as
 * asked, more where the largest allowed binds. */
#include <stdlib.h>

#include "check.h"
#include "opencl/gpu_chunks.h"

static size_t size_of(const gpu_chunk_plan *p, size_t k) { return p->starts[k + 1] - p->starts[k]; }

/* The invariants of any plan of `count` pairs, none over `max_chunk`. */
static void covers(const gpu_chunk_plan *p, size_t count, size_t max_chunk, const char *what)
{
    CHECK(p->chunks >= 1 && p->starts[0] == 0 && p->starts[p->chunks] == count, "%s: %zu chunks from 0 to %zu",
          what, p->chunks, p->starts[p->chunks]);
    size_t largest = 0;
    for (size_t k = 0; k < p->chunks; ++k) {
        CHECK(size_of(p, k) >= 1, "%s: chunk %zu is empty", what, k);
        largest = size_of(p, k) > largest ? size_of(p, k) : largest;
    }
    CHECK(largest == p->largest && largest <= max_chunk, "%s: largest %zu (plan says %zu, at most %zu)", what,
          largest, p->largest, max_chunk);
}

static double ratio = GPU_TAPER_RATIO_MIN;

static void plan(size_t count, size_t chunks, gpu_chunk_sizes sizes, size_t max_chunk, gpu_chunk_plan *p)
{
    error_text err;
    CHECK(gpu_chunk_plan_make(count, chunks, sizes, max_chunk, ratio, p, &err) == 0, "plan: %s", err.text);
}

static void equal_chunks(void)
{
    gpu_chunk_plan p;
    plan(100000000, 16, GPU_CHUNKS_EQUAL, (size_t)-1, &p);
    covers(&p, 100000000, (size_t)-1, "equal 16");
    CHECK(p.chunks == 16 && p.largest == 6250000, "16 chunks of 6,250,000, got %zu of at most %zu", p.chunks,
          p.largest);
    gpu_chunk_plan_free(&p);
    plan(1000, 3, GPU_CHUNKS_EQUAL, (size_t)-1, &p);
    covers(&p, 1000, (size_t)-1, "equal 3 of 1000");
    CHECK(p.chunks == 3 && size_of(&p, 0) == 332 && size_of(&p, 1) == 334 && size_of(&p, 2) == 334,
          "the remainder first: %zu %zu %zu", size_of(&p, 0), size_of(&p, 1), size_of(&p, 2));
    gpu_chunk_plan_free(&p);
    plan(3003, 1, GPU_CHUNKS_EQUAL, 448, &p); /* the largest allowed binds */
    covers(&p, 3003, 448, "equal, at most 448");
    CHECK(p.chunks == 7, "7 chunks of at most 448, got %zu", p.chunks);
    gpu_chunk_plan_free(&p);
}

static void tapered_chunks(void)
{
    gpu_chunk_plan p;
    plan(100000000, 16, GPU_CHUNKS_TAPERED, (size_t)-1, &p);
    covers(&p, 100000000, (size_t)-1, "tapered 16");
    CHECK(p.chunks == 16, "16 chunks, got %zu", p.chunks);
    size_t body = size_of(&p, 1);
    CHECK(p.largest == body && body > 100000000 / 16, "the body's chunks (%zu) larger than equal ones", body);
    for (size_t k = 8; k + 1 < p.chunks; ++k) {
        double shrink = (double)size_of(&p, k + 1) / (double)size_of(&p, k);
        CHECK(shrink > GPU_TAPER_RATIO_MIN - 0.01 && shrink < GPU_TAPER_RATIO_MIN + 0.01, "tail ratio %g at chunk %zu",
              shrink, k);
    }
    CHECK(size_of(&p, 15) * 5 < body, "the last chunk (%zu) under a fifth of the body's (%zu)", size_of(&p, 15), body);
    gpu_chunk_plan_free(&p);

    /* Few chunks: the tail is at most half of them; one chunk stays whole. */
    plan(1000, 3, GPU_CHUNKS_TAPERED, (size_t)-1, &p);
    covers(&p, 1000, (size_t)-1, "tapered 3");
    CHECK(p.chunks == 3 && size_of(&p, 2) < size_of(&p, 1), "3 chunks, the last smaller: %zu %zu %zu",
          size_of(&p, 0), size_of(&p, 1), size_of(&p, 2));
    gpu_chunk_plan_free(&p);
    plan(1000, 1, GPU_CHUNKS_TAPERED, (size_t)-1, &p);
    CHECK(p.chunks == 1 && p.largest == 1000, "1 chunk of 1000, got %zu of %zu", p.chunks, p.largest);
    gpu_chunk_plan_free(&p);

    /* More chunks than pairs, tiny inputs, a binding largest: still a cover. */
    const size_t counts[] = {1, 2, 3, 5, 17, 1000, 65537};
    const size_t asked[] = {1, 2, 3, 16, 100};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i)
        for (size_t j = 0; j < sizeof asked / sizeof asked[0]; ++j)
            for (size_t max_chunk = 1; max_chunk <= 4096; max_chunk *= 8) {
                plan(counts[i], asked[j], GPU_CHUNKS_TAPERED, max_chunk, &p);
                covers(&p, counts[i], max_chunk, "small tapered");
                gpu_chunk_plan_free(&p);
                plan(counts[i], asked[j], GPU_CHUNKS_EQUAL, max_chunk, &p);
                covers(&p, counts[i], max_chunk, "small equal");
                gpu_chunk_plan_free(&p);
            }
    plan(0, 4, GPU_CHUNKS_TAPERED, 10, &p);
    CHECK(p.chunks == 0 && p.starts == NULL, "no pairs, no chunks");
}

/* The tail shrinks as fast as a read is shorter than its write, within the limits. */
static void taper_ratio(void)
{
    CHECK(gpu_taper_ratio(144, 112) == GPU_TAPER_RATIO_MIN, "double records: %g", gpu_taper_ratio(144, 112));
    CHECK(gpu_taper_ratio(72, 64) == 64.0 / 72.0, "float records: %g", gpu_taper_ratio(72, 64));
    CHECK(gpu_taper_ratio(144, 1) == GPU_TAPER_RATIO_MIN && gpu_taper_ratio(10, 100) == GPU_TAPER_RATIO_MAX &&
              gpu_taper_ratio(0, 1) == GPU_TAPER_RATIO_MIN,
          "within the limits");
    gpu_chunk_plan p;
    ratio = gpu_taper_ratio(72, 64);
    plan(100000000, 16, GPU_CHUNKS_TAPERED, (size_t)-1, &p);
    covers(&p, 100000000, (size_t)-1, "tapered by 8/9");
    double shrink = (double)size_of(&p, 15) / (double)size_of(&p, 14);
    CHECK(shrink > 0.88 && shrink < 0.9, "the tail shrinks by %g", shrink);
    gpu_chunk_plan_free(&p);
    ratio = GPU_TAPER_RATIO_MIN;
}

int main(void)
{
    taper_ratio();
    equal_chunks();
    tapered_chunks();
    return check_summary("test_gpu_chunks");
}
