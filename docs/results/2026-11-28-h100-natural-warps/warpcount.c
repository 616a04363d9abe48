/* warpcount: per camera ray of pixels FIRST..FIRST+31: steps, segments, box tests, face tests (GPU_STP0's arithmetic) */
#include <stdio.h>
#include <stdlib.h>
#include "mesh/mesh_binary.h"
#include "mesh/mesh_bvh.h"
#include "rt_walk.h"
#include "walk/walk.h"
long rt_count_face, rt_count_box, rt_count_segments; int rt_seg_first_step[8];
int main(int argc, char **argv)
{
    tet_mesh mesh; mesh_bvh bvh; walk_rays rays; error_text err;
    if (argc != 5 || mesh_binary_read(argv[1], &mesh, &err) != 0 || mesh_bvh_build(&mesh, &bvh, &err) != 0 ||
        walk_rays_camera(&mesh, atoi(argv[2]), atoi(argv[3]), 30, 20, 'z', &rays, &err) != 0)
        return fprintf(stderr, "warpcount: %s\n", argc == 5 ? err.text : "usage"), 1;
    rt_walk_mesh m = walk_flat_mesh(&mesh, &bvh);
    size_t first = strtoul(argv[4], 0, 10);
    for (size_t i = first; i < first + 32; ++i) {
        rt_count_face = rt_count_box = rt_count_segments = 0;
        rt_vec3 P = rt_v(rays.rays[i][0], rays.rays[i][1], rays.rays[i][2]);
        rt_vec3 L = rt_v(rays.rays[i][3] - P.x, rays.rays[i][4] - P.y, rays.rays[i][5] - P.z);
        rt_walk_result r = rt_walk_trace_from(&m, RT_WALK_STP, 0, P, L, RT_WALK_START_NONE, NULL);
        printf("ray %zu: %d steps, %ld segments (steps before each:", i - first, r.steps, rt_count_segments);
        for (int k = 1; k <= rt_count_segments && k < 8; ++k) printf(" %d", rt_seg_first_step[k]);
        printf("), %ld box tests, %ld face tests\n", rt_count_box, rt_count_face);
    }
    return 0;
}
