/* float_allowance.h: how far a float kernel's results may be from the exact classifier's and
 * still pass (test_gpu_precision.c, test_gpu_float_data.c): hit/miss and faces may differ on
 * the rate allowed to the CPU float variants (tests/test_float.c: 0.5% of random pairs each),
 * points and t must be within 1e-4 of the tetrahedron's size (t in units of |L|). Only the
 * fields an output level computes are compared: hit/miss at every level, faces and t from
 * level faces on, the points at level all. */
#ifndef RAYTETRA_TESTS_FLOAT_ALLOWANCE_H
#define RAYTETRA_TESTS_FLOAT_ALLOWANCE_H

#include <math.h>
#include <stdio.h>

#include "check.h"
#include "compare/result_compare.h"
#include "opencl/gpu_config.h"
#include "pairs.h"

#define FLOAT_MAX_CLASS_RATE 0.005
#define FLOAT_MAX_FACE_RATE 0.005
#define FLOAT_TOLERANCE 1e-4

static inline double float_allowance_distance(vec3 a, vec3 b)
{
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

/* `results` of output level `output` against the exact `reference` on the pairs of `set`: CHECKs
 * the allowance above, naming `what`, and prints the rates seen. */
static inline void float_allowance_check(const char *what, gpu_output output, const pair_set *set,
                                         const ray_tetra_result *results, const ray_tetra_result *reference)
{
    size_t misclassified = 0, wrong_faces = 0, far_off = 0, first_far = 0;
    double worst = 0;
    for (size_t i = 0; i < set->count; ++i) {
        const ray_tetra_result *r = &results[i], *x = &reference[i];
        if ((r->hit != 0) != (x->hit != 0)) {
            ++misclassified;
            continue;
        }
        if (!x->hit || output == GPU_OUTPUT_HIT)
            continue;
        if (r->enter_face != x->enter_face || r->leave_face != x->leave_face) {
            ++wrong_faces;
            continue;
        }
        double size = pair_longest_edge(&set->pairs[i]);
        vec3 L = pair_direction(&set->pairs[i]);
        double length = sqrt(L.x * L.x + L.y * L.y + L.z * L.z);
        double error = fmax(fabs(r->t_enter - x->t_enter), fabs(r->t_leave - x->t_leave)) * length / size;
        if (output == GPU_OUTPUT_ALL)
            error = fmax(error, fmax(float_allowance_distance(r->enter_point, x->enter_point),
                                     float_allowance_distance(r->leave_point, x->leave_point)) /
                                    size);
        if (!(error <= FLOAT_TOLERANCE) && far_off++ == 0)
            first_far = i;
        if (error > worst || isnan(error))
            worst = isnan(error) ? INFINITY : error;
    }
    double n = (double)set->count;
    printf("%s: misclassified %zu (%.4f%%), wrong faces %zu (%.4f%%), worst error %.3g of the size\n", what,
           misclassified, 100 * misclassified / n, wrong_faces, 100 * wrong_faces / n, worst);
    CHECK(misclassified <= FLOAT_MAX_CLASS_RATE * n, "%s: %zu of %zu pairs misclassified", what, misclassified,
          set->count);
    CHECK(wrong_faces <= FLOAT_MAX_FACE_RATE * n, "%s: %zu of %zu pairs with wrong faces", what, wrong_faces,
          set->count);
    CHECK(far_off == 0, "%s: %zu pairs beyond %g of the size (first: pair %zu)", what, far_off, FLOAT_TOLERANCE,
          first_far);
}

#endif
