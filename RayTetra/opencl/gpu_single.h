/* gpu_single.h: the records of the single-data float kernels (--float-data single,
 * gpu_records.h) made into the double records everything after the read handles: host work
 * after the read, outside every timed step, so that RayTetra's files, Bench's verification and
 * the library see a float kernel's results as ray_tetra_result, whatever its buffers were. (The
 * pairs' side, rounding them to float, is gpu_layout_input.) */
#ifndef RAYTETRA_GPU_SINGLE_H
#define RAYTETRA_GPU_SINGLE_H

#include <stddef.h>

#include "opencl/gpu_config.h"
#include "pairs.h"

/* The `count` single-precision records of level `output` as the kernel wrote them, one per pair
 * (result layout aos) or one array per field (soa), into the double-data records of the same
 * level (ray_tetra_result, rt_gpu_result_faces or one byte), each float widened exactly; `wide`
 * holds `count` of those. */
void gpu_single_records_widen(gpu_output output, gpu_layout result_layout, const void *records, void *wide,
                              size_t count);

/* Level all under an extent: a side clipped at P or Q (a hit with face -1) gets the file's P or
 * Q, which the kernel could hold only rounded to float; the double data and the CPU variants
 * write the file's point there (rt_extent.h). */
void gpu_single_clipped_points(const ray_tetra_pair *pairs, ray_tetra_result *results, size_t count);

#endif
