/* rt_expansion.h: exact arithmetic on floating-point expansions, written once for the CPU and
 * for an OpenCL kernel (valid C11 and OpenCL C 1.2, double precision only): the exact signs and
 * accurate values of the walk's edge products (rt_walk.h, docs/TETWALK.md).
 *
 * An expansion is a sum of doubles, its components, held in increasing order of magnitude and
 * nonoverlapping (the lowest set bit of each is above the highest of the one before), so that
 * its sign is the sign of its largest component. The operations follow the equations of
 * J. R. Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", Discrete & Computational Geometry 18(3), 1997: Two-Sum and Fast-Two-Sum
 * (section 2.3), Two-Product (2.5; here from one fused multiply-add, fma(a, b, -a b) being the
 * rounding error of a b exactly: C11's fma and OpenCL's fma on double are correctly rounded),
 * Fast-Expansion-Sum and Scale-Expansion with zero elimination (2.4, 2.5) and Compress (2.8).
 * They are exact under round-to-nearest-even (the default of C on IEEE hardware and of OpenCL
 * on double) as long as nothing overflows and no product underflows: docs/INPUT_RANGE.md's
 * range (every coordinate 0 or between 1e-50 and 1e+75 in magnitude) keeps every component of
 * a product of three differences between about 1e-230 and 1e+230.
 *
 * Fixed-size arrays and loops only (no recursion, no allocation), so that a kernel can run it:
 * an edge product has at most RT_EXPANSION_EDGE components. */
#ifndef RAYTETRA_RT_EXPANSION_H
#define RAYTETRA_RT_EXPANSION_H

#include "rt_math.h"

#ifdef RT_SINGLE
#error "rt_expansion.h is double precision only"
#endif

#ifndef __OPENCL_C_VERSION__
#include <math.h>
#endif

/* A function of the slow path, out of line (RT_INLINE forces everything else inline): its arrays
 * stay out of the fast path's frame, and a kernel holds one copy of it instead of one per call
 * (on an H200 the robust walk's kernel shrinks from 30,000 to 12,000 lines of PTX). */
#ifdef __OPENCL_C_VERSION__
#define RT_SLOW_PATH static __attribute__((noinline))
#else
#define RT_SLOW_PATH static __attribute__((noinline, unused))
#endif

/* Components of [L, a, b] with a, b differences of doubles (2 each) and L doubles: each minor
 * a_y b_z - a_z b_y has 2 x (2 x 2 x 2) = 16, times L_x 32, three of them 96. */
#define RT_EXPANSION_EDGE 96

/* x + y = a + b exactly, x = fl(a + b). */
RT_INLINE void rt_two_sum(rt_real a, rt_real b, rt_real *x, rt_real *y)
{
    rt_real sum = a + b;
    rt_real b_virtual = sum - a;
    rt_real a_virtual = sum - b_virtual;
    *x = sum;
    *y = (a - a_virtual) + (b - b_virtual);
}

/* The same when |a| >= |b| (or a = 0). */
RT_INLINE void rt_fast_two_sum(rt_real a, rt_real b, rt_real *x, rt_real *y)
{
    rt_real sum = a + b;
    *x = sum;
    *y = b - (sum - a);
}

/* x + y = a b exactly, x = fl(a b). */
RT_INLINE void rt_two_product(rt_real a, rt_real b, rt_real *x, rt_real *y)
{
    rt_real product = a * b;
    *x = product;
    *y = fma(a, b, -product);
}

/* value as the next component h[*count] unless it is zero: no expansion keeps a zero component. */
RT_INLINE void rt_expansion_append(rt_real *h, int *count, rt_real value)
{
    if (value != 0)
        h[(*count)++] = value;
}

/* a - b as an expansion of at most 2 components; returns their count. */
RT_INLINE int rt_expansion_difference(rt_real a, rt_real b, rt_real *h)
{
    rt_real head, tail;
    rt_two_sum(a, -b, &head, &tail);
    int n = 0;
    rt_expansion_append(h, &n, tail);
    rt_expansion_append(h, &n, head);
    return n;
}

/* h = e + f (Fast-Expansion-Sum: the components merged by magnitude, then added from the
 * smallest up; zero components dropped). h holds m + n; returns its count. */
RT_INLINE int rt_expansion_sum(int m, const rt_real *e, int n, const rt_real *f, rt_real *h)
{
    int i = 0, j = 0, count = 0;
    rt_real q = 0, part;
    for (int k = 0; k < m + n; ++k) {
        rt_real g;
        if (j >= n || (i < m && rt_abs(e[i]) < rt_abs(f[j])))
            g = e[i++];
        else
            g = f[j++];
        if (k == 0) {
            q = g;
            continue;
        }
        if (k == 1)
            rt_fast_two_sum(g, q, &q, &part);
        else
            rt_two_sum(q, g, &q, &part);
        rt_expansion_append(h, &count, part);
    }
    rt_expansion_append(h, &count, q);
    return count;
}

/* h = b e (Scale-Expansion; zero components dropped). h holds 2 m; returns its count. */
RT_INLINE int rt_expansion_scale(int m, const rt_real *e, rt_real b, rt_real *h)
{
    int count = 0;
    rt_real q = 0, part;
    for (int i = 0; i < m; ++i) {
        rt_real product, error;
        rt_two_product(e[i], b, &product, &error);
        if (i == 0) {
            q = product;
            part = error;
        } else {
            rt_real sum;
            rt_two_sum(q, error, &sum, &part);
            rt_expansion_append(h, &count, part);
            rt_fast_two_sum(product, sum, &q, &part);
        }
        rt_expansion_append(h, &count, part);
    }
    rt_expansion_append(h, &count, q);
    return count;
}

/* h = e f for f of at most 2 components (e at most 2: h holds 8). */
RT_INLINE int rt_expansion_product2(int m, const rt_real *e, int n, const rt_real *f, rt_real *h)
{
    rt_real low[4], high[4];
    int a = n > 0 ? rt_expansion_scale(m, e, f[0], low) : 0;
    int b = n > 1 ? rt_expansion_scale(m, e, f[1], high) : 0;
    return rt_expansion_sum(a, low, b, high, h);
}

/* The sign of an expansion: that of its largest component (-1, 0, +1). */
RT_INLINE int rt_expansion_sign(int m, const rt_real *e)
{
    if (m == 0)
        return 0;
    return e[m - 1] > 0 ? 1 : (e[m - 1] < 0 ? -1 : 0);
}

/* The expansion's value as one double with a relative error below 2^-52 and its exact sign:
 * Compress (a pass from the largest component down and one back up) leaves a largest component
 * that is within one unit in its last place of the whole sum. Compresses e in place. */
RT_INLINE rt_real rt_expansion_estimate(int m, rt_real *e)
{
    if (m == 0)
        return 0;
    int bottom = m - 1;
    rt_real q = e[m - 1], part;
    for (int i = m - 2; i >= 0; --i) {
        rt_fast_two_sum(q, e[i], &q, &part);
        if (part != 0) {
            e[bottom--] = q;
            q = part;
        }
    }
    e[bottom] = q;
    int top = 0;
    for (int i = bottom + 1; i < m; ++i) {
        rt_fast_two_sum(e[i], q, &q, &part);
        rt_expansion_append(e, &top, part);
    }
    e[top] = q;
    return q;
}

/* The three components of a - b (doubles) as expansions: count[k] components in d[k]. */
RT_INLINE void rt_expansion_difference3(rt_vec3 a, rt_vec3 b, rt_real d[3][2], int count[3])
{
    count[0] = rt_expansion_difference(a.x, b.x, d[0]);
    count[1] = rt_expansion_difference(a.y, b.y, d[1]);
    count[2] = rt_expansion_difference(a.z, b.z, d[2]);
}

RT_INLINE rt_real rt_component(rt_vec3 v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

/* The exact [L, a, b] = L . (a x b) for a = A - P, b = B - P (doubles, the differences exact) into
 * h (RT_EXPANSION_EDGE); returns the count. */
RT_INLINE int rt_expansion_triple(rt_vec3 L, rt_vec3 A, rt_vec3 B, rt_vec3 P, rt_real *h)
{
    rt_real a[3][2], b[3][2];
    int na[3], nb[3];
    rt_expansion_difference3(A, P, a, na);
    rt_expansion_difference3(B, P, b, nb);
    rt_real total[RT_EXPANSION_EDGE], partial[64], term[32], minor[16], left[8], right[8];
    int count = 0;
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        int nl = rt_expansion_product2(na[i], a[i], nb[j], b[j], left);
        int nr = rt_expansion_product2(na[j], a[j], nb[i], b[i], right);
        for (int r = 0; r < nr; ++r)
            right[r] = -right[r];
        int nm = rt_expansion_sum(nl, left, nr, right, minor);
        int nt = rt_expansion_scale(nm, minor, rt_component(L, k), term);
        for (int c = 0; c < count; ++c)
            partial[c] = total[c];
        count = rt_expansion_sum(count, partial, nt, term, total);
    }
    for (int c = 0; c < count; ++c)
        h[c] = total[c];
    return count;
}

/* The adaptive stages of [L, a, b] = L . (a x b), a = A - P and b = B - P exactly (L, A, B, P
 * doubles), after Shewchuk's section 4 (his orient3d's stages B and C; the bounds here are
 * derived for this determinant, whose row L has no rounding error). With a = a' + alpha and
 * b = b' + beta, a' = fl(A - P) and alpha its Two-Sum tail (|alpha_k| <= eps |a'_k|, eps = 2^-53):
 *   [L, a, b] = [L, a', b'] + ([L, alpha, b'] + [L, a', beta]) + [L, alpha, beta] = S + T1 + T2.
 * Let perm = sum_k |L_k| (|a'_i b'_j| + |a'_j b'_i|), the permanent of the rounded rows. Then
 * |T1| <= 2 eps perm and |T2| <= eps^2 perm.
 *   Stage B: S exactly, as an expansion of at most 24 components (each minor a'_i b'_j -
 *     a'_j b'_i from two Two-Products, scaled by L_k, the three summed). When every tail is 0,
 *     S is the value itself: its sign is exact, 0 included, and Compress rounds it. Otherwise
 *     with s = Compress(S) (|S - s| <= 2 eps |s|) the sign of s is that of [L, a, b] when
 *     |s| > 3 eps perm': perm' is perm evaluated in floating point (five roundings, so
 *     perm <= (1 + 6 eps) perm'), and 3 eps (1 - 2 eps) perm' > (2 eps + eps^2) perm.
 *   Stage C: c = fl(s + t) with t = T1 evaluated in floating point from its twelve monomials
 *     (at most six roundings on each, |T1 - t| <= 6.0001 eps 2 eps perm). The whole error
 *     |S - s| + |T1 - t| + |T2| stays below 2 eps |s| + 13.0001 eps^2 perm, and the computed
 *     bound 3 eps |s| + 16 eps^2 perm' covers it with every rounding of its own; rounding is
 *     monotonic, so |c| above that bound gives the sign of s + t and so of [L, a, b].
 * Two shortcuts come first, each exact: a row that is exactly 0 (A = P or B = P: a ray from a
 * vertex, at the edges holding it), or a equal to L, makes the value 0; a' or b' equal to L (a
 * ray aimed at a vertex through Q = A, L = fl(A - P): its edges there) makes S = 0 without
 * expansions.
 * Neither stage runs where perm' lies outside [2^-800, 2^900] (where its own roundings could
 * underflow or overflow) unless every tail is 0. Returns the stage that decided (then *value
 * has the exact sign; it is the exact value rounded, relative error below 2^-52, only for
 * RT_STAGE_EXACT), or RT_STAGE_NONE when the full expansion (rt_expansion_triple) must. */
#define RT_STAGE_NONE 0
#define RT_STAGE_EXACT 1 /* stage B, no tails */
#define RT_STAGE_B 2
#define RT_STAGE_C 3
#define RT_EXPANSION_STAGE_B 0x1.8p-52  /* 3 eps */
#define RT_EXPANSION_STAGE_C 0x1.0p-102 /* 16 eps^2 */
#define RT_EXPANSION_STAGE_C_RESULT 0x1.8p-52 /* 3 eps */
#define RT_EXPANSION_PERM_LOW 0x1.0p-800
#define RT_EXPANSION_PERM_HIGH 0x1.0p900

/* Two-Sum's head and tail of a - b. */
RT_INLINE rt_real rt_difference_tail(rt_real a, rt_real b, rt_real *head)
{
    rt_real tail;
    rt_two_sum(a, -b, head, &tail);
    return tail;
}

RT_INLINE int rt_zero3(const rt_real v[3]) { return v[0] == 0 && v[1] == 0 && v[2] == 0; }
RT_INLINE int rt_same_vec3(const rt_real a[3], rt_vec3 b) { return a[0] == b.x && a[1] == b.y && a[2] == b.z; }

/* S = [L, a', b'] exactly into h (24 components at most); returns the count. */
RT_INLINE int rt_expansion_rounded_triple(const rt_real L[3], const rt_real a[3], const rt_real b[3], rt_real *h)
{
    rt_real partial[16], term[8], minor[4], left[2], right[2];
    int count = 0;
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        rt_two_product(a[i], b[j], &left[1], &left[0]);
        rt_two_product(-a[j], b[i], &right[1], &right[0]);
        int nl = left[0] != 0 ? 2 : (left[1] != 0 ? 1 : 0), nr = right[0] != 0 ? 2 : (right[1] != 0 ? 1 : 0);
        if (nl == 1)
            left[0] = left[1];
        if (nr == 1)
            right[0] = right[1];
        int nm = rt_expansion_sum(nl, left, nr, right, minor);
        int nt = rt_expansion_scale(nm, minor, L[k], term);
        for (int c = 0; c < count; ++c)
            partial[c] = h[c];
        count = rt_expansion_sum(count, partial, nt, term, h);
    }
    return count;
}

/* The stage-C correction T1 = [L, alpha, b'] + [L, a', beta] in floating point. */
RT_INLINE rt_real rt_expansion_first_order(const rt_real L[3], const rt_real a[3], const rt_real alpha[3],
                                           const rt_real b[3], const rt_real beta[3])
{
    rt_real t = 0;
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        t += L[k] * ((alpha[i] * b[j] - alpha[j] * b[i]) + (a[i] * beta[j] - a[j] * beta[i]));
    }
    return t;
}

/* What both the stages and rt_expansion_triple_staged start from: l = L, a' and b' with their
 * tails alpha, beta, whether any tail is not 0, and perm' (rt_expansion_triple_adaptive's
 * comment). Returns 1 when a shortcut makes the value exactly 0 (then nothing else is set). */
RT_INLINE int rt_expansion_rows(rt_vec3 L, rt_vec3 A, rt_vec3 B, rt_vec3 P, rt_real l[3], rt_real a[3], rt_real b[3],
                                rt_real alpha[3], rt_real beta[3], int *tails, rt_real *perm)
{
    l[0] = L.x, l[1] = L.y, l[2] = L.z;
    alpha[0] = rt_difference_tail(A.x, P.x, &a[0]);
    alpha[1] = rt_difference_tail(A.y, P.y, &a[1]);
    alpha[2] = rt_difference_tail(A.z, P.z, &a[2]);
    beta[0] = rt_difference_tail(B.x, P.x, &b[0]);
    beta[1] = rt_difference_tail(B.y, P.y, &b[1]);
    beta[2] = rt_difference_tail(B.z, P.z, &b[2]);
    int a_exact = rt_zero3(alpha), b_exact = rt_zero3(beta);
    if (rt_zero3(a) || rt_zero3(b) || rt_zero3(l) || (a_exact && rt_same_vec3(a, L)) || (b_exact && rt_same_vec3(b, L)))
        return 1; /* a row of the exact determinant is 0 (a' = 0 has no tail), or two are equal */
    rt_real sum = 0;
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        sum += rt_abs(l[k]) * (rt_abs(a[i] * b[j]) + rt_abs(a[j] * b[i]));
    }
    *perm = sum;
    *tails = !a_exact || !b_exact;
    return 0;
}

/* Stage B's s: S = [L, a', b'] exactly, rounded (0 with two equal rows). */
RT_INLINE rt_real rt_expansion_stage_b(const rt_real l[3], const rt_real a[3], const rt_real b[3], rt_vec3 L)
{
    if (rt_same_vec3(a, L) || rt_same_vec3(b, L))
        return 0;
    rt_real total[24];
    return rt_expansion_estimate(rt_expansion_rounded_triple(l, a, b, total), total);
}

RT_INLINE int rt_expansion_triple_adaptive(rt_vec3 L, rt_vec3 A, rt_vec3 B, rt_vec3 P, rt_real *value)
{
    rt_real l[3], a[3], b[3], alpha[3], beta[3], perm = 0;
    int tails = 0;
    if (rt_expansion_rows(L, A, B, P, l, a, b, alpha, beta, &tails, &perm)) {
        *value = 0;
        return RT_STAGE_EXACT;
    }
    if (tails && !(perm >= RT_EXPANSION_PERM_LOW && perm <= RT_EXPANSION_PERM_HIGH))
        return RT_STAGE_NONE;
    rt_real s = rt_expansion_stage_b(l, a, b, L);
    *value = s;
    if (!tails)
        return RT_STAGE_EXACT;
    if (rt_abs(s) > RT_EXPANSION_STAGE_B * perm)
        return RT_STAGE_B;
    /* Stage C: the first-order terms of the tails. */
    rt_real c = s + rt_expansion_first_order(l, a, alpha, b, beta);
    rt_real bound = RT_EXPANSION_STAGE_C * perm + RT_EXPANSION_STAGE_C_RESULT * rt_abs(s);
    *value = c;
    return rt_abs(c) > bound ? RT_STAGE_C : RT_STAGE_NONE;
}

/* [L, A - P, B - P] through both stages, whatever its size, with a bound of its error: *value and
 * *error, |exact - value| <= error. Without tails s is the value rounded (error 2 eps |s|);
 * otherwise c = fl(s + t) is off by at most 2 eps |s| + 13.0003 eps^2 perm + eps |c| (the
 * comment above, and c's own rounding), which 3 eps |s| + 16 eps^2 perm' + eps |c| covers with
 * its roundings. Returns 0 where perm' lies outside the stages' range (the full expansion must
 * then do). For the robust walk's ill-conditioned boundary crossings: there a value's relative
 * accuracy matters, not only its sign. */
RT_INLINE int rt_expansion_triple_staged(rt_vec3 L, rt_vec3 A, rt_vec3 B, rt_vec3 P, rt_real *value, rt_real *error)
{
    rt_real l[3], a[3], b[3], alpha[3], beta[3], perm = 0;
    int tails = 0;
    if (rt_expansion_rows(L, A, B, P, l, a, b, alpha, beta, &tails, &perm)) {
        *value = *error = 0;
        return 1;
    }
    if (tails && !(perm >= RT_EXPANSION_PERM_LOW && perm <= RT_EXPANSION_PERM_HIGH))
        return 0;
    rt_real s = rt_expansion_stage_b(l, a, b, L);
    if (!tails) {
        *value = s;
        *error = 0x1p-52 * rt_abs(s);
        return 1;
    }
    rt_real c = s + rt_expansion_first_order(l, a, alpha, b, beta);
    *value = c;
    *error = RT_EXPANSION_STAGE_C_RESULT * rt_abs(s) + RT_EXPANSION_STAGE_C * perm + 0x1p-53 * rt_abs(c);
    return 1;
}

RT_INLINE int rt_expansion_cross_sign(rt_vec3 A, rt_vec3 B, rt_vec3 L, int k)
{
    rt_real d[3][2], left[4], right[4], value[8];
    int n[3];
    rt_expansion_difference3(B, A, d, n);
    int i = (k + 1) % 3, j = (k + 2) % 3;
    int nl = rt_expansion_scale(n[i], d[i], rt_component(L, j), left);
    int nr = rt_expansion_scale(n[j], d[j], -rt_component(L, i), right);
    return rt_expansion_sign(rt_expansion_sum(nl, left, nr, right, value), value);
}

#endif
