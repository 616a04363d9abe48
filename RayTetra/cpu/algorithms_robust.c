/* algorithms_robust.c: stp0r, STP form 0 with exact signs. The filter of rt_robust.h decides
 * each of the six edge signs from the double products; exact_stp_sign() (GMP) decides the rest;
 * thesis Algorithm 1 on the exact signs gives exactly exact_classify()'s faces, ties on
 * degenerate input included. The reals come from the double products, as in form 0.
 * Exact for the line the contract receives: P + t L with L = dir (the file's Q - P when that
 * difference is exact in double, as RandomRayTetra's special classes make it).
 * Also the host-side finishing of its OpenCL kernel (RayTetraSTP0R.cl), stp0r_finish. */
#include "cpu/algorithms_wrap.h"
#include "exact.h"
#include "gpu_kernel.h"
#include "opencl/gpu_handler.h"
#include "rt_robust.h"

/* p_ij = m_j . v_i = det[L, Vj - P, Vi - P]: the exact sign of that determinant. */
static int exact_edge_sign(const vec3 *P, const vec3 *L, const vec3 vert[4], int e)
{
    static const int EDGE_VERTICES[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    return exact_stp_sign(*P, *L, vert[EDGE_VERTICES[e][1]], vert[EDGE_VERTICES[e][0]]);
}

WRAP_ALGORITHM(stp0r)
{
    rt_tetra t = rt_prepare(*orig, *dir, vert[0], vert[1], vert[2], vert[3], 1);
    rt_real p[6];
    rt_signs signs;
    int uncertain = rt_robust_signs(&t, p, &signs);
    if (uncertain == 0) {
        rt_hit h;
        int hit = rt_robust_finish(&t, p, signs, 0, &h); /* a constant: this copy has no sign fix-ups */
        return wrap_export(hit, &h, WRAP_EXPORT_ARGS);
    }
    for (int e = 0; e < 6; ++e)
        if (uncertain & (1 << e))
            rt_signs_set(&signs, e, exact_edge_sign(orig, dir, vert, e));
    rt_hit h;
    int hit = rt_robust_finish(&t, p, signs, 1, &h);
    return wrap_export(hit, &h, WRAP_EXPORT_ARGS);
}

/* The gpu_finish hook of GPU_STP0R (the registry's stp0r row): the kernel flags a pair whose
 * signs its filter could not all decide (a non-zero `uncertain` in its record); stp0r, the same
 * filter with GMP for the rest, decides it here. */
size_t stp0r_finish(const rt_gpu_result *records, const ray_tetra_pair *pairs, ray_tetra_result *results,
                    size_t count)
{
    size_t flagged = 0;
    for (size_t i = 0; i < count; ++i) {
        if (records[i].uncertain == 0)
            continue;
        ++flagged;
        const ray_tetra_pair *p = &pairs[i];
        ray_tetra_result *r = &results[i];
        vec3 dir = pair_direction(p);
        r->hit = stp0r(&p->orig, &dir, p->vert, &r->enter_face, &r->leave_face, &r->enter_point, &r->leave_point,
                       &r->u_enter1, &r->u_enter2, &r->u_leave1, &r->u_leave2, &r->t_enter, &r->t_leave);
    }
    return flagged;
}
