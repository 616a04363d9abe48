/* fuzz_pairs_binary: libFuzzer target for the binary pair reader on bytes in memory. The
 * fuzzer's bytes follow the binary magic, so that every run reaches the header and the records
 * (a magic is a comparison libFuzzer would find, but need not search for). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "binary_io.h"
#include "pairs_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *bytes = malloc(size + 8);
    if (!bytes)
        return 0;
    memcpy(bytes, BINARY_MAGIC, 8);
    if (size)
        memcpy(bytes + 8, data, size);
    input_stream in;
    error_text err;
    pair_set set;
    input_open_memory(&in, "fuzz.rtb", bytes, size + 8);
    if (pairs_read_input(&in, &set, &err) == 0) {
        if (size + 8 != 64 + set.count * sizeof(ray_tetra_pair))
            __builtin_trap(); /* a file is accepted only whole */
        pair_set_free(&set);
    } else if (strlen(err.text) == 0) {
        __builtin_trap();
    }
    input_close(&in);
    free(bytes);
    return 0;
}
