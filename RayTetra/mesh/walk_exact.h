/* walk_exact.h: the exact sign and parameter the robust walk falls back on (rt_walk.h's
 * RT_WALK_EXACT_SIGN and RT_WALK_EXACT_PARAMETER hooks, walk_cpu.c), apart from walk.h so that it can be declared before rt_walk.h is included. */
#ifndef RAYTETRA_WALK_EXACT_H
#define RAYTETRA_WALK_EXACT_H

#include "vec3.h"

/* Exact sign of p_ij = [L, Vj - P, Vi - P] (-1, 0, +1), and in *moved its sign for the line moved
 * by (e, e^2, e^3) (rt_walk.h's tie rule; 0 only when Vj - Vi is parallel to L). */
int walk_exact_edge_sign(vec3 P, vec3 L, vec3 Vi, vec3 Vj, int *moved);

/* t where the line P + t L crosses the plane of the triangle A B C (not parallel to it), computed
 * exactly and rounded once. */
double walk_exact_face_parameter(vec3 P, vec3 L, vec3 A, vec3 B, vec3 C);

#endif
