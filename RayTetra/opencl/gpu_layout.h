/* gpu_layout.h: host-side conversions between the suite's arrays and the kernels' buffers for
 * each input layout and output level (gpu_kernel.h); the options themselves are gpu_config.h. */
#ifndef RAYTETRA_GPU_LAYOUT_H
#define RAYTETRA_GPU_LAYOUT_H

#include <stddef.h>

#include "opencl/gpu_config.h"
#include "pairs.h"

/* The pairs as the kernel reads them (gpu_records.h), into `out` (18 x count reals): the file's
 * doubles (V0 V1 V2 V3 P Q), or with single_data 18 floats, V0 V1 V2 V3 P each rounded to float
 * and L = Q - P computed in double and then rounded, exactly the floats a CPU float variant
 * computes on (algorithms_wrap.h); one pair after the other (layout aos), or 18 arrays of `count`
 * (soa, RT_LAYOUT_SOA). Host work before the transfer, outside every timed step. */
void gpu_layout_input(gpu_layout layout, int single_data, const ray_tetra_pair *pairs, size_t count, void *out);

/* The records of a run with result layout soa (gpu_kernel.h, RT_RESULT_SOA: one array of `count`
 * per field) rearranged into the records of the same level as the aos layout has them, so that
 * everything after the read handles one layout. `count` is the launch's: each chunk of a chunked
 * run has its own arrays. Host work after the read, outside the timed steps. */
void gpu_layout_records_aos(gpu_output output, const void *soa, void *records, size_t count);

/* The kernel's records of level `output` as ray_tetra_results: misses complete (faces -1,
 * reals 0); on hits the fields the level does not compute are NaN (faces -1 at level hit). */
void gpu_layout_results(gpu_output output, const void *records, ray_tetra_result *out, size_t count);

/* The records of level `output` from full results (aos, as the kernels write them without
 * RT_RESULT_SOA): what a CPU run writes at a compact level (Bench --output; cpu_records.h). */
void gpu_layout_pack(gpu_output output, const ray_tetra_result *results, void *records, size_t count);

/* The same with the level as an int: a cpu_pack (cpu_records.h), which knows nothing of OpenCL. */
void gpu_layout_pack_level(int level, const ray_tetra_result *results, void *records, size_t count);

/* One full result as a kernel's record of level `output` gives it after the read: `out` is what
 * gpu_layout_pack and then gpu_layout_results make of `full` (itself at level all); `out` may be
 * `full`. What the robust kernel's host-side decision writes, so that a pair decided on the host
 * has the fields of its level, as the CPU run at that level has them. */
void gpu_layout_level(gpu_output output, const ray_tetra_result *full, ray_tetra_result *out);

/* For verification: copy into each hit of `results` the fields its level did not compute from
 * `reference`, so that a comparison checks exactly what the kernel produced (hit/miss always;
 * faces and t at level faces; everything at level all). */
void gpu_layout_fill_missing(gpu_output output, const ray_tetra_result *reference, ray_tetra_result *results,
                             size_t count);

#endif
