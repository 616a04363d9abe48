/* algorithms_wrap.h: the glue between the contract of SPEC section 3 (double in, double out)
 * and the algorithm bodies of rt_algorithms.h and rt_baseline.h, in the precision of the
 * translation unit that includes it (RT_SINGLE for float). A float wrapper rounds its inputs
 * to float, runs the float body and widens the results: so every algorithm exists in both
 * precisions from one source. Private to the algorithms_*.c files. */
#ifndef RAYTETRA_ALGORITHMS_WRAP_H
#define RAYTETRA_ALGORITHMS_WRAP_H

#include "algorithms.h"
#include "rt_baseline.h"

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

/* A Plücker or STP form (stp 0/1, form 0/1/2) with the contract. */
#define WRAP_PT_ALGORITHM(name, stp, form)                                                                        \
    RAY_TETRA_ALGORITHM(name)                                                                                     \
    {                                                                                                             \
        rt_hit h;                                                                                                 \
        int hit = rt_intersect(wrap_in(*orig), wrap_in(*dir), wrap_in(vert[0]), wrap_in(vert[1]),                \
                               wrap_in(vert[2]), wrap_in(vert[3]), stp, form, &h);                               \
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);                                                            \
    }

/* Haines (variant 0) or Möller-Trumbore variant 1, 2, 3 with the contract. */
#define WRAP_BASELINE_ALGORITHM(name, variant)                                                                    \
    RAY_TETRA_ALGORITHM(name)                                                                                     \
    {                                                                                                             \
        rt_vec3 v[4] = {wrap_in(vert[0]), wrap_in(vert[1]), wrap_in(vert[2]), wrap_in(vert[3])};                  \
        rt_hit h;                                                                                                 \
        int hit = (variant) == 0 ? rt_haines(wrap_in(*orig), wrap_in(*dir), v, &h)                                \
                                 : rt_moller(wrap_in(*orig), wrap_in(*dir), v, variant, &h);                      \
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);                                                            \
    }

#endif
