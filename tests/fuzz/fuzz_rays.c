/* fuzz_rays: libFuzzer target for TetWalk's ray-file reader (--rays), on bytes written to a file
 * of a scratch folder. A refusal must say what is wrong and name the file; accepted rays must
 * have every coordinate inside the supported range, P != Q, and a finite, non-zero length
 * |Q - P| (the scale of every length TetWalk reports). */
#define _GNU_SOURCE /* memfd_create, in mesh_inputs.h */
#include <stddef.h>
#include <stdint.h>

#include "mesh_inputs.h"
#include "walk/walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[FUZZ_PATH_SIZE];
    fuzz_write_file("fuzz_rays.txt", data, size, path);
    walk_rays rays;
    error_text err;
    if (walk_rays_read(path, &rays, &err) != 0) {
        fuzz_check_refusal(&err, path);
        return 0;
    }
    fuzz_check_rays(&rays, 1);
    walk_rays_free(&rays);
    return 0;
}
