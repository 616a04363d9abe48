/* walk_bandwidth.h: the CPU's copy bandwidth, which the walk's bytes per second are compared with
 * (the OpenCL device's is gpu_bandwidth.h's). */
#ifndef RAYTETRA_WALK_BANDWIDTH_H
#define RAYTETRA_WALK_BANDWIDTH_H

#include <stddef.h>

/* (bytes read + bytes written) per second of `threads` threads copying `bytes` (each thread its
 * own block, memory first touched by its thread), the median of five trials after a warm-up, in
 * GB/s (1e9 bytes); 0 when the buffers cannot be allocated. */
double walk_copy_bandwidth(int threads, size_t bytes);

#define WALK_BANDWIDTH_DEFAULT_BYTES ((size_t)256 << 20)

#endif
