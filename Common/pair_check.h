/* pair_check.h: what makes a pair invalid input (docs/SPECIFICATION.md section 4), shared by the text and binary
 * readers and by libraytetra (which reports the fault as an error code). */
#ifndef RAYTETRA_PAIR_CHECK_H
#define RAYTETRA_PAIR_CHECK_H

#include "pairs.h"

/* What is wrong with a pair, in the order the checks are made. */
typedef enum pair_fault {
    PAIR_VALID = 0,
    PAIR_NOT_FINITE,    /* a coordinate is NaN or infinite */
    PAIR_NO_DIRECTION,  /* P == Q */
    PAIR_DEGENERATE,    /* the four vertices are coplanar (exactly) */
    PAIR_NEGATIVE,      /* the tetrahedron is negatively oriented (exactly) */
} pair_fault;

pair_fault pair_fault_of(const ray_tetra_pair *pair);

/* A short description of the fault; NULL for PAIR_VALID. */
const char *pair_fault_text(pair_fault fault);

/* NULL for a valid pair, else a short description of the problem. */
const char *pair_problem(const ray_tetra_pair *pair);

#endif
