/* walk.h: TetWalk's rays through a mesh (docs/TETWALK.md): the walk algorithms and their names,
 * the rays (a file or a camera), the runs on the CPU (walk_cpu.c), in OpenCL (walk_opencl.c)
 * and exactly (walk_exact.c). The walk itself is kernels/shared/rt_walk.h. */
#ifndef RAYTETRA_WALK_H
#define RAYTETRA_WALK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "mesh/mesh.h"
#include "mesh/mesh_bvh.h"
#include "registry/registry.h"
#include "walk/walk_exact.h"
#include "rt_walk.h"

/* The walk algorithms are the registry's rows with a walk (registry/registry.h: the walk field,
 * walk_algorithm, walk_algorithms() in the order the summary lists them, WALK_EXACT). */

/* The one place a --algorithm word is resolved, with the grammar of the suite's algorithm
 * registry: the canonical name or the CSV name in any case for the CPU, "gpu_" + the name or
 * "GPU_" + the CSV name for the OpenCL build. Returns the algorithm and sets *opencl, or NULL. */
const walk_algorithm *walk_algorithm_find(const char *word, int *opencl);

/* "pluecker0 Segura0 ..., one line per algorithm" for --help and --list-algorithms. */
void walk_algorithms_print(FILE *out);

/* Rays: P and Q (L = Q - P), six doubles each. */
typedef struct walk_rays {
    size_t count;
    double (*rays)[6];
    int width, height; /* a camera's image size (0 for a file): ray i is pixel (i % width, i / width), row 0 at the bottom */
    int *start;        /* NULL, or per ray where it starts (walk_locate_starts): tetrahedron * 4 + the face the
                          moved line enters it through, RT_WALK_START_LEAVING or RT_WALK_START_NONE */
} walk_rays;

/* Ray i's start (rt_walk_trace_from's), RT_WALK_START_NONE when none was located. */
static inline int walk_ray_start(const walk_rays *rays, size_t i)
{
    return rays->start ? rays->start[i] : RT_WALK_START_NONE;
}

/* Read a rays file: N, then N lines "Px Py Pz Qx Qy Qz" ('#' comments). Every problem gives -1
 * and "FILE:LINE: ..." in err. */
int walk_rays_read(const char *path, walk_rays *rays, error_text *err);

/* The default view of the mesh (docs/TETWALK.md): a perspective camera (30 degrees vertically)
 * looking at the centre of its bounding box from azimuth and elevation in degrees about the up
 * axis ('x', 'y' or 'z'), as close as it can be with the whole box in the picture. One ray per
 * pixel, through the pixel's centre. */
int walk_rays_camera(const tet_mesh *mesh, int width, int height, double azimuth, double elevation, char up_axis,
                     walk_rays *rays, error_text *err);

/* Rays aimed at the mesh's degenerate places, from outside its box (docs/TETWALK.md): through a
 * random vertex (of a random tetrahedron), through a random point of a random edge, or through
 * a random point of a random face along a direction in the face's plane. In floating point they
 * pass within rounding of the place, which is where the fast forms disagree between neighbours.
 * Reproducible from the seed. */
typedef enum walk_aim { WALK_AIM_VERTICES, WALK_AIM_EDGES, WALK_AIM_FACES } walk_aim;

int walk_aim_parse(const char *text, walk_aim *aim);

int walk_rays_aimed(const tet_mesh *mesh, walk_aim aim, size_t count, uint64_t seed, walk_rays *rays,
                    error_text *err);

/* count rays from `point` in isotropic directions drawn from the seed (rays from inside the mesh:
 * --from, --from-vertex): Q = point + direction times the mesh's diagonal, so that L keeps the
 * mesh's scale. Their start tetrahedra: walk_locate_starts. */
int walk_rays_from_point(const tet_mesh *mesh, const double point[3], size_t count, uint64_t seed, walk_rays *rays,
                         error_text *err);

void walk_rays_free(walk_rays *rays);

/* The mesh and its hierarchy as rt_walk.h reads them (pointers into both). */
rt_walk_mesh walk_flat_mesh(const tet_mesh *mesh, const mesh_bvh *bvh);

/* A ray's result as TetWalk reports it: length in the mesh's units (|L| times rt_walk.h's). */
typedef rt_walk_result walk_result;

/* Walk every ray with `algorithm` on the CPU with `threads` threads (1: sequential); lengths in
 * mesh units. The precomputed forms need mesh_build_edges first, aman mesh_build_compact, the
 * Badouel walk mesh_build_planes. Returns the wall time in ms. */
double walk_cpu_run(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh, const walk_rays *rays,
                    walk_result *results, int threads);

/* One ray on the CPU (the exact traversal's reference rays of --verify), from tetrahedron
 * start (-1: P outside the mesh). */
walk_result walk_cpu_one(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh,
                         const double ray[6], int start);

/* The tetrahedra ray i visits with `algorithm` (sequential, for --export-pairs): up to capacity
 * of them into tetra; returns how many it visits (more than capacity: only the first were kept). */
int walk_cpu_record(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6],
                    int start, int *tetra, int capacity);

/* One ray on the CPU (the library's mesh walk), from start as walk_cpu_run starts it, with the
 * tetrahedra it visits in *record (rt_walk_record_start; rt_walk.h says in which order); flat is
 * walk_flat_mesh's. Length in mesh units. */
walk_result walk_cpu_trace_recorded(const walk_algorithm *algorithm, const tet_mesh *mesh, const mesh_bvh *bvh,
                                    const rt_walk_mesh *flat, const double ray[6], int start, rt_walk_record *record);

/* The exact traversal of one ray (walk_exact.c): every sign exact with the tie rule of rt_walk.h,
 * every t an exact rational, the length rounded once; mesh units. */
walk_result walk_exact_trace(const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6], int *tetra, int capacity,
                             int *visited);

/* The same for a ray whose start was located (walk_locate_starts: a face reference,
 * RT_WALK_START_LEAVING, or RT_WALK_START_NONE: walk_exact_trace), as rt_walk_trace_from walks it,
 * with every later segment from a boundary face entered at t > 0. */
walk_result walk_exact_trace_from(const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6], int start,
                                  int *tetra, int capacity, int *visited);

/* walk_exact_trace_from into the caller's record, t included where it keeps them (each t an
 * exact rational rounded once). */
walk_result walk_exact_trace_recorded(const tet_mesh *mesh, const mesh_bvh *bvh, const double ray[6], int start,
                                      rt_walk_record *record);

/* The face the line moved by (e, e^2, e^3) enters tetrahedron tet through, from exact moved signs
 * (rt_robust.h's filter, GMP for what it leaves open); -1 when it does not cross tet. */
int walk_exact_enter_face(const tet_mesh *mesh, const double ray[6], int tet);

/* |Q - P| of a ray: rt_walk.h's lengths are in units of t. */
double walk_ray_scale(const double ray[6]);

#endif
