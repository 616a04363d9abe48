/* RayTetraField.cl: the OpenCL kernel of the field's ray-triangle tests on the tetrahedron's
 * faces (kernels/shared/rt_field.h, docs/ALGORITHMS.md), chosen when it is built: -DRT_FIELD=1
 * (Badouel) or 2 (Havel-Herout), and the kernel's name -DRT_KERNEL_NAME, the build options of
 * the registry's rows (RayTetra/registry/registry.c). One work-item per pair (grid stride), the CPU's
 * body, and every layout, output and extent option of gpu_kernel.h; -DRT_SINGLE for the float
 * builds. */
#include "gpu_kernel.h"
#include "rt_field.h"

#if !defined(RT_FIELD) || !defined(RT_KERNEL_NAME)
#error "RayTetraField.cl needs -DRT_FIELD=1|2 and -DRT_KERNEL_NAME (the build options of its registry row)"
#endif

/* pairs: count x 18 reals (V0 V1 V2 V3 P Q in double; V0 V1 V2 V3 P L in float with
 * -DRT_SINGLE_DATA); results: count records (gpu_records.h). */
__kernel void RT_KERNEL_NAME(__global const rt_gpu_real *pairs, __global rt_gpu_record *results, const ulong count)
{
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        rt_vec3 vert[4];
        for (int k = 0; k < 4; ++k)
            vert[k] = rt_gpu_point(pairs, i, count, k);
        rt_vec3 P = rt_gpu_point(pairs, i, count, 4), L = rt_gpu_direction(pairs, i, count);
        rt_hit hit;
        int is_hit = rt_field_test(P, L, vert, RT_FIELD, &hit) != 0;
        rt_gpu_store_extent(results, i, is_hit, &hit, pairs, count);
    }
}
