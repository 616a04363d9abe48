/* RayTetraSTP0R.cl: the OpenCL kernel of the robust STP form 0 (GPU_STP0R; the CPU's stp0r).
 * Each work-item evaluates the six edge products in double, from L = fl(Q - P) as the CPU does,
 * and the error filter of kernels/shared/rt_robust.h, whose bound covers the rounding of L: a
 * sign it decides is the sign for the line through the file's P and Q. A pair whose six signs
 * the filter decides is finished here, thesis Algorithm 1 on those signs, exactly as
 * exact_classify() would. A pair with an uncertain sign (exact zeros included: every degenerate
 * line) is only flagged, at every output level (rt_gpu_store_uncertain, gpu_kernel.h): the full
 * record holds the set of uncertain edges in `uncertain`, a compact record (faces, hit) the hit
 * value RT_GPU_HIT_UNCERTAIN (gpu_records.h). The host decides the pair after the read with
 * stp0r_pair (stp0r_finish, the row's finishing hook in RayTetra/cpu/algorithms_robust.c): exact
 * orientations of the input points P, Q and the vertices (GMP), and writes the decision in the
 * level's fields. GMP has no place on a GPU, and such pairs are rare in generic data. */
#include "gpu_kernel.h"
#include "rt_robust.h"

/* pairs: count x 18 doubles (V0 V1 V2 V3 P Q); results: count records of the output level. Grid
 * stride as rt_gpu_run_pair (gpu_kernel.h). */
__kernel void ray_tetra_stp0r(__global const double *pairs, __global ray_tetra_result *results, const ulong count)
{
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        rt_vec3 P = rt_gpu_point(pairs, i, count, 4);
        rt_vec3 L = rt_gpu_direction(pairs, i, count);
        rt_tetra t = rt_prepare(P, L, rt_gpu_point(pairs, i, count, 0), rt_gpu_point(pairs, i, count, 1),
                                rt_gpu_point(pairs, i, count, 2), rt_gpu_point(pairs, i, count, 3), 1);
        rt_real p[6];
        rt_signs signs;
        int uncertain = rt_robust_signs(&t, p, &signs);
        if (uncertain != 0) {
            rt_gpu_store_uncertain(results, i, count, uncertain);
            continue;
        }
        rt_hit hit;
        /* adjust = 0: every sign here was read off these very products. */
        int is_hit = rt_robust_finish(&t, p, signs, 0, &hit) != 0;
        rt_gpu_store(results, i, count, is_hit, &hit);
    }
}
