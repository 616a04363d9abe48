/* algorithms_robust.c: stp0r, STP form 0 with exact signs. The filter of rt_robust.h decides
 * each of the six edge signs from the double products; the exact predicates of Common/exact.h
 * decide the rest; thesis Algorithm 1 on the exact signs gives exactly exact_classify()'s faces,
 * ties on degenerate input included. The reals come from the double products, as in form 0,
 * except on pairs with an uncertain sign: there all six products are computed exactly (GMP) and
 * rounded to double, so that a line within rounding of an edge or a face's plane, whose double
 * products are all rounding error, still gets points as accurate as double allows.
 *
 * Which line is decided: the batch entry point (what every program runs) and stp0r_pair decide
 * the line through the pair's P and Q as stored, whatever Q - P rounds to: the filter's bound
 * covers the rounding of L = fl(Q - P), and an uncertain sign is the orientation of four input
 * points, exact_orient(P, Q, Vj, Vi), with no rounded difference in it. The one-pair contract
 * function receives P and a direction, not Q: it decides the line P + t dir for that direction
 * exactly as given (exact_stp_sign). stp0r_finish is the host-side finishing of the OpenCL
 * kernel (RayTetraSTP0R.cl): the registry's hook for GPU_STP0R. */
#include "cpu/algorithms_robust.h"

#include "cpu/algorithms_wrap.h"
#include "exact.h"
#include "gpu_kernel.h"
#include "opencl/gpu_handler.h"
#include "opencl/gpu_layout.h"
#include "rt_robust.h"

/* The slow path of a pair with a sign the filter left uncertain: every product exactly, its
 * sign and its value rounded toward zero: p_ij = det[Q - P, Vj - P, Vi - P] = orient(P, Q, Vj,
 * Vi) when Q is given, else det[L, Vj - P, Vi - P] for the direction L as given. Out of line:
 * rare on generic data, and GMP's code has no place in the hot loop. */
static __attribute__((noinline)) void decide_exactly(const vec3 *P, const vec3 *Q, const vec3 *L, const vec3 *vert,
                                                     rt_real p[6], rt_signs *signs)
{
    signs->positive = signs->negative = 0;
    for (int e = 0; e < 6; ++e) {
        vec3 Vi = vert[rt_edge_vertices[e][0]], Vj = vert[rt_edge_vertices[e][1]];
        double value;
        int sign = Q ? exact_orient_value(*P, *Q, Vj, Vi, &value) : exact_stp_value(*P, *L, Vj, Vi, &value);
        p[e] = value;
        rt_signs_set(signs, e, sign);
    }
}

/* A point of the slow path that overflowed (the differences V - P of coordinates near the
 * largest double do), recomputed from the face's vertices themselves, u0 V_a + u1 V_b + u2 V_c:
 * a convex combination of input points, finite; saturated should even that round up. */
static void absolute_point(const vec3 *vert, int f, rt_real u1, rt_real u2, rt_vec3 *point)
{
    if (rt_finite_probe(point->x) + rt_finite_probe(point->y) + rt_finite_probe(point->z) == 0)
        return;
    rt_real u0 = 1 - u1 - u2;
    *point = rt_saturate3(rt_add(rt_add(rt_scale(rt_baseline_face_vertex(vert, f, 0), u0),
                                        rt_scale(rt_baseline_face_vertex(vert, f, 1), u1)),
                                 rt_scale(rt_baseline_face_vertex(vert, f, 2), u2)));
}

/* The result record of a hit or miss (every field the contract writes). */
static inline __attribute__((always_inline)) void export_record(int hit, const rt_hit *h, ray_tetra_result *r)
{
    r->hit = wrap_export(hit, h, &r->enter_face, &r->leave_face, &r->enter_point, &r->leave_point, &r->u_enter1,
                         &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter, &r->t_leave);
}

/* The slow path, on its own: its arrays and records live here, so that the fast path's stay in
 * registers. */
static __attribute__((noinline)) void robust_slow(const vec3 *P, const vec3 *Q, const vec3 *L, const vec3 *vert,
                                                  ray_tetra_result *r)
{
    rt_tetra t = rt_prepare(*P, *L, vert[0], vert[1], vert[2], vert[3], 1);
    rt_real p[6];
    rt_signs signs;
    decide_exactly(P, Q, L, vert, p, &signs);
    rt_hit h;
    int hit = rt_robust_finish(&t, p, signs, 1, &h);
    if (hit) {
        absolute_point(vert, h.enter_face, h.u_enter1, h.u_enter2, &h.enter_point);
        absolute_point(vert, h.leave_face, h.u_leave1, h.u_leave2, &h.leave_point);
    }
    export_record(hit, &h, r);
}

/* The whole algorithm into *r: L is fl(Q - P) when Q is given, else the exact direction. */
static inline __attribute__((always_inline)) void robust_body(const vec3 *P, const vec3 *Q, const vec3 *L,
                                                               const vec3 *vert, ray_tetra_result *r)
{
    rt_tetra t = rt_prepare(*P, *L, vert[0], vert[1], vert[2], vert[3], 1);
    rt_real p[6];
    rt_signs signs;
    if (rt_robust_signs(&t, p, &signs) != 0) {
        robust_slow(P, Q, L, vert, r);
        return;
    }
    rt_hit h;
    int hit = rt_robust_finish(&t, p, signs, 0, &h); /* a constant: this copy has no sign fix-ups */
    export_record(hit, &h, r);
}

RAY_TETRA_ALGORITHM(stp0r)
{
    ray_tetra_result r;
    robust_body(orig, NULL, dir, vert, &r);
    *enterFace = r.enter_face;
    *leaveFace = r.leave_face;
    if (!r.hit)
        return false; /* the contract leaves the reals of a miss untouched */
    *enterPoint = r.enter_point;
    *leavePoint = r.leave_point;
    *uEnter1 = r.u_enter1;
    *uEnter2 = r.u_enter2;
    *uLeave1 = r.u_leave1;
    *uLeave2 = r.u_leave2;
    *tEnter = r.t_enter;
    *tLeave = r.t_leave;
    return true;
}

static inline __attribute__((always_inline)) void pair_body(const ray_tetra_pair *p, ray_tetra_result *r)
{
    vec3 L = pair_direction(p);
    robust_body(&p->orig, &p->far, &L, p->vert, r);
}

void stp0r_pair(const ray_tetra_pair *pair, ray_tetra_result *result) { pair_body(pair, result); }

WRAP_SCALAR_CLONES RAY_TETRA_BATCH(stp0r)
{
    for (size_t i = 0; i < count; ++i)
        pair_body(&pairs[i], &results[i]);
}

/* Whether the robust kernel left pair i of its records of level `output` to the host: a non-zero
 * set of uncertain edges in the full record, the hit value RT_GPU_HIT_UNCERTAIN in a compact one
 * (gpu_records.h). */
static int flagged_for_host(gpu_output output, const void *records, size_t i)
{
    if (output == GPU_OUTPUT_HIT)
        return ((const unsigned char *)records)[i] == RT_GPU_HIT_UNCERTAIN;
    if (output == GPU_OUTPUT_FACES)
        return ((const rt_gpu_result_faces *)records)[i].hit == RT_GPU_HIT_UNCERTAIN;
    return ((const ray_tetra_result *)records)[i].uncertain != 0;
}

/* The gpu_finish hook of GPU_STP0R (the registry's stp0r row): the kernel flags a pair whose
 * signs its filter could not all decide; stp0r, the same filter with GMP for the rest, decides it
 * here, and the level's fields of that decision replace the flagged record's. */
size_t stp0r_finish(gpu_output output, const void *records, const ray_tetra_pair *pairs, ray_tetra_result *results,
                    size_t count)
{
    size_t flagged = 0;
    for (size_t i = 0; i < count; ++i) {
        if (!flagged_for_host(output, records, i))
            continue;
        ++flagged;
        /* The line through the pair's P and Q, exactly: not the one-pair contract, which sees only
         * P and the rounded direction. */
        ray_tetra_result exact = {0};
        stp0r_pair(&pairs[i], &exact);
        gpu_layout_level(output, &exact, &results[i]);
    }
    return flagged;
}
