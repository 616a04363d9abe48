/* fuzz_mesh_binary: libFuzzer target for the binary mesh reader (mesh_binary.h) as TetWalk reads
 * it (mesh_read, by the magic): the fuzzer's bytes follow the magic "RAYTMESH", so that every
 * run reaches the header's checks. A refusal must name the file. An accepted mesh must keep the
 * promises the reader makes for any file, its digest made by TetWalk or not (libFuzzer makes
 * matching digests itself: it copies the digest the reader computes into the header): every
 * coordinate inside the supported range, vertex indices in range and distinct, neighbour links
 * -1 or faces of other tetrahedra, the boundary faces exactly the -1 links, in order. That two
 * linked faces agree, and the geometry of the faces, stand on the digest (docs/FILES.md). */
#define _GNU_SOURCE /* memfd_create, in mesh_inputs.h */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mesh_inputs.h"
#include "mesh/mesh.h"
#include "mesh/mesh_binary.h"

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
        }
    if (boundary != mesh->boundary_count)
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
    error_text err;
    if (mesh_read(path, &mesh, &err) != 0) {
        fuzz_check_refusal(&err, path);
        return 0;
    }
    check_sound(&mesh);
    mesh_free(&mesh);
    return 0;
}
