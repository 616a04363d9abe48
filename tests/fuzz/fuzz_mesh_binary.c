/* fuzz_mesh_binary: libFuzzer target for the binary mesh reader (mesh_binary.h) as TetWalk reads
 * it (mesh_read, by the magic): the fuzzer's bytes follow the magic "RAYTMESH", so that every
 * run reaches the header's checks. A refusal must name the file. An accepted mesh must keep the
 * promises the reader makes for any file, its digest made by TetWalk or not (libFuzzer makes
 * matching digests itself: it copies the digest the reader computes into the header): every
 * coordinate inside the supported range, vertex indices in range and distinct, neighbour links
 * -1 or faces of other tetrahedra, the walk's records the same indices and links, the boundary
 * faces exactly the -1 links, in order, the box finite with low <= high, and the stored
 * hierarchy one the walk's traversal cannot leave: every node reached once from the root in
 * depth-first order, each skip to a later node or the end, finite boxes, each leaf's faces
 * within the face list and each of those a boundary face. That two linked faces agree, the
 * geometry of the faces and the hierarchy's fit to them stand on the digest (docs/FILES.md). */
#define _GNU_SOURCE /* memfd_create, in mesh_inputs.h */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mesh_inputs.h"
#include "mesh/mesh.h"
#include "mesh/mesh_binary.h"
#include "mesh/mesh_bvh.h"
#include "rt_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_sound(const tet_mesh *mesh)
{
    fuzz_check_vertices(mesh);
    size_t boundary = 0;
    for (size_t t = 0; t < mesh->tetra_count; ++t)
        for (int f = 0; f < 4; ++f) {
            int vertex = mesh->tetra[t][f], across = mesh->neighbour[t][f];
            if (vertex < 0 || (size_t)vertex >= mesh->vertex_count)
                __builtin_trap();
            for (int g = 0; g < f; ++g)
                if (mesh->tetra[t][g] == vertex)
                    __builtin_trap();
            if (across != -1 && (across < 0 || (size_t)across / 4 >= mesh->tetra_count || (size_t)across / 4 == t))
                __builtin_trap();
            if (across == -1 && (boundary >= mesh->boundary_count || mesh->boundary[boundary++] != (int)(t * 4) + f))
                __builtin_trap();
            if (mesh->cells[t][RT_CELL_VERTEX(f)] != vertex || mesh->cells[t][RT_CELL_LINK(f)] != across)
                __builtin_trap();
        }
    if (boundary != mesh->boundary_count)
        __builtin_trap();
    const double low[3] = {mesh->low.x, mesh->low.y, mesh->low.z}, high[3] = {mesh->high.x, mesh->high.y, mesh->high.z};
    for (int a = 0; a < 3; ++a)
        if (!(isfinite(low[a]) && isfinite(high[a]) && low[a] <= high[a]))
            __builtin_trap();
}

/* The hierarchy walked as rt_walk.h's traversal walks it, with no stack (the next node, or the
 * node its skip names), every node counted: with every box met it reaches each node once, in
 * order, and each skip leads to a later node or ends the walk, so that no pattern of missed boxes
 * can leave the arrays or loop. */
static void check_hierarchy(const tet_mesh *mesh, const mesh_bvh *bvh)
{
    if (bvh->node_count < 1 || bvh->node_count > INT_MAX || bvh->depth < 1 || bvh->depth > MESH_BVH_MAX_DEPTH)
        __builtin_trap();
    size_t reached = 0;
    for (int node = 0; node >= 0;) {
        if ((size_t)node != reached || ++reached > bvh->node_count)
            __builtin_trap();
        for (int a = 0; a < 3; ++a)
            if (!(bvh->bounds[node][a] <= bvh->bounds[node][3 + a]) || !isfinite(bvh->bounds[node][a]) ||
                !isfinite(bvh->bounds[node][3 + a]))
                __builtin_trap();
        int skip = bvh->nodes[node].skip;
        if (skip != -1 && (skip <= node || (size_t)skip >= bvh->node_count))
            __builtin_trap();
        const int *links = bvh->links[node];
        if (links[1] > 0) {
            if (links[0] < 0 || (size_t)links[0] + (size_t)links[1] > bvh->face_count)
                __builtin_trap();
            for (int k = links[0]; k < links[0] + links[1]; ++k) {
                int face = bvh->faces[k];
                if (face < 0 || (size_t)face / 4 >= mesh->tetra_count || mesh->neighbour[face / 4][face % 4] != -1)
                    __builtin_trap();
            }
            node = skip;
            continue;
        }
        if (links[1] != 0 || links[0] <= node + 1 || (size_t)links[0] >= bvh->node_count)
            __builtin_trap();
        node += 1;
    }
    if (reached != bvh->node_count)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t magic = strlen(MESH_BINARY_MAGIC);
    uint8_t *file = malloc(magic + size + 1);
    if (!file)
        abort();
    memcpy(file, MESH_BINARY_MAGIC, magic);
    if (size > 0)
        memcpy(file + magic, data, size);
    char path[FUZZ_PATH_SIZE];
    fuzz_write_file("fuzz.rtm", file, magic + size, path);
    free(file);
    tet_mesh mesh;
    if (!fuzz_read_mesh(path, path, &mesh))
        return 0;
    check_sound(&mesh);
    mesh_bvh bvh;
    error_text err;
    if (!mesh.stored_hierarchy || mesh_bvh_build(&mesh, &bvh, &err) != 0 || mesh.stored_hierarchy)
        __builtin_trap();
    check_hierarchy(&mesh, &bvh);
    mesh_bvh_free(&bvh);
    mesh_free(&mesh);
    return 0;
}
