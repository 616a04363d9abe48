/* RayTetraSegura0.cl: the OpenCL kernel of Plücker form 0 ("Segura0": thesis Algorithm 1).
 * One work-item per ray/tetrahedron pair, double precision (docs/SPECIFICATION.md section 6), or float built
 * with -DRT_SINGLE (the GPU_*F algorithms). The algorithm is
 * rt_intersect() of kernels/shared/rt_algorithms.h, the very code the CPU runs; buffer layouts and
 * the per-pair body are in kernels/shared/gpu_kernel.h. The host inlines quoted includes before
 * building (gpu_source.c), so the build needs no -I option. */
#include "gpu_kernel.h"

/* pairs: count x 18 reals (V0 V1 V2 V3 P Q in double; V0 V1 V2 V3 P L in float with
 * -DRT_SINGLE_DATA); results: count records (gpu_records.h). The global size may exceed count:
 * it is padded to a multiple of the local size. */
__kernel void ray_tetra_segura0(__global const rt_gpu_real *pairs, __global rt_gpu_record *results, const ulong count)
{
    rt_gpu_run_pair(pairs, results, count, 0, 0);
}
