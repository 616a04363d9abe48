/* walkcount: per camera ray of a mesh, GPU_STP0's arithmetic on the CPU (rt_walk.h with counters):
 * steps, boundary-face tests, box tests, segments; the costliest rays by steps summarized.
 *   walkcount MESH.rtm WIDTH HEIGHT */
#include <stdio.h>
#include <stdlib.h>

#include "mesh/mesh_binary.h"
#include "mesh/mesh_bvh.h"
#include "rt_walk.h"
#include "walk/walk.h"

long rt_count_face, rt_count_box, rt_count_segments;
typedef struct { int steps; long face, box, segments; } cost;
static int by_steps(const void *a, const void *b)
{
    const cost *x = a, *y = b;
    return y->steps - x->steps;
}
int main(int argc, char **argv)
{
    tet_mesh mesh;
    mesh_bvh bvh;
    walk_rays rays;
    error_text err;
    if (argc != 4 || mesh_binary_read(argv[1], &mesh, &err) != 0 || mesh_bvh_build(&mesh, &bvh, &err) != 0 ||
        walk_rays_camera(&mesh, atoi(argv[2]), atoi(argv[3]), 30, 20, 'z', &rays, &err) != 0)
        return fprintf(stderr, "walkcount: %s\n", argc == 4 ? err.text : "usage"), 1;
    rt_walk_mesh m = walk_flat_mesh(&mesh, &bvh);
    cost *c = calloc(rays.count, sizeof *c);
    long total_steps = 0;
    for (size_t i = 0; i < rays.count; ++i) {
        rt_count_face = rt_count_box = rt_count_segments = 0;
        rt_vec3 P = rt_v(rays.rays[i][0], rays.rays[i][1], rays.rays[i][2]);
        rt_vec3 L = rt_v(rays.rays[i][3] - P.x, rays.rays[i][4] - P.y, rays.rays[i][5] - P.z);
        rt_walk_result r = rt_walk_trace_from(&m, RT_WALK_STP, 0, P, L, RT_WALK_START_NONE, NULL);
        c[i] = (cost){r.steps, rt_count_face, rt_count_box, rt_count_segments};
        total_steps += r.steps;
    }
    qsort(c, rays.count, sizeof *c, by_steps);
    printf("%zu rays, %ld steps\n", rays.count, total_steps);
    size_t groups[] = {32, 1024, 32768, rays.count};
    for (int g = 0; g < 4; ++g) {
        double s = 0, f = 0, b = 0, seg = 0;
        long maxf = 0, maxb = 0, maxseg = 0;
        for (size_t i = 0; i < groups[g]; ++i) {
            s += c[i].steps, f += c[i].face, b += c[i].box, seg += c[i].segments;
            maxf = c[i].face > maxf ? c[i].face : maxf;
            maxb = c[i].box > maxb ? c[i].box : maxb;
            maxseg = c[i].segments > maxseg ? c[i].segments : maxseg;
        }
        double n = (double)groups[g];
        printf("the %zu costliest by steps: per ray %.1f steps, %.1f face tests (most %ld), %.1f box tests (most %ld), "
               "%.2f segments (most %ld)\n",
               groups[g], s / n, f / n, maxf, b / n, maxb, seg / n, maxseg);
    }
    return 0;
}
