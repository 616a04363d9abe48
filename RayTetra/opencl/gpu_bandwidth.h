/* gpu_bandwidth.h: the memory bandwidths the kernels' throughput is compared with: the
 * device's own copy bandwidth (kernels/Copy.cl) and the host-device transfer bandwidth from and
 * to pinned host memory, one direction at a time and both at once. Method: docs/PERFORMANCE.md. */
#ifndef RAYTETRA_GPU_BANDWIDTH_H
#define RAYTETRA_GPU_BANDWIDTH_H

#include <stddef.h>

#include "error.h"
#include "opencl/device_session.h"

/* GB/s are 1e9 bytes per second. Each figure: the median and the best of `trials` trials. */
typedef struct gpu_bandwidth {
    size_t bytes;          /* per buffer (the copy reads and writes this many bytes per launch) */
    int trials, launches;  /* launches per trial (copy kernel and transfers alike) */
    double copy_median_gbs, copy_best_gbs;   /* (bytes read + bytes written) / kernel time */
    double write_median_gbs, write_best_gbs; /* pinned host -> device */
    double read_median_gbs, read_best_gbs;   /* device -> pinned host */
    /* Both directions at once (a write and a read of `bytes` each, on two queues): (bytes written +
     * bytes read) / the time of both. A link that carries both directions at full speed gives
     * write + read; less shows what an end-to-end run, whose reads overlap its writes, can reach. */
    double duplex_median_gbs, duplex_best_gbs;
} gpu_bandwidth;

/* Default buffer size: far beyond any device cache (H100: 50 MB L2), cheap on a CPU device. */
#define GPU_BANDWIDTH_DEFAULT_BYTES ((size_t)256 << 20)

/* Measure on the session's device and queue; `bytes` is lowered to what the device allows
 * (max allocation, a quarter of global memory) and rounded to 16 bytes. Returns 0 with every
 * figure positive and finite, or -1 with err set. */
int gpu_measure_bandwidth(const device_session *session, size_t bytes, gpu_bandwidth *result, error_text *err);

#endif
