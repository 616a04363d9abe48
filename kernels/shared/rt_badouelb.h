/* rt_badouelb.h: the branch-free Badouel test of mesh-based Monte Carlo photon transport
 * (Q. Fang and D. R. Kaeli, "Accelerating mesh-based Monte Carlo method on modern CPU
 * architectures", Biomed. Opt. Express 3(12) (2012) 3223), on a table of the four
 * face planes, for the CPU (scalar and in SIMD lanes) and the OpenCL kernels. Valid C11 and
 * OpenCL C 1.2; precision follows rt_math.h (the table in the build's precision: 64 bytes in
 * float, as in the paper).
 *
 * The table (rt_badouelb_precompute): face f's plane n_f . X = d_f, stored as x[4], y[4], z[4],
 * d[4] (RT_TABLE_BADOUELB reals, face f at index f), its outward normal scaled by the distance
 * of the opposite vertex V_f (face f is opposite vertex f): n_f = N_f / (N_f . (A_f - V_f)),
 * A_f a vertex of the face. Then lambda_f(X) = d_f - n_f . X is X's barycentric coordinate of
 * vertex f in the tetrahedron (1 at V_f, 0 on face f, < 0 beyond it). The paper keeps the plain
 * normal; the scale changes no t and makes the record's u come from the same products.
 *
 * Per line (rt_badouelb_lines): for the four faces at once num_f = d_f - n_f . P (lambda_f at P)
 * and den_f = n_f . L, t_f = num_f / den_f (the paper's t = (d - N . p) / (N . v)). The line
 * leaves through the face with den_f > 0 and the smallest t_f and enters through the face with
 * den_f < 0 and the largest (ties: the first of faces 3, 2, 1, 0, as Haines); it meets the
 * tetrahedron iff t_enter <= t_leave and no face parallel to it (den_f = 0) has P beyond it
 * (num_f < 0). On the line lambda_k(t) = num_k - t den_k: the weights of the entered face's
 * vertices 1 and 2 (vertices f ^ 2 and f ^ 1 of the tetrahedron, rt_baseline_face_vertex) at
 * t_enter are u_enter1, u_enter2, and the same on the left face. Everything is selects on reals
 * (face numbers too), so that a loop over pairs runs it in SIMD lanes (algorithms_badouelb_simd.c). */
#ifndef RAYTETRA_RT_BADOUELB_H
#define RAYTETRA_RT_BADOUELB_H

#include "rt_baseline.h"

#define RT_TABLE_BADOUELB 16
#define RT_BADOUELB_X 0
#define RT_BADOUELB_Y 4
#define RT_BADOUELB_Z 8
#define RT_BADOUELB_D 12

/* Face f's plane into the table: N the face's outward normal, A a vertex of it, V the opposite
 * vertex. */
RT_INLINE void rt_badouelb_plane(rt_vec3 N, rt_vec3 A, rt_vec3 V, int f, rt_real *table)
{
    rt_real inv = (rt_real)1 / rt_dot(N, rt_sub(A, V));
    rt_vec3 n = rt_scale(N, inv);
    table[RT_BADOUELB_X + f] = n.x;
    table[RT_BADOUELB_Y + f] = n.y;
    table[RT_BADOUELB_Z + f] = n.z;
    table[RT_BADOUELB_D + f] = rt_dot(n, A);
}

/* The tetrahedron's table (RT_TABLE_BADOUELB reals); the faces written out, constants each. */
RT_INLINE void rt_badouelb_precompute(rt_vec3 V0, rt_vec3 V1, rt_vec3 V2, rt_vec3 V3, rt_real *table)
{
    /* F3 = (V0, V1, V2), F2 = (V1, V0, V3), F1 = (V2, V3, V0), F0 = (V3, V2, V1): N = (B - A) x (C - A). */
    rt_badouelb_plane(rt_cross(rt_sub(V1, V0), rt_sub(V2, V0)), V0, V3, 3, table);
    rt_badouelb_plane(rt_cross(rt_sub(V0, V1), rt_sub(V3, V1)), V1, V2, 2, table);
    rt_badouelb_plane(rt_cross(rt_sub(V3, V2), rt_sub(V0, V2)), V2, V1, 1, table);
    rt_badouelb_plane(rt_cross(rt_sub(V2, V3), rt_sub(V1, V3)), V3, V0, 0, table);
}

/* One face's numbers for the line. */
typedef struct rt_badouelb_face {
    rt_real num, den, t;
} rt_badouelb_face;

/* The running choice of a role: its face (a real, -1 for none) and t. */
typedef struct rt_badouelb_pick {
    rt_real face, t;
} rt_badouelb_pick;

/* Face f (a constant) for the entering role (enter 1: den < 0, the largest t) or the leaving
 * one (the smallest t); faces come 3, 2, 1, 0 and the first of equal t stays. A pick starts
 * at t = -+RT_REAL_MAX (rt_badouelb_none), so that "better" is one comparison of reals: with a
 * test of the face beside it gcc 12 vectorises no lane loop. An infinite t (den underflowed)
 * is then never taken: the line misses, a defined result. */
RT_INLINE rt_badouelb_pick rt_badouelb_none(int enter)
{
    rt_badouelb_pick p;
    p.face = (rt_real)-1;
    p.t = enter ? -RT_REAL_MAX : RT_REAL_MAX;
    return p;
}

RT_INLINE rt_badouelb_pick rt_badouelb_consider(rt_badouelb_pick p, rt_badouelb_face x, int f, int enter)
{
    int role = enter ? x.den < 0 : x.den > 0;
    int better = enter ? x.t > p.t : x.t < p.t;
    int take = role & better;
    p.face = take ? (rt_real)f : p.face;
    p.t = take ? x.t : p.t;
    return p;
}

/* a[k] for k = face ^ 2 (which = 1) or face ^ 1 (which = 2), by selects: face f's vertex 1 or 2. */
RT_INLINE rt_real rt_badouelb_corner(rt_real face, int which, rt_real a0, rt_real a1, rt_real a2, rt_real a3)
{
    if (which == 1)
        return face == 0 ? a2 : (face == 1 ? a3 : (face == 2 ? a0 : a1));
    return face == 0 ? a1 : (face == 1 ? a0 : (face == 2 ? a3 : a2));
}

/* lambda at t of the vertex `which` (1 or 2) of face `face`; the centroid's 1/3 where it is not
 * finite (an overflowed t: the defined results of rt_algorithms.h). */
RT_INLINE rt_real rt_badouelb_weight(rt_badouelb_face x0, rt_badouelb_face x1, rt_badouelb_face x2,
                                     rt_badouelb_face x3, rt_real face, int which, rt_real t)
{
    rt_real num = rt_badouelb_corner(face, which, x0.num, x1.num, x2.num, x3.num);
    rt_real den = rt_badouelb_corner(face, which, x0.den, x1.den, x2.den, x3.den);
    rt_real w = num - t * den;
    return rt_finite_probe(w) == 0 ? w : (rt_real)1 / (rt_real)3;
}

/* One face's numbers from its plane n . X = d. */
RT_INLINE rt_badouelb_face rt_badouelb_face_at(rt_real nx, rt_real ny, rt_real nz, rt_real d, rt_vec3 P, rt_vec3 L)
{
    rt_badouelb_face x;
    rt_vec3 n = rt_v(nx, ny, nz);
    x.num = d - rt_dot(n, P);
    x.den = rt_dot(n, L);
    x.t = x.num / x.den;
    return x;
}

/* 1 unless the face is parallel to the line with P beyond it (which means no hit), as a real:
 * gcc 12 vectorises no select of booleans beside the real ones. */
RT_INLINE rt_real rt_badouelb_open(rt_badouelb_face x)
{
    return x.den != 0 ? (rt_real)1 : (x.num >= 0 ? (rt_real)1 : (rt_real)0);
}

/* The decision and the record from the four faces' numbers. Branch-free: the face numbers go to
 * faces[0] (enter) and faces[1] (leave) as reals, -1 on a miss, where every other output is 0.
 * Returns whether the line meets the tetrahedron. */
RT_INLINE int rt_badouelb_finish(rt_vec3 P, rt_vec3 L, rt_badouelb_face x0, rt_badouelb_face x1,
                                 rt_badouelb_face x2, rt_badouelb_face x3, rt_hit *out, rt_real *faces)
{
    rt_badouelb_pick in = rt_badouelb_none(1), away = rt_badouelb_none(0);
    in = rt_badouelb_consider(in, x3, 3, 1);
    in = rt_badouelb_consider(in, x2, 2, 1);
    in = rt_badouelb_consider(in, x1, 1, 1);
    in = rt_badouelb_consider(in, x0, 0, 1);
    away = rt_badouelb_consider(away, x3, 3, 0);
    away = rt_badouelb_consider(away, x2, 2, 0);
    away = rt_badouelb_consider(away, x1, 1, 0);
    away = rt_badouelb_consider(away, x0, 0, 0);
    rt_real open = rt_badouelb_open(x0) * rt_badouelb_open(x1) * rt_badouelb_open(x2) * rt_badouelb_open(x3);
    /* A role is filled iff its t left the start (rt_badouelb_none): tested on t, not on the
     * face, whose select gcc would otherwise fold into a boolean one. */
    int hit = (in.t > -RT_REAL_MAX) & (away.t < RT_REAL_MAX) & (in.t <= away.t) & (open > 0);
    rt_real t_in = rt_saturate(in.t), t_away = rt_saturate(away.t);
    rt_vec3 zero = rt_v(0, 0, 0);
    out->t_enter = hit ? t_in : 0;
    out->t_leave = hit ? t_away : 0;
    out->enter_point = hit ? rt_saturate3(rt_add(P, rt_scale(L, t_in))) : zero;
    out->leave_point = hit ? rt_saturate3(rt_add(P, rt_scale(L, t_away))) : zero;
    out->u_enter1 = hit ? rt_badouelb_weight(x0, x1, x2, x3, in.face, 1, t_in) : 0;
    out->u_enter2 = hit ? rt_badouelb_weight(x0, x1, x2, x3, in.face, 2, t_in) : 0;
    out->u_leave1 = hit ? rt_badouelb_weight(x0, x1, x2, x3, away.face, 1, t_away) : 0;
    out->u_leave2 = hit ? rt_badouelb_weight(x0, x1, x2, x3, away.face, 2, t_away) : 0;
    faces[0] = hit ? in.face : (rt_real)-1;
    faces[1] = hit ? away.face : (rt_real)-1;
    out->enter_face = (int)faces[0];
    out->leave_face = (int)faces[1];
    return hit;
}

/* Face f's numbers from the table. */
#define RT_BADOUELB_FACE(table, f, P, L)                                                                          \
    rt_badouelb_face_at((table)[RT_BADOUELB_X + (f)], (table)[RT_BADOUELB_Y + (f)], (table)[RT_BADOUELB_Z + (f)], \
                        (table)[RT_BADOUELB_D + (f)], P, L)

/* The per-line part on a table (RT_GLOBAL: a kernel's __global table as it is). */
RT_INLINE int rt_badouelb_lines(rt_vec3 P, rt_vec3 L, RT_GLOBAL const rt_real *table, rt_hit *out, rt_real *faces)
{
    return rt_badouelb_finish(P, L, RT_BADOUELB_FACE(table, 0, P, L), RT_BADOUELB_FACE(table, 1, P, L),
                              RT_BADOUELB_FACE(table, 2, P, L), RT_BADOUELB_FACE(table, 3, P, L), out, faces);
}

#endif
