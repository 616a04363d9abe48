/* algorithms_robust.h: the robust STP form 0 (stp0r) on one stored pair, for callers that hold
 * the pair itself rather than the contract's P and direction: the host's finishing of the robust
 * kernel's flagged pairs (stp0r_finish, the registry's hook for GPU_STP0R) and the tests. */
#ifndef RAYTETRA_ALGORITHMS_ROBUST_H
#define RAYTETRA_ALGORITHMS_ROBUST_H

#include "cpu/algorithms.h"
#include "pairs.h"

/* stp0r on `pair`, exact for the line through its P and Q as stored (the batch entry point
 * stp0r_batch does the same for each pair; the contract function stp0r decides P + t dir for
 * the direction it is given). */
/* The one-pair contract function and the batch loop (the registry's row). */
RAY_TETRA_DECLARE(stp0r);

void stp0r_pair(const ray_tetra_pair *pair, ray_tetra_result *result);

#endif
