/* mesh_compact.c: the aman walk's compact records (rt_walk_aman.h has the layout and why). */
#include "mesh/mesh.h"

#include "rt_walk.h"

/* The rank of vertex k among the tetrahedron's four by number (they are distinct). */
static int vertex_rank(const int vertex[4], int k)
{
    int rank = 0;
    for (int j = 0; j < 4; ++j)
        rank += vertex[j] < vertex[k];
    return rank;
}

int mesh_build_compact(tet_mesh *mesh, error_text *err)
{
    if (mesh->aman_cells)
        return 0;
    if (!(mesh->aman_cells = mesh_tetra_table(mesh, RT_AMAN_INTS * sizeof *mesh->aman_cells, "the aman walk's records",
                                               err)))
        return -1;
    long long count = (long long)mesh->tetra_count;
#pragma omp parallel for schedule(static) if (count >= MESH_PARALLEL_MIN)
    for (long long t = 0; t < count; ++t) {
        const int *vertex = mesh->tetra[t];
        int *record = mesh->aman_cells + RT_AMAN_INTS * t;
        record[RT_AMAN_XOR] = vertex[0] ^ vertex[1] ^ vertex[2] ^ vertex[3];
        for (int f = 0; f < 4; ++f) {
            int link = mesh->neighbour[t][f];
            record[RT_AMAN_LINK(vertex_rank(vertex, f))] = link < 0 ? -1 : link >> 2;
        }
    }
    return 0;
}
