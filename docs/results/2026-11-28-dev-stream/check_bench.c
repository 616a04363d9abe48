/* check_bench: pair_fault_of over 10,000,000 binary pairs on one thread, three times: all of
 * them in order, and the first 16,384 (a chunk of a CPU run) again and again for as many pairs.
 *
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -ICommon -IRayTetra -Ikernels/shared \
 *      check_bench.c build/libraytetra_internal.a -lgmp -lm -lgomp -lpthread -o check_bench
 *   build/RandomRayTetra pairs.rtb -i 5000000 -n 5000000; ./check_bench pairs.rtb */
#include <stdio.h>
#include <stdlib.h>

#include "pair_check.h"
#include "timer.h"

int main(int argc, char **argv)
{
    enum { PAIRS = 10000000, CHUNK = 16384 };
    FILE *file = argc == 2 ? fopen(argv[1], "rb") : NULL;
    ray_tetra_pair *pairs = malloc((size_t)PAIRS * sizeof *pairs);
    if (!file || !pairs || fseek(file, 64, SEEK_SET) != 0 || fread(pairs, sizeof *pairs, PAIRS, file) != PAIRS) {
        fprintf(stderr, "usage: check_bench PAIRS.rtb (10,000,000 binary pairs)\n");
        return 2;
    }
    for (int round = 0; round < 3; ++round) {
        double start = timer_now_ms();
        size_t bad = 0;
        for (size_t i = 0; i < PAIRS; ++i)
            bad += pair_fault_of(&pairs[i], NULL) != PAIR_VALID;
        double all = timer_now_ms() - start;
        start = timer_now_ms();
        for (size_t r = 0; r < PAIRS / CHUNK; ++r)
            for (size_t i = 0; i < CHUNK; ++i)
                bad += pair_fault_of(&pairs[i], NULL) != PAIR_VALID;
        double chunk = timer_now_ms() - start;
        printf("all in order %.0f ms, one chunk again and again %.0f ms (%zu refused)\n", all, chunk, bad);
    }
    free(pairs);
    fclose(file);
    return 0;
}
