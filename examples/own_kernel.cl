/* own_kernel.cl: a user's own OpenCL kernel built on the headers libraytetra installs for kernels
 * (PREFIX/share/raytetra/kernels/shared, `pkg-config --variable=kernel_includedir raytetra`,
 * passed to the build as -I): the same rt_intersect the library's kernels and CPU code run.
 * For each pair it writes the length of the line's chord through the tetrahedron (0 on a miss)
 * and the face the line enters by (-1 on a miss). */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* No fused multiply-add, as in the library: the same roundings, hence the same faces. */
#pragma OPENCL FP_CONTRACT OFF

#include "rt_algorithms.h"

/* pairs: count x 18 doubles, V0 V1 V2 V3 P Q (raytetra_pair). */
__kernel void chord_length(__global const double *pairs, __global double *lengths, __global int *enter_faces,
                           const ulong count)
{
    size_t i = get_global_id(0);
    if (i >= count)
        return;
    __global const double *p = pairs + 18 * i;
    rt_vec3 V0 = rt_v(p[0], p[1], p[2]), V1 = rt_v(p[3], p[4], p[5]), V2 = rt_v(p[6], p[7], p[8]),
            V3 = rt_v(p[9], p[10], p[11]), P = rt_v(p[12], p[13], p[14]), Q = rt_v(p[15], p[16], p[17]);
    rt_vec3 L = rt_sub(Q, P);
    rt_hit hit;
    /* STP (1), form 0: the positively oriented tetrahedron is the caller's to ensure here. */
    int is_hit = rt_intersect(P, L, V0, V1, V2, V3, 1, 0, &hit);
    lengths[i] = is_hit ? (hit.t_leave - hit.t_enter) * sqrt(rt_dot(L, L)) : 0.0;
    enter_faces[i] = is_hit ? hit.enter_face : -1;
}
