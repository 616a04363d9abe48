/* walk_multi.h: TetWalk's rays on several OpenCL devices at once (--devices): the mesh written
 * to every device, the rays split into one contiguous range per device in proportion to each
 * device's measured speed (multi/gpu_split.h), one host thread per device running its range
 * with walk_opencl_run, results at the range's offset: every ray walked by the same kernel as
 * on one device, so the results are identical to one device's. */
#ifndef RAYTETRA_WALK_MULTI_H
#define RAYTETRA_WALK_MULTI_H

#include <stdio.h>

#include "error.h"
#include "mesh/walk_opencl.h"

/* Rays of the calibration walk on each device (with more than one device). */
#define WALK_MULTI_CALIBRATION_RAYS ((size_t)1 << 16)

typedef struct walk_multi walk_multi;

/* Open devices[0 .. count - 1] (-n numbers; a number may repeat, as tests do) with the mesh on
 * each. Returns 0, or -1 with err naming the device. */
int walk_multi_open(walk_multi **multi, const int *devices, size_t count, const tet_mesh *mesh, const mesh_bvh *bvh,
                    error_text *err);

size_t walk_multi_count(const walk_multi *multi);

/* Device i's walker (for its description and bandwidth; owned by multi). */
walk_opencl *walk_multi_device(walk_multi *multi, size_t i);

/* walk_opencl_run over every device at once: with several devices each walks
 * min(rays, WALK_MULTI_CALIBRATION_RAYS) rays alone first (its speed: those rays over write +
 * one launch + read), then its share. run gets the aggregate: each repetition's time, the write,
 * read times are the slowest device's (they run at once), the rays walked on the host the
 * sum. One line per device goes to `log`. Returns 0, or -1 with err naming the first failed
 * device after every thread was joined. */
int walk_multi_run(walk_multi *multi, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                   int reps, size_t local_size, walk_run *run, FILE *log, error_text *err);

void walk_multi_close(walk_multi *multi);

#endif
