/* Copy.cl: the reference for what "memory-bound" can reach on a device: a plain copy of one
 * buffer into another (gpu_bandwidth.c). Every RayTetra kernel reads its pair and writes its
 * record once, so the copy's bytes per second are the ceiling their effective bandwidth is
 * compared with. 16-byte elements (uint4, the width of a double2 or float4) are what the
 * RayTetra kernels' loads can at best be merged into; one element per work-item, consecutive
 * work-items on consecutive elements, as a coalescing GPU wants. Integers, so that the copy
 * needs no cl_khr_fp64 (the single-data float kernels run without it) and moves every bit. */
__kernel void rt_copy(__global const uint4 *in, __global uint4 *out, const ulong count)
{
    size_t i = get_global_id(0);
    if (i < count)
        out[i] = in[i];
}
