/* walk_opencl.h: the walk in OpenCL (kernels/TetWalk.cl): the mesh put on the device once, each
 * algorithm's kernel built through the suite's one program path (gpu_program.h, with its binary
 * cache), rays written, the kernel run REPS times, results read; every ray, the robust walk's
 * included, decided on the device. */
#ifndef RAYTETRA_WALK_OPENCL_H
#define RAYTETRA_WALK_OPENCL_H

#include "error.h"
#include "mesh/walk.h"
#include "mesh/walk_report.h"

typedef struct walk_opencl walk_opencl;

/* Open OpenCL device `index` (as RayTetra -n counts them) and write the mesh (with its edge
 * table when built) to it. Returns 0, or -1 with err set. */
int walk_opencl_open(walk_opencl **gpu, int index, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err);

/* "NAME (PLATFORM, driver VERSION)". */
const char *walk_opencl_description(const walk_opencl *gpu);

/* The device's copy bandwidth in GB/s (gpu_bandwidth.h); 0 with err set on failure. */
double walk_opencl_copy_bandwidth(walk_opencl *gpu, error_text *err);

/* Walk every ray with the algorithm's kernel: one warm-up launch, then `reps` timed launches
 * (run->samples_ms), results in mesh units. local_size 0: 64, or what the kernel allows. Fills
 * run's OpenCL fields, rays, steps, lost and host_rays. Returns 0, or -1 with err set. */
int walk_opencl_run(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                    int reps, size_t local_size, walk_run *run, error_text *err);

void walk_opencl_close(walk_opencl *gpu);

#endif
