/* mesh_planes.c: the mesh's table of face planes for the branch-free Badouel walk (mesh.h,
 * mesh_build_planes): per tetrahedron the four planes of rt_badouelb.h, built by the very
 * function the pair test precomputes its table with, so that there is one plane construction. */
#include "mesh/mesh.h"
#include "rt_badouelb.h"

_Static_assert(sizeof(rt_real) == sizeof(double) && RT_TABLE_BADOUELB == 16,
               "tet_mesh.planes holds rt_badouelb.h's table in double precision");

static rt_vec3 corner(const tet_mesh *mesh, size_t tet, int k)
{
    vec3 v = mesh->vertices[mesh->tetra[tet][k]];
    return rt_v(v.x, v.y, v.z);
}

int mesh_build_planes(tet_mesh *mesh, error_text *err)
{
    if (mesh->planes)
        return 0;
    if (!(mesh->planes = mesh_tetra_table(mesh, sizeof *mesh->planes, "the plane table", err)))
        return -1;
    long long count = (long long)mesh->tetra_count;
    /* Each tetrahedron's row depends on its own vertices alone: the same bits on any number of
     * threads. */
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (long long t = 0; t < count; ++t)
        rt_badouelb_precompute(corner(mesh, (size_t)t, 0), corner(mesh, (size_t)t, 1), corner(mesh, (size_t)t, 2),
                               corner(mesh, (size_t)t, 3), mesh->planes[t]);
    return 0;
}
