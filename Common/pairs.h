/* pairs.h: the data every executable shares: a ray/tetrahedron pair as stored in files
 * (V0 V1 V2 V3 P Q, docs/SPECIFICATION.md section 4) and the result of one test. */
#ifndef RAYTETRA_PAIRS_H
#define RAYTETRA_PAIRS_H

#include <stddef.h>

#include "vec3.h"

/* 18 doubles in file order; the line runs from P (t = 0) through Q (t = 1): L = Q - P. */
typedef struct ray_tetra_pair {
    vec3 vert[4];
    vec3 orig; /* P */
    vec3 far;  /* Q */
} ray_tetra_pair;

/* The result of one test: the record shared with the kernels and the binary format. */
#include "rt_result.h"

typedef struct pair_set {
    size_t count;
    ray_tetra_pair *pairs;
} pair_set;

void pair_set_free(pair_set *set);

static inline vec3 pair_direction(const ray_tetra_pair *p)
{
    vec3 d = {p->far.x - p->orig.x, p->far.y - p->orig.y, p->far.z - p->orig.z};
    return d;
}

#endif
