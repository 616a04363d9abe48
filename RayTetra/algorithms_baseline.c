/* algorithms_baseline.c: PT03's comparison algorithms as CPU baselines (SPEC section 3):
 * Haines' ray/convex-polyhedron test on the four face planes, and Möller-Trumbore's
 * ray/triangle test on each face (a line: t unrestricted). */
#include "algorithms.h"

#include <math.h>

#include "rt_math.h"

/* Face vertices in SPEC section 1 order; the normal (V1 - V0) x (V2 - V0) points outwards. */
static const int FACE_VERTS[4][3] = {{3, 2, 1}, {2, 3, 0}, {1, 0, 3}, {0, 1, 2}};

/* Barycentric weights (of V^f_1, V^f_2) of point X in the plane of triangle A, B, C. */
static void barycentric(vec3 A, vec3 B, vec3 C, vec3 X, double *u1, double *u2)
{
    vec3 N = rt_cross(rt_sub(B, A), rt_sub(C, A));
    double inv = 1.0 / rt_dot(N, N);
    *u1 = rt_dot(rt_cross(rt_sub(X, A), rt_sub(C, A)), N) * inv;
    *u2 = rt_dot(rt_cross(rt_sub(B, A), rt_sub(X, A)), N) * inv;
}

RAY_TETRA_ALGORITHM(haines)
{
    double t_near = -HUGE_VAL, t_far = HUGE_VAL;
    int enter = -1, leave = -1, outside = 0;
    for (int f = 3; f >= 0 && !outside; --f) {
        vec3 A = vert[FACE_VERTS[f][0]], B = vert[FACE_VERTS[f][1]], C = vert[FACE_VERTS[f][2]];
        vec3 N = rt_cross(rt_sub(B, A), rt_sub(C, A));
        double vd = rt_dot(N, rt_sub(*orig, A)); /* > 0: P is outside this plane */
        double vn = rt_dot(N, *dir);
        if (vn == 0) {
            outside = vd > 0; /* parallel to this plane and outside it: no hit */
            continue;
        }
        double t = -vd / vn;
        if (vn < 0) {
            if (t > t_near) {
                t_near = t;
                enter = f;
            }
        } else if (t < t_far) {
            t_far = t;
            leave = f;
        }
        outside = t_near > t_far;
    }
    if (outside || enter < 0 || leave < 0) {
        *enterFace = *leaveFace = -1;
        return false;
    }
    *enterFace = enter;
    *leaveFace = leave;
    *tEnter = t_near;
    *tLeave = t_far;
    *enterPoint = rt_add(*orig, rt_scale(*dir, t_near));
    *leavePoint = rt_add(*orig, rt_scale(*dir, t_far));
    barycentric(vert[FACE_VERTS[enter][0]], vert[FACE_VERTS[enter][1]], vert[FACE_VERTS[enter][2]], *enterPoint,
                uEnter1, uEnter2);
    barycentric(vert[FACE_VERTS[leave][0]], vert[FACE_VERTS[leave][1]], vert[FACE_VERTS[leave][2]], *leavePoint,
                uLeave1, uLeave2);
    return true;
}

/* One face hit by Möller-Trumbore: u, v (weights of V^f_1, V^f_2), t and the sign of det
 * (det = -dot(L, N): > 0 when the line enters). */
typedef struct mt_face {
    double u, v, t;
    int sign;
} mt_face;

/* Variant 1: the original test; 1/det first, u and v scaled at once. */
static int mt_divide_first(vec3 P, vec3 L, vec3 A, vec3 B, vec3 C, mt_face *hit)
{
    vec3 e1 = rt_sub(B, A), e2 = rt_sub(C, A);
    vec3 pvec = rt_cross(L, e2);
    double det = rt_dot(e1, pvec);
    if (det == 0)
        return 0;
    double inv_det = 1.0 / det;
    vec3 tvec = rt_sub(P, A);
    double u = rt_dot(tvec, pvec) * inv_det;
    if (u < 0 || u > 1)
        return 0;
    vec3 qvec = rt_cross(tvec, e1);
    double v = rt_dot(L, qvec) * inv_det;
    if (v < 0 || u + v > 1)
        return 0;
    hit->u = u;
    hit->v = v;
    hit->t = rt_dot(e2, qvec) * inv_det;
    hit->sign = det > 0 ? 1 : -1;
    return 1;
}

/* Variants 2 and 3: unscaled u and v are compared with det (by its sign), and the division
 * is done only for a hit. */
static int mt_divide_last(vec3 P, vec3 L, vec3 A, vec3 B, vec3 C, mt_face *hit)
{
    vec3 e1 = rt_sub(B, A), e2 = rt_sub(C, A);
    vec3 pvec = rt_cross(L, e2);
    double det = rt_dot(e1, pvec);
    vec3 tvec = rt_sub(P, A);
    vec3 qvec;
    double u, v;
    if (det > 0) {
        u = rt_dot(tvec, pvec);
        if (u < 0 || u > det)
            return 0;
        qvec = rt_cross(tvec, e1);
        v = rt_dot(L, qvec);
        if (v < 0 || u + v > det)
            return 0;
    } else if (det < 0) {
        u = rt_dot(tvec, pvec);
        if (u > 0 || u < det)
            return 0;
        qvec = rt_cross(tvec, e1);
        v = rt_dot(L, qvec);
        if (v > 0 || u + v < det)
            return 0;
    } else {
        return 0;
    }
    double inv_det = 1.0 / det;
    hit->u = u * inv_det;
    hit->v = v * inv_det;
    hit->t = rt_dot(e2, qvec) * inv_det;
    hit->sign = det > 0 ? 1 : -1;
    return 1;
}

typedef int (*mt_test)(vec3, vec3, vec3, vec3, vec3, mt_face *);

/* Faces 3, 2, 1, 0: the first entering face and the first leaving face; with stop_early the
 * search ends as soon as both are known (PT03 section 3.1, item 1). */
static bool moller(mt_test test, int stop_early, const vec3 *orig, const vec3 *dir, const vec3 vert[4],
                   int *enterFace, int *leaveFace, vec3 *enterPoint, vec3 *leavePoint, double *uEnter1,
                   double *uEnter2, double *uLeave1, double *uLeave2, double *tEnter, double *tLeave)
{
    int enter = -1, leave = -1;
    mt_face in = {0, 0, 0, 0}, out = {0, 0, 0, 0};
    for (int f = 3; f >= 0; --f) {
        mt_face hit;
        const int *fv = FACE_VERTS[f];
        if (!test(*orig, *dir, vert[fv[0]], vert[fv[1]], vert[fv[2]], &hit))
            continue;
        if (hit.sign > 0 && enter < 0) {
            enter = f;
            in = hit;
        } else if (hit.sign < 0 && leave < 0) {
            leave = f;
            out = hit;
        }
        if (stop_early && enter >= 0 && leave >= 0)
            break;
    }
    *enterFace = enter;
    *leaveFace = leave;
    if (enter < 0 || leave < 0) {
        *enterFace = *leaveFace = -1;
        return false;
    }
    const int *fe = FACE_VERTS[enter], *fl = FACE_VERTS[leave];
    *enterPoint = rt_add(rt_add(rt_scale(vert[fe[0]], 1 - in.u - in.v), rt_scale(vert[fe[1]], in.u)),
                         rt_scale(vert[fe[2]], in.v));
    *leavePoint = rt_add(rt_add(rt_scale(vert[fl[0]], 1 - out.u - out.v), rt_scale(vert[fl[1]], out.u)),
                         rt_scale(vert[fl[2]], out.v));
    *uEnter1 = in.u;
    *uEnter2 = in.v;
    *uLeave1 = out.u;
    *uLeave2 = out.v;
    *tEnter = in.t;
    *tLeave = out.t;
    return true;
}

RAY_TETRA_ALGORITHM(moller1)
{
    return moller(mt_divide_first, 0, orig, dir, vert, enterFace, leaveFace, enterPoint, leavePoint, uEnter1,
                  uEnter2, uLeave1, uLeave2, tEnter, tLeave);
}

RAY_TETRA_ALGORITHM(moller2)
{
    return moller(mt_divide_last, 0, orig, dir, vert, enterFace, leaveFace, enterPoint, leavePoint, uEnter1, uEnter2,
                  uLeave1, uLeave2, tEnter, tLeave);
}

RAY_TETRA_ALGORITHM(moller3)
{
    return moller(mt_divide_last, 1, orig, dir, vert, enterFace, leaveFace, enterPoint, leavePoint, uEnter1, uEnter2,
                  uLeave1, uLeave2, tEnter, tLeave);
}
