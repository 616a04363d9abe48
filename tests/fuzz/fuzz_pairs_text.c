/* fuzz_pairs_text: libFuzzer target for the text pair reader (with and without class labels)
 * on bytes in memory. Any input must give pairs or one error line, never a crash, a leak or
 * undefined behaviour (the build adds AddressSanitizer and UndefinedBehaviorSanitizer). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pairs_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input_stream in;
    error_text err;
    pair_set set;
    input_open_memory(&in, "fuzz", data, size);
    if (pairs_read_input(&in, &set, &err) == 0)
        pair_set_free(&set);
    else if (strlen(err.text) == 0)
        __builtin_trap(); /* a refusal must say what is wrong */
    input_close(&in);
    pair_classes classes;
    input_open_memory(&in, "fuzz", data, size);
    if (pairs_read_classes_input(&in, &set, &classes, &err) == 0) {
        if (classes.count != set.count)
            __builtin_trap();
        for (size_t i = 0; i < set.count; ++i)
            if (classes.of_pair[i] >= classes.name_count)
                __builtin_trap();
        pair_classes_free(&classes);
        pair_set_free(&set);
    }
    input_close(&in);
    return 0;
}
