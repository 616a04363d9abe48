/* compare.h: the tests' short form of the shared comparison in RayTetra/result_compare.h
 * (one rule for Bench, CompareResults and the tests). */
#ifndef RAYTETRA_TESTS_COMPARE_H
#define RAYTETRA_TESTS_COMPARE_H

#include "compare/result_compare.h"

/* NULL if `result` agrees with `expected` within tol, otherwise the differing field's name
 * ("hit", "faces", "enterPoint.x", "uEnter1", "tLeave", ...). */
static inline const char *result_difference(const ray_tetra_pair *p, const ray_tetra_result *result,
                                            const ray_tetra_result *expected, double tol)
{
    result_mismatch mismatch;
    if (result_compare(p, expected, result, tol, &mismatch) == RESULT_AGREE)
        return 0;
    return mismatch.field;
}

#endif
