/* compare.h: comparing one result with another within a tolerance (tests only). */
#ifndef RAYTETRA_TESTS_COMPARE_H
#define RAYTETRA_TESTS_COMPARE_H

#include <math.h>

#include "pairs.h"

/* |a - b| <= tol * scale */
static inline int close_to(double a, double b, double tol, double scale) { return fabs(a - b) <= tol * scale; }

static inline double tetra_size(const ray_tetra_pair *p)
{
    double size = 0;
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) {
            double dx = p->vert[i].x - p->vert[j].x, dy = p->vert[i].y - p->vert[j].y,
                   dz = p->vert[i].z - p->vert[j].z;
            size = fmax(size, sqrt(dx * dx + dy * dy + dz * dz));
        }
    return size;
}

/* 0 if a and b agree: same class and faces exactly; points within tol x tetrahedron size, u within
 * tol, t within tol x (1 + |t|) x (tetrahedron size / |L|). Otherwise a short reason. */
static inline const char *result_difference(const ray_tetra_pair *p, const ray_tetra_result *a,
                                            const ray_tetra_result *b, double tol)
{
    if (a->hit != b->hit)
        return "hit/miss";
    if (!a->hit)
        return 0;
    if (a->enter_face != b->enter_face || a->leave_face != b->leave_face)
        return "faces";
    double size = tetra_size(p);
    const vec3 *pa[2] = {&a->enter_point, &a->leave_point}, *pb[2] = {&b->enter_point, &b->leave_point};
    for (int k = 0; k < 2; ++k)
        if (!close_to(pa[k]->x, pb[k]->x, tol, size) || !close_to(pa[k]->y, pb[k]->y, tol, size) ||
            !close_to(pa[k]->z, pb[k]->z, tol, size))
            return "point";
    if (!close_to(a->u_enter1, b->u_enter1, tol, 1) || !close_to(a->u_enter2, b->u_enter2, tol, 1) ||
        !close_to(a->u_leave1, b->u_leave1, tol, 1) || !close_to(a->u_leave2, b->u_leave2, tol, 1))
        return "u";
    vec3 L = pair_direction(p);
    double t_scale = size / sqrt(L.x * L.x + L.y * L.y + L.z * L.z);
    if (!close_to(a->t_enter, b->t_enter, tol, t_scale + fabs(b->t_enter)) ||
        !close_to(a->t_leave, b->t_leave, tol, t_scale + fabs(b->t_leave)))
        return "t";
    return 0;
}

#endif
