/* exact.h: exact geometric predicates and the exact ray/tetrahedron classifier used as ground
 * truth by the generator, the file reader and the tests.
 *
 * Signs are exact for the doubles given: a floating-point filter (Shewchuk's orient3d error
 * bound) decides almost every case, and GMP rationals decide the rest. A pair's line is the one
 * through its points P and Q: the classifier's signs are orientations of four input points,
 * never of the rounded difference fl(Q - P). */
#ifndef RAYTETRA_EXACT_H
#define RAYTETRA_EXACT_H

#include "pairs.h"

/* Exact sign (-1, 0, +1) of det[b - a, c - a, d - a] = dot((b - a) x (c - a), d - a). */
int exact_orient(vec3 a, vec3 b, vec3 c, vec3 d);

/* The same determinant computed exactly (GMP, no filter) and rounded toward zero to *value (0
 * when it is below the smallest subnormal); returns its exact sign. For the edge product of the
 * line through P and Q: p_ij = det[Q - P, Vj - P, Vi - P] = exact_orient_value(P, Q, Vj, Vi). */
int exact_orient_value(vec3 a, vec3 b, vec3 c, vec3 d, double *value);

/* Exact sign (-1, 0, +1) of det[L, A - P, B - P] = dot(L, (A - P) x (B - P)) for the vector L
 * as given (not a difference of two points): the scalar triple product of the directed edge
 * A -> B against the line P + t L (docs/SPECIFICATION.md section 2). The robust algorithm's
 * contract function (stp0r, given P and a direction, not Q) calls it for the signs its
 * floating-point filter cannot decide; for a stored pair, whose line runs through P and Q, the
 * same product is exact_orient(P, Q, B, A), free of the rounding of Q - P. Plain GMP, no filter
 * of its own. */
int exact_stp_sign(vec3 P, vec3 L, vec3 A, vec3 B);

/* The same, also the determinant rounded toward zero to *value (as exact_orient_value). */
int exact_stp_value(vec3 P, vec3 L, vec3 A, vec3 B, double *value);

/* Exact sign of dot((V1 - V0) x (V2 - V0), V3 - V0): negative for a positively oriented
 * tetrahedron (docs/SPECIFICATION.md section 1), 0 for a flat one. */
int exact_tetra_orientation(const vec3 *vert);

/* Exact signs of the six edge products p_ij (i < j; order 01 02 03 12 13 23) of the line P -> Q
 * against the tetrahedron, in the Plücker convention of docs/SPECIFICATION.md section 2 (all of a face's edges
 * >= 0 means entering). Returns the number of zero signs. */
int exact_edge_signs(const ray_tetra_pair *pair, int signs[6]);

/* The edges whose exact sign is zero, as a bit mask (bit e for edge e in the order above). */
int exact_zero_edges(const ray_tetra_pair *pair);

/* Exact classification by thesis Algorithm 1 on exact signs: faces 3, 2, 1, 0, the first face
 * whose signs are all >= 0 (not all 0) is the enter face, the first all <= 0 the leave face.
 * Returns 1 on a hit and sets *enter_face, *leave_face; returns 0 (faces -1) on a miss. */
int exact_classify(const ray_tetra_pair *pair, int *enter_face, int *leave_face);

/* Reference reals (points, u, t) of a hit, computed in long double from the faces that
 * exact_classify found; result->hit and the faces are set from them. */
void exact_reference(const ray_tetra_pair *pair, ray_tetra_result *result);

#endif
