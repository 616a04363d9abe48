/* walk_multi.h: TetWalk's rays on several OpenCL devices at once (--devices): the mesh written
 * to every device, one host thread per device, and the rays handed out in chunks from one shared
 * counter (walk_chunks.h) as each device finishes its last chunk: no split is decided up front,
 * so a faster device simply takes more chunks. Each ray's result goes to its own index and every
 * ray is walked by the same kernel as on one device, so the results are identical to one
 * device's. */
#ifndef RAYTETRA_WALK_MULTI_H
#define RAYTETRA_WALK_MULTI_H

#include <stdio.h>

#include "error.h"
#include "mesh/walk_opencl.h"

/* Chunks per device and repetition the chunk size aims at (enough for the last chunks to even
 * out the devices' finishing times), and the bounds of a chunk. A walk is bound by the latency
 * of its dependent loads, so a launch must hold enough rays to keep a GPU's every core busy
 * (an H100: 132 multiprocessors x 2,048 resident work-items, about 2^18): on 4 H100, chunks of
 * 32,448 camera rays walked each ray 6 times slower than one launch of all 2,073,600. */
#define WALK_MULTI_CHUNKS_PER_DEVICE 4
#define WALK_MULTI_MIN_CHUNK ((size_t)1 << 18)
#define WALK_MULTI_MAX_CHUNK ((size_t)1 << 21)

typedef struct walk_multi walk_multi;

/* Open devices[0 .. count - 1] (-n numbers; a number may repeat, as tests do) with the mesh on
 * each. Returns 0, or -1 with err naming the device. */
int walk_multi_open(walk_multi **multi, const int *devices, size_t count, const tet_mesh *mesh, const mesh_bvh *bvh,
                    error_text *err);

size_t walk_multi_count(const walk_multi *multi);

/* Device i's walker (for its description and bandwidth; owned by multi). */
walk_opencl *walk_multi_device(walk_multi *multi, size_t i);

/* Rays a chunk holds for `rays` rays on `devices` devices with work-groups of local_size. */
size_t walk_multi_chunk_size(size_t rays, size_t devices, size_t local_size);

/* Every ray over every device at once: one untimed repetition, then `reps` timed ones, each
 * handing out all the rays in chunks. A repetition's time is the wall time until the last
 * device finished, with the rays' writes and the results' reads inside it; write_ms and read_ms
 * are the busiest device's totals over the last repetition, host_rays the sum over the devices
 * (0: every ray is decided on its device). One line per device goes to `log` (its rays and time
 * in the last repetition). Returns 0, or -1 with err naming the first failed device after every
 * thread was joined. */
int walk_multi_run(walk_multi *multi, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                   int reps, size_t local_size, walk_run *run, FILE *log, error_text *err);

void walk_multi_close(walk_multi *multi);

#endif
