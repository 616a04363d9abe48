/* rt_algorithms.h: the Plücker and scalar-triple-product (STP) ray-tetrahedron algorithms,
 * forms 0, 1 and 2 (docs/SPECIFICATION.md section 3), written once for the CPU and the OpenCL kernels.
 * Valid C11 and OpenCL C 1.2; precision follows rt_math.h (RT_SINGLE for float).
 *
 * Conventions (derived from docs/SPECIFICATION.md section 1, checked by the tests against geometry):
 * every algorithm works with the six edge products p_ij of the directed edges Vi -> Vj (i < j)
 * in the Plücker sign convention, p_ij = pi_r (.) pi(Vi -> Vj). A face is entered (dot(L, N) < 0)
 * when its three edge products are all >= 0 and not all 0, and left when all are <= 0.
 * The STP forms compute the same signed quantity as the triple product
 * [L, vj, vi] = (L x vj) . vi with v = V - P, which is -[L, vi, vj]: so the STP forms share
 * every sign test with the Plücker forms. With m_k = L x v_k for k = 1, 2, 3 (three cross
 * products), every edge costs one dot product: p_ij = m_j . v_i.
 *
 * Faces and their edges e0, e1, e2 (edge k opposite vertex k of the face):
 *   F3 = (V0, V1, V2): e0 = +p12, e1 = -p02, e2 = +p01
 *   F2 = (V1, V0, V3): e0 = +p03, e1 = -p13, e2 = -p01
 *   F1 = (V2, V3, V0): e0 = -p03, e1 = +p02, e2 = +p23
 *   F0 = (V3, V2, V1): e0 = -p12, e1 = +p13, e2 = -p23
 * The barycentric weight of a face's vertex k is e_k / (e0 + e1 + e2). */
#ifndef RAYTETRA_RT_ALGORITHMS_H
#define RAYTETRA_RT_ALGORITHMS_H

#include "rt_math.h"
#include "rt_topology.h"

/* Result of one test. enter_face and leave_face are -1 on a miss. */
typedef struct rt_hit {
    int enter_face, leave_face;
    rt_vec3 enter_point, leave_point;
    rt_real u_enter1, u_enter2, u_leave1, u_leave2;
    rt_real t_enter, t_leave;
} rt_hit;

#ifndef RT_GLOBAL
#ifdef __OPENCL_C_VERSION__
#define RT_GLOBAL __global
#else
#define RT_GLOBAL
#endif
#endif

/* Everything an edge product needs, prepared once per pair. */
typedef struct rt_tetra {
    rt_vec3 v0, v1, v2, v3; /* vertices; translated by -P for STP */
    rt_vec3 m1, m2, m3;     /* STP: L x v_k */
    rt_pluecker ray;        /* Plücker: the ray's coordinates */
    rt_vec3 P, L;
    int stp; /* 1: STP, 0: Plücker (a constant after inlining) */
    /* The precomputed forms (rt_precomputed.h): the tetrahedron's part of every edge product,
     * computed before the per-line part, in `table` (precomputed 1, a constant after inlining);
     * precomputed 0 and no table for the plain forms. */
    int precomputed;
    RT_GLOBAL const rt_real *table;
} rt_tetra;

/* The edges' indices (RT_E01 .. RT_E23, used as bits of a "known" mask): rt_topology.h. */

RT_INLINE rt_tetra rt_prepare(rt_vec3 P, rt_vec3 L, rt_vec3 V0, rt_vec3 V1, rt_vec3 V2, rt_vec3 V3, int stp)
{
    rt_tetra t;
    t.P = P;
    t.L = L;
    t.stp = stp;
    if (stp) {
        t.v0 = rt_sub(V0, P);
        t.v1 = rt_sub(V1, P);
        t.v2 = rt_sub(V2, P);
        t.v3 = rt_sub(V3, P);
        t.m1 = rt_cross(L, t.v1);
        t.m2 = rt_cross(L, t.v2);
        t.m3 = rt_cross(L, t.v3);
        t.ray.u = L;
        t.ray.v = L;
    } else {
        t.v0 = V0;
        t.v1 = V1;
        t.v2 = V2;
        t.v3 = V3;
        t.m1 = L;
        t.m2 = L;
        t.m3 = L;
        t.ray = rt_pluecker_line(P, L);
    }
    t.precomputed = 0;
    t.table = 0;
    return t;
}

RT_INLINE rt_vec3 rt_vertex(const rt_tetra *t, int i)
{
    return i == 0 ? t->v0 : (i == 1 ? t->v1 : (i == 2 ? t->v2 : t->v3));
}

/* A Plücker line stored as six reals U, V (the precomputed forms' table, TetWalk's edge table). */
RT_INLINE rt_pluecker rt_pluecker_load(RT_GLOBAL const rt_real *x)
{
    rt_pluecker p;
    p.u = rt_v(x[0], x[1], x[2]);
    p.v = rt_v(x[3], x[4], x[5]);
    return p;
}

RT_INLINE void rt_pluecker_store(rt_pluecker p, rt_real *x)
{
    x[0] = p.u.x;
    x[1] = p.u.y;
    x[2] = p.u.z;
    x[3] = p.v.x;
    x[4] = p.v.y;
    x[5] = p.v.z;
}

/* The precomputed tables of one tetrahedron (rt_precomputed.h writes them):
 *   Plücker: edge e's line pi(Vi -> Vj) at 6 e (36 reals);
 *   STP: the translated vertices v_k = V_k - P at 3 k, then edge e's c_ij = v_j x v_i at
 *   12 + 3 e (30 reals), so that p_ij = (L x v_j) . v_i = L . c_ij. */
#define RT_TABLE_PLUECKER 36
#define RT_TABLE_STP 30
#define RT_TABLE_STP_PRODUCTS 12

/* The corners i < j of edge e (RT_E01 ... RT_E23). */
RT_INLINE int rt_edge_start(int e) { return e < 3 ? 0 : (e < 5 ? 1 : 2); }
RT_INLINE int rt_edge_end(int e) { return e < 3 ? e + 1 : (e < 5 ? e - 1 : 3); }

/* p_ij for the edge index e (RT_E01 ... RT_E23). */
RT_INLINE rt_real rt_edge_product(const rt_tetra *t, int e)
{
    int i = rt_edge_start(e);
    int j = rt_edge_end(e);
    if (t->precomputed && t->stp) {
        RT_GLOBAL const rt_real *c = t->table + RT_TABLE_STP_PRODUCTS + 3 * e;
        return rt_dot(t->L, rt_v(c[0], c[1], c[2]));
    }
    if (t->precomputed)
        return rt_permuted(t->ray, rt_pluecker_load(t->table + 6 * e));
    if (t->stp) {
        rt_vec3 m = j == 1 ? t->m1 : (j == 2 ? t->m2 : t->m3);
        return rt_dot(m, rt_vertex(t, i));
    }
    return rt_permuted(t->ray, rt_pluecker_edge(rt_vertex(t, i), rt_vertex(t, j)));
}

/* Products computed so far, so that forms 1 and 2 compute each edge at most once. */
typedef struct rt_products {
    rt_real p[6];
    int known;
} rt_products;

RT_INLINE rt_products rt_products_empty(void)
{
    rt_products c;
    for (int e = 0; e < 6; ++e)
        c.p[e] = 0;
    c.known = 0;
    return c;
}

RT_INLINE rt_real rt_get(const rt_tetra *t, rt_products *c, int e)
{
    if (!(c->known & (1 << e))) {
        c->p[e] = rt_edge_product(t, e);
        c->known |= 1 << e;
    }
    return c->p[e];
}

/* Edge k (0, 1, 2) of face f as a signed canonical edge: returns the edge index and sets *sign. */
RT_INLINE int rt_face_edge(int f, int k, int *sign)
{
    /* rows: faces 0..3; columns: e0, e1, e2; value = edge index * 2 + (negated ? 1 : 0) */
    int code;
    if (f == 3)
        code = k == 0 ? RT_E12 * 2 : (k == 1 ? RT_E02 * 2 + 1 : RT_E01 * 2);
    else if (f == 2)
        code = k == 0 ? RT_E03 * 2 : (k == 1 ? RT_E13 * 2 + 1 : RT_E01 * 2 + 1);
    else if (f == 1)
        code = k == 0 ? RT_E03 * 2 + 1 : (k == 1 ? RT_E02 * 2 : RT_E23 * 2);
    else
        code = k == 0 ? RT_E12 * 2 + 1 : (k == 1 ? RT_E13 * 2 : RT_E23 * 2 + 1);
    *sign = (code & 1) ? -1 : 1;
    return code >> 1;
}

/* Product of edge k of face f, through the cache. */
RT_INLINE rt_real rt_face_product(const rt_tetra *t, rt_products *c, int f, int k)
{
    int sign;
    int e = rt_face_edge(f, k, &sign);
    rt_real p = rt_get(t, c, e);
    return sign < 0 ? -p : p;
}

/* Vertex k of face f (docs/SPECIFICATION.md section 1 order). */
RT_INLINE rt_vec3 rt_face_vertex(const rt_tetra *t, int f, int k)
{
    if (f == 3)
        return rt_vertex(t, k);
    if (f == 2)
        return rt_vertex(t, k == 0 ? 1 : (k == 1 ? 0 : 3));
    if (f == 1)
        return rt_vertex(t, k == 0 ? 2 : (k == 1 ? 3 : 0));
    return rt_vertex(t, 3 - k);
}

/* ---------------------------------------------------------------- defined results
 * No algorithm may write NaN or Inf for an accepted input (finite coordinates, P != Q, a proper
 * tetrahedron). Where a form's arithmetic gives none, these define the result:
 *  - barycentrics: when the weights' sum is 0 (the line parallel to the face's plane as far as
 *    the rounded products tell: forms 1 and 2 take a face by one shared edge without testing
 *    its other products, which may then cancel; a float variant rounds a line in a face's
 *    plane into it), subnormal (1/sum overflows), infinite or NaN, i.e. when sum x (1/sum) is
 *    not finite, the face's centroid is reported: u0 = u1 = u2 = 1/3;
 *  - t that still overflows (|Q - P| tiny against the tetrahedron's size; a line nearly
 *    parallel to a face plane in Haines' and Möller's divisions), and the points of Haines and
 *    Möller-Trumbore, saturate to the largest finite number of their sign; a NaN among them
 *    becomes 0. The points here need no saturation where the weights share a sign (form 0 and
 *    stp0r take only such faces): they are convex combinations of the vertices.
 * On every other input the values are unchanged, bit for bit. Written as selects on reals,
 * so that form 0's branch-free body still runs in SIMD lanes. */
#ifdef RT_SINGLE
#define RT_REAL_MAX 0x1.fffffep127f
#else
#define RT_REAL_MAX 0x1.fffffffffffffp1023
#endif

/* x - x is 0 for a finite x and NaN otherwise: sums of these test several values at once. */
RT_INLINE rt_real rt_finite_probe(rt_real x) { return x - x; }

/* x where finite; +-RT_REAL_MAX where infinite; 0 where NaN. */
RT_INLINE rt_real rt_saturate(rt_real x)
{
    return x > -RT_REAL_MAX ? (x < RT_REAL_MAX ? x : RT_REAL_MAX) : (x < 0 ? -RT_REAL_MAX : (rt_real)0);
}

RT_INLINE rt_vec3 rt_saturate3(rt_vec3 v) { return rt_v(rt_saturate(v.x), rt_saturate(v.y), rt_saturate(v.z)); }

/* Barycentrics u0, u1, u2 = w_k / sum of the weights, or the centroid's where they are not
 * defined (see above). */
RT_INLINE void rt_barycentrics(rt_real w0, rt_real w1, rt_real w2, rt_real *u0, rt_real *u1, rt_real *u2)
{
    rt_real sum = w0 + w1 + w2;
    rt_real inv = (rt_real)1 / sum;
    rt_real b0 = w0 * inv, b1 = w1 * inv, b2 = w2 * inv;
    rt_real probe = rt_finite_probe(sum * inv);
    rt_real third = (rt_real)1 / (rt_real)3;
    *u0 = probe == 0 ? b0 : third;
    *u1 = probe == 0 ? b1 : third;
    *u2 = probe == 0 ? b2 : third;
}

/* Point and barycentrics on the face with vertices a, b, c (the order of docs/SPECIFICATION.md
 * section 1) from its edge products w0, w1, w2; returns the point relative to P, for t. */
RT_INLINE rt_vec3 rt_face_point_rel(const rt_tetra *t, rt_vec3 a, rt_vec3 b, rt_vec3 c, rt_real w0, rt_real w1,
                                    rt_real w2, rt_vec3 *point, rt_real *u1, rt_real *u2)
{
    rt_real u0;
    rt_barycentrics(w0, w1, w2, &u0, u1, u2);
    rt_vec3 q = rt_add(rt_add(rt_scale(a, u0), rt_scale(b, *u1)), rt_scale(c, *u2));
    /* For STP, q is relative to P already. */
    *point = t->stp ? rt_add(q, t->P) : q;
    return t->stp ? q : rt_sub(q, t->P);
}

/* The same and t. In SIMD lanes (RT_LANES, algorithms_simd.h) and on GPUs L's major component
 * is picked by plain selects, which vectorise; on the CPU otherwise by rt_axis_select's bit
 * masks, since gcc turns the plain select into branches that mispredict on a random axis. The
 * same component either way. */
RT_INLINE void rt_face_point_at(const rt_tetra *t, rt_vec3 a, rt_vec3 b, rt_vec3 c, rt_real w0, rt_real w1,
                                rt_real w2, rt_vec3 *point, rt_real *u1, rt_real *u2, rt_real *param)
{
    rt_vec3 rel = rt_face_point_rel(t, a, b, c, w0, w1, w2, point, u1, u2);
#if defined(__OPENCL_C_VERSION__) || defined(RT_LANES)
    *param = rt_saturate(rt_major_component(rel, t->L) / rt_major_component(t->L, t->L));
#else
    int x_major, y_major;
    rt_major_axis(t->L, &x_major, &y_major);
    *param = rt_saturate(rt_axis_select(rel, x_major, y_major) / rt_axis_select(t->L, x_major, y_major));
#endif
}

/* rt_face_point_at with L's major axis decided once for the line (rt_major_axis: x_major,
 * y_major) and its denominator l_major: the same t, its numerator picked by rt_axis_select. */
RT_INLINE void rt_face_point_axis(const rt_tetra *t, rt_vec3 a, rt_vec3 b, rt_vec3 c, rt_real w0, rt_real w1,
                                  rt_real w2, int x_major, int y_major, rt_real l_major, rt_vec3 *point, rt_real *u1,
                                  rt_real *u2, rt_real *param)
{
    rt_vec3 rel = rt_face_point_rel(t, a, b, c, w0, w1, w2, point, u1, u2);
    *param = rt_saturate(rt_axis_select(rel, x_major, y_major) / l_major);
}

/* The same on face f. */
RT_INLINE void rt_face_point(const rt_tetra *t, int f, rt_real w0, rt_real w1, rt_real w2, rt_vec3 *point,
                             rt_real *u1, rt_real *u2, rt_real *param)
{
    rt_face_point_at(t, rt_face_vertex(t, f, 0), rt_face_vertex(t, f, 1), rt_face_vertex(t, f, 2), w0, w1, w2,
                     point, u1, u2, param);
}

RT_INLINE int rt_miss(rt_hit *out)
{
    out->enter_face = -1;
    out->leave_face = -1;
    return 0;
}

/* Where forms 1 and 2 put a hit's two faces in order (entered, left) and take their corners.
 * On the CPU, in the decision (RT_ROLES_IN_DECISION 1): its branches know the faces as
 * constants, so the corners fold to copies of known vertices and the finish has neither a
 * select of corners by face number nor a swap of its outputs; with the line's axis picked once
 * (rt_face_point_axis) this made forms 1 and 2 5-11% faster where lines hit. On GPUs, in the
 * finish, by selects: carrying six corners out of the decision took the OpenCL STP 1 and STP 2
 * kernels from 96% to 62-74% of the copy bandwidth on an H100 (docs/PERFORMANCE.md, "What
 * does not help"). Either way every output is the same, bit for bit. */
#ifdef __OPENCL_C_VERSION__
#define RT_ROLES_IN_DECISION 0
#else
#define RT_ROLES_IN_DECISION 1
#endif

/* What forms 1 and 2 decide before any point is computed: the faces a and b the line crosses,
 * which of them it enters (with RT_ROLES_IN_DECISION a is the entered one: a_enters is 1), their
 * products, and (with RT_ROLES_IN_DECISION only) their corners. rt_finish_faces then computes the
 * points: one finish for every pair of faces, so that the work-items of a GPU warp run the same
 * code there (docs/PERFORMANCE.md, "Against the 2012 thesis program"). On a miss face_a =
 * face_b = -1, the products are 0 and the corners are not set (nothing reads them: setting them
 * changed gcc's code for the worse). */
typedef struct rt_faces {
    int face_a, face_b, a_enters;
    rt_real wa0, wa1, wa2, wb0, wb1, wb2;
    rt_vec3 ca0, ca1, ca2, cb0, cb1, cb2; /* corners 0, 1, 2 of each face (rt_face_vertex) */
} rt_faces;

/* Record faces fa and fb, constants at every call: so each face's products fold (a face number
 * known only at run time would turn every product into a look-up), and so do its corners. */
RT_INLINE void rt_decided_faces(const rt_tetra *t, rt_products *c, int fa, int fb, int fa_enters, rt_faces *d)
{
    d->face_a = fa;
    d->face_b = fb;
    d->a_enters = fa_enters;
    d->wa0 = rt_face_product(t, c, fa, 0);
    d->wa1 = rt_face_product(t, c, fa, 1);
    d->wa2 = rt_face_product(t, c, fa, 2);
    d->wb0 = rt_face_product(t, c, fb, 0);
    d->wb1 = rt_face_product(t, c, fb, 1);
    d->wb2 = rt_face_product(t, c, fb, 2);
    if (RT_ROLES_IN_DECISION) {
        d->ca0 = rt_face_vertex(t, fa, 0);
        d->ca1 = rt_face_vertex(t, fa, 1);
        d->ca2 = rt_face_vertex(t, fa, 2);
        d->cb0 = rt_face_vertex(t, fb, 0);
        d->cb1 = rt_face_vertex(t, fb, 1);
        d->cb2 = rt_face_vertex(t, fb, 2);
    }
}

/* A hit on faces fa and fb (constants), fa entered when fa_enters. Returns 1. */
RT_INLINE int rt_decided(const rt_tetra *t, rt_products *c, int fa, int fb, int fa_enters, rt_faces *d)
{
    if (!RT_ROLES_IN_DECISION)
        rt_decided_faces(t, c, fa, fb, fa_enters, d);
    else if (fa_enters) /* the roles in order by the branch the decision already takes */
        rt_decided_faces(t, c, fa, fb, 1, d);
    else
        rt_decided_faces(t, c, fb, fa, 1, d);
    return 1;
}

RT_INLINE int rt_undecided(rt_faces *d)
{
    d->face_a = d->face_b = -1;
    d->a_enters = 0;
    d->wa0 = d->wa1 = d->wa2 = d->wb0 = d->wb1 = d->wb2 = 0;
    return 0;
}

/* x3, x2, x1 or x0 for face f = 3, 2, 1, 0: selects of reals, which GPUs run without branching. */
RT_INLINE rt_vec3 rt_by_face(rt_real f, rt_vec3 x3, rt_vec3 x2, rt_vec3 x1, rt_vec3 x0)
{
    return rt_v(f == 3 ? x3.x : (f == 2 ? x2.x : (f == 1 ? x1.x : x0.x)),
                f == 3 ? x3.y : (f == 2 ? x2.y : (f == 1 ? x1.y : x0.y)),
                f == 3 ? x3.z : (f == 2 ? x2.z : (f == 1 ? x1.z : x0.z)));
}

/* Point, barycentrics and t on face f (0..3, as a real) of vertices v0..v3 (translated by -P for
 * STP) from its products: rt_face_point's arithmetic, the corners picked by selects. */
RT_INLINE void rt_face_point_any(const rt_tetra *t, rt_real f, rt_vec3 v0, rt_vec3 v1, rt_vec3 v2, rt_vec3 v3,
                                 rt_real w0, rt_real w1, rt_real w2, rt_vec3 *point, rt_real *u1, rt_real *u2,
                                 rt_real *param)
{
    /* Corners k = 0, 1, 2 of F3 = (V0, V1, V2), F2 = (V1, V0, V3), F1 = (V2, V3, V0), F0 = (V3, V2, V1). */
    rt_face_point_at(t, rt_by_face(f, v0, v1, v2, v3), rt_by_face(f, v1, v0, v3, v2), rt_by_face(f, v2, v3, v0, v1),
                     w0, w1, w2, point, u1, u2, param);
}

/* The outputs of a decided hit (returns 1), or of a miss (0). */
RT_INLINE int rt_finish_faces(const rt_tetra *t, const rt_faces *d, rt_hit *out)
{
    if (d->face_a < 0)
        return rt_miss(out);
    rt_vec3 pa, pb;
    rt_real ua1, ua2, ta, ub1, ub2, tb;
    if (RT_ROLES_IN_DECISION) {
        /* L's major axis, once for both faces. */
        int x_major, y_major;
        rt_major_axis(t->L, &x_major, &y_major);
        rt_real l_major = rt_axis_select(t->L, x_major, y_major);
        rt_face_point_axis(t, d->ca0, d->ca1, d->ca2, d->wa0, d->wa1, d->wa2, x_major, y_major, l_major, &pa, &ua1,
                           &ua2, &ta);
        rt_face_point_axis(t, d->cb0, d->cb1, d->cb2, d->wb0, d->wb1, d->wb2, x_major, y_major, l_major, &pb, &ub1,
                           &ub2, &tb);
    } else {
        rt_face_point_any(t, (rt_real)d->face_a, t->v0, t->v1, t->v2, t->v3, d->wa0, d->wa1, d->wa2, &pa, &ua1,
                          &ua2, &ta);
        rt_face_point_any(t, (rt_real)d->face_b, t->v0, t->v1, t->v2, t->v3, d->wb0, d->wb1, d->wb2, &pb, &ub1,
                          &ub2, &tb);
    }
    int e = RT_ROLES_IN_DECISION || d->a_enters;
    out->enter_face = e ? d->face_a : d->face_b;
    out->leave_face = e ? d->face_b : d->face_a;
    out->enter_point = e ? pa : pb;
    out->leave_point = e ? pb : pa;
    out->u_enter1 = e ? ua1 : ub1;
    out->u_enter2 = e ? ua2 : ub2;
    out->u_leave1 = e ? ub1 : ua1;
    out->u_leave2 = e ? ub2 : ua2;
    out->t_enter = e ? ta : tb;
    out->t_leave = e ? tb : ta;
    return 1;
}

/* Sign of a face from its three products: +1 entered, -1 left, 0 missed or coplanar. */
RT_INLINE int rt_face_sign(rt_real a, rt_real b, rt_real c)
{
    if (a >= 0 && b >= 0 && c >= 0 && (a > 0 || b > 0 || c > 0))
        return 1;
    if (a <= 0 && b <= 0 && c <= 0 && (a < 0 || b < 0 || c < 0))
        return -1;
    return 0;
}

/* Two products of one face can still belong to a hit face (thesis Algorithm 2's first test). */
RT_INLINE int rt_compatible(rt_real a, rt_real b) { return !((a > 0 && b < 0) || (a < 0 && b > 0)); }

/* Thesis Algorithm 2: test face f, computing its third product only when the first two agree. */
RT_INLINE int rt_face_test_lazy(const rt_tetra *t, rt_products *c, int f, int first, int second, int third)
{
    rt_real a = rt_face_product(t, c, f, first);
    rt_real b = rt_face_product(t, c, f, second);
    if (!rt_compatible(a, b))
        return 0;
    return rt_face_sign(a, b, rt_face_product(t, c, f, third));
}

/* Item 6: once one face is known, test f only for the opposite role (want = +1 enter,
 * -1 leave); edges already known are tested too (free), and "not all zero" is kept. The tests
 * are written so that a NaN product (an overflowed input) fails them, as in rt_face_sign. */
RT_INLINE int rt_face_is(const rt_tetra *t, rt_products *c, int f, int want)
{
    rt_real a = rt_face_product(t, c, f, 0);
    if (!(want > 0 ? a >= 0 : a <= 0))
        return 0;
    rt_real b = rt_face_product(t, c, f, 1);
    if (!(want > 0 ? b >= 0 : b <= 0))
        return 0;
    rt_real d = rt_face_product(t, c, f, 2);
    if (!(want > 0 ? d >= 0 : d <= 0))
        return 0;
    return a != 0 || b != 0 || d != 0;
}

/* Items 2 and 4: faces fa and fb share an edge whose product is +p on fa and -p on fb; the
 * face with the wanted role is fa when p has the wanted sign. Exception (thesis item 4): if
 * fb is coplanar with the line (all its products 0), fa is taken. Returns 1 for fa, 0 for fb. */
RT_INLINE int rt_choose_first(const rt_tetra *t, rt_products *c, int fb, int shared_edge, int want)
{
    rt_real p = rt_get(t, c, shared_edge);
    if (want > 0 ? p > 0 : p < 0)
        return 1;
    return p == 0 && rt_face_product(t, c, fb, 0) == 0 && rt_face_product(t, c, fb, 1) == 0 &&
           rt_face_product(t, c, fb, 2) == 0;
}

/* The hit on face `known` (entered when known_enters) and the one of fa, fb that
 * rt_choose_first picks for the other role. */
RT_INLINE int rt_decided_chosen(const rt_tetra *t, rt_products *c, int known, int known_enters, int fa, int fb,
                                int shared_edge, rt_faces *d)
{
    if (rt_choose_first(t, c, fb, shared_edge, known_enters ? -1 : 1))
        return rt_decided(t, c, known, fa, known_enters, d);
    return rt_decided(t, c, known, fb, known_enters, d);
}

/* ---------------------------------------------------------------- form 0 */

/* One face of Algorithm 1: its vertices, its three products, and whether it can be the
 * entering face (all >= 0) or the leaving face (all <= 0); "not all zero" makes the two
 * exclusive. */
typedef struct rt_form0_face {
    rt_vec3 a, b, c;
    rt_real w0, w1, w2;
    int enter, leave;
} rt_form0_face;

/* Called with a constant face so that everything folds. */
RT_INLINE rt_form0_face rt_form0_test(const rt_tetra *t, int f)
{
    rt_products fresh = rt_products_empty();
    rt_form0_face r;
    r.a = rt_face_vertex(t, f, 0);
    r.b = rt_face_vertex(t, f, 1);
    r.c = rt_face_vertex(t, f, 2);
    r.w0 = rt_face_product(t, &fresh, f, 0);
    r.w1 = rt_face_product(t, &fresh, f, 1);
    r.w2 = rt_face_product(t, &fresh, f, 2);
    int some = (r.w0 != 0) | (r.w1 != 0) | (r.w2 != 0);
    r.enter = some & (r.w0 >= 0) & (r.w1 >= 0) & (r.w2 >= 0);
    r.leave = some & (r.w0 <= 0) & (r.w1 <= 0) & (r.w2 <= 0);
    return r;
}

/* x3 if c3, else x2 if c2, else x1 if c1, else x0 if c0, else none: the thesis' face order. */
#define RT_FIRST(c3, c2, c1, c0, x3, x2, x1, x0, none) ((c3) ? (x3) : ((c2) ? (x2) : ((c1) ? (x1) : ((c0) ? (x0) : (none)))))
#define RT_FIRST_FIELD(field, none) RT_FIRST(c3, c2, c1, c0, f3.field, f2.field, f1.field, f0.field, none)
#define RT_FIRST_VEC(field)                                                                                       \
    rt_v(RT_FIRST_FIELD(field.x, f0.field.x), RT_FIRST_FIELD(field.y, f0.field.y), RT_FIRST_FIELD(field.z, f0.field.z))

/* The face Algorithm 1 takes for a role: the first of faces 3, 2, 1, 0 that can play it (c3 ...
 * c0), its number in *face (-1 if none can, with products 1 as harmless stand-ins). Nested
 * selects rather than a running state and the face number as a real, so that a loop over
 * pairs runs it in SIMD lanes: gcc 12 cannot vectorise boolean or integer selects beside
 * double ones. */
RT_INLINE rt_form0_face rt_form0_pick(rt_form0_face f3, rt_form0_face f2, rt_form0_face f1, rt_form0_face f0,
                                      int c3, int c2, int c1, int c0, rt_real *face)
{
    rt_form0_face r;
    *face = RT_FIRST(c3, c2, c1, c0, (rt_real)3, (rt_real)2, (rt_real)1, (rt_real)0, (rt_real)-1);
    r.a = RT_FIRST_VEC(a);
    r.b = RT_FIRST_VEC(b);
    r.c = RT_FIRST_VEC(c);
    r.w0 = RT_FIRST_FIELD(w0, (rt_real)1);
    r.w1 = RT_FIRST_FIELD(w1, (rt_real)1);
    r.w2 = RT_FIRST_FIELD(w2, (rt_real)1);
    r.enter = r.leave = 0;
    return r;
}

/* Algorithm 1's decision alone: whether the line meets the tetrahedron (the twelve products
 * and their signs, as rt_form0_body computes them); branch-free. The SIMD form 0 runs it first
 * on blocks that are likely to miss, and the whole body only where a lane hits
 * (algorithms_simd.h). */
RT_INLINE int rt_form0_hits(const rt_tetra *t)
{
    rt_form0_face f3 = rt_form0_test(t, 3), f2 = rt_form0_test(t, 2), f1 = rt_form0_test(t, 1),
                  f0 = rt_form0_test(t, 0);
    return (f3.enter | f2.enter | f1.enter | f0.enter) & (f3.leave | f2.leave | f1.leave | f0.leave);
}
#undef RT_FIRST_VEC
#undef RT_FIRST_FIELD
#undef RT_FIRST

/* Thesis Algorithm 1: faces 3, 2, 1, 0, three fresh products each, no reuse; the first face
 * that passes the entering test enters, the first that passes the leaving test leaves.
 * With faces != 0 the body is branch-free, for loops over pairs in SIMD lanes: the face
 * numbers go to faces[0] (enter) and faces[1] (leave) as reals (-1 on a miss), the points are
 * computed on a miss too (from the stand-ins) and every other output is then 0. With
 * faces == 0 (a constant after inlining) a miss returns at once, as in every other algorithm. */
RT_INLINE int rt_form0_body(const rt_tetra *t, rt_hit *out, rt_real *faces)
{
    rt_form0_face f3 = rt_form0_test(t, 3), f2 = rt_form0_test(t, 2), f1 = rt_form0_test(t, 1),
                  f0 = rt_form0_test(t, 0);
    rt_real enter_face, leave_face;
    rt_form0_face enter = rt_form0_pick(f3, f2, f1, f0, f3.enter, f2.enter, f1.enter, f0.enter, &enter_face);
    rt_form0_face leave = rt_form0_pick(f3, f2, f1, f0, f3.leave, f2.leave, f1.leave, f0.leave, &leave_face);
    int hit = (f3.enter | f2.enter | f1.enter | f0.enter) & (f3.leave | f2.leave | f1.leave | f0.leave);
    if (!faces && !hit)
        return rt_miss(out);
    rt_hit h;
    rt_face_point_at(t, enter.a, enter.b, enter.c, enter.w0, enter.w1, enter.w2, &h.enter_point, &h.u_enter1,
                     &h.u_enter2, &h.t_enter);
    rt_face_point_at(t, leave.a, leave.b, leave.c, leave.w0, leave.w1, leave.w2, &h.leave_point, &h.u_leave1,
                     &h.u_leave2, &h.t_leave);
    if (faces) {
        rt_vec3 zero = rt_v(0, 0, 0);
        enter_face = faces[0] = hit ? enter_face : (rt_real)-1;
        leave_face = faces[1] = hit ? leave_face : (rt_real)-1;
        h.enter_point = hit ? h.enter_point : zero;
        h.leave_point = hit ? h.leave_point : zero;
        h.u_enter1 = hit ? h.u_enter1 : 0;
        h.u_enter2 = hit ? h.u_enter2 : 0;
        h.u_leave1 = hit ? h.u_leave1 : 0;
        h.u_leave2 = hit ? h.u_leave2 : 0;
        h.t_enter = hit ? h.t_enter : 0;
        h.t_leave = hit ? h.t_leave : 0;
    }
    h.enter_face = (int)enter_face;
    h.leave_face = (int)leave_face;
    *out = h;
    return hit;
}

RT_INLINE int rt_form0(const rt_tetra *t, rt_hit *out) { return rt_form0_body(t, out, 0); }

/* ---------------------------------------------------------------- forms 1 and 2 */

/* The end shared by forms 1 and 2 once F3 is decided (s3: +1 entered, -1 left, 0 missed) and
 * F3's products p01, p12 (and p02 if F3 was not rejected early) are in the cache. */
RT_INLINE int rt_after_face3_decide(const rt_tetra *t, rt_products *c, int s3, rt_faces *d)
{
    if (s3 != 0) {
        /* One face known: F2 only needs the opposite test (item 6); otherwise the other face is
         * F1 or F0, chosen by their shared edge V2V3 (+p23 on F1), with no test (items 2, 4). */
        if (rt_face_is(t, c, 2, -s3))
            return rt_decided(t, c, 3, 2, s3 > 0, d);
        return rt_decided_chosen(t, c, 3, s3 > 0, 1, 0, RT_E23, d);
    }
    /* F3 missed: full test of F2, its already-known edge -p01 first. */
    int s2 = rt_face_test_lazy(t, c, 2, 2, 0, 1);
    if (s2 != 0)
        return rt_decided_chosen(t, c, 2, s2 > 0, 1, 0, RT_E23, d);
    /* F3 and F2 missed: F1 decides; if it is hit, F0 is the other face (item 2). */
    int s1 = rt_face_test_lazy(t, c, 1, 0, 1, 2);
    if (s1 == 0)
        return rt_undecided(d);
    return rt_decided(t, c, 1, 0, s1 > 0, d);
}

/* Form 1: form 0 with PT03 sections 3.1-3.2 (thesis section 2.2.4 items 1-6). */
RT_INLINE int rt_form1_decide(const rt_tetra *t, rt_faces *d)
{
    rt_products c = rt_products_empty();
    /* F3 with Algorithm 2: e2 (+p01) and e0 (+p12) first, so p01 is known for F2. */
    int s3 = rt_face_test_lazy(t, &c, 3, 2, 0, 1);
    return rt_after_face3_decide(t, &c, s3, d);
}

/* Form 2: form 1 plus the geometric optimisation. If F3 is missed, its three products are the
 * (unnormalised) barycentric coordinates w_k of the point where the line crosses F3's plane,
 * and they do not all share a sign. Face F_k (k = 0, 1, 2) holds F3's edge e_k reversed, so its
 * product there is -w_k. Let k be the odd one out (its w_k has the sign the other two lack):
 * the two faces F_j (j != k) get -w_j, of the sign opposite to F_k's -w_k, so only F_k can take
 * the role sign(-w_k) (enter if w_k < 0, leave if w_k > 0), and only one of the F_j the other.
 * Region table of F3's plane (b_k = w_k / sum: the thesis' regions A-F, "entering" = sum > 0):
 *   region                         entering (sum > 0)   leaving (sum < 0)   odd one out
 *   beyond edge e_k (only b_k < 0)   F_k enter            F_k leave           w_k (sign -sum)
 *   beyond vertex k (only b_k > 0)   F_k leave            F_k enter           w_k (sign +sum)
 * Either way F_k's role is "enter" exactly when w_k < 0. If F_k fails its test, there is no hit;
 * otherwise the other face is one of the two F_j, which share the edge V_k V3. */
RT_INLINE int rt_form2_decide(const rt_tetra *t, rt_faces *d)
{
    rt_products c = rt_products_empty();
    rt_real w0 = rt_face_product(t, &c, 3, 0);
    rt_real w1 = rt_face_product(t, &c, 3, 1);
    rt_real w2 = rt_face_product(t, &c, 3, 2);
    int s3 = rt_face_sign(w0, w1, w2);
    if (s3 != 0 || w0 == 0 || w1 == 0 || w2 == 0)
        return rt_after_face3_decide(t, &c, s3, d); /* hit on F3, or a zero: form 1's general path */
    int k = ((w0 > 0) == (w1 > 0)) ? 2 : (((w0 > 0) == (w2 > 0)) ? 1 : 0);
    /* The other face: among F_j, F_j' sharing edge V_k V3, with +p_k3 on the first listed; each
     * k spelt out, so that the faces are constants. */
    if (k == 0) {
        if (!rt_face_is(t, &c, 0, w0 < 0 ? 1 : -1))
            return rt_undecided(d);
        return rt_decided_chosen(t, &c, 0, w0 < 0, 2, 1, RT_E03, d); /* F2 e0 = +p03, F1 e0 = -p03 */
    }
    if (k == 1) {
        if (!rt_face_is(t, &c, 1, w1 < 0 ? 1 : -1))
            return rt_undecided(d);
        return rt_decided_chosen(t, &c, 1, w1 < 0, 0, 2, RT_E13, d); /* F0 e1 = +p13, F2 e1 = -p13 */
    }
    if (!rt_face_is(t, &c, 2, w2 < 0 ? 1 : -1))
        return rt_undecided(d);
    return rt_decided_chosen(t, &c, 2, w2 < 0, 1, 0, RT_E23, d); /* F1 e2 = +p23, F0 e2 = -p23 */
}

/* Forms 1 and 2 on one pair: the decision, then its points. */
RT_INLINE int rt_form1(const rt_tetra *t, rt_hit *out)
{
    rt_faces d;
    rt_form1_decide(t, &d);
    return rt_finish_faces(t, &d, out);
}

RT_INLINE int rt_form2(const rt_tetra *t, rt_hit *out)
{
    rt_faces d;
    rt_form2_decide(t, &d);
    return rt_finish_faces(t, &d, out);
}

/* Form 0, 1 or 2 on a prepared tetrahedron (plain here, or precomputed: rt_precomputed.h). */
RT_INLINE int rt_run_form(const rt_tetra *t, int form, rt_hit *out)
{
    if (form == 0)
        return rt_form0(t, out);
    if (form == 1)
        return rt_form1(t, out);
    return rt_form2(t, out);
}

/* The six algorithms of this header. form: 0, 1, 2; stp: 0 Plücker, 1 STP. */
RT_INLINE int rt_intersect(rt_vec3 P, rt_vec3 L, rt_vec3 V0, rt_vec3 V1, rt_vec3 V2, rt_vec3 V3, int stp, int form,
                           rt_hit *out)
{
    rt_tetra t = rt_prepare(P, L, V0, V1, V2, V3, stp);
    return rt_run_form(&t, form, out);
}

#endif
