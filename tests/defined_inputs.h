/* defined_inputs.h: the inputs on which every algorithm must write only finite numbers
 * (tests/test_defined.c on the CPU, tests/test_gpu_defined.c on OpenCL): every class of
 * RandomRayTetra, and the same pairs moved to the limits of double, where products underflow or
 * overflow and t overflows:
 *   - the whole pair scaled by 2^-1060, 2^-540, 2^340, 2^1000 and 2^1022 (subnormal coordinates;
 *     products below the smallest normal; products beyond the largest double; differences
 *     V - P beyond it too);
 *   - P and Q scaled by 2^-130 and 2^-1030, the tetrahedron kept: the line passes near the
 *     origin with |Q - P| near float's or double's smallest numbers, so t = distance / |L|
 *     overflows float or double.
 * Pairs that such scaling makes invalid (a tetrahedron flattened or P = Q by subnormal
 * rounding) are dropped, as the readers would refuse them: every pair here is accepted input. */
#ifndef RAYTETRA_TESTS_DEFINED_INPUTS_H
#define RAYTETRA_TESTS_DEFINED_INPUTS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "generator/generator.h"
#include "pair_check.h"

#define DEFINED_PER_CLASS 300
#define DEFINED_GROUPS 8 /* the classes as generated, then the seven scalings above */

static const char *const DEFINED_GROUP_NAMES[DEFINED_GROUPS] = {
    "classes", "x 2^-1060", "x 2^-540", "x 2^340", "x 2^1000", "x 2^1022", "P, Q x 2^-130", "P, Q x 2^-1030",
};

/* Pair i of the classes, changed as group g says. */
static ray_tetra_pair defined_variant(const ray_tetra_pair *p, int g)
{
    static const int WHOLE[] = {0, -1060, -540, 340, 1000, 1022}, LINE[] = {-130, -1030};
    ray_tetra_pair s = *p;
    double *v = &s.vert[0].x;
    if (g < 6) {
        for (int i = 0; i < 18; ++i)
            v[i] = ldexp(v[i], WHOLE[g]);
    } else {
        for (int i = 12; i < 18; ++i)
            v[i] = ldexp(v[i], LINE[g - 6]);
    }
    return s;
}

/* Every class (DEFINED_PER_CLASS pairs each, hits and misses too), then each group's variants of
 * them; group_start[g] is where group g begins (group_start[DEFINED_GROUPS] = set->count).
 * Returns 0, or -1 with a message on stderr. */
static int defined_inputs(pair_set *set, size_t group_start[DEFINED_GROUPS + 1])
{
    generator_config config = {.seed = 13, .hits = DEFINED_PER_CLASS / 2, .misses = DEFINED_PER_CLASS / 2};
    for (int c = 0; c < GENERATOR_CLASS_COUNT; ++c)
        config.special[c] = DEFINED_PER_CLASS;
    pair_set classes;
    error_text err;
    if (generator_fill(&config, &classes, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return -1;
    }
    set->pairs = malloc(DEFINED_GROUPS * classes.count * sizeof *set->pairs);
    if (!set->pairs) {
        pair_set_free(&classes);
        fprintf(stderr, "out of memory\n");
        return -1;
    }
    set->count = 0;
    for (int g = 0; g < DEFINED_GROUPS; ++g) {
        group_start[g] = set->count;
        for (size_t i = 0; i < classes.count; ++i) {
            ray_tetra_pair s = defined_variant(&classes.pairs[i], g);
            if (pair_problem(&s) == NULL)
                set->pairs[set->count++] = s;
        }
    }
    group_start[DEFINED_GROUPS] = set->count;
    pair_set_free(&classes);
    return 0;
}

/* 1 when every number of the record is finite and the faces are in range. */
static int defined_record(const ray_tetra_result *r)
{
    const double reals[] = {r->enter_point.x, r->enter_point.y, r->enter_point.z, r->leave_point.x, r->leave_point.y,
                            r->leave_point.z, r->u_enter1,      r->u_enter2,      r->u_leave1,      r->u_leave2,
                            r->t_enter,       r->t_leave};
    for (size_t k = 0; k < sizeof reals / sizeof reals[0]; ++k)
        if (!isfinite(reals[k]))
            return 0;
    return r->enter_face >= -1 && r->enter_face <= 3 && r->leave_face >= -1 && r->leave_face <= 3;
}

#endif
