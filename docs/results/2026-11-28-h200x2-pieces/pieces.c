/* pieces: TetWalk's default camera rays of a mesh (azimuth 30, elevation 20, up z) as a rays file
 * (N, then "Px Py Pz Qx Qy Qz" a line, %.17g) in which every ray that crosses tetrahedra is cut
 * into pieces of at most S of them: GPU_STP0's walk (rt_walk.h, method STP, form 0) on the CPU
 * records each ray's tetrahedra and t; a piece starts at a segment's first tetrahedron and at
 * every S-th one after it, its P at the middle of that tetrahedron's chord (strictly inside it),
 * Q = P + (the ray's Q - P). Rays that cross none are written as they are. With S = 0 every ray is
 * written as it is; with S = -1 only the rays that cross none are written. Walked with the kernels built with -DRT_WALK_PIECES=S (pieces.patch), each
 * piece stops after S steps or at the segment's end, with no search for later entries: the
 * most a split of every ray into pieces could gain, the pieces' starts given for free.
 *   pieces MESH.rtm WIDTH HEIGHT S > rays.txt */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mesh/mesh_binary.h"
#include "mesh/mesh_bvh.h"
#include "rt_walk.h"
#include "walk/walk.h"

enum { CAPACITY = 1 << 16 };

static void put(rt_vec3 P, rt_vec3 L)
{
    printf("%.17g %.17g %.17g %.17g %.17g %.17g\n", P.x, P.y, P.z, P.x + L.x, P.y + L.y, P.z + L.z);
}

int main(int argc, char **argv)
{
    tet_mesh mesh;
    mesh_bvh bvh;
    walk_rays rays;
    error_text err;
    if (argc != 5 || mesh_binary_read(argv[1], &mesh, &err) != 0 || mesh_bvh_build(&mesh, &bvh, &err) != 0 ||
        walk_rays_camera(&mesh, atoi(argv[2]), atoi(argv[3]), 30, 20, 'z', &rays, &err) != 0)
        return fprintf(stderr, "pieces: %s\n", argc == 5 ? err.text : "usage: pieces MESH.rtm WIDTH HEIGHT S"), 1;
    int S = atoi(argv[4]);
    rt_walk_mesh m = walk_flat_mesh(&mesh, &bvh);
    int *tetra = malloc(CAPACITY * sizeof *tetra);
    double *t = malloc(2 * CAPACITY * sizeof *t);
    /* Two passes: the count first (the file starts with it), then the rays. */
    for (int pass = 0; pass < 2; ++pass) {
        size_t written = 0;
        long steps = 0;
        for (size_t i = 0; i < rays.count; ++i) {
            rt_vec3 P = rt_v(rays.rays[i][0], rays.rays[i][1], rays.rays[i][2]);
            rt_vec3 L = rt_v(rays.rays[i][3] - P.x, rays.rays[i][4] - P.y, rays.rays[i][5] - P.z);
            rt_walk_record record = rt_walk_record_start(tetra, t, CAPACITY);
            rt_walk_result r = S != 0 ? rt_walk_trace_from(&m, RT_WALK_STP, 0, P, L, RT_WALK_START_NONE, &record)
                                     : (rt_walk_result){0, 0, 0};
            steps += r.steps;
            if (r.steps == 0 || record.count > CAPACITY) {
                written += 1;
                if (pass)
                    put(P, L);
                continue;
            }
            if (S < 0)
                continue;
            int start = 0;
            for (int k = 0; k < record.count; ++k) {
                /* Form 0 computes a tetrahedron's t_enter afresh: within a segment it is the last t_leave
                 * within rounding; a segment starts after a gap. */
                int new_segment = k == 0 || fabs(t[2 * k] - t[2 * k - 1]) > 1e-9 * (fabs(t[2 * k]) + 1);
                if (new_segment || k - start == S) {
                    start = k;
                    written += 1;
                    if (pass) {
                        double middle = 0.5 * (t[2 * k] + t[2 * k + 1]);
                        put(rt_v(P.x + middle * L.x, P.y + middle * L.y, P.z + middle * L.z), L);
                    }
                }
            }
        }
        if (!pass) {
            printf("%zu\n", written);
            fprintf(stderr, "pieces: %zu rays, %ld steps, %zu rays written\n", rays.count, steps, written);
        }
    }
    return 0;
}
