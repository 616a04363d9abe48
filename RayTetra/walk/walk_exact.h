/* walk_exact.h: one edge's exact sign with GMP, the reference that the tests hold the robust
 * walk's expansion arithmetic (rt_expansion.h) to; apart from walk.h so that it can be declared
 * before rt_walk.h is included. */
#ifndef RAYTETRA_WALK_EXACT_H
#define RAYTETRA_WALK_EXACT_H

#include "vec3.h"

/* Exact sign of p_ij = [L, Vj - P, Vi - P] (-1, 0, +1), and in *moved its sign for the line moved
 * by (e, e^2, e^3) (rt_walk.h's tie rule; 0 only when Vj - Vi is parallel to L). */
int walk_exact_edge_sign(vec3 P, vec3 L, vec3 Vi, vec3 Vj, int *moved);

#endif
