/* camrays: TetWalk's default camera rays of a mesh (walk_rays_camera: azimuth 30, elevation 20,
 * up z) as a rays file (N, then "Px Py Pz Qx Qy Qz" a line, %.17g), so that the same rays can be
 * walked in another order with --rays.  camrays MESH.rtm WIDTH HEIGHT > rays.txt */
#include <stdio.h>
#include <stdlib.h>

#include "mesh/mesh_binary.h"
#include "walk/walk.h"

int main(int argc, char **argv)
{
    if (argc != 4)
        return fprintf(stderr, "usage: camrays MESH.rtm WIDTH HEIGHT\n"), 2;
    tet_mesh mesh;
    walk_rays rays;
    error_text err;
    if (mesh_binary_read(argv[1], &mesh, &err) != 0 ||
        walk_rays_camera(&mesh, atoi(argv[2]), atoi(argv[3]), 30, 20, 'z', &rays, &err) != 0)
        return fprintf(stderr, "camrays: %s\n", err.text), 1;
    printf("%zu\n", rays.count);
    for (size_t i = 0; i < rays.count; ++i)
        printf("%.17g %.17g %.17g %.17g %.17g %.17g\n", rays.rays[i][0], rays.rays[i][1], rays.rays[i][2],
               rays.rays[i][3], rays.rays[i][4], rays.rays[i][5]);
    return 0;
}
