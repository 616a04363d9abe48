/* rt_robust.h: the floating-point filter of the robust STP algorithm (stp0r), written for the
 * CPU and for an OpenCL kernel alike (valid C11 and OpenCL C 1.2; precision follows rt_math.h).
 *
 * What is decided. The line is the one through the points P and Q as read (not P + t fl(Q - P)):
 * an edge product p_ij = [L, v_j, v_i] with L = Q - P and v = V - P is
 *   p_ij = det[Q - P, Vj - P, Vi - P] = orient(P, Q, Vj, Vi),
 * the orientation of four input points (exact_orient(P, Q, Vj, Vi), Common/exact.h): no rounded
 * difference enters the exact value. The algorithm evaluates it in floating point as
 * m_j . v_i, m_j = L x v_j (rt_algorithms.h), from the rounded differences L = fl(Q - P) and
 * v = fl(V - P); the filter says whether the sign of that value is certain. When it is not, the
 * pair is decided exactly elsewhere: on the CPU by stp0r's slow path (algorithms_robust.c: all
 * six products by exact_orient_value, GMP), which rt_robust_finish then finishes; a kernel
 * flags the pair (a non-zero uncertain set from rt_robust_signs) and the host runs that same
 * slow path on it. With the six signs, the faces follow thesis Algorithm 1 exactly as
 * exact_classify() does, so ties on degenerate input resolve identically.
 *
 * The bound. Let a, b, c be the exact rows (here v_i, L, v_j: each the exact difference of two
 * input points, or an exact input such as the contract's direction) and a', b', c' their
 * rounded values, x' = x (1 + d) with |d| <= eps for each component (a difference of two
 * floating-point numbers is correctly rounded, and exact when it would be subnormal; eps =
 * 2^-53 in double, 2^-24 in float). The value is evaluated as
 *   fl(fl(fl(a'_x m_x) + fl(a'_y m_y)) + fl(a'_z m_z)),  m_x = fl(fl(b'_y c'_z) - fl(b'_z c'_y)), ...
 * Each of the twelve monomials +-a_k b_l c_m of det[a, b, c] then carries at most seven factors
 * (1 + d) before the last addition: b', c' and their product (3), the difference in m (1), a'
 * and the product with it (2), the first addition (1); a fused multiply-add only drops some.
 * The last addition's rounding cannot change the sign, and rounding is monotonic: if the
 * evaluated value exceeds a floating-point `bound`, so does the sum S before that rounding. So
 * a sign is certain when |value| > bound >= |S - det|, and
 *   |S - det| <= g7 * perm,  g7 = 7 eps / (1 - 7 eps),  perm = sum |a_k| |b_l| |c_m| <= 6 A B C
 * with A, B, C the largest components of |a|, |b|, |c| (Shewchuk's orient3d bound, "Adaptive
 * Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997, counts the
 * same seven roundings: (7 + 56 eps) eps). The filter takes A', B', C' from the rounded rows
 * (each >= (1 - eps) times the exact one) and U = fl(fl(A' B') C') * 6 (three more roundings
 * down at most), so perm <= U / (1 - eps)^6 and g7 perm < 7.00001 eps U < 8 eps U. The bound
 * is 8 eps U: a power of two times U, so that product is exact. For the edge products one U
 * serves the whole pair: A = C = M = max |v_k,a| over the four vertices, B = max |L_a|.
 * No overflow and no underflow: the filter is used only when 2^-800 < B C and B C, U < 2^1000
 * (2^-60 and 2^100 in float), so every intermediate is finite and the absolute error of an
 * underflowed product (at most 2^-1075 each, times A; 2^-150 in float) is more than 2^200 times
 * (2^60 in float) smaller than the slack between 8 eps and 7.00001 eps. Outside that range (and
 * for NaN or Inf) every sign is uncertain. The filter costs a few maxima per pair, which keeps
 * the robust form within reach of form 0's speed on random data.
 *
 * The same bound serves any triple product of rounded differences of input points. The side of
 * a point X against face (A, B, C) is orient(X, A, B, C) = det[A - X, B - X, C - X]: with X = P
 * its rows are the translated vertices already in rt_tetra (v = fl(V - P)), evaluated as
 * rt_dot(rt_cross(v_b, v_c), v_a) and filtered by rt_robust_triple_bound(M, M, M); with X = Q
 * the rows are fl(V - Q), bounded by rt_robust_triple_bound of their maxima. The exact fallback
 * is exact_orient(X, A, B, C). These are the signs that clip a line to a ray or a segment
 * exactly: with the faces of Algorithm 1, tEnter < 0 iff P is strictly inside the enter face's
 * plane, tLeave >= 0 iff P is not strictly outside the leave face's plane, and the same sides
 * of Q decide tLeave > 1 and tEnter <= 1. */
#ifndef RAYTETRA_RT_ROBUST_H
#define RAYTETRA_RT_ROBUST_H

#include "rt_algorithms.h"

#ifdef RT_SINGLE
#define RT_ROBUST_BOUND_FACTOR 0x1.0p-21f /* 8 eps, eps = 2^-24 */
#define RT_ROBUST_LOW 0x1.0p-60f
#define RT_ROBUST_HIGH 0x1.0p100f
#define RT_ROBUST_TINY 0x1.0p-126f
#else
#define RT_ROBUST_BOUND_FACTOR 0x1.0p-50 /* 8 eps, eps = 2^-53 */
#define RT_ROBUST_LOW 0x1.0p-800
#define RT_ROBUST_HIGH 0x1.0p1000
#define RT_ROBUST_TINY 0x1.0p-1022
#endif

RT_INLINE rt_real rt_max(rt_real a, rt_real b) { return a > b ? a : b; }
RT_INLINE rt_real rt_max_abs3(rt_vec3 v) { return rt_max(rt_max(rt_abs(v.x), rt_abs(v.y)), rt_abs(v.z)); }

/* The error bound of a triple product det[a, b, c] evaluated as rt_dot(a, rt_cross(b, c)) from
 * rows that are rounded differences of input points (or exact inputs), given the largest
 * component magnitudes A, B, C of the rows as computed; a negative value when the filter cannot
 * be trusted (overflow, underflow, NaN: see the header comment). */
RT_INLINE rt_real rt_robust_triple_bound(rt_real A, rt_real B, rt_real C)
{
    rt_real bc = B * C;
    rt_real U = bc * A * 6;
    if (bc > RT_ROBUST_LOW && bc < RT_ROBUST_HIGH && U > RT_ROBUST_LOW && U < RT_ROBUST_HIGH)
        return RT_ROBUST_BOUND_FACTOR * U;
    return -1;
}

/* The error bound of every edge product m_j . v_i of the prepared STP tetrahedron t (rt_prepare
 * with stp = 1; L = fl(Q - P) or an exact direction), or a negative value when the filter cannot
 * be trusted. */
RT_INLINE rt_real rt_robust_bound(const rt_tetra *t)
{
    rt_real M = rt_max(rt_max(rt_max_abs3(t->v0), rt_max_abs3(t->v1)), rt_max(rt_max_abs3(t->v2), rt_max_abs3(t->v3)));
    return rt_robust_triple_bound(M, rt_max_abs3(t->L), M);
}

/* Exact signs of the six edge products as two bit sets: bit e (RT_E01 .. RT_E23) of `positive`
 * when p_e > 0, of `negative` when p_e < 0, of neither when p_e = 0. Bit sets keep the face logic
 * straight-line code (no loops, no per-edge branches), on the CPU and in a kernel alike. */
typedef struct rt_signs {
    int positive, negative;
} rt_signs;

RT_INLINE void rt_signs_set(rt_signs *s, int e, int sign)
{
    s->positive |= (sign > 0) << e;
    s->negative |= (sign < 0) << e;
}

/* The six edge products p[RT_E01 .. RT_E23] and the signs the filter decides; returns the bit set
 * of the edges whose sign it could not decide (0 on almost every pair of random data), which
 * are then in neither set of *s. */
RT_INLINE int rt_robust_signs(const rt_tetra *t, rt_real p[6], rt_signs *s)
{
    rt_real bound = rt_robust_bound(t);
    p[RT_E01] = rt_dot(t->m1, t->v0);
    p[RT_E02] = rt_dot(t->m2, t->v0);
    p[RT_E03] = rt_dot(t->m3, t->v0);
    p[RT_E12] = rt_dot(t->m2, t->v1);
    p[RT_E13] = rt_dot(t->m3, t->v1);
    p[RT_E23] = rt_dot(t->m3, t->v2);
    s->positive = s->negative = 0;
    if (bound < 0)
        return 63;
    rt_real low = -bound;
    s->positive = (p[0] > bound) | (p[1] > bound) << 1 | (p[2] > bound) << 2 | (p[3] > bound) << 3 |
                  (p[4] > bound) << 4 | (p[5] > bound) << 5;
    s->negative = (p[0] < low) | (p[1] < low) << 1 | (p[2] < low) << 2 | (p[3] < low) << 3 | (p[4] < low) << 4 |
                  (p[5] < low) << 5;
    return 63 & ~(s->positive | s->negative);
}

/* Face f's edges as bit sets: those that enter its sign as +p_e, and as -p_e (rt_algorithms.h:
 * F3 = +p12 -p02 +p01, F2 = +p03 -p13 -p01, F1 = -p03 +p02 +p23, F0 = -p12 +p13 -p23). */
RT_INLINE int rt_face_plus(int f)
{
    return f == 3 ? (1 << RT_E12) | (1 << RT_E01)
                  : (f == 2 ? (1 << RT_E03) : (f == 1 ? (1 << RT_E02) | (1 << RT_E23) : (1 << RT_E13)));
}

RT_INLINE int rt_face_minus(int f)
{
    return f == 3 ? (1 << RT_E02)
                  : (f == 2 ? (1 << RT_E13) | (1 << RT_E01) : (f == 1 ? (1 << RT_E03) : (1 << RT_E12) | (1 << RT_E23)));
}

/* The state of Algorithm 1 on exact signs: faces found so far and their weights. */
typedef struct rt_robust_state {
    int enter, leave;
    rt_real enter_w0, enter_w1, enter_w2, leave_w0, leave_w1, leave_w2;
} rt_robust_state;

/* Weight of edge k of face f: its product, made consistent with the exact sign when `adjust`
 * (some sign came from the exact fallback): 0 when the sign is 0, the smallest normal number of
 * the right sign when rounding flipped or zeroed it (which changes the barycentrics by less
 * than the rounding did). Without `adjust` every sign was read off these very products. */
RT_INLINE rt_real rt_robust_weight(const rt_real p[6], rt_signs s, int adjust, int f, int k)
{
    int sign;
    int e = rt_face_edge(f, k, &sign);
    rt_real w = sign < 0 ? -p[e] : p[e];
    if (!adjust)
        return w;
    int exact = (((s.positive >> e) & 1) - ((s.negative >> e) & 1)) * sign;
    if (exact == 0)
        return 0;
    if (exact > 0 ? !(w > 0) : !(w < 0)) /* rounding flipped the sign, or made it 0 */
        return exact > 0 ? RT_ROBUST_TINY : -RT_ROBUST_TINY;
    return w;
}

/* One face of thesis Algorithm 1 on exact signs; called with constant faces, so that the masks
 * and the weights' edges fold away. */
RT_INLINE void rt_classify_face(const rt_real p[6], rt_signs s, int adjust, int f, rt_robust_state *state)
{
    int positive = (s.positive & rt_face_plus(f)) | (s.negative & rt_face_minus(f));
    int negative = (s.negative & rt_face_plus(f)) | (s.positive & rt_face_minus(f));
    if ((positive | negative) == 0)
        return; /* the line lies in the face's plane */
    if (state->enter < 0 && negative == 0) {
        state->enter = f;
        state->enter_w0 = rt_robust_weight(p, s, adjust, f, 0);
        state->enter_w1 = rt_robust_weight(p, s, adjust, f, 1);
        state->enter_w2 = rt_robust_weight(p, s, adjust, f, 2);
    } else if (state->leave < 0 && positive == 0) {
        state->leave = f;
        state->leave_w0 = rt_robust_weight(p, s, adjust, f, 0);
        state->leave_w1 = rt_robust_weight(p, s, adjust, f, 1);
        state->leave_w2 = rt_robust_weight(p, s, adjust, f, 2);
    }
}

/* Thesis Algorithm 1 on exact edge signs, as exact_classify(): faces 3, 2, 1, 0; a face whose
 * signs are all 0 (the line lies in its plane) is skipped; the first face with all signs >= 0
 * is the enter face, else the first with all <= 0 the leave face. */
RT_INLINE rt_robust_state rt_classify_signs(const rt_real p[6], rt_signs s, int adjust)
{
    rt_robust_state state;
    state.enter = state.leave = -1;
    state.enter_w0 = state.enter_w1 = state.enter_w2 = state.leave_w0 = state.leave_w1 = state.leave_w2 = 0;
    rt_classify_face(p, s, adjust, 3, &state);
    rt_classify_face(p, s, adjust, 2, &state);
    rt_classify_face(p, s, adjust, 1, &state);
    rt_classify_face(p, s, adjust, 0, &state);
    return state;
}

/* Faces from the exact signs, reals from the products (rt_face_point, as the other forms).
 * `adjust`: some signs were decided by the exact fallback (see rt_robust_weight). */
RT_INLINE int rt_robust_finish(const rt_tetra *t, const rt_real p[6], rt_signs s, int adjust, rt_hit *out)
{
    rt_robust_state state = rt_classify_signs(p, s, adjust);
    if (state.enter < 0 || state.leave < 0)
        return rt_miss(out);
    out->enter_face = state.enter;
    out->leave_face = state.leave;
    rt_face_point(t, state.enter, state.enter_w0, state.enter_w1, state.enter_w2, &out->enter_point,
                  &out->u_enter1, &out->u_enter2, &out->t_enter);
    rt_face_point(t, state.leave, state.leave_w0, state.leave_w1, state.leave_w2, &out->leave_point,
                  &out->u_leave1, &out->u_leave2, &out->t_leave);
    return 1;
}

#endif
