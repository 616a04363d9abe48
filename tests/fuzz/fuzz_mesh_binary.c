/* fuzz_mesh_binary: libFuzzer target for the binary mesh reader (mesh_binary.h) as TetWalk reads
 * it (mesh_read, by the magic): the fuzzer's bytes follow the magic "RAYTMESH", so that every
 * run reaches the header's checks. The promises checked are fuzz_mesh_medit's: a refusal names
 * the file; an accepted mesh has its coordinates in range, its indices in range, neighbours that
 * point back, and makes sound rays. */
#define _GNU_SOURCE /* memfd_create, in mesh_inputs.h */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mesh_inputs.h"
#include "mesh/mesh.h"
#include "mesh/mesh_binary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    fuzz_check_mesh(&mesh);
    mesh_free(&mesh);
    return 0;
}
