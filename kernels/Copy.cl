/* Copy.cl: the reference for what "memory-bound" can reach on a device: a plain copy of one
 * buffer into another (gpu_bandwidth.c). Every RayTetra kernel reads its 144-byte pair and
 * writes its record once, so the copy's bytes per second are the ceiling their effective
 * bandwidth is compared with. 16-byte elements (double2) are what the RayTetra kernels' double
 * loads can at best be merged into; one element per work-item, consecutive work-items on
 * consecutive elements, as a coalescing GPU wants. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void rt_copy(__global const double2 *in, __global double2 *out, const ulong count)
{
    size_t i = get_global_id(0);
    if (i < count)
        out[i] = in[i];
}
