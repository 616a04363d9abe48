/* RayTetraForm.cl: the OpenCL kernel of every Plücker and STP form of rt_intersect()
 * (kernels/shared/rt_algorithms.h), chosen when it is built: -DRT_STP=0 (Plücker) or 1 (STP),
 * -DRT_FORM=n, and the kernel's name -DRT_KERNEL_NAME (default ray_tetra_form). The thesis'
 * kernels (ray_tetra_segura0, ray_tetra_stp0, ray_tetra_stp1, ray_tetra_stp2) and any later
 * form are this file with a registry row's options (RayTetra/registry/registry.c), so that a form needs
 * no kernel file of its own. One work-item per ray/tetrahedron pair, double precision
 * (docs/SPECIFICATION.md section 6), or float built with -DRT_SINGLE (the GPU_*F algorithms);
 * buffer layouts, output options and the per-pair body are in kernels/shared/gpu_kernel.h. The
 * host inlines quoted includes before building (gpu_source.c), so the build needs no -I option. */
#include "gpu_kernel.h"

#if !defined(RT_STP) || !defined(RT_FORM)
#error "RayTetraForm.cl needs -DRT_STP=0|1 and -DRT_FORM=n (the build options of its registry row)"
#endif
#ifndef RT_KERNEL_NAME
#define RT_KERNEL_NAME ray_tetra_form
#endif

/* pairs: count x 18 reals (V0 V1 V2 V3 P Q in double; V0 V1 V2 V3 P L in float with
 * -DRT_SINGLE_DATA); results: count records (gpu_records.h). The global size may exceed count:
 * it is padded to a multiple of the local size. */
__kernel void RT_KERNEL_NAME(__global const rt_gpu_real *pairs, __global rt_gpu_record *results, const ulong count)
{
    rt_gpu_run_pair(pairs, results, count, RT_STP, RT_FORM);
}
