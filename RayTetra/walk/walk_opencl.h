/* walk_opencl.h: the walk in OpenCL (kernels/TetWalk.cl): the mesh put on the device once, each
 * algorithm's kernel built through the suite's one program path (gpu_program.h, with its binary
 * cache), rays written, the kernel run REPS times, results read; every ray, the robust walk's
 * included, decided on the device. */
#ifndef RAYTETRA_WALK_OPENCL_H
#define RAYTETRA_WALK_OPENCL_H

#include "error.h"
#include "walk/walk.h"
#include "walk/walk_report.h"

typedef struct walk_opencl walk_opencl;

/* Open OpenCL device `index` (as RayTetra -n counts them) and write the mesh (with its edge
 * table when built) to it. Returns 0, or -1 with err set. */
int walk_opencl_open(walk_opencl **gpu, int index, const tet_mesh *mesh, const mesh_bvh *bvh, error_text *err);

/* Where build logs and cache warnings go (default stderr; the library's device log). */
void walk_opencl_set_log(walk_opencl *gpu, FILE *log);

/* "NAME (PLATFORM, driver VERSION)". */
const char *walk_opencl_description(const walk_opencl *gpu);

/* The device's copy bandwidth in GB/s (gpu_bandwidth.h); 0 with err set on failure. */
double walk_opencl_copy_bandwidth(walk_opencl *gpu, error_text *err);

/* Every ray walked once on the device with a record (TetWalk.cl's tet_walk_record; the library's
 * device walk): its result into results (lengths in mesh units, as walk_opencl_run's), its first
 * and last tetrahedra along the ray into ends[2 i], ends[2 i + 1] (-1 when it visits none), and
 * with offsets (count + 1 of them: ray i's visits from offsets[i] to offsets[i + 1], the counts
 * an earlier call's steps gave) its visits into visit_tets and visit_t (t_enter, t_leave in
 * units of Q - P, clipped at 0), in the walk's order. Untimed. Returns 0, or -1 with err set. */
int walk_opencl_record(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                       const uint64_t *offsets, int *visit_tets, double *visit_t, int *ends, error_text *err);

/* Walk every ray with the algorithm's kernel: one warm-up launch, then `reps` timed launches
 * (run->samples_ms), results in mesh units. local_size 0: 64, or what the kernel allows. Fills
 * run's OpenCL fields, rays, steps, lost and host_rays. Returns 0, or -1 with err set. */
int walk_opencl_run(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays, walk_result *results,
                    int reps, size_t local_size, walk_run *run, error_text *err);

/* A kernel ready to walk chunks of a fixed set of rays (--devices: chunks handed out as devices
 * finish, multi/chunk_dispenser.h): every ray is written to the device once, before any chunk, as one
 * device's run writes them before its timed launches; a chunk is then one launch on one of
 * WALK_OPENCL_LANES queues, so that the next chunk's work-items fill the device while the last
 * ones of the previous chunk finish. */
typedef struct walk_opencl_chunks walk_opencl_chunks;

#define WALK_OPENCL_LANES 2

/* Build the algorithm's kernel, the queues and the buffers, and write every ray of `rays` (kept
 * by pointer until close) and its start, for chunks of at most chunk_size rays; *write_ms: the
 * time that took. Returns 0, or -1 with err set. */
int walk_opencl_chunks_open(walk_opencl *gpu, const walk_algorithm *algorithm, const walk_rays *rays,
                            size_t chunk_size, size_t local_size, walk_opencl_chunks **chunks, double *write_ms,
                            error_text *err);

/* The kernel's local size (what local_size 0 chose). */
size_t walk_opencl_chunks_local_size(const walk_opencl_chunks *chunks);

/* Walk rays first .. first + count - 1 on queue `lane` (0 .. WALK_OPENCL_LANES - 1) without
 * waiting for them, after waiting for the lane's previous chunk. Returns 0, or -1 with err set. */
int walk_opencl_chunks_launch(walk_opencl_chunks *chunks, int lane, size_t first, size_t count, error_text *err);

/* Wait for every chunk launched. Returns 0, or -1 with err set. */
int walk_opencl_chunks_finish(walk_opencl_chunks *chunks, error_text *err);

/* Read the results of rays first .. first + count - 1 (walked, finished) into the same places of
 * results, in mesh units. Returns 0, or -1 with err set. */
int walk_opencl_chunks_read(walk_opencl_chunks *chunks, size_t first, size_t count, walk_result *results,
                            error_text *err);

void walk_opencl_chunks_close(walk_opencl_chunks *chunks);

void walk_opencl_close(walk_opencl *gpu);

#endif
