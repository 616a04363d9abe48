/* algorithms_wrap.h: the glue between the contract of docs/SPECIFICATION.md section 3 (double in, double out)
 * and the algorithm bodies of rt_algorithms.h and rt_baseline.h, in the precision of the
 * translation unit that includes it (RT_SINGLE for float). A float wrapper rounds its inputs
 * to float, runs the float body and widens the results: so every algorithm exists in both
 * precisions from one source, which the Makefile compiles twice (algorithms_pt.c and
 * algorithms_baseline.c; the float object with -DRT_SINGLE, its names suffixed "f" by
 * WRAP_NAME). Private to the algorithms_*.c files. */
#ifndef RAYTETRA_ALGORITHMS_WRAP_H
#define RAYTETRA_ALGORITHMS_WRAP_H

#include "cpu/algorithms.h"
#include "rt_baseline.h"

/* The name of algorithm `name` in this translation unit's precision: name, or name + "f". */
#ifdef RT_SINGLE
#define WRAP_NAME(name) name##f
#else
#define WRAP_NAME(name) name
#endif

static inline rt_vec3 wrap_in(vec3 v) { return rt_v((rt_real)v.x, (rt_real)v.y, (rt_real)v.z); }

static inline vec3 wrap_out(rt_vec3 v)
{
    vec3 r = {(double)v.x, (double)v.y, (double)v.z};
    return r;
}

static inline bool wrap_export(int hit, const rt_hit *h, int *enterFace, int *leaveFace, vec3 *enterPoint,
                               vec3 *leavePoint, double *uEnter1, double *uEnter2, double *uLeave1, double *uLeave2,
                               double *tEnter, double *tLeave)
{
    *enterFace = h->enter_face;
    *leaveFace = h->leave_face;
    if (!hit)
        return false;
    *enterPoint = wrap_out(h->enter_point);
    *leavePoint = wrap_out(h->leave_point);
    *uEnter1 = h->u_enter1;
    *uEnter2 = h->u_enter2;
    *uLeave1 = h->u_leave1;
    *uLeave2 = h->u_leave2;
    *tEnter = h->t_enter;
    *tLeave = h->t_leave;
    return true;
}

/* Arguments of the contract, for the bodies below. */
#define WRAP_EXPORT_ARGS                                                                                          \
    enterFace, leaveFace, enterPoint, leavePoint, uEnter1, uEnter2, uLeave1, uLeave2, tEnter, tLeave

/* On x86-64 with gcc (clang from 16), WRAP_CLONES(...) compiles a function once for each
 * instruction set named (target_clones), and the loader picks the best the CPU has. (clang
 * before 16 names the dispatcher so that other files cannot call it: no clones there.) */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) && (!defined(__clang__) || __clang_major__ >= 16)
#define WRAP_CLONES(...) __attribute__((target_clones(__VA_ARGS__)))
#else
#define WRAP_CLONES(...)
#endif

/* Every scalar batch loop, for the baseline and for x86-64-v4. AVX-512's encoding gives the
 * scalar code 32 SSE registers instead of 16: the vertices' 12 coordinates and the line's 6 then
 * fit beside the products, where with 16 gcc spills a dozen of them a pair to the stack (AVX2's
 * x86-64-v3 alone gave nothing: docs/PERFORMANCE.md, "What does not help"). The arithmetic is the same
 * operation for operation (the build contracts no multiply-add), so every result is too. */
#define WRAP_SCALAR_CLONES WRAP_CLONES("default", "arch=x86-64-v4")

/* The batch entry point of `name`: a plain loop over pairs whose body, name##_body (always
 * inlined), is the algorithm itself, so no call is left per pair. */
#define WRAP_BATCH(name)                                                                                          \
    WRAP_SCALAR_CLONES RAY_TETRA_BATCH(name)                                                                      \
    {                                                                                                             \
        for (size_t i = 0; i < count; ++i) {                                                                      \
            const ray_tetra_pair *p = &pairs[i];                                                                  \
            ray_tetra_result *r = &results[i];                                                                    \
            vec3 dir = pair_direction(p);                                                                         \
            r->hit = name##_body(&p->orig, &dir, p->vert, &r->enter_face, &r->leave_face, &r->enter_point,        \
                                 &r->leave_point, &r->u_enter1, &r->u_enter2, &r->u_leave1, &r->u_leave2,         \
                                 &r->t_enter, &r->t_leave);                                                       \
        }                                                                                                         \
    }

/* The contract function and the batch loop of `name`, from the body that follows the macro:
 * WRAP_ALGORITHM(name) { ...; return wrap_export(...); } */
#define WRAP_ALGORITHM(name)                                                                                      \
    static inline __attribute__((always_inline)) RAY_TETRA_ALGORITHM(name##_body);                                \
    RAY_TETRA_ALGORITHM(name) { return name##_body(orig, dir, vert, WRAP_EXPORT_ARGS); }                          \
    WRAP_BATCH(name)                                                                                              \
    static inline __attribute__((always_inline)) RAY_TETRA_ALGORITHM(name##_body)

/* A Plücker or STP form (stp 0/1, form n of rt_intersect) with the contract, named
 * WRAP_NAME(name). (The extra level expands WRAP_NAME before WRAP_ALGORITHM pastes the name.) */
/* The Plücker and STP forms of rt_algorithms.h, X(name, stp, form) for each: algorithms_pt.c
 * wraps them as they are, algorithms_precomputed.c as their precomputed forms (name + "p").
 * A new form is one more X here (docs/ARCHITECTURE.md, "Adding an algorithm"). */
#define WRAP_PT_FORMS(X)                                                                                          \
    X(pluecker0, 0, 0) X(pluecker1, 0, 1) X(pluecker2, 0, 2) X(stp0, 1, 0) X(stp1, 1, 1) X(stp2, 1, 2)

#define WRAP_PT_ALGORITHM(name, stp, form) WRAP_PT_ALGORITHM_NAMED(WRAP_NAME(name), stp, form)
#define WRAP_PT_ALGORITHM_NAMED(name, stp, form)                                                                  \
    WRAP_ALGORITHM(name)                                                                                          \
    {                                                                                                             \
        rt_hit h;                                                                                                 \
        int hit = rt_intersect(wrap_in(*orig), wrap_in(*dir), wrap_in(vert[0]), wrap_in(vert[1]),                \
                               wrap_in(vert[2]), wrap_in(vert[3]), stp, form, &h);                               \
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);                                                            \
    }

/* A test on the array of the four vertices chosen by number, test(P, L, vert, number, &hit)
 * (rt_baseline_test, rt_field_test), with the contract, named `name`. */
#define WRAP_NUMBERED_TEST_ALGORITHM_NAMED(name, test, number)                                                    \
    WRAP_ALGORITHM(name)                                                                                          \
    {                                                                                                             \
        rt_vec3 v[4] = {wrap_in(vert[0]), wrap_in(vert[1]), wrap_in(vert[2]), wrap_in(vert[3])};                  \
        rt_hit h;                                                                                                 \
        int hit = test(wrap_in(*orig), wrap_in(*dir), v, number, &h);                                             \
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);                                                            \
    }

/* Haines (variant 0) or Möller-Trumbore variant 1, 2, 3 with the contract, named WRAP_NAME(name). */
#define WRAP_BASELINE_ALGORITHM(name, variant)                                                                    \
    WRAP_NUMBERED_TEST_ALGORITHM_NAMED(WRAP_NAME(name), rt_baseline_test, variant)

#endif
