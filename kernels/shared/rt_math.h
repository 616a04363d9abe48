/* rt_math.h: vector, Plücker and scalar-triple-product arithmetic shared by the CPU
 * algorithms and the OpenCL kernels (this header is valid C11 and OpenCL C 1.2).
 *
 * Precision is chosen per translation unit: define RT_SINGLE before including it for
 * float arithmetic; otherwise rt_real is double and rt_vec3 is the public vec3. */
#ifndef RAYTETRA_RT_MATH_H
#define RAYTETRA_RT_MATH_H

/* Everything is inlined into each algorithm so that face and edge numbers, constants at every
 * call, fold away (the branches on them would otherwise dominate the run time). */
#ifdef __OPENCL_C_VERSION__
#define RT_INLINE static inline __attribute__((always_inline))
#else
#define RT_INLINE static inline __attribute__((always_inline))
#endif

#ifdef RT_SINGLE
typedef float rt_real;
typedef struct rt_vec3f {
    float x, y, z;
} rt_vec3;
#else
#include "vec3.h"
typedef double rt_real;
typedef vec3 rt_vec3;
#endif

RT_INLINE rt_vec3 rt_v(rt_real x, rt_real y, rt_real z)
{
    rt_vec3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}

RT_INLINE rt_vec3 rt_add(rt_vec3 a, rt_vec3 b) { return rt_v(a.x + b.x, a.y + b.y, a.z + b.z); }
RT_INLINE rt_vec3 rt_sub(rt_vec3 a, rt_vec3 b) { return rt_v(a.x - b.x, a.y - b.y, a.z - b.z); }
RT_INLINE rt_vec3 rt_scale(rt_vec3 a, rt_real s) { return rt_v(a.x * s, a.y * s, a.z * s); }
RT_INLINE rt_real rt_dot(rt_vec3 a, rt_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

RT_INLINE rt_vec3 rt_cross(rt_vec3 a, rt_vec3 b)
{
    return rt_v(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/* Plücker coordinates {U : V} of the directed line through A with direction U:
 * pi = {U : U x A} (docs/SPECIFICATION.md section 2). */
typedef struct rt_pluecker {
    rt_vec3 u, v;
} rt_pluecker;

RT_INLINE rt_pluecker rt_pluecker_line(rt_vec3 point, rt_vec3 direction)
{
    rt_pluecker p;
    p.u = direction;
    p.v = rt_cross(direction, point);
    return p;
}

/* The directed edge A -> B as a Plücker line. */
RT_INLINE rt_pluecker rt_pluecker_edge(rt_vec3 a, rt_vec3 b) { return rt_pluecker_line(a, rt_sub(b, a)); }

/* Permuted inner product pi_r (.) pi_s = U_r . V_s + U_s . V_r. */
RT_INLINE rt_real rt_permuted(rt_pluecker r, rt_pluecker s) { return rt_dot(r.u, s.v) + rt_dot(s.u, r.v); }

/* A branch-free absolute value (a comparison and a select cost several times more). */
#if defined(__OPENCL_C_VERSION__)
RT_INLINE rt_real rt_abs(rt_real x) { return fabs(x); }
#elif defined(RT_SINGLE)
RT_INLINE rt_real rt_abs(rt_real x) { return __builtin_fabsf(x); }
#else
RT_INLINE rt_real rt_abs(rt_real x) { return __builtin_fabs(x); }
#endif

/* c ? a : b. GPUs select natively. On the CPU gcc compiles a select of doubles into a branch,
 * which mispredicts where c is random, as a line's major axis is: so the double's bits are
 * picked by a mask there. Either way the value is a or b, bit for bit. (Not for form 0's SIMD
 * loops: gcc 12 does not vectorise it; rt_major_component keeps the plain select.) */
#if defined(__OPENCL_C_VERSION__) || defined(RT_SINGLE)
RT_INLINE rt_real rt_select(int c, rt_real a, rt_real b) { return c ? a : b; }
#else
RT_INLINE rt_real rt_select(int c, rt_real a, rt_real b)
{
    unsigned long long ba, bb, m = -(unsigned long long)(c != 0);
    __builtin_memcpy(&ba, &a, sizeof ba);
    __builtin_memcpy(&bb, &b, sizeof bb);
    ba = bb ^ ((ba ^ bb) & m);
    __builtin_memcpy(&a, &ba, sizeof a);
    return a;
}
#endif

/* The axis where d is largest in magnitude, x before y before z on ties: x if *x_major, else y
 * if *y_major, else z. t is solved along it. */
RT_INLINE void rt_major_axis(rt_vec3 d, int *x_major, int *y_major)
{
    /* |-0| is +0 where d < 0 ? -d : d gave -0; they compare equal, so the axis is the same. */
    rt_real ax = rt_abs(d.x);
    rt_real ay = rt_abs(d.y);
    rt_real az = rt_abs(d.z);
    *x_major = (ax >= ay) & (ax >= az);
    *y_major = ay >= az;
}

/* The component of v along d's major axis. Selects on reals only, so that it runs in SIMD lanes. */
RT_INLINE rt_real rt_major_component(rt_vec3 v, rt_vec3 d)
{
    int x_major, y_major;
    rt_major_axis(d, &x_major, &y_major);
    return x_major ? v.x : (y_major ? v.y : v.z);
}

/* The component of v along the axis rt_major_axis gave, picked by rt_select (bit masks on the
 * CPU, where the axis is known once for several components). */
RT_INLINE rt_real rt_axis_select(rt_vec3 v, int x_major, int y_major)
{
    return rt_select(x_major, v.x, rt_select(y_major, v.y, v.z));
}

#endif
