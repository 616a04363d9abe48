/* gpu_split.h: how the pairs of one run are shared out among several devices (--devices):
 * weights from each device's measured speed -> one contiguous range of pairs per device, in the
 * order of the list, boundaries on multiples of a granule (the work-group size), every pair in
 * exactly one range. Pure arithmetic, no OpenCL: tests/test_gpu_split.c runs it on simulated
 * devices. */
#ifndef RAYTETRA_GPU_SPLIT_H
#define RAYTETRA_GPU_SPLIT_H

#include <stddef.h>

#include "error.h"

typedef struct gpu_range {
    size_t first; /* index of the range's first pair */
    size_t count; /* pairs in it; 0 when the device gets none */
} gpu_range;

/* Split `pairs` pairs over `devices` devices in proportion to speeds[d] (any unit: pairs per ms,
 * a relative weight; 0 = the device gets nothing). The pairs are cut into ceil(pairs / granule)
 * units of `granule` pairs (the last unit may be shorter); device d gets
 * floor(units * speeds[d] / sum) units, and the units left over go one each to the devices with
 * the largest fractional parts (ties to the earlier device), so the result depends on the
 * speeds alone (deterministic). ranges[d] follows ranges[d - 1]; all ranges together cover
 * 0 .. pairs - 1 exactly once. Returns 0, or -1 with err set when a speed is negative or not
 * finite, every speed is 0, devices is 0 or granule is 0 (ranges untouched). */
int gpu_split_ranges(const double *speeds, size_t devices, size_t pairs, size_t granule, gpu_range *ranges,
                     error_text *err);

/* The granule that keeps every boundary on a work-group boundary of every device: the least
 * common multiple of the local sizes (0s ignored), or their largest when the multiple would
 * exceed `limit` (then only that device's groups are whole). 1 when every size is 0. */
size_t gpu_split_granule(const size_t *local_sizes, size_t devices, size_t limit);

#endif
