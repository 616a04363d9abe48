/* rt_field.h: the ray-triangle tests the tools that walk rays through tetrahedral meshes use,
 * applied to a tetrahedron face by face, written once for the CPU and the OpenCL kernels
 * (docs/ALGORITHMS.md, "The field's tests"): Badouel's plane-then-barycentric test, Havel and
 * Herout's plane and two edge planes, and the branch-free Badouel of mesh-based Monte Carlo on a
 * table of the four face planes. Each returns the whole record of rt_algorithms.h: faces in
 * the order 3, 2, 1, 0 (the first face found entering enters, the first found leaving leaves),
 * the points P + t L, t along L, and u = the weights of the face's vertices 1 and 2 (the
 * vertices of docs/SPECIFICATION.md section 1, rt_baseline_face_vertex). The line is unbounded
 * as in every other algorithm. Valid C11 and OpenCL C 1.2; precision follows rt_math.h. */
#ifndef RAYTETRA_RT_FIELD_H
#define RAYTETRA_RT_FIELD_H

#include "rt_baseline.h"

/* One face crossed: t along L and the weights u1, u2 of the face's vertices 1 and 2. */
typedef struct rt_field_face {
    rt_real t, u1, u2;
} rt_field_face;

/* The faces a test has found, face by face in the order 3, 2, 1, 0: the first entering one and
 * the first leaving one (-1 while none). */
typedef struct rt_field_found {
    int enter, leave;
    rt_field_face in, away;
} rt_field_found;

RT_INLINE rt_field_found rt_field_none(void)
{
    rt_field_found found;
    found.enter = found.leave = -1;
    found.in.t = found.in.u1 = found.in.u2 = found.away.t = found.away.u1 = found.away.u2 = 0;
    return found;
}

/* Whether a face is still wanted: none found yet in its direction (sign < 0 entering, > 0
 * leaving), and one of the two still missing. */
RT_INLINE int rt_field_wanted(const rt_field_found *found, int sign)
{
    return sign < 0 ? found->enter < 0 : (sign > 0 && found->leave < 0);
}

/* Face f crossed at `hit` in direction `sign`, kept if it is the first of that direction. */
RT_INLINE void rt_field_keep(rt_field_found *found, int f, int sign, rt_field_face hit)
{
    if (sign < 0 && found->enter < 0) {
        found->enter = f;
        found->in = hit;
    } else if (sign > 0 && found->leave < 0) {
        found->leave = f;
        found->away = hit;
    }
}

RT_INLINE int rt_field_complete(const rt_field_found *found) { return found->enter >= 0 && found->leave >= 0; }

/* The record of a hit on the faces found (rt_miss if either is missing): points P + t L,
 * saturated where t or the point overflows (a line nearly parallel to a face plane, the defined
 * results of rt_algorithms.h). */
RT_INLINE int rt_field_finish(rt_vec3 P, rt_vec3 L, const rt_field_found *found, rt_hit *out)
{
    if (!rt_field_complete(found))
        return rt_miss(out);
    out->enter_face = found->enter;
    out->leave_face = found->leave;
    out->t_enter = rt_saturate(found->in.t);
    out->t_leave = rt_saturate(found->away.t);
    out->enter_point = rt_saturate3(rt_add(P, rt_scale(L, out->t_enter)));
    out->leave_point = rt_saturate3(rt_add(P, rt_scale(L, out->t_leave)));
    out->u_enter1 = found->in.u1;
    out->u_enter2 = found->in.u2;
    out->u_leave1 = found->away.u1;
    out->u_leave2 = found->away.u2;
    return 1;
}

/* ---------------------------------------------------------------- Badouel
 * D. Badouel, "An efficient ray-polygon intersection", Graphics Gems (1990): the plane
 * N . X + d = 0 of the polygon, t = -(d + N . P) / (N . L), the point
 * X = P + t L; then, dropping the axis i0 of N's largest component, the point's coordinates
 * (alpha, beta) in the projected triangle, X - A = alpha (B - A) + beta (C - A) solved on the
 * two remaining axes i1, i2 (the case u1 == 0 apart, as in the paper), inside iff alpha >= 0,
 * beta >= 0 and alpha + beta <= 1. alpha and beta are the weights of B and C: u1, u2. */

/* Whether the line crosses the triangle A, B, C (normal N, N . L = den != 0) and where. The
 * range tests are written so that a NaN (an overflowed t or point) fails them. */
RT_INLINE int rt_badouel_face(rt_vec3 P, rt_vec3 L, rt_vec3 A, rt_vec3 B, rt_vec3 C, rt_vec3 N, rt_real den,
                              rt_field_face *hit)
{
    rt_real t = rt_dot(N, rt_sub(A, P)) / den; /* -(d + N . P) / (N . L) with d = -N . A */
    rt_vec3 X = rt_add(P, rt_scale(L, t));
    /* i0 = x: project on (y, z); i0 = y: on (x, z); i0 = z: on (x, y). So i1 is y where x is
     * dropped, else x, and i2 is y where z is dropped, else z: two selects a vector. */
    rt_real ax = rt_abs(N.x), ay = rt_abs(N.y), az = rt_abs(N.z);
    int drop_x = ax >= ay && ax >= az, drop_z = !drop_x && az > ay;
    rt_vec3 dX = rt_sub(X, A), dB = rt_sub(B, A), dC = rt_sub(C, A);
    rt_real u0 = drop_x ? dX.y : dX.x, v0 = drop_z ? dX.y : dX.z;
    rt_real u1 = drop_x ? dB.y : dB.x, v1 = drop_z ? dB.y : dB.z;
    rt_real u2 = drop_x ? dC.y : dC.x, v2 = drop_z ? dC.y : dC.z;
    rt_real alpha, beta;
    if (u1 == 0) {
        beta = u0 / u2;
        if (!(beta >= 0 && beta <= 1))
            return 0;
        alpha = (v0 - beta * v2) / v1;
    } else {
        beta = (v0 * u1 - u0 * v1) / (v2 * u1 - u2 * v1);
        if (!(beta >= 0 && beta <= 1))
            return 0;
        alpha = (u0 - beta * u2) / u1;
    }
    if (!(alpha >= 0 && alpha + beta <= 1))
        return 0;
    hit->t = t;
    hit->u1 = alpha;
    hit->u2 = beta;
    return 1;
}

/* Badouel on faces 3, 2, 1, 0 until one entering (N . L < 0) and one leaving face are found; a
 * face parallel to the line (N . L = 0) is skipped. */
RT_INLINE int rt_badouel(rt_vec3 P, rt_vec3 L, const rt_vec3 vert[4], rt_hit *out)
{
    rt_field_found found = rt_field_none();
    for (int f = 3; f >= 0 && !rt_field_complete(&found); --f) {
        rt_vec3 A = rt_baseline_face_vertex(vert, f, 0), B = rt_baseline_face_vertex(vert, f, 1),
                C = rt_baseline_face_vertex(vert, f, 2);
        rt_vec3 N = rt_cross(rt_sub(B, A), rt_sub(C, A));
        rt_real den = rt_dot(N, L);
        int sign = den < 0 ? -1 : (den > 0 ? 1 : 0);
        rt_field_face hit;
        if (rt_field_wanted(&found, sign) && rt_badouel_face(P, L, A, B, C, N, den, &hit))
            rt_field_keep(&found, f, sign, hit);
    }
    return rt_field_finish(P, L, &found, out);
}

/* ---------------------------------------------------------------- Havel-Herout
 * J. Havel and A. Herout, "Yet faster ray-triangle intersection (using SSE4)", IEEE TVCG 16(3)
 * (2010): per triangle the plane (n, d) with n = (B - A) x (C - A), d = n . A, and two
 * edge planes scaled so that they give the barycentrics, n1 = (C - A) x n / |n|^2, d1 = -n1 . A
 * and n2 = n x (B - A) / |n|^2, d2 = -n2 . A (their precomputation). Per line: det = n . L,
 * t' = d - n . P, P' = det P + t' L, u' = n1 . P' + det d1, v' = n2 . P' + det d2; a hit when
 * t', u', v' and det - u' - v' have det's sign (their test; the line is unbounded here, so
 * t' is not tested), then t = t' / det, u = u' / det, v = v' / det. u and v are the weights of B
 * and C: u1, u2. The planes are made per test here (havel): the test has no table. */

/* The precomputed part of one face: 12 reals in the paper's order. */
typedef struct rt_havel_planes {
    rt_vec3 n, n1, n2;
    rt_real d, d1, d2;
} rt_havel_planes;

RT_INLINE rt_havel_planes rt_havel_prepare(rt_vec3 A, rt_vec3 B, rt_vec3 C)
{
    rt_havel_planes h;
    rt_vec3 e1 = rt_sub(B, A), e2 = rt_sub(C, A);
    h.n = rt_cross(e1, e2);
    rt_real inv = (rt_real)1 / rt_dot(h.n, h.n);
    h.n1 = rt_scale(rt_cross(e2, h.n), inv);
    h.n2 = rt_scale(rt_cross(h.n, e1), inv);
    h.d = rt_dot(h.n, A);
    h.d1 = -rt_dot(h.n1, A);
    h.d2 = -rt_dot(h.n2, A);
    return h;
}

/* Whether the line crosses the face of planes h, and where; det's sign in *sign. The tests are
 * written so that a NaN fails them; rt_mt_scale gives u, v and t their defined values where
 * 1/det or a quotient overflows. */
RT_INLINE int rt_havel_face(rt_vec3 P, rt_vec3 L, const rt_havel_planes *h, rt_field_face *hit, int *sign)
{
    rt_real det = rt_dot(h->n, L);
    rt_real tp = h->d - rt_dot(h->n, P);
    rt_vec3 Pp = rt_add(rt_scale(P, det), rt_scale(L, tp));
    rt_real u = rt_dot(h->n1, Pp) + det * h->d1;
    rt_real v = rt_dot(h->n2, Pp) + det * h->d2;
    rt_real rest = det - u - v;
    int inside = det > 0 ? (u >= 0 && v >= 0 && rest >= 0) : (det < 0 && u <= 0 && v <= 0 && rest <= 0);
    if (!inside)
        return 0;
    rt_mt_face scaled;
    rt_mt_scale(u, v, tp, (rt_real)1 / det, &scaled);
    hit->t = scaled.t;
    hit->u1 = scaled.u;
    hit->u2 = scaled.v;
    *sign = det > 0 ? 1 : -1;
    return 1;
}

/* Havel-Herout on faces 3, 2, 1, 0 until an entering (det < 0) and a leaving face are found. */
RT_INLINE int rt_havel(rt_vec3 P, rt_vec3 L, const rt_vec3 vert[4], rt_hit *out)
{
    rt_field_found found = rt_field_none();
    for (int f = 3; f >= 0 && !rt_field_complete(&found); --f) {
        rt_havel_planes h = rt_havel_prepare(rt_baseline_face_vertex(vert, f, 0), rt_baseline_face_vertex(vert, f, 1),
                                             rt_baseline_face_vertex(vert, f, 2));
        rt_field_face hit;
        int sign = 0;
        if (rt_havel_face(P, L, &h, &hit, &sign))
            rt_field_keep(&found, f, sign, hit);
    }
    return rt_field_finish(P, L, &found, out);
}

/* The field's per-face tests by number, as RayTetraField.cl's -DRT_FIELD: Badouel (1) or
 * Havel-Herout (2). */
RT_INLINE int rt_field_test(rt_vec3 P, rt_vec3 L, const rt_vec3 vert[4], int test, rt_hit *out)
{
    return test == 1 ? rt_badouel(P, L, vert, out) : rt_havel(P, L, vert, out);
}

#endif
