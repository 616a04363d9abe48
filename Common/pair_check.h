/* pair_check.h: what makes a pair invalid input (docs/SPECIFICATION.md section 4), shared by the text and binary
 * readers. */
#ifndef RAYTETRA_PAIR_CHECK_H
#define RAYTETRA_PAIR_CHECK_H

#include "pairs.h"

/* NULL for a valid pair, else a short description of the problem. */
const char *pair_problem(const ray_tetra_pair *pair);

#endif
