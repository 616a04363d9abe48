/* api_intersect.c: the CPU calls. One pair goes through the algorithm's one-pair entry point;
 * many pairs through its batch entry point (the loop the programs time, RayTetra/cpu/), on the
 * caller's own arrays: the public types are the suite's (api_internal.h), so nothing is copied.
 *
 * The batch call works a block of pairs at a time, so that the block is still in the L1 cache
 * when its results are counted (and, when checked, when the checked pairs are tested): a second
 * pass over a million results would cost as much as a fast algorithm's whole run. Within a block,
 * runs of valid pairs go to the batch entry point in one call each; a pair to flip or in error
 * is handled on its own. A ray or a segment is the line's results clipped (api_clip), block by
 * block while the block is in the cache. */
#include <string.h>

#include "api_internal.h"

/* 64 pairs and their results, 16 KiB: one block of the SIMD forms (algorithms_simd.h). Counting
 * the hits of a block right after it is computed costs least (docs/LIBRARY.md, "Speed": blocks
 * of 32 to 16384 and counting one block late were measured). */
enum { BLOCK = 64 };

/* The CPU view of a handle, or the error code of the call. */
static int cpu_of(raytetra_algorithm algorithm, const cpu_algorithm **cpu)
{
    const registry_variant *v = api_variant(algorithm);
    if (!v)
        return RAYTETRA_ERROR_UNKNOWN_ALGORITHM;
    if (v->kind != REGISTRY_CPU)
        return RAYTETRA_ERROR_NOT_CPU;
    *cpu = v->cpu;
    return RAYTETRA_OK;
}

int raytetra_intersect_ex(raytetra_algorithm algorithm, const raytetra_pair *pair, raytetra_hit *hit,
                          const raytetra_options *options)
{
    if (!hit)
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    ray_tetra_result *result = api_results(hit);
    const cpu_algorithm *cpu = NULL;
    unsigned flags = 0;
    int status = !pair ? RAYTETRA_ERROR_NULL_ARGUMENT : cpu_of(algorithm, &cpu);
    if (status == RAYTETRA_OK)
        status = api_flags(options, &flags, NULL);
    if (status == RAYTETRA_OK && !(flags & RAYTETRA_UNCHECKED))
        status = api_check(api_pairs(pair), flags, cpu->precision);
    if (status < 0) {
        api_set_error(result, status);
        return status;
    }
    api_run_checked_one(cpu, api_pairs(pair), status, result);
    api_clip(registry_of_cpu(cpu), api_pairs(pair), result, 1, api_extent(options));
    return result->hit;
}

int raytetra_intersect(raytetra_algorithm algorithm, const double vertices[4][3], const double p[3], const double q[3],
                       raytetra_hit *hit)
{
    if (!vertices || !p || !q) {
        if (hit)
            api_set_error(api_results(hit), RAYTETRA_ERROR_NULL_ARGUMENT);
        return RAYTETRA_ERROR_NULL_ARGUMENT;
    }
    raytetra_pair pair;
    memcpy(pair.vertices, vertices, sizeof pair.vertices);
    memcpy(pair.p, p, sizeof pair.p);
    memcpy(pair.q, q, sizeof pair.q);
    return raytetra_intersect_ex(algorithm, &pair, hit, NULL);
}

static size_t count_hits(const ray_tetra_result *results, size_t count)
{
    size_t hits = 0;
    for (size_t i = 0; i < count; ++i)
        hits += results[i].hit == 1;
    return hits;
}

/* One block, every pair checked: runs of valid pairs through the batch entry point. */
static void run_checked_block(const cpu_algorithm *cpu, const ray_tetra_pair *pairs, ray_tetra_result *results,
                              size_t count, unsigned flags)
{
    size_t start = 0; /* the first pair of the current run of valid pairs */
    for (size_t i = 0; i < count; ++i) {
        int status = api_check(&pairs[i], flags, cpu->precision);
        if (status == RAYTETRA_OK)
            continue;
        if (i > start)
            cpu->batch(pairs + start, results + start, i - start);
        api_run_checked_one(cpu, &pairs[i], status, &results[i]);
        start = i + 1;
    }
    if (count > start)
        cpu->batch(pairs + start, results + start, count - start);
}

size_t raytetra_intersect_many_ex(raytetra_algorithm algorithm, size_t n, const raytetra_pair *pairs,
                                  raytetra_hit *hits, const raytetra_options *options)
{
    if (n == 0 || !pairs || !hits)
        return 0;
    ray_tetra_result *results = api_results(hits);
    const cpu_algorithm *cpu = NULL;
    unsigned flags = 0;
    int status = cpu_of(algorithm, &cpu);
    if (status == RAYTETRA_OK)
        status = api_flags(options, &flags, NULL);
    if (status != RAYTETRA_OK) {
        for (size_t i = 0; i < n; ++i)
            api_set_error(&results[i], status);
        return 0;
    }
    const ray_tetra_pair *input = api_pairs(pairs);
    const registry_variant *variant = registry_of_cpu(cpu);
    const int extent = api_extent(options);
    size_t total = 0;
    for (size_t first = 0; first < n; first += BLOCK) {
        size_t count = n - first < BLOCK ? n - first : BLOCK;
        if (flags & RAYTETRA_UNCHECKED)
            cpu->batch(input + first, results + first, count);
        else
            run_checked_block(cpu, input + first, results + first, count, flags);
        api_clip(variant, input + first, results + first, count, extent);
        total += count_hits(results + first, count);
    }
    return total;
}

size_t raytetra_intersect_many(raytetra_algorithm algorithm, size_t n, const raytetra_pair *pairs, raytetra_hit *hits)
{
    return raytetra_intersect_many_ex(algorithm, n, pairs, hits, NULL);
}
