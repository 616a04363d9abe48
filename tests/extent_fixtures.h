/* extent_fixtures.h: the pairs of the extent tests (tests/test_extents.c, test_gpu_extents.c):
 * random hits moved along their own lines so that their intervals straddle t = 0 and t = 1, and
 * every generator class plus pairs whose P or Q is exactly a vertex. */
#ifndef RAYTETRA_TESTS_EXTENT_FIXTURES_H
#define RAYTETRA_TESTS_EXTENT_FIXTURES_H

#include <stdlib.h>

#include "fixtures.h"
#include "rng.h"

static inline vec3 extent_along(vec3 P, vec3 L, double t) { return (vec3){P.x + t * L.x, P.y + t * L.y, P.z + t * L.z}; }

/* Each hit moved along its own line: with [t0, t1] its interval, the new P and Q are at
 * t0 + a (t1 - t0) and t0 + b (t1 - t0), a in [-1, 2], b - a in (0.1, 2.1): P before, inside or
 * beyond the tetrahedron, Q likewise. The exact classifier labels the new pairs afresh. */
static inline void extent_straddle(pair_set *set, const ray_tetra_result *line, uint64_t seed)
{
    rng rng;
    rng_seed(&rng, seed);
    for (size_t i = 0; i < set->count; ++i) {
        if (!line[i].hit)
            continue;
        ray_tetra_pair *p = &set->pairs[i];
        vec3 P = p->orig, L = pair_direction(p);
        double t0 = line[i].t_enter, span = line[i].t_leave - line[i].t_enter;
        double a = -1 + 3 * rng_unit(&rng), b = a + 0.1 + 2 * rng_unit(&rng);
        p->orig = extent_along(P, L, t0 + a * span);
        p->far = extent_along(P, L, t0 + b * span);
    }
}

/* Every class of the generator (2000 hits, 2000 misses, 300 pairs a class), then the same pairs
 * again with P (odd pairs) or Q (even pairs) replaced by one of the tetrahedron's vertices: an
 * end exactly on the boundary (t exactly 0 or 1). */
static inline void extent_degenerate_pairs(uint64_t seed, pair_set *set, pair_classes *classes)
{
    fixture_class_pairs(seed, 2000, 2000, 300, set, classes);
    size_t base = set->count;
    ray_tetra_pair *grown = realloc(set->pairs, 2 * base * sizeof *grown);
    if (!grown)
        fixture_fail("the vertex pairs", "out of memory");
    set->pairs = grown;
    for (size_t i = 0; i < base; ++i) {
        ray_tetra_pair p = set->pairs[i];
        int k = (int)(i % 4);
        if (i % 2)
            p.orig = p.vert[k]; /* the line from a vertex through Q */
        else
            p.far = p.vert[k]; /* a segment ending at a vertex */
        set->pairs[base + i] = p;
    }
    set->count = 2 * base;
}

#endif
