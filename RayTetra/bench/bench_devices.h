/* bench_devices.h: Bench --devices: each selected OpenCL algorithm on the first listed device
 * alone and on every listed device at once (kernel and end to end), per device and in
 * aggregate, with the scaling, verified and compared byte for byte with the device alone. */
#ifndef RAYTETRA_BENCH_DEVICES_H
#define RAYTETRA_BENCH_DEVICES_H

#include "bench/bench.h"
#include "multi/gpu_multi.h"

/* Overlapped parts of each chunk's pinned end-to-end run when --overlap does not say: three, so
 * that every one of gpu_overlap's three queues has one. */
#define BENCH_DEVICES_DEFAULT_CHUNKS 3

/* Run `entry` (an OpenCL algorithm) as above and print its "devices NAME: ..." lines on
 * context->log; `results` has room for every pair. Returns 0, or 1 when the run failed or its
 * results were wrong (the lines say why on stderr; the entry's own cells are untouched). */
int bench_run_devices(const bench_context *context, gpu_multi *multi, size_t local_size, size_t chunks,
                      const bench_entry *entry, ray_tetra_result *results);

/* bench_run_devices for every selected OpenCL entry, on devices[0 .. count - 1] opened here (and
 * closed). Returns the number of entries that failed (a device that cannot be opened fails
 * them all, named on stderr). */
int bench_run_devices_all(const bench_context *context, const int *devices, size_t count, size_t local_size,
                          size_t chunks, const bench_table *table, ray_tetra_result *results);

#endif
