/* walk_multi.h: TetWalk's rays on several OpenCL devices at once (--devices): the mesh written
 * to every device, one host thread per device, and the rays handed out in chunks from one shared
 * counter (multi/chunk_dispenser.h) as each device finishes its last chunk: no split is decided up front,
 * so a faster device simply takes more chunks. Each ray's result goes to its own index and every
 * ray is walked by the same kernel as on one device, so the results are identical to one
 * device's. */
#ifndef RAYTETRA_WALK_MULTI_H
#define RAYTETRA_WALK_MULTI_H

#include <stdio.h>

#include "error.h"
#include "walk/walk_opencl.h"

/* Chunks per device and repetition the chunk size aims at, and the bounds of a chunk. Every
 * launch lasts as long as its slowest work-groups, and on armadillo's camera rays the slowest
 * rays alone take about 9 ms of an H100 whose launch of all 2,073,600 rays takes 14: more chunks
 * add a tail each and balance nothing the bands do not. Measured on 4 H100 (docs/TETWALK.md,
 * "Several threads and devices"), 1, 2 and 4 chunks a device with bands of 0, 8192 and 32768
 * rays: one chunk a device of 32768-ray bands was the fastest in 10 of 12 cases. */
#define WALK_MULTI_CHUNKS_PER_DEVICE 1
#define WALK_MULTI_MIN_CHUNK ((size_t)1 << 16)
#define WALK_MULTI_MAX_CHUNK ((size_t)1 << 21)

/* Rays of a band: the chunks take bands of neighbouring rays dealt round the chunks (band b to
 * chunk b mod chunks), not one contiguous stretch each, so that every chunk holds a share of the
 * expensive parts of a picture (rays near a silhouette) and the chunks cost alike, while each
 * band keeps neighbouring rays together for the caches. RAYTETRA_WALK_BAND_RAYS=N overrides it
 * (0: contiguous chunks), for measurements and tests. */
#define WALK_MULTI_BAND_RAYS ((size_t)1 << 15)

typedef struct walk_multi walk_multi;

/* Open devices[0 .. count - 1] (-n numbers; a number may repeat, as tests do) with the mesh on
 * each. Returns 0, or -1 with err naming the device. */
int walk_multi_open(walk_multi **multi, const int *devices, size_t count, const tet_mesh *mesh, const mesh_bvh *bvh,
                    error_text *err);

size_t walk_multi_count(const walk_multi *multi);

/* Device i's walker (for its description and bandwidth; owned by multi). */
walk_opencl *walk_multi_device(walk_multi *multi, size_t i);

/* Rays a chunk holds for `rays` rays on `devices` devices with work-groups of local_size (0:
 * 64): rays / (devices x WALK_MULTI_CHUNKS_PER_DEVICE) within the bounds above, but never so
 * large that a device is left without a chunk while each could have a work-group's worth
 * (chunk_dispenser_size): few rays make equal shares. */
size_t walk_multi_chunk_size(size_t rays, size_t devices, size_t local_size);

/* Every ray over every device at once: every ray written to every device first (write_ms, the
 * slowest device's), then one untimed repetition and `reps` timed ones, each handing out all the
 * rays in chunks of chunk_size rays (0: walk_multi_chunk_size's), two in flight on each device.
 * A repetition's time is the wall time until the last device finished, as one device's run
 * times its launches alone. The results are then read from the devices that walked them
 * (read_ms, the slowest device's); host_rays is 0 (every ray is decided on its device). One line
 * per device goes to `log` (its rays, chunks and time in the last repetition). Returns 0, or -1
 * with err naming the first failed device after every thread was joined. */
int walk_multi_run(walk_multi *multi, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                   int reps, size_t local_size, size_t chunk_size, walk_run *run, FILE *log, error_text *err);

void walk_multi_close(walk_multi *multi);

#endif
