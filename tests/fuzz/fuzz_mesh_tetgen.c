/* fuzz_mesh_tetgen: libFuzzer target for the TetGen reader as TetWalk reads it: BASE.node,
 * BASE.ele and, when the input has a third part, BASE.neigh. The input's parts are separated by
 * NUL bytes (which no mesh file may hold, so no input the reader could accept is lost); they are
 * written to files of a scratch folder. The promises checked are fuzz_mesh_medit's. */
#define _GNU_SOURCE /* memfd_create, in mesh_inputs.h */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mesh_inputs.h"
#include "mesh/mesh.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The part of data[*at..size) up to the next NUL (or the end); *at moves past it. */
static size_t next_part(const uint8_t *data, size_t size, size_t *at, const uint8_t **part)
{
    *part = data + *at;
    const uint8_t *nul = memchr(*part, '\0', size - *at);
    size_t length = nul ? (size_t)(nul - *part) : size - *at;
    *at += nul ? length + 1 : length;
    return length;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char node[FUZZ_PATH_SIZE], ele[FUZZ_PATH_SIZE], neigh[FUZZ_PATH_SIZE];
    const uint8_t *part;
    size_t at = 0, length = next_part(data, size, &at, &part);
    fuzz_write_file("fuzz.node", part, length, node);
    length = next_part(data, size, &at, &part);
    fuzz_write_file("fuzz.ele", part, length, ele);
    if (at < size || (size > 0 && data[size - 1] == '\0')) {
        length = next_part(data, size, &at, &part);
        fuzz_write_file("fuzz.neigh", part, length, neigh);
    } else {
        fuzz_remove_file("fuzz.neigh");
    }
    node[strlen(node) - strlen(".node")] = '\0'; /* every message names one of BASE's files */
    fuzz_read_and_check_mesh(ele, node);
    return 0;
}
