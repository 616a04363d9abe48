/* RayTetraForm.cl: the OpenCL kernel of any Plücker or STP form of rt_intersect()
 * (kernels/shared/rt_algorithms.h), chosen when it is built: -DRT_STP=0 (Plücker) or 1 (STP)
 * and -DRT_FORM=n. A registry row names this file, the function ray_tetra_form and those
 * options (RayTetra/registry.c), so that a new form needs no kernel file of its own; the
 * thesis' kernel files (RayTetraSegura0.cl, RayTetraSTP0.cl, ...) stay as they are. Built like
 * them: -DRT_SINGLE for float, and the layout and output options of gpu_kernel.h. */
#include "gpu_kernel.h"

#if !defined(RT_STP) || !defined(RT_FORM)
#error "RayTetraForm.cl needs -DRT_STP=0|1 and -DRT_FORM=n (the build options of its registry row)"
#endif

/* pairs: count x 18 reals (V0 V1 V2 V3 P Q in double; V0 V1 V2 V3 P L in float with
 * -DRT_SINGLE_DATA); results: count records (gpu_records.h). The global size may exceed count:
 * it is padded to a multiple of the local size. */
__kernel void ray_tetra_form(__global const rt_gpu_real *pairs, __global rt_gpu_record *results, const ulong count)
{
    rt_gpu_run_pair(pairs, results, count, RT_STP, RT_FORM);
}
