/* rt_baseline.h: PT03's comparison algorithms (docs/SPECIFICATION.md section 3), written once for both
 * precisions: Haines' line against the four face planes, and Möller-Trumbore's line/triangle
 * test on each face (t unrestricted). Precision follows rt_math.h (RT_SINGLE for float), so
 * algorithms_baseline.c, compiled twice (double, and float with -DRT_SINGLE), runs the same bodies.
 * Results use rt_hit of rt_algorithms.h. */
#ifndef RAYTETRA_RT_BASELINE_H
#define RAYTETRA_RT_BASELINE_H

#include "rt_algorithms.h"

/* Vertex k of face f in docs/SPECIFICATION.md section 1 order; the normal (V1 - V0) x (V2 - V0) points out. */
RT_INLINE rt_vec3 rt_baseline_face_vertex(const rt_vec3 vert[4], int f, int k)
{
    int index =
        f == 3 ? k : (f == 2 ? (k == 0 ? 1 : (k == 1 ? 0 : 3)) : (f == 1 ? (k == 0 ? 2 : (k == 1 ? 3 : 0)) : 3 - k));
    return vert[index];
}

/* Barycentric weights (of the face's vertices 1 and 2) of point X in the plane of A, B, C; the
 * centroid's (1/3) where they are not finite (a normal that underflows or overflows in float,
 * an infinite X: the defined results of rt_algorithms.h). */
RT_INLINE void rt_barycentric(rt_vec3 A, rt_vec3 B, rt_vec3 C, rt_vec3 X, rt_real *u1, rt_real *u2)
{
    rt_vec3 N = rt_cross(rt_sub(B, A), rt_sub(C, A));
    rt_real inv = (rt_real)1 / rt_dot(N, N);
    rt_real b1 = rt_dot(rt_cross(rt_sub(X, A), rt_sub(C, A)), N) * inv;
    rt_real b2 = rt_dot(rt_cross(rt_sub(B, A), rt_sub(X, A)), N) * inv;
    rt_real probe = rt_finite_probe(inv) + rt_finite_probe(b1) + rt_finite_probe(b2);
    *u1 = probe == 0 ? b1 : (rt_real)1 / (rt_real)3;
    *u2 = probe == 0 ? b2 : (rt_real)1 / (rt_real)3;
}

/* Haines: the latest entering and the earliest leaving plane crossing, faces 3, 2, 1, 0. A face
 * plane parallel to the line with P outside it means no hit. */
RT_INLINE int rt_haines(rt_vec3 P, rt_vec3 L, const rt_vec3 vert[4], rt_hit *out)
{
    rt_real t_near = 0, t_far = 0;
    int enter = -1, leave = -1, outside = 0;
    for (int f = 3; f >= 0 && !outside; --f) {
        rt_vec3 A = rt_baseline_face_vertex(vert, f, 0);
        rt_vec3 N =
            rt_cross(rt_sub(rt_baseline_face_vertex(vert, f, 1), A), rt_sub(rt_baseline_face_vertex(vert, f, 2), A));
        rt_real vd = rt_dot(N, rt_sub(P, A)); /* > 0: P is outside this plane */
        rt_real vn = rt_dot(N, L);
        if (vn == 0) {
            outside = vd > 0;
            continue;
        }
        rt_real t = -vd / vn;
        if (vn < 0) {
            if (enter < 0 || t > t_near) {
                t_near = t;
                enter = f;
            }
        } else if (leave < 0 || t < t_far) {
            t_far = t;
            leave = f;
        }
        outside = enter >= 0 && leave >= 0 && t_near > t_far;
    }
    if (outside || enter < 0 || leave < 0)
        return rt_miss(out);
    out->enter_face = enter;
    out->leave_face = leave;
    /* t overflows where a plane is nearly parallel to the line: saturated, as the points. */
    out->t_enter = rt_saturate(t_near);
    out->t_leave = rt_saturate(t_far);
    out->enter_point = rt_saturate3(rt_add(P, rt_scale(L, out->t_enter)));
    out->leave_point = rt_saturate3(rt_add(P, rt_scale(L, out->t_leave)));
    rt_barycentric(rt_baseline_face_vertex(vert, enter, 0), rt_baseline_face_vertex(vert, enter, 1),
                   rt_baseline_face_vertex(vert, enter, 2), out->enter_point, &out->u_enter1, &out->u_enter2);
    rt_barycentric(rt_baseline_face_vertex(vert, leave, 0), rt_baseline_face_vertex(vert, leave, 1),
                   rt_baseline_face_vertex(vert, leave, 2), out->leave_point, &out->u_leave1, &out->u_leave2);
    return 1;
}

/* One face hit by Möller-Trumbore: u, v (weights of the face's vertices 1, 2), t, and the sign
 * of det = -dot(L, N) (> 0 when the line enters). */
typedef struct rt_mt_face {
    rt_real u, v, t;
    int sign;
} rt_mt_face;

/* u, v (the weights of the face's vertices 1 and 2) and t of a hit from the unscaled values and
 * 1/det; where 1/det overflows (a subnormal det: the line nearly parallel to the face) or a
 * quotient does, the centroid's weights and a saturated t (the defined results of
 * rt_algorithms.h). */
RT_INLINE void rt_mt_scale(rt_real u, rt_real v, rt_real t, rt_real inv_det, rt_mt_face *hit)
{
    rt_real su = u * inv_det, sv = v * inv_det;
    rt_real probe = rt_finite_probe(inv_det) + rt_finite_probe(su) + rt_finite_probe(sv);
    hit->u = probe == 0 ? su : (rt_real)1 / (rt_real)3;
    hit->v = probe == 0 ? sv : (rt_real)1 / (rt_real)3;
    hit->t = rt_saturate(t * inv_det);
}

/* Variant 1: the original test; 1/det first, u and v scaled at once. The range tests are
 * written so that a NaN (0 times an infinite 1/det) fails them. */
RT_INLINE int rt_mt_divide_first(rt_vec3 P, rt_vec3 L, rt_vec3 A, rt_vec3 B, rt_vec3 C, rt_mt_face *hit)
{
    rt_vec3 e1 = rt_sub(B, A), e2 = rt_sub(C, A);
    rt_vec3 pvec = rt_cross(L, e2);
    rt_real det = rt_dot(e1, pvec);
    if (det == 0)
        return 0;
    rt_real inv_det = (rt_real)1 / det;
    rt_vec3 tvec = rt_sub(P, A);
    rt_real u = rt_dot(tvec, pvec) * inv_det;
    if (!(u >= 0 && u <= 1))
        return 0;
    rt_vec3 qvec = rt_cross(tvec, e1);
    rt_real v = rt_dot(L, qvec) * inv_det;
    if (!(v >= 0 && u + v <= 1))
        return 0;
    hit->u = u;
    hit->v = v;
    hit->t = rt_saturate(rt_dot(e2, qvec) * inv_det);
    hit->sign = det > 0 ? 1 : -1;
    return 1;
}

/* Variants 2 and 3: unscaled u and v are compared with det (by its sign), and the division is
 * done only for a hit. */
RT_INLINE int rt_mt_divide_last(rt_vec3 P, rt_vec3 L, rt_vec3 A, rt_vec3 B, rt_vec3 C, rt_mt_face *hit)
{
    rt_vec3 e1 = rt_sub(B, A), e2 = rt_sub(C, A);
    rt_vec3 pvec = rt_cross(L, e2);
    rt_real det = rt_dot(e1, pvec);
    rt_vec3 tvec = rt_sub(P, A);
    rt_vec3 qvec;
    rt_real u, v;
    if (det > 0) {
        u = rt_dot(tvec, pvec);
        if (!(u >= 0 && u <= det))
            return 0;
        qvec = rt_cross(tvec, e1);
        v = rt_dot(L, qvec);
        if (!(v >= 0 && u + v <= det))
            return 0;
    } else if (det < 0) {
        u = rt_dot(tvec, pvec);
        if (!(u <= 0 && u >= det))
            return 0;
        qvec = rt_cross(tvec, e1);
        v = rt_dot(L, qvec);
        if (!(v <= 0 && u + v >= det))
            return 0;
    } else {
        return 0;
    }
    rt_mt_scale(u, v, rt_dot(e2, qvec), (rt_real)1 / det, hit);
    hit->sign = det > 0 ? 1 : -1;
    return 1;
}

/* Point of a Möller-Trumbore hit on face f. */
RT_INLINE rt_vec3 rt_mt_point(const rt_vec3 vert[4], int f, const rt_mt_face *hit)
{
    return rt_add(rt_add(rt_scale(rt_baseline_face_vertex(vert, f, 0), 1 - hit->u - hit->v),
                         rt_scale(rt_baseline_face_vertex(vert, f, 1), hit->u)),
                  rt_scale(rt_baseline_face_vertex(vert, f, 2), hit->v));
}

/* Möller-Trumbore variant 1, 2 or 3 (a constant after inlining): faces 3, 2, 1, 0, the first
 * entering and the first leaving face; variant 3 stops once both are known (PT03 section 3.1,
 * item 1). */
RT_INLINE int rt_moller(rt_vec3 P, rt_vec3 L, const rt_vec3 vert[4], int variant, rt_hit *out)
{
    int enter = -1, leave = -1;
    rt_mt_face in, away;
    in.u = in.v = in.t = away.u = away.v = away.t = 0;
    in.sign = away.sign = 0;
    for (int f = 3; f >= 0; --f) {
        rt_mt_face hit;
        rt_vec3 A = rt_baseline_face_vertex(vert, f, 0), B = rt_baseline_face_vertex(vert, f, 1),
                C = rt_baseline_face_vertex(vert, f, 2);
        int found = variant == 1 ? rt_mt_divide_first(P, L, A, B, C, &hit) : rt_mt_divide_last(P, L, A, B, C, &hit);
        if (!found)
            continue;
        if (hit.sign > 0 && enter < 0) {
            enter = f;
            in = hit;
        } else if (hit.sign < 0 && leave < 0) {
            leave = f;
            away = hit;
        }
        if (variant == 3 && enter >= 0 && leave >= 0)
            break;
    }
    if (enter < 0 || leave < 0)
        return rt_miss(out);
    out->enter_face = enter;
    out->leave_face = leave;
    out->enter_point = rt_saturate3(rt_mt_point(vert, enter, &in));
    out->leave_point = rt_saturate3(rt_mt_point(vert, leave, &away));
    out->u_enter1 = in.u;
    out->u_enter2 = in.v;
    out->u_leave1 = away.u;
    out->u_leave2 = away.v;
    out->t_enter = in.t;
    out->t_leave = away.t;
    return 1;
}

/* The baseline tests by number: Haines (variant 0) or Möller-Trumbore variant 1, 2, 3. */
RT_INLINE int rt_baseline_test(rt_vec3 P, rt_vec3 L, const rt_vec3 vert[4], int variant, rt_hit *out)
{
    return variant == 0 ? rt_haines(P, L, vert, out) : rt_moller(P, L, vert, variant, out);
}

#endif
