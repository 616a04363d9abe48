/* RayTetraPrecomputed.cl: the OpenCL kernels of the precomputed Plücker and STP forms
 * (kernels/shared/rt_precomputed.h, docs/ALGORITHMS.md), chosen when built: -DRT_STP=0 (Plücker)
 * or 1 (STP) and -DRT_FORM=n, the build options of the registry's row (RayTetra/registry/registry.c).
 * Two kernels: ray_tetra_precompute fills the tables, the tetrahedron's part of every edge
 * product, on the device, once; ray_tetra_precomputed, the timed one, runs form n on each line
 * with its pair's table. Both are the CPU's code (rt_precomputed.h, through gpu_kernel.h).
 * Built like every kernel: -DRT_SINGLE for float (the tables in float too), -DRT_SINGLE_DATA for
 * the float builds' single-precision buffers (--float-data single: pairs and records in float,
 * as every float kernel's; the tables are float either way), and the layout, output and extent
 * options of gpu_kernel.h. */
#include "gpu_kernel.h"

#if !defined(RT_STP) || !defined(RT_FORM)
#error "RayTetraPrecomputed.cl needs -DRT_STP=0|1 and -DRT_FORM=n (the build options of its registry row)"
#endif

/* pairs: count x 18 reals (V0 V1 V2 V3 P Q in double; V0 V1 V2 V3 P L in float with
 * -DRT_SINGLE_DATA); tables: count x RT_GPU_TABLE_REALS(RT_STP) reals of the build's precision. */
__kernel void ray_tetra_precompute(__global const rt_gpu_real *pairs, __global rt_real *tables, const ulong count)
{
    rt_gpu_precompute_tables(pairs, tables, count, RT_STP);
}

/* results: count records (gpu_records.h); tables as ray_tetra_precompute left them. The global
 * size may exceed count: it is padded to a multiple of the local size. */
__kernel void ray_tetra_precomputed(__global const rt_gpu_real *pairs, __global rt_gpu_record *results,
                                    const ulong count, __global const rt_real *tables)
{
    rt_gpu_run_pairs(pairs, results, count, tables, RT_STP, RT_FORM);
}
