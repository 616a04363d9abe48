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

/* A kernel ready to walk chunks of at most `capacity` rays, one after another (--devices: chunks
 * handed out as devices finish, walk_chunks.h). */
typedef struct walk_opencl_chunks walk_opencl_chunks;

/* Build the algorithm's kernel and the chunk buffers. Returns 0, or -1 with err set. */
int walk_opencl_chunks_open(walk_opencl *gpu, const walk_algorithm *algorithm, size_t capacity, size_t local_size,
                            walk_opencl_chunks **chunks, error_text *err);

/* The kernel's local size (what local_size 0 chose). */
size_t walk_opencl_chunks_local_size(const walk_opencl_chunks *chunks);

/* Walk rays first .. first + count - 1 (count <= capacity) into the same places of results, in
 * mesh units: write (with their start tetrahedra), one launch, read; every ray is decided on the
 * device. Adds the time of each part to run's write_ms, samples_ms[0] and read_ms. Returns 0, or
 * -1 with err set. */
int walk_opencl_chunks_walk(walk_opencl_chunks *chunks, const walk_rays *rays, size_t first, size_t count,
                            walk_result *results, walk_run *run, error_text *err);

void walk_opencl_chunks_close(walk_opencl_chunks *chunks);

void walk_opencl_close(walk_opencl *gpu);

#endif
