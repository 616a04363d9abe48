/* fuzz_mesh_medit: libFuzzer target for the Medit .mesh reader and the checks that make a mesh
 * of what it read (mesh_read), on bytes written to a file of a scratch folder (the reader takes
 * a path, as TetWalk gives it). A refusal must say what is wrong and name the file; an accepted
 * mesh must keep its promises (indices in range, every coordinate inside the supported range,
 * neighbours that point back), and the rays TetWalk makes from it (the camera's and aimed ones)
 * must have finite coordinates and a finite, non-zero length. */
#define _GNU_SOURCE /* memfd_create, in mesh_inputs.h */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mesh_inputs.h"
#include "mesh/mesh.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[FUZZ_PATH_SIZE];
    fuzz_write_file("fuzz.mesh", data, size, path);
    fuzz_read_and_check_mesh(path, path);
    return 0;
}
