/* result_compare.h: the one comparison of two results of the same pair, shared by Bench (its
 * verification step), CompareResults and the tests, so that all of them agree on what
 * "the same result" means.
 *
 * Two results agree when they have the same class (hit/miss) and, on a hit, the same enter and
 * leave faces exactly, and reals within a tolerance `tol`:
 *   points within tol x the tetrahedron's longest edge (each coordinate),
 *   barycentric u within tol (absolute: they are already relative to the face),
 *   t within tol x (longest edge / |L| + |t|): t is measured in units of |L|.
 * A tolerance is needed because results differ in their last bits between algorithms and
 * devices (docs/SPECIFICATION.md section 4). */
#ifndef RAYTETRA_RESULT_COMPARE_H
#define RAYTETRA_RESULT_COMPARE_H

#include <stddef.h>

#include "pairs.h"

/* Tight enough to catch a wrong formula, loose enough for rounding in double precision. */
#define RESULT_COMPARE_DEFAULT_TOLERANCE 1e-9

typedef enum result_mismatch_kind {
    RESULT_AGREE = 0,
    RESULT_DIFFERENT_CLASS, /* hit against miss */
    RESULT_DIFFERENT_FACES, /* enter or leave face */
    RESULT_DIFFERENT_REAL,  /* a point, u or t beyond the tolerance */
} result_mismatch_kind;

/* The first difference found in one pair. */
typedef struct result_mismatch {
    result_mismatch_kind kind;
    const char *field;       /* "hit", "faces", "enterPoint.x", "uEnter1", "tLeave", ... */
    double reference, other; /* the differing values (class: 1 hit, 0 miss; faces: enter face) */
    int reference_leave, other_leave; /* faces only: the leave faces */
    double allowed;          /* reals only: the largest difference accepted */
} result_mismatch;

/* Compare `other` with `reference` for `pair`; returns the kind (RESULT_AGREE = 0 when they
 * agree) and, if `mismatch` is not NULL, fills it with the first difference. */
result_mismatch_kind result_compare(const ray_tetra_pair *pair, const ray_tetra_result *reference,
                                      const ray_tetra_result *other, double tolerance,
                                      result_mismatch *mismatch);

/* One line (no newline) such as "faces: reference 3 -> 1, other 2 -> 1". */
void result_mismatch_describe(const result_mismatch *mismatch, char *text, size_t size);

/* Counts over a whole set of results. */
/* The tetrahedron's longest edge: the scale of every point and t tolerance and error. */
double pair_longest_edge(const ray_tetra_pair *pair);

typedef struct result_compare_summary {
    size_t pairs;
    size_t class_differences, face_differences, real_differences;
    size_t first_index; /* of the first differing pair; SIZE_MAX when all agree */
    result_mismatch first;
} result_compare_summary;

void result_compare_all(const pair_set *set, const ray_tetra_result *reference, const ray_tetra_result *other,
                        double tolerance, result_compare_summary *summary);

static inline size_t result_compare_total(const result_compare_summary *summary)
{
    return summary->class_differences + summary->face_differences + summary->real_differences;
}

/* "12 differences (1 hit/miss, 3 faces, 8 reals beyond 1e-09); first: pair 17: ..." or
 * "no differences". */
void result_compare_summary_describe(const result_compare_summary *summary, double tolerance, char *text,
                                     size_t size);

#endif
