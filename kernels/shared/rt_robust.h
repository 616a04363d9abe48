/* rt_robust.h: the floating-point filter of the robust STP algorithm (stp0r), written for the
 * CPU and for an OpenCL kernel alike (valid C11 and OpenCL C 1.2; precision follows rt_math.h).
 *
 * An edge product p_ij = m_j . v_i (v = V - P, m_j = L x v_j; rt_algorithms.h) is evaluated in
 * floating point; the filter says whether its sign is certain. When it is not, the sign must be
 * decided exactly elsewhere: on the CPU by exact_stp_sign() (Common/exact.h, GMP); a kernel
 * would flag the pair (a non-zero uncertain set from rt_robust_signs) for the host, which
 * decides those signs exactly and finishes the pair with rt_robust_finish. With the six signs, the faces follow
 * thesis Algorithm 1 exactly as exact_classify() does, so ties on degenerate input resolve
 * identically.
 *
 * The bound. Shewchuk ("Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", 1997, section 4.3) proves for det = a_z (b_x c_y - c_x b_y) + ..., evaluated in
 * this order from entries that are themselves rounded differences, that
 *   |computed - exact| <= (7 + 56 eps) eps * permanent,
 * permanent = (|b_x c_y| + |c_x b_y|) |a_z| + ... evaluated in floating point (eps = 2^-53 for
 * double, 2^-24 for float). p_ij has exactly this shape: the rows are v_i (rounded differences),
 * L (exact: the algorithm's input) and v_j (rounded differences), and rt_dot / rt_cross
 * evaluate it in that order (with a fused multiply-add the evaluation only drops roundings).
 * Instead of each edge's permanent we use one upper bound per pair,
 *   U = 6 * Lmax * M * M, Lmax = max |L_a|, M = max |v_k,a| over the four vertices,
 * since every permanent is sum_a |v_i,a| (|L_b| |v_j,c| + |L_c| |v_j,b|) <= 3 M * 2 Lmax M.
 * Its floating-point value is at least (1 - eps)^3 times the real one, and Shewchuk's permanent
 * at most (1 + eps)^5 times the real one, so bound = 8 eps * U covers
 * (7 + 56 eps) eps * (1 + eps)^5 / (1 - eps)^3 * U with room to spare (8 eps is a power of two:
 * that product is exact). The bound assumes no overflow and no underflow: the filter is used
 * only when 2^-800 < Lmax * M and U < 2^1000 (2^-60 and 2^100 in float), so every intermediate
 * is finite and the absolute error of an underflowed product (at most 2^-1075 each, times M) is
 * more than 2^200 times smaller than the slack between 8 eps and 7.0001 eps. Outside that range
 * (and for NaN) every sign is uncertain. The filter costs a few maxima per pair, which keeps the
 * robust form within reach of form 0's speed on random data. */
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

/* A branch-free absolute value (a comparison here would cost more than the rest of the filter). */
#if defined(__OPENCL_C_VERSION__)
RT_INLINE rt_real rt_abs(rt_real x) { return fabs(x); }
#elif defined(RT_SINGLE)
RT_INLINE rt_real rt_abs(rt_real x) { return __builtin_fabsf(x); }
#else
RT_INLINE rt_real rt_abs(rt_real x) { return __builtin_fabs(x); }
#endif
RT_INLINE rt_real rt_max(rt_real a, rt_real b) { return a > b ? a : b; }
RT_INLINE rt_real rt_max_abs3(rt_vec3 v) { return rt_max(rt_max(rt_abs(v.x), rt_abs(v.y)), rt_abs(v.z)); }

/* The error bound of every edge product of the prepared STP tetrahedron t (rt_prepare with
 * stp = 1), or a negative value when the filter cannot be trusted (overflow, underflow, NaN). */
RT_INLINE rt_real rt_robust_bound(const rt_tetra *t)
{
    rt_real M = rt_max(rt_max(rt_max_abs3(t->v0), rt_max_abs3(t->v1)), rt_max(rt_max_abs3(t->v2), rt_max_abs3(t->v3)));
    rt_real lm = rt_max_abs3(t->L) * M;
    rt_real U = lm * M * 6;
    if (lm > RT_ROBUST_LOW && lm < RT_ROBUST_HIGH && U > RT_ROBUST_LOW && U < RT_ROBUST_HIGH)
        return RT_ROBUST_BOUND_FACTOR * U;
    return -1;
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
    if ((exact > 0) != (w > 0))
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
