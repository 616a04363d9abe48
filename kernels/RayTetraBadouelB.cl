/* RayTetraBadouelB.cl: the OpenCL kernels of the branch-free Badouel (kernels/shared/
 * rt_badouelb.h, docs/ALGORITHMS.md), as the precomputed forms' (RayTetraPrecomputed.cl): the
 * plane tables are made on the device by ray_tetra_badouelb_tables, then ray_tetra_badouelb, the
 * timed one, runs each line on its pair's table. Both are the CPU's code. Built like every
 * kernel: -DRT_SINGLE for float (the tables in float: 64 bytes a tetrahedron), -DRT_SINGLE_DATA,
 * and the layout, output and extent options of gpu_kernel.h. */
#include "gpu_kernel.h"
#include "rt_badouelb.h"

/* pairs as every kernel's; tables: count x RT_TABLE_BADOUELB reals of the build's precision. */
__kernel void ray_tetra_badouelb_tables(__global const rt_gpu_real *pairs, __global rt_real *tables, const ulong count)
{
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        rt_real table[RT_TABLE_BADOUELB];
        rt_badouelb_precompute(rt_gpu_point(pairs, i, count, 0), rt_gpu_point(pairs, i, count, 1),
                               rt_gpu_point(pairs, i, count, 2), rt_gpu_point(pairs, i, count, 3), table);
        for (int k = 0; k < RT_TABLE_BADOUELB; ++k)
            tables[i * RT_TABLE_BADOUELB + k] = table[k];
    }
}

/* results: count records (gpu_records.h); tables as ray_tetra_badouelb_tables left them. */
__kernel void ray_tetra_badouelb(__global const rt_gpu_real *pairs, __global rt_gpu_record *results,
                                 const ulong count, __global const rt_real *tables)
{
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        rt_hit hit;
        rt_real faces[2];
        int is_hit = rt_badouelb_lines(rt_gpu_point(pairs, i, count, 4), rt_gpu_direction(pairs, i, count),
                                       tables + i * RT_TABLE_BADOUELB, &hit, faces) != 0;
        rt_gpu_store_extent(results, i, is_hit, &hit, pairs, count);
    }
}
