/* defined_inputs.h: the inputs on which every algorithm must write only finite numbers
 * (tests/test_defined.c on the CPU, tests/test_gpu_defined.c on OpenCL): every class of
 * RandomRayTetra, and the same pairs moved to the edges of the coordinates the readers accept
 * (docs/INPUT_RANGE.md: 0 or 1e-50 to 1e75 in magnitude), where the products of the algorithms
 * come closest to underflow and overflow:
 *   - the whole pair scaled by 2^-130, 2^-100, 2^200, 2^230 and 2^240;
 *   - P and Q scaled by 2^-130 and 2^-150, the tetrahedron kept: the line passes near the
 *     origin with a tiny |Q - P| (below float's smallest numbers), so t = distance / |L| is huge.
 * Pairs that such scaling makes invalid (out of the accepted range, a tetrahedron flattened) are
 * dropped, as the readers would refuse them: every pair here is accepted input. */
#ifndef RAYTETRA_TESTS_DEFINED_INPUTS_H
#define RAYTETRA_TESTS_DEFINED_INPUTS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "fixtures.h"
#include "generator/generator.h"
#include "pair_check.h"

#define DEFINED_PER_CLASS 300
#define DEFINED_GROUPS 8 /* the classes as generated, then the seven scalings above */

static const char *const DEFINED_GROUP_NAMES[DEFINED_GROUPS] = {
    "classes", "x 2^-130", "x 2^-100", "x 2^200", "x 2^230", "x 2^240", "P, Q x 2^-130", "P, Q x 2^-150",
};

/* Pair i of the classes, changed as group g says. */
static ray_tetra_pair defined_variant(const ray_tetra_pair *p, int g)
{
    static const int WHOLE[] = {0, -130, -100, 200, 230, 240}, LINE[] = {-130, -150};
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
 * Returns 0, or -1 with a message on stderr (a generator failure ends the test: fixtures.h). */
static int defined_inputs(pair_set *set, size_t group_start[DEFINED_GROUPS + 1])
{
    pair_set classes;
    fixture_class_pairs(13, DEFINED_PER_CLASS / 2, DEFINED_PER_CLASS / 2, DEFINED_PER_CLASS, &classes, NULL);
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
            char why[256];
            if (pair_check(&s, why, sizeof why) == 0)
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

/* One check per group of the algorithm's results: every hit's record is defined and every miss
 * has faces -1 (CPU and OpenCL alike). */
static void defined_check_groups(const char *algorithm, const ray_tetra_result *results,
                                 const size_t group_start[DEFINED_GROUPS + 1])
{
    for (int g = 0; g < DEFINED_GROUPS; ++g) {
        size_t bad = 0, first = 0;
        for (size_t i = group_start[g]; i < group_start[g + 1]; ++i) {
            int defined = results[i].hit ? defined_record(&results[i])
                                         : results[i].enter_face == -1 && results[i].leave_face == -1;
            if (!defined && bad++ == 0)
                first = i;
        }
        CHECK(bad == 0, "%s, %s: %zu records with NaN, Inf or a bad face (first: pair %zu)", algorithm,
              DEFINED_GROUP_NAMES[g], bad, first);
    }
}

#endif
